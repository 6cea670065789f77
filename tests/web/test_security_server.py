"""The server as it runs in production, in its own process on the loopback interface: no
secret in its logs, X-Forwarded-For believed only from configured proxies, one server per
database, slow clients cut off, the remote bot of docs/protocol.md never stalled by the
rate limit, and the gates in front of the app (host names, request rate, tables an hour) set
by the server's options."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from .conftest import LiveServer

DOCS = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
TWO = {"game": "quirky-quarks", "seats": ["human", "human"]}


def test_no_secret_reaches_the_logs_of_a_live_server(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "logs.sqlite3", quiet=False)
    try:
        created = httpx.post(f"{server.url}/api/tables", json=TWO).json()
        table_id, token, host = created["id"], created["seats"][0]["token"], created["host_token"]
        code = created["invitations"][0]["code"]
        secrets = [token, host, code]
        httpx.get(f"{server.url}/t/{table_id}", params={"invite": code})
        httpx.get(f"{server.url}/api/tables/{table_id}/replay", params={"seat": 0, "token": token})
        with connect(f"{server.ws_url}/ws/tables/{table_id}?token={token}&host={host}") as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
        with connect(f"{server.ws_url}/ws/tables/{table_id}?token=wrong-{token}") as ws:
            assert json.loads(ws.recv(timeout=10))["code"] == "bad_token"
        joined = httpx.post(f"{server.url}/api/tables/{table_id}/join", json={"invitation": code}).json()
        secrets.append(joined["seats"][0]["token"])
        time.sleep(0.5)  # let the server write its lines
    finally:
        server.stop()
    log = Path(server.log.name).read_text()
    assert f"/ws/tables/{table_id}?token=…&host=…" in log, "the websocket lines were not logged at all"
    assert f"/t/{table_id}?invite=…" in log and "replay?seat=0&token=…" in log
    for secret in secrets:
        assert secret not in log, "a secret reached the server's log"


def test_forwarded_addresses_are_believed_only_from_configured_proxies(tmp_path: Path) -> None:
    body = {"game": "quirky-quarks", "seats": ["human", "random"]}
    for trusted, expected in ((None, 429), ("127.0.0.1", 201)):
        extra = ["--tables-per-client", "2"] + (["--trust-proxy", trusted] if trusted else [])
        server = LiveServer(tmp_path / f"proxy-{expected}.sqlite3", extra=extra)
        try:
            statuses = [httpx.post(f"{server.url}/api/tables", json=body,
                                   headers={"x-forwarded-for": f"203.0.113.{n}"}).status_code for n in range(3)]
        finally:
            server.stop()
        assert statuses == [201, 201, expected], (trusted, statuses)


def test_a_second_server_refuses_a_database_a_live_one_holds(tmp_path: Path) -> None:
    db = tmp_path / "held.sqlite3"
    first = LiveServer(db)
    try:
        second = subprocess.run(
            [sys.executable, "-m", "quarkade.faces.web.server", "--port", "0", "--db", str(db), "--quiet"],
            capture_output=True, text=True, timeout=60)
        assert second.returncode != 0
        assert f"process {first.process.pid}" in second.stderr and "is using the database" in second.stderr
        created = httpx.post(f"{first.url}/api/tables", json=TWO).json()
        first.kill()  # the lock dies with the process, even killed
        again = LiveServer(db)
        try:
            assert httpx.get(f"{again.url}/api/tables/{created['id']}").status_code == 200
        finally:
            again.stop()
    finally:
        first.stop()


@pytest.mark.alone  # the header timeout is measured
def test_clients_that_never_finish_their_headers_are_cut_off(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "slow.sqlite3", extra=["--header-timeout", "1"])
    slow: list[socket.socket] = []
    try:
        for n in range(6):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            if n:  # one sends nothing at all
                sock.sendall(b"GET /api/ser" if n % 2 else b"GET /api/server HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            slow.append(sock)
        started = time.monotonic()
        assert httpx.get(f"{server.url}/api/server", timeout=5).status_code == 200, "others are served meanwhile"
        for sock in slow:
            assert sock.recv(1024) == b"", "the server closes a slow connection without answering"
        elapsed = time.monotonic() - started
        assert elapsed < 5, f"slow clients were held {elapsed:.1f} s"
        assert httpx.get(f"{server.url}/api/server", timeout=5).status_code == 200
    finally:
        for sock in slow:
            sock.close()
        server.stop()


@pytest.mark.alone  # the server counts the connections within 0.3 s
def test_one_address_may_hold_only_a_few_connections_without_headers(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "many.sqlite3", extra=["--header-timeout", "20", "--pending-per-address", "3"])
    held: list[socket.socket] = []
    try:
        for _ in range(3):
            held.append(socket.create_connection(("127.0.0.1", server.port), timeout=10))
        time.sleep(0.3)  # the server has counted them
        extra = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        started = time.monotonic()
        assert extra.recv(1024) == b"", "a fourth connection without headers is closed"
        assert time.monotonic() - started < 5, "closed at once, not after the header timeout"
        extra.close()
        for sock in held:
            sock.close()
        time.sleep(0.3)
        assert httpx.get(f"{server.url}/api/server", timeout=5).status_code == 200, "finished ones count no more"
    finally:
        for sock in held:
            sock.close()
        server.stop()


def documented_bot() -> str:
    """The remote bot's code, as docs/protocol.md gives it."""
    section = DOCS.read_text().split("## A remote bot, in Python", 1)[1]
    found = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert found is not None
    return found.group(1)


