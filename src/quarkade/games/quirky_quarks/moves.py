"""What a seat may do now: its legal actions, the reason any other action is refused, and what
an action does."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from quarkade.core.game import Action
from quarkade.core.words import plural
from quarkade.games.quirky_quarks import quests
from quarkade.games.quirky_quarks.actions import (
    DISCARDS,
    DONE,
    DRAWS,
    EJECTS,
    PASS,
    READY,
    Bid,
    Complete,
    Discard,
    Discover,
    Done,
    Draw,
    Eject,
    Pass,
    Raise,
    Ready,
    bid_range,
    discover_range,
    raise_range,
)
from quarkade.games.quirky_quarks.components import COMPONENTS, DECK_NAMES, DISCOVERY, EJECTION, QUEST, RESEARCH
from quarkade.games.quirky_quarks.quests import CARDS, KINDS, NEUTRINO, completions, why_not_complete

if TYPE_CHECKING:
    from quarkade.games.quirky_quarks.rules import QuirkyQuarksState


def legal_actions(state: QuirkyQuarksState, seat: int) -> list[Action]:
    if seat not in state._to_act:
        return []
    base = seat * KINDS
    if state.neutrino_seat >= 0 or state.pending_draws:
        if state.neutrino_seat >= 0 and state.neutrino_draws == 0:
            return list(compress(DISCARDS, state.hands[base : base + KINDS]))  # each kind in hand
        return [DRAWS[d] for d in range(3) if state.decks[d].cards or state.decks[d].discards]
    phase = state.phase
    if phase is RESEARCH:
        ev = state.ev[seat]
        actions: list[Action] = []
        for position, accelerator in enumerate(state.accelerators):
            low = state.bids[position] + 1
            if low <= ev:
                actions += bid_range(accelerator, low, ev)
        return actions
    if phase is EJECTION:
        assert state.sealed is not None
        chosen = len(state.sealed.choices[seat])
        actions = []
        if chosen < state.maximums[seat]:
            actions = list(compress(EJECTS, state.hands[base : base + KINDS]))  # each kind in hand
        if chosen >= state.minimums[seat]:
            actions.append(READY)
        return actions
    if phase is DISCOVERY:
        if state.stage == 2:
            return [*raise_range(state.high_bid + 1, state.ev[seat]), PASS]
        low, high = state.min_bid, state.ev[seat]
        actions = []
        for kind in sorted(set(state.zone)):
            actions += discover_range(kind, low, high)
        actions.append(PASS)
        return actions
    if phase is QUEST:
        return [*completions(state, seat), DONE]
    return []


def why_illegal(state: QuirkyQuarksState, seat: int, action: Action) -> str | None:
    base = seat * KINDS
    if state.neutrino_seat >= 0 or state.pending_draws:
        if state.neutrino_seat >= 0 and state.neutrino_draws == 0:
            if not isinstance(action, Discard):
                return "you must first discard one other card for your Neutrino (e.g. 'discard up')"
            if action.kind == NEUTRINO and state.neutrinos[seat]:
                return "your other Neutrino is resolved after this one, not discarded: discard another card"
            if not state.hands[base + action.kind]:
                return f"you have no {CARDS[action.kind].name} in hand to discard"
            return None
        if not isinstance(action, Draw):
            why = "for your Neutrino" if state.neutrino_seat >= 0 else "you are owed"
            return f"first choose the deck of the card {why} (draw particle, draw quest-i or draw quest-ii)"
        deck = state.decks[action.deck]
        if not (deck.cards or deck.discards):
            return f"the {DECK_NAMES[action.deck]} deck and its discard pile are empty"
        return None
    phase = state.phase
    if phase is RESEARCH:
        if not isinstance(action, Bid):
            return "in the Research phase you bid for an accelerator, e.g. 'bid lhc 3'"
        if action.accelerator not in state.accelerators:
            return f"{COMPONENTS.accelerators[action.accelerator].name} is not used with {state.players} players"
        position = state.accelerators.index(action.accelerator)
        if action.amount > state.ev[seat]:
            return f"a bid may not exceed your eV: you have {state.ev[seat]}"
        if action.amount <= state.bids[position]:
            name = COMPONENTS.accelerators[action.accelerator].name
            if state.bids[position]:
                return f"bids must exceed the bid of {state.bids[position]} already at the {name}"
            return "the smallest bid is 1 eV"
        return None
    if phase is EJECTION:
        assert state.sealed is not None
        chosen = len(state.sealed.choices[seat])
        if isinstance(action, Eject):
            if chosen >= state.maximums[seat]:
                return f"you may eject at most {plural(state.maximums[seat], 'card')} this round"
            if not state.hands[base + action.kind]:
                return f"you have no {CARDS[action.kind].name} left in hand to eject"
            return None
        if isinstance(action, Ready):
            if chosen < state.minimums[seat]:
                return (f"with your hand you must eject {plural(state.minimums[seat], 'card')}; "
                        f"you have chosen {chosen}")
            return None
        return "in the Ejection phase you choose cards to eject ('eject up') and then say 'ready'"
    if phase is DISCOVERY:
        if state.stage == 2:
            if isinstance(action, Pass):
                return None
            if not isinstance(action, Raise):
                return f"an auction for {CARDS[state.auction_card].name} is on: 'raise N' or 'pass'"
            if action.amount <= state.high_bid:
                return f"a bid must beat the high bid of {state.high_bid} eV"
            if action.amount > state.ev[seat]:
                return f"a bid may not exceed your eV: you have {state.ev[seat]}"
            return None
        if isinstance(action, Pass):
            return None
        if not isinstance(action, Discover):
            return "you may start a discovery ('discover gluon 2') or 'pass'"
        if action.kind not in state.zone:
            return f"there is no {CARDS[action.kind].name} in the Discovery Zone"
        if action.amount < state.min_bid:
            return f"the starting bid is at least {state.min_bid} eV now"
        if action.amount > state.ev[seat]:
            return f"a bid may not exceed your eV: you have {state.ev[seat]}"
        return None
    if phase is QUEST:
        if isinstance(action, Done):
            return None
        if not isinstance(action, Complete):
            return "in the Quest phase you complete Quests ('complete proton') or say 'done'"
        return why_not_complete(state, seat, action)
    return "nothing can be done now"


def apply(state: QuirkyQuarksState, seat: int, action: Action) -> None:
    """Carry out ``action``, legal for ``seat``, and run the flow on to the next decision."""
    base = seat * KINDS
    if state.neutrino_seat >= 0 or state.pending_draws:
        if isinstance(action, Draw):
            kind = state.decks[action.deck].draw(state.chance)
            state.log_event("draw", seat, seat, action.deck, kind)  # the draw, then a Neutrino it reveals
            state.renew(action.deck)
            state._gain(seat, kind)
            if state.neutrino_seat >= 0:
                state.neutrino_draws -= 1
            else:
                owner, count = state.pending_draws[0]
                rest = state.pending_draws[1:]
                state.pending_draws = ((owner, count - 1), *rest) if count > 1 else rest
        else:
            assert isinstance(action, Discard)
            state._finish_neutrino(action.kind)
    elif isinstance(action, Bid):
        position = state.accelerators.index(action.accelerator)
        outbid = state.holders[position]
        if outbid >= 0:
            state.placed[outbid] = -1
        state.bids[position], state.holders[position] = action.amount, seat
        state.placed[seat] = position
        state.log_event("bid", -1, seat, action.accelerator, action.amount, outbid)
        state.turn = (seat + 1) % state.players
    elif isinstance(action, Eject):
        assert state.sealed is not None
        state.hands[base + action.kind] -= 1
        # No one becomes ready on their own: others learn only what the seat says,
        # never how many cards it has chosen ("When everyone indicates they are ready").
        state.sealed.add(seat, action.kind)
    elif isinstance(action, Ready):
        assert state.sealed is not None
        state.sealed.declare_ready(seat)
    elif isinstance(action, Discover):
        state.auction_card, state.high_bid, state.high_bidder = action.kind, action.amount, seat
        state.passed = [False] * state.players
        state.initiated, state.initiator = True, seat
        state.log_event("initiate", -1, seat, action.kind, action.amount)
        state.turn, state.stage = (seat + 1) % state.players, 2
    elif isinstance(action, Raise):
        state.high_bid, state.high_bidder = action.amount, seat
        state.log_event("raise", -1, seat, action.amount)
        state.turn = (seat + 1) % state.players
    elif isinstance(action, Pass):
        if state.stage == 2:
            state.passed[seat] = True
            state.log_event("pass-auction", -1, seat)
            state.turn = (seat + 1) % state.players
        else:
            state.log_event("decline", -1, seat, state.min_bid)
            state.considered += 1
            state.turn = (seat + 1) % state.players
    elif isinstance(action, Complete):
        quests.complete(state, seat, action)
    elif isinstance(action, Done):
        state._next_quest_seat()
    state._advance()
