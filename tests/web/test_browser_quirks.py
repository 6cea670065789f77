"""A real browser plays Quirks through the web client: it sets a table with one person and
two Normal bots (the heuristic) by clicking in the lobby, plays to the game-over screen by clicking legal
actions (cards, niches, the climate table, buttons), and opens a solitaire table and a
Quirkling table. Screenshots go to docs/screenshots/ when asked
(QUARKADE_SCREENSHOTS=1 or --update-screenshots)."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

import quarkade
from quarkade.core import State

from .conftest import CHROMIUM, LiveServer, browser_page, screenshot
from .test_browser import click_and_wait, visible

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")

@pytest.fixture
def page(server: LiveServer) -> Iterator[Any]:
    with browser_page(server, 900) as tab:
        yield tab


# the safe choices first: they keep a game short and never stall it
SAFE = ["end", "decline", "concede", "give-up", "pass", "face-down", "table", "redraw", "complete drawn",
        "setup b", "climate 1", "stop", "draw stack"]


def legal_now(page: Any) -> set[str]:
    return set(page.eval_on_selector_all(".qk [data-action]", "nodes => nodes.map(n => n.dataset.action)"))


def step(page: Any) -> str:
    """One decision of the seat, by clicking what the board offers. Returns what was done."""
    confirm = "[data-role='confirm'] button[data-confirm='yes']:not([disabled])"
    if visible(page, confirm):  # a choice of several clicks, shown whole: confirm it
        click_and_wait(page, confirm)
        return "confirm"
    offered = legal_now(page)
    for action in SAFE:
        if action in offered:
            button = f".qk-actionbar button[data-action='{action}']"
            click_and_wait(page, button if visible(page, button) else f".qk [data-action='{action}']")
            return action
    for verb in ("discard", "complete", "replace", "give"):
        selector = f".qk-me .qk-card.playable[data-action^='{verb} ']"
        if visible(page, selector):
            click_and_wait(page, selector)
            return verb
    # place / make: select cards of the hand until the selection is an action
    if any(a.startswith("select ") for a in offered):
        confirm = ".qk-actionbar button[data-action^='place '], .qk-actionbar button[data-action^='make ']"
        for _ in range(4):
            if visible(page, confirm):
                click_and_wait(page, confirm)
                return "place"
            click_and_wait(page, ".qk-me .qk-card.playable[data-action^='select ']:not(.selected)")
        raise AssertionError("no selection of cards could be confirmed")
    # mutate: a card of one's QUiRKS, then discard & draw
    if visible(page, ".qk-niche .qk-card.playable[data-action^='mutate ']"):
        click_and_wait(page, ".qk-niche .qk-card.playable[data-action^='mutate ']")
        click_and_wait(page, ".qk-actionbar button[data-action^='mutate ']")
        return "mutate"
    click_and_wait(page, ".qk-actionbar button[data-action], .qk [data-action]")
    return "other " + " ".join(sorted(offered))


def set_table(page: Any, game: str, seats: list[str], options: dict[str, str] | None = None) -> None:
    page.wait_for_selector(f".game-card[data-game='{game}']")
    page.click(f".game-card[data-game='{game}'] button.primary")
    page.select_option("#players", str(len(seats)))
    for seat, kind in enumerate(seats):
        page.select_option(f"select[data-seat='{seat}']", kind)
    for name, value in (options or {}).items():
        page.fill(f"#options [name='{name}']", value)
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".qk")


def shoot(page: Any, name: str) -> None:
    """The whole page at 1440 wide, as tall as it is: the sticky action bar where it belongs."""
    height = int(page.evaluate("document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": 1440, "height": max(900, height)})
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, name)
    page.set_viewport_size({"width": 1440, "height": 900})


@pytest.mark.long  # a whole game
def test_a_person_plays_quirks_in_the_browser(server: LiveServer, page: Any) -> None:
    started = time.monotonic()
    page.goto(f"{server.url}/")
    set_table(page, "quirks", ["human", "normal", "normal"], {"turn_limit": "18"})
    assert page.locator(".qk-niche").count() == 3
    assert page.locator(".qk-track").count() == 1

    done: list[str] = []
    table_shot = False
    deadline = time.monotonic() + 90  # about 30 s on an idle machine; shared ones are slower
    while not visible(page, "#game-over"):
        assert time.monotonic() < deadline, f"the game did not end in time after {done}"
        assert len(done) < 300
        if not visible(page, ".qk-actionbar.mine"):
            page.wait_for_function(
                "() => document.querySelector('.qk-actionbar.mine') || document.querySelector('#game-over')"
                " || document.querySelector('.qk-contest.live')", timeout=20_000)
            if not table_shot and visible(page, ".qk-contest.live") and not visible(page, "#game-over"):
                page.wait_for_timeout(600)
                shoot(page, "quirks-table.png")
                table_shot = True
            if not visible(page, ".qk-actionbar.mine"):
                page.wait_for_function(
                    "() => document.querySelector('.qk-actionbar.mine') || document.querySelector('#game-over')",
                    timeout=20_000)
            continue
        if not table_shot and visible(page, ".qk-contest.live") and "face-down" in legal_now(page):
            page.wait_for_timeout(600)
            shoot(page, "quirks-table.png")
            table_shot = True
        done.append(step(page))
    assert len(done) > 5, done
    assert page.evaluate("document.body.dataset.lastError || ''") in ("", "stale")
    if not table_shot:
        shoot(page, "quirks-table.png")
    page.wait_for_selector(".scores tr")
    page.wait_for_timeout(1000)  # let the last reveal settle
    shoot(page, "quirks-over.png")
    assert time.monotonic() - started < 120


@pytest.mark.long  # two whole games
def test_solitaire_and_quirkling_tables_in_the_browser(server: LiveServer, page: Any) -> None:
    page.goto(f"{server.url}/")
    set_table(page, "quirks-solitaire", ["human"])
    page.wait_for_selector(".qk-solitaire")
    # play a few moves: a mutation (an exchange with the hand if one is offered), the climate
    # marker, then count one QUiRKS and photograph the totals
    moves = 0
    for _ in range(12):
        if visible(page, "#game-over") or visible(page, ".qk-count.live"):
            break
        offered = legal_now(page)
        if "count plant" in offered and moves >= 2:
            click_and_wait(page, ".qk-actionbar button[data-action='count plant']")
            # the first count, which may lose the game, is confirmed once with what it needs
            confirm = page.locator("[data-role='confirm']")
            assert confirm.count() == 1 and "must reach" in confirm.inner_text()
            click_and_wait(page, "[data-role='confirm'] button[data-confirm='yes']")
        elif "continue" in offered:
            click_and_wait(page, ".qk [data-action='continue']")
        elif visible(page, ".qk-niche .qk-card.playable"):
            click_and_wait(page, ".qk-niche .qk-card.playable")
            if visible(page, ".qk-me .qk-card.playable"):
                click_and_wait(page, ".qk-me .qk-card.playable")
            else:
                click_and_wait(page, ".qk-actionbar button[data-action^='mutate ']")
            # the mutation is shown whole, then sent once confirmed
            assert page.locator("[data-role='confirm']").count() == 1
            click_and_wait(page, "[data-role='confirm'] button[data-confirm='yes']")
            moves += 1
        elif "climate 2" in offered:
            click_and_wait(page, ".qk-move[data-action='climate 2'] .qk-target")
            moves += 1
        else:
            step(page)
    page.wait_for_timeout(1000)  # the count's bars grow in
    shoot(page, "quirks-solitaire.png")

    page.goto(f"{server.url}/")
    set_table(page, "quirkling", ["human", "normal", "normal"])
    page.wait_for_selector(".qk-quirkling")
    asked = False
    for _ in range(40):
        if visible(page, "#game-over"):
            break
        if not visible(page, ".qk-actionbar.mine"):
            page.wait_for_function(
                "() => document.querySelector('.qk-actionbar.mine') || document.querySelector('#game-over')",
                timeout=20_000)
            continue
        offered = legal_now(page)
        if any(a.startswith("ask ") for a in offered):
            if asked:
                shoot(page, "quirkling.png")
                break
            if page.locator(".qk-ling-players .qk-player.askable").count():  # a refill names the player
                page.locator(".qk-ling-players .qk-player.askable").last.click()
            click_and_wait(page, ".qk-actionbar button.qk-stack-btn")
            confirm = "[data-role='confirm'] button[data-confirm='yes']"
            if visible(page, confirm):  # a player and a stack: confirmed once
                assert page.inner_text("[data-role='confirm'] .what").startswith("Ask ")
                click_and_wait(page, confirm)
            asked = True
        else:
            step(page)
    if not asked:
        shoot(page, "quirkling.png")
    # The latest lines name each seat as the page does: the bots by name, never the engine's count
    # from 0 ("Seat 2 takes C19" was the third seat's move, shown as it was).
    lines = page.eval_on_selector_all(".qk-recent li", "items => items.map(li => li.textContent)")
    assert lines and not any(re.search(r"\b[Ss]eat [02-9]\b", line) for line in lines), lines
    assert any("Bot 2 (normal)" in line or "Bot 3 (normal)" in line or "Seat 1" in line for line in lines), lines
    assert httpx.get(f"{server.url}/api/games/quirks/components").status_code == 200


def decision_of_seat_0(wanted: Callable[[str], bool]) -> State:
    """A seeded two-player game at a decision of seat 0's with a legal action ``wanted`` finds."""
    game = quarkade.load("quirks", players=2)
    for seed in range(40):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        while not state.is_over:
            if 0 in state.to_act and any(wanted(str(action)) for action in state.legal_actions(0)):
                return state
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no such decision for seat 0 in forty seeded games")


