"""Tables, seats and accepted actions in a SQL database (SQLite by default, PostgreSQL by URL).

Every accepted action is one row of ``moves``, committed before anyone is told of it; a
restarted server rebuilds each table from its rows. SQLite runs in WAL mode with
``synchronous=NORMAL``: a committed transaction survives the death of the process.

The tables are ``schema.py``'s. An empty database is created at that schema; one an earlier
release wrote is refused until ``ludotheque db upgrade`` (:func:`upgrade_database`, the
revisions of ``server/migrations/``) brings it up to date.

>>> store = Storage("sqlite://")
>>> store.create_table(TableRow("t1", "encheres", 2, 7, {"mode": "classique"}, 0, "attente", 0),
...                    [SeatRow(0, "humain", None, "Alice", "h0"), SeatRow(1, "robot", "random")])
>>> store.add_move("t1", 0, 1, {"type": "miser", "carte": 3})
>>> [(t.id, [s.name for s in seats], moves) for t, seats, moves in store.load_tables()]
[('t1', ['Alice', None], [(1, {'carte': 3, 'type': 'miser'})])]
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    create_engine,
    event,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.record import GameRecord, Move

from . import migrations
from .migrations import DatabaseState, SchemaRefused
from .schema import moves_table, seats_table, tables_table

__all__ = [
    "SeatRow",
    "StaleWrite",
    "Storage",
    "StorageUnavailable",
    "TableRow",
    "database_state_of",
    "default_database_url",
    "engine_for",
    "shown_url",
    "upgrade_database",
]


@dataclass(slots=True)
class TableRow:
    id: str
    game: str
    players: int
    seed: int
    options: JsonObject
    clock: int
    status: str
    host: int
    rematch: str | None = None
    rematch_of: str | None = None
    absence: int = 60
    created: float | None = None
    rated: bool = False  # a rated game updates its accounts' ratings when it ends
    hours: int = 0  # a slow game: hours each person has per move (0: not a slow game)
    chat_spectators: bool = True  # spectators read the chat
    updated: float | None = None  # time.time() of the last accepted action
    finished: float | None = None  # time.time() when the game ended


@dataclass(slots=True)
class SeatRow:
    seat: int
    kind: str  # "humain" or "robot"
    level: str | None = None
    name: str | None = None
    token_hash: str | None = None
    left: bool = False
    account_id: int | None = None  # the account seated here (None: anonymous or a bot)
    deadline: float | None = None  # slow game: time.time() by which this seat must act


class StorageUnavailable(Exception):
    """The database cannot be opened; the message (French) says what to do."""


class StaleWrite(Exception):
    """A compare-and-set write found its row changed meanwhile (by another server process):
    nothing was written."""


def default_database_url(env: dict[str, str] | None = None) -> str:
    """SQLite in the user's data folder (``$XDG_DATA_HOME/ludotheque``)."""
    env = dict(os.environ) if env is None else env
    base = env.get("XDG_DATA_HOME") or str(Path(env.get("HOME", ".")) / ".local" / "share")
    folder = Path(base) / "ludotheque"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageUnavailable(
            f"Impossible de créer le dossier de données « {folder} » ({error.strerror}). "
            "Choisissez une base avec --database sqlite:///chemin/ludotheque.sqlite3, ou un "
            "dossier où vous pouvez écrire avec la variable XDG_DATA_HOME."
        ) from error
    return f"sqlite:///{folder / 'ludotheque.sqlite3'}"


