"""Error pages in the app's own style: a person who follows a wrong link or a table that no
longer exists gets a page with the header and a way back to the lobby; programs calling the
API (or a websocket) keep their JSON errors."""

from __future__ import annotations

from html import escape

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException

# Paths whose callers are programs: their errors stay JSON.
PROGRAM_PREFIXES = ("/api/", "/ws/")

_SHELL = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title} · Quarkade</title>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/css/quarkade.css">
</head>
<body>
  <header class="topbar">
    <a class="brand" href="/"><img src="/img/logo.svg" alt="" width="30" height="30">Quarkade</a>
    <span class="spacer"></span>
    <nav>
      <a href="/">Lobby</a>
      <a href="/leaderboard">Leaderboard</a>
      <a href="/rules.html">Rules</a>
    </nav>
  </header>
  <main class="{main_class}">
{body}
  </main>
</body>
</html>
"""

_ERROR = """    <section class="panel" id="error">
      <h1>{title}</h1>
      <p>{reason}</p>
      <p><a class="button primary" href="/">Back to the lobby</a></p>
    </section>"""


def app_page(title: str, body: str, main_class: str = "page") -> str:
    """A server-made page in the app's style: its header and navigation around ``body`` (HTML,
    already escaped); ``title`` is escaped here."""
    return _SHELL.format(title=escape(title), main_class=main_class, body=body)


TITLES = {404: "Nothing here", 405: "Not this way", 410: "This table is gone"}


def error_page(status: int, reason: str, title: str | None = None) -> HTMLResponse:
    """An HTML page saying what went wrong, with the app's header and a link to the lobby."""
    title = title or TITLES.get(status, "Something went wrong")
    body = _ERROR.format(title=escape(title), reason=escape(reason))
    return HTMLResponse(app_page(title, body, "page error-page"), status_code=status)


def is_program(request: Request) -> bool:
    return request.url.path.startswith(PROGRAM_PREFIXES)


def missing_table_page(table_id: str, reason: str | None = None, status: int = 404) -> HTMLResponse:
    """The page for a table link that leads nowhere; ``reason`` says why when it is known
    (closed by its host, expired)."""
    said = reason or f"there is no table {table_id[:40]!r} here: its link may be mistyped"
    return error_page(status, f"{said[:1].upper()}{said[1:].rstrip('.')}.", "No such table")


def install(app: FastAPI) -> None:
    """Serve error pages to people and JSON to programs for the app's HTTP errors."""

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        if is_program(request):
            return JSONResponse({"detail": error.detail}, status_code=error.status_code, headers=error.headers)
        if error.status_code == 404:
            reason = f"There is no page at {request.url.path[:80]}: the link may be mistyped or out of date."
        else:
            reason = str(error.detail)
        return error_page(error.status_code, reason)
