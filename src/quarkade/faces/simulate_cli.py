"""The ``quarkade simulate`` command: many seeded bot games, summed up."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from quarkade.agents.base import make_bot
from quarkade.core.errors import QuarkadeError
from quarkade.core.words import figure_words, option_text, plural
from quarkade.faces import figures as simulation_figures
from quarkade.faces.cli import (
    HUMAN,
    OptionList,
    PlayersOption,
    app,
    check_out,
    console,
    errors,
    fail,
    load_game,
    progress_bar,
    seat_kinds,
)
from quarkade.faces.figures import rate_cells
from quarkade.tools.backends import check_backend, sigterm_as_interrupt
from quarkade.tools.report import ITEM_SEPARATOR
from quarkade.tools.simulate import Interrupted, SimulationInterrupted, SimulationResult, simulate


def print_simulation(result: SimulationResult) -> None:
    count = len(result.games)
    # A table that wins or loses together (or one seat) wins a game whole: its rate is the table's.
    together = result.together
    options = ", ".join(f"{key}={option_text(value)}" for key, value in result.options.items())
    wins = Table(title=f"Wins over {count} games of {result.game} (seeds {result.first_seed}–"
                       f"{result.first_seed + count - 1}{', ' + options if options else ''})"
                       + ("" if together else "; a win shared by several seats counts its share for each"),
                 title_justify="left")
    for column in ("seat", "bot", "wins", "win rate", "95% interval"):
        wins.add_column(column, justify="right" if column[0] in "w9" else "left")
    if together:
        table_won = count - result.undecided
        wins.add_row("all" if result.players > 1 else "0", ", ".join(result.seats), str(table_won),
                     *rate_cells(table_won, count))
    else:
        for seat, won in enumerate(result.wins_by_seat()):
            wins.add_row(str(seat), result.seats[seat], f"{round(won, 2):g}", *rate_cells(won, count))
        if result.undecided:
            wins.add_row("—", "no winner", str(result.undecided), *rate_cells(result.undecided, count))
    console.print(wins)

    if not together and 1 < len(set(result.seats)) < result.players:  # a kind at several seats
        kinds = Table(title="Wins by bot kind", title_justify="left")
        for column in ("bot", "seat-games", "wins", "win rate", "95% interval"):
            kinds.add_column(column, justify="left" if column == "bot" else "right")
        for kind, (won, played) in sorted(result.wins_by_kind().items()):
            kinds.add_row(kind, str(played), f"{round(won, 2):g}", *rate_cells(won, played))
        console.print(kinds)
    for table in simulation_figures.category_tables(result):
        console.print(table)

    # A score that is only the win (1 for the winner) would repeat the table above.
    if not result.scores_are_wins:
        scores = Table(title="Scores by seat", title_justify="left")
        for column in ("seat", "bot", "min", "mean", "median", "max", "stdev"):
            scores.add_column(column, justify="left" if column in ("seat", "bot") else "right")
        for seat in range(result.players):
            spread = result.score_spread(seat)
            scores.add_row(str(seat), result.seats[seat], f"{spread.minimum:g}", f"{spread.mean:.2f}",
                           f"{spread.median:g}", f"{spread.maximum:g}", f"{spread.stdev:.2f}")
        console.print(scores)

    length = result.length_spread()
    console.print(f"Game length in steps (the actions of a game, every seat's): mean {length.mean:.1f}, "
                  f"min {length.minimum:g}, max {length.maximum:g}")

    # The game's own figures; those of each item (a card, a trait) are many, for --json and a report.
    figures = result.statistics_per_game()
    plain = {key: value for key, value in figures.items() if ITEM_SEPARATOR not in key}
    if plain:
        table = Table(title="The game's figures, per game", title_justify="left")
        table.add_column("figure")
        table.add_column("mean per game", justify="right")
        for key, value in plain.items():
            table.add_row(figure_words(key), f"{value:.2f}")
        console.print(table)
    if len(plain) < len(figures):
        items = {key.partition(ITEM_SEPARATOR)[2] for key in figures if ITEM_SEPARATOR in key}
        console.print(f"And {len(figures) - len(plain)} figures of {len(items)} items (cards, traits): in --json, "
                      "and as tables in 'quarkade report'.")


@app.command("simulate")
def simulate_command(
    game: Annotated[str, typer.Argument(help="A game id, e.g. quirky-quarks.")],
    n: Annotated[int, typer.Option("-n", "--games", help="How many games.")] = 100,
    seats: Annotated[str | None, typer.Option(
        metavar="KINDS", help="One bot a seat, comma-separated, e.g. heuristic,random: a kind (`quarkade bots GAME` "
                              "lists them), a kind with settings (mcts:iterations=50) or module:Class; random play "
                              "at every seat by default.", show_default=False)] = None,
    players: PlayersOption = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game; the others follow.")] = 0,
    option: OptionList = None,
    out: Annotated[Path | None, typer.Option(help="Write every game's record here, one JSON a line.",
                                             show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
    backend: Annotated[str, typer.Option(help="Where the games run: serial, process (a pool on this machine) "
                                              "or ray; the same seeds give the same results on each, for bots "
                                              "that decide by their seed alone.")] = "process",
    workers: Annotated[int | None, typer.Option(help="Processes (or Ray CPUs); the machine's cores by default.",
                                                show_default=False)] = None,
    address: Annotated[str | None, typer.Option(help="The Ray cluster to use, e.g. ray://host:10001 (ray only); "
                                                     "a local Ray by default.", show_default=False)] = None,
) -> None:
    """Play many seeded bot games and sum up wins, scores and game lengths.

    The same seeds give the same games, on every backend, for bots that decide by their seed
    alone. A search on a time budget (`mcts`, `hard`, `expert`) does not: how far it searches
    depends on the machine. `mcts:iterations=N,seconds=S` searches N iterations a move and is
    reproducible if S (CPU seconds) is large enough for them."""
    kinds = seat_kinds(seats, players, game, "random", "random")
    if HUMAN in kinds:
        fail("a simulation is played by bots only: leave 'human' out of --seats")
    the_game = load_game(game, len(kinds), option)
    # Refused before the output file is opened or any game is played (settings too: mcts:seconds=1).
    for kind in kinds:
        try:
            make_bot(kind, the_game, 0)
        except QuarkadeError as error:
            fail(str(error))
    try:
        check_backend(backend, workers, address)
    except QuarkadeError as error:
        fail(str(error))
    check_out(out, "records")
    try:
        records = out.open("w", encoding="utf-8") if out is not None else None
    except OSError as error:
        fail(f"cannot write {out}: {error.strerror}")
    progress = progress_bar()
    try:
        with sigterm_as_interrupt() as signalled, progress:
            task = progress.add_task(the_game.id, total=n)
            result = simulate(the_game, kinds, n, seed, records=records, on_game=lambda _: progress.advance(task),
                              backend=backend, workers=workers, address=address)
    except QuarkadeError as error:
        fail(str(error))
    except Interrupted as stop:
        if isinstance(stop, SimulationInterrupted) and stop.result.games and not as_json:
            print_simulation(stop.result)  # the games played by then, as far as they go
        kept = f"; their records are in {out}" if out is not None else ""
        fail(f"simulation stopped after {stop.done} of {stop.total} games{kept}", code=signalled.status)
    finally:
        if records is not None:
            records.close()
    if as_json:
        typer.echo(json.dumps(simulation_figures.summary_json(result)))
    else:
        print_simulation(result)
    if out is not None:
        # Beside a JSON summary the note goes to stderr, so stdout stays one JSON object.
        (errors if as_json else console).print(f"{plural(n, 'record')} written to {out}.")
