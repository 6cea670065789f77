"""Players' time banks (Fischer): a reserve and a bonus per move, run by the server for each
seat to act, shown to everyone, saved so that a restart resumes them."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from quarkade.faces.web.tables import Table

from .conftest import CALM_SEED, Peer, create_table, errors, fix_seed, make_client, token_of
from .test_api import table_of
from .test_websocket import close_all, connect

BANK = {"reserve": 60, "bonus": 5}


@pytest.fixture(autouse=True)
def close_sessions(client: TestClient) -> Iterator[None]:
    yield
    close_all()


def banked_duel(client: TestClient, bank: dict[str, int]) -> tuple[Table, list[Peer], dict[str, Any]]:
    fix_seed(client, CALM_SEED)
    created = create_table(client, ["human", "human"], time_bank=bank)
    table = table_of(client, created["id"])
    peers = [connect(client, created["id"], token_of(created, seat)) for seat in (0, 1)]
    peers[0].sync()
    return table, peers, created


def wait_for(condition: Any, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the server did not get there in time"
        time.sleep(0.01)


def test_the_bank_is_shown_to_every_seat_and_runs_for_the_seat_to_act(client: TestClient) -> None:
    table, peers, created = banked_duel(client, BANK)
    assert created["table"]["time_bank"] == BANK
    for peer in peers:
        assert peer.state is not None
        bank = peer.state["bank"]
        assert bank["reserve_ms"] == 60_000 and bank["bonus_ms"] == 5_000
        assert bank["left_ms"] == {"0": 60_000, "1": 60_000} and bank["running"] == [0]
    assert peers[0].state is not None and 0 <= peers[0].state["bank_elapsed_ms"]["0"] < 5_000
    # a table without a bank says nothing of one
    plain = create_table(client, ["human", "human"])
    spectator = connect(client, plain["id"])
    assert spectator.state is not None and "bank" not in spectator.state
    assert plain["table"]["time_bank"] is None


@pytest.mark.alone  # the move's time is measured
def test_a_move_costs_its_time_and_earns_the_bonus(client: TestClient) -> None:
    table, peers, _ = banked_duel(client, BANK)
    time.sleep(0.3)
    got = peers[0].act("bid lhc 3")
    assert not errors(got)
    bank = got[-1]["bank"]
    # 60 s, less the 0.3 s the move took, plus the 5 s bonus
    assert 64_000 <= bank["left_ms"]["0"] <= 64_750
    assert bank["left_ms"]["1"] == 60_000 and bank["running"] == [1]
    assert round(table.banks.left_now(0)) == bank["left_ms"]["0"]
    assert table.banks.left_now(1) < 60_000  # seat 1's bank runs now


def test_a_bank_that_runs_out_hands_the_seat_to_the_heuristic_bot(client: TestClient) -> None:
    table, peers, _ = banked_duel(client, {"reserve": 1, "bonus": 0})
    wait_for(lambda: table.seats[0] != "human", timeout=5.0)
    assert table.seats[0] == "heuristic" and table.seats[1] == "human"
    wait_for(lambda: table.state.to_act == (1,))  # the bot moved for seat 0
    news = peers[1].sync()
    tables = [m["table"] for m in news if m["type"] == "table"]
    assert tables and tables[-1]["seats"][0]["bot"]["reason"] == "time"
    assert tables[-1]["seats"][0]["kind"] == "heuristic" and tables[-1]["seats"][1]["bot"] is None
    assert table.banks.left[0] == 0 and 0 not in table.banks.started  # a bot's seat has no running bank


def sealed_step(table: Table, peers: list[Peer]) -> None:
    """Play on (the last legal action each time) until both seats choose at the sealed ejection."""
    for _ in range(2000):
        view = table.state.view(None).to_json()
        if view["phase"] == "ejection" and set(table.state.to_act) == {0, 1}:
            return
        seat = table.state.to_act[0]
        peers[seat].sync()
        legal = [str(a) for a in table.state.legal_actions(seat)]
        assert not errors(peers[seat].act(legal[-1]))
    raise AssertionError("no sealed ejection for both seats")


def test_at_a_sealed_step_each_seat_runs_its_own_bank_until_it_is_done(client: TestClient) -> None:
    table, peers, _ = banked_duel(client, {"reserve": 600, "bonus": 7})
    sealed_step(table, peers)
    for peer in peers:
        peer.sync()
    assert peers[1].state is not None and peers[1].state["bank"]["running"] == [0, 1]
    before = dict(peers[1].state["bank"]["left_ms"])
    ejects = [str(a) for a in table.state.legal_actions(0) if str(a).startswith("eject")]
    assert ejects, "seat 0 has a card to choose at this ejection"
    # a sealed choice changes no bank figure the other seat sees: it hears nothing
    assert not errors(peers[0].act(ejects[0]))
    assert peers[1].sync() == []
    while 0 in table.state.to_act:
        legal = [str(a) for a in table.state.legal_actions(0)]
        assert not errors(peers[0].act("ready" if "ready" in legal else legal[0]))
    peers[1].sync()
    assert 1 in table.state.to_act
    bank = peers[1].state["bank"]
    assert bank["running"] == [1], "seat 0 is done: its bank stopped, seat 1's runs on"
    assert before["0"] < bank["left_ms"]["0"] <= before["0"] + 7_000, "one bonus for the whole move"
    assert bank["left_ms"]["1"] == before["1"], "seat 1's figure stays what it was when its run began"


@pytest.mark.alone  # the banks' times are measured across a restart
def test_a_restart_resumes_the_banks(tmp_path: Path) -> None:
    db = tmp_path / "banks.sqlite3"
    with make_client(db) as first:
        fix_seed(first, CALM_SEED)
        created = create_table(first, ["human", "human"], time_bank=BANK)
        table = table_of(first, created["id"])
        peer = connect(first, created["id"], token_of(created, 0))
        time.sleep(0.2)
        assert not errors(peer.act("bid lhc 3"))
        saved = [round(x) for x in table.banks.left]
        close_all()
    assert 64_000 <= saved[0] <= 64_900 and saved[1] <= 60_000
    with make_client(db) as second:
        resumed = table_of(second, created["id"])
        assert resumed.banks.left[0] == saved[0]
        assert saved[1] - 200 <= resumed.banks.left[1] <= saved[1]
        assert resumed.banks.running_seats() == {1} and 1 in resumed.banks.started
        watcher = connect(second, created["id"])
        assert watcher.state is not None and watcher.state["bank"]["running"] == [1]
        close_all()
