"""The ``quarkade tournament`` command: bots against each other, rated, with a resumable log."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import TextColumn
from rich.table import Table

from quarkade.core.errors import QuarkadeError
from quarkade.core.registry import game_class
from quarkade.core.words import plural
from quarkade.faces.cli import OptionList, app, console, errors, fail, load_game, parse_seats, progress_bar
from quarkade.tools.backends import sigterm_as_interrupt
from quarkade.tools.match import BotFailure
from quarkade.tools.ratings import Strength
from quarkade.tools.tournament import (
    EXTERNAL_TIMEOUT,
    BotSpecError,
    Played,
    TournamentInterrupted,
    TournamentResult,
    on_the_clock,
    run_tournament,
)


def print_tournament(result: TournamentResult, stopped: bool = False) -> None:
    """The ratings table and what its columns mean; ``stopped``: of a run stopped early, the
    games played so far."""
    settings = result.settings
    strengths = {row.player: row for row in result.strengths()}
    ratings = result.ratings()  # a row each entrant, by its name
    how = ("each bot at every seat of its own table, compared deal by deal" if settings.by_deal
           else "every lineup in every order of its seats" if settings.seating == "permutations"
           else "every lineup in every seat rotation")
    so_far = "so far, of a run stopped early: " if stopped else ""
    table = Table(title=f"{settings.game}, {plural(settings.players, 'player')}: {so_far}"
                        f"{plural(len(result.games), 'game')} ({plural(settings.deals, 'deal')}, {how})",
                  title_justify="left")
    # An entrant's name is never cut short: two policies may differ only in the file they read.
    # (at least 16 columns wide: at 80, the other columns squeezed it to a letter a line)
    table.add_column("bot", justify="left", overflow="fold",
                     min_width=min(16, max((len(rating.player) for rating in ratings), default=1)))
    # Deal by deal, "wins" would read as games won: the games won and the first places are told apart.
    counted: tuple[str, ...] = ("deals", "won", "firsts") if settings.by_deal else ("games", "wins")
    forfeits = result.forfeits()
    if forfeits:
        counted += ("forfeits",)
    for column in (*counted, "μ", "σ", "μ−3σ", "BT", "BT 95%"):
        table.add_column(column, justify="right", no_wrap=True)
    won = result.games_won()
    for rating in ratings:
        strength = strengths.get(rating.player)
        fitted = ("", "") if strength is None else strength_cells(strength)
        counts = [str(rating.games), f"{round(rating.wins, 2):g}"]
        if settings.by_deal:
            counts.insert(1, str(won.get(rating.player, 0)))
        if forfeits:
            counts.append(str(len(forfeits.get(rating.player, ()))))
        table.add_row(rating.player, *counts, f"{rating.mu:.1f}", f"{rating.sigma:.1f}", f"{rating.ordinal:.1f}",
                      *fitted)
    console.print(table, crop=False)  # piped at 80 columns, a wide table is printed whole, not cut
    for line in footnotes(result, list(strengths.values())):
        console.print(line, style="dim")


def strength_cells(strength: Strength) -> tuple[str, str]:
    """The BT and BT 95% cells: a strength the data leave unbounded on one side shows as a bound,
    without an interval."""
    if strength.separated == "won":
        return f"> {strength.strength:+.0f}", "—"
    if strength.separated == "lost":
        return f"< {strength.strength:+.0f}", "—"
    if not strength.spread:
        return f"{strength.strength:+.0f}", "—"
    return f"{strength.strength:+.0f}", f"{strength.low:+.0f}…{strength.high:+.0f}"


def footnotes(result: TournamentResult, strengths: list[Strength]) -> list[str]:
    """What the table's columns mean, and why an interval is missing where one is."""
    lines = []
    if result.settings.by_deal:
        lines.append("won: the deals whose game the bot won; firsts: the deals on which it did best of the bots "
                     "(a first place shared counts its share, so every bot has a share of a deal all lost alike); "
                     "each bot plays each deal once.")
    for entrant, forfeited in result.forfeits().items():
        scored = "it lost it" if len(forfeited) == 1 else "each lost"
        lines.append(f"forfeits: {entrant} failed in {plural(len(forfeited), 'game')}, {scored}; the first: "
                     f"{forfeited[0].failure}")
    lines.append("μ, σ: OpenSkill (Plackett–Luce) rating and its uncertainty; the table is sorted by μ−3σ. "
                 "BT: Bradley–Terry strength on Elo's scale (mean 0) from every pairing of seats in a game, "
                 "with its 95% interval from a bootstrap over deals.")
    won = [row.player for row in strengths if row.separated == "won"]
    lost = [row.player for row in strengths if row.separated == "lost"]
    if won or lost:
        said = [f"{', '.join(won)} won every comparison"] if won else []
        said += [f"{', '.join(lost)} lost every {'one' if won else 'comparison'}"] if lost else []
        lines.append(f"— no interval: {' and '.join(said)}, which bounds a strength on one side only; BT shows it "
                     "as above (>) or below (<) the estimate one virtual tie a pairing holds it at. An interval "
                     "needs a comparison won and one lost.")
    if any(row.separated is None and not row.spread for row in strengths):
        lines.append("— no interval: every resample of the deals gave the same strength (too few deals); "
                     "play more with --games.")
    return lines


