"""The cooperative heuristic bot of Quirky Circuits.

It plays from its view alone: the board, the robot, its own hand, the backs of the queue's
cards and the faces of those it played itself. It fills the face-down cards of the queue a
few times at random, each time with unaccounted-for cards of the same back (move or turn),
and follows the robot through the queue. Then it plans its own cards: for each card it may
play, the best it could still reach by playing more of its hand (or stopping), measured by
``Navigator.estimate`` (about how many cards the goal still needs), averaged over the
fillings. It says done (or passes, or ends its pacing turn) when stopping is at least as
good as any card, as soon as the minimums allow. It never uses the signals "stop" and
"Beep-boop": they tell nothing about the cards.
"""

from __future__ import annotations

import math
from typing import Any

from quarkade.core.bots import Bot, register_bot
from quarkade.core.game import Action, View
from quarkade.games.quirky_circuits.actions import DONE, PASS, Play
from quarkade.games.quirky_circuits.components import (
    BACKS,
    CARD_BY_ID,
    COMPONENTS,
    Direction,
    Token,
    card_back,
    is_quirk,
)
from quarkade.games.quirky_circuits.rules import QUEUE_MINIMUM
from quarkade.games.quirky_circuits.solver import WIN, Navigator, navigator

FILLINGS = 8  # random fillings of the face-down queue cards per decision
TEMPERATURE = 2.0  # how much likelier a filling is that leaves the robot nearer its goal
WIN_SCORE = -2.0  # a filling that already meets the goal, counted as slightly better than home
WIN_VALUE = -1000.0  # a queue that meets the goal beats any estimate
CARD_COST = 0.001  # of two equal plans, the shorter: fewer cards for the others to disturb


class QuirkyCircuitsHeuristic(Bot):
    kind = "heuristic"

    def choose(self, view: View, legal: list[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        stop = DONE if DONE in legal else PASS if PASS in legal else None
        if not plays:
            return stop if stop is not None else legal[0]
        data: dict[str, Any] = view.data
        nav = navigator(data["scenario"]["id"])
        seat = view.seat if view.seat is not None else 0
        hand = [CARD_BY_ID[name] for name in data.get("hand", [])]
        ends = self._queue_ends(nav, data, hand)
        # The others chose their cards to help: a filling that leaves the robot better off is
        # the likelier (weights fall by e for every TEMPERATURE cards more still needed).
        scores = {end: WIN_SCORE if end == WIN else nav.estimate(end) for end in set(ends)}
        least = min(scores.values())
        weights: dict[int, float] = {}
        for end in ends:
            weights[end] = weights.get(end, 0.0) + math.exp((least - scores[end]) / TEMPERATURE)
        winning = weights.pop(WIN, 0.0)
        if winning >= sum(weights.values()) and stop is not None:
            return stop  # the queue likely meets the goal already: add nothing that could spoil it
        if not weights:
            return plays[0]
        players = data["players"]
        others_done = all(p["done"] for p in players if p["seat"] != seat)
        played = players[seat]["played"]
        short = max(0, QUEUE_MINIMUM - len(data["queue"])) if others_done and not data["pacing"] else 0
        need = max(short, 0 if played else 1)  # cards this seat must still play before it may stop
        values = {action: 0.0 for action in plays}
        stop_value = 0.0
        planner = _Planner(nav, hand, need)  # one memory for every filling: they often meet
        full = (1 << len(hand)) - 1
        for start, weight in weights.items():
            for action in plays:
                mask = full & ~(1 << hand.index(action.card))
                values[action] += weight * planner.after(start, action.card, mask, 1)
            stop_value += weight * nav.estimate(start)
        best = min(plays, key=lambda a: values[a])
        if stop is not None and stop_value <= values[best]:
            return stop
        return best

    def _queue_ends(self, nav: Navigator, data: dict[str, Any], hand: list[int]) -> list[int]:
        """The robot state after the queue as it stands, once for each random filling of its
        face-down cards (WIN where the queue already meets the goal)."""
        robot = data["robot"]
        tokens = [Token(t["token"], (t["space"][0], t["space"][1]), t["raised"]) for t in data["tokens"]]
        start = nav.robot_state((robot["space"][0], robot["space"][1]), Direction[robot["facing"].upper()], tokens)
        queue = data["queue"]
        unknown = list(COMPONENTS.scenario(data["scenario"]["id"]).deck)
        for card in hand:
            unknown.remove(card)
        for entry in queue:
            if entry["card"] is not None:
                unknown.remove(CARD_BY_ID[entry["card"]])
        hidden = [entry["back"] for entry in queue if entry["card"] is None]
        pools = {back: [c for c in unknown if card_back(c) == back] for back in BACKS}
        ends = []
        for _ in range(FILLINGS if hidden else 1):
            drawn = {back: pool[:] for back, pool in pools.items()}
            state = start
            for entry in queue:
                if entry["card"] is not None:
                    card = CARD_BY_ID[entry["card"]]
                else:
                    pool = drawn[entry["back"]]
                    card = pool.pop(self.chance.below(len(pool)))
                state = nav.step(state, card)
                if state == WIN:
                    break
            ends.append(state)
        return ends


class _Planner:
    """The best a seat can reach with its own hand from a robot state: the lowest estimate
    over every order of its cards (the Quirk rule kept), stopping anywhere the minimums allow."""

    def __init__(self, nav: Navigator, hand: list[int], need: int) -> None:
        self.nav = nav
        self.need = need
        self.memo: dict[tuple[int, int, int], float] = {}
        # For each set of cards left (a mask): the cards that may come next, one per name.
        self.choices: list[tuple[tuple[int, int], ...]] = []
        for mask in range(1 << len(hand)):
            left = [i for i in range(len(hand)) if mask >> i & 1]
            quirks = [i for i in left if is_quirk(hand[i])]
            first = {hand[i]: i for i in reversed(quirks or left)}
            self.choices.append(tuple((card, mask & ~(1 << i)) for card, i in first.items()))

    def after(self, state: int, card: int, mask: int, played: int) -> float:
        state = self.nav.step(state, card)
        if state == WIN:
            return WIN_VALUE
        key = (state, mask, played if played < self.need else self.need)
        known = self.memo.get(key)
        if known is not None:
            return known
        value = self.nav.estimate(state) if played >= self.need or not mask else float("inf")
        for following, left in self.choices[mask]:
            value = min(value, self.after(state, following, left, played + 1) + CARD_COST)
        self.memo[key] = value
        return value


register_bot("heuristic", "quirky-circuits")(QuirkyCircuitsHeuristic)
