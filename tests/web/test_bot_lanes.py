"""The server's bots think in two lanes of one thread each: searching bots one at a time, the
quick ones beside them, so that tables of searching bots cannot starve the server's loop nor
the other tables' bots (bot_runner.think)."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import quarkade
from quarkade.agents.base import Bot
from quarkade.agents.search import SearchBot
from quarkade.faces.web.bot_runner import think


class SlowSearch(SearchBot):
    """A searching bot that takes 0.2 s a move and records how many think at once."""

    thinking = 0
    most = 0
    lock = threading.Lock()

    def choose(self, view: Any, legal: list[Any]) -> Any:
        with SlowSearch.lock:
            SlowSearch.thinking += 1
            SlowSearch.most = max(SlowSearch.most, SlowSearch.thinking)
        time.sleep(0.2)
        with SlowSearch.lock:
            SlowSearch.thinking -= 1
        return legal[0]


class Quick(Bot):
    def choose(self, view: Any, legal: list[Any]) -> Any:
        return legal[0]


def test_searching_bots_think_one_at_a_time_and_quick_bots_beside_them() -> None:
    game = quarkade.load("quirky-quarks", players=2)
    state = game.new_game(1)
    seat = state.to_act[0]
    view, legal = state.view(seat).whole(), state.legal_actions(seat)

    async def play() -> tuple[float, float]:
        started = time.monotonic()
        slow = [asyncio.create_task(think(SlowSearch(game, n), view, legal)) for n in range(4)]
        await asyncio.sleep(0.05)
        assert await think(Quick(game, 0), view, legal) == legal[0]
        quick_done = time.monotonic() - started
        assert await asyncio.gather(*slow) == [legal[0]] * 4
        return quick_done, time.monotonic() - started

    quick_done, all_done = asyncio.run(play())
    assert SlowSearch.most == 1, "searching bots thought at once"
    assert all_done >= 0.75, all_done  # four moves of 0.2 s, one after another
    assert quick_done < 0.15, quick_done  # the quick bot did not wait behind them
