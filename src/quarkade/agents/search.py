"""A search bot for every game: information-set Monte Carlo search (IS-MCTS).

The bot sees a view, never the state. Each iteration plays on a full state consistent with its
view (``Game.sample_state``, with the bot's own generator): a fresh one while sampling takes
under ``SAMPLING_SHARE`` of the time, else a recent one cloned with a generator of its own for
the chance to come. Statistics keyed by actions (an information-set tree for the searching seat)
are walked by UCB among the actions available in that determinization, each seat maximising its
own reward (rewards are a vector, one share a seat). At a sealed simultaneous step the seats
acting together choose from statistics kept at the same node (decoupled UCT), so the later seat
never sees the earlier one's sealed choice.

By default the search is flat: the root's moves are compared on playouts in which the game's
heuristic bot plays every seat, cut off after ``depth`` moves and scored by the game's
evaluation (``register_evaluator``, see ``agents/evaluators.py``), or else by its current
scores. Against players like the heuristic this is one step of policy improvement over it; a
deeper tree (``tree=True``) lets the other seats answer by UCB instead. The heuristic's move is
searched first (progressive bias) and played unless another is clearly better (``margin``, and
one standard error), so a short or noisy search falls back on a sound move; progressive
widening keeps a wide choice (auctions offer dozens of bids) to a few moves searched well.
A game may name the moves weighed against its heuristic's (``register_alternatives``) where
the legal list is not the right choice: Qwarks' covers are weighed one a revealed card at the
heuristic's own reaction time (the listed times start at 0 ms, a hand no player has), and its
answers, which only the bot's memory of the covered card can give, are the heuristic's. The
other seats of the root's step then choose as the heuristic would, as in the playouts, and
Qwarks compares each card with the heuristic's on the same determinizations and playout chance
(``paired``, ``PAIRED_GAMES``): the heuristics all reach for the same card, and a card nobody
else wants is worth more than a third of the best one, a gain that separate playouts drowned.
A game may stop its playouts where its evaluator weighs the rest (``register_stop``): Qwarks head
to head stops once the race is resolved, and its evaluator gives each seat's chance to win from
the answers' chances and the turns left (there, a slow hand leaves the card both heuristics reach
for, a race it would likely lose, for the best one left to it).
A game may draw the determinizations itself (``register_sampler``) where a seat knows more than
the game's sampler deals from: in Quirkling the public requests tell which stacks the others hold
or lack, and its moves are paired with the heuristic's, over playouts of about a round.
``workers`` above 1 searches one tree a process and sums their root statistics, or with paired
playouts pools each process's paired differences (root parallelism). The budget is CPU time (see ``SearchBot``).
"""

from __future__ import annotations

import contextlib
import math
import pickle
import time
from collections.abc import Callable
from typing import Any

from quarkade.agents import evaluators  # noqa: F401 - registers the built-in games' hooks, read by SearchBot()
from quarkade.agents.base import Bot, make_bot, register_bot
from quarkade.agents.search_hooks import ALTERNATIVES, BELIEFS, EVALUATORS, SAMPLERS, STOPS, Sampler
from quarkade.core.chance import Chance
from quarkade.core.errors import QuarkadeError
from quarkade.core.game import Action, Game, State, View

