"""How many tables the web server holds, and how fast it answers a move.

The server runs in a subprocess on 127.0.0.1 (a free port, a temporary SQLite file). This
process opens ``tables`` tables, every seat a websocket client that plays at random: when
its state message offers legal actions it thinks a moment (``think`` seconds on average,
quicker than any person) and sends one. The latency of a move is the time from sending it
to receiving the state message that answers it on the same connection (committed to the
database first, as always). A table whose game ends is replaced by a new one, so that
``tables`` are held all along. Everything stays on the loopback interface, and the run
stops by itself after ``seconds``.

>>> run(tables=20, seconds=5.0)          # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import fcntl
import gc
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import httpx

# The client shares the machine with the server: it parses with the server's own (fast) JSON.
from quarkade.faces.web.protocol import dumps, loads
from quarkade.faces.web.server import GC_THRESHOLDS

HOST = "127.0.0.1"
# uvicorn raises the signal that stopped it again once it has shut down: here it ends the
# profiled run with SystemExit, after which cProfile writes its file.
_PROFILED_SERVER = (
    "import cProfile, signal, sys\n"
    "from quarkade.faces.web.server import main\n"
    "signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))\n"
    "output = sys.argv.pop(1)\n"
    "cProfile.run('main(sys.argv[1:])', output)\n"
)


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    messages: int = 0
    bytes: int = 0
    games_finished: int = 0
    tables_opened: int = 0
    connections: int = 0
    most_connections: int = 0
    open_tables: int = 0
    most_tables: int = 0


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


# A free port is free only until someone binds it: each server holds a lock on its port's file
# in this folder from choosing the port until it stops (and removes the file then), so that no two
# servers started at once (tests in several processes) choose the same one, and none is answered
# by another's server. The locks are a port's each, so that servers start side by side, not one
# after another.
_PORT_LOCKS = Path(tempfile.gettempdir()) / "quarkade-server-ports"


def _claim_port() -> tuple[int, IO[str]]:
    """A free port and the lock on it, which no other server holds (``_release_port`` gives it
    back and removes its file)."""
    _PORT_LOCKS.mkdir(exist_ok=True)
    while True:
        port = _free_port()
        path = _PORT_LOCKS / f"{port}.lock"
        lock = path.open("a")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:  # another server's, which does not listen there yet
            lock.close()
            continue
        try:
            current = os.stat(path).st_ino == os.fstat(lock.fileno()).st_ino
        except FileNotFoundError:
            current = False
        if not current:  # the file its holder removed as this opened it: the lock is on nothing
            lock.close()
            continue
        return port, lock


def _release_port(lock: IO[str]) -> None:
    """Give back a port ``_claim_port`` locked: its file is removed while still locked (a claim
    that opened it meanwhile finds it gone and tries again), then the lock is let go."""
    Path(lock.name).unlink(missing_ok=True)
    lock.close()


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process (Linux), or 0 where /proc is not there."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def _percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


class ServerProcess:
    """``python -m quarkade.faces.web.server`` on 127.0.0.1 and a free port, in its own process
    (its output goes to a log file beside the database)."""

    def __init__(self, db: Path, bot_delay: float = 0.0, extra: list[str] | None = None, quiet: bool = True,
                 profile: Path | None = None) -> None:
        self.db = db
        self.port, self._port_lock = _claim_port()
        self.url = f"http://{HOST}:{self.port}"
        self.ws_url = f"ws://{HOST}:{self.port}"
        arguments = ["--host", HOST, "--port", str(self.port), "--db", str(db), "--bot-delay", str(bot_delay),
                     *(["--quiet"] if quiet else []), *(extra or [])]
        self.log = db.with_suffix(f".{self.port}.log").open("w")
        self.process = self.start(arguments, profile)

    def start(self, arguments: list[str], profile: Path | None) -> Any:
        """The server's process, started with ``arguments``, its output to ``self.log``: a
        ``subprocess.Popen`` (or what has its ``pid``, ``poll``, ``terminate``, ``kill`` and
        ``wait``)."""
        if profile is None:
            command = [sys.executable, "-m", "quarkade.faces.web.server", *arguments]
        else:
            # The server's module imported, not run as __main__ (its pydantic models need their
            # own module's names).
            command = [sys.executable, "-c", _PROFILED_SERVER, str(profile), *arguments]
        return subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: see {self.log.name}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/api/server", timeout=1.0).status_code == 200:
                    return
            time.sleep(0.05)
        raise RuntimeError("the server did not start in time")

    def kill(self) -> None:
        """Stop the process at once, as a crash would."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.log.close()
        _release_port(self._port_lock)


