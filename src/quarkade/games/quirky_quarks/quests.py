"""Quest cards: the ways to pay a Quest, completing it, and what completed Quests score.

Each Elementary Particle of a cost is paid with the card itself, with a discount (Gluonium,
Wigner Crystal) or with three Elementary Particles of one type; Protons and Neutrons are paid
from the table.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Final

from quarkade.core.words import a_or_an
from quarkade.games.quirky_quarks.actions import DISCOUNT, Complete
from quarkade.games.quirky_quarks.components import COMPONENTS

if TYPE_CHECKING:
    from quarkade.games.quirky_quarks.rules import QuirkyQuarksState

CARDS: Final = COMPONENTS.cards
KINDS: Final = len(CARDS)
PARTICLES: Final = tuple(c.kind for c in CARDS if not c.is_quest)
QUESTS: Final = tuple(c.kind for c in CARDS if c.is_quest)
if tuple(range(QUESTS[0], KINDS)) != QUESTS:  # a hand's Quests are then a slice of it
    raise ValueError("the Quests are expected after the Elementary Particles in the card data")
NEUTRINO: Final = COMPONENTS.by_id("neutrino").kind


def with_power(kind_name: str) -> list[tuple[int, int]]:
    """(quest kind, amount) for every Quest with that power."""
    return [(c.kind, c.power.amount) for c in CARDS if c.power is not None and c.power.kind == kind_name]


GAIN_EV: Final = dict(with_power("gain_ev"))
BONUS_PER_OTHER: Final = dict(with_power("bonus_per_other_quest"))
DISCOUNTS: Final = [(c.kind, c.power.particle) for c in CARDS if c.power is not None and c.power.kind == "discount"]


def discounts_left(state: QuirkyQuarksState, seat: int) -> list[int]:
    """Discounts ``seat`` may still use this Quest phase, by particle."""
    left = [0] * KINDS
    base = seat * KINDS
    for quest, particle in DISCOUNTS:
        left[particle] += state.table[base + quest]
    for kind in PARTICLES:
        left[kind] -= state.discounts_used[kind]
    return left


def completions(state: QuirkyQuarksState, seat: int) -> list[Complete]:
    """Every distinct way ``seat`` can complete a Quest now."""
    base = seat * KINDS
    hands, table = state.hands, state.table
    found: list[Complete] = []
    discounts: list[int] | None = None
    for quest in compress(QUESTS, hands[base + QUESTS[0] : base + KINDS]):  # the Quests in hand
        card = CARDS[quest]
        ok = True
        for kind in card.cost_table:
            if table[base + kind] < card.cost_table.count(kind):
                ok = False
        if not ok:
            continue
        if discounts is None:
            discounts = discounts_left(state, seat)
        payments: set[tuple[tuple[int, int], ...]] = set()
        available = hands[base : base + KINDS]
        # The kinds that may pay three for one: held three times or more now (a payment only
        # spends cards, so no other kind can come to it deeper in the search).
        triples = [kind for kind in PARTICLES if kind != NEUTRINO and available[kind] >= 3]
        _enumerate_payments(card.cost_particles, 0, available, discounts[:], [], payments, -2, triples)
        for payment in sorted(payments):
            action = _COMPLETES.get((quest, payment))
            if action is None:
                action = _COMPLETES[(quest, payment)] = Complete(quest, payment)
            found.append(action)
    return found


# The ways to complete each Quest, made once: a frozen action is slow to make, and the same few
# ways come up at every Quest phase (the cards' costs bound how many there can be).
_COMPLETES: Final[dict[tuple[int, tuple[tuple[int, int], ...]], Complete]] = {}


def why_not_complete(state: QuirkyQuarksState, seat: int, action: Complete) -> str | None:
    base = seat * KINDS
    card = CARDS[action.quest]
    if not card.is_quest:
        return f"{card.name} is not a Quest"
    if not state.hands[base + action.quest]:
        return f"you have no {card.name} Quest in hand"
    for kind in set(card.cost_table):
        need, have = card.cost_table.count(kind), state.table[base + kind]
        if have < need:
            return f"{card.name} needs {need} completed {CARDS[kind].name}(s) on your table; you have {have}"
    needs = list(card.cost_particles)
    spend = [0] * KINDS
    discounts = discounts_left(state, seat)
    for need, method in action.payment:
        if need not in needs:
            return f"{card.name} does not need (another) {CARDS[need].name}"
        needs.remove(need)
        if method == DISCOUNT:
            if discounts[need] <= 0:
                return f"you have no {CARDS[need].name} discount left this Quest phase"
            discounts[need] -= 1
        else:
            if not 0 <= method < KINDS or CARDS[method].is_quest or method == NEUTRINO:
                return "three of a kind must be Elementary Particles"
            if method == need:
                return (f"three {CARDS[method].name}s substitute for a different Elementary Particle, "
                        f"not for {a_or_an(CARDS[need].name)}")
            spend[method] += 3
    for need in needs:
        spend[need] += 1
    for kind in PARTICLES:
        if spend[kind] > state.hands[base + kind]:
            return (f"you need {spend[kind]} {CARDS[kind].name}(s) in hand for this payment; "
                    f"you have {state.hands[base + kind]}")
    return None


def complete(state: QuirkyQuarksState, seat: int, action: Complete) -> None:
    base = seat * KINDS
    card = CARDS[action.quest]
    needs = list(card.cost_particles)
    paid: list[int] = []
    for need, method in action.payment:
        needs.remove(need)
        if method == DISCOUNT:
            state.discounts_used[need] += 1
        else:
            paid.extend((method, method, method))
    paid.extend(needs)
    for kind in paid:
        state.hands[base + kind] -= 1
        state.discard(kind)
    for kind in card.cost_table:
        state.table[base + kind] -= 1
        state.discard(kind)
    state.hands[base + action.quest] -= 1
    state.table[base + action.quest] += 1
    if action.quest in GAIN_EV:
        state.ev[seat] += GAIN_EV[action.quest]
    state.log_event("complete", -1, seat, action.quest, tuple(paid), action.payment)


def points(state: QuirkyQuarksState, seat: int) -> tuple[int, int, int]:
    """(Quest points, bonus points, eV) of ``seat``."""
    table = state.completed(seat)
    quest_points = sum(CARDS[k].points * table[k] for k in QUESTS)
    completed = sum(table[k] for k in QUESTS)
    bonus = sum(amount * table[k] * (completed - 1) for k, amount in BONUS_PER_OTHER.items())
    return quest_points, bonus, state.ev[seat]


def _enumerate_payments(
    needs: tuple[int, ...],
    index: int,
    available: list[int],
    discounts: list[int],
    chosen: list[tuple[int, int]],
    out: set[tuple[tuple[int, int], ...]],
    previous: int,
    triples: list[int] | tuple[int, ...] = PARTICLES,
) -> None:
    """Every way to pay ``needs[index:]``: the card itself (method -2), a discount, or three
    Elementary Particles of another kind, among ``triples``. ``previous`` keeps
    equal needs in order so each payment is found once."""
    if index == len(needs):
        out.add(tuple(sorted(chosen)))
        return
    need = needs[index]
    floor = previous if index > 0 and needs[index - 1] == need else -2
    if floor <= -2 and available[need] > 0:
        available[need] -= 1
        _enumerate_payments(needs, index + 1, available, discounts, chosen, out, -2, triples)
        available[need] += 1
    if floor <= DISCOUNT and discounts[need] > 0:
        discounts[need] -= 1
        chosen.append((need, DISCOUNT))
        _enumerate_payments(needs, index + 1, available, discounts, chosen, out, DISCOUNT, triples)
        chosen.pop()
        discounts[need] += 1
    for kind in triples:
        if kind >= floor and kind != need and kind != NEUTRINO and available[kind] >= 3:
            available[kind] -= 3
            chosen.append((need, kind))
            _enumerate_payments(needs, index + 1, available, discounts, chosen, out, kind, triples)
            chosen.pop()
            available[kind] += 3
