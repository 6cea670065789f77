"""How the web server runs under uvicorn: every log line with its secrets redacted, and
clients that are slow to send a request's headers or its body cut off (and limited per
address)."""

from __future__ import annotations

import asyncio
import copy
import ipaddress
import logging
import re
from typing import Any
from urllib.parse import unquote_plus

SECRET_NAMES = frozenset({"token", "host", "invite", "invitation", "host_token", "code"})
# name=value, "name": "value" and 'name': 'value', where a name ends with a secret's name
_NAMED = re.compile(r"""((?:\b|_)(?:token|host|invite|invitation)(?:%3D|=|["']?\s*:\s*["']?))[^&\s"',;}]+""",
                    re.IGNORECASE)
# every query parameter, so that a name written with escapes (tok%65n=) is recognised too
_PARAMETER = re.compile(r"([?&;])([^=&;\s\"'?]+)=([^&;\s\"']*)")


def _parameter(match: re.Match[str]) -> str:
    name = unquote_plus(match.group(2)).strip().lower()
    return f"{match.group(1)}{match.group(2)}=…" if name in SECRET_NAMES else match.group(0)


def redact(text: str) -> str:
    """``text`` without the secrets it may hold: seat and host tokens, invitation codes.

    >>> redact("GET /t/abc?invite=Xy_1&replay=1 /ws/tables/abc?token=a-b&host=c")
    'GET /t/abc?invite=…&replay=1 /ws/tables/abc?token=…&host=…'
    >>> redact("GET /api/tables/abc/replay?seat=0&tok%65n=Xy_1")
    'GET /api/tables/abc/replay?seat=0&tok%65n=…'
    """
    return _PARAMETER.sub(_parameter, _NAMED.sub(r"\1…", text))


def _redacted(value: Any) -> Any:
    if isinstance(value, (int, float)):
        return value
    text = value if isinstance(value, str) else str(value)
    clean = redact(text)
    return value if clean == text else clean


class RedactSecrets(logging.Filter):
    """Tokens and invitation codes travel in query strings: keep them out of every log line
    (access log, server log, tracebacks). Set on the handlers, so that it sees every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        # The arguments stay arguments (uvicorn's access formatter unpacks them).
        if isinstance(record.args, tuple):
            record.args = tuple(_redacted(argument) for argument in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: _redacted(value) for key, value in record.args.items()}
        if record.exc_info and not record.exc_text:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        return True


def log_config(level: str) -> dict[str, Any]:
    """Uvicorn's logging, with secrets redacted on every handler and the server's own log
    (``quarkade.*``) beside uvicorn's."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"secrets": {"()": RedactSecrets}}
    for handler in config["handlers"].values():
        handler["filters"] = ["secrets"]
    for name in ("quarkade", "websockets"):
        config["loggers"][name] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    return config


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def proxy_networks(text: str | None) -> tuple[Network, ...]:
    """The trusted proxies of ``--trust-proxy``: comma-separated addresses or networks. ``*`` is
    refused: uvicorn then believes the left-most X-Forwarded-For entry, which the client writes,
    so every client could name the address its limits are counted under.

    >>> proxy_networks("10.0.0.0/8, 192.0.2.7")
    (IPv4Network('10.0.0.0/8'), IPv4Network('192.0.2.7/32'))
    >>> proxy_networks("*")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --trust-proxy takes the proxies' addresses or networks (10.0.0.0/8), not *: with * every client...
    """
    networks = []
    for entry in (part.strip() for part in (text or "").split(",")):
        if not entry:
            continue
        if entry == "*":
            raise ValueError("--trust-proxy takes the proxies' addresses or networks (10.0.0.0/8), not *: with * "
                             "every client could write the address it is counted under")
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise ValueError(f"--trust-proxy takes IP addresses or networks, not {entry!r}") from None
    return tuple(networks)


def _within(address: str, networks: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def header_timeout_protocol(seconds: float, per_address: int = 64,
                            exempt: tuple[Network, ...] = ()) -> type[asyncio.Protocol]:
    """Uvicorn's HTTP protocol, closing connections that do not finish a request's headers
    within ``seconds``, nor then its body within ``seconds`` more, and refusing more than
    ``per_address`` such connections from one address at once (except those from the
    ``exempt`` networks: trusted proxies), so that clients sending headers or a body slowly, or never, cannot hold
    the server (uvicorn times neither a body nor a request's headers)."""
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    pending: dict[str, int] = {}  # connections still sending headers, by address

    class HeaderTimeoutProtocol(HttpToolsProtocol):
        _header_timer: asyncio.TimerHandle | None = None
        _counted: str | None = None

        def _arm(self) -> None:
            if self._header_timer is None:
                self._header_timer = self.loop.call_later(seconds, self._too_slow)
            if self._counted is None and self.client is not None and not _within(str(self.client[0]), exempt):
                address = str(self.client[0])
                if pending.get(address, 0) >= per_address:
                    self.transport.close()
                    return
                pending[address] = pending.get(address, 0) + 1
                self._counted = address

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None
            if self._counted is not None:
                left = pending[self._counted] - 1
                if left:
                    pending[self._counted] = left
                else:
                    del pending[self._counted]
                self._counted = None

        def _too_slow(self) -> None:
            self._header_timer = None
            if not self.transport.is_closing():
                self.transport.close()

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._arm()

        def on_headers_complete(self) -> None:
            self._disarm()
            upgrading = self.parser.should_upgrade()
            super().on_headers_complete()
            if not upgrading and self._expects_body():
                self._arm()  # the body's own time, counted as the headers' was

        def _expects_body(self) -> bool:
            for name, value in self.headers:
                lowered = name.lower()
                if lowered == b"transfer-encoding":
                    return True
                if lowered == b"content-length" and value.strip() not in (b"0", b""):
                    return True
            return False

        def on_message_complete(self) -> None:
            self._disarm()
            super().on_message_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

    return HeaderTimeoutProtocol
