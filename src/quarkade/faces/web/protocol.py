"""The websocket protocol: messages from clients, checked with pydantic, and the JSON the
server sends back. ``docs/protocol.md`` is the reference for other clients and remote bots.

Client to server (one JSON object a message, at most ``MAX_MESSAGE_BYTES``)::

    {"type": "hello"}                                    the table, your seat and the state again
    {"type": "ping"}                                     -> {"type": "pong"}
    {"type": "act", "action": "bid lhc 3", "seq": 7}     take an action for your seat
    {"type": "hand_to_bot", "seat": 1, "bot": "random"}  host only: a bot takes over a seat
    {"type": "echo", "id": 4}                            the answer to a ``probe`` (timed steps)
    {"type": "undo"}                                     take back your seat's last action
    {"type": "reclaim"}                                  take your seat back from the bot playing it

Server to client: ``welcome``, ``table``, ``state``, ``over``, ``error``, ``pong``, ``probe``,
``undone``, ``closed`` (the host closed the table; the socket then closes with code 4410).
"""

from __future__ import annotations

import importlib
import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

_orjson: Any
try:  # orjson is faster; the standard library does the same job without it.
    _orjson = importlib.import_module("orjson")
except ImportError:  # pragma: no cover - depends on the environment
    _orjson = None

MAX_MESSAGE_BYTES = 4096
PROTOCOL_VERSION = 1


def dumps(data: Any) -> str:
    """Compact JSON text."""
    if _orjson is not None:
        text: str = _orjson.dumps(data).decode("utf-8")
        return text
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def loads(text: str | bytes) -> Any:
    if _orjson is not None:
        return _orjson.loads(text)
    return json.loads(text)


class ProtocolError(ValueError):
    """A message the server cannot take; ``code`` names the kind of problem."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class _Message(BaseModel):
    # Unknown fields are ignored, so that newer clients still talk to older servers.
    model_config = ConfigDict(extra="ignore", frozen=True)
    table: str | None = Field(default=None, max_length=64)


class Hello(_Message):
    type: Literal["hello"]


class Ping(_Message):
    type: Literal["ping"]
    id: int | str | None = None


class Act(_Message):
    type: Literal["act"]
    action: str = Field(min_length=1, max_length=512)
    seq: int | None = None


class HandToBot(_Message):
    type: Literal["hand_to_bot"]
    seat: int = Field(ge=0, le=64)
    bot: str = Field(default="random", min_length=1, max_length=64)


class Echo(_Message):
    """A probe sent back at once: the server measures the connection's round trip with it."""

    type: Literal["echo"]
    id: int = Field(ge=0)


class Undo(_Message):
    """Take back the seat's last action, while no other seat has acted since in a way it saw."""

    type: Literal["undo"]


class Reclaim(_Message):
    """Take the seat back from the bot that plays it (the connection's token proves whose it is)."""

    type: Literal["reclaim"]


AnyClientMessage = Hello | Ping | Act | HandToBot | Echo | Undo | Reclaim
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
_ADAPTER: TypeAdapter[AnyClientMessage] = TypeAdapter(ClientMessage)
MESSAGE_TYPES = ("act", "hello", "ping", "hand_to_bot", "echo", "undo", "reclaim")


def parse_client_message(raw: str | bytes, limit: int = MAX_MESSAGE_BYTES) -> AnyClientMessage:
    """A client message, or ``ProtocolError`` with a sentence saying what is wrong.

    >>> parse_client_message('{"type": "act", "action": "pass", "seq": 3}').seq
    3
    >>> parse_client_message('{"type": "dance"}')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    quarkade.faces.web.protocol.ProtocolError: unknown message type 'dance' (the types: act, hello, ping, ...)
    """
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8"))
    if size > limit:
        raise ProtocolError("too_large", f"message too large: {size} bytes, the limit is {limit}")
    try:
        data = loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("malformed", "malformed message: it is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "malformed message: send a JSON object with a 'type'")
    kind = data.get("type")
    if kind not in MESSAGE_TYPES:
        if kind is None:
            raise ProtocolError("malformed", "malformed message: it has no 'type'")
        raise ProtocolError(
            "unknown_type", f"unknown message type {str(kind)[:40]!r} (the types: {', '.join(MESSAGE_TYPES)})"
        )
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"][1:]) or "message"
        raise ProtocolError("malformed", f"malformed {kind} message: {where}: {first['msg'].lower()}") from None


def error_message(code: str, reason: str, **extra: Any) -> str:
    return dumps({"type": "error", "code": code, "reason": reason, **extra})


def pong_message(ping_id: int | str | None) -> str:
    return dumps({"type": "pong", "id": ping_id})
