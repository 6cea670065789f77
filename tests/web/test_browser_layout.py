"""The table page on a desktop (1440×900) and on a phone (390×844), for every registered game.

For each game a table against bots is opened at both sizes: the seat's own hand (when its view
has one), its score and its action bar, marked with ``data-role``, are inside the viewport
without scrolling, nothing is hidden under the top bar, the top bar fits and the page never
scrolls sideways. At a laptop's widths and a phone's, nothing on the board sticks out of the
box it is laid out in. At the seat's first prompt, on a phone and on a laptop, the dock takes at
most a third of the screen and leaves the whole board reachable above it (Qwarks' answer, which
needs all its buttons at once, scrolls with the page instead). Then the game is played to its
end at the phone's size by clicking, the action bar and the hand staying in sight at every
decision (and in Quirky Quarks the card auctioned brought into sight for a bidder who had
scrolled down the board). Typed bids out of range are refused on screen and nothing is sent; a choice of
several cards is shown whole and confirmed once. Screenshots of every game at both sizes go to
docs/screenshots/ when asked (QUARKADE_SCREENSHOTS=1 or --update-screenshots)."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

import quarkade

from . import conftest
from .conftest import CHROMIUM, LiveServer, shared_browser
from .test_browser import click_and_wait, quirky_quarks_step, visible
from .test_browser_cosmic_encounter import READ as CE_READ
from .test_browser_cosmic_encounter import choose as ce_choose
from .test_browser_cosmic_encounter import click as ce_click
from .test_browser_quirks import step as quirks_step
from .test_browser_quirky_circuits import best_cards, read_board, skip_animation
from .test_browser_qwarks import Player, most_valuable

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")

SIZES = {"desktop": (1440, 900), "phone": (390, 844)}
# The widths between the phone and the wide desktop: a laptop's, a small one's, and the phone's.
NARROWER = {"laptop": (1280, 800), "small laptop": (1024, 768), "phone": (390, 844)}
GAMES = [info.id for info in quarkade.list_games()]

# Small tables that end soon; a game not listed here gets its fewest players against random bots.
TABLES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "quirky-quarks": (["human", "random"], {}),
    "quirks": (["human", "random"], {"turn_limit": 4}),
    "quirks-solitaire": (["human"], {"action_limit": 12}),
    "quirkling": (["human", "random"], {"turn_limit": 4}),
    "quirky-circuits": (["human", "heuristic"], {"scenario": "rise-and-shine", "practice": True}),
    "qwarks": (["human", "random"], {"cover_seconds": 3}),
    "cosmic-encounter": (["human", "random", "random"], {}),
}
CE_CLICKS = 40  # Cosmic Encounter runs to its turn limit: its own test plays it out; here a part


def table_of(game: str) -> tuple[list[str], dict[str, Any]]:
    if game in TABLES:
        return TABLES[game]
    info = quarkade.load(game).info
    return ["human"] + ["random"] * (info.min_players - 1), {}


def roles_of(game: str) -> list[str]:
    """What must be in sight: the action bar, the score, and the hand when the seat has one."""
    seats, options = table_of(game)
    view = quarkade.load(game, players=len(seats), **options).new_game(seed=1).view(0).to_json()
    return ["actions", "score", *(["hand"] if "hand" in view else [])]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    # One server for the whole module: one address opening every test's tables and loading
    # their pages, each in a new browser context (nothing cached), for minutes: far past what a
    # person's browser asks (the per-test servers of the other browser tests keep the defaults).
    server = LiveServer(tmp_path_factory.mktemp("layout") / "layout.sqlite3", bot_delay=0.0,
                        extra=["--requests-per-second", "1000", "--request-burst", "100000",
                               "--tables-per-hour", "1000"])
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def browser() -> Any:
    return shared_browser()


def new_table(live: LiveServer, game: str, **extra: Any) -> tuple[str, dict[str, Any]]:
    """A new table of ``game`` (``extra``: more fields of the request): the link to its seat 0,
    and the server's answer."""
    seats, options = table_of(game)
    answer = httpx.post(f"{live.url}/api/tables", json={
        "game": game, "players": len(seats), "seats": seats, "options": options, "play": [0], **extra})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    token = next(s["token"] for s in created["seats"] if s["seat"] == 0)
    return f"{live.url}/t/{created['id']}?token={token}", created


