"""Cosmic Encounter's views are lazy: a key is made when it is read. Whatever is read first, and
whenever the view is made whole, it holds what a view made whole at once holds; a part read
after the state's next action is refused rather than showing the new state."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from quarkade.core.chance import Chance
from quarkade.core.registry import load
from quarkade.games.cosmic_encounter.rules import CosmicState
from quarkade.games.cosmic_encounter.views import StaleView

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (4, {}), (4, {"quarks": True, "flares": True}), (3, {"powers": "none"}),
    (5, {"edicts": False, "quarks": True}), (6, {"flares": True, "deck": "mayfair-more"}),
]
# The keys a bot reads, in the order the heuristic bot reads them at most steps.
BOT_KEYS = ("players", "planets", "encounter", "offence", "square", "hand")


def positions(players: int, options: dict[str, Any], seed: int, every: int = 6) -> Iterator[CosmicState]:
    """Every ``every``-th position of a seeded random game, up to its end."""
    state = load("cosmic-encounter", players, **options).new_game(seed)
    chance = Chance(seed + 1)
    step = 0
    while True:
        if step % every == 0 or state.is_over:
            assert isinstance(state, CosmicState)
            yield state
        if state.is_over or step > 600:
            return
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chance.below(len(legal))])
        step += 1


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_a_view_read_key_by_key_is_the_whole_view(players: int, options: dict[str, Any]) -> None:
    checked = 0
    for state in positions(players, options, seed=len(options) * 10 + players):
        for seat in (None, *range(players)):
            whole = state.view(seat).to_json()
            lazy = state.view(seat)
            read = {key: lazy[key] for key in BOT_KEYS if key in lazy}
            assert all(json.dumps(value) == json.dumps(whole[key]) for key, value in read.items())
            # Made whole after some keys were read: the same content, key for key.
            assert lazy.to_json() == whole
            untouched = state.view(seat)
            # Made whole without a read: the keys in the order a served view has always had.
            assert list(untouched.to_json()) == list(whole)
            checked += 1
    assert checked > 40


def test_a_part_read_after_the_next_action_is_refused() -> None:
    state = next(s for s in positions(4, {"flares": True}, seed=3) if s.steps >= 30)
    seat = state.to_act[0]
    kept = state.view(seat).whole()
    lazy = state.view(seat)
    before = state.clone().view(seat).to_json()
    state.apply(seat, state.legal_actions(seat)[0])
    with pytest.raises(StaleView):
        lazy["planets"]
    with pytest.raises(StaleView):
        lazy.to_json()
    # A view made whole before the action keeps the position it was made from.
    assert kept.to_json() == before
    assert state.view(seat).to_json() != before


SEAT_KEYS = ["options", "turn", "turn_limit", "offence", "challenge", "step", "square", "players", "planets", "deck",
             "destiny", "encounter", "to_act", "is_over", "winners", "scores", "hand", "own_card", "seen_hand", "log"]
SEAT_ONLY = ("hand", "own_card", "seen_hand")


def test_each_key_read_alone_is_the_whole_views_and_a_spectator_has_no_seats_keys() -> None:
    checked = 0
    for state in positions(4, {"quarks": True, "flares": True}, seed=7, every=40):
        for seat in (None, 0, 2):
            whole = state.view(seat).to_json()
            keys = [key for key in SEAT_KEYS if seat is not None or key not in SEAT_ONLY]
            assert list(whole) == ["game", "seat", *keys]
            for key in keys:
                fresh = state.view(seat)
                assert key in fresh
                assert json.dumps(fresh[key]) == json.dumps(whole[key])
                assert json.dumps(state.view(seat).get(key)) == json.dumps(whole[key])
            absent = state.view(seat)
            assert absent.get("no-such-key", "none") == "none"
            if seat is None:
                assert all(key not in absent and absent.get(key, 0) == 0 for key in SEAT_ONLY)
            with pytest.raises(KeyError):
                absent["no-such-key"]
            checked += 1
    assert checked > 20
