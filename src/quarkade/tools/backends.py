"""Where a batch of seeded bot games runs: in this process, on a pool of processes, or on Ray.

Every backend plays the same games: a game is fixed by its configuration, its bots and its
seed, and nothing else (no clock, no shared generator), so a seed gives the same game
wherever it is played. The seeds are cut into chunks, the chunks run wherever the backend
sends them, and the results come back in seed order, so a simulation's results and records
are byte for byte the same on every backend.

- ``serial``: one game after the other in this process.
- ``process``: a ``concurrent.futures.ProcessPoolExecutor`` of ``workers`` processes (the
  machine's cores by default), forked from this process, or from a clean server process when
  this one runs other threads (a progress bar's) whose locks a fork would copy while held.
- ``ray``: a Ray task a chunk, on the cluster at ``address`` (``ray://host:10001``, or
  ``auto`` for the one this machine belongs to) or on a local Ray started for the batch. The
  cluster's machines need ``quarkade`` installed, at the same version.

A seat may be played by an importable ``Bot`` subclass (``package.module:Class``). A process
of the pool imports its module by name, looking where this process looks (a pool's processes
start with its ``sys.path``). To Ray the class goes by value, its module's code with it, so a
researcher's own bot runs on a cluster whose machines have only ``quarkade`` (and what that
module imports) installed. A file the bot reads (a trained policy) must be where each worker can
read it.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import sys
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from multiprocessing.context import BaseContext
from typing import Any

from quarkade.agents.base import Bot, bot_class, class_spec_parts, is_class_spec
from quarkade.core.errors import InvalidOptions
from quarkade.core.game import State

BACKENDS = ("serial", "process", "ray")
# Chunks a worker gets on average: enough that a worker finishing early takes another one,
# few enough that sending them costs little next to playing them.
_CHUNKS_PER_WORKER = 4
_MAX_CHUNK = 64


@dataclass(frozen=True)
class GameResult:
    """One finished game of a simulation."""

    seed: int
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    steps: int
    statistics: dict[str, float]
    # What each seat played as (``State.categories``): kind -> one label a seat.
    categories: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Chunk:
    """Seeded games to play: all a worker needs, and small to send (no game object)."""

    game: str
    players: int
    options: dict[str, Any]
    seats: tuple[str, ...]
    seeds: tuple[int, ...]
    records: bool  # whether each game's record comes back as a JSON line
    # To Ray, the class of each seat given as ``module:Class``, by that name (see the module's
    # docstring); a process imports them.
    classes: tuple[tuple[str, type[Bot]], ...] = ()


def for_ray(chunk: Chunk) -> Chunk:
    """``chunk`` as a Ray worker plays it: the seats' classes with it, their modules by value."""
    classes = seat_classes(chunk.game, chunk.seats)
    if not classes:
        return chunk
    send_by_value(classes)
    return replace(chunk, classes=classes)


def seat_classes(game_id: str, seats: Sequence[str]) -> tuple[tuple[str, type[Bot]], ...]:
    """The classes the seats name as ``module:Class`` (settings left out), imported here."""
    found: dict[str, type[Bot]] = {}
    for spec in seats:
        if is_class_spec(spec, game_id):
            found[class_spec_parts(spec)[0]] = bot_class(spec)
    return tuple(found.items())


def send_by_value(classes: Sequence[tuple[str, type[Bot]]]) -> None:
    """Have Ray send each class's module by value: a worker need not be able to import it.
    Quarkade's own modules are on every worker and go by name."""
    import ray.cloudpickle

    for _, found in classes:
        module = sys.modules[found.__module__]
        if module.__name__ != "quarkade" and not module.__name__.startswith("quarkade."):
            ray.cloudpickle.register_pickle_by_value(module)  # type: ignore[no-untyped-call]


