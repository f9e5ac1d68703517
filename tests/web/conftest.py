"""Fixtures of the browser tests: a live server and headless Chromium driven by Playwright.

``live_server`` runs the real application on uvicorn, in a background thread, on a free port of
127.0.0.1 and a temporary SQLite file, for the whole session; ``start_live_server`` starts one
for a test on ``backend_database`` (SQLite and PostgreSQL), to stop and restart at will (bots
decide in the server, ``bot_workers=0``, without the pause of ``ludotheque serve``). ``browser``
is Debian's Chromium (``/usr/bin/chromium``, or ``$LUDOTHEQUE_CHROMIUM``) launched by Playwright
through its executable path: Playwright's own browser download is never used. Without Chromium
or the ``playwright`` package the tests skip, unless ``LUDOTHEQUE_REQUIRE_BROWSER=1`` (set by
CI) or ``LUDOTHEQUE_SCREENSHOTS`` is set, where they fail.

``page`` is a fresh browser context (its own ``localStorage``, so its own seats) at desktop
size; ``page.errors`` collects the console errors and uncaught exceptions of the page.

Screenshots go to ``$LUDOTHEQUE_SCREENSHOTS`` when it is set (the documented command writes
``docs/screenshots/``), else to the test's temporary folder.

A test waits for what it asserts (issue 27): on the page with Playwright's ``expect`` (or
``wait_for_function``), on the server with :func:`wait_until` / :func:`poll_until`, which read
again until the expected state holds or a deadline passes, never once after an unrelated event.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import pytest

DEFAULT_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
DESKTOP = {"width": 1280, "height": 900}


def browser_required() -> bool:
    """A missing browser fails the tests when CI sets LUDOTHEQUE_REQUIRE_BROWSER=1, and when
    screenshots were asked for (LUDOTHEQUE_SCREENSHOTS): a skip would silently write nothing."""
    return os.environ.get("LUDOTHEQUE_REQUIRE_BROWSER") == "1" or bool(
        os.environ.get("LUDOTHEQUE_SCREENSHOTS")
    )


def skip_or_fail(reason: str) -> NoReturn:
    if browser_required():
        pytest.fail(
            f"{reason} (LUDOTHEQUE_REQUIRE_BROWSER=1 or LUDOTHEQUE_SCREENSHOTS)", pytrace=False
        )
    pytest.skip(reason)


def chromium_path() -> str:
    return os.environ.get("LUDOTHEQUE_CHROMIUM") or DEFAULT_CHROMIUM


# --- waiting for a state ------------------------------------------------------------------------

T = TypeVar("T")
WAIT_SECONDS = 30.0  # generous: the suite must pass with both cores busy
WAIT_MS = 20_000  # Playwright's expect(…, timeout=WAIT_MS) after a server round trip or a robot


def poll_until(
    read: Callable[[], T],
    test: Callable[[T], object],
    message: str,
    timeout: float = WAIT_SECONDS,
    interval: float = 0.05,
) -> T:
    """Call ``read()`` until ``test`` passes on its value, and return that value; fail with
    ``message`` and the last value read once ``timeout`` seconds have passed (a server's state
    read after a page's action: the page may be quicker than the server, or the other way)."""
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if test(value):
            return value
        if time.monotonic() > deadline:
            last = repr(value)
            last = last if len(last) <= 300 else last[:300] + "…"
            raise AssertionError(f"{message} (after {timeout:g} s; last read: {last})")
        time.sleep(interval)


def wait_until(
    predicate: Callable[[], T],
    message: str,
    timeout: float = WAIT_SECONDS,
    interval: float = 0.05,
) -> T:
    """Call ``predicate()`` until it returns a true value, and return that value; fail with
    ``message`` once ``timeout`` seconds have passed."""
    return poll_until(predicate, bool, message, timeout, interval)


# --- the server ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class LiveServer:
    url: str  # http://127.0.0.1:<port>
    database: str  # sqlite:///…

    def get(self, path: str) -> Any:
        """GET a JSON document of the API."""
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.loads(response.read())


@dataclass
class RunningServer:
    """A uvicorn server in a background thread; :meth:`stop` ends it (a restart: another one
    on the same database)."""

    live: LiveServer
    server: Any
    thread: threading.Thread
    sock: socket.socket

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)
        self.sock.close()


def start_server(database: str, **options: Any) -> RunningServer:
    """The real application on uvicorn, on a free port of 127.0.0.1 and ``database``; the
    browsers of the tests play from 127.0.0.1 at test speed (rate limits relaxed)."""
    uvicorn = pytest.importorskip("uvicorn")
    from ludotheque.server.app import create_app
    from ludotheque.server.throttle import Limits

    relaxed = Limits(
        table_creations="100000/second",
        socket_messages="100000/second",
        sockets_per_client=10000,
        account_creations="100000/second",  # every browser test's accounts, from 127.0.0.1
    )
    settings: dict[str, Any] = {"bot_workers": 0, "bot_delay": 0, "bot_pace": 0, "limits": relaxed}
    settings.update(options)
    app = create_app(database, **settings)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", ws_max_size=1 << 20)
    server = uvicorn.Server(config)
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [sock]}, name="uvicorn", daemon=True
    )
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the web server did not start", pytrace=False)
        time.sleep(0.02)
    return RunningServer(LiveServer(f"http://127.0.0.1:{port}", database), server, thread, sock)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for the session, on a temporary SQLite file."""
    database = f"sqlite:///{tmp_path_factory.mktemp('web') / 'ludotheque.sqlite3'}"
    running = start_server(database)
    try:
        yield running.live
    finally:
        running.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def backend_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database for one test, on each back end (PostgreSQL: the session's
    server of ``tests/conftest.py``)."""
    if request.param == "postgresql":
        return str(request.getfixturevalue("postgres_server").create_database("web"))
    return f"sqlite:///{tmp_path / 'ludotheque.sqlite3'}"


@pytest.fixture
def start_live_server() -> Iterator[Callable[..., RunningServer]]:
    """A factory of servers for one test (``start(database, **create_app options)``), each
    stopped at the end if the test did not stop it: a test restarts a server by stopping it and
    starting another on the same database."""
    started: list[RunningServer] = []

    def start(database: str, **options: Any) -> RunningServer:
        running = start_server(database, **options)
        started.append(running)
        return running

    yield start
    for running in reversed(started):
        if running.thread.is_alive():
            running.stop()


# --- the browser --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = chromium_path()
    if not (os.path.isfile(executable) and os.access(executable, os.X_OK)):
        skip_or_fail(f"Chromium not found at {executable} (apt-get install chromium)")
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        skip_or_fail("the playwright Python package is not installed")
    with sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        except Error as error:
            skip_or_fail(f"Chromium at {executable} does not start: {error.message}")
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """A factory of pages, each in its own context (own seats); every one is closed at the end.

    Each page gets ``page.errors``: its console errors and uncaught exceptions, as text.
    """
    contexts: list[Any] = []

    def make(viewport: dict[str, int] | None = None, storage_state: Any = None) -> Any:
        context = browser.new_context(
            viewport=viewport or DESKTOP, locale="fr-FR", storage_state=storage_state
        )
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on(
            "console",
            lambda message: (
                errors.append(f"console: {message.text}") if message.type == "error" else None
            ),
        )
        page.on("pageerror", lambda error: errors.append(f"exception: {error}"))
        page.errors = errors
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page: Any) -> Any:
    return new_page()


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    """Where the screenshots go: $LUDOTHEQUE_SCREENSHOTS, else this test's temporary folder."""
    folder = Path(os.environ.get("LUDOTHEQUE_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder
