"""The database's tables, in one place: what the server stores, and what Alembic migrates.

Tables and their seats, the accepted actions (``moves``), and what players keep between visits:
accounts, ratings and their history, each table's chat, each finished game's analyses, and the
server's settings (the key that signs session cookies). ``docs/server.md`` (« La base de
données ») describes each table; ``server/migrations/`` brings an older database here.

>>> sorted(metadata.tables)[:4]
['accounts', 'analyses', 'chat_messages', 'chat_mutes']
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
    true,
)

__all__ = [
    "accounts_table",
    "analyses_table",
    "chat_messages_table",
    "chat_mutes_table",
    "metadata",
    "moves_table",
    "rating_history_table",
    "ratings_table",
    "seats_table",
    "settings_table",
    "tables_table",
]

metadata = MetaData()

tables_table = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", Text, nullable=False),
    Column("clock", Integer, nullable=False, default=0),
    Column("status", String(12), nullable=False),
    Column("host", Integer, nullable=False),
    Column("rematch", String(32), nullable=True),
    Column("rematch_of", String(32), nullable=True),
    # Seconds a seat may stay disconnected while it must act before it is shown away (0: never).
    Column("absence", Integer, nullable=False, default=60, server_default="60"),
    Column("created", Float, nullable=True),  # time.time() at creation (None: older rows)
    # --- since the players' home (issue 12) ---
    # A rated game updates its accounts' ratings when it ends.
    Column("rated", Boolean, nullable=False, default=False, server_default=false()),
    # A slow game: hours each person has per move (0: not a slow game).
    Column("hours", Integer, nullable=False, default=0, server_default="0"),
    # Spectators read the table's chat (the host may turn it off).
    Column("chat_spectators", Boolean, nullable=False, default=True, server_default=true()),
    Column("updated", Float, nullable=True),  # time.time() of the last accepted action
    Column("finished", Float, nullable=True),  # time.time() when the game ended
)

seats_table = Table(
    "seats",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(10), nullable=False),
    Column("level", String(20), nullable=True),
    Column("name", String(80), nullable=True),
    Column("token_hash", String(64), nullable=True),
    Column("left", Boolean, nullable=False, default=False),
    # --- since the players' home (issue 12) ---
    Column("account_id", Integer, nullable=True),  # the account seated here (None: anonymous)
    Column("deadline", Float, nullable=True),  # slow game: time.time() by which it must act
    Index("seats_by_account", "account_id"),
)

moves_table = Table(
    "moves",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
)

accounts_table = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(80), nullable=False),  # as its owner wrote it
    Column("name_key", String(80), nullable=False, unique=True),  # casefolded: one « Alice »
    Column("password_hash", String(255), nullable=False),  # Argon2 (pwdlib), never clear
    Column("created", Float, nullable=False),
)

ratings_table = Table(
    "ratings",
    metadata,
    Column("game", String(40), primary_key=True),
    # « compte:<id> » for an account, « robot:<level> » for the bots of a level.
    Column("player", String(40), primary_key=True),
    Column("account_id", Integer, nullable=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False, default=0),
    Column("last", Float, nullable=True),  # time.time() of the last rated game
)

rating_history_table = Table(
    "rating_history",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game", String(40), nullable=False),
    Column("player", String(40), nullable=False),
    Column("table_id", String(32), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", Float, nullable=False),
    Index("rating_history_by_player", "game", "player"),
)

chat_messages_table = Table(
    "chat_messages",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(80), nullable=False),
    Column("text", Text, nullable=False),
    Column("ply", Integer, nullable=False),  # actions played when it was written (replays)
    Column("at", Float, nullable=False),
    Column("removed", Boolean, nullable=False, default=False, server_default=false()),
    Index("chat_by_table", "table_id", "id"),
)

chat_mutes_table = Table(
    "chat_mutes",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),  # who no longer reads
    Column("muted", Integer, primary_key=True),  # whom
)

analyses_table = Table(
    "analyses",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("version", Integer, nullable=False),  # of the analysis code: an older one is redone
    Column("data", Text, nullable=False),  # JSON
)

settings_table = Table(
    "settings",
    metadata,
    Column("key", String(40), primary_key=True),
    Column("value", Text, nullable=False),
)
