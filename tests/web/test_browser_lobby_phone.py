"""The lobby on a phone (390×844) once a name is picked: nothing runs off the right edge
(the games, the new-table form, the links of the top bar) and variants are named in words."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from .conftest import CHROMIUM, LiveServer, new_context

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")


def test_the_lobby_fits_a_phone_and_names_variants_in_words(server: LiveServer) -> None:
    with new_context(viewport={"width": 390, "height": 844}) as context:
        page: Any = context.new_page()
        page.goto(f"{server.url}/")
        page.wait_for_selector("#name-panel form")
        page.fill("#name-panel input", "Ada Lovelace")
        page.click("#name-panel .name-save")
        page.wait_for_selector("#change-name")
        page.wait_for_selector(".game-card[data-game='quirks']")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, "the lobby runs off the screen"
        beyond = page.evaluate("""() => [...document.querySelectorAll(
            '.topbar a, .topbar button, #player-name-shown')]
            .filter((e) => e.getBoundingClientRect().right > innerWidth || e.offsetParent === null)
            .map((e) => e.textContent)""")
        assert beyond == [], f"out of sight in the top bar: {beyond}"
        chips = page.locator(".game-card[data-game='quirks'] .chip.gold").all_text_contents()
        assert "Random Mutation" in chips and not [chip for chip in chips if "_" in chip], chips


def test_the_first_turn_of_quirkling_is_turn_1_on_screen(server: LiveServer) -> None:
    """The view counts the turns already played; a player counts from 1."""
    created = httpx.post(f"{server.url}/api/tables", json={
        "game": "quirkling", "players": 2, "seats": ["human", "random"], "play": [0]}).json()
    token = created["seats"][0]["token"]
    with new_context(viewport={"width": 390, "height": 844}) as context:
        page: Any = context.new_page()
        page.goto(f"{server.url}/t/{created['id']}?token={token}")
        page.wait_for_selector(".qk-status")
        assert page.locator(".qk-status").inner_text().count("turn 1 ·") == 1


def test_an_option_s_help_does_not_repeat_its_label(server: LiveServer) -> None:
    with new_context(viewport={"width": 390, "height": 844}) as context:
        page: Any = context.new_page()
        page.goto(f"{server.url}/")
        page.wait_for_selector("#game option[value='qwarks']", state="attached")
        page.select_option("#game", "qwarks")
        field = page.locator("#options [data-option='beginners']")
        field.wait_for()
        help_line = field.locator(".option-help").inner_text()
        assert help_line.startswith("Answer the question") and "young scientists" not in help_line.lower()


def test_finished_games_name_the_seat_a_bot_played_by_its_player(server: LiveServer) -> None:
    """The listing is the server's (a finished table whose seat 0 a bot played for Ada)."""
    finished = {"id": "t1", "game": "quirkling", "title": "Quirkling", "players": 2, "options": {},
                "seats": [{"seat": 0, "kind": "human", "name": "Ada"}, {"seat": 1, "kind": "random", "name": "Bot"}],
                "status": "over", "created": 0, "finished": 0, "scores": [1, 0], "winners": [0], "next": None,
                "bots": [{"seat": 0, "moves": 3}], "result": "Ada wins."}
    with new_context(viewport={"width": 390, "height": 844}) as context:
        page: Any = context.new_page()
        page.route("**/api/tables*", lambda route: route.fulfill(
            json={"open": [], "finished": [finished]}) if route.request.method == "GET" else route.continue_())
        page.goto(f"{server.url}/")
        note = page.locator("#finished-tables .bots-note")
        note.wait_for()
        assert note.inner_text() == "Ada's seat played by a bot for 3 moves"
