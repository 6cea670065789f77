"""A Quirky Quarks view keeps, beside its keys, the figures its bot reads at every decision (its
own hand and completed Quests by kind, its eV, the accelerators' cards, the card auctioned). They
must say exactly what the keys say, stay as they were when the state moves on, and lead the bot
to the same choice as the keys of a plain view."""

from __future__ import annotations

import copy

import quarkade
from conftest import random_step
from quarkade.agents import make_bot
from quarkade.core.chance import Chance
from quarkade.core.game import View
from quarkade.games.quirky_quarks.components import COMPONENTS
from quarkade.games.quirky_quarks.rules import QuirkyQuarksState
from quarkade.games.quirky_quarks.views import QuirkyQuarksView
from test_views_quirky_quarks_qwarks import positions, quirky_quarks_view

KIND_BY_ID = {card.id: card.kind for card in COMPONENTS.cards}
KINDS = len(COMPONENTS.cards)


def by_kind(named: dict[str, int]) -> list[int]:
    counts = [0] * KINDS
    for card_id, count in named.items():
        counts[KIND_BY_ID[card_id]] = count
    return counts


def figures(view: QuirkyQuarksView) -> tuple[object, ...]:
    return (view.hand_counts, view.completed_counts, view.own_ev, view.accelerators, view.accelerator_cards,
            view.auction_card)


def test_a_views_figures_say_what_its_keys_say() -> None:
    checked = auctions = 0
    for players in (2, 4):
        game = quarkade.load("quirky-quarks", players=players)
        for index, (state, _, _) in enumerate(positions(game, 1)):
            if index % 2:
                continue
            assert isinstance(state, QuirkyQuarksState)
            for seat in [*range(players), None]:
                view = state.view(seat)
                assert isinstance(view, QuirkyQuarksView)
                expected = quirky_quarks_view(state, seat)
                me = expected["players"][0 if seat is None else seat]
                assert view.hand_counts == (None if seat is None else by_kind(expected["hand"]))
                assert view.completed_counts == by_kind(me["completed"])
                assert view.own_ev == me["ev"]
                ids = [COMPONENTS.accelerators[a].id for a in view.accelerators]
                assert ids == [a["id"] for a in expected["accelerators"]]
                assert [[KIND_BY_ID[c] for c in a["cards"]] for a in expected["accelerators"]] == [
                    list(cards) for cards in view.accelerator_cards]
                auction = expected["flow"]["auction"]
                assert view.auction_card == (-1 if auction is None else KIND_BY_ID[auction["card"]])
                auctions += auction is not None
                checked += 1
    assert checked > 300 and auctions > 20


def test_a_views_figures_stay_as_they_were_when_the_state_moves_on() -> None:
    game = quarkade.load("quirky-quarks", players=3)
    chance = Chance(3)
    checked = 0
    for state, seat, _ in positions(game, 1)[::3]:
        if state.is_over:
            continue
        state = state.clone()
        view = state.view(seat)
        assert isinstance(view, QuirkyQuarksView)
        before = copy.deepcopy(figures(view))
        for _ in range(3):
            if state.is_over:
                break
            random_step(state, chance)
        assert figures(view) == before
        checked += 1
    assert checked > 40


def test_the_heuristic_chooses_the_same_from_a_plain_view() -> None:
    """A plain view (a copy of one: its keys only) gives the heuristic the same figures, so the
    same choice, decision after decision (each bot keeps its last valuation)."""
    for players in (2, 3):
        game = quarkade.load("quirky-quarks", players=players)
        fast = [make_bot("heuristic", game, seat) for seat in range(players)]
        plain = [make_bot("heuristic", game, seat) for seat in range(players)]
        state = game.new_game(4)
        decisions = 0
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            copied = copy.copy(view)
            assert type(copied) is View and copied == view
            action = fast[seat].choose(view, legal)
            assert plain[seat].choose(copied, legal) == action, f"step {state.steps}"
            state.apply(seat, action)
            decisions += len(legal) > 1
        assert decisions > 100
