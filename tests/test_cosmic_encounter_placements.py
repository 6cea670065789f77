"""Tokens go where their owner chooses (RULINGS.md 10): the placements queue, asked one token
at a time in a fixed public order, with no question when there is one choice, and the flow
resuming where it was."""

from __future__ import annotations

import pytest

import quarkade
from quarkade.core import Chance
from quarkade.games.cosmic_encounter import placements
from quarkade.games.cosmic_encounter.actions import Home, Lose, Play, Timeout
from quarkade.games.cosmic_encounter.bot import CosmicHeuristic
from quarkade.games.cosmic_encounter.powers import POWER_NAMES
from quarkade.games.cosmic_encounter.rules import CosmicState, Step
from quarkade.games.cosmic_encounter.text import render_text
from test_rulebook_cosmic_encounter import challenge, new, set_hand, settle


def planet(name: str) -> int:
    system, index = name.split(".")
    return int(system) * 5 + int(index)


def defence_win_with_allies() -> tuple[CosmicState, int, int, tuple[int, int]]:
    """Seed 7's first challenge, 4 players: both other seats ally with the defence (two tokens
    each) and the defence wins; returns the state, the main players and the allies clockwise
    from the offence."""
    state = new()
    offence, defence = challenge(new(), launch=1)
    others = tuple(p for p in range(1, 4) for p in [(offence + p) % 4] if p != defence)
    offence, defence = challenge(state, launch=1, invites=((), others), allies={seat: (1, 2) for seat in others})
    set_hand(state, offence, ["a0"])
    set_hand(state, defence, ["a20"])
    state.apply(offence, Play("a0"))
    state.apply(defence, Play("a20"))
    return state, offence, defence, (others[0], others[1])


def test_defensive_allies_place_their_tokens_one_at_a_time_clockwise_from_the_offence() -> None:
    state, offence, defence, (first, second) = defence_win_with_allies()
    view = state.view(None).to_json()
    assert view["step"] == "place" and state.to_act == (first,)
    assert view["encounter"]["placements"] == [{"seat": first, "kind": "home", "count": 2},
                                              {"seat": second, "kind": "home", "count": 2}]
    assert view["encounter"]["resume"] == {"then": "rewards", "to_act": []}
    assert f"Tokens to place: seat {first} returns a token x2; seat {second} returns a token x2" in render_text(view)
    # Any of its bases or any of its home planets (the regroup's words).
    bases = {p for p, row in enumerate(state.tokens) if row[first]} | set(range(first * 5, first * 5 + 5))
    assert {a.planet for a in state.legal_actions(first)} == bases  # type: ignore[attr-defined]
    on = first * 5 + 3
    before = state.tokens[on][first]
    state.apply(first, Home(on))
    assert state.tokens[on][first] == before + 1 and state.to_act == (first,)
    state.apply(first, Home(on))
    assert state.tokens[on][first] == before + 2 and state.to_act == (second,)
    settle(state)
    assert state.step is Step.REWARDS and state.to_act == (first,)
    assert all(sum(row[seat] for row in state.tokens) == 20 for seat in (first, second))


