"""The table chat (issue 12, § 5), on SQLite and PostgreSQL: seated players write over the
table's socket, everyone allowed reads; spectators read unless the host turns that off and
never write; length and rate limits; mutes that survive a reconnection and a restart; the host
removes a message; messages are stored with the number of actions played and shown in the
replay by the same rules."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from ludotheque.core.registry import Registry
from ludotheque.games.encheres import Encheres
from ludotheque.games.gutenberg import Gutenberg
from ludotheque.server import chat_socket
from ludotheque.server.app import create_app
from ludotheque.server.chat import ChatStore
from ludotheque.server.schema import chat_messages_table
from ludotheque.server.throttle import Limits

from .conftest import RELAXED

Message = dict[str, Any]
Client = Callable[..., TestClient]
GAMES = {"registry": Registry([Gutenberg(), Encheres()]), "test_games": True}


@pytest.fixture
def client(make_client: Client) -> TestClient:
    return make_client(**GAMES)


@contextmanager
def server(database_url: str, **options: Any) -> Iterator[TestClient]:
    """A server on ``database_url`` for a part of a test: leaving the block stops it (a
    restart is another one on the same database)."""
    settings: dict[str, Any] = {"bot_workers": 0, "limits": RELAXED, **GAMES, **options}
    with TestClient(create_app(database_url, **settings)) as started:
        yield started


def new_table(client: TestClient, *, start: bool = False, **body: Any) -> dict[str, Any]:
    """An Enchères table of one round for Alice (seat 0, the host) and Bruno (seat 1)."""
    payload = {
        "jeu": "encheres",
        "joueurs": 2,
        "nom": "Alice",
        "options": {"manches": 1},
        "places": [{"type": "humain"}, {"type": "humain"}],
        **body,
    }
    created = client.post("/api/tables", json=payload)
    assert created.status_code == 201, created.text
    table: dict[str, Any] = created.json()
    bruno = client.post(f"/api/tables/{table['table']}/join", json={"nom": "Bruno"}).json()
    table["alice"], table["bruno"] = table["jeton"], bruno["jeton"]
    if start:
        started = client.post(f"/api/tables/{table['table']}/start", json={"jeton": table["alice"]})
        assert started.status_code == 200, started.text
    return table


def socket(client: TestClient, table: dict[str, Any], who: str | None = None) -> Any:
    query = f"?jeton={table[who]}" if who else ""
    return client.websocket_connect(f"/ws/{table['table']}{query}")


def receive(ws: Any, kind: str) -> Message:
    """The next message of type ``kind``; others in between are skipped, but not an error."""
    while True:
        message: Message = ws.receive_json()
        if message["type"] == kind:
            return message
        assert message["type"] != "erreur", message


def received_until_pong(ws: Any) -> list[Message]:
    """Every message but the table's states, up to the answer of a ``ping`` sent now: what
    this socket was sent before it (its queue is in order)."""
    ws.send_json({"type": "ping"})
    got: list[Message] = []
    while (message := ws.receive_json())["type"] != "pong":
        if message["type"] != "etat":
            got.append(message)
    return got


def say(ws: Any, text: Any) -> Message:
    """Write in the chat; the sender's own copy of the message, or the error it got (the last
    of them before the answer to a ``ping`` sent right after: others' messages come before)."""
    ws.send_json({"type": "chat", "texte": text})
    answers = [m for m in received_until_pong(ws) if m["type"] in ("chat", "erreur")]
    return answers[-1]


def texts(history: Message) -> list[str]:
    return [m["texte"] for m in history["messages"]]


def stored(client: TestClient, table_id: str) -> list[tuple[int, str, int, bool]]:
    """Every message row of a table: seat, text, ply, removed."""
    engine = client.app.state.lobby.storage.engine  # type: ignore[attr-defined]
    with engine.connect() as db:
        rows = db.execute(
            select(chat_messages_table)
            .where(chat_messages_table.c.table_id == table_id)
            .order_by(chat_messages_table.c.id)
        ).mappings()
        return [(r["seat"], r["text"], r["ply"], bool(r["removed"])) for r in rows]


