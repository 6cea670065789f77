"""The Quarkade web server: a JSON API, a websocket per seat, and the browser client.

>>> app = create_app("sqlite:///:memory:")   # doctest: +SKIP
>>> serve(port=8000)                         # doctest: +SKIP

Run it with ``quarkade serve`` or ``python -m quarkade.faces.web.server --port 8000``.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import logging
import math
import os
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.middleware.base import RequestResponseEndpoint
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import quarkade
from quarkade.agents import bot_kinds
from quarkade.agents.base import bot_about, offered_bots
from quarkade.core import QuarkadeError
from quarkade.core.registry import game_class
from quarkade.faces.web import apidocs, leaderboard, pages
from quarkade.faces.web.errors import HallError
from quarkade.faces.web.guards import RATE_CLOSE_CODE, HostGate, Hosts, RequestRate, client_address
from quarkade.faces.web.hall import Hall
from quarkade.faces.web.protocol import error_message
from quarkade.faces.web.running import RedactSecrets, header_timeout_protocol, log_config, proxy_networks, redact
from quarkade.faces.web.seats import Dealt
from quarkade.faces.web.store import DatabaseBusy, Store, database_url
from quarkade.faces.web.tables import Connection, Limits, Table

STATIC = Path(__file__).parent / "static"
DEFAULT_BOT_DELAY = 0.6  # seconds between bot moves, so that people can follow them
WS_MAX_BYTES = 64 * 1024  # frames above this close the connection; above 4 KiB get an error
HEADER_TIMEOUT = 10.0  # seconds a client has to send a request's headers (and as many for its body)
PENDING_PER_ADDRESS = 64  # connections from one address still sending their headers
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
GC_THRESHOLDS = (7000, 20, 20)  # the collector's generations (Python's default: 700, 10, 10)
MAX_BODY_BYTES = 64 * 1024  # every request body of the API is a few hundred bytes
# Nothing is fetched from outside the machine: the pages allow their own origin only.
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; "
       "connect-src 'self' ws: wss:; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
# on every answer, the refusals of the guards in front of the app included
SECURITY_HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
                    "Referrer-Policy": "no-referrer"}

log = logging.getLogger("quarkade.web")


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(min_length=1, max_length=64)
    players: int | None = Field(default=None, ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[str] | None = Field(default=None, max_length=16)
    turn_timer: int | None = Field(default=None, ge=5, le=7 * 24 * 3600)
    public: bool = True
    play: list[int] | None = Field(default=None, max_length=16)  # the seats the host plays itself
    invite: list[int] | None = Field(default=None, max_length=16)  # seats kept for invitations only
    # the host's name and browser id (names are checked by the hall, which says what is wrong)
    name: str | None = Field(default=None, max_length=1000)
    browser: str | None = Field(default=None, max_length=1000)
    time_bank: TimeBank | None = None  # players' clocks (banks.py)


class TimeBank(BaseModel):
    """A time bank for every seat (Fischer): ``reserve`` seconds, ``bonus`` seconds a move."""

    model_config = ConfigDict(extra="forbid")
    reserve: int = Field(ge=1, le=24 * 3600)
    bonus: int = Field(default=0, ge=0, le=3600)


class TokenBody(BaseModel):
    token: str | None = Field(default=None, max_length=128)
    name: str | None = Field(default=None, max_length=1000)
    browser: str | None = Field(default=None, max_length=1000)


class JoinBody(BaseModel):
    invitation: str | None = Field(default=None, max_length=128)
    name: str | None = Field(default=None, max_length=1000)
    browser: str | None = Field(default=None, max_length=1000)


class InviteBody(BaseModel):
    token: str | None = Field(default=None, max_length=128)
    seat: int = Field(ge=0, le=64)


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


def _client_address(request: HTTPConnection) -> str:
    """The address the client's limits are counted under (an IPv6 address by its /64), as the
    guards in front of the app count it."""
    return client_address(request.scope)


def public_origin(url: str | None) -> str | None:
    """``scheme://host[:port]`` of a configured public URL.

    >>> public_origin("https://games.example.org/")
    'https://games.example.org'
    """
    if url is None:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"the public URL is http(s)://host[:port], not {url!r}")
    return f"{parts.scheme}://{parts.netloc}"


def origin_allowed(origin: str | None, host: str | None, configured: str | None) -> bool:
    """Whether a request that a browser sent from ``origin`` may change anything here: the
    configured public origin, or else this server's own (the Host it was asked for).
    Clients that send no Origin (scripts, remote bots) are not browsers and pass.

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", None)
    True
    >>> origin_allowed("https://evil.example", "127.0.0.1:8000", None)
    False
    """
    if origin is None:
        return True
    if configured is not None:
        return origin == configured
    return host is not None and origin in (f"http://{host}", f"https://{host}")


def _created(base: str, table: Table, dealt: Dealt) -> dict[str, Any]:
    """The answer that hands out seats: the caller's own tokens, and for the host its token
    and the invitations still to be dealt (as ``dealt`` has them: the only copies). Links are
    relative unless a public URL is configured (never built from the request's Host header)."""
    answer: dict[str, Any] = {
        "id": table.id,
        "table": table.public_info(),
        "seats": [{"seat": seat, "kind": table.seats[seat], "token": token,
                   "link": f"{base}/t/{table.id}?token={token}"} for seat, token in sorted(dealt.tokens.items())],
        "spectate": f"{base}/t/{table.id}",
    }
    if dealt.host_token is not None:
        answer["host_token"] = dealt.host_token
        answer["invitations"] = [
            {"seat": seat, "code": code, "open": not table.reserved[seat] and table.public,
             "link": f"{base}/t/{table.id}?invite={code}"}
            for seat, code in sorted(dealt.invitations.items()) if not table.taken(seat)
        ]
    return answer


class BodyLimit:
    """Request bodies over ``limit`` bytes are refused (``413``) before they are read; a body
    sent without a length stops being read at the limit."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > self.limit:
            response = JSONResponse({"detail": f"the request's body is over {self.limit} bytes, the limit"},
                                    status_code=413)
            await response(scope, receive, send)
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.limit:
                return {"type": "http.disconnect"}
            return message

        await self.app(scope, limited, send)


def served_hosts(public_url: str | None, allowed_hosts: Iterable[str] | None) -> Hosts:
    """The host names the server answers to: IP addresses, localhost and this machine's
    names always, the public URL's host, and ``allowed_hosts``."""
    names = list(allowed_hosts or ())
    public_host = urlsplit(public_url).hostname if public_url else None
    if public_host and ":" not in public_host:  # an IPv6 address passes anyway
        names.append(public_host)
    return Hosts(names)


def create_app(db_url: str | None = None, *, bot_delay: float = DEFAULT_BOT_DELAY,
               limits: Limits | None = None, public_url: str | None = None,
               allowed_hosts: Iterable[str] | None = None) -> FastAPI:
    """The web application. ``db_url`` is a SQLAlchemy URL or a SQLite file path
    (default: ``quarkade.sqlite3`` in the current directory). ``public_url`` is the address
    people reach the server at (behind a proxy): links start with it, and browsers' requests
    must come from it. ``allowed_hosts`` are host names the server answers to besides IP
    addresses, localhost, this machine's names and the public URL's (``Host`` headers with
    other names are refused: DNS rebinding)."""
    allowed_origin = public_origin(public_url)
    base = public_url.rstrip("/") if public_url else ""
    limits = limits or Limits()
    hosts = served_hosts(public_url, allowed_hosts)
    store = Store(database_url(db_url))
    hall = Hall(store, limits, bot_delay)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store.lock()
        hall.start()
        try:
            yield
        finally:
            await hall.stop()
            store.close()

    app = FastAPI(title="Quarkade", version=quarkade.__version__, lifespan=lifespan,
                  docs_url=None, redoc_url=None, openapi_url="/api/openapi.json")
    app.state.hall = hall
    app.state.store = store
    app.add_middleware(BodyLimit)

    @app.middleware("http")
    async def security_headers(request: Request, call_next: RequestResponseEndpoint) -> Response:
        if request.method not in SAFE_METHODS and not origin_allowed(
                request.headers.get("origin"), request.headers.get("host"), allowed_origin):
            # A page of another site may not open tables or take seats in its visitors' name.
            response: Response = JSONResponse(
                {"detail": "this request comes from a page of another site: refused"}, status_code=403)
        else:
            response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response

    # Added last, so run first (the outermost): a request over its address's rate costs the
    # least, then one for a host name not served is refused before anything reads it.
    app.add_middleware(HostGate, hosts=hosts, headers=SECURITY_HEADERS)
    app.add_middleware(RequestRate, limits=limits, headers=SECURITY_HEADERS)

    @app.exception_handler(HallError)
    async def hall_error(_request: Request, error: HallError) -> JSONResponse:
        retry = error.extra.get("retry_after")
        headers = {"Retry-After": str(math.ceil(retry))} if isinstance(retry, int | float) else None
        return JSONResponse({"detail": error.reason, **error.extra}, status_code=error.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        # Where and why, without the input echoed back: an input that is no valid text (a
        # lone surrogate) could not be written as JSON, and a large one need not come back.
        return JSONResponse({"detail": [{"loc": list(e.get("loc", ())), "msg": str(e.get("msg", "")),
                                         "type": str(e.get("type", ""))} for e in error.errors()]},
                            status_code=422)

    pages.install(app)
    apidocs.install(app)
    leaderboard.install(app, store)

    def table_or_404(table_id: str, request: HTTPConnection) -> Table:
        table = hall.get(table_id, _client_address(request))
        if table is None:
            raise hall.missing(table_id)
        return table

    # ------------------------------------------------------------------ games
    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """Every game: its information; bots, every kind a seat may take; offered_bots, those
        the lobby offers people, weakest first; bot_about, what playing against each is like."""
        return [{**info.to_json(), "bots": bot_kinds(info.id), "offered_bots": offered_bots(info.id),
                 "bot_about": bot_about(info.id)} for info in quarkade.list_games()]

    @app.get("/api/games/{game_id}/rules")
    async def rules(game_id: str) -> dict[str, Any]:
        """A game's rulebook and Quarkade's rulings for it (null where its package has none)."""
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
        """A game's public component data files, as JSON by file name."""
        try:
            info = game_class(game_id).info
        except QuarkadeError as error:
            raise HallError(404, str(error)) from None
        return {"game": info.id, "files": _components(game_id)}

    # ------------------------------------------------------------------ tables
    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        """Open a table: the host's token, the tokens of the seats it plays, and invitations
        for the other human seats."""
        table, dealt = hall.create(body.game, body.players, body.options, body.seats, body.turn_timer, body.public,
                                   _client_address(request), play=body.play, invite=body.invite, name=body.name,
                                   browser=body.browser,
                                   time_bank=body.time_bank.model_dump() if body.time_bank else None)
        return _created(base, table, dealt)

    @app.get("/api/tables")
    async def list_tables(mine: str | None = Query(default=None, max_length=2000)) -> dict[str, Any]:
        """The lobby's lists: public tables being played and the latest finished ones; with
        mine (the ids of tables a browser holds seats at, comma-separated), those of them still
        being played."""
        return hall.listing(mine.split(",") if mine else None)

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str, request: Request) -> dict[str, Any]:
        """A table as spectators see it; after the end also its scores, winners and record."""
        table = table_or_404(table_id, request)
        state = table.state
        answer: dict[str, Any] = {"table": table.public_info(), "view": state.view(None).to_json(),
                                  "to_act": list(state.to_act), "over": state.is_over}
        if state.is_over:
            answer["scores"] = list(state.scores)
            answer["winners"] = list(state.winners)
            answer["record"] = state.record().to_json()
        return answer

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, request: Request, step: int | None = Query(default=None, ge=0),
                     seat: int | None = Query(default=None, ge=0), token: str | None = None) -> dict[str, Any]:
        """The views along a table's record, as a spectator or, with its token, as a seat."""
        return table_or_404(table_id, request).replays.read(step, seat, token)

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request, body: JoinBody | None = None) -> dict[str, Any]:
        """Take an open seat of a public table, or with an invitation code the seat it is for
        (once): the seat's new token."""
        table = table_or_404(table_id, request)
        if body is not None and body.invitation is not None:
            seat, token = hall.accept(table, body.invitation, body.name, body.browser)
        else:
            seat, token = hall.claim(table, body.name if body else None, body.browser if body else None)
        return _created(base, table, Dealt({seat: token}))

    @app.post("/api/tables/{table_id}/invite", status_code=201)
    async def invite(table_id: str, body: InviteBody, request: Request) -> dict[str, Any]:
        """The host deals a new invitation for a free human seat; its previous code is void."""
        table = table_or_404(table_id, request)
        code = hall.invite(table, body.token, body.seat)
        return {"seat": body.seat, "code": code, "open": table.open_to_lobby(body.seat),
                "link": f"{base}/t/{table.id}?invite={code}"}

    @app.post("/api/tables/{table_id}/again", status_code=201)
    async def again(table_id: str, body: TokenBody, request: Request) -> dict[str, Any]:
        """After the end, the next game with the same settings and a new seed (opened by the
        first to ask): the caller's seats there."""
        table = table_or_404(table_id, request)
        following, dealt = hall.again(table, body.token, _client_address(request), body.name, body.browser)
        return _created(base, following, dealt)

    @app.post("/api/tables/{table_id}/close")
    async def close(table_id: str, body: TokenBody, request: Request) -> dict[str, Any]:
        """The host ends its table before the end of its game."""
        hall.close(table_or_404(table_id, request), body.token)
        return {"id": table_id, "status": "closed"}

    @app.post("/api/tables/{table_id}/name")
    async def rename(table_id: str, body: TokenBody, request: Request) -> dict[str, Any]:
        """A seat's player changes the name shown for its seat."""
        table = table_or_404(table_id, request)
        seat = hall.rename(table, body.token, body.name)
        return {"seat": seat, "name": table.seat_name(seat)}

    # ------------------------------------------------------------------ play
    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"), allowed_origin):
            await websocket.send_text(error_message(
                "origin", "this connection comes from a page of another site: refused"))
            await websocket.close(code=4403)
            return
        # Every socket costs the server memory (its outbox, its greeting): one address may hold
        # only so many, across all tables.
        address = _client_address(websocket)
        if not hall.sockets.open(address):
            await websocket.send_text(error_message(
                "busy", f"{hall.limits.connections_per_address} connections from your address are open already, "
                        "the limit: close some tabs or windows of this site"))
            await websocket.close(code=1008)
            return
        try:
            await seated(websocket, table_id)
        finally:
            hall.sockets.close(address)

    async def seated(websocket: WebSocket, table_id: str) -> None:
        """A connection at a table, from its greeting to its end."""
        token = websocket.query_params.get("token") or None
        host_token = websocket.query_params.get("host") or None
        try:
            table = hall.get(table_id, _client_address(websocket))
        except HallError as refused:  # too many finished tables loaded again from this address
            await websocket.send_text(error_message("rate", refused.reason, **refused.extra))
            await websocket.close(code=RATE_CLOSE_CODE)
            return
        if table is None:
            await websocket.send_text(error_message("no_table", hall.missing(table_id).reason))
            await websocket.close(code=4404)
            return
        seat = table.seat_of(token)
        host = table.is_host(token) or table.is_host(host_token)
        if (token is not None and seat is None and not table.is_host(token)) or (
                host_token is not None and not host):
            await websocket.send_text(error_message("bad_token", "this link's token belongs to no seat of this table"))
            await websocket.close(code=4403)
            return
        if seat is None and not host:  # the host, like the players, always gets in
            spectators = sum(1 for c in table.connections if c.seat is None and not c.host)
            if spectators >= hall.limits.spectators_per_table:
                await websocket.send_text(error_message(
                    "full", f"this table has {hall.limits.spectators_per_table} spectators already, the limit"))
                await websocket.close(code=1008)
                return
        else:
            # A seat holder, or the host, always gets in: its oldest connections make way (the
            # host's too: anyone may open a table and be its host, so its windows are counted).
            if seat is not None:
                same = table.seat_connections(seat)
                where = f"seat {seat}"
            else:
                same = [c for c in table.connections if c.seat is None and c.host]
                where = "the host's page"
            for old in same[:max(0, len(same) - hall.limits.connections_per_seat + 1)]:
                table.detach(old)
                old.end(4409, error_message("replaced", f"{where} was opened in another window"))
        connection = Connection(websocket, table, seat, host, hall.limits, _client_address(websocket), hall.messages)
        try:
            table.attach(connection)
        except Exception:  # the game could not show its view: say so, and close properly
            log.exception("table %s: a connection could not be greeted", table.id)
            table.detach(connection)
            await connection.stop()
            await websocket.send_text(error_message(
                "server_error", "the server could not show this table because of a fault in its game code"))
            await websocket.close(code=1011)
            return
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
    async def table_page(table_id: str, request: Request) -> Response:
        try:
            found = hall.get(table_id, _client_address(request))
        except HallError as refused:  # too many finished tables loaded again from this address
            return pages.error_page(refused.status, f"{refused.reason[:1].upper()}{refused.reason[1:]}.",
                                    "Too many at once")
        if found is None:
            missing = hall.missing(table_id)
            return pages.missing_table_page(table_id, missing.reason, missing.status)
        page = FileResponse(STATIC / "table.html", headers=REVALIDATE, stat_result=os.stat(STATIC / "table.html"))
        if request.headers.get("if-none-match") == page.headers.get("etag"):
            return Response(status_code=304, headers={"etag": page.headers["etag"], **REVALIDATE})
        return page

    @app.get("/api/server")
    async def server_info() -> dict[str, Any]:
        """The server's version, its limits and how many tables are open."""
        return {"version": quarkade.__version__, "limits": hall.limits.to_json(), "tables": len(hall.open_tables())}

    app.mount("/", PageFiles(directory=STATIC, html=True), name="static")
    return app