@app.command("tournament")
def tournament_command(
    game: Annotated[str, typer.Argument(help="A game id, e.g. qwarks.")],
    bots: Annotated[str, typer.Option(
        metavar="BOTS", help="Comma-separated entrants: a bot kind (heuristic, random, mcts, a level), "
                             "module:Class (an importable Bot subclass) or exec:COMMAND (an external program, "
                             "see docs/bots.md), each under a name of its own if given as NAME=… "
                             "(ppo=mybots:Policy:file=run7.npz).")],
    games: Annotated[int, typer.Option("--games", "-n", help="Deals; each is played by every lineup of bots "
                                                              "in every rotation (or order) of the seats.")] = 10,
    players: Annotated[int | None, typer.Option(help="Seats a game; by default as many as there are bots, "
                                                     "within the game's limits.", show_default=False)] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first deal; the others follow.")] = 0,
    option: OptionList = None,
    log: Annotated[Path | None, typer.Option(help="Result log (JSON lines). A run restarted on the same log "
                                                  "skips the games it holds and plays the rest; with more "
                                                  "--games it extends the tournament with new deals.",
                                             show_default=False)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the ratings as one JSON object.")] = False,
    backend: Annotated[str, typer.Option(help="Where the games run: serial, process (a pool on this machine) "
                                              "or ray; games with an exec: program run in this process.")
                       ] = "process",
    workers: Annotated[int | None, typer.Option(help="Processes (or Ray CPUs) for the backend.",
                                                show_default=False)] = None,
    address: Annotated[str | None, typer.Option(help="The Ray cluster to use (ray only).",
                                                show_default=False)] = None,
    seating: Annotated[str, typer.Option(help="rotations: each lineup in every rotation of its seats (each bot in "
                                              "every seat, its neighbours as --bots lists them); permutations: in "
                                              "every order (each bot after each other one too).")] = "rotations",
    exec_seconds: Annotated[float, typer.Option(help="Seconds an exec: program may take to answer one 'act' "
                                                     "(its first, while it starts, too); a Python class has no "
                                                     "limit.", min=0.1)] = EXTERNAL_TIMEOUT,
    forfeit: Annotated[bool, typer.Option(help="A bot that fails in a game (raises, chooses what is not a legal "
                                               "action, an exec: program's fault) loses that game, and the "
                                               "tournament goes on; by default the failure stops it.")] = False,
) -> None:
    """Play a tournament between bots and rate them (OpenSkill and Bradley–Terry).

    With --log, an interrupted run (Ctrl-C, or a kill) keeps every game it finished, and the same
    command plays the rest: the finished log is the same as an uninterrupted run's, for bots that
    decide by their seed alone. A search on a time budget (`mcts`, `hard`, `expert`) does not:
    how far it searches depends on the machine. `mcts:iterations=N,seconds=S` searches N
    iterations a move and is reproducible if S (CPU seconds) is large enough for them.

    The same command with more --games extends a finished (or stopped) tournament on its log:
    the games logged are kept and the new deals are played after them."""
    specs = parse_seats(bots, "--bots")
    if players is None:
        try:
            info = game_class(game).info
        except QuarkadeError as error:
            fail(str(error))
        players = max(info.min_players, min(len(specs), info.max_players))
    the_game = load_game(game, players, option)
    progress = progress_bar(TextColumn("{task.fields[last]}"))
    task = progress.add_task(the_game.id, total=None, last="")

    began: list[int] = []  # the games logged when play began (none yet: refused before any game)
    # The places of games read back from the log ahead of their turn, and the next game's place:
    # a game read back is counted done from the start, not again when its turn comes.
    read_ahead: frozenset[int] = frozenset()
    place = 0

    def started(total: int, logged: int, ahead: frozenset[int]) -> None:
        nonlocal read_ahead, place
        began.append(logged)
        read_ahead, place = ahead, logged
        read_back = logged + len(ahead)
        progress.update(task, total=total, completed=read_back)
        if read_back:
            rest = "nothing is left to play" if read_back == total else "playing the rest"
            errors.print(f"{read_back} of {total} games read back from {log}; {rest}.")

    def grown(before: int, deals: int) -> None:
        errors.print(f"{log} held a tournament of {plural(before, 'deal')}: it is extended to {deals}.")

    def finished(played: Played) -> None:
        nonlocal place
        if played.forfeited:
            said = f"{', '.join(played.seats[seat] for seat in played.forfeited)} forfeited"
        else:
            said = f"{', '.join(played.seats[seat] for seat in played.winners) or 'nobody'} won"
        progress.update(task, advance=0 if place in read_ahead else 1, last=f"deal {played.seed}: {said}")
        place += 1

    try:
        if log is not None:
            clocked = on_the_clock(the_game, specs)
            if clocked:
                errors.print(f"Note: {', '.join(clocked)} {'searches' if len(clocked) == 1 else 'search'} on a time "
                             "budget, so the games depend on the machine's speed and load: a resumed run will not "
                             "play them as an uninterrupted one would (mcts:iterations=N,seconds=S searches by "
                             "count, reproducibly).", style="yellow", markup=False, soft_wrap=True)
        with sigterm_as_interrupt() as signalled, progress:
            result = run_tournament(the_game, specs, games, seed, log=log, backend=backend, workers=workers,
                                    address=address, on_game=finished, on_start=started, external_seconds=exec_seconds,
                                    seating=seating, forfeit=forfeit, on_grow=grown)
    except (BotSpecError, BotFailure) as error:  # an entrant refused, or one that failed in a game
        where = ""
        if isinstance(error, BotFailure) and not forfeit:
            where = " With --forfeit a bot's failure loses that game, and the tournament goes on."
        if log is not None and began:
            where = (f" The games finished before it are in {log}; the same command plays the rest with the same "
                     "code (mending an entrant's code makes its log another tournament's)." + where)
        said = str(error)
        fail(f"{said}{'' if not where or said.endswith('.') else '.'}{where}")
    except QuarkadeError as error:
        fail(str(error))
    except KeyboardInterrupt as stop:
        if isinstance(stop, TournamentInterrupted):
            said = f"tournament stopped after {stop.done} of {stop.total} games"
            kept = "they are in"
            if stop.result.games and not as_json:  # the ratings so far, as far as they go
                print_tournament(stop.result, stopped=True)
        else:  # before any game
            said, kept = "tournament stopped", "the games logged are in"
        where = f": {kept} {log}, and the same command plays the rest" if log is not None else ""
        fail(f"{said}{where}", code=signalled.status)
    except OSError as error:
        if log is None or error.filename not in (str(log), log):
            raise  # not the log's
        fail(f"cannot use the log {log}: {error.strerror or error}")
    if as_json:
        typer.echo(json.dumps(result.to_json()))
    else:
        print_tournament(result)
