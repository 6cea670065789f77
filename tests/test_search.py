"""The search bot (IS-MCTS): it plays every game legally from views only, and beats random play."""

from __future__ import annotations

import pytest

import quarkade
from quarkade.agents import bot_kinds, make_bot
from quarkade.agents.search import Node, SearchBot, evaluation, outcome
from quarkade.core.errors import InvalidOptions
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


def test_bot_settings_from_a_spec() -> None:
    game = quarkade.load("quirky-quarks", players=2)
    bot = make_bot("mcts:seconds=0.5,depth=6", game)
    assert isinstance(bot, SearchBot)
    assert (bot.seconds, bot.depth) == (0.5, 6)


@pytest.mark.parametrize(("spec", "reason"), [
    ("mcts:secs=1", "no setting 'secs': it takes seconds"),
    ("mcts:seconds", "is not key=value"),
    ("mcts:", "nothing after ':'"),
    ("mcts:seconds=fast", "is a float"),
    ("mcts:seconds=0", "seconds must be above 0"),
    ("mcts:depth=1,depth=2", "set twice"),
    ("easy:seconds=1", "takes no settings"),
])
def test_bad_bot_settings_are_refused_with_a_reason(spec: str, reason: str) -> None:
    game = quarkade.load("quirky-quarks", players=2)
    with pytest.raises(InvalidOptions, match=reason):
        make_bot(spec, game)


def test_levels_are_bot_kinds_of_every_game() -> None:
    game = quarkade.load("quirky-quarks", players=2)
    assert {"easy", "normal", "hard", "expert"} <= set(bot_kinds(game.id))
    assert isinstance(make_bot("hard", game), SearchBot)
    expert = make_bot("expert", game)
    assert isinstance(expert, SearchBot) and expert.seconds == 1.0
    assert type(make_bot("normal", game)) is type(make_bot("heuristic", game))


def test_sealed_step_choices_are_decoupled() -> None:
    # Qwarks opens on a sealed step: both seats choose together; the tree keeps each seat's
    # statistics at the same node, so no node is keyed by one seat's sealed choice alone.
    game = quarkade.load("qwarks", players=2)
    state = game.new_game(3)
    assert len(state.to_act) == 2
    bot = SearchBot(game, seed=2, iterations=40, depth=2)
    root = Node()
    for _ in range(40):
        bot._iterate(root, game.sample_state(state.view(0), bot.chance))
    assert {seat for seat, _ in root.stats} == {0, 1}
    assert all(len(key) == 2 for key in root.children)


@pytest.mark.parametrize("game_id", ["quirks", "quirkling", "quirky-quarks"])
def test_cut_off_evaluation_carries_information(game_id: str) -> None:
    # Scores in Quirks and Quirkling stay 0 until the end; the evaluation still tells seats apart
    # once the heuristic bots have played a while, and its values are shares of the win.
    game = quarkade.load(game_id, players=3)
    state = game.new_game(3)
    bots = [make_bot("heuristic", game, seat) for seat in range(3)]
    for _ in range(60):
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    assert not state.is_over
    values = evaluation(state)
    assert len(values) == 3 and abs(sum(values) - 1) < 1e-9
    assert max(values) - min(values) > 0.05


def test_search_starts_from_the_heuristic_choice() -> None:
    # With the smallest budget the heuristic's move, favoured at the root, is the one chosen.
    game = quarkade.load("quirky-quarks", players=3)
    state = game.new_game(1000)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    assert len(legal) > 10
    bot = SearchBot(game, seed=5, iterations=1)
    hinted = make_bot("heuristic", game, 5 ^ 0x6A1DE).choose(state.view(seat), legal)
    assert bot.choose(state.view(seat), legal) == hinted
