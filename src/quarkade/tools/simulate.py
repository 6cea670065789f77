"""Many seeded bot games, summed up for designers: wins, score spreads, game lengths.

>>> import quarkade
>>> result = simulate(quarkade.load("quirky-quarks", players=2), ["random", "random"], games=2, seed=1)
>>> sum(result.wins_by_seat()) + result.undecided
2.0
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from quarkade.core.errors import InvalidOptions, QuarkadeError
from quarkade.core.game import Game
from quarkade.core.registry import game_class
from quarkade.tools.backends import (
    Chunk,
    GameResult,
    Interrupted,
    batch_collector,
    check_backend,
    record_json,
    run_chunks,
)

__all__ = ["GameResult", "Interrupted", "RecordsUnwritable", "SimulationInterrupted", "SimulationResult", "Spread",
           "record_json", "simulate"]


class SimulationInterrupted(Interrupted):
    """A simulation stopped by an interrupt, with the summary of the games played by then."""

    def __init__(self, result: SimulationResult, total: int) -> None:
        super().__init__(len(result.games), total)
        self.result = result


class RecordsUnwritable(QuarkadeError):
    """The records of a simulation could not be written (a full disk, say)."""


@dataclass(frozen=True)
class Spread:
    """How a list of numbers is spread."""

    minimum: float
    mean: float
    median: float
    maximum: float
    stdev: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        # One game has no spread to speak of; a sample standard deviation needs two.
        stdev = statistics.stdev(values) if len(values) > 1 else 0.0
        return cls(min(values), statistics.fmean(values), statistics.median(values), max(values), stdev)

    def to_json(self) -> dict[str, float]:
        return {"min": self.minimum, "mean": self.mean, "median": self.median, "max": self.maximum,
                "stdev": self.stdev}


@dataclass(frozen=True)
class SimulationResult:
    """Every game of a simulation, and the summaries drawn from them."""

    game: str
    players: int
    seats: tuple[str, ...]
    options: dict[str, Any]
    first_seed: int
    games: tuple[GameResult, ...]
    # What having an item of ``GameResult.items`` means (``State.seat_items_about``).
    items_about: str = ""
    # What the game's item figures measure (``State.statistics_about``).
    statistics_about: str = ""
    # What a kind of category's win rates mean (``State.categories_about``).
    categories_about: dict[str, str] = field(default_factory=dict)

    def wins_by_seat(self) -> list[float]:
        """Wins of each seat; a shared win is split between its winners, so that the
        wins and the games without a winner add up to the number of games."""
        wins = [0.0] * self.players
        for game in self.games:
            for seat in game.winners:
                wins[seat] += 1 / len(game.winners)
        return wins

    @property
    def together(self) -> bool:
        """Whether the table wins or loses as one: a cooperative game, or a game of one seat."""
        return self.players == 1 or game_class(self.game).info.cooperative

    @property
    def undecided(self) -> int:
        """Games that ended with no winner at all."""
        return sum(1 for game in self.games if not game.winners)

    def wins_by_kind(self) -> dict[str, tuple[float, int]]:
        """Bot kind -> (wins, seat-games played), summed over the seats of that kind."""
        summary: dict[str, tuple[float, int]] = {}
        for seat, wins in enumerate(self.wins_by_seat()):
            kind = self.seats[seat]
            total, played = summary.get(kind, (0.0, 0))
            summary[kind] = (total + wins, played + len(self.games))
        return summary

    @property
    def scores_are_wins(self) -> bool:
        """Whether every score is only the win: 1 for each winner, 0 for the others."""
        return all(tuple(map(float, game.scores)) == tuple(float(seat in game.winners) for seat in range(self.players))
                   for game in self.games)

    def score_spread(self, seat: int) -> Spread:
        return Spread.of([game.scores[seat] for game in self.games])

    def length_spread(self) -> Spread:
        return Spread.of([game.steps for game in self.games])

    def statistics_per_game(self) -> dict[str, float]:
        """The game's own figures (``State.statistics``), averaged over the games."""
        totals: dict[str, float] = {}
        for game in self.games:
            for key, value in game.statistics.items():
                totals[key] = totals.get(key, 0.0) + value
        return {key: totals[key] / len(self.games) for key in sorted(totals)}

    def wins_by_category(self) -> dict[str, dict[str, tuple[float, int]]]:
        """Kind of category -> label -> (wins, seat-games played with that label); a shared
        win is split as in ``wins_by_seat``."""
        summary: dict[str, dict[str, tuple[float, int]]] = {}
        for game in self.games:
            for kind, labels in game.categories.items():
                table = summary.setdefault(kind, {})
                for seat, label in enumerate(labels):
                    won = 1 / len(game.winners) if seat in game.winners else 0.0
                    wins, played = table.get(label, (0.0, 0))
                    table[label] = (wins + won, played + 1)
        return {kind: dict(sorted(table.items())) for kind, table in sorted(summary.items())}

    def wins_by_item(self, together: bool = False) -> dict[str, tuple[tuple[float, int], tuple[float, int]]]:
        """Item -> ((wins, seat-games) of the seats that had it, (wins, seat-games) of those that
        did not), from ``State.seat_items``; a shared win is split as in ``wins_by_seat``.
        ``together``: the seats win together, so each game counts once, as the table's, with
        the items of all its seats."""
        names = sorted({item for game in self.games for items in game.items for item in items})
        counts = {name: [0.0, 0, 0.0, 0] for name in names}
        for game in self.games:
            if not game.items:
                continue
            if together:
                sides = [(frozenset(item for items in game.items for item in items), 1.0 if game.winners else 0.0)]
            else:
                sides = [(frozenset(items), 1 / len(game.winners) if seat in game.winners else 0.0)
                         for seat, items in enumerate(game.items)]
            for had, won in sides:
                for name, row in counts.items():
                    at = 0 if name in had else 2
                    row[at] += won
                    row[at + 1] += 1
        return {name: ((row[0], int(row[1])), (row[2], int(row[3]))) for name, row in counts.items()}

    def to_json(self) -> dict[str, Any]:
        """The summary ``quarkade simulate --json`` prints (the command replaces
        ``wins_by_category`` with the same rows and their rates and intervals):

        - ``game``, ``players``, ``seats`` (a bot a seat), ``options``, ``first_seed``, ``games``
          (how many);
        - ``wins_by_seat``: each seat's wins, a win shared by k winners counting 1/k for each
          (a table that wins together: 1/players), so that they add up with ``undecided``, the
          games no seat won, to ``games``; ``games_won``, the games some seat won (a table
          that wins together: the games it won); ``together``, whether the table wins or loses
          as one (a cooperative game, or one seat), and then ``games_lost``, the games it lost
          (``undecided`` by another name), else null;
        - ``wins_by_kind``: by bot, its ``wins`` and ``seat_games``;
        - ``scores_by_seat`` and ``steps`` (the actions of a game): ``min``, ``mean``,
          ``median``, ``max``, ``stdev``;
        - ``statistics_per_game``: the game's own figures (``State.statistics``), means a game;
          per item as ``measure:item``;
        - ``wins_by_category``: by kind (``alien``), by label, ``wins`` and ``seat_games``;
        - ``wins_by_item``: by item (``State.seat_items``), ``with`` and ``without`` it, each
          ``wins`` and ``seat_games``."""
        return {
            "game": self.game,
            "players": self.players,
            "seats": list(self.seats),
            "options": dict(self.options),
            "first_seed": self.first_seed,
            "games": len(self.games),
            # shares summed in floating point: rounded, so that thirds add up as they print
            "wins_by_seat": [round(wins, 9) for wins in self.wins_by_seat()],
            "undecided": self.undecided,
            "games_won": len(self.games) - self.undecided,
            # A table that wins or loses together (or a solitaire game) has no undecided game: each
            # one it did not win, it lost.
            "together": self.together,
            "games_lost": self.undecided if self.together else None,
            "wins_by_kind": {kind: {"wins": round(wins, 9), "seat_games": played}
                             for kind, (wins, played) in self.wins_by_kind().items()},
            "scores_by_seat": [self.score_spread(seat).to_json() for seat in range(self.players)],
            "steps": self.length_spread().to_json(),
            "statistics_per_game": self.statistics_per_game(),
            "wins_by_category": {kind: {label: {"wins": round(wins, 9), "seat_games": played}
                                        for label, (wins, played) in table.items()}
                                 for kind, table in self.wins_by_category().items()},
            "wins_by_item": {item: {"with": {"wins": round(with_[0], 9), "seat_games": with_[1]},
                                    "without": {"wins": round(without[0], 9), "seat_games": without[1]}}
                             for item, (with_, without) in self.wins_by_item().items()},
        }


