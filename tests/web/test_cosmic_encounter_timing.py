"""The server's clock for Cosmic Encounter's deal: the two main players are on the clock for
``deal_seconds``, the server applies ``timeout`` when it passes, and the state messages carry
the clock the table's countdown follows (docs/protocol.md, "Time")."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from quarkade.faces.web.clock import LATENCY_CAP_MS

from .conftest import LiveServer

Message = dict[str, Any]
pytestmark = pytest.mark.alone  # the server's clock is measured
PLAYERS = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(Path(tmp_path_factory.mktemp("deal")) / "deal.sqlite3", bot_delay=0.0)
    try:
        yield live
    finally:
        live.stop()


class Seat:
    """One seat's websocket; the latest state it was sent is kept as it arrives."""

    def __init__(self) -> None:
        self.ws: Any = None
        self.state: Message | None = None
        self.arrived = 0.0  # when the latest state arrived (time.monotonic)
        self.errors: list[Message] = []
        self.reader: asyncio.Task[None] | None = None

    async def open(self, server: LiveServer, table: str, token: str) -> None:
        self.ws = await websockets.connect(f"{server.ws_url}/ws/tables/{table}?token={token}")
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        async for raw in self.ws:
            message = json.loads(raw)
            if message["type"] == "probe":
                await self.ws.send(json.dumps({"type": "echo", "id": message["id"]}))
            elif message["type"] == "state":
                self.state, self.arrived = message, time.monotonic()
            elif message["type"] == "error":
                self.errors.append(message)

    async def act(self, action: str, seq: int) -> None:
        await self.ws.send(json.dumps({"type": "act", "action": action, "seq": seq}))

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        await self.ws.close()


async def until(seats: list[Seat], test: Any, timeout: float = 10.0) -> tuple[int, Message]:
    """The first seat whose latest state passes ``test``, and that state."""
    async with asyncio.timeout(timeout):
        while True:
            for number, seat in enumerate(seats):
                if seat.state is not None and test(seat.state):
                    return number, seat.state
            await asyncio.sleep(0.005)


def dealing(message: Message) -> bool:
    return message["view"]["step"] == "deal" and any(a.startswith("offer") for a in message["legal"])


Acted = dict[tuple[int, int], int]  # (seat, update) acted at -> the seat's errors until then


async def next_to_act(seats: list[Seat], acted: Acted, timeout: float = 10.0) -> tuple[int, Message]:
    """The first seat whose latest state asks it to act at an update it has not acted at yet
    (or whose action there was refused since: stale, or too fast), or ends the game; waits for
    the server's answer to the last action as long as that takes."""
    try:
        async with asyncio.timeout(timeout):
            while True:
                for number, seat in enumerate(seats):
                    message = seat.state
                    if message is not None and (message["over"] or (
                            message["legal"] and acted.get((number, message["seq"]), -1) < len(seat.errors))):
                        return number, message
                await asyncio.sleep(0.005)
    except TimeoutError:
        raise AssertionError([(None if seat.state is None else (seat.state["seq"], seat.state["legal"]), seat.errors)
                              for seat in seats]) from None


async def play_to_a_deal(seats: list[Seat], rng: random.Random) -> bool:
    """Random legal play, a Compromise whenever one may be played, until a deal opens (True)
    or the game ends without one (False: a table's seed is secret and random, and about one
    game in a hundred and fifty is won before any deal). Counted in actions, not in looks at
    the seats: a loaded server may take a while to answer each."""
    acted: Acted = {}
    for _ in range(3000):
        number, message = await next_to_act(seats, acted)
        if message["over"]:
            return False
        if dealing(message):
            return True
        errors = seats[number].errors
        if errors and errors[-1]["code"] == "rate":  # (the server allows 20 messages a second)
            await asyncio.sleep(errors[-1]["retry_after"])
        acted[number, message["seq"]] = len(errors)
        legal = message["legal"]
        action = "play c" if "play c" in legal else rng.choice(legal)
        await seats[number].act(action, message["seq"])
    raise AssertionError("no deal was reached")


