"""Players' clocks: a time bank per seat (Fischer), kept by the server, never by the rules.

A table may be opened with a bank: a reserve (say 5 minutes) and a bonus per move (say
10 seconds). A seat's bank runs while that seat is in ``to_act`` and a person plays it; at a
step where several seats act at once, each runs its own until it leaves ``to_act``. When a
seat leaves ``to_act`` (its move is done) its bank gets the bonus. When a bank runs out, a
bot takes the seat over (``takeover.py``); while a bot plays a seat its bank stands still.

The bonus comes once a move, not once an action: a seat's sealed choices (Quirky Quarks'
ejection) must not change what the others see, and a bank that grew at each hidden choice
would tell them it was made. For the same reason what a state message says of a bank changes
only when a seat starts or stops running: ``left_ms`` is what the bank held when its run began,
``running`` the seats whose bank runs, and ``elapsed_ms`` (in the message's head, outside
what is compared to decide whether a seat is sent an update) how long each has run so far.

Each seat's figure is saved whenever the table changes, so that a restart resumes the banks
where the last change left them (the time a server was down is nobody's).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from quarkade.faces.web.tables import Table

log = logging.getLogger("quarkade.web")

RECLAIM_MINIMUM_MS = 15_000  # a player back from a bot always has this much to make a move


@dataclass(frozen=True)
class BankSetting:
    """A table's time bank: ``reserve`` seconds to start with, ``bonus`` seconds a move."""

    reserve: int
    bonus: int

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> BankSetting | None:
        if not data:
            return None
        return cls(int(data["reserve"]), int(data.get("bonus", 0)))

    def to_json(self) -> dict[str, int]:
        return {"reserve": self.reserve, "bonus": self.bonus}


class TimeBanks:
    """The banks of one table's seats (nothing at a table without a bank)."""

    def __init__(self, table: Table, setting: dict[str, Any] | None, saved: list[float] | None) -> None:
        self.table = table
        self.setting = BankSetting.from_json(setting)
        players = table.game.players
        reserve = self.setting.reserve * 1000.0 if self.setting else 0.0
        self.left: list[float] = [float(x) for x in saved] if saved and len(saved) == players else [reserve] * players
        self.started: dict[int, float] = {}  # running seats: when (monotonic) their run began
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self._saved: list[int] | None = None

    @property
    def enabled(self) -> bool:
        return self.setting is not None

    @property
    def bonus_ms(self) -> float:
        return self.setting.bonus * 1000.0 if self.setting else 0.0

    def running_seats(self) -> set[int]:
        table = self.table
        if table.over:
            return set()
        return {seat for seat in table.state.to_act if seat not in table.bots}

    def left_now(self, seat: int, now: float | None = None) -> float:
        """Milliseconds left in ``seat``'s bank at this moment."""
        started = self.started.get(seat)
        if started is None:
            return self.left[seat]
        return max(0.0, self.left[seat] - ((time.monotonic() if now is None else now) - started) * 1000)

    # ------------------------------------------------------------------ following the table
    def update(self) -> None:
        """Follow the table: stop the banks of seats no longer to act (with their bonus),
        start those of seats now to act, and save what changed."""
        if self.setting is None:
            return
        now = time.monotonic()
        running = self.running_seats()
        state = self.table.state
        for seat in [s for s in self.started if s not in running]:
            self.left[seat] = self.left_now(seat, now)
            del self.started[seat]
            self._disarm(seat)
            if seat not in state.to_act:  # its move is done (a bot taking over earns nothing)
                self.left[seat] += self.bonus_ms
        for seat in running:
            if seat not in self.started:
                self.started[seat] = now
                self._arm(seat)
        self.save()

    def undone(self, seat: int, was_to_act: bool) -> None:
        """``seat`` took back the action that ended its move: the move's bonus goes too."""
        if self.setting is not None and not was_to_act and seat in self.table.state.to_act:
            self.left[seat] = max(0.0, self.left[seat] - self.bonus_ms)

    def reclaimed(self, seat: int) -> None:
        """A person takes its seat back from a bot: a bank that ran out gets enough for a move."""
        if self.setting is not None:
            self.left[seat] = max(self.left[seat], self.bonus_ms, float(RECLAIM_MINIMUM_MS))

    def save(self) -> None:
        figures = [round(self.left_now(seat)) for seat in range(len(self.left))]
        if figures != self._saved:
            self._saved = figures
            self.table.hall.store.update_table(self.table.id, banks=figures)

    # ------------------------------------------------------------------ running out
    def _arm(self, seat: int) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a table loaded outside the loop: its banks start with the loop
            return
        self._disarm(seat)
        self.timers[seat] = loop.call_later(self.left_now(seat) / 1000 + 0.001, self._expire, seat)

    def _disarm(self, seat: int) -> None:
        timer = self.timers.pop(seat, None)
        if timer is not None:
            timer.cancel()

    def _expire(self, seat: int) -> None:
        self.timers.pop(seat, None)
        if seat not in self.started or self.table.over:
            return
        if self.left_now(seat) > 0:
            self._arm(seat)
            return
        try:
            self.table.takeovers.take_over(seat, "time")
        except Exception:
            log.exception("table %s: a bot could not take over seat %d; trying again", self.table.id, seat)
            self.timers[seat] = asyncio.get_running_loop().call_later(1.0, self._expire, seat)

    def stop(self) -> None:
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()

    # ------------------------------------------------------------------ messages
    def payload(self) -> dict[str, Any] | None:
        """The banks' part of a state message (the same for every audience)."""
        if self.setting is None:
            return None
        return {"reserve_ms": self.setting.reserve * 1000, "bonus_ms": round(self.bonus_ms),
                "left_ms": {str(seat): round(left) for seat, left in enumerate(self.left)},
                "running": sorted(self.started)}

    def head(self) -> dict[str, Any]:
        """How long each running bank has run, when the message leaves."""
        if not self.started:
            return {}
        now = time.monotonic()
        return {"bank_elapsed_ms": {str(seat): round((now - started) * 1000) for seat, started in self.started.items()}}
