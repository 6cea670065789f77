"""Quirks competitions ("Competitions", "Evaluating the Adaptation Potential of QUiRKS",
"Extinction"): for a lower niche, for an upper niche (completion, the sealed face-up /
face-down step, demotion, late concession), the count and extinct branches.

Functions of the state: the turn's flow (what follows a won or lost competition) stays in
:mod:`rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from quarkade.core.flow import Sealed
from quarkade.games.quirks.actions import Move, Verb
from quarkade.games.quirks.board import (
    CARDS,
    CONCEDE_CHALLENGER,
    CONCEDE_DEFENDER,
    DEMOTE,
    EXTINCTIONS_TO_LOSE,
    INTELLIGENCE,
    LOWER,
    LOWER_ATTACK,
    UPPER,
    UPPER_COMPLETE,
    UPPER_SEALED,
    Contest,
    slot_of,
)
from quarkade.games.quirks.components import COMPONENTS, NICHES
from quarkade.games.quirks.evaluation import adaptation
from quarkade.games.quirks.legality import missing_stack_of

if TYPE_CHECKING:
    from quarkade.games.quirks.rules import QuirksState


def lower_defence(s: QuirksState, seat: int, accept: bool) -> None:
    contest = s.contest
    assert contest is not None
    slot = slot_of(contest.niche, LOWER)
    if not accept:
        for card in s.slots[slot]:
            s._discard(card)
        s._occupy(slot, contest.attacker, contest.attacker_cards)
        s._note("pass", -1, seat, contest.niche)
        s._won()
        return
    s._note("accept", -1, seat, contest.niche)
    s.stage, s._to_act = LOWER_ATTACK, (contest.attacker,)


def fight(s: QuirksState) -> None:
    contest = s.contest
    assert contest is not None
    contest.asked = []
    if s.game.options["intelligent_race"]:
        for seat, cards in fighters(s):
            if any(CARDS[c].is_intelligence for c in cards):
                contest.asked.append(seat)
    next_intelligence(s)


def fighters(s: QuirksState) -> list[tuple[int, tuple[int, ...]]]:
    contest = s.contest
    assert contest is not None
    level = LOWER if contest.kind == "lower" else UPPER
    defender_cards = s.slots[slot_of(contest.niche, level)]
    return [(contest.attacker, contest.attacker_cards), (contest.defender, defender_cards)]


def next_intelligence(s: QuirksState) -> None:
    contest = s.contest
    assert contest is not None
    if contest.asked:
        s.stage, s._to_act = INTELLIGENCE, (contest.asked[0],)
        return
    count(s)


def intelligence(s: QuirksState, seat: int, roll: bool) -> None:
    contest = s.contest
    assert contest is not None
    cards = dict(fighters(s))[seat]
    contest.rolls[seat] = tuple(1 + s.chance.below(6) for _ in cards) if roll else None
    contest.asked.pop(0)
    next_intelligence(s)


def count(s: QuirksState) -> None:
    """Count both QUiRKS; the greater wins, the occupant on a tie; the loser is extinct."""
    contest = s.contest
    assert contest is not None
    level = LOWER if contest.kind == "lower" else UPPER
    slot = slot_of(contest.niche, level)
    climate = s.climate // COMPONENTS.zones_per_climate
    others = [s.slots[slot_of(n, level)] for n in range(3)]
    totals = {}
    for seat, cards in fighters(s):
        others[contest.niche] = cards
        base, food = adaptation(contest.niche, cards, others, climate, s.table.values, contest.rolls.get(seat))
        totals[seat] = (base, food)
    attacker_total = sum(totals[contest.attacker])
    defender_total = sum(totals[contest.defender])
    attacker_wins = attacker_total > defender_total
    reveal = {
        "niche": NICHES[contest.niche], "level": "upper" if level == UPPER else "lower",
        "climate": COMPONENTS.climates[climate],
        "attacker": contest.attacker, "defender": contest.defender,
        "totals": {str(seat): {"cards": b, "food_chain": f, "total": b + f} for seat, (b, f) in totals.items()},
        "quirks": {str(seat): [CARDS[c].number for c in cards] for seat, cards in fighters(s)},
        "rolled": {str(seat): list(r) for seat, r in contest.rolls.items() if r is not None},
        "winner": contest.attacker if attacker_wins else contest.defender,
    }
    s.reveals = (*s.reveals, reveal)
    s._note("count", -1, reveal)
    loser_cards = s.slots[slot] if attacker_wins else contest.attacker_cards
    loser = contest.defender if attacker_wins else contest.attacker
    if attacker_wins:
        s._occupy(slot, contest.attacker, contest.attacker_cards)
    if contest.kind == "upper":
        s._vacate(slot_of(contest.niche, LOWER))
    extinct(s, loser, loser_cards)
    if attacker_wins:
        s._won()
    else:
        s._lost()


def extinct(s: QuirksState, seat: int, cards: tuple[int, ...]) -> None:
    # The cards lie face down in front of their creator: out of play while it stays in.
    s.extinct[seat].append(cards)
    s._note("extinct", -1, seat, len(s.extinct[seat]))
    if len(s.extinct[seat]) >= EXTINCTIONS_TO_LOSE:
        eliminate(s, seat)


def eliminate(s: QuirksState, seat: int) -> None:
    s.eliminated[seat] = True
    for card in s.hands[seat] + [c for branch in s.extinct[seat] for c in branch]:
        s._discard(card)
    s.hands[seat] = []
    for slot in range(6):
        if s.owners[slot] == seat:
            for card in s.slots[slot]:
                s._discard(card)
            s._vacate(slot)
    s.extinct[seat] = [() for _ in s.extinct[seat]]
    s._note("eliminated", -1, seat)


def start_upper(s: QuirksState, seat: int, niche: int, in_defence: bool) -> None:
    lower = s.slots[slot_of(niche, LOWER)]
    defender = s.owners[slot_of(niche, UPPER)]
    kind = "upper" if defender >= 0 else "move-up"
    drawn = s._draw(missing_stack_of(lower, niche))
    s.contest = Contest(kind, niche, seat, defender, lower, lower, s.slots[slot_of(niche, UPPER)],
                        drawn=drawn, in_defence=in_defence)
    s._note("challenge-upper", -1, seat, niche, defender)
    s.stage, s._to_act = UPPER_COMPLETE, (seat,)


def complete(s: QuirksState, seat: int, action: Move) -> None:
    contest = s.contest
    assert contest is not None
    if action.cards:
        third = action.cards[0]
        s.hands[seat].remove(third)
        if contest.drawn >= 0:
            s.hands[seat].append(contest.drawn)
    else:
        third = contest.drawn
    contest.attacker_cards = tuple(sorted((*contest.attacker_cards, third), key=lambda c: CARDS[c].row))
    s._note("complete", seat, seat, third, contest.drawn)
    if contest.kind == "move-up":
        s._occupy(slot_of(contest.niche, UPPER), seat, contest.attacker_cards)
        s._vacate(slot_of(contest.niche, LOWER))
        s._note("move-up", -1, seat, contest.niche)
        s._won()
        return
    contest.sealed = Sealed([contest.attacker, contest.defender])
    s.stage, s._to_act = UPPER_SEALED, (contest.attacker, contest.defender)


def sealed(s: QuirksState, seat: int, action: Move) -> None:
    contest = s.contest
    assert contest is not None and contest.sealed is not None
    if action.verb is Verb.MUTATE:
        s._mutate(seat, slot_of(contest.niche, UPPER), action.cards)
        contest.defender_mutated = True
        return
    contest.sealed.add(seat, action.verb.value)
    contest.sealed.declare_ready(seat)
    if not contest.sealed.complete:
        s._to_act = contest.sealed.waiting
        return
    choices = contest.sealed.reveal()
    contest.faces = {s: choices[s][-1] == Verb.FACE_UP.value for s in (contest.attacker, contest.defender)}
    contest.public_defender = s.slots[slot_of(contest.niche, UPPER)]
    contest.public_attacker = contest.attacker_cards
    s._note("reveal", -1, contest.attacker, contest.defender, dict(contest.faces), contest.attacker_cards,
            contest.public_defender)
    up_attacker, up_defender = contest.faces[contest.attacker], contest.faces[contest.defender]
    if up_attacker and up_defender:
        s.stage, s._to_act = CONCEDE_DEFENDER, (contest.defender,)
    elif up_attacker:
        contest.demoting = contest.defender
        s.stage, s._to_act = DEMOTE, (contest.defender,)
    else:
        contest.demoting = contest.attacker
        s.stage, s._to_act = DEMOTE, (contest.attacker,)


def demote(s: QuirksState, card: int) -> None:
    contest = s.contest
    assert contest is not None
    seat = contest.demoting
    s._discard(card)
    s._note("demote", -1, seat, contest.niche, card)
    upper, lower = slot_of(contest.niche, UPPER), slot_of(contest.niche, LOWER)
    if seat == contest.defender:
        remaining = tuple(c for c in s.slots[upper] if c != card)
        s._occupy(upper, contest.attacker, contest.attacker_cards)
        s._occupy(lower, seat, remaining)
        s._won()
    else:
        s._occupy(lower, seat, tuple(c for c in contest.attacker_cards if c != card))
        s._lost()


def concede_defender(s: QuirksState, concede: bool) -> None:
    contest = s.contest
    assert contest is not None
    if not concede:
        s._note("hold", -1, contest.defender)
        s.stage, s._to_act = CONCEDE_CHALLENGER, (contest.attacker,)
        return
    upper = slot_of(contest.niche, UPPER)
    for card in s.slots[upper]:
        s._discard(card)
    s._occupy(upper, contest.attacker, contest.attacker_cards)
    s._vacate(slot_of(contest.niche, LOWER))
    s._note("concede", -1, contest.defender, contest.niche)
    s._won()


def concede_challenger(s: QuirksState, concede: bool) -> None:
    contest = s.contest
    assert contest is not None
    if concede:
        for card in contest.attacker_cards:
            s._discard(card)
        s._vacate(slot_of(contest.niche, LOWER))
        s._note("concede", -1, contest.attacker, contest.niche)
        s._lost()
        return
    fight(s)
