"""Invariants of Quirky Quarks, checked after every step of games driven by hypothesis.

Hypothesis draws a seed and a list of choices; each step takes a seat from ``to_act`` and
one of its legal actions by the next choice (-1: the last one listed, the highest bid or
'pass', 'ready', 'done'). When the choices run out a drawn style of play goes on to the
end: uniform, stingy (keep every card and eV it can) or eager (often the last action).
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import quarkade
from quarkade.core import Action, Chance
from quarkade.games.quirky_quarks.components import COMPONENTS
from quarkade.games.quirky_quarks.rules import KINDS, NEUTRINO, ROUNDS, Phase, QuirkyQuarksState

MAX_STEPS = 5_000
SETTINGS = settings(max_examples=40, deadline=None)

players = st.sampled_from((2, 3, 4))
seeds = st.integers(min_value=0, max_value=2**32 - 1)
choices = st.lists(st.integers(min_value=-1, max_value=2**16), max_size=300)
styles = st.sampled_from(("uniform", "stingy", "eager"))
HOLD_BACK = ("pass", "ready", "done")


def card_census(state: QuirkyQuarksState) -> Counter[int]:
    """Every card of the game, wherever it is."""
    census: Counter[int] = Counter()
    for deck in state.decks:
        census.update(deck.cards)
        census.update(deck.discards)
    for zone in (state.hands, state.table):
        for index, count in enumerate(zone):
            census[index % KINDS] += count
    for cards in state.accel_cards:
        census.update(cards)
    census.update(state.zone)
    if state.sealed is not None:
        for chosen in state.sealed.choices.values():
            census.update(chosen)
    census[NEUTRINO] += sum(state.neutrinos)  # revealed, waiting to be resolved
    if state.neutrino_seat >= 0:
        census[NEUTRINO] += 1  # revealed, being resolved, not yet discarded
    return census


EXPECTED = Counter({card.kind: card.count for card in COMPONENTS.cards})


def check_invariants(state: QuirkyQuarksState) -> None:
    n = state.players
    census = card_census(state)
    assert census == EXPECTED, f"cards not conserved: {census - EXPECTED} too many, {EXPECTED - census} missing"
    assert all(count >= 0 for count in state.hands), "a negative count in a hand"
    assert all(count >= 0 for count in state.table), "a negative count on a table"
    assert all(ev >= 0 for ev in state.ev), f"negative eV: {state.ev}"
    assert 1 <= state.round <= ROUNDS
    for seat in range(n):
        legal = state.legal_actions(seat)
        if seat in state.to_act:
            assert legal, f"seat {seat} is to act with no legal action"
        else:
            assert legal == [], f"seat {seat} is not to act but has legal actions"
    assert state.is_over or state.to_act
    if state.phase is Phase.RESEARCH:
        placed = [p for p in state.placed if p >= 0]
        assert len(placed) == len(set(placed)), f"researchers share an accelerator: {state.placed}"
        for seat, position in enumerate(state.placed):
            if position >= 0:
                assert state.holders[position] == seat
    spectator = state.view(None).to_json()
    for seat, entry in enumerate(spectator["players"]):
        ejecting = len(state.sealed.choices.get(seat, ())) if state.sealed is not None else 0
        assert entry["hand_size"] == state.hand_size(seat) + ejecting
        assert entry["ev"] == state.ev[seat]
    if state.sealed is not None:
        for seat, chosen in state.sealed.choices.items():
            assert len(chosen) <= state.maximums[seat]


class Chooser:
    """The hypothesis choices, then a style of play seeded from the drawn seed."""

    def __init__(self, picks: list[int], seed: int, style: str = "uniform") -> None:
        self.picks, self.style, self.step = picks, style, 0
        self.chance = Chance(seed ^ 0xBADC0DE)

    def next(self, state: QuirkyQuarksState) -> tuple[int, Action]:
        step, self.step = self.step, self.step + 1
        if step < len(self.picks):
            pick = self.picks[step]
            if pick < 0:
                seat = state.to_act[-1]
                return seat, state.legal_actions(seat)[-1]
            seat = state.to_act[pick % len(state.to_act)]
            legal = state.legal_actions(seat)
            return seat, legal[(pick // len(state.to_act)) % len(legal)]
        seat = state.to_act[self.chance.below(len(state.to_act))]
        legal = state.legal_actions(seat)
        if self.style == "stingy":
            return seat, next((a for a in legal if str(a) in HOLD_BACK), legal[0])
        if self.style == "eager" and self.chance.below(2):
            return seat, legal[-1]
        return seat, legal[self.chance.below(len(legal))]


def play(state: QuirkyQuarksState, chooser: Chooser, steps: int = MAX_STEPS) -> None:
    """Play on for ``steps`` or to the end, checking the invariants after every step."""
    check_invariants(state)
    progress = (state.round, state.phase)
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(*chooser.next(state))
        check_invariants(state)
        assert (state.round, state.phase) >= progress, "the game went back to an earlier phase"
        progress = (state.round, state.phase)
    assert state.is_over or steps < MAX_STEPS, (
        f"no end within {MAX_STEPS} steps (round {state.round}, phase {state.phase.name})")


@SETTINGS
@given(players=players, seed=seeds, picks=choices, style=styles)
def test_invariants_hold_after_every_step(players: int, seed: int, picks: list[int], style: str) -> None:
    state = quarkade.load("quirky-quarks", players=players).new_game(seed)
    assert isinstance(state, QuirkyQuarksState)
    play(state, Chooser(picks, seed, style))
    assert state.is_over and state.round == ROUNDS and state.to_act == ()
    scores = state.scores
    assert len(state.winners) == 1 and scores[state.winners[0]] == max(scores)


@SETTINGS
@given(players=players, seed=seeds, picks=choices, stop=st.integers(min_value=0, max_value=400),
       viewer=st.integers(min_value=0, max_value=3), sample_seed=seeds)
def test_sampled_states_keep_the_invariants(players: int, seed: int, picks: list[int], stop: int,
                                           viewer: int, sample_seed: int) -> None:
    game = quarkade.load("quirky-quarks", players=players)
    state = game.new_game(seed)
    assert isinstance(state, QuirkyQuarksState)
    play(state, Chooser(picks, seed), steps=stop)
    sampled = game.sample_state(state.view(viewer % players), Chance(sample_seed))
    assert isinstance(sampled, QuirkyQuarksState)
    play(sampled, Chooser([], sample_seed))


def redeal_hidden(state: QuirkyQuarksState, seat: int, chance: Chance) -> QuirkyQuarksState:
    """A clone in which only what ``seat`` cannot see differs: every draw pile reshuffled,
    and a card of each other hand and sealed ejection swapped with a card of its draw pile."""
    other = state.clone()
    for deck in other.decks:
        chance.shuffle(deck.cards)
    for owner in range(state.players):
        if owner == seat:
            continue
        held = [kind for kind in range(KINDS) if other.hands[owner * KINDS + kind]]
        if held:
            kind = held[chance.below(len(held))]
            pile = other.decks[COMPONENTS.cards[kind].deck].cards
            if pile:
                index = chance.below(len(pile))
                other.hands[owner * KINDS + kind] -= 1
                other.hands[owner * KINDS + pile[index]] += 1
                pile[index] = kind
        chosen = other.sealed.choices.get(owner, []) if other.sealed is not None else []
        if chosen:
            where = chance.below(len(chosen))
            pile = other.decks[COMPONENTS.cards[chosen[where]].deck].cards
            if pile:
                index = chance.below(len(pile))
                chosen[where], pile[index] = pile[index], chosen[where]
    return other


@settings(max_examples=25, deadline=None)
@given(players=players, seed=seeds, picks=choices, redeal_seed=seeds)
def test_views_ignore_what_they_hide(players: int, seed: int, picks: list[int], redeal_seed: int) -> None:
    """Checked without sampling.py: redealing what a seat cannot see leaves its view, the
    log included, its legal actions, and who the flow asks to act exactly as they were."""
    state = quarkade.load("quirky-quarks", players=players).new_game(seed)
    assert isinstance(state, QuirkyQuarksState)
    chooser, chance = Chooser(picks, seed), Chance(redeal_seed)
    redealt_somewhere = False
    while not state.is_over:
        for seat in range(players):
            other = redeal_hidden(state, seat, chance)
            # The flow decides again who acts: it must not depend on what was redealt.
            other._advance()
            assert other.to_act == state.to_act, f"to_act depends on what seat {seat} cannot see"
            check_invariants(other)
            assert other.view(seat) == state.view(seat), f"seat {seat} sees hidden information"
            assert other.legal_actions(seat) == state.legal_actions(seat)
            assert other.view(None) == state.view(None), "a spectator sees hidden information"
            redealt_somewhere |= other.hands != state.hands
        state.apply(*chooser.next(state))
    assert redealt_somewhere


WORDS = st.sampled_from(["bid", "raise", "discover", "complete", "with", "discount", "for", "3", "lhc", "up",
                         "proton", "gluon", ",", "draw", "particle", "eject", "discard", "ready", "pass", "done"])
UNICODE_NUMBERS = st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=3)


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.one_of(WORDS, UNICODE_NUMBERS, st.integers().map(str), st.text(max_size=6)), max_size=7))
def test_notation_refuses_with_invalid_notation_only(words: list[str]) -> None:
    """Any text parses to an action whose notation parses back to it, or is refused with
    InvalidNotation: never another error (a ValueError once dropped a player's connection)."""
    game = quarkade.load("quirky-quarks", players=2)
    state = game.new_game(0)
    try:
        action = game.parse_action(state, 0, " ".join(words))
    except quarkade.InvalidNotation as refused:
        assert str(refused).strip()
        return
    assert game.parse_action(state, 0, str(action)) == action
    assert str(action).isascii()
