"""A replay says what happened at each step in the game's own sentences, as its log says them
("Seat 1 bids 4 eV at the Tevatron."), not in notation ("Seat 1: bid tev 4"); and
during the game those sentences come from the viewer's own views only, so a face-down card is
not named to anyone who did not play it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from quarkade.games.quirky_circuits.components import KIND_NAMES

from .conftest import CHROMIUM, LiveServer, browser_page
from .test_api import wait_over

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium")


@pytest.fixture
def page(server: LiveServer) -> Iterator[Any]:
    with browser_page(server, 900) as tab:
        yield tab


LINES = """async ([lines, names]) => (await import('/js/seat-words.js')).logLines(lines, names)"""


def test_the_replay_says_each_step_as_the_log_does(server: LiveServer, page: Any) -> None:
    """After the end, everything revealed, a step is said as the log of the seat that acted says
    it (a card it drew, by name); from the spectators' view, as theirs does (the card unnamed)."""
    created = httpx.post(f"{server.url}/api/tables", json={"game": "quirky-quarks", "seats": ["random", "random"]})
    created.raise_for_status()
    table = created.json()["id"]
    with httpx.Client(base_url=server.url) as http:
        info = wait_over(http, table, timeout=60)
    names = [seat["name"] or f"Seat {seat['seat'] + 1}" for seat in info["table"]["seats"]]
    first = httpx.get(f"{server.url}/api/tables/{table}/replay", params={"step": 1}).json()
    actor, action = first["action"]["seat"], first["action"]["action"]
    page.goto(f"{server.url}/t/{table}")
    page.click("#replay-start")
    page.wait_for_selector("#replay")
    assert page.inner_text("#replay .what") == "The deal"
    page.click("#replay-next")
    page.wait_for_function("() => document.querySelector('#replay .step').textContent.startsWith('1 /')")
    words = page.inner_text("#replay .what").splitlines()
    assert words and words == page.evaluate(LINES, [first["said_views"][str(actor)], names])
    assert words[0].startswith(names[actor]) and not any(action in line for line in words), words
    # the spectators' view: the step's own lines, as the page's event log of that view ends
    page.select_option("select[aria-label='whose view']", "spectator")
    page.wait_for_function("() => document.querySelector(\"select[aria-label='whose view']\").value === 'spectator'")
    words = page.inner_text("#replay .what").splitlines()
    log = page.eval_on_selector_all("#log li", "items => items.map((li) => li.textContent)")
    assert words and words == log[-len(words):], (words, log)
    assert words == page.evaluate(LINES, [first["said"], names])


def test_a_live_replay_says_only_what_its_viewer_saw(server: LiveServer) -> None:
    """Quirky Circuits, cards face down: at each step of the spectators' replay during the game,
    its sentences are the newest lines of that step's own view, and never name a card played."""
    created = httpx.post(f"{server.url}/api/tables", json={
        "game": "quirky-circuits", "seats": ["human", "heuristic"], "options": {"scenario": "rise-and-shine"}})
    created.raise_for_status()
    table = created.json()["id"]
    url = f"{server.url}/api/tables/{table}/replay"
    deadline = time.monotonic() + 20
    while httpx.get(url).json()["steps"] < 4:  # the bot programs; the human seat waits
        assert time.monotonic() < deadline, "the bot did not play"
        time.sleep(0.1)
    steps = httpx.get(url).json()["steps"]
    played = 0
    for step in range(1, steps):
        replay = httpx.get(url, params={"step": step}).json()
        assert not replay["over"]
        said, log = replay["said"], replay["view"]["log"]
        assert said == log[len(log) - len(said):], (step, said)
        for line in said:
            played += line["event"] == "play"
            assert not any(name in line["text"] for name in KIND_NAMES), line
    assert played > 0, "no card played face down was said"


@pytest.mark.long  # it waits out the request rate
def test_a_replay_stepped_through_faster_than_the_request_rate_waits_and_goes_on(tmp_path: Any) -> None:
    """A held arrow key steps a replay faster than the server's rate of requests for an address:
    a read refused (429) is asked again after the time the server says, so the replay reaches the
    step asked with no error shown."""
    live = LiveServer(tmp_path / "rate.sqlite3", bot_delay=0.0,
                      # one a second: a step read faster than that, even on a busy machine
                      extra=["--requests-per-second", "1", "--request-burst", "8"])
    try:
        created = httpx.post(f"{live.url}/api/tables", json={"game": "quirky-quarks", "seats": ["random", "random"]})
        created.raise_for_status()
        table = created.json()["id"]
        with httpx.Client(base_url=live.url) as http:
            wait_over(http, table, timeout=60)
        time.sleep(8.5)  # the bucket full again
        with browser_page(live, 900) as tab:
            tab.goto(f"{live.url}/t/{table}")
            tab.click("#replay-start")
            tab.wait_for_selector("#replay")
            for step in range(1, 15):  # past the burst: the later reads are refused once, then asked again
                tab.keyboard.press("ArrowRight")
                tab.wait_for_function(
                    f"() => document.querySelector('#replay .step').textContent.startsWith('{step} /')", timeout=10_000)
            # the browser logs each refused read itself; they were asked again, and nothing else went wrong
            refused = [problem for problem in tab.problems if "status of 429" in problem]
            assert refused, "the rate was never reached: the test shows nothing"
            tab.problems[:] = [problem for problem in tab.problems if problem not in refused]
    finally:
        live.stop()
