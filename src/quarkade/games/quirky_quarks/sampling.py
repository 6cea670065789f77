"""Determinization: a full Quirky Quarks state consistent with one seat's view.

What the view shows is copied; what it hides (other hands, the order of the decks, the
other seats' sealed ejection choices) is dealt at random from the cards unaccounted for,
with the caller's generator. Neutrinos never sit in a hand (they are revealed as soon as
they are acquired), so hidden hands are dealt from the other cards.
"""

from __future__ import annotations

from typing import Any, Final

from quarkade.core.chance import Chance
from quarkade.core.flow import Deck, Sealed
from quarkade.core.game import View
from quarkade.games.quirky_quarks.components import COMPONENTS, DECK_NAMES, Phase
from quarkade.games.quirky_quarks.quests import KINDS, NEUTRINO
from quarkade.games.quirky_quarks.rules import QuirkyQuarks, QuirkyQuarksState
from quarkade.games.quirky_quarks.views import PHASE_NAMES

CARDS: Final = COMPONENTS.cards
KIND_BY_ID: Final = {card.id: card.kind for card in CARDS}
ACCELERATOR_BY_ID: Final = {a.id: a.index for a in COMPONENTS.accelerators}


def _vector(counts: dict[str, int]) -> list[int]:
    vector = [0] * KINDS
    for card_id, count in counts.items():
        vector[KIND_BY_ID[card_id]] += count
    return vector


def sample_state(game: QuirkyQuarks, view: View, chance: Chance) -> QuirkyQuarksState:
    data: dict[str, Any] = view.to_json()
    seat: int | None = view.seat
    n = game.players
    s = QuirkyQuarksState()
    s.game, s.seed, s.history, s.log = game, 0, [], None
    s.chance = Chance(chance.next64())
    s.players = n
    s.accelerators = tuple(a.index for a in COMPONENTS.accelerators_for(n))
    s.round, s.stage, s.sp = data["round"], data["stage"], data["starting_physicist"]
    s.phase = Phase(PHASE_NAMES.index(data["phase"]))
    flow = data["flow"]
    s.turn, s.considered, s.initiator = flow["turn"], flow["considered"], flow["initiator"]
    s.min_bid, s.initiated = flow["min_bid"], flow["initiated"]
    auction = flow["auction"]
    if auction is None:
        s.auction_card, s.high_bid, s.high_bidder, s.passed = -1, 0, -1, [False] * n
    else:
        s.auction_card, s.high_bid = KIND_BY_ID[auction["card"]], auction["high_bid"]
        s.high_bidder = auction["high_bidder"]
        s.passed = [p in auction["passed"] for p in range(n)]
    s.pending_draws = tuple((p, c) for p, c in flow["pending_draws"])
    s.setup_deals = tuple((p, d) for p, d in flow["setup_deals"])
    neutrino = flow["neutrino"]
    s.neutrino_seat, s.neutrino_draws = (-1, 0) if neutrino is None else (neutrino["seat"], neutrino["draws_left"])
    s.discounts_used = _vector(flow["discounts_used"])
    s.ev = [p["ev"] for p in data["players"]]
    s.neutrinos = [p["neutrinos"] for p in data["players"]]
    s.table = [0] * (n * KINDS)
    s.hands = [0] * (n * KINDS)
    accounted = [0] * KINDS
    for p in data["players"]:
        for card_id, count in p["completed"].items():
            s.table[p["seat"] * KINDS + KIND_BY_ID[card_id]] = count
            accounted[KIND_BY_ID[card_id]] += count
    s.placed = [-1] * n
    s.bids, s.holders = [0] * len(s.accelerators), [-1] * len(s.accelerators)
    accel_cards = []
    for position, a in enumerate(data["accelerators"]):
        kinds = tuple(KIND_BY_ID[c] for c in a["cards"])
        accel_cards.append(kinds)
        for kind in kinds:
            accounted[kind] += 1
        s.bids[position] = a["bid"]
        if a["holder"] is not None:
            s.holders[position] = a["holder"]
            s.placed[a["holder"]] = position
    s.accel_cards = tuple(accel_cards)
    s.zone = tuple(KIND_BY_ID[c] for c in data["discovery_zone"])
    for kind in s.zone:
        accounted[kind] += 1
    accounted[NEUTRINO] += sum(s.neutrinos) + (s.neutrino_seat >= 0)
    deck_sizes = []
    s.decks = []
    for name in DECK_NAMES:
        d = data["decks"][name]
        discards = [KIND_BY_ID[c] for c, count in d["discards"].items() for _ in range(count)]
        for kind in discards:
            accounted[kind] += 1
        s.decks.append(Deck([], discards))
        deck_sizes.append(d["cards"])

    # Hands that the view shows: one's own, or every hand once the game is over.
    known_hands: dict[int, list[int]] = {}
    if seat is not None and "hand" in data:
        known_hands[seat] = _vector(data["hand"])
    for p in data["players"]:
        if "hand" in p:
            known_hands[p["seat"]] = _vector(p["hand"])
    own_choice = [KIND_BY_ID[c] for c in data.get("ejecting", [])]
    for holder, vector in known_hands.items():
        for kind in range(KINDS):
            s.hands[holder * KINDS + kind] = vector[kind]
            accounted[kind] += vector[kind]
    for kind in own_choice:
        accounted[kind] += 1

    # The cards unaccounted for are in hidden hands (and hidden ejection choices) or in the decks.
    unknown: list[list[int]] = [[], [], []]
    for card in CARDS:
        missing = card.count - accounted[card.kind]
        unknown[card.deck].extend([card.kind] * missing)
    for_hands: list[int] = []
    for deck, cards in enumerate(unknown):
        chance.shuffle(cards)
        cards.sort(key=lambda k: k == NEUTRINO)  # stable: Neutrinos last, so they stay in the deck
        in_hands = max(0, len(cards) - deck_sizes[deck])
        for_hands.extend(cards[:in_hands])
        s.decks[deck].cards = cards[in_hands:]
        chance.shuffle(s.decks[deck].cards)
    chance.shuffle(for_hands)
    hidden_choices: dict[int, list[int]] = {}
    for p in data["players"]:
        holder = p["seat"]
        if holder in known_hands:
            continue
        dealt, for_hands = for_hands[: p["hand_size"]], for_hands[p["hand_size"] :]
        if p.get("ready"):
            # A seat that is ready has chosen at least its minimum; its choice stays sealed.
            chosen = p["must_eject"][0]
            hidden_choices[holder], dealt = dealt[:chosen], dealt[chosen:]
        for kind in dealt:
            s.hands[holder * KINDS + kind] += 1

    if s.phase is Phase.EJECTION and s.stage == 2:
        seats = [p["seat"] for p in data["players"] if "ready" in p]
        s.sealed = Sealed(seats)
        s.minimums = [p.get("must_eject", [0, 0])[0] for p in data["players"]]
        s.maximums = [p.get("must_eject", [0, 0])[1] for p in data["players"]]
        for p in data["players"]:
            holder = p["seat"]
            if "ready" not in p:
                continue
            if holder == seat:
                s.sealed.choices[holder] = list(own_choice)
                # one's own chosen cards are counted in the public hand size, not in the hand
            elif holder in hidden_choices:
                s.sealed.choices[holder] = hidden_choices[holder]
            if p["ready"]:
                s.sealed.declare_ready(holder)
    else:
        s.sealed = None
        s.minimums, s.maximums = [0] * n, [0] * n
    # The flow, not the view, says who acts: it must reach the same seats from any state
    # consistent with the view, or it would be reading hidden cards.
    s._advance()
    return s
