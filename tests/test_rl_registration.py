"""Every game through ``gymnasium.make("quarkade/<id>-v0", …)``: registered when ``quarkade.rl``
is imported, cheaply and once, its keywords reaching the environment and the game."""

from __future__ import annotations

import subprocess
import sys
import warnings
from collections.abc import Iterator

import numpy as np
import pytest

import quarkade

gymnasium = pytest.importorskip("gymnasium", reason="the rl extra is not installed")
pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from gymnasium.envs.registration import registry  # noqa: E402

from quarkade.rl.registration import gymnasium_id, register_gymnasium_envs  # noqa: E402
from quarkade.rl.single_agent import QuarkadeGymEnv  # noqa: E402

GAME_IDS = [info.id for info in quarkade.list_games()]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_gymnasium_make_plays_a_legal_step_in_every_game(game_id: str) -> None:
    env = gymnasium.make(f"quarkade/{game_id}-v0", opponents="random")
    assert env.spec is not None and env.spec.id == gymnasium_id(game_id) == f"quarkade/{game_id}-v0"
    assert isinstance(env.unwrapped, QuarkadeGymEnv) and env.unwrapped.game.id == game_id
    observation, info = env.reset(seed=1)
    assert env.observation_space.contains(observation)
    legal = np.flatnonzero(observation["action_mask"]).tolist()
    assert legal and legal == info["legal_action_ids"]
    observation, reward, terminated, truncated, _ = env.step(legal[0])
    assert env.observation_space.contains(observation) and not truncated
    assert terminated or reward == 0.0


def test_the_keywords_of_make_reach_the_environment_and_the_game() -> None:
    env = gymnasium.make("quarkade/quirky-circuits-v0", players=3, seat=1, opponents="heuristic",
                         scenario="sliding-through-tunnels", pacing=True, observation_size=64)
    single = env.unwrapped
    assert isinstance(single, QuarkadeGymEnv)
    assert single.game.players == 3 and single.seat == 1 and single.opponents == "heuristic"
    assert single.game.options == {"scenario": "sliding-through-tunnels", "practice": False, "pacing": True}
    observation, _ = env.reset(seed=2)
    assert observation["observation"].shape == (64,) and observation["observation"][:3].tolist() == [0, 1, 0]
    # The spec keeps the keywords, so the spec alone makes the same environment again.
    assert env.spec is not None and env.spec.kwargs["scenario"] == "sliding-through-tunnels"
    again = gymnasium.make(env.spec).unwrapped
    assert isinstance(again, QuarkadeGymEnv) and again.game.options == single.game.options


def test_a_bad_keyword_of_make_is_refused_with_the_reason() -> None:
    make = gymnasium.make
    with pytest.raises(quarkade.InvalidOptions, match="option 'scenario' of quirky-circuits takes a str, not 3"):
        make("quarkade/quirky-circuits-v0", scenario=3)
    with pytest.raises(quarkade.InvalidOptions, match=r"quirky-circuits has no option 'flags' \(its options: "):
        make("quarkade/quirky-circuits-v0", flags=2)
    with pytest.raises(quarkade.InvalidOptions, match="Quirky Circuits is for 2 to 4 players, not 9"):
        make("quarkade/quirky-circuits-v0", players=9)
    with pytest.raises(quarkade.InvalidOptions, match="seat is one of 0 to 2, not 3"):
        make("quarkade/quirky-circuits-v0", seat=3)
    with pytest.raises(quarkade.InvalidOptions, match="no bot"):
        make("quarkade/quirky-circuits-v0", opponents="oracle")


def test_gymnasium_env_checker_passes_on_an_environment_from_make() -> None:
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make("quarkade/quirky-quarks-v0", players=2, opponents="random", illegal="penalty",
                         render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (text rendering declares no frames per second)
        check_env(env.unwrapped)


def test_no_time_limit_is_registered_and_make_can_add_one() -> None:
    env = gymnasium.make("quarkade/quirkling-v0", players=2, opponents="random")
    assert env.spec is not None and env.spec.max_episode_steps is None
    assert registry["quarkade/quirkling-v0"].max_episode_steps is None
    limited = gymnasium.make("quarkade/quirkling-v0", players=2, opponents="random", max_episode_steps=2)
    _, info = limited.reset(seed=1)
    for _ in range(2):
        _, _, terminated, truncated, info = limited.step(info["legal_action_ids"][0])
    assert truncated and not terminated


@pytest.fixture
def unregistered() -> Iterator[None]:
    """The Quarkade ids taken out of Gymnasium's registry for a test, and put back after it."""
    saved = {env_id: spec for env_id, spec in registry.items() if env_id.startswith("quarkade/")}
    for env_id in saved:
        del registry[env_id]
    yield
    for env_id in [env_id for env_id in registry if env_id.startswith("quarkade/")]:
        del registry[env_id]
    registry.update(saved)


@pytest.mark.usefixtures("unregistered")
def test_registering_sets_up_no_game_and_a_second_time_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("registering set up a game")

    monkeypatch.setattr("quarkade.core.registry.configure", refused)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # Gymnasium warns when an id is registered over
        register_gymnasium_envs()
        first = {env_id: spec for env_id, spec in registry.items() if env_id.startswith("quarkade/")}
        register_gymnasium_envs()
    assert sorted(first) == sorted(f"quarkade/{game_id}-v0" for game_id in GAME_IDS)
    assert all(registry[env_id] is spec for env_id, spec in first.items())
    assert first["quarkade/qwarks-v0"].kwargs == {"game_id": "qwarks"}


def test_gymnasium_registers_nothing_by_itself_and_its_module_form_imports_quarkade() -> None:
    # A fresh interpreter: in this one quarkade.rl is imported already.
    script = ("import sys, gymnasium\n"
              "print('quarkade/quirkling-v0' in gymnasium.registry, 'quarkade' in sys.modules)\n"
              "env = gymnasium.make('quarkade.rl:quarkade/quirkling-v0', players=2, opponents='random')\n"
              "print(env.spec.id, env.unwrapped.game.players, 'quarkade/qwarks-v0' in gymnasium.registry)")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["False False", "quarkade/quirkling-v0 2 True"]
