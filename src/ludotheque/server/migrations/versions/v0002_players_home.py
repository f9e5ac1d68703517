"""comptes, classements, discussion, analyses et parties lentes

Revision 0002: the players' home (issue 12), as ``server/schema.py`` describes it. New tables:
``accounts``, ``ratings``, ``rating_history``, ``chat_messages``, ``chat_mutes``, ``analyses``,
``settings``. New columns: ``tables.rated`` / ``hours`` / ``chat_spectators`` (with server
defaults, so existing tables become unrated, real-time, chat open to spectators) and
``updated`` / ``finished`` (NULL for existing tables: their times were not kept), and
``seats.account_id`` (NULL: every existing seat is anonymous) and ``deadline``.

Columns are added through ``batch_alter_table``: on SQLite it adds them in place when it can
(``ALTER TABLE … ADD COLUMN``) and rebuilds the table when it cannot (the downgrade's drops).
Boolean server defaults are SQLAlchemy's ``true()`` / ``false()``, which each back end renders
its own way (``1``/``0`` on SQLite, ``true``/``false`` on PostgreSQL).

While issue 12 is being built, a change of ``schema.py`` is folded into this revision (until a
release ships it); after that, a change is a new revision (``docs/server.md``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.add_column(
            sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        tables.add_column(sa.Column("hours", sa.Integer(), nullable=False, server_default="0"))
        tables.add_column(
            sa.Column("chat_spectators", sa.Boolean(), nullable=False, server_default=sa.true())
        )
        tables.add_column(sa.Column("updated", sa.Float(), nullable=True))
        tables.add_column(sa.Column("finished", sa.Float(), nullable=True))
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("account_id", sa.Integer(), nullable=True))
        seats.add_column(sa.Column("deadline", sa.Float(), nullable=True))
        seats.create_index("seats_by_account", ["account_id"])

    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("name_key", sa.String(80), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("player", sa.String(40), primary_key=True),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("last", sa.Float(), nullable=True),
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("player", sa.String(40), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("rating_history_by_player", "rating_history", ["game", "player"])
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("removed", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.create_index("chat_by_table", "chat_messages", ["table_id", "id"])
    op.create_table(
        "chat_mutes",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("muted", sa.Integer(), primary_key=True),
    )
    op.create_table(
        "analyses",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.String(40), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    for table in (
        "settings", "analyses", "chat_mutes", "chat_messages", "rating_history", "ratings",
        "accounts",
    ):  # fmt: skip
        op.drop_table(table)  # their indexes go with them
    with op.batch_alter_table("seats") as seats:
        seats.drop_index("seats_by_account")
        seats.drop_column("deadline")
        seats.drop_column("account_id")
    with op.batch_alter_table("tables") as tables:
        for column in ("finished", "updated", "chat_spectators", "hours", "rated"):
            tables.drop_column(column)
