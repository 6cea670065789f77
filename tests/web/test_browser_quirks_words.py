"""A real browser draws the Quirks family's renderers from seeded views (no game played
through the lobby): on a phone (390x844) a hand that scrolls sideways says so and scrolls the
first card to play into its sight when the cards to play change, the page itself not moving;
Quirkling's buttons ask for a part of a creature in the words its log lines use ("a flower
(Plant A)"); and Quirks Solitaire's first count says what the three QUiRKS may be worth in the
climate against what they need, its Count buttons quieter than "Continue"."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

import quarkade
from quarkade.core import State
from quarkade.games.quirks.components import COMPONENTS, STACKS, part_words
from quarkade.games.quirks.evaluation import group_total
from quarkade.games.quirks.solitaire import SolitaireState

from .conftest import CHROMIUM

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")

PHONE = {"width": 390, "height": 844}

# Draws a view with one of the family's renderers, on a page of the site (its stylesheets in).
DRAW = """async ([module, name, view, legal, seat, names]) => {
  const renderers = await import(module);
  const components = (await (await fetch('/api/games/quirks/components')).json()).files;
  window.sent = [];
  const main = document.createElement('main');
  main.id = 'board';
  const ctx = { seat, components, ui: {}, names, replay: false, over: false };
  ctx.rerender = () => main.replaceChildren(renderers[name](view, legal, (a) => window.sent.push(a), ctx));
  ctx.rerender();
  document.body.replaceChildren(main);
}"""


def draw(page: Any, module: str, name: str, state: State, seat: int, names: dict[str, str] | None = None) -> list[str]:
    """``state`` drawn by the renderer ``name`` of ``module`` for ``seat``, the seats named as a
    table's page names them (``names``: seat -> name; none, the renderer's own words)."""
    legal = [str(action) for action in state.legal_actions(seat)]
    page.evaluate(DRAW, [f"/js/renderers/{module}", name, state.view(seat).to_json(), legal, seat, names or {}])
    page.wait_for_selector(".qk")
    return legal


def first_decision(game_id: str, players: int, wanted: Callable[[State], bool], held_back: str = "") -> State:
    """A seeded game of random legal moves at the first state ``wanted`` accepts."""
    game = quarkade.load(game_id, players=players)
    for seed in range(60):
        state, rng = game.new_game(seed), random.Random(seed)
        for _ in range(300):
            if state.is_over:
                break
            if wanted(state):
                return state
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            rather = [a for a in legal if not held_back or not str(a).startswith(held_back)] or legal
            state.apply(seat, rng.choice(rather))
    raise AssertionError("no such decision in sixty seeded games")


def late_exchange(state: State) -> bool:
    """A solitaire action where a card of the QUiRKS may be exchanged only for cards at the far
    end of the hand (past what a phone shows)."""
    if not state.to_act or state.view(0).to_json()["stage"] != "action":
        return False
    hand = [card["number"] for card in state.view(0).to_json()["hand"]]
    places: dict[str, list[int]] = {}
    for action in map(str, state.legal_actions(0)):
        words = action.split()
        if len(words) == 4:
            places.setdefault(words[1], []).append(hand.index(words[3]))
    return any(min(at) >= 6 for at in places.values())


def test_a_phone_hand_shows_it_scrolls_and_brings_the_cards_to_play_into_sight(page: Any) -> None:
    page.set_viewport_size(PHONE)
    state = first_decision("quirks-solitaire", 1, late_exchange, held_back="count")
    legal = draw(page, "quirks-solitaire.js", "renderQuirksSolitaire", state, 0)
    hand = page.locator(".qk-me [data-role='hand']")
    page.wait_for_function("() => !document.querySelector(\"[data-role='hand-hint']\").hidden")
    hint = page.inner_text("[data-role='hand-hint']")
    assert re.search(r"\d+ more →", hint), hint
    assert hand.evaluate("row => row.scrollWidth > row.clientWidth"), "the hand row scrolls on a phone"
    # the card of the QUiRKS whose exchanges are all at the far end of the hand
    view = state.view(0).to_json()
    numbers = [card["number"] for card in view["hand"]]
    places: dict[str, list[int]] = {}
    for action in legal:
        words = action.split()
        if len(words) == 4:
            places.setdefault(words[1], []).append(numbers.index(words[3]))
    old = next(card for card, at in places.items() if min(at) >= 6)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    scrolled = page.evaluate("window.scrollY")
    page.evaluate(f"document.querySelector(\".qk-niche .qk-card[data-action='mutate {old}']\")"
                  ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
    # the first glowing card comes into the row's sight, sideways only
    page.wait_for_function("""() => {
      const row = document.querySelector(".qk-me [data-role='hand']");
      const card = row.querySelector('.qk-card.playable');
      if (!card) return false;
      const box = row.getBoundingClientRect(), at = card.getBoundingClientRect();
      return at.left >= box.left - 1 && at.right <= box.right + 1;
    }""")
    assert page.evaluate("window.scrollY") == scrolled, "the page did not move"
    first = page.get_attribute(".qk-me .qk-card.playable", "data-card")
    assert numbers.index(first) == min(places[old])
    page.wait_for_function("() => /← \\d+ more/.test(document.querySelector(\"[data-role='hand-hint']\").textContent)")
    # a redraw of the same choice leaves the row where it is
    left = hand.evaluate("row => row.scrollLeft")
    assert left > 0
    hand.evaluate("row => { row.scrollLeft = 0; }")
    page.wait_for_timeout(100)
    page.evaluate("document.querySelector(\".qk-me .qk-card.playable\").dispatchEvent("
                  "new MouseEvent('click', {bubbles: true}))")
    page.wait_for_selector("[data-role='confirm']")
    page.wait_for_timeout(200)
    assert hand.evaluate("row => row.scrollLeft") == 0, "the row stays where the player left it"


def test_a_wide_hand_has_no_scroll_hint(page: Any) -> None:
    state = first_decision("quirks", 3, lambda s: 0 in s.to_act and bool(s.view(0).to_json()["hand"]))
    draw(page, "quirks.js", "renderQuirks", state, 0)
    page.wait_for_timeout(300)
    assert page.locator("[data-role='hand-hint']").is_hidden()


def asking(state: State) -> bool:
    return bool(state.to_act) and any(str(a).startswith("ask ") for a in state.legal_actions(state.to_act[0]))


def test_quirkling_asks_for_a_part_in_the_words_of_its_log(page: Any) -> None:
    state = first_decision("quirkling", 3, asking)
    seat = state.to_act[0]
    legal = draw(page, "quirkling.js", "renderQuirkling", state, seat)
    buttons = page.locator(".qk-actionbar button.qk-stack-btn")
    assert buttons.count() >= 1
    for index in range(buttons.count()):
        button = buttons.nth(index)
        action = button.get_attribute("data-action")
        stack = STACKS.index(action.split()[2])
        words = part_words(stack)
        label = " ".join(button.text_content().split())
        assert label == f"a {words}", (label, words)
        assert (button.get_attribute("title") or "").startswith(f"Ask for a {words}: ")
        assert not re.search(r"\b[A-Z]+-[ABC]\b", button.inner_text())
    # the chosen ask, confirmed, and the log line it writes: the same words
    action = buttons.first.get_attribute("data-action")
    buttons.first.click()
    what = page.inner_text("[data-role='confirm'] .what")
    words = part_words(STACKS.index(action.split()[2]))
    assert f"for a {words}" in what, what
    state.apply(seat, quarkade.load("quirkling", players=3).parse_action(state, seat, action))
    line = state.view(None).to_json()["log"][-1]["text"]
    assert line.endswith(f" for a {words}."), line
    assert action in legal


def test_solitaire_count_says_what_the_quirks_may_be_worth_against_the_target(page: Any) -> None:
    """The first count's confirmation gives the range the climate codes on the player's cards
    allow, food chain counted, around the true total the count would find; the three Count
    buttons are quieter than Continue."""
    game = quarkade.load("quirks-solitaire")
    checked = 0
    for seed in range(4):
        state, rng = game.new_game(seed), random.Random(seed)
        assert isinstance(state, SolitaireState)
        for _ in range(rng.randrange(0, 12)):
            rather = [a for a in state.legal_actions(0) if not str(a).startswith("count")]
            state.apply(0, rng.choice(rather))
        if state.view(0).to_json()["stage"] != "start":
            continue
        draw(page, "quirks-solitaire.js", "renderQuirksSolitaire", state, 0)
        assert "gold" in (page.get_attribute(".qk-actionbar button[data-action='continue']", "class") or "")
        for niche in ("plant", "herbivore", "carnivore"):
            classes = page.get_attribute(f".qk-actionbar button[data-action='count {niche}']", "class") or ""
            assert "gold" not in classes.split(), classes
        page.click(".qk-actionbar button[data-action='count plant']")
        detail = page.inner_text("[data-role='confirm'] small")
        climate = COMPONENTS.climates[state.climate_index]
        need = state.threshold
        found = re.search(r"worth (\d+)(?: to (\d+))? here, food chain counted, against (\d+) needed", detail)
        assert found and "must reach" in detail, detail
        low, high = int(found.group(1)), int(found.group(2) or found.group(1))
        total = group_total(state.quirks, state.climate_index, state.table.values)
        assert low <= total <= high, (seed, climate, low, total, high)
        assert int(found.group(3)) == need
        assert (high < need) == ("cannot reach it" in detail)
        assert window_sent(page) == [], "nothing sent before the count is confirmed"
        checked += 1
    assert checked >= 2


def window_sent(page: Any) -> list[str]:
    return list(page.evaluate("window.sent"))