def seat_link(live: LiveServer, game: str) -> str:
    """The link to seat 0 of a new table of ``game``."""
    return new_table(live, game)[0]


def new_page(browser: Any, size: str) -> Any:
    """A page of a window of ``size`` (of ``SIZES`` or ``NARROWER``); page errors are kept in
    ``page.problems``."""
    width, height = {**SIZES, **NARROWER}[size]
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda message: problems.append(f"console: {message.text}") if message.type == "error" else None)
    page.problems = problems
    return page


def open_table(browser: Any, live: LiveServer, game: str, size: str) -> Any:
    """A new table of ``game`` whose seat 0 this page plays, its board in sight (its style in)."""
    page = new_page(browser, size)
    page.goto(seat_link(live, game))
    page.wait_for_selector("#board [data-role='actions']")
    return page


def test_a_board_waits_out_of_sight_for_its_style(browser: Any, live: LiveServer) -> None:
    """A game's stylesheet comes after the page: until it is in, its board is not shown (drawn
    unstyled, its docked bars would stand at the foot of a long page), then it is."""
    page = new_page(browser, "phone")
    held: list[Any] = []
    page.route("**/css/cosmic-encounter.css", lambda route: held.append(route))
    page.goto(seat_link(live, "cosmic-encounter"))
    page.wait_for_selector("#board [data-role='actions']", state="attached")
    for _ in range(100):  # the request is held as the page asks for it
        if held:
            break
        page.wait_for_timeout(50)
    assert held and page.evaluate("document.documentElement.dataset.styling") == ""
    assert not page.is_visible("#board [data-role='actions']")
    held[0].continue_()
    page.wait_for_selector("#board [data-role='actions']")  # in sight now
    assert page.evaluate("document.documentElement.dataset.styling") is None
    check_in_sight(page, ["actions", "hand"], "with its style")
    assert not page.problems, page.problems
    page.context.close()


# Each element's box against the viewport, the top bar's bottom, and the page's width.
MEASURE = """(roles) => {
  const top = document.querySelector('.topbar').getBoundingClientRect().bottom;
  const cut = (node) => node.scrollWidth - node.clientWidth;
  const out = { overflow: document.documentElement.scrollWidth - innerWidth,
                header: cut(document.querySelector('.topbar')), title: cut(document.getElementById('game-title')),
                missing: [], outside: [] };
  for (const role of roles) {
    const node = document.querySelector(`#board [data-role='${role}']`);
    const box = node && node.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) { out.missing.push(role); continue; }
    if (box.top < top - 0.5 || box.left < -0.5 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5)
      out.outside.push(`${role}: ${[box.left, box.top, box.right, box.bottom].map(Math.round).join(', ')}`
        + ` (top bar ends at ${Math.round(top)}, the window is ${innerWidth}×${innerHeight})`);
  }
  return out;
}"""


def check_in_sight(page: Any, roles: list[str], where: str, whole_title: bool = False) -> None:
    """``roles`` in sight, the page and the top bar no wider than the window, and with
    ``whole_title`` the game's name whole in the top bar (on a phone an Undo beside it, once a
    move may be taken back, leaves it cut)."""
    got = page.evaluate(MEASURE, roles)
    assert got["overflow"] <= 0, f"{where}: the page scrolls sideways by {got['overflow']} px"
    assert got["header"] <= 0, f"{where}: the top bar is wider than the window by {got['header']} px"
    assert got["title"] <= 0 or not whole_title, f"{where}: the game's name is cut by {got['title']} px in the top bar"
    assert not got["missing"], f"{where}: not drawn: {got['missing']}"
    assert not got["outside"], f"{where}: out of sight: {got['outside']}"


def shoot(page: Any, name: str) -> None:
    """What the window shows, as a player sees it, to docs/screenshots/ only when asked."""
    conftest.screenshot(page, name, full_page=False)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_the_hand_score_and_actions_are_in_sight(browser: Any, live: LiveServer, game: str, size: str) -> None:
    page = open_table(browser, live, game, size)
    try:
        page.wait_for_timeout(400)  # the bots' first moves arrive
        check_in_sight(page, roles_of(game), f"{game} at {size} size", whole_title=True)
        if size == "phone":
            # the event log starts folded under the board, and opens with a tap
            assert page.evaluate("!document.getElementById('log-panel').open")
            page.click("#log-panel summary")
            assert page.evaluate("document.getElementById('log-panel').open")
            # the climate table's zones are large enough to tap
            zones = page.eval_on_selector_all(".qk-track circle",
                                              "nodes => nodes.map(n => n.getBoundingClientRect().width)")
            assert not zones or min(zones) >= 38, f"zones of the climate table as small as {min(zones):.0f} px"
        shoot(page, f"{game}-{size}.png")
        assert not page.problems, page.problems
    finally:
        page.context.close()


