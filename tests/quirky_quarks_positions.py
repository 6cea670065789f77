"""Build Quirky Quarks positions for the rulebook's worked examples.

A position is made from a fresh game by placing the named cards and moving every other
card back into its deck, so cards stay conserved, then letting the flow run to the first
decision.
"""

from __future__ import annotations

from quarkade.core.flow import Deck
from quarkade.games.quirky_quarks.components import COMPONENTS
from quarkade.games.quirky_quarks.rules import KINDS, Phase, QuirkyQuarks, QuirkyQuarksState

KIND = {card.id: card.kind for card in COMPONENTS.cards}
ACCELERATOR = {a.id: a.index for a in COMPONENTS.accelerators}


def position(
    players: int,
    *,
    round: int = 1,
    phase: Phase = Phase.RESEARCH,
    sp: int = 0,
    hands: dict[int, dict[str, int]] | None = None,
    tables: dict[int, dict[str, int]] | None = None,
    ev: list[int] | None = None,
    accelerators: dict[str, list[str]] | None = None,
    zone: list[str] | None = None,
    seed: int = 1,
) -> QuirkyQuarksState:
    state = QuirkyQuarksState.setup(QuirkyQuarks(players, {}), seed)
    n = players
    state.hands = [0] * (n * KINDS)
    state.table = [0] * (n * KINDS)
    used = [0] * KINDS
    for seat, cards in (hands or {}).items():
        for card_id, count in cards.items():
            state.hands[seat * KINDS + KIND[card_id]] += count
            used[KIND[card_id]] += count
    for seat, cards in (tables or {}).items():
        for card_id, count in cards.items():
            state.table[seat * KINDS + KIND[card_id]] += count
            used[KIND[card_id]] += count
    dealt = []
    for accelerator in state.accelerators:
        cards = (accelerators or {}).get(COMPONENTS.accelerators[accelerator].id, [])
        dealt.append(tuple(KIND[c] for c in cards))
        for c in cards:
            used[KIND[c]] += 1
    state.accel_cards = tuple(dealt)
    state.zone = tuple(KIND[c] for c in zone or [])
    for kind in state.zone:
        used[kind] += 1
    decks: list[list[int]] = [[], [], []]
    for card in COMPONENTS.cards:
        remaining = card.count - used[card.kind]
        assert remaining >= 0, f"the position uses more {card.id} than exist"
        decks[card.deck].extend([card.kind] * remaining)
    for cards in decks:
        state.chance.shuffle(cards)
    state.decks = [Deck(cards) for cards in decks]
    state.ev = list(ev) if ev is not None else [12] * n
    state.round, state.phase, state.stage, state.sp = round, phase, 0, sp
    state.pending_draws, state.neutrino_seat, state.neutrino_draws = (), -1, 0
    state.setup_deals, state.neutrinos = (), [0] * n
    state._advance()
    return state


def hand(state: QuirkyQuarksState, seat: int) -> dict[str, int]:
    vector = state.hand(seat)
    return {COMPONENTS.cards[k].id: vector[k] for k in range(KINDS) if vector[k]}


def table(state: QuirkyQuarksState, seat: int) -> dict[str, int]:
    vector = state.completed(seat)
    return {COMPONENTS.cards[k].id: vector[k] for k in range(KINDS) if vector[k]}


def stack_deck(state: QuirkyQuarksState, deck: int, top: list[str]) -> None:
    """Put ``top`` (first drawn first) on top of a deck, taking the cards from inside it."""
    cards = state.decks[deck].cards
    for card_id in top:
        cards.remove(KIND[card_id])
    cards.extend(KIND[c] for c in reversed(top))


def before_setup(players: int, particles_on_top: list[str], seed: int = 1) -> QuirkyQuarksState:
    """A game about to deal its set-up cards, with ``particles_on_top`` (first drawn first)
    on top of the particle deck."""
    state = QuirkyQuarksState.setup(QuirkyQuarks(players, {}), seed)
    decks: list[list[int]] = [[], [], []]
    for card in COMPONENTS.cards:
        decks[card.deck].extend([card.kind] * card.count)
    for cards in decks:
        state.chance.shuffle(cards)
    state.decks = [Deck(cards) for cards in decks]
    state.hands, state.table = [0] * (players * KINDS), [0] * (players * KINDS)
    state.neutrinos, state.neutrino_seat, state.neutrino_draws = [0] * players, -1, 0
    state.pending_draws, state.log, state.history = (), None, []
    # the Starting Physicist (seat 0) first, three particles then a Quest I each
    state.setup_deals = tuple((seat, deck) for seat in range(players) for deck in (0, 0, 0, 1))
    stack_deck(state, 0, particles_on_top)
    state._advance()
    return state
