"""Pages for people, JSON for programs: a wrong link gets a page in the app's style with a way
back to the lobby; the API's errors stay JSON. The finished game's result is given in words."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from .conftest import LiveServer, browser_page, create_table
from .test_api import wait_over
from .test_browser_layout import STICKING_OUT


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


def topbar_links(html: str) -> list[str]:
    """The places the header's navigation links to, in order."""
    header = html.split('<header class="topbar">', 1)[1].split("</header>", 1)[0]
    nav = header.split("<nav>", 1)[1].split("</nav>", 1)[0]
    return [part.split('"', 1)[0] for part in nav.split('href="')[1:]]


def test_every_page_of_the_site_offers_the_same_places_in_its_header(client: TestClient) -> None:
    """The lobby, the rules, the leaderboard and an error page: a person finds the same way
    around from each (the table's page keeps its own, smaller header: the rules open beside it)."""
    places = ["/", "/leaderboard", "/rules.html"]
    for path in ("/", "/rules.html", "/leaderboard", "/no/such/page"):
        assert topbar_links(client.get(path).text) == places, path


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


@pytest.mark.parametrize("path", ["/", "/index.html", "/rules.html", "/js/table.js", "/js/renderers/qwarks.js",
                                  "/css/quarkade.css", "/favicon.svg", "/t/TABLE"])
def test_the_pages_files_are_checked_again_before_use(client: TestClient, path: str) -> None:
    """The files had no Cache-Control: a browser could keep running an older script against an
    upgraded server. Each is kept but checked again by its ETag (a 304 when unchanged)."""
    if path == "/t/TABLE":
        path = f"/t/{create_table(client, ['human', 'random'])['id']}"
    response = client.get(path)
    assert response.status_code == 200 and response.headers["cache-control"] == "no-cache"
    if "etag" in response.headers:
        again = client.get(path, headers={"If-None-Match": response.headers["etag"]})
        assert again.status_code == 304 and not again.content


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
    assert ["rise-and-shine", "1. Rise and Shine (Gizmo)"] in scenario["choice_labels"]


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


GAMES = ["quirky-quarks", "quirks", "quirks-solitaire", "quirkling", "quirky-circuits", "qwarks", "cosmic-encounter"]


@pytest.fixture
def page(server: LiveServer) -> Iterator[Any]:
    with browser_page(server, 900) as tab:
        yield tab


def test_every_rules_page_has_a_clean_contents_and_no_heading_twice(server: LiveServer, page: Any) -> None:
    for game in GAMES:
        page.goto(f"{server.url}/rules.html?game={game}")
        page.wait_for_selector("#rulebook nav.contents")
        found = page.evaluate("""() => {
            const links = [...document.querySelectorAll('#rulebook nav.contents a')].map(a => a.getAttribute('href'));
            const heads = [...document.querySelectorAll('#rulebook h1, #rulebook h2, #rulebook h3')]
                .filter(e => !e.closest('nav') && !(e.id || '').startsWith('ruling-')).map(e => e.textContent.trim());
            return {links, heads, missing: links.filter(l => !document.getElementById(l.slice(1))),
                    text: document.getElementById('rulebook').innerText};
        }""")
        assert len(found["links"]) >= 5, game
        assert not found["missing"], (game, found["missing"])
        repeated = {head for head in found["heads"] if found["heads"].count(head) > 1}
        assert not repeated, (game, repeated)
        assert "Table of Contents" not in found["text"], game
        titles = found["heads"][:2]
        assert len(titles) < 2 or not titles[1].lower().startswith(titles[0].lower()), (game, titles)
        # The rulings' Markdown is set, not shown: no emphasis or bold left as asterisks.
        assert not re.search(r"\*[A-Z][a-z]+:\*|\*\*", found["text"]), game


def test_every_rules_page_fits_a_phone(server: LiveServer, page: Any) -> None:
    """On a phone no rules page scrolls sideways: a wide table of the rulings scrolls inside
    itself and a long file name breaks (Cosmic Encounter's page was 164 px too wide)."""
    page.set_viewport_size({"width": 390, "height": 844})
    for game in GAMES:
        page.goto(f"{server.url}/rules.html?game={game}")
        page.wait_for_selector("#rulebook nav.contents")
        wider = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert wider <= 0, f"the rules of {game} scroll sideways by {wider} px on a phone"
    table = page.evaluate("""() => { const t = document.querySelector('table.ruling-table');
        return t && [t.scrollWidth > t.clientWidth, t.getBoundingClientRect().right <= innerWidth]; }""")
    assert table == [True, True], "Cosmic Encounter's Phase Diagram table scrolls within the page"


def test_the_lobby_and_the_leaderboard_fit_a_phone(server: LiveServer, page: Any) -> None:
    """Nothing on the lobby or the leaderboard sticks out of its panel on a phone (the
    leaderboard's choice of game stood 24 px out of its title bar)."""
    page.set_viewport_size({"width": 390, "height": 844})
    for path, ready in (("/", ".game-card"), ("/leaderboard", "#leaderboard form")):
        page.goto(f"{server.url}{path}")
        page.wait_for_selector(ready)
        assert page.evaluate(STICKING_OUT, "main") == [], path
        assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0, path