# ---------------------------------------------------------------------- nothing sticks out of its box
LONG_NAME = "Maximiliana Wolkenstein"  # near the 24 characters a name may have

# Every element in ``scope`` (a selector) laid out in its parent (not placed on top of it, as a badge is)
# whose box reaches out of its parent's sides, where the parent lets it show.
STICKING_OUT = """(scope) => {
  const out = [];
  for (const node of document.querySelectorAll(`${scope} *`)) {
    if (node instanceof SVGElement && !(node instanceof SVGSVGElement)) continue;
    const style = getComputedStyle(node), parent = node.parentElement;
    if (['absolute', 'fixed'].includes(style.position) || ['none', 'contents'].includes(style.display)) continue;
    if (!parent || getComputedStyle(parent).overflowX !== 'visible') continue;
    const box = node.getBoundingClientRect(), outer = parent.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const by = Math.max(box.right - outer.right, outer.left - box.left);
    const name = (n) => n.tagName.toLowerCase() + [...n.classList].map((c) => '.' + c).join('');
    if (by > 1) out.push(`${name(node)} out of ${name(parent)} by ${Math.round(by)} px`);
  }
  return out;
}"""


# Every word of the board's text (letters only, up to 12 of them) broken across two lines: the
# words of its labels and sentences, not a long name, which may break where a column is narrow.
BROKEN_WORDS = """() => {
  const broken = [];
  const walker = document.createTreeWalker(document.querySelector('#board'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const match of node.data.matchAll(/\\p{L}{2,12}/gu)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(match[0]);
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("size", list(NARROWER))
@pytest.mark.parametrize("game", GAMES)
def test_nothing_on_the_board_sticks_out_of_its_box(browser: Any, live: LiveServer, game: str, size: str) -> None:
    """At a laptop's widths and a phone's, with a long name at the table, every card, panel and
    line of the board stays inside the box it is laid out in (a Quirks animal's three cards
    stood out of a niche at 1280 px, Cosmic Encounter's warp out of the encounter, its planets
    over each other on a phone)."""
    link, created = new_table(live, game, name=LONG_NAME)
    page = new_page(browser, size)
    try:
        page.goto(link)
        page.wait_for_selector("#board [data-role='actions']")
        page.wait_for_timeout(400)  # the bots' first moves arrive
        assert page.evaluate(STICKING_OUT, "#board") == [], f"{game} at {size} size"
        # (a Quirks player's "extinctions" broke as "extinction / s" on a phone)
        assert page.evaluate(BROKEN_WORDS) == [], f"{game} at {size} size: words broken across lines"
    finally:
        page.context.close()
        # closed, so that the tables of this module stay under the server's limit for one address
        httpx.post(f"{live.url}/api/tables/{created['id']}/close", json={"token": created["host_token"]})


# ---------------------------------------------------------------------- the dock leaves the board in sight
# The dock's box and whether it stays at the foot of the screen; then, the page scrolled to its
# end, the foot of the board (its parts other than the dock) against the dock and the screen.
DOCK = """() => {
  const dock = document.querySelector("#board [data-role='dock']");
  const box = dock.getBoundingClientRect();
  // the dock's buttons out of sight: outside the dock, or outside the part they scroll in
  const hidden = [...dock.querySelectorAll('button')].filter((button) => {
    const b = button.getBoundingClientRect();
    if (!b.height) return false;
    const part = button.parentElement.closest('.dock-scroll > .controls, .dock-scroll') || dock;
    return [part, dock].some((around) => {
      const a = around.getBoundingClientRect();
      return b.top < a.top - 0.5 || b.bottom > a.bottom + 0.5;
    });
  }).map((button) => button.textContent.trim());
  return { sticky: getComputedStyle(dock).position === 'sticky', height: box.height, screen: innerHeight,
           roomy: dock.hasAttribute('data-roomy'), hidden };
}"""
BOARD_FOOT = """() => {
  window.scrollTo(0, document.documentElement.scrollHeight);
  const dock = document.querySelector("#board [data-role='dock']");
  const parts = [...document.querySelector('#board').firstElementChild.children]
    .filter((n) => n !== dock && !n.contains(dock) && n.getClientRects().length);
  const above = parts.filter((n) => dock.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_PRECEDING);
  return { foot: Math.max(...above.map((n) => n.getBoundingClientRect().bottom)),
           dock: dock.getBoundingClientRect().top, screen: innerHeight };
}"""
DOCK_SIZES = ["phone", "laptop"]
# What a game's prompt has the player watch, to be seen whole above the dock: Quirky Circuits'
# board, where the robot will run the cards chosen.
WATCHED = {"quirky-circuits": ".qc-board-wrap"}
WATCHED_IN_SIGHT = """(selector) => {
  const box = document.querySelector(`#board ${selector}`).getBoundingClientRect();
  const dock = document.querySelector("#board [data-role='dock']").getBoundingClientRect();
  const bar = document.querySelector('.topbar').getBoundingClientRect().bottom;
  return { top: box.top, bottom: box.bottom, bar, dock: dock.top };
}"""


@pytest.mark.parametrize("size", DOCK_SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_the_dock_covers_at_most_a_third_of_the_screen(browser: Any, live: LiveServer, game: str, size: str) -> None:
    """At the seat's first prompt, on a phone and on a laptop (1280×800), the dock (prompt,
    buttons, hand) docked at the foot of the screen takes at most a third of its height, or
    where a third would hide some of its buttons at most a half, with every button in sight
    unless the half is full (the stacks Quirkling asks for, beside the hand); what the prompt
    has the player watch is whole above it, and the board's foot can be scrolled into sight
    above it: nothing of the board stays under it."""
    link, created = new_table(live, game)
    page = new_page(browser, size)
    try:
        page.goto(link)
        page.wait_for_selector(".seat-tab .turn-dot", timeout=20_000)  # the seat is asked something
        page.wait_for_selector("#board [data-role='dock']")
        got = page.evaluate(DOCK)
        where = f"{game} at {size} size"
        if got["sticky"]:
            share, pixel = got["height"] / got["screen"], 1 / got["screen"]
            if not got["roomy"]:
                assert share <= 1 / 3 + pixel, f"{where}: the dock takes {share:.0%} of the screen: {got}"
                assert got["hidden"] == [], f"{where}: a third hides buttons, and the dock did not grow: {got}"
            else:
                assert 1 / 3 - pixel <= share <= 1 / 2 + pixel, f"{where}: the dock takes {share:.0%}: {got}"
                assert got["hidden"] == [] or share >= 1 / 2 - pixel, f"{where}: buttons hidden under a half: {got}"
        if game in WATCHED:
            page.wait_for_timeout(200)  # the page has brought it into sight
            seen = page.evaluate(WATCHED_IN_SIGHT, WATCHED[game])
            assert seen["top"] >= seen["bar"] - 1 and seen["bottom"] <= seen["dock"] + 1, f"{where}: {seen}"
        foot = page.evaluate(BOARD_FOOT)
        assert foot["foot"] <= min(foot["dock"], foot["screen"]) + 1, f"{where}: the board's foot is hidden: {foot}"
        assert not page.problems, page.problems
    finally:
        page.context.close()
        httpx.post(f"{live.url}/api/tables/{created['id']}/close", json={"token": created["host_token"]})


# Every answer button and the question, against the screen, when Qwarks asks the seat to answer.
ANSWER_IN_SIGHT = """() => {
  const dock = document.querySelector("#board [data-role='dock']");
  const bar = document.querySelector('.topbar').getBoundingClientRect().bottom;
  const seen = (node) => {
    const b = node.getBoundingClientRect();
    return b.height > 0 && b.top >= bar - 0.5 && b.bottom <= innerHeight + 0.5;
  };
  const buttons = [...dock.querySelectorAll('.qw-action.answer button')];
  return { sticky: getComputedStyle(dock).position === 'sticky', height: dock.getBoundingClientRect().height,
           screen: innerHeight, buttons: buttons.length,
           hidden: buttons.filter((b) => !seen(b)).map((b) => b.textContent),
           question: [...document.querySelectorAll('.qw-question, .qw-action-question')].some(seen) };
}"""


def test_qwarks_answer_buttons_are_all_in_sight_at_once_on_a_phone(browser: Any, live: LiveServer) -> None:
    """Qwarks' answer needs all its buttons at once: on a phone that is more than a third of the
    screen, so the dock scrolls with the page there, brought whole into sight with the question."""
    link, created = new_table(live, "qwarks")
    page = new_page(browser, "phone")
    try:
        page.goto(link)
        deadline = time.monotonic() + 40
        while not visible(page, ".qw-action.answer"):
            assert time.monotonic() < deadline, "the seat was never asked to answer"
            with contextlib.suppress(Exception):
                page.locator(".qw-card.coverable, [data-ask]").first.click(timeout=500)
            page.wait_for_timeout(100)
        page.wait_for_timeout(200)  # the page has brought the answer into sight
        got = page.evaluate(ANSWER_IN_SIGHT)
        assert got["buttons"] > 0 and got["hidden"] == [], got
        assert got["question"], f"the question is out of sight while answering: {got}"
        if got["sticky"]:
            assert got["height"] <= got["screen"] / 3 + 1, got
        assert not page.problems, page.problems
    finally:
        page.context.close()
        httpx.post(f"{live.url}/api/tables/{created['id']}/close", json={"token": created["host_token"]})


# ---------------------------------------------------------------------- playing at the phone's size
def wait_for_turn(page: Any, mine: str) -> bool:
    """Until the seat may act (``mine`` is on the page) or the game is over; whether it may act."""
    page.wait_for_function(f"() => document.querySelector(\"{mine}\") || document.querySelector('#game-over')",
                           timeout=20_000)
    return not visible(page, "#game-over")


def play_quirky_quarks(page: Any, check: Callable[[], None]) -> int:
    decisions, discovered = 0, False
    while wait_for_turn(page, ".qq-actionbar.mine"):
        check()
        discovered |= quirky_quarks_step(page, discovered) == "discover"
        decisions += 1
    return decisions


def play_quirks(page: Any, check: Callable[[], None]) -> int:
    decisions = 0
    while wait_for_turn(page, ".qk-actionbar.mine"):
        check()
        quirks_step(page)
        decisions += 1
    return decisions


def play_quirky_circuits(page: Any, check: Callable[[], None]) -> int:
    decisions = 0
    while True:
        page.wait_for_function(
            "() => document.querySelector('#game-over') || document.querySelector('#qc-skip') ||"
            " document.querySelector('.qc-hand .qc-card.playable')", timeout=20_000)
        if visible(page, "#game-over"):
            return decisions
        if visible(page, "#qc-skip"):
            skip_animation(page)
            continue
        check()
        queued = page.locator(".qc-queue-cards .qc-card").count()
        plan = best_cards(read_board(page))
        for card in plan:
            click_and_wait(page, f".qc-hand .qc-card.playable:not(.staged)[data-card='{card}']")
        click_and_wait(page, "[data-role='confirm'] button[data-confirm='yes']")
        page.wait_for_function(
            "n => document.querySelectorAll('.qc-queue-cards .qc-card').length >= n"
            " || document.querySelector('#qc-skip') || document.querySelector('#game-over')",
            arg=queued + len(plan), timeout=15_000)
        if visible(page, ".qc-signals button[data-action='done']:not([disabled])"):
            click_and_wait(page, ".qc-signals button[data-action='done']")
        decisions += 1


def play_qwarks(page: Any, check: Callable[[], None]) -> int:
    person = Player(page, 0, most_valuable)
    decisions = 0
    while not visible(page, "#game-over"):
        if person.step():
            decisions += 1
            check()
        else:
            page.wait_for_timeout(60)
    return decisions


def play_cosmic_encounter(page: Any, check: Callable[[], None]) -> int:
    rng = random.Random(3)
    decisions = 0
    while decisions < CE_CLICKS:
        state = page.evaluate(CE_READ)
        if state["over"] or state["step"] == "deal":
            break  # a deal runs on the clock: its own test goes through one
        if not state["actions"]:
            page.wait_for_function(
                "u => Number(document.body.dataset.updates || 0) > u || document.querySelector('#ce-over')",
                arg=state["updates"], timeout=20_000)
            continue
        check()
        ce_click(page, ce_choose(state["actions"], rng), state["updates"])
        decisions += 1
    return decisions


def play_any(page: Any, check: Callable[[], None]) -> int:
    """A game without its own player: a confirmation first, else the first action offered."""
    decisions = 0
    while wait_for_turn(page, "#board [data-action], #board .legal-list button"):
        check()
        confirm = "[data-role='confirm'] button[data-confirm='yes']:not([disabled])"
        click_and_wait(page, confirm if visible(page, confirm) else "#board [data-action], #board .legal-list button")
        decisions += 1
    return decisions


PLAYERS: dict[str, Callable[[Any, Callable[[], None]], int]] = {
    "quirky-quarks": play_quirky_quarks, "quirks": play_quirks, "quirks-solitaire": play_quirks,
    "quirkling": play_quirks, "quirky-circuits": play_quirky_circuits, "qwarks": play_qwarks,
    "cosmic-encounter": play_cosmic_encounter,
}


# Whether the card auctioned is whole between the top bar and the dock.
AUCTION_IN_SIGHT = """() => {
  const box = document.querySelector('#board .qq-auction').getBoundingClientRect();
  const dock = document.querySelector("#board [data-role='dock']").getBoundingClientRect();
  return box.top >= document.querySelector('.topbar').getBoundingClientRect().bottom - 1 && box.bottom <= dock.top + 1;
}"""


@pytest.mark.long  # a whole game a board
@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_is_played_on_a_phone(browser: Any, live: LiveServer, game: str) -> None:
    started = time.monotonic()
    page = open_table(browser, live, game, "phone")
    # while playing, what the seat holds and may do stay in sight wherever the board is scrolled
    docked = [role for role in roles_of(game) if role != "score" or game == "qwarks"]
    checks = [0]

    def check() -> None:
        if visible(page, "#game-over"):
            return  # the last move ended the game: no action bar any more
        try:
            check_in_sight(page, docked, f"{game} on a phone, decision {checks[0]}")
            if game == "quirky-quarks":
                if "Auction for" in page.inner_text("#board [data-role='dock']"):
                    # a bidder sees the card auctioned, brought above the dock
                    page.wait_for_function(AUCTION_IN_SIGHT, timeout=3_000)
                else:  # the player looks down the board: a new auction must bring its card up again
                    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        except AssertionError:
            # the game may have ended since the line above looked: only then is the bar gone
            with contextlib.suppress(Exception):
                page.wait_for_selector("#game-over", timeout=3_000)
            if not visible(page, "#game-over"):
                raise
            return
        checks[0] += 1

    try:
        decisions = PLAYERS.get(game, play_any)(page, check)
        assert decisions > 0 and checks[0] > 0
        if game != "cosmic-encounter":
            page.wait_for_selector("#game-over")
            assert page.evaluate("document.body.dataset.lastError || ''") in ("", "stale")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.evaluate(BROKEN_WORDS) == [], f"{game} on a phone, at its end: words broken across lines"
        assert not page.problems, page.problems
    finally:
        page.context.close()
    assert time.monotonic() - started < 90, f"{game}: too slow for this module"


# ---------------------------------------------------------------------- numbers and confirmations
def test_a_bid_out_of_range_is_refused_on_screen_and_nothing_is_sent(browser: Any, live: LiveServer) -> None:
    page = open_table(browser, live, "quirky-quarks", "phone")
    try:
        # a bot may open the game (the seed is the server's): answer its auctions until seat 0 chooses one
        for _ in range(20):
            assert wait_for_turn(page, ".qq-actionbar.mine"), "the game ended before seat 0 could bid"
            if visible(page, ".qq-accelerator.playable"):
                break
            quirky_quarks_step(page, discovered=True)
        page.locator(".qq-accelerator.playable").first.click()
        page.wait_for_selector("text=Place bid")
        ev = int(page.inner_text(".qq-me .qq-evbadge b"))
        table = page.evaluate("location.pathname.split('/').pop()")
        steps = httpx.get(f"{live.url}/api/tables/{table}/replay?step=0").json()["steps"]
        updates = page.evaluate("Number(document.body.dataset.updates || 0)")
        for typed, reason in [("99", f"99 is out of range: you have {ev} eV: bid 1 to {ev}"),
                              ("0", f"0 is out of range: you have {ev} eV: bid 1 to {ev}"),
                              ("-3", f"-3 is out of range: you have {ev} eV: bid 1 to {ev}"),
                              ("2.5", f'"2.5" is not a whole number: you have {ev} eV: bid 1 to {ev}')]:
            page.fill(".qq-amount", typed)
            page.click("text=Place bid")
            page.wait_for_selector("[data-role='refusal']:not(:empty)")
            assert page.inner_text("[data-role='refusal']") == reason
            assert page.input_value(".qq-amount") == typed, "what was typed is kept, not pulled into range"
        page.wait_for_timeout(300)
        assert page.evaluate("Number(document.body.dataset.updates || 0)") == updates, "nothing was sent"
        assert page.evaluate("Number(document.body.dataset.errors || 0)") == 0
        assert httpx.get(f"{live.url}/api/tables/{table}/replay?step=0").json()["steps"] == steps
        # the steppers stay inside the range, and a number in range is sent
        page.fill(".qq-amount", str(ev))
        page.click("[aria-label='more']")
        assert page.input_value(".qq-amount") == str(ev)
        assert page.inner_text("[data-role='refusal']") == ""
        click_and_wait(page, "text=Place bid")
        page.wait_for_function("s => fetch(location.pathname.replace('/t/', '/api/tables/') + '/replay?step=0')"
                               ".then(r => r.json()).then(d => d.steps > s)", arg=steps)
        assert not page.problems, page.problems
    finally:
        page.context.close()


def test_cards_chosen_to_play_are_shown_and_sent_only_when_confirmed(browser: Any, live: LiveServer) -> None:
    page = open_table(browser, live, "quirky-circuits", "phone")
    try:
        page.wait_for_selector(".qc-hand .qc-card.playable")
        mine = ".qc-queue-cards .qc-card[data-seat='0']"  # the bot's cards may come in between
        own_before = page.locator(mine).count()
        first, second = page.eval_on_selector_all(".qc-hand .qc-card.playable",
                                                  "nodes => nodes.slice(0, 2).map(n => n.dataset.card)")
        cards = page.locator(".qc-hand .qc-card.playable")
        cards.nth(0).click()
        cards.nth(1).click()
        bar = page.locator("[data-role='confirm']")
        assert bar.count() == 1
        names = page.eval_on_selector_all(".qc-hand .qc-card.staged",
                                          "nodes => nodes.map(n => n.getAttribute('aria-label'))")
        assert bar.inner_text().startswith(f"Play {names[0]}, then {names[1]}")
        page.wait_for_timeout(300)
        assert page.locator(mine).count() == own_before, "nothing is sent before the confirmation"
        # Change drops the choice; the cards are chosen again, the other way round, and confirmed
        page.click("[data-role='confirm'] button[data-confirm='change']")
        assert page.locator("[data-role='confirm']").count() == 0
        assert page.locator(".qc-hand .qc-card.staged").count() == 0
        page.locator(f".qc-hand .qc-card.playable[data-card='{second}']").first.click()
        page.locator(f".qc-hand .qc-card.playable:not(.staged)[data-card='{first}']").first.click()
        page.click("[data-role='confirm'] button[data-confirm='yes']")
        page.wait_for_function("([mine, n]) => document.querySelectorAll(mine).length >= n",
                               arg=[mine, own_before + 2], timeout=15_000)
        played = page.eval_on_selector_all(mine, "nodes => nodes.map(n => n.dataset.card)")[own_before:]
        assert played == [second, first], "played in the order chosen"
        assert page.evaluate("Number(document.body.dataset.errors || 0)") == 0
        assert not page.problems, page.problems
    finally:
        page.context.close()



@pytest.mark.parametrize("size", list(SIZES))
def test_a_game_drawn_by_the_generic_renderer_fits_too(browser: Any, live: LiveServer, size: str) -> None:
    """A new game without a renderer of its own is drawn by the generic one: its facts, hand
    and actions are in sight as well (checked here on Quirky Quarks' view, long action names)."""
    page = open_table(browser, live, "quirky-quarks", size)
    try:
        page.evaluate("import('/js/renderers/index.js')"
                      ".then((m) => { m.renderers['quirky-quarks'] = m.renderGeneric; })")
        page.click(".seat-tab")  # a redraw, now by the generic renderer
        page.wait_for_selector("#board .generic")
        page.evaluate("window.scrollTo(0, 0)")
        check_in_sight(page, ["actions", "score", "hand"], f"the generic renderer at {size} size")
        assert not page.problems, page.problems
    finally:
        page.context.close()
