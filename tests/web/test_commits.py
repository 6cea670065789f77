"""Actions received in one turn of the event loop are saved in one transaction and announced
only after it; a table's second action waits for the next transaction; a failed commit
leaves every table as it was and tells each actor."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from fastapi.testclient import TestClient

import quarkade
from quarkade.faces.web.commits import batch_of
from quarkade.faces.web.connection import Connection
from quarkade.faces.web.protocol import Act
from quarkade.faces.web.store import NewAction
from quarkade.faces.web.tables import Table

from .conftest import CALM_SEED, Peer, create_table, errors, fix_seed, token_of
from .test_api import table_of
from .test_websocket import close_all, connect


@pytest.fixture(autouse=True)
def close_sessions(client: TestClient) -> Iterator[None]:
    yield
    close_all()


def duel(client: TestClient) -> tuple[Table, list[Peer], list[Connection]]:
    """A two-person table, both seats connected, seat 0 to act."""
    fix_seed(client, CALM_SEED)
    created = create_table(client, ["human", "human"])
    peers = [connect(client, created["id"], token_of(created, seat)) for seat in (0, 1)]
    table = table_of(client, created["id"])
    assert table.state.to_act == (0,)
    for peer in peers:
        peer.sync()  # what came before (seat 1 arriving)
    return table, peers, [table.seat_connections(seat)[0] for seat in (0, 1)]


def answer_to(action: str) -> str:
    """A legal action of seat 1 once seat 0 has taken ``action`` (from the calm deal)."""
    state = quarkade.load("quirky-quarks", players=2).new_game(seed=CALM_SEED)
    state.apply_text(0, action)
    assert state.to_act == (1,)
    return str(state.legal_actions(1)[0])


def in_one_turn(client: TestClient, acts: list[tuple[Table, Connection, str]]) -> None:
    """Hand ``acts`` to the batch inside the server's event loop, all in the same turn."""

    async def add_all() -> None:
        for table, connection, action in acts:
            batch_of(table.hall).add(table, connection, Act(type="act", action=action))
        while any(batch_of(table.hall).pending is not None for table, _, _ in acts):
            await asyncio.sleep(0)  # the batch is saved at the loop's next turn

    assert client.portal is not None
    client.portal.call(add_all)


def saved_batches(client: TestClient, monkeypatch: pytest.MonkeyPatch, fail: bool = False) -> list[list[str]]:
    """The tables of each transaction the store is asked for, from now on."""
    store: Any = client.app.state.store  # type: ignore[attr-defined]
    batches: list[list[str]] = []
    real = store.append_actions

    def append_actions(actions: Sequence[NewAction]) -> None:
        batches.append([action.table_id for action in actions])
        if fail:
            raise OSError("disk full")
        real(actions)

    monkeypatch.setattr(store, "append_actions", append_actions)
    return batches


def test_two_tables_acting_in_one_turn_share_one_transaction(client: TestClient,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    first, (peer0, peer1), (seat0, seat1) = duel(client)
    second, (other0, _), (other_seat0, _) = duel(client)
    batches = saved_batches(client, monkeypatch)
    answer = answer_to("bid lhc 3")
    in_one_turn(client, [(first, seat0, "bid lhc 3"), (second, other_seat0, "bid lhc 4"), (first, seat1, answer)])
    # the first table's second action goes into a transaction of its own, after the first
    # is announced: it was checked against the state the first action made
    assert batches == [[first.id, second.id], [first.id]]
    assert [m["last"] for m in peer0.sync() if m["type"] == "state"] == [{"seat": 0, "action": "bid lhc 3"}, None]
    assert [m["last"] for m in peer1.sync() if m["type"] == "state"] == [None, {"seat": 1, "action": answer}]
    assert [m["last"] for m in other0.sync() if m["type"] == "state"] == [{"seat": 0, "action": "bid lhc 4"}]
    stored = client.app.state.store  # type: ignore[attr-defined]
    assert stored.load(first.id).actions == [(0, "bid lhc 3"), (1, answer)]
    assert stored.load(second.id).actions == [(0, "bid lhc 4")]


def test_a_failed_commit_changes_no_table_and_tells_each_actor(client: TestClient,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    first, (peer1, watcher), (seat1, _) = duel(client)
    second, (peer2, _), (seat2, _) = duel(client)
    before = [first.state.record().actions, second.state.record().actions]
    batches = saved_batches(client, monkeypatch, fail=True)
    in_one_turn(client, [(first, seat1, "bid lhc 3"), (second, seat2, "bid lhc 4")])
    assert batches == [[first.id, second.id]]
    for peer, action in ((peer1, "bid lhc 3"), (peer2, "bid lhc 4")):
        got = peer.sync()
        assert [(m["type"], m.get("code"), m.get("action")) for m in got] == [("error", "unsaved", action)]
    assert watcher.sync() == []  # the other seat heard nothing of the unsaved action
    assert [first.state.record().actions, second.state.record().actions] == before
    assert first.state.to_act == (0,) and second.state.to_act == (0,)
    # the tables play on
    monkeypatch.undo()
    assert not errors(peer1.act("bid lhc 3"))
    assert first.state.record().actions == [(0, "bid lhc 3")]
