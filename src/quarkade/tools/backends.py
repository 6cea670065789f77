"""Where a batch of seeded bot games runs: in this process, on a pool of processes, or on Ray.

Every backend plays the same games: a game is fixed by its configuration, its bots and its
seed, and nothing else (no clock, no shared generator), so a seed gives the same game
wherever it is played. The seeds are cut into chunks, the chunks run wherever the backend
sends them, and the results come back in seed order, so a simulation's results and records
are byte for byte the same on every backend. That holds for bots that decide by their seed
alone; a search on a time budget (``mcts`` without ``iterations``, the ``hard`` and ``expert``
levels) reads the clock, and plays as far as the machine's speed and load let it.

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

A run cut short (Ctrl-C, a SIGTERM taken as one, a failing bot) ends its work at once: what has
not started is cancelled and the workers still playing are ended (``Farm.stop``), rather than
waited for.
"""

from __future__ import annotations

import contextlib
import gc
import json
import math
import multiprocessing
import os
import signal
import sys
import threading
import time
import warnings
from collections.abc import Generator, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from multiprocessing.context import BaseContext
from types import FrameType
from typing import Any

from quarkade.agents.base import Bot, bot_class, class_spec_parts, is_class_spec
from quarkade.core.errors import InvalidOptions, QuarkadeError
from quarkade.core.game import State

BACKENDS = ("serial", "process", "ray")
# Chunks a worker gets on average: enough that a worker finishing early takes another one,
# few enough that sending them costs little next to playing them.
_CHUNKS_PER_WORKER = 4
_MAX_CHUNK = 64
# Python's collector as batch runs set it (``batch_collector``): its first generation collected
# after 10,000 new objects rather than 700, and a full collection considered after 100 of the
# second rather than 10. The games' memos (``core/memo.py``) hold tens of thousands of results,
# and with the defaults each full collection walks all of them again: a quarter of Quirks
# Solitaire's ``simulate`` time, a tenth of Quirks'. Garbage in cycles is still collected, later.
BATCH_COLLECTOR = (10_000, 20, 100)


@contextmanager
def batch_collector() -> Iterator[None]:
    """Within (or in a function it decorates): the collector's thresholds of a batch run
    (``BATCH_COLLECTOR``); as they were after."""
    kept = gc.get_threshold()
    gc.set_threshold(*BATCH_COLLECTOR)
    try:
        yield
    finally:
        gc.set_threshold(*kept)


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
    # What each seat had or did (``State.seat_items``): one tuple of item names a seat.
    items: tuple[tuple[str, ...], ...] = ()
    # A game a bot forfeited by failing (a tournament's ``--forfeit``): its seat, and what its
    # failure said; the game stopped there (``forfeit_result``).
    forfeited: tuple[int, ...] = ()
    failure: str = ""


class WorkerDied(QuarkadeError):
    """A worker process of the pool ended in the middle of its games."""


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
    forfeit: bool = False  # a bot that fails forfeits its game, rather than stopping the run


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


def record_json(state: State, bots: Sequence[str] = ()) -> dict[str, Any]:
    """A finished game's record, with its scores, winners and categories beside it for readers of
    the file, and the bot of each seat (``bots``, as the seats were given) when known."""
    extra = {"bots": list(bots)} if bots else {}
    return {**state.record().to_json(), "scores": list(state.scores), "winners": list(state.winners),
            "categories": {kind: list(labels) for kind, labels in state.categories().items()}, **extra}


def play_chunk(chunk: Chunk) -> list[tuple[GameResult, str | None]]:
    """Play a chunk's games in seed order: each game's result, and its record line if asked."""
    with batch_collector():
        return list(play_games(chunk))


