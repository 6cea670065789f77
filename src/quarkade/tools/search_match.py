"""Seat-rotated matches of one bot against the game's heuristic bots, with Wilson intervals.

    python -m quarkade.tools.search_match GAME PLAYERS GAMES [BOT] [--jobs N] [--first SEED] [--option KEY=VALUE]

In a competitive game the tested bot (``mcts:seconds=1`` by default) sits at each seat in turn,
the others are heuristic bots; a shared win counts as a share. In a cooperative game (Quirky
Circuits) and a one-seat game (Quirks Solitaire) a table of tested bots and a table of heuristic
bots each play the same seeds, and both win rates are given. Each finished game is printed as
a JSON line, so a long run can be read while it goes; the summary is the last line. ``--jobs``
plays that many games at a time in processes (the results do not depend on it: each game has
its own seed); the search bot's budget counts CPU time, so its strength depends little on how
busy the machine is, but for the caches it shares (``SearchBot``: beside many busy processes a
CPU second searches less). A match to be quoted is best played with the machine otherwise idle.

The figures of the search bot against the heuristics were measured with (two games at a time
at most on a shared two-core machine, some beside other work)::

    python -m quarkade.tools.search_match quirky-quarks 3 12 mcts:seconds=0.25
    python -m quarkade.tools.search_match quirky-quarks 2 12 mcts:seconds=0.25
    python -m quarkade.tools.search_match quirkling 2 12 mcts:seconds=0.25
    python -m quarkade.tools.search_match quirkling 2 20 mcts:seconds=1
    python -m quarkade.tools.search_match quirkling 3 10 mcts:seconds=0.25
    python -m quarkade.tools.search_match quirkling 3 38 mcts:seconds=1
    python -m quarkade.tools.search_match quirks 3 10 mcts:seconds=0.25
    python -m quarkade.tools.search_match quirks 2 10 mcts:seconds=0.25
    python -m quarkade.tools.search_match quirks 3 24 mcts:seconds=1
    python -m quarkade.tools.search_match quirks 2 30 mcts:seconds=1
    python -m quarkade.tools.search_match qwarks 3 12 mcts:seconds=0.25
    python -m quarkade.tools.search_match qwarks 2 10 mcts:seconds=0.25
    python -m quarkade.tools.search_match qwarks 3 12 mcts:seconds=1
    python -m quarkade.tools.search_match qwarks 2 12 mcts:seconds=1
    python -m quarkade.tools.search_match cosmic-encounter 3 10 mcts:seconds=0.25
    python -m quarkade.tools.search_match quirky-circuits 3 10 mcts:seconds=0.25
    python -m quarkade.tools.search_match quirks-solitaire 1 10 mcts:seconds=0.25

and the settings before the search was reworked (``mcts:seconds=0.1,depth=8,exploration=0.7,
guided=0.5,bias=10,margin=-1,widen=0,tree=true``, short uniform-and-guided playouts in one
tree, the most visited move played) with ``quirky-quarks 3 20`` and ``quirky-quarks 2 20``.
The same commands at ``mcts:seconds=1`` give the figures at the issue's budget (a 3-player
Quirky Quarks game then takes about a CPU minute). ``quirky-circuits`` and ``quirks-solitaire``
compare tables of search bots with tables of heuristic bots on the same seeds.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import typer

from quarkade.agents.base import make_bot
from quarkade.core.errors import QuarkadeError
from quarkade.core.game import Game
from quarkade.core.registry import configure, game_class
from quarkade.faces.cli import parse_options
from quarkade.tools.backends import batch_collector
from quarkade.tools.intervals import wilson_interval
from quarkade.tools.match import play_match

FIRST_SEED = 1000


def _share(winners: tuple[int, ...], seat: int) -> float:
    return 1.0 / len(winners) if seat in winners else 0.0


@batch_collector()
def play_one(game_id: str, players: int, bot: str, number: int, first: int = FIRST_SEED,
             options: dict[str, Any] | None = None) -> dict[str, object]:
    """Game ``number`` of a match: its seed, the tested bot's seat and its share of the win (and,
    in a cooperative or one-seat game, the heuristic table's result on the same seed). Played
    with the collector as ``simulate`` sets it (``backends.batch_collector``): a search on a time
    budget plays as many playouts as the batch tools would give it."""
    game = configure(game_id, players, options or {})
    seed = first + number
    started = time.process_time()
    if _together(game):
        tested = [make_bot(bot, game, seed * 17 + s) for s in range(players)]
        state = play_match(game, tested, seed)
        reference = play_match(game, [make_bot("heuristic", game, seed * 17 + s) for s in range(players)], seed)
        return {"game": game_id, "players": players, "seed": seed, "share": float(0 in state.winners),
                "heuristic_share": float(0 in reference.winners), "scores": list(state.scores),
                "heuristic_scores": list(reference.scores),
                "cpu_seconds": round(time.process_time() - started + _worker_seconds(tested), 1)}
    seat = number % players  # the seat rotates so no seat's advantage favours the tested bot
    bots = [make_bot(bot if s == seat else "heuristic", game, seed * 17 + s) for s in range(players)]
    state = play_match(game, bots, seed)
    spent = time.process_time() - started + _worker_seconds(bots)
    return {"game": game_id, "players": players, "seed": seed, "seat": seat, "share": _share(state.winners, seat),
            "scores": list(state.scores), "cpu_seconds": round(spent, 1)}


def _worker_seconds(bots: list[Any]) -> float:
    """The CPU time the bots' own worker processes spent (a search with ``workers``)."""
    return float(sum(getattr(bot, "worker_seconds", 0.0) for bot in bots))


