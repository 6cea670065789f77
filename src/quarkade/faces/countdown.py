"""Timed steps for any face: what a game offers (``state.clock()``), and the terminal's countdown.

The engine never reads a clock (DESIGN.md). During a timed step (Qwarks' cover race), a game's
``state.clock()`` returns a ``TimedStep``; the face measures the time and writes it into the
action (``stamp``), and applies ``timeout`` when the limit passes. In the terminal the time runs
from when the seat's cards are drawn until its line is read; a countdown in front of the prompt
shows what is left, and no line before the limit applies ``timeout``.
"""

from __future__ import annotations

import select
import sys
import time
from collections.abc import Callable, Hashable
from typing import Any, Protocol

from quarkade.core.game import Action, Game, State


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

    >>> packed(["1  cover 0 after 0", "2  cover 1 after 0", "3  cover 2 after 0", "4  timeout"], 45)
    ['1  cover 0 after 0   2  cover 1 after 0', '3  cover 2 after 0   4  timeout']
    """
    lines: list[str] = []
    for entry in entries:
        if lines and len(lines[-1]) + gap + len(entry) <= width:
            lines[-1] += " " * gap + entry
        else:
            lines.append(entry)
    return lines


ReadLine = Callable[[float], str | None]  # a line typed within the seconds given, or None


def read_line_within(seconds: float, prompt: str) -> str | None:
    """A line from stdin typed within ``seconds``, the seconds left shown before the prompt
    each second (on a terminal); None when the time runs out."""
    deadline = time.monotonic() + seconds
    tty = sys.stdin.isatty() and sys.stdout.isatty()
    sys.stdout.write(f"[{seconds:4.1f} s] {prompt}")
    sys.stdout.flush()
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            sys.stdout.write("\n")
            return None
        ready, _, _ = select.select([sys.stdin], [], [], min(1.0, left))
        if ready:
            line = sys.stdin.readline()
            if line == "":  # the input has ended: a player who never answers
                time.sleep(max(0.0, deadline - time.monotonic()))
                sys.stdout.write("\n")
                return None
            return line.strip()
        if tty:  # rewrite the seconds in place, the typing after the prompt left alone
            sys.stdout.write(f"\x1b7\r[{max(0.0, left - 1):4.1f} s]\x1b8")
            sys.stdout.flush()


def timed_choice(game: Game, state: State, seat: int, step: TimedStep, read_line: ReadLine,
                 say: Callable[[str], None], clock: Callable[[], float] = time.monotonic) -> Action:
    """The seat's action on the clock: a number of the list or the notation, stamped with the
    milliseconds since the call; ``timeout`` when nothing legal comes within the limit."""
    menu = choices(step, state.legal_actions(seat), seat)
    for line in packed([f"{number}  {action}" for number, action in enumerate(menu, 1)]):
        say(line)
    limit_ms = step.left_ms(seat)
    say(f"Quick! {limit_ms / 1000:g} seconds: the time you take is written in for you.")
    started = clock()
    while True:
        left = limit_ms / 1000 - (clock() - started)
        text = read_line(left) if left > 0 else None
        elapsed = round((clock() - started) * 1000)
        if text is None or elapsed > limit_ms:
            say("Time is up.")
            return step.timeout
        action: Action | None = None
        if text.isdigit() and 1 <= int(text) <= len(menu):
            action = menu[int(text) - 1]
        else:
            try:
                action = game.parse_action(state, seat, text)
            except Exception as error:  # a typing slip costs time, as at the table
                say(f"Not understood: {error}")
                continue
        stamped = step.stamp(action, elapsed, seat)
        reason = state.why_illegal(seat, stamped)
        if reason is None:
            return stamped
        say(f"Illegal: {reason}")
