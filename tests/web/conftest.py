"""Helpers for the web server's tests: an app on a temporary database, websocket
exchanges that know when the server has answered, and a live server in a subprocess."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from quarkade.faces.web.server import create_app
from quarkade.faces.web.tables import Limits
from quarkade.tools.bench_server import ServerProcess

from .forked import LAUNCHER, Forked

Message = dict[str, Any]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "quarkade.sqlite3"


# tests send quicker than people, messages and requests alike
FAST = Limits(messages_per_second=1e6, message_burst=1e6, requests_per_second=1e6, request_burst=1e6,
              address_messages_per_second=1e6, address_message_burst=1e6)
TEST_HOST = "testserver"  # the Host a TestClient sends: no name the server answers to by itself


def make_client(db: Path, limits: Limits | None = None) -> TestClient:
    return TestClient(create_app(str(db), bot_delay=0.0, limits=limits or FAST, allowed_hosts=[TEST_HOST]))


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    with make_client(db_path) as test_client:
        yield test_client


CALM_SEED = 5  # two players: seat 0 bids first, no Neutrino to resolve before


def fix_seed(client: TestClient, seed: int) -> None:
    """The next tables of ``client`` are dealt from ``seed`` (tests only)."""
    client.app.state.hall.new_seed = lambda: seed  # type: ignore[attr-defined]


def create_table(client: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    """A table whose creator plays every human seat (hot seat), unless ``play`` says otherwise."""
    extra.setdefault("play", [seat for seat, kind in enumerate(seats) if kind == "human"])
    response = client.post("/api/tables", json={"game": "quirky-quarks", "seats": seats, **extra})
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def token_of(created: dict[str, Any], seat: int) -> str:
    for entry in created["seats"]:
        if entry["seat"] == seat:
            token: str = entry["token"]
            return token
    raise KeyError(seat)


class Peer:
    """A websocket session that tracks the latest state it received."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.messages: list[Message] = []
        self.state: Message | None = None
        self.pings = 0

    def receive(self) -> Message:
        message: Message = self.session.receive_json()
        self.messages.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    def greet(self) -> list[Message]:
        """The messages a new connection gets: welcome, table, state (and over)."""
        got = [self.receive() for _ in range(3)]
        assert [m["type"] for m in got] == ["welcome", "table", "state"], got
        if got[2]["over"]:
            got.append(self.receive())
        return got

    def send(self, message: Message | str) -> None:
        if isinstance(message, str):
            self.session.send_text(message)
        else:
            self.session.send_json(message)

    def sync(self) -> list[Message]:
        """Every message the server queued for us before it read our ping."""
        self.pings += 1
        self.send({"type": "ping", "id": self.pings})
        got: list[Message] = []
        while True:
            message = self.receive()
            if message["type"] == "pong" and message["id"] == self.pings:
                return got
            got.append(message)

    def exchange(self, message: Message | str) -> list[Message]:
        self.send(message)
        return self.sync()

    def act(self, action: str, seq: int | None = None) -> list[Message]:
        if seq is None:
            assert self.state is not None
            seq = self.state["seq"]
        return self.exchange({"type": "act", "action": action, "seq": seq})


def errors(messages: list[Message]) -> list[Message]:
    return [m for m in messages if m["type"] == "error"]


# ---------------------------------------------------------------------- live server
class LiveServer(ServerProcess):
    """The web server in its own process, ready when made."""

    def __init__(self, db: Path, bot_delay: float = 0.0, extra: list[str] | None = None, quiet: bool = True) -> None:
        super().__init__(db, bot_delay, extra, quiet)
        try:
            self.wait_ready()
        except BaseException:
            self.stop()
            raise

    def start(self, arguments: list[str], profile: Path | None) -> Forked:
        return LAUNCHER.start(arguments, self.log)  # (forked from a process that imported the server)


# ----------------------------------------------------------------- a real browser
CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
_update_screenshots = os.environ.get("QUARKADE_SCREENSHOTS") == "1"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-screenshots", action="store_true",
                     help="write the browser tests' screenshots to docs/screenshots/")


def pytest_configure(config: pytest.Config) -> None:
    global _update_screenshots
    if config.getoption("--update-screenshots", default=False):
        _update_screenshots = True


