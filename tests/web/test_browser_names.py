"""A real browser picks a name in the lobby (one that is markup, shown as text), opens a
table, sees its name there and the tab's title and icon change when its turn comes; the
host closes the table and everyone at it is told."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

import quarkade
from quarkade.agents import make_bot

from .conftest import CHROMIUM, LiveServer, browser_page, new_context

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")

NAME = "<svg onload=alert(1)>"  # would run if a page wrote it as HTML
TURN_TITLE = "● Your turn — Quarkade"


def recording(name: str, value: str) -> str:
    """A page's init script that keeps in ``window[name]`` every value the JavaScript expression
    ``value`` takes, in order, as the page changes (a value may come and go between two polls)."""
    return f"""
window.{name} = [];
new MutationObserver(() => {{
  const now = {value};
  if (now !== undefined && window.{name}[window.{name}.length - 1] !== now) window.{name}.push(now);
}}).observe(document, {{ subtree: true, childList: true, characterData: true, attributes: true }});
"""


RECORD_TITLES = recording("__titles", "document.title")  # every title the page shows
RECORD_PILL = recording("__pill", "document.querySelector('#status')?.textContent")  # the status pill's texts


@pytest.fixture
def page(server: LiveServer) -> Iterator[Any]:
    with browser_page(server, 1000) as tab:
        alerts: list[str] = []

        def dialog(opened: Any) -> None:
            alerts.append(opened.message)
            opened.dismiss()

        tab.on("dialog", dialog)
        tab.add_init_script(RECORD_TITLES)
        yield tab
        assert not alerts, f"a name ran as markup: {alerts}"


def test_a_named_player_opens_a_table_sees_its_name_and_its_turn_in_the_title(server: LiveServer, page: Any) -> None:
    page.goto(f"{server.url}/")
    page.wait_for_selector("#name-panel form")
    page.fill("#name-panel input", "   ")
    page.click("#name-panel .name-save")
    assert "1 to 24" in page.inner_text("#name-panel .form-error"), "a blank name is refused with the reason"
    page.fill("#name-panel input", NAME)
    page.click("#name-panel .name-save")
    page.wait_for_selector("#player-name-shown")
    assert page.inner_text("#player-name-shown") == NAME
    assert page.locator("#name-panel").is_hidden()
    stored = page.evaluate("JSON.parse(localStorage.getItem('quarkade.player'))")
    assert stored["name"] == NAME and len(stored["browser"]) >= 16

    page.wait_for_selector(".game-card[data-game='quirky-quarks']")
    page.click(".game-card[data-game='quirky-quarks'] button.primary")
    page.select_option("#players", "3")
    assert page.inner_text("#seats .seat-row >> nth=0").startswith("Seat 1"), "seats are counted from 1"
    page.select_option("select[data-seat='0']", "human")
    page.select_option("select[data-seat='1']", "random")
    page.select_option("select[data-seat='2']", "random")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".qq")
    page.wait_for_selector("#people li[data-seat='0']")
    assert NAME in page.inner_text("#people li[data-seat='0']")
    assert "Bot 2 (random)" in page.inner_text("#people li[data-seat='1']")
    assert page.locator("#people svg, #board svg[onload]").count() == 0, "the name stays text"

    page.wait_for_function(f"() => document.title === {TURN_TITLE!r}", timeout=20_000)
    assert page.get_attribute("link[rel~='icon']", "href") == "/favicon-turn.svg"
    assert page.inner_text("#sound-toggle") == "Turn sound on", "the sound is off until asked for"
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"
    page.click("#sound-toggle")
    assert page.evaluate("localStorage.getItem('quarkade.sound')") == "on"
    titles = page.evaluate("window.__titles")
    assert "Quirky Quarks · Quarkade" in titles and TURN_TITLE in titles

    # the lobby lists the table with its players' names
    table_id = page.url.split("/t/")[1].split("?")[0]
    listed = next(t for t in httpx.get(f"{server.url}/api/tables").json()["open"] if t["id"] == table_id)
    assert [seat["name"] for seat in listed["seats"]] == [NAME, "Bot 2 (random)", "Bot 3 (random)"]

    # the host closes the table: the page says so, the turn signals stop, the lobby forgets it
    page.click("#close-table")
    page.click("#close-table")
    page.wait_for_selector("#table-closed")
    assert page.title() == "Quirky Quarks · Quarkade"
    assert page.get_attribute("link[rel~='icon']", "href") == "/favicon.svg"
    assert table_id not in [t["id"] for t in httpx.get(f"{server.url}/api/tables").json()["open"]]


def test_an_invited_friend_names_itself_and_a_used_link_lets_anyone_else_watch(server: LiveServer) -> None:
    created = httpx.post(f"{server.url}/api/tables", json={
        "game": "quirky-quarks", "seats": ["human", "human", "random"], "public": False, "name": "Ada",
        "browser": "A" * 22}).json()
    link = server.url + created["invitations"][0]["link"]
    with browser_page(server, 900) as friend:
        friend.goto(link)
        friend.wait_for_selector("#seat-name-prompt input")
        friend.fill("#seat-name-prompt input", "Bea")
        friend.click("#seat-name-prompt .name-save")
        friend.wait_for_function(
            "() => document.querySelector('#people li[data-seat=\"1\"]').textContent.includes('Bea')")
        assert "Ada" in friend.inner_text("#people li[data-seat='0']")
        # the same browser opening its used link again is back at its seat, with no error
        friend.goto(link)
        friend.wait_for_selector(".seat-tab[data-seat='1']")
        assert friend.locator(".toast.error").count() == 0
        # the private table is in no one's open list, but its player finds it in the lobby
        friend.goto(f"{server.url}/")
        friend.wait_for_selector(f"#my-tables tr[data-table='{created['id']}']")
        assert "Bea" in friend.inner_text("#my-tables") and "Ada" in friend.inner_text("#my-tables")
        assert created["id"] not in friend.inner_text("#open-tables")
        friend.click(f"#my-tables tr[data-table='{created['id']}'] a")
        friend.wait_for_selector(".seat-tab[data-seat='1']")
    with browser_page(server, 900) as stranger:
        stranger.goto(link)
        stranger.wait_for_selector(".seat-tab[data-seat='spectator']")
        assert "Bea plays it" in stranger.inner_text(".toast")
        assert stranger.locator("#seat-name-prompt").count() == 0
        # the refusal the page handled is the only problem the browser logged
        refused = [p for p in stranger.problems if "403 (Forbidden)" in p]
        assert len(refused) == 1
        stranger.problems.remove(refused[0])


# the token this browser holds for a seat of a table
HELD_SEAT = """([table, seat]) => (JSON.parse(localStorage.getItem('quarkade.tables') || '{}')[table]
                                  || {seats: {}}).seats[seat]"""


def test_a_link_opened_again_in_another_tab_leaves_the_first_tab_playing(server: LiveServer) -> None:
    """The same browser opening its used invitation link in a second tab is dealt a new token for
    its seat: the old one is void, and the server closes the pages that held it. The first tab
    takes the new token up from the browser's storage and plays on (it showed "Cannot join this
    table" before); a page of another browser that held the old token stays closed."""
    created = httpx.post(f"{server.url}/api/tables", json={
        "game": "quirky-quarks", "seats": ["human", "human", "random"], "public": False, "name": "Ada",
        "browser": "A" * 22}).json()
    table, link = created["id"], server.url + created["invitations"][0]["link"]
    with browser_page(server, 900) as first, new_context() as elsewhere:
        sockets: list[str] = []
        first.on("websocket", lambda socket: sockets.append(socket.url))
        first.goto(link)
        first.wait_for_selector(".seat-tab[data-seat='1']")
        first.wait_for_selector("#status.live")
        old = first.evaluate(HELD_SEAT, [table, 1])
        assert old and sockets[-1].endswith(f"token={old}")
        stranger = elsewhere.new_page()
        stranger.goto(f"{server.url}/t/{table}?token={old}")
        stranger.wait_for_selector("#status.live")
        second = first.context.new_page()
        with first.expect_websocket(timeout=10_000) as reconnected:
            second.goto(link)
        second.wait_for_selector(".seat-tab[data-seat='1']")
        new = second.evaluate(HELD_SEAT, [table, 1])
        assert new and new != old
        assert reconnected.value.url.endswith(f"token={new}"), sockets
        first.wait_for_selector("#status.live")
        assert "Cannot join" not in first.inner_text("#board")
        assert first.locator(".seat-tab[data-seat='1']").count() == 1
        second.wait_for_selector("#status.live")
        stranger.wait_for_function("() => document.querySelector('#board').textContent.includes('Cannot join')")
        assert "holds it no more" in stranger.inner_text("#board")
        assert stranger.locator("#status.live").count() == 0


