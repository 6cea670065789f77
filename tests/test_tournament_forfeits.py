"""Tournaments with ``--forfeit``: a bot that fails loses that game, and the tournament goes on
(without it, the first failure stops the tournament)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import quarkade
from quarkade.core.errors import InvalidOptions
from quarkade.faces.cli import app
from quarkade.tools.match import BotFailure
from quarkade.tools.tournament import run_tournament

# A bot that raises at its first move in about half of its games, by its seed (so the same
# games fail on every backend).
FLAKY = """\
import random
from quarkade.agents.base import Bot

class Flaky(Bot):
    def __init__(self, game, seed=0):
        super().__init__(game, seed)
        self.fails = random.Random(seed).random() < 0.5

    def choose(self, view, legal):
        if self.fails:
            raise ValueError("flaky by design")
        return legal[0]
"""

# An external program that gives no answer to the first 'act' of the first process started
# (the file named by its argument marks that one was), and answers 0 otherwise.
SLOW_ONCE = """\
import json, os, sys, time
flag = sys.argv[1]
first = not os.path.exists(flag)
open(flag, "a").write(f"{os.getpid()}\\n")
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "over":
        with open(flag + ".over", "a") as notes:
            notes.write(json.dumps(message) + "\\n")
    if message["type"] != "act":
        continue
    if first:
        time.sleep(30)
    print(0, flush=True)
"""


@pytest.fixture
def flaky(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "flaky_bots.py").write_text(FLAKY)
    monkeypatch.syspath_prepend(str(tmp_path))
    return "flaky_bots:Flaky"


EXITS = """\
import os, sys
from quarkade.agents.base import Bot

class Quits(Bot):
    def choose(self, view, legal):
        sys.exit()

class Dies(Bot):
    def choose(self, view, legal):
        os._exit(7)
"""


def test_a_bot_that_calls_sys_exit_fails_as_any_other(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """sys.exit in choose ended a run silently with status 0: it is a failure, named, and a
    forfeit with --forfeit."""
    (tmp_path / "exits.py").write_text(EXITS)
    monkeypatch.syspath_prepend(str(tmp_path))
    game = quarkade.load("quirky-quarks", players=2)
    with pytest.raises(BotFailure, match="'exits:Quits' at seat 0 failed .* its choose called sys.exit"):
        run_tournament(game, ["exits:Quits", "random"], deals=1, backend="serial")
    result = run_tournament(game, ["exits:Quits", "random"], deals=1, backend="serial", forfeit=True)
    assert all(played.forfeited for played in result.games)


def test_a_worker_process_that_dies_is_said_in_one_sentence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "exits.py").write_text(EXITS)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    game = quarkade.load("quirky-quarks", players=2)
    with pytest.raises(quarkade.QuarkadeError, match="a worker process ended while it played .* --backend serial"):
        run_tournament(game, ["exits:Dies", "random"], deals=1, backend="process", workers=1)


def test_without_forfeit_the_first_failure_stops_the_tournament(flaky: str) -> None:
    with pytest.raises(BotFailure, match="flaky by design"):
        run_tournament(quarkade.load("quirky-quarks", players=2), [flaky, "random"], deals=6, backend="serial")


def test_a_failure_loses_its_game_and_the_tournament_goes_on(flaky: str, tmp_path: Path) -> None:
    game = quarkade.load("quirky-quarks", players=2)
    log = tmp_path / "log.jsonl"
    result = run_tournament(game, [flaky, "random"], deals=6, backend="serial", forfeit=True, log=log)
    assert len(result.games) == 12
    lost = [played for played in result.games if played.forfeited]
    assert 0 < len(lost) < 12
    for played in lost:
        seat = played.seats.index(flaky)
        assert played.forfeited == (seat,) and played.winners == (1 - seat,)
        assert played.scores == (0.0, 0.0) and "flaky by design" in played.failure
        assert dict(played.finish())[flaky] > dict(played.finish())["random"]  # placed last
    assert {entrant: len(games) for entrant, games in result.forfeits().items()} == {flaky: len(lost)}
    # The log says which seat forfeited and why; read back, it is the same tournament.
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert lines[0]["tournament"]["forfeit"] is True
    assert sum(1 for line in lines[1:] if "forfeited" in line) == len(lost)
    again = run_tournament(game, [flaky, "random"], deals=6, backend="serial", forfeit=True, log=log)
    assert again.resumed == 12 and again.games == result.games
    # A log played with forfeits is another tournament's than one without.
    with pytest.raises(InvalidOptions, match="--forfeit true there"):
        run_tournament(game, [flaky, "random"], deals=6, backend="serial", log=log)


def test_forfeits_are_the_same_on_a_process_pool(flaky: str) -> None:
    game = quarkade.load("quirky-quarks", players=2)
    serial = run_tournament(game, [flaky, "random"], deals=4, backend="serial", forfeit=True)
    pooled = run_tournament(game, [flaky, "random"], deals=4, backend="process", workers=2, forfeit=True)
    assert pooled.games == serial.games and any(played.forfeited for played in pooled.games)


def test_a_forfeit_at_a_cooperative_table_places_the_entrant_last_on_that_deal(flaky: str) -> None:
    result = run_tournament(quarkade.load("quirky-circuits", players=2), [flaky, "heuristic"], deals=6,
                            backend="serial", forfeit=True)
    deals = dict(result._deals())
    for played in result.games:
        if played.forfeited:
            # the entrant plays every seat of its table: any of them may fail
            assert played.winners == () and played.seats[played.forfeited[0]] == flaky
            places = dict(deals[played.seed])
            assert places[flaky] > places["heuristic"]


def test_a_program_that_failed_is_ended_and_a_new_one_plays_on(tmp_path: Path) -> None:
    """The first process gives no answer in time: it forfeits that game and is ended; a new
    process plays the next games, and the other games are told over as usual."""
    path = tmp_path / "slow_once.py"
    path.write_text(SLOW_ONCE)
    flag = tmp_path / "started.txt"
    spec = f"exec:{sys.executable} {path} {flag}"
    result = run_tournament(quarkade.load("qwarks", players=2), [spec, "random"], deals=2, backend="serial",
                            external_seconds=1.0, forfeit=True)
    assert [bool(played.forfeited) for played in result.games] == [True, False, False, False]
    assert "gave no answer within 1 s" in result.games[0].failure
    assert len(flag.read_text().split()) == 2  # the first process, then one more for the rest
    assert len((tmp_path / "started.txt.over").read_text().splitlines()) == 3


def test_the_command_counts_the_forfeits_and_says_the_first(flaky: str, monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["tournament", "quirky-quarks", "--bots", f"{flaky},random", "--games", "4",
                                      "--backend", "serial", "--forfeit"])
    said = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert "forfeits" in said and f"forfeits: {flaky} failed in" in said and "flaky by design" in said
    stopped = CliRunner().invoke(app, ["tournament", "quirky-quarks", "--bots", f"{flaky},random", "--games", "4",
                                       "--backend", "serial"])
    assert stopped.exit_code == 2 and "With --forfeit a bot's failure loses that game" in stopped.output


# A bot that cannot be made for about a third of its seeds (its constructor raises).
UNMADE = """\
from quarkade.agents.base import Bot