# The pages' files are asked again at each use (``no-cache``: kept, but checked by their ETag,
# a 304 with no body when unchanged), so a browser never runs an older script against a newer
# server after an upgrade.
REVALIDATE = {"Cache-Control": "no-cache"}


class PageFiles(StaticFiles):
    """The pages' static files, each served to be checked again before it is used."""

    def file_response(self, full_path: Any, stat_result: os.stat_result, scope: Any,
                      status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers.update(REVALIDATE)
        return response


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, *,
          bot_delay: float = DEFAULT_BOT_DELAY, limits: Limits | None = None, log_level: str = "info",
          access_log: bool = True, public_url: str | None = None, trust_proxy: str | None = None,
          header_timeout: float = HEADER_TIMEOUT, pending_per_address: int = PENDING_PER_ADDRESS,
          allowed_hosts: Iterable[str] | None = None) -> None:
    """Run the server with uvicorn until interrupted. ``db`` is a SQLite file path or a
    SQLAlchemy URL; unfinished tables in it resume. ``trust_proxy`` lists the addresses of
    reverse proxies whose ``X-Forwarded-For`` is believed (by default nobody's);
    ``allowed_hosts``, host names served besides IP addresses, localhost, the machine's
    names and the public URL's."""
    import uvicorn

    try:
        proxies = proxy_networks(trust_proxy)
        app = create_app(db, bot_delay=bot_delay, limits=limits, public_url=public_url, allowed_hosts=allowed_hosts)
        app.state.store.lock()  # before listening: a second server on the same file stops here
    except (DatabaseBusy, ValueError) as error:
        raise SystemExit(f"quarkade serve: {error}") from None
    # Behind trusted proxies every client comes from them: they see the real clients, not us.
    http = header_timeout_protocol(header_timeout, pending_per_address, proxies)
    # What exists now lives as long as the server: kept out of the collector's scans. Young
    # passes less often: at hundreds of moves a second the default made the collector a
    # tenth of the server's work, with full passes that stopped every table for tens of ms.
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    uvicorn.run(app, host=host, port=port, log_level=log_level, access_log=access_log,
                log_config=log_config(log_level), http=http,
                proxy_headers=trust_proxy is not None, forwarded_allow_ips=trust_proxy,
                ws_max_size=WS_MAX_BYTES, ws_ping_interval=20.0, ws_ping_timeout=30.0,
                # Compressing every message costs more CPU than the views themselves; a state
                # message is a few kilobytes, sent when something changed.
                ws_per_message_deflate=False)


