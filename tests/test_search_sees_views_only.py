"""The search bot decides from its view alone: two positions that differ only in what the seat
cannot see give the same choice (the search's own determinizations, samplers and beliefs
included). A search of a fixed number of iterations is reproducible from its seed."""

from __future__ import annotations

import random
from typing import Any

import pytest

import quarkade
from quarkade.agents import make_bot
from quarkade.core import State
from quarkade.tools.match import make_bots
from test_bots_quirks import _hide_differently

SEARCH = "mcts:seconds=100,iterations=40"


@pytest.mark.parametrize("game_id,players", [("quirkling", 2), ("quirkling", 3), ("quirks", 2), ("quirks", 3)])
def test_the_search_choice_depends_on_the_view_only(game_id: str, players: int) -> None:
    game = quarkade.load(game_id, players=players)
    rng = random.Random(5)
    differing = 0
    for seed in range(3):
        bots = make_bots(game, ["heuristic"] * players, seed)
        state: State = game.new_game(seed)
        while not state.is_over and differing < 2 * (seed + 1):
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            if len(legal) > 1 and rng.random() < 0.25:
                other: Any = quarkade.replay(state.record())
                if _hide_differently(other, seat, rng):
                    assert other.view(seat).to_json() == view.to_json()
                    a = make_bot(SEARCH, game, seed=11).choose(view, legal)
                    c = make_bot(SEARCH, game, seed=11).choose(other.view(seat), other.legal_actions(seat))
                    assert c == a, f"seed {seed}, step {state.steps}: chose {a} in one state and {c} in the other"
                    differing += 1
            state.apply(seat, bots[seat].choose(view, legal))
    assert differing >= 6
