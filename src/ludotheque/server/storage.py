"""Tables, seats and accepted actions in a SQL database (SQLite by default, PostgreSQL by URL).

Every accepted action is one row of ``moves``, committed before anyone is told of it; a
restarted server rebuilds each table from its rows. SQLite runs in WAL mode with
``synchronous=NORMAL``: a committed transaction survives the death of the process.

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
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Engine,
    create_engine,
    event,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.record import GameRecord, Move

from .schema import metadata, moves_table, seats_table, tables_table

__all__ = [
    "SeatRow",
    "Storage",
    "StorageUnavailable",
    "TableRow",
    "default_database_url",
    "shown_url",
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


def _engine(url: str) -> Engine:
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
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


class Storage:
    """The database behind a server. Calls are short synchronous transactions."""

    def __init__(self, url: str) -> None:
        """Open the database and create its tables; :class:`StorageUnavailable` if it
        cannot be."""
        self.url = url
        try:
            self.engine = _engine(url)
            metadata.create_all(self.engine)
            self._add_missing_columns()
        except (SQLAlchemyError, ImportError) as error:
            raise unavailable(url, error) from error

    def _add_missing_columns(self) -> None:
        """Columns added since a database was made: ``ALTER TABLE … ADD`` each nullable one,
        or one with a server default (``absence``)."""
        found = inspect(self.engine)
        quote = self.engine.dialect.identifier_preparer.quote
        with self.engine.begin() as db:
            for table in metadata.sorted_tables:
                present = {column["name"] for column in found.get_columns(table.name)}
                for column in table.columns:
                    if column.name in present:
                        continue
                    kind = column.type.compile(dialect=self.engine.dialect)
                    default = column.server_default
                    if column.nullable:
                        extra = ""
                    elif default is not None and hasattr(default, "arg"):
                        extra = f" NOT NULL DEFAULT {default.arg}"
                    else:
                        continue
                    db.execute(
                        text(
                            f"ALTER TABLE {quote(table.name)} "
                            f"ADD COLUMN {quote(column.name)} {kind}{extra}"
                        )
                    )

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

    def update_table(self, table_id: str, **values: Any) -> None:
        with self.engine.begin() as db:
            db.execute(update(tables_table).where(tables_table.c.id == table_id).values(**values))

    def update_seat(self, table_id: str, seat: SeatRow) -> None:
        with self.engine.begin() as db:
            db.execute(
                update(seats_table)
                .where(seats_table.c.table_id == table_id, seats_table.c.seat == seat.seat)
                .values(**_seat_values(seat))
            )

    def add_move(
        self, table_id: str, ply: int, seat: int, action: JsonValue, status: str | None = None
    ) -> None:
        """Store accepted action number ``ply`` (1-based); a second row for a ply fails.

        ``status``: the table's new status, written in the same transaction (the last move of
        a game and « over » are stored together or not at all). The table's ``updated`` (and,
        for « over », ``finished``) is the time of the move.
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
        self, table_id: str
    ) -> tuple[TableRow, list[SeatRow], list[tuple[int, JsonValue]]] | None:
        with self.engine.connect() as db:
            row = (
                db.execute(select(tables_table).where(tables_table.c.id == table_id))
                .mappings()
                .first()
            )
            return None if row is None else self._table(db, row)

    def load_record(self, table_id: str) -> GameRecord | None:
        """The game record of a table (seed, options, stored moves), None if unknown."""
        loaded = self.load_table(table_id)
        if loaded is None:
            return None
        row, _seats, moves = loaded
        played = tuple(Move(seat, action) for seat, action in moves)
        return GameRecord(row.game, row.players, row.seed, row.options, played)

    def _table(
        self, db: Any, row: Any
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
        moves = [
            (m["seat"], json.loads(m["action"]))
            for m in db.execute(
                select(moves_table.c.seat, moves_table.c.action)
                .where(moves_table.c.table_id == table.id)
                .order_by(moves_table.c.ply)
            ).mappings()
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
