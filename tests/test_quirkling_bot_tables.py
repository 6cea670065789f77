"""The Quirkling bot weighs hands from tables of terms kept by the hand's coded counts (cut to
what the kinds lacking can use) and from a table of shares: each figure it reads must equal,
to the last bit, the same figure worked out card by card from its definition."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

import quarkade
from conftest import heuristic_moments
from quarkade.games.quirks.bot.quirkling import UNIT, Nursery, _added, _coded_count, _terms, packed_row
from quarkade.games.quirks.bot.seen import Seen, share_coded
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


def test_the_rows_looked_up_by_signature_equal_the_terms_of_their_counts() -> None:
    # Every count up to one more than a stack's cap (two more for the shared ones), every kinds
    # lacking: the terms of a row, and of its counts with one more and one fewer of each stack.
    checked = 0
    for lacking in ((), (0,), (1,), (2,), (0, 1), (0, 2), (1, 2), (0, 1, 2)):
        for counts in product(range(3), range(3), range(3), range(3), range(3), range(4), range(4)):
            plain, total, bumped, bumped_sums, dropped, dropped_sums = packed_row(
                sum(count * unit for count, unit in zip(counts, UNIT, strict=True)), lacking, 0.4)
            assert plain == _terms(counts, lacking, 0.4) and total == _added(plain)
            for stack, count in enumerate(counts):
                more = [*counts[:stack], count + 1, *counts[stack + 1:]]
                assert bumped[stack] == _terms(more, lacking, 0.4) and bumped_sums[stack] == _added(bumped[stack])
                fewer = [*counts[:stack], count - 1, *counts[stack + 1:]] if count else counts
                assert dropped[stack] == _terms(fewer, lacking, 0.4), (counts, lacking, stack)
                assert dropped_sums[stack] == _added(dropped[stack])
            checked += 1
    assert checked == 8 * 3**5 * 4**2
