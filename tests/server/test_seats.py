"""Seats that change hands (issue 17, items 1, 2 and 8; ``docs/security.md``, « Seats and
tokens »): a withdrawn token's sockets become spectators' before anything else is sent; a person
away while they must act may have their seat held by a bot until they come back; a rematch keeps
its seats for the previous table's players."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheque.server import robots
from ludotheque.server.lobby import REMATCH_HOLD
from ludotheque.server.scheduler import BotScheduler

from .test_realtime import choose, next_state, play_seat_to_the_end

Message = dict[str, Any]


def table_of(client: TestClient, table_id: str) -> Any:
    return client.app.state.lobby.get(table_id)  # type: ignore[attr-defined]


def create(client: TestClient, players: int, **body: Any) -> dict[str, Any]:
    """A Gutenberg table of people: Alice (seat 0) made it; the others join as Bruno, Chloé…"""
    payload = {"jeu": "gutenberg", "joueurs": players, "nom": "Alice", "places": None, **body}
    if payload["places"] is None:
        payload["places"] = [{"type": "humain"}] * players
    response = client.post("/api/tables", json=payload)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    created["jetons"] = {0: created["jeton"]}
    people = sum(1 for place in payload["places"] if place["type"] == "humain")
    for name in ("Bruno", "Chloé", "Denis")[: people - 1]:
        joined = client.post(f"/api/tables/{created['table']}/join", json={"nom": name}).json()
        created["jetons"][joined["place"]] = joined["jeton"]
    return created


def start(client: TestClient, created: dict[str, Any]) -> None:
    started = client.post(f"/api/tables/{created['table']}/start", json={"jeton": created["jeton"]})
    assert started.status_code == 200, started.text


def until_pong(ws: Any) -> list[Message]:
    """Everything the server sent this socket so far: ask for a pong, read up to it."""
    ws.send_json({"type": "ping"})
    received: list[Message] = []
    while (message := ws.receive_json())["type"] != "pong":
        received.append(message)
    return received


def wait_until(predicate: Callable[[], bool], timeout: float, failure: str) -> None:
    """Poll ``predicate`` until it holds; fail with ``failure`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"{failure} (after {timeout} s)"
        time.sleep(0.01)


def bot_scheduler(client: TestClient) -> BotScheduler:
    """The app's bot scheduler: the watcher of its table runner that is one."""
    runner = client.app.state.runner  # type: ignore[attr-defined]
    (scheduler,) = [
        watcher.__self__
        for watcher in runner.watchers
        if isinstance(getattr(watcher, "__self__", None), BotScheduler)
    ]
    return scheduler


def until(ws: Any, test: Callable[[Message], bool]) -> Message:
    while True:
        message: Message = ws.receive_json()
        if message["type"] == "etat" and test(message):
            return message


def journal(client: TestClient, table_id: str) -> list[str]:
    session = table_of(client, table_id)
    return [entry.for_observer(None)["texte"] for entry in session.journal]


def leaked(client: TestClient, table_id: str, seat: int, messages: list[Message]) -> list[str]:
    """The secrets of ``seat`` (at every position of the game so far) found in ``messages``."""
    session = table_of(client, table_id)
    secrets: set[str] = set()
    for state in session.record.states(session.game):
        secrets |= set(state.secrets(seat))
    text = json.dumps(messages)
    return sorted(card for card in secrets if f'"{card}"' in text)


# --- 1. A withdrawn token ends its connections' seat ------------------------------------------


def test_a_socket_of_a_seat_left_before_the_start_never_reads_its_next_occupant(
    client: TestClient,
) -> None:
    """Bruno joins, opens the table, leaves; Chloé takes his seat and the game starts: Bruno's
    still-open socket is told it lost the seat, then gets the spectator's state only, and a
    move sent from it is refused (not played for Chloé)."""
    created = create(client, 2)
    table_id, bruno = created["table"], created["jetons"][1]
    with client.websocket_connect(f"/ws/{table_id}?jeton={bruno}") as ws_bruno:
        assert next_state(ws_bruno)["place"] == 1
        until_pong(ws_bruno)
        left = client.post(f"/api/tables/{table_id}/leave", json={"jeton": bruno})
        assert left.status_code == 200
        chloe = client.post(f"/api/tables/{table_id}/join", json={"nom": "Chloé", "place": 1})
        assert chloe.json()["place"] == 1
        start(client, created)
        with client.websocket_connect(f"/ws/{table_id}?jeton={chloe.json()['jeton']}") as ws_c:
            chloe_state = next_state(ws_c)
        after = until_pong(ws_bruno)
        assert not leaked(client, table_id, 1, after)  # nothing of Chloé's hand
        states = [m for m in after if m["type"] == "etat"]
        assert states and all(m["place"] is None and not m["a_jouer"] for m in states)
        spectator = table_of(client, table_id).state.view(None)
        assert states[-1]["vue"] == json.loads(json.dumps(spectator))
        assert after[0]["type"] == "place_perdue" and after[0]["place"] == 1
        assert "spectateur" in after[0]["message"]
        card = chloe_state["vue"]["paquet"][0]["id"]
        ws_bruno.send_json({"type": "coup", "seq": 0, "coup": {"type": "choisir", "carte": card}})
        refused = ws_bruno.receive_json()
        assert refused["type"] == "erreur" and refused["code"] == "spectateur"
    assert table_of(client, table_id).record.moves == ()


def test_a_socket_of_a_seat_left_in_play_reads_nothing_of_the_bot_that_takes_it(
    client: TestClient,
) -> None:
    """Bruno leaves in play with a socket still open; Alice hands his seat to a bot, which
    plays: the socket reads none of the bot's cards and cannot play for it."""
    created = create(client, 2)
    table_id, alice, bruno = created["table"], created["jeton"], created["jetons"][1]
    start(client, created)
    with client.websocket_connect(f"/ws/{table_id}?jeton={bruno}") as ws_bruno:
        mine = next_state(ws_bruno)
        assert mine["place"] == 1 and mine["a_jouer"]
        until_pong(ws_bruno)
        assert client.post(f"/api/tables/{table_id}/leave", json={"jeton": bruno}).is_success
        handed = client.post(
            f"/api/tables/{table_id}/places/1/robot", json={"jeton": alice, "niveau": "greedy"}
        )
        assert handed.status_code == 200
        with client.websocket_connect(f"/ws/{table_id}?jeton={alice}") as ws_alice:
            until(ws_alice, lambda m: m["vue"]["a_choisi"][1])  # the bot has chosen
        pick = {"type": "choisir", "carte": mine["vue"]["paquet"][1]["id"]}
        ws_bruno.send_json({"type": "coup", "seq": 0, "coup": pick})
        after = until_pong(ws_bruno)
    assert not leaked(client, table_id, 1, after[1:])  # nothing of the bot's cards
    assert all(m["place"] is None for m in after if m["type"] == "etat")
    assert [m["code"] for m in after if m["type"] == "erreur"] == ["spectateur"]
    assert after[0]["type"] == "place_perdue"
    moves = table_of(client, table_id).record.moves
    assert [m.seat for m in moves] == [1]  # the bot's choice only


# --- 2. A person away: shown « absent », their seat held by a bot until they come back ---------


def test_a_disconnected_person_is_shown_away_and_the_others_hand_the_seat_to_a_bot(
    client: TestClient,
) -> None:
    created = create(
        client,
        3,
        absence=1,
        places=[{"type": "humain"}, {"type": "humain"}, {"type": "robot", "niveau": "fort"}],
    )
    table_id, alice, bruno = created["table"], created["jeton"], created["jetons"][1]
    start(client, created)
    robot_url = f"/api/tables/{table_id}/places/1/robot"
    with client.websocket_connect(f"/ws/{table_id}?jeton={alice}") as ws_alice:
        first = next_state(ws_alice)
        assert first["table"]["absence"] == 1 and not first["table"]["places"][1]["absent"]
        early = client.post(robot_url, json={"jeton": alice})
        assert early.status_code == 409  # Bruno is not away yet
        away = until(ws_alice, lambda m: m["table"]["places"][1]["absent"])
        assert not away["vue"]["a_choisi"][1] and away["table"]["places"][1]["type"] == "humain"
        texts = [line["texte"] for line in away["journal"]]
        assert "Bruno n'est plus là depuis 1 s : les autres peuvent confier sa place à un " \
            "robot jusqu'à son retour." in texts  # fmt: skip
        # Only the others hand the seat over, and to a bot of the table's level.
        assert client.post(robot_url, json={"jeton": bruno}).status_code == 403
        wrong = client.post(robot_url, json={"jeton": alice, "niveau": "debutant"})
        assert wrong.status_code == 409 and "Fort" in wrong.json()["erreur"]["message"]
        handed = client.post(robot_url, json={"jeton": alice})
        assert handed.status_code == 200, handed.text
        seat = handed.json()["places"][1]
        assert (seat["type"], seat["niveau"], seat["remplace"], seat["absent"]) == (
            "robot",
            "fort",
            "Bruno",
            True,
        )
        robot = seat["nom"]
        assert f"Alice confie la place de Bruno à {robot}, robot Fort, jusqu'à son retour." in (
            journal(client, table_id)
        )
        until(ws_alice, lambda m: m["vue"]["a_choisi"][1])  # the bot plays for Bruno
        # Bruno comes back with his token: the seat is his again, at once.
        with client.websocket_connect(f"/ws/{table_id}?jeton={bruno}") as ws_bruno:
            back = next_state(ws_bruno)
            assert back["place"] == 1 and back["table"]["places"][1]["type"] == "humain"
            assert not back["table"]["places"][1]["absent"]
            assert "Bruno est de retour et reprend sa place." in journal(client, table_id)
            told = until(ws_alice, lambda m: m["table"]["places"][1]["type"] == "humain")
            assert told["table"]["places"][1]["nom"] == "Bruno"
            # His next turn is his: Alice picks, the draft goes on, Bruno plays himself.
            ws_alice.send_json({"type": "coup", "seq": 0, "coup": choose(first)})
            mine = until(ws_bruno, lambda m: m["a_jouer"])
            move = choose(mine)
            ws_bruno.send_json({"type": "coup", "seq": mine["prochain_seq"], "coup": move})
            until(ws_bruno, lambda m: m["prochain_seq"] == mine["prochain_seq"] + 1)
    moves = table_of(client, table_id).record.moves
    assert [m.action for m in moves if m.seat == 1][-1] == move


def test_a_person_whose_clock_runs_out_is_away_and_takes_the_seat_back_by_asking(
    client: TestClient,
) -> None:
    """With a clock: the move is played for Bruno, he is shown away though connected; held by a
    bot, his socket cannot play, and « reprendre » gives his seat back."""
    created = create(client, 2, horloge=2, absence=0)
    table_id, alice, bruno = created["table"], created["jeton"], created["jetons"][1]
    start(client, created)
    with (
        client.websocket_connect(f"/ws/{table_id}?jeton={alice}") as ws_alice,
        client.websocket_connect(f"/ws/{table_id}?jeton={bruno}") as ws_bruno,
    ):
        first = next_state(ws_alice)
        ws_alice.send_json({"type": "coup", "seq": 0, "coup": choose(first)})
        away = until(ws_alice, lambda m: m["table"]["places"][1]["absent"])
        assert away["coups_joues"] == 2  # Alice's pick, then the clock's for Bruno
        texts = [line["texte"] for line in away["journal"]]
        assert any(t.startswith("Temps écoulé pour Bruno") for t in texts), texts
        assert "Bruno n'a pas joué à temps : les autres peuvent confier sa place à un robot " \
            "jusqu'à son retour." in texts  # fmt: skip
        handed = client.post(f"/api/tables/{table_id}/places/1/robot", json={"jeton": alice})
        assert handed.status_code == 200, handed.text
        held = until(ws_bruno, lambda m: m["table"]["places"][1]["type"] == "robot")
        assert held["place"] == 1 and not held["a_jouer"] and held["coups"] is None
        ws_bruno.send_json({"type": "coup", "seq": held["prochain_seq"], "coup": {}})
        refused = until_pong(ws_bruno)
        assert [m["code"] for m in refused if m["type"] == "erreur"] == ["place_confiee"]
        ws_bruno.send_json({"type": "reprendre"})
        back = until(ws_bruno, lambda m: m["table"]["places"][1]["type"] == "humain")
        assert not back["table"]["places"][1]["absent"]
        until_pong(ws_bruno)
        ws_bruno.send_json({"type": "reprendre"})
        assert [m["code"] for m in until_pong(ws_bruno) if m["type"] == "erreur"] == [
            "place_non_confiee"
        ]
    assert "Bruno est de retour et reprend sa place." in journal(client, table_id)


def test_a_bot_thinking_for_an_away_person_does_not_play_once_they_are_back(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot's decision hangs until the test releases it; Bruno comes back meanwhile: the
    decision, once made, is dropped and the turn is Bruno's."""
    real_decide = robots.decide
    thinking, release, decided = threading.Event(), threading.Event(), threading.Event()

    def hanging_decide(*args: Any) -> Any:
        thinking.set()
        release.wait(30)
        try:
            return real_decide(*args)
        finally:
            decided.set()

    monkeypatch.setattr(robots, "decide", hanging_decide)
    client = make_client()
    created = create(client, 2, absence=1)
    table_id, alice, bruno = created["table"], created["jeton"], created["jetons"][1]
    start(client, created)
    try:
        with client.websocket_connect(f"/ws/{table_id}?jeton={alice}") as ws_alice:
            until(ws_alice, lambda m: m["table"]["places"][1]["absent"])
            handed = client.post(f"/api/tables/{table_id}/places/1/robot", json={"jeton": alice})
            assert handed.status_code == 200
            assert thinking.wait(10)
            with client.websocket_connect(f"/ws/{table_id}?jeton={bruno}") as ws_bruno:
                back = next_state(ws_bruno)
                assert back["a_jouer"] and back["table"]["places"][1]["type"] == "humain"
                scheduler = bot_scheduler(client)
                assert (table_id, 1) in scheduler.thinking
                release.set()
                assert decided.wait(10)
                # The decision goes back to the loop, which drops it and ends the bot's turn
                # without a word to anyone: « no move » means something once that turn is over.
                wait_until(
                    lambda: (table_id, 1) not in scheduler.thinking,
                    10,
                    "the bot's turn for Bruno did not end after its decision",
                )
                assert table_of(client, table_id).record.moves == ()
                move = choose(back)
                ws_bruno.send_json({"type": "coup", "seq": 0, "coup": move})
                played = until(ws_bruno, lambda m: m["prochain_seq"] == 1)
                assert played["place"] == 1 and played["vue"]["mon_choix"] == move["carte"]
    finally:
        release.set()
    assert [m.seat for m in table_of(client, table_id).record.moves] == [1]


# --- 8. A rematch keeps its seats for the previous table's players ---------------------------


def test_a_rematch_keeps_its_seats_for_the_previous_players_for_a_while(
    client: TestClient,
) -> None:
    created = create(client, 3, absence=1)
    table_id, alice = created["table"], created["jeton"]
    bruno, chloe = created["jetons"][1], created["jetons"][2]
    start(client, created)
    with client.websocket_connect(f"/ws/{table_id}?jeton={alice}") as ws_alice:
        until(ws_alice, lambda m: all(p["absent"] for p in m["table"]["places"][1:]))
        for seat in (1, 2):  # both away: bots hold their seats, and Alice plays to the end
            url = f"/api/tables/{table_id}/places/{seat}/robot"
            assert client.post(url, json={"jeton": alice}).status_code == 200
        play_seat_to_the_end(ws_alice)
    # The lobby's clock stands still (a loaded machine must not read « 1 min 58 s »).
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    now = lobby.clock()
    lobby.clock = lambda: now
    # Bruno, back at the end, asks for the rematch: he keeps his seat number (a bot held it).
    made = client.post(f"/api/tables/{table_id}/rematch", json={"jeton": bruno})
    assert made.status_code == 200 and made.json()["place"] == 1
    rematch = made.json()["table"]
    shown = client.get(f"/api/tables/{rematch}").json()["places"]
    assert [(p["type"], p["nom"], p["gardee_pour"]) for p in shown] == [
        ("humain", None, "Alice"),
        ("humain", "Bruno", None),
        ("humain", None, "Chloé"),
    ]
    join = f"/api/tables/{rematch}/join"
    stranger = client.post(join, json={"nom": "Zoé"})
    assert stranger.status_code == 409 and stranger.json()["erreur"]["code"] == "places_gardees"
    assert "2 min" in stranger.json()["erreur"]["message"]
    named = client.post(join, json={"nom": "Zoé", "place": 0})
    assert named.status_code == 409
    assert named.json()["erreur"]["message"].startswith("La place 1 est gardée pour Alice")
    # Alice takes her seat through her old table's token.
    again = client.post(f"/api/tables/{table_id}/rematch", json={"jeton": alice})
    assert again.status_code == 200 and again.json()["place"] == 0
    # Once the hold is over, a stranger may sit in Chloé's seat.
    later = now + REMATCH_HOLD + 1
    lobby.clock = lambda: later
    assert client.get(f"/api/tables/{rematch}").json()["places"][2]["gardee_pour"] is None
    late = client.post(join, json={"nom": "Zoé"})
    assert late.status_code == 200 and late.json()["place"] == 2
    too_late = client.post(f"/api/tables/{table_id}/rematch", json={"jeton": chloe})
    assert too_late.status_code == 409
