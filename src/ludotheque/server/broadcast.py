"""The fan-out to sockets: each open WebSocket of a table gets the message built for its seat.

:class:`Broadcaster` is what the rest of the server sees; :class:`LocalBroadcaster` keeps the
connections of this process (another implementation, over Redis, will let several server
processes share tables). A message is built once per seat, and only when a connection of that
seat is open.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson

from ludotheque.core.json_types import JsonObject

__all__ = ["Broadcaster", "Connection", "LocalBroadcaster", "seat_key"]


@dataclass(eq=False)
class Connection:
    """One open WebSocket: its seat (None: spectator) and its queue of outgoing texts."""

    table_id: str
    seat: int | None
    send: Callable[[str], Any]  # coroutine function sending one text
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)

    async def pump(self) -> None:
        """Send queued messages in order until a None arrives."""
        while True:
            text = await self.queue.get()
            if text is None:
                return
            await self.send(text)

    def put(self, message: JsonObject) -> None:
        self.queue.put_nowait(orjson.dumps(message).decode())


def seat_key(seat: int | None) -> str:
    """A seat as a key of relayed messages (JSON keys are text).

    >>> seat_key(None), seat_key(2)
    ('spectateur', '2')
    """
    return "spectateur" if seat is None else str(seat)


class Broadcaster(Protocol):
    """Where the server sends what each connection of a table must read."""

    def attach(self, connection: Connection) -> None:
        """Send this connection its table's messages from now on."""

    def detach(self, connection: Connection) -> None:
        """Stop sending to this connection."""

    def publish(
        self, table_id: str, message_for: Callable[[int | None], JsonObject | None]
    ) -> None:
        """Send each connection of the table ``message_for(its seat)``; None: nothing for that
        seat (the chat's readers, ``server/chat_socket.py``)."""

    def relay(
        self,
        table_id: str,
        message_for: Callable[[int | None], JsonObject | None],
        players: int,
    ) -> None:
        """:meth:`publish`, and the same messages to the connections of the other server
        processes (the chat, a rematch: what is not read again from storage)."""

    def demote(self, table_id: str, seat: int, message: JsonObject) -> int:
        """Send each connection of a seat ``message``, then make it a spectator's (its token
        was withdrawn); how many there were."""

    def close(self) -> None:
        """End every connection's queue (the server stops)."""


class LocalBroadcaster:
    """The connections of this process, by table."""

    def __init__(self) -> None:
        self.connections: dict[str, set[Connection]] = {}
        # Several server processes: where relayed messages go out, by table, one per seat
        # (key: the seat's number as text, « spectateur »; ``server/shared_tables.py``).
        self.outward: Callable[[str, dict[str, JsonObject | None]], None] | None = None

    def attach(self, connection: Connection) -> None:
        self.connections.setdefault(connection.table_id, set()).add(connection)

    def detach(self, connection: Connection) -> None:
        self.connections.get(connection.table_id, set()).discard(connection)

    def publish(
        self, table_id: str, message_for: Callable[[int | None], JsonObject | None]
    ) -> None:
        texts: dict[int | None, str | None] = {}
        for connection in self.connections.get(table_id, ()):
            seat = connection.seat
            if seat not in texts:
                message = message_for(seat)
                texts[seat] = None if message is None else orjson.dumps(message).decode()
            text = texts[seat]
            if text is not None:
                connection.queue.put_nowait(text)

    def relay(
        self,
        table_id: str,
        message_for: Callable[[int | None], JsonObject | None],
        players: int,
    ) -> None:
        if self.outward is None:
            self.publish(table_id, message_for)
            return
        messages = {seat_key(seat): message_for(seat) for seat in [None, *range(players)]}
        self.publish(table_id, lambda seat: messages.get(seat_key(seat)))
        self.outward(table_id, messages)

    def everyone(self, message: JsonObject) -> None:
        """Send ``message`` to every connection of this process."""
        text = orjson.dumps(message).decode()
        for connections in self.connections.values():
            for connection in connections:
                connection.queue.put_nowait(text)

    def demote(self, table_id: str, seat: int, message: JsonObject) -> int:
        demoted = 0
        for connection in self.connections.get(table_id, ()):
            if connection.seat == seat:
                connection.put(message)
                connection.seat = None
                demoted += 1
        return demoted

    def close(self) -> None:
        for connections in self.connections.values():
            for connection in connections:
                connection.queue.put_nowait(None)
