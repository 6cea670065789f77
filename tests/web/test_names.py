"""Players' names, closing a table, tables leaving the lobby, and invitation links whose
seat is taken: over the HTTP API and the websocket."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from .conftest import FAST, Peer, make_client, token_of
from .test_api import table_of

ADA = "A" * 11 + "browser-ada"  # browser ids: random secrets a browser keeps
BEA = "B" * 11 + "browser-bea"
EVIL = "<svg onload=alert(1)>"  # markup that would run if a page wrote a name as HTML


def open_table(client: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": "quirky-quarks", "seats": seats, **extra})
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def names_of(info: dict[str, Any]) -> list[str]:
    return [seat["name"] for seat in info["seats"]]


def listed(client: TestClient, table_id: str) -> dict[str, Any] | None:
    return next((t for t in client.get("/api/tables").json()["open"] if t["id"] == table_id), None)


def wait_over(client: TestClient, table_id: str) -> None:
    deadline = time.monotonic() + 20
    while not client.get(f"/api/tables/{table_id}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.02)


def secrets_in(created: dict[str, Any]) -> set[str]:
    found = {entry["token"] for entry in created.get("seats", [])}
    found |= {entry["code"] for entry in created.get("invitations", [])}
    if "host_token" in created:
        found.add(created["host_token"])
    return found


# ---------------------------------------------------------------------- names
@pytest.mark.parametrize(("name", "why"), [
    ("", "1 to 24 characters"),
    ("   ", "1 to 24 characters"),
    ("x" * 25, "not 25"),
    ("Ada\nLovelace", "printable"),
    ("Ada\tL", "printable"),
    ("Ada\u202e", "printable"),
    ("<img src=x onerror=alert(1)>", "not 28"),
    ("Bot (heuristic)", "reads like the label of a bot"),
    ("bot 2 (random)", "reads like the label of a bot"),
    ("Seat 2", "of a seat without a name"),
    # look-alikes: a Cyrillic S, a Greek o, fullwidth letters, Cyrillic e, a and t
    ("\u0405eat 2", "of a seat without a name"),
    ("B\u03bft (random)", "reads like the label of a bot"),
    ("\uff33\uff45\uff41\uff54 \uff12", "of a seat without a name"),
    ("S\u0435\u0430\u0442 3", "of a seat without a name"),
])
def test_a_bad_name_is_refused_with_a_reason_and_opens_nothing(client: TestClient, name: str, why: str) -> None:
    refused = client.post("/api/tables", json={"game": "quirky-quarks", "seats": ["human", "random"], "name": name})
    assert refused.status_code == 400 and why in refused.json()["detail"]
    assert client.get("/api/tables").json()["open"] == []


@pytest.mark.parametrize("name", ["Zo\u00eb", "\u0418\u0432\u0430\u043d", "\u674e\u5a1c", "Seat", "Bot", "Seats 2 go"])
def test_names_in_any_script_are_taken_when_they_are_no_label(client: TestClient, name: str) -> None:
    created = open_table(client, ["human", "random"], name=name)
    assert names_of(created["table"])[0] == name


def test_names_are_trimmed_and_shown_for_every_seat(client: TestClient) -> None:
    created = open_table(client, ["human", "human", "heuristic"], name="  Ada Lovelace  ", browser=ADA, play=[0])
    assert names_of(created["table"]) == ["Ada Lovelace", "Seat 2", "Bot (heuristic)"]
    code = created["invitations"][0]["code"]
    joined = client.post(f"/api/tables/{created['id']}/join", json={"invitation": code, "name": EVIL, "browser": BEA})
    assert joined.status_code == 200
    assert names_of(joined.json()["table"]) == ["Ada Lovelace", EVIL, "Bot (heuristic)"]
    bad = client.post(f"/api/tables/{created['id']}/join", json={"name": "Bea", "browser": "short"})
    assert bad.status_code == 400 and "browser id" in bad.json()["detail"]


def test_a_hot_seat_host_names_its_first_seat_and_the_others_keep_their_numbers(client: TestClient) -> None:
    created = open_table(client, ["human", "human", "random"], name="Ada", play=[0, 1])
    assert names_of(created["table"]) == ["Ada", "Seat 2", "Bot (random)"]


def test_names_reach_every_payload_and_browser_ids_none(client: TestClient) -> None:
    created = open_table(client, ["human", "human"], name="Ada", browser=ADA)
    joined = client.post(f"/api/tables/{created['id']}/join", json={"name": "Bea", "browser": BEA}).json()
    with client.websocket_connect(f"/ws/tables/{created['id']}") as session:
        spectator = Peer(session)
        greeting = spectator.greet()
        assert names_of(greeting[1]["table"]) == ["Ada", "Bea"]
        everything = json.dumps(greeting)
    everything += client.get("/api/tables").text + client.get(f"/api/tables/{created['id']}").text
    assert "Ada" in everything and "Bea" in everything
    for secret in [ADA, BEA, *secrets_in(created), *secrets_in(joined)]:
        assert secret not in everything


def test_names_survive_a_restart(db_path: Path) -> None:
    with make_client(db_path) as client:
        created = open_table(client, ["human", "human", "random"], name="Ada", browser=ADA, public=False)
        code = created["invitations"][0]["code"]
        client.post(f"/api/tables/{created['id']}/join", json={"invitation": code, "name": "Bea", "browser": BEA})
    with make_client(db_path) as client:
        info = client.get(f"/api/tables/{created['id']}").json()["table"]
        assert names_of(info) == ["Ada", "Bea", "Bot (random)"]
        # the digest of the browser id survives too: the same browser still gets its seat back
        back = client.post(f"/api/tables/{created['id']}/join", json={"invitation": code, "browser": BEA})
        assert back.status_code == 200 and [s["seat"] for s in back.json()["seats"]] == [1]


def test_a_player_renames_its_own_seat_only(client: TestClient) -> None:
    created = open_table(client, ["human", "human"], name="Ada", play=[0, 1])
    url = f"/api/tables/{created['id']}/name"
    with client.websocket_connect(f"/ws/tables/{created['id']}") as session:
        spectator = Peer(session)
        spectator.greet()
        renamed = client.post(url, json={"token": token_of(created, 1), "name": " Bea "})
        assert renamed.status_code == 200 and renamed.json() == {"seat": 1, "name": "Bea"}
        told = [m for m in spectator.sync() if m["type"] == "table"]
        assert told and names_of(told[-1]["table"]) == ["Ada", "Bea"]
    assert client.post(url, json={"token": created["host_token"], "name": "Eve"}).status_code == 403
    assert client.post(url, json={"token": token_of(created, 0), "name": "\x00"}).status_code == 400
    assert names_of(client.get(f"/api/tables/{created['id']}").json()["table"]) == ["Ada", "Bea"]


def test_a_finished_game_keeps_the_names_it_was_played_under(client: TestClient) -> None:
    """An outside attack: renaming every seat of a finished table after the end rewrote the lobby's
    result and the leaderboard. The names a game finished under stand."""
    import random

    from .test_api import table_of

    created = open_table(client, ["human", "human"], name="Ada", play=[0, 1])
    table, chooser = table_of(client, created["id"]), random.Random(1)
    while not table.state.is_over:
        seat = table.state.to_act[0]
        table.commit(seat, chooser.choice(table.state.legal_actions(seat)))
    url = f"/api/tables/{created['id']}/name"
    refused = client.post(url, json={"token": token_of(created, 1), "name": "Ada"})
    assert refused.status_code == 409 and "the names it was played under stand" in refused.text
    assert names_of(client.get(f"/api/tables/{created['id']}").json()["table"])[1] != "Ada"


# ---------------------------------------------------------------------- invitations
def test_a_used_invitation_gives_its_browser_the_seat_back_and_tells_others_who_holds_it(client: TestClient) -> None:
    created = open_table(client, ["human", "human", "random"], name="Ada", browser=ADA, public=False)
    code = created["invitations"][0]["code"]
    url = f"/api/tables/{created['id']}/join"
    first = client.post(url, json={"invitation": code, "name": "Bea", "browser": BEA}).json()
    again = client.post(url, json={"invitation": code, "browser": BEA})
    assert again.status_code == 200, "the same browser, the same seat"
    assert [entry["seat"] for entry in again.json()["seats"]] == [entry["seat"] for entry in first["seats"]]
    # with a new token (only its digest is kept), which voids the first
    table = table_of(client, created["id"])
    renewed, old = again.json()["seats"][0]["token"], first["seats"][0]["token"]
    assert renewed != old and table.seat_of(renewed) == first["seats"][0]["seat"] and table.seat_of(old) is None
    for other in ({"invitation": code}, {"invitation": code, "browser": ADA, "name": "Ada"}):
        refused = client.post(url, json=other)
        assert refused.status_code == 403
        answer = refused.json()
        assert answer["taken"] == {"seat": 1, "name": "Bea"} and "Bea plays it" in answer["detail"]
        assert "watch" in answer["detail"] and first["seats"][0]["token"] not in refused.text
    # a link whose seat a newcomer from the lobby took says who took it
    public = open_table(client, ["human", "human"], name="Ada")
    stranger = client.post(f"/api/tables/{public['id']}/join", json={"name": "Cy", "browser": "C" * 22})
    assert stranger.status_code == 200
    late = client.post(f"/api/tables/{public['id']}/join", json={"invitation": public["invitations"][0]["code"]})
    assert late.status_code == 403 and late.json()["taken"] == {"seat": 1, "name": "Cy"}


# ---------------------------------------------------------------------- closing
def test_the_host_closes_its_table_everyone_is_told_and_it_leaves_the_lobby(client: TestClient) -> None:
    created = open_table(client, ["human", "human"], name="Ada")
    table_id = created["id"]
    url = f"/api/tables/{table_id}/close"
    closing = client.app.state.hall  # type: ignore[attr-defined]
    live = closing.tables[table_id]
    assert client.post(url, json={"token": token_of(created, 0)}).status_code == 403, "a player is not the host"
    assert listed(client, table_id) is not None
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token_of(created, 0)}") as session:
        player = Peer(session)
        player.greet()
        closed = client.post(url, json={"token": created["host_token"]})
        assert closed.status_code == 200 and closed.json()["status"] == "closed"
        told = player.receive()
        assert told["type"] == "closed" and "host closed" in told["reason"]
        with pytest.raises(WebSocketDisconnect) as ended:
            player.receive()
        assert ended.value.code == 4410
    table = closing.tables.get(table_id)
    assert table is None and closing.get(table_id) is None
    assert listed(client, table_id) is None
    gone = client.get(f"/api/tables/{table_id}")
    assert gone.status_code == 410 and "closed" in gone.json()["detail"]
    assert client.post(f"/api/tables/{table_id}/join").status_code == 410
    assert live.connections == [], "the connections left the table: their going arms no timer"
    with client.websocket_connect(f"/ws/tables/{table_id}") as session:
        refused = session.receive_json()
        assert refused["code"] == "no_table" and "closed" in refused["reason"]


def test_a_game_past_the_servers_limit_of_actions_is_closed_with_its_record_kept(db_path: Path) -> None:
    """A game some options let go on for ever (a turn limit of 0) must not grow without end: at
    the limit of actions the server closes the table, says why, and keeps the record."""
    with make_client(db_path, replace(FAST, actions_per_table=12)) as client:
        created = open_table(client, ["random", "random"])
        table_id = created["id"]
        deadline = time.monotonic() + 20
        while (answer := client.get(f"/api/tables/{table_id}")).status_code == 200:
            assert time.monotonic() < deadline, "the bots did not reach the limit"
            time.sleep(0.02)
        assert answer.status_code == 410
        assert answer.json()["detail"] == "the game went on past 12 actions, the server's limit"
        stored = client.app.state.store.load(table_id)  # type: ignore[attr-defined]
        assert stored.row["status"] == "closed" and len(stored.actions) == 12
    with pytest.raises(ValueError, match="actions a table are at least 1, not 0"):
        replace(FAST, actions_per_table=0)


def test_a_finished_table_cannot_be_closed(client: TestClient) -> None:
    created = open_table(client, ["random", "random"])
    wait_over(client, created["id"])
    refused = client.post(f"/api/tables/{created['id']}/close", json={"token": created["host_token"]})
    assert refused.status_code == 409 and "over" in refused.json()["detail"]


# ---------------------------------------------------------------------- the lobby's list
@pytest.mark.alone  # a table is unlisted after 1 s, looked at after 1.2 s
def test_abandoned_tables_leave_the_list_and_finished_ones_move_to_the_finished_list(db_path: Path) -> None:
    with make_client(db_path, replace(FAST, unlisted_after=1.0)) as client:
        finished = open_table(client, ["random", "random"])
        wait_over(client, finished["id"])
        watched = open_table(client, ["human", "human"], name="Ada")
        left = open_table(client, ["human", "human"], name="Bea")
        with client.websocket_connect(f"/ws/tables/{watched['id']}") as session:
            Peer(session).greet()
            assert listed(client, left["id"]) is not None, "a new table is listed"
            time.sleep(1.2)
            assert listed(client, watched["id"]) is not None, "a table someone is at stays listed"
            assert listed(client, left["id"]) is None, "nobody there and nothing happened: unlisted"
        assert client.get(f"/api/tables/{left['id']}").status_code == 200, "its links still work"
        # its players still find it in the lobby, under their own tables
        mine = client.get("/api/tables", params={"mine": f"{left['id']},{finished['id']},nothing"}).json()
        assert [t["id"] for t in mine["yours"]] == [left["id"]], "unlisted, not finished, and real"
        listing = client.get("/api/tables").json()
        assert finished["id"] not in [t["id"] for t in listing["open"]]
        done = next(t for t in listing["finished"] if t["id"] == finished["id"])
        assert names_of(done) == ["Bot 1 (random)", "Bot 2 (random)"], "two bots of one level, told apart"
        # someone coming back lists it again
        client.post(f"/api/tables/{left['id']}/join", json={"name": "Cy"})
        assert names_of(listed(client, left["id"]) or {"seats": []}) == ["Bea", "Cy"]
