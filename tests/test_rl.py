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
from quarkade.rl.encoding import ViewEncoder, action_table, id_stability  # noqa: E402
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
        legal = {str(a) for a in env.game_state.legal_actions(seat)}
        ids = np.flatnonzero(observation["action_mask"]).tolist()
        assert ids == info["legal_action_ids"]
        assert {str(env.table.legal(env.game_state, seat)[i]) for i in ids} == legal
        env.step(ids[-1])


def test_an_illegal_action_id_is_refused_and_changes_nothing() -> None:
    env = pettingzoo_env("quirkling", players=2)
    env.reset(seed=1)
    observation = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    steps = env.game_state.steps
    with pytest.raises(IllegalAction, match="not legal"):
        env.step(illegal)
    assert env.game_state.steps == steps
    with pytest.raises(IllegalAction, match=r"action id 1000000 is not an id of this game \(its ids are 0 to"):
        env.step(10**6)
    with pytest.raises(IllegalAction, match="an action id is an integer, not None"):
        env.step(None)
    assert env.game_state.steps == steps


def test_action_ids_and_observations_are_stable_across_builds() -> None:
    game = quarkade.load("qwarks", players=3)
    first = action_table(game, playouts=2)
    assert first.vocabulary == sorted(first.vocabulary) and first.size > len(first.vocabulary)
    view = game.new_game(5).view(1)
    assert np.array_equal(ViewEncoder(3).encode(view), ViewEncoder(3).encode(view))


def test_an_observation_is_the_encoded_view_of_its_seat() -> None:
    env = pettingzoo_env("quirky-quarks", players=2)
    env.reset(seed=7)
    for seat, agent in enumerate(env.possible_agents):
        expected = ViewEncoder(2).encode(env.game_state.view(seat))
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
    # The final evaluation's eight games cannot tell a policy from random play, and the verdict says so.
    assert "(Wilson 95% intervals over 8 games): that it beats random play is not shown" in printed


def test_ppo_example_trains_through_pettingzoo_in_self_play(capsys: pytest.CaptureFixture[str]) -> None:
    example = _example()
    example.main(["--env", "pettingzoo", "--rounds", "1", "--games-per-round", "2", "--evaluation-games", "2"])
    printed = capsys.readouterr().out
    assert printed.count("win rate vs random") == 2 and "random play wins" in printed
    # Self-play learns from both seats of each game; the result is seat 0's, against random play.
    env = example.Through(pettingzoo_env("quirky-quarks", players=2))
    policy = example.Policy(env.size, env.actions, np.random.default_rng(0))
    (first, first_reward), (second, second_reward) = env.games(policy, 7)
    assert first and second and first_reward + second_reward == pytest.approx(1.0)
    assert env.result(policy, 7) in (0.0, 0.5, 1.0)


def test_the_example_says_a_policy_beats_random_play_only_when_the_intervals_part() -> None:
    verdict = _example().verdict
    assert verdict(0.54, 0.80, 100).endswith(": it beats random play")
    assert "not shown at 100 evaluation games" in verdict(0.54, 0.62, 100)  # 0.62 lies within random's interval
    assert verdict(0.54, 0.30, 100).endswith(": it plays worse than random play")


