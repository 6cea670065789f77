"""The lobby's pictures: every game has its own drawing, served as a plain SVG, and a game
without one (a new game) gets a tile of its initials on colours of its own."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import LiveServer, browser_page

DRAWN = ["quirks", "quirks-solitaire", "quirkling", "quirky-circuits", "qwarks", "cosmic-encounter"]
GAMES = ["quirky-quarks", *DRAWN]
DRAWINGS = Path(__file__).resolve().parents[2] / "src" / "quarkade" / "faces" / "web" / "static" / "img" / "games"
# Two games the server does not know, whose ids fall on different colours of the lobby's list.
UNKNOWN = {"future-game": "Future Game", "another-game": "Another Game"}


def test_every_drawing_is_served_as_a_small_self_contained_svg(client: TestClient) -> None:
    assert sorted(path.stem for path in DRAWINGS.glob("*.svg")) == sorted(DRAWN)
    for game in DRAWN:
        response = client.get(f"/img/games/{game}.svg")
        assert response.status_code == 200, game
        assert response.headers["content-type"].startswith("image/svg+xml"), game
        text = response.text
        assert text.lstrip().startswith("<svg") and 'viewBox="0 0 64 64"' in text, game
        assert "<script" not in text.lower() and 'href="http' not in text, game
        assert len(response.content) < 3500, game


@pytest.fixture
def page(server: LiveServer) -> Iterator[Any]:
    with browser_page(server, 900) as tab:
        yield tab


def with_unknown_games(route: Any) -> None:
    """The server's games and, after them, two it has never heard of."""
    response = route.fetch()
    games = response.json()
    games += [{**games[1], "id": game, "title": title} for game, title in UNKNOWN.items()]
    route.fulfill(response=response, body=json.dumps(games))


def test_every_game_in_the_lobby_has_a_picture_of_its_own(server: LiveServer, page: Any) -> None:
    page.route("**/api/games", with_unknown_games)
    page.goto(f"{server.url}/")
    page.wait_for_selector(".game-card[data-game='another-game'] .art")
    page.wait_for_function("() => [...document.querySelectorAll('.game-card img.art')].every(i => i.complete)")
    arts = page.evaluate("""() => [...document.querySelectorAll('.game-card')].map(card => {
        const art = card.querySelector('.art');
        const style = getComputedStyle(art);
        return {game: card.dataset.game, tag: art.tagName, src: art.getAttribute('src'), width: art.naturalWidth,
                text: art.textContent, a: style.getPropertyValue('--a').trim(), background: style.backgroundImage};
    })""")
    by_game = {art["game"]: art for art in arts}
    assert list(by_game) == [*GAMES, *UNKNOWN]
    for game in GAMES:
        art = by_game[game]
        assert art["tag"] == "IMG", game
        assert art["width"] > 0, (game, art["src"])
    assert len({by_game[game]["src"] for game in GAMES}) == len(GAMES)
    # The tiles of games without a drawing: their initials, on the colours picked for them.
    tiles = [by_game[game] for game in UNKNOWN]
    assert [tile["text"] for tile in tiles] == ["FG", "AG"]
    for tile in tiles:
        assert tile["tag"] == "DIV" and tile["a"].startswith("#"), tile
        assert "rgb(90, 184, 255)" not in tile["background"], tile  # not the stylesheet's fallback
    assert tiles[0]["background"] != tiles[1]["background"]


def test_an_element_takes_custom_properties_from_its_style(server: LiveServer, page: Any) -> None:
    page.goto(f"{server.url}/")
    style = page.evaluate("""async () => {
        const { h } = await import('/js/util.js');
        const el = h('div', { style: { '--a': '#ff7a59', color: 'rgb(1, 2, 3)', marginTop: '4px' } });
        return { a: el.style.getPropertyValue('--a'), color: el.style.color, margin: el.style.marginTop };
    }""")
    assert style == {"a": "#ff7a59", "color": "rgb(1, 2, 3)", "margin": "4px"}
