"""Determinization: a full Quirky Circuits state consistent with one seat's view.

The board, the robot, the battery, the flow and every face-up card are copied from the
view. What it hides is dealt at random with the caller's generator from the cards
unaccounted for: each face-down queue card gets a card with the same back (move or turn);
each layer of the deck that holds a revealed queue's cards gets cards from that queue; the
other hands get their sizes, and the rest forms the deck. A deal that breaks what the table
can deduce (a layer's cards, or the Quirk rule: a player who played a blue card this round
played no Quirk card after it and holds none) is dealt again, a few times at most.
"""

from __future__ import annotations

from collections import Counter

from quarkade.core.chance import Chance
from quarkade.core.game import View
from quarkade.games.quirky_circuits.components import CARD_BY_ID, COMPONENTS, Direction, Token, card_back, is_quirk
from quarkade.games.quirky_circuits.rules import QuirkyCircuits, QuirkyCircuitsState

ATTEMPTS = 30


def sample_state(game: QuirkyCircuits, view: View, chance: Chance) -> QuirkyCircuitsState:
    data = view  # read key by key: the log, which a sample does not need, is never made
    n = game.players
    scenario = COMPONENTS.scenario(data["scenario"]["id"])
    s = QuirkyCircuitsState.__new__(QuirkyCircuitsState)
    s.game, s.seed, s.history, s.log, s._legal = game, 0, [], None, None
    s.chance = Chance(chance.next64())
    s.players, s.scenario = n, scenario
    s.practice, s.pacing = data["practice"], data["pacing"]
    s.round, s.battery = data["round"], data["battery"]["level"]
    s.space, s.facing = tuple(data["robot"]["space"]), Direction[data["robot"]["facing"].upper()]
    s.tokens = tuple(Token(t["token"], tuple(t["space"]), t["raised"]) for t in data["tokens"])
    s.execution = tuple(data["execution"])
    s.result = data["result"]["outcome"]
    s.won_at = s.battery if s.result == "won" else 0
    players = data["players"]
    s.played = [p["played"] for p in players]
    s.done = [p["done"] for p in players]
    s.stopped = [p["stopped"] for p in players]
    s.beeped = [p["beeped"] for p in players]
    turn = data["turn"]
    s.turn, s.passes, s.turn_played = (turn["seat"], turn["passes"], turn["played"]) if turn else (0, 0, 0)
    s.layers = tuple(
        (layer["cards"], tuple(CARD_BY_ID[c] for c in layer["from"]) if layer["from"] else ())
        for layer in data["deck"]["layers"]
    )

    # The cards the view names are accounted for; the rest are dealt where the view is blind.
    unknown = list(scenario.deck)
    known_hands: dict[int, list[int]] = {}
    if view.seat is not None and "hand" in data:
        known_hands[view.seat] = [CARD_BY_ID[c] for c in data["hand"]]
    for p in players:
        if "hand" in p:
            known_hands[p["seat"]] = [CARD_BY_ID[c] for c in p["hand"]]
    for hand in known_hands.values():
        for card in hand:
            unknown.remove(card)
    queue: list[tuple[int, int]] = []
    for entry in data["queue"]:
        card = CARD_BY_ID[entry["card"]] if entry["card"] is not None else -1
        if card >= 0:
            unknown.remove(card)
        queue.append((entry["seat"], card))
    backs = [entry["back"] for entry in data["queue"]]
    sizes = {p["seat"]: p["hand_size"] for p in players if p["seat"] not in known_hands}
    for _ in range(ATTEMPTS):
        deal, sound = _deal(unknown, queue, backs, sizes, s.layers, chance)
        if sound and _quirks_in_order(deal[0], deal[1]):
            break
    s.queue, hidden, s.deck = deal
    s.hands = [sorted(known_hands[seat] if seat in known_hands else hidden[seat]) for seat in range(n)]
    s._to_act = tuple(data["to_act"])
    return s


Deal = tuple[list[tuple[int, int]], dict[int, list[int]], list[int]]


def _deal(unknown: list[int], queue: list[tuple[int, int]], backs: list[str], sizes: dict[int, int],
          layers: tuple[tuple[int, tuple[int, ...]], ...], chance: Chance) -> tuple[Deal, bool]:
    """One deal of the unknown cards: (queue, hidden hands, deck), and whether every layer of
    the deck got cards of its own queue."""
    cards = unknown[:]
    chance.shuffle(cards)
    filled = queue[:]
    for index, (seat, card) in enumerate(filled):
        if card < 0:
            # The true queue is one way to fill these slots by back, so a card always fits.
            pick = next(i for i, c in enumerate(cards) if card_back(c) == backs[index])
            filled[index] = (seat, cards.pop(pick))
    sound = True
    parts: list[list[int]] = []
    for count, pool in layers:
        part: list[int] = []
        if pool:
            wanted = Counter(pool)
            for i, c in enumerate(cards):
                if len(part) == count:
                    break
                if wanted[c] > 0:
                    wanted[c] -= 1
                    part.append(c)
                    cards[i] = -1
            cards = [c for c in cards if c >= 0]
            sound = sound and len(part) == count
        parts.append(part)
    hands: dict[int, list[int]] = {}
    for seat, size in sizes.items():
        hands[seat], cards = cards[:size], cards[size:]
    for part, (count, _) in zip(parts, layers, strict=True):
        missing = count - len(part)
        part.extend(cards[:missing])
        cards = cards[missing:]
    deck = [card for part in reversed(parts) for card in part]  # the top of the deck is its end
    return (filled, hands, deck), sound


def _quirks_in_order(queue: list[tuple[int, int]], hands: dict[int, list[int]]) -> bool:
    """Quirk cards come before a player's other cards this round, and a player who played a
    blue card holds no Quirk card."""
    blue_played: set[int] = set()
    for seat, card in queue:
        if is_quirk(card):
            if seat in blue_played:
                return False
        else:
            blue_played.add(seat)
    return not any(seat in blue_played and any(map(is_quirk, hand)) for seat, hand in hands.items())
