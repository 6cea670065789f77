"""Cosmic Encounter bots: the heuristic bot plays from views only and beats random play; the
search bot plays through the game's sampler."""

from __future__ import annotations

from typing import Any

import pytest

import quarkade
from quarkade.agents import bot_kinds, make_bot
from quarkade.agents.search import SearchBot
from quarkade.games.cosmic_encounter.bot import CosmicHeuristic, card_worth
from quarkade.games.cosmic_encounter.components import Card, Kind, face_info
from quarkade.tools.match import make_bots, play_match


def test_the_bot_kinds() -> None:
    assert {"heuristic", "random", "mcts"} <= set(bot_kinds("cosmic-encounter"))
    assert isinstance(make_bot("heuristic", quarkade.load("cosmic-encounter")), CosmicHeuristic)


@pytest.mark.parametrize("options", [{}, {"quarks": True, "deck": "mayfair-more"}, {"powers": "none", "edicts": False}])
def test_heuristic_bots_beat_random_play(options: dict[str, Any]) -> None:
    game = quarkade.load("cosmic-encounter", players=4, **options)
    heuristic = 0.0
    games = 8
    for seed in range(games):
        kinds = ["heuristic", "random"] * 2 if seed % 2 else ["random", "heuristic"] * 2
        state = play_match(game, make_bots(game, kinds, seed), seed)
        heuristic += sum(1 / len(state.winners) for seat in state.winners if kinds[seat] == "heuristic")
    assert heuristic > games / 2, f"the heuristic seats won {heuristic} of {games} games"


def test_a_quark_about_to_rise_is_worth_more_than_its_value_now() -> None:
    """The bot plans with the Phase Diagram: an Up 10 in square 1 (index 0) is 10 now and
    rises to 12, 14, 18, 14 over the next squares; a Strange 10 falls from 14."""
    up, strange = Card(Kind.QUARK, 10, 0), Card(Kind.QUARK, 10, 2)
    assert face_info(up, 0)["value"] == 10
    assert card_worth(face_info(up, 0), 0) == (12 + 14 + 18 + 14) / 4
    assert face_info(strange, 0)["value"] == 14
    assert card_worth(face_info(strange, 0), 0) == (12 + 10 + 8 + 6) / 4


def test_the_search_bot_decides_through_the_sampler() -> None:
    game = quarkade.load("cosmic-encounter", players=3, quarks=True)
    bots: list[Any] = [SearchBot(game, 1, iterations=30), *make_bots(game, ["heuristic"] * 3, 1)[1:]]
    state = game.new_game(3)
    for _ in range(40):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal)
        assert action in legal
        state.apply(seat, action)
    assert bots[0].simulations > 0


def test_the_heuristic_plays_its_lowest_attack_when_the_lower_total_wins() -> None:
    from quarkade.games.cosmic_encounter.actions import Play
    from quarkade.games.cosmic_encounter.powers import POWER_NAMES
    from test_rulebook_cosmic_encounter import challenge, new, set_hand

    state = new()
    offence, defence = challenge(state)
    set_hand(state, offence, ["a4", "a20", "a40"])
    bot = make_bot("heuristic", state.game, 1)
    assert bot.choose(state.view(offence), state.legal_actions(offence)) == Play("a20")
    state.powers = tuple(POWER_NAMES.index("anti-matter") if seat == defence else -1 for seat in range(4))
    state._legal = None
    assert bot.choose(state.view(offence), state.legal_actions(offence)) == Play("a4")
