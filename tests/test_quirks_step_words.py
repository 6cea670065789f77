"""What the terminal's drawing of Quirks asks at the steps of an action, from seeded games' views
only: the action names where placed cards go (the seat challenged for a lower niche, or the
empty niche taken) and how many cards, or the QUiRKS to mutate; the climate step names the
action that follows it; a destiny marker of one's own upper niche says that the climate marker
moves before the mutation."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator
from typing import Any

import quarkade
from quarkade.core import State
from quarkade.games.quirks.board import CARDS
from quarkade.games.quirks.components import STACKS
from quarkade.games.quirks.legality import missing_stack
from quarkade.games.quirks.text import render_text

View = dict[str, Any]


def step_words(view: View) -> str:
    """The sentence that says whose turn it is and what the rules ask, unwrapped."""
    text = " ".join(render_text(view).split())
    found = re.search(r"(?:You|Seat \d+): [^.]*\.", text)
    assert found is not None, text
    return found.group(0)


def decisions(games: int = 8) -> Iterator[tuple[State, int, list[str]]]:
    """Each decision of seeded games of random legal moves (two to four players, the advanced
    game and the random mutation too): the state, the seat to act and its legal actions."""
    for players, options in ((3, {}), (2, {"advanced": True}), (4, {"random_mutation": True})):
        game = quarkade.load("quirks", players=players, **options)
        for seed in range(games):
            state, rng = game.new_game(seed), random.Random(seed)
            for _ in range(250):
                if state.is_over:
                    break
                seat = state.to_act[0]
                legal = [str(action) for action in state.legal_actions(seat)]
                yield state, seat, legal
                state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_an_action_names_the_seat_challenged_and_how_many_cards_to_place() -> None:
    placements = challenges = mutations = 0
    for state, seat, legal in decisions():
        view = state.view(seat).to_json()
        if view["stage"] != "action":
            continue
        words = step_words(view)
        niche = view["niche"].upper()
        entry = next(n for n in view["niches"] if n["niche"] == view["niche"])
        sizes = sorted({len(action.split()) - 1 for action in legal if action.startswith("place ")})
        if sizes:
            placements += 1
            said = [int(n) for n in re.findall(r"(?:place |, or )(\d) ", words)]
            assert said == sizes, (words, legal)
            lower = entry["lower"]
            if lower:
                challenges += 1
                assert f"place 2 cards to challenge Seat {lower['owner']} for the lower {niche} niche" in words
                # the seat challenged reads its own name as "you"
                other = step_words(state.view(lower["owner"]).to_json())
                assert f"to challenge you for the lower {niche} niche" in other, other
            else:
                assert f"place 2 cards to take the empty lower {niche} niche" in words, words
            if 3 in sizes:
                assert words.endswith(f"or 3 to take the empty upper {niche} niche."), words
        elif any(action.startswith("mutate") for action in legal):
            mutations += 1
            level = "upper" if entry["upper"] and entry["upper"]["owner"] == seat else "lower"
            assert f"mutate your {level} {niche} QUiRKS (your turn then ends)" in words, words
            assert ("compete" in legal) == ("compete" in words), (words, legal)
            if "compete" in legal and entry["upper"]:
                assert f"compete with Seat {entry['upper']['owner']} for the upper {niche} niche" in words
        else:
            assert legal == ["end"]
            assert f"nothing can be done in the {niche} niche, so your turn ends" in words, words
    assert placements > 50 and challenges > 20 and mutations > 50


def test_the_climate_step_names_the_action_that_follows() -> None:
    """What the climate step says comes next is what the action asks once the marker moved (a
    random mutation between them changes no niche)."""
    told: dict[int, str] = {}
    compared = 0
    for state, seat, _legal in decisions(4):
        view = state.view(seat).to_json()
        if view["stage"] == "climate":
            words = step_words(view)
            assert words.startswith("You: move the climate marker one or two spaces; next: "), words
            told[seat] = words.split("; next: ", 1)[1]
        elif view["stage"] == "action" and seat in told:
            assert step_words(view).split(": ", 1)[1] == told.pop(seat), view["niche"]
            compared += 1
    assert compared > 100


def test_the_climate_step_offers_no_competition_where_no_third_card_can_be_found() -> None:
    """A lower QUiRKS competes for the upper niche only with its third card, from the missing stack
    (its discards shuffled in) or the hand: with neither, the climate step names the mutation alone,
    to the player and to the others, as the action then offers it alone."""
    found = 0
    for state, seat, legal in decisions(4):
        view = state.view(seat).to_json()
        if view["stage"] != "climate" or "compete" not in step_words(view):
            continue
        missing = missing_stack(state, state.niche)
        name = STACKS[missing]
        for pile, held, offered in ((0, 0, False), (0, 1, True), (1, 0, True)):
            for viewer in range(state.game.players):  # what the stack and the hand hold is public
                told = copy.deepcopy(state.view(viewer).to_json())  # a view's parts are shared: never changed
                told["stacks"][name] = {"cards": pile, "discards": []}
                told["players"][seat]["hand_stacks"][name] = held
                words = step_words(told)
                assert ("compete" in words) == offered and "mutate" in words, (viewer, words)
        # the rules agree: the missing stack gone from the stack and the hand, no competition
        bare = copy.deepcopy(state)
        bare.stacks[missing].cards.clear()
        bare.stacks[missing].discards.clear()
        bare.hands[seat] = [card for card in bare.hands[seat] if CARDS[card].stack != missing]
        bare.apply(seat, bare.game.parse_action(bare, seat, next(a for a in legal if a.startswith("climate"))))
        while bare.to_act and bare.view(bare.to_act[0])["stage"] != "action":  # a random mutation first
            bare.apply(bare.to_act[0], bare.legal_actions(bare.to_act[0])[0])
        assert list(bare.to_act) == [seat] and "compete" not in [str(a) for a in bare.legal_actions(seat)]
        found += 1
    assert found > 10


def test_a_destiny_marker_of_ones_upper_niche_says_the_climate_moves_before_the_mutation() -> None:
    seen = 0
    for state, seat, legal in decisions(4):
        view = state.view(seat).to_json()
        if view["stage"] != "upper-owned":
            continue
        assert sorted(legal) == ["mutate", "redraw"]
        niche = view["niche"].upper()
        words = step_words(view)
        assert f"the destiny marker names your upper {niche} niche: mutate your QUiRKS there (next: move the " \
               "climate marker, then mutate it; your turn then ends)" in words, words
        # and once chosen, the climate step names the mutation still to come
        after = state.clone()
        after.apply(seat, state.game.parse_action(after, seat, "mutate"))
        assert step_words(after.view(seat).to_json()).endswith(
            f"next: mutate your upper {niche} QUiRKS (your turn then ends).")
        seen += 1
    assert seen > 5
