"""A server killed in the middle of a game (SIGKILL) loses no accepted action: restarted on
the same database it replays every unfinished table, its bots resume, and play goes on."""

from __future__ import annotations

import json
import sqlite3
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

import quarkade
from quarkade.core import Chance

from .conftest import LiveServer, Message


class LivePeer:
    """A seat's websocket to a live server, acting at random when it may."""

    def __init__(self, server: LiveServer, table_id: str, token: str, chance: Chance) -> None:
        # (entered as a context, as websockets asks of a connection it should close)
        self.stack = ExitStack()
        self.socket: ClientConnection = self.stack.enter_context(
            connect(f"{server.ws_url}/ws/tables/{table_id}?token={token}", open_timeout=10))
        self.chance = chance
        self.state: Message | None = None
        self.accepted: list[str] = []
        self.over: Message | None = None

    def pump(self, timeout: float) -> bool:
        """Read one message (False when none came in time) and act on it if it asks to."""
        try:
            message: Message = json.loads(self.socket.recv(timeout=timeout))
        except TimeoutError:
            return False
        if message["type"] == "over":
            self.over = message
        if message["type"] != "state":
            return True
        self.state = message
        if message["last"] is not None:
            self.accepted.append(message["last"]["action"])
        if message["legal"]:
            legal = message["legal"]
            self.socket.send(json.dumps({"type": "act", "action": legal[self.chance.below(len(legal))],
                                         "seq": message["seq"]}))
        return True

    def close(self) -> None:
        self.stack.close()


def stored_record(db: Path, table_id: str) -> tuple[int, list[tuple[int, str]]]:
    with sqlite3.connect(db) as database:
        (seed,) = database.execute("select seed from quarkade_tables where id = ?", (table_id,)).fetchone()
        actions = database.execute(
            "select seat, action from quarkade_actions where table_id = ? order by step", (table_id,)
        ).fetchall()
    return int(seed), [(int(seat), str(action)) for seat, action in actions]


def play(peers: list[LivePeer], until: int | None) -> None:
    """Let the peers play until the game ends or ``until`` actions are accepted in all."""
    idle = 0
    while all(p.over is None for p in peers):
        busy = any([p.pump(0.05) for p in peers])
        idle = 0 if busy else idle + 1
        assert idle < 200, "the table stopped moving"
        if until is not None and sum(len(p.accepted) for p in peers) >= until:
            return


def test_a_killed_server_resumes_every_table_where_it_was(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    server = LiveServer(db)
    try:
        created: dict[str, Any] = httpx.post(f"{server.url}/api/tables", json={
            "game": "quirky-quarks", "seats": ["human", "random", "human"], "play": [0, 2]}).json()
        table_id = created["id"]
        tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
        chance = Chance(2024)
        peers = [LivePeer(server, table_id, tokens[seat], chance) for seat in (0, 2)]
        play(peers, 30)
        server.kill()  # SIGKILL, in the middle of the game and of whatever it was doing
        for peer in peers:
            peer.close()
        seed, saved = stored_record(db, table_id)
        accepted = [p.accepted for p in peers]
        for seat, actions in zip((0, 2), accepted, strict=True):
            assert [text for s, text in saved if s == seat][: len(actions)] == actions, \
                f"seat {seat} was told of an action the database does not have"
        assert sum(len(a) for a in accepted) >= 30

        server = LiveServer(db)
        rules_version = quarkade.load("quirky-quarks", players=3).info.rules_version
        # The bots resume at once and move until a person must act; then the table rests.
        for _ in range(200):
            answer = httpx.get(f"{server.url}/api/tables/{table_id}").json()
            _, now = stored_record(db, table_id)
            resumed = quarkade.replay(quarkade.Record("quirky-quarks", rules_version, 3, {}, seed, now))
            if answer["view"] == resumed.view(None).to_json():
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the resumed table is not the replay of its saved record")
        assert now[: len(saved)] == saved and answer["over"] is False

        peers = [LivePeer(server, table_id, tokens[seat], chance) for seat in (0, 2)]
        play(peers, None)
        over = next(p.over for p in peers if p.over is not None)
        assert over is not None
        final = over["record"]
        assert final["seed"] == seed
        assert [tuple(a) for a in final["actions"]][: len(saved)] == saved
        for peer in peers:
            peer.close()
        assert httpx.get(f"{server.url}/api/tables/{table_id}").json()["over"] is True
    finally:
        server.stop()
