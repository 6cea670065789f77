"""The Quirkling bot weighs hands from tables of terms kept by the hand's coded counts (cut to
what the kinds lacking can use) and from a table of shares: each figure it reads must equal,
to the last bit, the same figure worked out card by card from its definition."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

import quarkade
from conftest import heuristic_moments
from quarkade.agents.quirks.quirkling import _LIMITS, Nursery, _coded_count, _favours, _quick_favours
from quarkade.agents.quirks.seen import Seen, share_coded
from quarkade.games.quirks.components import STACKS


def gain_by_definition(n: Nursery, stack: int, weights: Sequence[tuple[int, float]]) -> float:
    """The value a card of ``stack`` adds to the hand, over each pattern of the codes it may
    bear in the weighted climates, times the chance of the pattern."""
    base = n.value(n.hand, weights)
    shares = [share_coded(stack, climate, n.hand) for climate, _ in weights]
    gain = 0.0
    for pattern in range(1 << len(weights)):
        chance = 1.0
        for bit, p in enumerate(shares):
            chance *= p if pattern >> bit & 1 else 1 - p
        if chance > 0:
            bears = {climate for bit, (climate, _) in enumerate(weights) if pattern >> bit & 1}
            counts = []
            for climate, _ in weights:
                coded = _coded_count(n.hand, climate)
                if climate in bears:
                    coded[stack] += 1
                counts.append(coded)
            gain += chance * (n._value(counts, weights, len(n.hand) + 1) - base)
    return gain


def test_the_bots_tables_give_the_figures_of_their_definitions() -> None:
    checked = 0
    for players in (2, 3):
        game = quarkade.load("quirkling", players=players)
        for seed in range(2):
            for step, state, seat, _, _ in heuristic_moments(game, seed, 160):
                if step % 3 == 0:
                    n = Nursery(state.view(seat))
                    for weights in (n.now_weights(), n.next_weights()):
                        assert n.hand_value(weights) == n.value(n.hand, weights)
                        for card in n.hand:
                            rest: list[Seen] = list(n.hand)
                            rest.remove(card)
                            assert n.value_without(card, weights) == n.value(rest, weights)
                        # A hand with one more card, or three fewer, weighed from packed counts.
                        faces = list(n.faces)
                        for more in faces[:2]:
                            assert n.packed_value([*faces, more], weights) == n.value([*n.hand, more.seen], weights)
                        fewer = faces[3:]
                        assert n.packed_value(fewer, weights) == n.value([face.seen for face in fewer], weights)
                        gains = n.gains(weights)
                        assert len(gains) == len(STACKS)
                        for stack in range(len(STACKS)):
                            assert gains[stack] == gain_by_definition(n, stack, weights), (seed, step, stack)
                        checked += 1
    assert checked > 150, checked


def test_the_favours_worked_out_from_the_stacks_held_equal_the_kinds_taken_one_by_one() -> None:
    # Every count a row reads: up to two of a plant or A stack, three of a shared B or C stack
    # (the cut counts, one more and one fewer).
    checked = 0
    for lacking in _LIMITS:
        for counts in product(range(3), range(3), range(3), range(3), range(3), range(4), range(4)):
            assert _quick_favours(counts, lacking) == _favours(counts, lacking), (counts, lacking)
            checked += 1
    assert checked == 8 * 3**5 * 4**2