def host_list(text: str | None) -> list[str]:
    """The names of a comma-separated ``--allowed-hosts``.

    >>> host_list("games.example.org, quarkade.lan")
    ['games.example.org', 'quarkade.lan']
    """
    return [part.strip() for part in (text or "").split(",") if part.strip()]


# The limits the server's command line sets, with what each is (a blank: the name says it).
LIMIT_OPTIONS = {
    "abandon_after": "seconds without a move or a visitor after which an unfinished table expires",
    "unlisted_after": "seconds without a move or a visitor after which an open table leaves the lobby's list",
    "takeover_after": "seconds a person's seat may have no connection before a bot plays it",
    "tables_per_client": "open tables one address may hold, active in the last 6 hours",
    "tables_per_hour": "tables one address may create in an hour, closed and finished ones included",
    "tables_an_hour_in_all": "tables created an hour from every address together",
    "open_tables": "tables the server holds open at once",
    "actions_per_table": "actions a table's game may take before the server closes it",
    "spectators_per_table": "",
    "connections_per_address": "websockets one address may hold open at once, across all tables",
    "messages_per_second": "websocket messages a second on one connection, after a burst",
    "message_burst": "",
    "address_messages_per_second": "websocket messages from one address a second, over all its connections",
    "address_message_burst": "",
    "requests_per_second": "requests to the API and pages, and websocket handshakes, one address may make a second",
    "request_burst": "",
    "revivals_per_second": "finished tables one address may have loaded again from their records a second",
    "revival_burst": "",
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m quarkade.faces.web.server", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None, help="SQLite file or SQLAlchemy URL (default quarkade.sqlite3)")
    parser.add_argument("--bot-delay", type=float, default=DEFAULT_BOT_DELAY, help="seconds between bot moves")
    parser.add_argument("--public-url", default=None,
                        help="the address people reach the server at, e.g. https://games.example.org "
                             "(links start with it; browsers' requests must come from it)")
    parser.add_argument("--allowed-hosts", default=None, metavar="NAMES",
                        help="comma-separated host names the server answers to, besides IP addresses, localhost, "
                             "this machine's names and the public URL's (other Host headers are refused)")
    parser.add_argument("--trust-proxy", default=None, metavar="ADDRESSES",
                        help="comma-separated addresses of reverse proxies whose X-Forwarded-For is believed")
    parser.add_argument("--header-timeout", type=float, default=HEADER_TIMEOUT,
                        help="seconds a client has to send a request's headers, and as many then for its body")
    parser.add_argument("--pending-per-address", type=int, default=PENDING_PER_ADDRESS,
                        help="connections from one address that may be sending their headers or a body at once")
    for name, said in LIMIT_OPTIONS.items():  # every limit, as --name-with-dashes
        default = getattr(Limits, name)
        parser.add_argument(f"--{name.replace('_', '-')}", type=type(default), default=default, help=said or None)
    parser.add_argument("--quiet", action="store_true", help="log warnings only, no access log")
    args = parser.parse_args(argv)
    try:
        limits = Limits(**{name: getattr(args, name) for name in LIMIT_OPTIONS})
    except ValueError as error:
        parser.error(str(error))
    serve(args.host, args.port, args.db, bot_delay=args.bot_delay, limits=limits,
          log_level="warning" if args.quiet else "info", access_log=not args.quiet, public_url=args.public_url,
          trust_proxy=args.trust_proxy, header_timeout=args.header_timeout,
          pending_per_address=args.pending_per_address, allowed_hosts=host_list(args.allowed_hosts))


if __name__ == "__main__":
    main()


__all__ = ["RedactSecrets", "create_app", "main", "redact", "serve"]
