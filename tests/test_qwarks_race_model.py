"""The Qwarks race model that measures how far the choice of card can go (tools/qwarks_race_model.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

import quarkade
from quarkade.agents.base import make_bot
from quarkade.core.chance import Chance
from quarkade.games.qwarks.actions import Cover
from quarkade.tools.match import play_match
from quarkade.tools.qwarks_race_model import RaceModelBot

SPEC = "quarkade.tools.qwarks_race_model:RaceModelBot"


@dataclass
class Steady:
    """The model's draws for the others, made steady: every reaction takes ``ms``, nobody is distracted."""

    ms: int
    chance: Chance = field(default_factory=lambda: Chance(1))

    @dataclass
    class level:  # noqa: N801 - read as the bot's level
        distraction: float = 0.0

    def _reaction_ms(self, cards: int) -> int:
        return self.ms


WORTH = {0: 4.0, 1: 3.0, 2: 1.0}  # deck 0's card is the best, deck 2's the least


@pytest.mark.parametrize(("reaction", "limit", "covers"), [
    (700, 10_000, 1),  # beaten to deck 0 at 1000, it lands on deck 1 at 1700, before seat 2 at 2000
    (1500, 10_000, 2),  # it would land at 2500: seat 2 is on deck 1 at 2000, so deck 2 at 3500
    (1500, 3000, None),  # and past the limit it covers nothing
])
def test_a_beaten_hand_reaches_again_from_the_moment_it_was_beaten(reaction: int, limit: int,
                                                                   covers: int | None) -> None:
    bot = RaceModelBot(quarkade.load("qwarks", players=3), 1)
    bot.others = Steady(reaction)  # type: ignore[assignment]
    hands = [(1000, 1, 0), (1500, 0, 0), (2000, 2, 1)]  # (time, seat, deck)
    assert bot._race(hands, 0, WORTH, limit) == covers


def test_it_plays_whole_games_and_covers_at_its_own_reaction_time() -> None:
    game = quarkade.load("qwarks", players=3)
    bots = [make_bot(SPEC, game, 7), make_bot("heuristic", game, 8), make_bot("heuristic", game, 9)]
    state = play_match(game, bots, 5)
    assert state.is_over
    # At the start of a race it covers a revealed card at the time the heuristic's hand takes.
    state = game.new_game(3)
    while state.view(state.to_act[0])["phase"] != "cover":
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    view = state.view(0)
    covers = [RaceModelBot(game, seed).choose(view, state.legal_actions(0)) for seed in range(20)]
    times = [make_bot("heuristic", game, seed).choose(view, state.legal_actions(0)) for seed in range(20)]
    assert all(isinstance(cover, Cover) for cover in covers)
    assert [cover.after for cover in covers] == [cover.after for cover in times]  # type: ignore[union-attr]
    assert {cover.deck for cover in covers} <= {entry["deck"] for entry in view["revealed"]}  # type: ignore[union-attr]


def test_it_is_the_heuristic_head_to_head_and_refuses_other_games() -> None:
    game = quarkade.load("qwarks", players=2)
    state = game.new_game(4)
    seat = state.to_act[0]
    while state.view(seat)["phase"] != "cover":
        state.apply(seat, state.legal_actions(seat)[0])
        seat = state.to_act[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    assert RaceModelBot(game, 2).choose(view, legal) == make_bot("heuristic", game, 2).choose(view, legal)
    with pytest.raises(ValueError, match="the race model is Qwarks'"):
        RaceModelBot(quarkade.load("quirky-quarks", players=2), 1)
