"""Win rates by category from ``quarkade simulate``: the table, the JSON summary and the records."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from quarkade.faces.cli import app
from quarkade.faces.figures import category_figures, wilson_interval
from quarkade.tools.simulate import GameResult, SimulationResult

runner = CliRunner()
SEATS = "random,random,random,random"


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_simulate_prints_wins_by_alien_with_an_interval() -> None:
    output = run("simulate", "cosmic-encounter", "-n", "2", "--seats", SEATS, "--seed", "3")
    assert "Wins by alien (a fair share is 25.0%)" in output
    assert "95% interval" in output
    summary = json.loads(run("simulate", "cosmic-encounter", "-n", "2", "--seats", SEATS, "--seed", "3", "--json"))
    aliens = summary["wins_by_category"]["alien"]
    # Two games of four seats, one alien a seat: eight seat-games, and the wins add up to the games.
    assert sum(row["seat_games"] for row in aliens.values()) == 8
    assert sum(row["wins"] for row in aliens.values()) + summary["undecided"] == pytest.approx(2)
    for alien, row in aliens.items():
        assert row["low"] <= row["win_rate"] <= row["high"]
        assert alien in output  # every alien of the summary has its row in the table


def test_records_name_each_seats_alien(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    run("simulate", "cosmic-encounter", "-n", "2", "--seats", SEATS, "--out", str(path))
    for line in path.read_text().splitlines():
        record = json.loads(line)
        aliens = record["categories"]["alien"]
        assert len(aliens) == 4 and len(set(aliens)) == 4


def test_a_game_without_categories_prints_no_such_table() -> None:
    output = run("simulate", "quirky-quarks", "-n", "2", "--players", "2")
    # One bot at both seats: no table by bot either, it would repeat the seats' fair share.
    assert "Wins over" in output and "Wins by" not in output and "fair share" not in output
    summary = json.loads(run("simulate", "quirky-quarks", "-n", "2", "--players", "2", "--json"))
    assert summary["wins_by_category"] == {}


def test_a_shared_win_counts_its_share_and_the_best_rate_comes_first() -> None:
    games = (
        GameResult(0, (1.0, 1.0, 0.0), (0, 1), 10, {}, {"alien": ("void", "zombie", "mind")}),
        GameResult(1, (0.0, 1.0, 0.0), (1,), 10, {}, {"alien": ("zombie", "void", "laser")}),
    )
    result = SimulationResult("cosmic-encounter", 3, ("random",) * 3, {}, 0, games)
    assert result.wins_by_category() == {"alien": {"laser": (0.0, 1), "mind": (0.0, 1), "void": (1.5, 2),
                                                   "zombie": (0.5, 2)}}
    rows = category_figures(result)["alien"]
    assert list(rows) == ["void", "zombie", "laser", "mind"]
    assert rows["void"]["win_rate"] == 0.75
    assert (rows["void"]["low"], rows["void"]["high"]) == wilson_interval(1.5, 2)


def test_the_interval_narrows_with_more_games_and_stays_within_zero_and_one() -> None:
    few, many = wilson_interval(5, 20), wilson_interval(50, 200)
    assert few[0] < many[0] < 0.25 < many[1] < few[1]
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] <= 1.0


def test_a_table_that_wins_together_is_counted_whole() -> None:
    """Quirky Circuits' seats win or lose together: the table's wins are games won, not halves
    for each seat; a game of seats against seats gives each seat its rate and interval."""
    output = " ".join(run("simulate", "quirky-circuits", "-n", "4", "--seats", "heuristic,heuristic",
                          "--backend", "serial").split())
    summary = json.loads(run("simulate", "quirky-circuits", "-n", "4", "--seats", "heuristic,heuristic",
                             "--backend", "serial", "--json"))
    shown = re.search(r"│ all │ heuristic, heuristic │ (\d) │ (\d+\.\d)% │", output)
    assert shown, output
    assert int(shown.group(1)) == summary["games"] - summary["undecided"] == summary["games_won"]
    assert summary["together"] and summary["games_lost"] == summary["games"] - summary["games_won"]
    # a table's win split in thirds adds up as it prints (no float noise)
    assert sum(summary["wins_by_seat"]) + summary["undecided"] == pytest.approx(summary["games"])
    assert all(round(wins, 9) == wins for wins in summary["wins_by_seat"])
    versus = " ".join(run("simulate", "quirky-quarks", "-n", "4", "--seats", "heuristic,random",
                          "--backend", "serial").split())
    assert "a win shared by several seats counts its share for each" in versus
    apart = json.loads(run("simulate", "quirky-quarks", "-n", "2", "--backend", "serial", "--json"))
    assert not apart["together"] and apart["games_lost"] is None
    assert re.search(r"│ 0 │ heuristic │ [\d.]+ │ [\d.]+% │ [\d.]+%–[\d.]+% │", versus), versus


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full, a file every write to fails")
def test_records_that_cannot_be_written_are_one_sentence() -> None:
    result = runner.invoke(app, ["simulate", "quirks", "-n", "30", "--backend", "serial", "--out", "/dev/full"])
    assert result.exit_code == 2 and "cannot write the games' records (No space left on device)" in result.output
    assert "Traceback" not in result.output


def test_the_summary_keeps_the_items_figures_for_json_and_the_report() -> None:
    """Quirks counts each trait's competitions: a few hundred figures, which the terminal names
    rather than lists; a score that is only the win is not shown again as scores."""
    output = run("simulate", "quirks", "-n", "3", "--seats", "heuristic,heuristic", "--backend", "serial")
    assert "competed:" not in output and "│ turns" in output
    assert re.search(r"And \d+ figures of \d+ items \(cards, traits\): in --json", " ".join(output.split()))
    assert "Scores by seat" not in output  # a Quirks score is the win
    assert "Scores by seat" in run("simulate", "quirky-quarks", "-n", "2", "--backend", "serial")
    summary = json.loads(run("simulate", "quirks", "-n", "3", "--seats", "heuristic,heuristic", "--backend",
                             "serial", "--json"))
    assert any(key.startswith("competed:") for key in summary["statistics_per_game"])


def test_an_interrupted_simulation_sums_up_the_games_it_played(monkeypatch: pytest.MonkeyPatch) -> None:
    import quarkade
    from quarkade.tools.simulate import SimulationInterrupted, simulate

    def stops(game: quarkade.Game, seats: list[str], games: int, seed: int, **kwargs: object) -> object:
        raise SimulationInterrupted(simulate(game, seats, 2, seed, backend="serial"), games)

    monkeypatch.setattr("quarkade.faces.simulate_cli.simulate", stops)
    result = runner.invoke(app, ["simulate", "quirky-quarks", "-n", "10", "--backend", "serial"])
    said = " ".join(result.output.split())
    assert result.exit_code == 130 and "Wins over 2 games of quirky-quarks" in said
    assert "simulation stopped after 2 of 10 games" in said


def test_out_is_not_written_over_when_it_holds_what_the_command_did_not_write(tmp_path: Path) -> None:
    """A tournament's log, a report, records: each left as it is by a command that writes another
    kind, with one sentence; a file of its own kind is written over, as before."""
    log = tmp_path / "log.jsonl"
    log.write_text('{"tournament": {"game": "quirky-quarks"}}\n{"deal": 0}\n', encoding="utf-8")
    kept = log.read_text(encoding="utf-8")
    refused = runner.invoke(app, ["simulate", "quirky-quarks", "-n", "1", "--backend", "serial", "--out", str(log)])
    assert refused.exit_code == 2 and "holds a tournament's log, which this command would write over" in refused.output
    assert log.read_text(encoding="utf-8") == kept
    records = tmp_path / "games.jsonl"
    run("simulate", "quirky-quarks", "-n", "1", "--backend", "serial", "--out", str(records))
    run("simulate", "quirky-quarks", "-n", "2", "--backend", "serial", "--out", str(records))  # its own kind
    assert len(records.read_text(encoding="utf-8").splitlines()) == 2
    refused = runner.invoke(app, ["report", "quirky-quarks", "-n", "1", "--backend", "serial", "--out", str(records)])
    assert refused.exit_code == 2 and "holds games' records, which this command would write over" in refused.output
    assert len(records.read_text(encoding="utf-8").splitlines()) == 2


def test_a_report_is_written_only_to_an_html_file(tmp_path: Path) -> None:
    """``report --out r.pdf`` would write HTML under another name: refused before any game, with
    nothing written."""
    pdf = tmp_path / "r.pdf"
    refused = runner.invoke(app, ["report", "quirky-quarks", "-n", "1", "--backend", "serial", "--out", str(pdf)])
    assert refused.exit_code == 2 and "give --out a file name ending in .html, not 'r.pdf'" in refused.output
    assert not pdf.exists()
