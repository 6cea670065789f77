"""What each seat of Quirky Quarks may know.

Public: eV, hand sizes, revealed Neutrinos, completed Quests, the accelerators and their bids, the Discovery
Zone, deck sizes and the face-up discard piles, who is ready at the sealed ejection, the
log of public events. Private to a seat: its hand, its ejection choice so far, the cards
it drew. After the game ends, everything is revealed.
"""

from __future__ import annotations

from functools import partial
from itertools import compress
from typing import TYPE_CHECKING, Any, Final

from quarkade.core.game import View
from quarkade.core.log import read
from quarkade.games.quirky_quarks.components import COMPONENTS, DECK_NAMES, OVER, RESEARCH
from quarkade.games.quirky_quarks.quests import GAIN_EV, KINDS, QUESTS

if TYPE_CHECKING:
    from quarkade.games.quirky_quarks.rules import QuirkyQuarksState

CARDS: Final = COMPONENTS.cards
ACCELERATORS: Final = COMPONENTS.accelerators
PHASE_NAMES: Final = ("funding", "research", "ejection", "discovery", "quest", "over")
LOG_LENGTH: Final = 60


# A view names many cards (hands, piles, the Zone, the log): the names are looked up once.
_ID: Final = tuple(card.id for card in CARDS)
DECK_WORDS: Final = ("Particle", "Quest I", "Quest II")  # the decks as the rulebook names them, for log lines


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
    if kind == "reshuffle":
        deck, count = event[2], event[3]
        return {"event": kind, "deck": DECK_NAMES[deck], "cards": count,
                "text": f"The {DECK_WORDS[deck]} deck has run out: its {count} discarded "
                        f"card{'s are' if count != 1 else ' is'} shuffled into a new deck."}
    if kind == "draw":
        seat, deck, card = event[2], event[3], event[4]
        text = f"Seat {seat} draws from the {DECK_WORDS[deck]} deck"
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
        # A seat not asked to eject (under five cards) may still gain eV (Down Annihilation).
        told = [f"seat {seat} ejects {_names(event[2][seat]) if seat in ejected else 'nothing'} (+{gains[seat]} eV)"
                for seat in sorted(gains) if seat in ejected or gains[seat]]
        return {"event": kind, "ejected": {str(s): c for s, c in ejected.items()},
                "gains": {str(s): gain for s, gain in sorted(gains.items())},
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


# What a view shows of each accelerator whatever the state: made once.
_ACCELERATOR_IDS: Final = tuple(a.id for a in ACCELERATORS)
_ACCELERATOR_NAMES: Final = tuple(a.name for a in ACCELERATORS)
# Quests are the kinds from _FIRST_QUEST on: a table's Quests are a slice of it.
_FIRST_QUEST: Final = QUESTS[0]
_QUEST_IDS: Final = tuple(_ID[k] for k in QUESTS)
_KIND_RANGE: Final = range(KINDS)
if tuple(range(_FIRST_QUEST, KINDS)) != QUESTS:
    raise ValueError("the Quests are expected after the Elementary Particles in the card data")


class QuirkyQuarksView(View):
    """A Quirky Quarks view that also keeps the figures its own seat's entry and hand are named
    from, for a bot that reads them at every decision without the dictionaries the parts are
    made of. They tell nothing the parts do not: the seat's own hand (``hand_counts``, cards by
    kind; None for a spectator) and completed Quests (``completed_counts``, by kind), its eV,
    the cards at each accelerator in play (``accelerator_cards``, by position in
    ``accelerators``) and the card auctioned now (``auction_card``, -1 for none). They are the
    view's own and not to be changed. A view pickled or copied is a plain View: a reader falls
    back to the keys."""

    __slots__ = ("hand_counts", "completed_counts", "own_ev", "accelerators", "accelerator_cards", "auction_card")

    hand_counts: list[int] | None
    completed_counts: list[int]
    own_ev: int
    accelerators: tuple[int, ...]
    accelerator_cards: tuple[tuple[int, ...], ...]
    auction_card: int


def make_view(state: QuirkyQuarksState, seat: int | None) -> QuirkyQuarksView:
    """The view of ``seat``. Its few figures are made now; the players, the hand, the flow, the
    log, the accelerators, the Discovery Zone and the decks are lazy parts, made from what the
    state held when the view was made (the persistent log and the tuples as they are, the lists
    that change in place copied now), so a part read later reads the same view."""
    n = state.players
    phase = state.phase
    over = phase is OVER
    sealed = state.sealed
    hands, table = state.hands, state.table
    accelerators, accel_cards, auction_card = state.accelerators, state.accel_cards, state.auction_card
    data: dict[str, Any] = {
        "round": state.round,
        "phase": PHASE_NAMES[phase],
        "stage": state.stage,
        "starting_physicist": state.sp,
        "to_act": list(state._to_act),
        "is_over": over,
        "scores": list(state.scores) if over else None,
        "winners": list(state.winners) if over else None,
    }
    # Only the sealed ejection and the end add to the players' entries: their figures are
    # taken now (the choices change in place; the bounds are replaced, never changed).
    chosen = ready = bounds = scored = None
    if sealed is not None:
        chosen = {s: len(cards) for s, cards in sealed.choices.items()}
        ready = sealed.ready.copy()
        bounds = (state.minimums, state.maximums)
    if over:
        scored = [state.points(s) for s in range(n)]
    # Bids and holders change in place during the Research phase: the part reads copies.
    bids, holders = (state.bids[:], state.holders[:]) if phase is RESEARCH else (None, None)
    particles, quests_i, quests_ii = state.decks
    used = state.discounts_used
    table_now = table[:]
    parts: dict[str, Any] = {
        "players": partial(_players, hands[:], table_now, state.ev[:], state.neutrinos[:], state.placed[:],
                           accelerators, chosen, ready, bounds, scored),
        "accelerators": partial(_accelerators, accelerators, accel_cards, bids, holders),
        "discovery_zone": partial(_zone, state.zone),
        "decks": partial(_decks, len(particles.cards), particles.discards[:], len(quests_i.cards),
                         quests_i.discards[:], len(quests_ii.cards), quests_ii.discards[:]),
        # The figures are kept now (the lists that change in place copied), the dictionary
        # made when it is read.
        "flow": partial(_flow, state.turn, state.considered, state.initiator, state.min_bid, state.initiated,
                        auction_card, state.high_bid, state.high_bidder,
                        state.passed[:] if auction_card >= 0 else None, state.pending_draws, state.setup_deals,
                        state.neutrino_seat, state.neutrino_draws, used[:] if any(used) else None),
        "log": partial(read, state.log, describe, seat, over, LOG_LENGTH),
    }
    own = None
    mine = 0 if seat is None else seat  # a spectator's figures are the first seat's public ones
    if seat is not None:
        own = hands[seat * KINDS : seat * KINDS + KINDS]
        parts["hand"] = partial(_held, _ID, own)
        if sealed is not None and seat in sealed.choices:
            data["ejecting"] = _ids(sealed.choices[seat])
    view = QuirkyQuarksView("quirky-quarks", seat, data, parts)
    view.hand_counts = own
    view.completed_counts = table_now[mine * KINDS : mine * KINDS + KINDS]
    view.own_ev = state.ev[mine] if mine < n else 0
    view.accelerators, view.accelerator_cards, view.auction_card = accelerators, accel_cards, auction_card
    return view


def _players(hands: list[int], table: list[int], ev: list[int], neutrinos: list[int], placed: list[int],
             accelerators: tuple[int, ...], chosen: dict[int, int] | None, ready: dict[int, bool] | None,
             bounds: tuple[list[int], list[int]] | None,
             scored: list[tuple[int, int, int]] | None) -> list[dict[str, Any]]:
    """What everyone sees of each player: eV, hand size (the chosen cards of a sealed ejection
    still in it), revealed Neutrinos, completed Quests, researcher; who is ready at the sealed
    ejection and its bounds; the score and the hand once the game is over."""
    completed = _completed(table)
    players = []
    for s in range(len(ev)):
        position = placed[s]
        base = s * KINDS
        entry: dict[str, Any] = {
            "seat": s,
            "ev": ev[s],
            "hand_size": sum(hands[base : base + KINDS]),
            "neutrinos": neutrinos[s],  # revealed, waiting to be resolved, not in the hand
            "completed": completed[s].copy(),
            "researcher": _ACCELERATOR_IDS[accelerators[position]] if position >= 0 else None,
        }
        if chosen is not None and s in chosen:
            entry["hand_size"] += chosen[s]  # chosen cards stay in hand until the reveal
        if ready is not None and bounds is not None and s in ready:
            entry["ready"] = ready[s]
            entry["must_eject"] = [bounds[0][s], bounds[1][s]]
        if scored is not None:
            quest_points, bonus, points_ev = scored[s]
            entry["score"] = {"quests": quest_points, "bonus": bonus, "ev": points_ev,
                              "total": quest_points + bonus + points_ev}
            entry["hand"] = _counts(hands[base : base + KINDS])
        players.append(entry)
    return players


def _held(ids: tuple[str, ...], counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    """Each card id whose count is not 0, with its count, in the order of the ids (C loops)."""
    return dict(zip(compress(ids, counts), filter(None, counts), strict=True))


# The completed Quests seldom change from one view to the next: the last tables are kept with
# their names, copied into each view while the counts are the same (a reader may change its view).
_LAST_TABLE: Final[list[tuple[list[int], tuple[dict[str, int], ...]]]] = [([], ())]


def _completed(table: list[int]) -> tuple[dict[str, int], ...]:
    """The completed Quests of every seat, named (to be copied into a view)."""
    last = _LAST_TABLE[0]
    if last[0] != table:
        named = tuple(_held(_QUEST_IDS, table[base + _FIRST_QUEST : base + KINDS])
                      for base in range(0, len(table), KINDS))
        last = _LAST_TABLE[0] = (table[:], named)
    return last[1]


def _flow(turn: int, considered: int, initiator: int, min_bid: int, initiated: bool, auction_card: int,
          high_bid: int, high_bidder: int, passed: list[bool] | None, pending: tuple[tuple[int, int], ...],
          deals: tuple[tuple[int, int], ...], neutrino_seat: int, neutrino_draws: int,
          used: list[int] | None) -> dict[str, Any]:
    """Where the flow stands: the turn, the Discovery and its auction, the draws and Neutrinos
    waiting, the discounts used this Quest phase."""
    return {
        "turn": turn,
        "considered": considered,
        "initiator": initiator,
        "min_bid": min_bid,
        "initiated": initiated,
        "auction": None if passed is None else {
            "card": _ID[auction_card],
            "high_bid": high_bid,
            "high_bidder": high_bidder,
            "passed": [s for s, gone in enumerate(passed) if gone],
        },
        "pending_draws": [list(p) for p in pending] if pending else [],
        "setup_deals": [list(d) for d in deals] if deals else [],
        "neutrino": None if neutrino_seat < 0 else {"seat": neutrino_seat, "draws_left": neutrino_draws},
        "discounts_used": _counts(used) if used is not None else {},
    }


def _zone(zone: tuple[int, ...]) -> list[str]:
    return _ids(sorted(zone))


def _accelerators(accelerators: tuple[int, ...], cards: tuple[tuple[int, ...], ...], bids: list[int] | None,
                  holders: list[int] | None) -> list[dict[str, Any]]:
    """The accelerators in play, their cards, and (in the Research phase) each one's bid and holder."""
    out = []
    for position, accelerator in enumerate(accelerators):
        holder = holders[position] if holders is not None else -1
        out.append({
            "id": _ACCELERATOR_IDS[accelerator],
            "name": _ACCELERATOR_NAMES[accelerator],
            "cards": _ids(cards[position]),
            "bid": bids[position] if bids is not None else 0,
            "holder": holder if holder >= 0 else None,
        })
    return out


def _decks(*decks: Any) -> dict[str, Any]:
    """Each deck's size and its face-up discard pile, by card: ``decks`` are the size and the
    discards of each deck in turn."""
    out = {}
    for index, name in enumerate(DECK_NAMES):
        discards = [0] * KINDS
        for kind in decks[2 * index + 1]:
            discards[kind] += 1
        out[name] = {"cards": decks[2 * index], "discards": _counts(discards)}
    return out
