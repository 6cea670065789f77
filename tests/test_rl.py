"""The research environments: PettingZoo's own API test on every game, the Gymnasium wrapper,
the OpenSpiel game, and the training example at a tiny size."""

from __future__ import annotations

import importlib.util
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import quarkade
from quarkade.core.errors import IllegalAction

pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from pettingzoo.test import api_test  # noqa: E402

from quarkade.rl import gymnasium_env, pettingzoo_env  # noqa: E402
from quarkade.rl.encoding import ViewEncoder, action_table  # noqa: E402
from quarkade.rl.single_agent import QuarkadeGymEnv  # noqa: E402

GAME_IDS = [info.id for info in quarkade.list_games()]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_api_test_passes_on_every_game(game_id: str) -> None:
    env = pettingzoo_env(game_id)
    with warnings.catch_warnings():
        # Dict observations with an action mask are PettingZoo's own convention (its chess and
        # tic-tac-toe warn the same way).
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=40)


def test_masks_name_exactly_the_legal_actions() -> None:
    env = pettingzoo_env("quirky-quarks", players=2)
    env.reset(seed=3)
    for _ in range(30):
        agent = env.agent_selection
        observation, _, done, _, info = env.last()
        if done:
            break
        seat = env.possible_agents.index(agent)
        legal = {str(a) for a in env.state.legal_actions(seat)}
        ids = np.flatnonzero(observation["action_mask"]).tolist()
        assert ids == info["legal_action_ids"]
        assert {str(env.table.legal(env.state, seat)[i]) for i in ids} == legal
        env.step(ids[-1])


def test_an_illegal_action_id_is_refused_and_changes_nothing() -> None:
    env = pettingzoo_env("quirkling", players=2)
    env.reset(seed=1)
    observation = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    steps = env.state.steps
    with pytest.raises(IllegalAction, match="not legal"):
        env.step(illegal)
    assert env.state.steps == steps


def test_action_ids_and_observations_are_stable_across_builds() -> None:
    game = quarkade.load("qwarks", players=3)
    first = action_table(game, playouts=2)
    assert first.vocabulary == sorted(first.vocabulary) and first.size > len(first.vocabulary)
    view = game.new_game(5).view(1)
    assert np.array_equal(ViewEncoder().encode(view), ViewEncoder().encode(view))


def test_an_observation_is_the_encoded_view_of_its_seat() -> None:
    env = pettingzoo_env("quirky-quarks", players=2)
    env.reset(seed=7)
    for seat, agent in enumerate(env.possible_agents):
        expected = ViewEncoder().encode(env.state.view(seat))
        assert np.array_equal(env.observe(agent)["observation"], expected)
    # The two seats hold different hands, so their observations differ.
    assert not np.array_equal(env.observe("player_0")["observation"], env.observe("player_1")["observation"])


def _play_out(env: QuarkadeGymEnv, seed: int) -> tuple[float, list[int]]:
    observation, info = env.reset(seed=seed)
    chosen: list[int] = []
    while True:
        assert env.observation_space.contains(observation)
        ids = info["legal_action_ids"]
        assert ids == np.flatnonzero(env.action_masks()).tolist() and ids
        chosen.append(ids[len(chosen) % len(ids)])
        observation, reward, terminated, truncated, info = env.step(np.int64(chosen[-1]))
        assert not truncated
        if terminated:
            return reward, chosen
        assert reward == 0.0
        assert env.state.to_act[0] == env.seat  # the bots have played up to the seat's turn


def test_gymnasium_env_plays_a_seat_against_bots_to_the_end() -> None:
    env = gymnasium_env("quirky-quarks", players=2, seat=1, opponents="random")
    reward, chosen = _play_out(env, seed=4)
    assert reward in (0.0, 0.5, 1.0)
    assert env.state.is_over
    # Same seed, same actions: the same game (bots and deal are seeded by reset).
    again, _ = _play_out(env, seed=4)
    assert again == reward and env.state.record().actions == env.state.record().actions


