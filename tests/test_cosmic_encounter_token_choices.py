"""The ways to take tokens for a launch or an alliance: every way of 1 to ``limit`` tokens that
takes no more from a base than it holds, fewer tokens first, each size in sorted order, as a
plain enumeration lists them (the engine makes them by faster routes, by how many bases are
short of tokens)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from functools import partial
from itertools import product

import pytest

from quarkade.core.chance import Chance
from quarkade.games.cosmic_encounter import moves
from quarkade.games.cosmic_encounter.actions import Ally, Decline, Launch
from quarkade.games.cosmic_encounter.moves import ally_moves, launch_moves, shared
from quarkade.games.cosmic_encounter.setup_phases import choices_from


def enumerated(held: tuple[tuple[int, int], ...], limit: int) -> tuple[tuple[int, ...], ...]:
    ways = []
    for taken in product(*(range(count + 1) for _, count in held)):
        size = sum(taken)
        if 1 <= size <= limit:
            ways.append(tuple(planet for (planet, _), many in zip(held, taken, strict=True) for _ in range(many)))
    return tuple(sorted(ways, key=lambda way: (len(way), way)))


def test_token_choices_are_every_way_in_order() -> None:
    chance = Chance(11)
    shapes = 0
    for _ in range(400):
        bases = chance.below(7)
        planets = sorted({chance.below(30) for _ in range(bases)})
        held = tuple((planet, 1 + chance.below(5)) for planet in planets)
        limit = 1 + chance.below(4)
        assert choices_from(held, limit) == enumerated(held, limit), (held, limit)
        shapes += sum(count < limit for _, count in held) >= 2
    assert shapes > 50  # many with two or more bases short of tokens, the slower route


def test_a_base_short_of_tokens_gives_no_more_than_it_holds() -> None:
    held = ((0, 4), (1, 1), (7, 2))
    ways = choices_from(held, 3)
    assert (1, 1) not in ways and (7, 7, 7) not in ways and (0, 0, 0) in ways and (1, 7, 7) in ways
    assert ways[:3] == ((0,), (1,), (7,))


def test_launch_and_ally_actions_are_the_ways_each_made_once() -> None:
    """The legal launches and commitments are the position's ways, in order, and a way's action
    is the same object whatever position lists it (the checked apply finds it by identity)."""
    chance = Chance(5)
    for _ in range(200):
        planets = sorted({chance.below(20) for _ in range(chance.below(8))})
        held = tuple((planet, 1 + chance.below(4)) for planet in planets)
        limit = chance.below(5)
        ways = enumerated(held, max(limit, 1))
        launches = launch_moves(held, limit)
        assert tuple(launch.sources for launch in launches) == ways
        assert all(shared(Launch(way)) is launch for way, launch in zip(ways, launches, strict=True))
        both = ally_moves(held, limit, 3)
        allies = [a for a in both if isinstance(a, Ally)]
        assert both[-1] == Decline() and len(both) == len(allies) + 1
        assert [(a.side, a.sources) for a in allies] == [(side, way) for side in (0, 1) for way in ways]
        assert all(shared(Ally(a.side, a.sources)) is a for a in allies)
        assert ally_moves(held, limit, 2)[:-1] == both[len(ways):-1]


def test_launches_and_commitments_made_in_a_batch_are_those_made_one_by_one() -> None:
    ways = [(0,), (0, 0, 3), (2, 7, 7, 11)]
    for make, one in ((moves._batch(Launch), Launch), (moves._batch(Ally, side=1), partial(Ally, 1))):
        made = make(ways)
        assert [type(action) for action in made] == [type(one(way)) for way in ways]
        assert made == [one(way) for way in ways]
        assert [hash(action) for action in made] == [hash(one(way)) for way in ways]
        assert [str(action) for action in made] == [str(one(way)) for way in ways]
        with pytest.raises(FrozenInstanceError):
            made[0].sources = (1,)
