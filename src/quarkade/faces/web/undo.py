"""Taking back a choice: a seat's last action, until the table has moved on past it.

A person may take back its seat's last action while no other seat has acted since in a way
it could see. Two cases come of it:

- nobody else has acted since: the action is taken out of the record;
- at a sealed step, the others' choices since were sealed (the seat's view did not change
  with them): its own choice is withdrawn, and theirs stand.

Either way the action leaves the record in the store, and the state is rebuilt by replaying
the record without it, which is exact; if the later actions no longer apply without it, the
undo is refused. The window is judged on what the seat itself saw, never on what was hidden
from it: whether another seat made a sealed choice meanwhile changes neither the answer nor
the reason. Actions on a timed step (a race, a deal minute) are never taken back, nor what a
seat does while the game is not waiting for it (an optional action: Quirky Circuits' signals),
which leaves the others' windows open.

The others hear of an undo only through what they see: a seat whose view changes gets its
new state and an ``undone`` message naming who took an action back (not which); a seat that
sees nothing new (a sealed choice withdrawn) hears nothing, though its "waiting for" may
change as it does whenever a seat is to act again. Bots wait their think time before they
answer, so a person has that time to take an action back; a bot's move chosen on the state
before the undo is dropped.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import quarkade
from quarkade.faces.web.protocol import dumps

if TYPE_CHECKING:
    from quarkade.faces.web.connection import Connection
    from quarkade.faces.web.tables import Table

log = logging.getLogger("quarkade.web")

ACTED_SINCE = "another seat has acted since your last action: it can no longer be taken back"
SIGNAL_STANDS = "what you did while the game was not waiting for you (a signal) is done in front of everyone: it stands"


@dataclass
class Window:
    """A seat's last action that may still be taken back."""

    step: int  # its place in the record
    seen: bytes  # what the seat saw after it: another seat's action that changes this closes the window


class UndoWindows:
    """Which seats of one table may take back their last action, and the undo itself."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.windows: dict[int, Window] = {}
        self.closed: dict[int, str] = {}  # why a seat's last action can no longer be taken back
        actions = table.state.record().actions if not table.over else []
        if actions:  # after a restart nobody has acted since the last action
            seat = actions[-1][0]
            if seat not in table.bots:
                self.windows[seat] = Window(len(actions) - 1, self.seen(seat))

    def seen(self, seat: int) -> bytes:
        # the view the seat's state message is made of, built once per state
        return self.table.view_bytes(seat) + dumps(list(self.table.state.to_act)).encode()

    def can_undo(self, seat: int | None) -> bool:
        table = self.table
        return seat is not None and seat in self.windows and not table.over and seat not in table.bots

    def close(self, seat: int, reason: str) -> None:
        if self.windows.pop(seat, None) is not None:
            self.closed[seat] = reason

    def committed(self, seat: int, step: int) -> None:
        """Action ``step`` of ``seat`` was applied (before the clock follows the new state). An
        optional action (one the game did not wait for: Quirky Circuits' signals) is never taken
        back, and leaves the others' windows open: a signal given at once in front of everyone is
        not unsaid, and one seat's signal must not take another's undo away."""
        table = self.table
        if table.last_optional:
            for other, window in self.windows.items():
                if other != seat:
                    window.seen = self.seen(other)
            self.windows.pop(seat, None)
            self.closed[seat] = SIGNAL_STANDS
            return
        for other, window in list(self.windows.items()):
            if other != seat and self.seen(other) != window.seen:
                self.close(other, ACTED_SINCE)
        if seat in table.bots:
            self.windows.pop(seat, None)
            return
        step_clock = table.clock.step
        if step_clock is not None and seat in step_clock.seats:
            self.windows.pop(seat, None)
            self.closed[seat] = "an action on the clock cannot be taken back"
            return
        self.windows[seat] = Window(step, self.seen(seat))
        self.closed.pop(seat, None)

    # ------------------------------------------------------------------ the undo
    def undo(self, connection: Connection) -> tuple[str, str] | None:
        """Take back the connection's seat's last action: (code, reason) if refused."""
        table, seat = self.table, connection.seat
        if seat is None:
            return "not_a_seat", "spectators have no action to take back"
        if table.over:
            return "over", "the game is over: no action can be taken back"
        if seat in table.bots:
            return "bot_seat", "a bot plays your seat now: take it back first"
        window = self.windows.get(seat)
        if window is None:
            return "no_undo", self.closed.get(seat, "you have no action to take back")
        record = table.state.record()
        if not 0 <= window.step < len(record.actions) or record.actions[window.step][0] != seat:
            self.close(seat, "you have no action to take back")
            return "no_undo", self.closed[seat]
        action = record.actions[window.step][1]
        was_to_act = seat in table.state.to_act
        del record.actions[window.step]
        try:
            rebuilt = quarkade.replay(record)
        except Exception:
            # What came after depends on it (a sealed step cannot be rebuilt without it).
            self.close(seat, "the actions taken since depend on it: it can no longer be taken back")
            return "no_undo", self.closed[seat]
        try:
            table.hall.store.remove_action(table.id, window.step)
        except Exception:
            log.exception("table %s: could not remove action %d", table.id, window.step)
            return "unsaved", "the server could not save the undo; nothing changed, try again"
        del self.windows[seat]
        for later in self.windows.values():
            if later.step > window.step:
                later.step -= 1
        table.takeovers.shift(window.step)
        table.replace_state(rebuilt)
        # One action only: whether the one before could go too would depend on whether
        # others made sealed choices since, which this seat must not learn.
        self.closed[seat] = "only your last action could be taken back: the ones before it stand"
        table.banks.undone(seat, was_to_act)
        table.banks.update()
        before = dict(table.seq)
        table.publish()
        for other in table.connections:
            if other.seat == seat:
                other.push(dumps({"type": "undone", "table": table.id, "seat": seat, "action": action}))
            elif table.seq.get(other.seat) != before.get(other.seat):
                other.push(dumps({"type": "undone", "table": table.id, "seat": seat}))
        table.bot_runner.kick()
        return None