def test_a_rulebook_wrapped_by_hand_flows_and_its_rulings_set_tables_and_emphasis(server: LiveServer,
                                                                                 page: Any) -> None:
    page.goto(f"{server.url}/rules.html?game=cosmic-encounter")
    page.wait_for_selector("#rulebook nav.contents")
    paragraphs = page.eval_on_selector_all("#rulebook p", "ps => ps.map(p => p.textContent)")
    # A paragraph wrapped in the file is one paragraph on the page, and a new sentence-paragraph
    # or a numbered step stays apart.
    assert any(p.startswith("Each player leads an alien race.") and p.endswith("share the win.") for p in paragraphs)
    assert any(p.startswith("3.1 Regroup.") and p.endswith("(or on any of its home planets).") for p in paragraphs)
    # The Quarks expansion's own text is on the page, whole.
    assert "7. THE QUARKS EXPANSION: ITS OWN TEXT" in page.inner_text("#rulebook nav.contents")
    assert any("Expansion by Bryan Bowe" in p for p in paragraphs)
    # The rulings: the Phase Diagram's table, emphasis, `code` in bold, each numbered entry apart.
    rows = page.eval_on_selector_all("table.ruling-table tr", "rows => rows.map(r => r.innerText.split('\\t')[0])")
    assert rows == ["square", "Up", "Down", "Strange"]
    assert page.locator("#rulebook em", has_text="Reason:").count() > 5
    assert page.locator("#rulebook b code", has_text="flares").count() >= 1
    assert any(p.startswith("4. Flares (option flares, default off).") for p in paragraphs)


def test_the_lobby_shows_options_by_label_with_help_and_bots_by_name(server: LiveServer, page: Any) -> None:
    page.goto(f"{server.url}/?game=quirks-solitaire")
    page.wait_for_selector("#options [data-option='random_mutation']")
    assert page.inner_text("#players option") == "1 player"
    assert page.inner_text(".game-card[data-game='quirks-solitaire'] .chip") == "1 player"
    option = page.inner_text("#options [data-option='random_mutation']")
    assert option.startswith("Random Mutation") and "random_mutation" not in option
    assert "An X forces a card of a QUiRKS to change" in option
    page.select_option("#game", "quirky-circuits")
    page.wait_for_selector("#options [name='scenario']")
    assert "1. Rise and Shine" in page.inner_text("#options [name='scenario']")
    # People are offered random play and the levels, weakest first; a new seat gets Normal.
    names = page.eval_on_selector("select[data-seat='1']", "s => [...s.options].map(o => o.textContent)")
    assert names == ["Human", "Random bot", "Easy bot", "Normal bot", "Hard bot", "Expert bot"]
    assert page.eval_on_selector("select[data-seat='1']", "s => s.value") == "normal"
    about = page.text_content("#bot-help")  # folded under "About the bots", in the server's words
    assert "Hard — looks ahead over what it cannot see" in about and "Steady" not in about
    # Qwarks' levels are its own (reaction times and memory), and said so.
    page.select_option("#game", "qwarks")
    page.wait_for_function("() => document.querySelector('#bot-help').textContent.includes('slow to react')")
    assert "Expert — quick, with a sharp memory" in page.text_content("#bot-help")



def test_the_leaderboard_shows_its_greek_letters_as_they_are(server: LiveServer, page: Any) -> None:
    created = httpx.post(f"{server.url}/api/tables", json={"game": "quirky-quarks", "seats": ["random"] * 3}).json()
    with httpx.Client(base_url=server.url) as http:
        wait_over(http, created["id"])
    page.goto(f"{server.url}/leaderboard")
    page.wait_for_selector("#ratings")
    # innerText is the text as drawn: the headers' capitals would read "Μ − 3Σ".
    assert page.eval_on_selector_all("#ratings th.symbol", "ths => ths.map(th => th.innerText)") == \
        ["μ − 3σ", "μ", "σ"]
    assert page.inner_text("#ratings tbody td:nth-child(2)") == "Random"


def test_a_spectator_is_not_told_the_solitaire_hand_is_theirs(server: LiveServer, page: Any) -> None:
    created = httpx.post(f"{server.url}/api/tables", json={"game": "quirks-solitaire", "seats": ["random"]}).json()
    with httpx.Client(base_url=server.url) as http:
        wait_over(http, created["id"])
    page.goto(f"{server.url}{created['spectate']}")
    page.wait_for_selector(".qk-me .head b")
    # The hand shown once the game is over is the player's, not the spectator's.
    assert page.inner_text(".qk-me .head b") == "Bot (random)'s hand"
    # The panel's headline says how the one player did, not "Game over" a second time.
    assert page.inner_text("#game-over .laureate") in ("Bot (random) loses", "Bot (random) wins")


def test_the_game_over_panel_says_who_won_and_why(server: LiveServer, page: Any) -> None:
    created = httpx.post(f"{server.url}/api/tables", json={"game": "quirky-quarks", "seats": ["random"] * 3}).json()
    page.goto(f"{server.url}/t/{created['id']}")
    page.wait_for_selector("#game-over #result-words", timeout=30_000)
    words = page.inner_text("#result-words")
    assert " wins with " in words or "share the win" in words
    assert words.endswith("a score is Quest points, bonuses and the eV left.")
