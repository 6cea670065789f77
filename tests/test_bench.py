"""The benchmark: figures measured in rounds interleaved with the reference, on CPU time."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

import quarkade
from quarkade.faces.cli import app
from quarkade.tools import bench as benchmark
from quarkade.tools.bench import Ratio, bench, openspiel_available, run_slice

needs_openspiel = pytest.mark.skipif(not openspiel_available(), reason="the 'bench' extra is not installed")


def test_a_ratio_is_the_median_with_its_spread() -> None:
    ratio = Ratio((0.5, 3.0, 1.0, 1.5, 2.0), target=1.0)
    assert ratio.median == 1.5 and ratio.met
    data = ratio.to_json()
    assert (data["min"], data["q1"], data["median"], data["q3"], data["max"]) == (0.5, 1.0, 1.5, 2.0, 3.0)
    assert not Ratio((0.9, 5.0, 0.8), target=1.0).met


def test_a_slice_is_timed_on_cpu_time_and_keeps_its_place() -> None:
    def units() -> Iterator[bool]:
        count = 0
        while True:
            count += 1
            yield count % 10 == 0

    loop = units()
    slept_before = time.process_time()
    time.sleep(0.05)  # a sleeping process spends no CPU time: it must not count
    assert time.process_time() - slept_before < 0.04
    done, finished, spent = run_slice(loop, 0.01)
    assert done > 0 and done % 16 == 0 and finished == done // 10 and spent >= 0.01
    # The loop goes on where it stopped: the next unit is the one after the last counted.
    assert next(loop) is ((done + 1) % 10 == 0)


def test_without_reference_there_are_no_ratios() -> None:
    game = quarkade.load("quirky-quarks", players=2)
    result = bench(game, seconds=0.06, rounds=2, reference=False, search=False)
    assert result.ratios is None and result.meets_targets is None and result.simulate_ratio is None
    assert result.steps_per_s > 0 and result.simulate_steps_per_s > 0 and result.simulate_bots == "heuristic"


@needs_openspiel
def test_interleaved_rounds_give_a_ratio_per_round_for_each_figure() -> None:
    game = quarkade.load("qwarks")
    result = bench(game, seconds=0.09, rounds=3, search=False)
    assert result.ratios is not None and result.openspiel_python_ttt_steps_per_s is not None
    for name, target in (("random", 2.0), ("clones", 4.0), ("simulate", 1.0)):
        ratio = result.ratios[name]
        assert len(ratio.values) == 3 and all(value > 0 for value in ratio.values) and ratio.target == target
        assert min(ratio.values) <= ratio.median <= max(ratio.values)
    assert result.meets_targets == all(ratio.median >= ratio.target for ratio in result.ratios.values())
    assert result.search_met is None  # not measured: the verdict rests on the ratios


def test_a_search_short_of_its_target_misses_the_targets_whatever_the_ratios() -> None:
    from dataclasses import replace

    from quarkade.tools.bench import SEARCH_TARGET, BenchResult, Ratio

    ratios = {name: Ratio((target * 2,) * 3, target) for name, target in (("random", 2.0), ("clones", 4.0),
                                                                          ("simulate", 1.0))}
    result = BenchResult("qwarks", 4, 1.0, 3, 1.0, 1.0, 1.0, 1.0, "heuristic", 1.0, ratios, None)
    assert result.meets_targets is True
    assert replace(result, search_simulations_per_s=SEARCH_TARGET - 1).meets_targets is False
    assert replace(result, search_simulations_per_s=SEARCH_TARGET).meets_targets is True
    data = result.to_json()
    assert data["simulate_ratio"] == round(result.ratios["simulate"].median, 3)
    assert data["ratios"]["clones"]["median"] == data["clones_ratio"]
    assert data["targets"] == {"random": 2.0, "clones": 4.0, "simulate": 1.0} and data["clock"] == "process_time"


def test_bench_refuses_no_rounds() -> None:
    with pytest.raises(ValueError, match="at least one round"):
        bench(quarkade.load("qwarks"), seconds=0.01, rounds=0)
    result = CliRunner().invoke(app, ["bench", "qwarks", "--rounds", "0"])
    assert result.exit_code == 2 and "--rounds is at least 1" in result.output


def test_bench_json_keys_are_the_documented_ones() -> None:
    result = CliRunner().invoke(app, ["bench", "qwarks", "--json", "--seconds", "0.06", "--rounds", "2"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    for key in figures:
        assert f"``{key}``" in (benchmark.__doc__ or ""), key
    assert figures["rounds"] == 2 and figures["simulate_steps_per_s"] > 0
    assert (figures["simulate_ratio"] is None) == (not openspiel_available())


def test_the_search_is_measured_at_positions_from_the_start_to_the_end_of_whole_games() -> None:
    from quarkade.tools.bench import search_positions

    game = quarkade.load("qwarks", players=2)  # two decks of 22 cards: 22 turns
    positions = search_positions(game, seed=3)
    assert [(len(state.history), seat) for state, seat in positions] == [
        (len(state.history), seat) for state, seat in search_positions(game, seed=3)]
    assert all(seat in state.to_act and len(state.legal_actions(seat)) > 1 for state, seat in positions)
    turns = [state.view(None)["turn"] for state, _ in positions]
    # every turn of the games is there, and a stretch of a dozen already mixes early and late ones
    assert set(turns) == set(range(1, 23))
    assert max(turns[:12]) - min(turns[:12]) >= 8
    assert turns != sorted(turns)


def test_the_search_gives_a_rate_a_round() -> None:
    from quarkade.tools.bench import search_rounds

    rates = search_rounds(quarkade.load("qwarks", players=2), seconds=0.6, rounds=2)
    assert len(rates) == 2 and all(rate > 0 for rate in rates)
