"""Invariants of Quirks, Quirks solitaire and Quirkling, checked after every step of games
driven by hypothesis.

Hypothesis draws the player count, the options, a seed and a list of choices; each step takes
a seat from ``to_act`` and one of its legal actions by the next choice. When the choices run
out a drawn style of play goes on to the end: uniform, or bold (it accepts, fights, holds,
competes and challenges whenever it can, so that counts, extinctions and eliminations happen).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import quarkade
from quarkade import InvalidNotation
from quarkade.core import Action, Chance, State
from quarkade.games.quirks.actions import parse
from quarkade.games.quirks.board import NICHE_STACKS as QUIRKLING_KINDS
from quarkade.games.quirks.components import COMPONENTS, NICHES
from quarkade.games.quirks.quirkling import HAND as QUIRKLING_HAND
from quarkade.games.quirks.quirkling import QuirklingState
from quarkade.games.quirks.rules import EXTINCTIONS_TO_LOSE, HAND_TARGET, LOWER, NICHE_STACKS, UPPER, QuirksState, Stage
from quarkade.games.quirks.solitaire import SolitaireState

CARDS = COMPONENTS.cards
EVERY_CARD = Counter(range(len(CARDS)))
MAX_STEPS = 3_000
SETTINGS = settings(max_examples=40, deadline=None)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
choices = st.lists(st.integers(min_value=-1, max_value=2**16), max_size=200)
styles = st.sampled_from(("uniform", "bold"))
quirks_options = st.sampled_from(({}, {"random_mutation": True}, {"intelligent_race": True}, {"advanced": True},
                                  {"random_mutation": True, "intelligent_race": True}))
BOLD = {"accept", "fight", "face-up", "hold", "compete", "challenge", "continue", "roll", "count"}


class Chooser:
    """The hypothesis choices, then a style of play seeded from the drawn seed."""

    def __init__(self, picks: list[int], seed: int, style: str) -> None:
        self.picks, self.style, self.step = picks, style, 0
        self.chance = Chance(seed ^ 0x5EED)

    def next(self, state: State) -> tuple[int, Action]:
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
        if self.style == "bold" and self.chance.below(4):
            bold = [a for a in legal if str(a).split()[0] in BOLD or str(a).startswith("place")]
            if bold:
                return seat, bold[self.chance.below(len(bold))]
        return seat, legal[self.chance.below(len(legal))]


def check_to_act(state: State, players: int) -> None:
    assert state.is_over or state.to_act, "no one is to act in a game that is not over"
    if state.is_over:
        assert state.to_act == ()
    for seat in range(players):
        legal = state.legal_actions(seat)
        if seat in state.to_act:
            assert legal, f"seat {seat} is to act with no legal action"
        else:
            assert legal == [], f"seat {seat} is not to act but has legal actions"


# ----------------------------------------------------------------------------- Quirks
def quirks_census(state: QuirksState) -> Counter[int]:
    """Every card of the game, wherever it is: stacks and discard piles, hands, niches, extinct
    branches, and the cards of a competition not yet in a niche (the two cards placed against
    a lower QUiRKS, the challenger's third card, the card the challenger drew and has not yet
    used, the card the defender set aside in a secret mutation)."""
    census: Counter[int] = Counter()
    for deck in state.stacks:
        census.update(deck.cards)
        census.update(deck.discards)
    for hand in state.hands:
        census.update(hand)
    for slot in state.slots:
        census.update(slot)
    for branches in state.extinct:
        for branch in branches:
            census.update(branch)
    contest = state.contest
    if contest is not None:
        placed = {c for slot in state.slots for c in slot}
        census.update(c for c in contest.attacker_cards if c not in placed)
        if state.stage is Stage.UPPER_COMPLETE and contest.drawn >= 0:
            census[contest.drawn] += 1
    return census


def complete_or_short(state: QuirksState, seat: int) -> bool:
    """The hand is a complete plant, herbivore and carnivore, but for stacks with no card left."""
    counts = Counter(CARDS[c].stack for c in state.hands[seat])
    return all(counts[stack] == target or (counts[stack] < target and not state.stacks[stack].available())
               for stack, target in enumerate(HAND_TARGET))


def check_quirks(state: QuirksState) -> None:
    n = state.players
    check_to_act(state, n)
    for seat in state.to_act:
        assert not state.eliminated[seat], f"eliminated seat {seat} is to act"
    for niche in range(3):
        upper, lower = state.owners[niche * 2 + UPPER], state.owners[niche * 2 + LOWER]
        assert upper < 0 or upper != lower, f"seat {upper} holds both {NICHES[niche]} niches"
        for level, size in ((UPPER, 3), (LOWER, 2)):
            cards = state.slots[niche * 2 + level]
            owner = state.owners[niche * 2 + level]
            assert (owner < 0) == (cards == ()), "a niche has cards exactly when it has an owner"
            if cards:
                assert len(cards) == size
                assert sorted(CARDS[c].row for c in cards) == sorted(set(CARDS[c].row for c in cards)), (
                    "a QUiRKS has one card of each position")
                assert all(CARDS[c].stack == NICHE_STACKS[niche]["ABC".index(CARDS[c].row)] for c in cards), (
                    f"a card of another niche in the {NICHES[niche]} niche")
    for seat in range(n):
        extinctions = len(state.extinct[seat])
        assert extinctions <= EXTINCTIONS_TO_LOSE
        if extinctions >= EXTINCTIONS_TO_LOSE or state.eliminated[seat]:
            assert state.eliminated[seat], f"seat {seat} has three extinctions and is still in"
            assert state.hands[seat] == [], f"eliminated seat {seat} still holds cards"
            assert seat not in state.owners, f"eliminated seat {seat} still holds a niche"
            assert all(branch == () for branch in state.extinct[seat]), "an eliminated player's branches stay"
    if state.is_over:
        assert state.winners and all(not state.eliminated[seat] for seat in state.winners)
    if state.eliminated.count(False) == 1:
        assert state.is_over, "a player left alone wins (RULINGS 26)"
    census = quirks_census(state)
    assert census == EVERY_CARD, (
        f"cards not conserved: {sorted(census - EVERY_CARD)} too many, {sorted(EVERY_CARD - census)} missing")


@SETTINGS
@given(players=st.sampled_from((2, 3, 4)), options=quirks_options, seed=seeds, picks=choices, style=styles)
def test_quirks_invariants_hold_after_every_step(players: int, options: dict[str, Any], seed: int,
                                                 picks: list[int], style: str) -> None:
    state = quarkade.load("quirks", players=players, turn_limit=150, **options).new_game(seed)
    assert isinstance(state, QuirksState)
    chooser = Chooser(picks, seed, style)
    check_quirks(state)
    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        turns, current = state.turns, state.current
        state.apply(*chooser.next(state))
        check_quirks(state)
        if state.turns != turns and not state.eliminated[current]:
            assert complete_or_short(state, current), "the hand is not refilled at the end of the turn"
    assert state.is_over, f"no end within {MAX_STEPS} steps"


# ----------------------------------------------------------------------------- Quirks solitaire
def solitaire_census(state: SolitaireState) -> Counter[int]:
    census: Counter[int] = Counter()
    for deck in state.stacks:
        census.update(deck.cards)
        census.update(deck.discards)
    census.update(state.hand)
    for quirks in (*state.quirks, *state.extinct):
        census.update(c for c in quirks if c >= 0)
    return census


def check_solitaire(state: SolitaireState) -> None:
    check_to_act(state, 1)
    assert 0 <= state.extinctions == len(state.extinct) <= 3
    assert state.is_over or state.extinctions < 3, "three extinctions lose the game"
    for niche, quirks in enumerate(state.quirks):
        assert all(0 <= c < len(CARDS) for c in quirks), f"the {NICHES[niche]} holds no card where one should be"
        if state.is_over and len(quirks) < 3:
            continue  # lost: the last extinct QUiRKS left the table, or a stack ran out replacing it
        assert [CARDS[c].stack for c in quirks] == list(NICHE_STACKS[niche])
    counts = Counter(CARDS[c].stack for c in state.hand)
    assert [counts[s] for s in range(len(HAND_TARGET))] == list(HAND_TARGET), "the hand stays a complete set"
    census = solitaire_census(state)
    assert census == EVERY_CARD, (
        f"cards not conserved: {sorted(census - EVERY_CARD)} too many, {sorted(EVERY_CARD - census)} missing")


@settings(max_examples=30, deadline=None)
@given(options=st.sampled_from(({}, {"random_mutation": True})), seed=seeds, picks=choices, style=styles)
def test_solitaire_invariants_hold_after_every_step(options: dict[str, Any], seed: int, picks: list[int],
                                                    style: str) -> None:
    state = quarkade.load("quirks-solitaire", players=1, **options).new_game(seed)
    assert isinstance(state, SolitaireState)
    chooser = Chooser(picks, seed, style)
    check_solitaire(state)
    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        state.apply(*chooser.next(state))
        check_solitaire(state)
    assert state.is_over


@settings(max_examples=30, deadline=None)
@given(options=st.sampled_from(({}, {"random_mutation": True})), seed=seeds, picks=choices, style=styles)
def test_solitaire_stacks_shuffled_as_drawn_deal_as_shuffled_at_setup(options: dict[str, Any], seed: int,
                                                                      picks: list[int], style: str) -> None:
    """A game's stacks are put in order card by card as they are drawn: a game never looking
    at them deals the same cards as the same game whose stacks are read (so wholly shuffled)
    at once, and both stacks are the ones ``Chance.shuffle`` makes of the printed stacks."""
    game = quarkade.load("quirks-solitaire", players=1, **options)
    lazy, eager = game.new_game(seed), game.new_game(seed)
    assert isinstance(lazy, SolitaireState) and isinstance(eager, SolitaireState)
    chance = Chance(seed)
    shuffled = []
    for stack in range(len(HAND_TARGET)):
        cards = [card.index for card in CARDS if card.stack == stack]
        chance.shuffle(cards)
        shuffled.append(cards)
    assert [deck.cards for deck in eager.stacks] == [cards[:len(deck.cards)]
                                                      for cards, deck in zip(shuffled, eager.stacks, strict=True)]
    chooser = Chooser(picks, seed, style)
    for _ in range(MAX_STEPS):
        if lazy.is_over:
            break
        seat, action = chooser.next(lazy)
        lazy.apply(seat, action)
        eager.apply(seat, action)
        assert (lazy.quirks, lazy.hand, lazy.extinct) == (eager.quirks, eager.hand, eager.extinct)
    assert eager.is_over and lazy.lost_why == eager.lost_why
    assert [(deck.cards, deck.discards) for deck in lazy.stacks] == [(deck.cards, deck.discards)
                                                                      for deck in eager.stacks]


# ----------------------------------------------------------------------------- Quirkling
def check_quirkling(state: QuirklingState) -> None:
    n = state.players
    check_to_act(state, n)
    census: Counter[int] = Counter(state.stack)
    census.update(state.discards)
    for seat in range(n):
        census.update(state.hands[seat])
        for quirkling in state.made[seat]:
            census.update(quirkling)
            assert tuple(CARDS[c].stack for c in quirkling) in QUIRKLING_KINDS, "a QUIRKLING is a plant or an animal"
    assert census == EVERY_CARD, (
        f"cards not conserved: {sorted(census - EVERY_CARD)} too many, {sorted(EVERY_CARD - census)} missing")
    for seat in range(n):
        if seat != state.current:
            assert len(state.hands[seat]) <= QUIRKLING_HAND, f"seat {seat} holds more than seven cards"
    assert len(state.hands[state.current]) <= QUIRKLING_HAND + 1, "the player on turn holds more than eight"


@settings(max_examples=30, deadline=None)
@given(players=st.integers(min_value=2, max_value=6), seed=seeds, picks=choices, style=styles)
def test_quirkling_invariants_hold_after_every_step(players: int, seed: int, picks: list[int], style: str) -> None:
    state = quarkade.load("quirkling", players=players, turn_limit=120).new_game(seed)
    assert isinstance(state, QuirklingState)
    chooser = Chooser(picks, seed, style)
    check_quirkling(state)
    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        climate, turns = state.climate, state.turns
        state.apply(*chooser.next(state))
        check_quirkling(state)
        if state.turns != turns:
            assert state.climate == (climate + 2) % 30, "the climate marker moves two zones a turn"
        else:
            assert state.climate == climate
    assert state.is_over
    if len(state.winners) == 1 and state.turns < 120:
        kinds = {tuple(CARDS[c].stack for c in q) for q in state.made[state.winners[0]]}
        assert len(kinds) == 3, "the winner made a plant, a herbivore and a carnivore"


# ----------------------------------------------------------------------------- notation
WORDS = st.sampled_from(["ask", "count", "climate", "niche", "setup", "mutate", "for", "place", "give", "none",
                         "make", "discard", "draw", "complete", "drawn", "plant", "plant-a", "animal-c", "stack",
                         "a13", "b20", "c29", "A1", "b", "c"])
DIGITS = st.text(alphabet="0123456789²³¹١٢٣４５６𝟙⁷₈", min_size=1, max_size=30)


@given(st.lists(st.one_of(WORDS, DIGITS, st.text(max_size=6)), max_size=5))
@SETTINGS
def test_notation_refuses_malformed_text_with_invalid_notation_only(words: list[str]) -> None:
    """Whatever the text, parsing gives a move that prints back as itself, or InvalidNotation."""
    text = " ".join(words)
    try:
        action = parse(text)
    except InvalidNotation as refused:
        assert str(refused).strip()
        return
    assert parse(str(action)) == action
