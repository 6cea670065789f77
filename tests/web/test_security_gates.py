"""What an attacker from outside meets before the tables: tables created from one address in
an hour, however they ended; a rate of HTTP requests (and websocket handshakes) for each
address; the host names the server answers to (DNS rebinding); and an API page that runs no
script from anywhere."""

from __future__ import annotations

import socket
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from quarkade.faces.web import apidocs
from quarkade.faces.web.connection import Creations, Limits
from quarkade.faces.web.guards import Hosts, RequestRate, address_key, client_address
from quarkade.faces.web.server import CSP, create_app

from .conftest import FAST, TEST_HOST, make_client
from .test_api import hall_of, wait_over

BOTS = {"game": "quirky-quarks", "seats": ["random", "random"]}
ONE = {"game": "quirky-quarks", "seats": ["human", "random"]}


def stored_tables(db: Path) -> int:
    with sqlite3.connect(db) as database:
        count: int = database.execute("select count(*) from quarkade_tables").fetchone()[0]
        return count


# ---------------------------------------------------------------------- tables created an hour
def test_closed_tables_count_against_the_tables_an_address_creates_an_hour(db_path: Path) -> None:
    with make_client(db_path, replace(FAST, tables_per_hour=3)) as client:
        for _ in range(3):  # a loop that creates and closes: tables_per_client never sees them
            created = client.post("/api/tables", json=ONE).json()
            closed = client.post(f"/api/tables/{created['id']}/close", json={"token": created["host_token"]})
            assert closed.status_code == 200
        assert not hall_of(client).open_tables()
        refused = client.post("/api/tables", json=ONE)
        assert refused.status_code == 429
        detail = refused.json()["detail"]
        assert detail.startswith("3 tables were created from your address in the last hour, the limit"), detail
        assert "closed and finished ones count too" in detail and "another in 60 minutes" in detail, detail
        assert 3590 <= int(refused.headers["retry-after"]) <= 3600
        assert 3590 <= refused.json()["retry_after"] <= 3600
    assert stored_tables(db_path) == 3, "the refused request created nothing"


def test_a_rematch_counts_as_a_table_created(db_path: Path) -> None:
    with make_client(db_path, replace(FAST, tables_per_hour=2)) as client:
        first = client.post("/api/tables", json=BOTS).json()
        wait_over(client, first["id"])
        again = client.post(f"/api/tables/{first['id']}/again", json={"token": first["host_token"]})
        assert again.status_code == 201, again.text
        wait_over(client, again.json()["id"])
        refused = client.post("/api/tables", json=BOTS)
        assert refused.status_code == 429 and "2 tables were created" in refused.json()["detail"]
        rematch = client.post(f"/api/tables/{again.json()['id']}/again",
                              json={"token": again.json()["host_token"]})
        assert rematch.status_code == 429 and "in the last hour" in rematch.json()["detail"]
        assert client.get(f"/api/tables/{again.json()['id']}").json()["table"]["next"] is None
    assert stored_tables(db_path) == 2


def test_creations_leave_the_count_an_hour_later_and_the_sweep_forgets_them(db_path: Path) -> None:
    with make_client(db_path, replace(FAST, tables_per_hour=2)) as client:
        for _ in range(2):
            assert client.post("/api/tables", json=ONE).status_code == 201
        assert client.post("/api/tables", json=ONE).status_code == 429
        record = hall_of(client).creations
        (address,) = record.times
        record.times[address] = type(record.times[address])(t - 3600.0 for t in record.times[address])
        hall_of(client).sweep()
        assert not record.times, "the sweep let the hour's past creations go"
        assert client.post("/api/tables", json=ONE).status_code == 201
        assert len(record.times[address]) == 1


def test_the_creation_record_slides_and_holds_only_the_last_hour() -> None:
    record = Creations(limit=2, window=3600.0)
    record.add("a", 0.0)
    record.add("a", 10.0)
    assert record.wait("a", 5.0) == 3595.0 and record.wait("b", 5.0) == 0.0
    assert record.wait("a", 3599.0) == 1.0
    assert record.wait("a", 3600.0) == 0.0  # the first left the window
    assert list(record.times["a"]) == [10.0]
    for n in range(1000):  # many addresses, once each
        record.add(f"10.0.{n // 256}.{n % 256}", 100.0)
    record.prune(3699.0)
    assert len(record.times) == 1000 and "a" not in record.times
    record.prune(3700.0)
    assert not record.times, "an hour later nothing of them is held"


