"""A table's replays: the views along its record.

During the game a seat (with its token) or the spectators see only the views they saw, and
steps that changed nothing they could see are left out, so that their number stays hidden. A
game of memory (``GameInfo.memory``: Qwarks) has no replay until it ends: its views hide again
what the table showed, and a replay would show it.
After the end everything is open, step by step, with every seat's view and the record.

During the game an audience's frames are built from the record at its first replay, then
followed action by action as the table commits them (``extend``), never built again on a
read: a read's cost then does not depend on how many steps, hidden ones included, came since
the last (a read that replayed the record whenever it had grown told by its time that a hidden
step had been taken, and let anyone make the server replay a long game again and again). The
frames are kept as compressed JSON text, a small part of the memory of the views themselves.

Each step also says what happened at it, in sentences (``said``): the lines its view's log
shows that the same viewer's view one step before did not. They are read from that viewer's
own views, as its log filters them, so they tell no viewer anything its replay does not.
"""

from __future__ import annotations

import json
import zlib
from typing import TYPE_CHECKING, Any

from quarkade.faces.web.commits import steps_of
from quarkade.faces.web.errors import HallError

if TYPE_CHECKING:
    from quarkade.core import State
    from quarkade.faces.web.payloads import Audience
    from quarkade.faces.web.tables import Table


CHECKPOINT = 64  # a finished table's replay keeps the state every this many steps


def _text(view: dict[str, Any]) -> str:
    return json.dumps(view, separators=(",", ":"), sort_keys=True)


def _pack(frame: str) -> bytes:
    """A frame as kept: its JSON compressed (a view's text shrinks to about a sixth, and a long
    game's replays, kept for every audience that asked, add up)."""
    return zlib.compress(frame.encode(), 1)


def said(before: dict[str, Any] | None, after: dict[str, Any]) -> list[Any]:
    """The lines of ``after``'s log that ``before`` (the same viewer's view one step earlier;
    None at the first step) did not show. A log keeps only its newest lines: the new ones are
    those after the longest end of the older log that begins the newer one.

    >>> said({"log": [{"text": "a"}, {"text": "b"}]}, {"log": [{"text": "b"}, {"text": "c"}]})
    [{'text': 'c'}]
    """
    if before is None:
        return []
    now, then = after.get("log") or [], before.get("log") or []
    for start in range(len(then) + 1):
        kept = len(then) - start
        if kept <= len(now) and now[:kept] == then[start:]:
            return now[kept:]
    return now


