"""Tournaments as an outside researcher met them: a program that misbehaves, a bot whose code
changes between runs, a log of other settings, a cooperative game's seats kept apart."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import quarkade
from quarkade.core.errors import InvalidOptions, InvalidRecord
from quarkade.core.registry import replay
from quarkade.faces.cli import app
from quarkade.tools.match import BotFailure
from quarkade.tools.tournament import BotSpecError, code_digest, lineups, run_tournament

# An external bot whose misbehaviour the first argument chooses; it plays the first legal action
# otherwise, and with "seats" it notes each game's seat beside its process id in the file named
# by the second argument.
PROGRAM = """\
import json, os, sys, time
mode = sys.argv[1]
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "game":
        if mode == "seats":
            with open(sys.argv[2], "a") as notes:
                notes.write(f"{os.getpid()} {message['seat']}\\n")
        if mode == "chatty":
            print("ready", flush=True)
        continue
    if message["type"] != "act":
        continue
    if mode == "huge":
        sys.stdout.write("x" * 300000 + "\\n")
    elif mode == "slow":
        time.sleep(3)
    elif mode == "twice":
        sys.stdout.write("0\\n0\\n")
    print(0, flush=True)
"""


def program(tmp_path: Path, mode: str, *more: str) -> str:
    path = tmp_path / "bot.py"
    path.write_text(PROGRAM)
    return " ".join(["exec:" + sys.executable, str(path), mode, *more])


def test_each_seat_of_a_cooperative_game_has_its_own_process(tmp_path: Path) -> None:
    """A cooperative entrant fills every seat of its table: each seat is played by a process of
    its own, so no program is sent two players' hands."""
    notes = tmp_path / "seats.txt"
    spec = program(tmp_path, "seats", str(notes))
    run_tournament(quarkade.load("quirky-circuits", players=3), [spec, "heuristic"], deals=2)
    seen = [tuple(map(int, line.split())) for line in notes.read_text().splitlines()]
    assert len(seen) == 6  # two deals, three seats
    seats_of: dict[int, set[int]] = {}
    for pid, seat in seen:
        seats_of.setdefault(pid, set()).add(seat)
    assert sorted(seats_of.values(), key=min) == [{0}, {1}, {2}], seats_of


def test_a_long_answer_is_refused_and_quoted_short(tmp_path: Path) -> None:
    with pytest.raises(BotFailure) as failed:
        run_tournament(quarkade.load("qwarks", players=2), [program(tmp_path, "huge"), "random"], deals=1)
    said = str(failed.value)
    assert "answered a line longer than 64 KiB" in said and "(300,000 characters)" not in said
    assert len(said) < 700, said


def test_a_line_printed_unasked_is_refused(tmp_path: Path) -> None:
    """Two lines to one 'act' put the protocol out of step: refused, rather than the second taken
    as the next answer. A line printed after 'game' may arrive before or after the 'act' that
    follows: either way the program is told why."""
    with pytest.raises(BotFailure, match="answered '0' and then '0': it answers each 'act' with one line"):
        run_tournament(quarkade.load("qwarks", players=2), [program(tmp_path, "twice"), "random"], deals=1)
    with pytest.raises(BotFailure, match="'ready'.*(when no answer was asked for|if it printed that line unasked"
                                         "|and then '0': it answers each 'act' with one line)"):
        run_tournament(quarkade.load("qwarks", players=2), [program(tmp_path, "chatty"), "random"], deals=1)


def test_a_slow_program_is_stopped_at_the_limit_given(tmp_path: Path) -> None:
    began = time.monotonic()
    with pytest.raises(BotFailure, match=r"gave no answer within 0.5 s"):
        run_tournament(quarkade.load("qwarks", players=2), [program(tmp_path, "slow"), "random"], deals=1,
                       external_seconds=0.5)
    assert time.monotonic() - began < 3


