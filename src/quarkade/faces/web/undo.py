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

Nor is an action that showed its own seat something hidden before it: a card drawn, a card
turned up, another seat's sealed choice revealed, an answer checked. Taking such an action
back would let a player look and choose again (draw, see the card, undo, draw elsewhere).
Whether an action showed something is judged on the seat's own view: states consistent with
its view before the action (``Game.sample_state``, as the search bots deal them) are dealt,
the same action applied to each, and if the seat's view after it differs in any of them from
the view it got, the action depended on what the seat could not see. Judged on the view alone,
the answer tells the seat nothing it did not know.

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
from typing import TYPE_CHECKING, Any

import quarkade
from quarkade.core.chance import Chance
from quarkade.core.game import Action, Game, State, View
from quarkade.faces.web.protocol import dumps

if TYPE_CHECKING:
    from quarkade.faces.web.connection import Connection
    from quarkade.faces.web.tables import Table

log = logging.getLogger("quarkade.web")

ACTED_SINCE = "another seat has acted since your last action: it can no longer be taken back"
SHOWN = "your last action showed you what was hidden before it (a card drawn or turned up, a choice shown): it stands"
# States dealt to tell whether an action showed its seat something hidden: each that gives the
# seat the view it got makes it likelier that the action depended on nothing hidden.
SAMPLES = 16
SIGNAL_STANDS = "what you did while the game was not waiting for you (a signal) is done in front of everyone: it stands"


@dataclass
class Window:
    """A seat's last action that may still be taken back."""

    step: int  # its place in the record
    seen: bytes  # what the seat saw after it: another seat's action that changes this closes the window
    # The state before it: taken back as the last action, the table returns to it (replaying a
    # long record at every undo let one player hold the server)
    before: State | None = None


def showed(game: Game, state: State, seat: int, step: int, action: Action, before: View) -> bool:
    """Whether ``action``, the ``step``-th of ``state``, showed ``seat`` something its view
    ``before`` it did not hold: dealt ``SAMPLES`` states consistent with that view, the action
    gives the seat another view in one of them (or cannot be applied there, which says as
    much). A game that cannot deal such states is taken to have shown something."""
    got = _unlogged(state.view(seat))
    chance = Chance(step * 7919 + seat)  # the same answer for the same action every time
    for _ in range(SAMPLES):
        try:
            dealt = game.sample_state(before, chance)
            dealt.apply(seat, action)
        except Exception:  # any failure means the view alone does not settle it
            return True
        if _unlogged(dealt.view(seat)) != got:
            return True
    return False


def _unlogged(view: View) -> dict[str, Any]:
    """A view's data without its log: a dealt state has no history, and an action's own line
    says what the seat did, not what it saw."""
    data = view.to_json()
    data.pop("log", None)
    return data


class UndoWindows:
    """Which seats of one table may take back their last action, and the undo itself."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.windows: dict[int, Window] = {}
        self.closed: dict[int, str] = {}  # why a seat's last action can no longer be taken back
        record = table.state.record()
        actions = record.actions if not table.over else []
        if actions:  # after a restart nobody has acted since the last action
            seat, text = actions[-1]
            if seat not in table.bots:
                del record.actions[-1]
                earlier = quarkade.replay(record)
                action = table.game.parse_action(earlier, seat, text)
                if showed(table.game, table.state, seat, len(actions) - 1, action, earlier.view(seat).whole()):
                    self.closed[seat] = SHOWN
                else:
                    self.windows[seat] = Window(len(actions) - 1, self.seen(seat), earlier)

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
        before = table.before.pop(step, None)  # the seat's view before the action, if a person's
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
        if before is None or showed(table.game, table.state, seat, step, before[0], before[1]):
            self.windows.pop(seat, None)
            self.closed[seat] = SHOWN
            return
        self.windows[seat] = Window(step, self.seen(seat), before[2])
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
        last = window.step == len(record.actions) - 1
        del record.actions[window.step]
        try:
            # The last action: the state before it, kept. Else (others' sealed choices since) the
            # record replayed without it, which also tells whether what came after still applies.
            rebuilt = window.before if last and window.before is not None else quarkade.replay(record)
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
        table.replace_state(rebuilt, last)
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
