"""A real browser draws Quirks from seeded views (no game played through the lobby) and reads
the action bar's prompt at the steps of an action: a placement names the seat it challenges,
as the page names it, and how many cards to place, and follows the cards selected; the destiny
marker of one's own upper niche says, beside "Mutate", that the climate marker moves first, and
the climate step names the mutation to come; while a mutation is chosen, the prompt follows it
to its confirmation."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

import quarkade
from quarkade.core import State
from quarkade.games.quirks.components import STACKS
from quarkade.games.quirks.legality import missing_stack

from .conftest import CHROMIUM
from .test_browser_quirks_words import DRAW
from .test_browser_quirks_words import draw as draw_renderer

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")

# The seats as a table's page names them: the person by the name given, each bot by its kind.
NAMES = {0: "Ada", 1: "Bot 2 (normal)", 2: "Bot 3 (normal)"}

def decision_of_seat_0(wanted: Callable[[State, dict[str, Any]], bool]) -> State:
    """A seeded three-player game of random legal moves at a decision of seat 0's that
    ``wanted`` accepts (with seat 0's view)."""
    game = quarkade.load("quirks", players=3)
    for seed in range(40):
        state, rng = game.new_game(seed), random.Random(seed)
        for _ in range(300):
            if state.is_over:
                break
            if 0 in state.to_act and wanted(state, state.view(0).to_json()):
                return state
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no such decision for seat 0 in forty seeded games")


def draw(page: Any, state: State) -> list[str]:
    return draw_renderer(page, "quirks.js", "renderQuirks", state, 0,
                         {str(seat): name for seat, name in NAMES.items()})


def prompt(page: Any) -> str:
    return " ".join(page.inner_text(".qk-actionbar .prompt").split())


def niche_of(view: dict[str, Any]) -> dict[str, Any]:
    entry: dict[str, Any] = next(n for n in view["niches"] if n["niche"] == view["niche"])
    return entry


def challenging(state: State, view: dict[str, Any]) -> bool:
    """Seat 0 acts in a niche where it holds nothing and another seat holds the lower QUiRKS."""
    if view["stage"] not in ("climate", "action") or not view["niche"]:
        return False
    entry = niche_of(view)
    holds_upper = bool(entry["upper"]) and entry["upper"]["owner"] == 0
    return bool(entry["lower"]) and entry["lower"]["owner"] != 0 and not holds_upper


def test_a_placement_names_the_seat_it_challenges_and_how_many_cards(page: Any) -> None:
    # the climate step first: it names the action that follows (the hand holds the niche's A card)
    state = decision_of_seat_0(lambda s, v: challenging(s, v) and v["stage"] == "climate"
                               and f"{v['niche']}-a" in {card["stack"] for card in v["hand"]})
    view = state.view(0).to_json()
    entry, niche = niche_of(view), view["niche"]
    draw(page, state)
    challenged = NAMES[entry["lower"]["owner"]]
    assert f". Next: place 2 cards to challenge {challenged} for the lower {niche} niche" in prompt(page), prompt(page)
    state.apply(0, state.game.parse_action(state, 0, "climate 1"))
    legal = draw(page, state)
    assert state.view(0).to_json()["stage"] == "action"
    sizes = sorted({len(action.split()) - 1 for action in legal if action.startswith("place ")})
    assert sizes and sizes[0] == 2
    upper = f", or 3 to take the empty upper {niche} niche" if 3 in sizes else ""
    assert prompt(page) == f"Place 2 cards to challenge {challenged} for the lower {niche} niche{upper}: " \
        "select them in your hand"
    # the prompt follows the cards selected, to their confirmation
    first, second = next(action for action in legal if len(action.split()) == 3).split()[1:]
    page.click(f".qk-me .qk-card[data-action='select {first}']")
    assert prompt(page).startswith(f"Select 1 more card to challenge {challenged} for the lower {niche} niche")
    page.click(f".qk-me .qk-card[data-action='select {second}']")
    assert page.locator("[data-role='confirm']").count() == 1
    assert prompt(page).startswith(f"Confirm the 2 cards to challenge {challenged} for the lower {niche} niche")
    assert page.evaluate("window.sent") == []


def test_the_destiny_mutate_choice_names_the_steps_queued_after_it(page: Any) -> None:
    state = decision_of_seat_0(lambda s, v: v["stage"] == "upper-owned")
    niche = state.view(0).to_json()["niche"]
    draw(page, state)
    assert prompt(page) == f"The destiny marker names your own upper {niche} niche: mutate your QUiRKS there, " \
        "or draw another marker"
    # the note sits beside the Mutate button
    note = page.locator(".qk-actionbar button[data-action='mutate'] + [data-role='next']")
    assert note.inner_text() == f"Next: move the climate marker, then mutate your upper {niche} QUiRKS"

    state.apply(0, state.game.parse_action(state, 0, "mutate"))
    draw(page, state)
    assert prompt(page) == "Move the climate marker: click +1 or +2 on the climate table. " \
        f"Next: mutate your upper {niche} QUiRKS (your turn then ends)"

    state.apply(0, state.game.parse_action(state, 0, "climate 1"))
    legal = draw(page, state)
    view = state.view(0).to_json()
    assert view["stage"] == "action"
    assert prompt(page) == f"Your action in the {niche} niche: click a card of your upper QUiRKS to mutate it " \
        "(your turn then ends)"
    # while the mutation is chosen, the prompt says the step it is at
    card = niche_of(view)["upper"]["cards"][0]
    page.click(f".qk-niche .qk-card[data-action='mutate {card['number']}']")
    words = prompt(page)
    assert words.startswith(f"Mutate {card['trait']}: discard it and draw its replacement"), words
    assert "click a card of your" not in words
    assert f"mutate {card['number']}" in legal
    page.click(f".qk-actionbar button[data-action='mutate {card['number']}']")
    assert page.locator("[data-role='confirm']").count() == 1
    assert prompt(page) == f"Check the mutation of {card['trait']} and confirm it: your turn then ends"
    assert page.evaluate("window.sent") == []


def test_the_climate_step_names_no_competition_where_no_third_card_can_be_found(page: Any) -> None:
    # seat 0 holds the lower QUiRKS of the niche it acts in: the climate step names the competition
    # for the upper niche, but only while the third card can be found (the missing stack, its
    # discards, or the hand: all of it public)
    def holds_lower(state: State, view: dict[str, Any]) -> bool:
        if view["stage"] != "climate" or not view["niche"]:
            return False
        entry = niche_of(view)
        return bool(entry["lower"]) and entry["lower"]["owner"] == 0 and not (entry["upper"]
                                                                               and entry["upper"]["owner"] == 0)

    state = decision_of_seat_0(holds_lower)
    view = state.view(0).to_json()
    niche = view["niche"]
    draw(page, state)
    before = prompt(page)
    assert before.startswith("Move the climate marker: click +1 or +2 on the climate table. Next: mutate your "
                             f"lower {niche} QUiRKS (your turn then ends), or compete "), before
    missing = STACKS[missing_stack(state, state.niche)]
    view = copy.deepcopy(view)  # a view's parts are shared with other views: never changed in place
    view["stacks"][missing] = {"cards": 0, "discards": []}
    view["players"][0]["hand_stacks"].pop(missing, None)
    view["hand"] = [card for card in view["hand"] if card["stack"] != missing]
    legal = [str(action) for action in state.legal_actions(0)]
    page.evaluate(DRAW, ["/js/renderers/quirks.js", "renderQuirks", view, legal, 0,
                         {str(seat): name for seat, name in NAMES.items()}])
    page.wait_for_selector(".qk")
    assert prompt(page) == "Move the climate marker: click +1 or +2 on the climate table. " \
        f"Next: mutate your lower {niche} QUiRKS (your turn then ends)", prompt(page)
