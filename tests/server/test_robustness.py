"""A table that cannot be rebuilt does not stop the server; a failed write changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient

from ludotheque.server.storage import SeatRow, Storage, TableRow


def test_a_table_whose_moves_no_longer_replay_is_set_aside(
    make_client: Callable[..., TestClient], database_url: str
) -> None:
    store = Storage(database_url)
    row = TableRow(
        "abime", "gutenberg", 2, 5, {"mode": "classique", "paquet": None}, 0, "en_cours", 0
    )
    store.create_table(
        row, [SeatRow(0, "humain", None, "Alice", "h"), SeatRow(1, "robot", "random")]
    )
    store.add_move("abime", 1, 0, {"type": "choisir", "carte": "NOPE"})
    store.close()
    client = make_client()
    response = client.get("/api/tables/abime")
    assert response.status_code == 409
    assert response.json()["erreur"]["code"] == "table_abimee"
    message = response.json()["erreur"]["message"]
    assert "coup n° 1" in message and "pas dans votre paquet" in message
    created = client.post(
        "/api/tables",
        json={
            "jeu": "gutenberg",
            "joueurs": 2,
            "nom": "Bruno",
            "places": [{"type": "humain"}, {"type": "robot", "niveau": "random"}],
        },
    )
    assert created.status_code == 201  # the server works for everything else


def test_a_move_that_cannot_be_stored_is_refused_and_not_applied(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = {
        "jeu": "gutenberg",
        "joueurs": 2,
        "nom": "Alice",
        "places": [{"type": "humain"}, {"type": "humain"}],
    }
    created = client.post("/api/tables", json=body).json()
    table_id, token = created["table"], created["jeton"]
    client.post(f"/api/tables/{table_id}/join", json={"nom": "Bruno"})
    client.post(f"/api/tables/{table_id}/start", json={"jeton": token})
    lobby = client.app.state.lobby  # type: ignore[attr-defined]

    def fail(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("disque plein"))

    monkeypatch.setattr(lobby.storage, "add_move", fail)
    with client.websocket_connect(f"/ws/{table_id}?jeton={token}") as ws:
        first = ws.receive_json()
        card = first["vue"]["paquet"][0]["id"]
        ws.send_json({"type": "coup", "seq": 0, "coup": {"type": "choisir", "carte": card}})
        reply = ws.receive_json()
    assert reply["type"] == "erreur" and reply["code"] == "stockage"
    session = lobby.get(table_id)
    assert session.ply == 0 and session.state.view(0)["mon_choix"] is None
