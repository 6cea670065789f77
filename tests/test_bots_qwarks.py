"""Qwarks bots: they play legally from views only, react in human time, remember what they saw
(and forget more when more is asked), cope with being created mid-game, and the levels rank."""

from __future__ import annotations

import dataclasses
import statistics
from collections import Counter
from typing import Any

import pytest

import quarkade
from quarkade.agents import bot_kinds, make_bot
from quarkade.core import Chance
from quarkade.games.qwarks.actions import Answer, Cover, Timeout, parse
from quarkade.games.qwarks.bot import LEVELS, QwarksBot, details
from quarkade.games.qwarks.components import CARD_BY_ID, CARDS, Question
from quarkade.games.qwarks.rules import Phase, QwarksState, new_state
from quarkade.tools.match import make_bots, play_match


def test_the_bot_kinds_of_qwarks() -> None:
    assert {"easy", "normal", "expert", "heuristic", "random", "mcts"} <= set(bot_kinds("qwarks"))
    game = quarkade.load("qwarks", players=3)
    assert isinstance(make_bot("heuristic", game), QwarksBot)
    assert make_bot("heuristic", game, 1).level == LEVELS["normal"]  # type: ignore[attr-defined]
    assert make_bot("expert", game, 1).level == LEVELS["expert"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"beginners": True}), (5, {"colour_blind": True}),
                                                  (8, {"cover_seconds": 2})])
def test_bots_play_whole_games_legally(players: int, options: dict[str, Any]) -> None:
    game = quarkade.load("qwarks", players=players, **options)
    kinds = [("easy", "normal", "expert")[seat % 3] for seat in range(players)]
    for seed in range(3):
        bots = make_bots(game, kinds, seed)
        state = game.new_game(seed)
        while not state.is_over:
            seat = state.to_act[0]
            action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
            assert state.why_illegal(seat, action) is None, f"{action} by the {kinds[seat]} bot"
            state.apply(seat, action)
        assert state.winners


def race_times(level: str, games: int = 6) -> list[int]:
    game = quarkade.load("qwarks", players=4)
    times = []
    for seed in range(games):
        state = game.new_game(seed)
        bot = QwarksBot(game, seed, level)
        while not state.is_over:
            seat = state.to_act[0]
            action = bot.choose(state.view(seat), state.legal_actions(seat))
            if isinstance(action, Cover):
                times.append(action.after)
            state.apply(seat, action)
    return times


def test_reaction_times_are_human_and_ranked_by_level() -> None:
    medians = {level: statistics.median(race_times(level)) for level in LEVELS}
    assert medians["expert"] < medians["normal"] < medians["easy"]
    assert all(700 < median < 4000 for median in medians.values()), medians
    times = race_times("normal")
    assert len(set(times)) > len(times) // 2, "times are drawn, not fixed"
    assert min(times) >= 180


def test_a_slow_hand_times_out() -> None:
    game = quarkade.load("qwarks", players=3, cover_seconds=1)
    state = game.new_game(2)
    outcomes = [QwarksBot(game, seed, "easy").choose(state.view(0), state.legal_actions(0)) for seed in range(40)]
    assert any(isinstance(a, Timeout) for a in outcomes) and any(isinstance(a, Cover) for a in outcomes)
    assert all(a.after <= 1000 for a in outcomes if isinstance(a, Cover))


def phase_two(level: Any, seed: int, question_deck: list[str]) -> tuple[QwarksState, QwarksBot]:
    """Seat 0 (the bot) covers the card it chooses; the others time out; phase 2 is next."""
    decks = [question_deck, ["q23", "q40"], ["q35", "q13"]]
    state = new_state(3, decks=decks, first=0)
    bot = QwarksBot(state.game, seed)
    bot.level = level
    state.apply(0, bot.choose(state.view(0), state.legal_actions(0)))
    state.apply(1, parse("timeout"))
    state.apply(2, parse("timeout"))
    assert state.phase == Phase.ANSWER and state.to_act == (0,)
    return state, bot