# ---------------------------------------------------------------------- requests a second
SLOW = replace(FAST, requests_per_second=0.5, request_burst=3)


def request_rate(client: TestClient) -> RequestRate:
    """The app's request-rate gate, among its middleware (built by its first request)."""
    layer = client.app.middleware_stack  # type: ignore[attr-defined]
    while not isinstance(layer, RequestRate):
        layer = layer.app
    return layer


def test_an_address_over_its_request_rate_is_refused_with_a_reason_and_a_retry_after(db_path: Path) -> None:
    with make_client(db_path, SLOW) as client:
        assert [client.get("/api/server").status_code for _ in range(3)] == [200, 200, 200]
        refused = client.post("/api/tables", json=ONE)
        assert refused.status_code == 429
        wait = refused.headers["retry-after"]
        assert wait in ("1", "2")  # two seconds, less what the three requests took
        assert refused.json()["detail"] == ("too many requests from your address: this server answers one address "
                                            f"0.5 times a second after a burst of 3; try again in {wait} "
                                            f"second{'s' if wait == '2' else ''}")
        assert refused.headers["content-security-policy"] == CSP
        assert not hall_of(client).tables, "a refused request changes nothing"
        with client.websocket_connect("/ws/tables/nothing") as session:  # a handshake is a request too
            message = session.receive_json()
            assert message["type"] == "error" and message["code"] == "rate", message
            assert message["reason"].startswith("too many requests from your address")
            with pytest.raises(WebSocketDisconnect) as closed:
                session.receive_json()
            assert closed.value.code == 4429
        gate = request_rate(client)
        for address, (allowance, when) in gate.counted.buckets.items():  # two seconds later, one more may come
            gate.counted.buckets[address] = (allowance, when - 2.0)
        assert client.get("/api/server").status_code == 200


async def nothing(*_: object) -> None:
    """An app behind the gate, never called here."""


def test_the_request_buckets_refill_and_idle_addresses_are_forgotten() -> None:
    rate = RequestRate(nothing, replace(Limits(), requests_per_second=2.0, request_burst=4.0))
    assert [rate.take("a", 0.0) for _ in range(5)] == [0.0, 0.0, 0.0, 0.0, 0.5]
    assert rate.take("b", 0.0) == 0.0, "each address has its own bucket"
    assert rate.take("a", 0.25) == 0.25, "a refused request takes nothing"
    assert rate.take("a", 0.5) == 0.0
    for n in range(5000):  # an attacker with many addresses, a request each
        rate.take(f"2001:db8::{n:x}", 1.0)
    assert rate.take("a", 1.9) == 0.0
    assert len(rate.counted.buckets) == 5002
    rate.take("c", 2.5)  # the buckets are looked over: those full again are forgotten, a's is not yet
    assert set(rate.counted.buckets) == {"a", "c"}


def test_limits_no_request_could_pass_are_refused() -> None:
    with pytest.raises(ValueError, match=r"requests per second are a positive number \(not 0\)"):
        replace(FAST, requests_per_second=0.0)
    with pytest.raises(ValueError, match=r"their burst is at least 1 \(not 0.5\)"):
        replace(FAST, request_burst=0.5)
    with pytest.raises(ValueError, match="tables an hour are at least 1, not 0"):
        replace(FAST, tables_per_hour=0)


# ---------------------------------------------------------------------- host names
REBINDING = "rebind.evil.example:8000"