def play_games(chunk: Chunk) -> Iterator[tuple[GameResult, str | None]]:
    """A chunk's games in seed order, each yielded as soon as it is over (``play_chunk``)."""
    from quarkade.core.registry import load
    from quarkade.tools.match import BotFailure, forfeit_result, forfeiting_bots, make_bots, play_match

    game = load(chunk.game, chunk.players, **chunk.options)
    classes = dict(chunk.classes)
    for seed in chunk.seeds:
        try:
            made = forfeiting_bots if chunk.forfeit else make_bots
            state = play_match(game, made(game, chunk.seats, seed, classes), seed, names=chunk.seats)
        except BotFailure as failure:
            if not chunk.forfeit or failure.seat is None:
                raise
            scores, winners = forfeit_result(game, failure.seat)
            yield (GameResult(seed, scores, winners, failure.steps, {}, forfeited=(failure.seat,),
                              failure=str(failure)), None)
            continue
        result = GameResult(seed, state.scores, state.winners, state.steps, state.statistics(), state.categories(),
                            state.seat_items())
        yield result, json.dumps(record_json(state, chunk.seats)) + "\n" if chunk.records else None


def default_workers() -> int:
    return os.cpu_count() or 1


def chunks_of(template: Chunk, seeds: Sequence[int], workers: int) -> list[Chunk]:
    """``seeds`` in chunks, a few a worker. A chunk's games come back only when all are played,
    so a run stopped plays them all again (a tournament) or loses them (a simulation): a game
    that takes long (``takes_long``) is a chunk of its own."""
    most = 1 if takes_long(template) else _MAX_CHUNK
    size = max(1, min(most, math.ceil(len(seeds) / (workers * _CHUNKS_PER_WORKER))))
    return [replace(template, seeds=tuple(seeds[start:start + size])) for start in range(0, len(seeds), size)]


def takes_long(template: Chunk) -> bool:
    """Whether a game of the chunk's seats takes seconds or more: one with a search, or with a
    bot class of one's own, whose speed is not known."""
    from quarkade.agents.search import search_of
    from quarkade.core.registry import load

    if any(is_class_spec(spec, template.game) for spec in template.seats):
        return True
    game = load(template.game, template.players, **template.options)
    # (a bot that cannot be made fails, or forfeits, at once)
    return any(search_of(spec, game) is not None for spec in set(template.seats))


def check_backend(backend: str, workers: int | None, address: str | None) -> None:
    """Refuse a backend that does not exist or options it does not take, before any game."""
    if backend not in BACKENDS:
        raise InvalidOptions(f"there is no backend {backend!r} (backends: {', '.join(BACKENDS)})")
    if workers is not None and workers < 1:
        raise InvalidOptions(f"a backend has at least one worker, not {workers}")
    if address is not None and backend != "ray":
        raise InvalidOptions(f"an address is for the ray backend, not {backend!r}")


def run_chunks(template: Chunk, seeds: Sequence[int], backend: str = "serial", workers: int | None = None,
               address: str | None = None) -> Generator[tuple[GameResult, str | None], None, None]:
    """The games of ``seeds`` played on ``backend``, yielded in seed order as they are done.

    Stopped early (an interrupt, a failing bot, the caller closing the iterator), it ends the
    work still out at once rather than waiting for it."""
    check_backend(backend, workers, address)
    if backend == "serial":  # each game as it ends: an interrupt loses none that is over
        yield from play_games(replace(template, seeds=tuple(seeds)))
        return
    chunks = chunks_of(template, seeds, workers or default_workers())
    farm = Farm(backend, workers, address, len(chunks))
    try:
        for handle in [farm.submit(chunk) for chunk in chunks]:
            yield from farm.result(handle)
    except BaseException:
        farm.stop()
        raise
    finally:
        farm.close()


class Stop:
    """How a run under ``sigterm_as_interrupt`` was stopped: ``terminated`` by a SIGTERM."""

    terminated = False

    @property
    def status(self) -> int:
        """A shell's exit status for the run stopped so: 143 for SIGTERM, 130 for Ctrl-C."""
        return 128 + (signal.SIGTERM if self.terminated else signal.SIGINT)


@contextmanager
def sigterm_as_interrupt() -> Iterator[Stop]:
    """Within: a SIGTERM (``kill``) stops a long run as Ctrl-C does (the workers ended, the games
    done kept, one line said), rather than ending this process at once and leaving its workers
    to play on. What it yields says which of the two stopped the run (its exit status)."""
    stop = Stop()

    def interrupt(signum: int, frame: FrameType | None) -> None:
        stop.terminated = True
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: leave SIGTERM as it is
        yield stop
        return
    try:
        yield stop
    finally:
        signal.signal(signal.SIGTERM, previous)


