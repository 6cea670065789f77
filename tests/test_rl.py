"""The research environments: PettingZoo's own API test on every game, the Gymnasium wrapper,
the OpenSpiel game, and the training example at a tiny size."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import quarkade
from quarkade.core.errors import IllegalAction

pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from pettingzoo.test import api_test  # noqa: E402

from quarkade.rl import pettingzoo_env  # noqa: E402
from quarkade.rl.encoding import ViewEncoder, action_table  # noqa: E402

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
