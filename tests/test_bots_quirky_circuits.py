"""The cooperative bot of Quirky Circuits: it sees its view only, plays legally, and programs
the robot far better than chance on the first scenarios."""

from __future__ import annotations

import random

import pytest

import quarkade
from quarkade.agents import make_bot
from quarkade.core.chance import Chance
from quarkade.games.quirky_circuits.actions import DONE, Play
from quarkade.games.quirky_circuits.components import CARD_BY_ID, Direction
from quarkade.tools.match import make_bots, play_match
from quirky_circuits_positions import position


def test_changing_only_hidden_information_does_not_change_a_choice() -> None:
    """States that differ only in what a seat cannot know (the other hands, the deck, the
    faces of the others' queue cards) give its bot the same view and the same choice."""
    rng = random.Random(3)
    checked = differing = 0
    for scenario in ("rise-and-shine", "cafe-botanical"):
        game = quarkade.load("quirky-circuits", players=3, scenario=scenario)
        for seed in range(4):
            state = game.new_game(seed)
            while not state.is_over:
                seat = state.to_act[0]
                legal = state.legal_actions(seat)
                if rng.random() < 0.3:
                    view = state.view(seat)
                    other = game.sample_state(view, Chance(rng.randrange(1 << 30)))
                    assert other.view(seat).data | {"log": []} == view.data | {"log": []}
                    differing += other.hands != state.hands or other.queue != state.queue
                    for kind in ("heuristic", "random"):
                        a = make_bot(kind, game, seed=11).choose(view, legal)
                        b = make_bot(kind, game, seed=11).choose(other.view(seat), other.legal_actions(seat))
                        assert a == b, f"{kind} chose {a} in one state and {b} in the other"
                    checked += 1
                # Mostly the bots' own play, so that the positions are those bots meet.
                bot = make_bot("heuristic", game, seed=rng.randrange(100))
                state.apply(seat, bot.choose(state.view(seat), legal) if rng.random() < 0.8 else rng.choice(legal))
    assert checked > 30 and differing > checked // 2, "the sampled states must really differ in hidden cards"


@pytest.mark.parametrize("scenario", ["rise-and-shine", "hit-the-slopes", "sliding-through-tunnels"])
@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_beats_random_by_far(scenario: str, players: int) -> None:
    game = quarkade.load("quirky-circuits", players=players, scenario=scenario)

    def wins(kind: str) -> int:
        return sum(play_match(game, make_bots(game, [kind] * players, seed), seed).result == "won"
                   for seed in range(12))

    heuristic, chance = wins("heuristic"), wins("random")
    assert heuristic >= 11 and heuristic >= chance + 5, (heuristic, chance)


def test_the_bot_plays_the_card_that_meets_the_goal_and_then_stops() -> None:
    # Rise and Shine with every dust bunny cleaned: Gizmo two spaces north of its start space,
    # facing south. Only the move 2 brings it home (move 1 falls short, the rest turn it).
    state = position(2, 0, hands={0: ["move-1", "move-2", "rotate-left", "rotate-right", "rotate-180"]})
    state.space, state.facing, state.tokens = (0, 3), Direction.SOUTH, ()
    state._legal = None
    bot = make_bot("heuristic", state.game, seed=1)
    assert bot.choose(state.view(0), state.legal_actions(0)) == Play(CARD_BY_ID["move-2"])
    state.apply(0, Play(CARD_BY_ID["move-2"]))
    assert bot.choose(state.view(0), state.legal_actions(0)) == DONE, "nothing more is needed from seat 0"
    state.apply(0, DONE)
    partner = make_bot("heuristic", state.game, seed=2)
    while not state.is_over:
        state.apply(1, partner.choose(state.view(1), state.legal_actions(1)))
    assert state.result == "won" and state.round == 1


def test_the_fillings_draw_what_the_bots_chance_would() -> None:
    """The face-down queue cards are filled with draws worked out together; they must be the
    bot's own ``Chance`` draws, one after another, whatever their number."""
    from quarkade.games.quirky_circuits.bot import _draws

    for seed, counter in ((0, 0), (1 << 63, 5), ((1 << 64) - 1, 123_456), (0x5EED_B07 ^ 42, 99)):
        for count in (1, 2, 7, 33):
            chance = Chance(seed, counter)
            assert list(_draws(chance.seed, chance.counter, count)) == [chance.next64() for _ in range(count)]