def _together(game: Game) -> bool:
    return game.players == 1 or game.info.cooperative


def _results(game_id: str, players: int, games: int, bot: str, jobs: int, first: int,
             options: dict[str, Any]) -> Iterator[dict[str, object]]:
    if jobs <= 1:
        for number in range(games):
            yield play_one(game_id, players, bot, number, first, options)
        return
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
        futures = [pool.submit(play_one, game_id, players, bot, number, first, options) for number in range(games)]
        for future in futures:
            yield future.result()


def run(game_id: str, players: int, games: int, bot: str = "mcts:seconds=1", jobs: int = 1,
        first: int = FIRST_SEED, options: dict[str, Any] | None = None) -> dict[str, object]:
    """Play the match, print each game and the summary as JSON lines, and return the summary."""
    options = options or {}
    game = configure(game_id, players, options)
    won = 0.0
    reference = 0.0
    for result in _results(game_id, players, games, bot, jobs, first, options):
        won += float(result["share"])  # type: ignore[arg-type]
        reference += float(result.get("heuristic_share", 0.0))  # type: ignore[arg-type]
        print(json.dumps(result), flush=True)
    low, high = wilson_interval(won, games)
    summary: dict[str, object] = {"game": game_id, "players": players, "options": options, "bot": bot, "games": games,
                                  "win_rate": round(won / games, 3), "wilson95": [round(low, 3), round(high, 3)]}
    if _together(game):
        low, high = wilson_interval(reference, games)
        summary["heuristic_win_rate"] = round(reference / games, 3)
        summary["heuristic_wilson95"] = [round(low, 3), round(high, 3)]
    else:
        summary["fair_share"] = round(1 / players, 3)
    print(json.dumps(summary), flush=True)
    return summary


def main(arguments: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m quarkade.tools.search_match",
                                     description="A bot against the game's heuristic bots, seat-rotated.")
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("games", type=int)
    parser.add_argument("bot", nargs="?", default="mcts:seconds=1")
    parser.add_argument("--jobs", type=int, default=1, help="games played at a time, each in a process")
    parser.add_argument("--first", type=int, default=FIRST_SEED, help="the first game's seed")
    parser.add_argument("--option", action="append", metavar="KEY=VALUE",
                        help="a game option, as quarkade play takes it (repeatable): scenario=cafe-botanical")
    options = parser.parse_args(arguments)
    try:
        game_options = parse_options(game_class(options.game).info, options.option)
        configure(options.game, options.players, game_options)  # refused here, with its reason
    except typer.Exit as refused:  # parse_options said why
        raise SystemExit(refused.exit_code) from None
    except QuarkadeError as error:
        parser.error(str(error))
    run(options.game, options.players, options.games, options.bot, options.jobs, options.first, game_options)


if __name__ == "__main__":
    main()
