"""The ``quarkade`` command, driven through stdin and stdout as a player or script would."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import quarkade
from quarkade.core.game import GameInfo, OptionSpec
from quarkade.faces.cli import app, optional_module, parse_options
from quarkade.faces.terminal import action_entries, format_hand, format_value, render_view
from quarkade.games.quirky_quarks.actions import Bid, Pass
from quarkade.tools.bench import openspiel_available

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def test_the_help_writes_flags_bare_and_a_value_with_its_type() -> None:
    code, output = run("simulate", "--help")
    assert code == 0
    rows = [line.split() for line in output.splitlines()]
    words = {row[1]: row[2:] for row in rows if len(row) > 2 and row[1].startswith("--")}  # after the border
    assert words["--json"][0] == "Print" and words["--help"][0] == "Show"  # no "<bool>" between
    assert words["--seed"][0] == "<int>"
    assert "<bool>" not in output


def test_games_lists_quirky_quarks() -> None:
    code, output = run("games")
    assert code == 0
    assert "quirky-quarks" in output and "Quirky Quarks" in output and "2-4" in output


def test_games_says_what_each_option_takes_and_a_game_tells_them_in_words() -> None:
    code, output = run("games")
    assert code == 0
    table = " ".join(output.split())
    assert "takes" in table and "true or false" in table and "one of eon," in table
    assert "a whole number, 1" in table and "to 600" in table
    code, output = run("games", "quirks")
    assert code == 0
    said = " ".join(output.split())
    assert "turn_limit: a whole number, 0 or more; 400 by default" in said
    assert "(0: none, as in the rulebook; a game may then go on for ever)" in said
    assert "advanced: true or false; false by default" in said
    code, output = run("games", "chess")
    assert code == 2 and "no game called 'chess'" in output


def test_bots_lists_the_levels_first_then_what_they_are_made_of() -> None:
    code, output = run("bots", "quirks")
    assert code == 0
    lines = [kind for line in output.splitlines() if line.count("│") >= 3 and (kind := line.split("│")[1].strip())]
    assert lines == ["random", "easy", "normal", "hard", "expert", "heuristic", "mcts"]
    assert "looks ahead over what it cannot see" in output
    code, output = run("bots", "qwarks")
    assert code == 0 and "slow to react and forgetful" in output
    code, output = run("bots", "chess")
    assert code != 0 and "no game called 'chess'" in output


def test_rules_prints_the_rulebook_and_a_rulings_section() -> None:
    code, output = run("rules", "quirky-quarks")
    assert code == 0
    assert "Quirky Quarks Rulebook" in output
    assert "77 Elementary Particle cards" in output
    assert "Rulings" in output


def test_a_game_of_one_seat_ends_won_or_lost_with_its_score(tmp_path: Path) -> None:
    """Finding 6: Quirks Solitaire ended on a table of one row with no winner marked, under a
    header of '1 players'. A one-seat game now says whether it was won or lost, and its score."""
    path = tmp_path / "solitaire.json"
    code, output = run("play", "quirks-solitaire", "--seats", "random", "--seed", "3", "--record", str(path))
    assert code == 0
    assert "Quirks Solitaire, 1 player, seed 3" in output and "1 players" not in output
    assert "Final scores" not in output and "No one wins" not in output
    state = quarkade.replay(path.read_text())
    said = "won" if state.winners else "lost"
    assert f"Seat 0 (random): {said}, with a score of {format_value(state.scores[0])}." in output
    code, output = run("replay", str(path), "--all")
    assert code == 0 and "quirks-solitaire, 1 player, seed 3" in output and f"Seat 0: {said}" in output


def test_bots_play_a_game_to_its_end() -> None:
    code, output = run("play", "quirky-quarks", "--seats", "random,random,random", "--seed", "3")
    assert code == 0
    assert "Final scores" in output and "Winner: seat" in output


def test_the_help_shows_the_game_and_step_at_hand() -> None:
    """Finding 4: every game's help gave Quirky Quarks' bid as its example of a range. The help
    now takes its examples from the step's own actions, and explains a range only when the
    list folds one."""
    code, output = run("play", "quirks", "--seats", "human,random", "--seed", "1", stdin="help\nquit\n")
    assert code == 0
    help_text = output[output.index("Type the number of an action"):output.index("Game left unfinished")]
    assert "bid" not in help_text and "lhc" not in help_text and "range" not in help_text
    verbs = {str(action).split()[0] for action in quarkade.load("quirks", players=2).new_game(1).legal_actions(0)}
    assert all(f"  {verb} " in help_text for verb in verbs), (verbs, help_text)


def test_list_numbers_the_actions_beginning_with_its_words() -> None:
    """A folded line (Cosmic Encounter's hundred launches) is picked from through ``list``: the
    actions beginning with its words, each with its number in the whole list, which then plays
    it; a word nothing begins with is said so, and nothing is played."""
    legal = [str(action) for action in quarkade.load("quirkling", players=3).new_game(1).legal_actions(0)]
    chosen = [(number, text) for number, text in enumerate(legal, start=1) if text.startswith("ask 2")]
    assert 1 < len(chosen) < len(legal)
    number, text = chosen[-1]
    code, output = run("play", "quirkling", "--seats", "human,random,random", "--seed", "1",
                       stdin=f"list ask 2\nlist zzz\n{number}\nquit\n")
    assert code == 0
    listed = output[output.index("Your legal actions beginning with 'ask 2'"):output.index("No legal action")]
    assert f"({len(chosen)})" in listed
    assert all(f"{n}  {t}" in listed for n, t in chosen), listed
    assert not any(t in listed for t in legal if not t.startswith("ask 2")), listed
    assert "No legal action begins with 'zzz'." in output
    assert text == "ask 2 animal-c" and "Seat 0 asks seat 2 for a tail (Animal C)." in output.split("zzz")[1]


def test_a_range_in_the_help_is_one_the_list_shows() -> None:
    from quarkade.faces.terminal import play_help

    actions = [Pass()] + [Bid(0, amount) for amount in range(3, 7)]
    text = play_help(actions, "quirky-quarks")
    assert "A range such as '2-5  bid kekb 3 … 6' stands for 'bid kekb 3' to 'bid kekb 6'." in text
    assert "e.g. 'bid kekb 3', 'bid kekb 4'" in text and "lhc" not in text


def test_a_human_plays_through_stdin() -> None:
    # Enough lines to finish any game: each human turn takes one.
    stdin = "help\nbid foo 3\n999\n" + "1\n" * 1500
    code, output = run("play", "quirky-quarks", "--seats", "human,random", "--seed", "4", stdin=stdin)
    assert code == 0
    assert "Type the number of an action" in output  # help
    assert "Not understood:" in output and "the accelerators are" in output  # bad notation
    assert "Choose a number from 1 to" in output  # a number out of range
    assert "Your hand" in output and "Your legal actions" in output
    assert "Final scores" in output and "Winner" in output


def test_an_illegal_action_is_explained_and_asked_again() -> None:
    # The first decision of this seed is a Neutrino draw, so a bid is out of turn.
    stdin = "bid lhc 1\nquit\n"
    code, output = run("play", "quirky-quarks", "--seats", "human,random", "--seed", "4", stdin=stdin)
    assert code == 0
    assert "Illegal:" in output and "choose the deck" in output
    assert "Game left unfinished" in output


def test_a_game_left_unfinished_is_recorded_and_replays(tmp_path: Path) -> None:
    """Finding 5: with --record, a game left unfinished wrote nothing and said nothing. Its
    record is written now, the player told where, and ``replay`` steps through it to where it
    was left (no final scores: nobody won)."""
    path = tmp_path / "left.json"
    code, output = run("play", "quirky-quarks", "--seats", "human,random", "--seed", "4", "--record", str(path),
                       stdin="1\n1\nquit\n")
    assert code == 0
    left = re.search(r"Game left unfinished after (\d+) actions? \(seed 4\)\.", output)
    assert left is not None, output
    assert f"Record of the unfinished game written to {path}." in output
    record = json.loads(path.read_text())
    assert len(record["actions"]) == int(left.group(1)) >= 2
    code, output = run("replay", str(path), "--all")
    assert code == 0
    assert f"The record ends here: the game was left unfinished after {left.group(1)} actions." in output
    assert "Final scores" not in output


def test_the_end_of_input_leaves_the_game() -> None:
    code, output = run("play", "quirky-quarks", "--seats", "human,random", "--seed", "4", stdin="")
    assert code == 0
    assert "Game left unfinished" in output


def test_hot_seat_hands_the_screen_over() -> None:
    code, output = run("play", "quirky-quarks", "--seats", "human,human", "--seed", "5", stdin="1\n" * 1500)
    assert code == 0
    assert "Pass the screen to seat" in output
    assert "Final scores" in output


def test_play_writes_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, _ = run("play", "quirky-quarks", "--seats", "random,random", "--seed", "8", "--record", str(path))
    assert code == 0
    assert quarkade.replay(path.read_text()).is_over
    code, output = run("replay", str(path), "--all")
    assert code == 0 and "Winner: seat" in output


def simulate_to(path: Path, games: int = 5, seed: int = 11) -> str:
    code, output = run("simulate", "quirky-quarks", "-n", str(games), "--seats", "random,random,random",
                       "--seed", str(seed), "--out", str(path))
    assert code == 0
    return output


def test_simulate_writes_records_that_replay_to_their_scores(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    output = simulate_to(path)
    assert "Wins over 5 games" in output and "Scores by seat" in output and "Game length in steps" in output
    lines = path.read_text().splitlines()
    assert len(lines) == 5
    for seed, line in enumerate(lines, start=11):
        data = json.loads(line)
        assert data["seed"] == seed
        state = quarkade.replay(data)
        assert list(state.scores) == data["scores"]


def test_simulate_json_summary() -> None:
    code, output = run("simulate", "quirky-quarks", "-n", "3", "--players", "2", "--json")
    assert code == 0
    summary = json.loads(output)
    assert summary["games"] == 3 and summary["seats"] == ["random", "random"]
    assert sum(summary["wins_by_seat"]) + summary["undecided"] == 3


def test_simulate_refuses_a_human() -> None:
    code, output = run("simulate", "quirky-quarks", "-n", "2", "--seats", "human,random")
    assert code == 2 and "bots only" in output


def test_replay_all_of_a_simulated_game(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    simulate_to(path, games=3)
    code, output = run("replay", str(path), "--game-index", "2", "--all")
    assert code == 0
    assert "seed 13" in output and "1/" in output and "Winner: seat" in output
    # A sealed ejection is not shown to a spectator before its reveal.
    assert "(a hidden choice)" in output


def test_replay_steps_through_on_enter(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    simulate_to(path, games=1)
    code, output = run("replay", str(path), "--seat", "1", stdin="\nn\nb\n4\nv\nq\n")
    assert code == 0
    assert "Start of the game" in output
    assert "1/" in output and "2/" in output and "4/" in output
    assert "Your hand" in output  # the view of seat 1


def test_replay_to_the_end_shows_the_scores(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    simulate_to(path, games=1)
    actions = len(json.loads(path.read_text())["actions"])
    code, output = run("replay", str(path), stdin=f"{actions}\n\n")
    assert code == 0 and "Final scores" in output


def test_replay_refuses_an_action_it_does_not_have_and_stays_put(tmp_path: Path) -> None:
    """Finding 7: '-5' and 'zz' reprinted the keys with no reason, and '999' went to the end
    without a word. Each now says why in a line, and the replay stays where it was."""
    path = tmp_path / "games.jsonl"
    simulate_to(path, games=1)
    actions = len(json.loads(path.read_text())["actions"])
    code, output = run("replay", str(path), stdin="2\n-5\nzz\n999\nq\n")
    assert code == 0
    refused = f"there are {actions} actions; give 0 to {actions}"
    assert f"There is no action -5: {refused}" in output and f"There is no action 999: {refused}" in output
    assert "Not understood: 'zz'." in output
    moves = re.findall(r"^replay> (\d+)/", output, re.MULTILINE)
    assert moves == ["2"], moves  # nothing moved after action 2
    assert f"{actions}/{actions}" not in output and "Final scores" not in output


def test_replay_of_a_bad_file_says_why(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"game": "quirky-quarks"}')
    code, output = run("replay", str(path))
    assert code == 2 and "the record lacks" in output
    code, output = run("replay", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in output


def test_bench_json_has_the_figures() -> None:
    result = runner.invoke(app, ["bench", "quirky-quarks", "--json", "--seconds", "0.3"])
    assert result.exit_code == 0
    figures = json.loads(result.stdout)
    for key in ("game", "steps_per_s", "games_per_s", "clones_per_s", "openspiel_python_ttt_steps_per_s",
                "ratio_vs_openspiel"):
        assert key in figures
    assert figures["game"] == "quirky-quarks"
    assert figures["steps_per_s"] > 0 and figures["games_per_s"] > 0 and figures["clones_per_s"] > 0
    if not openspiel_available():
        return
    assert figures["openspiel_python_ttt_steps_per_s"] > 0 and figures["ratio_vs_openspiel"] > 0


def test_bench_table() -> None:
    code, output = run("bench", "all", "--seconds", "0.1")
    assert code == 0 and "quirky-quarks" in output and "steps/s" in output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "nope", "--seats", "random,random"], "no game called 'nope'"),
        (["simulate", "nope"], "no game called 'nope'"),
        (["rules", "nope"], "no game called 'nope'"),
        (["bench", "nope", "--seconds", "0.1"], "no game called 'nope'"),
        (["play", "quirky-quarks", "--seats", "random", "--seed", "1"], "for 2 to 4 players, not 1"),
        (["play", "quirky-quarks", "--seats", "random,random", "--players", "3"], "--seats names 2 seats"),
        (["play", "quirky-quarks", "--seats", "random,,random"], "comma-separated"),
        (["play", "quirky-quarks", "--seats", "random,wizard", "--seed", "1"], "seat 1 cannot be 'wizard'"),
        (["play", "quirky-quarks", "--seats", "random,random", "--option", "speed=3"], "has no option 'speed'"),
        (["simulate", "quirky-quarks", "-n", "2", "--option", "speed"], "write options as key=value"),
        # the names of load's own arguments are no options either (they raised a TypeError)
        (["simulate", "quirks", "-n", "2", "--option", "players=3"], "the number of players is given apart"),
        (["play", "quirks", "--seats", "random,random", "--option", "game_id=3"], "has no option 'game_id'"),
        (["simulate", "quirky-quarks", "-n", "0"], "at least one game"),
        (["simulate", "quirky-quarks", "-n", "2", "--seats", "random,wizard"], "no bot 'wizard'"),
        (["play", "quirky-quarks", "--players", "0"], "not 0"),
        (["bench", "all", "--option", "speed=3"], "apply to one game"),
    ],
)
def test_bad_input_exits_with_2_and_says_why(args: list[str], message: str) -> None:
    code, output = run(*args)
    assert code == 2
    assert message in " ".join(output.split())


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["simulate", "quirks", "--seed", "abc"], "quarkade simulate: Invalid value for '--seed'"),
        (["simulate", "quirks", "--bogus"], "quarkade simulate: No such option: --bogus"),
        (["simulate"], "quarkade simulate: Missing argument 'game' (see quarkade simulate --help)"),
        (["nope"], "quarkade: No such command 'nope' (see quarkade --help)"),
    ],
)
def test_a_mistyped_command_line_is_said_in_one_line(args: list[str], line: str) -> None:
    """A value that is no number, an unknown option or command: one line, as every other bad
    input, not the library's panel under the usage."""
    result = runner.invoke(app, args, prog_name="quarkade")
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(line), result.output
    assert "Usage" not in result.output and "╭" not in result.output


def test_the_games_and_their_options_read_whole_at_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 8: at 80 columns the options' names were cut (``random_mutati…``). Each option
    now has a line of its own, every name and default whole."""
    from quarkade.core.registry import list_games
    from quarkade.faces import cli
    from quarkade.faces.cli import option_takes

    monkeypatch.setattr(cli.console, "width", 80)
    code, output = run("games")
    assert code == 0
    assert "…" not in output and max(len(line) for line in output.splitlines()) <= 80
    for info in list_games():
        assert f"│ {info.id} " in output, info.id
        marked = {variant.replace("-", "_") for variant in info.variants}
        for spec in info.options:
            name = spec.name + ("*" if spec.name in marked else "")
            # What it takes may fold onto the lines below; its first words and the default begin the row.
            options = output[output.index("Options:"):]
            begins = re.search(rf"^  {re.escape(info.id)}\s", options, re.M)
            assert begins, info.id
            rows = options[begins.start():].splitlines()
            row = next(line for line in rows if re.search(rf"\s{re.escape(name)}\s", line))
            default = str(spec.default).lower() if spec.kind is bool else format_value(spec.default)
            assert re.search(rf"\s{re.escape(name)}\s+{re.escape(option_takes(spec).split()[0])}\s.*\s"
                             rf"{re.escape(default)}", row), (name, row)


def test_options_are_typed_by_the_game_s_declaration() -> None:
    info = GameInfo("toy", "Toy", 2, 4, "a game for tests", options=(
        OptionSpec("random_mutation", bool, False, "a variant"),
        OptionSpec("rounds", int, 5, "how many rounds"),
        OptionSpec("deck", str, "basic", "which deck"),
    ))
    options = parse_options(info, ["random-mutation=yes", "rounds=7", "deck=full", "other=x"])
    assert options == {"random_mutation": True, "rounds": 7, "deck": "full", "other": "x"}
    assert parse_options(info, ["random_mutation=0"]) == {"random_mutation": False}
    with pytest.raises(typer.Exit):
        parse_options(info, ["rounds=many"])
    with pytest.raises(typer.Exit):
        parse_options(info, ["random_mutation=maybe"])


def test_a_missing_optional_part_is_a_clear_exit() -> None:
    with pytest.raises(typer.Exit) as caught:
        optional_module("quarkade.faces.no_such_face", "the no-such face")
    assert caught.value.exit_code == 2


def test_actions_that_differ_by_an_amount_are_folded_into_ranges() -> None:
    actions = [Bid(4, amount) for amount in range(2, 11)] + [Bid(0, 1), Bid(0, 2), Pass()]
    assert action_entries(actions) == ["1-9  bid lhc 2 … 10", "10  bid kekb 1", "11  bid kekb 2", "12  pass"]


def test_the_renderer_draws_any_view() -> None:
    assert format_value({"seat": 0, "draws_left": 2}) == "seat: 0, draws_left: 2"
    assert format_value([1.0, None, True]) == "1, —, yes"
    assert format_hand({"up": 2, "down": 1}) == "up ×2, down"
    state = quarkade.load("quirky-quarks", players=3).new_game(1)
    from rich.console import Console

    console = Console(width=100, record=True)
    console.print(render_view(state.view(0).to_json()))
    console.print(render_view({"game": "toy", "seat": None, "board": [[1, 2]], "log": ["started"]}))
    text = console.export_text()
    assert "Your hand" in text and "Accelerators" in text and "spectator" in text and "started" in text


def test_a_player_the_game_does_not_wait_for_is_offered_its_signals(monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Quirky Circuits at the terminal: a player who is done may still put its hands flat or
    say Beep-boop (ruling 18); before the next move it is asked, an empty line going on."""
    import io
    import sys

    from quarkade.faces.cli import offer_optional
    from quarkade.games.quirky_circuits.actions import STOP
    from quirky_circuits_positions import act, position

    state = position(2)
    state.apply(0, state.legal_actions(0)[0])
    act(state, 0, "done")
    monkeypatch.setattr(sys, "stdin", io.StringIO("dance\n2\n\n"))
    offer_optional(state.game, state, [0, 1], None)
    out = capsys.readouterr().out
    assert "seat 0 may 1 stop or 2 beep now (Enter to go on, n: not until your move)>" in out
    assert "seat 0 may 1 stop now" in out
    assert "Not taken" in out and "Beep-boop" in out
    assert state.optional_actions(0) == [STOP] and state.to_act == (1,)
    assert "seat 1 may" not in out, "a seat to act is asked for its move, not here"
    declined: set[int] = set()
    monkeypatch.setattr(sys, "stdin", io.StringIO("n\n"))
    offer_optional(state.game, state, [0, 1], None, declined)
    offer_optional(state.game, state, [0, 1], None, declined)  # not asked again: the input holds no more
    assert declined == {0} and capsys.readouterr().out.count("seat 0 may") == 1


QWARKS = ("play", "qwarks", "--seats", "human,normal", "--seed", "5")


def test_the_race_knows_help_view_and_quit() -> None:
    """Finding 2: at Qwarks' race prompt, 'help' and 'quit' were read as covers ('not a Qwarks
    action'). They work as at every prompt; the help says that the clock runs on."""
    code, output = run(*QWARKS, stdin="help\nview\nquit\n")
    assert code == 0
    race = output[output.index("Quick!"):]
    assert "Not understood" not in race
    assert "help and view cost race time" in race and "e.g. 'cover 0', 'cover 1'" in race
    assert "Turn 1 of 22" in race  # the table drawn again
    assert race.rstrip().endswith("Game left unfinished after 0 actions (seed 5).")


def test_the_end_of_the_input_at_the_race_leaves_the_game() -> None:
    """Finding 2: the end of the input (Ctrl-D) at the race left the clock to run out, and the
    game went on; it leaves the game now, as at any other prompt."""
    code, output = run(*QWARKS, stdin="")
    assert code == 0
    assert "Time is up" not in output and "Game left unfinished after 0 actions (seed 5)." in output


def test_the_race_is_typed_without_a_time_and_an_answer_shows_its_card(tmp_path: Path) -> None:
    """Finding 3: the race's menu offered 'cover 0 after 0' and 'timeout', and a typed time was
    replaced without a word. The menu now lists 'cover DECK', as it is typed; a typed time and
    'timeout' are refused with the reason. Once an answer is given, the card it was about is
    shown, as the view holds it (ruling 14), with the answer that would have kept it."""
    path = tmp_path / "race.json"
    # turn 1: two refusals, then a cover; seat 1 answers, then seat 0; turn 2: cover, answer
    code, output = run(*QWARKS, "--record", str(path), stdin="cover 1 after 5\ntimeout\ncover 1\n1\n2\n1\nquit\n")
    assert code == 0
    assert "1  cover 0   2  cover 1\nQuick!" in output and "after 0   " not in output and "timeout" not in output
    assert "Not understood: the terminal measures your time and writes it in: type 'cover 1'" in output
    assert "Not understood: the clock covers nothing for you when your time runs out" in " ".join(output.split())
    assert "Seat 0 covers the card from deck 1 after " in output
    assert "The card kept: a Prooton of 3 points: blue happy (1 eye, 5 tentacles)" in " ".join(output.split())
    # Turn 1 ends with seat 0's answer: turn 2's view holds that card (ruling 16), and the
    # answer that keeps it is for turn 1's question (the happy Qwarks), not turn 2's.
    assert "Seat 0 answers 0 prooton: wrong: the card is discarded. The card: a Nootron of 1 point: yellow sad " \
           "(5 eyes), blue happy (2 eyes), blue sad (1 eye, 2 tentacles). The answer that keeps it: 1 nootron." \
           in " ".join(output.split())
    assert "Last turn: seat 1 answered 2 prooton: right." in " ".join(output.split())
    # Turn 2: seat 1 answers after seat 0, so the view still holds seat 0's card.
    shown = re.findall(r"Seat 0 answers 0 prooton: wrong: the card is discarded\. The card: a (?:Prooton|Nootron) "
                       r"of [^.]+\. The answer that keeps it: ([a-z0-9 ]+)\.", " ".join(output.split()))
    assert len(shown) == 2, output
    # each answer shown keeps its card, as the engine sees it
    record = json.loads(path.read_text())
    answered = [index for index, (seat, text) in enumerate(record["actions"]) if seat == 0 and "answer" in text]
    for index, keeps in zip(answered, shown, strict=True):
        state = quarkade.load("qwarks", players=2).new_game(5)
        for seat, text in record["actions"][:index]:
            state.apply_text(seat, text)
        state.apply_text(0, f"answer {keeps}")
        assert [line for line in state.view(None).to_json()["log"] if line["event"] == "answer"][-1]["right"] is True


def test_quit_at_the_hand_over_screen_leaves_the_game() -> None:
    """Hot seat: `quit` typed at "Pass the screen to seat N, then press Enter" leaves the game;
    it used to count as the Enter and show the next player's hand."""
    state = quarkade.load("quirky-quarks", players=2).new_game(4)
    moves = 0
    first = state.to_act[0]
    while state.to_act[0] == first:
        state.apply(first, state.legal_actions(first)[0])
        moves += 1
    result = CliRunner().invoke(app, ["play", "quirky-quarks", "--seats", "human,human", "--seed", "4"],
                                input="1\n" * moves + "quit\n")
    assert result.exit_code == 0, result.output
    handed = result.output.split("then press Enter.", 1)[1]
    assert f"you are seat {state.to_act[0]}" not in handed
    assert f"Game left unfinished after {moves} action" in handed
