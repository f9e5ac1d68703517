"""The database's migrations (Alembic), on SQLite and PostgreSQL (``database_url``).

The issue's test: a database written by the release before the players' home (commit 1cbbd5c,
``tests/server/data/``, made by ``scripts/make_release_fixture.py``) with a game waiting, one
in progress and one finished is upgraded by ``ludotheque db upgrade``; each game is still
there, the one in progress goes on with its seat tokens, the finished one replays. Also: every
revision from nothing gives exactly ``server/schema.py`` (Alembic's own comparison, so a schema
change without its revision fails here), older databases (before ``absence`` / ``created``),
newer ones, another program's, a failed upgrade, ``ludotheque serve`` refusing to start.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text
from starlette.testclient import TestClient
from typer.testing import CliRunner

from ludotheque.cli.main import app as cli
from ludotheque.server import migrations
from ludotheque.server.schema import metadata
from ludotheque.server.storage import (
    Storage,
    StorageUnavailable,
    database_state_of,
    engine_for,
    shown_url,
    upgrade_database,
)

DATA = Path(__file__).resolve().parent / "data"
RELEASE = json.loads((DATA / "release-1cbbd5c.json").read_text(encoding="utf-8"))
HEAD = migrations.head_revision()


# --- helpers ------------------------------------------------------------------------------------


def load_release(url: str) -> None:
    """Fill an empty database with what the release before the players' home wrote."""
    if url.startswith("sqlite"):
        dump = (DATA / "release-1cbbd5c.sqlite.sql").read_text(encoding="utf-8")
        with closing(sqlite3.connect(url.removeprefix("sqlite:///"))) as db:
            db.executescript(dump)
        return
    import psycopg

    dump = (DATA / "release-1cbbd5c.postgresql.sql").read_text(encoding="utf-8")
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(dump)  # a whole script: without parameters, several statements are allowed


def run_sql(url: str, *statements: str) -> None:
    engine = engine_for(url)
    try:
        with engine.begin() as db:
            for statement in statements:
                db.execute(text(statement))
    finally:
        engine.dispose()


def schema_differences(url: str) -> list[Any]:
    """What Alembic's autogenerate would change to make the database match ``schema.py``."""
    engine = engine_for(url)
    try:
        with engine.connect() as db:
            context = MigrationContext.configure(
                db, opts={"compare_type": True, "compare_server_default": True}
            )
            return list(compare_metadata(context, metadata))
    finally:
        engine.dispose()


def columns(url: str, table: str) -> dict[str, Any]:
    engine = engine_for(url)
    try:
        with engine.connect() as db:
            return {column["name"]: column for column in inspect(db).get_columns(table)}
    finally:
        engine.dispose()


def table_names(url: str) -> set[str]:
    engine = engine_for(url)
    try:
        with engine.connect() as db:
            return set(inspect(db).get_table_names())
    finally:
        engine.dispose()


def cli_run(*arguments: str) -> Any:
    result = CliRunner().invoke(cli, list(arguments))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result


def next_state(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        assert message["type"] != "erreur", message
        if message["type"] == "etat":
            return message


@pytest.fixture
def release_database(database_url: str) -> str:
    load_release(database_url)
    return database_url


# --- the schema ---------------------------------------------------------------------------------


def test_every_revision_from_nothing_gives_the_schema_of_schema_py(database_url: str) -> None:
    """Alembic's autogenerate comparison finds nothing to change: a change of ``schema.py``
    without its revision (or the reverse) fails here, on both back ends."""
    before, after = upgrade_database(database_url)
    assert (before.kind, after.kind, after.revision) == ("empty", "current", HEAD)
    assert schema_differences(database_url) == []


def test_an_empty_database_is_created_at_the_head_revision_by_storage(database_url: str) -> None:
    Storage(database_url).close()
    assert database_state_of(database_url).kind == "current"
    assert schema_differences(database_url) == []
    Storage(database_url).close()  # a database at the head opens
    memory = Storage("sqlite://")  # what many tests do
    memory.close()


def test_servers_opening_a_new_database_at_once_create_it_once(database_url: str) -> None:
    """Schema work is serialised (SQLite's write lock, a PostgreSQL advisory lock): the first
    creates, the others find it current, none fails."""
    from concurrent.futures import ThreadPoolExecutor

    def open_and_close(_: int) -> None:
        Storage(database_url).close()

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(open_and_close, range(4)))
    engine = engine_for(database_url)
    try:
        with engine.connect() as db:
            stamps = db.execute(text("SELECT version_num FROM alembic_version")).all()
    finally:
        engine.dispose()
    assert [stamp[0] for stamp in stamps] == [HEAD]


def test_down_to_the_first_revision_and_up_again(database_url: str) -> None:
    """Revision 0002's downgrade leaves exactly revision 0001's tables, which then upgrade."""
    upgrade_database(database_url)
    engine = engine_for(database_url)
    try:
        with engine.begin() as db:
            command.downgrade(migrations.alembic_config(db), migrations.FIRST_REVISION)
    finally:
        engine.dispose()
    assert table_names(database_url) == {"alembic_version", "tables", "seats", "moves"}
    first = set(migrations.FIRST_COLUMNS["tables"]) | {"absence", "created"}
    assert set(columns(database_url, "tables")) == first
    assert database_state_of(database_url).kind == "outdated"
    upgrade_database(database_url)
    assert schema_differences(database_url) == []


