"""Pending placements: tokens whose owner chooses where they go, one token at a time.

Launches and alliances name their bases in the action itself. Every later movement of a
player's tokens is the owner's choice too (RULINGS.md 10): tokens going back to its bases, tokens
lost from its bases, and a deal's base. Whatever causes them (an outcome, a deal, a reward,
an edict) queues them here; the flow then pauses at the ``place`` step, asks each owner in
turn, and resumes where it was. Kinds of placement:

``home``  a token off the board goes onto one of the owner's bases or home planets
          (``home 1.2``)
``lose``  a token leaves a base of the owner's choice for the warp (``lose 0.3``); a Zombie's
          token comes back at once, as a ``home`` of its own
``base``  a deal's base: one of the owner's tokens moves from a base onto the deal's planet
          (``base 1.2 from 2.0``): for the offence its target planet, for the defence a
          planet of the offence's system where it has no token

The queue is kept in a fixed public order, clockwise from the offence and, for one seat, in
the order the placements arose. A placement with exactly one possible choice is made without
asking (the board is public, so that shows nothing); one with none is dropped.
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import itemgetter
from typing import TYPE_CHECKING, Final

from quarkade.core.log import note
from quarkade.games.cosmic_encounter.components import PLANETS

if TYPE_CHECKING:
    from quarkade.games.cosmic_encounter.rules import CosmicState

from quarkade.games.cosmic_encounter.rules import Step

HOME: Final = "home"
LOSE: Final = "lose"
BASE: Final = "base"
KINDS: Final = (HOME, LOSE, BASE)
# Where the flow goes once the queue is empty: the defensive rewards (or the challenge's
# end), the challenge's end, or back to the step the placements interrupted.
REWARDS, FINISH = "rewards", "finish"


def add(s: CosmicState, seat: int, kind: str, count: int) -> None:
    """Queue ``count`` placements of ``kind`` for the seat, after the seat's earlier ones and
    those of the seats before it clockwise from the offence."""
    if count <= 0:
        return
    n = s.players

    def order(other: int) -> int:
        return (other - s.offence) % n

    at = len(s.placements)
    for index, (other, _, _) in enumerate(s.placements):
        if order(other) > order(seat):
            at = index
            break
    if at and s.placements[at - 1][0] == seat and s.placements[at - 1][1] == kind:
        s.placements[at - 1] = (seat, kind, s.placements[at - 1][2] + count)
    else:
        s.placements.insert(at, (seat, kind, count))


_COLUMNS: Final = tuple(map(itemgetter, range(6)))  # a seat's tokens on a planet, by seat (the largest table)
_PLACES: Final = range(6 * PLANETS)  # every planet of the largest table
_HOME_PLANETS: Final = (True,) * PLANETS
_NO_SOURCE = repeat(-1)  # (an endless iterator, shared: ``zip`` stops at the planets' end)


def choices(s: CosmicState, seat: int, kind: str) -> list[tuple[int, int]]:
    """(planet, source) for each way to make the seat's next placement of ``kind``; the
    source is -1 but for a deal's base."""
    # The planets holding the seat's tokens are picked in C from its column of the board (asked
    # at every placement, and again for its legal actions).
    column = list(map(_COLUMNS[seat], s.tokens))
    if kind == HOME:
        column[seat * PLANETS:(seat + 1) * PLANETS] = _HOME_PLANETS  # its home planets, held or not
        return list(zip(compress(_PLACES, column), _NO_SOURCE, strict=False))
    if kind == LOSE:
        return list(zip(compress(_PLACES, column), _NO_SOURCE, strict=False))
    if seat == s.offence:
        # The offence's base on the target, its cone being empty: a token from another base.
        return [(s.target, planet) for planet, row in enumerate(s.tokens) if row[seat] and planet != s.target]
    # The defence's base is a new base in the offence's system: onto a planet there where it
    # has none, from a base outside the system or one there that keeps a token (RULINGS.md 15).
    system = range(s.offence * PLANETS, (s.offence + 1) * PLANETS)
    empty = [planet for planet in system if not s.tokens[planet][seat]]
    sources = [planet for planet, row in enumerate(s.tokens)
               if row[seat] > (1 if planet in system else 0)]
    return [(planet, source) for planet in empty for source in sources]


def start(s: CosmicState, then: str) -> None:
    """Serve the queue, then go on with ``then``: REWARDS, FINISH, or a step's value to return
    to with the seats that were asked there."""
    s.resume = (then, () if then in (REWARDS, FINISH) else s.to_act)
    advance(s)


def advance(s: CosmicState) -> None:
    """Make every placement that has at most one choice; stop at the first that has several."""
    while s.placements:
        seat, kind, _ = s.placements[0]
        options = choices(s, seat, kind)
        if not options:
            # Nothing of the kind is possible (no token left on a base, no planet to settle).
            s.placements.pop(0)
            continue
        if len(options) > 1:
            s.step, s.to_act = Step.PLACE, (seat,)
            return
        place(s, seat, *options[0])
    then, to_act = s.resume
    s.resume = ("", ())
    if then == REWARDS:
        cards.next_reward(s)
    elif then == FINISH:
        cards.finish_challenge(s)
    else:
        s.step, s.to_act = Step(then), to_act


def place(s: CosmicState, seat: int, planet: int, source: int) -> None:
    """Make the seat's next placement: onto (or, losing, from) ``planet``."""
    _, kind, count = s.placements[0]
    if count > 1:
        s.placements[0] = (seat, kind, count - 1)
    else:
        s.placements.pop(0)
    if kind == HOME:
        s.tokens[planet][seat] += 1
    elif kind == LOSE:
        s.tokens[planet][seat] -= 1
        s.lose_tokens(seat, 1)
    else:
        s.tokens[source][seat] -= 1
        s.tokens[planet][seat] += 1
    s.log = note(s.log, "place", -1, seat, kind, planet, source)


def choose(s: CosmicState, seat: int, planet: int, source: int) -> None:
    """A seat's answer at the ``place`` step, then the placements that follow."""
    place(s, seat, planet, source)
    advance(s)


def pending_home(s: CosmicState, seat: int) -> int:
    """The seat's tokens off the board, waiting to go back to its bases."""
    return sum(count for other, kind, count in s.placements if other == seat and kind == HOME)


# The cards module imports this one; imported last (not at each placement's end), it is found complete.
from quarkade.games.cosmic_encounter import cards  # noqa: E402
