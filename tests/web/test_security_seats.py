"""Who gets which seat, and what a hostile client or page can do through the API and the
websocket: tokens issued once, invitations used once, no seat for a stranger but an open
one, origins checked, links from configuration, every malformed input refused with a
reason while the socket stays, and a refused action answered with the state to retry."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from quarkade.faces.web.server import create_app

from .conftest import CALM_SEED, FAST, TEST_HOST, Peer, errors, fix_seed, make_client
from .test_api import hall_of, table_of, wait_over
from .test_names import secrets_in

TWO = ["human", "human"]


def open_table(client: TestClient, seats: list[str], **body: Any) -> dict[str, Any]:
    """A table as the lobby opens it (the server's own defaults unless ``body`` says)."""
    response = client.post("/api/tables", json={"game": "quirky-quarks", "seats": seats, **body})
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def tokens_in(answer: dict[str, Any]) -> set[str]:
    return {entry["token"] for entry in answer.get("seats", [])}


@pytest.fixture
def peers(client: TestClient) -> Iterator[list[Any]]:
    opened: list[Any] = []
    yield opened
    for session in opened:
        session.__exit__(None, None, None)


def peer(client: TestClient, opened: list[Any], path: str, **kwargs: Any) -> Peer:
    session = client.websocket_connect(path, **kwargs)
    opened.append(session)
    connected = Peer(session.__enter__())
    connected.greet()
    return connected


# ---------------------------------------------------------------------- seats
def test_a_stranger_polling_the_lobby_never_gets_a_token_someone_holds(client: TestClient) -> None:
    issued: set[str] = set()
    invitations: list[tuple[str, str]] = []
    for _ in range(10):
        created = open_table(client, TWO)
        assert [entry["seat"] for entry in created["seats"]] == [0], "the host plays one seat"
        assert [entry["seat"] for entry in created["invitations"]] == [1]
        issued |= tokens_in(created)
        invitations.append((created["id"], created["invitations"][0]["code"]))
    taken = 0
    for table in client.get("/api/tables").json()["open"]:
        answer = client.post(f"/api/tables/{table['id']}/join")
        if answer.status_code == 200:
            taken += 1
            got = answer.json()
            assert [entry["seat"] for entry in got["seats"]] == [1], "only the seat the host left open"
            assert not tokens_in(got) & issued, "a token someone holds was handed out again"
            issued |= tokens_in(got)
    assert taken == 10
    # the friends' invitations to the seats the strangers took are void, and say so
    for table_id, code in invitations:
        refused = client.post(f"/api/tables/{table_id}/join", json={"invitation": code})
        assert refused.status_code == 403 and "not valid any more" in refused.json()["detail"]


def test_an_invitation_is_exchanged_once_and_reserved_seats_stay_out_of_the_lobby(client: TestClient) -> None:
    created = open_table(client, ["human", "human", "human"], play=[0], invite=[1])
    seats = {entry["seat"]: entry for entry in created["invitations"]}
    assert set(seats) == {1, 2} and seats[1]["open"] is False and seats[2]["open"] is True
    assert seats[1]["link"] == f"/t/{created['id']}?invite={seats[1]['code']}"
    listed = next(t for t in client.get("/api/tables").json()["open"] if t["id"] == created["id"])
    assert [s["open"] for s in listed["seats"]] == [False, False, True]
    stranger = client.post(f"/api/tables/{created['id']}/join").json()
    assert [entry["seat"] for entry in stranger["seats"]] == [2]
    assert client.post(f"/api/tables/{created['id']}/join").status_code == 409, "seat 1 waits for its guest"
    friend = client.post(f"/api/tables/{created['id']}/join", json={"invitation": seats[1]["code"]})
    assert friend.status_code == 200 and [entry["seat"] for entry in friend.json()["seats"]] == [1]
    tokens = tokens_in(created) | tokens_in(stranger) | tokens_in(friend.json())
    assert len(tokens) == 3 and created["host_token"] not in tokens
    again = client.post(f"/api/tables/{created['id']}/join", json={"invitation": seats[1]["code"]})
    assert again.status_code == 403, "an invitation works once"
    wrong = client.post(f"/api/tables/{created['id']}/join", json={"invitation": "made-up"})
    assert wrong.status_code == 403
    table = table_of(client, created["id"])
    assert table.invitations == [None, None, None]


def test_a_private_table_keeps_every_seat_for_its_invitations(client: TestClient) -> None:
    created = open_table(client, TWO, public=False)
    assert client.post(f"/api/tables/{created['id']}/join").status_code == 403
    code = created["invitations"][0]["code"]
    assert client.post(f"/api/tables/{created['id']}/join", json={"invitation": code}).status_code == 200


def test_the_host_deals_a_new_invitation_and_the_old_one_stops_working(client: TestClient) -> None:
    created = open_table(client, ["human", "human", "human"], public=False)
    table_id, old = created["id"], created["invitations"][0]["code"]
    url = f"/api/tables/{table_id}/invite"
    assert client.post(url, json={"token": "guess", "seat": 1}).status_code == 403
    seat_token = created["seats"][0]["token"]
    assert client.post(url, json={"token": seat_token, "seat": 1}).status_code == 403, "a player is not the host"
    assert client.post(url, json={"token": created["host_token"], "seat": 0}).status_code == 409, "the host's own"
    assert client.post(url, json={"token": created["host_token"], "seat": 7}).status_code == 400
    dealt = client.post(url, json={"token": created["host_token"], "seat": 1})
    assert dealt.status_code == 201
    new = dealt.json()
    assert new["code"] != old and new["link"] == f"/t/{table_id}?invite={new['code']}"
    assert client.post(f"/api/tables/{table_id}/join", json={"invitation": old}).status_code == 403
    taken = client.post(f"/api/tables/{table_id}/join", json={"invitation": new["code"]}).json()
    assert [entry["seat"] for entry in taken["seats"]] == [1]
    assert client.post(url, json={"token": created["host_token"], "seat": 1}).status_code == 409


def test_the_host_holds_no_token_of_a_seat_it_does_not_play(client: TestClient, peers: list[Any]) -> None:
    created = open_table(client, ["human", "human", "random"])
    table = table_of(client, created["id"])
    assert table.tokens[1] is None, "no token exists before the guest takes the seat"
    host = peer(client, peers, f"/ws/tables/{created['id']}?token={created['host_token']}")
    assert host.messages[0]["seat"] is None and host.state is not None and "hand" not in host.state["view"]


def test_play_again_gives_the_host_its_own_seats_and_new_invitations_only(client: TestClient,
                                                                         peers: list[Any]) -> None:
    fix_seed(client, CALM_SEED)
    created = open_table(client, TWO, play=[0], invite=[1])
    guest = client.post(f"/api/tables/{created['id']}/join",
                        json={"invitation": created["invitations"][0]["code"]}).json()
    table = table_of(client, created["id"])
    players = {0: peer(client, peers, f"/ws/tables/{created['id']}?token={created['seats'][0]['token']}"),
               1: peer(client, peers, f"/ws/tables/{created['id']}?token={guest['seats'][0]['token']}")}
    while not table.over:
        seat = table.state.to_act[0]
        players[seat].sync()
        assert not errors(players[seat].act(str(table.state.legal_actions(seat)[-1])))
    host = client.post(f"/api/tables/{created['id']}/again", json={"token": created["host_token"]})
    assert host.status_code == 201
    answer = host.json()
    assert [entry["seat"] for entry in answer["seats"]] == [0], "the host gets the seat it plays, no other"
    assert [entry["seat"] for entry in answer["invitations"]] == [1]
    following = table_of(client, answer["id"])
    assert following.tokens[1] is None
    player = client.post(f"/api/tables/{created['id']}/again", json={"token": guest["seats"][0]["token"]})
    assert player.status_code == 201 and player.json()["id"] == answer["id"]
    mine = player.json()
    assert [entry["seat"] for entry in mine["seats"]] == [1] and "host_token" not in mine
    assert not tokens_in(mine) & (tokens_in(answer) | tokens_in(guest) | tokens_in(created))
    assert "invitations" not in mine
    twice = client.post(f"/api/tables/{created['id']}/again", json={"token": guest["seats"][0]["token"]})
    assert twice.status_code == 409, "a token is never handed out twice"
    late = client.post(f"/api/tables/{answer['id']}/join", json={"invitation": answer["invitations"][0]["code"]})
    assert late.status_code == 403, "the invitation to a seat its player took back is void"
    # the host asking again gets its own seat again (it is the same person) with a new token, which
    # voids the one it was dealt before (only digests are kept: the old one cannot be handed out)
    host_again = client.post(f"/api/tables/{created['id']}/again", json={"token": created["host_token"]}).json()
    assert [entry["seat"] for entry in host_again["seats"]] == [0] and host_again["invitations"] == []
    assert not tokens_in(host_again) & tokens_in(answer) and host_again["host_token"] != answer["host_token"]
    assert following.seat_of(host_again["seats"][0]["token"]) == 0
    assert following.seat_of(answer["seats"][0]["token"]) is None
    assert following.is_host(host_again["host_token"]) and not following.is_host(answer["host_token"])


def test_a_next_game_opened_by_a_player_leaves_its_invitations_to_the_host(client: TestClient,
                                                                         peers: list[Any]) -> None:
    fix_seed(client, CALM_SEED)
    created = open_table(client, ["human", "human", "human"], play=[0], invite=[1, 2])
    guests = [client.post(f"/api/tables/{created['id']}/join", json={"invitation": entry["code"]}).json()
              for entry in created["invitations"]]
    table = table_of(client, created["id"])
    players = {0: peer(client, peers, f"/ws/tables/{created['id']}?token={created['seats'][0]['token']}")}
    for guest in guests:
        players[guest["seats"][0]["seat"]] = peer(client, peers,
                                                   f"/ws/tables/{created['id']}?token={guest['seats'][0]['token']}")
    while not table.over:
        seat = table.state.to_act[0]
        players[seat].sync()
        assert not errors(players[seat].act(str(table.state.legal_actions(seat)[-1])))
    first = client.post(f"/api/tables/{created['id']}/again", json={"token": guests[0]["seats"][0]["token"]})
    assert first.status_code == 201 and "invitations" not in first.json()
    following = table_of(client, first.json()["id"])
    assert following.invitations == [None, None, None], "no code is dealt that nobody receives"
    host = client.post(f"/api/tables/{created['id']}/again", json={"token": created["host_token"]}).json()
    assert [entry["seat"] for entry in host["seats"]] == [0]
    assert [entry["seat"] for entry in host["invitations"]] == [2], "seat 1's player came back already"
    joined = client.post(f"/api/tables/{host['id']}/join", json={"invitation": host["invitations"][0]["code"]})
    assert joined.status_code == 200 and [entry["seat"] for entry in joined.json()["seats"]] == [2]


def test_a_renewed_token_closes_the_pages_that_held_the_old_one(client: TestClient, peers: list[Any]) -> None:
    browser = "C" * 11 + "browser-cyd"
    created = open_table(client, ["human", "human", "random"], public=False)
    url = f"/api/tables/{created['id']}/join"
    code = created["invitations"][0]["code"]
    old = client.post(url, json={"invitation": code, "browser": browser}).json()["seats"][0]["token"]
    page = peer(client, peers, f"/ws/tables/{created['id']}?token={old}")
    other = peer(client, peers, f"/ws/tables/{created['id']}?token={created['seats'][0]['token']}")
    new = client.post(url, json={"invitation": code, "browser": browser}).json()["seats"][0]["token"]
    told = page.receive()
    while told["type"] != "error":
        told = page.receive()
    assert told["code"] == "renewed" and "holds it no more" in told["reason"]
    with pytest.raises(WebSocketDisconnect) as closed:
        page.receive()
    assert closed.value.code == 4403
    assert not errors(other.exchange({"type": "hello"})), "another seat's page stays"
    with client.websocket_connect(f"/ws/tables/{created['id']}?token={old}") as refused:
        assert refused.receive_json()["code"] == "bad_token"
    assert peer(client, peers, f"/ws/tables/{created['id']}?token={new}").messages[0]["seat"] == 1


# ---------------------------------------------------------------------- secrets at rest
def stored_bytes(db_path: Path) -> bytes:
    """The database as it lies on the disk, its write-ahead log too."""
    return b"".join(path.read_bytes() for path in sorted(db_path.parent.glob(db_path.name + "*")))


def test_the_database_keeps_only_digests_of_tokens_and_codes(db_path: Path) -> None:
    with make_client(db_path) as client:
        created = open_table(client, ["human", "human", "human"], play=[0], invite=[1])
        guest = client.post(f"/api/tables/{created['id']}/join",
                            json={"invitation": created["invitations"][0]["code"]}).json()
        newcomer = client.post(f"/api/tables/{created['id']}/join").json()  # seat 2, open to the lobby
        dealt = secrets_in(created) | secrets_in(guest) | secrets_in(newcomer)
        assert len(dealt) == 6  # the host's token, its seat's, two codes and the two players' tokens
        stored = stored_bytes(db_path)
        assert b"sha256:" in stored
        assert not [secret for secret in dealt if secret.encode() in stored]
    with make_client(db_path) as client:  # read back after a restart: each still holds its seat
        table = table_of(client, created["id"])
        assert table.is_host(created["host_token"]) and not table.is_host(created["seats"][0]["token"])
        assert [table.seat_of(answer["seats"][0]["token"]) for answer in (created, guest, newcomer)] == [0, 1, 2]
        assert table.seat_of(table.tokens[0]) is None, "a digest read from the database holds no seat"
        assert table.is_host(table.host_token) is False


def test_a_table_stored_with_plain_tokens_keeps_its_seats_and_its_digests_from_then_on(db_path: Path) -> None:
    # as a version that kept tokens and codes plain stored them
    with make_client(db_path) as client:
        created = open_table(client, ["human", "human", "human"], play=[0], invite=[1])
        hall_of(client).store.update_table(created["id"], seat_tokens=["plain0", None, None], host_token="plainhost",
                                           invitations=[None, "plaincode1", None],
                                           spent_invitations=[None, None, None])
    with make_client(db_path) as client:
        table = table_of(client, created["id"])
        assert table.seat_of("plain0") == 0 and table.is_host("plainhost") and table.invitation_seat("plaincode1") == 1
        row = hall_of(client).store.row(created["id"])
        assert row is not None
        kept = [row["host_token"], *row["seat_tokens"], *row["invitations"]]
        assert all(value is None or value.startswith("sha256:") for value in kept), kept
        assert "plain" not in str(kept)
        stored = stored_bytes(db_path)  # nor do the file's freed bytes or the log's older pages hold them
        assert not [plain for plain in (b"plain0", b"plainhost", b"plaincode1") if plain in stored]
        joined = client.post(f"/api/tables/{created['id']}/join", json={"invitation": "plaincode1"})
        assert joined.status_code == 200 and [entry["seat"] for entry in joined.json()["seats"]] == [1]


# ---------------------------------------------------------------------- origins and links
EVIL = {"origin": "https://evil.example"}


def test_pages_of_other_sites_can_neither_post_nor_open_a_socket(client: TestClient) -> None:
    body = {"game": "quirky-quarks", "seats": TWO}
    refused = client.post("/api/tables", json=body, headers=EVIL)
    assert refused.status_code == 403 and "another site" in refused.json()["detail"]
    assert client.post("/api/tables", json=body, headers={"origin": "null"}).status_code == 403
    assert client.post("/api/tables", json=body, headers={"origin": "http://testserver"}).status_code == 201
    created = client.post("/api/tables", json=body).json()  # a script sends no Origin
    assert client.post(f"/api/tables/{created['id']}/join", headers=EVIL).status_code == 403
    assert client.get("/api/tables", headers=EVIL).status_code == 200, "reading is not refused"
    with client.websocket_connect(f"/ws/tables/{created['id']}", headers=EVIL) as session:
        message = session.receive_json()
        assert message["code"] == "origin"
        with pytest.raises(WebSocketDisconnect) as closed:
            session.receive_json()
        assert closed.value.code == 4403
    with client.websocket_connect(f"/ws/tables/{created['id']}", headers={"origin": "http://testserver"}) as session:
        assert session.receive_json()["type"] == "welcome"


def test_links_come_from_the_configuration_never_from_the_host_header(db_path: Path) -> None:
    # a Host the server answers to (other names are refused: test_security_gates.py), never in a link
    with make_client(db_path) as client:
        created = client.post("/api/tables", json={"game": "quirky-quarks", "seats": TWO},
                              headers={"host": "elsewhere.localhost:9999"}).json()
        links = [created["spectate"], *(e["link"] for e in created["seats"] + created["invitations"])]
        assert all(link.startswith(f"/t/{created['id']}") for link in links), links
    public = "https://games.example.org"
    app = create_app(str(db_path.with_name("public.sqlite3")), bot_delay=0.0, limits=FAST, public_url=public + "/",
                     allowed_hosts=[TEST_HOST])
    with TestClient(app) as client:
        body = {"game": "quirky-quarks", "seats": TWO}
        created = client.post("/api/tables", json=body, headers={"host": "elsewhere.localhost:9999"}).json()
        links = [created["spectate"], *(e["link"] for e in created["seats"] + created["invitations"])]
        assert all(link.startswith(f"{public}/t/{created['id']}") for link in links), links
        # with a public URL, only pages from it may act
        assert client.post("/api/tables", json=body, headers={"origin": "http://testserver"}).status_code == 403
        assert client.post("/api/tables", json=body, headers={"origin": public}).status_code == 201


# ---------------------------------------------------------------------- malformed input
@pytest.mark.parametrize("token", ["%C3%A9", "%FF%FE", "%00", "x" * 5000, "%E2%80%AE" * 3])
def test_a_token_of_any_characters_gets_a_clear_refusal(client: TestClient, token: str) -> None:
    created = open_table(client, TWO)
    with client.websocket_connect(f"/ws/tables/{created['id']}?token={token}") as session:
        message = session.receive_json()
        assert message["type"] == "error" and message["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            session.receive_json()
        assert closed.value.code == 4403
    replay = client.get(f"/api/tables/{created['id']}/replay", params={"seat": 0, "token": "é"})
    assert replay.status_code == 403
    again = client.post(f"/api/tables/{created['id']}/again", json={"token": "é"})
    assert again.status_code == 409  # the game is not over: refused before any token is read


@pytest.mark.parametrize(("options", "words"), [
    ({"turn_limit": 10**30}, "at most"),
    ({"turn_limit": -(10**30)}, "at least"),
    ({"turn_limit": 10**7}, "at most 1000000"),
    ({"turn_limit": "many"}, "whole number"),
])
def test_out_of_range_options_are_refused_with_a_reason(client: TestClient, options: dict[str, Any],
                                                        words: str) -> None:
    response = client.post("/api/tables", json={"game": "quirks", "seats": ["human", "heuristic"],
                                                "options": options})
    assert response.status_code == 400, response.text
    assert words in response.json()["detail"]
    assert client.get("/api/tables").status_code == 200, "the listing still works"


def test_a_huge_request_body_is_refused_before_it_is_read(client: TestClient) -> None:
    huge = {"game": "quirky-quarks", "seats": TWO, "options": {f"o{n}": "x" * 100 for n in range(1000)}}
    refused = client.post("/api/tables", json=huge)
    assert refused.status_code == 413 and "limit" in refused.json()["detail"]
    assert client.post("/api/tables", json={"game": "quirky-quarks", "seats": TWO}).status_code == 201


@pytest.mark.parametrize("raw", [
    "", "null", "[]", "{}", '{"type": 5}', '{"type": "act"}', '{"type": "act", "action": ""}',
    '{"type": "act", "action": "bid lhc 3", "seq": 1e999}', '{"type": "act", "action": "bid lhc \u00b2"}',
    '{"type": "act", "action": "\u0000\u202e"}', '{"type": "hand_to_bot", "seat": 100000000000000000000}',
    '{"type": "act", "action": "bid lhc 3", "seq": 100000000000000000000000000000}', "\udcff",
])
def test_every_malformed_message_gets_an_error_and_the_socket_stays(client: TestClient, peers: list[Any],
                                                                    raw: str) -> None:
    fix_seed(client, CALM_SEED)
    created = open_table(client, TWO, play=[0, 1])
    table = table_of(client, created["id"])
    player = peer(client, peers, f"/ws/tables/{created['id']}?token={created['seats'][0]['token']}")
    if raw == "\udcff":
        player.session.send_bytes(b"\xff\xfe{")
    else:
        player.send(raw)
    got = player.sync()
    assert got and got[0]["type"] == "error" and got[0]["reason"], got
    assert table.state.history == []
    assert player.state is not None and not errors(player.act(player.state["legal"][0]))


def test_a_fault_in_a_game_becomes_an_error_and_changes_nothing(client: TestClient, peers: list[Any],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(client, CALM_SEED)
    created = open_table(client, TWO, play=[0, 1])
    table = table_of(client, created["id"])
    player = peer(client, peers, f"/ws/tables/{created['id']}?token={created['seats'][0]['token']}")
    assert player.state is not None
    legal = player.state["legal"]

    def broken_parse(*_args: Any) -> Any:
        raise ValueError("invalid literal for int() with base 10: '²'")

    with monkeypatch.context() as patch:
        patch.setattr(table.game, "parse_action", broken_parse)
        got = player.act(legal[0])
    assert [m["code"] for m in errors(got)] == ["server_error"] and "nothing changed" in got[0]["reason"]
    assert table.state.history == []

    # a game that fails half-way through applying: the table is rebuilt as it was
    before = table.state.view(None).to_json()
    state_class = type(table.state)
    original = state_class.apply
    failed: list[bool] = []

    def half_apply(self: Any, seat: int, action: Any) -> None:
        original(self, seat, action)
        if not failed:
            failed.append(True)
            raise RuntimeError("a fault after the state changed")

    with monkeypatch.context() as patch:
        patch.setattr(state_class, "apply", half_apply)
        got = player.act(legal[0])
    assert [m["code"] for m in errors(got)] == ["server_error"]
    assert table.state.record().actions == [] and table.state.view(None).to_json() == before
    assert table.hall.store.count_actions(created["id"]) == 0
    assert not errors(player.act(legal[0])), "the socket and the table still work"
    assert len(table.state.record().actions) == 1


# ---------------------------------------------------------------------- rate
@pytest.mark.alone  # two messages within a quarter of a second
def test_an_action_refused_for_rate_is_answered_with_the_state_to_retry(db_path: Path) -> None:
    with make_client(db_path, replace(FAST, messages_per_second=4.0, message_burst=1.0)) as client:
        fix_seed(client, CALM_SEED)
        created = open_table(client, TWO, play=[0, 1])
        table = table_of(client, created["id"])
        with client.websocket_connect(f"/ws/tables/{created['id']}?token={created['seats'][0]['token']}") as s:
            player = Peer(s)
            player.greet()
            assert player.state is not None
            seq, legal = player.state["seq"], player.state["legal"]
            player.send({"type": "act", "action": "bid nowhere 99", "seq": seq})  # spends the burst
            assert player.receive()["code"] in ("notation", "illegal")
            player.send({"type": "act", "action": legal[0], "seq": seq})
            refused = player.receive()
            assert refused["code"] == "rate" and 0 < refused["retry_after"] <= 0.25
            started = time.monotonic()
            retry = player.receive()  # the state comes back once the seat may act again
            assert retry["type"] == "state" and retry["seq"] == seq and retry["legal"] == legal
            assert time.monotonic() - started >= 0.1
            assert table.state.history == []
            player.send({"type": "act", "action": retry["legal"][0], "seq": retry["seq"]})
            accepted = player.receive()
            assert accepted["type"] == "state" and accepted["last"] == {"seat": 0, "action": legal[0]}


# ---------------------------------------------------------------------- abandoned tables
@pytest.mark.alone  # tables expire after 0.3 s, looked at after 0.5 s
def test_abandoned_tables_expire_and_finished_ones_leave_memory(db_path: Path) -> None:
    limits = replace(FAST, abandon_after=0.3)  # the hall sweeps every 0.075 s
    with make_client(db_path, limits) as client:
        hall = client.app.state.hall  # type: ignore[attr-defined]
        left = open_table(client, TWO)
        with client.websocket_connect(f"/ws/tables/{left['id']}") as session:
            Peer(session).greet()
            finished = open_table(client, ["random", "random"])
            wait_over(client, finished["id"])
            time.sleep(0.5)
            assert left["id"] in hall.tables, "a table someone is at does not expire"
        time.sleep(0.6)
        assert left["id"] not in hall.tables and finished["id"] not in hall.recent
        assert client.get(f"/api/tables/{left['id']}").status_code == 404
        assert left["id"] not in [t["id"] for t in client.get("/api/tables").json()["open"]]
        # a finished game stays a record: replayable, read back from the database
        replay = client.get(f"/api/tables/{finished['id']}/replay", params={"step": 1})
        assert replay.status_code == 200 and replay.json()["over"] is True


@pytest.mark.alone  # a move within 0.4 s of the restart keeps its table
def test_startup_loads_only_live_tables(db_path: Path) -> None:
    with make_client(db_path) as client:
        stale = open_table(client, TWO)
    time.sleep(2.0)  # the stale table's last activity is this long before the restart
    with make_client(db_path) as client:
        fix_seed(client, CALM_SEED)
        fresh = open_table(client, TWO, play=[0, 1])
        with client.websocket_connect(f"/ws/tables/{fresh['id']}?token={fresh['seats'][0]['token']}") as s:
            mover = Peer(s)
            mover.greet()
            assert mover.state is not None and not errors(mover.act(mover.state["legal"][0]))
    # A window wide enough for a loaded machine to restart after the fresh table's move.
    with make_client(db_path, replace(FAST, abandon_after=1.5)) as client:
        hall = client.app.state.hall  # type: ignore[attr-defined]
        assert stale["id"] not in hall.tables, "a table abandoned before the restart is not loaded"
        assert fresh["id"] in hall.tables, "a table with a recent move is"
        assert client.get(f"/api/tables/{stale['id']}").status_code == 404
