"""Live servers forked from a process that imported the web server once.

A server's process spends over a CPU second importing the web server (FastAPI, SQLAlchemy, the
games) before it serves, and the tests start a hundred or so. Each process of the test run
starts a launcher the first time it needs a server: the launcher imports the server, then forks
one for each server asked of it, which runs the server's ``main`` with its arguments, in the
environment and the folder the test process has when it asks. Forking is safe there: the
launcher runs no thread and no event loop. The launcher ends with the process that started it
(its standard input closes).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from typing import IO

_LAUNCHER = """
import json, os, signal, sys, traceback
from quarkade.faces.web.server import main
signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the servers are reaped by the system as they end
signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the tests and the servers; this ends with the tests
for line in sys.stdin:
    arguments, log, environment, folder = json.loads(line)
    pid = os.fork()
    if pid == 0:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        os.environ.clear()
        os.environ.update(environment)
        os.chdir(folder)
        output = os.open(log, os.O_WRONLY | os.O_APPEND)
        os.dup2(output, 1)
        os.dup2(output, 2)
        nothing = os.open(os.devnull, os.O_RDONLY)
        os.dup2(nothing, 0)
        code = 0
        try:
            main(arguments)
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
        except BaseException:
            traceback.print_exc()
            code = 1
        finally:
            os._exit(code)
    print(pid, flush=True)
"""


class Forked:
    """A server the launcher forked: what ``ServerProcess`` asks of a process. Its exit status
    is the launcher's to collect (the system does, at once): ``poll`` tells only whether it ended."""

    ENDED = -1  # ``poll``'s answer once the process is gone

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            try:
                os.kill(self.pid, 0)
            except ProcessLookupError:
                self.returncode = self.ENDED
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while (code := self.poll()) is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(f"server {self.pid}", timeout or 0.0)
            time.sleep(0.01)
        return code

    def send_signal(self, number: int) -> None:
        if self.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, number)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class Launcher:
    """The launcher of this process's servers (started on first use)."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[str] | None = None
        self._lock = threading.Lock()

    def start(self, arguments: list[str], log: IO[str]) -> Forked:
        """A server run with ``arguments``, its output to ``log`` (an open file)."""
        with self._lock:
            process = self._process
            if process is None or process.poll() is not None:
                process = self._process = subprocess.Popen(
                    [sys.executable, "-c", _LAUNCHER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                    env={**os.environ, "PYTHONUNBUFFERED": "1"})
            assert process.stdin is not None and process.stdout is not None
            # (the environment and the folder of now, as a process started now would have them)
            environment = {**os.environ, "PYTHONUNBUFFERED": "1"}
            process.stdin.write(json.dumps([arguments, log.name, environment, os.getcwd()]) + "\n")
            process.stdin.flush()
            answer = process.stdout.readline()
            if not answer.strip().isdigit():
                raise RuntimeError(f"the server launcher failed (it said {answer!r}: see its errors above)")
            return Forked(int(answer))


LAUNCHER = Launcher()
