"""Cosmic Encounter in a real browser names its planets as players do and shows what an alien
power does to touch and keyboard players.

Planets: the orbs are numbered 1 to 5 within their home system; the challenge's target, the
token controls (and their screen-reader labels), the planets' labels and the log say "your
planet 4" or "Rita's planet 4" (the seat by the name the page gives it), never the id "3.0",
which stays in data-planet and data-action (the protocol). Powers: each shown alien's text opens
from a <details> (a tap, a click, or Enter on its focused summary) rather than a hover tooltip,
and stays open while the board is drawn again.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import quarkade
from quarkade.core import State
from quarkade.games.cosmic_encounter.components import planet_place
from quarkade.games.cosmic_encounter.powers import POWERS

from .conftest import CHROMIUM, LiveServer, browser_page

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")

PLANET_ID = re.compile(r"\b\d\.\d\b")
NAMES = {0: "Rita", 1: "Bot 2", 2: "Bot 3", 3: "Bot 4"}
POWER_TEXTS = {power.name: power.text for power in POWERS}

# The renderer alone, as a table draws it: ``ctx`` is kept on the window so that drawing the
# same seat again keeps what the page remembers between updates (ctx.ui), as a table does.
DRAW = """async ([view, legal, seat, names]) => {
  const { renderCosmicEncounter } = await import('/js/renderers/cosmic-encounter.js');
  const components = await (await fetch('/api/games/cosmic-encounter/components')).json();
  window.sent = [];
  const kept = window.ceCtx && window.ceCtx.seat === seat ? window.ceCtx : null;
  const ctx = kept || { seat, components, ui: {}, names, replay: false, clock: null, over: false };
  window.ceCtx = ctx;
  const draw = () => {
    const main = document.createElement('main');
    main.style.padding = '1rem';
    main.append(renderCosmicEncounter(view, legal, (a) => window.sent.push(a), ctx));
    document.body.replaceChildren(main);
  };
  ctx.rerender = draw;
  draw();
}"""

# The log as the table's side shows it (the shared seat-words module: seats by name).
LOG = """async ([log, names]) => {
  const { logLines } = await import('/js/seat-words.js');
  return logLines(log, names);
}"""


@pytest.fixture
def page(server: LiveServer) -> Iterator[Any]:
    with browser_page(server, 900) as tab:
        yield tab


def launch_for_seat_0() -> State:
    """A seeded four-player game with Quarks at seat 0's launch against a planet of another
    system, with more ways to launch than buttons (a count for each base)."""
    game = quarkade.load("cosmic-encounter", players=4, quarks=True)
    for seed in range(40):
        state, rng = game.new_game(seed=seed), random.Random(seed)
        for _ in range(300):
            if state.is_over:
                break
            if state.to_act == (0,):
                view = state.view(0).to_json()
                target = view["encounter"]["target"]
                if view["step"] == "launch" and len(state.legal_actions(0)) > 12 and target and target[0] != "0":
                    return state
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no launch of seat 0's at another system in forty seeded games")


def draw(page: Any, state: State, seat: int) -> dict[str, Any]:
    view = state.view(seat).to_json()
    legal = [str(action) for action in state.legal_actions(seat)]
    page.evaluate(DRAW, [view, legal, seat, NAMES])
    page.wait_for_selector(".ce")
    return view


def said(planet: str, seat: int) -> str:
    owner, number = planet_place(planet)
    whose = "your" if owner == seat else f"{NAMES[owner]}'s"
    return f"{whose} planet {number}"


def test_planets_are_named_by_their_seat_and_number(server: LiveServer, page: Any) -> None:
    state = launch_for_seat_0()
    page.goto(f"{server.url}/")
    view = draw(page, state, 0)
    target = view["encounter"]["target"]
    # no id where a player reads: the board's text and its labels
    board = page.inner_text(".ce")
    assert not PLANET_ID.search(board), PLANET_ID.findall(board)
    labels = page.eval_on_selector_all(".ce [aria-label], .ce [title]",
                                       "ns => ns.flatMap((n) => [n.getAttribute('aria-label') || '', n.title || ''])")
    assert not any(PLANET_ID.search(label) for label in labels), [label for label in labels if PLANET_ID.search(label)]
    # each system's orbs are numbered 1 to 5, and each planet is labelled by its seat's name
    for seat in range(4):
        numbers = page.eval_on_selector_all(f".ce-system[data-seat='{seat}'] .ce-planet-n",
                                            "ns => ns.map((n) => n.textContent)")
        assert numbers == ["1", "2", "3", "4", "5"]
        first = page.get_attribute(f".ce-planet[data-planet='{seat}.0']", "aria-label")
        assert first is not None and first.startswith("Your planet 1" if seat == 0 else f"{NAMES[seat]}'s planet 1")
    # the ids stay in the data: the planets and the actions still carry them
    assert page.locator(f".ce-planet[data-planet='{target}']").count() == 1
    assert page.inner_text(".ce-encounter h3 .chip") == f"target: {said(target, 0)}"
    assert f"on {said(target, 0)}" in page.inner_text(".ce-side.defence")
    # the launch's counts name seat 0's bases as its own, for eyes and screen readers alike
    bases = page.eval_on_selector_all(".ce-token-base", "ns => ns.map((n) => n.dataset.base)")
    assert bases and all(not base.startswith(f"{target[0]}.") for base in bases)
    for base in bases:
        row = f".ce-token-base[data-base='{base}']"
        assert page.inner_text(f"{row} span").startswith(f"Your planet {planet_place(base)[1]}: ")
        more = page.get_attribute(f"{row} button:last-of-type", "aria-label")
        assert more == f"one token more from your planet {planet_place(base)[1]}"
    # the defence's seat reads its own planet as "your"
    draw(page, state, planet_place(target)[0])
    assert page.inner_text(".ce-encounter h3 .chip") == f"target: your planet {planet_place(target)[1]}"


def test_the_log_names_planets_by_seat_name(server: LiveServer, page: Any) -> None:
    state = launch_for_seat_0()
    page.goto(f"{server.url}/")
    log = state.view(0).to_json()["log"]
    lines = page.evaluate(LOG, [log, NAMES])
    assert not any(PLANET_ID.search(line) for line in lines), [line for line in lines if PLANET_ID.search(line)]
    target = state.view(0).to_json()["encounter"]["target"]
    owner, number = planet_place(target)
    assert f"Rita aims at {NAMES[owner]}'s planet {number}, defended by {NAMES[owner]}" in lines


def test_a_power_is_read_by_tap_or_keyboard(server: LiveServer, page: Any) -> None:
    state = launch_for_seat_0()
    page.goto(f"{server.url}/")
    view = draw(page, state, 0)
    assert page.locator(".ce-system-power [title]").count() == 0  # no hover-only text left
    powers = {p["seat"]: p["power"] for p in view["players"] if p["power"]}
    assert len(powers) == 4
    for seat, power in powers.items():
        about = f".ce-system[data-seat='{seat}'] details.ce-power-about"
        assert page.inner_text(f"{about} summary").lower() == f"power: {power}"
        assert not page.is_visible(f"{about} .ce-disclosed")
    # the seat's own alien: its summary takes the focus and opens with Enter
    own = ".ce-system[data-seat='0'] details.ce-power-about"
    page.focus(f"{own} summary")
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{own}[open] .ce-disclosed", state="visible")
    assert page.inner_text(f"{own} .ce-disclosed") == POWER_TEXTS[powers[0]]
    # another's alien opens with a tap (a click), and closes again
    other = ".ce-system[data-seat='2'] details.ce-power-about"
    page.click(f"{other} summary")
    page.wait_for_selector(f"{other}[open] .ce-disclosed", state="visible")
    assert page.inner_text(f"{other} .ce-disclosed") == POWER_TEXTS[powers[2]]
    # drawn again (the next update), what was open stays open
    draw(page, state, 0)
    assert page.locator(f"{own}[open]").count() == 1 and page.locator(f"{other}[open]").count() == 1
    page.click(f"{other} summary")
    page.wait_for_function(f"() => !document.querySelector(\"{other}\").open")
    draw(page, state, 0)
    assert page.locator(f"{other}[open]").count() == 0 and page.locator(f"{own}[open]").count() == 1
