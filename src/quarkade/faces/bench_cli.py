"""The ``quarkade bench`` command: the engine's speed as ratios to a reference run in the same
process (``quarkade.tools.bench``), or the web server's (``quarkade.tools.bench_server``)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from quarkade import compiled
from quarkade.core.registry import list_games
from quarkade.faces.cli import OptionList, app, console, errors, fail, load_game, optional_module
from quarkade.tools import bench as benchmark
from quarkade.tools.backends import BATCH_COLLECTOR


def print_bench(results: list[benchmark.BenchResult]) -> None:
    first = results[0]
    rates = Table(title=f"Per CPU second on one core ({first.seconds:g} CPU s a figure, {first.rounds} rounds)",
                  title_justify="left")
    for column in ("game", "players", "steps/s", "games/s", "clones/s", "simulate/s", "search/s"):
        rates.add_column(column, justify="left" if column == "game" else "right", no_wrap=column == "game")
    for result in results:
        rates.add_row(result.game, str(result.players), f"{result.steps_per_s:,.0f}", f"{result.games_per_s:,.1f}",
                      f"{result.clones_per_s:,.0f}", f"{result.simulate_steps_per_s:,.0f}",
                      "—" if result.search_simulations_per_s is None else
                      f"[{'green' if result.search_met else 'red'}]{result.search_simulations_per_s:,.0f}[/]"
                      + (f" ({min(result.search_rounds):,.0f}–{max(result.search_rounds):,.0f})"
                         if result.search_rounds else ""))
    console.print(rates)

    def ratio(result: benchmark.BenchResult, name: str) -> str:
        if result.ratios is None:
            return "—"
        figure = result.ratios[name]
        colour = "green" if figure.met else "red"
        return f"[{colour}]{figure.median:.2f}×[/{colour}] ({min(figure.values):.2f}–{max(figure.values):.2f})"

    if first.ratios is not None:
        ratios = Table(title="Ratios to the reference (median, min–max over the rounds)", title_justify="left")
        for column in ("game", "random", "clones", "simulate", "targets"):
            ratios.add_column(column, justify="left" if column == "game" else "right", no_wrap=True)
        for result in results:
            ratios.add_row(result.game, ratio(result, "random"), ratio(result, "clones"), ratio(result, "simulate"),
                           "[green]met[/green]" if result.meets_targets else "[red]missed[/red]")
        console.print(ratios)
    if first.openspiel_python_ttt_steps_per_s is None:
        console.print("OpenSpiel is not installed (the 'bench' extra): no reference, no ratios.", style="dim")
    else:
        console.print("×: median ratio to OpenSpiel's pure-Python tic-tac-toe measured just before, over the rounds "
                      f"(min–max); the reference ran at a median {first.openspiel_python_ttt_steps_per_s:,.0f} "
                      "steps/s. simulate: heuristic bots, views included.", style="dim")
    console.print(f"Engine: {compiled.engine()}. Python's collector as simulate sets it (thresholds "
                  f"{', '.join(map(str, BATCH_COLLECTOR))}), for the reference too.", style="dim")
    console.print(f"Targets: random play ≥ {benchmark.RANDOM_TARGET:g}×, clones ≥ {benchmark.CLONES_TARGET:g}×, "
                  f"simulate ≥ {benchmark.SIMULATE_TARGET:g}× the reference; the search bot (IS-MCTS): "
                  f"{benchmark.SEARCH_TARGET:,} simulations/s (median, min–max over the rounds, "
                  f"{benchmark.SEARCH_DECISION:g} CPU s a decision at positions of whole games). "
                  "Rates are per CPU second.", style="dim")


@app.command("bench")
def bench_command(
    game: Annotated[str, typer.Argument(help="A game id, 'all' for every game, or 'server' for the web server.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    seconds: Annotated[float, typer.Option(help="CPU seconds of each figure, over all rounds.")] = 3.0,
    rounds: Annotated[int, typer.Option(help="Rounds interleaving the reference and the game.")] = benchmark.ROUNDS,
    players: Annotated[int | None, typer.Option(help="Players; the game's usual number by default.",
                                                show_default=False)] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game.")] = 0,
    option: OptionList = None,
    tables: Annotated[int, typer.Option(help="Concurrent tables (bench server only).")] = 200,
    think: Annotated[float, typer.Option(
        metavar="SECONDS", help="Each simulated player's mean think time before an action (bench server only); "
                                "0 is bot speed: every action leaves as soon as its state arrives.")] = 0.5,
) -> None:
    """Measure the engine's speed as ratios to a reference, or the web server's.

    Random play, clones and simulate (heuristic bots) as ratios to OpenSpiel's tic-tac-toe, in
    interleaved rounds on CPU time; with 'server', the web server's moves per second and
    move-to-update latency."""
    if seconds <= 0:
        fail(f"--seconds is a positive duration, not {seconds}")
    if rounds < 1:
        fail(f"--rounds is at least 1, not {rounds}")
    if game == "server":
        if think < 0:
            fail(f"--think is a mean time in seconds, 0 or more, not {think}")
        if tables < 1:
            fail(f"--tables is at least 1, not {tables}")
        server_bench = optional_module("quarkade.tools.bench_server", "the server benchmark")
        server_bench.run(tables=tables, seconds=seconds, json_output=as_json, think=think,
                         **({} if players is None else {"players": players}))
        return
    if game == "all":
        if option or players is not None:
            fail("--option and --players apply to one game, not to 'all'")
        to_measure = [load_game(info.id, None, None) for info in sorted(list_games(), key=lambda i: i.id)]
    else:
        to_measure = [load_game(game, players, option)]
    with errors.status("measuring…"):
        results = [benchmark.bench(one, seconds, seed, rounds) for one in to_measure]
    if not as_json:
        print_bench(results)
    elif game == "all":
        typer.echo(json.dumps({"games": [result.to_json() for result in results]}))
    else:
        typer.echo(json.dumps(results[0].to_json()))
