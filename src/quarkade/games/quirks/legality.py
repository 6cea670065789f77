"""What a Quirks player may do at each stage, and the reason in words when it may not.

Functions of the state, called by :class:`quarkade.games.quirks.rules.QuirksState`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from quarkade.games.quirks.actions import Move, Verb
from quarkade.games.quirks.board import (
    ACTION,
    AFTER_WIN,
    CARDS,
    CHOOSE_NICHE,
    CLIMATE,
    CONCEDE_CHALLENGER,
    CONCEDE_DEFENDER,
    DEFENCE,
    DEMOTE,
    INTELLIGENCE,
    LOWER,
    LOWER_ATTACK,
    LOWER_DEFENCE,
    NICHE_STACKS,
    RANDOM_MUTATION,
    ROWS,
    SETUP,
    SURPLUS,
    UPPER,
    UPPER_COMPLETE,
    UPPER_OWNED,
    UPPER_SEALED,
    slot_of,
    stack_for,
)
from quarkade.games.quirks.components import COMPONENTS, NICHES
from quarkade.games.quirks.moves import move

if TYPE_CHECKING:
    from quarkade.games.quirks.rules import QuirksState


# The moves that do not depend on the cards, made once (moves are listed at every step of a playout).
_SETUP: Final = (move(Verb.SETUP, number=0), move(Verb.SETUP, number=1))
_NICHES: Final = tuple(move(Verb.NICHE, number=n) for n in range(3))
_UPPER_OWNED: Final = (move(Verb.MUTATE), move(Verb.REDRAW))
_CLIMATE: Final = (move(Verb.CLIMATE, number=1), move(Verb.CLIMATE, number=2))
_LOWER_DEFENCE: Final = (move(Verb.PASS), move(Verb.ACCEPT))
_LOWER_ATTACK: Final = (move(Verb.GIVE_UP), move(Verb.FIGHT))
_INTELLIGENCE: Final = (move(Verb.ROLL), move(Verb.TABLE))
_FACES: Final = (move(Verb.FACE_UP), move(Verb.FACE_DOWN))
_CONCEDE_DEFENDER: Final = (move(Verb.CONCEDE), move(Verb.HOLD))
_CONCEDE_CHALLENGER: Final = (move(Verb.CONCEDE), move(Verb.FIGHT))
_AFTER_WIN: Final = (move(Verb.CONTINUE), move(Verb.END))
_DEFENCE: Final = (move(Verb.CHALLENGE), move(Verb.DECLINE))
_COMPETE: Final = move(Verb.COMPETE)
_END: Final = move(Verb.END)
_STACK_OF: Final = tuple(card.stack for card in CARDS)
_DRAW_MUTATIONS: Final = tuple(move(Verb.MUTATE, card) for card in range(len(CARDS)))  # discard the card and draw
# The stack a card of a QUiRKS in a niche is replaced from, by niche and card.
_REPLACED_FROM: Final = tuple(tuple(stack_for(niche, card.row) for card in CARDS) for niche in range(3))


def moves(s: QuirksState, seat: int) -> list[Move]:
    stage = s.stage
    if stage is ACTION:
        return action_moves(s, seat)
    if stage is CLIMATE:
        return list(_CLIMATE)
    if stage is SETUP:
        return list(_SETUP)
    if stage is CHOOSE_NICHE:
        return list(_NICHES)
    if stage is UPPER_OWNED:
        return list(_UPPER_OWNED)
    if stage is RANDOM_MUTATION:
        own = [c for slot in range(6) if s.owners[slot] == seat for c in s.slots[slot]]
        # (the card is discarded first: its stack always has a card to draw, ruling 6a)
        return [move(Verb.REPLACE, card) for card in sorted(s.hands[seat] + own)]
    if stage is LOWER_DEFENCE:
        return list(_LOWER_DEFENCE)
    if stage is LOWER_ATTACK:
        return list(_LOWER_ATTACK)
    if stage is INTELLIGENCE:
        return list(_INTELLIGENCE)
    if stage is UPPER_COMPLETE:
        return complete_moves(s, seat)
    if stage is UPPER_SEALED:
        contest = s.contest
        assert contest is not None
        moves = list(_FACES)
        if seat == contest.defender and not contest.defender_mutated:
            moves.extend(mutations(s, seat, slot_of(contest.niche, UPPER)))
        return moves
    if stage is DEMOTE:
        return [move(Verb.DISCARD, card) for card in demotion_choices(s)]
    if stage is CONCEDE_DEFENDER:
        return list(_CONCEDE_DEFENDER)
    if stage is CONCEDE_CHALLENGER:
        return list(_CONCEDE_CHALLENGER)
    if stage is AFTER_WIN:
        return list(_AFTER_WIN)
    if stage is SURPLUS:
        return [move(Verb.DISCARD, card) for card in sorted(set(s._surplus(seat)))]
    if stage is DEFENCE:
        return list(_DEFENCE) if can_complete(s, seat) else [_DEFENCE[1]]
    return []


def mutations(s: QuirksState, seat: int, slot: int) -> list[Move]:
    """Mutations of the QUiRKS in ``slot``: discard a card and draw, or exchange it."""
    replaced_from = _REPLACED_FROM[slot // 2]
    stack_of = _STACK_OF
    mutate = Verb.MUTATE  # read off the Enum once, not for every move
    hand = sorted(s.hands[seat])
    moves = []
    for card in s.slots[slot]:
        stack = replaced_from[card]
        moves.append(_DRAW_MUTATIONS[card])  # discarded first, it is there to draw if none else (ruling 6a)
        for other in hand:
            if stack_of[other] == stack:
                moves.append(move(mutate, card, other))
    return moves


def placements(s: QuirksState, seat: int, niche: int, level: int) -> list[Move]:
    hand = sorted(s.hands[seat])
    a_cards = [c for c in hand if CARDS[c].stack == NICHE_STACKS[niche][0]]
    b_cards = [c for c in hand if CARDS[c].stack == NICHE_STACKS[niche][1]]
    c_cards = [c for c in hand if CARDS[c].stack == NICHE_STACKS[niche][2]]
    place = Verb.PLACE  # read off the Enum once, not for every move
    if level == UPPER:
        return [move(place, a, b, c) for a in a_cards for b in b_cards for c in c_cards]
    # Any two cards of the niche's stacks in two positions (ruling 12): A and B, A and C, or B and C.
    return [*(move(place, a, x) for a in a_cards for x in b_cards + c_cards),
            *(move(place, b, c) for b in b_cards for c in c_cards)]


def may_compete(s: QuirksState, seat: int) -> bool:
    """Advanced Game: "during the first turn, players may attempt only one competition"
    (occupying an empty niche counts as a won competition)."""
    return not (s.game.options["advanced"] and s.turns_taken[seat] == 0 and s.competed >= 1)


def action_moves(s: QuirksState, seat: int) -> list[Move]:
    niche = s.niche
    compete = may_compete(s, seat)
    if s.controls(seat, niche, UPPER):
        moves = mutations(s, seat, slot_of(niche, UPPER))
    elif s.controls(seat, niche, LOWER):
        moves = mutations(s, seat, slot_of(niche, LOWER))
        if compete and can_complete(s, seat):
            moves.append(_COMPETE)
    elif compete:
        moves = placements(s, seat, niche, LOWER)
        if s.owners[slot_of(niche, UPPER)] < 0:
            moves.extend(placements(s, seat, niche, UPPER))
    else:
        moves = []
    return moves or [_END]


def can_complete(s: QuirksState, seat: int) -> bool:
    """The challenger can find the third card of its lower QUiRKS (stack or hand)."""
    niche = s.niche
    missing = missing_stack(s, niche)
    return s.stacks[missing].available() > 0 or any(CARDS[c].stack == missing for c in s.hands[seat])


def missing_stack(s: QuirksState, niche: int) -> int:
    rows = {CARDS[c].row for c in s.slots[slot_of(niche, LOWER)]}
    row = next(r for r in ROWS if r not in rows)
    return stack_for(niche, row)


def complete_moves(s: QuirksState, seat: int) -> list[Move]:
    contest = s.contest
    assert contest is not None
    missing = missing_stack_of(contest.attacker_cards, contest.niche)
    moves = [move(Verb.COMPLETE)] if contest.drawn >= 0 else []
    moves.extend(move(Verb.COMPLETE, c) for c in sorted(s.hands[seat]) if CARDS[c].stack == missing)
    return moves


def missing_stack_of(cards: tuple[int, ...], niche: int) -> int:
    rows = {CARDS[c].row for c in cards}
    return stack_for(niche, next(r for r in ROWS if r not in rows))


def demotion_choices(s: QuirksState) -> list[int]:
    contest = s.contest
    assert contest is not None
    seat = contest.demoting
    cards = contest.attacker_cards if seat == contest.attacker else s.slots[slot_of(contest.niche, UPPER)]
    climate = s.climate // COMPONENTS.zones_per_climate
    coded = [c for c in cards if s.table.codes[c][climate]]
    return sorted(coded or cards)


def explain(s: QuirksState, seat: int, action: Move) -> str:
    stage = s.stage
    verb = action.verb
    expected = {
        SETUP: "choose the second card of your lower QUiRKS: 'setup b' or 'setup c'",
        CHOOSE_NICHE: "choose the niche you play in: 'niche plant', 'niche herbivore' or 'niche carnivore'",
        UPPER_OWNED: "you hold this upper niche: 'mutate' or 'redraw' a destiny marker",
        CLIMATE: "first advance the climate marker: 'climate 1' or 'climate 2'",
        RANDOM_MUTATION: "Random Mutation: 'replace CARD' with a card of your hand or of your QUiRKS",
        LOWER_DEFENCE: "your lower niche is challenged: 'pass' (give it up) or 'accept'",
        LOWER_ATTACK: "your challenge was accepted: 'give-up' or 'fight'",
        INTELLIGENCE: "your QUiRKS has Intelligence: 'roll' dice or use the 'table'",
        UPPER_COMPLETE: "complete your QUiRKS: 'complete drawn' or 'complete CARD' from your hand",
        UPPER_SEALED: "decide in secret: 'face-up' or 'face-down'",
        DEMOTE: "discard a card of your QUiRKS bearing the current climate's code",
        CONCEDE_DEFENDER: "both QUiRKS are face up: 'concede' or 'hold'",
        CONCEDE_CHALLENGER: "both QUiRKS are face up: 'concede' or 'fight'",
        AFTER_WIN: "you won: 'continue' with a new action or 'end' your turn",
        SURPLUS: "discard the cards beyond a complete plant, herbivore and carnivore",
        DEFENCE: "the upper niches are about to be won: 'challenge' or 'decline'",
    }.get(stage, "nothing can be done now")
    if stage is ACTION:
        return explain_action(s, seat, action)
    if stage is UPPER_SEALED and verb is Verb.MUTATE:
        contest = s.contest
        assert contest is not None
        if seat != contest.defender:
            return "only the defender may mutate during a competition for an upper niche"
        if contest.defender_mutated:
            return "the defender may mutate only once in a competition"
        return "that is not a mutation of your QUiRKS in this niche (same position, card in your hand)"
    if stage is DEMOTE and verb is Verb.DISCARD:
        return "the discarded card must be one of your QUiRKS' cards bearing the current climate's code"
    if stage is RANDOM_MUTATION and verb is Verb.REPLACE:
        return "replace a card of your hand or of one of your QUiRKS (and its stack must have cards)"
    if stage is UPPER_COMPLETE and verb is Verb.COMPLETE:
        return "the third card must be the drawn one or one from your hand for the missing position"
    return f"'{action}' is not possible now: {expected}"


def explain_action(s: QuirksState, seat: int, action: Move) -> str:
    niche = NICHES[s.niche]
    verb = action.verb
    if s.controls(seat, s.niche, UPPER):
        if verb is not Verb.MUTATE:
            return f"you hold the upper {niche} niche: you mutate it"
        return "that is not a mutation of your upper QUiRKS (a card of it, and a hand card of the same position)"
    if verb in (Verb.PLACE, Verb.COMPETE) and not may_compete(s, seat):
        return "on your first turn of the advanced game you may attempt only one competition"
    if s.controls(seat, s.niche, LOWER):
        if verb is Verb.PLACE:
            return f"you already have a QUiRKS in the {niche} niche: mutate it or 'compete' for the upper niche"
        if verb is Verb.COMPETE:
            return "there is no card to complete your QUiRKS with"
        return f"mutate your lower {niche} QUiRKS or 'compete' for the upper niche"
    if verb is Verb.PLACE:
        if any(c not in s.hands[seat] for c in action.cards):
            return "you can only place cards from your hand"
        if len(action.cards) == 3 and s.owners[slot_of(s.niche, UPPER)] >= 0:
            return f"the upper {niche} niche is occupied: compete for the lower niche with two cards"
        return (f"a {niche} QUiRKS in the lower niche is two cards of the {niche} stacks in two positions "
                f"(A and B, A and C, or B and C)")
    if s.controls(seat, s.niche, UPPER) or s.controls(seat, s.niche, LOWER):
        return "mutate your QUiRKS"
    return f"you have no QUiRKS in the {niche} niche: place two cards to compete for its lower niche"
