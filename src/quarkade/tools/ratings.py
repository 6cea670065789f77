"""Ratings from finished games: OpenSkill (with its uncertainty) and Bradley–Terry strengths.

A finished game is a list of (player, rank) pairs, one a seat, rank 0 the best; seats that tie
share a rank. The same player may hold two seats of a game (two seats of one bot kind, two
humans rated by kind): OpenSkill then rates each seat and keeps the mean of the seats' new
ratings, and Bradley–Terry leaves that pair of seats out (a player does not beat itself).

>>> table = openskill_table([[("heuristic", 0), ("random", 1)]] * 5)
>>> [row.player for row in table]
['heuristic', 'random']
>>> fit = bradley_terry([[("a", 0), ("b", 1)]] * 3 + [[("a", 1), ("b", 0)]])
>>> fit["a"] > fit["b"]
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

Placing = tuple[str, float]  # (player, rank); rank 0 is the best
Finish = Sequence[Placing]

# Elo's scale: a 400-point gap is a 10-to-1 chance of winning a pairing.
_ELO = 400 / math.log(10)
# A virtual tie between every two players that met: it keeps a player who won (or lost) every
# pairing at a finite strength, and weighs no more than one real game.
_PRIOR_GAMES = 1.0
_BOOTSTRAP_SAMPLES = 200
# Elo points: an interval narrower than this is every resample giving the same strength.
_NO_SPREAD = 0.5


def ranks(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Each seat's rank: the winners first (sharing rank 0), then the others by score, best first."""
    keys = [(0 if seat in winners else 1, -score) for seat, score in enumerate(scores)]
    order = sorted(set(keys))
    return [order.index(key) for key in keys]


@dataclass(frozen=True)
class Rating:
    """A player's OpenSkill rating: ``mu`` and its uncertainty ``sigma``; ``ordinal`` = mu − 3σ."""

    player: str
    mu: float
    sigma: float
    games: int
    wins: float  # a rank-0 place shared by k seats counts 1/k

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    def to_json(self) -> dict[str, float | str | int]:
        return {"player": self.player, "mu": round(self.mu, 4), "sigma": round(self.sigma, 4),
                "ordinal": round(self.ordinal, 4), "games": self.games, "wins": round(self.wins, 4)}


def openskill_table(finishes: Iterable[Finish]) -> list[Rating]:
    """OpenSkill (Plackett–Luce) ratings after the games in their order, best ordinal first."""
    model = PlackettLuce()
    current: dict[str, tuple[float, float]] = {}
    games: dict[str, int] = {}
    wins: dict[str, float] = {}
    for finish in finishes:
        if len(finish) < 2:
            continue
        teams = [[model.rating(*current.get(player, (model.mu, model.sigma)), name=player)]
                 for player, _ in finish]
        rated = model.rate(teams, ranks=[float(rank) for _, rank in finish])
        first = sum(1 for _, rank in finish if rank == 0)
        updates: dict[str, list[tuple[float, float]]] = {}
        for (player, rank), team in zip(finish, rated, strict=True):
            updates.setdefault(player, []).append((team[0].mu, team[0].sigma))
            games[player] = games.get(player, 0) + 1
            wins[player] = wins.get(player, 0.0) + (1 / first if rank == 0 else 0.0)
        for player, seats in updates.items():
            current[player] = (sum(mu for mu, _ in seats) / len(seats), sum(s for _, s in seats) / len(seats))
    table = [Rating(player, mu, sigma, games[player], wins[player]) for player, (mu, sigma) in current.items()]
    return sorted(table, key=lambda rating: (-rating.ordinal, rating.player))


def pairings(finish: Finish) -> Iterable[tuple[str, str, float]]:
    """Every two seats of different players in a game: (first, second, first's share of the win)."""
    for index, (first, first_rank) in enumerate(finish):
        for second, second_rank in finish[index + 1:]:
            if first != second:
                share = 1.0 if first_rank < second_rank else 0.0 if first_rank > second_rank else 0.5
                yield first, second, share