def screenshot(page: Any, name: str, full_page: bool = True) -> None:
    """The whole page (or what the window shows) to docs/screenshots/``name``, only when asked
    (QUARKADE_SCREENSHOTS=1 or --update-screenshots), so that an ordinary test run rewrites no
    tracked file."""
    if _update_screenshots:
        SHOTS.mkdir(parents=True, exist_ok=True)
        # (an image still loading would be drawn as an empty box: the lobby's games' art was)
        page.wait_for_function("() => [...document.images].every((image) => image.complete)")
        page.screenshot(path=str(SHOTS / name), full_page=full_page)


CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def updates(page: Any) -> int:
    """How many times the page has drawn the board (body data-updates)."""
    return int(page.evaluate("Number(document.body.dataset.updates || 0)"))


def click_if_there(page: Any, selector: str, since: int | None = None, timeout: float = 10_000) -> bool:
    """Click the first element ``selector`` finds; False when the table moved on between the page
    being read and the click, taking the element away (a bot acted, a clock ran out, an animation
    ended): the caller then reads the page again. The table moved on when no element ``selector``
    finds may be clicked any more (none shown, or disabled), or when the board was drawn again
    since the page was read, ``since`` being what ``updates`` said then. A click that waits out
    its timeout twice on a page that did not move on fails the test (once may be a loaded machine's
    browser, slow to find the element stable and clicked)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    attempts = 2
    while True:
        attempts -= 1
        try:
            page.locator(selector).first.click(timeout=timeout)
            return True
        except PlaywrightTimeout:
            clickable = page.locator(selector).evaluate_all(
                "nodes => nodes.some((n) => !n.disabled && n.getClientRects().length > 0)")
            if not clickable or (since is not None and updates(page) > since):
                return False
            if not attempts:
                raise


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    """A live server whose bots move at once."""
    live = LiveServer(tmp_path / "browser.sqlite3", bot_delay=0.0)
    try:
        yield live
    finally:
        live.stop()


@pytest.fixture
def page(server: LiveServer) -> Iterator[Any]:
    """The live server's lobby in a browser tab, 900 px high (a module may define its own)."""
    with browser_page(server, 900) as tab:
        tab.goto(f"{server.url}/")
        yield tab


# The chromium and Playwright of a module's tests in this process, started by the first test that
# asks for a browser and stopped after the module's last: each test opens its own context in it
# (its own cookies, storage and cache, as a new browser's), which costs a fraction of launching a
# browser. (Not longer: while Playwright's synchronous API runs, asyncio.run() cannot, and tests of
# other modules call it.)
_SHARED: dict[str, Any] = {}


def shared_browser() -> Any:
    """The chromium of this module's tests in this process (see ``_SHARED``), launched again if it
    went away."""
    sync_api = pytest.importorskip("playwright.sync_api")
    if not CHROMIUM.exists():
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM}")
    browser = _SHARED.get("browser")
    if browser is None or not browser.is_connected():
        # Never let Playwright fetch a browser of its own: Debian's chromium is used.
        os.environ.setdefault("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")
        if "playwright" not in _SHARED:
            _SHARED["playwright"] = sync_api.sync_playwright().start()
        browser = _SHARED["browser"] = _SHARED["playwright"].chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    return browser


@pytest.fixture(scope="module", autouse=True)
def _browser_of_the_module() -> Iterator[None]:
    yield
    browser, playwright = _SHARED.pop("browser", None), _SHARED.pop("playwright", None)
    if browser is not None and browser.is_connected():
        browser.close()
    if playwright is not None:
        playwright.stop()


@contextmanager
def new_context(**settings: Any) -> Iterator[Any]:
    """A new context of the shared browser (``settings``: Playwright's), closed after."""
    context = shared_browser().new_context(**settings)
    try:
        yield context
    finally:
        context.close()


@contextmanager
def browser_page(server: LiveServer, height: int) -> Iterator[Any]:
    """A tab of Debian's chromium, driven by Playwright, in a context of its own; page errors,
    console errors and any request leaving the machine fail the test."""
    with new_context(viewport={"width": 1440, "height": height}, device_scale_factor=1) as context:
        tab = context.new_page()
        problems: list[str] = []
        tab.on("pageerror", lambda error: problems.append(f"page error: {error}"))
        tab.on("console", lambda message: problems.append(f"console: {message.text}")
               if message.type == "error" else None)
        outside: list[str] = []
        tab.on("request", lambda request: outside.append(request.url)
               if not request.url.startswith((server.url, server.ws_url, "data:")) else None)
        tab.problems = problems
        yield tab
        assert not outside, f"the client fetched from outside the machine: {outside}"
        assert not problems, problems
