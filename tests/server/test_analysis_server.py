"""The analyses of finished games on the server (``server/analyses.py``), on SQLite and PostgreSQL.

A two-person Gutenberg game is played here by bots and stored, its last move left to play: the
app rebuilds the table, the last move is sent over the table's socket, and the game ends.
Then each person's analysis is computed off the event loop and served to that seat only;
it is stored, so asking again computes nothing; a new version of the analyser redoes it; a
restarted server computes what was missing; a failed analysis is logged and « indisponible »,
never a 500.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from ludotheque.analysis import driver
from ludotheque.bots.base import Observation
from ludotheque.bots.simulate import derive_seed
from ludotheque.bots.table import make_bot
from ludotheque.core.moves import prepare_action
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games.gutenberg import Gutenberg
from ludotheque.games.gutenberg import analysis as gutenberg_analysis
from ludotheque.games.letter import Letter
from ludotheque.server.robots import BotRunner
from ludotheque.server.schema import accounts_table, analyses_table
from ludotheque.server.storage import SeatRow, Storage, TableRow
from ludotheque.server.tables import hash_token

GAME = Gutenberg()
ANALYSE_TEXT = driver.analyse_text  # the driver's own (the tests wrap it)
SEED = 5
TOKENS = ("jeton-alice", "jeton-bruno")
WAIT = 60.0  # seconds an analysis may take here (two seats, on a shared machine)


@pytest.fixture(scope="module")
def record() -> GameRecord:
    """A whole two-person game of Gutenberg played by Débutant bots (the same every time)."""
    options = GAME.info.resolve_options(2, {"mode": "classique"})
    bots = [make_bot(GAME, "debutant") for _ in range(2)]
    draws = [Rng.from_seed(derive_seed(SEED, s)).draws() for s in range(2)]
    state = GAME.new(2, SEED, options)
    played = GameRecord("gutenberg", 2, SEED, options)
    while state.to_move():
        for seat in sorted(state.to_move()):
            action = bots[seat].choose(Observation.of(GAME, state, seat), draws[seat])
            state = prepare_action(GAME, state, seat, action).after
            played = played.with_move(seat, GAME.encode_action(action))
    return played


@pytest.fixture(autouse=True)
def quick_analysis(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int]]]:
    """A smaller budget for the analyser (the same code), and every analysis counted."""
    monkeypatch.setattr(gutenberg_analysis, "SAMPLES", 8)
    monkeypatch.setattr(gutenberg_analysis, "EXPERT_ITERATIONS", 16)
    calls: list[tuple[str, int]] = []
    real = driver.analyse_text

    def counted(text: str, seat: int) -> Any:
        calls.append((GameRecord.loads(text).game, seat))
        return real(text, seat)

    monkeypatch.setattr(driver, "analyse_text", counted)
    yield calls


def store(
    database_url: str,
    record: GameRecord,
    table_id: str,
    *,
    finished: float | None,
    account: int | None = None,
) -> None:
    """The table in storage: two people (tokens :data:`TOKENS`; ``account``: Alice's), the
    record's moves; the last one left out while ``finished`` is None (the game then waits for
    it), else the game ended at that time."""
    storage = Storage(database_url)
    status = "en_cours" if finished is None else "terminee"
    row = TableRow(table_id, "gutenberg", 2, record.seed, record.options, 0, status, 0)
    row.created = time.time()
    seats = [
        SeatRow(0, "humain", None, "Alice", hash_token(TOKENS[0]), account_id=account),
        SeatRow(1, "humain", None, "Bruno", hash_token(TOKENS[1])),
    ]
    storage.create_table(row, seats)
    moves = record.moves if finished is not None else record.moves[:-1]
    for ply, move in enumerate(moves, start=1):
        storage.add_move(table_id, ply, move.seat, move.action)
    if finished is not None:
        storage.update_table(table_id, finished=finished)
    storage.close()


def finish(client: TestClient, record: GameRecord, table_id: str) -> None:
    """Play the record's last move over the table's socket: the game ends."""
    last = record.moves[-1]
    with client.websocket_connect(f"/ws/{table_id}?jeton={TOKENS[last.seat]}") as ws:
        state = ws.receive_json()
        assert state["a_jouer"], state
        ws.send_json({"type": "coup", "seq": state["prochain_seq"], "coup": last.action})
        while state["table"]["statut"] != "terminee":
            state = ws.receive_json()
            assert state["type"] == "etat", state


def analysis(client: TestClient, table_id: str, token: str) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}/analyse", params={"jeton": token})
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()["analyse"]
    return found


def ready(client: TestClient, table_id: str, token: str) -> dict[str, Any]:
    """The seat's analysis once it is no longer « en_cours » (asked every 50 ms)."""
    deadline = time.monotonic() + WAIT
    while True:
        found = analysis(client, table_id, token)
        if found["etat"] != "en_cours" or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def stored(database_url: str, table_id: str) -> dict[int, int]:
    """Seat → version of the analyses stored for a table."""
    storage = Storage(database_url)
    try:
        with storage.engine.connect() as db:
            rows = db.execute(
                select(analyses_table.c.seat, analyses_table.c.version).where(
                    analyses_table.c.table_id == table_id
                )
            ).all()
    finally:
        storage.close()
    return {seat: version for seat, version in rows}


