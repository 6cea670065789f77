"""Timed steps for any face: what a game offers (``state.clock()``), and the terminal's countdown.

The engine never reads a clock (DESIGN.md). During a timed step (Qwarks' cover race), a game's
``state.clock()`` returns a ``TimedStep``; the face measures the time and writes it into the
action (``stamp``), and applies ``timeout`` when the limit passes. In the terminal the time runs
from when the seat's cards are drawn until its line is read; a countdown in front of the prompt
shows what is left, and no line before the limit applies ``timeout``.

The terminal reads its lines through a ``Keyboard``: straight from stdin's file descriptor, so
that no line waits in a buffer where ``select`` cannot see it, and so that what was typed before
a race opened can be dropped (a line typed ahead would otherwise cover a card 0 ms into a race
whose cards nobody had seen yet).
"""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Callable, Hashable
from typing import Any, Protocol, TextIO

from quarkade.core.errors import InvalidNotation
from quarkade.core.game import Action, Game, State
from quarkade.core.words import game_text


class TimedStep(Protocol):
    """What ``state.clock()`` returns during a timed step (see ``games/qwarks/timing.py``)."""

    @property
    def key(self) -> Hashable: ...  # the same for the whole step, new for the next

    @property
    def seats(self) -> tuple[int, ...]: ...  # the seats still on the clock

    @property
    def limit_ms(self) -> int: ...

    @property
    def timeout(self) -> Action: ...  # applied for a seat still on the clock when its time passes

    def left_ms(self, seat: int | None) -> int: ...  # the seat's time, from when the step opened

    def stamp(self, action: Action, elapsed_ms: int, seat: int | None = None) -> Action: ...  # with the host's time

    def carried_ms(self, action: Action, seat: int | None = None) -> int | None: ...  # a bot's wait, from the opening


def timed_step(state: Any) -> TimedStep | None:
    """The state's running timed step, or None (also for games without clocks)."""
    clock = getattr(state, "clock", None)
    if not callable(clock) or state.is_over:
        return None
    step: TimedStep | None = clock()
    return step


def choices(step: TimedStep, legal: list[Action], seat: int | None = None) -> list[Action]:
    """The step's actions once, whatever their time (``cover 2 after 0``, ``timeout``)."""
    seen: dict[str, Action] = {}
    for action in legal:
        stamped = step.stamp(action, 0, seat)
        seen.setdefault(str(stamped), stamped)
    return list(seen.values())


def packed(entries: list[str], width: int = 80, gap: int = 3) -> list[str]:
    """Entries side by side on lines of at most ``width`` characters, none split over two.

    >>> packed(["1  cover 0", "2  cover 1", "3  cover 2", "4  cover 3", "5  cover 4"], 36)
    ['1  cover 0   2  cover 1   3  cover 2', '4  cover 3   5  cover 4']
    """
    lines: list[str] = []
    for entry in entries:
        if lines and len(lines[-1]) + gap + len(entry) <= width:
            lines[-1] += " " * gap + entry
        else:
            lines.append(entry)
    return lines


# ----------------------------------------------------------------- the keyboard
class Keyboard:
    """Lines typed at ``stream`` (stdin), for the terminal's prompts and its countdown.

    A stream with a file descriptor (a terminal, a pipe) is read from the descriptor into this
    object's own buffer, never into Python's: a line read ahead by ``sys.stdin`` would be
    invisible to ``select`` (a race would time out with the answer waiting) and could not be
    dropped when a race opens. A stream without one (a test's text) is read a line at a time,
    each line there at once.
    """

    CHUNK = 4096

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.fd: int | None
        try:
            self.fd = stream.fileno()
        except (AttributeError, OSError, ValueError):  # io.UnsupportedOperation is both of the last two
            self.fd = None
        self.encoding = getattr(stream, "encoding", None) or "utf-8"
        self.pending = b""  # read from the descriptor, not yet taken as a line
        self.ended = False  # the input has ended: Ctrl-D on an empty line, or a script's end

    def isatty(self) -> bool:
        return self.fd is not None and os.isatty(self.fd)

    def line(self, until: float | None = None, tick: Callable[[float], None] | None = None) -> str | None:
        """The next line, stripped; None when ``until`` (a ``time.monotonic()``) passes first.
        ``tick`` is called with the seconds left about once a second while the line is awaited.
        Raises ``EOFError`` when the input has ended."""
        if self.fd is None:
            if until is not None and time.monotonic() >= until:
                return None
            text = self.stream.readline()
            if text == "":
                raise EOFError
            return text.strip()
        while True:
            end = self.pending.find(b"\n")
            if end >= 0:
                taken, self.pending = self.pending[:end], self.pending[end + 1:]
                return taken.decode(self.encoding, errors="replace").strip()
            if self.ended:
                if self.pending:  # a last line without its end
                    taken, self.pending = self.pending, b""
                    return taken.decode(self.encoding, errors="replace").strip()
                raise EOFError
            if until is not None:
                left = until - time.monotonic()
                if left <= 0:
                    return None
                ready, _, _ = select.select([self.fd], [], [], min(1.0, left) if tick else left)
                if not ready:
                    if tick is not None:
                        tick(max(0.0, until - time.monotonic()))
                    continue
            self._read(self.fd)

    def discard(self) -> bool:
        """Drop everything typed and not yet taken as a line: what this object read ahead,
        what waits at the descriptor, and on a terminal the line still being typed. True when
        something typed ahead was dropped (the half-typed line of a terminal is dropped unseen).
        The end of the input is kept: a script that has ended, or a Ctrl-D, still leaves."""
        dropped = bool(self.pending)
        self.pending = b""
        if self.fd is None or self.ended:
            return dropped
        while select.select([self.fd], [], [], 0)[0]:
            if not self._read(self.fd):
                break
            dropped, self.pending = True, b""
        if self.isatty():
            try:
                import termios  # POSIX only, as select on stdin is

                termios.tcflush(self.fd, termios.TCIFLUSH)
            except (ImportError, OSError):
                pass
        return dropped

    def _read(self, fd: int) -> bool:
        """Read what the descriptor holds into ``pending``; False at the end of the input."""
        chunk = os.read(fd, self.CHUNK)
        if not chunk:
            self.ended = True
            return False
        self.pending += chunk
        return True