def test_requests_for_a_host_name_not_served_are_refused(db_path: Path) -> None:
    with make_client(db_path) as client:
        refused = client.get("/api/server", headers={"host": REBINDING})
        assert refused.status_code == 421
        detail = refused.json()["detail"]
        assert detail.startswith(f"this request is for the host {REBINDING!r}, which this server does not "
                                 "answer to: it answers to IP addresses, localhost"), detail
        # the names served are not told: a refusal is read by anyone
        assert TEST_HOST not in detail and socket.gethostname().lower() not in detail and "--allowed-hosts" in detail
        assert refused.headers["content-security-policy"] == CSP
        for path in ("/", "/t/abc", "/api/docs"):
            assert client.get(path, headers={"host": REBINDING}).status_code == 421
        # a page at the rebinding name: its Origin is its Host, so the origin check alone passed it
        posted = client.post("/api/tables", json=ONE, headers={"host": REBINDING, "origin": f"http://{REBINDING}"})
        assert posted.status_code == 421 and not hall_of(client).tables
        created = client.post("/api/tables", json=ONE).json()
        with client.websocket_connect(f"/ws/tables/{created['id']}",
                                      headers={"host": REBINDING, "origin": f"http://{REBINDING}"}) as session:
            message = session.receive_json()
            assert message["type"] == "error" and message["code"] == "host", message
            assert "does not answer to" in message["reason"]
            with pytest.raises(WebSocketDisconnect) as closed:
                session.receive_json()
            assert closed.value.code == 4421
        assert client.get("/api/server", headers={"host": ""}).status_code == 421
        served = [socket.gethostname(), socket.getfqdn(), f"{socket.gethostname()}.local", "127.0.0.1:8000",
                  "[::1]:8000", "10.1.2.3", "localhost",
                  "LOCALHOST:1", "quarkade.localhost:8000", TEST_HOST, f"{TEST_HOST}:443"]
        for host in served:
            assert client.get("/api/server", headers={"host": host}).status_code == 200, host


def test_only_the_names_configured_are_served_besides_addresses_and_localhost(db_path: Path) -> None:
    app = create_app(str(db_path), bot_delay=0.0, limits=FAST, public_url="https://games.example.org/",
                     allowed_hosts=["Quarkade.LAN"])
    with TestClient(app) as client:
        assert client.get("/api/server").status_code == 421, "the TestClient's own name is no name of the server"
        for host in ("games.example.org", "games.example.org.:443", "quarkade.lan:8000", "127.0.0.1"):
            assert client.get("/api/server", headers={"host": host}).status_code == 200, host
        for host in ("example.org", "evil.games.example.org", "quarkade.lan.evil.example", "::1", "[::1",
                     "localhost:http", "10.1.2.3.evil.example", "0x7f.1"):
            assert client.get("/api/server", headers={"host": host}).status_code == 421, host
    with pytest.raises(ValueError, match="an allowed host is a host name alone"):
        create_app(str(db_path.with_name("bad.sqlite3")), allowed_hosts=["https://games.example.org"])


def test_a_request_without_a_host_is_refused() -> None:
    hosts = Hosts([])
    assert not hosts.allows(None) and not hosts.allows("")
    assert hosts.allows("[2001:db8::1]:8443") and not hosts.allows("[2001:db8::zz]")


# ---------------------------------------------------------------------- the API's page
def test_the_api_page_is_made_here_and_has_the_content_policy(client: TestClient) -> None:
    page = client.get("/api/docs")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert page.headers["content-security-policy"] == CSP
    text = page.text
    assert "<script" not in text.lower() and "http://" not in text and "https://" not in text
    assert '<span class="method post">POST</span><code>/api/tables</code>' in text
    create = text.split('id="post--api-tables"', 1)[1].split("<h2", 1)[0]
    for field in ("game", "players", "options", "seats", "turn_timer", "public", "play", "invite", "time_bank"):
        assert f"<td><code>{field}</code></td>" in create, field
    assert "<td><code>game</code></td><td>string</td><td>required</td><td>1 to 64 characters</td>" in create
    assert '<a href="#schema-TimeBank">TimeBank</a> or null' in create and "<code>201</code>" in create
    replay = text.split('id="get--api-tables-table_id-replay"', 1)[1].split("<h2", 1)[0]
    assert "<td><code>step</code></td><td>query</td><td>integer or null</td><td>optional</td>" in replay
    assert "<td><code>table_id</code></td><td>path</td><td>string</td><td>required</td>" in replay
    assert 'id="schema-TimeBank"' in text and "<td><code>reserve</code></td>" in text
    for path in client.get("/api/openapi.json").json()["paths"]:
        assert f"<code>{path}</code>" in text, path


