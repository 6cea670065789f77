"""Shared helpers: seeded random play and the configurations every game is tested in; tests
that measure time run alone when pytest-xdist runs the others side by side."""

from __future__ import annotations

import ast
import doctest
import fcntl
from collections.abc import Generator, Iterator
from pathlib import Path
from types import ModuleType
from typing import IO, Any

import pytest

import quarkade
from quarkade.core import Action, Chance, Game, State

MAX_STEPS = 20_000


def source_file(module: ModuleType) -> Path:
    """A module's Python source: a compiled module (docs/compiled.md) is loaded from a C library
    beside it, in which ``inspect`` and ``doctest`` find no source, and which has no docstring."""
    path = Path(module.__file__ or "")
    return path.with_name(path.name.split(".")[0] + ".py")


def module_docstring(module: ModuleType) -> str:
    """A module's docstring, read from its source (see ``source_file``)."""
    return ast.get_docstring(ast.parse(source_file(module).read_text())) or ""


def run_doctests(module: ModuleType) -> doctest.TestResults:
    """Run the examples in a module's docstrings against the module as imported, reading them
    from its source (see ``source_file``): ``doctest.testmod`` finds none in a compiled module."""
    source = source_file(module)
    tree = ast.parse(source.read_text())
    documented = [node for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)]
    runner = doctest.DocTestRunner(verbose=False)
    parser = doctest.DocTestParser()
    for node in documented:
        text = ast.get_docstring(node, clean=False)
        if text:
            name = f"{module.__name__}.{getattr(node, 'name', '')}".rstrip(".")
            line = node.body[0].lineno if isinstance(node, ast.Module) else node.lineno
            runner.run(parser.get_doctest(text, dict(vars(module)), name, str(source), line))
    return runner.summarize(verbose=False)


def configurations() -> Iterator[tuple[str, int, dict[str, Any]]]:
    """(game id, players, options) for every registered game at every player count: with
    the default options, then with each option changed in turn (a bool flipped, each other
    choice of a multiple-choice option), where the game takes that option at that count (the
    2 Player Variant of Qwarks, at two players only)."""
    for info in quarkade.list_games():
        changed: list[dict[str, Any]] = [{}]
        for spec in info.options:
            if spec.kind is bool:
                changed.append({spec.name: not spec.default})
            changed.extend({spec.name: choice} for choice in spec.choices if choice != spec.default)
        for players in range(info.min_players, info.max_players + 1):
            for options in changed:
                try:
                    quarkade.load(info.id, players=players, **options)
                except quarkade.InvalidOptions:
                    continue
                yield info.id, players, options


def configuration_id(configuration: tuple[str, int, dict[str, Any]]) -> str:
    game_id, players, options = configuration
    extra = "".join(f"-{name}={value}" for name, value in sorted(options.items()))
    return f"{game_id}-{players}p{extra}"


def random_step(state: State, chance: Chance) -> tuple[int, Action]:
    """Apply one uniformly random legal action (checked path) of a seat that is to act."""
    seat = state.to_act[chance.below(len(state.to_act))]
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} is to act but has no legal action"
    action = legal[chance.below(len(legal))]
    state.apply(seat, action)
    return seat, action


def play_out(state: State, chance: Chance, max_steps: int = MAX_STEPS) -> State:
    """Play ``state`` to the end in place with random legal actions drawn from ``chance``."""
    for _ in range(max_steps):
        if state.is_over:
            return state
        random_step(state, chance)
    assert state.is_over, f"{state.game.id} did not end within {max_steps} steps"
    return state


def walk(game: Game, seed: int) -> Iterator[State]:
    """Every moment of the seeded random game ``random_playout`` plays, the start and the end
    included. The same state object is yielded each time: look, do not touch."""
    state, chance = game.new_game(seed), chooser(seed)
    yield state
    for _ in range(MAX_STEPS):
        if state.is_over:
            return
        random_step(state, chance)
        yield state
    raise AssertionError(f"{game.id} did not end within {MAX_STEPS} steps")


def heuristic_moments(game: Game, seed: int, steps: int) -> Iterator[tuple[int, State, int, list[Action], list[Any]]]:
    """The first ``steps`` decisions of the seeded game the game's heuristic bots play: (step,
    state, seat to act, its legal actions, the bots). The bot's move is applied once the caller
    has looked: look, do not touch."""
    from quarkade.tools.match import make_bots  # (the bots load the games' modules: only here)

    bots = make_bots(game, ["heuristic"] * game.players, seed)
    state = game.new_game(seed)
    for step in range(steps):
        if state.is_over:
            return
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        yield step, state, seat, legal, bots
        state.apply(seat, bots[seat].choose(state.view(seat), legal))


def chooser(seed: int) -> Chance:
    """The generator of the random choices in a game from ``seed`` (never the game's own)."""
    return Chance(seed ^ 0xC0FFEE)


def random_playout(game: Game, seed: int, max_steps: int = MAX_STEPS) -> State:
    """A whole game from ``seed``, the choices drawn from ``chooser(seed)``."""
    return play_out(game.new_game(seed), chooser(seed), max_steps)


# ------------------------------------------------------------------ tests that measure time
# The suite runs in pytest-xdist's workers (the test command's -n), a few tests at a time. A test
# marked ``alone`` measures real time (a countdown, the server's clock, a race against bots'
# reaction times): it starts once no other test runs, and no other starts before it is done. The
# workers agree through two lock files in their common temporary folder: the room, held shared by
# ordinary tests and exclusively by a lone one, and the turnstile, which a lone test holds while
# it waits for the room, so that ordinary tests following one another cannot keep it waiting.
# The lone tests are collected first, so that one worker (pytest-xdist's worksteal gives each
# worker a contiguous part of the suite) runs them one after another, keeping the room from one
# to the next: the room is emptied once, not once for each lone test.
# The tests marked ``long`` (whole games in the browser) come next, so that the same worker plays
# them one after another once the room is open, while the others take the short tests: side by
# side they slowed each other, Cosmic Encounter's game up to 220 s of the 240 s it may take.
_LOCKS: list[IO[bytes]] = []


def _alone(item: pytest.Item) -> bool:
    return item.get_closest_marker("alone") is not None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # (stable: each part keeps its order)
    items.sort(key=lambda item: (not _alone(item), item.get_closest_marker("long") is None))


def pytest_configure(config: pytest.Config) -> None:
    workerinput = getattr(config, "workerinput", None)
    if workerinput is None or config.option.basetemp is None:
        return  # not in a worker: one test at a time already
    shared = Path(config.option.basetemp).parent  # the run's folder, each worker's beside the others'
    _LOCKS[:] = [(shared / f"{name}.lock").open("ab") for name in ("turnstile", "room")]


def pytest_unconfigure(config: pytest.Config) -> None:
    for lock in _LOCKS:
        lock.close()
    _LOCKS.clear()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, object, object]:
    if not _LOCKS:
        return (yield)
    turnstile, room = _LOCKS
    alone = _alone(item)
    # (a lone test after another on this worker finds both locks held: taking them again is a no-op)
    fcntl.flock(turnstile, fcntl.LOCK_EX)
    fcntl.flock(room, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
    if not alone:
        fcntl.flock(turnstile, fcntl.LOCK_UN)
    try:
        return (yield)
    finally:
        if not (alone and nextitem is not None and _alone(nextitem)):
            fcntl.flock(room, fcntl.LOCK_UN)
            if alone:
                fcntl.flock(turnstile, fcntl.LOCK_UN)