def seat_plies(record: GameRecord, seat: int) -> set[int]:
    return {ply for ply, move in enumerate(record.moves, start=1) if move.seat == seat}


def test_each_person_gets_the_analysis_of_their_own_moves_when_the_game_ends(
    database_url: str, make_client: Callable[..., TestClient], record: GameRecord, quick_analysis
):
    store(database_url, record, "partie", finished=None)
    client = make_client()
    finish(client, record, "partie")
    deadline = time.monotonic() + WAIT  # computed and stored without anyone asking
    while stored(database_url, "partie") != {0: 1, 1: 1} and time.monotonic() < deadline:
        time.sleep(0.05)
    assert stored(database_url, "partie") == {0: 1, 1: 1}
    alice, bruno = (analysis(client, "partie", token) for token in TOKENS)
    for seat, found in enumerate((alice, bruno)):
        assert found["etat"] == "pret", found
        plies = {note["coups"] for note in found["notes"]}
        assert len(plies) >= 15 and plies <= seat_plies(record, seat)
        assert found["resume"]["decisions"] == len(found["notes"])
        assert sum(found["resume"][v] for v in ("meilleur", "bon", "imprecision", "erreur")) == len(
            found["notes"]
        )
        for note in found["notes"]:
            assert set(note) == {"coups", "joue", "meilleur", "ecart", "verdict", "details"}
    assert sorted(quick_analysis) == [("gutenberg", 0), ("gutenberg", 1)]  # once each
    # The replay carries the same analysis, for the asking seat only; a spectator's has none.
    replay = client.get("/api/tables/partie/replay", params={"jeton": TOKENS[0]}).json()
    assert replay["analyse"] == alice and replay["etapes"]
    spectator = client.get("/api/tables/partie/replay").json()
    assert spectator["analyse"] is None and spectator["etapes"]
    refused = client.get("/api/tables/partie/analyse")
    assert refused.status_code == 403 and refused.json()["erreur"]["code"] == "spectateur"
    wrong = client.get("/api/tables/partie/analyse", params={"jeton": "pas-le-bon"})
    assert wrong.status_code == 403 and wrong.json()["erreur"]["code"] == "jeton_invalide"


