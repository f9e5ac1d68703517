"""Sessions across server processes (issue 19): the cookie is signed with the key stored in the
shared database, so a person logged in through one process is logged in through every other;
the cookie is stateless, so logging out is the browser forgetting it, and what ends every copy
of it at once, on every process, is the account's deletion (``docs/security.md``)."""

from __future__ import annotations

from collections.abc import Iterator
from http.cookiejar import Cookie
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheque.server.app import create_app
from ludotheque.server.sessions import COOKIE

PASSWORD = "cheval agrafe pile"


class Browser:
    """One browser's cookies, its requests sent through whichever process the balancer picks."""

    def __init__(self) -> None:
        self.jar: list[Cookie] = []

    @property
    def cookies(self) -> dict[str, str | None]:
        return {cookie.name: cookie.value for cookie in self.jar}

    def via(self, server: TestClient, method: str, url: str, **options: Any) -> Any:
        server.cookies.clear()
        for cookie in self.jar:
            server.cookies.jar.set_cookie(cookie)
        response = server.request(method, url, **options)
        self.jar = list(server.cookies.jar)
        server.cookies.clear()
        return response

    def me(self, server: TestClient) -> Any:
        response = self.via(server, "GET", "/api/moi")
        assert response.status_code == 200, response.text
        return response.json()["compte"]


@pytest.fixture
def two_processes(
    postgres_server: Any, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[TestClient, TestClient]]:
    """Two servers on one fresh PostgreSQL database, the signing key kept in the database."""
    monkeypatch.delenv("LUDOTHEQUE_SECRET", raising=False)
    database = postgres_server.create_database("sessions")
    servers = [TestClient(create_app(database, bot_workers=0)) for _ in range(2)]
    for server in servers:
        server.__enter__()
    yield servers[0], servers[1]
    for server in reversed(servers):
        server.__exit__(None, None, None)


def test_a_person_logged_in_through_one_process_is_logged_in_through_the_other(
    two_processes: tuple[TestClient, TestClient],
) -> None:
    first, second = two_processes
    alice = Browser()
    created = alice.via(
        first, "POST", "/api/comptes", json={"nom": "Alice", "mot_de_passe": PASSWORD}
    )
    assert created.status_code == 201, created.text
    assert alice.me(second)["nom"] == "Alice"
    # Logging out through the second process: this browser's cookie is gone for both.
    other_device = Browser()
    other_device.jar = list(alice.jar)  # the same cookie, copied elsewhere
    assert alice.via(second, "DELETE", "/api/session").json() == {"compte": None}
    assert COOKIE not in alice.cookies
    assert alice.me(first) is None and alice.me(second) is None
    # The cookie is stateless: a copy stays valid through every process…
    assert other_device.me(first)["nom"] == "Alice"
    assert other_device.me(second)["nom"] == "Alice"
    # …until the account is deleted, which ends it at once through every process.
    logged = alice.via(
        first, "POST", "/api/session", json={"nom": "Alice", "mot_de_passe": PASSWORD}
    )
    assert logged.status_code == 200, logged.text
    deleted = alice.via(second, "DELETE", "/api/moi", json={"mot_de_passe": PASSWORD})
    assert deleted.status_code == 200, deleted.text
    assert other_device.me(first) is None and other_device.me(second) is None
    assert alice.me(first) is None


def test_wrong_credentials_through_either_process_are_told_alike(
    two_processes: tuple[TestClient, TestClient],
) -> None:
    first, second = two_processes
    bruno = Browser()
    made = bruno.via(
        second, "POST", "/api/comptes", json={"nom": "Bruno", "mot_de_passe": PASSWORD}
    )
    assert made.status_code == 201
    wrong = Browser().via(
        first, "POST", "/api/session", json={"nom": "Bruno", "mot_de_passe": "non"}
    )
    assert wrong.status_code == 401
    assert wrong.json()["erreur"]["code"] == "identifiants"
    right = Browser()
    ok = right.via(first, "POST", "/api/session", json={"nom": "bruno", "mot_de_passe": PASSWORD})
    assert ok.status_code == 200 and right.me(second)["nom"] == "Bruno"
