"""What a seat may do now: its legal actions, and the reason any other action is refused."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from quarkade.core.game import Action
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
    Draw,
    Eject,
    Raise,
    bid_range,
    discover_range,
    raise_range,
)
from quarkade.games.quirky_quarks.components import COMPONENTS, DECK_NAMES, DISCOVERY, EJECTION, QUEST, RESEARCH
from quarkade.games.quirky_quarks.quests import CARDS, KINDS, NEUTRINO, completions, why_not_complete

if TYPE_CHECKING:
    from quarkade.games.quirky_quarks.rules import QuirkyQuarksState


def legal_actions(state: QuirkyQuarksState, seat: int) -> list[Action]:
    if seat not in state.to_act:
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
                actions.extend(bid_range(accelerator, low, ev))
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
        actions = []
        for kind in sorted(set(state.zone)):
            actions.extend(discover_range(kind, state.min_bid, state.ev[seat]))
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
                return f"you may eject at most {state.maximums[seat]} card(s) this round"
            if not state.hands[base + action.kind]:
                return f"you have no {CARDS[action.kind].name} left in hand to eject"
            return None
        if action == READY:
            if chosen < state.minimums[seat]:
                return (f"with your hand you must eject {state.minimums[seat]} card(s); "
                        f"you have chosen {chosen}")
            return None
        return "in the Ejection phase you choose cards to eject ('eject up') and then say 'ready'"
    if phase is DISCOVERY:
        if state.stage == 2:
            if action == PASS:
                return None
            if not isinstance(action, Raise):
                return f"an auction for {CARDS[state.auction_card].name} is on: 'raise N' or 'pass'"
            if action.amount <= state.high_bid:
                return f"a bid must beat the high bid of {state.high_bid} eV"
            if action.amount > state.ev[seat]:
                return f"a bid may not exceed your eV: you have {state.ev[seat]}"
            return None
        if action == PASS:
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
        if action == DONE:
            return None
        if not isinstance(action, Complete):
            return "in the Quest phase you complete Quests ('complete proton') or say 'done'"
        return why_not_complete(state, seat, action)
    return "nothing can be done now"