def bradley_terry(finishes: Iterable[Finish], iterations: int = 500) -> dict[str, float]:
    """Bradley–Terry strengths fitted by minorisation–maximisation, on Elo's scale, mean 0.

    A tie counts as half a win for each side.
    """
    wins: dict[str, float] = {}
    meetings: dict[tuple[str, str], float] = {}
    for finish in finishes:
        for first, second, share in pairings(finish):
            wins[first] = wins.get(first, 0.0) + share
            wins[second] = wins.get(second, 0.0) + 1 - share
            pair = (first, second) if first < second else (second, first)
            meetings[pair] = meetings.get(pair, 0.0) + 1
    players = sorted(wins)
    if not players:
        return {}
    for pair in list(meetings):
        meetings[pair] += _PRIOR_GAMES
        for player in pair:
            wins[player] += _PRIOR_GAMES / 2
    strength = dict.fromkeys(players, 1.0)
    for _ in range(iterations):
        updated = {}
        for player in players:
            denominator = sum(count / (strength[a] + strength[b]) for (a, b), count in meetings.items()
                              if player in (a, b))
            updated[player] = wins[player] / denominator if denominator else 1.0
        centre = math.exp(sum(math.log(value) for value in updated.values()) / len(updated))
        updated = {player: value / centre for player, value in updated.items()}
        converged = all(abs(math.log(updated[p] / strength[p])) < 1e-10 for p in players)
        strength = updated
        if converged:
            break
    return {player: _ELO * math.log(value) for player, value in strength.items()}


@dataclass(frozen=True)
class Strength:
    """A Bradley–Terry strength (Elo's scale, the players' mean at 0) with its 95% interval, and
    the comparisons (pairings with another player in a game) it rests on: ``won`` of ``compared``.

    A player who won every comparison (or lost every one) has no strength the data bound on
    that side: the virtual ties hold its estimate finite, and every resample gives it the same
    one, so its interval says nothing (``separated``)."""

    player: str
    strength: float
    low: float
    high: float
    won: float = 0.0
    compared: int = 0

    @property
    def separated(self) -> str | None:
        """``"won"`` if the player won every comparison it was in, ``"lost"`` if it lost every one,
        else None."""
        if self.compared and self.won == self.compared:
            return "won"
        if self.compared and self.won == 0:
            return "lost"
        return None

    @property
    def spread(self) -> bool:
        """Whether the interval is one: the resamples did not all give one strength."""
        return self.separated is None and self.high - self.low >= _NO_SPREAD

    def to_json(self) -> dict[str, float | str | int | None]:
        """No interval (null ``low`` and ``high``) where the table shows none: a strength bounded
        on one side only, or resamples that all gave one strength."""
        bounded = self.spread
        return {"player": self.player, "strength": round(self.strength, 2),
                "low": round(self.low, 2) if bounded else None, "high": round(self.high, 2) if bounded else None,
                "comparisons": self.compared, "comparisons_won": round(self.won, 4)}


def bradley_terry_table(finishes: Sequence[Finish], groups: Sequence[Hashable] | None = None,
                        samples: int = _BOOTSTRAP_SAMPLES, seed: int = 0) -> list[Strength]:
    """Strengths with 95% percentile intervals from a bootstrap over games, strongest first.

    ``groups`` (one key a game) makes the bootstrap draw whole groups: the games of one duplicate
    deal belong together, since their luck was made to cancel.
    """
    point = bradley_terry(finishes)
    keys = list(groups) if groups is not None else list(range(len(finishes)))
    grouped: dict[Hashable, list[Finish]] = {}
    for key, finish in zip(keys, finishes, strict=True):
        grouped.setdefault(key, []).append(finish)
    blocks = list(grouped.values())
    chance = random.Random(seed)
    draws: dict[str, list[float]] = {player: [] for player in point}
    for _ in range(samples if blocks else 0):
        sample = [finish for _ in blocks for finish in chance.choice(blocks)]
        fitted = bradley_terry(sample, iterations=200)
        for player in point:
            # A player absent from a resample gets no draw from it.
            if player in fitted:
                draws[player].append(fitted[player])
    record = comparisons(finishes)
    table = []
    for player, value in point.items():
        spread = sorted(draws[player]) or [value]
        won, compared = record.get(player, (0.0, 0))
        table.append(Strength(player, value, _quantile(spread, 0.025), _quantile(spread, 0.975), won, compared))
    return sorted(table, key=lambda row: (-row.strength, row.player))


def comparisons(finishes: Iterable[Finish]) -> dict[str, tuple[float, int]]:
    """Each player's comparisons won (a tie is half) and made, over every pairing of seats.

    >>> comparisons([[("a", 0), ("b", 1), ("c", 1)]])
    {'a': (2.0, 2), 'b': (0.5, 2), 'c': (0.5, 2)}
    """
    record: dict[str, tuple[float, int]] = {}
    for finish in finishes:
        for first, second, share in pairings(finish):
            for player, won in ((first, share), (second, 1 - share)):
                wins, made = record.get(player, (0.0, 0))
                record[player] = (wins + won, made + 1)
    return record


def _quantile(ordered: Sequence[float], fraction: float) -> float:
    position = fraction * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)