class Replays:
    """What a table's replays are made of, kept once built."""

    def __init__(self, table: Table) -> None:
        self.table = table
        # Each audience's distinct views, as compressed JSON (``_pack``), each with the step it
        # was first seen at, and its last as text.
        self._frames: dict[Audience, list[tuple[int, bytes]]] = {}
        self._last: dict[Audience, str] = {}
        self._checkpoints: list[State] | None = None

    def forget(self, kept: int | None = None) -> None:
        """The record changed other than by a new action (an undo): the frames go, but for those
        first seen within its first ``kept`` actions when they stand (the last action taken
        back: the state is the one after ``kept`` actions again), each audience's view of the
        state now following them."""
        if kept is None:
            self._frames.clear()
            self._last.clear()
            return
        state = self.table.state
        for audience, frames in list(self._frames.items()):
            kept_frames = [frame for frame in frames if frame[0] <= kept]
            if not kept_frames:
                del self._frames[audience]
                self._last.pop(audience, None)
                continue
            self._frames[audience] = kept_frames
            self._last[audience] = zlib.decompress(kept_frames[-1][1]).decode()
            self._follow(audience, state, kept)

    def _state_at(self, index: int) -> State:
        """The state after ``index`` actions of a finished table's record: replayed from the
        nearest checkpoint (one every ``CHECKPOINT`` steps, kept once built), so that a long
        record costs a state every ``CHECKPOINT`` steps in memory, not a state a step."""
        record = self.table.state.record()
        if self._checkpoints is None:
            state = self.table.game.new_game(record.seed)
            checkpoints = [state.clone()]
            for done, (seat, text) in enumerate(record.actions, start=1):
                state.apply_text(seat, text)
                if done % CHECKPOINT == 0:
                    checkpoints.append(state.clone())
            self._checkpoints = checkpoints
        start = index // CHECKPOINT * CHECKPOINT
        state = self._checkpoints[index // CHECKPOINT].clone()
        for seat, text in record.actions[start:index]:
            state.apply_text(seat, text)
        return state

    def extend(self) -> None:
        """An action was committed: each audience whose frames are kept gets the view it now
        sees, if it differs from its last."""
        state = self.table.state
        step = steps_of(state)  # (the record would be built again, action by action, at every action)
        for audience in self._frames:
            self._follow(audience, state, step)

    def _follow(self, audience: Audience, state: State, step: int) -> None:
        """``state``'s view of ``audience``, after ``step`` actions, added to its frames if it
        differs from its last."""
        frame = _text(state.view(audience).to_json())
        if frame != self._last.get(audience):
            self._frames.setdefault(audience, []).append((step, _pack(frame)))
            self._last[audience] = frame

    def _frames_for(self, audience: Audience) -> list[bytes]:
        """The distinct views ``audience`` saw along the record so far, in order (``_pack``ed)."""
        frames = self._frames.get(audience)
        if frames is None:
            table = self.table
            record = table.state.record()
            state = table.game.new_game(record.seed)
            self._follow(audience, state, 0)
            for done, (seat, text) in enumerate(record.actions, start=1):
                state.apply_text(seat, text)
                self._follow(audience, state, done)
            frames = self._frames[audience]
        return [packed for _, packed in frames]

    def read(self, step: int | None, seat: int | None, token: str | None) -> dict[str, Any]:
        """The replay at ``step`` (the last by default) for ``seat`` (None: the spectators)."""
        table = self.table
        players = table.game.players
        if seat is not None and not 0 <= seat < players:
            raise HallError(400, f"there is no seat {seat} at this {players}-player table")
        if not table.over:
            info = table.game.info
            if info.memory:
                raise HallError(403, f"{info.title} is a game of memory: its replay opens when the game ends (a replay "
                                     "would show again what the table has hidden since)")
            if seat is not None and table.seat_of(token) != seat:
                raise HallError(403, f"seat {seat}'s replay during the game needs seat {seat}'s token")
            frames = self._frames_for(seat)
            index = len(frames) - 1 if step is None else step
            if not 0 <= index < len(frames):
                raise HallError(400, f"step {index} is out of range: this replay has steps 0 to {len(frames) - 1}")
            view = json.loads(zlib.decompress(frames[index]))
            before = json.loads(zlib.decompress(frames[index - 1])) if index else None
            return {"table": table.id, "over": False, "seat": seat, "step": index, "steps": len(frames),
                    "view": view, "said": said(before, view)}
        record = table.state.record()
        steps = len(record.actions) + 1
        index = steps - 1 if step is None else step
        if not 0 <= index < steps:
            raise HallError(400, f"step {index} is out of range: this replay has steps 0 to {steps - 1}")
        action = None
        earlier: State | None = None
        if index > 0:
            actor, text = record.actions[index - 1]
            action = {"seat": actor, "action": text}
            earlier = self._state_at(index - 1)
            state = earlier.clone()
            state.apply_text(actor, text)
        else:
            state = self._state_at(0)

        def step_of(viewer: int | None) -> tuple[dict[str, Any], list[Any]]:
            view = state.view(viewer).to_json()
            return view, said(earlier.view(viewer).to_json() if earlier else None, view)

        view, view_said = step_of(seat)
        views = {str(s): step_of(s) for s in range(players)}
        return {
            "table": table.id, "over": True, "seat": seat, "step": index, "steps": steps, "action": action,
            "to_act": list(state.to_act),
            "view": view, "said": view_said,
            "views": {s: seen for s, (seen, _) in views.items()},
            "said_views": {s: lines for s, (_, lines) in views.items()},
            "record": record.to_json(),
        }
