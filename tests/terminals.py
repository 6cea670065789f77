"""A command run on a pseudo-terminal, for the tests that type into ``quarkade play`` as a
player does: what was typed, and when, as a keyboard types it (a pipe would deliver it all at
once, or end)."""

from __future__ import annotations

import os
import re
import select
import signal
import struct
import subprocess
import sys
import time

WAIT = 60.0  # seconds to wait for a line the game is bound to print
# The terminal's control sequences: colours, the countdown's cursor moves, clearing the screen.
CONTROL = re.compile(r"\x1b(\[[0-9;?]*[A-Za-z]|[78])|\r")


def _as_at_a_terminal() -> None:
    """In the command's process before it starts: Ctrl-C (SIGINT) as a player's terminal has
    it. A run started in the background by a shell without job control (a CI script's ``&``)
    ignores SIGINT, its children inherit that, and Python then installs no KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """``quarkade ARGS`` run on a pseudo-terminal, as a player's terminal runs it: its output
    read as plain text, keys typed into it. Leaving its ``with`` block stops the command."""

    def __init__(self, *args: str) -> None:
        import fcntl
        import termios

        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 100, 0, 0))
        environment = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100", "LINES": "50", "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from quarkade.faces.cli import main; main()", *args],
            stdin=slave, stdout=slave, stderr=slave, env=environment, start_new_session=True,
            preexec_fn=_as_at_a_terminal)
        os.close(slave)
        self.output = ""

    def expect(self, text: str, start: int = 0) -> int:
        """Read until ``text`` shows in the output after ``start``; the end of it. Fails, with
        the output so far, if it has not shown after ``WAIT`` seconds or the command has ended."""
        deadline = time.monotonic() + WAIT
        while (found := self.output.find(text, start)) < 0:
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} not shown in {WAIT:g} s:\n{self.output}"
            assert self._read(left), f"the command ended before {text!r}:\n{self.output}"
        return found + len(text)

    def read_for(self, seconds: float) -> None:
        """Read what the command prints within ``seconds`` (to see that it printed nothing more)."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0 and self._read(left):
            pass

    def _read(self, seconds: float) -> bool:
        """Add to ``output`` what the command prints within ``seconds``; False once it has ended
        (and closed the terminal), True else, whether or not it printed."""
        if not select.select([self.master], [], [], seconds)[0]:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the command has ended and closed the terminal
            return False
        self.output += CONTROL.sub("", chunk.decode("utf-8", errors="replace"))
        return bool(chunk)

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def ended(self) -> int:
        """The command's exit status, once it has ended (within ``WAIT`` seconds)."""
        return self.process.wait(WAIT)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *error: object) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        os.close(self.master)
