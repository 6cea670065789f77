"""Invariants of Quirky Circuits, checked after every step of games driven by hypothesis:
cards are conserved, the robot stays on the board and off obstacles, tokens are never made
from nothing, the battery only runs down, and the table wins or loses together."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from quarkade.core import Chance
from quarkade.games.quirky_circuits.components import POT, SCENARIO_IDS, SHATTERED
from quarkade.games.quirky_circuits.rules import HAND_SIZE, QuirkyCircuitsState, new_state

SETTINGS = settings(max_examples=40, deadline=None)


def check(state: QuirkyCircuitsState, before: QuirkyCircuitsState) -> None:
    s = state.scenario
    cards = Counter(state.deck + [c for hand in state.hands for c in hand] + [c for _, c in state.queue])
    assert cards == Counter(s.deck), "every command card is somewhere, once"
    assert sum(count for count, _ in state.layers) == len(state.deck)
    assert s.inside(state.space) and state.space not in s.obstacles
    assert len(state.tokens) <= len(before.tokens), "a token is never made from nothing"
    pots = sum(t.kind in (POT, SHATTERED) for t in state.tokens)
    assert pots <= sum(t.kind in (POT, SHATTERED) for t in before.tokens)
    assert 0 <= state.battery <= before.battery
    if state.is_over:
        assert state.winners in ((), tuple(range(state.players)))
    else:
        assert all(len(hand) <= HAND_SIZE[state.players] for hand in state.hands)
        assert len(state.queue) == sum(state.played)


@SETTINGS
@given(st.sampled_from(SCENARIO_IDS), st.sampled_from((2, 3, 4)), st.booleans(),
       st.integers(min_value=0, max_value=2**32 - 1))
def test_invariants_hold_at_every_step(scenario: str, players: int, pacing: bool, seed: int) -> None:
    state = new_state(players, seed % 1000, scenario=scenario, pacing=pacing)
    chance = Chance(seed)
    while not state.is_over:
        before = state.clone()
        seat = state.to_act[chance.below(len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chance.below(len(legal))])
        check(state, before)
