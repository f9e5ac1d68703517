"""Realtime play over the WebSocket: full games, errors to the sender only, reconnection,
what each seat is sent, rematch and replay."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludotheque.core.record import GameRecord
from ludotheque.games.gutenberg import Gutenberg
from ludotheque.games.gutenberg.cards import Card
from ludotheque.games.gutenberg.wordfinder import best_words
from ludotheque.server.storage import Storage

Message = dict[str, Any]


def new_table(client: TestClient, places: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    body = {"jeu": "gutenberg", "joueurs": len(places), "nom": "Alice", "places": places}
    if options:
        body["options"] = options
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    created["jetons"] = {0: created["jeton"]}
    for index, place in enumerate(places[1:], start=1):
        if place["type"] == "humain":
            joined = client.post(
                f"/api/tables/{created['table']}/join", json={"nom": f"Joueur {index + 1}"}
            ).json()
            created["jetons"][joined["place"]] = joined["jeton"]
    started = client.post(f"/api/tables/{created['table']}/start", json={"jeton": created["jeton"]})
    assert started.status_code == 200, started.text
    return created


def hand(view: Message) -> list[Card]:
    own = view["ma_collection"] if view["tour"] == view["tours"] else view["mes_draftees"]
    return [Card(c["id"], c["lettres"], c["points"], c["type"]) for c in [*own, *view["communes"]]]


def choose(message: Message) -> dict[str, Any]:
    """A sensible action from one ``etat`` message only (what a client can see)."""
    view = message["vue"]
    if view["phase"] == "write":
        found = best_words(hand(view))
        return {"type": "ecrire", "mots": [{"mot": found[0].word}] if found else []}
    if message["coups"]:
        return dict(message["coups"][0])
    assert view["phase"] == "claim"
    pool = [card["id"] for card in view["lettres_en_jeu"]]
    return {"type": "reclamer", "cartes": pool[: view["mon_quota"]], "defi": None}


def next_state(ws: Any, log: list[Message] | None = None) -> Message:
    while True:
        message: Message = ws.receive_json()
        if log is not None:
            log.append(message)
        if message["type"] == "etat":
            return message


def play_seat_to_the_end(ws: Any, log: list[Message] | None = None) -> Message:
    """Play one seat (others are bots) until the result; every action must be accepted."""
    received: list[Message] = [] if log is None else log
    sent: set[int] = set()
    while True:
        message = next_state(ws, received)
        errors = [m for m in received if m["type"] == "erreur"]
        assert not errors, errors
        if message["vue"] and message["vue"]["resultat"]:
            return message
        # Another change may be told before our action is: never send a sequence number twice.
        if message["a_jouer"] and message["prochain_seq"] not in sent:
            sent.add(message["prochain_seq"])
            ws.send_json({"type": "coup", "seq": message["prochain_seq"], "coup": choose(message)})


def stored_record(database_url: str, table_id: str) -> GameRecord:
    store = Storage(database_url)
    try:
        record = store.load_record(table_id)
    finally:
        store.close()
    assert record is not None
    return record


def test_a_person_and_two_bots_play_a_full_game(client: TestClient, database_url: str) -> None:
    places = [
        {"type": "humain"},
        {"type": "robot", "niveau": "greedy"},
        {"type": "robot", "niveau": "random"},
    ]
    table = new_table(client, places)
    with client.websocket_connect(f"/ws/{table['table']}?jeton={table['jeton']}") as ws:
        final = play_seat_to_the_end(ws)
    result = final["vue"]["resultat"]
    assert sorted(result["rangs"]) == sorted(result["rangs"]) and len(result["rangs"]) == 3
    assert final["table"]["statut"] == "terminee"
    record = stored_record(database_url, table["table"])
    assert {move.seat for move in record.moves} == {0, 1, 2}
    outcome = record.replay(Gutenberg()).outcome()
    assert outcome is not None and outcome.to_json() == result
    assert any("La partie est terminée" in line["texte"] for line in final["journal"])


def test_solo_game_against_la_rotative(client: TestClient) -> None:
    table = new_table(client, [{"type": "humain"}], mode="solo", difficulte="facile")
    with client.websocket_connect(f"/ws/{table['table']}?jeton={table['jeton']}") as ws:
        final = play_seat_to_the_end(ws)
    assert final["vue"]["mode"] == "solo"
    assert final["vue"]["resultat"]["raison"]


def send(ws: Any, payload: Any) -> Message:
    """Send a raw payload and return the error it must get (nothing may have been played)."""
    if isinstance(payload, bytes):
        ws.send_bytes(payload)
    elif isinstance(payload, str):
        ws.send_text(payload)
    else:
        ws.send_json(payload)
    while True:
        reply: Message = ws.receive_json()
        if reply["type"] == "etat":  # presence changes of other connections only
            assert reply["coups_joues"] == reply["table"]["coups"]
            continue
        assert reply["type"] == "erreur", reply
        assert reply["message"]
        return reply


def test_bad_messages_get_an_error_to_the_sender_and_change_nothing(client: TestClient) -> None:
    table = new_table(client, [{"type": "humain"}, {"type": "humain"}])
    table_id, alice, bob = table["table"], table["jetons"][0], table["jetons"][1]
    with (
        client.websocket_connect(f"/ws/{table_id}") as spectator,
        client.websocket_connect(f"/ws/{table_id}?jeton={bob}") as ws_b,
        client.websocket_connect(f"/ws/{table_id}?jeton={alice}") as ws_a,
    ):
        first = next_state(ws_a)
        packet = first["vue"]["paquet"]
        foreign = next(
            c for c in ("L01", "L02", "L03", "V01") if c not in [p["id"] for p in packet]
        )
        seq = first["prochain_seq"]
        big = json.dumps({"type": "coup", "seq": seq, "coup": {"type": "x", "pad": "a" * 17000}})
        cases: list[tuple[Any, str]] = [
            ("{pas du json", "json_invalide"),
            ("[1, 2]", "message_invalide"),
            ({"type": "danse"}, "message_invalide"),
            ({"type": "coup", "coup": {"type": "choisir", "carte": foreign}}, "message_invalide"),
            ({"type": "coup", "seq": "0", "coup": {}}, "message_invalide"),
            ({"type": "coup", "seq": seq}, "message_invalide"),
            (big, "trop_long"),
            (b"\xff" * 20000, "trop_long"),
            ({"type": "coup", "seq": seq, "coup": {"type": "choisir"}}, "coup_mal_forme"),
            (
                {"type": "coup", "seq": seq, "coup": {"type": "choisir", "carte": foreign}},
                "coup_illegal",
            ),
            ({"type": "coup", "seq": seq, "coup": {"type": "ecrire", "mots": []}}, "coup_illegal"),
            (
                {
                    "type": "coup",
                    "seq": seq + 1,
                    "coup": {"type": "choisir", "carte": packet[0]["id"]},
                },
                "seq_invalide",
            ),
        ]
        for payload, code in cases:
            reply = send(ws_a, payload)
            assert reply["code"] == code, (payload if len(str(payload)) < 200 else code, reply)
        spectator_try = send(spectator, {"type": "coup", "seq": 0, "coup": {"type": "choisir"}})
        assert spectator_try["code"] == "spectateur"
        # Nothing changed: a fresh connection sees the same state, and no one was told anything.
        with client.websocket_connect(f"/ws/{table_id}?jeton={alice}") as again:
            assert next_state(again)["vue"] == first["vue"]
        seen_by_bob = [next_state(ws_b) for _ in range(4)]  # Bob, Alice, again: in and out
        assert [m["coups_joues"] for m in seen_by_bob] == [0, 0, 0, 0]
        # A valid pick is accepted once; the same sequence number again is refused.
        pick = {"type": "coup", "seq": seq, "coup": {"type": "choisir", "carte": packet[0]["id"]}}
        ws_a.send_json(pick)
        after = next_state(ws_a)
        while after["coups_joues"] == 0 or after["place"] is None:
            after = next_state(ws_a)
        assert after["vue"]["mon_choix"] == packet[0]["id"] and after["prochain_seq"] == seq + 1
        assert send(ws_a, pick)["code"] == "seq_invalide"
        # Alice has chosen: choosing again is out of turn until Bob has chosen too.
        other = {
            "type": "coup",
            "seq": seq + 1,
            "coup": {"type": "choisir", "carte": packet[1]["id"]},
        }
        assert send(ws_a, other)["code"] == "pas_votre_tour"
    record = client.app.state.lobby.get(table_id).record  # type: ignore[attr-defined]
    assert len(record.moves) == 1


def test_unknown_table_or_wrong_token_closes_the_socket(client: TestClient) -> None:
    table = new_table(client, [{"type": "humain"}, {"type": "robot", "niveau": "random"}])
    for url, code in (
        ("/ws/nulle", "table_inconnue"),
        (f"/ws/{table['table']}?jeton=faux", "jeton_invalide"),
    ):
        with client.websocket_connect(url) as ws:
            assert ws.receive_json()["code"] == code
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()


def test_a_client_that_reconnects_gets_its_current_view(client: TestClient) -> None:
    table = new_table(client, [{"type": "humain"}, {"type": "humain"}])
    url = f"/ws/{table['table']}?jeton={table['jeton']}"
    with client.websocket_connect(url) as ws:
        message = next_state(ws)
        ws.send_json({"type": "coup", "seq": message["prochain_seq"], "coup": choose(message)})
        last = next_state(ws)
        while last["coups_joues"] < 1:
            last = next_state(ws)
    assert last["vue"]["mon_choix"] is not None
    with client.websocket_connect(url) as ws:
        again = next_state(ws)
    assert again["vue"] == last["vue"] and again["prochain_seq"] == 1
    assert again["coups_joues"] == 1 and not again["a_jouer"]


def test_four_players_never_receive_each_others_cards(
    make_client: Callable[..., TestClient], database_url: str
) -> None:
    client = make_client()
    table = new_table(client, [{"type": "humain"}] * 4)
    table_id, tokens = table["table"], table["jetons"]
    logs: dict[int | None, list[Message]] = {seat: [] for seat in range(4)}
    logs[None] = []
    sockets = {
        seat: client.websocket_connect(f"/ws/{table_id}?jeton={tokens[seat]}") for seat in range(4)
    }
    sockets[None] = client.websocket_connect(f"/ws/{table_id}")
    opened = {seat: ws.__enter__() for seat, ws in sockets.items()}
    try:
        latest = {seat: next_state(ws, logs[seat]) for seat, ws in opened.items()}
        while not latest[0]["vue"]["resultat"]:
            progressed = False
            for seat in range(4):
                message = latest[seat]
                if message["a_jouer"]:
                    opened[seat].send_json(
                        {"type": "coup", "seq": message["prochain_seq"], "coup": choose(message)}
                    )
                    progressed = True
                    # Everybody is told: read until each connection has this action.
                    target = message["coups_joues"] + 1
                    for other, ws in opened.items():
                        while latest[other]["coups_joues"] < target:
                            latest[other] = next_state(ws, logs[other])
            assert progressed, "nobody could play"
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)
    states = list(stored_record(database_url, table_id).states(Gutenberg()))
    assert states[-1].is_over
    checked = 0
    for seat, messages in logs.items():
        for message in messages:
            assert message["type"] == "etat"
            state = states[message["coups_joues"]]
            text = json.dumps(message)
            for other in range(4):
                if other == seat:
                    continue
                leaked = sorted(card for card in state.secrets(other) if f'"{card}"' in text)
                assert not leaked, (seat, other, message["coups_joues"], leaked)
                checked += 1
            if seat is not None:
                own = state.secrets(seat)
                assert not own or any(f'"{card}"' in text for card in own)
    assert checked > 1000


def finish_solo(client: TestClient) -> dict[str, Any]:
    table = new_table(client, [{"type": "humain"}, {"type": "robot", "niveau": "random"}])
    with client.websocket_connect(f"/ws/{table['table']}?jeton={table['jeton']}") as ws:
        table["final"] = play_seat_to_the_end(ws)
    return table


def test_replay_of_a_finished_game_step_by_step(client: TestClient) -> None:
    table = new_table(client, [{"type": "humain"}, {"type": "robot", "niveau": "random"}])
    url = f"/api/tables/{table['table']}/replay"
    early = client.get(url, params={"jeton": table["jeton"]})
    assert early.status_code == 409
    with client.websocket_connect(f"/ws/{table['table']}?jeton={table['jeton']}") as ws:
        final = play_seat_to_the_end(ws)
    mine = client.get(url, params={"jeton": table["jeton"]}).json()
    public = client.get(url).json()
    steps = mine["etapes"]
    assert len(steps) == final["coups_joues"] + 1
    assert steps[0]["journal"] is None and steps[0]["vue"]["tour"] == 1
    assert steps[-1]["vue"] == final["vue"]
    assert all(step["journal"]["coups"] == index for index, step in enumerate(steps) if index)
    assert "paquet" in steps[1]["vue"] and "paquet" not in public["etapes"][1]["vue"]
    assert public["place"] is None
    wrong = client.get(url, params={"jeton": "faux"})
    assert wrong.status_code == 403


def test_rematch_keeps_game_options_bots_and_the_callers_seat(client: TestClient) -> None:
    table = new_table(client, [{"type": "humain"}, {"type": "robot", "niveau": "strong"}])
    with client.websocket_connect(f"/ws/{table['table']}?jeton={table['jeton']}") as ws:
        play_seat_to_the_end(ws)
        response = client.post(
            f"/api/tables/{table['table']}/rematch", json={"jeton": table["jeton"]}
        )
        assert response.status_code == 200
        told = ws.receive_json()
        assert told == {"type": "revanche", "table": response.json()["table"]}
    rematch = response.json()
    new = client.get(f"/api/tables/{rematch['table']}").json()
    assert new["revanche_de"] == table["table"] and new["statut"] == "attente"
    assert [(p["type"], p["niveau"]) for p in new["places"]] == [
        ("humain", None),
        ("robot", "strong"),
    ]
    assert rematch["place"] == 0 and new["places"][0]["nom"] == "Alice"
    assert client.get(f"/api/tables/{table['table']}").json()["revanche"] == rematch["table"]
    started = client.post(f"/api/tables/{rematch['table']}/start", json={"jeton": rematch["jeton"]})
    assert started.status_code == 200


def test_a_seat_left_empty_is_handed_to_a_bot_that_plays_it(client: TestClient) -> None:
    table = new_table(client, [{"type": "humain"}, {"type": "humain"}])
    table_id, alice, bob = table["table"], table["jetons"][0], table["jetons"][1]
    refused = client.post(f"/api/tables/{table_id}/places/1/robot", json={"jeton": alice})
    assert refused.status_code == 409  # Bob is still there
    assert client.post(f"/api/tables/{table_id}/leave", json={"jeton": bob}).status_code == 200
    with client.websocket_connect(f"/ws/{table_id}?jeton={bob}") as ws:
        assert ws.receive_json()["code"] == "jeton_invalide"
    handed = client.post(
        f"/api/tables/{table_id}/places/1/robot", json={"jeton": alice, "niveau": "greedy"}
    )
    assert handed.status_code == 200 and handed.json()["places"][1]["type"] == "robot"
    journal = [e.text for e in client.app.state.lobby.get(table_id).journal]  # type: ignore[attr-defined]
    robot = handed.json()["places"][1]["nom"]
    assert f"{robot}, robot Glouton, prend la place de Joueur 2." in journal
    with client.websocket_connect(f"/ws/{table_id}?jeton={alice}") as ws:
        final = play_seat_to_the_end(ws)
    assert final["table"]["statut"] == "terminee"
