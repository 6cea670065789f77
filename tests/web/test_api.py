"""The web server's HTTP API: games, tables, replays, rules, limits."""

from __future__ import annotations

import json
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

import quarkade
from quarkade.faces.web import server as web_server
from quarkade.faces.web.hall import Hall
from quarkade.faces.web.replays import Replays
from quarkade.faces.web.tables import Table

from .conftest import FAST, Peer, create_table, make_client, token_of


def hall_of(client: TestClient) -> Hall:
    hall: Hall = client.app.state.hall  # type: ignore[attr-defined]
    return hall


def table_of(client: TestClient, table_id: str) -> Table:
    table = hall_of(client).get(table_id)
    assert table is not None
    return table


def wait_over(client: httpx.Client, table_id: str, timeout: float = 30.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        response = client.get(f"/api/tables/{table_id}")
        if response.status_code == 429:  # a live server's rate of requests: asked again when it says
            time.sleep(float(response.headers.get("retry-after", "1")))
            continue
        answer: dict[str, Any] = response.json()
        if answer["over"]:
            return answer
        time.sleep(0.05)
    raise AssertionError("the bots did not finish the game in time")


def test_games_lists_every_game_with_its_bots(client: TestClient) -> None:
    games = client.get("/api/games").json()
    by_id = {g["id"]: g for g in games}
    assert {info.id for info in quarkade.list_games()} == set(by_id)
    quarks = by_id["quirky-quarks"]
    assert quarks["min_players"] == 2 and quarks["max_players"] == 4
    assert "random" in quarks["bots"]
    # The lobby offers people random play and the levels, weakest first, each said in words;
    # a seat may still take any kind.
    for game in games:
        assert game["offered_bots"] == ["random", "easy", "normal", "hard", "expert"], game["id"]
        assert set(game["offered_bots"]) <= set(game["bots"]) and set(game["bot_about"]) <= set(game["bots"])
        assert all(game["bot_about"].get(kind) for kind in game["offered_bots"]), game["id"]
    assert by_id["qwarks"]["bot_about"]["easy"] == "slow to react and forgetful"
    assert by_id["quirks"]["bot_about"]["easy"].startswith("plays by rules of thumb")
    assert create_table(client, ["human", "mcts", "heuristic"])["id"]


def test_a_table_opened_without_seats_seats_the_lobbys_default_level(client: TestClient) -> None:
    # The lobby's default is Normal; a table asked for with no seats gets the same bots.
    response = client.post("/api/tables", json={"game": "quirks", "players": 3})
    assert response.status_code == 201, response.text
    seats = response.json()["table"]["seats"]
    assert [seat["kind"] for seat in seats] == ["human", "normal", "normal"]
    assert [seat["name"] for seat in seats][1:] == ["Bot 2 (normal)", "Bot 3 (normal)"]


def test_create_table_gives_one_unguessable_token_per_human_seat(client: TestClient) -> None:
    created = create_table(client, ["human", "random", "human"], turn_timer=60)
    assert len(created["id"]) >= 6
    assert len(created["host_token"]) >= 20
    tokens = {entry["seat"]: entry["token"] for entry in created["seats"]}
    assert set(tokens) == {0, 2}
    assert len(set(tokens.values()) | {created["host_token"]}) == 3
    assert all(len(t) >= 20 for t in tokens.values())
    for entry in created["seats"]:
        assert entry["link"].endswith(f"/t/{created['id']}?token={entry['token']}")
    assert created["table"]["turn_timer"] == 60
    assert [s["kind"] for s in created["table"]["seats"]] == ["human", "random", "human"]


@pytest.mark.parametrize(("body", "status", "words"), [
    ({"game": "chess"}, 404, "no game called 'chess'"),
    ({"game": "quirky-quarks", "seats": ["human"] * 5}, 400, "2 to 4 players"),
    ({"game": "quirky-quarks", "players": 3, "seats": ["human", "random"]}, 400, "2 seats for a 3-player game"),
    ({"game": "quirky-quarks", "seats": ["human", "wizard"]}, 400, "'wizard' is neither 'human' nor a bot"),
    ({"game": "quirky-quarks", "options": {"turbo": True}}, 400, "has no option 'turbo'"),
    # the names of load's own arguments: refused with the same reason, not as a TypeError
    ({"game": "quirky-quarks", "options": {"players": 3}}, 400, "has no option 'players'"),
    ({"game": "quirky-quarks", "options": {"game_id": "qwarks"}}, 400, "has no option 'game_id'"),
])
def test_create_table_refuses_bad_settings_with_a_reason(client: TestClient, body: dict[str, Any], status: int,
                                                         words: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == status
    assert words in response.json()["detail"]


def test_create_table_refuses_unknown_fields(client: TestClient) -> None:
    response = client.post("/api/tables", json={"game": "quirky-quarks", "colour": "blue"})
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"] == ["body", "colour"]


@pytest.mark.parametrize("field", ["name", "players", "colour"])
def test_a_body_that_is_no_valid_text_is_refused_with_where(client: TestClient, field: str) -> None:
    body = '{"game": "quirky-quarks", "seats": ["human", "random"], "' + field + '": "\\ud800"}'
    response = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert response.status_code in (400, 422), response.text
    assert client.get("/api/tables").json()["open"] == []


def test_table_listing_shows_public_tables_only_and_no_secrets(client: TestClient) -> None:
    public = create_table(client, ["human", "human"])
    private = create_table(client, ["human", "human"], public=False)
    listing = client.get("/api/tables").json()
    ids = [t["id"] for t in listing["open"]]
    assert public["id"] in ids and private["id"] not in ids
    text = json.dumps(listing)
    for created in (public, private):
        assert created["host_token"] not in text
        assert all(entry["token"] not in text for entry in created["seats"])
    assert '"seed"' not in text


def test_table_is_the_spectator_view(client: TestClient) -> None:
    created = create_table(client, ["human", "human", "human"])
    answer = client.get(f"/api/tables/{created['id']}").json()
    state = table_of(client, created["id"]).state
    assert answer["view"] == state.view(None).to_json()
    assert "hand" not in answer["view"]
    assert "record" not in answer and "seed" not in json.dumps(answer)
    assert client.get("/api/tables/nothing-here").status_code == 404


def test_replay_during_the_game_needs_the_seat_token_and_hides_hidden_steps(client: TestClient) -> None:
    created = create_table(client, ["human", "human"])
    table_id = created["id"]
    replay = client.get(f"/api/tables/{table_id}/replay", params={"seat": 0})
    assert replay.status_code == 403
    wrong = client.get(f"/api/tables/{table_id}/replay", params={"seat": 0, "token": token_of(created, 1)})
    assert wrong.status_code == 403
    mine = client.get(f"/api/tables/{table_id}/replay", params={"seat": 0, "token": token_of(created, 0)}).json()
    state = table_of(client, table_id).state
    assert mine["view"] == state.view(0).to_json()
    spectator = client.get(f"/api/tables/{table_id}/replay", params={"step": 0}).json()
    assert spectator["over"] is False and spectator["step"] == 0
    assert "hand" not in spectator["view"] and "record" not in spectator
    out_of_range = client.get(f"/api/tables/{table_id}/replay", params={"step": 999})
    assert out_of_range.status_code == 400


def test_a_game_of_memory_has_no_replay_until_it_ends(client: TestClient) -> None:
    """An outside attack: a running Qwarks table's replay showed the faces of the cards its
    views had covered since, which are answered from memory. Its replay opens at the end."""
    import random

    response = client.post("/api/tables", json={"game": "qwarks", "seats": ["human", "human"], "play": [0, 1]})
    created = response.json()
    table_id = created["id"]
    for params in ({"step": 1}, {"seat": 0, "token": token_of(created, 0)}):
        refused = client.get(f"/api/tables/{table_id}/replay", params=params)
        assert refused.status_code == 403 and "Qwarks is a game of memory: its replay opens when the game ends" \
            in refused.text
    table, chooser = table_of(client, table_id), random.Random(2)
    while not table.state.is_over:
        seat = table.state.to_act[0]
        table.commit(seat, chooser.choice(table.state.legal_actions(seat)))
    assert client.get(f"/api/tables/{table_id}/replay", params={"step": 1}).json()["over"] is True


def test_a_live_replay_follows_the_table_and_is_never_built_again_on_a_read(client: TestClient) -> None:
    """A read's cost must not tell that hidden steps were taken: once an audience's replay is
    built, each committed action extends it, and a read never replays the record again."""
    created = create_table(client, ["human", "human"])
    table = table_of(client, created["id"])
    url = f"/api/tables/{created['id']}/replay"
    before = client.get(url).json()
    builds: list[int] = []
    new_game = table.game.new_game
    table.game.new_game = lambda seed: builds.append(seed) or new_game(seed)  # type: ignore[method-assign]
    try:
        ws = f"/ws/tables/{created['id']}?token="
        with client.websocket_connect(ws + token_of(created, 0)) as s0, \
                client.websocket_connect(ws + token_of(created, 1)) as s1:
            peers = [Peer(s0), Peer(s1)]
            for peer in peers:
                peer.greet()
            for _ in range(6):
                for peer in peers:
                    peer.sync()
                peer = next(p for p in peers if p.state is not None and p.state["legal"])
                assert peer.state is not None
                peer.act(peer.state["legal"][0])
        after = client.get(url).json()
    finally:
        del table.game.new_game  # type: ignore[method-assign]
    assert builds == [], "a read replayed the record"
    assert after["steps"] > before["steps"] and after["view"] == table.state.view(None).to_json()
    fresh = Replays(table)
    assert [client.get(url, params={"step": step}).json()["view"] for step in range(after["steps"])] == [
        fresh.read(step, None, None)["view"] for step in range(after["steps"])]


def test_replay_after_the_end_reveals_everything_step_by_step(client: TestClient) -> None:
    created = create_table(client, ["random", "random", "random"])
    over = wait_over(client, created["id"])
    record = quarkade.Record.from_json(over["record"])
    first = client.get(f"/api/tables/{created['id']}/replay", params={"step": 1}).json()
    assert first["over"] is True and first["steps"] == len(record.actions) + 1
    assert first["action"] == {"seat": record.actions[0][0], "action": record.actions[0][1]}
    state = quarkade.load("quirky-quarks", players=3).new_game(record.seed)
    state.apply_text(*record.actions[0])
    assert first["views"] == {str(s): state.view(s).to_json() for s in range(3)}
    last = client.get(f"/api/tables/{created['id']}/replay").json()
    assert last["step"] == len(record.actions) and last["view"]["is_over"]
    # Steps far from the states kept (one every CHECKPOINT) are replayed to exactly: both sides
    # of a checkpoint, and its own step.
    from quarkade.faces.web.replays import CHECKPOINT

    for step in (CHECKPOINT - 1, CHECKPOINT, CHECKPOINT + 1, len(record.actions) - 1):
        state = quarkade.load("quirky-quarks", players=3).new_game(record.seed)
        for seat, text in record.actions[:step]:
            state.apply_text(seat, text)
        read = client.get(f"/api/tables/{created['id']}/replay", params={"step": step}).json()
        assert read["views"] == {str(s): state.view(s).to_json() for s in range(3)}, step


def test_rules_come_from_the_game_package(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = client.get("/api/games/quirky-quarks/rules").json()
    assert rules["title"] == "Quirky Quarks"
    assert rules["rulebook"] is None or "Research Phase" in rules["rulebook"]
    assert client.get("/api/games/chess/rules").status_code == 404
    monkeypatch.setattr(web_server, "_read_text", lambda package, name: None)
    missing = client.get("/api/games/quirky-quarks/rules").json()
    assert missing["rulebook"] is None and missing["missing"] == ["RULEBOOK.txt", "RULINGS.md"]


def test_components_are_the_game_data_files(client: TestClient) -> None:
    files = client.get("/api/games/quirky-quarks/components").json()["files"]
    cards = files["cards.toml"]
    assert {p["id"] for p in cards["particle"]} >= {"up", "down", "gluon", "electron"}


def test_pages_are_served_with_a_strict_content_policy(client: TestClient) -> None:
    created = create_table(client, ["human", "random"])
    for path in ("/", f"/t/{created['id']}", "/rules.html"):
        page = client.get(path)
        assert page.status_code == 200
        assert "text/html" in page.headers["content-type"]
        assert "default-src 'self'" in page.headers["content-security-policy"]
        assert "http://" not in page.text and "https://" not in page.text


def test_tables_per_client_are_limited(db_path: Path) -> None:
    with make_client(db_path, replace(FAST, tables_per_client=2)) as client:
        create_table(client, ["human", "random"])
        create_table(client, ["human", "random"])
        refused = client.post("/api/tables", json={"game": "quirky-quarks", "seats": ["human", "random"]})
        assert refused.status_code == 429
        assert "limit" in refused.json()["detail"]


def test_join_takes_an_open_seat_of_a_public_table_with_a_new_token(client: TestClient) -> None:
    created = create_table(client, ["human", "human", "random"], play=[0])
    assert [entry["seat"] for entry in created["seats"]] == [0]
    with client.websocket_connect(f"/ws/tables/{created['id']}?token={token_of(created, 0)}") as session:
        Peer(session).greet()
        joined = client.post(f"/api/tables/{created['id']}/join").json()
        assert [entry["seat"] for entry in joined["seats"]] == [1]
        assert joined["seats"][0]["token"] != token_of(created, 0)
        assert "host_token" not in joined and "invitations" not in joined
        full = client.post(f"/api/tables/{created['id']}/join")
        assert full.status_code == 409
    private = create_table(client, ["human", "human"], public=False, play=[0])
    assert client.post(f"/api/tables/{private['id']}/join").status_code == 403


def test_play_again_opens_one_new_table_with_the_same_settings(client: TestClient) -> None:
    created = create_table(client, ["random", "random"], turn_timer=30)
    early = client.post(f"/api/tables/{created['id']}/again", json={"token": created["host_token"]})
    assert early.status_code in (201, 409)  # the bots may already have finished
    wait_over(client, created["id"])
    nobody = client.post(f"/api/tables/{created['id']}/again", json={"token": "guess"})
    assert nobody.status_code == 403
    again = client.post(f"/api/tables/{created['id']}/again", json={"token": created["host_token"]}).json()
    assert again["id"] != created["id"] and again["host_token"] != created["host_token"]
    assert again["table"]["turn_timer"] == 30 and again["table"]["previous"] == created["id"]
    again_twice = client.post(f"/api/tables/{created['id']}/again", json={"token": created["host_token"]}).json()
    assert again_twice["id"] == again["id"]
    assert client.get(f"/api/tables/{created['id']}").json()["table"]["next"] == again["id"]


def test_play_again_gives_each_player_their_own_seat(client: TestClient) -> None:
    created = create_table(client, ["human", "human"])
    table = table_of(client, created["id"])
    with client.websocket_connect(f"/ws/tables/{created['id']}?token={token_of(created, 0)}") as s0, \
            client.websocket_connect(f"/ws/tables/{created['id']}?token={token_of(created, 1)}") as s1:
        peers = [Peer(s0), Peer(s1)]
        for peer in peers:
            peer.greet()
        while not table.over:
            seat = table.state.to_act[0]
            peers[seat].sync()
            peers[seat].act(str(table.state.legal_actions(seat)[-1]))
    again = client.post(f"/api/tables/{created['id']}/again", json={"token": token_of(created, 1)}).json()
    assert [entry["seat"] for entry in again["seats"]] == [1] and "host_token" not in again
    host = client.post(f"/api/tables/{created['id']}/again", json={"token": created["host_token"]}).json()
    assert host["id"] == again["id"] and [entry["seat"] for entry in host["seats"]] == [0, 1]
    assert "host_token" in host
    # the new table's human seats wait for the previous players: the lobby cannot take them
    assert client.post(f"/api/tables/{again['id']}/join").status_code == 409


def test_a_seat_never_names_a_module_to_import(client: TestClient, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # The command line may enter a bot class (package.module:Class); the web app offers its
    # registered kinds only: a seat naming a module is refused and the module is never imported.
    imported = tmp_path / "imported"
    (tmp_path / "web_side_effect.py").write_text(
        f"open({str(imported)!r}, 'w').close()\n"
        "from quarkade.agents.base import RandomBot as Quiet\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for kind in ("web_side_effect:Quiet", "quarkade.agents.base:RandomBot", "random:seconds=1"):
        response = client.post("/api/tables", json={"game": "quirky-quarks", "seats": ["human", kind]})
        assert response.status_code == 400 and "is neither 'human' nor a bot" in response.json()["detail"]
    assert not imported.exists() and "web_side_effect" not in sys.modules
