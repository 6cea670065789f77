"""The tools behind the command: simulation, replays, benchmarks."""

from __future__ import annotations

import io
import json
import multiprocessing
import sys
import time
from pathlib import Path

import pytest

import quarkade
from quarkade.core.errors import InvalidOptions, InvalidRecord
from quarkade.tools.bench import bench
from quarkade.tools.replay import log_text, new_log_entries, read_record, walk
from quarkade.tools.simulate import GameResult, Interrupted, Spread, simulate


@pytest.fixture(scope="module")
def game() -> quarkade.Game:
    return quarkade.load("quirky-quarks", players=3)


def test_wins_add_up_to_the_games(game: quarkade.Game) -> None:
    result = simulate(game, ["random"] * 3, games=12, seed=5)
    assert len(result.games) == 12
    assert sum(result.wins_by_seat()) + result.undecided == pytest.approx(12)
    wins, played = result.wins_by_kind()["random"]
    assert wins == pytest.approx(sum(result.wins_by_seat())) and played == 36
    assert [g.seed for g in result.games] == list(range(5, 17))
    for seat in range(3):
        spread = result.score_spread(seat)
        assert spread.minimum <= spread.median <= spread.maximum
        assert spread.minimum <= spread.mean <= spread.maximum
    length = result.length_spread()
    assert 0 < length.minimum <= length.mean <= length.maximum


def test_the_same_seed_gives_the_same_simulation(game: quarkade.Game) -> None:
    first = simulate(game, ["random"] * 3, games=6, seed=21)
    again = simulate(game, ["random"] * 3, games=6, seed=21)
    other = simulate(game, ["random"] * 3, games=6, seed=22)
    assert first == again
    assert first.to_json() == again.to_json()
    assert first.games[1:] == other.games[:-1]  # seeds follow on, one a game


def test_records_are_written_one_a_line(game: quarkade.Game) -> None:
    out = io.StringIO()
    seen: list[GameResult] = []
    result = simulate(game, ["random"] * 3, games=3, seed=0, records=out, on_game=seen.append)
    lines = out.getvalue().splitlines()
    assert len(lines) == 3 and seen == list(result.games)
    for line, played in zip(lines, result.games, strict=True):
        data = json.loads(line)
        assert data["scores"] == list(played.scores) and data["winners"] == list(played.winners)
        assert quarkade.replay(data).scores == played.scores


def test_simulate_refuses_a_wrong_seat_count(game: quarkade.Game) -> None:
    with pytest.raises(InvalidOptions, match="2 seats"):
        simulate(game, ["random"] * 2, games=1)


# A bot that stalls a minute (sleeping) before its first move in the games of seed 8 on, at the
# first seat: the first games of a simulation come back at once, then its workers are busy.
STALLING_BOT = """
import time

from quarkade.agents.base import Bot


class Stalling(Bot):
    def __init__(self, game, seed=0):
        super().__init__(game, seed)
        self.stall = 60.0 if 8 * 7919 < seed < 104729 else 0.0

    def choose(self, view, legal):
        time.sleep(self.stall)
        self.stall = 0.0
        return legal[self.chance.below(len(legal))]
"""