def bid(ws: Any, state: Message) -> None:
    """The seat bids the first card ``state`` lists (bids are secret and simultaneous: a
    seat's state at the start of the round is still good until it bids)."""
    assert state["a_jouer"]
    ws.send_json({"type": "coup", "seq": state["prochain_seq"], "coup": state["coups"][0]})


def wait_for_plies(ws: Any, plies: int) -> Message:
    while (state := receive(ws, "etat"))["coups_joues"] < plies:
        pass
    return state


# --- writing and reading ----------------------------------------------------------------------


def test_a_players_message_reaches_the_players_and_spectators(client: TestClient) -> None:
    table = new_table(client)
    with (
        socket(client, table, "alice") as alice,
        socket(client, table, "bruno") as bruno,
        socket(client, table) as watcher,
    ):
        for ws in (alice, bruno, watcher):  # an empty chat: nothing more than the state
            assert received_until_pong(ws) == []
        before = time.time()
        mine = say(bruno, "  Bonjour   tout\nle monde ! ")
        assert mine["type"] == "chat"
        message = mine["message"]
        assert set(message) == {"id", "place", "nom", "texte", "coups", "heure"}
        assert message["place"] == 1 and message["nom"] == "Bruno" and message["coups"] == 0
        assert message["texte"] == "Bonjour tout le monde !"
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", message["heure"])
        assert receive(alice, "chat") == mine and receive(watcher, "chat") == mine
        assert stored(client, table["table"]) == [(1, "Bonjour tout le monde !", 0, False)]
        written = datetime.strptime(message["heure"], "%Y-%m-%dT%H:%M:%SZ")
        assert abs(written.replace(tzinfo=UTC).timestamp() - before) < 5
    # A connection opened later gets the messages written before it.
    with socket(client, table) as late:
        assert texts(receive(late, "discussion")) == ["Bonjour tout le monde !"]


def test_a_new_connection_gets_the_newest_messages_only(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chat_socket, "HISTORY", 3)
    table = new_table(client)
    with socket(client, table, "alice") as alice, socket(client, table, "bruno") as bruno:
        for number in range(1, 6):
            say(alice if number % 2 else bruno, f"message {number}")
    with socket(client, table, "bruno") as bruno:
        assert texts(receive(bruno, "discussion")) == ["message 3", "message 4", "message 5"]


def test_spectators_never_write_nor_mute(client: TestClient) -> None:
    table = new_table(client, start=True)
    with socket(client, table) as watcher:
        refused = say(watcher, "Je peux parler ?")
        assert refused["code"] == "chat_spectateur"
        assert refused["message"] == "Les spectateurs lisent la discussion sans y écrire."
        watcher.send_json({"type": "taire", "place": 0})
        assert receive(watcher, "erreur")["code"] == "chat_spectateur"
        watcher.send_json({"type": "retirer_message", "id": 1})
        assert receive(watcher, "erreur")["code"] == "chat_pas_hote"
    assert stored(client, table["table"]) == []