def test_an_unclosed_quotation_is_one_sentence() -> None:
    with pytest.raises(BotSpecError, match="its command cannot be read .*no closing quotation"):
        run_tournament(quarkade.load("qwarks", players=2), ["exec:python3 'unclosed", "random"], deals=1)
    result = CliRunner().invoke(app, ["tournament", "qwarks", "--bots", "exec:python3 'unclosed,random"])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of the researcher's own bots, the current one and on the import path."""
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def bot_module(folder: Path, name: str, cls: str, returns: str, imports: str = "", before: str = "") -> Path:
    """A module ``name`` in ``folder`` with a bot ``cls`` whose choose runs ``before`` (a line)
    and returns ``returns``, below the module's ``imports``."""
    path = folder / f"{name}.py"
    body = (f"        {before}\n" if before else "") + f"        return {returns}\n"
    path.write_text(f"from quarkade.agents.base import Bot\n{imports}\n\nclass {cls}(Bot):\n"
                    f"    def choose(self, view, legal):\n{body}")
    return path


def test_a_log_begun_by_other_code_is_not_resumed(home: Path) -> None:
    """A researcher improves a bot and runs the same command again: the log's games are the old
    code's, and the run says so rather than reusing them."""
    module = bot_module(home, "mine_changes", "Last", "legal[-1]")
    log = home / "log.jsonl"
    game = quarkade.load("qwarks", players=2)
    run_tournament(game, ["mine_changes:Last", "random"], deals=1, log=log)
    header = json.loads(log.read_text().splitlines()[0])["tournament"]
    assert set(header["code"]) == {"mine_changes:Last"}
    assert run_tournament(game, ["mine_changes:Last", "random"], deals=1, log=log).resumed == 2  # unchanged: resumed
    before = log.read_bytes()
    module.write_text(module.read_text().replace("legal[-1]", "legal[0]"))
    with pytest.raises(quarkade.QuarkadeError,
                       match=r"was begun by other code of mine_changes:Last \(mine_changes.py changed\)"):
        run_tournament(game, ["mine_changes:Last", "random"], deals=1, log=log)
    assert log.read_bytes() == before


def test_a_helper_module_beside_the_entrant_is_its_code_too(home: Path) -> None:
    """The entrant's module imports a helper from its folder: a change to the helper changes the
    entrant's code (the digest covered the module's own file alone), and a file beside it that it
    does not import does not."""
    helper = home / "mine_helper.py"
    helper.write_text("def pick(legal):\n    return legal[-1]\n")
    bot_module(home, "mine_uses", "Picker", "pick(legal)", imports="from mine_helper import pick")
    (home / "unrelated.py").write_text("x = 1\n")
    log = home / "log.jsonl"
    game = quarkade.load("qwarks", players=2)
    run_tournament(game, ["mine_uses:Picker", "random"], deals=1, log=log)
    (home / "unrelated.py").write_text("x = 2\n")
    assert run_tournament(game, ["mine_uses:Picker", "random"], deals=1, log=log).resumed == 2
    helper.write_text("def pick(legal):\n    return legal[0]\n")
    with pytest.raises(quarkade.QuarkadeError, match=r"other code of mine_uses:Picker \(mine_helper.py changed\)"):
        run_tournament(game, ["mine_uses:Picker", "random"], deals=1, log=log)


