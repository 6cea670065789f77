"""One websocket at a table, and the limits every client and table lives within."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, Protocol

from starlette.websockets import WebSocket, WebSocketState

if TYPE_CHECKING:
    from quarkade.faces.web.tables import Table


@dataclass(frozen=True)
class Limits:
    """What one client or one table may use of the server."""

    message_bytes: int = 4096
    tables_per_client: int = 20  # open tables created from one address and active lately
    # tables created from one address in the last hour, however they ended: closing them does
    # not give the address more (each one stays in the database)
    tables_per_hour: int = 60
    active_window: float = 6 * 3600.0  # seconds since a table's last activity for it to count
    spectators_per_table: int = 32  # seat holders always get in: they are not counted here
    connections_per_seat: int = 8  # beyond it a seat's oldest connection makes way for the newest
    connections_per_address: int = 256  # websockets open from one address, across all tables
    open_tables: int = 10_000
    messages_per_second: float = 20.0
    message_burst: float = 60.0
    # An address's messages over all its connections (it may hold many: spectators at many tables)
    address_messages_per_second: float = 100.0
    address_message_burst: float = 300.0
    # HTTP requests (and websocket handshakes) from one address: a page's load fetches a few
    # dozen files, and loading a finished table that left memory costs the server tens of ms
    requests_per_second: float = 20.0
    request_burst: float = 200.0
    outbox: int = 2000  # messages queued for one slow connection before it is dropped
    outbox_bytes: int = 4 * 1024 * 1024  # characters queued for one slow connection before it is dropped
    abandon_after: float = 48 * 3600.0  # seconds without an action or a connection before a table expires
    # seconds without an action or a connection after which an open table leaves the lobby's
    # list (its links still work until it expires)
    unlisted_after: float = 20 * 60.0
    takeover_after: float = 90.0  # seconds a person's seat may have no connection before a bot plays it
    option_ceiling: int = 1_000_000  # the largest whole-number option a game states no maximum for
    # Actions a table's game may take before the server ends it unfinished: a game some options
    # let go on for ever (a turn limit of 0) must not grow its record and replays without end.
    tables_an_hour_in_all: int = 3_000  # created from every address together
    actions_per_table: int = 10_000  # five times the longest of 5,000 heuristic games of any game
    # Finished tables one address may have loaded again from their records (tens of milliseconds
    # of the event loop each, for a long game), after a burst: more wait (429).
    revivals_per_second: float = 1.0
    revival_burst: float = 10.0

    def __post_init__(self) -> None:
        # Limits no request could ever pass are a mistake, said before the server starts.
        if not self.requests_per_second > 0 or not self.request_burst >= 1:
            raise ValueError(f"requests per second are a positive number (not {self.requests_per_second:g}) "
                             f"and their burst is at least 1 (not {self.request_burst:g})")
        if not self.address_messages_per_second > 0 or not self.address_message_burst >= 1:
            raise ValueError(f"an address's messages a second are a positive number (not "
                             f"{self.address_messages_per_second:g}) and their burst is at least 1 (not "
                             f"{self.address_message_burst:g})")
        if self.tables_per_hour < 1 or self.tables_an_hour_in_all < 1:
            fewest = min(self.tables_per_hour, self.tables_an_hour_in_all)
            raise ValueError(f"tables an hour are at least 1, not {fewest}")
        if not self.revivals_per_second > 0 or not self.revival_burst >= 1:
            raise ValueError(f"revivals per second are a positive number (not {self.revivals_per_second:g}) "
                             f"and their burst is at least 1 (not {self.revival_burst:g})")
        if self.actions_per_table < 1:
            raise ValueError(f"actions a table are at least 1, not {self.actions_per_table}")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class Addresses:
    """The websockets open from each address, at most ``limit`` each."""

    __slots__ = ("limit", "open_now")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open_now: dict[str, int] = {}

    def open(self, address: str) -> bool:
        """Count one more socket from ``address``, or say False if it has ``limit`` already."""
        count = self.open_now.get(address, 0)
        if count >= self.limit:
            return False
        self.open_now[address] = count + 1
        return True

    def close(self, address: str) -> None:
        count = self.open_now.pop(address, 0) - 1
        if count > 0:
            self.open_now[address] = count


class Creations:
    """When each address created its tables, over the last ``window`` seconds: at most
    ``limit`` in any such span. Times past the window are let go when an address is read and
    at every ``prune``, so the record holds only the last window's tables, from however many
    addresses."""

    __slots__ = ("limit", "times", "window")

    def __init__(self, limit: int, window: float = 3600.0) -> None:
        self.limit = limit
        self.window = window
        self.times: dict[str, deque[float]] = {}

    def _recent(self, address: str, now: float) -> deque[float] | None:
        times = self.times.get(address)
        if times is None:
            return None
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self.times[address]
            return None
        return times

    def wait(self, address: str, now: float) -> float:
        """Seconds until ``address`` may create another table: 0 when it may now."""
        times = self._recent(address, now)
        if times is None or len(times) < self.limit:
            return 0.0
        # the oldest of the last ``limit`` leaves the window first
        return max(0.0, times[len(times) - self.limit] + self.window - now)

    def add(self, address: str, now: float) -> None:
        self.times.setdefault(address, deque()).append(now)

    def prune(self, now: float) -> None:
        for address in list(self.times):
            self._recent(address, now)


class Buckets:
    """A token bucket for each address: a burst of ``burst``, then ``rate`` a second. Buckets
    that would be full again are forgotten (looked for every few seconds), so what is held is
    the addresses heard from in the last ``burst / rate`` seconds, however many there are."""

    __slots__ = ("buckets", "burst", "next_prune", "rate", "refill")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}  # address: (allowance, when it was counted)
        self.refill = burst / rate  # seconds an empty bucket takes to fill
        self.next_prune = 0.0

    def take(self, address: str, now: float) -> float:
        """Count one from ``address``: 0 when it is allowed, else the seconds until the next one
        will be (a refused one takes nothing from the bucket).

        >>> buckets = Buckets(rate=1.0, burst=2.0)
        >>> [buckets.take("a", 0.0), buckets.take("a", 0.0), buckets.take("a", 0.0), buckets.take("a", 1.0)]
        [0.0, 0.0, 1.0, 0.0]
        """
        self.prune(now)
        allowance, when = self.buckets.get(address, (self.burst, now))
        allowance = min(self.burst, allowance + (now - when) * self.rate)
        if allowance < 1.0:
            self.buckets[address] = (allowance, now)
            return (1.0 - allowance) / self.rate
        self.buckets[address] = (allowance - 1.0, now)
        return 0.0

    def prune(self, now: float) -> None:
        """Forget the buckets that have filled up again since they were last used (a new one
        would be the same), at most once every few seconds."""
        if now < self.next_prune:
            return
        self.next_prune = now + min(max(1.0, self.refill), 60.0)
        self.buckets = {address: (allowance, when) for address, (allowance, when) in self.buckets.items()
                        if allowance + (now - when) * self.rate < self.burst}


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000) -> None: ...


def _asgi_send(socket: Socket) -> Callable[[dict[str, Any]], Awaitable[None]] | None:
    """The ASGI send under an accepted Starlette websocket: a state message a move to every
    seat goes straight to it, without the wrapper's checks of the socket's state on every
    message (a send that fails still raises, and the close goes through the wrapper)."""
    if isinstance(socket, WebSocket) and socket.application_state is WebSocketState.CONNECTED:
        send: Callable[[dict[str, Any]], Awaitable[None]] = socket._send
        return send
    return None


class Connection:
    """One websocket at a table: a seat or a spectator, with the host's powers or not.

    Messages go through an outbox drained by one writer task, so every connection hears
    the table's updates in the order they happened."""

    __slots__ = ("socket", "table", "seat", "host", "outbox", "queued", "wake", "task", "closed", "allowance",
                 "checked", "limits", "retry", "close_code", "address", "shared", "refused_for")

    def __init__(self, socket: Socket, table: Table, seat: int | None, host: bool, limits: Limits,
                 address: str = "", shared: Buckets | None = None) -> None:
        self.socket = socket
        self.address = address  # the client's, as its limits count it
        self.shared = shared  # the address's bucket over all its connections
        self.refused_for = 0.0  # when a message was refused: the seconds until the next is allowed
        self.table = table
        self.seat = seat
        self.host = host
        self.limits = limits
        self.outbox: deque[str] = deque()
        self.queued = 0  # the characters in the outbox
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.closed = False
        self.allowance = limits.message_burst
        self.checked = time.monotonic()
        self.retry: asyncio.TimerHandle | None = None  # the state sent again after a refusal for rate
        self.close_code: int | None = None  # set when the server ends the connection

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._write())

    def push(self, text: str) -> None:
        if self.closed:
            return
        if len(self.outbox) >= self.limits.outbox or self.queued + len(text) > self.limits.outbox_bytes:
            # A client that reads nothing must not make the server hold its messages forever,
            # neither many small ones nor a few large ones (a finished table's greeting).
            self.closed = True
            self.outbox.clear()
            self.queued = 0
            self.wake.set()
            return
        self.outbox.append(text)
        self.queued += len(text)
        self.wake.set()

    def allow(self) -> bool:
        """A token bucket: a burst of messages, then ``messages_per_second``; and the address's
        over all its connections (``shared``)."""
        now = time.monotonic()
        self.allowance = min(self.limits.message_burst,
                             self.allowance + (now - self.checked) * self.limits.messages_per_second)
        self.checked = now
        if self.allowance < 1.0:
            self.refused_for = (1.0 - self.allowance) / self.limits.messages_per_second
            return False
        if self.shared is not None and (wait := self.shared.take(self.address, now)) > 0:
            self.refused_for = wait
            return False
        self.allowance -= 1.0
        return True

    def wait_for_allowance(self) -> float:
        """Seconds until the next message will be allowed (after a refusal)."""
        return max(0.0, self.refused_for)

    def end(self, code: int, message: str) -> None:
        """Send ``message``, then close the socket with ``code``."""
        self.push(message)
        self.close_code = code
        self.closed = True
        self.wake.set()

    async def _write(self) -> None:
        send = _asgi_send(self.socket)
        try:
            while True:
                while self.outbox:
                    text = self.outbox.popleft()
                    self.queued -= len(text)
                    if send is None:
                        await self.socket.send_text(text)
                    else:
                        await send({"type": "websocket.send", "text": text})
                if self.closed:
                    if self.close_code is not None:
                        await self.socket.close(self.close_code)
                    return
                self.wake.clear()
                await self.wake.wait()
        except Exception:  # the peer went away; the reader notices and detaches us
            self.closed = True

    async def stop(self) -> None:
        self.closed = True
        if self.retry is not None:
            self.retry.cancel()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
