"""A table's bots at play: whenever a seat a bot holds is to act (and no clock holds it), the
bots move one after the other, each from its seat's view, until a person is to act or the
game ends.

A bot thinks in a thread while the table may move on (a person's undo, a takeover ending);
a move chosen on a state the table has left is dropped. A bot that fails or chooses an
illegal action is logged and the seat takes its first legal action instead, so a faulty bot
never stalls a table.

The server's bots think in two lanes of one thread each (``Lanes``), whatever the number of
tables: the searching bots, which take a second or more a move, one at a time in one, and the
others, which take a few milliseconds, in the other. A thread thinking shares the interpreter
with the server's event loop: many at once (anyone may open tables of searching bots) would
leave the loop a sliver of it, and every table's updates would wait. Queued, they cost the
tables of searching bots time, and nobody else; and the searching lane takes its turns from
the clients who opened those tables in rotation, so one client's twenty tables do not make
another's one table wait behind all of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from quarkade.agents.search import SearchBot
from quarkade.core import Action, View
from quarkade.faces.web.commits import steps_of
from quarkade.faces.web.errors import SaveFailed

if TYPE_CHECKING:
    from quarkade.agents.base import Bot
    from quarkade.faces.web.tables import Table

log = logging.getLogger("quarkade.web")

class FairLane:
    """One thread whose turns go to the clients waiting for it, the one served longest ago
    first: each client's jobs run in the order they came, and a client with many waits, after
    each of them, for every other client that waits to have had a turn."""

    def __init__(self, name: str) -> None:
        self.executor = ThreadPoolExecutor(1, thread_name_prefix=name)
        self.waiting: dict[str, deque[asyncio.Future[None]]] = {}
        self.served: dict[str, int] = {}  # when each waiting client last had the thread
        self.turns = 0
        self.busy = False

    async def run(self, client: str, bot: Bot, view: View, legal: list[Action]) -> Action:
        loop = asyncio.get_running_loop()
        if self.busy:
            turn: asyncio.Future[None] = loop.create_future()
            self.waiting.setdefault(client, deque()).append(turn)
            try:
                await turn
            except asyncio.CancelledError:
                if turn.done() and not turn.cancelled():
                    self._next()  # the turn came with the cancellation: it goes on to the next
                raise
        else:
            self.busy = True
            self._serve(client)
        try:
            return await loop.run_in_executor(self.executor, bot.choose, view, legal)
        finally:
            self._next()

    def _serve(self, client: str) -> None:
        self.served[client] = self.turns
        self.turns += 1

    def _next(self) -> None:
        """Hand the thread to the waiting client served longest ago (or never)."""
        while self.waiting:
            client = min(self.waiting, key=lambda waiting: self.served.get(waiting, -1))
            turns = self.waiting[client]
            turn = turns.popleft()
            if not turns:
                del self.waiting[client]
            if not turn.done():  # a job cancelled while it waited is skipped
                self._serve(client)
                turn.set_result(None)
                break
        else:
            self.busy = False
        for client in [client for client in self.served if client not in self.waiting]:
            if self.served[client] < self.turns - 1:
                del self.served[client]  # a client nothing waits for is remembered no longer

    def queued(self) -> int:
        return sum(len(turns) for turns in self.waiting.values())


class Lanes:
    """A server's two lanes of bots (see the module)."""

    def __init__(self) -> None:
        self.searching = FairLane("quarkade-search")
        self.quick = ThreadPoolExecutor(1, thread_name_prefix="quarkade-bots")

    async def think(self, bot: Bot, view: View, legal: list[Action], client: str) -> Action:
        """``bot.choose(view, legal)`` in its lane's thread; ``client`` opened its table."""
        if isinstance(bot, SearchBot):
            return await self.searching.run(client, bot, view, legal)
        return await asyncio.get_running_loop().run_in_executor(self.quick, bot.choose, view, legal)

    def shutdown(self) -> None:
        self.searching.executor.shutdown(wait=False, cancel_futures=True)
        self.quick.shutdown(wait=False, cancel_futures=True)


class BotRunner:
    """The one task that plays a table's bot seats."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._task: asyncio.Task[None] | None = None

    @property
    def playing(self) -> bool:
        return self._task is not None and not self._task.done()

    def kick(self) -> None:
        """Start the bots if one of them is to act (they run after the current message)."""
        table = self.table
        table.clock.update()
        if table.over or self.playing or table.unwatched():
            return
        if any(seat in table.bots and not table.clock.owns(seat) for seat in table.state.to_act):
            self._task = asyncio.get_running_loop().create_task(self._play())

    def _seats(self) -> list[int]:
        """The bot seats to act now (a seat a clock holds waits for it)."""
        table = self.table
        return [seat for seat in table.state.to_act if seat in table.bots and not table.clock.owns(seat)]

    async def _play(self) -> None:
        table = self.table
        delay = table.hall.bot_delay
        while True:
            state = table.state
            if state.is_over:
                return
            seats = self._seats()
            if not seats or table.unwatched():
                return
            if delay > 0:
                await asyncio.sleep(delay)  # so that people can follow what the bots do
                state = table.state
                seats = self._seats()
                if state.is_over or not seats:
                    continue
            seat = seats[0]
            bot = table.bots[seat]
            version = steps_of(state)
            # whole now: the bot thinks in a thread while the table may move on
            view, legal = state.view(seat).whole(), state.legal_actions(seat)
            try:
                action = await table.hall.lanes.think(bot, view, legal, table.creator)
            except Exception:
                log.exception("table %s: the %s bot at seat %d failed; it takes a legal action instead",
                              table.id, table.seats[seat], seat)
                action = legal[0]
            if table.state is not state or steps_of(state) != version or table.bots.get(seat) is not bot:
                continue  # the table moved on while the bot was thinking
            if state.why_illegal(seat, action) is not None:
                log.error("table %s: the bot at seat %d chose an illegal %s", table.id, seat, action)
                action = legal[0]
            try:
                table.commit(seat, action)
            except SaveFailed:
                await asyncio.sleep(1.0)
            except Exception:
                log.exception("table %s: the game failed on the bot's action at seat %d; the bots stop",
                              table.id, seat)
                return
            await asyncio.sleep(0)

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def stop(self) -> None:
        """Cancel the bots' task and wait until it has ended."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
