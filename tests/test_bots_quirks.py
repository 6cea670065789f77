"""Bots for Quirks, its solitaire game and Quirkling: they play legally, see views only, never
read an adaptation value, and the heuristic ones play better than chance."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest

import quarkade
from conftest import configuration_id, configurations, source_file
from quarkade.agents import Bot, make_bot
from quarkade.core import Action, Chance, Game, State, View
from quarkade.games.quirks import bot as quirks_bots
from quarkade.games.quirks.components import COMPONENTS, PRINTED, is_printed
from quarkade.tools.match import make_bots, play_match

GAMES = ("quirks", "quirks-solitaire", "quirkling")
CONFIGURATIONS = [c for c in configurations() if c[0] in GAMES]
CARDS = COMPONENTS.cards


class Checked(Bot):
    """A bot whose every choice must be one of the legal actions it was given."""

    def __init__(self, inner: Bot) -> None:
        super().__init__(inner.game)
        self.inner = inner
        self.choices = 0

    def choose(self, view: View, legal: list[Action]) -> Action:
        action = self.inner.choose(view, legal)
        assert action in legal, f"{action} is not among {[str(a) for a in legal]}"
        self.choices += 1
        return action


def seatings(game: Game) -> list[list[str]]:
    players = game.players
    if game.id == "quirks-solitaire":
        return [["heuristic"], ["solitaire"]]
    return [["heuristic"] * players, ["heuristic"] + ["random"] * (players - 1)]


@pytest.mark.parametrize("configuration", CONFIGURATIONS, ids=[configuration_id(c) for c in CONFIGURATIONS])
def test_bots_play_whole_games_legally(configuration: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = configuration
    game = quarkade.load(game_id, players=players, **options)
    for seed, kinds in enumerate(seatings(game)):
        bots = [Checked(bot) for bot in make_bots(game, kinds, seed)]
        state = play_match(game, bots, seed)
        assert state.is_over
        assert bots[0].choices > 0


def test_quirks_heuristic_beats_random() -> None:
    # Measured: seat 0 wins 28 of these 30 games (a random bot in its seat would win about 10).
    game = quarkade.load("quirks", players=3)
    wins = sum(play_match(game, make_bots(game, ["heuristic", "random", "random"], seed), seed).winners == (0,)
               for seed in range(30))
    assert wins >= 24


@pytest.mark.parametrize("players", [2, 4])
def test_quirks_heuristic_beats_random_at_other_tables(players: int) -> None:
    game = quarkade.load("quirks", players=players)
    seats = ["heuristic"] + ["random"] * (players - 1)
    wins = sum(0 in play_match(game, make_bots(game, seats, seed), seed).winners for seed in range(15))
    assert wins >= 12  # measured: 15 of 15 with two players, 14 of 15 with four


def test_quirks_heuristic_bots_play_even_games() -> None:
    game = quarkade.load("quirks", players=3)
    wins = [0, 0, 0]
    for seed in range(30):
        for seat in play_match(game, make_bots(game, ["heuristic"] * 3, seed), seed).winners:
            wins[seat] += 1
    assert all(3 <= w <= 20 for w in wins), wins  # measured: 12, 9, 9


def test_quirkling_heuristic_beats_random() -> None:
    # Measured: seat 0 wins 28 of these 30 games.
    game = quarkade.load("quirkling", players=3)
    wins = sum(0 in play_match(game, make_bots(game, ["heuristic", "random", "random"], seed), seed).winners
               for seed in range(30))
    assert wins >= 22


def test_solitaire_bot_wins_more_often_than_random() -> None:
    # Measured over these 100 games: the heuristic wins 45, the random bot 0.
    game = quarkade.load("quirks-solitaire")
    wins = {kind: sum(play_match(game, make_bots(game, [kind], seed), seed).won for seed in range(100))
            for kind in ("solitaire", "random")}
    assert wins["solitaire"] >= 30
    assert wins["random"] <= 5


def test_the_bots_never_read_an_adaptation_value() -> None:
    """Adaptation values are on the hidden table: the bots never touch them, and read the cards'
    printed codes only to count a stack's coded cards (what sorting the stacks shows)."""
    source = "\n".join(source_file(module).read_text() for module in (
        quirks_bots, quirks_bots.seen, quirks_bots.evolution, quirks_bots.solitaire, quirks_bots.quirkling))
    assert ".values" not in source
    assert "evaluation" not in source
    assert source.count("code_text(") == 1
    assert "def _printed_faces" in source


def test_bot_kinds_are_registered() -> None:
    for game_id, kinds in (("quirks", {"heuristic", "random"}), ("quirks-solitaire", {"heuristic", "solitaire"}),
                           ("quirkling", {"heuristic", "random"})):
        assert kinds <= set(quarkade.agents.bot_kinds(game_id))


# ----------------------------------------------------------------------------- only the view counts


def _hide_differently(state: Any, seat: int, rng: random.Random) -> bool:
    """Change what ``seat`` cannot see in ``state``: a card of another player's hand swapped with
    a face-down card of its stack (solitaire: two face-down cards of a stack swapped)."""
    game_id = state.game.id
    if game_id == "quirks-solitaire":
        decks = [deck for deck in state.stacks if len(deck.cards) >= 2]
        if not decks:
            return False
        cards = rng.choice(decks).cards
        cards[0], cards[-1] = cards[-1], cards[0]
        return True
    others = [s for s in range(len(state.hands)) if s != seat and state.hands[s]]
    if not others:
        return False
    hand = state.hands[rng.choice(others)]
    at = rng.randrange(len(hand))
    if game_id == "quirkling":
        pile = state.stack
        if not pile:
            return False
        hand[at], pile[0] = pile[0], hand[at]
        return True
    pile = state.stacks[CARDS[hand[at]].stack].cards
    if not pile:
        return False
    hand[at], pile[0] = pile[0], hand[at]
    return True


