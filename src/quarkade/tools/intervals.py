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
