"""The seeded generator: its draws are fixed (records replay on every platform and version), and
each kind of draw is the one ``next64`` defines, though written out where it is hot."""

from __future__ import annotations

import random

import pytest

from quarkade.core.chance import Chance


def test_the_first_draws_of_a_seed_are_fixed() -> None:
    # Pinned: a change here would change every recorded game's chance.
    chance = Chance(7)
    assert [chance.next64() for _ in range(3)] == [7191089600892374487, 309689372594955804, 16616101746815609346]
    chance = Chance(7)
    assert [chance.below(1000) for _ in range(5)] == [487, 804, 346, 203, 674]
    assert Chance(7, 3).random() == 0.5829302930280781
    assert Chance(2**64 + 5).choice(list("abcdefg")) == "d"


def test_below_random_and_choice_are_next64_drawn() -> None:
    source = random.Random(12)
    for _ in range(3000):
        seed, counter = source.getrandbits(70), source.getrandbits(24)
        fast, plain = Chance(seed, counter), Chance(seed, counter)
        bound = source.randint(1, 10 ** source.randint(1, 22))
        assert fast.below(bound) == plain.next64() % bound
        assert fast.random() == (plain.next64() >> 11) / float(1 << 53)
        items = list(range(source.randint(1, 40)))
        assert fast.choice(items) == items[plain.next64() % len(items)]
        assert fast.counter == plain.counter == counter + 3


def test_below_refuses_an_empty_range_and_draws_nothing() -> None:
    chance = Chance(3)
    for bound in (0, -4):
        with pytest.raises(ValueError, match="positive bound"):
            chance.below(bound)
    assert chance.counter == 0
