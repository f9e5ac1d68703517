"""The table chat's storage: messages, mutes and the spectators' switch (SQLAlchemy Core).

Messages are rows of ``chat_messages`` (a removed one keeps its row, ``removed`` set); who no
longer reads whom at a table is ``chat_mutes``; whether spectators read is the table's
``chat_spectators``. The socket messages that use them: ``server/chat_socket.py``.

>>> from ludotheque.server.storage import Storage
>>> store = ChatStore(Storage("sqlite://").engine)
>>> first = store.add("t1", 0, "Alice", "Bonjour !", 0, 1700000000.0)
>>> _ = store.add("t1", 1, "Bruno", "Salut", 2, 1700000005.0)
>>> store.mute("t1", 0, 1)
>>> [m.text for m in store.messages("t1", hidden=store.muted_by("t1", 0))]
['Bonjour !']
>>> store.remove("t1", first.id), store.remove("t1", first.id)
(True, False)
>>> [m.text for m in store.messages("t1")]
['Salut']
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Engine, and_, delete, func, select, update

from ludotheque.core.json_types import JsonObject

from .schema import chat_messages_table, chat_mutes_table, tables_table

__all__ = ["ChatMessage", "ChatStore"]

_messages = chat_messages_table.c
_mutes = chat_mutes_table.c


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """One message written at a table."""

    id: int
    table_id: str
    seat: int
    name: str  # the writer's name when they wrote it
    text: str
    ply: int  # actions played when it was written
    at: float  # time.time() when it was written

    def to_json(self) -> JsonObject:
        """As clients read it: ``heure`` is ISO 8601 in UTC (« 2025-03-01T20:14:05Z »)."""
        when = datetime.fromtimestamp(self.at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        return {
            "id": self.id,
            "place": self.seat,
            "nom": self.name,
            "texte": self.text,
            "coups": self.ply,
            "heure": when,
        }


class ChatStore:
    """The chat's queries on the server's database; each call is one short transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(
        self, table_id: str, seat: int, name: str, text: str, ply: int, at: float
    ) -> ChatMessage:
        """Store a message; the message with its new id."""
        with self.engine.begin() as db:
            result = db.execute(
                chat_messages_table.insert().values(
                    table_id=table_id, seat=seat, name=name, text=text, ply=ply, at=at
                )
            )
            key = result.inserted_primary_key
            assert key is not None
            return ChatMessage(int(key[0]), table_id, seat, name, text, ply, at)

    def messages(
        self, table_id: str, *, hidden: Collection[int] = (), last: int | None = None
    ) -> list[ChatMessage]:
        """The table's messages not removed, oldest first, without those of the seats
        ``hidden``; ``last``: only the newest so many."""
        query = select(chat_messages_table).where(
            _messages.table_id == table_id, _messages.removed.is_(False)
        )
        if hidden:
            query = query.where(_messages.seat.not_in(list(hidden)))
        query = query.order_by(_messages.id.desc())
        if last is not None:
            query = query.limit(last)
        with self.engine.connect() as db:
            rows = db.execute(query).mappings().all()
        return [
            ChatMessage(r["id"], r["table_id"], r["seat"], r["name"], r["text"], r["ply"], r["at"])
            for r in reversed(rows)
        ]

    def count(self, table_id: str) -> int:
        """How many messages the table has, removed ones included."""
        with self.engine.connect() as db:
            query = select(func.count()).where(_messages.table_id == table_id)
            return int(db.execute(query).scalar_one())

    def exists(self, table_id: str, message_id: int) -> bool:
        """A message of this table, removed or not."""
        with self.engine.connect() as db:
            query = select(_messages.id).where(
                _messages.table_id == table_id, _messages.id == message_id
            )
            return db.execute(query).first() is not None

    def remove(self, table_id: str, message_id: int) -> bool:
        """Mark a message of the table removed; False when there was none to remove (unknown,
        of another table, or removed already)."""
        with self.engine.begin() as db:
            result = db.execute(
                update(chat_messages_table)
                .where(
                    _messages.table_id == table_id,
                    _messages.id == message_id,
                    _messages.removed.is_(False),
                )
                .values(removed=True)
            )
            return result.rowcount == 1

    def muted_by(self, table_id: str, seat: int) -> set[int]:
        """The seats whose messages ``seat`` no longer reads."""
        with self.engine.connect() as db:
            query = select(_mutes.muted).where(_mutes.table_id == table_id, _mutes.seat == seat)
            return {row[0] for row in db.execute(query)}

    def mutes(self, table_id: str) -> dict[int, set[int]]:
        """Each seat of the table that muted someone, and whom."""
        found: dict[int, set[int]] = {}
        with self.engine.connect() as db:
            query = select(_mutes.seat, _mutes.muted).where(_mutes.table_id == table_id)
            for seat, muted in db.execute(query):
                found.setdefault(seat, set()).add(muted)
        return found

    def mute(self, table_id: str, seat: int, muted: int) -> None:
        """``seat`` no longer reads ``muted`` (again: no change)."""
        row = and_(_mutes.table_id == table_id, _mutes.seat == seat, _mutes.muted == muted)
        with self.engine.begin() as db:
            if db.execute(select(_mutes.seat).where(row)).first() is None:
                db.execute(
                    chat_mutes_table.insert().values(table_id=table_id, seat=seat, muted=muted)
                )

    def unmute(self, table_id: str, seat: int, muted: int) -> None:
        """``seat`` reads ``muted`` again."""
        with self.engine.begin() as db:
            db.execute(
                delete(chat_mutes_table).where(
                    _mutes.table_id == table_id, _mutes.seat == seat, _mutes.muted == muted
                )
            )

    def set_spectators(self, table_id: str, allowed: bool) -> None:
        """Whether the table's spectators read its chat."""
        with self.engine.begin() as db:
            db.execute(
                update(tables_table)
                .where(tables_table.c.id == table_id)
                .values(chat_spectators=allowed)
            )
