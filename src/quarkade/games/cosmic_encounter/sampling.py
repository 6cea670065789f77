"""Determinization: a full Cosmic Encounter state consistent with one seat's view.

The view is copied; what it hides is drawn with the caller's generator: the other hands and
sealed challenge cards (from the cards unaccounted for), the deck's order and the destiny
pile's order. A hidden hand of a main player still to play holds a challenge card, and a
hidden sealed card is one (the flow has made sure of both); the hand Mind saw is that hand.
"""

from __future__ import annotations

from typing import Any

from quarkade.core.chance import Chance
from quarkade.core.flow import Deck, Sealed
from quarkade.core.game import View
from quarkade.games.cosmic_encounter.actions import BASES, SIDES
from quarkade.games.cosmic_encounter.components import DESTINY_PER_COLOUR, Card, deck_cards
from quarkade.games.cosmic_encounter.powers import POWER_NAMES
from quarkade.games.cosmic_encounter.rules import CosmicEncounter, CosmicState, Step


def _planet(name: str | None) -> int:
    if name is None:
        return -1
    system, planet = name.split(".")
    return int(system) * 5 + int(planet)


_TABLES: dict[int, tuple[tuple[Card, ...], DeckTables]] = {}
DeckTables = tuple[dict[str, int], dict[str, list[int]], tuple[bool, ...]]


def _deck_tables(cards: tuple[Card, ...]) -> DeckTables:
    """The deck's first card id of each face, every id of each face, and which ids are
    challenge cards: worked out once a deck (kept by its identity, as ``views.face_infos``)."""
    found = _TABLES.get(id(cards))
    if found is None or found[0] is not cards:
        first_id: dict[str, int] = {}
        faces: dict[str, list[int]] = {}
        for card_id, card in enumerate(cards):
            first_id.setdefault(card.face, card_id)
            faces.setdefault(card.face, []).append(card_id)
        found = _TABLES[id(cards)] = (cards, (first_id, faces, tuple(card.is_challenge for card in cards)))
    return found[1]


