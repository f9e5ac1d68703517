"""Bots think off the event loop within a budget; clocks play for a person whose time is out."""

from __future__ import annotations

import logging
import threading
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
    """The bot's decision hangs until the test releases it: meanwhile another table plays,
    and the bot's own table goes on with a fallback move once its budget is spent."""
    real_decide = robots.decide
    release = threading.Event()

    def hanging_decide(*args: Any) -> Any:
        release.wait(60)
        return real_decide(*args)

    monkeypatch.setattr(robots, "decide", hanging_decide)
    client = make_client(bot_budget=0.5)
    slow = create(client, [{"type": "humain"}, {"type": "robot", "niveau": "greedy"}])
    other = create(client, [{"type": "humain"}, {"type": "humain"}])
    try:
        with (
            client.websocket_connect(f"/ws/{slow['table']}?jeton={slow['jeton']}") as ws_slow,
            client.websocket_connect(f"/ws/{other['table']}?jeton={other['jeton']}") as ws_other,
        ):
            first = state_after(ws_other, 0)
            card = first["vue"]["paquet"][0]["id"]
            pick = {"type": "choisir", "carte": card}
            ws_other.send_json({"type": "coup", "seq": 0, "coup": pick})
            played = state_after(ws_other, 1)  # told while the bot's decision still hangs
            assert played["vue"]["mon_choix"] == card and not release.is_set()
            moved = state_after(ws_slow, 1)  # the budget ran out: a fallback move was played
            assert moved["vue"]["a_choisi"][1] is True and not release.is_set()
    finally:
        release.set()


def test_a_person_out_of_time_gets_a_move_played_for_them(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    table = create(client, [{"type": "humain"}, {"type": "humain"}], horloge=1)
    url = f"/ws/{table['table']}?jeton={table['jeton']}"
    with caplog.at_level(logging.WARNING, "ludotheque.server"), client.websocket_connect(url) as ws:
        first = state_after(ws, 0)
        assert first["echeance"] is not None and 0 < first["echeance"] <= 1
        timed_out = state_after(ws, 1)  # nobody acts: the clock plays for Alice
    said = [r.getMessage() for r in caplog.records]  # the random move is in the log
    assert f"table {table['table']}, place 1 : temps écoulé (1 s) ; coup au hasard" in said
    assert timed_out["vue"]["mon_choix"] in [card["id"] for card in first["vue"]["paquet"]]
    texts = [line["texte"] for line in timed_out["journal"]]
    assert any("Temps écoulé" in text for text in texts), texts
    assert timed_out["prochain_seq"] == 1
