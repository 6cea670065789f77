"""The websocket protocol: acting, refusals with reasons, reconnection, host actions, limits."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from quarkade.faces.web.commits import steps_of
from quarkade.faces.web.protocol import ProtocolError, parse_client_message
from quarkade.faces.web.server import create_app
from quarkade.faces.web.tables import Limits, Table

from .conftest import CALM_SEED, FAST, TEST_HOST, Peer, create_table, errors, fix_seed, make_client, token_of
from .test_api import table_of, wait_over

_open: list[Any] = []


def connect(client: TestClient, table_id: str, token: str | None = None, host: str | None = None) -> Peer:
    query = "&".join(f"{k}={v}" for k, v in (("token", token), ("host", host)) if v)
    session = client.websocket_connect(f"/ws/tables/{table_id}" + (f"?{query}" if query else ""))
    _open.append(session)
    peer = Peer(session.__enter__())
    peer.greet()
    return peer


@pytest.fixture(autouse=True)
def close_sessions(client: TestClient) -> Iterator[None]:
    """Sessions end before the test client does (it waits for their handlers)."""
    yield
    close_all()


def close_all() -> None:
    while _open:
        session = _open.pop()
        with contextlib.suppress(Exception):
            session.__exit__(None, None, None)


@contextlib.contextmanager
def own_client(db: Path, limits: Limits) -> Iterator[TestClient]:
    # a database of its own: the test's default client holds ``db`` (one server per database)
    with make_client(db.with_name("own.sqlite3"), limits) as client:
        try:
            yield client
        finally:
            close_all()


def close(peer: Peer) -> None:
    for session in _open:
        if session is peer.session:
            _open.remove(session)
            session.__exit__(None, None, None)
            return


@pytest.fixture
def duel(client: TestClient) -> tuple[Table, Peer, Peer, dict[str, str]]:
    """A two-player table with both seats connected, seat 0 to act first."""
    fix_seed(client, CALM_SEED)
    created = create_table(client, ["human", "human"])
    table = table_of(client, created["id"])
    p0 = connect(client, created["id"], token_of(created, 0))
    p1 = connect(client, created["id"], token_of(created, 1))
    p0.sync()  # the news that seat 1 arrived
    tokens = {"0": token_of(created, 0), "1": token_of(created, 1), "host": created["host_token"],
              "id": created["id"]}
    return table, p0, p1, tokens


def test_a_new_seat_connection_gets_its_view_and_legal_actions(duel: tuple[Table, Peer, Peer, dict[str, str]]) -> None:
    table, p0, p1, _ = duel
    assert p0.state is not None and p1.state is not None
    welcome = p0.messages[0]
    assert welcome["seat"] == 0 and welcome["host"] is False
    assert p0.state["view"] == table.state.view(0).to_json()
    assert p0.state["legal"] == [str(a) for a in table.state.legal_actions(0)]
    assert p0.state["to_act"] == [0] and p1.state["legal"] == [] and p1.state["waiting_for"] == [0]


def test_a_legal_action_is_applied_and_everyone_hears(duel: tuple[Table, Peer, Peer, dict[str, str]]) -> None:
    table, p0, p1, _ = duel
    assert p0.state is not None
    seq = p0.state["seq"]
    got = p0.act("bid lhc 3")
    assert not errors(got)
    assert p0.state["seq"] == seq + 1 and p0.state["last"] == {"seat": 0, "action": "bid lhc 3"}
    assert table.state.record().actions == [(0, "bid lhc 3")]
    heard = p1.sync()
    assert [m["type"] for m in heard] == ["state"]
    assert heard[0]["last"] is None and heard[0]["to_act"] == [1]
    assert heard[0]["view"] == table.state.view(1).to_json()


def test_an_illegal_action_gets_the_rules_reason_and_changes_nothing(
        duel: tuple[Table, Peer, Peer, dict[str, str]]) -> None:
    table, p0, p1, _ = duel
    before = table.state.view(None).to_json()
    got = p0.act("bid lhc 99")
    assert errors(got) == got and len(got) == 1
    assert got[0]["code"] == "illegal" and got[0]["reason"] == "a bid may not exceed your eV: you have 8"
    assert table.state.view(None).to_json() == before and table.state.history == []
    assert p1.sync() == []  # nobody else hears of it
    not_yours = p1.act("bid lhc 1")
    assert not_yours[0]["code"] == "illegal" and "not seat 1's turn" in not_yours[0]["reason"]
    notation = p0.act("fly to the moon")
    assert notation[0]["code"] == "notation" and "not a Quirky Quarks action" in notation[0]["reason"]
    assert table.state.history == []


def test_a_stale_action_is_refused(duel: tuple[Table, Peer, Peer, dict[str, str]]) -> None:
    table, p0, _p1, _ = duel
    assert p0.state is not None
    old = p0.state["seq"]
    p0.act("bid lhc 3")
    p0.exchange({"type": "hello"})
    got = p0.act("bid tev 1", seq=old)
    assert got[0]["code"] == "stale" and got[0]["seq"] == p0.state["seq"]
    assert len(table.state.history) == 1
    # without a seq the action is taken as it comes
    assert table.state.to_act == (1,)


@pytest.mark.parametrize(("raw", "code"), [
    ("{not json", "malformed"),
    ("[1, 2]", "malformed"),
    ('{"action": "pass"}', "malformed"),
    ('{"type": "dance"}', "unknown_type"),
    ('{"type": "act"}', "malformed"),
    ('{"type": "act", "action": 5}', "malformed"),
    ('{"type": "hand_to_bot", "seat": -1}', "malformed"),
    (json.dumps({"type": "act", "action": "x" * 5000}), "too_large"),
])
def test_bad_messages_get_a_clear_error_and_the_connection_stays_usable(
        duel: tuple[Table, Peer, Peer, dict[str, str]], raw: str, code: str) -> None:
    table, p0, _p1, _ = duel
    got = p0.exchange(raw)
    assert [m["type"] for m in got] == ["error"] and got[0]["code"] == code and got[0]["reason"]
    assert not errors(p0.act("bid lhc 2"))
    assert table.state.record().actions == [(0, "bid lhc 2")]


def test_messages_are_parsed_strictly() -> None:
    assert parse_client_message('{"type": "ping", "extra": 1}').type == "ping"
    with pytest.raises(ProtocolError, match="too large"):
        parse_client_message(b"{" + b" " * 5000 + b"}")
    with pytest.raises(ProtocolError, match="not JSON"):
        parse_client_message(b"\xff\xfe")


def test_a_message_for_another_table_is_refused(duel: tuple[Table, Peer, Peer, dict[str, str]]) -> None:
    table, p0, _p1, _ = duel
    got = p0.exchange({"type": "act", "action": "bid lhc 1", "table": "elsewhere"})
    assert got[0]["code"] == "wrong_table" and table.state.history == []
    assert not errors(p0.exchange({"type": "hello", "table": table.id}))


def test_wrong_table_and_wrong_token_are_refused(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/nope") as session:
        message = session.receive_json()
        assert message["code"] == "no_table" and "nope" in message["reason"]
        with pytest.raises(WebSocketDisconnect) as closed:
            session.receive_json()
        assert closed.value.code == 4404
    created = create_table(client, ["human", "random"])
    with client.websocket_connect(f"/ws/tables/{created['id']}?token=guessed") as session:
        assert session.receive_json()["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect):
            session.receive_json()


def test_spectators_cannot_act_and_see_no_hand(client: TestClient) -> None:
    fix_seed(client, CALM_SEED)
    created = create_table(client, ["human", "human"])
    table = table_of(client, created["id"])
    watcher = connect(client, created["id"])
    assert watcher.state is not None and "hand" not in watcher.state["view"]
    watcher.sync()
    assert watcher.state["legal"] == []
    got = watcher.act("bid lhc 1")
    assert got[0]["code"] == "not_a_seat" and table.state.history == []
    host = connect(client, created["id"], created["host_token"])
    assert host.messages[0]["host"] is True and host.messages[0]["seat"] is None
    assert host.act("bid lhc 1")[0]["code"] == "not_a_seat"


def test_reconnecting_with_the_same_token_resumes_the_seat(client: TestClient) -> None:
    fix_seed(client, CALM_SEED)
    created = create_table(client, ["human", "human"])
    table = table_of(client, created["id"])
    first = connect(client, created["id"], token_of(created, 0))
    first.act("bid lhc 3")
    assert first.state is not None
    seen = first.state
    close(first)
    again = connect(client, created["id"], token_of(created, 0))
    assert again.state is not None
    assert again.state["view"] == seen["view"] and again.state["seq"] == seen["seq"]
    other = connect(client, created["id"], token_of(created, 1))
    other.act("bid tev 2")
    heard = again.sync()
    assert heard and heard[-1]["view"] == table.state.view(0).to_json()
    # one browser may hold both seats (hot seat): each connection acts for its own seat
    assert again.state is not None
    assert again.state["legal"] == [str(a) for a in table.state.legal_actions(0)]
    seat = table.state.to_act[0]
    mover = again if seat == 0 else other
    mover.sync()
    assert mover.state is not None and not errors(mover.act(mover.state["legal"][0]))


def test_actions_after_the_end_are_refused(client: TestClient) -> None:
    created = create_table(client, ["human", "human"])
    table = table_of(client, created["id"])
    peers = [connect(client, created["id"], token_of(created, s)) for s in (0, 1)]
    while not table.over:
        seat = table.state.to_act[0]
        peers[seat].sync()
        assert not errors(peers[seat].act(str(table.state.legal_actions(seat)[-1])))
    overs = [m for m in peers[0].sync() + peers[0].messages if m["type"] == "over"]
    assert overs and overs[0]["record"]["seed"] == table.state.seed
    got = peers[0].act("done")
    assert got[0]["code"] == "over" and got[0]["reason"] == "the game is over: no more actions"
    assert not errors(peers[0].exchange({"type": "hello"}))


def test_the_host_hands_an_absent_seat_to_a_bot(client: TestClient) -> None:
    fix_seed(client, CALM_SEED)
    created = create_table(client, ["human", "human"])
    table = table_of(client, created["id"])
    player = connect(client, created["id"], token_of(created, 0))
    host = connect(client, created["id"], created["host_token"])
    refused = errors(player.exchange({"type": "hand_to_bot", "seat": 1, "bot": "random"}))
    assert refused[0]["code"] == "forbidden"
    assert errors(host.exchange({"type": "hand_to_bot", "seat": 0}))[0]["code"] == "seat_present"
    assert errors(host.exchange({"type": "hand_to_bot", "seat": 5}))[0]["code"] == "bad_seat"
    assert errors(host.exchange({"type": "hand_to_bot", "seat": 1, "bot": "wizard"}))[0]["code"] == "unknown_bot"
    heard = host.exchange({"type": "hand_to_bot", "seat": 1, "bot": "random"})
    assert not errors(heard)
    tables = [m for m in heard if m["type"] == "table"]
    assert tables and tables[0]["table"]["seats"][1]["kind"] == "random"
    assert errors(host.exchange({"type": "hand_to_bot", "seat": 1}))[0]["code"] == "bot_seat"
    # the bot now answers seat 0's moves by itself
    player.act("bid lhc 3")
    deadline = time.monotonic() + 10
    while table.state.to_act != (0,) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert table.state.to_act == (0,) and any(seat == 1 for seat, _ in table.state.record().actions)
    assert table_of(client, created["id"]).seats == ["human", "random"]


def test_the_host_hands_a_timed_out_seat_to_a_bot(client: TestClient) -> None:
    fix_seed(client, CALM_SEED)
    created = create_table(client, ["human", "human"], turn_timer=30)
    table = table_of(client, created["id"])
    player = connect(client, created["id"], token_of(created, 0))
    host = connect(client, created["id"], created["host_token"])
    assert player.state is not None and player.state["timer"]["seconds"] == 30
    assert set(player.state["timer"]["deadlines"]) == {"0"}
    assert errors(host.exchange({"type": "hand_to_bot", "seat": 0}))[0]["code"] == "seat_present"
    table.waiting_since[0] -= 31  # the timer runs out
    assert not errors(host.exchange({"type": "hand_to_bot", "seat": 0, "bot": "random"}))
    refused = errors(player.act("bid lhc 1"))
    assert refused[0]["code"] in ("bot_seat", "stale")


def test_spectators_are_limited_and_seat_holders_always_get_in(db_path: Path) -> None:
    with own_client(db_path, replace(FAST, spectators_per_table=2, connections_per_seat=2)) as client:
        fix_seed(client, CALM_SEED)
        created = create_table(client, ["human", "human"])
        connect(client, created["id"])
        connect(client, created["id"])
        with client.websocket_connect(f"/ws/tables/{created['id']}") as session:
            message = session.receive_json()
            assert message["code"] == "full" and "2 spectators" in message["reason"]
        # the host and the players still get in, however many watch; the host's windows are
        # counted as a seat's are (anyone may open a table and be its host): its oldest makes way
        hosts = [connect(client, created["id"], created["host_token"]) for _ in range(3)]
        assert all(host.messages[0]["host"] is True for host in hosts)
        assert table_of(client, created["id"]).public_info()["spectators"] == 4, "no watcher was pushed out"
        oldest = hosts[0].receive()
        while oldest["type"] != "error":
            oldest = hosts[0].receive()
        assert oldest["code"] == "replaced" and "host" in oldest["reason"]
        assert not errors(hosts[2].exchange({"type": "hello"}))
        first = connect(client, created["id"], token_of(created, 0))
        connect(client, created["id"], token_of(created, 1))
        connect(client, created["id"], token_of(created, 0))
        newest = connect(client, created["id"], token_of(created, 0))  # a third window of seat 0
        replaced = first.receive()
        assert replaced["type"] == "table" or replaced["code"] == "replaced"
        while replaced["type"] != "error":
            replaced = first.receive()
        assert replaced["code"] == "replaced"
        with pytest.raises(WebSocketDisconnect) as closed:
            first.receive()
        assert closed.value.code == 4409
        assert newest.state is not None and newest.state["legal"]
        assert not errors(newest.exchange({"type": "hello"}))


def test_one_address_holds_only_so_many_sockets_across_tables(db_path: Path) -> None:
    with own_client(db_path, replace(FAST, connections_per_address=3)) as client:
        fix_seed(client, CALM_SEED)
        first, second = (create_table(client, ["human", "human"]) for _ in range(2))
        watchers = [connect(client, first["id"]), connect(client, second["id"])]
        connect(client, second["id"], token_of(second, 0))  # a seat holder's socket counts too
        for table_id, token in ((first["id"], None), (first["id"], token_of(first, 0))):
            path = f"/ws/tables/{table_id}" + (f"?token={token}" if token else "")
            with client.websocket_connect(path) as session:
                message = session.receive_json()
                assert message["code"] == "busy" and "3 connections from your address" in message["reason"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    session.receive_json()
                assert closed.value.code == 1008
        assert table_of(client, first["id"]).public_info()["spectators"] == 1, "the refused never sat down"
        close(watchers[0])  # a closed socket makes room for the next
        assert connect(client, first["id"], token_of(first, 0)).state is not None
        assert table_of(client, first["id"]).hall.sockets.open_now == {"testclient": 3}


def test_a_finished_tables_greeting_is_made_once_however_often_it_is_asked(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = create_table(client, ["random", "random"])
    table = table_of(client, created["id"])
    wait_over(client, created["id"])
    made: list[int] = []
    record = type(table.state).record

    def counted(state: Any) -> Any:
        made.append(1)
        return record(state)

    monkeypatch.setattr(type(table.state), "record", counted)
    watcher = connect(client, created["id"])
    over = [message for message in watcher.messages if message["type"] == "over"]
    assert len(over) == 1 and over[0]["record"]["actions"]
    for _ in range(5):
        again = [message for message in watcher.exchange({"type": "hello"}) if message["type"] == "over"]
        assert again == over
    assert len(made) <= 1, "the record was made again for a greeting"


def test_messages_per_second_are_limited(db_path: Path) -> None:
    with own_client(db_path, Limits(messages_per_second=0.5, message_burst=3)) as client:
        created = create_table(client, ["human", "human"])
        peer = connect(client, created["id"])
        for _ in range(3):
            peer.send({"type": "hello"})
        peer.send({"type": "hello"})
        got = [peer.receive() for _ in range(10)]
        assert got[-1]["code"] == "rate" and "at most 0.5 a second" in got[-1]["reason"]


def test_sealed_choices_do_not_move_the_other_seats_updates(client: TestClient) -> None:
    """At the sealed ejection a seat's choices change nothing the others see, so they
    get no message (not even a new seq) until that seat declares itself ready."""
    fix_seed(client, CALM_SEED)
    created = create_table(client, ["human", "human"])
    table = table_of(client, created["id"])
    peers = [connect(client, created["id"], token_of(created, s)) for s in (0, 1)]
    watcher = connect(client, created["id"])

    def sealed_choice_ahead() -> bool:
        view = table.state.view(None).to_json()
        return (view["phase"] == "ejection" and 0 in table.state.to_act
                and view["players"][0].get("must_eject", [0, 0])[1] >= 2)

    for _ in range(2000):
        if sealed_choice_ahead():
            break
        seat = table.state.to_act[0]
        peers[seat].sync()
        legal = [str(a) for a in table.state.legal_actions(seat)]
        assert not errors(peers[seat].act(legal[-1]))
    assert sealed_choice_ahead()
    for peer in (*peers, watcher):
        peer.sync()
    peers[0].sync()
    ejects = [a for a in (str(x) for x in table.state.legal_actions(0)) if a.startswith("eject")]
    got = peers[0].act(ejects[0])
    assert not errors(got) and got[-1]["view"]["ejecting"] == [ejects[0].split()[1]]
    assert 0 in table.state.to_act  # still choosing: nobody else may notice anything
    assert peers[1].sync() == [] and watcher.sync() == []
    while 0 in table.state.to_act:
        legal = [str(a) for a in table.state.legal_actions(0)]
        assert not errors(peers[0].act("ready" if "ready" in legal else legal[0]))
    assert watcher.sync()  # now that seat 0 is ready, the others hear of it


def circuits_pair(client: TestClient) -> tuple[Table, Peer, Peer, str]:
    """A two-person Quirky Circuits table, both connected and seat 0 up to date: the table,
    the two peers and a card seat 0 may play first."""
    fix_seed(client, CALM_SEED)
    created = create_table(client, ["human", "human"], game="quirky-circuits")
    table = table_of(client, created["id"])
    p0 = connect(client, created["id"], token_of(created, 0))
    p1 = connect(client, created["id"], token_of(created, 1))
    p0.sync()
    assert p0.state is not None
    return table, p0, p1, next(action for action in p0.state["legal"] if action.startswith("play "))


def test_a_seat_not_waited_for_gets_its_optional_signals_and_may_give_them(client: TestClient) -> None:
    """Quirky Circuits: a player who is done may still put its hands flat (ruling 18); the
    state message offers it as ``optional``, the signal is taken and no one's turn changes."""
    table, p0, p1, play = circuits_pair(client)
    assert p0.state is not None and p0.state["optional"] == [] and "stop" in p0.state["legal"]
    assert not errors(p0.act(play))
    assert not errors(p0.act("done"))
    assert p0.state["legal"] == [] and p0.state["optional"] == ["stop", "beep"] and p0.state["to_act"] == [1]
    assert not errors(p0.act("stop"))
    assert p0.state["optional"] == ["beep"] and p0.state["to_act"] == [1]
    assert table.state.record().actions[-1] == (0, "stop")
    heard = [m for m in p1.sync() if m["type"] == "state"][-1]
    assert heard["view"]["log"][-1]["event"] == "stop" and heard["optional"] == [] and heard["to_act"] == [1]
    again = p0.act("stop")
    assert again[0]["code"] == "illegal" and "already put your hands flat" in again[0]["reason"]
    late = p0.act(play)
    assert late[0]["code"] == "illegal" and "done playing cards this round" in late[0]["reason"]


