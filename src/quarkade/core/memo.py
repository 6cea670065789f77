"""Bounded tables of results that views and bots look up again and again.

A game's views and bots meet the same small parts many times (a hand, a row of niches, a card's
terms): they keep what they made, by a key that holds everything the result depends on. A
``Memo`` is such a table with a bound, so that a long-running server's memory stays bounded.
"""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """A dict of results of a pure function of the key, forgotten all at once when full.

    Looking up is dict's own ``get``; ``keep`` stores, first emptying the table when it holds
    ``limit`` entries. What is met again is mostly met within a game, so starting afresh costs
    little, and it costs nothing on the path that finds. (``functools.lru_cache`` wraps a whole
    function; these tables are keyed by less than their function reads, or keep only some of
    its results.)

    >>> names = Memo[int, str](limit=2)
    >>> names.keep(1, "one"), names.keep(2, "two"), names.get(1)
    ('one', 'two', 'one')
    >>> names.keep(3, "three"), sorted(names)
    ('three', [3])
    """

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: K, value: V) -> V:
        """Store ``value`` under ``key`` (emptying the table first if it is full) and return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value
