"""The Quarkade web server: a JSON API, a websocket per seat, and the browser client.

>>> app = create_app("sqlite:///:memory:")   # doctest: +SKIP
>>> serve(port=8000)                         # doctest: +SKIP

Run it with ``quarkade serve`` or ``python -m quarkade.faces.web.server --port 8000``.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.middleware.base import RequestResponseEndpoint

import quarkade
from quarkade.agents import bot_kinds
from quarkade.core import QuarkadeError
from quarkade.core.registry import game_class
from quarkade.faces.web.protocol import error_message
from quarkade.faces.web.store import Store, database_url
from quarkade.faces.web.tables import HUMAN, Connection, Hall, HallError, Limits, Table

STATIC = Path(__file__).parent / "static"
DEFAULT_BOT_DELAY = 0.6  # seconds between bot moves, so that people can follow them
WS_MAX_BYTES = 64 * 1024  # frames above this close the connection; above 4 KiB get an error
# Nothing is fetched from outside the machine: the pages allow their own origin only.
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; "
       "connect-src 'self' ws: wss:; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")

log = logging.getLogger("quarkade.web")


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=64)
    players: int | None = Field(default=None, ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[str] | None = Field(default=None, max_length=16)
    turn_timer: int | None = Field(default=None, ge=5, le=7 * 24 * 3600)
    public: bool = True


class TokenBody(BaseModel):
    token: str | None = Field(default=None, max_length=128)


def _package_of(game_id: str) -> str:
    module = importlib.import_module(game_class(game_id).__module__)
    return module.__package__ or module.__name__


def _read_text(package: str, name: str) -> str | None:
    try:
        resource = resources.files(package).joinpath(name)
        return resource.read_text("utf-8") if resource.is_file() else None
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return None


def _components(game_id: str) -> dict[str, Any]:
    """What is printed on a game's components (the game decides: never hidden data such as
    Quirks' adaptation values)."""
    return game_class(game_id).public_components()


def _client_address(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


def _links(request: Request, table: Table, seats: list[int]) -> list[dict[str, Any]]:
    base = str(request.base_url).rstrip("/")
    out = []
    for seat in seats:
        token = table.tokens[seat]
        if token is None:
            continue
        out.append({"seat": seat, "kind": table.seats[seat], "token": token,
                    "link": f"{base}/t/{table.id}?token={token}"})
    return out


def _created(request: Request, table: Table, host: bool, seats: list[int]) -> dict[str, Any]:
    base = str(request.base_url).rstrip("/")
    answer: dict[str, Any] = {
        "id": table.id,
        "table": table.public_info(),
        "seats": _links(request, table, seats),
        "spectate": f"{base}/t/{table.id}",
    }
    if host:
        answer["host_token"] = table.host_token
    return answer


def create_app(db_url: str | None = None, *, bot_delay: float = DEFAULT_BOT_DELAY,
               limits: Limits | None = None) -> FastAPI:
    """The web application. ``db_url`` is a SQLAlchemy URL or a SQLite file path
    (default: ``quarkade.sqlite3`` in the current directory)."""
    store = Store(database_url(db_url))
    hall = Hall(store, limits or Limits(), bot_delay)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hall.start()
        try:
            yield
        finally:
            await hall.stop()
            store.close()

    app = FastAPI(title="Quarkade", version=quarkade.__version__, lifespan=lifespan,
                  docs_url="/api/docs", redoc_url=None, openapi_url="/api/openapi.json")
    app.state.hall = hall

    @app.middleware("http")
    async def security_headers(request: Request, call_next: RequestResponseEndpoint) -> Response:
        response = await call_next(request)
        if not request.url.path.startswith("/api/docs"):
            response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    @app.exception_handler(HallError)
    async def hall_error(_request: Request, error: HallError) -> JSONResponse:
        return JSONResponse({"detail": error.reason}, status_code=error.status)

    def table_or_404(table_id: str) -> Table:
        table = hall.get(table_id)
        if table is None:
            raise HallError(404, f"there is no table {table_id[:40]!r}")
        return table

    # ------------------------------------------------------------------ games
    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [{**info.to_json(), "bots": bot_kinds(info.id)} for info in quarkade.list_games()]

    @app.get("/api/games/{game_id}/rules")
    async def rules(game_id: str) -> dict[str, Any]:
        try:
            info = game_class(game_id).info
        except QuarkadeError as error:
            raise HallError(404, str(error)) from None
        package = _package_of(game_id)
        rulebook = _read_text(package, "RULEBOOK.txt")
        rulings = _read_text(package, "RULINGS.md")
        return {"game": info.id, "title": info.title, "summary": info.summary, "rulebook": rulebook,
                "rulings": rulings,
                "missing": [name for name, text in (("RULEBOOK.txt", rulebook), ("RULINGS.md", rulings))
                            if text is None]}

    @app.get("/api/games/{game_id}/components")
    async def components(game_id: str) -> dict[str, Any]:
        try:
            info = game_class(game_id).info
        except QuarkadeError as error:
            raise HallError(404, str(error)) from None
        return {"game": info.id, "files": _components(game_id)}

    # ------------------------------------------------------------------ tables
    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        table = hall.create(body.game, body.players, body.options, body.seats, body.turn_timer, body.public,
                            _client_address(request))
        human = [seat for seat, kind in enumerate(table.seats) if kind == HUMAN]
        return _created(request, table, True, human)

    @app.get("/api/tables")
    async def list_tables() -> dict[str, Any]:
        return hall.listing()

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        table = table_or_404(table_id)
        state = table.state
        answer: dict[str, Any] = {"table": table.public_info(), "view": state.view(None).to_json(),
                                  "to_act": list(state.to_act), "over": state.is_over}
        if state.is_over:
            answer["scores"] = list(state.scores)
            answer["winners"] = list(state.winners)
            answer["record"] = state.record().to_json()
        return answer

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, step: int | None = Query(default=None, ge=0),
                     seat: int | None = Query(default=None, ge=0), token: str | None = None) -> dict[str, Any]:
        return table_or_404(table_id).replay(step, seat, token)

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        table = table_or_404(table_id)
        seat = hall.claim(table)
        return _created(request, table, False, [seat])

    @app.post("/api/tables/{table_id}/again", status_code=201)
    async def again(table_id: str, body: TokenBody, request: Request) -> dict[str, Any]:
        table = table_or_404(table_id)
        following, host, seats = hall.again(table, body.token, _client_address(request))
        return _created(request, following, host, seats)

    # ------------------------------------------------------------------ play
    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        token = websocket.query_params.get("token") or None
        host_token = websocket.query_params.get("host") or None
        table = hall.get(table_id)
        if table is None:
            await websocket.send_text(error_message("no_table", f"there is no table {table_id[:40]!r}"))
            await websocket.close(code=4404)
            return
        seat = table.seat_of(token)
        host = table.is_host(token) or table.is_host(host_token)
        if (token is not None and seat is None and not table.is_host(token)) or (
                host_token is not None and not host):
            await websocket.send_text(error_message("bad_token", "this link's token belongs to no seat of this table"))
            await websocket.close(code=4403)
            return
        if len(table.connections) >= hall.limits.connections_per_table:
            await websocket.send_text(error_message(
                "full", f"this table has {hall.limits.connections_per_table} connections already, the limit"))
            await websocket.close(code=1008)
            return
        connection = Connection(websocket, table, seat, host, hall.limits)
        table.attach(connection)
        try:
            while not connection.closed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = message.get("bytes") or b""
                table.handle(connection, raw)
        except WebSocketDisconnect:
            pass
        finally:
            table.detach(connection)
            await connection.stop()

    # ------------------------------------------------------------------ pages
    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/api/server")
    async def server_info() -> dict[str, Any]:
        return {"version": quarkade.__version__, "limits": hall.limits.to_json(), "tables": len(hall.open_tables())}

    app.mount("/", StaticFiles(directory=STATIC, html=True), name="static")
    return app


