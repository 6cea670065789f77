"""The moves of the Quirks games, each made once and shared (in a module of its own, which the
install compiles, while the actions' classes stay Python: docs/compiled.md)."""

from __future__ import annotations

from typing import Final

from quarkade.games.quirks.actions import Move, Verb

_MOVES: Final[dict[tuple[Verb, tuple[int, ...], int], Move]] = {}


def move(verb: Verb, *cards: int, number: int = 0) -> Move:
    """The move, made once and shared: moves are built on the hot path of every playout."""
    key = (verb, cards, number)
    found = _MOVES.get(key)
    if found is None:
        found = _MOVES[key] = Move(verb, cards, number)
    return found
