"""A search bot for every game: information-set Monte Carlo tree search (IS-MCTS).

The bot sees a view, never the state. It samples full states consistent with its view
(``Game.sample_state``, with its own generator), and runs single-observer IS-MCTS over them:
one tree keyed by actions, each iteration on one determinization, children chosen by UCB
among the actions available in that determinization, then a random playout. A playout cut
short is scored by the game's current scores, scaled to [0, 1].
"""

from __future__ import annotations

import math
from typing import Any

from quarkade.agents.base import Bot, register_bot
from quarkade.core.chance import Chance
from quarkade.core.game import Action, Game, State, View

DETERMINIZATIONS = 16  # full states sampled once a decision, reused in turn by the iterations


class Node:
    __slots__ = ("seat", "children", "visits", "available", "reward")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the action that leads here
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 0  # times this node's action was legal when its parent was visited
        self.reward = 0.0


def outcome(state: State) -> list[float]:
    """Each seat's reward in [0, 1]: a share of the win at the end, scaled scores before it."""
    players = state.game.players
    if state.is_over:
        winners = state.winners
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]
    scores = state.scores
    low, high = min(scores), max(scores)
    if high == low:
        return [1.0 / players] * players
    return [(score - low) / (high - low) for score in scores]


class SearchBot(Bot):
    """IS-MCTS with ``iterations`` per decision."""

    kind = "mcts"

    def __init__(self, game: Game, seed: int = 0, iterations: int = 400, playout_depth: int = 40,
                 exploration: float = 0.7) -> None:
        super().__init__(game, seed)
        self.iterations = iterations
        self.playout_depth = playout_depth
        self.exploration = exploration
        self.simulations = 0  # counted over the bot's life, for benchmarks

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        samples = [self.game.sample_state(view, self.chance) for _ in range(DETERMINIZATIONS)]
        root = Node(-1)
        for iteration in range(self.iterations):
            self._iterate(root, samples[iteration % len(samples)].clone())
        self.simulations += self.iterations
        visited = [(root.children[a].visits, i) for i, a in enumerate(legal) if a in root.children]
        if not visited:
            return legal[self.chance.below(len(legal))]
        return legal[max(visited)[1]]

    def _iterate(self, root: Node, state: State) -> None:
        chance = self.chance
        path: list[Node] = []
        node = root
        # Selection and expansion: down the tree while every available action has a child.
        while not state.is_over:
            seat = state.to_act[0]
            actions = state.legal_actions(seat)
            untried = [a for a in actions if a not in node.children]
            for action in actions:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[chance.below(len(untried))]
                child = node.children[action] = Node(seat)
                child.available = 1
                state.apply_unchecked(seat, action)
                path.append(child)
                break
            log_available = self.exploration
            best: tuple[float, Action] | None = None
            for action in actions:
                child = node.children[action]
                score = child.reward / child.visits + log_available * math.sqrt(
                    math.log(child.available) / child.visits)
                if best is None or score > best[0]:
                    best = (score, action)
            assert best is not None
            node = node.children[best[1]]
            state.apply_unchecked(seat, best[1])
            path.append(node)
        # Playout: random legal actions, cut short after playout_depth steps.
        for _ in range(self.playout_depth):
            if state.is_over:
                break
            seat = state.to_act[chance.below(len(state.to_act))]
            actions = state.legal_actions(seat)
            state.apply_unchecked(seat, actions[chance.below(len(actions))])
        rewards = outcome(state)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.seat]


def _make(game: Game, seed: int, **options: Any) -> Bot:
    return SearchBot(game, seed, **options)


register_bot("mcts")(_make)


def simulations_per_second(game: Game, seconds: float = 3.0, seed: int = 0) -> float:
    """IS-MCTS iterations a second on seeded positions of ``game`` (for ``quarkade bench``)."""
    import time

    bot = SearchBot(game, seed)
    chance = Chance(seed)
    state = game.new_game(seed)
    spent = 0.0
    done = 0
    while spent < seconds:
        if state.is_over:
            state = game.new_game(chance.below(1 << 30))
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        started = time.perf_counter()
        before = bot.simulations
        action = bot.choose(view, legal)
        spent += time.perf_counter() - started
        done += bot.simulations - before
        state.apply(seat, action)
    return done / spent if spent else 0.0
