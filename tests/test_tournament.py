"""Tournaments: ratings that make sense, a log that resumes, entrants of every sort."""

from __future__ import annotations

import json
import math
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

import quarkade
from processes import descendants, running
from quarkade.faces.cli import app
from quarkade.faces.tournament_cli import strength_cells
from quarkade.tools.backends import Interrupted
from quarkade.tools.match import BotFailure
from quarkade.tools.ratings import Strength, bradley_terry, bradley_terry_table, openskill_table, ranks
from quarkade.tools.tournament import BotSpecError, Runner, lineups, on_the_clock, run_tournament, schedule

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "first_legal_bot.py"
EXTERNAL = f"exec:{sys.executable} {EXAMPLE}"


def qwarks(players: int = 2) -> quarkade.Game:
    # The fastest game to play to the end between bots.
    return quarkade.load("qwarks", players=players)


def test_every_lineup_plays_every_seat() -> None:
    assert lineups(["a", "b", "c"], 3) == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    two = lineups(["a", "b", "c"], 2)
    assert len(two) == 6 and ("b", "a") in two and ("c", "b") in two


def test_ranks_put_winners_first_then_scores() -> None:
    assert ranks([3, 9, 5], [1]) == [2, 0, 1]
    assert ranks([4, 4, 1], [0, 1]) == [0, 0, 1]


def test_heuristic_is_rated_above_random() -> None:
    result = run_tournament(qwarks(), ["random", "heuristic"], deals=6, seed=3)
    assert len(result.games) == 12
    # Duplicate deals: each seed is played once with each bot in each seat.
    assert sorted((game.seed, game.seats) for game in result.games) == sorted(
        (seed, seats) for seed in range(3, 9) for seats in (("random", "heuristic"), ("heuristic", "random")))
    ratings = {rating.player: rating for rating in result.ratings()}
    assert ratings["heuristic"].mu > ratings["random"].mu + ratings["random"].sigma
    assert all(rating.sigma < 8.33 for rating in ratings.values())  # less uncertain than a newcomer
    strengths = {row.player: row for row in result.strengths()}
    assert strengths["heuristic"].low > strengths["random"].high
    assert strengths["heuristic"].strength == pytest.approx(-strengths["random"].strength)


def test_bradley_terry_matches_the_closed_form_for_two_players() -> None:
    # 3 wins in 4, plus the virtual tie: a's odds are 3.5 to 1.5, so the gap is 400·log10(7/3).
    fit = bradley_terry([[("a", 0), ("b", 1)]] * 3 + [[("b", 0), ("a", 1)]])
    assert fit["a"] - fit["b"] == pytest.approx(400 * math.log10(7 / 3))
    assert fit["a"] + fit["b"] == pytest.approx(0)
    # Three seats make three pairings; a tie is half a win each.
    three = bradley_terry([[("a", 0), ("b", 1), ("c", 1)]] * 4)
    assert three["a"] > three["b"] == pytest.approx(three["c"])


def test_bradley_terry_interval_is_wide_when_results_are_split() -> None:
    finishes = [[("a", 0), ("b", 1)], [("a", 1), ("b", 0)]] * 10 + [[("a", 0), ("b", 1)]] * 4
    table = {row.player: row for row in bradley_terry_table(finishes)}
    assert table["a"].low < 0 < table["a"].strength < table["a"].high
    assert openskill_table(finishes)[0].player == "a"