def test_the_host_closes_and_opens_the_chat_to_spectators(client: TestClient) -> None:
    table = new_table(client, chat_spectateurs=False)
    assert client.get(f"/api/tables/{table['table']}").json()["chat_spectateurs"] is False
    with (
        socket(client, table, "alice") as alice,
        socket(client, table, "bruno") as bruno,
        socket(client, table) as watcher,
    ):
        say(bruno, "Entre nous")
        assert receive(alice, "chat")["message"]["texte"] == "Entre nous"
        assert received_until_pong(watcher) == []  # the spectator is sent nothing
        with socket(client, table) as late:  # nor when it opens its page afterwards
            assert received_until_pong(late) == []
        # Only the host decides, with a boolean.
        bruno.send_json({"type": "chat_spectateurs", "lire": True})
        refused = receive(bruno, "erreur")
        assert refused["code"] == "chat_pas_hote"
        alice.send_json({"type": "chat_spectateurs", "lire": "oui"})
        assert receive(alice, "erreur")["code"] == "message_invalide"
        assert client.get(f"/api/tables/{table['table']}").json()["chat_spectateurs"] is False
        # The host opens it: spectators get what was written, and what follows.
        alice.send_json({"type": "chat_spectateurs", "lire": True})
        opened = receive(watcher, "discussion")
        assert opened["lisible"] is True and texts(opened) == ["Entre nous"]
        state = receive(watcher, "etat")
        assert state["table"]["chat_spectateurs"] is True
        assert "Alice ouvre la discussion aux spectateurs." in [
            e["texte"] for e in state["journal"]
        ]
        welcome = say(alice, "Bienvenue")
        assert receive(watcher, "chat") == welcome
        # Closed again: the spectators' page is emptied.
        alice.send_json({"type": "chat_spectateurs", "lire": False})
        closed = receive(watcher, "discussion")
        assert closed == {"type": "discussion", "lisible": False, "messages": [], "muets": []}
        say(bruno, "Encore entre nous")
        assert [m["type"] for m in received_until_pong(watcher)] == []
    assert client.get(f"/api/tables/{table['table']}").json()["chat_spectateurs"] is False


def test_a_table_option_that_is_not_a_boolean_is_refused(client: TestClient) -> None:
    before = client.get("/api/tables").json()["tables"]
    refused = client.post(
        "/api/tables",
        json={"jeu": "encheres", "joueurs": 2, "nom": "Alice", "chat_spectateurs": "non"},
    )
    assert refused.status_code == 400
    assert refused.json()["erreur"] == {
        "code": "requete_invalide",
        "message": "« chat_spectateurs » : true ou false.",
    }
    assert client.get("/api/tables").json()["tables"] == before


# --- limits -----------------------------------------------------------------------------------


def test_empty_too_long_or_malformed_messages_are_refused_and_nothing_is_stored(
    client: TestClient,
) -> None:
    table = new_table(client)
    with socket(client, table, "alice") as alice, socket(client, table, "bruno") as bruno:
        for text, code in [
            ("", "chat_vide"),
            (" \n\t ", "chat_vide"),
            ("\u202e\u2066", "chat_vide"),  # only invisible controls
            ("é" * 301, "chat_trop_long"),
            (42, "chat_invalide"),
            (None, "chat_invalide"),
        ]:
            refused = say(alice, text)
            assert refused["type"] == "erreur" and refused["code"] == code, (text, refused)
        assert "au plus 300 caractères (le vôtre en a 301)" in say(alice, "x" * 301)["message"]
        alice.send_json({"type": "chat"})
        assert receive(alice, "erreur")["code"] == "chat_invalide"
        alice.send_json({"type": "chat", "texte": "a\u0000b"})  # refused by the JSON reader
        assert receive(alice, "erreur")["code"] == "json_invalide"
        sent = [m for m in received_until_pong(bruno) if m["type"] != "discussion"]
        assert sent == []  # Bruno was sent none of them
        assert stored(client, table["table"]) == []
        # At the limit, and cleaned: the controls left out, a line break is a space.
        assert say(alice, " " + "é" * 300 + "  ")["message"]["texte"] == "é" * 300
        cleaned = say(alice, "a\u009bb\u202ec\r\nd\u0085e")["message"]["texte"]
        assert cleaned == "abc d e"
    assert [text for _seat, text, _ply, _removed in stored(client, table["table"])] == [
        "é" * 300,
        "abc d e",
    ]


