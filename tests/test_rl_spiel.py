"""The OpenSpiel game's contract: every game registered at import, the seat in each information
state, and a reason for every action id refused."""

from __future__ import annotations

import pickle
import subprocess
import sys

import numpy as np
import pytest

import quarkade
from quarkade.core.errors import IllegalAction, InvalidOptions

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed")

from quarkade.rl.spiel import IllegalActionId, load_game  # noqa: E402


@pytest.mark.parametrize("module", ["quarkade.rl", "quarkade.rl.spiel"])
def test_importing_the_package_registers_every_game_with_openspiel(module: str) -> None:
    # A fresh interpreter: in this one an earlier test may have registered the games already.
    script = (f"import {module}, pyspiel\n"
              "game = pyspiel.load_game('quarkade_quirkling', {'players': 2})\n"
              "print(game.num_players(), sorted(n for n in pyspiel.registered_names() if n.startswith('quarkade_')))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    expected = sorted("quarkade_" + info.id.replace("-", "_") for info in quarkade.list_games())
    assert done.stdout.strip() == f"2 {expected}"


def test_openspiel_loads_a_game_with_its_options_and_encoding_sizes() -> None:
    game = pyspiel.load_game("quarkade_quirks", {"players": 3, "options": '{"random_mutation": true}',
                                                 "observation_size": 256, "vocabulary_playouts": 2})
    assert game.quarkade_game.options["random_mutation"] is True
    assert game.observation_tensor_size() == game.information_state_tensor_size() == 256
    assert game.num_distinct_actions() == game.table.size


def test_a_game_has_one_name_that_loads_it_again() -> None:
    """Each option is a parameter of its own: the game string names every option, whichever way
    they were given, and loads the same game again (a JSON object of two options had commas that
    cut the string, and '{}' and the defaults written out named one game twice)."""
    given = pyspiel.load_game("quarkade_quirks", {"players": 2, "options": '{"advanced": true, "turn_limit": 300}'})
    named = pyspiel.load_game("quarkade_quirks(players=2,advanced=true,turn_limit=300)")
    assert str(given) == str(named) and "options={}" in str(given) and "turn_limit=300" in str(given)
    again = pyspiel.load_game(str(given))
    assert again.quarkade_game.options == given.quarkade_game.options == {
        "random_mutation": False, "intelligent_race": False, "advanced": True, "turn_limit": 300}
    assert str(pyspiel.load_game("quarkade_quirks", {"players": 2, "options": '{"turn_limit": 400}'})) == str(
        pyspiel.load_game("quarkade_quirks", {"players": 2}))
    with pytest.raises(InvalidOptions, match="turn_limit is 200 as a parameter and 300 in options: give it once"):
        pyspiel.load_game("quarkade_quirks", {"players": 2, "options": '{"turn_limit": 300}', "turn_limit": 200})
    with pytest.raises(InvalidOptions, match="a JSON object of the game's options, not '\\[1\\]'"):
        pyspiel.load_game("quarkade_quirks", {"players": 2, "options": "[1]"})


def test_a_game_object_pickles_and_loads_the_same_game() -> None:
    """A pickled game could not be loaded (its class was made at run time, and OpenSpiel's own
    copy restores the C++ part alone): it is made again from its parameters, with the same
    action ids, and its states play on."""
    game = pyspiel.load_game("quarkade_quirks(players=3,advanced=true)")
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.quarkade_game.options == game.quarkade_game.options
    assert again.table.vocabulary == game.table.vocabulary and again.table.size == game.table.size
    state, copy = game.new_initial_state(), again.new_initial_state()
    for _ in range(20):
        assert state.legal_actions() == copy.legal_actions()
        action = state.legal_actions()[len(state.legal_actions()) // 2]
        state.apply_action(action)
        copy.apply_action(action)
    assert str(state) == str(copy)


def _dealt(game_id: str, players: int, seed: int = 3) -> pyspiel.State:
    state = load_game(quarkade.load(game_id, players=players)).new_initial_state()
    state.apply_action(seed)
    return state


def test_two_seats_of_a_symmetric_game_have_different_information_states() -> None:
    # After Qwarks' deal both seats see the same cards: the seat is what tells them apart.
    state = _dealt("qwarks", 2)
    assert state.information_state_string(0) != state.information_state_string(1)
    assert '"seat":0' in state.information_state_string(0) and '"seat":1' in state.observation_string(1)
    first, second = np.array(state.information_state_tensor(0)), np.array(state.information_state_tensor(1))
    assert np.array_equal(first[2:], second[2:]) and first[:2].tolist() == [1.0, 0.0] and second[:2].tolist() == [0, 1]
    assert not np.array_equal(state.observation_tensor(0), state.observation_tensor(1))
    chance = load_game(quarkade.load("qwarks", players=2)).new_initial_state()
    assert chance.information_state_string(0) != chance.information_state_string(1)


def test_an_action_id_that_is_no_id_of_the_game_is_refused_with_a_reason() -> None:
    state = _dealt("quirky-quarks", 2)
    history = state.history()
    for error in (IllegalActionId, pyspiel.SpielError, IllegalAction, ValueError):
        with pytest.raises(error, match=r"action id 1000000 is not an id of this game \(its ids are 0 to \d+\)"):
            state.apply_action(10**6)
    assert state.history() == history
    with pytest.raises(pyspiel.SpielError, match="the chance node's outcomes are the seeds 0 to 1023, not 5000"):
        load_game(quarkade.load("quirky-quarks", players=2)).new_initial_state().apply_action(5000)


def test_an_id_not_legal_now_is_refused_and_one_of_the_vocabulary_still_has_its_name() -> None:
    state = _dealt("quirky-quarks", 2)
    player, table = state.current_player(), state.get_game().table
    legal = set(state.legal_actions())
    illegal = next(action for action in range(len(table.vocabulary)) if action not in legal)
    with pytest.raises(IllegalActionId, match=rf"action id {illegal} \('.+'\) is not legal for player {player} now"):
        state.apply_action(illegal)
    # A vocabulary id names the same action at any time, for any player; a spare slot names one
    # only at a decision that offers it.
    assert state.action_to_string(1 - player, illegal) == table.vocabulary[illegal]
    # A spare slot that names nothing now is said so, as OpenSpiel's tools print every id; an id
    # beyond the table is no id of the game.
    spare = len(table.vocabulary)
    assert state.action_to_string(1 - player, spare) == f"spare slot {spare} (no action of player {1 - player} now)"
    with pytest.raises(IllegalActionId, match="is not an id of this game"):
        state.action_to_string(player, 10**6)


# ----------------------------------------------------------------------------- the deals at the chance node


def _chance_node(deals: int | None = None) -> pyspiel.State:
    from quarkade.rl import openspiel_game

    chosen = {} if deals is None else {"deals": deals}
    return openspiel_game("quirky-quarks", players=2, **chosen).new_initial_state()


def test_the_chance_node_chooses_among_1024_seeds_by_default() -> None:
    state = _chance_node()
    outcomes = state.chance_outcomes()
    assert [seed for seed, _ in outcomes] == list(range(1024)) and state.get_game().max_chance_outcomes() == 1024
    assert pyspiel.load_game("quarkade_quirky_quarks", {"players": 2}).new_initial_state().chance_outcomes() == outcomes
    assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)


@pytest.mark.parametrize("deals", [1, 5_000, 65_536])
def test_the_deals_parameter_sets_the_chance_nodes_seeds(deals: int) -> None:
    state = _chance_node(deals)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == deals == state.get_game().max_chance_outcomes() == len(state.legal_actions())
    assert [seed for seed, _ in outcomes] == list(range(deals))
    assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)
    assert {probability for _, probability in outcomes} == {1.0 / deals}
    reason = f"the chance node's outcomes are the seeds 0 to {deals - 1}, not {deals}"
    with pytest.raises(IllegalActionId, match=reason):
        state.clone().apply_action(deals)
    state.apply_action(deals - 1)
    assert state.quarkade_state.seed == deals - 1


def test_the_deals_parameter_passes_through_openspiels_own_loader() -> None:
    game = pyspiel.load_game("quarkade_quirkling", {"players": 2, "deals": 3})
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)] and state.action_to_string(2) == "seed 2"
    # Each call gives a list of its own: changing one changes nothing for the next caller.
    state.chance_outcomes().clear()
    assert len(state.chance_outcomes()) == 3


@pytest.mark.parametrize("deals", [0, -1, 65_537, True, 2.5, "7"])
def test_a_number_of_deals_out_of_range_is_refused_with_a_sentence(deals: object) -> None:
    reason = rf"deals is a whole number from 1 to 65,536 \(the seeds the chance node chooses among\), not {deals!r}"
    with pytest.raises(quarkade.InvalidOptions, match=reason):
        _chance_node(deals)  # type: ignore[arg-type]
    if isinstance(deals, int) and not isinstance(deals, bool):
        with pytest.raises(quarkade.InvalidOptions, match=reason):
            pyspiel.load_game("quarkade_quirkling", {"players": 2, "deals": deals})
