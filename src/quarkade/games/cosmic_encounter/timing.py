"""The deal minute as a host's clock sees it (the shape is ``faces/countdown.py``'s
``TimedStep``): the two main players are on the clock for ``deal_seconds``, and ``timeout``
fails the deal when it passes (RULINGS.md 15).

The engine never reads a clock (DESIGN.md, "Real time is an input"): the host measures the
minute and applies ``timeout``. Unlike Qwarks' cover race, a deal is no race: an action carries
no time, and a seat's offer or acceptance answers the offers it saw (``race`` is False, so the
host keeps refusing stale actions and lets bots act as at any other step).
"""

from __future__ import annotations

from dataclasses import dataclass

from quarkade.core.game import Action
from quarkade.core.pickling import picklable
from quarkade.games.cosmic_encounter.actions import Timeout


@dataclass(frozen=True)
class DealClock:
    """This challenge's deal, for a host to time.

    >>> clock = DealClock(key=("deal", 3, 1), seats=(0, 2), limit_ms=60_000)
    >>> str(clock.timeout), str(clock.stamp(Timeout(), 1200)), clock.carried_ms(Timeout()), clock.race
    ('timeout', 'timeout', None, False)
    """

    key: tuple[str, int, int]
    seats: tuple[int, ...]
    limit_ms: int
    timeout: Action = Timeout()
    race: bool = False

    def left_ms(self, seat: int | None) -> int:
        """Both main players have the whole minute."""
        return self.limit_ms

    def stamp(self, action: Action, elapsed_ms: int, seat: int | None = None) -> Action:
        """Deal actions carry no time: ``action`` unchanged (the host's timer ends the minute)."""
        return action

    def carried_ms(self, action: Action, seat: int | None = None) -> int | None:
        """No deal action carries a time."""
        return None


picklable(DealClock)