def test_the_api_page_escapes_every_text_of_the_schema() -> None:
    page = apidocs.render({
        "info": {"title": "<i>T</i>", "version": "1"},
        "paths": {"/x/{<b>}": {"post": {
            "summary": "<script>alert(1)</script>", "description": "a & b\n\n<img src=x>",
            "parameters": [{"name": "<zz>", "in": "query", "schema": {"type": "string", "pattern": "<[a]>"}}],
            "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/B"}}}},
            "responses": {"200": {"description": "<ok>"}}}}},
        "components": {"schemas": {"B": {"type": "object", "properties": {"<f>": {"type": "string",
                                                                                  "default": "</td>"}}}}},
    })
    for raw in ("<script>", "<img", "<b>}", "<zz>", "<[a]>", "<ok>", "<f>", "</td>\"", "<i>T"):
        assert raw not in page, raw
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<p>a &amp; b</p>" in page


def test_the_examples_of_the_gates_and_the_hall_hold() -> None:
    import doctest

    from quarkade.faces.web import guards, hall

    for module in (guards, hall, apidocs):
        result = doctest.testmod(module, verbose=False)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_the_server_command_refuses_limits_no_request_could_pass(capsys: pytest.CaptureFixture[str]) -> None:
    from quarkade.faces.web.server import main

    with pytest.raises(SystemExit) as stopped:
        main(["--tables-per-hour", "0", "--db", "never-opened.sqlite3"])
    assert stopped.value.code == 2
    assert "tables an hour are at least 1, not 0" in capsys.readouterr().err
    assert not Path("never-opened.sqlite3").exists()


# ---------------------------------------------------------------------- finished tables loaded again
def test_finished_tables_loaded_again_from_one_address_are_limited(db_path: Path) -> None:
    """A finished table that left memory is loaded again by replaying its record (tens of
    milliseconds for a long game): one address may have only so many loaded a second, by any
    route (the API, its page, a websocket); a table in memory costs nothing."""
    limits = replace(FAST, revivals_per_second=0.001, revival_burst=2.0)
    with make_client(db_path, limits) as client:
        hall = hall_of(client)
        ids = []
        for _ in range(3):
            created = client.post("/api/tables", json=BOTS).json()
            wait_over(client, created["id"])
            ids.append(created["id"])
        hall.recent.clear()  # they left memory
        assert client.get(f"/api/tables/{ids[0]}").status_code == 200
        assert client.get(f"/api/tables/{ids[0]}").status_code == 200, "in memory again: not counted"
        assert client.get(f"/t/{ids[1]}").status_code == 200
        refused = client.get(f"/api/tables/{ids[2]}")
        assert refused.status_code == 429 and "finished tables loaded again from your address" in \
            refused.json()["detail"]
        assert int(refused.headers["retry-after"]) >= 1
        assert client.get(f"/t/{ids[2]}").status_code == 429
        with client.websocket_connect(f"/ws/tables/{ids[2]}") as session:
            message = session.receive_json()
            assert message["code"] == "rate", message
            with pytest.raises(WebSocketDisconnect) as closed:
                session.receive_json()
            assert closed.value.code == 4429
        assert ids[2] not in hall.recent, "a refused load loads nothing"
    with pytest.raises(ValueError, match="revivals per second are a positive number"):
        replace(FAST, revivals_per_second=0)


# ---------------------------------------------------------------------- from a second attacker's pass
def test_an_ipv6_network_counts_as_one_address() -> None:
    """One home or host is given a whole /64: counted address by address, it had more addresses
    than any limit (300 tables created from one /64 with a limit of 2)."""
    assert address_key("2001:db8:1:2::1") == address_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:198.51.100.4") == "198.51.100.4" and address_key("unix:/x") == "unix:/x"
    scope = {"type": "http", "client": ("2001:db8:1:2::42", 5000)}
    assert client_address(scope) == "2001:db8:1:2::/64"