def test_a_log_moved_with_its_bots_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The log named an entrant's files by their absolute paths, so a folder of bots and log
    moved elsewhere was refused as other code: files are named from the folder they are
    imported from, and a moved log resumes."""
    first = tmp_path / "first"
    first.mkdir()
    bot_module(first, "moving_bot", "Mover", "legal[-1]")
    game = quarkade.load("qwarks", players=2)
    with monkeypatch.context() as here:
        here.chdir(first)
        here.syspath_prepend(str(first))
        run_tournament(game, ["moving_bot:Mover", "random"], deals=2, log=first / "log.jsonl")
    header = json.loads((first / "log.jsonl").read_text().splitlines()[0])["tournament"]
    assert list(header["code"]["moving_bot:Mover"]) == ["moving_bot.py"]
    moved = first.rename(tmp_path / "moved")
    for name in list(sys.modules):
        if name == "moving_bot":
            del sys.modules[name]
    monkeypatch.chdir(moved)
    monkeypatch.syspath_prepend(str(moved))
    assert run_tournament(game, ["moving_bot:Mover", "random"], deals=2, log=moved / "log.jsonl").resumed == 4


def test_a_log_of_the_single_digest_of_earlier_versions_is_still_checked(home: Path) -> None:
    """A log begun by an earlier version keeps one digest an entrant: it resumes while the code
    is the same, and is refused once a file changes."""
    module = bot_module(home, "old_log_bot", "Old", "legal[-1]")
    log = home / "log.jsonl"
    game = quarkade.load("qwarks", players=2)
    run_tournament(game, ["old_log_bot:Old", "random"], deals=1, log=log)
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    header["tournament"]["code"] = {"old_log_bot:Old": code_digest("old_log_bot:Old", game.id)}
    log.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert run_tournament(game, ["old_log_bot:Old", "random"], deals=1, log=log).resumed == 2
    module.write_text(module.read_text().replace("legal[-1]", "legal[0]"))
    with pytest.raises(quarkade.QuarkadeError, match=r"other code of old_log_bot:Old \(its files have changed since\)"):
        run_tournament(game, ["old_log_bot:Old", "random"], deals=1, log=log)


def test_a_helper_imported_inside_a_function_is_covered_and_another_entrants_module_is_not(home: Path) -> None:
    """The entrant's code is read for its imports, those inside a function too; a module of
    another entrant beside it is that entrant's code, not this one's."""
    lazy = home / "lazy_helper.py"
    lazy.write_text("def pick(legal):\n    return legal[-1]\n")
    bot_module(home, "lazy_bot", "Lazy", "lazy_helper.pick(legal)", before="import lazy_helper")
    other = bot_module(home, "other_bot", "Other", "legal[0]")
    game = quarkade.load("qwarks", players=2)
    before = code_digest("lazy_bot:Lazy", game.id)
    run_tournament(game, ["lazy_bot:Lazy", "other_bot:Other"], deals=1)
    other.write_text(other.read_text().replace("legal[0]", "legal[1]"))
    assert code_digest("lazy_bot:Lazy", game.id) == before, "another entrant's file changed this one's code"
    lazy.write_text("def pick(legal):\n    return legal[0]\n")
    assert code_digest("lazy_bot:Lazy", game.id) != before, "a helper imported inside choose was not covered"


def test_a_program_run_as_a_module_is_covered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    script = tmp_path / "module_bot.py"
    script.write_text("print('x')\n")
    spec = f"exec:{sys.executable} -m module_bot"
    before = code_digest(spec, "qwarks")
    script.write_text("print('y')\n")
    assert code_digest(spec, "qwarks") != before


def test_a_log_of_other_settings_names_them(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    game = quarkade.load("qwarks", players=2)
    run_tournament(game, ["random", "heuristic"], deals=1, log=log)
    with pytest.raises(quarkade.QuarkadeError, match=r"--seed 0 there, 5 here; --seating not given there, "
                                                     r"\"permutations\" here\)"):
        run_tournament(game, ["random", "heuristic"], deals=1, seed=5, log=log, seating="permutations")
    # More deals extend a log, so they are not named among the settings that differ.
    with pytest.raises(quarkade.QuarkadeError, match=r"\(--seed 0 there, 5 here\): give the same game, players, "
                                                     r"bots, options, seed, seating and --forfeit to resume it \(and "
                                                     r"--games, or more to extend it\)"):
        run_tournament(game, ["random", "heuristic"], deals=2, seed=5, log=log)


def test_every_order_of_the_seats_when_asked(tmp_path: Path) -> None:
    assert len(lineups(["a", "b", "c"], 3)) == 3
    orders = lineups(["a", "b", "c"], 3, seating="permutations")
    assert sorted(orders) == sorted({tuple(order) for order in orders}) and len(orders) == 6
    result = CliRunner().invoke(app, ["tournament", "quirkling", "--bots", "random,heuristic,easy", "--games", "1",
                                      "--seating", "permutations", "--backend", "serial"])
    assert result.exit_code == 0, result.output
    assert "6 games (1 deal, every lineup in every order of its seats)" in " ".join(result.stdout.split())
    bad = CliRunner().invoke(app, ["tournament", "quirkling", "--bots", "random,heuristic,easy", "--seating", "all"])
    assert bad.exit_code == 2 and "seating is rotations or permutations, not 'all'" in bad.output


def test_a_tournament_log_given_to_replay_says_what_it_is(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    run_tournament(quarkade.load("qwarks", players=2), ["random", "heuristic"], deals=1, log=log)
    with pytest.raises(InvalidRecord, match="tournament's log, which keeps each game's result and not its moves"):
        replay(log.read_text().splitlines()[0])


def test_a_finished_log_read_back_says_nothing_is_left(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    command = ["tournament", "qwarks", "--bots", "random,heuristic", "--games", "1", "--backend", "serial",
               "--log", str(log)]
    assert CliRunner().invoke(app, command).exit_code == 0
    again = CliRunner().invoke(app, command)
    assert again.exit_code == 0 and "2 of 2 games read back" in again.output
    assert "nothing is left to play" in " ".join(again.output.split())
    command[command.index("--games") + 1] = "3"
    grown = CliRunner().invoke(app, command)
    said = " ".join(grown.output.split())
    assert grown.exit_code == 0 and "held a tournament of 1 deal: it is extended to 3." in said
    assert f"{log}heldatournament".replace(" ", "") in "".join(said.split())  # (a long path is wrapped)
    assert "2 of 6 games read back" in said and "6 games (3 deals" in said


def test_games_a_stopped_run_logged_ahead_of_their_turn_count_as_read_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A log as a stopped run leaves it: the first game in order, the second never finished, the
    # last two finished ahead of their turn. The resumed run says three games were read back, and
    # its progress counts four games done at the end (it counted the two ahead again as their
    # turn came: six of four).
    from quarkade.faces import tournament_cli

    bars: list[Any] = []
    made = tournament_cli.progress_bar

    def kept_bar(*more: Any) -> Any:
        bars.append(made(*more))
        return bars[-1]

    log = tmp_path / "log.jsonl"
    command = ["tournament", "qwarks", "--bots", "random,heuristic", "--games", "2", "--backend", "serial",
               "--log", str(log)]
    assert CliRunner().invoke(app, command).exit_code == 0
    whole = log.read_text()
    header, *games = whole.splitlines()
    ahead = [json.dumps({**json.loads(games[place]), "ahead": place}) for place in (2, 3)]
    log.write_text("\n".join([header, games[0], *ahead]) + "\n")
    monkeypatch.setattr(tournament_cli, "progress_bar", kept_bar)
    again = CliRunner().invoke(app, command)
    said = " ".join(again.output.split())
    assert again.exit_code == 0 and "3 of 4 games read back" in said and "playing the rest" in said, said
    (task,) = bars[0].tasks
    assert (task.completed, task.total) == (4, 4)
    assert log.read_text() == whole, "the log is whole, in the schedule's order"


@pytest.mark.parametrize(("arguments", "said"), [
    (["--bots", ""], "--bots is a comma-separated list of bots, each entering once, e.g. heuristic,random,mcts"),
    (["--bots", "heuristic,,random"], "--bots is a comma-separated list of bots"),
    (["--bots", "heuristic,random", "--games", "0"], "a tournament plays at least one deal (--games), not 0"),
])
def test_the_commands_words_are_the_tournaments(arguments: list[str], said: str) -> None:
    result = CliRunner().invoke(app, ["tournament", "qwarks", *arguments])
    assert result.exit_code == 2 and said in " ".join(result.output.split()), result.output


def test_a_failure_in_play_says_the_log_keeps_the_games_before_it(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    bad = CliRunner().invoke(app, ["tournament", "qwarks", "--bots", "random,heuristc", "--log", str(log)])
    assert bad.exit_code == 2 and "games finished before it" not in bad.output and not log.exists()
    failing = CliRunner().invoke(app, ["tournament", "qwarks", "--bots", f"{program(tmp_path, 'huge')},random",
                                       "--backend", "serial", "--log", str(log)])
    said = " ".join(failing.output.split())
    assert failing.exit_code == 2 and f"The games finished before it are in {log}" in said, said


def test_a_comma_within_quotes_belongs_to_the_command(tmp_path: Path) -> None:
    """An exec: command could not hold a comma (the entrants are comma-separated): quoted, it
    does, and the program receives the argument whole."""
    path = tmp_path / "args.py"
    noting = "mode = sys.argv[1]\nopen(sys.argv[2], 'w').write(sys.argv[3])"
    path.write_text(PROGRAM.replace("mode = sys.argv[1]", noting))
    said = tmp_path / "said.txt"
    bots = f"exec:{sys.executable} {path} plain {said} '--layers=64,64',random"
    result = CliRunner().invoke(app, ["tournament", "qwarks", "--bots", bots, "--games", "1", "--backend", "serial"])
    assert result.exit_code == 0, result.output
    assert said.read_text() == "--layers=64,64"
    unclosed = CliRunner().invoke(app, ["tournament", "qwarks", "--bots", "exec:'python bot.py,random"])
    assert unclosed.exit_code == 2 and "--bots cannot be read: its quotation ' is not closed" in unclosed.output


def test_an_entrant_is_rated_under_the_name_it_is_given(tmp_path: Path) -> None:
    """NAME=BOT: the log, the progress and the ratings call the entrant by its name, the games
    are those of its bot, and one bot may enter twice under two names."""
    game = quarkade.load("quirky-quarks", players=3)
    log = tmp_path / "named.jsonl"
    named = run_tournament(game, ["a=heuristic", "b=heuristic", "random"], deals=2, seed=4, log=log)
    plain = run_tournament(game, ["heuristic", "normal", "random"], deals=2, seed=4)
    assert {rating.player for rating in named.ratings()} == {"a", "b", "random"}
    assert [game.seats for game in named.games] == [
        tuple({"heuristic": "a", "normal": "b"}.get(seat, seat) for seat in game.seats) for game in plain.games]
    assert [(game.scores, game.winners) for game in named.games] == [(game.scores, game.winners)
                                                                       for game in plain.games]
    header, first = (json.loads(line) for line in log.read_text().splitlines()[:2])
    assert header["tournament"]["bots"] == ["a=heuristic", "b=heuristic", "random"]
    assert first["seats"] == ["a", "b", "random"]
    # Resumed under the same names; under others it is another tournament's log.
    assert run_tournament(game, ["a=heuristic", "b=heuristic", "random"], deals=2, seed=4, log=log).resumed == 6
    with pytest.raises(InvalidOptions, match=r'--bots \["a=heuristic", "b=heuristic", "random"\] there'):
        run_tournament(game, ["a=heuristic", "c=heuristic", "random"], deals=2, seed=4, log=log)


def test_a_name_is_refused_when_it_cannot_name_an_entrant() -> None:
    game = quarkade.load("qwarks", players=2)
    with pytest.raises(BotSpecError, match=r"given twice \(to enter one bot twice, name each entry"):
        run_tournament(game, ["heuristic", "heuristic=heuristic"], deals=1)
    with pytest.raises(BotSpecError, match="'Random' cannot name another bot \\('heuristic'\\): it is a bot kind's"):
        run_tournament(game, ["Random=heuristic", "random"], deals=1)
    with pytest.raises(BotSpecError, match="the name and the bot both given"):
        run_tournament(game, ["=heuristic", "random"], deals=1)
    with pytest.raises(BotSpecError, match="at most 40 printable characters"):
        run_tournament(game, ["x" * 41 + "=heuristic", "random"], deals=1)
    with pytest.raises(BotSpecError, match="no bot 'nobody'"):
        run_tournament(game, ["a=nobody", "random"], deals=1)


def test_the_command_reads_a_name_after_a_bots_settings(tmp_path: Path) -> None:
    """After settings, b=heuristic is an entrant (heuristic is a bot kind); depth=2 a setting."""
    result = CliRunner().invoke(app, ["tournament", "qwarks", "--games", "1", "--backend", "serial", "--json",
                                      "--bots", "mcts:iterations=2,depth=2,Fast=heuristic,random"])
    assert result.exit_code == 0, result.output
    rated = json.loads(result.stdout)
    assert rated["bots"] == ["mcts:iterations=2,depth=2", "Fast=heuristic", "random"]
    assert {row["player"] for row in rated["openskill"]} == {"mcts:iterations=2,depth=2", "Fast", "random"}


def test_a_named_program_that_fails_is_told_by_its_command(tmp_path: Path) -> None:
    """A failure says the bot as it is made, so that the game can be played again from it."""
    game = quarkade.load("qwarks", players=2)
    sys.modules.pop("failing_named", None)
    (tmp_path / "failing_named.py").write_text("from quarkade.agents.base import Bot\n\n\nclass Broken(Bot):\n"
                                               "    def choose(self, view, legal):\n        raise ValueError('no')\n")
    sys.path.insert(0, str(tmp_path))
    try:
        with pytest.raises(BotFailure, match=r"^bot 'failing_named:Broken' at seat 1 failed"):
            run_tournament(game, ["random", "broken=failing_named:Broken"], deals=1)
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("failing_named", None)