def test_a_refused_placement_says_why_and_changes_nothing() -> None:
    state, _, _, (first, second) = defence_win_with_allies()
    views = [state.view(seat).to_json() for seat in (None, 0, 1, 2, 3)]
    foreign = next(p for p, row in enumerate(state.tokens) if not row[first] and p // 5 != first)
    with pytest.raises(quarkade.IllegalAction, match=f"seat {first} returns a token to one of its bases"):
        state.apply(first, Home(foreign))
    with pytest.raises(quarkade.IllegalAction):
        state.apply(second, Home(second * 5))  # not its turn to place
    assert [state.view(seat).to_json() for seat in (None, 0, 1, 2, 3)] == views


def failed_deal(players: int = 4) -> tuple[CosmicState, int, int]:
    state = new(players)
    offence, defence = challenge(state, launch=2)
    set_hand(state, offence, ["c", "a4"])
    set_hand(state, defence, ["c", "a6"])
    state.apply(offence, Play("c"))
    state.apply(defence, Play("c"))
    return state, offence, defence


def test_a_failed_deal_the_cone_home_first_then_three_losses_each_from_chosen_bases() -> None:
    state, offence, defence = failed_deal()
    # The defence holds tokens on one planet only: its losses need no question.
    for p, row in enumerate(state.tokens):
        if row[defence] and p != defence * 5:
            state.tokens[defence * 5][defence] += row[defence]
            row[defence] = 0
    state.apply(offence, Timeout())
    assert [(p["seat"], p["kind"], p["count"]) for p in state.view(None).to_json()["encounter"]["placements"]] == [
        (offence, "home", 2), (offence, "lose", 3), (defence, "lose", 3)]
    state.apply(offence, Home(offence * 5 + 1))
    state.apply(offence, Home(offence * 5 + 1))
    assert state.to_act == (offence,) and all(isinstance(a, Lose) for a in state.legal_actions(offence))
    home = state.tokens[offence * 5 + 1][offence]
    for _ in range(3):
        state.apply(offence, Lose(offence * 5 + 1))
    assert state.tokens[offence * 5 + 1][offence] == home - 3 and state.warp[offence] == 3
    # The defence's three went without a question, and the challenge is over.
    assert state.warp[defence] == 3 and state.step is not Step.PLACE


def test_zombie_loses_then_places_its_tokens_back() -> None:
    state, offence, defence = failed_deal()
    state.powers = tuple(POWER_NAMES.index("zombie") if seat == defence else -1 for seat in range(4))
    state.apply(offence, Timeout())
    settle(state)
    assert state.warp[defence] == 0 and sum(row[defence] for row in state.tokens) == 20
    assert state.warp[offence] == 3


def test_placements_at_a_step_resume_it_with_the_same_seats_asked() -> None:
    state = new()
    offence, defence = challenge(state)
    seat = next(p for p in range(4) if p not in (offence, defence))
    state.tokens[seat * 5][seat] -= 2
    state.warp[seat] += 2
    # As an edict returning tokens from the warp does: tokens queued, then served.
    state.warp[seat] -= 2
    state.return_tokens(seat, 2)
    placements.start(state, state.step.value)
    assert state.step is Step.PLACE and state.to_act == (seat,)
    assert state.view(None).to_json()["encounter"]["resume"] == {"then": "cards", "to_act": [offence, defence]}
    settle(state)
    assert state.step is Step.CARDS and state.to_act == (offence, defence)
    assert sum(row[seat] for row in state.tokens) == 20


def test_the_sampler_keeps_the_placements_and_their_choices() -> None:
    state, _, _, (first, second) = defence_win_with_allies()
    game = state.game
    for observer in (None, first, second):
        sample = game.sample_state(state.view(observer), Chance(3))
        assert isinstance(sample, CosmicState)
        assert sample.placements == state.placements and sample.resume == state.resume
        assert sample.legal_actions(first) == state.legal_actions(first)
        settle(sample)
        assert sample.step is Step.REWARDS


def test_the_bot_returns_to_its_weakest_foreign_base_and_loses_from_its_fullest_home_base() -> None:
    state, _, _, (first, _) = defence_win_with_allies()
    weak, strong = (first + 1) % 4 * 5 + 2, (first + 2) % 4 * 5 + 2
    state.tokens[weak][first], state.tokens[strong][first] = 1, 3
    state.tokens[first * 5][first] -= 4
    state._legal = None
    bot = CosmicHeuristic(state.game)
    assert bot.choose(state.view(first), state.legal_actions(first)) == Home(weak)
    lose_state, offence, _ = failed_deal()
    lose_state.apply(offence, Timeout())
    settle_home = [a for a in lose_state.legal_actions(offence) if isinstance(a, Home)]
    lose_state.apply(offence, settle_home[0])
    lose_state.apply(offence, settle_home[0])
    lose_state.tokens[offence * 5 + 4][offence] += 3
    lose_state.tokens[offence * 5 + 3][offence] -= 3
    lose_state._legal = None
    assert bot.choose(lose_state.view(offence), lose_state.legal_actions(offence)) == Lose(offence * 5 + 4)
