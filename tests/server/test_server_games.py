"""The games a server offers (docs/security.md, « Hostile input »): the test-only game
Enchères is kept out of the lobby and of table creation unless asked for (``test_games``, or
``LUDOTHEQUE_TEST_GAMES=1``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ludotheque.server.app import create_app

BID = {"jeu": "encheres", "joueurs": 2, "nom": "Alice"}


def names(client: TestClient) -> list[str]:
    return [game["nom"] for game in client.get("/api/games").json()["jeux"]]


def test_encheres_is_not_a_game_of_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LUDOTHEQUE_TEST_GAMES", raising=False)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'a.sqlite3'}", bot_workers=0)) as client:
        assert names(client) == ["gutenberg", "letter", "themes", "gremlins"]
        for path in ("/api/tables", "/api/equipes"):
            response = client.post(path, json=BID)
            assert response.status_code == 404
            assert response.json()["erreur"]["code"] == "jeu_inconnu"
            assert "Jeu inconnu : « encheres »" in response.json()["erreur"]["message"]
        assert client.get("/api/tables").json() == {"tables": []}


def test_the_test_suite_asks_for_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database = f"sqlite:///{tmp_path / 'b.sqlite3'}"
    with TestClient(create_app(database, bot_workers=0, test_games=True)) as client:
        assert "encheres" in names(client)
        table = client.post("/api/tables", json=BID)
        assert table.status_code == 201
    monkeypatch.setenv("LUDOTHEQUE_TEST_GAMES", "1")
    with TestClient(create_app(database, bot_workers=0)) as client:
        assert "encheres" in names(client)
        assert client.get(f"/api/tables/{table.json()['table']}").status_code == 200
    # A server without it sets such a table aside (it starts anyway) and says why.
    monkeypatch.setenv("LUDOTHEQUE_TEST_GAMES", "0")
    with TestClient(create_app(database, bot_workers=0)) as client:
        response = client.get(f"/api/tables/{table.json()['table']}")
        assert response.status_code == 409
        assert response.json()["erreur"]["code"] == "table_abimee"
        assert "encheres" in response.json()["erreur"]["message"]
