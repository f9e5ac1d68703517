"""The database's schema versions (Alembic): where a database stands, and bringing it up to date.

Each revision of ``versions/`` is one step of the schema (``0001``: the tables, seats and moves
of the release before accounts; ``0002``: the players' home). Alembic is configured here, in
code: no ``alembic.ini`` is needed. Everything works on a SQLAlchemy connection the caller
opened and commits (:mod:`ludotheque.server.storage` does, for ``Storage`` and
``ludotheque db upgrade``), so a failed upgrade changes nothing.

A database is in one of these states (:class:`DatabaseState`):

- ``empty``: none of the project's tables: ``Storage`` creates it at the head revision;
- ``current``: stamped with the head revision;
- ``outdated``: stamped with an earlier revision; ``ludotheque db upgrade`` brings it up;
- ``unversioned``: the project's tables without Alembic's stamp, written by a release before
  migrations (some without ``absence`` or ``created``); the upgrade adds what revision 0001
  has and they lack, stamps 0001, then runs the later revisions;
- ``newer``: stamped with a revision this release does not know (a newer release wrote it);
- ``foreign``: a table named like one of ours, without our columns (another program's).

>>> head_revision()
'0002'
>>> revision_title("0001")
'tables, places et coups'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from alembic import command
from alembic.config import Config
from alembic.operations import Operations
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Column, Connection, Float, Integer, inspect

from ..schema import metadata

__all__ = [
    "FIRST_REVISION",
    "DatabaseState",
    "SchemaRefused",
    "alembic_config",
    "create_at_head",
    "database_state",
    "described",
    "head_revision",
    "revision_title",
    "upgrade",
]

FOLDER = Path(__file__).resolve().parent
FIRST_REVISION = "0001"

# The columns every release wrote, from the first server on: a database with these tables and
# columns and no Alembic stamp is one of ours, older than revision 0001.
FIRST_COLUMNS = {
    "tables": {
        "id", "game", "players", "seed", "options", "clock", "status", "host", "rematch",
        "rematch_of",
    },
    "seats": {"table_id", "seat", "kind", "level", "name", "token_hash", "left"},
    "moves": {"table_id", "ply", "seat", "action"},
}  # fmt: skip

Kind = Literal["empty", "current", "outdated", "unversioned", "newer", "foreign"]


@dataclass(frozen=True, slots=True)
class DatabaseState:
    """Where a database stands: its kind, its stamped revision (None: none) and the head."""

    kind: Kind
    revision: str | None
    head: str
    backend: str  # the SQLAlchemy dialect: "sqlite" or "postgresql"

    @property
    def needs_upgrade(self) -> bool:
        return self.kind in ("outdated", "unversioned")

    def described(self) -> str:
        """Its schema in French: « révision 0001 « tables, places et coups » »."""
        if self.kind == "empty":
            return "vide"
        if self.revision is None:
            return "schéma d'avant les migrations, sans révision"
        if self.kind == "newer":
            return f"révision « {self.revision} », inconnue de cette version"
        return described(self.revision)

    def refusal(self, shown: str) -> str | None:
        """Why a server cannot open this database and what to do, in French (None: it can).

        ``shown``: its URL as it may be printed (without the password)."""
        if self.needs_upgrade:
            password = " (avec le mot de passe à la place de ***)" if ":***@" in shown else ""
            return (
                f"La base « {shown} » a été écrite par une version précédente de ludotheque "
                f"({self.described()}) ; cette version attend la {described(self.head)}. "
                "Faites-en une copie de sauvegarde, puis mettez-la à jour avec : "
                f"ludotheque db upgrade --database {shown}{password}"
            )
        if self.kind == "newer":
            return (
                f"La base « {shown} » a été écrite par une version plus récente de ludotheque "
                f"({self.described()}, qui s'arrête à la révision {self.head}). Installez la "
                "dernière version de ludotheque, ou choisissez une autre base avec --database."
            )
        if self.kind == "foreign":
            if self.backend == "sqlite":
                return (
                    f"Impossible d'ouvrir la base SQLite « {shown} » : elle contient des tables "
                    "d'un autre programme. Choisissez un autre fichier avec --database "
                    "sqlite:///chemin/ludotheque.sqlite3."
                )
            return (
                f"Impossible d'ouvrir la base PostgreSQL « {shown} » : elle contient des tables "
                "d'un autre programme. Choisissez une autre base avec --database "
                "postgresql://utilisateur@hôte/base."
            )
        return None


class SchemaRefused(Exception):
    """:func:`upgrade` will not touch this database (newer or another program's)."""

    def __init__(self, state: DatabaseState) -> None:
        super().__init__(state.kind)
        self.state = state


@functools.cache
def scripts() -> ScriptDirectory:
    """The revisions (read once per process)."""
    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    head = scripts().get_current_head()
    assert head is not None, "no revision in server/migrations/versions"
    return head


def revision_title(revision: str) -> str:
    """The first line of a revision's docstring: what it brings, in French."""
    return (scripts().get_revision(revision).doc or revision).strip()


def described(revision: str) -> str:
    """« révision 0001 « tables, places et coups » »."""
    return f"révision {revision} « {revision_title(revision)} »"


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration, in code. ``connection``: the one the revisions run on (else
    ``env.py`` reads ``sqlalchemy.url``, which a developer may set to make a revision)."""
    config = Config()
    config.set_main_option("script_location", str(FOLDER))
    config.set_main_option("file_template", "v%%(rev)s_%%(slug)s")
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def database_state(connection: Connection) -> DatabaseState:
    """Where the database behind ``connection`` stands (nothing is written)."""
    head = head_revision()
    backend = connection.dialect.name
    heads = MigrationContext.configure(connection).get_current_heads()
    if heads:
        known = {script.revision for script in scripts().walk_revisions()}
        if len(heads) > 1 or heads[0] not in known:
            return DatabaseState("newer", ", ".join(heads), head, backend)
        return DatabaseState("current" if heads[0] == head else "outdated", heads[0], head, backend)
    found = inspect(connection)
    names = set(found.get_table_names())
    if not names & set(metadata.tables):
        return DatabaseState("empty", None, head, backend)
    for table, columns in FIRST_COLUMNS.items():
        if table not in names or not columns <= _columns(connection, table):
            return DatabaseState("foreign", None, head, backend)
    return DatabaseState("unversioned", None, head, backend)


def create_at_head(connection: Connection) -> None:
    """An empty database gets today's tables (``schema.py``) and the head revision's stamp.

    The same schema as running every revision (``tests/server/test_migrations.py`` compares
    them), in a few statements."""
    metadata.create_all(connection)
    MigrationContext.configure(connection).stamp(scripts(), "head")


def upgrade(connection: Connection) -> DatabaseState:
    """Bring the database to the head revision; its state before. The caller commits.

    :class:`SchemaRefused` for a newer database or another program's; an error of the
    database (SQLAlchemy's) when a step fails: nothing is then committed."""
    before = database_state(connection)
    if before.kind in ("newer", "foreign"):
        raise SchemaRefused(before)
    if before.kind == "current":
        return before
    if before.kind == "unversioned":
        if _has_every_column(connection):
            # Written by a development version between the schema and its migrations.
            MigrationContext.configure(connection).stamp(scripts(), "head")
            return before
        _bring_to_first_revision(connection)
    command.upgrade(alembic_config(connection), "head")
    return before


def _columns(connection: Connection, table: str) -> set[str]:
    return {column["name"] for column in inspect(connection).get_columns(table)}


def _has_every_column(connection: Connection) -> bool:
    names = set(inspect(connection).get_table_names())
    return all(
        table.name in names and set(table.columns.keys()) <= _columns(connection, table.name)
        for table in metadata.sorted_tables
    )


def _bring_to_first_revision(connection: Connection) -> None:
    """A release before Alembic: add the columns of revision 0001 it lacks, stamp 0001.

    Releases added ``created`` (creation time, NULL for older rows) and ``absence`` (60 s for
    older tables) one after the other, in either order."""
    present = _columns(connection, "tables")
    operations = Operations(MigrationContext.configure(connection))
    if "absence" not in present:
        operations.add_column(
            "tables", Column("absence", Integer, nullable=False, server_default="60")
        )
    if "created" not in present:
        operations.add_column("tables", Column("created", Float, nullable=True))
    MigrationContext.configure(connection).stamp(scripts(), FIRST_REVISION)
