"""How fast the hot path is, as ratios to a reference measured in the same run.

Three loops are measured on each game:

- random play: the legal actions of the seat to act, one of them picked by a seeded
  generator, then the checked ``apply``;
- clones of mid-game states;
- ``simulate``'s own loop with heuristic bots: the seat's view, the bot's choice, the checked
  ``apply`` (views included, as designers run it).

Machines are shared and noisy, so no figure stands alone: OpenSpiel's pure-Python tic-tac-toe
runs the random-play loop in the same process, and the two are interleaved in rounds
(reference, random play, reference, clones, reference, simulate, then the next round). Each
measure runs on CPU time (``time.process_time``), so another process taking the core slows
neither side's clock, and each figure is divided by the reference measured just before it.
Everything runs with Python's collector set as ``simulate`` sets it, the reference too
(``backends.BATCH_COLLECTOR``).
The ratios are reported as the median over the rounds with their spread (min, quartiles, max).

``BenchResult.to_json`` (``quarkade bench --json``) has these keys:

- ``game``, ``players``, ``seconds`` (CPU seconds of each figure, over all rounds), ``rounds``,
  ``clock`` (``"process_time"``), ``engine`` (``"compiled (mypyc)"``, or ``"Python"`` and why:
  ``quarkade.compiled``);
- ``steps_per_s``, ``games_per_s``, ``clones_per_s``, ``simulate_steps_per_s``: the medians of
  the rounds' rates, for information (they depend on the machine);
- ``simulate_bots``: the bot kind that played the simulate loop;
- ``openspiel_python_ttt_steps_per_s``: the median of the reference's rates, or null without
  OpenSpiel (the ``bench`` extra);
- ``ratio_vs_openspiel``, ``clones_ratio``, ``simulate_ratio``: median ratios of random play,
  clones and simulate to the reference (null without it);
- ``ratios``: for ``random``, ``clones`` and ``simulate``, ``{"median", "min", "q1", "q3", "max",
  "target", "met"}`` (null without the reference);
- ``targets``: the target of each ratio; ``meets_targets``: every median ratio at its target,
  and the search's simulations at theirs when the search was measured (null without the
  reference);
- ``search_simulations_per_s`` and ``search_target``: the search bot's IS-MCTS simulations a
  second (an absolute target), the median over the rounds; ``search_rounds``: each round's rate.
  The search decides, ``SEARCH_DECISION`` CPU seconds each, at positions of seeded games played
  by ``simulate``'s bots, taken from their beginnings to their ends in a seeded order, so the
  rounds measure early, middle and late decisions alike (a game's opening alone said little: a
  Qwarks search is slower in its first turns than later).
"""

from __future__ import annotations

import importlib
import itertools
import statistics
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from quarkade import compiled
from quarkade.agents.base import bot_kinds
from quarkade.agents.search import SearchBot
from quarkade.core.chance import Chance
from quarkade.core.game import Game, State
from quarkade.tools.backends import batch_collector
from quarkade.tools.match import make_bots

# The design's targets, as ratios to the reference's random-play steps a second.
RANDOM_TARGET = 2.0
CLONES_TARGET = 4.0
SIMULATE_TARGET = 1.0
TARGETS = {"random": RANDOM_TARGET, "clones": CLONES_TARGET, "simulate": SIMULATE_TARGET}
SEARCH_TARGET = 5_000  # IS-MCTS simulations a second
SEARCH_DECISION = 0.2  # CPU seconds of the search's budget at each position measured
_SEARCH_GAMES = 2  # seeded games whose positions the search is measured at
ROUNDS = 5
# The clock is read once a batch so that reading it costs little next to what is timed.
_BATCH = 16
# Mid-game states to clone: one every few steps of a few games, so early, middle and
# late positions are all measured.
_CLONE_GAMES = 3
_CLONE_EVERY = 7

# A loop measured in slices: each ``next`` does one unit of work (a step, a clone) and says
# whether it finished a game. It keeps its place between slices, so a game cut by the end of
# one round goes on in the next and no round is biased towards short or long games.
Loop = Iterator[bool]


@dataclass(frozen=True)
class Ratio:
    """One figure's ratios to the reference, one a round."""

    values: tuple[float, ...]
    target: float

    @property
    def median(self) -> float:
        return statistics.median(self.values)

    @property
    def quartiles(self) -> tuple[float, float]:
        if len(self.values) < 2:
            return self.values[0], self.values[0]
        q1, _, q3 = statistics.quantiles(self.values, n=4, method="inclusive")
        return q1, q3

    @property
    def met(self) -> bool:
        return self.median >= self.target

    def to_json(self) -> dict[str, Any]:
        q1, q3 = self.quartiles
        return {"median": round(self.median, 3), "min": round(min(self.values), 3), "q1": round(q1, 3),
                "q3": round(q3, 3), "max": round(max(self.values), 3), "target": self.target, "met": self.met}


