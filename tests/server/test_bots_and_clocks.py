"""Bots think off the event loop within a budget; clocks play for a person whose time is out."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheque.server import robots


def create(client: TestClient, places: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    payload = {"jeu": "gutenberg", "joueurs": len(places), "nom": "Alice", "places": places}
    payload.update(body)
    created: dict[str, Any] = client.post("/api/tables", json=payload).json()
    for place in places[1:]:
        if place["type"] == "humain":
            client.post(f"/api/tables/{created['table']}/join", json={"nom": "Bruno"})
    started = client.post(f"/api/tables/{created['table']}/start", json={"jeton": created["jeton"]})
    assert started.status_code == 200, started.text
    return created


def state_after(ws: Any, plies: int) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "etat" and message["coups_joues"] >= plies:
            return message


def test_a_slow_bot_neither_blocks_other_tables_nor_overruns_its_budget(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    real_decide = robots.decide

    def slow_decide(*args: Any) -> Any:
        time.sleep(6.0)
        return real_decide(*args)

    monkeypatch.setattr(robots, "decide", slow_decide)
    client = make_client(bot_budget=1.0)
    slow = create(client, [{"type": "humain"}, {"type": "robot", "niveau": "greedy"}])
    other = create(client, [{"type": "humain"}, {"type": "humain"}])
    with (
        client.websocket_connect(f"/ws/{slow['table']}?jeton={slow['jeton']}") as ws_slow,
        client.websocket_connect(f"/ws/{other['table']}?jeton={other['jeton']}") as ws_other,
    ):
        started = time.monotonic()
        first = state_after(ws_other, 0)
        card = first["vue"]["paquet"][0]["id"]
        ws_other.send_json({"type": "coup", "seq": 0, "coup": {"type": "choisir", "carte": card}})
        state_after(ws_other, 1)
        assert time.monotonic() - started < 4.0  # told while the bot still thinks (6 s)
        # The bot had 1 s: its table goes on with a fallback move before the slow one is ready.
        moved = state_after(ws_slow, 1)
        elapsed = time.monotonic() - started
        assert 0.9 <= elapsed < 5.0, elapsed
        assert moved["vue"]["a_choisi"][1] is True


def test_a_person_out_of_time_gets_a_move_played_for_them(client: TestClient) -> None:
    table = create(client, [{"type": "humain"}, {"type": "humain"}], horloge=1)
    url = f"/ws/{table['table']}?jeton={table['jeton']}"
    with client.websocket_connect(url) as ws:
        first = state_after(ws, 0)
        assert first["echeance"] is not None and 0 < first["echeance"] <= 1
        started = time.monotonic()
        timed_out = state_after(ws, 1)
        assert time.monotonic() - started < 3
    assert timed_out["vue"]["mon_choix"] in [card["id"] for card in first["vue"]["paquet"]]
    texts = [line["texte"] for line in timed_out["journal"]]
    assert any("Temps écoulé" in text for text in texts), texts
    assert timed_out["prochain_seq"] == 1
