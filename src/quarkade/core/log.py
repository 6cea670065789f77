"""The event log a state keeps for its views: a persistent chain shared by clones.

A cell is ``(event, earlier cell, descriptions)``. Events are tuples ``(kind, private_to,
...)`` where ``private_to`` is the one seat that may see the private details (-1: none).
A view describes the newest events for its seat; descriptions are kept in the cell, so an
event is described once per seat however many views are built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

Event = tuple[Any, ...]
Describer = Callable[[Event, "int | None", bool], "dict[str, Any] | None"]
Log = tuple[Event, Any, dict[Any, Any]] | None


def note(log: Log, *event: Any) -> Log:
    """The log with ``event`` added."""
    return (event, log, {})


def events(log: Log) -> Iterator[Event]:
    """The events, newest first."""
    while log is not None:
        yield log[0]
        log = log[1]


def read(log: Log, describe: Describer, viewer: int | None, reveal_all: bool, limit: int) -> list[dict[str, Any]]:
    """The ``limit`` newest events ``viewer`` may read, oldest first."""
    out: list[dict[str, Any]] = []
    key = (viewer, reveal_all)
    while log is not None and len(out) < limit:
        cache = log[2]
        if key in cache:
            described = cache[key]
        else:
            described = cache[key] = describe(log[0], viewer, reveal_all)
        if described is not None:
            out.append(dict(described))  # a copy: the cached description stays as it was
        log = log[1]
    out.reverse()
    return out
