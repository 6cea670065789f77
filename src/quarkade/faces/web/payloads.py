"""What a table sends each audience: the state message's payload and its JSON bytes.

Everything ``state_payload`` returns is what its audience may know; the leak tests call this
very function.
"""

from __future__ import annotations

from typing import Any

from quarkade.core import State
from quarkade.faces.web.protocol import dumps

Audience = int | None  # a seat, or None for the spectators

Fragment: Any
_orjson_dumps: Any
try:  # JSON text embedded as it is in orjson's output (orjson 3.10 and later)
    from orjson import Fragment
    from orjson import dumps as _orjson_dumps
except ImportError:  # pragma: no cover - depends on the environment
    Fragment = _orjson_dumps = None


def json_bytes(data: Any) -> bytes:
    """Compact JSON as UTF-8 bytes (what orjson makes: no decoding, nor encoding again)."""
    if _orjson_dumps is not None:
        made: bytes = _orjson_dumps(data)
        return made
    return dumps(data).encode("utf-8")


def state_payload(state: State, audience: Audience, people: list[int], turn_timer: int | None = None,
                  deadlines: dict[int, float] | None = None, view: Any = None) -> dict[str, Any]:
    """What a state message carries for ``audience`` (a seat, or None for a spectator): its
    view, and the legal actions when it is a person's seat (in ``people``) to act, or what it may
    do though the game does not wait for it (``optional``: a signal, in Quirky Circuits). ``view`` is
    ``state.view(audience).to_json()`` when the caller has it already (or that JSON text, as
    an ``orjson.Fragment``)."""
    to_act = list(state.to_act)
    legal: list[str] = []
    optional: list[str] = []
    if audience is not None and not state.is_over and audience in people:
        if audience in to_act:
            legal = [str(action) for action in state.legal_actions(audience)]
        else:
            optional = [str(action) for action in state.optional_actions(audience)]
    core: dict[str, Any] = {
        "view": state.view(audience).to_json() if view is None else view,
        "legal": legal,
        "optional": optional,
        "to_act": to_act,
        "waiting_for": [seat for seat in to_act if seat != audience],
        "over": state.is_over,
    }
    if turn_timer:
        core["timer"] = {"seconds": turn_timer,
                         "deadlines": {str(seat): when for seat, when in (deadlines or {}).items()}}
    return core
