"""The log read incrementally gives what a full walk of the log gives, whatever was read before."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from quarkade.core.log import Event, Log, note, read


def describe(event: Event, viewer: int | None, reveal_all: bool) -> dict[str, Any] | None:
    if event[1] != -1 and event[1] != viewer and not reveal_all:
        return None  # private to another seat
    return {"n": event[2], "for": viewer}


def full_walk(log: Log, viewer: int | None, reveal_all: bool, limit: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while log is not None and len(out) < limit:
        described = describe(log[0], viewer, reveal_all)
        if described is not None:
            out.append(described)
        log = log[1]
    return out[::-1]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([-1, -1, 0, 1]), st.booleans(), st.integers(0, 2),
                          st.sampled_from([None, 0, 1]), st.sampled_from([1, 3, 60])), max_size=120))
def test_reads_between_events_match_a_full_walk(script: list[tuple[int, bool, int, int | None, int]]) -> None:
    log: Log = None
    heads: list[Log] = []
    for number, (private_to, reads, back, viewer, limit) in enumerate(script):
        log = note(log, "event", private_to, number)
        heads.append(log)
        if reads:
            head = heads[max(0, len(heads) - 1 - back)]  # now and then an older head, as a clone reads it
            assert read(head, describe, viewer, False, limit) == full_walk(head, viewer, False, limit)
    assert read(log, describe, 0, True, 60) == full_walk(log, 0, True, 60)


def test_a_reader_changing_its_lines_changes_no_later_read() -> None:
    log = note(note(None, "event", -1, 1), "event", -1, 2)
    first = read(log, describe, 0, False, 60)
    first[0]["n"] = "changed"
    assert read(log, describe, 0, False, 60) == [{"n": 1, "for": 0}, {"n": 2, "for": 0}]