# --- the release before the players' home -------------------------------------------------------


def test_the_release_before_is_refused_by_storage_with_the_command(release_database: str) -> None:
    with pytest.raises(StorageUnavailable) as refused:
        Storage(release_database)
    message = str(refused.value)
    assert f"ludotheque db upgrade --database {shown_url(release_database)}" in message
    assert "d'avant les migrations" in message and f"révision {HEAD}" in message
    assert "alembic_version" not in table_names(release_database)  # nothing was written


def test_a_database_of_the_release_before_is_upgraded_and_its_games_go_on(
    release_database: str, make_client: Callable[..., TestClient]
) -> None:
    """The issue's test: waiting, in progress and finished games are all there; the one in
    progress is played on with its stored seat tokens; the finished one replays."""
    result = cli_run("db", "upgrade", "--database", release_database)
    assert result.exit_code == 0, result.output
    assert "d'avant les migrations" in result.output and f"révision {HEAD}" in result.output
    assert schema_differences(release_database) == []
    again = cli_run("db", "upgrade", "--database", release_database)  # idempotent
    assert again.exit_code == 0 and "déjà à jour" in again.output

    store = Storage(release_database)
    rows = {row.id: (row, seats, moves) for row, seats, moves in store.load_tables()}
    # A day may have passed since the fixture was written: the waiting table would expire.
    store.update_table(RELEASE["attente"]["table"], created=time.time())
    store.close()
    assert {rows[RELEASE[status]["table"]][0].status for status in RELEASE} == set(RELEASE)
    for status, what in RELEASE.items():
        row, seats, moves = rows[what["table"]]
        assert len(moves) == what["coups"], status
        assert (row.rated, row.hours, row.chat_spectators) == (False, 0, True)
        assert all(seat.account_id is None and seat.deadline is None for seat in seats)
    assert rows[RELEASE["attente"]["table"]][0].absence == 120  # kept, not the default

    client = make_client()
    listed = {table["id"] for table in client.get("/api/tables").json()["tables"]}
    assert {RELEASE["attente"]["table"], RELEASE["en_cours"]["table"]} <= listed

    waiting = RELEASE["attente"]
    joined = client.post(f"/api/tables/{waiting['table']}/join", json={"nom": "Chloé"})
    assert joined.status_code == 200, joined.text
    started = client.post(
        f"/api/tables/{waiting['table']}/start", json={"jeton": waiting["jetons"]["0"]}
    )
    assert started.status_code == 200 and started.json()["statut"] == "en_cours"

    playing = RELEASE["en_cours"]
    played = playing["coups"]
    for seat, token in playing["jetons"].items():
        with client.websocket_connect(f"/ws/{playing['table']}?jeton={token}") as ws:
            state = next_state(ws)
            assert state["place"] == int(seat) and state["a_jouer"], state
            assert state["coups_joues"] >= played
            coup = {"type": "coup", "seq": state["prochain_seq"], "coup": state["coups"][0]}
            ws.send_json(coup)
            after = next_state(ws)
            while after["prochain_seq"] == state["prochain_seq"]:  # another seat's news first
                after = next_state(ws)
            assert after["coups_joues"] > state["coups_joues"]
            played = after["coups_joues"]

    finished = RELEASE["terminee"]
    shown = client.get(f"/api/tables/{finished['table']}").json()
    assert shown["statut"] == "terminee" and shown["resultat"] == finished["resultat"]
    replay = client.get(
        f"/api/tables/{finished['table']}/replay", params={"jeton": finished["jetons"]["0"]}
    )
    assert replay.status_code == 200, replay.text
    steps = replay.json()["etapes"]
    assert len(steps) == finished["coups"] + 1 and steps[-1]["vue"]["resultat"]


def test_serve_refuses_the_release_before_says_what_to_run_and_starts_nothing(
    release_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    started: list[object] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: started.append(args))
    database = release_database
    if database.startswith("postgresql://postgres@"):  # a password is never printed
        database = database.replace("postgres@", "postgres:secret@", 1)  # (trust: ignored)
    result = cli_run("serve", "--database", database, "--bot-workers", "0", "--port", "1")
    assert result.exit_code == 2 and not started
    assert f"ludotheque db upgrade --database {shown_url(database)}" in result.output
    assert "secret" not in result.output
    assert ("à la place de ***" in result.output) == ("secret" in database)
    assert "alembic_version" not in table_names(release_database)