def test_a_page_offline_while_its_seat_was_dealt_again_takes_the_new_token_on_its_return(server: LiveServer) -> None:
    """A page that had lost its link when another tab of its browser was dealt a new token for
    its seat learns of it on its next attempt, as a token that opens no seat: it finds the new
    token in the browser's storage and plays on (it showed "Cannot join this table")."""
    created = httpx.post(f"{server.url}/api/tables", json={
        "game": "quirky-quarks", "seats": ["human", "human", "random"], "public": False, "name": "Ada",
        "browser": "B" * 22}).json()
    table, link = created["id"], server.url + created["invitations"][0]["link"]
    with browser_page(server, 900) as first:
        offline = [False]
        links: list[tuple[Any, Any]] = []

        def through(route: Any) -> None:  # the page's links pass to the server, but none while offline
            if offline[0]:
                route.close()
            else:
                links.append((route, route.connect_to_server()))

        first.route_web_socket(lambda url: "/ws/tables/" in url, through)
        first.goto(link)
        first.wait_for_selector(".seat-tab[data-seat='1']")
        first.wait_for_selector("#status.live")
        old = first.evaluate(HELD_SEAT, [table, 1])
        offline[0] = True
        for side in links[-1]:
            side.close()  # the link drops: the page retries, and finds no way through
        first.wait_for_selector("#status.down")
        second = first.context.new_page()
        second.goto(link)
        second.wait_for_selector("#status.live")
        new = second.evaluate(HELD_SEAT, [table, 1])
        assert new and new != old
        attempts = len(links)
        offline[0] = False
        # (live only once welcomed: the old token is refused first, so that is the new one's link)
        first.wait_for_selector("#status.live", timeout=30_000)
        came_back = [route.url.rsplit("token=", 1)[1] for route, _ in links[attempts:]]  # since offline
        assert came_back == [old, new], came_back
        assert "Cannot join" not in first.inner_text("#board")
        assert first.locator(".seat-tab[data-seat='1']").count() == 1
        assert second.locator("#status.live").count() == 1