def test_a_logged_in_account_reads_the_analysis_of_its_seat_without_a_token(
    database_url: str, make_client: Callable[..., TestClient], record: GameRecord
):
    client = make_client()
    signed = client.post(
        "/api/comptes", json={"nom": "Alice", "mot_de_passe": "cheval agrafe pile"}
    )
    assert signed.status_code == 201, signed.text  # and logged in (its session cookie)
    storage = Storage(database_url)
    with storage.engine.connect() as db:
        alice = db.execute(select(accounts_table.c.id)).scalar_one()
    storage.close()
    store(database_url, record, "compte", finished=0.0, account=alice)
    deadline = time.monotonic() + WAIT
    found = client.get("/api/tables/compte/analyse").json()["analyse"]
    while found["etat"] == "en_cours" and time.monotonic() < deadline:
        time.sleep(0.05)
        found = client.get("/api/tables/compte/analyse").json()["analyse"]
    assert found["etat"] == "pret"
    assert {note["coups"] for note in found["notes"]} <= seat_plies(record, 0)
    assert client.get("/api/tables/compte/replay").json()["analyse"] == found
    anonymous = TestClient(client.app)  # another browser, nobody logged in: a spectator
    refused = anonymous.get("/api/tables/compte/analyse")
    assert refused.status_code == 403 and refused.json()["erreur"]["code"] == "spectateur"


def test_an_analysis_is_stored_once_and_a_new_version_of_the_analyser_redoes_it(
    database_url: str,
    make_client: Callable[..., TestClient],
    record: GameRecord,
    quick_analysis,
    monkeypatch: pytest.MonkeyPatch,
):
    store(database_url, record, "vieille", finished=time.time())
    client = make_client()  # it starts the analyses of this game, finished just now
    first = ready(client, "vieille", TOKENS[0])
    assert first["etat"] == "pret" and ready(client, "vieille", TOKENS[1])["etat"] == "pret"
    computed = len(quick_analysis)
    assert stored(database_url, "vieille") == {0: 1, 1: 1}
    for _ in range(3):  # asked again: read from storage, never computed again
        assert analysis(client, "vieille", TOKENS[0]) == first
        assert (
            client.get("/api/tables/vieille/replay", params={"jeton": TOKENS[0]}).status_code == 200
        )
    assert len(quick_analysis) == computed
    # The analyser changes (its VERSION goes up): the old notes are not served, they are redone.
    monkeypatch.setattr(gutenberg_analysis, "VERSION", 2)
    assert analysis(client, "vieille", TOKENS[0])["etat"] == "en_cours"
    again = ready(client, "vieille", TOKENS[0])
    assert again["etat"] == "pret" and again["notes"]
    assert len(quick_analysis) == computed + 1
    assert stored(database_url, "vieille")[0] == 2


def test_a_restarted_server_computes_the_analyses_that_were_missing(
    database_url: str, make_client: Callable[..., TestClient], record: GameRecord, quick_analysis
):
    store(database_url, record, "recente", finished=time.time() - 3600)
    store(database_url, record, "ancienne", finished=time.time() - 30 * 24 * 3600)
    client = make_client()  # a server starting on a database with a game not yet analysed
    deadline = time.monotonic() + WAIT
    while stored(database_url, "recente") != {0: 1, 1: 1} and time.monotonic() < deadline:
        time.sleep(0.05)
    assert stored(database_url, "recente") == {0: 1, 1: 1}  # nobody asked for them
    # A game finished long ago is analysed when someone asks, not at start-up.
    assert stored(database_url, "ancienne") == {}
    assert analysis(client, "ancienne", TOKENS[1])["etat"] == "en_cours"
    assert ready(client, "ancienne", TOKENS[1])["etat"] == "pret"
    assert stored(database_url, "ancienne") == {1: 1}


