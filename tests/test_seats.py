"""A seat asked about through the public API (``view``, ``legal_actions``, ``optional_actions``,
``apply``, ``Game.parse_action``): any integer type is a seat (a NumPy one, as an environment's arrays give), and
anything else, or a seat the game does not have, is refused with a sentence that says why, the
state unchanged."""

from __future__ import annotations

import json

import numpy
import pytest

import quarkade
from quarkade import IllegalAction, InvalidSeat

GAMES = [info.id for info in quarkade.list_games()]


def a_position(game_id: str) -> quarkade.State:
    state = quarkade.load(game_id).new_game(seed=3)
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seat_of_any_integer_type_is_that_seat(game_id: str) -> None:
    state = a_position(game_id)
    for seat in range(state.game.players):
        for same in (numpy.int64(seat), numpy.int32(seat), numpy.uint8(seat)):
            assert state.view(same).to_json() == state.view(seat).to_json()
            assert state.legal_actions(same) == state.legal_actions(seat)
            assert state.optional_actions(same) == state.optional_actions(seat)
    # Notation read for a NumPy seat is the int seat's action.
    seat = state.to_act[0]
    text = str(state.legal_actions(seat)[0])
    assert state.game.parse_action(state, numpy.int64(seat), text) == state.game.parse_action(state, seat, text)
    # Applied for a NumPy seat, the move is the int seat's: the record says so, as JSON can.
    seat = state.to_act[0]
    action = state.legal_actions(seat)[0]
    state.apply(numpy.int64(seat), action)
    (taken,) = [step for step in json.loads(json.dumps(state.record().to_json()))["actions"]]
    assert taken[0] == seat and type(state.history[0][0]) is int


@pytest.mark.parametrize("game_id", GAMES)
def test_a_value_that_is_not_a_seat_is_refused_with_a_reason(game_id: str) -> None:
    state = a_position(game_id)
    players = state.game.players
    before = json.dumps(state.record().to_json())
    kinds = f"a seat is a whole number from 0 to {players - 1}"
    for wrong in ("0", 0.0, True, [0], numpy.float64(0)):
        for ask in (state.legal_actions, state.optional_actions):
            with pytest.raises(InvalidSeat, match=f"^{kinds}, not "):
                ask(wrong)
        with pytest.raises(InvalidSeat, match=f"^{kinds} \\(or None, a spectator\\), not "):
            state.view(wrong)
        with pytest.raises(IllegalAction, match=f"^{kinds}, not "):
            state.apply(wrong, state.legal_actions(state.to_act[0])[0])
    with pytest.raises(InvalidSeat, match=f"^{kinds}, not None"):
        state.legal_actions(None)
    for missing in (players, -1, numpy.int64(players + 3)):
        for ask in (state.legal_actions, state.optional_actions, state.view):
            with pytest.raises(InvalidSeat, match=f"^there is no seat {int(missing)} in this {players}-player game"):
                ask(missing)
            with pytest.raises(IndexError):  # a seat is an index
                ask(missing)
    text = str(state.legal_actions(state.to_act[0])[0])
    with pytest.raises(InvalidSeat, match=f"^{kinds}, not '0'"):
        state.game.parse_action(state, "0", text)
    with pytest.raises(InvalidSeat, match=f"^there is no seat {players} in this {players}-player game"):
        state.game.parse_action(state, players, text)
    for not_text in (None, 3, b"pass", [text]):
        with pytest.raises(quarkade.InvalidNotation, match=f"^notation is text, not {type(not_text).__name__}$"):
            state.game.parse_action(state, state.to_act[0], not_text)
    assert json.dumps(state.record().to_json()) == before
    assert state.view(None).to_json() == state.view(None).to_json()  # a spectator is no seat, and welcome
