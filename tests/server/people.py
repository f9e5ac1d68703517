"""People of the server tests: accounts logged in on one test client (its cookie jar holds one
session at a time), and games of Enchères played to the end over the tables' sockets."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from ludotheque.server.sessions import COOKIE

PASSWORD = "cheval-rouge-42"


class People:
    """Accounts made on ``client``; :meth:`be` switches the client's session to one of them
    (None: anonymous)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookies: dict[str, str] = {}

    def sign_up(self, name: str) -> None:
        self.client.cookies.clear()
        response = self.client.post("/api/comptes", json={"nom": name, "mot_de_passe": PASSWORD})
        assert response.status_code == 201, response.text
        cookie = self.client.cookies.get(COOKIE)
        assert cookie
        self.cookies[name] = cookie

    def be(self, name: str | None) -> TestClient:
        self.client.cookies.clear()
        if name is not None:
            self.client.cookies.set(COOKIE, self.cookies[name])
        return self.client


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    """A new table (Enchères for two by default), as whoever the client is logged in as."""
    payload: dict[str, Any] = {"jeu": "encheres", "joueurs": 2, "nom": "Anonyme"}
    payload.update(body)
    response = client.post("/api/tables", json=payload)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def play_out(
    client: TestClient, table_id: str, tokens: dict[int, str], until: int | None = None
) -> None:
    """Play each seat's first legal action in turn over its socket until the game is over (or
    ``until`` moves are played)."""
    played = 0
    while True:
        moved = False
        for _seat, token in sorted(tokens.items()):
            with client.websocket_connect(f"/ws/{table_id}?jeton={token}") as ws:
                state = ws.receive_json()
                assert state["type"] == "etat", state
                if state["table"]["statut"] == "terminee" or (
                    until is not None and played >= until
                ):
                    return
                if not state["a_jouer"]:
                    continue
                ws.send_json(
                    {"type": "coup", "seq": state["prochain_seq"], "coup": state["coups"][0]}
                )
                reply = ws.receive_json()
                assert reply["type"] == "etat", reply
                played += 1
                moved = True
        assert moved, "nobody could play"
