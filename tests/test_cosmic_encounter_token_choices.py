"""The ways to take tokens for a launch or an alliance: every way of 1 to ``limit`` tokens that
takes no more from a base than it holds, fewer tokens first, each size in sorted order, as a
plain enumeration lists them (the engine makes them by faster routes, by how many bases are
short of tokens)."""

from __future__ import annotations

import copy
import pickle
from dataclasses import FrozenInstanceError
from functools import partial
from itertools import product

import pytest

from quarkade.core.chance import Chance
from quarkade.core.game import Action
from quarkade.games.cosmic_encounter import commitments
from quarkade.games.cosmic_encounter.actions import Ally, Decline, Launch
from quarkade.games.cosmic_encounter.commitments import shared
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


def fresh(held: tuple[tuple[int, int], ...], limit: int, invited: int) -> commitments.Commitments:
    """A position's legal list as the game gives it, not yet read: the launches from bases
    holding ``held`` (planet, tokens), or an invited seat's commitments (``invited``: bit 1 the
    offence, bit 2 the defence) then its decline."""
    planets = tuple(planet for planet, _ in held)
    counts = tuple(count for _, count in held)
    if invited:
        return commitments.alliances(planets, counts, limit, invited)
    return commitments.launches(planets, counts, limit)


def launch_moves(held: tuple[tuple[int, int], ...], limit: int) -> tuple[Action, ...]:
    return tuple(fresh(held, limit, 0))


def ally_moves(held: tuple[tuple[int, int], ...], limit: int, invited: int) -> tuple[Action, ...]:
    return tuple(fresh(held, limit, invited))


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
    for make, one in ((commitments._batch(Launch), Launch), (commitments._batch(Ally, side=1), partial(Ally, 1))):
        made = make(ways)
        assert [type(action) for action in made] == [type(one(way)) for way in ways]
        assert made == [one(way) for way in ways]
        assert [hash(action) for action in made] == [hash(one(way)) for way in ways]
        assert [str(action) for action in made] == [str(one(way)) for way in ways]
        with pytest.raises(FrozenInstanceError):
            made[0].sources = (1,)




def test_a_list_read_item_by_item_is_the_whole_list() -> None:
    """Its length, each item (counted from either end, or a slice) and whether an action is
    listed, answered without making the list, are those of the list made whole."""
    chance = Chance(9)
    for _ in range(150):
        planets = sorted({chance.below(25) for _ in range(chance.below(7))})
        held = tuple((planet, 1 + chance.below(5)) for planet in planets)
        limit, invited = chance.below(5), chance.below(4)
        whole = list(iter(fresh(held, limit, invited)))
        assert len(fresh(held, limit, invited)) == len(whole)
        assert [fresh(held, limit, invited)[i] for i in range(len(whole))] == whole
        assert all(fresh(held, limit, invited)[i] is whole[i] for i in range(-len(whole), len(whole)))
        assert fresh(held, limit, invited)[1:7:2] == whole[1:7:2]
        for i in (len(whole), -len(whole) - 1):
            with pytest.raises(IndexError):
                fresh(held, limit, invited)[i]
        listed = fresh(held, limit, invited)
        assert all(action in listed for action in whole)
        strangers = [Launch((0, 0, 0, 0, 0)), Launch((2, 1)), Ally(2, (planets or [0])[:1]), Decline(), Launch(()),
                     *(Launch(tuple(sorted(chance.below(25) for _ in range(1 + chance.below(4))))) for _ in range(20)),
                     *(Ally(chance.below(2), tuple(sorted(chance.below(25) for _ in range(1 + chance.below(3)))))
                       for _ in range(20)), Launch([1]), Ally(0.0, (1,)), "launch 1.1"]  # type: ignore[arg-type]
        for action in strangers:
            assert (action in fresh(held, limit, invited)) == (action in whole), (held, limit, invited, action)
        assert fresh(held, limit, invited) == whole and whole == fresh(held, limit, invited)
        assert fresh(held, limit, invited) == fresh(held, limit, invited)


def test_a_renewed_list_is_the_same_list_and_its_own() -> None:
    """The state keeps one list and hands out renewed ones: each lists the same actions (read
    item by item or whole, before or after the kept one is read or filled), and changing one
    changes neither the kept list nor the others."""
    chance = Chance(5)
    for _ in range(60):
        planets = sorted({chance.below(25) for _ in range(1 + chance.below(6))})
        held = tuple((planet, 1 + chance.below(4)) for planet in planets)
        limit, invited = 1 + chance.below(4), chance.below(4)
        kept = fresh(held, limit, invited)
        whole = list(iter(fresh(held, limit, invited)))
        first = kept.renewed()
        assert [first[i] for i in range(-1, len(whole) - 1)] == [whole[-1], *whole[:-1]]
        assert kept[-1] is whole[-1] and whole[0] in kept
        first.pop()
        second = kept.renewed()
        assert second == whole and kept == whole and len(first) == len(whole) - 1
        assert kept.renewed() == whole  # (the kept list now filled)


def test_a_list_made_as_read_behaves_as_a_list() -> None:
    held, whole = ((0, 2), (3, 1), (7, 4)), list(launch_moves(((0, 2), (3, 1), (7, 4)), 3))
    assert [Decline(), *fresh(held, 3, 0)] == [Decline(), *whole]
    assert [Decline()] + fresh(held, 3, 0) == [Decline(), *whole]
    assert fresh(held, 3, 0) + [Decline()] == [*whole, Decline()]
    assert repr(fresh(held, 3, 0)) == repr(whole) and str(fresh(held, 3, 0)) == str(whole)
    assert list(reversed(fresh(held, 3, 0))) == whole[::-1]
    assert fresh(held, 3, 0).index(whole[5]) == 5 and fresh(held, 3, 0).count(whole[2]) == 1
    assert sorted(fresh(held, 3, 0), key=str) == sorted(whole, key=str)
    assert pickle.loads(pickle.dumps(fresh(held, 3, 0))) == whole
    assert copy.copy(fresh(held, 3, 0)) == whole
    changed = fresh(held, 3, 0)
    changed.append(Decline())
    assert changed == [*whole, Decline()] and len(changed) == len(whole) + 1 and Decline() in changed
    assert bool(fresh(held, 3, 0)) and not fresh((), 3, 0)
