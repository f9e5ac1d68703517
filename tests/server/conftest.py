"""Fixtures of the server tests: a database URL for each back end, and an app client.

``database_url`` is parametrized over SQLite and PostgreSQL; for PostgreSQL each test gets a
fresh database of the session's server (``postgres_server``, in ``tests/conftest.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheque.server.app import create_app
from ludotheque.server.throttle import Limits

# The tests play at machine speed from one address: rate limits out of the way (their own
# tests, tests/server/test_flooding.py, inject small values).
RELAXED = Limits(
    table_creations="100000/second",
    socket_messages="100000/second",
    sockets_per_client=100000,
    account_creations="100000/second",
)

# --- databases and clients ----------------------------------------------------------------------


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database for one test, on each back end."""
    if request.param == "postgresql":
        server: Any = request.getfixturevalue("postgres_server")  # tests/conftest.py
        return server.create_database()
    return f"sqlite:///{tmp_path / 'ludotheque.sqlite3'}"


@pytest.fixture
def make_client(database_url: str) -> Iterator[Callable[..., TestClient]]:
    """Start the app (bots in a thread, no delay) on the test's database; close at the end."""
    opened: list[TestClient] = []

    def make(**options: object) -> TestClient:
        settings: dict[str, object] = {
            "bot_workers": 0,
            "bot_delay": 0.0,
            "bot_pace": 0.0,
            "limits": RELAXED,
        }
        settings.update(options)
        client = TestClient(create_app(database_url, **settings))  # type: ignore[arg-type]
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in reversed(opened):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient]) -> TestClient:
    return make_client()