@pytest.mark.parametrize("game_id,players", [("quirks", 3), ("quirks", 2), ("quirks-solitaire", 1),
                                             ("quirkling", 4)])
def test_a_choice_depends_on_the_view_only(game_id: str, players: int) -> None:
    """The same view gives the same choice (a deep copy of it, or the view of another state that
    differs only in what the seat cannot see)."""
    game = quarkade.load(game_id, players=players)
    rng = random.Random(7)
    checked = differing = 0
    for seed in range(4):
        bots = make_bots(game, ["heuristic"] * players, seed)
        state: State = game.new_game(seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            if len(legal) > 1 and rng.random() < 0.3:
                a = make_bot("heuristic", game, seed=11).choose(view, legal)
                b = make_bot("heuristic", game, seed=11).choose(copy.deepcopy(view), legal)
                assert a == b
                other: Any = quarkade.replay(state.record())
                if _hide_differently(other, seat, rng):
                    differing += 1
                    assert other.view(seat).to_json() == view.to_json()
                    assert other.legal_actions(seat) == legal
                    c = make_bot("heuristic", game, seed=11).choose(other.view(seat), other.legal_actions(seat))
                    assert c == a, f"chose {a} in one state and {c} in the other"
                checked += 1
            state.apply(seat, bots[seat].choose(view, legal))
    assert checked >= 20 and differing >= checked // 2


# ----------------------------------------------------------------------------- samplers know what players know
def midgame(game_id: str, steps: int, seed: int = 3) -> tuple[Game, State]:
    game = quarkade.load(game_id, players=1 if game_id == "quirks-solitaire" else 3)
    state = game.new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[rng.randrange(len(state.to_act))]
        legal = [a for a in state.legal_actions(seat) if not str(a).startswith("count")] or state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert not state.is_over
    return game, state


@pytest.mark.parametrize("game_id", GAMES)
def test_sampled_adaptation_values_fit_the_codes_the_seat_reads(game_id: str) -> None:
    """"When a climate code is shown on a card, the card has an adaptation value of 3 or more in
    that climate ... When a climate code is not shown, the card has an adaptation value of 3 or
    less" (ruling 3: a 3 prints on odd-numbered cards only): a sampled state's values agree with
    every code the seat reads, and the codes of cards it cannot read are drawn, not copied."""
    from quarkade.games.quirks.sampling import readable_codes

    game, state = midgame(game_id, 40)
    view = state.view(0)
    read = readable_codes(view.data)
    assert read, "the seat reads some codes"
    redrawn = False
    for k in range(4):
        table = game.sample_state(view, Chance(k)).table  # type: ignore[attr-defined]
        for c in CARDS:
            values = table.values[c.index]
            assert all(0 <= v <= 5 for v in values)
            assert table.codes[c.index] == tuple(is_printed(c.number, v) for v in values)
            if c.number in read:
                assert table.code_text(c.index) == read[c.number], c.number
        redrawn |= any(table.codes[c.index] != c.codes for c in CARDS if c.number not in read)
        assert table.values != PRINTED.values, "the sampled table is the secret one"
    assert redrawn, "the codes of cards the seat cannot read are always the true ones"


@pytest.mark.parametrize("game_id", GAMES)
def test_samplers_never_read_the_secret_table(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A sampler draws what a seat does not know from what it does: with every card's true
    values and codes replaced, the samples drawn from the same view are the same."""
    from quarkade.games.quirks import sampling

    game, state = midgame(game_id, 30)
    view = state.view(0)
    before = [game.sample_state(view, Chance(k)) for k in range(3)]
    scrambled = tuple(dataclasses.replace(c, values=(9,) * 5, codes=(True,) * 5) for c in CARDS)
    monkeypatch.setattr(sampling, "CARDS", scrambled)
    after = [game.sample_state(view, Chance(k)) for k in range(3)]
    for one, other in zip(before, after, strict=True):
        assert one.table == other.table  # type: ignore[attr-defined]
        assert one.view(0) == other.view(0) and one.view(None) == other.view(None)


def test_sampled_adaptation_values_agree_with_the_counts_seen() -> None:
    """A count shows both QUiRKS face up and their totals ("the real value of the two QUiRKS is
    then calculated"): a sampled table gives those cards the same sum of values there."""
    game, state = midgame("quirks", 0)
    rng = random.Random(5)
    while len(state.reveals) < 3 and not state.is_over:  # type: ignore[attr-defined]
        seat = state.to_act[rng.randrange(len(state.to_act))]
        legal = state.legal_actions(seat)
        bold = [a for a in legal if str(a).split()[0] in ("accept", "fight", "face-up", "hold", "compete")]
        state.apply(seat, (bold or legal)[rng.randrange(len(bold or legal))])
    reveals = state.view(1).to_json()["reveals"]
    assert reveals, "a count was seen"
    for k in range(3):
        table = game.sample_state(state.view(1), Chance(k)).table  # type: ignore[attr-defined]
        for reveal in reveals:
            climate = COMPONENTS.climates.index(reveal["climate"])
            for seat, numbers in reveal["quirks"].items():
                if seat not in reveal["rolled"]:
                    cards = [COMPONENTS.by_number(n).index for n in numbers]
                    assert sum(table.values[c][climate] for c in cards) == reveal["totals"][seat]["cards"]
