"""Determinization: a full Quirky Circuits state consistent with one seat's view.

The board, the robot, the battery, the flow and every face-up card are copied from the
view. What it hides is dealt at random with the caller's generator from the cards
unaccounted for: each face-down queue card gets a card with the same back (move or turn),
then the other hands their sizes, and the rest forms the deck in a random order.
"""

from __future__ import annotations

from typing import Any

from quarkade.core.chance import Chance
from quarkade.core.game import View
from quarkade.games.quirky_circuits.components import CARD_BY_ID, COMPONENTS, Direction, Token, card_back
from quarkade.games.quirky_circuits.rules import QuirkyCircuits, QuirkyCircuitsState


def sample_state(game: QuirkyCircuits, view: View, chance: Chance) -> QuirkyCircuitsState:
    data: dict[str, Any] = view.to_json()
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
    result = data["result"]
    s.result = result["outcome"]
    s.won_at = s.battery if s.result == "won" else 0
    players = data["players"]
    s.played = [p["played"] for p in players]
    s.done = [p["done"] for p in players]
    s.stopped = [p["stopped"] for p in players]
    s.beeped = [p["beeped"] for p in players]
    turn = data["turn"]
    s.turn, s.passes, s.turn_played = (turn["seat"], turn["passes"], turn["played"]) if turn else (0, 0, 0)

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
    chance.shuffle(unknown)
    for index, (seat, card) in enumerate(queue):
        if card < 0:
            # The true queue is one way to fill these slots by back, so a card always fits.
            back = data["queue"][index]["back"]
            pick = next(i for i, c in enumerate(unknown) if card_back(c) == back)
            queue[index] = (seat, unknown.pop(pick))
    s.queue = queue
    s.hands = []
    for p in players:
        if p["seat"] in known_hands:
            hand = known_hands[p["seat"]]
        else:
            hand, unknown = unknown[: p["hand_size"]], unknown[p["hand_size"]:]
        s.hands.append(sorted(hand))
    s.deck = unknown
    s._to_act = tuple(data["to_act"])
    return s