async def seated_at_a_deal(server: LiveServer, seconds: int, rng: random.Random) -> list[Seat]:
    """Every seat of a new table, played to its first deal (on a new table again when a game
    ends without one)."""
    for _ in range(5):
        table, tokens = new_table(server, seconds)
        seats = [Seat() for _ in range(PLAYERS)]
        for number, seat in enumerate(seats):
            await seat.open(server, table, tokens[number])
        if await play_to_a_deal(seats, rng):
            return seats
        for seat in seats:
            await seat.close()
    raise AssertionError("five games ended without a deal")


def new_table(server: LiveServer, seconds: int) -> tuple[str, dict[int, str]]:
    answer = httpx.post(f"{server.url}/api/tables", json={
        "game": "cosmic-encounter", "players": PLAYERS, "seats": ["human"] * PLAYERS,
        "options": {"deal_seconds": seconds, "powers": "none", "edicts": False},
        "play": list(range(PLAYERS))}).json()
    return answer["id"], {entry["seat"]: entry["token"] for entry in answer["seats"] if entry.get("token")}


def test_the_server_fails_a_deal_when_its_time_passes(server: LiveServer) -> None:
    async def play() -> tuple[Message, Message, float]:
        seats = await seated_at_a_deal(server, 1, random.Random(3))
        # Timed from the states' arrivals at one seat, not from when this test looks: on a loaded
        # machine the deal may have opened a while before the test saw it, and another seat's
        # states may have been read later than this one's (one loop reads them all).
        number, message = await until(seats, dealing)
        main = seats[number]
        opened = main.arrived
        _, done = await until([main], lambda m: m["view"]["step"] != "deal" or m["over"], timeout=5)
        waited = main.arrived - opened
        for seat in seats:
            await seat.close()
        return message, done, waited

    message, done, waited = asyncio.run(play())
    view = message["view"]
    mains = sorted([view["offence"], view["encounter"]["defender"]])
    clock = message["clock"]
    assert clock["limit_ms"] == 1000 and 0 < clock["left_ms"] <= 1000 and sorted(clock["seats"]) == mains
    # the minute (here a second) and the forgiven latency, and no more than a moment after
    assert 0.9 <= waited <= 1.0 + LATENCY_CAP_MS / 1000 + 0.5, waited
    texts = [line["text"] for line in done["view"]["log"]]
    assert any(text.startswith("no deal in time") for text in texts), texts
    assert "clock" not in done  # the timed step is over


def test_a_deal_on_the_clock_keeps_refusing_stale_actions(server: LiveServer) -> None:
    """A deal is no race: an acceptance answers the offer its seat saw, so an action that
    answers an older update is refused as stale, and an offer carries no time."""
    async def play() -> tuple[list[Message], Message, Message]:
        seats = await seated_at_a_deal(server, 30, random.Random(5))
        first, message = await until(seats, dealing)
        offer = next(a for a in message["legal"] if a.startswith("offer") and a.endswith("base both"))
        old = message["seq"]
        earlier = len(seats[first].errors)  # (the random play before the deal may have sent stale actions)
        # The random play may have spent the seat's burst of messages (20 a second after it): the
        # two actions below wait for a second's worth, well within the deal's thirty.
        await asyncio.sleep(1.0)
        await seats[first].act(offer, old)
        _, offered = await until(
            seats, lambda m: any(o and o.get("notation") == offer for o in m["view"]["encounter"]["offers"]))
        # the same seat's next action, answering the update before its own offer: stale
        await seats[first].act("timeout", old)
        await asyncio.sleep(0.3)
        errors = seats[first].errors[earlier:]
        latest = seats[first].state
        assert latest is not None
        for seat in seats:
            await seat.close()
        return errors, offered, latest

    errors, offered, latest = asyncio.run(play())
    assert [e.get("code") for e in errors] == ["stale"], errors
    assert latest["view"]["step"] == "deal" and latest["clock"]["limit_ms"] == 30_000
    assert offered["view"]["step"] == "deal"
