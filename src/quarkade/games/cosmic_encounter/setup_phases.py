"""The challenge up to the cards: a turn's start, regroup, destiny, launch and alliances."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import chain, combinations_with_replacement, compress, filterfalse, repeat
from operator import call, itemgetter
from typing import TYPE_CHECKING, Any, Final, TypeVar

from quarkade.core.flow import clockwise
from quarkade.core.log import note
from quarkade.games.cosmic_encounter import flares
from quarkade.games.cosmic_encounter.components import MAX_LAUNCH, PLANETS
from quarkade.games.cosmic_encounter.edicts import open_window
from quarkade.games.cosmic_encounter.flares import ALLIANCES, START
from quarkade.games.cosmic_encounter.rules import TURN_LIMIT, Step

if TYPE_CHECKING:
    from quarkade.games.cosmic_encounter.rules import CosmicState

T = TypeVar("T")


def start_turn(s: CosmicState) -> None:
    """The next player clockwise becomes the offence; with Quarks the State Indicator moves on."""
    # The limit is checked before counting a turn: ``turn`` counts turns started, and no turn
    # after the last is started.
    if s.turn >= TURN_LIMIT:
        most = max(s.foreign_bases(seat) for seat in range(s.players))
        s.end(tuple(seat for seat in range(s.players) if s.foreign_bases(seat) == most), "turn limit")
        return
    s.turn += 1
    s.offence = (s.offence + 1) % s.players
    s.challenge = 1
    if s.quarks:
        s.square = (s.square + 1) % 12
    s.log = note(s.log, "turn", -1, s.turn, s.offence, s.square)
    start_challenge(s)


def start_challenge(s: CosmicState) -> None:
    s.reset_challenge()
    if s.warp[s.offence]:
        s.step, s.to_act = Step.REGROUP, (s.offence,)
    else:
        draw_destiny(s)


def regroup_planets(s: CosmicState) -> list[int]:
    """Where a token back from the warp may go: any base of the offence, or a home planet."""
    seat = s.offence
    home = range(seat * PLANETS, (seat + 1) * PLANETS)
    return [planet for planet, row in enumerate(s.tokens) if row[seat] or planet in home]


def regroup(s: CosmicState, planet: int) -> None:
    s.warp[s.offence] -= 1
    s.tokens[planet][s.offence] += 1
    s.log = note(s.log, "regroup", -1, s.offence, planet)
    draw_destiny(s)


def draw_destiny(s: CosmicState) -> None:
    colour = s.destiny.draw(s.chance)
    assert colour is not None  # the pile is never empty: its discards are reshuffled
    s.destiny.discard(colour)
    s.drawn = colour
    s.log = note(s.log, "destiny", -1, s.offence, colour)
    if colour == s.offence and not own_system_targets(s):
        # Nothing foreign to challenge at home: the only choice is to draw again.
        s.log = note(s.log, "draw-again", -1, s.offence)
        draw_destiny(s)
        return
    s.step, s.to_act = Step.DESTINY, (s.offence,)


def own_system_targets(s: CosmicState) -> list[tuple[int, int]]:
    """(planet, defender): foreign bases in the offence's own system."""
    seat = s.offence
    return [(planet, other) for planet in range(seat * PLANETS, (seat + 1) * PLANETS)
            for other in range(s.players) if other != seat and s.tokens[planet][other]]


def aims(s: CosmicState) -> list[tuple[int, int]]:
    if s.drawn == s.offence:
        return own_system_targets(s)
    return [(planet, s.drawn) for planet in range(s.drawn * PLANETS, (s.drawn + 1) * PLANETS)]


def aim(s: CosmicState, planet: int, defender: int) -> None:
    s.target, s.defender = planet, defender
    s.log = note(s.log, "aim", -1, s.offence, planet, defender)
    open_window(s, START)


def after_start(s: CosmicState) -> None:
    """Once the start window closes: Mutant draws, then the offence launches."""
    for seat in s.mains:
        extra = s.power_of(seat).draw_to - len(s.hands[seat])
        if extra > 0:
            s.draw_cards(seat, extra)
    if launch_limit(s) == 0:
        s.log = note(s.log, "launch", -1, s.offence, 0)
        start_invitations(s)
        return
    s.step, s.to_act = Step.LAUNCH, (s.offence,)