def test_a_failed_analysis_is_logged_and_unavailable_never_a_500(
    database_url: str,
    make_client: Callable[..., TestClient],
    record: GameRecord,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
):
    def broken(text: str, seat: int) -> Any:
        raise RuntimeError("un analyseur en panne")

    monkeypatch.setattr(driver, "analyse_text", broken)
    store(database_url, record, "panne", finished=0.0)  # long ago: not resumed at start-up
    client = make_client()
    with caplog.at_level(logging.ERROR, "ludotheque.server"):
        found = ready(client, "panne", TOKENS[0])
    assert found["etat"] == "indisponible" and found["notes"] == []
    assert "n'a pas pu être faite" in found["message"]
    assert any("table panne, place 1" in r.getMessage() for r in caplog.records)
    replay = client.get("/api/tables/panne/replay", params={"jeton": TOKENS[0]})
    assert replay.status_code == 200 and replay.json()["analyse"]["etat"] == "indisponible"


def test_a_game_without_an_analyser_says_so_and_a_game_in_play_has_none_yet(
    make_client: Callable[..., TestClient],
):
    client = make_client(test_games=True)
    body = {
        "jeu": "encheres",
        "joueurs": 2,
        "nom": "Alice",
        "options": {},
        "places": [{"type": "humain"}, {"type": "robot", "niveau": "random"}],
    }
    created = client.post("/api/tables", json=body).json()
    table, token = created["table"], created["jeton"]
    early = client.get(f"/api/tables/{table}/analyse", params={"jeton": token})
    assert early.status_code == 409 and early.json()["erreur"]["code"] == "statut"
    assert client.post(f"/api/tables/{table}/start", json={"jeton": token}).status_code == 200
    with client.websocket_connect(f"/ws/{table}?jeton={token}") as ws:
        state = ws.receive_json()
        while state.get("type") != "etat" or state["table"]["statut"] != "terminee":
            if (
                state.get("type") == "etat" and state["a_jouer"]
            ):  # (an « erreur »: a bot was quicker)
                ws.send_json(
                    {"type": "coup", "seq": state["prochain_seq"], "coup": state["coups"][0]}
                )
            state = ws.receive_json()
    found = analysis(client, table, token)
    assert found["etat"] == "indisponible" and "pas encore d'analyse" in found["message"]


def test_an_analysis_runs_off_the_event_loop(
    database_url: str,
    make_client: Callable[..., TestClient],
    record: GameRecord,
    monkeypatch: pytest.MonkeyPatch,
):
    """While an analysis runs (held here mid-way), the server answers: the listing of tables,
    the analysis itself (« en_cours »)."""
    started, release = threading.Event(), threading.Event()

    def held(text: str, seat: int) -> Any:
        started.set()
        release.wait(WAIT)
        return {"version": 1, "notes": [], "resume": driver.summary([])}

    monkeypatch.setattr(driver, "analyse_text", held)
    store(database_url, record, "lente", finished=time.time())
    client = make_client()
    try:
        assert started.wait(WAIT)
        assert client.get("/api/tables").status_code == 200
        assert analysis(client, "lente", TOKENS[0])["etat"] == "en_cours"
        assert not release.is_set()
    finally:
        release.set()
    assert ready(client, "lente", TOKENS[0])["etat"] == "pret"


def test_a_worker_process_computes_an_analysis(monkeypatch: pytest.MonkeyPatch):
    """The server's bot pool runs the driver in a process (the analyser imported there)."""
    monkeypatch.setattr(driver, "analyse_text", ANALYSE_TEXT)  # pickled by its name
    game = Letter()
    options = game.info.resolve_options(1, {"mode": "solo"})
    bot = make_bot(game, "debutant")
    state, played = game.new(1, 3, options), GameRecord("letter", 1, 3, options)
    draws = Rng.from_seed(3).draws()
    while state.to_move():
        action = bot.choose(Observation.of(game, state, 0), draws)
        state = prepare_action(game, state, 0, action).after
        played = played.with_move(0, game.encode_action(action))

    async def run() -> Any:
        runner = BotRunner(workers=1)
        try:
            return await runner.run("(analyses)", ANALYSE_TEXT, played.dumps(), 0)
        finally:
            runner.close()

    found = asyncio.run(run())
    assert found == ANALYSE_TEXT(played.dumps(), 0)
    assert found["notes"] and found["version"] == 1