@pytest.mark.parametrize(
    "dropped",
    [("absence", "created"), ("created",), ("absence",)],
    ids=["sans-absence-ni-created", "sans-created", "sans-absence"],
)
def test_a_database_older_than_revision_0001_is_upgraded(
    release_database: str, dropped: tuple[str, ...]
) -> None:
    """Releases before 1cbbd5c lacked ``created`` (added first) or ``absence`` (first on
    another branch), or both: the upgrade adds them (60 s, no creation time), stamps 0001 and
    goes on; every table still loads and replays."""
    run_sql(release_database, *(f"ALTER TABLE tables DROP COLUMN {name}" for name in dropped))
    assert database_state_of(release_database).kind == "unversioned"
    before, after = upgrade_database(release_database)
    assert (before.kind, after.kind) == ("unversioned", "current")
    assert schema_differences(release_database) == []
    store = Storage(release_database)
    try:
        loaded = {row.id: row for row, _seats, _moves in store.load_tables()}
        records = {table: store.load_record(table) for table in loaded}
    finally:
        store.close()
    assert {row.status for row in loaded.values()} == set(RELEASE)
    waiting = loaded[RELEASE["attente"]["table"]]
    assert waiting.absence == (60 if "absence" in dropped else 120)
    assert (waiting.created is None) == ("created" in dropped)
    for what in RELEASE.values():
        record = records[what["table"]]
        assert record is not None and len(record.moves) == what["coups"]


# --- databases that are refused -----------------------------------------------------------------


def test_a_newer_database_is_refused_by_the_server_and_by_upgrade(database_url: str) -> None:
    Storage(database_url).close()
    run_sql(database_url, "UPDATE alembic_version SET version_num = '0099'")
    with pytest.raises(StorageUnavailable, match="version plus récente de ludotheque"):
        Storage(database_url)
    result = cli_run("db", "upgrade", "--database", database_url)
    assert result.exit_code == 2 and "« 0099 »" in result.output
    state = cli_run("db", "etat", "--database", database_url)
    assert state.exit_code == 2 and "version plus récente" in state.output
    assert database_state_of(database_url).revision == "0099"  # untouched


def test_a_database_of_another_program_is_refused_by_upgrade(database_url: str) -> None:
    run_sql(database_url, "CREATE TABLE tables (nom VARCHAR(10))")
    result = cli_run("db", "upgrade", "--database", database_url)
    assert result.exit_code == 2 and "tables d'un autre programme" in result.output
    assert table_names(database_url) == {"tables"}
    with pytest.raises(StorageUnavailable, match="tables d'un autre programme"):
        Storage(database_url)


def test_a_failed_upgrade_changes_nothing(release_database: str) -> None:
    """A step fails half-way (a table of revision 0002 already exists): the transaction is
    rolled back, DDL included, on SQLite as on PostgreSQL."""
    run_sql(release_database, "CREATE TABLE settings (x INTEGER)")
    before = set(columns(release_database, "tables"))
    result = cli_run("db", "upgrade", "--database", release_database)
    assert result.exit_code == 2 and "a échoué" in result.output
    assert "rien n'a été changé" in result.output
    assert set(columns(release_database, "tables")) == before  # no « rated » column
    assert "alembic_version" not in table_names(release_database)  # nor a stamp of 0001
    run_sql(release_database, "DROP TABLE settings")
    assert cli_run("db", "upgrade", "--database", release_database).exit_code == 0


def test_a_development_database_without_a_stamp_is_stamped_at_head(database_url: str) -> None:
    """Between ``schema.py`` and its migrations, servers made every table without a stamp."""
    Storage(database_url).close()
    run_sql(database_url, "DROP TABLE alembic_version")
    before, after = upgrade_database(database_url)
    assert (before.kind, after.kind) == ("unversioned", "current")
    assert schema_differences(database_url) == []


# --- the command line ---------------------------------------------------------------------------


def test_db_etat_says_where_a_database_stands_without_creating_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ludotheque.sqlite3'}"
    empty = cli_run("db", "etat", "--database", url)
    assert empty.exit_code == 0 and "vide" in empty.output
    assert not (tmp_path / "ludotheque.sqlite3").exists()
    load_release(url)
    old = cli_run("db", "etat", "--database", url)
    assert old.exit_code == 1 and f"ludotheque db upgrade --database {url}" in old.output
    cli_run("db", "upgrade", "--database", url)
    current = cli_run("db", "etat", "--database", url)
    assert current.exit_code == 0 and "à jour" in current.output
    assert f"révision {HEAD}" in current.output


@pytest.mark.parametrize(
    ("database", "clue"),
    [
        ("nimportequoi", "Adresse de base de données illisible"),
        ("postgresql://alice:secret@127.0.0.1:1/ludo", "Impossible d'ouvrir la base PostgreSQL"),
    ],
    ids=["adresse-illisible", "postgresql-absent"],
)
@pytest.mark.parametrize("command_name", ["upgrade", "etat"])
def test_db_on_a_database_it_cannot_open_says_what_to_do(
    command_name: str, database: str, clue: str
) -> None:
    result = cli_run("db", command_name, "--database", database)
    assert result.exit_code == 2 and clue in result.output
    assert "secret" not in result.output


def test_db_upgrade_uses_the_default_database_of_serve(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    result = cli_run("db", "upgrade")
    assert result.exit_code == 0 and "créée" in result.output
    assert (tmp_path / "ludotheque" / "ludotheque.sqlite3").exists()
