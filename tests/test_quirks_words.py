"""The words of the Quirks family's log lines and terminal texts: a card is named by its number
and its trait, as its face prints them ("A5 Cactus flower", the form Quirks Solitaire's log
always had), a player is "their", not "its", and Quirkling asks for a card by the part of a
creature it shows and the stack's name on it ("a flower (Plant A)"), the same words in the
log as on the web's buttons. A log line names only the cards its reader may see: a card given
in Quirkling, the giver and the taker (everyone once the game is over); the others read which
part was given, which everyone heard asked for."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import quarkade
from quarkade.core import State
from quarkade.games.quirks.components import COMPONENTS, STACK_PARTS, STACKS, part_words
from quarkade.games.quirks.text import render_text, result_text

CARDS = {card.number: card for card in COMPONENTS.cards}
CARD_WORD = re.compile(r"\b([ABC][0-9]{1,2})\b")
# "its" for a player: what the lines wrote before ("mutates its plant", "from its hand").
ITS_FOR_A_PLAYER = re.compile(r"\bits (hand|QUiRKS|plant|herbivore|carnivore|challenger)\b")


def played(game_id: str, players: int, seed: int, steps: int, held_back: str = "") -> Iterator[State]:
    """A seeded game of random legal moves, state by state (a verb ``held_back`` is chosen only
    when nothing else is legal: a solitaire count ends the game)."""
    state = quarkade.load(game_id, players=players).new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        rather = [a for a in legal if not held_back or str(a).split(" ", 1)[0] != held_back] or legal
        state.apply(seat, rng.choice(rather))
        yield state


def lines(state: State, seat: int | None) -> list[dict[str, Any]]:
    return list(state.view(seat).to_json()["log"])


def assert_cards_named(text: str) -> None:
    """Every card number in ``text`` is followed by the card's trait."""
    for found in CARD_WORD.finditer(text):
        trait = CARDS[found.group(1)].trait
        assert text[found.end():].startswith(f" {trait}"), (text, found.group(1), trait)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_quirks_log_names_cards_by_number_and_trait_and_players_as_their(seed: int) -> None:
    kinds: set[str] = set()
    named = 0
    *_, state = played("quirks", 3, seed, 400)
    for seat in (0, 1, 2, None):
        for line in lines(state, seat):
            text = line["text"]
            assert_cards_named(text)
            assert not ITS_FOR_A_PLAYER.search(text), text
            if CARD_WORD.search(text):
                kinds.add(line["event"])
                named += 1
    assert named and kinds & {"mutate-exchange", "mutate-draw", "challenge-lower", "reveal", "demote", "replace",
                              "surplus", "complete"}, kinds


def test_a_quirks_line_names_the_cards_of_a_lower_challenge_and_a_mutation_on_the_table() -> None:
    """The lines the review quoted ("Rita mutates its plant: A5 to the hand, A1 from it.",
    "Rita challenges the lower herbivore niche with A14, B19.") in their new words."""
    seen: dict[str, str] = {}
    for state in played("quirks", 3, 11, 300):
        last = lines(state, None)[-3:]
        for line in last:
            if line["event"] in ("mutate-exchange", "challenge-lower"):
                seen.setdefault(line["event"], line["text"])
        if len(seen) == 2:
            break
    challenge = re.fullmatch(r"Seat \d challenges the lower \w+ niche with ([ABC]\d+) (.+) and ([ABC]\d+) (.+)\.",
                             seen["challenge-lower"])
    assert challenge, seen["challenge-lower"]
    assert challenge.group(2) == CARDS[challenge.group(1)].trait
    assert challenge.group(4) == CARDS[challenge.group(3)].trait
    mutation = re.fullmatch(r"Seat \d mutates their \w+: ([ABC]\d+) (.+) to the hand, ([ABC]\d+) (.+) from it\.",
                            seen["mutate-exchange"])
    assert mutation, seen["mutate-exchange"]
    assert mutation.group(2) == CARDS[mutation.group(1)].trait
    assert mutation.group(4) == CARDS[mutation.group(3)].trait


def test_quirks_solitaire_log_keeps_its_number_and_trait_form() -> None:
    changed = []
    for state in played("quirks-solitaire", 1, 4, 60, held_back="count"):
        for line in lines(state, 0):
            assert_cards_named(line["text"])
            if line["event"] == "mutate-draw":
                changed.append(line["text"])
    assert changed and all(re.match(r"The \w+ QUiRKS: [ABC]\d+ \w", text) for text in changed), changed


def test_the_parts_asked_for_are_the_parts_the_cards_show() -> None:
    for stack, name in enumerate(STACKS):
        words = part_words(stack)
        assert words.split(" (")[0].endswith(STACK_PARTS[stack]), words
        assert words.endswith(f"({name.replace('-', ' ').title()})"), words
        for card in COMPONENTS.stack_cards(stack):
            assert card.part in words
    assert part_words(STACKS.index("herbivore-a")) != part_words(STACKS.index("carnivore-a"))


@pytest.mark.parametrize("seed", [0, 5])
def test_quirkling_asks_gives_and_answers_in_the_words_of_the_buttons(seed: int) -> None:
    """"asks seat 1 for a flower (Plant A)", "has no flower (Plant A)", and a card given: the
    giver and the taker read which ("gives seat 0 a flower (Plant A): A4 Cactus flower"), the
    other seats and a spectator only the part given, of the stack everyone heard asked for."""
    gives = 0
    for state in played("quirkling", 3, seed, 600):
        if not str(state.history[-1][1]).startswith("give "):
            continue
        gives += 1

        def last_give(seat: int | None, state: State = state) -> str:
            return str(next(line["text"] for line in reversed(lines(state, seat)) if line["event"] == "give"))

        spectator = lines(state, None)
        asked = next(line for line in reversed(spectator) if line["event"] == "ask")
        wanted = re.fullmatch(r"Seat \d asks seat \d for (an? .+ \([A-Z][a-z]+ [ABC]\))\.", asked["text"])
        assert wanted, asked["text"]
        public = last_give(None)
        giver, taker = (int(n) for n in re.findall(r"[Ss]eat (\d)", public))
        assert public == f"Seat {giver} gives seat {taker} {wanted.group(1)}.", public
        for seat in range(3):
            text = last_give(seat)
            if seat in (giver, taker):
                found = re.fullmatch(rf"{re.escape(public[:-1])}: ([ABC]\d+) (.+)\.", text)
                assert found and found.group(2) == CARDS[found.group(1)].trait, text
                assert part_words(CARDS[found.group(1)].stack) in wanted.group(1)
            else:
                assert text == public, (seat, text)
        for line in spectator:
            assert not re.search(r"[A-Z]+-[ABC]", line["text"]), line["text"]
            assert_cards_named(line["text"])
    assert gives


def test_quirkling_terminal_prompts_ask_for_a_part() -> None:
    for state in played("quirkling", 3, 2, 400):
        view = state.view(state.to_act[0]).to_json() if state.to_act else None
        if view and view["stage"] == "give":
            text = render_text(view)
            stack = STACKS.index(view["asked"]["stack"])
            assert f"asked for a {part_words(stack)}" in text or f"asked for an {part_words(stack)}" in text, text
            return
    raise AssertionError("no one was asked for a card")


def test_quirks_result_says_their_for_the_winner() -> None:
    view = {"game": "quirks", "winners": [1], "log": [{"event": "over", "why": "held the three upper niches"}]}
    assert "their QUiRKS hold the three upper niches" in result_text(view)
    view["log"] = [{"event": "over", "why": "turn limit reached"}]
    assert "they hold the most niches" in result_text(view) and " it " not in result_text(view)
