"""Adaptation values of QUiRKS, with food-chain points ("Food Chain Points").

A QUiRKS is a tuple of card indices; the card's row (A, B, C) is its position. Food-chain
points look only at the QUiRKS of the other niches *at the same level* (upper or lower).
``values`` is the adaptation table a state counts with, by card index: the true one in a
game, one drawn from what a seat can read in a state sampled for a bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from quarkade.games.quirks.components import COMPONENTS, Card

CARDS: Final = COMPONENTS.cards
PLANT: Final = 0
HERBIVORE: Final = 1
CARNIVORE: Final = 2
Values = Sequence[Sequence[int]]


def card_at(quirks: Sequence[int], row: str) -> Card | None:
    """The card of a QUiRKS in position ``row`` (A, B or C), if it has one."""
    for index in quirks:
        if CARDS[index].row == row:
            return CARDS[index]
    return None


def eats(eater: Card | None, eaten: Card | None) -> bool:
    """The symbols of the two cards have the same colour."""
    return eater is not None and eaten is not None and eater.food >= 0 and eater.food == eaten.food


def food_chain_points(niche: int, quirks: Sequence[int], level: Sequence[Sequence[int]], climate: int,
                      values: Values) -> int:
    """Points a QUiRKS in ``niche`` gains or loses from the QUiRKS of the other niches at its
    level. ``level[n]`` is the QUiRKS in niche ``n`` at that level (empty if none)."""
    points = 0
    own_a = card_at(quirks, "A")
    if niche == PLANT:
        herbivore_a = card_at(level[HERBIVORE], "A")
        if herbivore_a is not None and eats(herbivore_a, own_a):
            points -= values[herbivore_a.index][climate]  # the plant is eaten
    elif niche == HERBIVORE:
        plant_a = card_at(level[PLANT], "A")
        if plant_a is not None and eats(own_a, plant_a):
            points += values[plant_a.index][climate]  # the herbivore eats the plant
        carnivore_a = card_at(level[CARNIVORE], "A")
        own_c = card_at(quirks, "C")
        if carnivore_a is not None and eats(carnivore_a, own_c):
            points -= values[carnivore_a.index][climate]  # the herbivore is eaten
    else:
        herbivore_c = card_at(level[HERBIVORE], "C")
        if herbivore_c is not None and eats(own_a, herbivore_c):
            points += values[herbivore_c.index][climate]  # the carnivore eats the herbivore
    return points


def adaptation(niche: int, quirks: Sequence[int], level: Sequence[Sequence[int]], climate: int,
               values: Values, rolled: Sequence[int] | None = None) -> tuple[int, int]:
    """(card values, food-chain points) of a QUiRKS in the current climate. ``rolled``
    replaces the card values by dice (the Intelligent Race option)."""
    base = sum(rolled) if rolled is not None else sum(values[i][climate] for i in quirks)
    return base, food_chain_points(niche, quirks, level, climate, values)


def group_total(quirks_by_niche: Sequence[Sequence[int]], climate: int, values: Values) -> int:
    """The value of a group of QUiRKS at one level (the solitaire game's total)."""
    return sum(sum(adaptation(n, quirks_by_niche[n], quirks_by_niche, climate, values)) for n in range(3))
