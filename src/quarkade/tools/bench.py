"""How fast the hot path is: random playouts and clones on one core.

A step is what every bot and simulation repeats: the legal actions of the seat to act,
one of them picked by a seeded generator, then the checked ``apply``. OpenSpiel's
pure-Python tic-tac-toe runs the same loop in the same process when it is installed,
which gives a figure that does not depend on the machine: the ratio between the two.
"""

from __future__ import annotations

import importlib
import time
from dataclasses import dataclass
from typing import Any

from quarkade.agents.search import simulations_per_second
from quarkade.core.chance import Chance
from quarkade.core.game import Game, State

# The performance targets of the design, for each game.
STEPS_TARGET = 50_000
CLONES_TARGET = 100_000
SEARCH_TARGET = 5_000  # IS-MCTS simulations a second
# Clocks are read once a batch so that reading them costs little next to what is timed.
_BATCH = 64
# Mid-game states to clone: one every few steps of a few games, so early, middle and
# late positions are all measured.
_CLONE_GAMES = 3
_CLONE_EVERY = 7


@dataclass(frozen=True)
class BenchResult:
    game: str
    players: int
    seconds: float
    steps_per_s: float
    games_per_s: float
    clones_per_s: float
    openspiel_python_ttt_steps_per_s: float | None = None
    search_simulations_per_s: float | None = None

    @property
    def ratio_vs_openspiel(self) -> float | None:
        if self.openspiel_python_ttt_steps_per_s is None:
            return None
        return self.steps_per_s / self.openspiel_python_ttt_steps_per_s

    @property
    def meets_targets(self) -> bool:
        ratio = self.ratio_vs_openspiel
        return (self.steps_per_s >= STEPS_TARGET and self.clones_per_s >= CLONES_TARGET
                and (ratio is None or ratio >= 1.0))

    def to_json(self) -> dict[str, Any]:
        ratio = self.ratio_vs_openspiel
        return {
            "game": self.game,
            "players": self.players,
            "seconds": self.seconds,
            "steps_per_s": round(self.steps_per_s, 1),
            "games_per_s": round(self.games_per_s, 3),
            "clones_per_s": round(self.clones_per_s, 1),
            "openspiel_python_ttt_steps_per_s": None if self.openspiel_python_ttt_steps_per_s is None
            else round(self.openspiel_python_ttt_steps_per_s, 1),
            "ratio_vs_openspiel": None if ratio is None else round(ratio, 3),
            "meets_targets": self.meets_targets,
            "search_simulations_per_s": None if self.search_simulations_per_s is None
            else round(self.search_simulations_per_s, 1),
            "search_target": SEARCH_TARGET,
        }


def _random_step(state: State, chance: Chance) -> None:
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    state.apply(seat, legal[chance.below(len(legal))])


def measure_playouts(game: Game, seconds: float, seed: int = 0) -> tuple[float, float]:
    """(steps per second, games per second) of random playouts. Games run to their end,
    so the time includes the last one and games per second is not cut short."""
    chance = Chance(seed)
    steps = games = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        state = game.new_game(seed + games)
        while not state.is_over:
            _random_step(state, chance)
            steps += 1
        games += 1
        elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def mid_game_states(game: Game, seed: int = 0) -> list[State]:
    chance = Chance(seed)
    states = []
    for offset in range(_CLONE_GAMES):
        state = game.new_game(seed + offset)
        step = 0
        while not state.is_over:
            if step % _CLONE_EVERY == 0:
                states.append(state.clone())
            _random_step(state, chance)
            step += 1
    return states


def measure_clones(game: Game, seconds: float, seed: int = 0) -> float:
    """Clones per second of mid-game states."""
    states = mid_game_states(game, seed)
    clones = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        for state in states:
            state.clone()
        clones += len(states)
        elapsed = time.perf_counter() - start
    return clones / elapsed


def openspiel_available() -> bool:
    try:
        importlib.import_module("pyspiel")
    except ImportError:
        return False
    return True


def measure_openspiel_ttt(seconds: float, seed: int = 0) -> float:
    """Steps per second of OpenSpiel's pure-Python tic-tac-toe, in the loop used for ours."""
    # Importing the module registers "python_tic_tac_toe" with pyspiel.
    importlib.import_module("open_spiel.python.games.tic_tac_toe")
    pyspiel = importlib.import_module("pyspiel")
    game = pyspiel.load_game("python_tic_tac_toe")
    chance = Chance(seed)
    state = game.new_initial_state()
    steps = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        for _ in range(_BATCH):
            legal = state.legal_actions()
            state.apply_action(legal[chance.below(len(legal))])
            if state.is_terminal():
                state = game.new_initial_state()
        steps += _BATCH
        elapsed = time.perf_counter() - start
    return steps / elapsed


def bench(game: Game, seconds: float = 3.0, seed: int = 0, openspiel_steps_per_s: float | None = None) -> BenchResult:
    """Measure ``game``; ``openspiel_steps_per_s`` is the reference measured in the same run."""
    steps_per_s, games_per_s = measure_playouts(game, seconds, seed)
    return BenchResult(
        game=game.id,
        players=game.players,
        seconds=seconds,
        steps_per_s=steps_per_s,
        games_per_s=games_per_s,
        clones_per_s=measure_clones(game, seconds, seed),
        openspiel_python_ttt_steps_per_s=openspiel_steps_per_s,
        search_simulations_per_s=simulations_per_second(game, seconds, seed),
    )
