"""tables, places et coups

Revision 0001: the schema of the last release before the players' home (commit 1cbbd5c), as
its ``metadata.create_all`` wrote it: ``tables`` (with ``absence``, 60 s by default, and
``created``), ``seats`` and ``moves``. Releases before this one had no Alembic stamp:
``ludotheque db upgrade`` adds what they lack and stamps this revision (see
``server/migrations/__init__.py``). Do not change it: databases already carry it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("clock", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("host", sa.Integer(), nullable=False),
        sa.Column("rematch", sa.String(32), nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("absence", sa.Integer(), nullable=False, server_default="60"),
        sa.Column("created", sa.Float(), nullable=True),
    )
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("level", sa.String(20), nullable=True),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("left", sa.Boolean(), nullable=False),
    )
    op.create_table(
        "moves",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("ply", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("moves")
    op.drop_table("seats")
    op.drop_table("tables")