@batch_collector()
def simulate(
    game: Game,
    seats: Sequence[str],
    games: int,
    seed: int = 0,
    records: TextIO | None = None,
    on_game: Callable[[GameResult], None] | None = None,
    backend: str = "serial",
    workers: int | None = None,
    address: str | None = None,
) -> SimulationResult:
    """Play ``games`` bot games with seeds ``seed``, ``seed + 1``, ...; each game's record
    goes to ``records`` as one JSON line when given. ``backend`` says where they are played
    (``quarkade.tools.backends``: serial, process, ray); the results are the same on each, for
    bots that decide by their seed alone (a search on a time budget does not).

    An interrupt (Ctrl-C) raises ``SimulationInterrupted`` (an ``Interrupted``), saying how many
    games were done and holding their summary; their records are written. A bot that fails
    raises ``BotFailure``, naming it."""
    if len(seats) != game.players:
        raise InvalidOptions(f"{len(seats)} seats were given for a {game.players}-player game")

    def summary(results: list[GameResult]) -> SimulationResult:
        kind = type(game.new_game(seed))
        return SimulationResult(game.id, game.players, tuple(seats), dict(game.options), seed, tuple(results),
                                kind.seat_items_about, kind.statistics_about, dict(kind.categories_about))

    if games < 1:
        raise InvalidOptions(f"a simulation plays at least one game, not {games}")
    check_backend(backend, workers, address)
    template = Chunk(game.id, game.players, dict(game.options), tuple(seats), (), records is not None)
    results: list[GameResult] = []
    played = run_chunks(template, range(seed, seed + games), backend, workers, address)
    try:
        for result, line in played:
            results.append(result)
            if records is not None and line is not None:
                try:
                    records.write(line)
                except OSError as error:  # a full disk, say
                    raise RecordsUnwritable(f"cannot write the games' records ({error.strerror or error}): "
                                            f"stopped after {len(results)} of {games} games") from None
            if on_game is not None:
                on_game(result)
    except KeyboardInterrupt:
        raise SimulationInterrupted(summary(results), games) from None
    finally:
        # Ends the backend's work at once when the loop stopped early (an interrupt here).
        played.close()
    return summary(results)
