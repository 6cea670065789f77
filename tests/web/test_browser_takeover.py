"""A real browser at a table with time banks: the seat's bank runs out, a bot plays for it,
the player takes the seat back with the button on its page, makes a move and takes it back
with the Undo button while the other seat's bot is still thinking."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import CHROMIUM, LiveServer, browser_page, click_if_there, screenshot
from .test_browser import quirky_quarks_step, visible

PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium"),
    pytest.mark.alone,  # a bank of 2 s runs out, and a move is taken back within a bot's think time
]

THINK = 2.0  # the bots' think time: the window in which a person may still take a move back


@pytest.fixture
def thoughtful(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "takeover.sqlite3", bot_delay=THINK)
    try:
        yield live
    finally:
        live.stop()


def seat0_moves_by_bot(server: LiveServer, table_id: str, timeout: float) -> None:
    """Wait until seat 0's bot has made a move: seat 0 was to act and then is not."""
    deadline = time.monotonic() + timeout
    was_to_act = False
    while time.monotonic() < deadline:
        to_act = httpx.get(f"{server.url}/api/tables/{table_id}").json()["to_act"]
        if 0 in to_act:
            was_to_act = True
        elif was_to_act:
            return
        time.sleep(0.1)  # within the server's rate of requests, beside the page's own
    raise AssertionError("the bot did not move for seat 0 in time")


def table_log(server: LiveServer, table_id: str) -> list[dict[str, Any]]:
    log: list[dict[str, Any]] = httpx.get(f"{server.url}/api/tables/{table_id}").json()["view"]["log"]
    return log


def seat0_lines(server: LiveServer, table_id: str) -> int:
    """How many lines of the table's log are seat 0's own actions."""
    return sum(1 for line in table_log(server, table_id) if line.get("seat") == 0)


def choose(page: Any, server: LiveServer, table_id: str, lines: int) -> None:
    """One choice of seat 0 on the Quirky Quarks board, by clicking as the whole-game browser
    test does (an ejection chosen card by card and confirmed), until the server has taken an
    action of it: its Undo button shows, or seat 0's lines of the log are no longer ``lines`` (on
    a loaded machine the other seat's bot may answer before the button is seen, and a second
    choice would then be made and taken back in place of the first)."""
    deadline = time.monotonic() + 30
    while not visible(page, "#undo") and seat0_lines(server, table_id) == lines:
        assert time.monotonic() < deadline, "no action of seat 0 was taken"
        try:
            if visible(page, ".qq-actionbar.mine"):
                quirky_quarks_step(page, True)
            page.wait_for_function("() => document.querySelector('#undo')", timeout=2_000)
        except (PlaywrightTimeout, AssertionError):
            continue


def test_a_timed_out_seat_is_played_by_a_bot_then_reclaimed_and_a_move_undone(thoughtful: LiveServer) -> None:
    server = thoughtful
    created = httpx.post(f"{server.url}/api/tables", json={
        "game": "quirky-quarks", "seats": ["human", "heuristic"], "time_bank": {"reserve": 2, "bonus": 30},
        "public": False}).json()
    table_id, token = created["id"], created["seats"][0]["token"]
    with browser_page(server, 1000) as page:
        page.goto(f"{server.url}/t/{table_id}?token={token}")
        page.wait_for_selector(".qq")
        page.wait_for_selector("[data-bank='0']")  # the person's bank is shown
        # seat 0 does nothing: its bank runs out and a bot plays for it
        page.wait_for_selector("#reclaim", timeout=20_000)
        page.wait_for_selector("[data-bot='0']")
        assert "played by a bot since" in page.inner_text("[data-bot='0']")
        seat0_moves_by_bot(server, table_id, timeout=30)
        page.evaluate("window.scrollTo(0, 0)")
        screenshot(page, "takeover.png")

        # the player takes the seat back
        page.click("#reclaim")
        page.wait_for_selector("#reclaim", state="detached")
        page.wait_for_selector("[data-bot='0']", state="detached")
        assert httpx.get(f"{server.url}/api/tables/{table_id}").json()["table"]["seats"][0]["kind"] == "human"

        # its next choice, taken back before the other seat's bot answers (on a slow machine the
        # bot may answer before the click lands: the Undo button goes, and the next choice is taken).
        # Taken back only where seat 0 alone is to act: at a simultaneous step the other seat's
        # bot may act while seat 0 chooses, and what its move makes happen to seat 0 (its draws)
        # is in seat 0's lines; such a choice is left to stand, and the next one is taken back.
        for _ in range(8):
            page.wait_for_selector(".qq-actionbar.mine", timeout=30_000)
            alone = httpx.get(f"{server.url}/api/tables/{table_id}").json()["to_act"] == [0]
            seat0_before = seat0_lines(server, table_id)
            choose(page, server, table_id, seat0_before)
            if alone and click_if_there(page, "#undo"):
                break
        else:
            raise AssertionError("no choice of seat 0 alone could be taken back before the other seat's bot answered")
        page.wait_for_selector("text=You took back")
        page.wait_for_selector(".qq-actionbar.mine")
        assert page.evaluate("document.body.dataset.lastError || ''") in ("", "stale")
        # The other seat's bot may have acted meanwhile (an Ejection is simultaneous), so the page's
        # log is compared with the table's own, once the page has caught up with it.
        assert seat0_lines(server, table_id) == seat0_before, "the table's log has no line of the move taken back"
        deadline = time.monotonic() + 10
        while True:
            shown = page.evaluate("document.querySelectorAll('#log li').length")
            served = len(table_log(server, table_id))
            if shown == served:
                break
            assert time.monotonic() < deadline, f"the page shows {shown} log lines, the table has {served}"
            time.sleep(0.2)
