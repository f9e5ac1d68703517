"""Hostile input (docs/security.md, « Hostile input »): what a client sends cannot break the
server nor change anything unless it is a legal request.

First the attacks the issue names, one by one, on the HTTP API and on a table's socket (deep
nesting, 5,000-digit integers, lone surrogates, a ``seq`` of 10^40, NaN and Infinity, huge
strings); then a ``hypothesis`` property suite that sends generated malformed and
well-formed-but-wrong requests to every route of the API and messages to the socket of a table
of every game (Enchères included: the suite asks for the test-only game) and checks: a 4xx JSON
error (never a 5xx), an ``erreur`` on a socket that answers the next ``ping``, and the tables
unchanged (their records, seats and lobby).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from ludotheque.server.app import create_app
from ludotheque.server.inputs import MAX_DEPTH, MAX_INTEGER
from ludotheque.server.lobby import Lobby
from ludotheque.server.robots import level_names
from ludotheque.server.runner import MAX_MESSAGE

from .conftest import RELAXED

GAMES = ("gutenberg", "letter", "themes", "gremlins", "encheres")
PROPERTY = settings(
    max_examples=40,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@dataclass
class Table:
    """A started two-person table: its id, each seat's token, the seat to move and its legal
    actions (as they stay: nothing may change the table)."""

    game: str
    id: str
    tokens: dict[int, str]
    mover: int
    legal: list[dict[str, Any]]


@dataclass
class Server:
    client: TestClient
    lobby: Lobby
    tables: dict[str, Table]  # started, one per game
    waiting: Table  # a Gutenberg table waiting for its second person


def _new_table(client: TestClient, game: str, start: bool = True) -> Table:
    # Thèmes' hourglass at its longest (300 s): nothing may move while the suite runs. Nor
    # may a seat be shown away: nobody is connected, and the module may run past the default
    # 60 s of absence on a loaded machine (an « absent » etat, a note, the table changed).
    options = {"secondes": 300} if game == "themes" else {}
    body = {"jeu": game, "joueurs": 2, "nom": "Alice", "places": None, "options": options}
    body["absence"] = 0
    created = client.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    table_id, tokens = created.json()["table"], {0: created.json()["jeton"]}
    if start:
        joined = client.post(f"/api/tables/{table_id}/join", json={"nom": "Bruno"}).json()
        tokens[joined["place"]] = joined["jeton"]
        started = client.post(f"/api/tables/{table_id}/start", json={"jeton": tokens[0]})
        assert started.status_code == 200, started.text
    lobby: Lobby = client.app.state.lobby  # type: ignore[attr-defined]
    session = lobby.get(table_id)
    state = session.state
    if state is None:
        return Table(game, table_id, tokens, 0, [])
    mover = min(state.to_move())
    legal = [session.game.encode_action(action) for action in state.legal_actions(mover)]
    return Table(game, table_id, tokens, mover, legal)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module (SQLite), a started table of every game, no bots, no clock."""
    database = f"sqlite:///{tmp_path_factory.mktemp('hostile') / 'ludotheque.sqlite3'}"
    # Relaxed rate limits: the properties send messages at machine speed from one address.
    app = create_app(database, bot_workers=0, test_games=True, limits=RELAXED)
    with TestClient(app) as client:
        tables = {game: _new_table(client, game) for game in GAMES}
        yield Server(client, app.state.lobby, tables, _new_table(client, "gutenberg", False))


def _table_json(session: Any) -> str:
    shown = session.to_json()
    for place in shown["places"]:
        del place["connecte"]  # a socket opened to send is told later whether it closed
    return json.dumps(shown, sort_keys=True)


def snapshot(lobby: Lobby) -> dict[str, Any]:
    """Everything a refused request must leave as it was: every table, its seats, its record."""
    return {
        table_id: (
            _table_json(session),
            session.record.to_json(),
            [(s.kind, s.level, s.name, s.token_hash, s.left) for s in session.seats],
            session.row.status,
            session.row.host,
        )
        for table_id, session in lobby.tables.items()
    }


def stored_moves(lobby: Lobby) -> int:
    return sum(len(moves) for _row, _seats, moves in lobby.storage.load_tables())


def assert_http_refusal(response: Any) -> None:
    """A 4xx with ``{"erreur": {"code", "message"}}`` (a French sentence)."""
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:300])
    error = response.json()["erreur"]
    assert isinstance(error["code"], str) and error["code"]
    assert isinstance(error["message"], str) and len(error["message"]) > 5


