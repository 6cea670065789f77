"""The ``quarkade tournament`` command: bots against each other, rated, with a resumable log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from quarkade.core.errors import QuarkadeError
from quarkade.core.registry import game_class
from quarkade.faces.cli import OptionList, app, console, errors, fail, load_game, parse_seats
from quarkade.tools.tournament import Played, TournamentResult, run_tournament


def print_tournament(result: TournamentResult) -> None:
    settings = result.settings
    strengths = {row.player: row for row in result.strengths()}
    how = ("each bot at every seat of its own table, compared deal by deal" if settings.by_deal
           else "every lineup in every seat rotation")
    table = Table(title=f"{settings.game}, {settings.players} players: {len(result.games)} games "
                        f"({settings.deals} deals, {how})", title_justify="left")
    # An entrant's name is never cut short: two policies may differ only in the file they read.
    table.add_column("bot", justify="left", overflow="fold")
    for column in ("games", "wins", "μ", "σ", "μ−3σ", "BT", "BT 95%"):
        table.add_column(column, justify="right", no_wrap=True)
    for rating in result.ratings():
        strength = strengths.get(rating.player)
        fitted = ("", "") if strength is None else (f"{strength.strength:+.0f}",
                                                    f"{strength.low:+.0f}…{strength.high:+.0f}")
        table.add_row(rating.player, str(rating.games), f"{rating.wins:g}", f"{rating.mu:.1f}",
                      f"{rating.sigma:.1f}", f"{rating.ordinal:.1f}", *fitted)
    console.print(table)
    console.print("μ, σ: OpenSkill (Plackett–Luce) rating and its uncertainty; the table is sorted by μ−3σ. "
                  "BT: Bradley–Terry strength on Elo's scale (mean 0) from every pairing of seats in a game, "
                  "with its 95% interval from a bootstrap over deals.", style="dim")


@app.command("tournament")
def tournament_command(
    game: Annotated[str, typer.Argument(help="A game id, e.g. qwarks.")],
    bots: Annotated[str, typer.Option(
        metavar="BOTS", help="Comma-separated entrants: a bot kind (heuristic, random, mcts, a level), "
                             "module:Class (an importable Bot subclass) or exec:COMMAND (an external program, "
                             "see docs/bots.md).")],
    games: Annotated[int, typer.Option("--games", "-n", help="Deals; each is played by every lineup of bots "
                                                              "in every rotation of the seats.")] = 10,
    players: Annotated[int | None, typer.Option(help="Seats a game; by default as many as there are bots, "
                                                     "within the game's limits.", show_default=False)] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first deal; the others follow.")] = 0,
    option: OptionList = None,
    log: Annotated[Path | None, typer.Option(help="Result log (JSON lines). A run restarted on the same log "
                                                  "skips the games it holds and plays the rest.",
                                             show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the ratings as one JSON object.")] = False,
    backend: Annotated[str, typer.Option(help="Where the games run: serial, process (a pool on this machine) "
                                              "or ray; games with an exec: program run in this process.")
                       ] = "process",
    workers: Annotated[int | None, typer.Option(help="Processes (or Ray CPUs) for the backend.",
                                                show_default=False)] = None,
    address: Annotated[str | None, typer.Option(help="The Ray cluster to use (ray only).",
                                                show_default=False)] = None,
) -> None:
    """Play a tournament between bots and rate them (OpenSkill and Bradley–Terry)."""
    specs = parse_seats(bots, "--bots")
    if players is None:
        try:
            info = game_class(game).info
        except QuarkadeError as error:
            fail(str(error))
        players = max(info.min_players, min(len(specs), info.max_players))
    the_game = load_game(game, players, option)
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                        TextColumn("{task.fields[last]}"), console=errors, transient=True)
    task = progress.add_task(the_game.id, total=None, last="")

    def started(total: int, logged: int) -> None:
        progress.update(task, total=total, completed=logged)
        if logged:
            errors.print(f"{logged} of {total} games read back from {log}; playing the rest.")

    def finished(played: Played) -> None:
        won = ", ".join(played.seats[seat] for seat in played.winners) or "nobody"
        progress.update(task, advance=1, last=f"deal {played.seed}: {won} won")

    try:
        with progress:
            result = run_tournament(the_game, specs, games, seed, log=log, backend=backend, workers=workers,
                                    address=address, on_game=finished, on_start=started)
    except QuarkadeError as error:
        fail(str(error))
    except KeyboardInterrupt:
        where = f": the games played are in {log}; the same command resumes it" if log is not None else ""
        fail(f"tournament stopped{where}", code=130)
    except OSError as error:
        if log is None or error.filename not in (str(log), log):
            raise  # not the log's
        fail(f"cannot use the log {log}: {error.strerror or error}")
    if as_json:
        typer.echo(json.dumps(result.to_json()))
    else:
        print_tournament(result)
