"""Backends: the same seeds give byte-identical results in this process, on a process pool and on Ray."""

from __future__ import annotations

import importlib.util
import io
import json
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

import quarkade
from quarkade.core.errors import InvalidOptions
from quarkade.faces.cli import app
from quarkade.tools.backends import Chunk, chunks_of
from quarkade.tools.simulate import GameResult, simulate

GAMES = 6


def run(backend: str, game_id: str = "quirky-quarks", **options: object) -> tuple[str, str, list[int]]:
    """(summary JSON, records, seeds in the order on_game saw them) of a small simulation."""
    game = quarkade.load(game_id, **options)
    records = io.StringIO()
    seen: list[GameResult] = []
    result = simulate(game, ["heuristic"] + ["random"] * (game.players - 1), GAMES, seed=11, records=records,
                      on_game=seen.append, backend=backend, workers=2)
    return json.dumps(result.to_json(), sort_keys=True), records.getvalue(), [one.seed for one in seen]


@pytest.fixture(scope="module")
def serial() -> tuple[str, str, list[int]]:
    return run("serial")


def test_chunks_cover_every_seed_once_in_order() -> None:
    template = Chunk("qwarks", 4, {}, ("random",) * 4, (), False)
    chunks = chunks_of(template, range(5, 105), workers=2)
    assert [seed for chunk in chunks for seed in chunk.seeds] == list(range(5, 105))
    assert len(chunks) == 8 and all(chunk.game == "qwarks" and chunk.seats == template.seats for chunk in chunks)
    assert [len(chunk.seeds) for chunk in chunks_of(template, range(3), workers=8)] == [1, 1, 1]


def test_a_process_pool_gives_the_serial_results(serial: tuple[str, str, list[int]]) -> None:
    summary, records, seeds = serial
    assert seeds == list(range(11, 11 + GAMES)) and records.count("\n") == GAMES
    assert run("process") == serial


def test_backend_options_are_checked_before_any_game() -> None:
    game = quarkade.load("qwarks")
    with pytest.raises(InvalidOptions, match="no backend 'gpu'"):
        simulate(game, ["random"] * 4, 2, backend="gpu")
    with pytest.raises(InvalidOptions, match="at least one worker"):
        simulate(game, ["random"] * 4, 2, backend="process", workers=0)
    with pytest.raises(InvalidOptions, match="for the ray backend"):
        simulate(game, ["random"] * 4, 2, backend="process", address="ray://nowhere:10001")


def test_the_command_runs_on_every_local_backend_alike() -> None:
    outputs = []
    for backend in ("serial", "process"):
        result = CliRunner().invoke(app, ["simulate", "qwarks", "-n", "4", "--seed", "3", "--json",
                                          "--backend", backend, "--workers", "2"])
        assert result.exit_code == 0, result.output
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1] and json.loads(outputs[0])["games"] == 4
    result = CliRunner().invoke(app, ["simulate", "qwarks", "-n", "2", "--backend", "serial", "--address", "x"])
    assert result.exit_code == 2 and "for the ray backend" in result.output


needs_ray = pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="the 'ray' extra is not installed")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


@needs_ray
def test_ray_gives_the_serial_results(serial: tuple[str, str, list[int]], local_ray: None) -> None:
    assert run("ray") == serial
