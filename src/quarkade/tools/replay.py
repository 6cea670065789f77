"""Stepping through a recorded game: reading record files, and what each step showed.

A record file is one record as JSON, or JSON Lines with one record a line (what
``quarkade simulate --out`` writes).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from quarkade.core.errors import InvalidRecord
from quarkade.core.game import Record, State
from quarkade.core.registry import replay
from quarkade.core.words import plural


def read_record(path: Path, index: int = 0) -> Record:
    """The record at ``index`` (0 for the first) of a JSON or JSON Lines file."""
    return Record.from_json(read_record_json(path, index))


def read_record_json(path: Path, index: int = 0) -> Any:
    """The JSON at ``index`` (0 for the first) of a JSON or JSON Lines file, as read: a record,
    and what a file of ``quarkade simulate --out`` keeps beside it (``bots``, ``scores``)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InvalidRecord(f"cannot read {path}: {error.strerror}") from None
    try:
        return json.loads(text) if index == 0 else _line(text, index, path)
    except json.JSONDecodeError:
        # Not one JSON document: read it as JSON Lines.
        return _line(text, index, path)


def _line(text: str, index: int, path: Path) -> Any:
    lines = [line for line in text.splitlines() if line.strip()]
    if not 0 <= index < len(lines):
        raise InvalidRecord(f"{path} holds {plural(len(lines), 'record')}; there is no game index {index}")
    try:
        return json.loads(lines[index])
    except json.JSONDecodeError as error:
        raise InvalidRecord(f"a record is JSON, and line {index + 1} of {path} is not: {error}") from None


def new_log_entries(before: list[Any], after: list[Any]) -> list[Any]:
    """The entries ``after`` adds to ``before``. A view's log may be a window on the last
    events only, so the old entries may have slid out of its front: the new ones are what
    follows the longest end of ``before`` that ``after`` starts with."""
    for dropped in range(len(before) + 1):
        kept = len(before) - dropped
        if after[:kept] == before[dropped:]:
            return after[kept:]
    return after


def log_text(entry: Any) -> str:
    """One log entry as a line of text, whatever shape the game gives it."""
    if isinstance(entry, dict):
        return str(entry.get("text", entry))
    return str(entry)


@dataclass(frozen=True)
class Step:
    """One action of a replay and what the viewer saw of it."""

    number: int  # 1 for the first action
    seat: int
    notation: str
    log: tuple[str, ...]
    view: dict[str, Any]


@dataclass(frozen=True)
class Replay:
    record: Record
    viewer: int | None
    start: dict[str, Any]  # the viewer's view before the first action
    steps: tuple[Step, ...]
    final: State


def walk(record: Record, viewer: int | None = None) -> Replay:
    """Replay ``record`` step by step as ``viewer`` (None: a spectator) saw it."""
    final = replay(record)  # refuses a bad record with the reason, before any stepping
    if viewer is not None and not 0 <= viewer < record.players:
        raise InvalidRecord(f"there is no seat {viewer} in this {record.players}-player game")
    state = final.game.new_game(record.seed)
    view = state.view(viewer).to_json()
    start = view
    steps = []
    for number, (seat, text) in enumerate(record.actions, start=1):
        state.apply_text(seat, text)
        after = state.view(viewer).to_json()
        log = new_log_entries(view.get("log", []), after.get("log", []))
        steps.append(Step(number, seat, text, tuple(log_text(entry) for entry in log), after))
        view = after
    return Replay(record, viewer, start, tuple(steps), final)