def traits(view: Any) -> dict[str, str]:
    """Every card the view shows, by number: the trait printed on it."""
    found: dict[str, str] = {}
    todo = [view]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            if "number" in item and "trait" in item:
                found[item["number"]] = item["trait"]
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return found


DRAW = """async ([view, legal]) => {
  const { renderQuirks } = await import('/js/renderers/quirks.js');
  const components = (await (await fetch('/api/games/quirks/components')).json()).files;
  window.sent = [];
  const main = document.createElement('main');
  const ctx = { seat: 0, components, ui: {}, names: {}, replay: false, over: false };
  ctx.rerender = () => main.replaceChildren(renderQuirks(view, legal, (a) => window.sent.push(a), ctx));
  ctx.rerender();
  document.body.replaceChildren(main);
}"""


def test_a_choice_to_confirm_names_the_cards_as_their_faces_do(server: LiveServer, page: Any) -> None:
    """A mutation, and cards to place, are confirmed with the cards named by the trait printed
    on them ("Palm crown"), as on the cards themselves, not by their numbers ("A9")."""
    page.goto(f"{server.url}/")
    state = decision_of_seat_0(lambda action: action.startswith("mutate ") and " for " in action)
    view, legal = state.view(0).to_json(), [str(action) for action in state.legal_actions(0)]
    named = traits(view)
    page.evaluate(DRAW, [view, legal])
    exchange = next(a for a in legal if a.startswith("mutate ") and " for " in a)
    _, old, _, new = exchange.split()
    page.click(f".qk-niche .qk-card[data-action='mutate {old}']")
    assert page.inner_text(".qk-actionbar .controls").startswith(f"Mutate {named[old]}:")
    page.click(f".qk-me .qk-card[data-action='{exchange}']")
    assert page.inner_text("[data-role='confirm'] .what") == \
        f"Mutate {named[old]}: exchange it for {named[new]} from your hand"

    state = decision_of_seat_0(lambda action: action.startswith("place "))
    view, legal = state.view(0).to_json(), [str(action) for action in state.legal_actions(0)]
    named = traits(view)
    page.evaluate(DRAW, [view, legal])
    cards = next(a for a in legal if a.startswith("place ")).split()[1:]
    for card in cards:
        page.click(f".qk-me .qk-card[data-action='select {card}']")
    what = page.inner_text("[data-role='confirm'] .what")
    *first, last = [named[card] for card in cards]
    assert what.startswith(f"Place {', '.join(first)} and {last}"), what
    assert not re.search(r"\b[ABC]\d+\b", what), what
