"""The search bot (IS-MCTS): it plays every game legally from views only, and beats random play."""

from __future__ import annotations

import pytest

import quarkade
from quarkade.agents import make_bot
from quarkade.agents.search import SearchBot, outcome
from quarkade.tools.match import play_match


@pytest.mark.parametrize(("game_id", "players"), [("quirky-quarks", 2), ("quirks", 2), ("quirks-solitaire", 1),
                                                  ("quirkling", 2)])
def test_search_bot_chooses_legal_actions(game_id: str, players: int) -> None:
    game = quarkade.load(game_id, players=players)
    state = game.new_game(4)
    bot = SearchBot(game, seed=1, iterations=30)
    for _ in range(12):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = bot.choose(state.view(seat), legal)
        assert action in legal
        state.apply(seat, action)


def test_search_bot_is_registered_for_every_game() -> None:
    for info in quarkade.list_games():
        game = quarkade.load(info.id)
        assert isinstance(make_bot("mcts", game), SearchBot)


def test_search_bot_beats_random_play() -> None:
    game = quarkade.load("quirky-quarks", players=2)
    wins = 0
    for seed in range(3):
        bots = [SearchBot(game, seed, iterations=60), make_bot("random", game, seed + 100)]
        wins += play_match(game, bots, seed).winners == (0,)
    assert wins >= 2


def test_outcome_scales_rewards() -> None:
    game = quarkade.load("quirky-quarks", players=3)
    state = game.new_game(0)
    assert outcome(state) == [1 / 3] * 3, "equal scores before anything happens"
