"""A search bot for every game: information-set Monte Carlo tree search (IS-MCTS).

The bot sees a view, never the state. Each iteration plays on a full state consistent with its
view (``Game.sample_state``, with the bot's own generator): a fresh one while sampling takes
under ``SAMPLING_SHARE`` of the time, else a recent one cloned with a generator of its own for
the chance to come. One tree keyed by actions (an information-set tree for the searching seat)
is walked by UCB among the actions available in that determinization, each seat maximising its
own reward (rewards are a vector, one share a seat). At a sealed simultaneous step the seats
acting together choose from statistics kept at the same node (decoupled UCT), so the later seat
never sees the earlier one's sealed choice. At the root the heuristic bot's move is favoured
(progressive bias). A playout is short and guided (the game's heuristic bot picks some of its
moves), and one cut short is scored by the game's evaluation (``register_evaluator``, see
``agents/evaluators.py``) or else by its current scores. ``workers`` above 1 searches one tree a
process and sums their root visits (root parallelism).
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from quarkade.agents.base import Bot, make_bot, register_bot
from quarkade.core.chance import Chance
from quarkade.core.errors import QuarkadeError
from quarkade.core.game import Action, Game, State, View

Evaluator = Callable[[State], Sequence[float]]
EVALUATORS: dict[str, Evaluator] = {}  # game id -> each seat's value of a position, in [0, 1]

Key = tuple[int, Action]
SAMPLING_SHARE = 0.3  # at most this share of a decision's time goes to sampling determinizations
POOL = 32  # the recent determinizations an iteration may reuse  # a seat and the action it took


def register_evaluator(game_id: str) -> Callable[[Evaluator], Evaluator]:
    """Decorator: how far each seat of ``game_id`` is towards winning, each value in [0, 1]."""

    def decorator(evaluate: Evaluator) -> Evaluator:
        EVALUATORS[game_id] = evaluate
        return evaluate

    return decorator


class Stat:
    __slots__ = ("visits", "available", "reward")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0  # times the action was legal when its node was visited
        self.reward = 0.0


class Node:
    """A point of the tree: statistics of each (seat, action) tried here, and the nodes reached
    by each joint choice (one action, or the sealed actions of the seats acting together)."""

    __slots__ = ("stats", "children")

    def __init__(self) -> None:
        self.stats: dict[Key, Stat] = {}
        self.children: dict[tuple[Key, ...], Node] = {}


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


def evaluation(state: State) -> list[float]:
    """The game's own evaluation of a position cut short, or the scaled scores without one."""
    if not state.is_over:
        evaluate = EVALUATORS.get(state.game.id)
        if evaluate is not None:
            return list(evaluate(state))
    return outcome(state)


