"""Bots for Quirky Quarks: they see views only, play legally, and the heuristic one plays well."""

from __future__ import annotations

import random

import pytest

import quarkade
from quarkade.agents import make_bot
from quarkade.core.chance import Chance
from quarkade.games.quirky_quarks.actions import parse
from quarkade.games.quirky_quarks.rules import Phase
from quarkade.tools.match import make_bots, play_match
from quirky_quarks_positions import position


def test_changing_only_hidden_information_does_not_change_a_choice() -> None:
    """Two states that differ only in what a seat cannot know give that seat's bot the same
    view, so the bot (with the same generator) makes the same choice."""
    game = quarkade.load("quirky-quarks", players=3)
    rng = random.Random(5)
    checked = differing = 0
    for seed in range(6):
        state = game.new_game(seed)
        while not state.is_over:
            seat = state.to_act[0]
            if rng.random() < 0.2:
                view = state.view(seat)
                other = game.sample_state(view, Chance(rng.randrange(1 << 30)))
                assert other.view(seat).data | {"log": []} == view.data | {"log": []}
                hidden_differs = any(
                    other.view(s).to_json().get("hand") != state.view(s).to_json().get("hand")
                    for s in range(3) if s != seat
                )
                differing += hidden_differs
                for kind in ("heuristic", "random"):
                    a = make_bot(kind, game, seed=11).choose(view, state.legal_actions(seat))
                    b = make_bot(kind, game, seed=11).choose(other.view(seat), other.legal_actions(seat))
                    assert a == b, f"{kind} chose {a} in one state and {b} in the other"
                checked += 1
            state.apply(seat, state.legal_actions(seat)[rng.randrange(len(state.legal_actions(seat)))])
    assert checked > 20 and differing > checked // 2, "the sampled states must really differ in hidden cards"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_beats_random(players: int) -> None:
    game = quarkade.load("quirky-quarks", players=players)
    seats = ["heuristic"] + ["random"] * (players - 1)
    wins = sum(play_match(game, make_bots(game, seats, seed), seed).winners == (0,) for seed in range(20))
    assert wins >= 18


def test_heuristic_bots_play_even_games() -> None:
    game = quarkade.load("quirky-quarks", players=3)
    scores = [play_match(game, make_bots(game, ["heuristic"] * 3, seed), seed).scores for seed in range(30)]
    means = [sum(s[seat] for s in scores) / len(scores) for seat in range(3)]
    assert all(35 <= m <= 65 for m in means), means


def test_unknown_bot_is_refused_with_the_list() -> None:
    game = quarkade.load("quirky-quarks", players=2)
    with pytest.raises(quarkade.InvalidOptions, match="heuristic"):
        make_bot("grandmaster", game)


def test_heuristic_answers_the_prompts_every_player_gets() -> None:
    """Every player is asked in the Quest phase and says ready at the ejection: the bot
    completes what it can, then says "done"; once its ejection is chosen it says "ready"."""
    state = position(2, round=2, phase=Phase.QUEST, hands={0: {"proton": 1, "up": 2, "down": 1, "gluon": 1},
                                                          1: {"neutron": 1, "up": 1}})
    game = state.game
    bot = make_bot("heuristic", game, seed=1)
    assert bot.choose(state.view(0), state.legal_actions(0)) == parse("complete proton")
    state.apply(0, parse("complete proton"))
    assert bot.choose(state.view(0), state.legal_actions(0)) == parse("done")
    state.apply(0, parse("done"))
    assert state.legal_actions(1) == [parse("done")]
    assert bot.choose(state.view(1), state.legal_actions(1)) == parse("done")

    state = position(2, round=2, phase=Phase.EJECTION, hands={0: {"up": 3, "down": 2}, 1: {"up": 1}})
    assert state.to_act == (0,)
    choice = bot.choose(state.view(0), state.legal_actions(0))
    assert str(choice).startswith("eject")
    state.apply(0, choice)
    assert state.legal_actions(0) == [parse("ready")]
    assert bot.choose(state.view(0), state.legal_actions(0)) == parse("ready")
