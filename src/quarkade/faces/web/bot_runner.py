"""A table's bots at play: whenever a seat a bot holds is to act (and no clock holds it), the
bots move one after the other, each from its seat's view, until a person is to act or the
game ends.

A bot thinks in a thread while the table may move on (a person's undo, a takeover ending);
a move chosen on a state the table has left is dropped. A bot that fails or chooses an
illegal action is logged and the seat takes its first legal action instead, so a faulty bot
never stalls a table.

The server's bots think in two lanes of one thread each (``think``), whatever the number of
tables: the searching bots, which take a second or more a move, one at a time in one, and the
others, which take a few milliseconds, in the other. A thread thinking shares the interpreter
with the server's event loop: many at once (anyone may open tables of searching bots) would
leave the loop a sliver of it, and every table's updates would wait. Queued, they cost the
tables of searching bots time, and nobody else.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
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

_SEARCHING = ThreadPoolExecutor(1, thread_name_prefix="quarkade-search")
_QUICK = ThreadPoolExecutor(1, thread_name_prefix="quarkade-bots")


async def think(bot: Bot, view: View, legal: list[Action]) -> Action:
    """``bot.choose(view, legal)`` in its lane's thread (see the module)."""
    lane = _SEARCHING if isinstance(bot, SearchBot) else _QUICK
    return await asyncio.get_running_loop().run_in_executor(lane, bot.choose, view, legal)


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
        if table.over or self.playing:
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
            if not seats:
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
                action = await think(bot, view, legal)
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