def test_a_connection_that_reads_nothing_is_dropped_by_what_it_holds_in_bytes_too() -> None:
    """A few large messages (a finished table's greeting asked for again and again) must not
    pile up for a client that never reads, any more than many small ones."""
    from quarkade.faces.web.connection import Connection

    class Silent:
        async def send_text(self, data: str) -> None:
            raise AssertionError("nothing is written in this test")

        async def close(self, code: int = 1000) -> None:
            pass

    connection = Connection(Silent(), None, None, False, replace(FAST, outbox=100, outbox_bytes=1000))  # type: ignore[arg-type]
    for _ in range(3):
        connection.push("x" * 300)
    assert not connection.closed and connection.queued == 900
    connection.push("x" * 300)
    assert connection.closed and not connection.outbox and connection.queued == 0


@pytest.mark.parametrize("game", ["quirky-quarks", "qwarks"])  # turns, and races on the clock
def test_a_table_of_bots_nobody_watches_waits_for_a_visitor(db_path: Path, game: str) -> None:
    def until(condition: Any) -> None:
        deadline = time.monotonic() + 15
        while not condition() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert condition()

    with TestClient(create_app(str(db_path.with_name("bots.sqlite3")), bot_delay=0.02, limits=FAST,
                                allowed_hosts=[TEST_HOST])) as client:
        created = client.post("/api/tables", json={"game": game, "seats": ["random", "random"]}).json()
        table = table_of(client, created["id"])
        until(lambda: steps_of(table.state) > 0)  # the bots play while the table is new
        table.watched -= FAST.unlisted_after  # then nobody comes for as long as a table stays listed
        until(lambda: not table.bot_runner.playing and table.clock.step is None)
        paused = steps_of(table.state)
        time.sleep(0.5)
        assert steps_of(table.state) == paused and not table.over
        watcher = connect(client, created["id"])  # somebody comes: they play on
        until(lambda: steps_of(table.state) > paused)
        close(watcher)
        close_all()