class SearchBot(Bot):
    """IS-MCTS within ``seconds`` (and at most ``iterations`` if that is above 0) per decision."""

    kind = "mcts"

    def __init__(self, game: Game, seed: int = 0, seconds: float = 1.0, iterations: int = 0,
                 depth: int = 8, exploration: float = 0.7, guided: float = 0.5, bias: float = 10.0,
                 workers: int = 1) -> None:
        super().__init__(game, seed)
        if not seconds > 0:
            raise ValueError(f"seconds must be above 0, not {seconds!r}")
        if iterations < 0 or depth < 0 or exploration < 0 or bias < 0 or not 0 <= guided <= 1 or workers < 1:
            raise ValueError("iterations, depth, exploration and bias are 0 or more, guided between 0 and 1, "
                             "workers 1 or more")
        self.seed = seed
        self.seconds = float(seconds)
        self.iterations = int(iterations)
        self.depth = int(depth)
        self.exploration = float(exploration)
        self.guided = float(guided)
        self.bias = float(bias)
        self.workers = int(workers)
        self._hint: tuple[Node, Key] | None = None
        self.simulations = 0  # counted over the bot's life, for benchmarks
        self._guide: Bot | None = None
        self._pool: Any = None
        try:
            self._guide = make_bot("heuristic", game, seed ^ 0x6A1DE) if guided or bias else None
        except QuarkadeError:  # a game without a heuristic: playouts stay uniform
            self._guide = None

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        counts = self._parallel_counts(view, legal) if self.workers > 1 else self.root_counts(view, legal)
        best = max(range(len(legal)), key=lambda i: (counts[i], -i))
        if counts[best] == 0:
            return legal[self.chance.below(len(legal))]
        return legal[best]

    def root_counts(self, view: View, legal: list[Action]) -> list[int]:
        """Visits of each legal action at the root after one decision's budget."""
        seat = view.seat
        root = Node()
        # Progressive bias at the root: the heuristic's own choice is tried first and favoured
        # by bias / (visits + 1), so a short search starts from the heuristic's move and leaves it
        # only for one that searches clearly better (auctions offer dozens of bids).
        self._hint = None
        if self._guide is not None and self.bias and seat is not None:
            self._hint = (root, (seat, self._guide.choose(view, legal)))
        started = time.perf_counter()
        deadline = started + self.seconds
        done = 0
        # A fresh determinization every iteration while sampling takes under SAMPLING_SHARE of
        # the time; past that (a slow sampler) an iteration reuses a recent one, cloned, with its
        # own generator for the chance to come, so its future draws are still its own.
        pool: list[State] = []
        sampling = 0.0
        while True:
            now = time.perf_counter()
            if not pool or sampling <= SAMPLING_SHARE * (now - started):
                state = self.game.sample_state(view, self.chance)
                sampling += time.perf_counter() - now
                if len(pool) >= POOL:
                    pool[done % POOL] = state
                else:
                    pool.append(state)
                state = state.clone()
            else:
                state = pool[self.chance.below(len(pool))].clone()
            if hasattr(state, "chance"):
                setattr(state, "chance", Chance(self.chance.next64()))  # noqa: B010 - not every State has one
            self._iterate(root, state)
            done += 1
            if (self.iterations and done >= self.iterations) or time.perf_counter() >= deadline:
                break
        self.simulations += done
        counts = []
        for action in legal:
            stat = root.stats.get((seat, action)) if seat is not None else None
            counts.append(stat.visits if stat is not None else 0)
        return counts

    def _parallel_counts(self, view: View, legal: list[Action]) -> list[int]:
        # Root parallelism: each process searches its own tree; their root visits are summed.
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("fork"))
        jobs = [self._pool.submit(_worker_counts, self.game, self.seed * 31 + w + 1, self.seconds,
                                  self.iterations // self.workers, self.depth, self.exploration,
                                  self.guided, view, legal) for w in range(self.workers)]
        totals = [0] * len(legal)
        for job in jobs:
            counts, simulations = job.result()
            self.simulations += simulations
            totals = [a + b for a, b in zip(totals, counts, strict=True)]
        return totals

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def __del__(self) -> None:
        # At interpreter shutdown the pool may already be torn down.
        with contextlib.suppress(Exception):
            self.close()

    def _select(self, node: Node, seat: int, actions: list[Action]) -> Action:
        stats = node.stats
        hint = self._hint
        favoured = hint[1] if hint is not None and hint[0] is node and hint[1][0] == seat else None
        if favoured is not None and favoured not in stats and favoured[1] in actions:
            for action in actions:
                stat = stats.get((seat, action))
                if stat is not None:
                    stat.available += 1
            stat = stats[favoured] = Stat()
            stat.available = 1
            return favoured[1]
        untried: list[Action] = []
        for action in actions:
            stat = stats.get((seat, action))
            if stat is None:
                untried.append(action)
            else:
                stat.available += 1
        if untried:
            action = untried[self.chance.below(len(untried))]
            stat = stats[(seat, action)] = Stat()
            stat.available = 1
            return action
        c = self.exploration
        best = actions[0]
        best_score = -1.0
        for action in actions:
            stat = stats[(seat, action)]
            if stat.visits == 0:
                return action
            score = stat.reward / stat.visits + c * math.sqrt(math.log(stat.available) / stat.visits)
            if favoured is not None and favoured[1] == action:
                score += self.bias / (stat.visits + 1)
            if score > best_score:
                best, best_score = action, score
        return best

    def _iterate(self, root: Node, state: State) -> None:
        path: list[tuple[Node, tuple[Key, ...]]] = []
        node = root
        # Selection and expansion: down the tree until a joint choice leads to a new node.
        while not state.is_over:
            acting = state.to_act
            joint: list[Key] = []
            for seat in acting:
                if joint and seat not in state.to_act:
                    continue  # an earlier choice at this step ended the seat's turn
                action = self._select(node, seat, state.legal_actions(seat))
                joint.append((seat, action))
                state.apply_unchecked(seat, action)
            key = tuple(joint)
            path.append((node, key))
            child = node.children.get(key)
            if child is None:
                node.children[key] = Node()
                break
            node = child
        rewards = self._playout(state)
        for visited, key in path:
            for seat, action in key:
                stat = visited.stats[(seat, action)]
                stat.visits += 1
                stat.reward += rewards[seat]

    def _playout(self, state: State) -> list[float]:
        chance = self.chance
        guide = self._guide
        for _ in range(self.depth):
            if state.is_over:
                break
            acting = state.to_act
            seat = acting[chance.below(len(acting))]
            actions = state.legal_actions(seat)
            if guide is not None and len(actions) > 1 and chance.below(1000) < self.guided * 1000:
                action = guide.choose(state.view(seat), actions)
            else:
                action = actions[chance.below(len(actions))]
            state.apply_unchecked(seat, action)
        return evaluation(state)


def _worker_counts(game: Game, seed: int, seconds: float, iterations: int, depth: int, exploration: float,
                   guided: float, view: View, legal: list[Action]) -> tuple[list[int], int]:
    bot = SearchBot(game, seed, seconds=seconds, iterations=iterations, depth=depth, exploration=exploration,
                    guided=guided)
    counts = bot.root_counts(view, legal)
    return counts, bot.simulations


register_bot("mcts")(SearchBot)


def simulations_per_second(game: Game, seconds: float = 3.0, seed: int = 0) -> float:
    """IS-MCTS iterations a second on seeded positions of ``game`` (for ``quarkade bench``)."""
    bot = SearchBot(game, seed, seconds=0.2)
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
