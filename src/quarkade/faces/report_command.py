"""``quarkade report``: many seeded bot games of one game, written up as one HTML page with plots
(``quarkade.tools.report``)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated, Any

import typer

from quarkade.core.errors import QuarkadeError
from quarkade.core.game import OptionSpec

# The seats a report plays by default: the game's heuristic bots.
DEFAULT_BOT = "heuristic"


def sweep_values(spec: OptionSpec) -> list[Any]:
    """The values ``--sweep`` plays an option at: its list of choices, or false and true (as
    ``--option`` writes them); none for an option of numbers or free text."""
    if spec.kind is bool:
        return ["false", "true"]
    return list(spec.choices)


def unwritable(path: Path) -> str | None:
    """Why ``path`` cannot be written, or None if it can: found before any game is played, not
    after all of them. A file that was not there is not left behind."""
    if path.is_dir():
        return "it is a folder"
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        return error.strerror or str(error)
    if not existed:
        path.unlink()
    return None


def report_command(
    game: Annotated[str, typer.Argument(help="A game id, e.g. quirky-quarks.")],
    out: Annotated[Path, typer.Option(help="The HTML file to write.")],
    n: Annotated[int, typer.Option("-n", "--games", help="How many games (for each value of --sweep).")] = 200,
    seats: Annotated[str | None, typer.Option(metavar="KINDS", help="One bot a seat, comma-separated; "
                                              "heuristic bots by default.", show_default=False)] = None,
    players: Annotated[int | None, typer.Option(help="Number of players; by default, as many as --seats names.",
                                                show_default=False)] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game; the others follow.")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", metavar="KEY=VALUE",
                                                     help="A game option (repeatable).", show_default=False)] = None,
    sweep: Annotated[str | None, typer.Option(metavar="OPTION", help="Play --games games for each value of this "
                                              "option (one with a list of values, e.g. scenario, or a true-or-false "
                                              "one, e.g. advanced) and compare them.",
                                              show_default=False)] = None,
    backend: Annotated[str, typer.Option(help="Where the games run: serial, process or ray.")] = "process",
    workers: Annotated[int | None, typer.Option(help="Processes (or Ray CPUs); the machine's cores by default.",
                                                show_default=False)] = None,
    address: Annotated[str | None, typer.Option(help="The Ray cluster to use, e.g. ray://host:10001 (ray only); "
                                                     "a local Ray by default.", show_default=False)] = None,
) -> None:
    """Write a balance report of many seeded bot games, as one HTML file.

    Win rates with intervals, score and length distributions, first-player advantage and the
    game's own figures, with plots."""
    # Imported here: the command line module imports this one.
    from quarkade.agents.base import make_bot
    from quarkade.core.registry import game_class
    from quarkade.core.words import plural
    from quarkade.faces.cli import HUMAN, check_out, console, fail, load_game, optional_module, progress_bar, seat_kinds
    from quarkade.tools.backends import check_backend, sigterm_as_interrupt
    from quarkade.tools.simulate import Interrupted, SimulationResult, simulate
    from quarkade.tools.tournament import on_the_clock

    kinds = seat_kinds(seats, players, game, DEFAULT_BOT, DEFAULT_BOT)
    if HUMAN in kinds:
        fail("a report is played by bots only: leave 'human' out of --seats")
    the_game = load_game(game, len(kinds), option)
    for kind in kinds:  # a kind with settings or a class of one's own, as simulate takes them
        try:
            make_bot(kind, the_game, 0)
        except QuarkadeError as error:
            fail(str(error))
    values: list[Any] = [None]
    if sweep is not None:
        specs = {spec.name: spec for spec in game_class(the_game.id).info.options}
        spec = specs.get(sweep.replace("-", "_"))
        if spec is None or not sweep_values(spec):
            swept = [name for name, each in specs.items() if sweep_values(each)]
            fail(f"--sweep takes an option of {the_game.id} with a list of values or true and false "
                 f"({', '.join(swept) or 'it has none'}), not {sweep!r}")
        sweep = spec.name
        values = sweep_values(spec)
        if any(pair.partition("=")[0].strip().replace("-", "_") == sweep for pair in option or []):
            fail(f"--sweep {sweep} plays every value of {sweep}: leave --option {sweep} out")
    if n < 1:
        fail(f"a report plays at least one game, not {n}")
    check_out(out, "report")
    try:
        check_backend(backend, workers, address)
    except QuarkadeError as error:
        fail(str(error))
    report = optional_module("quarkade.tools.report", "the report")
    # Refused before any game is played.
    optional_module("matplotlib", "matplotlib, for the report's plots (pip install 'quarkade[report]'),")
    problem = unwritable(out)
    if problem is not None:
        fail(f"cannot write {out}: {problem}")
    if out.suffix.lower() not in (".html", ".htm"):
        fail(f"a report is one HTML page: give --out a file name ending in .html, not {out.name!r}")
    results: list[tuple[Any, SimulationResult]] = []
    progress = progress_bar()
    task = progress.add_task(the_game.id, total=n * len(values))
    try:
        with sigterm_as_interrupt() as signalled, progress:
            for value in values:
                variant = the_game if sweep is None else load_game(game, len(kinds),
                                                                   [*(option or []), f"{sweep}={value}"])
                console.print(f"{the_game.id}: {n} games" + ("" if sweep is None else f" with {sweep}={value}"))
                results.append((value, simulate(variant, kinds, n, seed, backend=backend, workers=workers,
                                                address=address, on_game=lambda _: progress.advance(task))))
    except QuarkadeError as error:
        fail(str(error))
    except Interrupted as stop:
        played = sum(len(result.games) for _, result in results) + stop.done
        fail(f"report stopped after {played} of {n * len(values)} games: nothing was written to {out}",
             code=signalled.status)
    result = results[0][1] if sweep is None else report.merge_sweep(sweep, results)
    # How to make the same report again: the command as given, seeds and all.
    words = ["quarkade", "report", the_game.id, "--games", str(n), "--seats", ",".join(kinds), "--seed", str(seed)]
    for pair in option or []:
        words += ["--option", pair]
    if sweep is not None:
        words += ["--sweep", sweep]
    words += ["--out", str(out)]
    title = report.variant_title(game_class(the_game.id).info.title, the_game.id, result.options)
    page = report.render_report(result, title, shlex.join(words),
                                clocked=on_the_clock(the_game, kinds), per_value=None if sweep is None else n)
    try:
        out.write_text(page, encoding="utf-8")
    except OSError as error:
        fail(f"cannot write {out}: {error.strerror}")
    console.print(f"Report of {plural(len(result.games), 'game')} written to {out}.")
