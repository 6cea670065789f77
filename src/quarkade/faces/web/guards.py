"""What every request passes before the app sees it: a rate for each client address, and the
host names this server answers to.

Both are pure ASGI middleware, outside the app's own: a refused request costs a dictionary
look-up and a short answer, and reaches nothing that could change (the hall, the database).
"""

from __future__ import annotations

import ipaddress
import math
import re
import socket
import time
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from quarkade.faces.web.connection import Buckets, Limits
from quarkade.faces.web.protocol import error_message

# The paths the request rate counts: the API and the pages the app makes (a table's, the
# leaderboard's), which read the database or a game; every other path is a static file.
COUNTED = ("/api", "/t/", "/leaderboard")
RATE_CLOSE_CODE = 4429  # a websocket refused for its address's request rate
HOST_CLOSE_CODE = 4421  # a websocket asked for under a host name this server does not answer to
_HOST = re.compile(r"(\[[^\[\]]*\]|[^:\[\]]*)(?::[0-9]*)?")  # host[:port] or [IPv6][:port]


def client_address(scope: Scope) -> str:
    """The address a client's limits are counted under (``address_key``; uvicorn has put a
    trusted proxy's X-Forwarded-For there)."""
    client = scope.get("client")
    return address_key(str(client[0])) if client else "unknown"


