"""The server's bots think in two lanes of one thread each: searching bots one at a time, the
quick ones beside them, so that tables of searching bots cannot starve the server's loop nor
the other tables' bots; and the searching lane's turns go round the clients who opened the
tables (bot_runner.Lanes)."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import quarkade
from quarkade.agents.base import Bot
from quarkade.agents.search import SearchBot
from quarkade.faces.web.bot_runner import Lanes


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


def first_decision() -> tuple[Any, Any, list[Any]]:
    """A two-player Quirky Quarks game, the first seat's view and legal actions."""
    game = quarkade.load("quirky-quarks", players=2)
    state = game.new_game(1)
    seat = state.to_act[0]
    return game, state.view(seat).whole(), state.legal_actions(seat)


def test_searching_bots_think_one_at_a_time_and_quick_bots_beside_them() -> None:
    game, view, legal = first_decision()

    lanes = Lanes()

    async def play() -> tuple[float, float]:
        started = time.monotonic()
        slow = [asyncio.create_task(lanes.think(SlowSearch(game, n), view, legal, "a")) for n in range(4)]
        await asyncio.sleep(0.05)
        assert await lanes.think(Quick(game, 0), view, legal, "a") == legal[0]
        quick_done = time.monotonic() - started
        assert await asyncio.gather(*slow) == [legal[0]] * 4
        return quick_done, time.monotonic() - started

    quick_done, all_done = asyncio.run(play())
    assert SlowSearch.most == 1, "searching bots thought at once"
    assert all_done >= 0.75, all_done  # four moves of 0.2 s, one after another
    assert quick_done < 0.15, quick_done  # the quick bot did not wait behind them


class Named(SearchBot):
    """A searching bot that says in ``order`` when it thought."""

    order: list[str] = []

    def __init__(self, game: Any, seat: int, name: str) -> None:
        super().__init__(game, seat)
        self.name = name

    def choose(self, view: Any, legal: list[Any]) -> Any:
        time.sleep(0.02)
        Named.order.append(self.name)
        return legal[0]


def test_the_searching_lane_takes_its_turns_from_each_client_in_rotation() -> None:
    game, view, legal = first_decision()
    lanes = Lanes()
    Named.order = []

    async def play() -> None:
        many = [asyncio.create_task(lanes.think(Named(game, 0, f"a{n}"), view, legal, "203.0.113.1"))
                for n in range(5)]
        await asyncio.sleep(0)
        assert lanes.searching.queued() == 4
        one = asyncio.create_task(lanes.think(Named(game, 0, "b0"), view, legal, "203.0.113.2"))
        cancelled = asyncio.create_task(lanes.think(Named(game, 0, "c0"), view, legal, "203.0.113.3"))
        await asyncio.sleep(0)
        cancelled.cancel()  # a table that goes while its bot waits gives up its turn
        await asyncio.gather(*many, one)
        assert cancelled.cancelled()
        assert not lanes.searching.busy and lanes.searching.queued() == 0

    asyncio.run(play())
    lanes.shutdown()
    # the second client waited for the first client's running move only, not for all five
    assert Named.order == ["a0", "b0", "a1", "a2", "a3", "a4"], Named.order
