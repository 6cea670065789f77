"""Seat-rotated matches of one bot against the game's heuristic bots, with Wilson intervals.

    python -m quarkade.tools.search_match GAME PLAYERS GAMES [BOT] [--jsonl FILE]

The tested bot (``mcts:seconds=1`` by default) sits at each seat in turn, the others are
heuristic bots; a shared win counts as a share. Each finished game is printed as a JSON line,
so a long run can be read while it goes; the summary is the last line.
"""

from __future__ import annotations

import json
import sys
import time

import quarkade
from quarkade.agents.base import make_bot
from quarkade.tools.intervals import wilson_interval
from quarkade.tools.match import play_match


def run(game_id: str, players: int, games: int, bot: str = "mcts:seconds=1") -> dict[str, object]:
    game = quarkade.load(game_id, players=players)
    won = 0.0
    for number in range(games):
        seat = number % players  # the seat rotates so no seat's advantage favours the tested bot
        seed = 1000 + number
        bots = [make_bot(bot if s == seat else "heuristic", game, seed * 17 + s) for s in range(players)]
        started = time.perf_counter()
        state = play_match(game, bots, seed)
        share = 1.0 / len(state.winners) if seat in state.winners else 0.0
        won += share
        print(json.dumps({"game": game_id, "players": players, "seed": seed, "seat": seat, "share": share,
                          "scores": list(state.scores), "seconds": round(time.perf_counter() - started, 1)}),
              flush=True)
    low, high = wilson_interval(won, games)
    summary: dict[str, object] = {"game": game_id, "players": players, "bot": bot, "games": games,
                                  "win_rate": round(won / games, 3), "wilson95": [round(low, 3), round(high, 3)],
                                  "fair_share": round(1 / players, 3)}
    print(json.dumps(summary), flush=True)
    return summary


if __name__ == "__main__":
    arguments = sys.argv[1:]
    run(arguments[0], int(arguments[1]), int(arguments[2]), *arguments[3:4])
