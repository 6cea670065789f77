"""Quirkling views show a hand and the QUIRKLINGS made from faces made once and shared (a view's
values are read-only): each must equal the same cards built one by one by cards_json (with the
printed codes and with a table drawn for a sampled state)."""

from __future__ import annotations

import quarkade
from conftest import heuristic_moments
from quarkade.core.chance import Chance
from quarkade.games.quirks.components import PRINTED
from quarkade.games.quirks.quirkling import QuirklingState
from quarkade.games.quirks.sampling import sample_quirkling
from quarkade.games.quirks.views import HAND_ORDER, cards_json


def check_cards(state: QuirklingState) -> int:
    checked = 0
    for seat in range(state.players):
        view = state.view(seat)
        assert view["hand"] == cards_json(sorted(state.hands[seat], key=HAND_ORDER.__getitem__), state.table)
        for player, made in zip(view["players"], state.made, strict=True):
            assert [q["cards"] for q in player["quirklings"]] == [cards_json(q, state.table) for q in made]
            checked += len(made)
    return checked


def test_hands_and_quirklings_equal_their_card_by_card_build() -> None:
    made = sampled = 0  # QUIRKLINGS compared; sampled states whose table is not the printed one
    for players in (2, 3):
        game = quarkade.load("quirkling", players=players)
        for seed in range(3):
            for step, state, seat, _, _ in heuristic_moments(game, seed, 400):
                if step % 25 == 0:
                    assert isinstance(state, QuirklingState)
                    assert state.table is PRINTED
                    made += check_cards(state)
                    drawn = sample_quirkling(game, state.view(seat), Chance(seed + step))  # type: ignore[arg-type]
                    if drawn.table is not PRINTED:
                        sampled += 1
                    made += check_cards(drawn)
    assert made > 20, made
    assert sampled > 20, sampled  # the other path: a table drawn for a sampled state