def test_an_interrupted_simulation_says_how_far_it_got_and_ends_its_workers(
        game: quarkade.Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name = f"stalling_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(STALLING_BOT)
    monkeypatch.syspath_prepend(str(tmp_path))
    out = io.StringIO()

    def interrupt_at_the_third(played: GameResult) -> None:
        if played.seed == 2:
            raise KeyboardInterrupt

    started = time.monotonic()
    try:
        # Caught as what it is too (a KeyboardInterrupt), so that a run that lets one out fails here.
        with pytest.raises(KeyboardInterrupt) as interrupted:
            simulate(game, [f"{name}:Stalling", "random", "random"], games=40, records=out,
                     on_game=interrupt_at_the_third, backend="process", workers=2)
    finally:
        sys.modules.pop(name, None)
    # At once, its workers ended, not once the games under way are over.
    assert time.monotonic() - started < 20 and not multiprocessing.active_children()
    assert isinstance(interrupted.value, Interrupted)
    assert (interrupted.value.done, interrupted.value.total) == (3, 40)
    assert len(out.getvalue().splitlines()) == 3


# A bot whose fourth game is stopped by Ctrl-C in the middle (its made bots are counted).
INTERRUPTING_BOT = """
from quarkade.agents.base import Bot

MADE = []


class Interrupting(Bot):
    def __init__(self, game, seed=0):
        super().__init__(game, seed)
        MADE.append(seed)

    def choose(self, view, legal):
        if len(MADE) == 4:
            raise KeyboardInterrupt
        return legal[self.chance.below(len(legal))]
"""


def test_a_serial_simulation_stopped_mid_game_keeps_every_game_over(
        game: quarkade.Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in the fourth game of twenty: the three games over are counted and recorded (they
    were played in chunks of five, and the three were lost with their chunk)."""
    name = f"interrupting_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(INTERRUPTING_BOT)
    monkeypatch.syspath_prepend(str(tmp_path))
    out = io.StringIO()
    try:
        with pytest.raises(KeyboardInterrupt) as interrupted:
            simulate(game, [f"{name}:Interrupting", "random", "random"], games=20, records=out, backend="serial")
    finally:
        sys.modules.pop(name, None)
    assert isinstance(interrupted.value, Interrupted)
    assert (interrupted.value.done, interrupted.value.total) == (3, 20)
    assert len(out.getvalue().splitlines()) == 3


def test_spread_of_one_value_has_no_deviation() -> None:
    assert Spread.of([4.0]) == Spread(4.0, 4.0, 4.0, 4.0, 0.0)
    assert Spread.of([1.0, 2.0, 6.0]).median == 2.0


def test_new_log_entries_follow_a_sliding_window() -> None:
    assert new_log_entries([], ["a"]) == ["a"]
    assert new_log_entries(["a", "b"], ["a", "b", "c"]) == ["c"]
    assert new_log_entries(["a", "b", "c"], ["b", "c", "d"]) == ["d"]  # the window slid by one
    assert new_log_entries(["a", "b", "c"], ["a", "b", "c"]) == []
    assert new_log_entries(["a", "b"], ["x", "y"]) == ["x", "y"]
    assert log_text({"text": "Seat 1 passes."}) == "Seat 1 passes." and log_text("plain") == "plain"


def test_read_record_from_json_and_json_lines(tmp_path: Path, game: quarkade.Game) -> None:
    out = io.StringIO()
    simulate(game, ["random"] * 3, games=2, seed=3, records=out)
    lines = tmp_path / "games.jsonl"
    lines.write_text(out.getvalue())
    assert read_record(lines).seed == 3 and read_record(lines, 1).seed == 4
    with pytest.raises(InvalidRecord, match="no game index 2"):
        read_record(lines, 2)
    single = tmp_path / "game.json"
    single.write_text(json.dumps(json.loads(out.getvalue().splitlines()[1]), indent=2))
    assert read_record(single).seed == 4


def test_walk_steps_to_the_recorded_end(game: quarkade.Game) -> None:
    state = quarkade.load("quirky-quarks", players=3).new_game(9)
    result = simulate(game, ["random"] * 3, games=1, seed=9, records=(out := io.StringIO()))
    record = quarkade.Record.from_json(out.getvalue())
    walked = walk(record, viewer=None)
    assert len(walked.steps) == len(record.actions) == result.games[0].steps
    assert walked.final.scores == result.games[0].scores
    assert walked.start == state.view(None).to_json()
    assert any(step.log for step in walked.steps)
    with pytest.raises(InvalidRecord, match="no seat 5"):
        walk(record, viewer=5)


def test_bench_measures_every_figure(game: quarkade.Game) -> None:
    figures = bench(game, seconds=0.05, rounds=1, reference=False, search=False)
    assert figures.steps_per_s > 0 and figures.clones_per_s > 0 and figures.simulate_steps_per_s > 0
    data = figures.to_json()
    assert data["game"] == "quirky-quarks" and data["ratio_vs_openspiel"] is None and data["meets_targets"] is None