@dataclass(frozen=True)
class BenchResult:
    game: str
    players: int
    seconds: float
    rounds: int
    steps_per_s: float
    games_per_s: float
    clones_per_s: float
    simulate_steps_per_s: float
    simulate_bots: str
    openspiel_python_ttt_steps_per_s: float | None = None
    ratios: dict[str, Ratio] | None = None  # "random", "clones", "simulate"
    search_simulations_per_s: float | None = None  # the median of ``search_rounds``
    search_rounds: tuple[float, ...] = ()  # the search's simulations a second, one a round

    def _median_ratio(self, name: str) -> float | None:
        return None if self.ratios is None else self.ratios[name].median

    @property
    def ratio_vs_openspiel(self) -> float | None:
        return self._median_ratio("random")

    @property
    def clones_ratio(self) -> float | None:
        return self._median_ratio("clones")

    @property
    def simulate_ratio(self) -> float | None:
        return self._median_ratio("simulate")

    @property
    def search_met(self) -> bool | None:
        """The search's simulations a second at ``SEARCH_TARGET``; None when not measured."""
        return None if self.search_simulations_per_s is None else self.search_simulations_per_s >= SEARCH_TARGET

    @property
    def meets_targets(self) -> bool | None:
        """Every median ratio at its target, and the search at its own when it was measured;
        None without the reference to compare with."""
        if self.ratios is None:
            return None
        return all(ratio.met for ratio in self.ratios.values()) and self.search_met is not False

    def to_json(self) -> dict[str, Any]:
        def rounded(value: float | None, digits: int) -> float | None:
            return None if value is None else round(value, digits)

        return {
            "game": self.game,
            "players": self.players,
            "seconds": self.seconds,
            "rounds": self.rounds,
            "engine": compiled.engine(),
            "clock": "process_time",
            "steps_per_s": round(self.steps_per_s, 1),
            "games_per_s": round(self.games_per_s, 3),
            "clones_per_s": round(self.clones_per_s, 1),
            "simulate_steps_per_s": round(self.simulate_steps_per_s, 1),
            "simulate_bots": self.simulate_bots,
            "openspiel_python_ttt_steps_per_s": rounded(self.openspiel_python_ttt_steps_per_s, 1),
            "ratio_vs_openspiel": rounded(self.ratio_vs_openspiel, 3),
            "clones_ratio": rounded(self.clones_ratio, 3),
            "simulate_ratio": rounded(self.simulate_ratio, 3),
            "ratios": None if self.ratios is None else {name: r.to_json() for name, r in self.ratios.items()},
            "targets": dict(TARGETS),
            "meets_targets": self.meets_targets,
            "search_simulations_per_s": rounded(self.search_simulations_per_s, 1),
            "search_rounds": [round(rate, 1) for rate in self.search_rounds],
            "search_target": SEARCH_TARGET,
        }


def run_slice(loop: Loop, seconds: float) -> tuple[int, int, float]:
    """Run ``loop`` for about ``seconds`` of CPU time: (units done, games finished, CPU seconds)."""
    clock = time.process_time
    done = finished = 0
    start = clock()
    while True:
        for _ in range(_BATCH):
            if next(loop):
                finished += 1
        done += _BATCH
        spent = clock() - start
        if spent >= seconds:
            return done, finished, spent


def random_play(game: Game, seed: int = 0) -> Loop:
    """Random playouts of seeded games, one step a unit."""
    chance = Chance(seed)
    games = 0
    while True:
        state = game.new_game(seed + games)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chance.below(len(legal))])
            yield state.is_over
        games += 1


def mid_game_states(game: Game, seed: int = 0) -> list[State]:
    chance = Chance(seed)
    states = []
    for offset in range(_CLONE_GAMES):
        state = game.new_game(seed + offset)
        step = 0
        while not state.is_over:
            if step % _CLONE_EVERY == 0:
                states.append(state.clone())
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chance.below(len(legal))])
            step += 1
    return states


def cloning(game: Game, seed: int = 0) -> Loop:
    """Clones of mid-game states, one clone a unit."""
    states = mid_game_states(game, seed)
    while True:
        for state in states:
            state.clone()
            yield False


def simulate_bot_kind(game: Game) -> str:
    return "heuristic" if "heuristic" in bot_kinds(game.id) else "random"


def simulate_play(game: Game, kind: str, seed: int = 0) -> Loop:
    """``simulate``'s loop (``play_match``): bots made for each seeded game, each decision
    from the seat's view, then the checked ``apply``; one step a unit."""
    game_seed = seed
    while True:
        bots = make_bots(game, [kind] * game.players, game_seed)
        state = game.new_game(game_seed)
        while not state.is_over:
            seat = state.to_act[0]
            action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
            state.apply(seat, action)
            yield state.is_over
        game_seed += 1


def search_positions(game: Game, seed: int = 0) -> list[tuple[State, int]]:
    """Every decision with more than one legal move of ``_SEARCH_GAMES`` seeded games played by
    ``simulate``'s bots (the seat to act, the state), in an order drawn from ``seed``: any
    stretch of them mixes early, middle and late positions."""
    kind = simulate_bot_kind(game)
    positions = []
    for offset in range(_SEARCH_GAMES):
        bots = make_bots(game, [kind] * game.players, seed + offset)
        state = game.new_game(seed + offset)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                positions.append((state.clone(), seat))
            state.apply(seat, bots[seat].choose(state.view(seat), legal))
    Chance(seed).shuffle(positions)
    return positions