_keyboard: Keyboard | None = None


def keyboard() -> Keyboard:
    """The keyboard of the current ``sys.stdin`` (made anew when a test or a runner swaps it)."""
    global _keyboard
    if _keyboard is None or _keyboard.stream is not sys.stdin:
        _keyboard = Keyboard(sys.stdin)
    return _keyboard


ReadLine = Callable[[float], str | None]  # a line typed within the seconds given, or None


def read_line_within(seconds: float, prompt: str, typed: Keyboard | None = None) -> str | None:
    """A line typed within ``seconds``, the seconds left shown before the prompt each second
    (on a terminal); None when the time runs out. Raises ``EOFError`` when the input ends."""
    typed = typed or keyboard()
    tty = typed.isatty() and sys.stdout.isatty()
    sys.stdout.write(f"[{seconds:4.1f} s] {prompt}")
    sys.stdout.flush()

    def tick(left: float) -> None:  # rewrite the seconds in place, the typing after the prompt left alone
        sys.stdout.write(f"\x1b7\r[{left:4.1f} s]\x1b8")
        sys.stdout.flush()

    line = typed.line(time.monotonic() + seconds, tick if tty else None)
    if line is None:
        sys.stdout.write("\n")
    return line


# ----------------------------------------------------------------- a timed choice
def timed_menu(game: Game, state: State, seat: int, step: TimedStep) -> list[tuple[str, Action]]:
    """What the seat may type at the timed step, numbered in this order: each action as the
    player types it (the game's ``timed_notation``, the time left out, as the terminal writes it
    in) with the action stamped at 0. ``timeout`` is no choice: the clock applies it."""
    notation: Callable[[Action], str] = game_text(game.id, "timed_notation") or str
    return [(notation(action), action) for action in choices(step, state.legal_actions(seat), seat)
            if action != step.timeout]


def menu_lines(menu: list[tuple[str, Action]]) -> list[str]:
    """The timed step's menu, numbered from 1, packed into lines of 80 columns."""
    return packed([f"{number}  {text}" for number, (text, _) in enumerate(menu, 1)])


def parse_timed(game: Game, state: State, seat: int, text: str) -> Action:
    """A timed action typed by a player: the game's own terminal form (``parse_timed`` of its
    ``text`` module: Qwarks reads ``cover 2`` and refuses a typed time), else its notation."""
    parse: Callable[[str], Action] | None = game_text(game.id, "parse_timed")
    return parse(text) if parse is not None else game.parse_action(state, seat, text)


# No one sees a race's cards and covers one sooner than this: a line read within it of the
# cards being drawn was typed before they were (at a keyboard, the end of the last answer's
# line typed on into the next race), and is dropped as what was typed ahead is.
REACTION_FLOOR_MS = 150
TYPED_AHEAD = "What you typed before the cards were shown does not count."


def timed_choice(game: Game, state: State, seat: int, step: TimedStep, read_line: ReadLine,
                 say: Callable[[str], None], clock: Callable[[], float] = time.monotonic, *,
                 opening: Callable[[], bool] | None = None, aside: Callable[[str], bool] | None = None,
                 floor_ms: int = 0) -> Action:
    """The seat's action on the clock: a number of the menu or the action as typed, stamped
    with the milliseconds since the clock started; ``timeout`` when nothing legal comes within
    the limit.

    ``opening`` is called as the clock starts, the cards and the menu shown: it drops what was
    typed before (True when a line was dropped), so that nothing counts that was typed before
    the race could be seen. ``aside`` is offered every line first (the terminal's help, view and
    quit): True when it took the line, which costs race time as any reading does. A line read
    within ``floor_ms`` of the clock's start is dropped as typed ahead (``REACTION_FLOOR_MS`` at a
    keyboard; 0 for lines that are all there at once, a test's)."""
    menu = timed_menu(game, state, seat, step)
    for line in menu_lines(menu):
        say(line)
    limit_ms = step.left_ms(seat)
    say(f"Quick! {limit_ms / 1000:g} seconds: type a number or a listed action; your time is written in.")
    if opening is not None and opening():
        say(TYPED_AHEAD)
    started = clock()
    while True:
        left = limit_ms / 1000 - (clock() - started)
        text = read_line(left) if left > 0 else None
        elapsed = round((clock() - started) * 1000)
        if text is None or elapsed > limit_ms:
            say("Time is up.")
            return step.timeout
        if text and elapsed < floor_ms:
            say(TYPED_AHEAD)
            continue
        if not text or (aside is not None and aside(text)):
            continue
        action: Action
        if text.isdigit():
            if not 1 <= int(text) <= len(menu):
                say(f"Choose a number from 1 to {len(menu)}.")
                continue
            action = menu[int(text) - 1][1]
        else:
            try:
                action = parse_timed(game, state, seat, text)
            except InvalidNotation as error:  # a typing slip costs time, as at the table
                say(f"Not understood: {error}")
                continue
        stamped = step.stamp(action, elapsed, seat)
        reason = state.why_illegal(seat, stamped)
        if reason is None:
            return stamped
        say(f"Illegal: {reason}")
