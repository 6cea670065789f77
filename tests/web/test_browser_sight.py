"""What the board keeps in sight on a phone (390×844), where the dock (the prompt, the buttons
and the hand, docked at the bottom of the screen) may take half of it.

A new prompt whose cards to click lie behind the dock is scrolled above it, once: a redraw of
the same prompt leaves the page where the player put it. A hand row too long for the screen
fades at the side where more cards are. Quirks' climate table reads on a phone, turned or
narrowed included, and the "+1" / "+2" of its moves stand clear of the zones' marks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import CHROMIUM, LiveServer, browser_page, updates

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")

PHONE = {"width": 390, "height": 844}
READABLE = 10  # px: the smallest text of the climate table on a phone


@pytest.fixture
def page(server: LiveServer) -> Iterator[Any]:
    with browser_page(server, 900) as tab:
        yield tab


def sit_at(server: LiveServer, page: Any, game: str, seats: list[str], options: dict[str, Any]) -> None:
    """Seat 0 of a new table of ``game``, its board drawn with its style."""
    answer = httpx.post(f"{server.url}/api/tables", json={
        "game": game, "players": len(seats), "seats": seats, "options": options, "play": [0]})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    token = next(s["token"] for s in created["seats"] if s["seat"] == 0)
    page.goto(f"{server.url}/t/{created['id']}?token={token}")
    page.wait_for_selector("#board [data-role='actions']")
    settle(page)


def settle(page: Any) -> None:
    """Until the game's style is in and the page has painted what it drew."""
    page.wait_for_function("() => !('styling' in document.documentElement.dataset)")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


# The first element ``selector`` finds, the dock and the top bar: their boxes on the screen.
BOXES = """(selector) => {
  const box = (node) => { const b = node.getBoundingClientRect(); return [b.top, b.bottom]; };
  return { target: box(document.querySelector(selector)),
           dock: box(document.querySelector("#board [data-role='dock']")),
           bar: box(document.querySelector('.topbar')), height: innerHeight, scrolled: scrollY };
}"""


def test_a_new_prompt_brings_what_it_asks_for_above_the_dock(server: LiveServer, page: Any) -> None:
    """Quirks solitaire: once a destiny marker is drawn, the prompt asks for a card of one of the
    three QUiRKS, which lie under the dock's buttons and hand: the first of them is brought into
    sight between the top bar and the dock."""
    page.set_viewport_size(PHONE)
    sit_at(server, page, "quirks-solitaire", ["human"], {"action_limit": 12})
    page.click(".qk-actionbar [data-action='continue']")
    page.wait_for_selector(".qk-niche .qk-card.playable")
    settle(page)
    got = page.evaluate(BOXES, ".qk-niche .qk-card.playable")
    (top, bottom), (dock_top, dock_bottom) = got["target"], got["dock"]
    assert bottom <= dock_top or top >= dock_bottom, f"the dock covers the card to click: {got}"
    assert top >= got["bar"][1] and bottom <= got["height"], f"the card to click is off the screen: {got}"
    # once a prompt: the same prompt drawn again leaves the page where the player scrolled it
    page.evaluate("window.scrollTo(0, 0)")
    before = updates(page)
    page.evaluate("document.querySelector('.seat-tab').click()")  # a redraw (a click here would scroll)
    page.wait_for_function("n => Number(document.body.dataset.updates) > n", arg=before)
    settle(page)
    assert page.evaluate("scrollY") == 0


def test_a_hand_row_that_scrolls_fades_where_more_cards_are(server: LiveServer, page: Any) -> None:
    """Nine cards do not fit a phone's width: the row fades at its right edge, and once scrolled
    to its end, at its left edge only."""
    page.set_viewport_size(PHONE)
    sit_at(server, page, "quirks-solitaire", ["human"], {"action_limit": 12})
    row = "#board [data-role='hand']"
    assert page.eval_on_selector(row, "n => n.scrollWidth > n.clientWidth"), "the hand fits: nothing to show"
    look = "(n) => [n.dataset.more || '', getComputedStyle(n).maskImage]"
    more, mask = page.eval_on_selector(row, look)
    assert more == "right" and mask.startswith("linear-gradient"), (more, mask)
    page.eval_on_selector(row, "n => { n.scrollLeft = n.scrollWidth; }")
    page.wait_for_function(f"() => document.querySelector(\"{row}\").dataset.more === 'left'")
    more, mask = page.eval_on_selector(row, look)
    assert mask.startswith("linear-gradient"), mask


# The climate table's text as drawn: the smallest font in px, and each move's label that
# overlaps a zone's mark (its number, X or the marker's C).
CLIMATE_TEXT = """() => {
  const svg = document.querySelector('.qk-track');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const texts = [...svg.querySelectorAll('text')];
  const smallest = Math.min(...texts.map((t) => Number(t.getAttribute('font-size')) * scale));
  const labels = texts.filter((t) => t.closest('.qk-move'));
  const marks = texts.filter((t) => !t.closest('.qk-move'));
  const overlaps = [];
  for (const label of labels) {
    for (const mark of marks) {
      const a = label.getBoundingClientRect(), b = mark.getBoundingClientRect();
      const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      if (!apart) overlaps.push([label.textContent, mark.textContent]);
    }
  }
  return { rows: svg.classList.contains('rows'), smallest, labels: labels.length, overlaps };
}"""

CLIMATE = """async ([climate]) => {
  const { climateTrack } = await import('/js/renderers/quirks-climate.js');
  const { readLegal } = await import('/js/renderers/quirks-parts.js');
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = '/css/quirks.css';
  await new Promise((done) => { style.onload = done; document.head.append(style); });
  const main = document.createElement('main');
  main.className = 'qk';
  main.style.padding = '.5rem';
  main.append(climateTrack(climate, readLegal(['climate 1', 'climate 2']), () => {}));
  document.body.replaceChildren(main);
}"""


@pytest.mark.parametrize("width", [390, 1440])
@pytest.mark.parametrize("space", [0, 3, 28])
def test_a_climate_moves_label_stands_clear_of_the_zones_marks(server: LiveServer, page: Any, width: int,
                                                               space: int) -> None:
    """The "+1" and "+2" of the zones the marker may move to overlap no zone's number, X or the
    marker's C, in rows on a phone or on one line, at a climate's end or over the table's end;
    on a phone no text is smaller than 10 px."""
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"{server.url}/")
    climates = ["ocean", "forest", "plain", "desert", "jungle"]
    page.evaluate(CLIMATE, [{"space": space, "name": climates[space // 6], "zone": space % 6 + 1,
                             "x_spaces": [1, 4, 5, 29]}])
    got = page.evaluate(CLIMATE_TEXT)
    assert got["rows"] == (width == 390) and got["labels"] == 2
    assert got["overlaps"] == [], got
    if width == 390:
        assert got["smallest"] >= READABLE, got


def test_the_climate_table_reads_on_a_phone_turned_or_narrowed(server: LiveServer, page: Any) -> None:
    """A table opened in a wide window, then narrowed to a phone's width (a phone turned upright):
    the climate table is drawn again in rows, its text readable, not the wide line shrunk."""
    sit_at(server, page, "quirks", ["human", "random"], {"turn_limit": 4})
    assert not page.evaluate(CLIMATE_TEXT)["rows"]
    page.set_viewport_size(PHONE)
    page.wait_for_selector(".qk-track.rows", timeout=5_000)
    got = page.evaluate(CLIMATE_TEXT)
    assert got["smallest"] >= READABLE, got
