"""A finished game's replay, "Everything revealed": each player's hand shows in that player's
own panel, as small cards; the spectator's replay shows no hand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import quarkade

from .conftest import LiveServer, browser_page
from .test_api import wait_over

SEATS = {"quirks": 3, "quirkling": 3, "quirks-solitaire": 1, "quirky-circuits": 3, "cosmic-encounter": 4}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    """A live server whose bots move at once, and which answers the many replay requests a test
    makes to find a step at once (the default request rate would refuse some)."""
    live = LiveServer(tmp_path / "browser.sqlite3", bot_delay=0.0,
                      extra=["--requests-per-second", "1000", "--request-burst", "100000"])
    try:
        yield live
    finally:
        live.stop()


@pytest.fixture
def page(server: LiveServer) -> Iterator[Any]:
    with browser_page(server, 900) as tab:
        yield tab


def finished_table(server: LiveServer, game: str) -> str:
    """A table of random bots, played to its end."""
    created = httpx.post(f"{server.url}/api/tables", json={"game": game, "seats": ["random"] * SEATS[game]})
    created.raise_for_status()
    table: str = created.json()["id"]
    with httpx.Client(base_url=server.url) as http:
        wait_over(http, table, timeout=60)
    return table


def step_with_full_hands(server: LiveServer, table: str) -> int:
    """A step near the middle of the game where every seat holds at least one card, found by
    replaying the finished table's record here (a request a step would take minutes in a long
    game whose hands are mostly empty)."""
    record = quarkade.Record.from_json(httpx.get(f"{server.url}/api/tables/{table}").json()["record"])
    game = quarkade.load(record.game, players=record.players, **record.options)
    state = game.new_game(seed=record.seed)
    full: list[int] = []
    for step, (seat, text) in enumerate(record.actions, start=1):
        state.apply(seat, game.parse_action(state, seat, text))
        if all(state.view(seat).to_json().get("hand") for seat in range(record.players)):
            full.append(step)
    assert full, "no step where every hand holds a card"
    middle = len(record.actions) // 2
    return min(full, key=lambda step: abs(step - middle))


def revealed_hands(page: Any) -> dict[str, int]:
    """The hands shown on the board: seat -> how many cards."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#board [data-revealed-hand]')]
        .map((el) => [el.dataset.revealedHand, el.children.length]))""")


@pytest.mark.parametrize("game", list(SEATS))
def test_everything_revealed_shows_every_hand_in_its_players_panel(server: LiveServer, page: Any, game: str) -> None:
    table = finished_table(server, game)
    step = step_with_full_hands(server, table)
    page.goto(f"{server.url}/t/{table}")
    page.click("#replay-start")
    page.wait_for_selector("#replay")
    page.eval_on_selector("#replay input[type=range]",
                          f"r => {{ r.value = {step}; r.dispatchEvent(new Event('change')); }}")
    page.wait_for_function(f"() => document.querySelector('#replay .step').textContent.startsWith('{step} /')")
    assert page.input_value("select[aria-label='whose view']") == "all"
    views = httpx.get(f"{server.url}/api/tables/{table}/replay", params={"step": step}).json()["views"]
    shown = revealed_hands(page)
    assert shown == {seat: len(view["hand"]) for seat, view in views.items()}, game
    assert all(count > 0 for count in shown.values()), game
    if SEATS[game] > 1:  # each hand in the panel of its own seat
        owners = page.evaluate("""() => [...document.querySelectorAll('#board [data-revealed-hand]')]
            .map((el) => [el.dataset.revealedHand, el.parentElement.closest('[data-seat]')?.dataset.seat])""")
        assert all(seat == owner for seat, owner in owners), (game, owners)

    page.select_option("select[aria-label='whose view']", "spectator")
    page.wait_for_function("() => document.querySelector(\"select[aria-label='whose view']\").value === 'spectator'")
    page.wait_for_function("() => !document.querySelector('#board [data-revealed-hand]')")
    assert revealed_hands(page) == {}
