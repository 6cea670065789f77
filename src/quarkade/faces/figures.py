"""Figures ``quarkade simulate`` prints beside the wins by seat: win rates by category (what a
seat played as, ``State.categories``: e.g. each alien of Cosmic Encounter), each with its 95%
interval, as tables and as JSON."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from quarkade.tools.intervals import wilson_interval
from quarkade.tools.simulate import SimulationResult


def category_figures(result: SimulationResult) -> dict[str, dict[str, dict[str, float]]]:
    """Kind -> label -> wins, seat-games, win rate and its 95% interval, the best rate first."""
    figures: dict[str, dict[str, dict[str, float]]] = {}
    for kind, table in result.wins_by_category().items():
        rows = {}
        for label, (wins, played) in sorted(table.items(), key=lambda item: (-item[1][0] / item[1][1], item[0])):
            low, high = wilson_interval(wins, played)
            rows[label] = {"wins": wins, "seat_games": played, "win_rate": wins / played, "low": low, "high": high}
        figures[kind] = rows
    return figures


def rate_cells(won: float, played: int) -> tuple[str, str]:
    """A win rate and its 95% Wilson interval, as a table's cells.

    >>> rate_cells(3, 4)
    ('75.0%', '30.1%–95.4%')
    """
    low, high = wilson_interval(won, played)
    return f"{won / played:.1%}", f"{low:.1%}–{high:.1%}"


def category_tables(result: SimulationResult) -> list[Table]:
    """One table a kind of category: games played with each label, wins, and the win rate with
    its 95% interval (a seat's fair share is one game in as many as there are players)."""
    tables = []
    for kind, rows in category_figures(result).items():
        table = Table(title=f"Wins by {kind} (a fair share is {1 / result.players:.1%})", title_justify="left")
        for column in (kind, "games", "wins", "win rate", "95% interval"):
            table.add_column(column, justify="left" if column == kind else "right")
        for label, row in rows.items():
            table.add_row(label, str(int(row["seat_games"])), f"{row['wins']:g}",
                          *rate_cells(row["wins"], int(row["seat_games"])))
        tables.append(table)
    return tables


def summary_json(result: SimulationResult) -> dict[str, Any]:
    """The simulation's JSON summary, its wins by category with their rates and intervals."""
    return {**result.to_json(), "wins_by_category": category_figures(result)}
