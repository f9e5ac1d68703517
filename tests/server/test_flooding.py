"""Flooding (issue 17, item 7): table creation and socket messages are rate-limited per client,
open sockets are capped per client, and idle tables leave the lobby. Small limits are injected
through ``create_app(limits=…)``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludotheque.core.registry import Registry
from ludotheque.games.encheres import Encheres
from ludotheque.games.gutenberg import Gutenberg
from ludotheque.server.lobby import EXPIRED
from ludotheque.server.throttle import Limits

from .conftest import RELAXED

Client = Callable[..., TestClient]


def new_table(client: TestClient, **body: Any) -> Any:
    payload = {"jeu": "gutenberg", "joueurs": 2, "nom": "Alice"}
    payload.update(body)
    return client.post("/api/tables", json=payload)


def states(ws: Any, plies: int = 0) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "etat" and message["coups_joues"] >= plies:
            return message


def test_table_creation_over_the_rate_gets_429_in_french_and_creates_nothing(
    make_client: Client,
) -> None:
    client = make_client(limits=Limits(table_creations="3/minute"))
    for _ in range(3):
        assert new_table(client).status_code == 201
    listed = len(client.get("/api/tables").json()["tables"])
    refused = new_table(client)
    assert refused.status_code == 429
    assert refused.json()["erreur"]["code"] == "trop_de_tables"
    assert "réessayez dans" in refused.json()["erreur"]["message"]
    wait = int(refused.headers["Retry-After"])
    assert 1 <= wait <= 60
    assert len(client.get("/api/tables").json()["tables"]) == listed  # nothing created


def test_socket_messages_over_the_rate_get_an_erreur_and_the_socket_stays_open(
    make_client: Client,
) -> None:
    client = make_client(limits=Limits(socket_messages="3/minute"))
    created = new_table(client, places=[{"type": "humain"}, {"type": "humain"}]).json()
    table = created["table"]
    joined = client.post(f"/api/tables/{table}/join", json={"nom": "Bruno"}).json()
    client.post(f"/api/tables/{table}/start", json={"jeton": created["jeton"]})
    with client.websocket_connect(f"/ws/{table}?jeton={created['jeton']}") as ws:
        first = states(ws)
        for _ in range(3):  # three messages within the rate: answered
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
        card = first["vue"]["paquet"][0]["id"]
        ws.send_json({"type": "coup", "seq": 0, "coup": {"type": "choisir", "carte": card}})
        refused = ws.receive_json()
        assert refused["type"] == "erreur" and refused["code"] == "trop_de_messages"
        assert refused["attente"] >= 1 and "attendez" in refused["message"]
        # The socket is open and told of the table's changes; the refused move was not played.
        with client.websocket_connect(f"/ws/{table}?jeton={joined['jeton']}"):
            told = states(ws)
        assert told["coups_joues"] == 0 and told["vue"]["mon_choix"] is None


def test_open_sockets_are_capped_per_client(make_client: Client) -> None:
    client = make_client(limits=Limits(sockets_per_client=2))
    table = new_table(client).json()["table"]
    with client.websocket_connect(f"/ws/{table}") as one:
        states(one)
        with client.websocket_connect(f"/ws/{table}") as two:
            states(two)
            with client.websocket_connect(f"/ws/{table}") as three:
                refused = three.receive_json()
                assert refused["code"] == "trop_de_connexions"
                assert "au plus 2" in refused["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    three.receive_json()
                assert closed.value.code == 4429
        with client.websocket_connect(f"/ws/{table}") as again:  # one closed: room again
            assert states(again)["type"] == "etat"


def test_waiting_tables_nobody_joined_expire_and_finished_ones_leave_memory(
    make_client: Client,
) -> None:
    limits = Limits(
        table_creations=RELAXED.table_creations,
        waiting_table_seconds=100.0,
        finished_table_seconds=50.0,
    )
    registry = Registry([Gutenberg(), Encheres()])  # Enchères: a game soon over
    client = make_client(limits=limits, registry=registry, test_games=True)
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    now = [lobby.clock()]
    lobby.clock = lambda: now[0]
    alone = new_table(client).json()
    joined = new_table(client).json()
    client.post(f"/api/tables/{joined['table']}/join", json={"nom": "Bruno"})
    places = [{"type": "humain"}, {"type": "robot", "niveau": "random"}]
    solo = new_table(client, jeu="encheres", places=places, options={"manches": 2}).json()
    client.post(f"/api/tables/{solo['table']}/start", json={"jeton": solo["jeton"]})
    with client.websocket_connect(f"/ws/{solo['table']}?jeton={solo['jeton']}") as ws:
        message = states(ws)
        while message["table"]["statut"] != "terminee":  # bid until the game is over
            if message["a_jouer"]:
                coup = message["coups"][0]
                ws.send_json({"type": "coup", "seq": message["prochain_seq"], "coup": coup})
            message = states(ws, message["coups_joues"] + 1)

    now[0] += 99.0
    client.portal.call(client.app.state.sweep)  # type: ignore[attr-defined]
    assert alone["table"] in lobby.tables  # not yet
    now[0] += 2.0
    client.portal.call(client.app.state.sweep)  # type: ignore[attr-defined]
    listed = {t["id"] for t in client.get("/api/tables").json()["tables"]}
    assert alone["table"] not in listed and joined["table"] in listed
    gone = client.get(f"/api/tables/{alone['table']}")
    assert gone.status_code == 410 and gone.json()["erreur"]["code"] == "table_expiree"
    assert lobby.storage.load_table(alone["table"])[0].status == EXPIRED
    refused = client.post(f"/api/tables/{alone['table']}/join", json={"nom": "Chloé"})
    assert refused.status_code == 410
    with client.websocket_connect(f"/ws/{alone['table']}?jeton={alone['jeton']}") as ws:
        assert ws.receive_json()["code"] == "table_expiree"
        with pytest.raises(WebSocketDisconnect) as closed:  # the page stops (no new attempt)
            ws.receive_json()
        assert closed.value.code == 4410
    # The finished table left memory; its replay is read again from storage.
    assert solo["table"] not in lobby.tables
    replay = client.get(f"/api/tables/{solo['table']}/replay?jeton={solo['jeton']}")
    assert replay.status_code == 200 and len(replay.json()["etapes"]) > 1
    assert lobby.tables[solo["table"]].row.status == "terminee"
