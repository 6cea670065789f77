"""Confidence intervals of win rates, for every tool and face that prints one."""

from __future__ import annotations

from math import sqrt

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson_interval(wins: float, played: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default). Unlike rate ± z·sd it stays
    within 0-1 and is not empty when no game or every game was won. A shared win counts as
    its share, so ``wins`` may be fractional.

    >>> low, high = wilson_interval(25, 100)
    >>> round(low, 3), round(high, 3)
    (0.175, 0.343)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if played <= 0:
        return 0.0, 1.0
    rate = wins / played
    spread = z * z / played
    centre = (rate + spread / 2) / (1 + spread)
    half = z * sqrt(rate * (1 - rate) / played + spread / (4 * played)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def difference_interval(first: tuple[float, float], second: tuple[float, float],
                        z: float = Z95) -> tuple[float, float]:
    """The interval of the difference of two win rates, ``first`` minus ``second``, each given as
    (wins, played): Newcombe's hybrid score interval, made of the two rates' Wilson intervals
    (95% by default). It stays within -1 to 1 and, unlike rate ± z·sd, holds at 0 and 1.

    >>> low, high = difference_interval((56, 70), (48, 80))
    >>> round(low, 3), round(high, 3)
    (0.052, 0.334)
    """
    p1, p2 = first[0] / first[1], second[0] / second[1]
    low1, high1 = wilson_interval(*first, z=z)
    low2, high2 = wilson_interval(*second, z=z)
    difference = p1 - p2
    return (difference - sqrt((p1 - low1) ** 2 + (high2 - p2) ** 2),
            difference + sqrt((high1 - p1) ** 2 + (p2 - low2) ** 2))
