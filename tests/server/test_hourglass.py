"""The rules' hourglasses (``State.rule_timers``): the server turns them over and, when one runs
out, plays the timer's action for its seat; every seat sees the hourglass running."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheque.games.letter import state as letter_state


def letter_table(client: TestClient, **options: Any) -> dict[str, Any]:
    payload = {
        "jeu": "letter",
        "joueurs": 2,
        "nom": "Alice",
        "places": [{"type": "humain"}, {"type": "humain"}],
        "options": {"tirage": "hasard", **options},
    }
    created: dict[str, Any] = client.post("/api/tables", json=payload).json()
    joined = client.post(f"/api/tables/{created['table']}/join", json={"nom": "Bruno"}).json()
    created["jetons"] = [created["jeton"], joined["jeton"]]
    started = client.post(f"/api/tables/{created['table']}/start", json={"jeton": created["jeton"]})
    assert started.status_code == 200, started.text
    return created


def next_state(ws: Any, plies: int) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "etat" and message["coups_joues"] >= plies:
            return message


def test_an_hourglass_that_runs_out_plays_the_timeout_for_its_seat(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(letter_state, "HOURGLASS_SECONDS", 0.5)  # the rule says 30 s
    table = letter_table(client, sablier=True)
    with client.websocket_connect(f"/ws/{table['table']}?jeton={table['jeton']}") as ws:
        first = next_state(ws, 0)
        starter = first["vue"]["actif"]
        (hourglass,) = first["sabliers"]
        assert hourglass["place"] == starter and hourglass["secondes"] == 0.5
        assert hourglass["libelle"] == ""  # the seat's own hourglass
        assert 0 < hourglass["restant"] <= 0.5
        out = next_state(ws, 1)  # nobody plays: the hourglass runs out
    texts = [line["texte"] for line in out["journal"]]
    assert any("temps écoulé" in text for text in texts), texts
    assert out["vue"]["evenements"] and "Temps écoulé" in out["vue"]["evenements"][-1]
    # The knock window opens; only its own timer runs: the other seat's, which closes it.
    assert out["vue"]["phase"] == "frappe"
    assert [(h["place"], h["secondes"], h["libelle"]) for h in out["sabliers"]] == [
        (1 - starter, letter_state.KNOCK_SECONDS, "Fenêtre de frappe")
    ]


def test_without_the_option_no_hourglass_runs(client: TestClient) -> None:
    table = letter_table(client)
    with client.websocket_connect(f"/ws/{table['table']}?jeton={table['jeton']}") as ws:
        first = next_state(ws, 0)
    assert first["sabliers"] == [] and first["vue"]["sablier"] is None


def test_a_move_in_time_puts_the_hourglass_away(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(letter_state, "HOURGLASS_SECONDS", 5)
    table = letter_table(client, sablier=True, frapper=False)
    urls = [f"/ws/{table['table']}?jeton={token}" for token in table["jetons"]]
    with client.websocket_connect(urls[0]) as ws0, client.websocket_connect(urls[1]) as ws1:
        states = [next_state(ws0, 0), next_state(ws1, 0)]
        starter = states[0]["vue"]["actif"]
        ws = (ws0, ws1)[starter]
        mine = states[starter]
        move = next(m for m in mine["coups"] if m["type"] == "poser")
        ws.send_json({"type": "coup", "seq": mine["prochain_seq"], "coup": move})
        after = next_state(ws, 1)
    (hourglass,) = after["sabliers"]
    assert hourglass["place"] == 1 - starter and hourglass["restant"] > 4  # turned over in full
