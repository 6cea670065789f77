"""The cover race as a host's clock sees it: which seats race, the limit, how an action is
stamped with the time the host measured, and what is applied when the limit passes.

The engine never reads a clock (DESIGN.md, "Real time is an input"); this is what a host (the
web server, the terminal) reads to run one. Any game with a timed step can offer the same
shape from ``state.clock()``: ``key`` (the same for the whole timed step, new for the next),
``seats`` (those still on the clock), ``limit_ms``, ``timeout`` (the action applied for a seat
still on the clock when the limit passes), ``stamp(action, ms)`` and ``carried_ms(action)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from quarkade.core.game import Action
from quarkade.games.qwarks.actions import TIMEOUT, Cover


@dataclass(frozen=True)
class RaceClock:
    """This turn's cover race, for a host to time.

    >>> clock = RaceClock(key=("race", 3), seats=(0, 2), limit_ms=10_000)
    >>> str(clock.stamp(Cover(1, 0), 1240)), clock.carried_ms(Cover(1, 880)), str(clock.timeout)
    ('cover 1 after 1240', 880, 'timeout')
    """

    key: tuple[str, int]
    seats: tuple[int, ...]
    limit_ms: int
    timeout: Action = TIMEOUT

    def stamp(self, action: Action, elapsed_ms: int) -> Action:
        """``action`` with the host's measure of the reaction time in place of its own (a
        cover past the limit is a timeout)."""
        if not isinstance(action, Cover):
            return action
        if elapsed_ms > self.limit_ms:
            return self.timeout
        return Cover(action.deck, max(0, elapsed_ms))

    def carried_ms(self, action: Action) -> int | None:
        """The reaction time ``action`` carries (a bot's own), or None."""
        return action.after if isinstance(action, Cover) else None
