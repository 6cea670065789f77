"""Seeded chance that is cheap to clone.

The generator is counter based (SplitMix64): its whole state is two integers, so a
clone of a game copies it for free, and the same seed always gives the same draws on
every platform and Python version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


class Chance:
    """A deterministic random source.

    >>> a, b = Chance(7), Chance(7)
    >>> [a.below(100) for _ in range(3)] == [b.below(100) for _ in range(3)]
    True
    """

    __slots__ = ("seed", "counter")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed & _MASK
        self.counter = counter

    def __reduce__(self) -> tuple[type[Chance], tuple[int, int]]:
        # Pickled (and deep-copied) as its arguments: a compiled class is not made without them.
        return Chance, (self.seed, self.counter)

    def next64(self) -> int:
        self.counter += 1
        z = (self.seed + self.counter * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    # ``below``, ``random`` and ``choice`` repeat ``next64``'s lines rather than call it: they are
    # drawn at every step of every playout and bot decision, and a call costs a third of a draw.
    def below(self, n: int) -> int:
        """A whole number in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        self.counter = counter = self.counter + 1
        z = (self.seed + counter * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (z ^ (z >> 31)) % n

    def random(self) -> float:
        """A float in [0, 1)."""
        self.counter = counter = self.counter + 1
        z = (self.seed + counter * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) >> 11) / 9007199254740992.0  # 2 ** 53

    def choice(self, items: Sequence[Any]) -> Any:
        self.counter = counter = self.counter + 1
        z = (self.seed + counter * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return items[(z ^ (z >> 31)) % len(items)]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place."""
        self.shuffle_steps(items, len(items) - 1, 1)

    def shuffle_steps(self, items: list[Any], top: int, lowest: int) -> int:
        """The steps of :meth:`shuffle` that put ``items[top]`` down to ``items[lowest]`` in
        their place, each drawing from the next counter: from a generator at the counter
        ``shuffle`` had before placing ``items[top]``, the places are the ones a whole shuffle
        gives. A step places no item below index 1 (the bottom one is placed by the step above
        it). Returns the index below the last item placed.

        >>> whole, pieces = list(range(10)), list(range(10))
        >>> Chance(3).shuffle(whole)
        >>> Chance(3).shuffle_steps(pieces, 9, 6)  # items 9 to 6: counters 1 to 4
        5
        >>> Chance(3, 4).shuffle_steps(pieces, 5, 0)
        0
        >>> pieces == whole
        True
        """
        # ``next64`` inlined: shuffles are on the hot path of playouts.
        seed, counter = self.seed, self.counter
        i = top
        stop = max(lowest, 1)
        while i >= stop:
            counter += 1
            z = (seed + counter * _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        self.counter = counter
        return i

    def spawn(self) -> Chance:
        """An independent generator derived from this one."""
        return Chance(self.next64())

    def clone(self) -> Chance:
        return Chance(self.seed, self.counter)
