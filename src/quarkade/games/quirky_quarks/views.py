"""What each seat of Quirky Quarks may know.

Public: eV, hand sizes, revealed Neutrinos, completed Quests, the accelerators and their bids, the Discovery
Zone, deck sizes and the face-up discard piles, who is ready at the sealed ejection, the
log of public events. Private to a seat: its hand, its ejection choice so far, the cards
it drew. After the game ends, everything is revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from quarkade.core.game import View
from quarkade.core.log import read
from quarkade.games.quirky_quarks.components import COMPONENTS, DECK_NAMES, Phase
from quarkade.games.quirky_quarks.quests import GAIN_EV, KINDS, QUESTS

if TYPE_CHECKING:
    from quarkade.games.quirky_quarks.rules import QuirkyQuarksState

CARDS = COMPONENTS.cards
ACCELERATORS = COMPONENTS.accelerators
PHASE_NAMES = ("funding", "research", "ejection", "discovery", "quest", "over")
LOG_LENGTH = 60


# A view names many cards (hands, piles, the Zone, the log): the names are looked up once.
_ID = tuple(card.id for card in CARDS)


def _counts(vector: list[int], kinds: range | tuple[int, ...] | None = None) -> dict[str, int]:
    ids = _ID
    if kinds is None:
        return {ids[k]: count for k, count in enumerate(vector) if count}
    return {ids[k]: vector[k] for k in kinds if vector[k]}


def _ids(kinds: tuple[int, ...] | list[int]) -> list[str]:
    ids = _ID
    return [ids[k] for k in kinds]


def _names(kinds: tuple[int, ...] | list[int]) -> str:
    """Cards by name, a repeated one counted: ``Up Quark ×2, Gluon``; ``nothing`` for none."""
    counts: dict[int, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(CARDS[k].name + (f" ×{n}" if n > 1 else "") for k, n in counts.items()) or "nothing"


def _cards(count: int) -> str:
    return f"{count} card" + ("" if count == 1 else "s")


def describe(event: tuple[Any, ...], viewer: int | None, reveal_all: bool) -> dict[str, Any] | None:
    """A log event as ``viewer`` may read it (None: nothing to show)."""
    kind, private_to = event[0], event[1]
    sees_private = reveal_all or (viewer is not None and viewer == private_to)
    if kind == "deal":
        # The accelerators' cards lie face up: everyone reads them.
        dealt = "; ".join(f"{ACCELERATORS[a].id.upper()} {_names(cards)}" for a, cards in event[3])
        return {"event": kind, "dealt": {ACCELERATORS[a].id: _ids(cards) for a, cards in event[3]},
                "text": f"Round {event[2]}: the accelerators are dealt ({dealt})."}
    if kind == "income":
        parts = "; ".join(f"seat {seat} takes {ev} eV and draws {_cards(draws)}" for seat, ev, draws in event[3])
        return {"event": kind, "income": {str(seat): ev for seat, ev, _ in event[3]},
                "text": f"Funding: {parts}."}
    if kind == "draw":
        seat, deck, card = event[2], event[3], event[4]
        text = f"Seat {seat} draws from the {DECK_NAMES[deck]} deck"
        out: dict[str, Any] = {"event": kind, "seat": seat, "deck": DECK_NAMES[deck]}
        if sees_private and card is not None:
            out["card"] = CARDS[card].id
            text += f": {CARDS[card].name}"
        out["text"] = text + "."
        return out
    if kind == "neutrino":
        return {"event": kind, "seat": event[2], "text": f"Seat {event[2]} reveals a Neutrino."}
    if kind == "neutrino-resolve":
        return {"event": kind, "seat": event[2],
                "text": f"Seat {event[2]} resolves a Neutrino: two draws, then a discard."}
    if kind == "neutrino-discard":
        seat, other = event[2], event[3]
        what = f"the Neutrino and {CARDS[other].name}" if other >= 0 else "the Neutrino"
        return {"event": kind, "seat": seat, "card": CARDS[other].id if other >= 0 else None,
                "text": f"Seat {seat} discards {what}."}
    if kind == "bid":
        seat, accelerator, amount, outbid = event[2:6]
        text = f"Seat {seat} bids {amount} eV at the {ACCELERATORS[accelerator].name}"
        if outbid >= 0:
            text += f", outbidding seat {outbid}"
        return {"event": kind, "seat": seat, "accelerator": ACCELERATORS[accelerator].id, "amount": amount,
                "outbid": outbid if outbid >= 0 else None, "text": text + "."}
    if kind == "claim":
        seat, accelerator, amount, cards = event[2:6]
        names = ", ".join(CARDS[k].name for k in cards) or "nothing"
        return {"event": kind, "seat": seat, "accelerator": ACCELERATORS[accelerator].id, "amount": amount,
                "cards": _ids(cards),
                "text": f"Seat {seat} pays {amount} eV and takes {names} from the {ACCELERATORS[accelerator].name}."}
    if kind == "eject":
        ejected = {seat: _ids(cards) for seat, cards in event[2].items()}
        gains = event[3]
        told = [f"seat {seat} ejects {_names(event[2][seat])} (+{gains.get(seat, 0)} eV)" for seat in sorted(ejected)]
        return {"event": kind, "ejected": {str(s): c for s, c in ejected.items()},
                "text": "Ejections revealed, into the Discovery Zone: " + ("; ".join(told) or "none") + "."}
    if kind == "initiate":
        seat, card, amount = event[2:5]
        return {"event": kind, "seat": seat, "card": CARDS[card].id, "amount": amount,
                "text": f"Seat {seat} starts a discovery of {CARDS[card].name} at {amount} eV."}
    if kind == "raise":
        return {"event": kind, "seat": event[2], "amount": event[3],
                "text": f"Seat {event[2]} bids {event[3]} eV."}
    if kind == "pass-auction":
        return {"event": kind, "seat": event[2], "text": f"Seat {event[2]} passes."}
    if kind == "decline":
        return {"event": kind, "seat": event[2], "text": f"Seat {event[2]} starts no discovery."}
    if kind == "discovered":
        seat, card, amount = event[2:5]
        return {"event": kind, "seat": seat, "card": CARDS[card].id, "amount": amount,
                "text": f"Seat {seat} pays {amount} eV and takes {CARDS[card].name} from the Discovery Zone."}
    if kind == "zone-discarded":
        return {"event": kind, "cards": _ids(event[2]),
                "text": f"The rest of the Discovery Zone is discarded: {_names(event[2])}."}
    if kind == "complete":
        seat, quest, paid, payment = event[2:6]
        discounts = [CARDS[need].name for need, method in payment if method == -1]
        text = f"Seat {seat} completes {CARDS[quest].name}"
        table = CARDS[quest].cost_table  # completed Quests paid from in front of the player
        if paid or table:
            payments = [f"{_names(paid)} from the hand"] if paid else []
            if table:
                payments.append(f"the completed {_names(table)} from the table")
            text += ", paying " + " and ".join(payments)
        if discounts:
            text += f" (discount: {', '.join(discounts)})"
        if quest in GAIN_EV:
            text += f", and takes {GAIN_EV[quest]} eV"
        return {"event": kind, "seat": seat, "quest": CARDS[quest].id, "paid": _ids(paid),
                "paid_from_table": _ids(table), "text": text + "."}
    if kind == "over":
        return {"event": kind, "text": "The game is over: final scoring."}
    return None


def make_view(state: QuirkyQuarksState, seat: int | None) -> View:
    n = state.players
    over = state.is_over
    sealed = state.sealed
    players = []
    for s in range(n):
        held = state.hand_size(s)
        if sealed is not None and s in sealed.choices:
            held += len(sealed.choices[s])  # chosen cards stay in hand until the reveal
        entry: dict[str, Any] = {
            "seat": s,
            "ev": state.ev[s],
            "hand_size": held,
            "neutrinos": state.neutrinos[s],  # revealed, waiting to be resolved, not in the hand
            "completed": _counts(state.completed(s), QUESTS),
            "researcher": ACCELERATORS[state.accelerators[state.placed[s]]].id if state.placed[s] >= 0 else None,
        }
        if sealed is not None and s in sealed.ready:
            entry["ready"] = sealed.ready[s]
            entry["must_eject"] = [state.minimums[s], state.maximums[s]]
        if over:
            quest_points, bonus, ev = state.points(s)
            entry["score"] = {"quests": quest_points, "bonus": bonus, "ev": ev, "total": quest_points + bonus + ev}
            entry["hand"] = _counts(state.hand(s))
        players.append(entry)
    accelerators = []
    for position, accelerator in enumerate(state.accelerators):
        a = ACCELERATORS[accelerator]
        accelerators.append({
            "id": a.id,
            "name": a.name,
            "cards": _ids(state.accel_cards[position]),
            "bid": state.bids[position] if state.phase is Phase.RESEARCH else 0,
            "holder": state.holders[position] if state.phase is Phase.RESEARCH and state.holders[position] >= 0
            else None,
        })
    decks = {}
    for index, deck in enumerate(state.decks):
        discards = [0] * KINDS
        for kind in deck.discards:
            discards[kind] += 1
        decks[DECK_NAMES[index]] = {"cards": len(deck.cards), "discards": _counts(discards)}
    data: dict[str, Any] = {
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "stage": state.stage,
        "starting_physicist": state.sp,
        "to_act": list(state.to_act),
        "players": players,
        "accelerators": accelerators,
        "discovery_zone": _ids(sorted(state.zone)),
        "decks": decks,
        "flow": {
            "turn": state.turn,
            "considered": state.considered,
            "initiator": state.initiator,
            "min_bid": state.min_bid,
            "initiated": state.initiated,
            "auction": None if state.auction_card < 0 else {
                "card": CARDS[state.auction_card].id,
                "high_bid": state.high_bid,
                "high_bidder": state.high_bidder,
                "passed": [s for s in range(n) if state.passed[s]],
            },
            "pending_draws": [list(p) for p in state.pending_draws],
            "setup_deals": [list(d) for d in state.setup_deals],
            "neutrino": None if state.neutrino_seat < 0 else
            {"seat": state.neutrino_seat, "draws_left": state.neutrino_draws},
            "discounts_used": _counts(state.discounts_used),
        },
        "is_over": over,
        "scores": list(state.scores) if over else None,
        "winners": list(state.winners) if over else None,
    }
    if seat is not None:
        data["hand"] = _counts(state.hand(seat))
        if sealed is not None and seat in sealed.choices:
            data["ejecting"] = _ids(sealed.choices[seat])
    log = read(state.log, describe, seat, over, LOG_LENGTH)
    data["log"] = log
    return View("quirky-quarks", seat, data)