class RedactTokens(logging.Filter):
    """Seat and host tokens travel in websocket query strings: keep them out of every log."""

    PATTERN = re.compile(r"(token=)[^&\s\"']+")

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            record.args = tuple(self.PATTERN.sub(r"\1…", a) if isinstance(a, str) else a
                                for a in (record.args if isinstance(record.args, tuple) else (record.args,)))
        if isinstance(record.msg, str):
            record.msg = self.PATTERN.sub(r"\1…", record.msg)
        return True


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, *,
          bot_delay: float = DEFAULT_BOT_DELAY, limits: Limits | None = None, log_level: str = "info",
          access_log: bool = True) -> None:
    """Run the server with uvicorn until interrupted. ``db`` is a SQLite file path or a
    SQLAlchemy URL; unfinished tables in it resume."""
    import uvicorn

    app = create_app(db, bot_delay=bot_delay, limits=limits)
    for name in ("uvicorn.access", "uvicorn.error"):
        logging.getLogger(name).addFilter(RedactTokens())
    uvicorn.run(app, host=host, port=port, log_level=log_level, access_log=access_log,
                ws_max_size=WS_MAX_BYTES, ws_ping_interval=20.0, ws_ping_timeout=30.0,
                # Compressing every message costs more CPU than the views themselves; a state
                # message is a few kilobytes, sent when something changed.
                ws_per_message_deflate=False)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m quarkade.faces.web.server", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None, help="SQLite file or SQLAlchemy URL (default quarkade.sqlite3)")
    parser.add_argument("--bot-delay", type=float, default=DEFAULT_BOT_DELAY, help="seconds between bot moves")
    parser.add_argument("--tables-per-client", type=int, default=Limits.tables_per_client)
    parser.add_argument("--connections-per-table", type=int, default=Limits.connections_per_table)
    parser.add_argument("--messages-per-second", type=float, default=Limits.messages_per_second)
    parser.add_argument("--quiet", action="store_true", help="log warnings only, no access log")
    args = parser.parse_args(argv)
    limits = Limits(tables_per_client=args.tables_per_client, connections_per_table=args.connections_per_table,
                    messages_per_second=args.messages_per_second)
    serve(args.host, args.port, args.db, bot_delay=args.bot_delay, limits=limits,
          log_level="warning" if args.quiet else "info", access_log=not args.quiet)


if __name__ == "__main__":
    main()


__all__ = ["create_app", "main", "serve"]
