"""Cosmic Encounter invariants over seeded random games: every token and every card is always
somewhere, exactly once."""

from __future__ import annotations

from typing import Any

import pytest

import quarkade
from quarkade.core import Chance
from quarkade.games.cosmic_encounter.placements import pending_home
from quarkade.games.cosmic_encounter.rules import CosmicState, Step

OPTIONS: list[dict[str, Any]] = [{}, {"quarks": True, "deck": "mayfair-more", "flares": True},
                                 {"powers": "none", "edicts": False, "deck": "eon-expansions"}]


COMMITTED = (Step.ALLIANCE, Step.EDICTS, Step.TRADE, Step.CARDS, Step.DEAL)


def tokens_of(state: CosmicState, seat: int) -> int:
    # Allies' tokens are off the board from their commitment to the resolution (the view
    # keeps the alliance afterwards, for the rewards), placements an edict caused included.
    step = state.resume[0] if state.step is Step.PLACE else state.step.value
    allies = state.ally_tokens[seat] if state.ally_side[seat] >= 0 and step in {s.value for s in COMMITTED} else 0
    cone = state.cone if seat == state.offence else 0
    # Tokens on their way back to the seat's bases wait in the placements.
    return (sum(row[seat] for row in state.tokens) + state.warp[seat] + state.removed[seat] + allies + cone
            + pending_home(state, seat))


def card_zones(state: CosmicState) -> list[int]:
    zones = [*state.deck.cards, *state.deck.discards, *state.played.values()]
    for hand in state.hands:
        zones.extend(hand)
    return zones


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", [3, 5])
def test_tokens_and_cards_are_conserved(players: int, options: dict[str, Any]) -> None:
    game = quarkade.load("cosmic-encounter", players=players, **options)
    for seed in range(3):
        state = game.new_game(seed)
        assert isinstance(state, CosmicState)
        pick = Chance(seed + 99)
        while not state.is_over:
            for seat in range(players):
                assert tokens_of(state, seat) == 20, f"seat {seat}'s tokens at step {state.steps}"
            zones = card_zones(state)
            assert sorted(zones) == list(range(len(state.cards))), f"cards lost or doubled at step {state.steps}"
            assert all(count >= 0 for row in state.tokens for count in row)
            assert min(state.warp) >= 0 and state.cone >= 0
            seat = state.to_act[pick.below(len(state.to_act))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[pick.below(len(legal))])
        assert state.winners
