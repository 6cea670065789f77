"""``quarkade bench server``: the players' think time is an option, and 0 (bot speed) runs."""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from quarkade.faces.cli import app
from quarkade.tools import bench_server

runner = CliRunner()


def test_the_cli_passes_the_think_time_to_the_benchmark(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(bench_server, "run", lambda **arguments: calls.append(arguments))
    result = runner.invoke(app, ["bench", "server", "--think", "0", "--tables", "7", "--seconds", "2"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["bench", "server", "--tables", "7", "--seconds", "2"])
    assert result.exit_code == 0, result.output
    assert [(call["think"], call["tables"], call["seconds"]) for call in calls] == [(0.0, 7, 2.0), (0.5, 7, 2.0)]


def test_the_help_says_what_think_zero_means() -> None:
    result = runner.invoke(app, ["bench", "--help"], env={"COLUMNS": "200", "TERM": "dumb"})
    assert result.exit_code == 0
    assert "--think" in result.output and "SECONDS" in result.output
    assert "0 is bot speed" in " ".join(result.output.split())


def test_a_negative_think_time_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_server, "run", lambda **_: pytest.fail("the benchmark must not start"))
    result = runner.invoke(app, ["bench", "server", "--think", "-1"])
    assert result.exit_code == 2
    assert "--think" in result.output and "-1" in result.output


@pytest.mark.alone  # it counts the moves made in a second
def test_bot_speed_measures_moves_against_a_live_server(capsys: pytest.CaptureFixture[str]) -> None:
    figures = bench_server.run(tables=2, seconds=1.0, json_output=True, think=0.0)
    assert figures["think_seconds"] == 0.0 and figures["tables_held"] == 2
    # At bot speed two tables make far more than one move a second each.
    assert figures["moves"] > 20
    latency = figures["latency_ms"]
    assert 0 < latency["p50"] <= latency["p95"] <= latency["p99"] <= latency["max"]
    assert figures["server_cpu_ms_per_move"] > 0 and figures["client_cpu_ms_per_move"] > 0
    assert '"think_seconds": 0.0' in capsys.readouterr().out


def test_a_server_port_given_back_leaves_no_lock_file_and_a_held_one_is_passed_over(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    # Each server holds a lock on its port's file while it runs (so that servers started at once
    # never share a port), and removes the file when it stops: the folder does not grow run by run.
    monkeypatch.setattr(bench_server, "_PORT_LOCKS", tmp_path)
    offered = iter([5001, 5001, 5002, 5003, 5004])
    monkeypatch.setattr(bench_server, "_free_port", lambda: next(offered))
    port, held = bench_server._claim_port()
    assert port == 5001 and (tmp_path / "5001.lock").exists()
    other, second = bench_server._claim_port()
    assert other == 5002, "a port another server holds is passed over"
    bench_server._release_port(held)
    bench_server._release_port(second)
    assert list(tmp_path.iterdir()) == []
    # A claim that opened a port's file just before its holder removed it locks a file no longer
    # there, which nobody else would see: it lets it go and takes another port.
    port, held = bench_server._claim_port()
    assert port == 5003
    locking = bench_server.fcntl.flock

    def released_first(lock: Any, how: int) -> None:
        if lock is not held and not held.closed:
            bench_server._release_port(held)
        locking(lock, how)

    monkeypatch.setattr(bench_server.fcntl, "flock", released_first)
    offered = iter([5003, 5004])
    port, last = bench_server._claim_port()
    assert port == 5004 and not (tmp_path / "5003.lock").exists()
    bench_server._release_port(last)
    assert list(tmp_path.iterdir()) == []
