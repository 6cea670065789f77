"""People's actions saved together: the actions that reach the server in one turn of its
event loop are checked and applied in the order they came, committed in one transaction,
and only then announced. Every accepted action is still committed before anyone hears of it.

At bot speed many seats act in the same turn of the loop; one commit for all of them costs
the database one write instead of one a move. A table takes at most one action into a
transaction (its next one goes into the following transaction), so that every action is
announced from the state it made, exactly as if it had been saved alone. Nothing else runs
between the first action applied and the last one announced (it is one synchronous call),
so no one can see an action that is not committed; when the commit fails, every table in it
goes back to its saved record and each actor is told that nothing changed.

A connection's other messages wait for its earlier actions (``flush``), so that it hears the
answers in the order it asked.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

from quarkade.faces.web.protocol import error_message
from quarkade.faces.web.store import NewAction

if TYPE_CHECKING:
    from quarkade.core import State
    from quarkade.faces.web.connection import Connection
    from quarkade.faces.web.hall import Hall
    from quarkade.faces.web.protocol import Act
    from quarkade.faces.web.tables import Table

log = logging.getLogger("quarkade.web")

UNSAVED = "the server could not save that action; nothing changed, try again"


def steps_of(state: State) -> int:
    """How many actions ``state`` has had (cheap where the core keeps the count): the step
    number its next action is saved under."""
    steps = getattr(state, "steps", None)
    return steps if isinstance(steps, int) else len(state.history)


@dataclass(frozen=True)
class Taken:
    """An action applied to its table, not yet committed."""

    table: Table
    connection: Connection
    message: Act
    seat: int
    step: int
    text: str
    over: tuple[list[float], list[int]] | None

    def saved(self) -> NewAction:
        return NewAction(self.table.id, self.step, self.seat, self.text, self.over)


class ActionBatch:
    """The actions of one hall waiting for the end of the current turn of the event loop."""

    def __init__(self) -> None:
        self.waiting: list[tuple[Table, Connection, Act]] = []
        self.pending: asyncio.Handle | None = None
        self.flushing = False

    def add(self, table: Table, connection: Connection, message: Act) -> None:
        self.waiting.append((table, connection, message))
        if self.pending is None:
            self.pending = asyncio.get_running_loop().call_soon(self.flush)

    def flush(self) -> None:
        """Check, apply, commit and announce every waiting action now."""
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        if self.flushing:  # called again from an announcement: the loop below goes on
            return
        self.flushing = True
        try:
            while self.waiting:
                self._save_some()
        finally:
            self.flushing = False

    def _save_some(self) -> None:
        """One transaction: the waiting actions up to a table's second one."""
        taken: list[Taken] = []
        tables: set[str] = set()
        count = 0
        for table, connection, message in self.waiting:
            if table.id in tables:
                break
            count += 1
            one = table.take(connection, message)
            if one is not None:
                taken.append(one)
                tables.add(table.id)
        del self.waiting[:count]
        if not taken:
            return
        try:
            taken[0].table.hall.store.append_actions([one.saved() for one in taken])
        except Exception:
            log.exception("could not save %d action(s) of %d table(s)", len(taken), len(tables))
            for one in reversed(taken):
                one.table.forget_last()
                one.connection.push(error_message("unsaved", UNSAVED, action=one.message.action,
                                                  seq=one.table.seq.get(one.seat)))
            return
        for one in taken:
            try:
                one.table.committed(one.seat, one.step, one.text, one.over)
            except Exception:
                # saved: the others' announcements go on
                log.exception("table %s: action %d could not be announced", one.table.id, one.step)


_batches: weakref.WeakKeyDictionary[Hall, ActionBatch] = weakref.WeakKeyDictionary()


def batch_of(hall: Hall) -> ActionBatch:
    """The hall's batch (made when its first action comes)."""
    batch = _batches.get(hall)
    if batch is None:
        batch = _batches[hall] = ActionBatch()
    return batch