def _run_loop(main: Coroutine[Any, Any, None]) -> None:
    """The client's event loop: uvloop's where it is installed (the server runs on it too
    through uvicorn), since the client's loop shares the machine's cores with the server."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - depends on the environment
        asyncio.run(main)
        return
    uvloop.run(main)


def _read(raw: str | bytes) -> dict[str, Any]:
    """A server message without the view a state message ends with (the client plays from
    ``legal`` alone, and parsing the view was most of its work); the whole message when the
    view is not where it is expected."""
    text = raw if isinstance(raw, str) else raw.decode("utf-8")
    cut = text.find(',"view":')
    if cut > 0:
        # A string in JSON text holds a quote only escaped, so this is a key of the message
        # itself or of an object in it; only the first parses as a complete prefix.
        with contextlib.suppress(ValueError):
            message: dict[str, Any] = loads(text[:cut] + "}")
            if "legal" in message and "over" in message:
                return message
    whole: dict[str, Any] = loads(text)
    return whole


class _Bench:
    def __init__(self, server: ServerProcess, tables: int, players: int, think: float, seconds: float,
                 seed: int) -> None:
        self.server = server
        self.tables = tables
        self.players = players
        self.think = think
        self.seconds = seconds
        self.chance = random.Random(seed)
        self.tally = Tally()
        self.measuring = False
        self.stop_at = 0.0
        self.elapsed = seconds
        self.server_cpu = self.client_cpu = 0.0  # CPU seconds while measuring

    async def main(self) -> None:
        from websockets.asyncio.client import connect  # noqa: F401  (fail early if missing)

        # A small pool: the tables open a few at a time, and a large pool costs the client
        # more to search on every request than the requests themselves.
        async with httpx.AsyncClient(base_url=self.server.url, timeout=30.0,
                                     limits=httpx.Limits(max_connections=16)) as http:
            self.http = http
            tasks = [asyncio.create_task(self._keep_a_table()) for _ in range(self.tables)]
            # Let every table open and every seat connect before measuring (a busy machine
            # takes a while to open hundreds of websockets).
            seats = self.tables * self.players
            ramp_end = time.monotonic() + max(10.0, seats / 20)
            while time.monotonic() < ramp_end and self.tally.connections < seats:
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)
            self.tally = Tally(open_tables=self.tally.open_tables, connections=self.tally.connections,
                               most_tables=self.tally.open_tables, most_connections=self.tally.connections)
            self.measuring = True
            self.started = time.monotonic()
            server_before, client_before = _cpu_seconds(self.server.process.pid), time.process_time()
            self.stop_at = self.started + self.seconds
            await asyncio.sleep(self.seconds)
            self.measuring = False
            self.elapsed = time.monotonic() - self.started
            self.server_cpu = _cpu_seconds(self.server.process.pid) - server_before
            self.client_cpu = time.process_time() - client_before
            for task in tasks:
                task.cancel()
            outcomes = await asyncio.gather(*tasks, return_exceptions=True)
            failures = [outcome for outcome in outcomes
                        if isinstance(outcome, Exception) and not isinstance(outcome, asyncio.CancelledError)]
            if failures and not self.tally.moves:
                raise RuntimeError(f"no move was measured: {failures[0]!r}") from failures[0]

    async def _keep_a_table(self) -> None:
        while True:
            await self._one_table()

    async def _one_table(self) -> None:
        from websockets.asyncio.client import connect

        response = await self.http.post("/api/tables", json={
            "game": "quirky-quarks", "players": self.players, "seats": ["human"] * self.players,
            "play": list(range(self.players))})  # one client plays every seat
        response.raise_for_status()
        created = response.json()
        self.tally.tables_opened += 1
        self.tally.open_tables += 1
        self.tally.most_tables = max(self.tally.most_tables, self.tally.open_tables)
        over = asyncio.Event()
        sockets = []
        try:
            for entry in created["seats"]:
                url = f"{self.server.ws_url}/ws/tables/{created['id']}?token={entry['token']}"
                sockets.append(await connect(url, max_size=2**20, open_timeout=30))
                self.tally.connections += 1
                self.tally.most_connections = max(self.tally.most_connections, self.tally.connections)
            seats = [asyncio.create_task(self._play_seat(ws, over)) for ws in sockets]
            await over.wait()
            for task in seats:
                task.cancel()
            await asyncio.gather(*seats, return_exceptions=True)
            if self.measuring:
                self.tally.games_finished += 1
        finally:
            self.tally.open_tables -= 1
            for ws in sockets:
                self.tally.connections -= 1
                with contextlib.suppress(Exception):
                    await ws.close()

    async def _play_seat(self, ws: Any, over: asyncio.Event) -> None:
        sent: dict[int, float] = {}  # seq acted on -> when the action left
        pending: asyncio.Task[None] | None = None

        async def act_later(seq: int, legal: list[str]) -> None:
            await asyncio.sleep(self.chance.expovariate(1.0 / self.think) if self.think > 0 else 0.0)
            action = legal[self.chance.randrange(len(legal))]
            sent[seq] = time.perf_counter()
            with contextlib.suppress(Exception):  # the table may have closed meanwhile
                await ws.send(dumps({"type": "act", "action": action, "seq": seq}))

        try:
            async for raw in ws:
                now = time.perf_counter()
                if self.measuring:
                    self.tally.messages += 1
                    self.tally.bytes += len(raw)
                message = _read(raw)
                kind = message["type"]
                if kind == "over":
                    over.set()
                    return
                if kind == "error":
                    if self.measuring:
                        self.tally.errors[message["code"]] = self.tally.errors.get(message["code"], 0) + 1
                    continue
                if kind != "state":
                    continue
                if message["last"] is not None and sent:
                    # the answer to our own action: its state message
                    started = sent.pop(max(sent))
                    sent.clear()
                    if self.measuring:
                        self.tally.latencies.append(now - started)
                        self.tally.moves += 1
                if pending is not None and not pending.done():
                    pending.cancel()
                if message["legal"] and not message["over"]:
                    pending = asyncio.create_task(act_later(message["seq"], message["legal"]))
        except Exception:  # the connection closed under us: the table is done
            over.set()
        finally:
            if pending is not None:
                pending.cancel()


def run(tables: int = 200, seconds: float = 20.0, json_output: bool = False, *, players: int = 3,
        think: float = 0.5, seed: int = 1, profile: Path | None = None) -> dict[str, Any]:
    """Hold ``tables`` tables for ``seconds`` of random play and measure; print the figures
    (a table, or one JSON object) and return them. ``think`` is each player's mean think
    time in seconds (0: bot speed, every action sent as soon as the state allows it). With
    ``profile`` (a folder), the server and this client are profiled with cProfile into
    ``server.prof`` and ``client.prof`` there."""
    if tables < 1 or seconds <= 0:
        raise ValueError("tables and seconds must be positive")
    if think < 0:
        raise ValueError("think is a mean time in seconds: 0 or more")
    profiler: cProfile.Profile | None = None
    if profile is not None:
        profile.mkdir(parents=True, exist_ok=True)
        profiler = cProfile.Profile()
    with tempfile.TemporaryDirectory(prefix="quarkade-bench-") as folder:
        server = ServerProcess(Path(folder) / "bench.sqlite3",
                               extra=["--tables-per-client", str(tables * 4 + 100), "--messages-per-second", "1000",
                                      # every simulated player connects from this one address, and
                                      # at bot speed hundreds of tables end and open again a second
                                      "--pending-per-address", str(tables * 8 + 100),
                                      "--connections-per-address", str(tables * 8 + 100),
                                      "--tables-per-hour", "1000000000", "--requests-per-second", "1e9",
                                      "--request-burst", "1e9"],
                               profile=None if profile is None else profile.resolve() / "server.prof")
        try:
            server.wait_ready()
            bench = _Bench(server, tables, players, think, seconds, seed)
            # The client collects garbage as the server does (server.py), so that its pauses
            # do not add to the latencies it measures.
            thresholds = gc.get_threshold()
            gc.collect()
            gc.freeze()
            gc.set_threshold(*GC_THRESHOLDS)
            if profiler is not None:
                profiler.enable()
            try:
                _run_loop(bench.main())
            finally:
                if profiler is not None:
                    profiler.disable()
                gc.set_threshold(*thresholds)
                gc.unfreeze()
        finally:
            server.stop()
    if profiler is not None and profile is not None:
        profiler.dump_stats(profile / "client.prof")
    tally = bench.tally
    elapsed = bench.elapsed
    ms = [latency * 1000 for latency in tally.latencies]
    result: dict[str, Any] = {
        "tables": tables,
        "players_per_table": players,
        "think_seconds": think,
        "seconds": round(elapsed, 2),
        "tables_held": tally.most_tables,
        "connections_held": tally.most_connections,
        "moves": tally.moves,
        "moves_per_second": round(tally.moves / elapsed, 1) if elapsed else 0.0,
        "latency_ms": {
            "p50": round(_percentile(ms, 0.50), 2),
            "p95": round(_percentile(ms, 0.95), 2),
            "p99": round(_percentile(ms, 0.99), 2),
            "mean": round(statistics.fmean(ms), 2) if ms else float("nan"),
            "max": round(max(ms), 2) if ms else float("nan"),
        },
        "messages_per_second": round(tally.messages / elapsed, 1) if elapsed else 0.0,
        "megabytes_per_second": round(tally.bytes / elapsed / 1e6, 2) if elapsed else 0.0,
        "games_finished": tally.games_finished,
        "errors": tally.errors,
        "server_cpu_percent": round(100 * bench.server_cpu / elapsed, 1) if elapsed else 0.0,
        "client_cpu_percent": round(100 * bench.client_cpu / elapsed, 1) if elapsed else 0.0,
        # CPU per move while measuring: steadier than the rates on a machine shared with other work
        "server_cpu_ms_per_move": round(1000 * bench.server_cpu / tally.moves, 3) if tally.moves else float("nan"),
        "client_cpu_ms_per_move": round(1000 * bench.client_cpu / tally.moves, 3) if tally.moves else float("nan"),
        # moves one core could serve at that cost, whatever the machine's other work
        "server_moves_per_core_second": round(tally.moves / bench.server_cpu, 1) if bench.server_cpu else float("nan"),
        # Little's law: moves waiting for their answer, on average. At bot speed every table
        # always has one, so latency is about tables / moves per second.
        "moves_in_flight": round(tally.moves / elapsed * statistics.fmean(ms) / 1000, 1) if ms else float("nan"),
        "target": "200 tables, p95 < 50 ms",
    }
    result["target_met"] = bool(result["tables_held"] >= 200 and result["latency_ms"]["p95"] < 50)
    if json_output:
        print(json.dumps(result))
    else:
        _print_table(result)
    return result


def _print_table(result: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Quarkade web server", show_header=True, header_style="bold")
    table.add_column("measure")
    table.add_column("value", justify="right")
    latency = result["latency_ms"]
    rows = [
        ("tables held", f"{result['tables_held']} ({result['players_per_table']} seats each)"),
        ("websocket connections", str(result["connections_held"])),
        ("seconds measured", str(result["seconds"])),
        ("think time per move (mean)", f"{result['think_seconds']} s"),
        ("moves", str(result["moves"])),
        ("moves / s", str(result["moves_per_second"])),
        ("latency p50", f"{latency['p50']} ms"),
        ("latency p95", f"{latency['p95']} ms"),
        ("latency p99", f"{latency['p99']} ms"),
        ("latency max", f"{latency['max']} ms"),
        ("state messages / s", str(result["messages_per_second"])),
        ("MB / s sent to clients", str(result["megabytes_per_second"])),
        ("games finished", str(result["games_finished"])),
        ("refused actions", ", ".join(f"{k}: {v}" for k, v in result["errors"].items()) or "none"),
        ("server CPU", f"{result['server_cpu_percent']} % of one core"),
        ("benchmark client CPU", f"{result['client_cpu_percent']} % of one core"),
        ("server CPU per move", f"{result['server_cpu_ms_per_move']} ms"),
        ("client CPU per move", f"{result['client_cpu_ms_per_move']} ms"),
        ("moves a server core could serve / s", str(result["server_moves_per_core_second"])),
        ("moves in flight (mean)", str(result["moves_in_flight"])),
        ("target: 200 tables, p95 < 50 ms", "met" if result["target_met"] else "NOT met"),
    ]
    for name, value in rows:
        table.add_row(name, value)
    Console().print(table)


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Benchmark the Quarkade web server on this machine.")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--think", type=float, default=0.5, help="mean think time in seconds; 0 is bot speed")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--profile", type=Path, default=None, metavar="FOLDER",
                        help="write cProfile statistics of the server and of this client there")
    arguments = parser.parse_args()
    run(arguments.tables, arguments.seconds, arguments.json, players=arguments.players, think=arguments.think,
        profile=arguments.profile)