def record_json(state: State) -> dict[str, Any]:
    """A finished game's record, with its scores and winners beside it for readers of the file."""
    return {**state.record().to_json(), "scores": list(state.scores), "winners": list(state.winners),
            "categories": {kind: list(labels) for kind, labels in state.categories().items()}}


def play_chunk(chunk: Chunk) -> list[tuple[GameResult, str | None]]:
    """Play a chunk's games in seed order: each game's result, and its record line if asked."""
    from quarkade.core.registry import load
    from quarkade.tools.match import make_bots, play_match

    game = load(chunk.game, chunk.players, **chunk.options)
    played: list[tuple[GameResult, str | None]] = []
    classes = dict(chunk.classes)
    for seed in chunk.seeds:
        state = play_match(game, make_bots(game, chunk.seats, seed, classes), seed)
        result = GameResult(seed, state.scores, state.winners, state.steps, state.statistics(), state.categories())
        played.append((result, json.dumps(record_json(state)) + "\n" if chunk.records else None))
    return played


def default_workers() -> int:
    return os.cpu_count() or 1


def chunks_of(template: Chunk, seeds: Sequence[int], workers: int) -> list[Chunk]:
    size = max(1, min(_MAX_CHUNK, math.ceil(len(seeds) / (workers * _CHUNKS_PER_WORKER))))
    return [Chunk(template.game, template.players, template.options, template.seats,
                  tuple(seeds[start:start + size]), template.records) for start in range(0, len(seeds), size)]


def check_backend(backend: str, workers: int | None, address: str | None) -> None:
    """Refuse a backend that does not exist or options it does not take, before any game."""
    if backend not in BACKENDS:
        raise InvalidOptions(f"there is no backend {backend!r} (backends: {', '.join(BACKENDS)})")
    if workers is not None and workers < 1:
        raise InvalidOptions(f"a backend has at least one worker, not {workers}")
    if address is not None and backend != "ray":
        raise InvalidOptions(f"an address is for the ray backend, not {backend!r}")


def run_chunks(template: Chunk, seeds: Sequence[int], backend: str = "serial", workers: int | None = None,
               address: str | None = None) -> Iterator[tuple[GameResult, str | None]]:
    """The games of ``seeds`` played on ``backend``, yielded in seed order as they are done."""
    check_backend(backend, workers, address)
    count = workers or default_workers()
    if backend == "serial":
        for chunk in chunks_of(template, seeds, 1):
            yield from play_chunk(chunk)
    elif backend == "process":
        yield from _on_processes(chunks_of(template, seeds, count), count)
    else:
        yield from _on_ray(chunks_of(template, seeds, count), workers, address)


def _on_processes(chunks: list[Chunk], workers: int) -> Iterator[tuple[GameResult, str | None]]:
    if threading.active_count() == 1:
        # Forked workers start at once, with everything this process has imported, and do not
        # run the caller's script again (a script without a ``__main__`` guard works).
        context: BaseContext = multiprocessing.get_context("fork")
    else:
        # Another thread may hold a lock a fork would copy held: the workers are forked from a
        # clean server process instead, which imports the game code once for all of them.
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["quarkade.tools.backends", "quarkade.tools.match"])
    with ProcessPoolExecutor(max_workers=min(workers, len(chunks)), mp_context=context) as pool:
        for played in pool.map(play_chunk, chunks):
            yield from played


def _on_ray(chunks: list[Chunk], workers: int | None, address: str | None) -> Iterator[tuple[GameResult, str | None]]:
    try:
        import ray
    except ImportError:
        raise InvalidOptions("the ray backend needs Ray: pip install 'quarkade[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address is not None:
            ray.init(address=address)
        else:
            ray.init(num_cpus=workers, include_dashboard=False)
    try:
        remote = ray.remote(play_chunk)
        pending = [remote.remote(for_ray(chunk)) for chunk in chunks]
        for reference in pending:
            yield from ray.get(reference)
    finally:
        if started:
            ray.shutdown()