def test_a_seat_writing_too_fast_is_told_to_wait_and_nothing_is_stored(
    make_client: Client,
) -> None:
    client = make_client(
        limits=Limits(chat_messages="3/minute", socket_messages="1000/second"), **GAMES
    )
    table = new_table(client)
    with socket(client, table, "alice") as alice, socket(client, table, "bruno") as bruno:
        for number in range(3):
            assert say(alice, f"vite {number}")["type"] == "chat"
        refused = say(alice, "trop vite")
        assert refused["code"] == "chat_trop_rapide"
        assert 1 <= refused["attente"] <= 60
        assert refused["message"].startswith("Vous écrivez trop vite : attendez ")
        chats = [m["message"]["texte"] for m in received_until_pong(bruno) if m["type"] == "chat"]
        assert chats == ["vite 0", "vite 1", "vite 2"]  # the refused one was sent to nobody
        assert say(bruno, "moi je peux")["type"] == "chat"  # the rate is per seat
    assert [text for _s, text, _p, _r in stored(client, table["table"])] == [
        "vite 0",
        "vite 1",
        "vite 2",
        "moi je peux",
    ]


# --- mutes ------------------------------------------------------------------------------------


def test_a_mute_hides_a_players_messages_and_survives_a_reconnection_and_a_restart(
    database_url: str,
) -> None:
    with server(database_url) as client:
        table = new_table(client)
        with (
            socket(client, table, "alice") as alice,
            socket(client, table, "bruno") as bruno,
            socket(client, table, "bruno") as bruno_tab,
            socket(client, table) as watcher,
        ):
            say(alice, "Premier")
            for ws in (bruno, bruno_tab, watcher):
                receive(ws, "chat")
            bruno.send_json({"type": "taire", "place": 0})
            for ws in (bruno, bruno_tab):  # both of Bruno's tabs read the chat without Alice
                muted = receive(ws, "discussion")
                assert muted["muets"] == [0] and texts(muted) == []
            say(alice, "Deuxième")
            assert [m["type"] for m in received_until_pong(bruno)] == []
            assert receive(watcher, "chat")["message"]["texte"] == "Deuxième"
            # Errors: oneself, a seat that does not exist, not a number.
            for place, code in [
                (1, "chat_soi_meme"),
                (2, "place_inconnue"),
                (-1, "place_inconnue"),
                ("0", "message_invalide"),
                (True, "message_invalide"),
            ]:
                bruno.send_json({"type": "taire", "place": place})
                assert receive(bruno, "erreur")["code"] == code
        with socket(client, table, "bruno") as bruno:  # reconnected
            assert receive(bruno, "discussion")["muets"] == [0]
    with (
        server(database_url) as client,  # restarted
        socket(client, table, "bruno") as bruno,
        socket(client, table, "alice") as alice,
    ):
        # Alice never muted anyone: her chat is whole.
        assert texts(receive(alice, "discussion")) == ["Premier", "Deuxième"]
        history = receive(bruno, "discussion")
        assert history["muets"] == [0] and texts(history) == []
        say(alice, "Troisième")
        assert [m["type"] for m in received_until_pong(bruno)] == []
        bruno.send_json({"type": "entendre", "place": 0})
        heard = receive(bruno, "discussion")
        assert heard["muets"] == [] and texts(heard) == ["Premier", "Deuxième", "Troisième"]
        fourth = say(alice, "Quatrième")
        assert receive(bruno, "chat") == fourth


# --- removal ----------------------------------------------------------------------------------


def test_the_host_removes_a_message_for_everyone_and_nobody_else_can(
    client: TestClient,
) -> None:
    table = new_table(client)
    other = new_table(client)
    with socket(client, other, "alice") as elsewhere:
        foreign = say(elsewhere, "Ailleurs")["message"]["id"]
    with (
        socket(client, table, "alice") as alice,
        socket(client, table, "bruno") as bruno,
        socket(client, table) as watcher,
    ):
        rude = say(bruno, "<b>Message grossier</b>")["message"]["id"]
        kept = say(alice, "Restons polis")["message"]["id"]
        bruno.send_json({"type": "retirer_message", "id": kept})
        refused = receive(bruno, "erreur")
        assert refused["code"] == "chat_pas_hote"
        assert refused["message"] == "Seul l'hôte de la table retire un message."
        alice.send_json({"type": "retirer_message", "id": rude})
        for ws in (alice, bruno, watcher):
            assert receive(ws, "chat_retire") == {"type": "chat_retire", "id": rude}
        for ident, code in [
            (rude, "chat_deja_retire"),
            (foreign, "chat_message_inconnu"),
            (10**9, "chat_message_inconnu"),
            ("1", "message_invalide"),
        ]:
            alice.send_json({"type": "retirer_message", "id": ident})
            assert receive(alice, "erreur")["code"] == code
    assert stored(client, table["table"]) == [
        (1, "<b>Message grossier</b>", 0, True),
        (0, "Restons polis", 0, False),
    ]
    with socket(client, table, "bruno") as bruno:
        assert texts(receive(bruno, "discussion")) == ["Restons polis"]