class Interrupted(KeyboardInterrupt):
    """A run stopped by an interrupt (Ctrl-C, or a SIGTERM taken as one), and how far it got:
    ``done`` of ``total`` games."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__(done, total)
        self.done = done
        self.total = total


# How often a pool's worker looks whether the process that started it is still there.
ORPHAN_CHECK_SECONDS = 0.5


def _watch_for_orphaning(owner: int) -> None:
    """In a pool's worker: end this process once ``owner``, the process whose pool it is, is
    gone. A run killed at once (``kill -9``) cannot stop its workers itself; without this they
    would play on, each game for no one, until their chunks were done. (A worker's parent is
    not always the owner: a forkserver's workers are its children, and it outlives the owner.)"""

    def gone() -> bool:
        try:
            os.kill(owner, 0)
        except ProcessLookupError:
            return True
        except PermissionError:  # another user's process now holds the number: the owner is gone
            return True
        return False

    def watch() -> None:
        while not gone():
            time.sleep(ORPHAN_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="orphan-watch", daemon=True).start()


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes for chunks of games, each ending itself once the process
    that started it is gone (``_watch_for_orphaning``)."""
    if threading.active_count() == 1:
        # Forked workers start at once, with everything this process has imported, and do not
        # run the caller's script again (a script without a ``__main__`` guard works).
        context: BaseContext = multiprocessing.get_context("fork")
    else:
        # Another thread may hold a lock a fork would copy held: the workers are forked from a
        # clean server process instead, which imports the game code once for all of them.
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["quarkade.tools.backends", "quarkade.tools.match"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_start_worker,
                               initargs=(os.getpid(),))


def _start_worker(owner: int) -> None:
    """A pool's worker, as it starts: a batch run's collector (a forked worker has it already, one
    of a forkserver not), and an end of its own once ``owner`` is gone (``_watch_for_orphaning``)."""
    gc.set_threshold(*BATCH_COLLECTOR)
    _watch_for_orphaning(owner)


def connect_ray(workers: int | None, address: str | None) -> bool:
    """Ray, ready for tasks: the cluster at ``address``, or a local Ray of ``workers`` CPUs (all
    of them by default) started now. Whether it was started here, to be shut down after."""
    try:
        import ray
    except ImportError:
        raise InvalidOptions("the ray backend needs Ray: pip install 'quarkade[ray]'") from None
    if ray.is_initialized():
        return False
    with _keeping_sigterm():
        if address is None:
            # "local": a Ray of its own, even where RAY_ADDRESS or a `ray start` names a cluster
            # (joined only when asked, with --address)
            try:
                ray.init(address="local", num_cpus=workers, include_dashboard=False)
            except (ConnectionError, TimeoutError, ValueError, RuntimeError) as error:
                raise InvalidOptions(f"could not start a local Ray: {_reason(error)}") from None
            return True
        try:
            # Ray's own warning of a timeout would say again, at length, what the error says.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ray.init(address=address)
        except (ConnectionError, TimeoutError, ValueError, RuntimeError) as error:
            raise InvalidOptions(unreachable_cluster(address, error)) from None
    return True


@contextmanager
def _keeping_sigterm() -> Iterator[None]:
    """Within, ``ray.init`` may set its own SIGTERM handler (one that exits at once); this one's
    is put back after, so that a ``kill`` still stops the run as Ctrl-C does."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    kept = signal.getsignal(signal.SIGTERM)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, kept)


def _reason(error: Exception) -> str:
    """Ray's error in one line: its first, with the next when the first only leads into it
    ("Initialization failure from server:")."""
    lines = [line.strip() for line in str(error).strip().splitlines() if line.strip()] or [type(error).__name__]
    reason = lines[0]
    if reason.endswith(":") and len(lines) > 1:
        reason = f"{reason} {lines[1]}"
    return reason.rstrip(".")


def unreachable_cluster(address: str, error: Exception) -> str:
    """Why Ray could not be joined at ``address``, in one line, and what to do."""
    reason = _reason(error)
    if "ray[client]" in reason:
        return (f"the address {address} needs Ray's client, which is not installed: "
                "pip install 'quarkade[ray]' (or 'ray[client]')")
    return (f"could not reach a Ray cluster at {address}: {reason}; start one with `ray start --head` "
            "or omit --address for a local Ray")


class Farm:
    """Where chunks of games go when the backend is not serial: a process pool or Ray.

    Chunks are sent off at once and their results taken back in any order asked for.
    ``close`` ends a finished run; ``stop`` ends one cut short at once: what has not started
    is cancelled and the workers still playing are ended (a pool's shutdown would wait for
    them, minutes with a slow bot), and the chunks already done can still be read. (A Ray
    started for the run is left to ``close``, whose shutdown ends its workers.)"""

    def __init__(self, backend: str, workers: int | None, address: str | None, tasks: int) -> None:
        self.backend = backend
        self.pool: ProcessPoolExecutor | None = None
        self.started_ray = False
        self.sent: list[Any] = []
        if backend == "process":
            self.pool = process_pool(max(1, min(workers or default_workers(), tasks)))
            return
        self.started_ray = connect_ray(workers, address)
        import ray

        self.remote = ray.remote(play_chunk)

    def submit(self, chunk: Chunk) -> Any:
        if self.pool is not None:
            handle: Any = self.pool.submit(play_chunk, chunk)
        else:
            handle = self.remote.remote(for_ray(chunk))
        self.sent.append(handle)
        return handle

    def result(self, handle: Any) -> list[tuple[GameResult, str | None]]:
        """A chunk's games, waiting for them if need be; a game's error raised here as it was
        raised where it was played."""
        if isinstance(handle, Future):
            try:
                played: list[tuple[GameResult, str | None]] = handle.result()
            except BrokenProcessPool:
                raise WorkerDied("a worker process ended while it played (a bot ending its process, os._exit, or "
                                 "a crash in native code): run with --backend serial to see which game and "
                                 "which bot") from None
            return played
        import ray

        try:
            fetched: list[tuple[GameResult, str | None]] = ray.get(handle)
        except ray.exceptions.RayTaskError as error:
            # Ray wraps the worker's error in its own traceback: a failing bot is told as such.
            if isinstance(error.cause, QuarkadeError):
                raise error.cause from None
            raise
        return fetched

    def ready(self, handle: Any) -> bool:
        """Whether a chunk's games are all played, without waiting."""
        if isinstance(handle, Future):
            return handle.done() and not handle.cancelled() and handle.exception() is None
        import ray

        done, _ = ray.wait([handle], timeout=0)
        return bool(done)

    def stop(self) -> None:
        """Cancel what has not started and end the workers at once (again: nothing)."""
        if self.backend == "process":
            if self.pool is not None:
                # The processes and the pool's managing thread are read first: a shutdown forgets them.
                processes = list((self.pool._processes or {}).values())
                # (typeshed gives the attribute the wake-up's type; it holds the thread)
                manager: threading.Thread | None = self.pool._executor_manager_thread  # type: ignore[assignment]
                self.pool.shutdown(wait=False, cancel_futures=True)
                self.pool = None
                for process in processes:
                    process.kill()
                for process in processes:
                    process.join(timeout=5)
                # Its thread, seeing its workers gone, closes the pool's wake-up pipe: waited for
                # here, that is done before the interpreter's exit wakes the pool's thread up
                # again (Python 3.11 can write to the pipe as it is closed: "Bad file descriptor").
                if manager is not None:
                    manager.join(timeout=5)
            return
        import ray

        sent, self.sent = self.sent, []
        if self.started_ray or not sent:
            return  # a Ray started here: ``close`` shuts it down, its workers with it
        # Only the tasks not done are cancelled: Ray's cancel can race a task finishing as it is
        # called, and that race ends this process in Ray itself ("Tried to complete task that was
        # not pending"); a task done long ago gains nothing from it and only widens the window.
        _, running = ray.wait(sent, num_returns=len(sent), timeout=0, fetch_local=False)
        for handle in running:
            with contextlib.suppress(Exception):  # done or gone since
                ray.cancel(handle, force=True)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None
        elif self.started_ray:
            import ray

            ray.shutdown()
            self.started_ray = False
