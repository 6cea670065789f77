"""Build Quirks, Quirks solitaire and Quirkling positions for the rulebook's worked examples.

A position is made from a fresh game by placing the named cards (by their printed number,
"A13") in niches, hands and extinct branches, and rebuilding every stack from the cards left,
so the 108 cards stay conserved; chosen cards can then be put on top of their stacks so that
draws are known. Unless told otherwise the flow then runs to the first decision: the current
player draws a destiny marker (or chooses a niche in the advanced game).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import quarkade
from quarkade.core.flow import Deck
from quarkade.games.quirks.actions import parse
from quarkade.games.quirks.components import CLIMATES, COMPONENTS, NICHES, STACKS
from quarkade.games.quirks.quirkling import HAND as QUIRKLING_HAND
from quarkade.games.quirks.quirkling import Quirkling, QuirklingState
from quarkade.games.quirks.quirkling import Stage as QuirklingStage
from quarkade.games.quirks.rules import HAND_TARGET, LOWER, NICHE_STACKS, UPPER, Quirks, QuirksState, Stage, slot_of
from quarkade.games.quirks.solitaire import QuirksSolitaire, SolitaireState
from quarkade.games.quirks.solitaire import Stage as SolitaireStage

CARDS = COMPONENTS.cards
ZONES = COMPONENTS.zones_per_climate

Placement = Mapping[str, tuple[int, Sequence[str]]]  # niche name -> (owner, card numbers)


def card(number: str) -> int:
    """The index of a card from its printed number."""
    return COMPONENTS.by_number(number).index


def numbers(cards: Iterable[int]) -> list[str]:
    """Printed numbers of cards, sorted by stack then number (the order of a hand in a view)."""
    return [CARDS[c].number for c in sorted(cards, key=lambda c: (CARDS[c].stack, c))]


def space(climate: str | int, zone: int = 1) -> int:
    """The climate marker's space: a climate's name (and zone 1-6), or a space 0-29."""
    if isinstance(climate, int):
        return climate
    return CLIMATES.index(climate) * ZONES + zone - 1


def act(state: Any, seat: int, text: str) -> None:
    state.apply(seat, parse(text))


def legal(state: Any, seat: int) -> set[str]:
    return {str(a) for a in state.legal_actions(seat)}


class _Pool:
    """The cards not yet placed, by stack; each named card is taken once."""

    def __init__(self) -> None:
        self.left = {card.index for card in CARDS}

    def take(self, number: str) -> int:
        index = card(number)
        assert index in self.left, f"the position uses {number} twice"
        self.left.remove(index)
        return index

    def take_from(self, stack: int, chance: Any) -> int:
        choices = sorted(c for c in self.left if CARDS[c].stack == stack)
        assert choices, f"no {STACKS[stack]} card left for the position"
        index = choices[chance.below(len(choices))]
        self.left.remove(index)
        return index

    def complete_hand(self, chance: Any) -> list[int]:
        return [self.take_from(stack, chance) for stack, count in enumerate(HAND_TARGET) for _ in range(count)]

    def decks(self, chance: Any, discards: Sequence[int] = ()) -> list[Deck[int]]:
        """The stacks from the cards left, shuffled; ``discards`` (taken already) face up."""
        piles: list[list[int]] = [[] for _ in STACKS]
        for index in discards:
            piles[CARDS[index].stack].append(index)
        decks = []
        for stack, pile in enumerate(piles):
            cards = sorted(c for c in self.left if CARDS[c].stack == stack)
            chance.shuffle(cards)
            decks.append(Deck(cards, pile))
        self.left.clear()
        return decks


def stack_top(state: Any, top: Sequence[str]) -> None:
    """Put ``top`` (first drawn first) on top of their stacks, taking the cards from inside them."""
    for number in reversed(top):
        index = card(number)
        deck = state.stacks[CARDS[index].stack]
        assert index in deck.cards, f"{number} is not in its stack"
        deck.cards.remove(index)
        deck.cards.append(index)


def position(
    players: int = 3,
    *,
    upper: Placement | None = None,
    lower: Placement | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    extinct: Mapping[int, int | Sequence[Sequence[str]]] | None = None,
    eliminated: Sequence[int] = (),
    discards: Sequence[str] = (),
    top: Sequence[str] = (),
    climate: str | int = "ocean",
    zone: int = 1,
    current: int = 0,
    niche: str | None = None,
    stage: Stage | None = None,
    destiny: Sequence[str] = (),
    drawn: Sequence[str] = (),
    first_turn: bool = False,
    seed: int = 1,
    **options: Any,
) -> QuirksState:
    """A Quirks position. ``upper`` and ``lower`` give the QUiRKS of each niche ("plant":
    (seat, ["A1", "B2", "C3"])); niches not named are empty. A seat not in ``hands`` holds a
    random complete plant, herbivore and carnivore. ``extinct`` gives each seat's extinct
    branches (their cards, or how many random ones). ``destiny`` lists the markers to be drawn
    next, first drawn first, above the rest of the pool; ``drawn`` those drawn earlier in the
    cycle. With ``niche`` the marker is taken as drawn already; with ``stage`` too, the flow
    starts at that stage."""
    game = quarkade.load("quirks", players=players, **options)
    assert isinstance(game, Quirks)
    state = QuirksState.setup(game, seed)
    chance = state.chance
    pool = _Pool()
    state.slots, state.owners = [() for _ in range(6)], [-1] * 6
    for level, placed in ((UPPER, upper or {}), (LOWER, lower or {})):
        for name, (seat, cards) in placed.items():
            assert len(cards) == (3 if level == UPPER else 2)
            state._occupy(slot_of(NICHES.index(name), level), seat, tuple(pool.take(c) for c in cards))
    # Named cards first, so that the random ones never take them.
    state.extinct = [[] for _ in range(players)]
    for seat, branches in (extinct or {}).items():
        if not isinstance(branches, int):
            state.extinct[seat] = [tuple(pool.take(c) for c in branch) for branch in branches]
    named = {seat: [pool.take(c) for c in cards] for seat, cards in (hands or {}).items() if seat not in eliminated}
    reserved = [pool.take(c) for c in top]
    face_up = [pool.take(c) for c in discards]
    for seat, branches in (extinct or {}).items():
        if isinstance(branches, int):
            state.extinct[seat] = [tuple(pool.take_from(s, chance) for s in NICHE_STACKS[0]) for _ in range(branches)]
    state.eliminated = [seat in eliminated for seat in range(players)]
    state.hands = []
    for seat in range(players):
        if seat in eliminated:
            state.hands.append([])
            state.extinct[seat] = [(), (), ()]
        else:
            state.hands.append(named[seat] if seat in named else pool.complete_hand(chance))
    pool.left.update(reserved)
    state.stacks = pool.decks(chance, face_up)
    stack_top(state, top)
    state.climate = space(climate, zone)
    markers = [n for n in range(3) for _ in range(COMPONENTS.destiny[n])]
    for name in (*drawn, *destiny):
        markers.remove(NICHES.index(name))
    chance.shuffle(markers)
    state.destiny_pool = markers + [NICHES.index(name) for name in reversed(destiny)]
    state.destiny_drawn = [NICHES.index(name) for name in drawn]
    state.setup_step = 6
    state.current, state.contest, state.log, state._legal = current, None, None, None
    state.turns_taken = [0 if first_turn else 1] * players
    state.turns = 0 if first_turn else players
    if niche is None:
        state._begin_action()
    else:
        state.niche = NICHES.index(niche)
        if stage is None:
            state._after_niche()
        else:
            state.stage, state._to_act = stage, (current,)
    return state


def quirks_cards(state: QuirksState, name: str, level: int = UPPER) -> tuple[str, ...]:
    """The card numbers of the QUiRKS in a niche (A, B, C order)."""
    return tuple(CARDS[c].number for c in state.slots[slot_of(NICHES.index(name), level)])


def owner(state: QuirksState, name: str, level: int = UPPER) -> int:
    return state.owners[slot_of(NICHES.index(name), level)]


def solitaire_position(
    *,
    quirks: Mapping[str, Sequence[str]] | None = None,
    hand: Sequence[str] | None = None,
    discards: Sequence[str] = (),
    top: Sequence[str] = (),
    last_card: Sequence[str] = (),
    climate: str | int = "ocean",
    zone: int = 1,
    extinctions: int = 0,
    destiny: Sequence[str] = (),
    seed: int = 1,
    **options: Any,
) -> SolitaireState:
    """A solitaire position at the start of an action ('continue' or 'count'). QUiRKS and hand
    not given are drawn at random, and so are the ``extinctions`` earlier extinct branches
    (plants); ``last_card`` names stacks left with one card (their top), the others moved to
    their (dead) discard piles, so the next draw from them takes their last card."""
    game = quarkade.load("quirks-solitaire", players=1, **options)
    assert isinstance(game, QuirksSolitaire)
    state = SolitaireState.setup(game, seed)
    chance = state.chance
    pool = _Pool()
    given = {NICHES.index(name): tuple(pool.take(c) for c in cards) for name, cards in (quirks or {}).items()}
    reserved = [pool.take(c) for c in top]
    face_up = [pool.take(c) for c in discards]
    named = [pool.take(c) for c in hand] if hand is not None else None
    state.quirks = [given[n] if n in given else tuple(pool.take_from(s, chance) for s in NICHE_STACKS[n])
                    for n in range(3)]
    state.hand = named if named is not None else pool.complete_hand(chance)
    state.extinct = [tuple(pool.take_from(s, chance) for s in NICHE_STACKS[0]) for _ in range(extinctions)]
    pool.left.update(reserved)
    state.stacks = pool.decks(chance, face_up)
    stack_top(state, top)
    for name in last_card:
        deck = state.stacks[STACKS.index(name)]
        deck.discards.extend(deck.cards[:-1])
        deck.cards = deck.cards[-1:]
    state.climate = space(climate, zone)
    markers = [n for n in range(3) for _ in range(COMPONENTS.destiny[n])]
    for name in destiny:
        markers.remove(NICHES.index(name))
    chance.shuffle(markers)
    state.destiny_pool = markers + [NICHES.index(name) for name in reversed(destiny)]
    state.destiny_drawn = []
    state.stage, state.resume, state._to_act = SolitaireStage.START, SolitaireStage.START, (0,)
    state.log, state._legal = None, None
    return state


def quirkling_position(
    players: int = 3,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    made: Mapping[int, Sequence[Sequence[str]]] | None = None,
    discards: Sequence[str] | None = None,
    top: Sequence[str] = (),
    climate: str | int = "ocean",
    zone: int = 1,
    current: int = 0,
    seed: int = 1,
    **options: Any,
) -> QuirklingState:
    """A Quirkling position at the start of ``current``'s turn. Hands not given are seven
    random cards; ``discards`` lists the discard pile bottom to top (by default one card turned
    from the stack); ``top`` the next cards of the stack, first drawn first."""
    game = quarkade.load("quirkling", players=players, **options)
    assert isinstance(game, Quirkling)
    state = QuirklingState.setup(game, seed)
    chance = state.chance
    pool = _Pool()
    state.made = [[tuple(pool.take(c) for c in q) for q in (made or {}).get(seat, [])] for seat in range(players)]
    state.hands = [[pool.take(c) for c in hands[seat]] if hands is not None and seat in hands else []
                   for seat in range(players)]
    state.discards = [pool.take(c) for c in discards] if discards is not None else []
    assert all(card(n) in pool.left for n in top), "a card on top of the stack is also placed elsewhere"
    stack = sorted(pool.left - {card(n) for n in top})
    chance.shuffle(stack)
    for seat in range(players):
        if hands is None or seat not in hands:
            state.hands[seat] = [stack.pop() for _ in range(QUIRKLING_HAND)]
    if discards is None:
        state.discards = [stack.pop()]
    state.stack = stack + [card(n) for n in reversed(top)]
    state.climate = space(climate, zone)
    state.current, state.turns, state.log = current, 0, None
    state.refused, state.refilling, state.asked = [False] * players, False, (-1, -1)
    state.stage, state._to_act, state._legal = QuirklingStage.REQUEST, (current,), None
    return state
