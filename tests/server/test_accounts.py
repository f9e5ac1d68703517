"""Accounts and sessions (issue 12 § 1; ``docs/server.md``, « Comptes et sessions »): creating
an account, logging in and out, the cookie, wrong and forged credentials, rate limits, deleting
an account, and a logged-in person's seats (over HTTP and the WebSocket), on SQLite and
PostgreSQL."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from http.cookies import SimpleCookie
from typing import Any

import pytest
from itsdangerous import TimestampSigner, URLSafeTimedSerializer
from sqlalchemy import create_engine, insert, select, text
from starlette.testclient import TestClient

from ludotheque.server.accounts import Account
from ludotheque.server.schema import (
    accounts_table,
    chat_messages_table,
    metadata,
    rating_history_table,
    ratings_table,
    seats_table,
    settings_table,
)
from ludotheque.server.sessions import COOKIE, MAX_AGE, SALT, SECRET_SETTING
from ludotheque.server.throttle import Limits

from .conftest import RELAXED
from .test_realtime import choose, next_state

Client = Callable[..., TestClient]
PASSWORD = "cheval agrafe pile"


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    response = client.post("/api/comptes", json={"nom": name, "mot_de_passe": password})
    assert response.status_code == 201, response.text
    return response


def browser(client: TestClient, name: str | None = None) -> TestClient:
    """Another browser on the same server (its own cookies), logged in as ``name`` if given."""
    other = TestClient(client.app)
    if name is not None:
        logged = other.post("/api/session", json={"nom": name, "mot_de_passe": PASSWORD})
        assert logged.status_code == 200, logged.text
    return other


def cookie_of(response: Any) -> Any:
    jar: SimpleCookie = SimpleCookie()
    jar.load(response.headers["set-cookie"])
    return jar[COOKIE]


def me(client: TestClient) -> Any:
    response = client.get("/api/moi")
    assert response.status_code == 200
    return response.json()["compte"]


def engine_of(client: TestClient) -> Any:
    return client.app.state.lobby.storage.engine  # type: ignore[attr-defined]


def rows(client: TestClient, table: Any) -> list[dict[str, Any]]:
    with engine_of(client).connect() as db:
        return [dict(row) for row in db.execute(select(table)).mappings()]


def error(response: Any) -> tuple[int, str, str]:
    body = response.json()["erreur"]
    return response.status_code, body["code"], body["message"]


def gutenberg(client: TestClient, players: int = 2, **body: Any) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "jeu": "gutenberg",
        "joueurs": players,
        "places": [{"type": "humain"}] * players,
        **body,
    }
    response = client.post("/api/tables", json=payload)
    assert response.status_code == 201, response.text
    return dict(response.json())


# --- creating an account, logging in and out ------------------------------------------------


def test_an_account_is_created_logged_in_and_its_cookie_is_httponly_lax_and_signed(
    client: TestClient,
) -> None:
    before = time.time()
    response = sign_up(client, "Élodie")
    assert response.json()["compte"]["nom"] == "Élodie"
    created = time.strptime(response.json()["compte"]["cree"], "%Y-%m-%dT%H:%M:%SZ")
    assert abs(time.mktime(created) - time.timezone - before) < 5
    cookie = cookie_of(response)
    assert cookie["httponly"] is True
    assert cookie["samesite"].lower() == "lax"
    assert cookie["path"] == "/"
    assert cookie["max-age"] == str(MAX_AGE)
    assert not cookie["secure"]  # plain http here: see the https test
    assert "." in cookie.value and "Élodie" not in cookie.value
    assert me(client)["nom"] == "Élodie"
    assert me(browser(client)) is None  # another browser: nobody


def test_the_cookie_is_secure_over_https(client: TestClient) -> None:
    secure = TestClient(client.app, base_url="https://testserver")
    response = sign_up(secure, "Alice")
    assert cookie_of(response)["secure"] is True
    assert cookie_of(secure.delete("/api/session"))["secure"] is True


def test_a_name_is_taken_whatever_its_case_spaces_or_unicode_form(client: TestClient) -> None:
    sign_up(client, "Alice")
    for name in ("alice", "ALICE", "  Alice ", "\uff21lice"):  # the last: a full-width « Ａ »
        refused = browser(client).post("/api/comptes", json={"nom": name, "mot_de_passe": PASSWORD})
        assert error(refused)[:2] == (409, "nom_pris"), name
        assert "set-cookie" not in refused.headers
    decomposed = "E\u0301lodie"  # « É » as E + combining accent: the same name as « Élodie »
    sign_up(client, "Élodie")
    refused = client.post("/api/comptes", json={"nom": decomposed, "mot_de_passe": PASSWORD})
    assert error(refused)[:2] == (409, "nom_pris")
    assert sorted(r["name"] for r in rows(client, accounts_table)) == ["Alice", "Élodie"]


@pytest.mark.parametrize(
    ("name", "password", "status", "code", "message"),
    [
        ("Alice", "court", 400, "mot_de_passe_faible", "au moins 8 caractères"),
        ("Alice", "1234567", 400, "mot_de_passe_faible", "au moins 8 caractères"),
        ("Alice", "x" * 129, 400, "mot_de_passe_faible", "au plus 128 caractères"),
        ("Alice", "ALICE", 400, "mot_de_passe_faible", "au moins 8 caractères"),
        ("Alicealice", "alicealice", 400, "mot_de_passe_faible", "pas être votre nom"),
        ("Alice", "motdepasse", 400, "mot_de_passe_faible", "trop facile à deviner"),
        ("Alice", "zzzzzzzzzz", 400, "mot_de_passe_faible", "trop facile à deviner"),
        ("Anonyme", PASSWORD, 400, "nom_reserve", "est réservé"),
        ("anonyme", PASSWORD, 400, "nom_reserve", "est réservé"),
        ("Robot Expert", PASSWORD, 400, "nom_reserve", "est réservé"),
        ("Place 2", PASSWORD, 400, "nom_reserve", "est réservé"),
        ("Ali\u200bce", PASSWORD, 400, "nom_invalide", "caractères invisibles"),
        ("", PASSWORD, 400, "nom_invalide", "Indiquez un nom"),
        ("A" * 41, PASSWORD, 400, "nom_invalide", "au plus 40 caractères"),
        ("\ufdfa" * 5, PASSWORD, 400, "nom_invalide", "trop long"),  # 90 letters in NFKC
        (None, PASSWORD, 400, "nom_invalide", "Indiquez un nom"),
        ("Alice", None, 400, "requete_invalide", "mot de passe"),
        ("Alice", 12345678, 400, "requete_invalide", "mot de passe"),
    ],
)
def test_a_bad_name_or_a_weak_password_is_refused_with_the_reason_and_creates_nothing(
    client: TestClient, name: Any, password: Any, status: int, code: str, message: str
) -> None:
    response = client.post("/api/comptes", json={"nom": name, "mot_de_passe": password})
    got = error(response)
    assert got[:2] == (status, code)
    assert message in got[2]
    assert "set-cookie" not in response.headers
    assert rows(client, accounts_table) == []


def test_a_malformed_body_gets_a_400_and_changes_nothing(client: TestClient) -> None:
    sign_up(client, "Alice")
    bodies = [b"{", b"[]", b'"Alice"', b'{"nom": "Al\\u0000ice", "mot_de_passe": "x"}', b"\xff"]
    routes = [("POST", "/api/comptes"), ("POST", "/api/session"), ("DELETE", "/api/moi")]
    for method, path in routes:
        for body in bodies:
            response = client.request(method, path, content=body)
            assert error(response)[:2] == (400, "json_invalide"), (path, body)
            assert "set-cookie" not in response.headers
    assert [r["name"] for r in rows(client, accounts_table)] == ["Alice"]
    assert me(client)["nom"] == "Alice"


def test_the_exact_sentences_a_person_reads(client: TestClient) -> None:
    short = client.post("/api/comptes", json={"nom": "Alice", "mot_de_passe": "court"})
    assert error(short)[2] == "Le mot de passe doit avoir au moins 8 caractères."
    sign_up(client, "Alice")
    taken = client.post("/api/comptes", json={"nom": "alice", "mot_de_passe": PASSWORD})
    assert error(taken)[2] == "Le nom « alice » est déjà pris : choisissez-en un autre."


def test_log_in_and_out_and_wrong_credentials_say_the_same_whether_the_name_exists(
    client: TestClient,
) -> None:
    sign_up(client, "Alice")
    assert cookie_of(client.delete("/api/session"))["max-age"] == "0"
    assert me(client) is None
    wrong = client.post("/api/session", json={"nom": "Alice", "mot_de_passe": "pas le bon mot"})
    unknown = client.post("/api/session", json={"nom": "Zoé", "mot_de_passe": PASSWORD})
    assert error(wrong) == error(unknown) == (401, "identifiants", "Nom ou mot de passe incorrect.")
    assert "set-cookie" not in wrong.headers and me(client) is None
    logged = client.post("/api/session", json={"nom": " alice ", "mot_de_passe": PASSWORD})
    assert logged.status_code == 200 and logged.json()["compte"]["nom"] == "Alice"
    assert me(client)["nom"] == "Alice"
    malformed = client.post("/api/session", json={"nom": ["Alice"], "mot_de_passe": PASSWORD})
    assert error(malformed)[:2] == (400, "nom_invalide")
    too_long = client.post("/api/session", json={"nom": "Alice", "mot_de_passe": "x" * 5000})
    assert error(too_long)[:2] == (401, "identifiants")


# --- rate limits ----------------------------------------------------------------------------


def test_wrong_passwords_are_rate_limited_per_name_and_per_client(make_client: Client) -> None:
    limits = Limits(
        table_creations=RELAXED.table_creations,
        login_failures_per_name="3/15 minutes",
        login_failures_per_client="5/15 minutes",
    )
    client = make_client(limits=limits)
    sign_up(client, "Alice")
    sign_up(client, "Bruno")

    def log_in(who: TestClient, name: str, password: str) -> Any:
        return who.post("/api/session", json={"nom": name, "mot_de_passe": password})

    for _ in range(3):  # successes do not count
        assert log_in(client, "Alice", PASSWORD).status_code == 200
    for _ in range(3):
        assert log_in(client, "Alice", "mauvais mot").status_code == 401
    refused = log_in(client, "ALICE", PASSWORD)  # the right password: not even checked now
    status, code, message = error(refused)
    assert (status, code) == (429, "trop_de_tentatives")
    assert message.startswith("Trop de tentatives de connexion : réessayez dans 1")
    assert 0 < int(refused.headers["retry-after"]) <= 15 * 60
    # The name is closed to every client; another name from this client is still open.
    elsewhere = TestClient(client.app, client=("192.0.2.7", 50000))
    assert error(log_in(elsewhere, "Alice", PASSWORD))[:2] == (429, "trop_de_tentatives")
    assert log_in(client, "Bruno", PASSWORD).status_code == 200
    # Two more failures from this client (another name, an unknown one) close the client.
    assert log_in(client, "Bruno", "mauvais mot").status_code == 401
    assert log_in(client, "Zoé", "mauvais mot").status_code == 401
    assert error(log_in(client, "Bruno", PASSWORD))[:2] == (429, "trop_de_tentatives")
    assert log_in(elsewhere, "Bruno", PASSWORD).status_code == 200
    # Confirming the deletion of an account counts as a login (Bruno's name had 1 failure).
    assert elsewhere.request("DELETE", "/api/moi", json={"mot_de_passe": "x"}).status_code == 403
    assert elsewhere.request("DELETE", "/api/moi", json={"mot_de_passe": "y"}).status_code == 403
    last = elsewhere.request("DELETE", "/api/moi", json={"mot_de_passe": PASSWORD})
    assert error(last)[:2] == (429, "trop_de_tentatives")
    assert {r["name"] for r in rows(client, accounts_table)} == {"Alice", "Bruno"}


def test_account_creation_is_rate_limited_per_client(make_client: Client) -> None:
    client = make_client(limits=Limits(account_creations="2/hour"))
    sign_up(client, "Alice")
    taken = client.post("/api/comptes", json={"nom": "Alice", "mot_de_passe": PASSWORD})
    assert error(taken)[:2] == (409, "nom_pris")  # an attempt counts: asking reveals a name
    refused = client.post("/api/comptes", json={"nom": "Bruno", "mot_de_passe": PASSWORD})
    status, code, message = error(refused)
    assert (status, code) == (429, "trop_de_comptes")
    assert message.startswith("Trop de comptes créés depuis votre adresse : réessayez dans ")
    assert 0 < int(refused.headers["retry-after"]) <= 3600
    assert [r["name"] for r in rows(client, accounts_table)] == ["Alice"]
    elsewhere = TestClient(client.app, client=("192.0.2.7", 50000))
    sign_up(elsewhere, "Bruno")


# --- cookies that are not a session -----------------------------------------------------------


def old_serializer(secret: str, age: int) -> URLSafeTimedSerializer:
    """A serializer that signs as if ``age`` seconds ago."""

    class Old(TimestampSigner):
        def get_timestamp(self) -> int:
            return int(time.time()) - age

    return URLSafeTimedSerializer(secret, salt=SALT, signer=Old)


def test_forged_expired_or_stale_cookies_read_as_nobody_never_an_error(
    client: TestClient,
) -> None:
    sign_up(client, "Alice")
    alice_id = rows(client, accounts_table)[0]["id"]
    good = client.cookies[COOKIE]
    secret = rows(client, settings_table)[0]["value"]
    stamp = URLSafeTimedSerializer(secret, salt=SALT).loads(good)["cle"]
    payload, _dot, signature = good.rpartition(".")
    forged = {
        "n'importe quoi": "n'importe quoi",
        "vide": "",
        "signature changée": payload + "." + ("A" if signature[0] != "A" else "B") + signature[1:],
        "autre clé": URLSafeTimedSerializer("une autre clé", salt=SALT).dumps(
            {"compte": alice_id, "cle": stamp}
        ),
        "expiré": old_serializer(secret, MAX_AGE + 60).dumps({"compte": alice_id, "cle": stamp}),
        "sans cachet": URLSafeTimedSerializer(secret, salt=SALT).dumps({"compte": alice_id}),
        "mauvais cachet": URLSafeTimedSerializer(secret, salt=SALT).dumps(
            {"compte": alice_id, "cle": "0" * 16}
        ),
        "compte texte": URLSafeTimedSerializer(secret, salt=SALT).dumps(
            {"compte": str(alice_id), "cle": stamp}
        ),
        "liste": URLSafeTimedSerializer(secret, salt=SALT).dumps([alice_id, stamp]),
        "géant": "x" * 4000,
    }
    for label, value in forged.items():
        other = TestClient(client.app)
        other.cookies.set(COOKIE, value)
        assert me(other) is None, label
        made = other.post("/api/tables", json={"jeu": "gutenberg", "joueurs": 2, "nom": "Zoé"})
        assert made.status_code == 201, label
        places = other.get(f"/api/tables/{made.json()['table']}").json()["places"]
        assert places[0]["nom"] == "Zoé" and places[0]["compte"] is False, label
    recent = old_serializer(secret, MAX_AGE - 3600).dumps({"compte": alice_id, "cle": stamp})
    other = TestClient(client.app)
    other.cookies.set(COOKIE, recent)
    renewed = other.get("/api/moi")
    assert renewed.json()["compte"]["nom"] == "Alice"  # 29 days old: still good…
    assert cookie_of(renewed)["max-age"] == str(MAX_AGE)  # …and issued again for 30 days
    assert "set-cookie" not in other.get("/api/moi").headers  # a fresh one is not


def test_a_deleted_accounts_cookie_does_not_open_a_new_account_with_its_id(
    client: TestClient, database_url: str
) -> None:
    sign_up(client, "Alice")
    alice = rows(client, accounts_table)[0]["id"]
    stale = client.cookies[COOKIE]
    assert client.request("DELETE", "/api/moi", json={"mot_de_passe": PASSWORD}).status_code == 200
    bruno = browser(client)
    sign_up(bruno, "Bruno")
    if database_url.startswith("sqlite"):  # SQLite gives Bruno the id Alice had
        assert rows(client, accounts_table)[0]["id"] == alice
    other = TestClient(client.app)
    other.cookies.set(COOKIE, stale)
    assert me(other) is None


def test_the_signing_key_is_stored_once_and_sessions_survive_a_restart(
    make_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LUDOTHEQUE_SECRET", raising=False)
    first = make_client()
    sign_up(first, "Alice")
    cookie = first.cookies[COOKIE]
    secret = rows(first, settings_table)
    assert [r["key"] for r in secret] == [SECRET_SETTING] and len(secret[0]["value"]) >= 43
    restarted = make_client()  # another server on the same database
    assert rows(restarted, settings_table) == secret
    again = TestClient(restarted.app)
    again.cookies.set(COOKIE, cookie)
    assert me(again)["nom"] == "Alice"
    # With $LUDOTHEQUE_SECRET the key is that one: cookies signed with the stored one are void.
    monkeypatch.setenv("LUDOTHEQUE_SECRET", "la clé de l'administratrice, longue et secrète")
    chosen = make_client()
    other = TestClient(chosen.app)
    other.cookies.set(COOKIE, cookie)
    assert me(other) is None
    sign_up(other, "Bruno")
    assert rows(chosen, settings_table) == secret  # not replaced


# --- the password is never kept nor told ------------------------------------------------------


def test_the_password_is_never_stored_nor_logged_in_clear(
    client: TestClient, caplog: pytest.LogCaptureFixture, capfd: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.DEBUG)
    secret = "Mon trésor très-bien-gardé 42"
    sign_up(client, "Alice", secret)
    client.post("/api/session", json={"nom": "Alice", "mot_de_passe": secret + "!"})
    client.post("/api/session", json={"nom": "Alicia", "mot_de_passe": secret})
    client.post("/api/session", json={"nom": "Alice", "mot_de_passe": secret})
    client.request("DELETE", "/api/moi", json={"mot_de_passe": secret[:-1]})
    client.post("/api/comptes", json={"nom": "Bruno", "mot_de_passe": "Bruno"})
    # A database that fails while an account is written: its error quotes the row (the hash);
    # the answer is the usual 503 and the log names the error only.
    accounts = client.app.state.accounts  # type: ignore[attr-defined]
    saved = accounts.engine
    accounts.engine = create_engine("sqlite://")  # no tables: every statement fails
    try:
        failed = client.post("/api/comptes", json={"nom": "Chloé", "mot_de_passe": secret})
    finally:
        accounts.engine = saved
    assert error(failed)[:2] == (503, "stockage")
    stored = [value for table in metadata.sorted_tables for row in rows(client, table)
              for value in row.values()]  # fmt: skip
    hashes = [r["password_hash"] for r in rows(client, accounts_table)]
    assert len(hashes) == 1 and hashes[0].startswith("$argon2id$")
    assert not [value for value in stored if isinstance(value, str) and "bien-gard" in value]
    out, err = capfd.readouterr()
    logged = out + err + caplog.text
    assert "base de données (comptes) : OperationalError" in logged
    assert "bien-gard" not in logged and "$argon2" not in logged
    account = Account(1, "Alice", 0.0)
    assert "argon" not in repr(account)


# --- deleting an account ----------------------------------------------------------------------


def finished_encheres(client: TestClient) -> str:
    """A one-round Enchères game played to the end by the logged-in person against a bot."""
    created = client.post(
        "/api/tables",
        json={
            "jeu": "encheres",
            "joueurs": 2,
            "options": {"manches": 1},
            "places": [{"type": "humain"}, {"type": "robot", "niveau": "random"}],
        },
    ).json()
    table_id = created["table"]
    assert client.post(f"/api/tables/{table_id}/start", json={}).status_code == 200
    with client.websocket_connect(f"/ws/{table_id}") as ws:  # the cookie, no token
        message = next_state(ws)
        assert message["place"] == 0
        while message["table"]["statut"] != "terminee":
            if message["a_jouer"]:
                coup = message["coups"][0]
                ws.send_json({"type": "coup", "seq": message["prochain_seq"], "coup": coup})
            message = next_state(ws)
    return str(table_id)


def test_deleting_an_account_keeps_its_games_under_anonyme_and_forgets_its_ratings(
    make_client: Client,
) -> None:
    client = make_client(test_games=True)
    sign_up(client, "Alice")
    finished = finished_encheres(client)
    playing = gutenberg(client)["table"]  # a table in memory, waiting for Bruno
    alice_id = rows(client, accounts_table)[0]["id"]
    replay = client.get(f"/api/tables/{finished}/replay")  # the cookie is the seat
    assert replay.status_code == 200 and replay.json()["place"] == 0
    # The game was rated (a logged-in creator's table is, by default): Alice has a rating and
    # its history; a bot's rows stand beside them, and stay.
    assert [r["player"] for r in rows(client, ratings_table)] == [f"compte:{alice_id}"]
    assert [r["table_id"] for r in rows(client, rating_history_table)] == [finished]
    with engine_of(client).begin() as db:
        db.execute(
            insert(ratings_table).values(
                game="encheres", player="robot:random", account_id=None, mu=25.0, sigma=8.0,
                games=1, last=time.time(),
            )
        )  # fmt: skip
        db.execute(
            insert(rating_history_table).values(
                game="encheres", player="robot:random", table_id=finished, mu=25.0, sigma=8.0,
                at=time.time(),
            )
        )  # fmt: skip
        db.execute(
            insert(chat_messages_table).values(
                table_id=finished, seat=0, name="Alice", text="Bien joué !", ply=3,
                at=time.time(),
            )
        )  # fmt: skip
    # A wrong password deletes nothing.
    wrong = client.request("DELETE", "/api/moi", json={"mot_de_passe": "pas le bon"})
    assert error(wrong) == (
        403,
        "mot_de_passe_incorrect",
        "Mot de passe incorrect : votre compte n'a pas été supprimé.",
    )
    assert len(rows(client, accounts_table)) == 1 and len(rows(client, ratings_table)) == 2
    anonymous = browser(client)
    refused = anonymous.request("DELETE", "/api/moi", json={"mot_de_passe": PASSWORD})
    assert error(refused)[:2] == (401, "non_connecte")

    deleted = client.request("DELETE", "/api/moi", json={"mot_de_passe": PASSWORD})
    assert deleted.status_code == 200 and deleted.json() == {"compte": None}
    assert cookie_of(deleted)["max-age"] == "0"
    assert me(client) is None
    assert rows(client, accounts_table) == []
    assert [r["player"] for r in rows(client, ratings_table)] == ["robot:random"]
    assert [r["player"] for r in rows(client, rating_history_table)] == ["robot:random"]
    assert [r["name"] for r in rows(client, chat_messages_table)] == ["Anonyme"]
    seats = rows(client, seats_table)
    assert all(s["account_id"] is None for s in seats)
    assert sorted(s["name"] for s in seats if s["seat"] == 0) == ["Anonyme", "Anonyme"]
    # The games are still there, under « Anonyme », in memory and in storage.
    for table_id in (finished, playing):
        places = anonymous.get(f"/api/tables/{table_id}").json()["places"]
        assert places[0]["nom"] == "Anonyme" and places[0]["compte"] is False
    assert anonymous.get(f"/api/tables/{finished}").json()["statut"] == "terminee"
    steps = anonymous.get(f"/api/tables/{finished}/replay").json()["etapes"]
    assert "Alice" not in str(steps) and len(steps) > 1
    # The name is free again; the old games are not the new Alice's.
    sign_up(client, "Alice")
    assert client.get(f"/api/tables/{finished}/replay").json()["place"] is None
    logged_out = client.post("/api/session", json={"nom": "Alice", "mot_de_passe": "autre"})
    assert logged_out.status_code == 401


# --- seats of accounts ------------------------------------------------------------------------


def test_a_logged_in_person_sits_as_their_account_one_seat_a_table(client: TestClient) -> None:
    sign_up(client, "Alice")
    bruno = browser(client)
    sign_up(bruno, "Bruno")
    created = gutenberg(client, 3, nom="Mallory")  # the name sent is not the account's: ignored
    table_id = created["table"]
    joined = bruno.post(f"/api/tables/{table_id}/join", json={})  # no name needed
    assert joined.status_code == 200 and joined.json()["place"] == 1
    chloe = browser(client)
    assert chloe.post(f"/api/tables/{table_id}/join", json={}).status_code == 400
    assert chloe.post(f"/api/tables/{table_id}/join", json={"nom": "Chloé"}).status_code == 200
    places = client.get(f"/api/tables/{table_id}").json()["places"]
    assert [(p["nom"], p["compte"]) for p in places] == [
        ("Alice", True),
        ("Bruno", True),
        ("Chloé", False),
    ]
    assert set(places[0]) == set(places[2])  # nothing else is told of an account
    stored = {s["seat"]: s["account_id"] for s in rows(client, seats_table)}
    ids = {r["name"]: r["id"] for r in rows(client, accounts_table)}
    assert stored == {0: ids["Alice"], 1: ids["Bruno"], 2: None}
    # One person, one seat: Bruno in another browser, logged in, cannot take a second one.
    again = browser(client, "Bruno")
    twice = again.post(f"/api/tables/{table_id}/join", json={"nom": "Bruno bis"})
    assert error(twice) == (
        409,
        "deja_assis",
        "Vous êtes déjà assis·e à cette table (place 2) : une place par personne.",
    )
    # The account is a credential for its seat: leave, rejoin, start without a token.
    assert again.post(f"/api/tables/{table_id}/leave", json={}).status_code == 200
    assert client.get(f"/api/tables/{table_id}").json()["places"][1]["nom"] is None
    assert again.post(f"/api/tables/{table_id}/join", json={"place": 1}).status_code == 200
    stranger = browser(client)
    sign_up(stranger, "Denis")
    assert error(stranger.post(f"/api/tables/{table_id}/start", json={}))[:2] == (
        403,
        "pas_assis",
    )
    anonymous = browser(client)
    assert error(anonymous.post(f"/api/tables/{table_id}/start", json={}))[:2] == (
        400,
        "requete_invalide",
    )
    assert error(again.post(f"/api/tables/{table_id}/start", json={}))[:2] == (403, "pas_hote")
    # The token still works as before, whoever is logged in.
    with_token = stranger.post(f"/api/tables/{table_id}/start", json={"jeton": created["jeton"]})
    assert with_token.status_code == 200
    assert client.get(f"/api/tables/{table_id}").json()["statut"] == "en_cours"


def test_the_account_plays_its_seat_over_the_websocket_from_another_browser(
    client: TestClient,
) -> None:
    """Alice made the table in one browser (its token stays there); in another browser, logged
    in, she opens the table without a token and plays; a stranger is a spectator, and a socket
    opened from another site does not use her cookie."""
    sign_up(client, "Alice")
    bruno = browser(client)
    sign_up(bruno, "Bruno")
    table_id = gutenberg(client)["table"]
    assert bruno.post(f"/api/tables/{table_id}/join", json={}).status_code == 200
    assert client.post(f"/api/tables/{table_id}/start", json={}).status_code == 200
    laptop = browser(client, "Alice")
    with laptop.websocket_connect(f"/ws/{table_id}") as ws:
        state = next_state(ws)
        assert state["place"] == 0 and state["a_jouer"] and state["vue"]["paquet"]
        ws.send_json({"type": "coup", "seq": state["prochain_seq"], "coup": choose(state)})
        while (state := next_state(ws))["coups_joues"] == 0:
            pass
        assert state["prochain_seq"] == 1
    with browser(client).websocket_connect(f"/ws/{table_id}") as ws:
        assert next_state(ws)["place"] is None
    cross = {"sec-fetch-site": "cross-site"}
    with laptop.websocket_connect(f"/ws/{table_id}", headers=cross) as ws:
        assert next_state(ws)["place"] is None
    same = {"sec-fetch-site": "same-origin"}
    with bruno.websocket_connect(f"/ws/{table_id}", headers=same) as ws:
        assert next_state(ws)["place"] == 1


def test_requests_from_another_site_do_not_use_the_cookie(client: TestClient) -> None:
    cross = {"sec-fetch-site": "cross-site"}
    refused = client.post(
        "/api/comptes", json={"nom": "Alice", "mot_de_passe": PASSWORD}, headers=cross
    )
    assert error(refused)[:2] == (403, "origine")
    assert rows(client, accounts_table) == []
    sign_up(client, "Alice")
    body = {"jeu": "gutenberg", "joueurs": 2}
    made = client.post("/api/tables", json=body, headers=cross)
    assert error(made)[:2] == (400, "nom_invalide")  # anonymous there: it needs a name
    made = client.post("/api/tables", json=body, headers={"sec-fetch-site": "same-origin"})
    assert made.status_code == 201
    table_id = made.json()["table"]
    sibling = {"sec-fetch-site": "same-site"}  # a page of another subdomain
    left = client.post(f"/api/tables/{table_id}/leave", json={}, headers=sibling)
    assert error(left)[:2] == (400, "requete_invalide")
    logout = client.delete("/api/session", headers=cross)
    assert error(logout)[:2] == (403, "origine")
    assert client.get("/api/moi", headers=cross).json()["compte"]["nom"] == "Alice"


def test_a_rematch_seats_the_logged_in_person_as_their_account(make_client: Client) -> None:
    client = make_client(test_games=True)
    sign_up(client, "Alice")
    finished = finished_encheres(client)
    rematch = client.post(f"/api/tables/{finished}/rematch", json={})
    assert rematch.status_code == 200 and rematch.json()["place"] == 0
    table_id = rematch.json()["table"]
    places = client.get(f"/api/tables/{table_id}").json()["places"]
    assert places[0]["nom"] == "Alice" and places[0]["compte"] is True
    alice = rows(client, accounts_table)[0]["id"]
    with engine_of(client).connect() as db:
        seat = db.execute(
            text("SELECT account_id FROM seats WHERE table_id = :t AND seat = 0"), {"t": table_id}
        ).scalar()
    assert seat == alice