def shown_url(url: str) -> str:
    """A database URL as it may be printed: without its password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def unavailable(url: str, error: Exception) -> StorageUnavailable:
    """Why a database cannot be opened, and what to do, in French."""
    shown = shown_url(url)
    cause = str(getattr(error, "orig", None) or error).strip().splitlines()[0][:200]
    if isinstance(error, ImportError):
        return StorageUnavailable(
            f"Le pilote de la base « {shown} » n'est pas installé ({cause}). Utilisez SQLite "
            "(sqlite:///chemin/ludotheque.sqlite3) ou PostgreSQL (postgresql://…, pilote "
            "psycopg)."
        )
    if isinstance(error, ArgumentError) or not url.startswith(("sqlite", "postgresql")):
        return StorageUnavailable(
            f"Adresse de base de données illisible : « {shown} ». Écrivez "
            "sqlite:///chemin/ludotheque.sqlite3 ou postgresql://utilisateur@hôte/base."
        )
    if url.startswith("sqlite"):
        return StorageUnavailable(
            f"Impossible d'ouvrir la base SQLite « {shown} » ({cause}). Vérifiez que son dossier "
            "existe, que vous pouvez y écrire et que le fichier est bien une base ludotheque, "
            "ou choisissez un autre fichier avec --database sqlite:///chemin/ludotheque.sqlite3."
        )
    return StorageUnavailable(
        f"Impossible d'ouvrir la base PostgreSQL « {shown} » ({cause}). Vérifiez que le "
        "serveur PostgreSQL tourne, que la base existe, et l'adresse, l'utilisateur et le mot "
        "de passe de --database."
    )


WAL_TRIES = 100  # a new file's switch to WAL, tried every 50 ms while another holds it


def _set_wal(cursor: Any) -> None:
    """Put a SQLite file in WAL mode. The switch needs the file to itself, and SQLite may
    refuse it at once (« database is locked ») rather than wait when several connections open
    a new file together (servers starting at once): it is then tried again."""
    for attempt in range(WAL_TRIES):
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == WAL_TRIES - 1:
                raise
            time.sleep(0.05)


def engine_for(url: str) -> Engine:
    """An engine for a database URL (``postgresql://`` goes through psycopg 3; SQLite in WAL
    mode)."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False},
            poolclass=StaticPool if memory else None,
        )

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            if not memory:
                _set_wal(cursor)
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


SCHEMA_LOCK = 0x1D07_4E9E  # PostgreSQL advisory lock key of schema changes (per database)


@contextmanager
def _schema_transaction(engine: Engine) -> Iterator[Connection]:
    """One transaction for reading and changing the schema, DDL included, committed at the
    end or rolled back on an error. On SQLite too: its driver begins transactions only before
    data changes, so ``BEGIN IMMEDIATE`` is sent by hand (which also keeps a second process
    out until the end; on PostgreSQL a transaction-scoped advisory lock does)."""
    with engine.connect() as db:
        if engine.dialect.name == "sqlite":
            db.exec_driver_sql("BEGIN IMMEDIATE")
        elif engine.dialect.name == "postgresql":
            db.exec_driver_sql(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})")
        try:
            yield db
        except BaseException:
            db.rollback()
            raise
        db.commit()


def database_state_of(url: str) -> DatabaseState:
    """Where a database stands against this release's migrations; nothing is written (a
    SQLite file that does not exist is not created: it is an empty database)."""
    try:
        engine = engine_for(url)
        path = engine.url.database if engine.dialect.name == "sqlite" else None
        if path not in (None, "", ":memory:") and not Path(str(path)).exists():
            engine.dispose()
            return DatabaseState("empty", None, migrations.head_revision(), "sqlite")
        try:
            with engine.connect() as db:
                return migrations.database_state(db)
        finally:
            engine.dispose()
    except (SQLAlchemyError, ImportError) as error:
        raise unavailable(url, error) from error