def test_a_perfect_memory_answers_right() -> None:
    perfect = dataclasses.replace(LEVELS["expert"], recall=1.0)
    for seed in range(10):
        state, bot = phase_two(perfect, seed, ["q01", "q18"])
        answer = bot.choose(state.view(0), state.legal_actions(0))
        state.apply(0, answer)
        assert len(state.kept[0]) == 1, f"{answer} is wrong"


def test_memory_errs_more_when_more_details_are_asked() -> None:
    easy = LEVELS["easy"]
    q18, q23 = CARD_BY_ID["q18"], CARD_BY_ID["q23"]
    assert details(q23, Question.EYES, True) > details(q23, Question.HAPPY, True)
    assert details(q18, Question.TENTACLES, True) > details(q23, Question.TENTACLES, True)
    rights = {}
    for question_deck, question in ((["q01", "q18"], "happy"), (["q01", "q08"], "sad"), (["q01", "q35"], "colours")):
        right = 0
        for seed in range(150):
            state, bot = phase_two(easy, seed, question_deck)
            assert state.question is not None and state.question.word == question
            state.apply(0, bot.choose(state.view(0), state.legal_actions(0)))
            right += len(state.kept[0])
        rights[question] = right / 150
    assert 0.25 < rights["colours"] < rights["happy"] < 0.9, rights


def test_a_bot_made_mid_game_guesses() -> None:
    state, _ = phase_two(LEVELS["normal"], 1, ["q01", "q18"])
    newcomer = QwarksBot(state.game, 5)
    answer = newcomer.choose(state.view(0), state.legal_actions(0))
    assert isinstance(answer, Answer) and state.why_illegal(0, answer) is None
    covered = state.holder.index(0)
    assert (1, covered) not in newcomer.memory, "the covered face is in no view"
    assert set(newcomer.memory) == {(1, deck) for deck in range(3) if deck != covered}
    # its guess: the commonest answer among the cards it has not seen leave play
    shown = {CARDS[state.revealed[deck]].id for deck in range(3) if deck != covered}
    pool = [card for card in CARDS if card.id not in shown]
    assert state.question is not None
    answers = Counter(card.answer(state.question) for card in pool)
    assert answers[answer.answer] == max(answers.values())


def test_the_same_seed_and_view_give_the_same_choice() -> None:
    game = quarkade.load("qwarks", players=4)
    state = game.new_game(7)
    a = QwarksBot(game, 3, "normal").choose(state.view(1), state.legal_actions(1))
    b = QwarksBot(game, 3, "normal").choose(state.view(1), state.legal_actions(1))
    assert a == b


def test_bots_read_views_not_states() -> None:
    """A bot fed a view of a sampled state (other hidden cards) covers the same way."""
    game = quarkade.load("qwarks", players=3)
    state = game.new_game(11)
    sampled = game.sample_state(state.view(0), Chance(4))
    a = QwarksBot(game, 2, "expert").choose(state.view(0), state.legal_actions(0))
    b = QwarksBot(game, 2, "expert").choose(sampled.view(0), sampled.legal_actions(0))
    assert a == b


def test_the_levels_rank_and_all_beat_random_play() -> None:
    game = quarkade.load("qwarks", players=3)
    kinds = ["easy", "normal", "expert"]
    wins = dict.fromkeys(kinds, 0.0)
    for seed in range(30):
        seats = [kinds[(seed + s) % 3] for s in range(3)]
        state = play_match(game, make_bots(game, seats, seed), seed)
        for winner in state.winners:
            wins[seats[winner]] += 1 / len(state.winners)
    assert wins["expert"] > wins["normal"] > wins["easy"], wins
    for kind in kinds:
        won = sum(0 in play_match(game, make_bots(game, [kind, "random", "random"], seed), seed).winners
                  for seed in range(10))
        assert won >= 8, f"{kind} won {won} of 10 against random play"


def test_every_card_can_be_answered_for() -> None:
    bot = QwarksBot(quarkade.load("qwarks", players=3), 0, "expert")
    for card in CARDS:
        for question in Question:
            chance = bot.recall_chance(card, question, True)
            assert 0.0 < chance < 1.0