# --- storage and replay -----------------------------------------------------------------------


def test_messages_are_stored_with_the_ply_and_the_replay_shows_them_by_the_same_rules(
    database_url: str,
) -> None:
    with server(database_url) as client:
        table = new_table(client, start=True)
        table_id = table["table"]
        with socket(client, table, "alice") as alice, socket(client, table, "bruno") as bruno:
            starts = {ws: receive(ws, "etat") for ws in (alice, bruno)}
            say(alice, "Bonne chance")
            say(bruno, "À toi aussi")
            bruno.send_json({"type": "taire", "place": 0})
            receive(bruno, "discussion")
            bid(alice, starts[alice])
            wait_for_plies(alice, 1)
            say(alice, "J'ai misé")
            removed = say(bruno, "Oups")["message"]["id"]
            alice.send_json({"type": "retirer_message", "id": removed})
            receive(alice, "chat_retire")
            bid(bruno, starts[bruno])
            assert wait_for_plies(alice, 2)["table"]["statut"] == "terminee"
            say(alice, "Bien joué")
        assert [(seat, text, ply) for seat, text, ply, _ in stored(client, table_id)] == [
            (0, "Bonne chance", 0),
            (1, "À toi aussi", 0),
            (0, "J'ai misé", 1),
            (1, "Oups", 1),
            (0, "Bien joué", 2),
        ]
    with server(database_url) as client:  # restarted: the chat is still there
        url = f"/api/tables/{table_id}/replay"

        def replay(who: str | None) -> list[tuple[str, int]]:
            params = {"jeton": table[who]} if who else {}
            answer = client.get(url, params=params)
            assert answer.status_code == 200, answer.text
            return [(m["texte"], m["coups"]) for m in answer.json()["chat"]]

        everything = [("Bonne chance", 0), ("À toi aussi", 0), ("J'ai misé", 1), ("Bien joué", 2)]
        assert replay("alice") == everything
        assert replay(None) == everything  # spectators read this table
        assert replay("bruno") == [("À toi aussi", 0)]  # Bruno muted Alice
        # The host closes the chat to spectators: their replay has none either.
        with socket(client, table, "alice") as alice:
            alice.send_json({"type": "chat_spectateurs", "lire": False})
            while receive(alice, "etat")["table"]["chat_spectateurs"]:
                pass
        assert replay(None) == []
        assert replay("alice") == everything
        steps = client.get(url, params={"jeton": table["alice"]}).json()["etapes"]
        assert [step["coups"] for step in steps] == [0, 1, 2]  # a message's place among them


def test_chat_store_counts_and_keeps_tables_apart(database_url: str) -> None:
    with server(database_url) as client:
        store = ChatStore(client.app.state.lobby.storage.engine)  # type: ignore[attr-defined]
        first = store.add("t1", 0, "Alice", "un", 0, 1.0)
        store.add("t2", 0, "Zoé", "deux", 0, 2.0)
        assert store.count("t1") == 1 and store.exists("t1", first.id)
        assert not store.exists("t2", first.id) and not store.remove("t2", first.id)
        store.mute("t1", 0, 1)
        store.mute("t1", 0, 1)  # again: no change, no error
        assert store.mutes("t1") == {0: {1}} and store.mutes("t2") == {}