def sample_state(game: CosmicEncounter, view: View, chance: Chance) -> CosmicState:
    data = view  # read key by key: the log, which sampling does not need, is never made
    seat: int | None = view.seat
    n = game.players
    s = CosmicState()
    s.game, s.seed, s.history, s._legal, s.log = game, 0, [], None, None
    s.chance = Chance(chance.next64())
    s.players = n
    s.figures = {"challenges": 0, "quark_played": 0, "quark_decided": 0}  # statistics, not play
    s.quarks, s.edicts, s.flares = game.options["quarks"], game.options["edicts"], game.options["flares"]
    s.cards = deck_cards(game.options["deck"], s.quarks, s.edicts, POWER_NAMES if s.flares else ())
    s.tokens = [list(p["tokens"]) for p in data["planets"]]
    players = data["players"]
    s.warp = [p["warp"] for p in players]
    s.removed = [p["removed"] for p in players]
    s.powers = tuple(-1 if p["power"] is None else POWER_NAMES.index(p["power"]) for p in players)
    s.zapped = [p["zapped"] for p in players]
    s.flared = [-1 if p["flare"] is None else POWER_NAMES.index(p["flare"]) for p in players]
    s.flare_super = [p["flare_super"] for p in players]
    s.square = -1 if data["square"] is None else data["square"]
    s.turn, s.offence, s.challenge = data["turn"], data["offence"], data["challenge"]
    s.step = Step(data["step"])
    e = data["encounter"]
    s.window = e["window"] or ""
    s.drawn = -1 if e["drawn"] is None else e["drawn"]
    s.target = _planet(e["target"])
    s.defender = -1 if e["defender"] is None else e["defender"]
    s.cone = e["cone"]
    s.invited = [sum(1 << SIDES.index(side) for side in sides) for sides in e["invited"]]
    s.ally_side, s.ally_tokens = [-1] * n, [0] * n
    for ally in e["allies"]:
        s.ally_side[ally["seat"]] = SIDES.index(ally["side"])
        s.ally_tokens[ally["seat"]] = ally["tokens"]
    s.ally_order, s.asking, s.passed = tuple(e["ally_order"]), e["asking"], list(e["passed"])
    s.placements = [(p["seat"], p["kind"], p["count"]) for p in e["placements"]]
    s.resume = ("", ()) if e["resume"] is None else (e["resume"]["then"], tuple(e["resume"]["to_act"]))
    s.rewards, s.success = tuple(e["rewards"]), e["success"]
    first_id, faces, is_challenge = _deck_tables(s.cards)
    result = e["result"]
    s.result = None if result is None else (
        first_id[result["cards"][0]["card"]], first_id[result["cards"][1]["card"]],
        None if result["totals"] is None else (result["totals"][0], result["totals"][1]), result["winner"] or "")
    s.winners_ = tuple(data["winners"] or ())
    s.to_act, s.is_over = tuple(data["to_act"]), s.step is Step.OVER

    # Cards: take the known ones from the pool by face, deal the rest. The copies of a face are
    # alike in every way the rules read, so which of them is taken does not matter: the rest
    # are shuffled together below.
    # (No nested functions: compiled, one and its enclosing scope would hold each other.)
    pool = {face: ids[:] for face, ids in faces.items()}
    discards = [pool[c["card"]].pop() for c in data["deck"]["discards"]]
    hands: list[list[int] | None] = [None] * n
    if seat is not None:
        hands[seat] = [pool[c["card"]].pop() for c in data["hand"]]
    played: dict[int, int] = {}
    s.revealed = bool(e["cards"])
    for main, card in e["cards"].items():
        played[int(main)] = pool[card["card"]].pop()
    if seat is not None and data["own_card"] is not None and seat not in played:
        played[seat] = pool[data["own_card"]["card"]].pop()
    seen = data.get("seen_hand")
    s.seen = None
    seen_ids: list[int] = []
    if seen is not None:
        seen_ids = [pool[c["card"]].pop() for c in seen["cards"]]
        s.seen = (seen["seat"], tuple(seen_ids))
    # The cards the opponent's standing offer names are in its hand while the deal lasts.
    forced: dict[int, list[int]] = {}
    for index, offer in enumerate(e["offers"]):
        proposer = (s.offence, s.defender)[index]
        if s.step is Step.DEAL and offer is not None and offer["give"] is not None and proposer != seat:
            forced[proposer] = [pool[face].pop() for face in offer["give"]]
    unknown = [card_id for ids in pool.values() for card_id in ids]
    chance.shuffle(unknown)
    for main in e["played"]:
        if main in played:
            continue
        if s.seen is not None and main == s.seen[0]:
            played[main] = _pick_challenge(seen_ids, is_challenge)
        else:
            played[main] = _pick_challenge(unknown, is_challenge)
    # The cards stay in play from the first played to the outcome (the reveal window included).
    s.sealed = Sealed(list(s.mains) if s.step in (Step.CARDS, Step.DEAL) or s.window == "reveal" else [])
    for main, card_id in played.items():
        s.sealed.add(main, card_id)
        s.sealed.declare_ready(main)
    for other in range(n):
        if hands[other] is not None:
            continue
        if s.seen is not None and other == s.seen[0]:
            hands[other] = seen_ids
            continue
        known = forced.get(other, [])
        size = players[other]["hand_size"] - len(known)
        hand, unknown = known + unknown[:size], unknown[size:]
        needs_challenge = s.step is Step.CARDS and other in (s.offence, s.defender) and other not in played
        if needs_challenge and not any(is_challenge[c] for c in hand) and hand:
            swap = next((i for i, c in enumerate(unknown) if is_challenge[c]), -1)
            if swap >= 0:
                hand[0], unknown[swap] = unknown[swap], hand[0]
        hands[other] = hand
    s.hands = [hand if hand is not None else [] for hand in hands]
    s.offers = [None if offer is None else _offer(s, offer, (s.offence, s.defender)[index])
                for index, offer in enumerate(e["offers"])]
    most = s.game.options["deal_offers"]
    s.offers_made = (most - e["offers_left"][0], most - e["offers_left"][1])
    s.deck = Deck(unknown, discards)
    colours = [colour for colour in range(n) for _ in range(DESTINY_PER_COLOUR)]
    for colour in data["destiny"]["discards"]:
        colours.remove(colour)
    chance.shuffle(colours)
    s.destiny = Deck(colours, list(data["destiny"]["discards"]))
    return s


def _pick_challenge(cards: list[int], is_challenge: tuple[bool, ...]) -> int:
    """The first challenge card of ``cards``, taken from them."""
    index = next(i for i, c in enumerate(cards) if is_challenge[c])
    return cards.pop(index)


def _offer(s: CosmicState, offer: dict[str, Any], proposer: int) -> tuple[tuple[str, ...], int, int]:
    """A standing offer; faces the view hides are drawn from the proposer's sampled hand (a
    hidden offer's faces are seen by no one the sample is for)."""
    give = offer["give"]
    if give is None:
        faces = [s.cards[card].face for card in [*s.hands[proposer], *range(len(s.cards))]]
        give = faces[:offer["gives"]]
    return tuple(sorted(give)), offer["get"], BASES.index(offer["base"])