def socket_refuses(server: Server, table: Table, texts: list[str], seat: int | None) -> None:
    """Send ``texts`` on a socket of ``table`` (as ``seat``): each gets an ``erreur`` (not an
    internal one), the socket still answers a ping, and no table has changed."""
    before, moves = snapshot(server.lobby), stored_moves(server.lobby)
    query = "" if seat is None else f"?jeton={table.tokens[seat]}"
    with server.client.websocket_connect(f"/ws/{table.id}{query}") as ws:
        assert ws.receive_json()["type"] == "etat"
        for text in texts:
            ws.send_text(text)
            reply = ws.receive_json()
            journal = server.lobby.get(table.id).journal_for(None)
            assert reply["type"] == "erreur", (text[:200], reply, journal)
            assert reply["code"] != "erreur_interne", (text[:200], reply)
            assert isinstance(reply["message"], str) and reply["message"]
        ws.send_text('{"type": "ping"}')
        assert ws.receive_json() == {"type": "pong"}
    assert snapshot(server.lobby) == before
    assert stored_moves(server.lobby) == moves


# --- the attacks of the issue, one by one -------------------------------------------------------

NESTED = "[" * 100_000 + "]" * 100_000  # orjson refuses past 1,024 levels
NESTED_500 = '{"a":' * 500 + "1" + "}" * 500  # parsed by orjson, refused by our limit
DIGITS = "1" + "0" * 5000


def fill(template: str, *values: str) -> str:
    """``template`` with each ``@`` replaced by the next value (JSON text has no ``@``)."""
    for value in values:
        template = template.replace("@", value, 1)
    return template


def attacks_on_a_body() -> dict[str, str]:
    table = '{"jeu": "gutenberg", "joueurs": 2, "nom": "Alice", "x": @}'
    return {
        "profondeur": fill(table, NESTED),
        "profondeur 500": fill(table, NESTED_500),
        "profondeur 17": fill(table, "[" * MAX_DEPTH + "]" * MAX_DEPTH),
        "5000 chiffres": fill('{"jeu": "gutenberg", "joueurs": @, "nom": "Alice"}', DIGITS),
        "10^40": fill('{"jeu": "gutenberg", "joueurs": 1@, "nom": "Alice"}', "0" * 40),
        "2^53": fill('{"jeu": "gutenberg", "joueurs": @, "nom": "Alice"}', str(MAX_INTEGER + 1)),
        "surrogate": '{"jeu": "gutenberg", "joueurs": 2, "nom": "\\ud800"}',
        "surrogate bas": '{"jeu": "gutenberg", "joueurs": 2, "nom": "a\\udfffb"}',
        "NaN": '{"jeu": "gutenberg", "joueurs": NaN, "nom": "Alice"}',
        "Infinity": '{"jeu": "gutenberg", "joueurs": 2, "nom": "Alice", "horloge": Infinity}',
        "1e400": '{"jeu": "gutenberg", "joueurs": 2, "nom": "Alice", "horloge": 1e400}',
        "nom géant": fill('{"jeu": "gutenberg", "joueurs": 2, "nom": "@"}', "é" * 200_000),
        "jeu géant": fill('{"jeu": "@", "joueurs": 2, "nom": "Alice"}', "x" * 400_000),
        "UTF-8 invalide": '{"jeu": "gutenberg", "joueurs": 2, "nom": "\xff"}',
        "NUL": '{"jeu": "gutenberg", "joueurs": 2, "nom": "Ali\\u0000ce"}',
        "BOM": '\ufeff{"jeu": "gutenberg", "joueurs": 2, "nom": "Alice"}',
        "pas un objet": "[1, 2]",
    }


@pytest.mark.parametrize("attack", sorted(attacks_on_a_body()))
def test_each_attack_on_a_body_gets_a_clear_400_and_makes_no_table(
    server: Server, attack: str
) -> None:
    body = attacks_on_a_body()[attack]
    raw = body.encode("utf-8", "surrogatepass")
    if attack == "UTF-8 invalide":
        raw = raw.replace("\xff".encode(), b"\xff")
    before = snapshot(server.lobby)
    response = server.client.post("/api/tables", content=raw)
    assert_http_refusal(response)
    assert response.status_code in (400, 404)  # 404: the game named is unknown
    assert snapshot(server.lobby) == before