def searching(game: Game, seed: int = 0) -> Iterator[tuple[int, float]]:
    """The search bot deciding at ``search_positions`` in turn, ``SEARCH_DECISION`` CPU seconds
    each: (simulations, CPU seconds) a decision. Each decision is a new bot's (made in
    microseconds, outside the time measured): a bot keeps what it saw at its earlier decisions
    (Qwarks' memory of the faces), which the shuffled positions of two games would mix up."""
    clock = time.process_time
    for made, (state, seat) in enumerate(itertools.cycle(search_positions(game, seed))):
        bot = SearchBot(game, seed + made, seconds=SEARCH_DECISION)
        started = clock()
        bot.choose(state.view(seat), state.legal_actions(seat))
        yield bot.simulations, clock() - started


def search_rounds(game: Game, seconds: float, rounds: int, seed: int = 0) -> tuple[float, ...]:
    """The search's simulations a CPU second in each of ``rounds`` rounds of ``seconds / rounds``."""
    decisions = searching(game, seed)
    rates = []
    for _round in range(rounds):
        simulations, spent = 0, 0.0
        while spent < seconds / rounds:
            done, took = next(decisions)
            simulations, spent = simulations + done, spent + took
        rates.append(simulations / spent)
    return tuple(rates)


def openspiel_available() -> bool:
    try:
        importlib.import_module("pyspiel")
    except ImportError:
        return False
    return True


def openspiel_ttt(seed: int = 0) -> Loop:
    """OpenSpiel's pure-Python tic-tac-toe in the random-play loop, one step a unit."""
    # Importing the module registers "python_tic_tac_toe" with pyspiel.
    importlib.import_module("open_spiel.python.games.tic_tac_toe")
    pyspiel = importlib.import_module("pyspiel")
    game = pyspiel.load_game("python_tic_tac_toe")
    chance = Chance(seed)
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[chance.below(len(legal))])
            yield state.is_terminal()


def measure_openspiel_ttt(seconds: float, seed: int = 0) -> float:
    """Steps per CPU second of the reference alone (for information; ratios use rounds)."""
    done, _, spent = run_slice(openspiel_ttt(seed), seconds)
    return done / spent


def _median_rate(units: Sequence[tuple[int, int, float]], games: bool = False) -> float:
    return statistics.median((finished if games else done) / spent for done, finished, spent in units)


@batch_collector()
def bench(game: Game, seconds: float = 3.0, seed: int = 0, rounds: int = ROUNDS,
          reference: bool | None = None, search: bool = True) -> BenchResult:
    """Measure ``game`` in ``rounds`` interleaved with the reference (when OpenSpiel is
    installed, or as ``reference`` says); each figure gets ``seconds`` of CPU time in all."""
    if rounds < 1:
        raise ValueError(f"a bench runs at least one round, not {rounds}")
    with_reference = openspiel_available() if reference is None else reference
    slice_ = seconds / rounds
    kind = simulate_bot_kind(game)
    loops: dict[str, Loop] = {"random": random_play(game, seed), "clones": cloning(game, seed),
                              "simulate": simulate_play(game, kind, seed)}
    ttt = openspiel_ttt(seed) if with_reference else None
    # One unit of each loop before any clock runs: imports, bots' tables and the states to
    # clone are made then, and would otherwise weigh on the first round alone.
    for loop in (*loops.values(), *([ttt] if ttt is not None else [])):
        next(loop)
    measured: dict[str, list[tuple[int, int, float]]] = {name: [] for name in loops}
    reference_rates: list[float] = []
    ratios: dict[str, list[float]] = {name: [] for name in loops}
    for _round in range(rounds):
        for name, loop in loops.items():
            if ttt is not None:
                done, _, spent = run_slice(ttt, slice_)
                reference_rates.append(done / spent)
            figure = run_slice(loop, slice_)
            measured[name].append(figure)
            if ttt is not None:
                ratios[name].append(figure[0] / figure[2] / reference_rates[-1])
    searched = search_rounds(game, seconds, rounds, seed) if search else ()
    return BenchResult(
        game=game.id,
        players=game.players,
        seconds=seconds,
        rounds=rounds,
        steps_per_s=_median_rate(measured["random"]),
        # Games finished per CPU second over all rounds: a round may finish none.
        games_per_s=sum(f for _, f, _ in measured["random"]) / sum(s for _, _, s in measured["random"]),
        clones_per_s=_median_rate(measured["clones"]),
        simulate_steps_per_s=_median_rate(measured["simulate"]),
        simulate_bots=kind,
        openspiel_python_ttt_steps_per_s=statistics.median(reference_rates) if reference_rates else None,
        ratios={name: Ratio(tuple(values), TARGETS[name]) for name, values in ratios.items()} if ttt else None,
        search_simulations_per_s=statistics.median(searched) if searched else None,
        search_rounds=searched,
    )