def launch_limit(s: CosmicState) -> int:
    return commit_limit(s, s.offence)


def commit_limit(s: CosmicState, seat: int, on_bases: int | None = None) -> int:
    """The most tokens ``seat`` may launch or commit now: as many as its flares allow, and no
    more than its bases but the target planet hold (``on_bases``, where the caller counted them)."""
    if on_bases is None:
        on_bases = s.bases_tokens(seat, exclude=s.target)
    return min(flares.max_commit(s, seat), on_bases)


def bases_held(s: CosmicState, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The planets of the seat's bases but the target planet, and the tokens on each (picked
    in C from the seat's column of the board): all that its ways to launch or commit depend on."""
    column = list(map(itemgetter(seat), s.tokens))
    if s.target >= 0:
        column[s.target] = 0
    return tuple(compress(_PLACES, column)), tuple(filter(None, column))


_PLACES: Final = range(6 * PLANETS)  # every planet of the largest table


def choices_from(held: tuple[tuple[int, int], ...], limit: int) -> tuple[tuple[int, ...], ...]:
    """Every way to take 1 to ``limit`` tokens from bases holding ``held`` (planet, tokens):
    sorted planets, one a token, fewer tokens first, the ways of one size in the order
    ``combinations_with_replacement`` lists sorted planets."""
    return ways_picker(held, limit)(planet_ways(tuple(planet for planet, _ in held), limit))


# Launches and alliances are the widest choices (hundreds of ways with many bases), and a
# board seldom repeats exactly; but the shape of what the bases hold often does. So the ways
# come in two halves: every way of taking up to ``top_size`` tokens from the bases as if each
# held plenty (``planet_ways``, made in C, and not kept: keeping them costs the garbage
# collector more than making them again), and which of those a position allows
# (``ways_picker``, kept by how many tokens each base holds, counted up to the limit), picked
# in C.
def top_size(limit: int) -> int:
    """The largest way ``planet_ways`` lists: at least a full launch."""
    return max(limit, MAX_LAUNCH)


def planet_ways(planets: tuple[int, ...], limit: int) -> tuple[tuple[int, ...], ...]:
    """Every way of 1 to ``top_size(limit)`` tokens from ``planets`` (sorted), each base as
    if it held them all: fewer tokens first, then in sorted order."""
    return tuple(chain.from_iterable(combinations_with_replacement(planets, size)
                                     for size in range(1, top_size(limit) + 1)))


Picker = Callable[[Sequence[T]], tuple[T, ...]]


def ways_picker(held: tuple[tuple[int, int], ...], limit: int) -> Picker[Any]:
    """Which of the ``planet_ways`` of the held bases the position allows: those of at most
    ``limit`` tokens that take no more from a base than it holds."""
    return picker(tuple(count for _, count in held), limit)


def picker(counts: tuple[int, ...], limit: int) -> Picker[Any]:
    """``ways_picker`` from the tokens on each base, in the order of their planets."""
    return pickers(counts, limit)[0]


# The planets of the few ways a position allows, from the planets of its bases.
FewWays = Callable[[tuple[int, ...]], list[tuple[int, ...]]]
# A position allowing at most this share of its bases' ``planet_ways`` has few of them.
FEW: Final = 1 / 4


def pickers(counts: tuple[int, ...], limit: int) -> tuple[Picker[Any], FewWays | None]:
    """``picker``, and when the position allows few of the bases' ``planet_ways`` (bases
    holding a token or two, as random play leaves them), the function that lists just those
    ways' planets (else None): finding the actions of those few costs less than making or
    finding every way of a new set of bases (a set's ways are kept, but random play seldom
    meets a set again)."""
    limit = max(limit, 1)
    # Kept by the counts up to the limit: a base holding more gives no more ways.
    return _pickers(tuple(map(min, counts, repeat(limit))), limit)


@lru_cache(maxsize=4096)
def _pickers(counts: tuple[int, ...], limit: int) -> tuple[Picker[Any], FewWays | None]:
    bases, top = len(counts), top_size(limit)
    ends = _ends(bases, top)
    too_many: set[int] = set()
    for base, count in enumerate(counts):
        if count < limit:
            too_many.update(_over(bases, top, base, count))
    kept = tuple(filterfalse(too_many.__contains__, range(ends[limit])))
    few = _few_ways(bases, top, kept) if len(kept) <= FEW * ends[top] else None
    if not too_many:
        end = ends[limit]
        return (tuple if end == ends[top] else itemgetter(slice(0, end))), few
    if len(kept) > 1:
        return itemgetter(*kept), few
    return (lambda ways: tuple(ways[place] for place in kept)), few


def _few_ways(bases: int, top: int, kept: tuple[int, ...]) -> FewWays:
    """The planets of the ways in the places ``kept`` among the ``_index_ways``, from the
    bases' planets, made in C: a lone token's way is a 1-tuple made by ``zip``, the others
    are picked by an ``itemgetter`` of their bases' places (``kept`` lists fewer tokens first)."""
    ways = list(map(_index_ways(bases, top).__getitem__, kept))
    singles = [way[0] for way in ways if len(way) == 1]
    getters = [itemgetter(*way) for way in ways if len(way) > 1]

    def planet_ways(planets: tuple[int, ...]) -> list[tuple[int, ...]]:
        return [*zip(map(planets.__getitem__, singles)), *map(call, getters, repeat(planets))]
    return planet_ways


@cache
def _index_ways(bases: int, top: int) -> tuple[tuple[int, ...], ...]:
    """``planet_ways`` of the bases' places (0, 1, ...) rather than their planets."""
    return tuple(chain.from_iterable(combinations_with_replacement(range(bases), size) for size in range(1, top + 1)))


@cache
def _ends(bases: int, top: int) -> tuple[int, ...]:
    """How many of the ``_index_ways`` take at most 0, 1, ... ``top`` tokens."""
    sizes = [len(way) for way in _index_ways(bases, top)]
    return tuple(bisect_right(sizes, size) for size in range(top + 1))


@cache
def _over(bases: int, top: int, base: int, count: int) -> frozenset[int]:
    """The places among the ``_index_ways`` of the ways that take more than ``count`` tokens
    from the base in place ``base``."""
    return frozenset(place for place, way in enumerate(_index_ways(bases, top)) if way.count(base) > count)


def take_sources(s: CosmicState, seat: int, sources: tuple[int, ...]) -> int:
    for planet in sources:
        s.tokens[planet][seat] -= 1
    return len(sources)


def launch(s: CosmicState, sources: tuple[int, ...]) -> None:
    s.cone = take_sources(s, s.offence, sources)
    s.log = note(s.log, "launch", -1, s.offence, s.cone, sources)
    start_invitations(s)


def start_invitations(s: CosmicState) -> None:
    if s.players > 2:
        s.step, s.to_act = Step.INVITE_OFFENCE, (s.offence,)
    else:
        start_edicts(s)


def invitable(s: CosmicState, seat: int) -> list[int]:
    return [other for other in range(s.players) if other not in s.mains]


def invite(s: CosmicState, seat: int, seats: tuple[int, ...]) -> None:
    bit = 1 if seat == s.offence else 2
    for other in seats:
        s.invited[other] |= bit
    s.log = note(s.log, "invite", -1, seat, seats)
    if seat == s.offence:
        s.step, s.to_act = Step.INVITE_DEFENCE, (s.defender,)
        return
    s.ally_order = tuple(other for other in clockwise(s.offence, s.players) if s.invited[other])
    s.asking = 0
    ask_next_ally(s)


def ally_limit(s: CosmicState, seat: int) -> int:
    return commit_limit(s, seat)


def ask_next_ally(s: CosmicState) -> None:
    if s.asking < len(s.ally_order):
        s.step, s.to_act = Step.ALLIANCE, (s.ally_order[s.asking],)
    else:
        start_edicts(s)


def join(s: CosmicState, seat: int, side: int, sources: tuple[int, ...]) -> None:
    if side < 0:
        s.log = note(s.log, "decline", -1, seat)
    else:
        s.ally_side[seat] = side
        s.ally_tokens[seat] = take_sources(s, seat, sources)
        s.log = note(s.log, "ally", -1, seat, side, s.ally_tokens[seat], sources)
    s.asking += 1
    ask_next_ally(s)


def start_edicts(s: CosmicState) -> None:
    """The window after alliances (edicts.py): every seat is asked, whatever it holds."""
    open_window(s, ALLIANCES)
