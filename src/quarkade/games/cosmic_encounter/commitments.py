"""The launches and an invited seat's commitments: every way of 1 to a limit of tokens from a
seat's bases, listed fewer tokens first, the ways of one size in sorted order (an ally's ways
to the offence, then to the defence, then its decline).

These are the widest choices (hundreds of ways with many bases), and a board seldom repeats
exactly, yet a playout reads one of them and a bot the last of each side. So the legal list
is a ``Commitments``: it counts its ways from the tokens on each base (a small table, no
action made), makes the action of a way only when that place is read, and tells whether an
action is listed from the action's planets alone; the whole list is made only when it is
iterated (or changed), by the routes below.

An action is made once and shared (its look-up is cheaper than making it, and the garbage
collector walks fewer objects). A seat's bases change less often than the tokens on them: the
actions of every way of a set of bases, as if each held a full launch
(``setup_phases.planet_ways``), are kept by the bases, and the ways a position allows are
picked from them in C (``setup_phases.picker``, kept by the tokens on each base). A position
that allows few of its bases' ways (bases holding a token or two) looks up just those
(``setup_phases.pickers``) rather than every way of a set of bases it may never meet again.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import accumulate, compress, repeat
from operator import index as as_index
from operator import is_, sub
from typing import Any, SupportsIndex, overload

from quarkade.core.game import Action
from quarkade.games.cosmic_encounter import setup_phases
from quarkade.games.cosmic_encounter.actions import Ally, Decline, Launch

_LAUNCHES: dict[tuple[int, ...], Launch] = {}
_ALLIES: tuple[dict[tuple[int, ...], Ally], dict[tuple[int, ...], Ally]] = ({}, {})
Make = Callable[[list[tuple[int, ...]]], list[Any]]


def _shared(made: dict[tuple[int, ...], Any], ways: Sequence[tuple[int, ...]], make: Make) -> tuple[Any, ...]:
    found = list(map(made.get, ways))
    if not all(found):  # (an action is never false; ``None in`` would compare each with None)
        # Only the places of the missing ones are visited (found in C): most of a new set of
        # bases' ways were made for an earlier set.
        missing = list(compress(range(len(found)), map(is_, found, repeat(None))))
        sources = list(map(ways.__getitem__, missing))
        actions = make(sources)
        made.update(zip(sources, actions, strict=True))
        for place, action in zip(missing, actions, strict=True):
            found[place] = action
    return tuple(found)


def _batch(cls: type[Any], **fixed: Any) -> Make:
    """Makes the actions of ``cls`` (a launch or an ally's commitment) of many ways at once:
    what the frozen dataclass's ``__init__`` does for each (``object.__setattr__`` of each
    field), done in C over the whole batch; ``fixed`` gives the other fields (the side)."""
    def make(ways: list[tuple[int, ...]]) -> list[Any]:
        actions = list(map(object.__new__, repeat(cls, len(ways))))
        for name, value in fixed.items():
            deque(map(object.__setattr__, actions, repeat(name), repeat(value, len(ways))), maxlen=0)
        deque(map(object.__setattr__, actions, repeat("sources"), ways), maxlen=0)
        return actions
    return make


def _every_way(made: dict[tuple[int, ...], Any], make: Make) -> Callable[[tuple[int, ...], int], tuple[Any, ...]]:
    """The actions of every way of 1 to ``top`` tokens from the bases on ``planets`` (sorted),
    each base as if it held them all: kept for the last few hundred sets of bases."""
    @lru_cache(maxsize=512)
    def every(planets: tuple[int, ...], top: int) -> tuple[Any, ...]:
        return _shared(made, _last_ways(planets, top), make)
    return every


# A seat invited by both sides is offered the same ways to each: the second side's actions are
# looked up from the ways listed for the first (only the last ways are kept: more would cost
# the garbage collector more than listing them again).
_last_ways = lru_cache(maxsize=1)(setup_phases.planet_ways)

# The kinds of ways' actions, each with the actions made of them, by their sources, how to
# make more, and the actions of every way of a set of bases: launches, then an ally's
# commitments to the offence and to the defence.
LAUNCH, OFFENCE_ALLY, DEFENCE_ALLY = 0, 1, 2
_KINDS: tuple[tuple[dict[tuple[int, ...], Any], Make], ...] = (
    (_LAUNCHES, _batch(Launch)), (_ALLIES[0], _batch(Ally, side=0)), (_ALLIES[1], _batch(Ally, side=1)))
_EVERY = tuple(_every_way(made, make) for made, make in _KINDS)


def _all_ways(kind: int, planets: tuple[int, ...], counts: tuple[int, ...], limit: int) -> tuple[Any, ...]:
    """Every action of ``kind`` of the position, in order, made by the routes above."""
    made, make = _KINDS[kind]
    pick, few = setup_phases.pickers(counts, limit)
    if few is not None:
        return _shared(made, few(planets), make)
    return pick(_EVERY[kind](planets, setup_phases.top_size(limit)))


@lru_cache(maxsize=4096)
def _ways_table(counts: tuple[int, ...], limit: int) -> tuple[tuple[int, ...], ...]:
    """How many ways take each number of tokens (0 to ``limit``) from the bases from each
    place on (row ``b``: the bases ``b``, ``b + 1``, ... holding ``counts``); the last row is
    of no base. A row is the one after it summed over what its base gives (0 to its tokens),
    in C: a running total, less the total of the row after it ``count + 1`` places back.
    The rows are tuples: the garbage collector stops walking a kept tuple of ints."""
    row = (1,) + (0,) * limit
    rows = [row]
    for count in reversed(counts):
        total = tuple(accumulate(row))
        row = total if count >= limit else tuple(map(sub, total, (0,) * (count + 1) + total[:limit - count]))
        rows.append(row)
    rows.reverse()
    return tuple(rows)


class Commitments(list[Action]):
    """The legal launches, or an invited seat's commitments then its decline: the ways of 1 to
    ``limit`` tokens from bases on ``planets`` holding ``counts`` tokens, one block of them for
    each kind in ``kinds``, then ``tail``.

    A list whose items are made when they are needed: its length, an item (``legal[i]``) and
    ``in`` are answered from the counts, making at most the one action read; anything else
    (iterating it, comparing or changing it, ...) fills it first with every action, in order,
    and from then on it is the plain list of them. Until it is filled its storage is empty: it
    is read through its methods (as Python code does), not by C code reaching into a list's
    storage."""

    __slots__ = ("planets", "counts", "limit", "kinds", "tail", "_table", "_filled", "_given")

    def __init__(self, planets: tuple[int, ...], counts: tuple[int, ...], limit: int, kinds: tuple[int, ...],
                 tail: tuple[Action, ...] = ()) -> None:
        super().__init__()
        # (A limit of 0 still lists single tokens, as the ways' routes do; bases hold one or more.)
        self.planets, self.counts, self.limit, self.kinds, self.tail = planets, counts, max(limit, 1), kinds, tail
        self._table: tuple[tuple[tuple[int, ...], ...], int] | None = None
        self._filled = False
        # The actions read by place from this list and the lists renewed from it (shared by
        # them all, as all list the same actions): the one applied is mostly one of them, and
        # is then found by identity rather than from its planets.
        self._given: dict[int, Action] = {}  # by the action's id (kept here, so the id stays its own)

    def _ways(self) -> tuple[tuple[tuple[int, ...], ...], int]:
        """The table of ways (``_ways_table``) and how many ways each kind lists, worked out at
        the first read (a bot reads the length and two or three items)."""
        found = self._table
        if found is None:
            # Kept by the counts up to the limit (as ``setup_phases.pickers``): a base holding
            # more gives no more ways, and the capped counts repeat far more often.
            limit = self.limit
            table = _ways_table(tuple(map(min, self.counts, repeat(limit))), limit)
            found = self._table = (table, sum(table[0]) - 1)  # (less the way of no token)
        return found

    def renewed(self) -> Commitments:
        """A new list of the same actions, not yet filled, sharing this one's table of ways."""
        fresh = Commitments(self.planets, self.counts, self.limit, self.kinds, self.tail)
        fresh._table, fresh._given = self._table, self._given
        return fresh

    def _fill(self) -> None:
        if not self._filled:
            self._filled = True
            planets, counts, limit = self.planets, self.counts, self.limit
            for kind in self.kinds:
                list.extend(self, _all_ways(kind, planets, counts, limit))
            list.extend(self, self.tail)

    def __len__(self) -> int:
        if self._filled:
            return list.__len__(self)
        return len(self.kinds) * self._ways()[1] + len(self.tail)

    @overload
    def __getitem__(self, i: SupportsIndex) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...

    def __getitem__(self, i: SupportsIndex | slice) -> Action | list[Action]:
        if self._filled:
            return list.__getitem__(self, i)
        if isinstance(i, slice):
            return [self[place] for place in range(*i.indices(len(self)))]
        table, ways = self._ways()
        listed = len(self.kinds) * ways
        place, size = as_index(i), listed + len(self.tail)
        if place < 0:
            place += size
        if not 0 <= place < size:
            raise IndexError("list index out of range")
        if place >= listed:
            action = self.tail[place - listed]
        else:
            block, place = divmod(place, ways)
            way = self._last_way() if place == ways - 1 else self._way(table, place)
            made, make = _KINDS[self.kinds[block]]
            found = made.get(way)
            if found is None:
                found = made[way] = make([way])[0]
            action = found
        self._given[id(action)] = action  # (a list read again and again keeps each action once)
        return action

    def _way(self, table: tuple[tuple[int, ...], ...], place: int) -> tuple[int, ...]:
        """The planets of the way in ``place`` of a kind's block: its size first, then, base by
        base, how many tokens the base gives (more first, as sorted ways list them)."""
        sizes = table[0]
        left = 1
        while place >= sizes[left]:
            place -= sizes[left]
            left += 1
        way: list[int] = []
        for base, (planet, count) in enumerate(zip(self.planets, self.counts, strict=True)):
            after = table[base + 1]
            taken = min(count, left)
            while place >= after[left - taken]:
                place -= after[left - taken]
                taken -= 1
            way += repeat(planet, taken)
            left -= taken
            if not left:
                break
        return tuple(way)

    def _last_way(self) -> tuple[int, ...]:
        """The planets of the last way of a kind's block, the one bots read (the most tokens
        a side may take): of the largest size, the later bases giving all they can first."""
        left = min(self.limit, sum(self.counts))
        way: list[int] = []
        for planet, count in zip(reversed(self.planets), reversed(self.counts), strict=True):
            taken = min(count, left)
            way += repeat(planet, taken)
            left -= taken
            if not left:
                break
        way.reverse()
        return tuple(way)

    def __contains__(self, action: object) -> bool:
        if self._filled:
            return list.__contains__(self, action)
        if self._given.get(id(action)) is action:
            return True
        if action in self.tail:
            return True
        kind = _kind(action)
        if kind < 0:  # (compared with each action, as a plain list does)
            self._fill()
            return list.__contains__(self, action)
        if kind not in self.kinds:
            return False
        sources: tuple[int, ...] = action.sources  # type: ignore[attr-defined]
        if not 1 <= len(sources) <= self.limit or list(sources) != sorted(sources):
            return False
        held = dict(zip(self.planets, self.counts, strict=True))
        return all(sources.count(planet) <= held.get(planet, 0) for planet in set(sources))

    def __eq__(self, other: object) -> bool:
        self._fill()
        if isinstance(other, Commitments):
            other._fill()
        return list.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __radd__(self, other: object) -> Any:
        # ``a_list + legal``: filled, the list's own concatenation (which reads the storage) follows.
        self._fill()
        return NotImplemented

    def __reduce__(self) -> tuple[Any, ...]:
        return list, (list(iter(self)),)


