"""The leaderboard: OpenSkill ratings of the players of finished public tables.

A person is rated under the name they gave for their seat (people who gave none share the
entry "unnamed player"); a bot under its kind or level. Seats are counted as the table was
created: a person's seat that a bot played for a while is still the person's. Private tables
stay out, since their players did not choose to be seen, and so do the tables of cooperative
games (Quirky Circuits), whose seats win or lose together: they rank no player above another (a
lost table, all scores alike, was counted as a win shared by every seat). Every game is rated on
its own (``?game=``); without a game, the ratings pool every game's tables.
"""

from __future__ import annotations

from html import escape
from typing import Any

from fastapi import FastAPI, HTTPException, Query
from fastapi.responses import HTMLResponse
from sqlalchemy import ColumnElement, func, select
from starlette.concurrency import run_in_threadpool

from quarkade.agents.base import PLAYER_BOTS
from quarkade.core.registry import list_games
from quarkade.faces.web.pages import app_page, error_page
from quarkade.faces.web.store import OVER, TABLES, Store
from quarkade.tools.ratings import Finish, openskill_table, ranks

HUMAN = "human"
UNNAMED = "unnamed player"
# The latest finished tables rated at most: rating 5,000 games takes a few tenths of a second.
RATED_TABLES = 5_000


def player_of(kind: str, name: str | None) -> str:
    """The entry a seat counts for: ``person:NAME`` or ``bot:KIND`` (a person may call
    themselves after a bot's kind without being taken for it)."""
    if kind == HUMAN:
        return f"person:{(name or '').strip() or UNNAMED}"
    return f"bot:{kind}"


def finish_of(row: dict[str, Any]) -> Finish:
    kinds = row.get("initial_seats") or row["seats"]
    names = row.get("names") or [None] * len(kinds)
    places = ranks(row["scores"], row.get("winners") or [])
    return [(player_of(kind, name), place) for kind, name, place in zip(kinds, names, places, strict=True)]


def _rated(game: str | None) -> list[ColumnElement[bool]]:
    conditions = [TABLES.c.status == OVER, TABLES.c.public.is_(True), TABLES.c.scores.is_not(None),
                  TABLES.c.game.not_in(COOPERATIVE)]
    return conditions if game is None else [*conditions, TABLES.c.game == game]


# The games whose seats win or lose together: nothing there ranks one player above another.
COOPERATIVE = tuple(info.id for info in list_games() if info.cooperative)


def finished_games(store: Store, game: str | None) -> list[Finish]:
    """Each finished public table with at least two seats, oldest first."""
    query = (select(TABLES.c.game, TABLES.c.seats, TABLES.c.initial_seats, TABLES.c.names, TABLES.c.scores,
                    TABLES.c.winners, TABLES.c.finished)
             .where(*_rated(game)).order_by(TABLES.c.finished.desc()).limit(RATED_TABLES))
    with store.engine.connect() as connection:
        rows = [dict(row) for row in connection.execute(query).mappings()]
    rows.reverse()
    return [finish_of(row) for row in rows if len(row["scores"]) >= 2]


def leaderboard(store: Store, game: str | None) -> dict[str, Any]:
    if game is not None and game not in {info.id for info in list_games()}:
        raise HTTPException(404, f"there is no game {game[:60]!r}")
    finishes = finished_games(store, game)
    rows = []
    for place, rating in enumerate(openskill_table(finishes), start=1):
        kind, _, name = rating.player.partition(":")
        rows.append({"place": place, "name": name, "kind": "person" if kind == "person" else "bot",
                     **{key: value for key, value in rating.to_json().items() if key != "player"}})
    return {"game": game, "games": len(finishes), "players": rows}


