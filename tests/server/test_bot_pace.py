"""Bots take their own thinking time (``Bot.pace`` × ``--bot-pace``) before they act, so a person
can beat a slower bot to a word; a decision the table overtook is thought again, not played."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from ludotheque.games.themes.actions import Verdict, Word
from ludotheque.games.themes.bots import BOTS


def states(ws: Any, plies: int) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "etat" and message["coups_joues"] >= plies:
            return message


def test_thinking_times_come_from_the_bots() -> None:
    strong, greedy = BOTS["strong"](), BOTS["greedy"]()
    word = Word(0, "Paris", ("L001",))
    assert 0 < strong.pace(word) < greedy.pace(word)  # the strong bot finds words faster
    assert strong.pace(Verdict(True)) == 0.0  # no thinking time for the rest


def test_a_person_beats_a_slower_bot_to_the_word(make_client: Callable[..., TestClient]) -> None:
    client = make_client(bot_pace=1.0)  # real thinking times: 9 s a word for the strong bot
    payload = {
        "jeu": "themes",
        "joueurs": 2,
        "nom": "Alice",
        "places": [{"type": "humain"}, {"type": "robot", "niveau": "strong"}],
        "options": {"mode": "simultanee"},
    }
    created = client.post("/api/tables", json=payload).json()
    started = client.post(f"/api/tables/{created['table']}/start", json={"jeton": created["jeton"]})
    assert started.status_code == 200, started.text
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{created['table']}?jeton={created['jeton']}") as ws:
        first = states(ws, 0)
        state = hub.get(created["table"]).state
        choices = state.word_choices()
        assert choices, "seed without a word for the turned cards"
        word = choices[0]
        move = {"type": "mot", "colonne": word.column, "mot": word.word, "cartes": list(word.cards)}
        ws.send_json({"type": "coup", "seq": first["prochain_seq"], "coup": move})
        after = states(ws, 1)
    record = hub.get(created["table"]).record
    assert record.moves[0].seat == 0  # the robot, still thinking, did not play first
    assert after["vue"]["gagne"][0]["themes"], after["vue"]["gagne"]