def test_the_refusals_say_what_is_wrong_in_french(server: Server) -> None:
    def message(body: str) -> str:
        response = server.client.post("/api/tables", content=body.encode())
        assert response.status_code == 400
        return str(response.json()["erreur"]["message"])

    attacks = attacks_on_a_body()
    assert "trop imbriqué" in message(attacks["profondeur"])
    assert "trop imbriqué" in message(attacks["profondeur 500"])
    assert "Nombre trop grand" in message(attacks["5000 chiffres"])
    assert "Nombre trop grand" in message(attacks["10^40"])
    assert "isolée" in message(attacks["surrogate"])
    assert "JSON illisible" in message(attacks["NaN"])


def test_a_seat_number_of_5000_digits_in_a_url_is_an_unknown_seat(server: Server) -> None:
    table = server.waiting
    url = f"/api/tables/{table.id}/places/{'9' * 5000}/robot"
    response = server.client.post(url, json={"jeton": table.tokens[0], "niveau": "random"})
    assert_http_refusal(response)
    assert response.json()["erreur"]["code"] == "place_inconnue"


def attacks_on_a_socket(table: Table) -> dict[str, str]:
    move = '{"type": "coup", "seq": @, "coup": @}'
    return {
        "profondeur": NESTED,
        "profondeur dans le coup": fill(move, "0", "[" * (MAX_MESSAGE // 2)),
        "profondeur 500": fill(move, "0", NESTED_500),
        "seq 10^40": fill(move, "1" + "0" * 40, '{"type": "choisir"}'),
        "seq 5000 chiffres": fill(move, DIGITS, '{"type": "choisir"}'),
        "seq 2^64": fill(move, str(2**64), '{"type": "choisir"}'),
        "seq 2^53": fill(move, str(MAX_INTEGER + 1), '{"type": "choisir"}'),
        "seq NaN": fill(move, "NaN", '{"type": "choisir"}'),
        "seq Infinity": fill(move, "-Infinity", '{"type": "choisir"}'),
        "seq 1.5": fill(move, "1.5", '{"type": "choisir"}'),
        "carte 5000 chiffres": fill(move, "0", fill('{"type": "choisir", "carte": @}', DIGITS)),
        "surrogate": fill(move, "0", '{"type": "choisir", "carte": "\\ud800"}'),
        "surrogate dans le type": '{"type": "\\udc00", "seq": 0}',
        "NUL": fill(move, "0", '{"type": "choisir", "carte": "L\\u0000"}'),
        "chaîne géante": fill(move, "0", f'"{"x" * 15_000}"'),
        "trop long": fill(move, "0", f'"{"x" * (MAX_MESSAGE + 1)}"'),
        "tronqué": fill(move, "0", '{"type": "choisir"')[:-3],
        "pas un objet": "[]",
        "rien": "",
    }


@pytest.mark.parametrize("game", GAMES)
def test_each_attack_on_a_socket_gets_an_erreur_and_the_socket_stays_open(
    server: Server, game: str
) -> None:
    table = server.tables[game]
    attacks = attacks_on_a_socket(table)
    socket_refuses(server, table, list(attacks.values()), table.mover)


def test_a_socket_attack_is_told_what_is_wrong_in_french(server: Server) -> None:
    table = server.tables["gutenberg"]
    attacks = attacks_on_a_socket(table)
    url = f"/ws/{table.id}?jeton={table.tokens[table.mover]}"
    with server.client.websocket_connect(url) as ws:
        ws.receive_json()
        for name, clue in [
            ("profondeur dans le coup", "trop imbriqué"),
            ("profondeur 500", "trop imbriqué"),
            ("seq 10^40", "Nombre trop grand"),
            ("seq 5000 chiffres", "Nombre trop grand"),
            ("surrogate", "isolée"),
            ("seq NaN", "JSON illisible"),
            ("trop long", "trop long"),
        ]:
            ws.send_text(attacks[name])
            reply = ws.receive_json()
            assert clue in reply["message"], (name, reply)
            assert reply["seq"] is None


def test_binary_frames_are_read_as_text_and_refused(server: Server) -> None:
    table = server.tables["gutenberg"]
    url = f"/ws/{table.id}?jeton={table.tokens[table.mover]}"
    with server.client.websocket_connect(url) as ws:
        ws.receive_json()
        for data in (b"\xff\xfe\x00", b"\xed\xa0\x80", b"[" * 50_000):
            ws.send_bytes(data)
            assert ws.receive_json()["type"] == "erreur"
        ws.send_bytes(b'{"type": "ping"}')
        assert ws.receive_json() == {"type": "pong"}


# --- the property suite: generated requests and messages ---------------------------------------

# JSON values no field of any request or action accepts.
HOSTILE_VALUES: list[Any] = [
    None,
    True,
    False,
    -1,
    -(2**40),
    MAX_INTEGER,
    -MAX_INTEGER,
    0.5,
    -1e300,
    "",
    " ",
    "x" * 3000,
    "\u0000",
    "é" * 50,
    "\U0001f600",
    "<script>alert(1)</script>",
    "'; DROP TABLE moves; --",
    "../../../../etc/passwd",
    [],
    {},
    [[[[[[[1]]]]]]],
    {"a": {"b": {"c": {"d": None}}}},
    [0] * 500,
    {"type": "coup", "seq": 0},
]

# Texts that are not a JSON value within the limits (whole messages or bodies).
MALFORMED_TEMPLATES = [
    NESTED,
    "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
    '{"a":' * 100 + "0" + "}" * 100,
    DIGITS,
    "1" + "0" * 40,
    str(MAX_INTEGER + 1),
    "-" + str(2**70),
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    '"\\ud800"',
    '"\\udfff\\ud800"',
    "{",
    '{"type": "coup", "seq": 0, "coup": ',
    "{'type': 'coup'}",
    '{"type": "coup",}',
    "[1, 2,]",
    "nul",
    "\ufeff{}",
    '"\x01"',
    "01",
]

hostile_value = st.sampled_from(HOSTILE_VALUES)
json_scalars = st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=20)
json_values = st.recursive(
    json_scalars | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


def spliced(template: str) -> st.SearchStrategy[str]:
    """A malformed fragment on its own, or put where a value goes in a valid-looking text."""
    return st.sampled_from(
        [
            template,
            fill('{"type": "coup", "seq": @, "coup": {"type": "x"}}', template),
            fill('{"type": "coup", "seq": 0, "coup": {"type": "choisir", "carte": @}}', template),
            fill('{"jeu": "gutenberg", "joueurs": @, "nom": "Alice"}', template),
            fill('{"jeu": "gutenberg", "joueurs": 2, "nom": "Alice", "options": @}', template),
            fill('{"nom": @}', template),
            fill('{"jeton": @}', template),
        ]
    )


malformed_texts = st.one_of(
    st.sampled_from(MALFORMED_TEMPLATES).flatmap(spliced),
    st.text(max_size=200).filter(lambda text: not _is_json_object(text)),
)


def _is_json_object(text: str) -> bool:
    try:
        return isinstance(json.loads(text), dict)
    except ValueError:
        return False


# --- HTTP -------------------------------------------------------------------------------------


def _not_int(value: Any) -> bool:
    return isinstance(value, bool) or not isinstance(value, int)


# What a table request may not hold, field by field (each request spoils one field).
WRONG_FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "jeu": hostile_value | st.text(max_size=30).filter(lambda name: name not in GAMES[:4]),
    "joueurs": hostile_value.filter(_not_int)
    | st.integers(max_value=0)
    | st.integers(min_value=13, max_value=MAX_INTEGER),
    "nom": hostile_value.filter(lambda v: not isinstance(v, str) or not 0 < len(v) <= 40)
    | st.sampled_from(["   ", "\t", "Al\u0000ice", "a" * 41]),
    "places": hostile_value.filter(lambda v: v is not None)
    | st.lists(st.just({"type": "humain"}), min_size=3, max_size=5)
    | st.lists(hostile_value, min_size=2, max_size=2),
    "options": hostile_value.filter(lambda v: v != {})
    | st.fixed_dictionaries({"mode": hostile_value.filter(lambda v: v is not None)})
    | st.fixed_dictionaries({"difficulte": hostile_value.filter(lambda v: v is not None)})
    | st.fixed_dictionaries(
        {"paquet": hostile_value.filter(lambda v: v is not None and not isinstance(v, str))}
    )
    | st.dictionaries(st.text(max_size=10), hostile_value, min_size=1).filter(
        lambda options: not set(options) <= {"mode", "difficulte", "paquet"}
    ),
    "horloge": hostile_value.filter(lambda v: v is not None and _not_int(v))
    | st.integers(max_value=-1)
    | st.integers(min_value=3601, max_value=MAX_INTEGER),
    # Not a boolean, or a rated table asked for by an anonymous creator (401).
    "classee": hostile_value.filter(lambda v: v is not None and not isinstance(v, bool))
    | st.just(True),
}
REQUIRED = ("jeu", "joueurs", "nom")


def wrong_table_request(fields: tuple[str, ...]) -> st.SearchStrategy[dict[str, Any]]:
    """A request of ``fields`` (of a table or of teams) with one of them spoilt or, if it is
    required, left out."""
    base = {
        "jeu": "gutenberg",
        "joueurs": 2,
        "nom": "Alice",
        "places": [{"type": "humain"}, {"type": "robot", "niveau": "random"}],
        "options": {},
        "horloge": 0,
    }
    base = {key: value for key, value in base.items() if key in fields}

    def spoil(field: str) -> st.SearchStrategy[dict[str, Any]]:
        spoilt = WRONG_FIELDS[field].map(lambda value: {**base, field: value})
        if field in REQUIRED:
            return spoilt | st.just({k: v for k, v in base.items() if k != field})
        return spoilt

    return st.sampled_from(fields).flatmap(spoil)


@st.composite
def hostile_requests(draw: st.DrawFn, server: Server) -> tuple[str, str, bytes | None]:
    """(method, path, raw body): a request no route may accept."""
    started = draw(st.sampled_from(sorted(server.tables.values(), key=lambda t: t.id)))
    waiting = server.waiting
    kind = draw(st.sampled_from(["malformed", "create", "teams", "seat", "path", "token"]))
    if kind == "malformed":
        path = draw(
            st.sampled_from(
                [
                    "/api/tables",
                    "/api/equipes",
                    f"/api/tables/{waiting.id}/join",
                    f"/api/tables/{waiting.id}/leave",
                    f"/api/tables/{waiting.id}/start",
                    f"/api/tables/{waiting.id}/places/1/robot",
                    f"/api/tables/{started.id}/rematch",
                ]
            )
        )
        text = draw(malformed_texts | st.sampled_from(['""', "[]", "0", "null"]))
        if draw(st.booleans()):
            return "POST", path, draw(st.binary(min_size=1, max_size=100)).replace(b"{", b"(")
        return "POST", path, text.encode("utf-8", "surrogatepass")
    if kind == "create":
        body = draw(wrong_table_request(tuple(WRONG_FIELDS)))
        return "POST", "/api/tables", json.dumps(body).encode()
    if kind == "teams":  # a teams request reads « jeu », « joueurs », « options » only
        body = draw(wrong_table_request(("jeu", "joueurs", "options")))
        return "POST", "/api/equipes", json.dumps(body).encode()
    if kind == "seat":  # a wrong seat or name to sit down, a wrong level for a bot
        action = draw(st.sampled_from(["join", "robot"]))
        if action == "join":
            place = draw(
                hostile_value.filter(lambda v: v is not None and v != 1)
                | st.integers(min_value=2)
                | st.just(0)
            )
            body: dict[str, Any] = {"nom": "Chloé", "place": place}
            if draw(st.booleans()):
                body = {
                    "nom": draw(hostile_value.filter(lambda v: not isinstance(v, str) or not v))
                }
            return "POST", f"/api/tables/{waiting.id}/join", json.dumps(body).encode()
        levels = level_names(server.lobby.get(waiting.id).game)
        level = draw(hostile_value | st.text(max_size=10).filter(lambda n: n not in levels))
        token = waiting.tokens[0] if draw(st.booleans()) else draw(hostile_value)
        seat = draw(st.sampled_from([0, 1, 2, 63, 64, 10**30]))
        body = {"jeton": token, "niveau": level}
        return "POST", f"/api/tables/{waiting.id}/places/{seat}/robot", json.dumps(body).encode()
    if kind == "path":  # unknown tables, odd ids
        table_id = draw(
            st.text(min_size=1, max_size=60).filter(lambda t: t not in server.lobby.tables)
        )
        method, suffix = draw(
            st.sampled_from(
                [("GET", ""), ("GET", "/replay"), ("POST", "/join"), ("POST", "/rematch")]
            )
        )
        return (
            method,
            f"/api/tables/{quote(table_id, safe='')}{suffix}",
            '{"nom": "Chloé"}'.encode(),
        )
    # kind == "token": a wrong token (or none) where one is needed
    token = draw(hostile_value | st.text(max_size=40))
    route = draw(st.sampled_from(["leave", "start", "rematch", "places/1/robot"]))
    table = waiting if route != "rematch" else started
    return "POST", f"/api/tables/{table.id}/{route}", json.dumps({"jeton": token}).encode()


@PROPERTY
@given(data=st.data())
def test_property_no_request_crashes_the_api_or_changes_a_table(
    server: Server, data: st.DataObject
) -> None:
    method, path, raw = data.draw(hostile_requests(server))
    before, moves = snapshot(server.lobby), stored_moves(server.lobby)
    response = server.client.request(method, path, content=raw)
    assert_http_refusal(response)
    assert snapshot(server.lobby) == before
    assert stored_moves(server.lobby) == moves


# --- the socket -------------------------------------------------------------------------------


# Fields of an action the server completes when they are left out, null or empty (a Gremlins
# payment, the cards of a word): such an action may be legal (``docs/server.md``).
COMPLETED = {"paiement", "cartes"}
BLANK: list[Any] = [None, []]


@st.composite
def wrong_messages(draw: st.DrawFn, server: Server, table: Table) -> str:
    """A message that is JSON within the limits but that no table may accept now."""
    seq, legal = 0, table.legal
    action = dict(draw(st.sampled_from(legal)))
    kind = draw(st.sampled_from(["seq", "spoilt", "random", "envelope"]))
    if kind == "seq":  # a legal action with a stale, future or ill-typed seq
        wrong_seq = draw(
            st.integers(-MAX_INTEGER, MAX_INTEGER).filter(lambda n: n != seq)
            | hostile_value.filter(lambda v: not isinstance(v, int) or isinstance(v, bool))
        )
        message: Any = {"type": "coup", "seq": wrong_seq, "coup": action}
    elif kind == "spoilt":  # a legal action with one of its fields (or its type) spoilt
        field = draw(st.sampled_from(sorted(action)))
        completed = field in COMPLETED  # the server fills it in when absent, null or []
        value = draw(
            hostile_value.filter(lambda v: v != action[field] and not (completed and v in BLANK))
        )
        spoilt = {**action, field: value}
        if draw(st.booleans()) and len(action) > 1 and not completed:
            spoilt.pop(field)
        message = {"type": "coup", "seq": seq, "coup": spoilt}
    elif kind == "random":  # any JSON where the action goes (never one of the legal ones)
        coup = draw(json_values.filter(lambda v: v not in legal))
        message = {"type": "coup", "seq": seq, "coup": coup}
    else:  # the envelope is wrong
        message = draw(
            st.sampled_from(
                [
                    {"type": "coup", "seq": seq},
                    {"seq": seq, "coup": action},
                    {"type": "Coup", "seq": seq, "coup": action},
                    {"type": draw(hostile_value), "seq": seq, "coup": action},
                    [{"type": "coup", "seq": seq, "coup": action}],
                    draw(json_values.filter(lambda v: not isinstance(v, dict))),
                ]
            )
        )
    return json.dumps(message, ensure_ascii=draw(st.booleans()))


@PROPERTY
@given(data=st.data())
@pytest.mark.parametrize("game", GAMES)
def test_property_no_message_closes_the_socket_or_changes_the_table(
    server: Server, game: str, data: st.DataObject
) -> None:
    table = server.tables[game]
    texts = data.draw(
        st.lists(malformed_texts | wrong_messages(server, table), min_size=1, max_size=3)
    )
    socket_refuses(server, table, texts, table.mover)


@PROPERTY
@given(data=st.data())
@pytest.mark.parametrize("game", GAMES)
def test_property_a_spectator_plays_nothing(server: Server, game: str, data: st.DataObject) -> None:
    """A spectator sending the mover's legal actions, with the mover's seq: all refused."""
    table = server.tables[game]
    actions = data.draw(st.lists(st.sampled_from(table.legal), max_size=3))
    texts = [json.dumps({"type": "coup", "seq": 0, "coup": action}) for action in actions]
    socket_refuses(server, table, texts, None)