def test_tables_created_from_every_address_together_are_limited(db_path: Path) -> None:
    with make_client(db_path, replace(FAST, tables_an_hour_in_all=3, tables_per_hour=100)) as client:
        hall = hall_of(client)
        made = []
        for _ in range(3):
            hall.creations.times.clear()  # as if from another address each time
            made.append(client.post("/api/tables", json=ONE).status_code)
        refused = client.post("/api/tables", json=ONE)
        assert made == [201, 201, 201] and refused.status_code == 429
        assert "this server has opened 3 tables in the last hour" in refused.json()["detail"]
        assert stored_tables(db_path) == 3


def test_a_closed_tables_record_is_not_read_to_refuse_it(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Asking for a closed or unknown table reads its row alone; a finished one's record is read
    only when it is loaded, after its address's allowance (a long record took 0.2 s a request)."""
    with make_client(db_path, replace(FAST, revivals_per_second=0.001, revival_burst=1.0)) as client:
        hall = hall_of(client)
        closed = client.post("/api/tables", json=ONE).json()
        assert client.post(f"/api/tables/{closed['id']}/close", json={"token": closed["host_token"]}).status_code == 200
        finished = client.post("/api/tables", json=BOTS).json()
        wait_over(client, finished["id"])
        other = client.post("/api/tables", json=BOTS).json()
        wait_over(client, other["id"])
        hall.recent.clear()
        reads: list[str] = []
        original = hall.store.actions_of
        monkeypatch.setattr(hall.store, "actions_of", lambda table_id: reads.append(table_id) or original(table_id))
        assert client.get(f"/api/tables/{closed['id']}").status_code == 410
        assert client.get("/api/tables/nothing").status_code == 404
        assert client.get(f"/api/tables/{finished['id']}").status_code == 200
        assert client.get(f"/api/tables/{other['id']}").status_code == 429
        assert reads == [finished["id"]], reads


def test_the_pages_own_files_are_not_counted_by_the_request_rate(db_path: Path) -> None:
    """A table's page is some thirty files: counted, a household behind one address was locked out
    by a few reloads. The API and the app's pages are counted."""
    with make_client(db_path, replace(FAST, requests_per_second=0.001, request_burst=3.0)) as client:
        for _ in range(20):
            assert client.get("/").status_code == 200
            assert client.get("/js/lobby.js").status_code == 200
        statuses = [client.get("/api/server").status_code for _ in range(4)]
        assert statuses == [200, 200, 200, 429]


def test_an_address_messages_over_all_its_connections_are_limited(db_path: Path) -> None:
    """Each connection has its rate; an address holding many had their sum (256 sockets at 20 a
    second): the address has a bucket of its own over all of them."""
    limits = replace(FAST, address_messages_per_second=0.001, address_message_burst=3.0)
    with make_client(db_path, limits) as client:
        created = client.post("/api/tables", json=ONE).json()
        with client.websocket_connect(f"/ws/tables/{created['id']}") as one, \
                client.websocket_connect(f"/ws/tables/{created['id']}") as two:
            for session in (one, two):
                while session.receive_json()["type"] != "state":
                    pass
            answers = []
            for session in (one, two, one, two):
                session.send_json({"type": "ping"})
                answer = session.receive_json()
                while answer["type"] not in ("pong", "error"):  # the table's news of the other's arrival
                    answer = session.receive_json()
                answers.append(answer)
            assert [answer["type"] for answer in answers[:3]] == ["pong"] * 3
            assert answers[3]["type"] == "error" and answers[3]["code"] == "rate", answers[3]
            assert "from an address" in answers[3]["reason"]


def test_trusting_every_proxy_is_refused() -> None:
    from quarkade.faces.web.running import proxy_networks

    with pytest.raises(ValueError, match="not \\*: with \\* every client could write the address"):
        proxy_networks("10.0.0.1, *")
    with pytest.raises(ValueError, match="takes IP addresses or networks, not 'proxy.example'"):
        proxy_networks("proxy.example")