def test_ismcts_comparison_plays_a_whole_game_between_the_two_searches(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel comes with the bench extra")
    from quarkade.rl.compare import match
    from quarkade.rl.spiel import load_game

    share = match(load_game(quarkade.load("quirky-quarks", players=2)), 2, 2, 1)
    assert share in (0.0, 0.5, 1.0)
    assert f"scores {share}" in capsys.readouterr().out


@pytest.mark.parametrize(("game_id", "playouts_an_iteration"), [("quirky-quarks", 1), ("quirks", 2)])
def test_ismcts_comparison_rates_both_searches_on_the_same_positions(game_id: str, playouts_an_iteration: int) -> None:
    """The rates compared: Quarkade's playouts and iterations a CPU second (two playouts an
    iteration where a move is paired with the heuristic's, as in Quirks), and OpenSpiel's."""
    pytest.importorskip("pyspiel", reason="OpenSpiel comes with the bench extra")
    from quarkade.rl.compare import rates
    from quarkade.rl.spiel import load_game

    playouts, iterations, spiel = rates(load_game(quarkade.load(game_id, players=2)), deals=3,
                                        spiel_simulations=4, our_iterations=10)
    assert playouts > 0 and iterations > 0 and spiel > 0
    assert playouts == pytest.approx(playouts_an_iteration * iterations)


def test_ismcts_comparison_refuses_a_game_whose_bots_choose_unlisted_actions() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel comes with the bench extra")
    from quarkade.rl.compare import match
    from quarkade.rl.spiel import load_game

    # Qwarks' search times its own cover (after 968 ms), between the times the game lists.
    with pytest.raises(ValueError, match="legal but not one of the listed actions.*qwarks cannot be compared"):
        match(load_game(quarkade.load("qwarks", players=2)), 2, 2, 1)


# ----------------------------------------------------------------------------- the seat observing


def test_two_seats_of_a_symmetric_game_observe_differently_at_the_first_decision() -> None:
    # At Qwarks' first decision both seats see the same cards: only the seat tells them apart.
    env = pettingzoo_env("qwarks", players=2)
    env.reset(seed=1)
    first, second = (env.observe(agent)["observation"] for agent in env.possible_agents)
    assert np.array_equal(first[2:], second[2:])  # the same hashed view
    assert first[:2].tolist() == [1.0, 0.0] and second[:2].tolist() == [0.0, 1.0]
    for seat in (0, 1):
        observation, _ = gymnasium_env("qwarks", players=2, seat=seat, opponents="random").reset(seed=1)
        assert observation["observation"][:2].tolist() == [seat == 0, seat == 1]


def test_the_observation_size_is_a_keyword_of_both_environments() -> None:
    env = pettingzoo_env("qwarks", players=3, observation_size=1024)
    env.reset(seed=1)
    assert env.observation_space("player_0")["observation"].shape == (1024,)
    assert env.observe("player_2")["observation"].shape == (1024,)
    single = gymnasium_env("qwarks", players=3, observation_size=64, opponents="random")
    observation, _ = single.reset(seed=1)
    assert single.observation_space.contains(observation) and observation["observation"].shape == (64,)
    assert pettingzoo_env("qwarks", players=3).observation_space("player_0")["observation"].shape == (512,)
    with pytest.raises(quarkade.InvalidOptions, match="observation size"):
        gymnasium_env("qwarks", players=3, observation_size=3)


# ----------------------------------------------------------------------------- Gymnasium's own tools


def test_gymnasium_env_checker_passes_with_illegal_ids_as_a_penalty_and_text_rendering() -> None:
    from gymnasium.utils.env_checker import check_env

    env = gymnasium_env("quirky-quarks", players=2, opponents="random", illegal="penalty", render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (it warns that an environment made without gymnasium.make has no spec)
        check_env(env)


def test_an_illegal_id_as_a_penalty_ends_the_episode_and_changes_nothing() -> None:
    env = gymnasium_env("quirky-quarks", players=2, opponents="random", illegal="penalty")
    env.reset(seed=2)
    steps = env.state.steps
    observation, reward, terminated, truncated, info = env.step(np.int64(10**6))
    assert (reward, terminated, truncated) == (-1.0, True, False) and "not an id of this game" in info["illegal"]
    assert env.state.steps == steps and not observation["action_mask"].any()
    with pytest.raises(IllegalAction, match="the episode is over"):
        env.step(np.int64(0))
    with pytest.raises(quarkade.InvalidOptions, match="illegal is one of raise, penalty"):
        gymnasium_env("quirky-quarks", players=2, illegal="ignore")  # type: ignore[arg-type]


def test_gymnasium_env_says_why_an_id_is_refused() -> None:
    env = gymnasium_env("quirky-quarks", players=2, opponents="random")
    env.reset(seed=2)
    with pytest.raises(IllegalAction, match=r"action id 1000000 is not an id of this game \(its ids are 0 to"):
        env.step(np.int64(10**6))
    illegal = int(np.flatnonzero(env.action_masks() == 0)[0])
    reason = rf"action id {illegal} \('.*'\) is not legal for seat 0 now \(\d+ legal ids"
    with pytest.raises(IllegalAction, match=reason):
        env.step(np.int64(illegal))


def test_render_ansi_draws_the_seats_view_as_the_terminal_does() -> None:
    env = gymnasium_env("quirky-quarks", players=2, seat=1, opponents="random", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text is not None and "Quirky Quarks  you are seat 1" in text
    aec = pettingzoo_env("quirky-quarks", players=2, render_mode="ansi")
    aec.reset(seed=2)
    spectator = aec.render()
    assert spectator is not None and "as a spectator" in spectator
    with pytest.raises(quarkade.InvalidOptions, match="render modes"):
        gymnasium_env("quirky-quarks", players=2, render_mode="human")


def test_a_reset_seed_seeds_the_environment_and_the_game_seed_option_names_the_game() -> None:
    env = gymnasium_env("quirky-quarks", players=2, opponents="random")
    _, info = env.reset(seed=42)
    drawn = info["game_seed"]
    assert drawn == env.state.seed and env.reset(seed=42)[1]["game_seed"] == drawn
    assert env.reset()[1]["game_seed"] != drawn  # the next reset plays a fresh game
    _, info = env.reset(options={"game_seed": 42})
    assert info["game_seed"] == env.state.seed == 42
    assert env.state.view(0) == quarkade.load("quirky-quarks", players=2).new_game(42).view(0)
    aec = pettingzoo_env("quirky-quarks", players=2)
    aec.reset(options={"game_seed": 42})
    assert aec.game_state.seed == 42 and aec.infos["player_1"]["game_seed"] == 42
    with pytest.raises(quarkade.InvalidOptions, match="a game seed is a whole number from 0, not -1"):
        env.reset(options={"game_seed": -1})
    # a misspelt option plays a drawn game: it is warned of, in both interfaces
    with pytest.warns(UserWarning, match="reset options 'game_sead' are not read: a reset takes 'game_seed' alone"):
        env.reset(options={"game_sead": 42})
    with pytest.warns(UserWarning, match="reset options 'game_sead' are not read"):
        aec.reset(options={"game_sead": 42})


# ----------------------------------------------------------------------------- how stable the ids are


def test_id_stability_counts_the_legal_actions_a_vocabulary_never_met() -> None:
    quirks = quarkade.load("quirks", players=3)
    narrow = id_stability(quirks, action_table(quirks, playouts=2), games=2)
    wide = id_stability(quirks, action_table(quirks, playouts=16), games=2)
    assert narrow.decisions == wide.decisions and narrow.legal_actions == wide.legal_actions
    assert narrow.outside_share > wide.outside_share > 0.0  # more playouts, a wider vocabulary
    assert narrow.unreachable == 0 and 0 < narrow.decisions_outside <= narrow.decisions
    qwarks = quarkade.load("qwarks", players=2)
    assert id_stability(qwarks, action_table(qwarks), games=2).outside == 0
    # The environments take the vocabulary's playouts as a keyword.
    assert pettingzoo_env("quirks", players=3, vocabulary_playouts=16).table is action_table(quirks, playouts=16)



# ----------------------------------------------------------------------------- a researcher's review
def test_a_first_reset_without_a_seed_plays_a_fresh_game_in_each_copy() -> None:
    """Copies of an environment in a vector are reset without a seed: each draws its own, as
    Gymnasium's environments do (they all played seed 0's games)."""
    seeds = {gymnasium_env("quirky-quarks", players=2, opponents="random").reset()[1]["game_seed"] for _ in range(4)}
    assert len(seeds) == 4
    aecs = [pettingzoo_env("quirky-quarks", players=2) for _ in range(4)]
    for aec in aecs:
        aec.reset()
    assert len({aec.game_state.seed for aec in aecs}) == 4


def test_a_cooperative_table_that_wins_pays_every_seat_the_win() -> None:
    from quarkade.rl.encoding import outcome
    from quarkade.tools.match import make_bots, play_match

    game = quarkade.load("quirky-circuits", players=3)
    won = next(state for seed in range(20)
               if (state := play_match(game, make_bots(game, ["heuristic"] * 3, seed), seed)).winners)
    assert outcome(won) == [1.0, 1.0, 1.0]
    tied = quarkade.load("qwarks", players=2)
    assert all(sum(outcome(play_match(tied, make_bots(tied, ["random"] * 2, seed), seed))) in (0.0, 1.0)
               for seed in range(5))


def test_the_environment_names_its_game_and_refuses_steps_after_the_end() -> None:
    env = pettingzoo_env("quirky-circuits", players=2)
    assert env.metadata["name"] == "quarkade_quirky_circuits_v0"
    env.reset(seed=1)
    for _agent in env.agent_iter():
        _, _, terminated, truncated, info = env.last()
        env.step(None if terminated or truncated else info["legal_action_ids"][0])
    with pytest.raises(IllegalAction, match="the game is over: reset"):
        env.step(0)
    with pytest.raises(quarkade.InvalidOptions, match="opponents is one bot kind for every other seat"):
        gymnasium_env("quirky-quarks", players=2, opponents=None)  # type: ignore[arg-type]


@pytest.mark.parametrize("arguments", [["--evaluation-games", "0"], ["--games-per-round", "0"], ["--rounds", "-1"]])
def test_the_example_refuses_sizes_it_cannot_train_or_measure(arguments: list[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        _example().main(arguments)
    assert ended.value.code == 2


def test_the_example_checks_where_it_saves_before_training(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder that is not there is said before any game (it was said after training, with the
    policy lost); a name without .npz is given the suffix numpy writes, and said with it."""
    example = _example()
    with pytest.raises(SystemExit) as ended:
        example.main(["--rounds", "0", "--games-per-round", "1", "--evaluation-games", "1",
                      "--save", str(tmp_path / "gone" / "p.npz")])
    assert ended.value.code == 2
    said = capsys.readouterr()
    assert "cannot write in" in said.err and "win rate" not in said.out
    example.main(["--rounds", "0", "--games-per-round", "1", "--evaluation-games", "1",
                  "--save", str(tmp_path / "p")])
    assert f"policy saved to {tmp_path / 'p.npz'}" in capsys.readouterr().out and (tmp_path / "p.npz").exists()
    game = quarkade.load("quirky-quarks", players=2)
    (tmp_path / "notes.txt").write_text("not a policy", encoding="utf-8")
    with pytest.raises(ValueError, match=r"notes\.txt is not a policy saved by train_ppo\.py --save$"):
        example.PolicyBot(game, policy=str(tmp_path / "notes.txt"))
    with pytest.raises(ValueError, match="there is no policy file"):
        example.PolicyBot(game, policy=str(tmp_path / "gone.npz"))


def test_the_other_seats_may_each_have_their_own_bot() -> None:
    env = gymnasium_env("quirkling", players=3, seat=1, opponents=["heuristic", "random"])
    env.reset(seed=3)
    assert {other: type(bot).__name__ for other, bot in env.bots.items()} == {
        0: type(quarkade.agents.base.make_bot("heuristic", env.game)).__name__, 2: "RandomBot"}
    with pytest.raises(quarkade.InvalidOptions, match=r"or a list of 2 \(one for each other seat\), not \['random'\]"):
        gymnasium_env("quirkling", players=3, opponents=["random"])
    with pytest.raises(quarkade.InvalidOptions, match="no bot 'nobody'"):
        gymnasium_env("quirkling", players=3, opponents=["random", "nobody"])
