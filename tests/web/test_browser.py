"""A real browser plays Quirky Quarks through the web client: it opens the lobby, sets a
table with one person and two bots by clicking, plays the whole game by clicking legal
actions, and reaches the scores. Screenshots go to docs/screenshots/ when asked
(QUARKADE_SCREENSHOTS=1 or --update-screenshots)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import CHROMIUM, LiveServer, browser_page, screenshot

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")


@pytest.fixture
def page(server: LiveServer) -> Iterator[Any]:
    # tall enough for the whole table: full-page shots show no sticky bar mid-page
    with browser_page(server, 1280) as tab:
        yield tab


def click_and_wait(page: Any, selector: str) -> None:
    """Click, then wait for the board to be drawn again: when the click sent an action, by the
    server's answer to it (to the last action of a confirmed choice that sends several: the
    board between them is not one to act on), or for a refusal. A bot's action drawn meanwhile
    (both may choose at once) does not end the wait: the page counts the actions it sent and
    those of them applied."""
    before = page.evaluate("['updates', 'sent', 'applied', 'errors'].map((k) => Number(document.body.dataset[k] || 0))")
    page.locator(selector).first.click()
    page.wait_for_function(
        """([u, s, a, e]) => {
          const d = document.body.dataset, n = (k) => Number(d[k] || 0);
          if (n('errors') > e) return true;
          return n('updates') > u && d.sending !== '1' && (n('sent') === s || n('applied') > a);
        }""",
        arg=before, timeout=15_000,
    )


def visible(page: Any, selector: str) -> bool:
    return bool(page.locator(selector).count() > 0 and page.locator(selector).first.is_visible())


def quirky_quarks_step(page: Any, discovered: bool) -> str:
    """One decision of the seat, by clicking what the action bar, the board or the hand offers
    (one discovery in the whole game at most, which keeps it short). Returns what was done."""
    confirm = "[data-role='confirm'] button[data-confirm='yes']:not([disabled])"
    if visible(page, confirm):  # an ejection or a discard, shown whole: send it
        click_and_wait(page, confirm)  # the bar says "sending" until the server has applied it all
        return "confirm"
    if visible(page, "text=Place bid"):
        click_and_wait(page, "text=Place bid")
        return "bid"
    if visible(page, ".qq-accelerator.playable"):
        page.locator(".qq-accelerator.playable").first.click()  # choose; the bid comes next
        page.wait_for_selector("text=Place bid")
        return "accelerator"
    if visible(page, ".qq-actionbar button:has-text('Draw from')"):
        click_and_wait(page, ".qq-actionbar button:has-text('Draw from')")
        return "draw"
    if visible(page, "text=Start the auction"):
        click_and_wait(page, "text=Start the auction")
        return "discover"
    if not discovered and visible(page, ".qq-zone .qq-card.playable"):
        page.locator(".qq-zone .qq-card.playable").first.click()
        page.wait_for_selector("text=Start the auction")
        return "zone"
    for selector, done in ((".qq-complete", "complete"), ("text=Finish my Quest phase", "done"),
                           (".qq-actionbar button:has-text('Ready')", "ready"), (".qq-me .qq-card.playable", "hand"),
                           (".qq-actionbar button:has-text('Pass')", "pass")):
        if visible(page, selector):
            click_and_wait(page, selector)
            return done
    raise AssertionError("the action bar offers nothing to click: " + page.inner_text(".qq-actionbar"))


def seed_lobby(server: LiveServer) -> None:
    """A finished game and an open table, so that the lobby has something to show."""
    httpx.post(f"{server.url}/api/tables", json={"game": "quirky-quarks", "seats": ["random", "random", "random"]})
    httpx.post(f"{server.url}/api/tables", json={"game": "quirky-quarks", "seats": ["human", "human", "random"]})
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not httpx.get(f"{server.url}/api/tables").json()["finished"]:
        time.sleep(0.1)


@pytest.mark.long  # a whole game
def test_a_person_plays_a_whole_game_in_the_browser(server: LiveServer, page: Any) -> None:
    seed_lobby(server)
    page.goto(f"{server.url}/")
    page.wait_for_selector(".game-card[data-game='quirky-quarks']")
    page.wait_for_selector("#finished-tables table")
    screenshot(page, "lobby.png")

    # set the table by clicking: Quirky Quarks, 3 players, seat 0 human, two bots
    page.click(".game-card[data-game='quirky-quarks'] button.primary")
    page.select_option("#players", "3")
    bots = page.eval_on_selector("select[data-seat='1']", "s => [...s.options].map(o => o.value)")
    bot = "heuristic" if "heuristic" in bots else "random"
    page.select_option("select[data-seat='0']", "human")
    page.select_option("select[data-seat='1']", bot)
    page.select_option("select[data-seat='2']", "random")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".qq")
    assert page.locator(".qq-accelerator").count() == 4

    decisions = 0
    discovered = False
    table_shot = False
    deadline = time.monotonic() + 150
    while not visible(page, "#game-over"):
        assert time.monotonic() < deadline, "the game did not end in time"
        if not visible(page, ".qq-actionbar.mine"):
            page.wait_for_function(
                "() => document.querySelector('.qq-actionbar.mine') || document.querySelector('#game-over')",
                timeout=20_000)
            continue
        decisions += 1
        round_now = page.locator(".qq-tracker .pip.on").first.inner_text()
        if not table_shot and round_now == "3" and visible(page, "text=Place bid"):
            page.evaluate("window.scrollTo(0, 0)")
            screenshot(page, "quirky-quarks-table.png")
            table_shot = True
        discovered |= quirky_quarks_step(page, discovered) == "discover"
    assert decisions > 10
    assert table_shot, "no bid in round 3 to photograph"
    assert page.evaluate("document.body.dataset.lastError || ''") in ("", "stale")

    page.wait_for_selector(".scores tr.winner")
    assert page.locator(".scores tbody tr").count() == 3
    page.wait_for_selector("#game-over")  # the panel is redrawn on each update: wait, do not hold an element
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "quirky-quarks-over.png")

    # the replay steps through the record, everything revealed
    page.click("#replay-start")
    page.wait_for_selector("#replay")
    assert "0 /" in page.inner_text("#replay .step")
    page.click("#replay-next")
    page.wait_for_function("() => document.querySelector('#replay .step').textContent.startsWith('1 /')")
    # what happened, as the log says it, who acted by name: the person (no name given: its seat
    # counted from 1) or a bot by level
    assert page.inner_text("#replay .what").startswith(("Seat 1 ", "Bot "))
    page.eval_on_selector("#replay input[type=range]",
                          "r => { r.value = Math.floor(r.max / 3); r.dispatchEvent(new Event('change')); }")
    page.wait_for_function("() => !document.querySelector('#replay .step').textContent.startsWith('1 /')")
    page.wait_for_selector(".qq-player .qq-reveal")  # every hand is shown
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "quirky-quarks-replay.png")
    page.click("text=Leave replay")

    # rules are one click away
    assert page.get_attribute("#rules-link", "href") == "/rules.html?game=quirky-quarks"

    # and a new game with the same settings
    old = page.url
    page.click("#play-again")
    page.wait_for_function("(old) => location.href !== old", arg=old)
    page.wait_for_selector(".qq")


def test_a_spectator_is_offered_to_watch_the_next_game_not_to_start_it(server: LiveServer, page: Any) -> None:
    """Only a table's players start its next game: at the end a spectator gets the replay and the
    lobby, and once the players have started the next game, a link to watch it (it was shown
    "Play again", which only answered that it may not)."""
    created = httpx.post(f"{server.url}/api/tables", json={
        "game": "quirky-quarks", "players": 2, "seats": ["random", "random"], "public": True}).json()
    deadline = time.monotonic() + 60
    while not httpx.get(f"{server.url}/api/tables/{created['id']}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    page.goto(f"{server.url}/t/{created['id']}")
    page.wait_for_selector("#replay-start")
    assert page.locator("#play-again").count() == 0 and page.locator("#watch-next").count() == 0
    assert page.locator("#game-over a[href='/']").count() == 1
    again = httpx.post(f"{server.url}/api/tables/{created['id']}/again", json={"token": created["host_token"]})
    assert again.status_code == 201, again.text
    page.reload()
    page.wait_for_selector("#watch-next")
    assert page.get_attribute("#watch-next", "href") == f"/t/{again.json()['id']}"
    assert page.locator("#play-again").count() == 0
    assert not page.problems, page.problems


def test_an_invitation_link_gives_the_friend_a_seat_of_its_own(server: LiveServer) -> None:
    """The host sets a private two-person table; its invitation link carries a one-time code,
    and the friend's browser exchanges it for its own seat token."""
    with browser_page(server, 900) as host:
        host.goto(f"{server.url}/")
        host.click(".game-card[data-game='quirky-quarks'] button.primary")
        host.select_option("#players", "2")
        host.select_option("select[data-seat='1']", "human")
        host.uncheck("#public")
        host.click("#create")
        host.wait_for_url("**/t/*")
        host.wait_for_selector(".qq")
        host.wait_for_selector("#invite input")
        first = host.input_value("#invite input")
        host.click("button[data-invite='1']")  # a new link: the first one stops working
        host.wait_for_function("(old) => document.querySelector('#invite input').value !== old", arg=first)
        link = host.input_value("#invite input")
        held = host.evaluate("JSON.stringify(localStorage.getItem('quarkade.tables'))")
    assert "?invite=" in link and "token=" not in link
    code = link.split("?invite=")[1]
    table_id = link.split("/t/")[1].split("?")[0]
    void = httpx.post(f"{server.url}/api/tables/{table_id}/join", json={"invitation": first.split("?invite=")[1]})
    assert void.status_code == 403
    with browser_page(server, 900) as friend:
        friend.goto(link)
        friend.wait_for_selector(".qq")
        friend.wait_for_selector(".seat-tab[data-seat='1']")
        assert "invite" not in friend.url, "the code leaves the address bar"
        mine = friend.evaluate(f"JSON.parse(localStorage.getItem('quarkade.tables'))['{table_id}'].seats")
        assert list(mine) == ["1"] and mine["1"] not in held
    reused = httpx.post(f"{server.url}/api/tables/{table_id}/join", json={"invitation": code})
    assert reused.status_code == 403
