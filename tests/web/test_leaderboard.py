"""The leaderboard: people and bots of finished public tables, rated with OpenSkill."""

from __future__ import annotations

import itertools
from typing import Any

from fastapi.testclient import TestClient

from quarkade.faces.web.store import OPEN, OVER, Store

from .conftest import create_table

_ids = itertools.count()


def finished(store: Store, seats: list[str], scores: list[float], winners: list[int],
             names: list[str | None] | None = None, game: str = "quirky-quarks", public: bool = True,
             status: str = OVER) -> None:
    number = next(_ids)
    store.create_table({
        "id": f"done{number}", "game": game, "rules_version": "1", "players": len(seats), "options": {},
        "seats": seats, "initial_seats": seats, "seat_tokens": [None] * len(seats),
        "claimed": [False] * len(seats), "host_token": f"host{number}", "public": public, "seed": number,
        "creator": "tester", "created": float(number), "finished": float(number) if status == OVER else None,
        "status": status, "scores": scores if status == OVER else None,
        "winners": winners if status == OVER else None, "names": names})


def store_of(client: TestClient) -> Store:
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    return store


def board(client: TestClient, game: str | None = None) -> dict[str, Any]:
    response = client.get("/api/leaderboard", params={} if game is None else {"game": game})
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def test_people_by_name_and_bots_by_level(client: TestClient) -> None:
    store = store_of(client)
    for _ in range(6):
        finished(store, ["human", "random"], [12, 3], [0], names=["Ada", None])
        finished(store, ["human", "heuristic"], [4, 9], [1], names=["Grace", None])
    finished(store, ["human", "random"], [2, 8], [1], names=["random", None])  # a person, not the bot
    rated = board(client, "quirky-quarks")
    assert rated["games"] == 13
    entries = {(row["kind"], row["name"]): row for row in rated["players"]}
    assert set(entries) == {("person", "Ada"), ("person", "Grace"), ("person", "random"), ("bot", "random"),
                            ("bot", "heuristic")}
    assert entries[("person", "Ada")]["mu"] > entries[("bot", "random")]["mu"]
    assert entries[("bot", "heuristic")]["mu"] > entries[("person", "Grace")]["mu"]
    assert entries[("person", "Ada")]["games"] == 6 and entries[("person", "Ada")]["wins"] == 6
    assert entries[("bot", "random")]["games"] == 7
    # The board is kept, and made again once another table finishes.
    assert board(client, "quirky-quarks") == rated
    finished(store, ["human", "random"], [9, 8], [0], names=["Linus", None])
    assert "Linus" in {row["name"] for row in board(client, "quirky-quarks")["players"]}
    ordinals = [row["ordinal"] for row in rated["players"]]
    assert ordinals == sorted(ordinals, reverse=True)
    assert [row["place"] for row in rated["players"]] == list(range(1, 6))


def test_only_finished_public_tables_of_the_game_count(client: TestClient) -> None:
    store = store_of(client)
    finished(store, ["human", "random"], [5, 1], [0], names=["Ada", None])
    finished(store, ["human", "random"], [5, 1], [0], names=["Hidden", None], public=False)
    finished(store, ["human", "random"], [5, 1], [0], names=["Playing", None], status=OPEN)
    finished(store, ["human", "random", "random"], [1, 5, 2], [1], names=["Qwarker", None, None], game="qwarks")
    create_table(client, ["human", "random"])  # a table in play
    names = {row["name"] for row in board(client, "quirky-quarks")["players"]}
    assert names == {"Ada", "random"}
    everything = board(client)
    assert everything["games"] == 2 and {row["name"] for row in everything["players"]} == {"Ada", "Qwarker",
                                                                                            "random"}


def test_a_cooperative_table_is_not_rated(client: TestClient) -> None:
    """A lost Quirky Circuits table (no winner, every score alike) ranked its seats all first,
    a win shared by every seat; a table that wins or loses together ranks no player above
    another, so it is left out, won or lost."""
    store = store_of(client)
    finished(store, ["human", "normal", "normal"], [0, 0, 0], [], names=["Lost", None, None], game="quirky-circuits")
    finished(store, ["human", "normal", "normal"], [1, 1, 1], [0, 1, 2], names=["Won", None, None],
             game="quirky-circuits")
    finished(store, ["human", "random"], [5, 1], [0], names=["Ada", None])
    assert board(client, "quirky-circuits") == {"game": "quirky-circuits", "games": 0, "players": []}
    everything = board(client)
    assert everything["games"] == 1 and {row["name"] for row in everything["players"]} == {"Ada", "random"}
    assert "Cooperative games, where the table wins or loses together, are not rated." in " ".join(
        client.get("/leaderboard").text.split())


def test_people_without_a_name_share_one_entry(client: TestClient) -> None:
    store = store_of(client)
    finished(store, ["human", "human"], [5, 1], [0])
    finished(store, ["human", "random"], [1, 5], [1], names=["  ", None])
    entries = {row["name"]: row for row in board(client)["players"]}
    assert entries["unnamed player"]["games"] == 3


def test_the_page_lists_the_ratings_and_the_lobby_links_to_it(client: TestClient) -> None:
    store = store_of(client)
    finished(store, ["human", "random"], [5, 1], [0], names=["<b>Ada</b>", None])
    page = client.get("/leaderboard", params={"game": "quirky-quarks"})
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "&lt;b&gt;Ada&lt;/b&gt;" in page.text and "<b>Ada</b>" not in page.text
    assert '<option value="quirky-quarks" selected>' in page.text
    assert 'id="ratings"' in page.text
    assert 'href="/leaderboard"' in client.get("/").text
    # A bot's level as the lobby names it, a person's name as given (even one that is a level's);
    # the Greek letters are headed apart, as capitals would turn them into M and Σ.
    finished(store, ["human", "expert", "heuristic"], [5, 1, 3], [0], names=["expert", None, None])
    page = client.get("/leaderboard", params={"game": "quirky-quarks"})
    assert "<td>Expert</td><td>bot</td>" in page.text and "<td>expert</td><td>person</td>" in page.text
    assert "<td>heuristic</td><td>bot</td>" in page.text
    assert '<th class="symbol">μ − 3σ</th><th class="symbol">μ</th><th class="symbol">σ</th>' in page.text
    empty = client.get("/leaderboard", params={"game": "qwarks"})
    assert "No finished public games yet" in empty.text


def test_an_unknown_game_is_refused(client: TestClient) -> None:
    response = client.get("/api/leaderboard", params={"game": "chess"})
    assert response.status_code == 404 and "no game 'chess'" in response.json()["detail"]
    page = client.get("/leaderboard", params={"game": "chess"})
    assert page.status_code == 404 and "no game" in page.text