def address_key(address: str) -> str:
    """The key an address's limits are counted under: an IPv6 address by its /64 network (one
    home, one server, is given a whole /64: counted address by address, it would have more
    addresses than any limit), an IPv4 address mapped into IPv6 as that IPv4 address, and any
    other as it is.

    >>> address_key("2001:db8:1:2::7"), address_key("::ffff:192.0.2.1"), address_key("192.0.2.1")
    ('2001:db8:1:2::/64', '192.0.2.1', '192.0.2.1')
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


async def refuse(scope: Scope, receive: Receive, send: Send, *, status: int, detail: str, code: str,
                 close_code: int, headers: Mapping[str, str], **extra: object) -> None:
    """Refuse a request as the app refuses its own: JSON ``{"detail": ...}`` with ``status``
    over HTTP; over a websocket, the protocol's ``error`` message with ``code``, then the
    close with ``close_code`` (a browser shows neither the status nor the reason of a
    handshake refused before it is accepted)."""
    if scope["type"] == "websocket":
        websocket = WebSocket(scope, receive, send)
        await websocket.accept()
        await websocket.send_text(error_message(code, detail, **extra))
        await websocket.close(code=close_code)
        return
    response = JSONResponse({"detail": detail}, status_code=status, headers=dict(headers))
    await response(scope, receive, send)


# ---------------------------------------------------------------------- the request rate
class RequestRate:
    """A token bucket for each client address: a burst of ``request_burst`` HTTP requests and
    websocket handshakes, then ``requests_per_second`` (a websocket's messages have a bucket
    of their own, connection.py). A request costs a few microseconds until it reaches a
    table, then up to tens of milliseconds (a finished table loaded again from its record):
    one address must not keep the event loop, which every table shares, for itself.

    Buckets that would be full again are forgotten, looked for every few seconds: what is
    held is the addresses heard from in the last ``request_burst / requests_per_second``
    seconds, however many an attacker has."""

    def __init__(self, app: ASGIApp, limits: Limits, *, headers: Mapping[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.app = app
        self.rate = limits.requests_per_second
        self.burst = limits.request_burst
        self.headers = dict(headers or {})
        self.clock = clock
        self.counted = Buckets(self.rate, self.burst)

    def take(self, address: str, now: float) -> float:
        """Count one request from ``address``: 0 when it is allowed, else the seconds until
        the next one will be (a refused request takes nothing from the bucket)."""
        return self.counted.take(address, now)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or (
                scope["type"] == "http" and not str(scope.get("path", "")).startswith(COUNTED)):
            # The page's own files (a table's page is some thirty of them) cost a file's read:
            # counted, a household or a club behind one address was locked out by its reloads.
            await self.app(scope, receive, send)
            return
        wait = self.take(client_address(scope), self.clock())
        if wait <= 0:
            await self.app(scope, receive, send)
            return
        seconds = max(1, math.ceil(wait))
        detail = (f"too many requests from your address: this server answers one address {self.rate:g} "
                  f"times a second after a burst of {self.burst:g}; try again in {seconds} "
                  f"second{'' if seconds == 1 else 's'}")
        await refuse(scope, receive, send, status=429, detail=detail, code="rate", close_code=RATE_CLOSE_CODE,
                     headers={**self.headers, "Retry-After": str(seconds)}, retry_after=round(wait, 3))


# ---------------------------------------------------------------------- the host names
@lru_cache(maxsize=1)
def machine_names() -> frozenset[str]:
    """This machine's host name, its fully qualified name and its name on the local network
    (``.local``, as multicast DNS gives it); looked up once (the second may ask the DNS)."""
    host = normal_name(socket.gethostname())
    return frozenset(name for name in (host, normal_name(socket.getfqdn()), f"{host}.local" if host else "") if name)


def normal_name(name: str) -> str:
    """A host name as compared: lower case, without the root's dot.

    >>> normal_name("Games.Example.ORG.")
    'games.example.org'
    """
    return name.strip().lower().rstrip(".")


def allowed_name(name: str) -> str:
    """A name given in ``allowed_hosts``, checked: a host name alone.

    >>> allowed_name("Games.example.org")
    'games.example.org'
    >>> allowed_name("https://games.example.org")
    Traceback (most recent call last):
    ...
    ValueError: an allowed host is a host name alone, without a scheme, port or path: not 'https://games.example.org'
    """
    normal = normal_name(name)
    if not normal or not re.fullmatch(r"[a-z0-9_.-]+", normal):
        raise ValueError(f"an allowed host is a host name alone, without a scheme, port or path: not {name!r}")
    return normal


class Hosts:
    """The host names this server answers to, against DNS rebinding: a page of another site
    whose name is made to resolve to this machine's address would be of the same origin as
    its requests, and pass the origin check, were every Host accepted. Rebinding needs a
    name the attacker controls, so IP addresses (IPv4, or IPv6 in brackets) pass with any
    port, and so do ``localhost`` and names under ``.localhost`` (resolved by the machine
    itself), this machine's own names, and the names configured.

    >>> hosts = Hosts(["games.example.org"])
    >>> [hosts.allows(h) for h in ("127.0.0.1:8000", "[::1]:8000", "localhost", "Games.Example.org:443")]
    [True, True, True, True]
    >>> [hosts.allows(h) for h in ("rebind.evil.example", "::1", "localhost:80x", "", None)]
    [False, False, False, False, False]
    """

    def __init__(self, names: Iterable[str]) -> None:
        self.names = frozenset(allowed_name(name) for name in names) | machine_names()

    def allows(self, header: str | None) -> bool:
        if not header:
            return False
        found = _HOST.fullmatch(header)
        if found is None:
            return False
        name = found.group(1)
        if name.startswith("["):
            try:
                ipaddress.IPv6Address(name[1:-1])
            except ValueError:
                return False
            return True
        name = normal_name(name)
        if not name:
            return False
        try:
            ipaddress.IPv4Address(name)
        except ValueError:
            pass
        else:
            return True
        return name == "localhost" or name.endswith(".localhost") or name in self.names

    def served(self) -> str:
        """The names served, in words, without naming them (a refusal is read by anyone: it
        does not tell the machine's own names, nor the ones configured)."""
        return "IP addresses, localhost, this machine's own names and the names configured for it"


class HostGate:
    """Requests and websockets whose Host is not one of ``hosts`` are refused (``421``; a
    websocket gets the error ``host`` and is closed with code 4421), before anything reads
    them."""

    def __init__(self, app: ASGIApp, hosts: Hosts, *, headers: Mapping[str, str] | None = None) -> None:
        self.app = app
        self.hosts = hosts
        self.headers = dict(headers or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header: str | None = None
        for key, value in scope["headers"]:
            if key == b"host":
                header = value.decode("latin-1")
                break
        if self.hosts.allows(header):
            await self.app(scope, receive, send)
            return
        asked = "names no host (no Host header)" if not header else f"is for the host {header[:100]!r}"
        detail = (f"this request {asked}, which this server does not answer to: it answers to "
                  f"{self.hosts.served()} (the server's --allowed-hosts adds names)")
        await refuse(scope, receive, send, status=421, detail=detail, code="host", close_code=HOST_CLOSE_CODE,
                     headers=self.headers)


__all__ = ["HostGate", "Hosts", "RequestRate", "allowed_name", "client_address", "machine_names", "refuse"]