def upgrade_database(url: str) -> tuple[DatabaseState, DatabaseState]:
    """``ludotheque db upgrade``: bring a database to the current schema, in one transaction;
    its state before and after. :class:`StorageUnavailable` (French) when it cannot be opened,
    is another program's or a newer release's, or a step fails (nothing is then changed)."""
    started = False
    try:
        engine = engine_for(url)
        try:
            with _schema_transaction(engine) as db:
                started = True
                before = migrations.upgrade(db)
            started = False  # committed: what fails now is no failed upgrade
            with engine.connect() as db:
                after = migrations.database_state(db)
        finally:
            engine.dispose()
    except SchemaRefused as refused:
        raise StorageUnavailable(refused.state.refusal(shown_url(url)) or str(refused)) from None
    except (SQLAlchemyError, ImportError) as error:
        if not started:
            raise unavailable(url, error) from error
        cause = str(getattr(error, "orig", None) or error).strip().splitlines()[0][:200]
        raise StorageUnavailable(
            f"La mise à jour de la base « {shown_url(url)} » a échoué ({cause}) : rien n'a été "
            "changé. Vérifiez qu'aucun autre programme ne l'a modifiée, puis recommencez."
        ) from error
    return before, after


class Storage:
    """The database behind a server. Calls are short synchronous transactions."""

    def __init__(self, url: str) -> None:
        """Open the database; :class:`StorageUnavailable` if it cannot be.

        An empty database is created at the current schema (and stamped with its Alembic
        revision); one that needs ``ludotheque db upgrade``, or that a newer release wrote, is
        refused with a message naming what to do."""
        self.url = url
        try:
            self.engine = engine_for(url)
            with _schema_transaction(self.engine) as db:
                state = migrations.database_state(db)
                if state.kind == "empty":
                    migrations.create_at_head(db)
        except (SQLAlchemyError, ImportError) as error:
            raise unavailable(url, error) from error
        refusal = state.refusal(shown_url(url))
        if refusal is not None:
            self.engine.dispose()
            raise StorageUnavailable(refusal)

    def close(self) -> None:
        self.engine.dispose()

    def create_table(self, table: TableRow, seats: list[SeatRow]) -> None:
        with self.engine.begin() as db:
            db.execute(
                tables_table.insert().values(
                    id=table.id,
                    game=table.game,
                    players=table.players,
                    seed=table.seed,
                    options=json.dumps(table.options, ensure_ascii=False),
                    clock=table.clock,
                    status=table.status,
                    host=table.host,
                    rematch=table.rematch,
                    rematch_of=table.rematch_of,
                    absence=table.absence,
                    created=table.created,
                    rated=table.rated,
                    hours=table.hours,
                    chat_spectators=table.chat_spectators,
                    updated=table.updated,
                    finished=table.finished,
                )
            )
            for seat in seats:
                db.execute(seats_table.insert().values(table_id=table.id, **_seat_values(seat)))

    def update_table(
        self, table_id: str, *, expect: Mapping[str, Any] | None = None, **values: Any
    ) -> None:
        """Change a table's row; ``expect``: the columns' values it must still have
        (:class:`StaleWrite` if not: another process changed it, nothing is written)."""
        query = update(tables_table).where(tables_table.c.id == table_id)
        for column, value in (expect or {}).items():
            query = query.where(tables_table.c[column] == value)
        with self.engine.begin() as db:
            if db.execute(query.values(**values)).rowcount == 0 and expect:
                raise StaleWrite(table_id)

    def update_seat(self, table_id: str, seat: SeatRow, was: SeatRow | None = None) -> None:
        """Change a seat's row; ``was``: the row as this process knows it — written only if
        its kind, token and departure are still those (:class:`StaleWrite` if not)."""
        query = update(seats_table).where(
            seats_table.c.table_id == table_id, seats_table.c.seat == seat.seat
        )
        if was is not None:
            token = seats_table.c.token_hash
            query = query.where(
                seats_table.c.kind == was.kind,
                seats_table.c.left == was.left,
                token.is_(None) if was.token_hash is None else token == was.token_hash,
            )
        with self.engine.begin() as db:
            if db.execute(query.values(**_seat_values(seat))).rowcount == 0 and was is not None:
                raise StaleWrite(table_id)

    def add_move(
        self,
        table_id: str,
        ply: int,
        seat: int,
        action: JsonValue,
        status: str | None = None,
        deadlines: Mapping[int, float | None] | None = None,
    ) -> None:
        """Store accepted action number ``ply`` (1-based); a second row for a ply fails.

        ``status``: the table's new status, written in the same transaction (the last move of
        a game and « over » are stored together or not at all). The table's ``updated`` (and,
        for « over », ``finished``) is the time of the move. ``deadlines``: the seats' slow-game
        deadlines the move changes (``server/slow.py``), in the same transaction too.
        """
        with self.engine.begin() as db:
            db.execute(
                moves_table.insert().values(
                    table_id=table_id,
                    ply=ply,
                    seat=seat,
                    action=json.dumps(action, ensure_ascii=False, sort_keys=True),
                )
            )
            now = time.time()
            values: dict[str, Any] = {"updated": now}
            if status is not None:
                values["status"] = status
                if status == "terminee":
                    values["finished"] = now
            db.execute(update(tables_table).where(tables_table.c.id == table_id).values(**values))
            for changed, deadline in (deadlines or {}).items():
                db.execute(
                    update(seats_table)
                    .where(seats_table.c.table_id == table_id, seats_table.c.seat == changed)
                    .values(deadline=deadline)
                )

    def load_tables(
        self, statuses: tuple[str, ...] | None = None
    ) -> Iterator[tuple[TableRow, list[SeatRow], list[tuple[int, JsonValue]]]]:
        """Every table (or those with one of ``statuses``), its seats and its moves in order."""
        with self.engine.connect() as db:
            query = select(tables_table)
            if statuses is not None:
                query = query.where(tables_table.c.status.in_(statuses))
            rows = db.execute(query).mappings().all()
            for row in rows:
                yield self._table(db, row)

    def load_table(
        self, table_id: str, after: int | None = None
    ) -> tuple[TableRow, list[SeatRow], list[tuple[int, JsonValue]]] | None:
        """A table's row, its seats and its moves (those after ply ``after`` only: another
        process's moves, read by a table already in memory)."""
        with self.engine.connect() as db:
            row = (
                db.execute(select(tables_table).where(tables_table.c.id == table_id))
                .mappings()
                .first()
            )
            return None if row is None else self._table(db, row, after)

    def load_record(self, table_id: str) -> GameRecord | None:
        """The game record of a table (seed, options, stored moves), None if unknown."""
        loaded = self.load_table(table_id)
        if loaded is None:
            return None
        row, _seats, moves = loaded
        played = tuple(Move(seat, action) for seat, action in moves)
        return GameRecord(row.game, row.players, row.seed, row.options, played)

    def _table(
        self, db: Any, row: Any, after: int | None = None
    ) -> tuple[TableRow, list[SeatRow], list[tuple[int, JsonValue]]]:
        table = TableRow(
            row["id"],
            row["game"],
            row["players"],
            row["seed"],
            json.loads(row["options"]),
            row["clock"],
            row["status"],
            row["host"],
            row["rematch"],
            row["rematch_of"],
            row["absence"],
            row["created"],
            bool(row["rated"]),
            row["hours"],
            bool(row["chat_spectators"]),
            row["updated"],
            row["finished"],
        )
        seats = [
            SeatRow(
                s["seat"],
                s["kind"],
                s["level"],
                s["name"],
                s["token_hash"],
                s["left"],
                s["account_id"],
                s["deadline"],
            )
            for s in db.execute(
                select(seats_table)
                .where(seats_table.c.table_id == table.id)
                .order_by(seats_table.c.seat)
            ).mappings()
        ]
        query = select(moves_table.c.seat, moves_table.c.action).where(
            moves_table.c.table_id == table.id
        )
        if after is not None:
            query = query.where(moves_table.c.ply > after)
        moves = [
            (m["seat"], json.loads(m["action"]))
            for m in db.execute(query.order_by(moves_table.c.ply)).mappings()
        ]
        return table, seats, moves


def _seat_values(seat: SeatRow) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "kind": seat.kind,
        "level": seat.level,
        "name": seat.name,
        "token_hash": seat.token_hash,
        "left": seat.left,
        "account_id": seat.account_id,
        "deadline": seat.deadline,
    }