def test_gymnasium_env_refuses_an_illegal_id_and_an_unknown_seat_or_bot() -> None:
    env = gymnasium_env("quirky-quarks", players=2)
    env.reset(seed=2)
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    steps = env.state.steps
    with pytest.raises(IllegalAction, match="not legal"):
        env.step(np.int64(illegal))
    assert env.state.steps == steps
    with pytest.raises(quarkade.InvalidOptions, match="seat"):
        gymnasium_env("quirky-quarks", players=2, seat=2)
    with pytest.raises(quarkade.InvalidOptions, match="no bot"):
        gymnasium_env("quirky-quarks", players=2, opponents="oracle")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_openspiel_game_plays_every_game_to_the_end(game_id: str) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel comes with the bench extra")
    from quarkade.rl import openspiel_game

    game = openspiel_game(game_id)
    facts = game.get_type()
    assert facts.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert facts.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(7)
    rng = np.random.default_rng(0)
    for _ in range(300):
        if state.is_terminal():
            break
        player = state.current_player()
        legal = state.legal_actions()
        assert legal and all(0 <= action < game.num_distinct_actions() for action in legal)
        # A resampled state cannot be told apart by the player, and a clone is independent.
        if state.move_number() == 3:
            resampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert resampled.information_state_string(player) == state.information_state_string(player)
            clone = state.clone()
            clone.apply_action(legal[0])
            assert clone.move_number() == state.move_number() + 1
        state.apply_action(int(rng.choice(legal)))
    assert len(state.returns()) == game.num_players()


def test_openspiel_registers_each_game_and_runs_its_ismcts_on_quarkade() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel comes with the bench extra")
    from open_spiel.python.algorithms import ismcts, mcts

    from quarkade.rl import openspiel_game

    openspiel_game("quirky-quarks", players=2)
    game = pyspiel.load_game("quarkade_quirky_quarks", {"players": 2})
    assert game.num_players() == 2
    state = game.new_initial_state()
    state.apply_action(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 2.0,
                           max_simulations=10, random_state=np.random.RandomState(0))
    action = bot.step(state)
    assert action in state.legal_actions()


def _example() -> Any:
    path = Path(__file__).resolve().parent.parent / "examples" / "train_ppo.py"
    spec = importlib.util.spec_from_file_location("train_ppo", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_ppo"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_ppo_update_makes_a_rewarded_action_likelier_and_a_punished_one_rarer() -> None:
    example = _example()
    policy = example.Policy(4, 3, np.random.default_rng(0))
    optimizer = example.Adam([policy.weights, policy.bias, policy.value_weights, policy.value_bias], rate=0.05)
    observation, mask = np.array([1.0, 0.0, 0.5, 0.0]), np.array([1.0, 1.0, 1.0])
    batch = [(observation, mask, 0, 1 / 3, 1.0), (observation, mask, 1, 1 / 3, 0.0)]
    for _ in range(5):
        example.update(policy, optimizer, batch)
    after = policy.probabilities(observation[None], mask[None])[0]
    assert after[0] > 1 / 3 > after[1]
    # A masked action keeps probability zero.
    assert policy.probabilities(observation[None], np.array([[1.0, 0.0, 1.0]]))[0][1] == 0.0


def test_ppo_example_runs_at_a_tiny_size_and_prints_its_curve(capsys: pytest.CaptureFixture[str]) -> None:
    example = _example()
    example.main(["--rounds", "1", "--games-per-round", "2", "--evaluation-games", "2"])
    printed = capsys.readouterr().out
    assert printed.count("win rate vs random") == 2
    assert "games trained     2" in printed and "random play wins" in printed


def test_ismcts_comparison_plays_a_whole_game_between_the_two_searches(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel comes with the bench extra")
    from quarkade.rl.compare import match
    from quarkade.rl.spiel import load_game

    share = match(load_game(quarkade.load("quirky-quarks", players=2)), 2, 2, 1)
    assert share in (0.0, 0.5, 1.0)
    assert f"scores {share}" in capsys.readouterr().out
