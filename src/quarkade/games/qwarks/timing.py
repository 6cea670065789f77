"""The cover race as a host's clock sees it: which seats race, the limit, how an action is
stamped with the time the host measured, and what is applied when the limit passes.

The engine never reads a clock (DESIGN.md, "Real time is an input"); this is what a host (the
web server, the terminal) reads to run one. Any game with a timed step can offer the same
shape from ``state.clock()``: ``key`` (the same for the whole timed step, new for the next),
``seats`` (those still on the clock), ``limit_ms``, ``left_ms(seat)`` (the seat's time from
when the step opened), ``timeout`` (the action applied for a seat still on the clock when its
time passes), ``stamp(action, ms, seat)`` and ``carried_ms(action, seat)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from quarkade.core.game import Action
from quarkade.core.pickling import picklable
from quarkade.games.qwarks.actions import TIMEOUT, Cover


@dataclass(frozen=True)
class RaceClock:
    """This turn's cover race, for a host to time. A seat's time runs from ``starts`` (one
    entry a seat of ``seats``): 0 in a race's first round, later for a hand beaten to a card,
    whose time runs on from when that card was covered. The host measures from when the step
    opened and writes the race's time into the action.

    >>> clock = RaceClock(key=("race", 3, 2), seats=(0, 2), limit_ms=10_000, starts=(0, 4000))
    >>> str(clock.stamp(Cover(1, 0), 1240, 0)), str(clock.stamp(Cover(1, 0), 1240, 2))
    ('cover 1 after 1240', 'cover 1 after 5240')
    >>> clock.left_ms(2), clock.carried_ms(Cover(1, 5240), 2), str(clock.stamp(Cover(1, 0), 6001, 2))
    (6000, 1240, 'timeout')
    >>> RaceClock(("race", 3, 2), seats=(2,), limit_ms=10_000, starts=(4000,)).left_ms(None)
    6000
    """

    key: tuple[str, int, int]
    seats: tuple[int, ...]
    limit_ms: int
    starts: tuple[int, ...] = ()
    timeout: Action = TIMEOUT

    def start_ms(self, seat: int | None) -> int:
        """The race's time when ``seat``'s own began; for a seat not on the clock (or a
        spectator), the earliest start among those on it."""
        if not self.starts:
            return 0
        if seat is None or seat not in self.seats:
            return min(self.starts)
        return self.starts[self.seats.index(seat)]

    def left_ms(self, seat: int | None) -> int:
        """How long ``seat`` has, from when the step opened (for a seat not on the clock, how
        long the step may last)."""
        return self.limit_ms - self.start_ms(seat)

    def stamp(self, action: Action, elapsed_ms: int, seat: int | None = None) -> Action:
        """``action`` with the race's time in place of its own: the seat's start and the
        host's measure since the step opened (a cover past the limit is a timeout)."""
        if not isinstance(action, Cover):
            return action
        after = self.start_ms(seat) + max(0, elapsed_ms)
        if after > self.limit_ms:
            return self.timeout
        return Cover(action.deck, after)

    def carried_ms(self, action: Action, seat: int | None = None) -> int | None:
        """How long after the step opened ``action`` (a bot's own) lands, or None."""
        return action.after - self.start_ms(seat) if isinstance(action, Cover) else None


# Compiled, these are pickled and copied as their constructor's arguments (core/pickling.py).
picklable(RaceClock)
