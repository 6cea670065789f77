"""Pages for people, JSON for programs: a wrong link gets a page in the app's style with a way
back to the lobby; the API's errors stay JSON. The finished game's result is given in words."""

from __future__ import annotations

import json

import httpx
from fastapi.testclient import TestClient
from tests.web.conftest import create_table
from tests.web.test_api import wait_over


def assert_error_page(response: httpx.Response, status: int, *words: str) -> None:
    assert response.status_code == status
    assert response.headers["content-type"].startswith("text/html")
    text = response.text
    assert 'class="topbar"' in text and 'href="/">Back to the lobby</a>' in text
    for word in words:
        assert word in text


def test_an_unknown_path_is_a_page_with_the_header_and_a_way_back(client: TestClient) -> None:
    response = client.get("/no/such/page")
    assert_error_page(response, 404, "Nothing here", "/no/such/page")


def test_an_unknown_table_is_a_page_naming_it(client: TestClient) -> None:
    response = client.get("/t/nosuchtable")
    assert_error_page(response, 404, "No such table", "nosuchtable")


def test_a_path_is_escaped_on_the_error_page(client: TestClient) -> None:
    response = client.get("/<script>alert(1)</script>")
    assert response.status_code == 404
    assert "<script>alert" not in response.text and "&lt;script&gt;" in response.text


def test_a_known_table_still_opens_the_table_page(client: TestClient) -> None:
    created = create_table(client, ["human", "random"])
    response = client.get(f"/t/{created['id']}")
    assert response.status_code == 200
    assert 'id="board"' in response.text


def test_the_api_keeps_json_errors(client: TestClient) -> None:
    for path in ("/api/tables/nosuchtable", "/api/no-such-route", "/api/games/no-such-game/rules"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.headers["content-type"].startswith("application/json"), path
        assert isinstance(response.json()["detail"], str)


def test_games_give_their_options_by_label_and_choices_in_words(client: TestClient) -> None:
    games = {game["id"]: game for game in client.get("/api/games").json()}
    for game in games.values():
        for option in game["options"]:
            assert option["label"] and "_" not in option["label"], (game["id"], option)
    scenario = next(o for o in games["quirky-circuits"]["options"] if o["name"] == "scenario")
    assert ["rise-and-shine", "1. Rise and Shine"] in scenario["choice_labels"]


def test_a_finished_game_s_result_is_given_in_words_to_players_and_to_the_lobby(client: TestClient) -> None:
    created = create_table(client, ["random", "random", "random"])
    over = wait_over(client, created["id"])
    table = client.app.state.hall.get(created["id"])  # type: ignore[attr-defined]
    message = json.loads(table.over_message())
    winner = over["winners"][0]
    assert message["result"].startswith(f"{table.seat_name(winner)} wins with {int(over['scores'][winner])} points")
    listed = {entry["id"]: entry for entry in client.get("/api/tables").json()["finished"]}
    assert listed[created["id"]]["result"] == message["result"]


def test_the_lobby_makes_results_it_has_not_kept_from_the_records(client: TestClient) -> None:
    created = create_table(client, ["random", "random"])
    wait_over(client, created["id"])
    results = client.app.state.hall.results  # type: ignore[attr-defined]
    results._known.clear()  # as after a restart
    listed = {entry["id"]: entry for entry in client.get("/api/tables").json()["finished"]}
    assert " wins with " in listed[created["id"]]["result"] or "share the win" in listed[created["id"]]["result"]
