"""What stays in sight and readable on a phone, upright (390×740) or turned sideways (740×390).

Upright, the dock (the prompt, the buttons and the hand, docked at the bottom of the screen)
grows when a choice made in parts asks for its next part, up to a third of the screen (a half
where a third would hide some of its buttons): Quirky Quarks' accelerator, once picked, adds its
bid to the dock. What the player picked stays above
the dock as it grows; a redraw that does not grow it moves nothing, nor does a growth after
the player scrolled on their own. Sideways, the window is wider than a phone's but short: Quirks' climate table is
drawn on one line there, its text still large enough to read."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import CHROMIUM, LiveServer, browser_page, updates
from .test_browser import quirky_quarks_step, visible
from .test_browser_sight import CLIMATE, CLIMATE_TEXT, settle, sit_at

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")

UPRIGHT = {"width": 390, "height": 740}
TALL = 1200  # a window as narrow as a phone, with room for the dock to grow in its third
SIDEWAYS = [{"width": 740, "height": 390}, {"width": 844, "height": 390}]
READABLE = 11  # px: the smallest text of the climate table on a phone turned sideways


@pytest.fixture
def page(server: LiveServer) -> Iterator[Any]:
    with browser_page(server, 900) as tab:
        yield tab


# An accelerator's box, the dock's and the top bar's on the screen, and the page's scroll.
SIGHT = """(id) => {
  const box = (node) => { const b = node.getBoundingClientRect(); return [b.top, b.bottom]; };
  return { accelerator: box(document.querySelector(`.qq-accelerator[data-accelerator='${id}']`)),
           dock: box(document.querySelector("#board [data-role='dock']")),
           bar: box(document.querySelector('.topbar')), scrolled: scrollY,
           roomy: document.querySelector("#board [data-role='dock']").hasAttribute('data-roomy') };
}"""


# The boxes of the dock that scroll and hide a part of the refused number's reason.
REFUSAL_HIDDEN = """() => {
  const reason = document.querySelector("#board [data-role='refusal']");
  const box = reason.getBoundingClientRect();
  const hiding = [];
  for (let part = reason.parentElement; part.dataset.role !== 'dock'; part = part.parentElement) {
    const seen = part.getBoundingClientRect();
    if (part.scrollHeight > part.clientHeight + 1 && (box.top < seen.top - 0.5 || box.bottom > seen.bottom + 0.5))
      hiding.push(`${part.className}: ${Math.round(seen.top)}-${Math.round(seen.bottom)}`);
  }
  return { reason: [box.top, box.bottom], hiding };
}"""


def above_the_dock(sight: dict[str, Any]) -> bool:
    """The accelerator is whole between the top bar and the dock."""
    (top, bottom), (dock_top, _) = sight["accelerator"], sight["dock"]
    return bool(top >= sight["bar"][1] and bottom <= dock_top)


def dock_height(sight: dict[str, Any]) -> float:
    top, bottom = sight["dock"]
    return float(bottom - top)


def refuse_a_bid(page: Any) -> None:
    """A bid out of range: the refusal takes a line of its own in the dock, which grows."""
    page.fill(".qq-amount", "99")
    page.click("text=Place bid")
    page.wait_for_selector("[data-role='refusal']:not(:empty)")
    settle(page)


@pytest.mark.parametrize("height", [UPRIGHT["height"], TALL], ids=["upright", "tall"])
def test_what_the_player_picked_stays_above_the_dock_as_it_grows(server: LiveServer, page: Any, height: int) -> None:
    """Quirky Quarks on an upright phone: the bid's prompt brings the first accelerator above the
    dock; picking it adds the amount and its buttons to the dock, and a refused amount adds a
    line more (in sight inside the dock, which grows up to a third of the screen, or a half
    where a third would hide some of its buttons, then scrolls inside): each time the
    accelerator is scrolled above the dock again. On a tall window the dock has the room to grow
    at each step; on the phone it may be full from the start."""
    page.set_viewport_size({"width": UPRIGHT["width"], "height": height})

    def most(sight: dict[str, Any]) -> float:
        """The most of the screen the dock may take: a third, or a half where marked roomy."""
        return height / (2 if sight["roomy"] else 3) + 1

    sit_at(server, page, "quirky-quarks", ["human", "random", "random"], {})
    # a bot may open the game (the seed is the server's): answer until seat 0 may bid
    for _ in range(20):
        page.wait_for_function("() => document.querySelector('.qq-actionbar.mine')", timeout=20_000)
        if visible(page, ".qq-accelerator.playable"):
            break
        quirky_quarks_step(page, discovered=True)
    settle(page)
    picked = page.get_attribute(".qq-accelerator.playable", "data-accelerator")
    prompted = page.evaluate(SIGHT, picked)
    assert above_the_dock(prompted), f"the new prompt left its first target out of sight: {prompted}"

    page.click(f".qq-accelerator[data-accelerator='{picked}']")
    page.wait_for_selector("text=Place bid")
    settle(page)
    chosen = page.evaluate(SIGHT, picked)
    assert dock_height(chosen) > dock_height(prompted) or dock_height(prompted) >= most(prompted) - 2, (
        f"the dock did not grow: {prompted} then {chosen}")
    assert dock_height(chosen) <= most(chosen), f"the dock takes more than it may: {chosen}"
    assert above_the_dock(chosen), f"the grown dock covers the accelerator picked: {chosen}"

    refuse_a_bid(page)
    refused = page.evaluate(SIGHT, picked)
    assert dock_height(refused) > dock_height(chosen) or dock_height(chosen) >= most(chosen) - 2, (
        f"the refusal did not grow the dock: {refused}")
    assert dock_height(refused) <= most(refused), f"the dock takes more than it may: {refused}"
    assert above_the_dock(refused), f"the dock, grown by the refusal, covers the accelerator: {refused}"
    reason = page.evaluate(REFUSAL_HIDDEN)
    assert not reason["hiding"], f"the reason is out of sight in the dock: {reason}"

    # the same prompt drawn again, the dock as tall as before: the page stays where it is
    before = updates(page)
    page.evaluate("document.querySelector('.seat-tab').click()")  # a redraw (a click here would scroll)
    page.wait_for_function("n => Number(document.body.dataset.updates) > n", arg=before)
    settle(page)
    assert page.evaluate("scrollY") == refused["scrolled"]

    if height == TALL:
        return  # the page is at its top, the accelerator far above the dock: it cannot go under it
    # the player scrolls on their own, the accelerator going partly under the dock: a dock that
    # grows then leaves the page where the player put it
    page.fill(".qq-amount", "2")  # the refusal goes: the dock shrinks
    settle(page)
    shrunk = page.evaluate(SIGHT, picked)
    page.evaluate("by => window.scrollBy(0, by)", shrunk["accelerator"][1] - shrunk["dock"][0] - 20)
    settle(page)
    scrolled = page.evaluate(SIGHT, picked)
    assert scrolled["accelerator"][0] < scrolled["dock"][0] < scrolled["accelerator"][1], scrolled
    refuse_a_bid(page)
    assert page.evaluate("scrollY") == scrolled["scrolled"]


# The climate table's texts: each one's font size as drawn on the screen (its computed size
# in the drawing's units, times the scale the drawing is shown at), smallest first.
DRAWN_SIZES = """() => {
  const svg = document.querySelector('.qk-track');
  const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
  const scale = Math.min(box.width / view.width, box.height / view.height);
  const sizes = [...svg.querySelectorAll('text')].map(
    (text) => [parseFloat(getComputedStyle(text).fontSize) * scale, text.textContent]);
  return { rows: svg.classList.contains('rows'), sizes: sizes.sort((a, b) => a[0] - b[0]) };
}"""


@pytest.mark.parametrize("size", SIDEWAYS, ids=lambda size: f"{size['width']}x{size['height']}")
@pytest.mark.parametrize(("game", "seats", "options"), [
    ("quirks", ["human", "random"], {"turn_limit": 4}),
    ("quirks-solitaire", ["human"], {"action_limit": 12}),  # each climate's threshold under it
], ids=["quirks", "quirks-solitaire"])
def test_the_climate_table_reads_on_a_phone_turned_sideways(server: LiveServer, page: Any, size: dict[str, int],
                                                            game: str, seats: list[str],
                                                            options: dict[str, Any]) -> None:
    """A window wider than a phone's but short: the climate table is one line, and none of its
    text (the climates' names, the zones' numbers, the X spaces, the marker, the thresholds)
    is drawn smaller than 11 px."""
    page.set_viewport_size(size)
    sit_at(server, page, game, seats, options)
    got = page.evaluate(DRAWN_SIZES)
    assert not got["rows"]
    assert got["sizes"][0][0] >= READABLE, got["sizes"][:6]


@pytest.mark.parametrize("space", [3, 28])
def test_a_climate_moves_label_reads_on_a_phone_turned_sideways(server: LiveServer, page: Any, space: int) -> None:
    """The "+1" and "+2" of the zones the marker may move to read at 11 px at least, and stand
    clear of the zones' marks, within a climate or over the table's end."""
    page.set_viewport_size(SIDEWAYS[0])
    page.goto(f"{server.url}/")
    climates = ["ocean", "forest", "plain", "desert", "jungle"]
    page.evaluate(CLIMATE, [{"space": space, "name": climates[space // 6], "zone": space % 6 + 1,
                             "x_spaces": [1, 4, 5, 29]}])
    drawn = page.evaluate(DRAWN_SIZES)
    assert not drawn["rows"]
    assert drawn["sizes"][0][0] >= READABLE, drawn["sizes"][:6]
    got = page.evaluate(CLIMATE_TEXT)
    assert got["labels"] == 2 and got["overlaps"] == [], got


@pytest.mark.parametrize(("game", "seats", "on_the_board"), [
    ("quirks-solitaire", ["human"], False), ("quirkling", ["human", "random"], False),
    ("quirky-circuits", ["human", "random"], True),
], ids=["quirks-solitaire", "quirkling", "quirky-circuits"])
def test_on_a_phone_turned_sideways_the_dock_scrolls_with_the_page(server: LiveServer, page: Any, game: str,
                                                                    seats: list[str], on_the_board: bool) -> None:
    """On a screen 390 px high the dock (prompt, buttons, a hand of cards) is as tall as the
    screen or taller: docked at its foot it would hide the whole board. There it scrolls with
    the page, below the board. A prompt that asks for nothing on the board brings the dock's
    top into view; one that marks the board to watch (Quirky Circuits' robot) shows the board."""
    page.set_viewport_size(SIDEWAYS[0])
    sit_at(server, page, game, seats, {})
    got = page.evaluate("""() => {
      const dock = document.querySelector("#board [data-role='dock']");
      const box = dock.getBoundingClientRect();
      const watched = document.querySelector("#board [data-target]");
      return { position: getComputedStyle(dock).position, top: box.top, screen: innerHeight,
               watched: watched ? watched.getBoundingClientRect().top : null };
    }""")
    assert got["position"] == "static", got
    if on_the_board:
        assert got["watched"] is not None and 0 <= got["watched"] < got["screen"], got
    else:
        assert got["top"] < got["screen"], f"the prompt's dock is out of sight: {got}"
    # the page holds the whole dock: scrolled to the foot, it is all in sight
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    bottom = page.evaluate("document.querySelector(`#board [data-role='dock']`).getBoundingClientRect().bottom")
    assert bottom <= got["screen"] + 1