Key = tuple[int, Action]  # a seat and the action it took
SAMPLING_SHARE = 0.3  # at most this share of a decision's time goes to sampling determinizations
PLAYOUT_DEPTH = 30  # moves of a playout before its position is evaluated
# Games whose positions cut short were measured to mislead the search: their playouts go to the
# end (Quirky Quarks' points come in bursts as Quests complete, so a lead mid-round says little).
# Qwarks' cover is settled within its turn, and later turns only add noise: playouts end when
# the race is settled (its stop), which takes a few rounds at most when hands are beaten to a
# card (the depth is a bound for eight players), so a decision's second holds many playouts.
# Quirkling's playouts end about a round on (the evaluator weighs hands towards the next turns).
PLAYOUT_DEPTHS = {"quirky-quarks": 1000, "qwarks": 40, "quirkling": 16}
# Games whose moves are compared with the heuristic's on the same determinizations and playout
# chance by default (``paired``): in Qwarks the playouts' races and memory lapses drowned the
# gain of an uncontested card when each move had its own.
# In Quirks a competition's result (an extinction or a niche) is most of a playout's spread, and
# the hidden cards and values drawn decide it: a move is best told from the heuristic's on the
# same ones.
# In Quirkling most moves change a seat's chances by a few hundredths, which only paired
# playouts tell apart in a second.
PAIRED_GAMES = frozenset({"qwarks", "quirkling", "quirks"})
MARGIN = 0.02  # by default, how much better in mean reward a move must be than the heuristic's
# Games (and player counts) where another margin was measured better. Qwarks head to head: the
# evaluator is a chance to win with the answers and the race weighed exactly, and a card's gain
# is a point or so, under 0.02 of that chance early on; the standard errors still guard.
# Quirkling: a move's gain in the evaluator's chances is a few hundredths at most, which 0.02
# always hid; the paired standard errors still guard.
# Quirks, three players: the search left the heuristic's move in one to three decisions a game;
# with no margin (the standard errors alone) it won 54 of 115 games against two heuristic bots
# (seeds 7231-7345, a CPU second a decision), where 0.02 won 132 of 305 (0.47 and 0.43: not told
# apart at 95%, and no worse).
MARGINS = {("qwarks", 2): 0.0, ("quirkling", 2): 0.0, ("quirkling", 3): 0.0, ("quirks", 3): 0.0}
POOL = 32  # the recent determinizations an iteration may reuse
CLEARLY = 2.0  # standard errors by which a move must beat the heuristic's to be played instead


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
    """IS-MCTS within ``seconds`` of CPU time (and at most ``iterations`` if that is above 0) a
    decision.

    The budget counts the CPU time of the searching thread (``time.thread_time``), not the
    wall clock nor the other threads of its process (a server's, other tables' bots), so time
    spent waiting for a core costs the bot nothing. It plays nearly as strongly on a busy
    machine as on an idle one, not quite: among many busy processes a CPU second does less,
    its caches emptied at each switch (beside the whole test suite, with its browsers, a Quirks
    search ran 317 simulations a CPU second, against 388 to 557 on the idle machine; beside one
    busy loop, as many as alone). With ``workers`` above 1 each process has the whole budget.
    ``wall`` (seconds, 0: none) caps a decision on the wall clock too, for a player waiting at a
    busy server: the search stops at whichever limit comes first, so under a cap it may play
    weaker when the machine is busy.
    ``iterations`` alone (a large ``seconds``, no ``wall``) makes a search exactly reproducible
    from its seed.

    Settings (each a keyword, ``mcts:seconds=1,depth=20``): ``depth`` the moves of a playout
    before its position is evaluated (by default ``PLAYOUT_DEPTH``, or the game's own in
    ``PLAYOUT_DEPTHS``); ``exploration`` UCB's constant (rewards are in [0, 1]);
    ``guided`` the share of playout moves the game's heuristic bot chooses (the others are
    random); ``bias`` the progressive bias towards the heuristic's move at the root;
    ``margin`` how much higher (in mean reward, beside ``CLEARLY`` standard errors of the
    difference) another move's reward must be for it to be played instead of the heuristic's
    (below 0: the most visited move is played; by default ``MARGIN``, or the game's own in
    ``MARGINS``);
    ``widen`` progressive widening (0: off), a node's seat tries a new action only while the
    actions it tried are fewer than ``widen`` times the square root of their visits;
    ``tree`` False searches the root's moves alone (flat Monte Carlo over guided playouts);
    ``workers`` the processes searching (root parallelism);
    ``paired`` True compares each move with the heuristic's on the same determinization and the
    same playout chance (common random numbers, flat search; over ``workers`` processes their
    differences are pooled): the difference of two such playouts varies far less than either,
    so fewer playouts tell a better move apart.
    """

    kind = "mcts"

    def __init__(self, game: Game, seed: int = 0, seconds: float = 1.0, iterations: int = 0,
                 depth: int | None = None, exploration: float = 0.3, guided: float = 1.0, bias: float = 1.0,
                 margin: float | None = None, widen: float = 1.0, tree: bool = False, workers: int = 1,
                 paired: bool | None = None, wall: float = 0.0) -> None:
        super().__init__(game, seed)
        if depth is None:
            depth = PLAYOUT_DEPTHS.get(game.id, PLAYOUT_DEPTH)
        # Each limit as "not (within)", so that a NaN is refused too; the first one broken is named.
        for name, value, within, takes in (
                ("seconds", seconds, seconds > 0, "above 0"),
                ("wall", wall, wall >= 0, "0 (no cap) or a number of seconds above 0"),
                ("iterations", iterations, iterations >= 0, "0 or more"),
                ("depth", depth, depth >= 0, "0 or more"),
                ("exploration", exploration, exploration >= 0, "0 or more"),
                ("bias", bias, bias >= 0, "0 or more"),
                ("widen", widen, widen >= 0, "0 or more"),
                ("guided", guided, 0 <= guided <= 1, "between 0 and 1"),
                ("workers", workers, workers >= 1, "1 or more")):
            if not within:
                raise ValueError(f"{name} must be {takes}, not {value!r}")
        self.seed = seed
        self.seconds = float(seconds)
        self.wall = float(wall)
        self.iterations = int(iterations)
        self.depth = int(depth)
        self.exploration = float(exploration)
        self.guided = float(guided)
        self.bias = float(bias)
        self.margin = float(MARGINS.get((game.id, game.players), MARGIN) if margin is None else margin)
        self.widen = float(widen)
        self.tree = bool(tree)
        self.workers = int(workers)
        self.paired = game.id in PAIRED_GAMES if paired is None else bool(paired)
        self._hint: tuple[Node, Key] | None = None
        self._alternatives = ALTERNATIVES.get(game.id)
        self._belief = BELIEFS.get(game.id)
        sampler = SAMPLERS.get(game.id)
        self._sample: Sampler = sampler() if sampler is not None else _game_sampler
        self._stop = STOPS.get(game.id)
        # The searching seat's moves at the root when they are not the legal list; with it the
        # other seats acting at the root's step are played by the heuristic (see _iterate).
        self._root_moves: tuple[int, list[Action]] | None = None
        self.simulations = 0  # counted over the bot's life, for benchmarks
        self.searched = 0  # iterations (a paired comparison is one, of two playouts), over its life
        self.worker_seconds = 0.0  # the CPU time its worker processes spent searching, over its life
        self._pool: Any = None
        # Two heuristic bots: one sees only the real decisions (a bot may remember what it saw,
        # as Qwarks' does), the other plays the playouts' seats on sampled positions.
        self._adviser = _heuristic(game, seed ^ 0xAD71CE)
        self._guide = _heuristic(game, seed ^ 0x6A1DE) if guided else None
        self._guide_travels: bool | None = None  # whether the guide pickles, to go to worker processes

    def settings(self) -> dict[str, Any]:
        """The keyword settings, as a worker process needs them."""
        return {"seconds": self.seconds, "iterations": self.iterations, "depth": self.depth,
                "exploration": self.exploration, "guided": self.guided, "bias": self.bias,
                "margin": self.margin, "widen": self.widen, "tree": self.tree, "paired": self.paired,
                "wall": self.wall}

    def choose(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        advice = self._adviser.choose(view, legal) if self._adviser is not None else None
        if advice is not None and self._alternatives is not None and view.seat is not None:
            moves = self._alternatives(view, advice, legal)
            if len(moves) <= 1:
                return advice
            if self._guide is not None:
                # The playouts' bot sees the position as the player does, so one with a memory
                # (Qwarks') can answer in the playouts for the cards covered at the root.
                self._guide.choose(view, legal)
            if self.paired:
                return self.paired_choice(view, moves, advice)
            self._root_moves = (view.seat, moves)
            try:
                results = self.root_results(view, moves, advice)
            finally:
                self._root_moves = None
            return self._decide(moves, results, advice)
        if advice is not None and advice not in legal:
            # A legal move beside the list: the search cannot weigh it against the listed ones,
            # so it stands.
            return advice
        if self.paired and advice is not None and advice in legal and not self.tree and view.seat is not None:
            return self.paired_choice(view, legal, advice)
        if self.workers > 1:
            results = self._parallel_results(view, legal, advice)
        else:
            results = self.root_results(view, legal, advice)
        return self._decide(legal, results, advice)

    def _decide(self, legal: list[Action], results: list[tuple[int, float]], advice: Action | None) -> Action:
        if all(visits == 0 for visits, _ in results):
            return advice if advice is not None else legal[self.chance.below(len(legal))]
        if advice is None or self.margin < 0:
            # The most visited move: the robust choice when nothing is known to be sound.
            return legal[max(range(len(legal)), key=lambda i: (results[i][0], -i))]
        if not results[legal.index(advice)][0]:
            return advice  # not searched (no bias towards it): nothing to set against it
        # The heuristic's move stands unless another is clearly better: its mean reward higher
        # by the margin and by twice the standard error of the difference (with a few noisy
        # playouts a move often looks better by luck; playing such moves is playing at random).
        def mean_and_variance(i: int) -> tuple[float, float]:
            visits, reward = results[i]
            mean = reward / visits
            return mean, max(mean * (1 - mean), 0.01) / visits

        advised, advised_variance = mean_and_variance(legal.index(advice))
        best, best_gain = advice, 0.0
        for i, (visits, _) in enumerate(results):
            if visits and legal[i] != advice:
                mean, variance = mean_and_variance(i)
                gain = mean - advised - self.margin - CLEARLY * math.sqrt(variance + advised_variance)
                if gain > best_gain:
                    best, best_gain = legal[i], gain
        return best

    def _wall_clock(self) -> Callable[[], bool]:
        """Whether the decision's wall-clock cap (``wall``), counted from now, has passed."""
        if not self.wall:
            return _never
        cap = time.monotonic() + self.wall
        return lambda: time.monotonic() >= cap

    def root_counts(self, view: View, legal: list[Action]) -> list[int]:
        """Visits of each legal action at the root after one decision's budget."""
        return [visits for visits, _ in self.root_results(view, legal, None)]

    def root_results(self, view: View, legal: list[Action], advice: Action | None) -> list[tuple[int, float]]:
        """Visits and summed reward of each legal action at the root after one decision's
        budget; ``advice`` (the heuristic's move) is tried first and favoured."""
        seat = view.seat
        root = Node()
        # Progressive bias at the root: the heuristic's own choice is tried first and favoured
        # by bias / (visits + 1), so a short search starts from the heuristic's move and leaves it
        # only for one that searches clearly better (auctions offer dozens of bids).
        self._hint = None
        if advice is not None and self.bias and seat is not None:
            self._hint = (root, (seat, advice))
        started = time.thread_time()
        deadline = started + self.seconds
        out_of_time = self._wall_clock()
        done = 0
        # A fresh determinization every iteration while sampling takes under SAMPLING_SHARE of
        # the time; past that (a slow sampler) an iteration reuses a recent one, cloned, with its
        # own generator for the chance to come, so its future draws are still its own. A search
        # of a number of iterations samples afresh every time: a choice made by the clock would
        # make it play differently from run to run.
        pool: list[State] = []
        sampling = 0.0
        while True:
            now = time.thread_time()
            if not pool or self.iterations or sampling <= SAMPLING_SHARE * (now - started):
                state = self._sample(self.game, view, self.chance)
                sampling += time.thread_time() - now
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
            if (self.iterations and done >= self.iterations) or time.thread_time() >= deadline or out_of_time():
                break
        self.simulations += done
        self.searched += done
        results = []
        for action in legal:
            stat = root.stats.get((seat, action)) if seat is not None else None
            results.append((stat.visits, stat.reward) if stat is not None else (0, 0.0))
        return results

    def _parallel_results(self, view: View, legal: list[Action], advice: Action | None) -> list[tuple[int, float]]:
        # Root parallelism: each process searches its own tree; their root statistics are summed.
        totals = [(0, 0.0)] * len(legal)
        for results in self._worker_jobs(_worker_results, view, legal, advice):
            totals = [(a + c, b + d) for (a, b), (c, d) in zip(totals, results, strict=True)]
        return totals

    def _worker_jobs(self, worker: Callable[..., Any], *arguments: Any) -> list[Any]:
        """``worker(game, seed, settings, guide, *arguments)`` in each of ``workers`` processes,
        each with a seed of its own drawn for this decision (a seed kept from one decision to the
        next would repeat its determinizations) and a copy of the playouts' bot (a bot may
        remember what it saw at earlier decisions, as Qwarks' does)."""
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("fork"))
        settings = self.settings()
        settings["workers"] = 1
        settings["iterations"] = -(-self.iterations // self.workers)
        seeds = [self.chance.next64() for _ in range(self.workers)]
        if self._guide_travels is None:
            # A compiled heuristic bot cannot be pickled yet (docs/compiled.md): the workers then
            # make their own, which start each decision with nothing remembered.
            try:
                pickle.loads(pickle.dumps(self._guide))
                self._guide_travels = True
            except (TypeError, pickle.PicklingError, AttributeError):
                self._guide_travels = False
        guide = self._guide if self._guide_travels else None
        jobs = [self._pool.submit(worker, self.game, seed, settings, guide, *arguments) for seed in seeds]
        found = []
        for job in jobs:
            result, simulations, searched, seconds = job.result()
            self.simulations += simulations
            self.searched += searched
            self.worker_seconds += seconds
            found.append(result)
        return found

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
        tried = visits = 0
        for action in actions:
            stat = stats.get((seat, action))
            if stat is None:
                untried.append(action)
            else:
                stat.available += 1
                tried += 1
                visits += stat.visits
        # Progressive widening: a new action only while the tried ones are fewer than
        # widen * sqrt(visits), so a short search of a wide choice (dozens of bids) compares a
        # few moves on several playouts each rather than many on one each.
        if untried and (not self.widen or tried < max(2.0, self.widen * math.sqrt(visits))):
            action = untried[self.chance.below(len(untried))]
            stat = stats[(seat, action)] = Stat()
            stat.available = 1
            return action
        c = self.exploration
        best = actions[0]
        best_score = -1.0
        for action in actions:
            stat = stats.get((seat, action))
            if stat is None:
                continue  # not admitted yet (progressive widening)
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
        root_moves = self._root_moves
        guide = self._guide
        # Selection and expansion: down the tree until a joint choice leads to a new node (at
        # once below the root when the search is flat).
        while not state.is_over:
            acting = state.to_act
            joint: list[Key] = []
            for seat in acting:
                if seat not in state.to_act:
                    continue  # an earlier choice at this step ended the seat's turn
                if root_moves is not None and node is root:
                    if seat == root_moves[0]:
                        action = self._select(node, seat, root_moves[1])
                        joint.append((seat, action))
                    else:
                        # Flat search against players like the heuristic: the seats choosing
                        # with the searching one (sealed) choose as it would, not by UCB.
                        legal = state.legal_actions(seat)
                        action = guide.choose(state.view(seat), legal) if guide is not None else legal[0]
                    state.apply_unchecked(seat, action)
                    continue
                action = self._select(node, seat, state.legal_actions(seat))
                joint.append((seat, action))
                state.apply_unchecked(seat, action)
            key = tuple(joint)
            path.append((node, key))
            if not self.tree:
                break
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

    def paired_choice(self, view: View, legal: list[Action], advice: Action) -> Action:
        """The heuristic's move, or one whose reward beats it on the same determinizations and
        playout chance by ``margin`` and ``CLEARLY`` standard errors of the paired difference.
        With ``workers`` above 1 each process compares moves on determinizations of its own and
        their paired differences are pooled (root parallelism)."""
        if self.workers > 1:
            tried = self._parallel_paired(view, legal, advice)
        else:
            tried = self.paired_stats(view, legal, advice)
        return paired_decision(tried, advice, self.margin)

    def paired_stats(self, view: View, legal: list[Action], advice: Action) -> dict[Action, list[float]]:
        """One decision's budget of paired playouts: for each move tried, [playouts, summed
        difference of its reward and the heuristic's move's, summed square of that difference]."""
        seat = view.seat
        assert seat is not None
        others = [action for action in legal if action != advice]
        tried: dict[Action, list[float]] = {}  # a move -> [playouts, summed difference, summed square]
        started = time.thread_time()
        out_of_time = self._wall_clock()
        done = 0
        while True:
            # Progressive widening as in _select; the moves admitted take turns (the aim is a
            # sure comparison with the heuristic's move: UCB starved a move after an unlucky start).
            total = sum(stat[0] for stat in tried.values())
            untried = [action for action in others if action not in tried]
            if untried and len(tried) < max(2.0, self.widen * math.sqrt(total)):
                move = untried[self.chance.below(len(untried))]
                tried[move] = [0, 0.0, 0.0]
            else:
                move = min(tried, key=lambda a: tried[a][0])
            state = self._sample(self.game, view, self.chance)
            if self._belief is not None and self._guide is not None:
                self._belief(state, seat, self._guide)
            seeds = (self.chance.next64(), self.chance.next64())
            rewards = [self._paired_playout(state.clone(), seat, action, seeds)[seat] for action in (move, advice)]
            stat = tried[move]
            difference = rewards[0] - rewards[1]
            stat[0] += 1
            stat[1] += difference
            stat[2] += difference * difference
            done += 1
            if ((self.iterations and done >= self.iterations) or time.thread_time() >= started + self.seconds
                    or out_of_time()):
                break
        self.simulations += 2 * done
        self.searched += done
        return tried

    def _parallel_paired(self, view: View, legal: list[Action], advice: Action) -> dict[Action, list[float]]:
        pooled: dict[Action, list[float]] = {}
        for tried in self._worker_jobs(_worker_paired, view, legal, advice):
            for move, stat in tried.items():
                total = pooled.setdefault(move, [0, 0.0, 0.0])
                for i in range(3):
                    total[i] += stat[i]
        return pooled

    def _paired_playout(self, state: State, seat: int, action: Action, seeds: tuple[int, int]) -> list[float]:
        # The same chance for the game and for the playout's choices, whichever move is played.
        if hasattr(state, "chance"):
            setattr(state, "chance", Chance(seeds[0]))  # noqa: B010 - not every State has one
        kept = self.chance
        guide = self._guide
        guide_chance = guide.chance if guide is not None else None
        self.chance = Chance(seeds[1])
        if guide is not None:
            guide.chance = Chance(seeds[1] ^ 0x6A1DE)
        try:
            for acting in state.to_act:
                if acting not in state.to_act:
                    continue
                if acting == seat:
                    state.apply_unchecked(seat, action)
                else:  # a seat choosing together with this one (sealed): as the heuristic would
                    legal = state.legal_actions(acting)
                    state.apply_unchecked(acting, guide.choose(state.view(acting), legal) if guide else legal[0])
            return self._playout(state)
        finally:
            self.chance = kept
            if guide is not None and guide_chance is not None:
                guide.chance = guide_chance

    def _playout(self, state: State) -> list[float]:
        chance = self.chance
        guide = self._guide
        always = self.guided >= 1
        stop = self._stop
        for _ in range(self.depth):
            if state.is_over or (stop is not None and stop(state)):
                break
            acting = state.to_act
            seat = acting[0] if len(acting) == 1 else acting[chance.below(len(acting))]
            actions = state.legal_actions(seat)
            if len(actions) == 1:
                action = actions[0]
            elif guide is not None and (always or chance.below(1000) < self.guided * 1000):
                action = guide.choose(state.view(seat), actions)
            else:
                action = actions[chance.below(len(actions))]
            state.apply_unchecked(seat, action)
        return evaluation(state)


def search_of(spec: str, game: Game) -> SearchBot | None:
    """The search bot ``spec`` makes for ``game``; None for another bot, or for a spec that
    makes none (refused with its reason where the bots are checked)."""
    with contextlib.suppress(QuarkadeError):
        bot = make_bot(spec, game)
        return bot if isinstance(bot, SearchBot) else None
    return None


def _never() -> bool:
    return False


def _game_sampler(game: Game, view: View, chance: Chance) -> State:
    return game.sample_state(view, chance)


def _heuristic(game: Game, seed: int) -> Bot | None:
    try:
        return make_bot("heuristic", game, seed)
    except QuarkadeError:  # a game without a heuristic: no advice, and playouts stay uniform
        return None


def paired_decision(tried: dict[Action, list[float]], advice: Action, margin: float) -> Action:
    """The move whose paired difference with ``advice`` is highest less ``margin`` and
    ``CLEARLY`` standard errors, if that is above 0; else ``advice``."""
    best, best_gain = advice, 0.0
    for move, (count, summed, squares) in tried.items():
        if count < 2:
            continue
        mean = summed / count
        variance = (squares / count - mean * mean) * count / (count - 1)
        gain = mean - margin - CLEARLY * math.sqrt(max(variance, 0.0001) / count)
        if gain > best_gain:
            best, best_gain = move, gain
    return best


def _worker_bot(game: Game, seed: int, settings: dict[str, Any], guide: Bot | None) -> SearchBot:
    bot = SearchBot(game, seed, **settings)
    if guide is not None:
        bot._guide = guide
    return bot


def _worker_results(game: Game, seed: int, settings: dict[str, Any], guide: Bot | None, view: View,
                    legal: list[Action], advice: Action | None) -> tuple[list[tuple[int, float]], int, int, float]:
    started = time.thread_time()
    bot = _worker_bot(game, seed, settings, guide)
    results = bot.root_results(view, legal, advice)
    return results, bot.simulations, bot.searched, time.thread_time() - started


def _worker_paired(game: Game, seed: int, settings: dict[str, Any], guide: Bot | None, view: View,
                   legal: list[Action], advice: Action) -> tuple[dict[Action, list[float]], int, int, float]:
    started = time.thread_time()
    bot = _worker_bot(game, seed, settings, guide)
    tried = bot.paired_stats(view, legal, advice)
    return tried, bot.simulations, bot.searched, time.thread_time() - started


register_bot("mcts", about="the search the Hard and Expert bots play with (a second a move by default, "
                           "settings after a colon: mcts:seconds=2)")(SearchBot)

