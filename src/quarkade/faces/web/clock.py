"""The server's clock for timed steps (Qwarks' cover race, Cosmic Encounter's deal minute).

The engine never reads a clock: a game with a timed step offers ``state.clock()``, None outside
it, else an object with ``key`` (the same for the whole step), ``seats`` (those still on the
clock), ``limit_ms``, ``left_ms(seat)`` (the seat's time from the step's opening: less than the
limit for a Qwarks hand beaten to a card, whose race time runs on), ``timeout`` (the action
applied for a seat still on the clock when its time passes), ``stamp(action, ms, seat)`` (the
action with the server's time written in it) and ``carried_ms(action, seat)`` (how long after
the opening a bot's action lands); a step may say ``race = False``
(Cosmic Encounter's deal: actions answer what the seat saw and carry no time), and then only
the limit is kept: actions are neither stamped nor exempt from staleness, and bots act as at
any other step. Nothing here knows a game.

- A seat's time runs from when the state that opened the step was sent to it: when the step
  opens, or when the seat's first connection arrives if it had none then (once a step: a seat
  that leaves and comes back does not start its time again). A seat's action on the clock is
  stamped with the milliseconds since then, whatever time the client wrote.
- Latency: each connection's round trip is measured with ``probe`` messages that the client
  echoes at once (sent whenever a step opens and when a connection arrives). The median of
  its last round trips, at most ``LATENCY_CAP_MS``, is taken off its stamped times: the
  state took half a round trip to reach the player and the action half a round trip to come
  back, neither of which is the player's reaction. A client that delays its echoes gains no
  more than the cap.
- ``timeout`` is applied for each seat still on the clock once its limit and the cap have
  passed (a cover that arrives later, once compensated, is over the limit anyway).
- Bots on the clock choose when the step opens; their action is applied once the time it
  carries has passed since the step opened, so people race bots as they race each other.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import statistics
import time
from collections import deque
from typing import TYPE_CHECKING, Any

from quarkade.core import Action
from quarkade.faces.countdown import TimedStep, timed_step

if TYPE_CHECKING:
    from quarkade.faces.web.connection import Connection
    from quarkade.faces.web.tables import Table

log = logging.getLogger("quarkade.web")

LATENCY_CAP_MS = 300  # the most of a slow link's round trip that is forgiven
ROUND_TRIPS_KEPT = 5


class TableClock:
    """The clock of one table's timed steps."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.step: TimedStep | None = None
        self.started = 0.0  # monotonic seconds when the step opened
        self.opened: dict[int, float] = {}  # each seat's start, when it differs
        self.arrived: set[int] = set()  # the seats whose time has started this step
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.bot_tasks: list[asyncio.Task[None]] = []
        self.probes: dict[int, tuple[Connection, float]] = {}
        self.next_probe = 0
        self.round_trips: dict[Connection, deque[float]] = {}

    # ------------------------------------------------------------------ the step
    def owns(self, seat: int) -> bool:
        """Whether ``seat`` races on the clock now (its actions are stamped, its bot is timed)."""
        return self.step is not None and seat in self.step.seats and self.racing

    @property
    def racing(self) -> bool:
        return getattr(self.step, "race", True) is not False

    def update(self) -> None:
        """Follow the table's state: open, carry on or close the timed step."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a table loaded outside the loop: its clock starts with the loop
            return
        # a table of bots nobody watches opens no timed step: its bots wait (Table.unwatched)
        step = None if self.table.unwatched() else timed_step(self.table.state)
        if step is None or self.step is None or step.key != self.step.key:
            self.stop()
            if step is None:
                self.step = None
                return
            self.step, self.started, self.opened = step, time.monotonic(), {}
            present = {c.seat for c in self.table.connections}
            self.arrived = {seat for seat in step.seats if seat in present}
            for seat in step.seats:
                self._arm(loop, seat)
                bot = self.table.bots.get(seat) if self.racing else None
                if bot is not None:
                    self.bot_tasks.append(loop.create_task(self._bot(seat)))
                elif seat in present:
                    for connection in self.table.seat_connections(seat):
                        self.probe(connection)
        else:
            self.step = step
            for seat in list(self.timers):
                if seat not in step.seats:
                    self.timers.pop(seat).cancel()
            for seat in step.seats if self.racing else ():  # a seat handed to a bot during the step
                if seat in self.table.bots and not any(t.get_name() == f"clock-bot-{seat}" for t in self.bot_tasks):
                    self.bot_tasks.append(loop.create_task(self._bot(seat)))

    def _arm(self, loop: asyncio.AbstractEventLoop, seat: int) -> None:
        assert self.step is not None
        if seat in self.timers:
            self.timers.pop(seat).cancel()
        due = self.opened.get(seat, self.started) + (self.step.left_ms(seat) + LATENCY_CAP_MS) / 1000
        self.timers[seat] = loop.call_at(loop.time() + max(0.0, due - time.monotonic()), self._expire, seat)

    def joined(self, connection: Connection) -> None:
        """A connection arrives: a seat on the clock whose time has not started (nobody was
        here for it when the step opened, nor came since) starts it now. A seat that was here
        and comes back keeps its time: starting it again would let a player look at the table
        as long as it likes, reconnect and cover at once, or hold the step open for ever."""
        self.update()
        seat = connection.seat
        if self.step is None or seat is None or seat not in self.step.seats or seat in self.table.bots:
            return
        if seat not in self.arrived:
            self.arrived.add(seat)
            self.opened[seat] = time.monotonic()
            self._arm(asyncio.get_running_loop(), seat)
        asyncio.get_running_loop().call_soon(self.probe, connection)  # after the welcome

    def elapsed_ms(self, seat: int | None) -> float:
        start = self.started if seat is None else self.opened.get(seat, self.started)
        return (time.monotonic() - start) * 1000

    def head(self, audience: int | None) -> dict[str, Any]:
        """The clock's part of a state message: the limit and what is left of it."""
        if self.step is None:
            return {}
        limit = self.step.limit_ms
        left = max(0, round(self.step.left_ms(audience) - self.elapsed_ms(audience)))
        return {"clock": {"limit_ms": limit, "left_ms": left, "seats": list(self.step.seats)}}

    def stamp(self, connection: Connection, action: Action) -> Action:
        """A seat's action with the server's time in it (unchanged off the clock)."""
        seat = connection.seat
        if seat is None or self.step is None or not self.owns(seat):
            return action
        elapsed = self.elapsed_ms(seat) - self.compensation_ms(connection)
        return self.step.stamp(action, max(0, round(elapsed)), seat)

    def _expire(self, seat: int) -> None:
        self.timers.pop(seat, None)
        step = self.step
        if step is None or seat not in step.seats or self.table.over:
            return
        try:
            self.table.commit(seat, step.timeout)
        except Exception:
            log.exception("table %s: the timeout of seat %d could not be applied; trying again", self.table.id, seat)
            self.timers[seat] = asyncio.get_running_loop().call_later(1.0, self._expire, seat)

    async def _bot(self, seat: int) -> None:
        asyncio.current_task().set_name(f"clock-bot-{seat}")  # type: ignore[union-attr]
        table, step = self.table, self.step
        assert step is not None
        state, bot = table.state, table.bots[seat]
        # whole now: the bot thinks in a thread while the table may move on
        view, legal = state.view(seat).whole(), state.legal_actions(seat)
        try:
            action = await table.hall.lanes.think(bot, view, legal, table.creator)
        except Exception:
            log.exception("table %s: the bot at seat %d failed; it times out", table.id, seat)
            action = step.timeout
        ms = step.carried_ms(action, seat)
        if ms is not None:
            await asyncio.sleep(max(0.0, self.started + ms / 1000 - time.monotonic()))
        if not self.owns(seat) or self.step is None or self.step.key != step.key or table.bots.get(seat) is not bot:
            return
        if table.state.why_illegal(seat, action) is not None:
            log.error("table %s: the bot at seat %d chose an illegal %s", table.id, seat, action)
            action = step.timeout
        with contextlib.suppress(Exception):  # a failed save leaves the seat to its timeout
            table.commit(seat, action)

    # ------------------------------------------------------------------ latency
    def probe(self, connection: Connection) -> None:
        self.next_probe += 1
        self.probes[self.next_probe] = (connection, time.monotonic())
        connection.push(f'{{"type":"probe","id":{self.next_probe}}}')
        if len(self.probes) > 256:  # echoes that never came
            for old in sorted(self.probes)[:128]:
                del self.probes[old]

    def echo(self, connection: Connection, probe: int) -> None:
        sent = self.probes.pop(probe, None)
        if sent is None or sent[0] is not connection:
            return
        trips = self.round_trips.setdefault(connection, deque(maxlen=ROUND_TRIPS_KEPT))
        trips.append((time.monotonic() - sent[1]) * 1000)

    def compensation_ms(self, connection: Connection) -> float:
        """The connection's median round trip, at most ``LATENCY_CAP_MS``."""
        trips = self.round_trips.get(connection)
        return min(LATENCY_CAP_MS, statistics.median(trips)) if trips else 0.0

    def left(self, connection: Connection) -> None:
        self.round_trips.pop(connection, None)

    def stop(self) -> None:
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()
        for task in self.bot_tasks:
            task.cancel()
        self.bot_tasks.clear()
