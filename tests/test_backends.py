"""Backends: the same seeds give byte-identical results in this process, on a process pool and on Ray."""

from __future__ import annotations

import importlib
import importlib.util
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import quarkade
from quarkade.core.errors import InvalidOptions
from quarkade.faces.cli import app
from quarkade.tools.backends import Chunk, Farm, chunks_of, connect_ray
from quarkade.tools.match import BotFailure
from quarkade.tools.simulate import GameResult, simulate
from quarkade.tools.tournament import BotSpecError, run_tournament

GAMES = 6
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


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


@needs_ray
def test_a_run_stopped_on_ray_cancels_only_the_tasks_still_playing(local_ray: None,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray's cancel can race a task that finishes as it is called, and the race ends the process
    in Ray itself: a task already done is never cancelled, and is still read."""
    import ray

    template = Chunk("qwarks", 4, {}, ("random",) * 4, (), False)
    farm = Farm("ray", 2, None, 2)
    done = farm.submit(replace(template, seeds=(1,)))
    playing = farm.submit(replace(template, seeds=tuple(range(10**5))))
    [(result, _)] = farm.result(done)
    cancelled: list[Any] = []
    cancel = ray.cancel
    monkeypatch.setattr(ray, "cancel",
                        lambda handle, **settings: (cancelled.append(handle), cancel(handle, **settings)))
    farm.stop()
    assert cancelled == [playing] and result.seed == 1
    assert farm.result(done)[0][0] == result
    with pytest.raises(ray.exceptions.TaskCancelledError):
        ray.get(playing, timeout=30)
    farm.close()


# A bot of a researcher's own, in a module this process finds only in a folder added at run time:
# it notes the process it plays in, and plays the first legal action.
OWN_BOT = '''
import os
from quarkade.agents.base import Bot


class FirstLegal(Bot):
    def __init__(self, game, seed=0, out="played.txt"):
        super().__init__(game, seed)
        with open(out, "a") as noted:
            noted.write(f"{os.getpid()}\\n")

    def choose(self, view, legal):
        return legal[0]
'''


@pytest.fixture
def own_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, Path]]:
    """The spec of a class in a module only this process can import (its folder added to
    ``sys.path`` here, after any worker started), and the file its bots note their process in."""
    folder = tmp_path / "mine"
    folder.mkdir()
    name = f"own_bot_{tmp_path.name.replace('-', '_')}"
    (folder / f"{name}.py").write_text(OWN_BOT)
    played = tmp_path / "played.txt"
    monkeypatch.syspath_prepend(str(folder))
    try:
        yield f"{name}:FirstLegal:out={played}", played
    finally:
        sys.modules.pop(name, None)


def assert_played_elsewhere(played: Path, games: int) -> None:
    """A bot made here once (the entrant checked before any game), one in a worker a game."""
    noted = played.read_text().split()
    assert len(noted) == 1 + games and noted.count(str(os.getpid())) == 1, noted


def test_a_bot_class_plays_on_a_pool(own_bot: tuple[str, Path]) -> None:
    spec, played = own_bot
    game = quarkade.load("qwarks", players=2)
    serial = run_tournament(game, [spec, "random"], deals=2, seed=4)
    assert played.read_text().split() and set(played.read_text().split()) == {str(os.getpid())}
    played.unlink()
    pooled = run_tournament(game, [spec, "random"], deals=2, seed=4, backend="process", workers=2)
    assert [(g.seed, g.seats, g.scores) for g in pooled.games] == [(g.seed, g.seats, g.scores) for g in serial.games]
    assert_played_elsewhere(played, games=len(pooled.games))
    # simulate too: a seat may be a class, on every backend alike.
    seats = [spec, "random"]
    assert (simulate(game, seats, 4, seed=2, backend="process", workers=2).to_json()
            == simulate(game, seats, 4, seed=2).to_json())


@needs_ray
def test_a_bot_class_only_this_process_can_import_plays_on_ray(own_bot: tuple[str, Path], local_ray: None) -> None:
    spec, played = own_bot
    game = quarkade.load("qwarks", players=2)
    serial = run_tournament(game, [spec, "random"], deals=2, seed=4)
    played.unlink()
    on_ray = run_tournament(game, [spec, "random"], deals=2, seed=4, backend="ray")
    assert [(g.seed, g.seats, g.scores) for g in on_ray.games] == [(g.seed, g.seats, g.scores) for g in serial.games]
    assert_played_elsewhere(played, games=len(on_ray.games))
    seats = [spec, "random"]
    assert simulate(game, seats, 4, seed=2, backend="ray").to_json() == simulate(game, seats, 4, seed=2).to_json()


def trained_policy(folder: Path, monkeypatch: pytest.MonkeyPatch, games: int) -> str:
    """A policy trained a little by the PPO example and saved in ``folder``, as an entrant."""
    pytest.importorskip("gymnasium", reason="the example needs the rl extra")
    monkeypatch.syspath_prepend(str(EXAMPLES))
    example = importlib.import_module("train_ppo")
    policy = folder / "policy.npz"
    example.main(["--rounds", "1", "--games-per-round", str(games), "--evaluation-games", "1", "--save", str(policy)])
    return f"train_ppo:PolicyBot:policy={policy}"


@needs_ray
def test_a_policy_trained_with_ppo_enters_a_tournament_on_ray(tmp_path: Path, local_ray: None,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # The researcher's path: train through the research environment, keep the policy, enter it
    # against the built-in bots on Ray, read the ratings.
    entrant = trained_policy(tmp_path, monkeypatch, games=4)
    game = quarkade.load("quirky-quarks", players=2)
    result = run_tournament(game, [entrant, "heuristic", "random"], deals=2, backend="ray")
    assert len(result.games) == 2 * 3 * 2  # two deals, three pairings, both seatings
    assert {rating.player for rating in result.ratings()} == {entrant, "heuristic", "random"}
    assert {strength.player for strength in result.strengths()} == {entrant, "heuristic", "random"}
    # A policy is refused for a game it was not trained on, before any game.
    with pytest.raises(BotSpecError, match="trained on quirky-quarks with 2 players"):
        run_tournament(quarkade.load("quirky-quarks", players=3), [entrant, "heuristic", "random"], deals=1)


def test_a_saved_policy_can_be_the_opponent_a_learner_trains_against(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # Self-play: the single-agent environment's other seats may be any bot spec, a class too.
    opponent = trained_policy(tmp_path, monkeypatch, games=2)
    from quarkade.rl import gymnasium_env

    env = gymnasium_env("quirky-quarks", players=2, seat=0, opponents=opponent)
    observation, _ = env.reset(seed=3)
    assert type(env.bots[1]).__name__ == "PolicyBot"
    done = False
    while not done:
        action = int(observation["action_mask"].nonzero()[0][0])
        observation, _, terminated, truncated, _ = env.step(action)
        done = terminated or truncated


# Bots of a researcher's own that fail: one raises in ``choose`` at its third decision, one
# answers with what is not an action.
FAILING_BOTS = '''
from quarkade.agents.base import Bot


class Broken(Bot):
    def __init__(self, game, seed=0):
        super().__init__(game, seed)
        self.decisions = 0

    def choose(self, view, legal):
        self.decisions += 1
        if self.decisions == 3:
            raise ValueError("no move fits")
        return legal[0]


class Nonsense(Bot):
    def choose(self, view, legal):
        return "nonsense"
'''


@pytest.fixture
def failing_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The module of ``FAILING_BOTS``, importable here (and in a pool's workers) by its name."""
    name = f"failing_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(FAILING_BOTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        yield name
    finally:
        sys.modules.pop(name, None)


def assert_failure_said(error: BaseException, spec: str, seed: int, module: str) -> None:
    """One sentence: the bot as given, its seat, the game's seed and step, its own error and
    where it was raised, and how to play that game again."""
    said = str(error)
    assert re.fullmatch(rf"bot '{re.escape(spec)}' at seat 1 failed at step \d+ of the game of seed {seed}: "
                        rf"ValueError: no move fits \({module}\.py, line 13, in choose\)\. .*", said), said
    assert f"play_match(game, make_bots(game, ['random', '{spec}'], {seed}), {seed})" in said
    assert "quarkade.load('qwarks', players=2)" in said and "\n" not in said


@pytest.mark.parametrize("backend", ["serial", "process"])
def test_a_bot_that_fails_is_named_with_its_seat_seed_and_step(failing_bots: str, backend: str) -> None:
    game = quarkade.load("qwarks", players=2)
    spec = f"{failing_bots}:Broken"
    with pytest.raises(BotFailure) as failed:
        simulate(game, ["random", spec], 4, seed=5, backend=backend, workers=2)
    assert_failure_said(failed.value, spec, 5, failing_bots)
    with pytest.raises(BotFailure) as failed:
        run_tournament(game, ["random", spec], deals=2, seed=7, backend=backend, workers=2)
    assert_failure_said(failed.value, spec, 7, failing_bots)
    nonsense = f"{failing_bots}:Nonsense"
    # A text where an Action belongs: said as the bot's slip, not as an illegal move.
    with pytest.raises(BotFailure, match=rf"bot '{nonsense}' at seat 1 failed at step \d+ of the game of seed 5: its "
                                         "choose returned str 'nonsense'; it returns one of the legal actions it is "
                                         r"given \(an Action\), not its notation"):
        simulate(game, ["random", nonsense], 2, seed=5, backend=backend, workers=2)


def test_the_command_says_a_bot_failure_in_one_line(failing_bots: str) -> None:
    spec = f"{failing_bots}:Broken"
    for command in (["simulate", "qwarks", "-n", "4", "--seats", f"random,{spec}"],
                    ["tournament", "qwarks", "--games", "2", "--bots", f"random,{spec}"]):
        result = CliRunner().invoke(app, [*command, "--backend", "process", "--workers", "2"])
        assert result.exit_code == 2, result.output
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
        assert f"bot '{spec}' at seat 1 failed at step" in result.stderr


@needs_ray
def test_a_bot_that_fails_on_ray_is_named(failing_bots: str, local_ray: None) -> None:
    game = quarkade.load("qwarks", players=2)
    spec = f"{failing_bots}:Broken"
    with pytest.raises(BotFailure) as failed:
        simulate(game, ["random", spec], 2, seed=5, backend="ray")
    assert_failure_said(failed.value, spec, 5, failing_bots)
    with pytest.raises(BotFailure) as failed:
        run_tournament(game, ["random", spec], deals=1, seed=7, backend="ray")
    assert_failure_said(failed.value, spec, 7, failing_bots)


@needs_ray
@pytest.mark.parametrize(("refusal", "said"), [
    (ConnectionError("ray client connection timeout"),
     "could not reach a Ray cluster at ray://nowhere:10001: ray client connection timeout; start one with "
     "`ray start --head` or omit --address for a local Ray"),
    (ValueError("Ray Client requires pip package `ray[client]`. If you installed the minimal Ray (e.g. "
                "`pip install ray`), please reinstall by executing `pip install ray[client]`."),
     "the address ray://nowhere:10001 needs Ray's client, which is not installed: pip install 'quarkade[ray]' "
     "(or 'ray[client]')"),
])
def test_a_cluster_out_of_reach_is_said_in_one_line(monkeypatch: pytest.MonkeyPatch, refusal: Exception,
                                                    said: str) -> None:
    import ray

    def refuse(*args: object, **kwargs: object) -> None:
        raise refusal

    # As Ray answers an address nobody listens at, without waiting for its timeout.
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", refuse)
    for command in (["simulate", "qwarks", "-n", "2"], ["tournament", "qwarks", "--games", "1", "--bots",
                                                        "random,heuristic"]):
        result = CliRunner().invoke(app, [*command, "--backend", "ray", "--address", "ray://nowhere:10001"])
        assert result.exit_code == 2 and result.stderr.strip() == said, result.output


def test_the_ray_extras_bring_its_client() -> None:
    import tomllib

    pyproject = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
    extras = pyproject["project"]["optional-dependencies"]
    assert any(need.startswith("ray[client]") for need in extras["ray"])
    assert any(need.startswith("ray[client]") for need in extras["rl"])


SLOW_BOT = '''
import time

from quarkade.agents.base import Bot


class Slow(Bot):
    def choose(self, view, legal):
        time.sleep(0.05)
        return legal[0]
'''
# A run whose main thread alone runs forks its workers; one with another thread running (the
# command line's progress display) has them forked by a forkserver, which outlives it.
STARTS = {"forked": "", "forkserver": "import threading, time; threading.Thread(target=time.sleep, args=(600,), "
                                      "daemon=True).start(); "}


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize("start", sorted(STARTS))
def test_a_run_killed_at_once_leaves_no_worker_playing_on(tmp_path: Path, start: str) -> None:
    from processes import descendants, running

    (tmp_path / "slow_bot.py").write_text(SLOW_BOT)
    script = (STARTS[start] + "import quarkade; from quarkade.tools.simulate import simulate; "
              "simulate(quarkade.load('quirky-quarks', players=2), ['slow_bot:Slow', 'random'], 40, "
              "backend='process', workers=2)")
    process = subprocess.Popen([sys.executable, "-c", script], cwd=tmp_path, env={**os.environ, "PYTHONPATH": "."},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 30
        while len(workers) < 2 and time.monotonic() < deadline:  # the pool is up, its games under way
            time.sleep(0.1)
            workers = descendants(process.pid)
        time.sleep(0.5)
        workers = descendants(process.pid)
        process.kill()  # SIGKILL: nothing of the run's own can stop its workers now
        process.wait()
        deadline = time.monotonic() + 10
        while any(running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = [pid for pid in workers if running(pid)]
    finally:
        for pid in workers:
            if running(pid):
                os.kill(pid, signal.SIGKILL)
    assert len(workers) >= 2, "the pool did not start"
    assert not left, f"still running after the run was killed: {left}"


class RayStarts:
    """Ray's ``init`` and ``is_initialized`` as a test sets them on the real module (the module
    itself stays: a Ray running in this process reads it from its own threads): how Ray was
    started, and a failure it is told to raise."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, failure: Exception | None = None) -> None:
        import ray

        self.failure, self.started = failure, {}
        monkeypatch.setattr(ray, "is_initialized", lambda: False)
        monkeypatch.setattr(ray, "init", self.init)

    def init(self, **settings: Any) -> None:
        self.started = settings
        if self.failure is not None:
            raise self.failure


@needs_ray
def test_a_run_with_no_address_starts_a_ray_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not the cluster RAY_ADDRESS or a `ray start` names (Ray would join it, and refuse the
    CPUs asked): that one only with --address."""
    ray = RayStarts(monkeypatch)
    monkeypatch.setenv("RAY_ADDRESS", "192.0.2.2:6379")
    assert connect_ray(1, None)
    assert ray.started["address"] == "local" and ray.started["num_cpus"] == 1


@needs_ray
def test_ray_that_cannot_start_or_be_reached_is_one_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    RayStarts(monkeypatch, ValueError("When connecting to an existing cluster, num_cpus and num_gpus must not be "
                                      "provided."))
    with pytest.raises(InvalidOptions, match=r"^could not start a local Ray: When connecting to an existing cluster, "
                                             r"num_cpus and num_gpus must not be provided$"):
        connect_ray(1, None)
    RayStarts(monkeypatch, ConnectionError("Initialization failure from server:\nAuthentication required\n  at ..."))
    with pytest.raises(InvalidOptions, match=r"^could not reach a Ray cluster at ray://h:10001: Initialization "
                                             r"failure from server: Authentication required; start one"):
        connect_ray(None, "ray://h:10001")


THRESHOLDS_BOT = '''
import gc
from quarkade.agents.base import Bot


class Thresholds(Bot):
    def choose(self, view, legal):
        with open("thresholds.txt", "a") as notes:
            notes.write(repr(gc.get_threshold()) + "\\n")
        return legal[0]
'''


@pytest.mark.parametrize("backend", ["serial", "process"])
def test_batch_runs_set_the_collector_and_put_it_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      backend: str) -> None:
    """simulate and tournaments play with BATCH_COLLECTOR's thresholds, in their workers too (a
    forkserver's as well: this test's own threads may make the pool start them so), and leave
    the caller's collector as it was."""
    import gc

    from quarkade.tools.backends import BATCH_COLLECTOR

    (tmp_path / "thresholds_bot.py").write_text(THRESHOLDS_BOT)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    before = gc.get_threshold()
    assert before != BATCH_COLLECTOR
    game = quarkade.load("qwarks", players=2)
    simulate(game, ["thresholds_bot:Thresholds", "random"], 2, backend=backend, workers=2)
    run_tournament(game, ["thresholds_bot:Thresholds", "random"], deals=1, backend=backend, workers=2)
    seen = set((tmp_path / "thresholds.txt").read_text().splitlines())
    assert seen == {repr(BATCH_COLLECTOR)} and gc.get_threshold() == before


def test_a_search_match_plays_with_the_batch_collector(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """search_match measures a bot's strength as simulate plays: with BATCH_COLLECTOR's thresholds
    (a search on a time budget gets as many playouts), the caller's put back after."""
    import gc

    from quarkade.tools.backends import BATCH_COLLECTOR
    from quarkade.tools.search_match import play_one

    (tmp_path / "thresholds_bot.py").write_text(THRESHOLDS_BOT)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    before = gc.get_threshold()
    result = play_one("qwarks", 2, "thresholds_bot:Thresholds", 0)
    assert result["seat"] == 0 and result["game"] == "qwarks"
    assert set((tmp_path / "thresholds.txt").read_text().splitlines()) == {repr(BATCH_COLLECTOR)}
    assert gc.get_threshold() == before