def _kind(action: object) -> int:
    """The kind of ways' action that ``action`` may equal, told from its sources alone (-1: it
    must be compared with each listed action, as a plain list does: not a launch or an ally's
    commitment, or one whose fields are not plain ints)."""
    if type(action) is Launch:
        kind = LAUNCH
    elif type(action) is Ally and type(action.side) is int and action.side in (0, 1):
        kind = OFFENCE_ALLY + action.side
    else:
        return -1
    sources = action.sources
    return kind if type(sources) is tuple and all(type(planet) is int for planet in sources) else -1


def _filling(method: Callable[..., Any]) -> Callable[..., Any]:
    def filled(self: Commitments, *args: Any, **kwargs: Any) -> Any:
        self._fill()
        return method(self, *args, **kwargs)
    filled.__name__, filled.__doc__ = method.__name__, method.__doc__
    return filled


# Every other method of a list reads or changes all its items: it fills the list first.
for _name in ("__iter__", "__reversed__", "__repr__", "__lt__", "__le__", "__gt__", "__ge__", "__add__", "__mul__",
              "__rmul__", "__iadd__", "__imul__", "__setitem__", "__delitem__", "copy", "index", "count", "append",
              "extend", "insert", "remove", "pop", "clear", "sort", "reverse"):
    setattr(Commitments, _name, _filling(getattr(list, _name)))


def launches(planets: tuple[int, ...], counts: tuple[int, ...], limit: int) -> Commitments:
    return Commitments(planets, counts, limit, (LAUNCH,))


_DECLINE = (Decline(),)


def alliances(planets: tuple[int, ...], counts: tuple[int, ...], limit: int, invited: int) -> Commitments:
    """An invited seat's actions: its commitments to each side that invited it (``invited``:
    bit 1 the offence, bit 2 the defence), then its decline."""
    kinds = tuple(OFFENCE_ALLY + side for side in (0, 1) if invited & (1 << side))
    return Commitments(planets, counts, limit, kinds, _DECLINE)


def shared(action: Action) -> Action:
    """The launch or ally's commitment made once and shared that equals ``action`` (``action``
    itself if there is none, or for another kind): the one the legal actions hold."""
    kind = _kind(action)
    return action if kind < 0 else _KINDS[kind][0].get(action.sources, action)  # type: ignore[attr-defined]
