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


def cells(log: Log) -> list[tuple[Event, dict[Any, Any]]]:
    """The log as a flat list, oldest first (for pickling: the chain would be pickled a level
    deeper at each event, past Python's recursion limit in a long game)."""
    found = []
    while log is not None:
        found.append((log[0], log[2]))
        log = log[1]
    found.reverse()
    return found


def from_cells(found: list[tuple[Event, dict[Any, Any]]]) -> Log:
    """The log ``cells`` flattened."""
    log: Log = None
    for event, descriptions in found:
        log = (event, log, descriptions)
    return log


def events(log: Log) -> Iterator[Event]:
    """The events, newest first."""
    while log is not None:
        yield log[0]
        log = log[1]


def in_order(log: Log) -> list[Event]:
    """The events, oldest first (a game's statistics read its whole story this way)."""
    found = list(events(log))
    found.reverse()
    return found


def read(log: Log, describe: Describer, viewer: int | None, reveal_all: bool, limit: int) -> list[dict[str, Any]]:
    """The ``limit`` newest events ``viewer`` may read, oldest first.

    Views are built at every decision, and most of the log has not changed since the seat's
    last one: the descriptions read are kept in the newest cell read, so the next read walks
    back only to the last cell read for the same seat and adds what is new."""
    key = ("read", viewer, reveal_all, limit)
    fresh: list[dict[str, Any]] = []
    cell = log
    earlier: tuple[dict[str, Any], ...] = ()
    describe_key = (viewer, reveal_all)
    while cell is not None and len(fresh) < limit:
        cache = cell[2]
        kept = cache.get(key)
        if kept is not None:
            earlier = kept
            break
        if describe_key in cache:
            described = cache[describe_key]
        else:
            described = cache[describe_key] = describe(cell[0], viewer, reveal_all)
        if described is not None:
            fresh.append(described)
        cell = cell[1]
    fresh.reverse()
    newest = (earlier + tuple(fresh))[-limit:] if earlier else tuple(fresh)
    if log is not None:
        log[2][key] = newest
    # Copies: the kept descriptions stay as they were whatever a reader does with its view.
    return [dict(described) for described in newest]