class Shy(Bot):
    def __init__(self, game, seed=0):
        super().__init__(game, seed)
        if seed % 3 == 1:
            raise RuntimeError("will not sit down today")

    def choose(self, view, legal):
        return legal[0]
"""

# An external program that plays one game and exits after it (the file named by its argument
# counts the processes started).
ONE_GAME = """\
import json, sys
open(sys.argv[1], "a").write("started\\n")
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "act":
        print(0, flush=True)
    elif message["type"] == "over":
        break
"""


@pytest.mark.parametrize("backend", ["serial", "process"])
def test_a_bot_that_cannot_be_made_for_a_game_forfeits_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          backend: str) -> None:
    """An entrant whose bot cannot be made for a deal stopped the run even with --forfeit: now
    its seat forfeits that game, at step 0, and the tournament goes on; without --forfeit it
    still stops, with the reason."""
    (tmp_path / "shy_bots.py").write_text(UNMADE)
    monkeypatch.syspath_prepend(str(tmp_path))
    game = quarkade.load("quirky-quarks", players=2)
    result = run_tournament(game, ["shy_bots:Shy", "random"], deals=6, backend=backend, workers=2, forfeit=True)
    lost = [played for played in result.games if played.forfeited]
    assert lost and len(lost) < len(result.games) == 12
    for played in lost:
        seat = played.forfeited[0]
        assert played.seats[seat] == "shy_bots:Shy" and played.steps == 0 and played.winners == (1 - seat,)
        assert (f"bot 'shy_bots:Shy' at seat {seat} could not be made for the game of seed {played.seed}: "
                "RuntimeError: will not sit down today") in played.failure
    with pytest.raises(InvalidOptions, match="will not sit down today"):
        run_tournament(game, ["shy_bots:Shy", "random"], deals=6, backend=backend, workers=2)


def test_a_program_that_stops_between_games_forfeits_the_next_and_is_started_again(tmp_path: Path) -> None:
    """A program that exits after a game was found dead when told of the next one, which stopped
    the run even with --forfeit: now that game is forfeited and a new process plays the one after."""
    path = tmp_path / "one_game.py"
    path.write_text(ONE_GAME)
    started = tmp_path / "started.txt"
    spec = f"exec:{sys.executable} {path} {started}"
    result = run_tournament(quarkade.load("qwarks", players=2), [spec, "random"], deals=2, backend="serial",
                            forfeit=True)
    assert [bool(played.forfeited) for played in result.games] == [False, True, False, True]
    assert all(f"{spec!r} stopped" in played.failure for played in result.games if played.forfeited)
    assert len(started.read_text().split()) == 2
