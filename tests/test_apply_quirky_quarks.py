"""Quirky Quarks' checked apply takes a shorter way for a seat that is to act: it must accept
and refuse exactly what the generic ``State.apply`` does, with the same reason."""

from __future__ import annotations

from typing import Any

import pytest

import quarkade
from quarkade.core.chance import Chance
from quarkade.core.errors import IllegalAction
from quarkade.core.game import State
from quarkade.games.quirky_quarks.actions import DONE, PASS, READY, Bid, Discover, Draw, Raise


def _outcome(state: State, apply: Any, seat: Any, action: Any) -> tuple[str | None, list[tuple[int, str]]]:
    try:
        apply(state, seat, action)
    except IllegalAction as error:
        return str(error), [(s, str(a)) for s, a in state.history]
    return None, [(s, str(a)) for s, a in state.history]


@pytest.mark.parametrize("players", [2, 4])
def test_the_checked_apply_accepts_and_refuses_as_the_generic_one(players: int) -> None:
    game = quarkade.load("quirky-quarks", players=players)
    state = game.new_game(5)
    chance = Chance(11)
    refused = 0
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        others = [PASS, DONE, READY, Draw(0), Bid(0, 1), Bid(0, 999), Discover(0, 2), Raise(1), "pass"]
        for who, action in [(seat, legal[0]), (seat, legal[-1]), *((seat, a) for a in others),
                            ((seat + 1) % players, legal[0]), (players, legal[0]), (True, legal[0])]:
            fast = _outcome(state.clone(), type(state).apply, who, action)
            assert fast == _outcome(state.clone(), State.apply, who, action)
            refused += fast[0] is not None
        state.apply(seat, legal[chance.below(len(legal))])
    # the game's end refuses everything, for the same reason both ways
    assert _outcome(state.clone(), type(state).apply, 0, DONE) == _outcome(state.clone(), State.apply, 0, DONE)
    assert refused > 0