def test_the_documented_bot_plays_to_the_end_through_the_rate_limit(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import websockets.sync.client as client_module

    server = LiveServer(tmp_path / "bot.sqlite3", bot_delay=0.0,
                        extra=["--messages-per-second", "8", "--message-burst", "2"])
    heard: list[dict[str, Any]] = []
    real_connect = client_module.connect

    class Recording:
        """The bot's socket, recording what it receives."""

        def __init__(self, url: str) -> None:
            self.url = url.replace("ws://127.0.0.1:8000", server.ws_url)
            self.stack = ExitStack()

        def __enter__(self) -> Recording:
            self.socket = self.stack.enter_context(real_connect(self.url, open_timeout=10))
            return self

        def __exit__(self, *_exc: object) -> None:
            self.stack.close()

        def __iter__(self) -> Any:
            for raw in self.socket:
                heard.append(json.loads(raw))
                yield raw

        def send(self, text: str) -> None:
            self.socket.send(text)

    outcome: list[BaseException | None] = []

    def run(table_id: str, seat_token: str) -> None:
        try:
            exec(documented_bot(), {"table_id": table_id, "seat_token": seat_token})  # noqa: S102
            outcome.append(None)
        except BaseException as error:  # reported by the test, below
            outcome.append(error)

    try:
        created = httpx.post(f"{server.url}/api/tables", json={
            "game": "quirky-quarks", "seats": ["human", "random", "random"]}).json()
        monkeypatch.setattr(client_module, "connect", Recording)
        bot = threading.Thread(target=run, args=(created["id"], created["seats"][0]["token"]), daemon=True)
        bot.start()
        bot.join(timeout=120)
        assert not bot.is_alive(), "the documented bot stalled"
    finally:
        server.stop()
    assert outcome == [None], outcome
    kinds = [m.get("code", m["type"]) for m in heard]
    assert kinds[-1] == "over"
    assert "rate" in kinds, "the bot never met the rate limit: the test proves nothing"


def closed(sock: socket.socket) -> bool:
    """Whether the server closed the connection without answering (a reset is a close too)."""
    try:
        return sock.recv(1024) == b""
    except ConnectionResetError:
        return True


@pytest.mark.alone  # the body timeout is measured
def test_clients_that_never_finish_a_body_are_cut_off(tmp_path: Path) -> None:
    """Headers sent whole, then a body promised and never sent (or trickled): cut off as a
    slow header is, and counted against the address while it lasts."""
    server = LiveServer(tmp_path / "body.sqlite3", extra=["--header-timeout", "1", "--pending-per-address", "3"])
    held: list[socket.socket] = []
    try:
        for n in range(3):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 100\r\n\r\n" + (b"{" if n else b""))
            held.append(sock)
        time.sleep(0.3)
        fourth = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        fourth.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n")
        held.append(fourth)
        assert closed(fourth), "a fourth stalled body from one address is refused at once"
        started = time.monotonic()
        for sock in held[:3]:
            assert closed(sock), "the server closes a stalled body without answering"
        assert time.monotonic() - started < 3, "stalled bodies were held past their time"
        created = httpx.post(f"{server.url}/api/tables", json={"game": "quirky-quarks", "seats": ["human", "random"]},
                             timeout=5)
        assert created.status_code == 201, "a whole request is served as ever"
    finally:
        for sock in held:
            sock.close()
        server.stop()


def test_a_live_server_takes_its_gates_from_its_options(tmp_path: Path) -> None:
    """--allowed-hosts, --tables-per-hour, --requests-per-second and --request-burst reach the
    server, and a request without any Host (HTTP/1.0 allows it) is refused."""
    server = LiveServer(tmp_path / "gates.sqlite3", extra=[
        "--allowed-hosts", "games.example.org,quarkade.lan", "--tables-per-hour", "2",
        "--requests-per-second", "0.5", "--request-burst", "12"])
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            limits = http.get("/api/server").json()["limits"]
            assert (limits["tables_per_hour"], limits["requests_per_second"], limits["request_burst"]) == (2, 0.5, 12)
            for host in ("games.example.org", "quarkade.lan:8000", f"127.0.0.1:{server.port}"):
                assert http.get("/api/games", headers={"host": host}).status_code == 200, host
            refused = http.get("/api/games", headers={"host": "rebind.evil.example"})
            assert refused.status_code == 421 and "quarkade.lan" not in refused.json()["detail"]  # names not told
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
                raw.sendall(b"GET /api/server HTTP/1.0\r\n\r\n")
                answer = b""
                while chunk := raw.recv(4096):
                    answer += chunk
            assert answer.startswith(b"HTTP/1.1 421") and b"names no host" in answer, answer[:300]
            assert [http.post("/api/tables", json=TWO).status_code for _ in range(3)] == [201, 201, 429]
            statuses = [http.get("/api/server").status_code for _ in range(10)]
            assert statuses[-1] == 429, statuses
            last = http.get("/api/server")
            assert last.status_code == 429 and int(last.headers["retry-after"]) >= 1
            assert "too many requests from your address" in last.json()["detail"]
    finally:
        server.stop()