def test_an_interrupted_run_resumes_to_the_same_log(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    run_tournament(qwarks(3), ["random", "heuristic", "easy"], deals=3, seed=1, log=whole)
    parts = tmp_path / "parts.jsonl"

    class Stop(Exception):
        pass

    def stop_after_four(played: object, count: list[int] = [0]) -> None:  # noqa: B006
        count[0] += 1
        if count[0] == 4:
            raise Stop

    with pytest.raises(Stop):
        run_tournament(qwarks(3), ["random", "heuristic", "easy"], deals=3, seed=1, log=parts,
                       on_game=stop_after_four)
    assert len(parts.read_text().splitlines()) == 1 + 4
    # A line cut short, as by a kill in the middle of a write, is dropped and played again.
    with parts.open("a") as handle:
        handle.write('{"seed": 2, "seats": ["ran')
    played: list[object] = []
    resumed = run_tournament(qwarks(3), ["random", "heuristic", "easy"], deals=3, seed=1, log=parts,
                             on_game=played.append)
    assert resumed.resumed == 4 and len(played) == 9 - 4 and len(resumed.games) == 9
    assert parts.read_bytes() == whole.read_bytes()
    # Restarting a finished tournament plays nothing.
    again = run_tournament(qwarks(3), ["random", "heuristic", "easy"], deals=3, seed=1, log=parts,
                           on_game=played.append)
    assert len(played) == 5 and again.resumed == 9
    assert [rating.to_json() for rating in again.ratings()] == [rating.to_json() for rating in resumed.ratings()]


def test_a_log_of_another_tournament_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    run_tournament(qwarks(), ["random", "heuristic"], deals=1, log=log)
    before = log.read_bytes()
    with pytest.raises(quarkade.QuarkadeError, match=r"logs another tournament \(--seed 0 there, 1 here\)"):
        run_tournament(qwarks(), ["random", "heuristic"], deals=1, seed=1, log=log)
    # Nor is it extended to another tournament's deals.
    with pytest.raises(quarkade.QuarkadeError, match=r"logs another tournament \(--seed 0 there, 1 here\)"):
        run_tournament(qwarks(), ["random", "heuristic"], deals=2, seed=1, log=log)
    assert log.read_bytes() == before


def game_lines(log: Path) -> list[str]:
    return log.read_text().splitlines()[1:]


def test_a_finished_tournament_is_extended_by_more_deals(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    bots = ["random", "heuristic"]
    first = run_tournament(qwarks(), bots, deals=3, seed=2, log=log)
    held = game_lines(log)
    grew: list[tuple[int, int]] = []
    played: list[object] = []
    extended = run_tournament(qwarks(), bots, deals=5, seed=2, log=log, on_game=played.append,
                              on_grow=lambda before, deals: grew.append((before, deals)))
    assert grew == [(3, 5)] and extended.resumed == 6 and len(played) == 4 and len(extended.games) == 10
    header = json.loads(log.read_text().splitlines()[0])["tournament"]
    assert header["deals"] == 5 and header["grown_from"] == [3]
    lines = game_lines(log)
    assert lines[:6] == held  # the games logged stay as they were, first
    assert [json.loads(line)["seed"] for line in lines[6:]] == [5, 6, 5, 6]
    assert extended.games[:6] == first.games
    # The same games as a tournament of five deals from the start, in another order.
    whole = run_tournament(qwarks(), bots, deals=5, seed=2)
    assert sorted(extended.games, key=repr) == sorted(whole.games, key=repr)
    # (OpenSkill's ratings follow the games' order; Bradley–Terry's strengths do not.)
    assert extended.to_json()["bradley_terry"] == whole.to_json()["bradley_terry"]
    assert extended.games_won() == whole.games_won()
    # Resumed at five, it plays nothing; extended again, it keeps both earlier sizes.
    again = run_tournament(qwarks(), bots, deals=5, seed=2, log=log, on_grow=lambda *_: grew.append((0, 0)))
    assert again.resumed == 10 and len(again.games) == 10 and grew == [(3, 5)]
    run_tournament(qwarks(), bots, deals=6, seed=2, log=log)
    assert json.loads(log.read_text().splitlines()[0])["tournament"]["grown_from"] == [3, 5]
    assert game_lines(log)[:10] == lines and len(game_lines(log)) == 12


def test_a_stopped_tournament_is_extended_after_its_own_deals(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    bots = ["random", "heuristic"]
    run_tournament(qwarks(), bots, deals=3, seed=0, log=whole)
    run_tournament(qwarks(), bots, deals=4, seed=0, log=whole)
    cut.write_bytes(b"".join(whole.read_bytes().splitlines(keepends=True)[:3]))  # two games of the first run
    run_tournament(qwarks(), bots, deals=4, seed=0, log=cut)
    assert cut.read_bytes() == whole.read_bytes()


def test_a_tournament_is_not_cut_to_fewer_deals_nor_read_from_a_broken_header(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    run_tournament(qwarks(), ["random", "heuristic"], deals=3, log=log)
    before = log.read_bytes()
    with pytest.raises(quarkade.QuarkadeError, match=r"holds a tournament of 3 deals: --games 2 cannot cut it short; "
                                                     r"give --games 3 to resume it, more to extend it"):
        run_tournament(qwarks(), ["random", "heuristic"], deals=2, log=log)
    assert log.read_bytes() == before
    header = json.loads(before.splitlines()[0])
    for grown in ([3], [2, 1], ["1"], 4, [0]):
        header["tournament"]["grown_from"] = grown
        log.write_bytes(json.dumps(header).encode() + b"\n" + b"".join(before.splitlines(keepends=True)[1:]))
        broken = log.read_bytes()
        with pytest.raises(quarkade.QuarkadeError, match="are not rising whole numbers"):
            run_tournament(qwarks(), ["random", "heuristic"], deals=4, log=log)
        assert log.read_bytes() == broken
    assert not [path.name for path in tmp_path.iterdir() if path.name != "log.jsonl"]


def test_a_log_whose_header_cannot_be_rewritten_is_named_and_left_as_it_was(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "log.jsonl"
    run_tournament(qwarks(), ["random", "heuristic"], deals=1, log=log)
    before = log.read_bytes()

    def refused(source: object, target: object) -> None:
        raise PermissionError(13, "Permission denied", str(source))

    monkeypatch.setattr("quarkade.tools.tournament.os.replace", refused)  # as in a folder that takes no new file
    result = CliRunner().invoke(app, ["tournament", "qwarks", "--bots", "random,heuristic", "--games", "2",
                                      "--backend", "serial", "--log", str(log)])
    said = "".join(result.output.split())
    assert result.exit_code == 2 and f"cannotusethelog{log}:Permissiondenied".replace(" ", "") in said, result.output
    assert log.read_bytes() == before and sorted(path.name for path in tmp_path.iterdir()) == ["log.jsonl"]


def test_an_external_program_plays() -> None:
    result = run_tournament(qwarks(), [EXTERNAL, "random"], deals=2)
    assert len(result.games) == 4
    assert {game.seats for game in result.games} == {(EXTERNAL, "random"), ("random", EXTERNAL)}
    assert all(game.steps > 0 for game in result.games)


def test_an_importable_bot_class_plays() -> None:
    result = run_tournament(qwarks(), ["quarkade.agents.base:RandomBot", "heuristic"], deals=2)
    assert {rating.player for rating in result.ratings()} == {"quarkade.agents.base:RandomBot", "heuristic"}


@pytest.mark.parametrize(("bots", "reason"), [
    (["random", "heuristc"], "no bot 'heuristc' for qwarks"),
    (["random", "no.such.module:Bot"], "cannot import 'no.such.module'"),
    (["random", "quarkade.agents.base:make_bot"], "not a subclass of quarkade's Bot"),
    (["random", "quarkade.agents.base:Nothing"], "module quarkade.agents.base has no Nothing"),
    (["random", "exec:"], "needs a command"),
    (["random", "random"], "given twice"),
    (["random"], "needs at least 2 bots"),
])
def test_a_bad_entrant_is_refused_before_any_game(tmp_path: Path, bots: list[str], reason: str) -> None:
    log = tmp_path / "log.jsonl"
    with pytest.raises(BotSpecError, match=reason):
        run_tournament(qwarks(), bots, deals=1, log=log)
    assert not log.exists()


def test_a_program_that_cannot_start_is_named() -> None:
    with pytest.raises(BotSpecError, match="cannot be started"):
        run_tournament(qwarks(), ["exec:/no/such/program", "random"], deals=1)


def test_a_program_that_answers_nonsense_is_named(tmp_path: Path) -> None:
    liar = tmp_path / "liar.py"
    liar.write_text("import sys\n"
                    "for line in sys.stdin:\n"
                    "    if '\"act\"' in line:\n"
                    "        print('fly away', flush=True)\n")
    with pytest.raises(BotFailure, match="'fly away', which is not one of the legal actions") as failed:
        run_tournament(qwarks(), [f"exec:{sys.executable} {liar}", "random"], deals=1)
    assert str(failed.value).startswith("the bot at seat 0 failed at step 1 of the game of seed 0: 'exec:")


def test_the_command_prints_a_table_and_json(tmp_path: Path) -> None:
    runner = CliRunner()
    log = tmp_path / "log.jsonl"
    shown = runner.invoke(app, ["tournament", "qwarks", "--bots", "heuristic,random", "--games", "2",
                                "--log", str(log)])
    assert shown.exit_code == 0, shown.output
    assert "heuristic" in shown.output and "μ−3σ" in shown.output
    again = runner.invoke(app, ["tournament", "qwarks", "--bots", "heuristic,random", "--games", "2",
                                "--log", str(log), "--json"])
    assert again.exit_code == 0
    summary = json.loads(again.stdout)
    assert summary["played"] == 4 and summary["resumed"] == 4
    assert summary["openskill"][0]["player"] == "heuristic"
    bad = runner.invoke(app, ["tournament", "qwarks", "--bots", "heuristic,nobody"])
    assert bad.exit_code == 2 and "no bot 'nobody'" in bad.stderr


def test_a_process_pool_writes_the_serial_log(tmp_path: Path) -> None:
    # Games between registered bots go to the pool; the external program's are played here.
    entrants = ["heuristic", "random", EXTERNAL]
    serial, pooled = tmp_path / "serial.jsonl", tmp_path / "pooled.jsonl"
    run_tournament(qwarks(), entrants, deals=2, log=serial)
    result = run_tournament(qwarks(), entrants, deals=2, log=pooled, backend="process", workers=2)
    assert len(result.games) == 2 * 6
    assert pooled.read_bytes() == serial.read_bytes()


def test_a_killed_command_resumes_to_the_uninterrupted_log(tmp_path: Path) -> None:
    arguments = ["tournament", "qwarks", "--bots", "heuristic,random", "--games", "30", "--seed", "5"]
    whole = tmp_path / "whole.jsonl"
    assert CliRunner().invoke(app, [*arguments, "--log", str(whole)]).exit_code == 0
    killed = tmp_path / "killed.jsonl"
    # Killed while its games come one by one (a pool may finish them all at once); the whole
    # run and the resumed one play on the command's default backend, a pool.
    command = [sys.executable, "-c", "from quarkade.faces.cli import main; main()", *arguments, "--log", str(killed),
               "--backend", "serial"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while (not killed.exists() or killed.read_bytes().count(b"\n") < 4) and time.monotonic() < deadline:
            time.sleep(0.01)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    logged = killed.read_bytes().count(b"\n") - 1
    assert 3 <= logged < 60, "the run was not stopped part way"
    resumed = CliRunner().invoke(app, [*arguments, "--log", str(killed), "--json"])
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(resumed.stdout)["resumed"] == logged
    assert killed.read_bytes() == whole.read_bytes()


def test_an_external_program_hears_nothing_a_seat_may_not_know(tmp_path: Path) -> None:
    heard = tmp_path / "heard.jsonl"
    recorder = tmp_path / "recorder.py"
    recorder.write_text("import sys\n"
                        f"with open({str(heard)!r}, 'a') as out:\n"
                        "    for line in sys.stdin:\n"
                        "        out.write(line)\n"
                        "        out.flush()\n"
                        "        if '\"act\"' in line:\n"
                        "            print(0, flush=True)\n")
    game = qwarks()
    run_tournament(game, [f"exec:{sys.executable} {recorder}", "random"], deals=1, seed=11)
    messages = [json.loads(line) for line in heard.read_text().splitlines()]
    assert [message["type"] for message in messages if message["type"] != "act"] == ["game", "over"] * 2
    assert all("seed" not in message for message in messages)
    starts = [message for message in messages if message["type"] == "game"]
    assert [message["seat"] for message in starts] == [0, 1]
    # Each "act" carries the view of the seat the program plays, and that seat's legal actions.
    state = game.new_game(11)
    first = next(message for message in messages if message["type"] == "act")
    assert first["view"] == state.view(first["seat"]).to_json()
    assert first["legal"] == [str(action) for action in state.legal_actions(first["seat"])]


def test_bots_of_a_one_seat_game_are_ranked_on_each_deal() -> None:
    game = quarkade.load("quirks-solitaire", players=1)
    result = run_tournament(game, ["random", "solitaire"], deals=2)
    assert len(result.games) == 4 and len(result.finishes()) == 2
    for finish in result.finishes():
        assert sorted(player for player, _ in finish) == ["random", "solitaire"]
    assert {rating.player for rating in result.ratings()} == {"random", "solitaire"}
    assert all(rating.games == 2 for rating in result.ratings())
    assert {row.player for row in result.strengths()} == {"random", "solitaire"}


def test_a_cooperative_game_gives_each_bot_a_table_of_its_own() -> None:
    game = quarkade.load("quirky-circuits", players=2)
    result = run_tournament(game, ["random", "heuristic"], deals=1)
    assert [played.seats for played in result.games] == [("random", "random"), ("heuristic", "heuristic")]
    (finish,) = result.finishes()
    assert sorted(player for player, _ in finish) == ["heuristic", "random"]
    assert all(rating.games == 1 for rating in result.ratings())


def test_a_bot_kind_with_settings_plays_and_a_bad_setting_is_refused() -> None:
    result = run_tournament(qwarks(), ["random", "mcts:iterations=5"], deals=1, seed=2)
    assert len(result.games) == 2  # one deal, both seatings
    with pytest.raises(BotSpecError, match="no setting"):
        run_tournament(qwarks(), ["random", "mcts:secs=1"], deals=1, seed=2)


def test_the_command_finds_a_bot_class_in_the_current_folder(tmp_path: Path) -> None:
    # As `python -m` would: a researcher runs the command beside the module of their bot.
    script = Path(sys.executable).with_name("quarkade")
    if not script.exists():
        pytest.skip("the quarkade command is not installed beside this Python")
    (tmp_path / "my_first_bot.py").write_text(
        "from quarkade.agents.base import Bot\n\n\n"
        "class First(Bot):\n"
        "    def __init__(self, game, seed=0, pick=0):\n"
        "        super().__init__(game, seed)\n"
        "        self.pick = pick\n\n"
        "    def choose(self, view, legal):\n"
        "        return legal[min(self.pick, len(legal) - 1)]\n")
    command = [str(script), "tournament", "qwarks", "--bots", "my_first_bot:First:pick=1,random", "--games", "2",
               "--json", "--workers", "2"]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert {rating["player"] for rating in json.loads(done.stdout)["openskill"]} == {"my_first_bot:First:pick=1",
                                                                                    "random"}
    # A setting the class does not take is refused with the ones it does.
    bad = subprocess.run([*command[:4], "my_first_bot:First:depth=3,random"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=120)
    assert bad.returncode == 2 and "no setting 'depth'" in bad.stderr and "it takes pick" in bad.stderr


def test_a_bot_class_that_cannot_be_made_is_named_and_a_bad_log_is_named(tmp_path: Path) -> None:
    # A policy file that is not there: the bot and the reason, not a word about the log.
    (tmp_path / "reads_a_file.py").write_text(
        "from quarkade.agents.base import Bot\n\n\n"
        "class Reader(Bot):\n"
        "    def __init__(self, game, seed=0, policy='policy.npz'):\n"
        "        super().__init__(game, seed)\n"
        "        open(policy).close()\n\n"
        "    def choose(self, view, legal):\n"
        "        return legal[0]\n")
    sys.path.insert(0, str(tmp_path))
    try:
        missing = CliRunner().invoke(app, ["tournament", "qwarks", "--bots",
                                           "reads_a_file:Reader:policy=gone.npz,random"])
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("reads_a_file", None)
    assert missing.exit_code == 2
    assert "'reads_a_file:Reader:policy=gone.npz' cannot be made: FileNotFoundError" in missing.stderr
    assert "log" not in missing.stderr
    nowhere = tmp_path / "no-such-folder" / "results.jsonl"
    bad_log = CliRunner().invoke(app, ["tournament", "qwarks", "--bots", "random,heuristic", "--log", str(nowhere)])
    assert bad_log.exit_code == 2 and f"cannot use the log {nowhere}" in bad_log.stderr


def test_a_simulation_refuses_an_external_program_with_a_reason() -> None:
    result = CliRunner().invoke(app, ["simulate", "qwarks", "-n", "1", "--seats", "exec:python bot.py,random"])
    assert result.exit_code == 2 and "an external program (exec:) enters a tournament only" in result.stderr


def test_a_log_holding_its_header_alone_resumes(tmp_path: Path) -> None:
    # Stopped before its first game was logged: the header is checked, not written twice.
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    run_tournament(qwarks(), ["random", "heuristic"], deals=2, seed=4, log=whole)
    cut.write_bytes(whole.read_bytes().splitlines(keepends=True)[0])
    resumed = run_tournament(qwarks(), ["random", "heuristic"], deals=2, seed=4, log=cut)
    assert resumed.resumed == 0 and len(resumed.games) == 4
    assert cut.read_bytes() == whole.read_bytes()
    # The header of another tournament is refused as a log with games is.
    cut.write_bytes(whole.read_bytes().splitlines(keepends=True)[0])
    with pytest.raises(quarkade.QuarkadeError, match="logs another tournament"):
        run_tournament(qwarks(), ["random", "heuristic"], deals=2, seed=5, log=cut)
    # A header cut short is dropped and written again.
    cut.write_bytes(whole.read_bytes()[:20])
    run_tournament(qwarks(), ["random", "heuristic"], deals=2, seed=4, log=cut)
    assert cut.read_bytes() == whole.read_bytes()


@pytest.mark.parametrize(("line", "reason"), [
    ('{"seed": 1, "scores": [1, 2], "winners": [0], "steps": 9}', "line 3, is not a game of a tournament log "
                                                                  "(it has no 'seats')"),
    ("not json at all", "line 3, is not a game of a tournament log"),
    ("[1, 2]", "line 3, is not a game of a tournament log"),
])
def test_a_malformed_log_is_named_with_its_line(tmp_path: Path, line: str, reason: str) -> None:
    log = tmp_path / "log.jsonl"
    run_tournament(qwarks(), ["random", "heuristic"], deals=1, log=log)
    lines = log.read_text().splitlines()
    log.write_text("\n".join([lines[0], lines[1], line, *lines[2:]]) + "\n")
    before = log.read_bytes()
    with pytest.raises(quarkade.QuarkadeError, match=re.escape(f"{log}, {reason}")):
        run_tournament(qwarks(), ["random", "heuristic"], deals=1, log=log)
    assert log.read_bytes() == before
    # The command says it in one line.
    refused = CliRunner().invoke(app, ["tournament", "qwarks", "--bots", "random,heuristic", "--games", "1",
                                       "--backend", "serial", "--log", str(log)])
    assert refused.exit_code == 2 and refused.stderr.strip().startswith(f"{log}, line 3, is not a game")
    assert "Traceback" not in refused.stderr


@pytest.mark.parametrize(("ahead", "second", "reason"), [
    (-1, False, "line 3, is not a game of a tournament log (its place ahead, -1, is not a whole number from 0)"),
    ("2", False, 'line 3, is not a game of a tournament log (its place ahead, "2", is not a whole number from 0)'),
    (0, False, "line 3, logs game 1 ahead of its turn, which the log holds already"),
    (1, True, "line 4, is a game in order after games logged ahead of theirs"),
    (2, False, "does not follow this tournament's order at game 3"),
])
def test_a_log_with_games_ahead_of_their_turn_is_checked(tmp_path: Path, ahead: object, second: bool,
                                                          reason: str) -> None:
    # A stopped run logs the games finished ahead of their turn last, each with its place.
    log = tmp_path / "log.jsonl"
    run_tournament(qwarks(), ["random", "heuristic"], deals=1, log=log)
    header, first, following = log.read_text().splitlines()
    marked = json.dumps({**json.loads(following), "ahead": ahead})
    log.write_text("\n".join([header, first, marked, *([following] if second else [])]) + "\n")
    before = log.read_bytes()
    with pytest.raises(quarkade.QuarkadeError, match=re.escape(reason)):
        run_tournament(qwarks(), ["random", "heuristic"], deals=1, log=log)
    assert log.read_bytes() == before


def test_a_file_that_is_not_a_log_is_refused_and_left_alone(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\nno newline at the end")
    with pytest.raises(quarkade.QuarkadeError, match="notes.txt is not a tournament log"):
        run_tournament(qwarks(), ["random", "heuristic"], deals=1, log=notes)
    assert notes.read_text() == "my notes\nno newline at the end"


# A bot that plays at random, and stalls as a slow bot would (sleeping, without using the CPU)
# for STALL_SECONDS before its first move in the games from the deal of seed 8 on, and in every
# game at the second seat: the first games of a run come back at once, then its workers are busy.
STALLING_BOT = '''
import os
import time

from quarkade.agents.base import Bot


class Stalling(Bot):
    def __init__(self, game, seed=0):
        super().__init__(game, seed)
        self.stall = float(os.environ.get("STALL_SECONDS", "0")) if seed > 8 * 7919 else 0.0

    def choose(self, view, legal):
        time.sleep(self.stall)
        self.stall = 0.0
        return legal[self.chance.below(len(legal))]
'''


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_a_terminated_command_stops_its_workers_keeps_its_games_and_resumes(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "stalling_bot.py").write_text(STALLING_BOT)
    log = tmp_path / "log.jsonl"
    arguments = ["tournament", "quirky-quarks", "--players", "2", "--bots", "stalling_bot:Stalling,random",
                 "--games", "16", "--log", str(log)]
    command = [sys.executable, "-c", "from quarkade.faces.cli import main; main()", *arguments,
               "--backend", "process", "--workers", "2"]
    process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "STALL_SECONDS": "60"})
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while (not log.exists() or log.read_bytes().count(b"\n") < 2) and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.3)  # the workers take up the games that stall
        workers = descendants(process.pid)
        sent = time.monotonic()
        process.send_signal(signal.SIGTERM)
        _, said = process.communicate(timeout=10)
        took = time.monotonic() - sent
    finally:
        for pid in {process.pid, *workers}:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
        process.wait()
    assert workers, "no worker was running"
    # At once, not once the games under way are over.
    # The status a shell gives a command ended by SIGTERM (Ctrl-C's is 130).
    assert process.returncode == 143 and took < 5, (process.returncode, took, said)
    logged = log.read_bytes().count(b"\n") - 1
    assert 1 <= logged <= 8, "the run was not stopped part way"
    assert said.strip().endswith(f"tournament stopped after {logged} of 32 games: they are in {log}, and the same "
                                 "command plays the rest") and "Traceback" not in said
    # Every process it started ends with it (a pool's server and workers, the resource tracker).
    deadline = time.monotonic() + 10
    while any(running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in workers if running(pid)]
    # The same command plays the rest (here, without stalling): no game twice, the log whole.
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        resumed = CliRunner().invoke(app, [*arguments, "--backend", "serial", "--json"])
        whole = tmp_path / "whole.jsonl"
        run_tournament(quarkade.load("quirky-quarks", players=2), ["stalling_bot:Stalling", "random"], deals=16,
                       log=whole)
    finally:
        sys.modules.pop("stalling_bot", None)
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(resumed.stdout)["resumed"] == logged
    assert log.read_bytes() == whole.read_bytes()


def test_an_interrupt_keeps_the_games_a_pool_finished_meanwhile(tmp_path: Path) -> None:
    # The games come back in the schedule's order; those of chunks done by the time of an
    # interrupt are logged too, though not yet taken back.
    whole, stopped = tmp_path / "whole.jsonl", tmp_path / "stopped.jsonl"
    entrants = ["random", "heuristic"]
    run_tournament(qwarks(), entrants, deals=8, log=whole)

    def interrupt_once_all_is_played(played: object) -> None:
        time.sleep(1.0)  # every chunk of these quick games is done by then
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as interrupted:
        run_tournament(qwarks(), entrants, deals=8, log=stopped, backend="process", workers=2,
                       on_game=interrupt_once_all_is_played)
    kept = stopped.read_bytes().count(b"\n") - 1
    assert isinstance(interrupted.value, Interrupted)
    assert interrupted.value.done == kept > 1 and interrupted.value.total == 16
    assert whole.read_bytes().startswith(stopped.read_bytes())


HOLDING_BOT = '''
import os
import time

from quarkade.agents.base import Bot


class Holding(Bot):
    """Plays at random; at seat 0 in the game of seed HOLD_SEED it waits HOLD_SECONDS first. Each game it plays
    is written to HOLD_RECORD."""

    def __init__(self, game, seed=0):
        super().__init__(game, seed)
        self.bot_seed = seed
        self.first = True

    def choose(self, view, legal):
        if self.first:
            self.first = False
            game_seed = (self.bot_seed - 1 - view.seat * 104729) // 7919  # as tools/match.py makes it
            with open(os.environ["HOLD_RECORD"], "a") as record:
                record.write(f"{game_seed} {view.seat}\\n")
            if (game_seed, view.seat) == (int(os.environ["HOLD_SEED"]), 0):
                time.sleep(float(os.environ.get("HOLD_SECONDS", "0")))
        return legal[self.chance.below(len(legal))]
'''


def test_games_a_pool_finished_ahead_of_a_stopped_one_are_kept_and_not_played_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The first game waits on one worker while the other plays the rest; stopped then, the run
    # logs those ahead of their turn with their places, and the next run plays the first alone.
    (tmp_path / "holding_bot.py").write_text(HOLDING_BOT)
    monkeypatch.syspath_prepend(str(tmp_path))
    entrants, deals = ["holding_bot:Holding", "random"], 4
    first = schedule(entrants, 2, deals, 0)[0]  # run_tournament's first seed
    record, log, whole = tmp_path / "record.txt", tmp_path / "log.jsonl", tmp_path / "whole.jsonl"
    monkeypatch.setenv("HOLD_SEED", str(first.seed))
    monkeypatch.setenv("HOLD_RECORD", str(record))
    # A test worker may ignore Ctrl-C (pytest-xdist's do): here it interrupts, as at a terminal.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    ended = threading.Event()
    try:
        run_tournament(qwarks(), entrants, deals=deals, log=whole)
        monkeypatch.setenv("HOLD_SECONDS", "60")

        def interrupt_once_begun(games: int) -> Callable[[int, int, frozenset[int]], None]:
            def start(total: int, logged: int, ahead: frozenset[int]) -> None:
                def interrupt() -> None:
                    deadline = time.monotonic() + 30
                    while record.read_text().count("\n") < games and time.monotonic() < deadline:
                        time.sleep(0.05)  # every game begun
                    time.sleep(2.0)  # and all but the held one over (a few milliseconds each)
                    if not ended.is_set():  # never into the tests after this one
                        os.kill(os.getpid(), signal.SIGINT)

                threading.Thread(target=interrupt, daemon=True).start()

            return start

        # Stopped twice while the first game waits, the second time with the others taken back.
        for begun in (2 * deals, 1):
            record.write_text("")
            with pytest.raises(KeyboardInterrupt) as interrupted:
                run_tournament(qwarks(), entrants, deals=deals, log=log, backend="process", workers=2,
                               on_start=interrupt_once_begun(begun))
            assert isinstance(interrupted.value, Interrupted) and interrupted.value.done == 0
            lines = [json.loads(line) for line in log.read_text().splitlines()[1:]]
            assert [line["ahead"] for line in lines] == list(range(1, 2 * deals))
        assert record.read_text() == f"{first.seed} 0\n", "the second run began the first game alone"
        monkeypatch.delenv("HOLD_SECONDS")
        record.write_text("")
        resumed = run_tournament(qwarks(), entrants, deals=deals, log=log)
    finally:
        ended.set()
        signal.signal(signal.SIGINT, previous)
        sys.modules.pop("holding_bot", None)
    assert record.read_text() == f"{first.seed} 0\n", "the first game alone is played again"
    assert resumed.resumed == 0 and len(resumed.games) == 2 * deals
    assert log.read_bytes() == whole.read_bytes(), "the log is in the schedule's order, as an uninterrupted run's"


@pytest.mark.parametrize(("entrants", "one_at_a_time"), [
    (["mcts:iterations=3", "random"], True), (["hard", "random"], True), (["heuristic", "random"], False)])
def test_games_of_a_search_go_to_the_workers_one_at_a_time(entrants: list[str], one_at_a_time: bool) -> None:
    # A chunk's games come back only when all are played: a stopped run plays them all again.
    # A search's game takes seconds, so each is a chunk of its own; quick bots' games go in chunks.
    runner = Runner(qwarks(), "process", 2)
    games = runner.play(schedule(entrants, 2, 40, 1))
    try:
        next(games)
        sizes = {len(seeds) for _, seeds, _ in runner.parts}
    finally:
        games.close()
        runner.stop()
        runner.close()
    assert sizes == {1} if one_at_a_time else max(sizes) > 1


def test_a_logged_tournament_says_when_an_entrant_searches_on_a_time_budget(tmp_path: Path) -> None:
    entrants = ["random", "mcts", "hard", "expert", "mcts:iterations=5,seconds=60", "mcts:iterations=5,wall=2",
                "exec:a-program"]
    quarks = quarkade.load("quirky-quarks", players=2)
    assert on_the_clock(quarks, entrants) == ["mcts", "hard", "expert", "mcts:iterations=5,wall=2"]
    # Qwarks' own levels are its reaction times and memory, not a search.
    assert on_the_clock(qwarks(), ["hard", "expert"]) == ["hard"]
    note = "Note: mcts:iterations=2,wall=5 searches on a time budget, so the games depend on the machine's speed"

    def run(bots: str, *more: str) -> str:
        result = CliRunner().invoke(app, ["tournament", "qwarks", "--players", "2", "--bots", bots, "--games", "1",
                                          "--backend", "serial", *more])
        assert result.exit_code == 0, result.output
        return " ".join(result.stderr.split())

    assert note in run("random,mcts:iterations=2,wall=5", "--log", str(tmp_path / "clocked.jsonl"))
    assert "Note:" not in run("random,mcts:iterations=2,seconds=60", "--log", str(tmp_path / "counted.jsonl"))
    assert "Note:" not in run("random,mcts:iterations=2,wall=5")  # nothing to resume


def test_a_strength_no_game_bounds_has_no_interval() -> None:
    # 40 to 0: every resample is 40 to 0, so a bootstrap interval would be the point itself.
    table = {row.player: row for row in bradley_terry_table([[("a", 0), ("b", 1)]] * 40)}
    assert (table["a"].separated, table["b"].separated) == ("won", "lost")
    assert (table["a"].won, table["a"].compared) == (40, 40)
    assert table["a"].to_json()["low"] is None and table["a"].to_json()["high"] is None
    split = {row.player: row for row in bradley_terry_table([[("a", 0), ("b", 1)], [("b", 0), ("a", 1)]] * 5)}
    assert split["a"].separated is None and split["a"].spread
    assert strength_cells(table["a"]) == (f"> {table['a'].strength:+.0f}", "—")
    assert strength_cells(table["b"]) == (f"< {table['b'].strength:+.0f}", "—")
    # Collapsed for want of deals (one deal drawn again and again), without a clean sweep.
    assert strength_cells(Strength("c", 12.0, 12.0, 12.0, 1.5, 3)) == ("+12", "—")
    # and its JSON, as the table, has no interval (it gave the point as its two ends)
    assert Strength("c", 12.0, 12.0, 12.0, 1.5, 3).to_json()["low"] is None
    assert split["a"].to_json()["low"] == round(split["a"].low, 2)


def test_the_table_shows_a_clean_sweep_as_a_bound_and_counts_deals_in_a_cooperative_game() -> None:
    result = CliRunner().invoke(app, ["tournament", "quirky-circuits", "--bots", "heuristic,random", "--games", "4",
                                      "--backend", "serial"])
    assert result.exit_code == 0, result.output
    shown = " ".join(result.stdout.split())
    # deals, games won, first places
    assert re.search(r"heuristic │ 4 │ 4 │ 4 │ .* │ > \+\d+ │ — │", shown), shown
    assert re.search(r"random │ 4 │ 0 │ 0 │ .* │ < -\d+ │ — │", shown), shown
    assert "— no interval: heuristic won every comparison and random lost every one" in shown
    assert "┃ deals ┃ won ┃ firsts ┃" in shown
    assert "won: the deals whose game the bot won; firsts: the deals on which it did best of the bots" in shown
    # A game of seats against seats counts games, and wins are games won.
    versus = CliRunner().invoke(app, ["tournament", "qwarks", "--bots", "heuristic,random", "--games", "2",
                                      "--backend", "serial"])
    assert "┃ games ┃ wins ┃" in versus.stdout and "firsts" not in versus.stdout