_BOARD = """    <section class="panel" id="leaderboard">
      <div class="panel-title">
        <h1>Leaderboard</h1>
        <form method="get" action="/leaderboard">
          <label>Game <select name="game">{options}</select></label>
          <button class="button" type="submit">Show</button>
        </form>
      </div>
      <p>{summary}</p>
      {table}
      <p class="hint">Ratings are OpenSkill's: μ is the estimated skill, σ its uncertainty, and players are
      ranked by μ − 3σ, a skill they have very probably reached. Finished public tables only; people are
      listed by the name they gave for their seat, bots by their level or kind.</p>
      <p class="hint" id="counting">How games and wins are counted: every seat is a game for its player, and
      the seats that win share one win, so two winners get half a win each; when a game names no winner, the
      best score wins. Cooperative games, where the table wins or loses together, are not rated. Bots of one
      level (or kind) are one entry: a table with two Normal bots counts two games for Normal. A person's
      seat that a bot played for a while still counts as the person's.</p>
    </section>"""


SYMBOLS = ("μ − 3σ", "μ", "σ")


def shown_name(row: dict[str, Any]) -> str:
    """A person's name as given; a bot's level as the lobby names it (``normal``: Normal), any
    other bot kind as it is."""
    name: str = row["name"]
    return name.capitalize() if row["kind"] == "bot" and name in PLAYER_BOTS else name


def page(board: dict[str, Any]) -> str:
    chosen = board["game"]
    games = sorted(list_games(), key=lambda info: info.title)
    options = ['<option value=""{}>All games</option>'.format("" if chosen else " selected")]
    options += [f'<option value="{escape(info.id)}"{" selected" if info.id == chosen else ""}>'
                f"{escape(info.title)}</option>" for info in games]
    count = board["games"]
    summary = f"{count} finished game{'s' if count != 1 else ''} rated."
    if not board["players"]:
        table = '<p class="empty">No finished public games yet: play one from the lobby.</p>'
    else:
        # (the Greek letters keep their case: shown in capitals, μ and σ would read M and Σ)
        head = "".join(f'<th class="symbol">{column}</th>' if column in SYMBOLS else f"<th>{column}</th>"
                       for column in ("#", "player", "kind", *SYMBOLS, "games", "wins"))
        # A win shared by several seats counts as a share of it: shown to a tenth.
        body = "".join(
            f"<tr><td>{row['place']}</td><td>{escape(shown_name(row))}</td><td>{row['kind']}</td>"
            f"<td>{row['ordinal']:.1f}</td><td>{row['mu']:.1f}</td><td>{row['sigma']:.1f}</td>"
            f"<td>{row['games']}</td><td>{round(row['wins'], 1):g}</td></tr>" for row in board["players"])
        table = (f'<div class="scroll-x"><table class="list" id="ratings"><thead><tr>{head}</tr></thead>'
                 f"<tbody>{body}</tbody></table></div>")
    return app_page("Leaderboard", _BOARD.format(options="".join(options), summary=escape(summary), table=table))


class Boards:
    """Leaderboards kept until another table finishes: ratings are made again only then."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._kept: dict[str | None, tuple[tuple[Any, ...], dict[str, Any]]] = {}

    def get(self, game: str | None) -> dict[str, Any]:
        with self.store.engine.connect() as connection:
            stamp = tuple(connection.execute(
                select(func.count(), func.max(TABLES.c.finished)).select_from(TABLES).where(*_rated(game))).one())
        kept = self._kept.get(game)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        board = leaderboard(self.store, game)
        self._kept[game] = (stamp, board)
        return board


def install(app: FastAPI, store: Store) -> None:
    """Serve ``/leaderboard`` (a page) and ``/api/leaderboard?game=`` (its JSON)."""
    boards = Boards(store)

    # Rating many games takes a while: it runs on a worker thread, not on the tables' event loop.
    @app.get("/api/leaderboard")
    async def leaderboard_json(game: str | None = Query(default=None, max_length=64)) -> dict[str, Any]:
        return await run_in_threadpool(boards.get, game or None)

    @app.get("/leaderboard", include_in_schema=False)
    async def leaderboard_page(game: str | None = Query(default=None, max_length=64)) -> HTMLResponse:
        try:
            return HTMLResponse(page(await run_in_threadpool(boards.get, game or None)))
        except HTTPException as error:
            return error_page(error.status_code, f"{str(error.detail).capitalize()}: choose one from the list.",
                              "No such game")
