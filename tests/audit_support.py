"""What the outsider's audits (``test_*_audit.py``) share: playing an audit's game to its end,
and the check that the seeded games met every case an audit counts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any


def play_to_the_end(audit: Any, limit: int, label: object) -> None:
    """Steps ``audit`` (its ``state``, ``steps`` and ``step()``) until the game is over: it must
    be over within ``limit`` steps (``label`` names the game when it is not)."""
    while not audit.state.is_over and audit.steps < limit:
        audit.step()
    assert audit.state.is_over, label


def check_every_case_met(met: Counter[str], cases: Sequence[Sequence[Any]], play: Callable[..., Any],
                         wanted: Iterable[str]) -> None:
    """The seeded games met every case in ``wanted`` (``met`` counts them, ``met["games"]`` the
    games played); the ``cases`` are played again, in order, with ``play(*case)`` when this
    process did not play them all, as under pytest-xdist."""
    if met["games"] < len(cases):
        for case in cases:
            play(*case)
    missing = [case for case in wanted if not met[case]]
    assert not missing, (missing, dict(met))


def new_entries(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log lines added between two views (the view keeps the newest lines only)."""
    for shift in range(len(before) + 1):
        if before[shift:] == after[:len(before) - shift]:
            return after[len(before) - shift:]
    raise AssertionError("the log lost lines")