def test_a_refused_token_never_shows_the_table_as_connected(server: LiveServer, page: Any) -> None:
    """The status pill says "connected" once the server has welcomed the page's token, not when
    the link opens: a token that opens no seat is refused on an open link, and the pill went
    from "connecting" to "connected" to "not connected"."""
    created = httpx.post(f"{server.url}/api/tables", json={
        "game": "quirky-quarks", "seats": ["human", "random"], "public": False, "name": "Ada"}).json()
    page.add_init_script(RECORD_PILL)
    page.goto(f"{server.url}/t/{created['id']}?token={'Z' * 32}")
    page.wait_for_function("() => document.querySelector('#board').textContent.includes('Cannot join')")
    shown = page.evaluate("window.__pill")
    assert shown[-1] == "not connected" and "connected" not in shown, shown
    page.goto(server.url + created["seats"][0]["link"])  # the seat's own token: welcomed
    page.wait_for_selector("#status.live")
    assert page.evaluate("window.__pill") == ["connecting", "connected"]


DRAW_UNNAMED = """async ([game, view, legal, seat]) => {
  const { rendererFor } = await import('/js/renderers/index.js');
  window.componentsOf ??= {};  // (fetched once a game: the test draws many boards)
  window.componentsOf[game] ??= await (await fetch(`/api/games/${game}/components`)).json();
  const ctx = { seat, components: window.componentsOf[game], ui: {}, names: {}, replay: false, reveal: null,
                clock: null, timer: null, over: false, title: game, rerender: () => {}, sendAll: () => {},
                sending: false };
  const main = document.createElement('main');
  main.append(rendererFor(game)(view, legal, () => {}, ctx));
  document.body.replaceChildren(main);
  const titles = [...main.querySelectorAll('[title]')].map((n) => n.getAttribute('title'));
  return [main.innerText, ...titles].join('\\n');
}"""


@pytest.mark.parametrize("game_id", [info.id for info in quarkade.list_games()])
def test_a_board_without_names_counts_seats_from_1(server: LiveServer, page: Any, game_id: str) -> None:
    """Where no name is known, every renderer calls the first seat "Seat 1", as people count:
    in its words, prompts and tooltips (Quirks' challenge prompt, Cosmic Encounter's token
    tooltips and three renderers' fallbacks said "Seat 0" for it). Boards of seeded games
    played by random bots, for seat 0 and a spectator."""
    game = quarkade.load(game_id, players=quarkade.load(game_id).info.min_players)
    page.goto(f"{server.url}/")
    for seed in range(3):
        state, bots = game.new_game(seed), [make_bot("random", game, seat) for seat in range(game.players)]
        for step in range(120):
            if state.is_over:
                break
            if step % 8 == 0:
                for seat in (0, None):
                    legal = [str(a) for a in state.legal_actions(seat)] if seat is not None else []
                    text = page.evaluate(DRAW_UNNAMED, [game_id, state.view(seat).to_json(), legal, seat])
                    assert not re.search(r"\bseat 0\b", text, re.IGNORECASE), (game_id, seed, step, seat, text)
            seat = state.to_act[0]
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    assert not page.problems, page.problems
