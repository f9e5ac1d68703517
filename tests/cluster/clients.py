"""The clients of the several-servers tests: REST through ``httpx2``, table sockets through
``websockets``, as the browser uses them (``docs/server.md``, « Realtime »).

A :class:`Socket` reads its messages in a background task and keeps them all, each with the
moment it arrived, so a test waits for the message it expects (:meth:`Socket.wait`) with a
timeout instead of sleeping, and measures how long a move took to reach it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx2
from websockets.asyncio.client import ClientConnection, connect

from .servers import ServeProcess

WAIT = 10.0  # seconds a test waits for an expected message at most (a failure, not a pace)


@dataclass(frozen=True)
class Received:
    at: float  # time.monotonic() when it arrived
    message: dict[str, Any]


class Socket:
    """One table socket on one process: a seat's (with its token) or a spectator's."""

    def __init__(self, label: str, connection: ClientConnection) -> None:
        self.label = label
        self.connection = connection
        self.messages: list[Received] = []
        self.closed = False
        self._arrived = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def open(
        cls, server: ServeProcess, table_id: str, token: str | None = None, label: str = ""
    ) -> Socket:
        """Open it and wait for its first ``etat`` (sent on connection)."""
        connection = await connect(server.ws(table_id, token), open_timeout=WAIT)
        who = "spectateur" if token is None else "place"
        socket = cls(label or f"{who}@{server.name}", connection)
        await socket.wait(lambda m: m["type"] == "etat", what="the first etat")
        return socket

    async def _read(self) -> None:
        try:
            async for text in self.connection:
                self.messages.append(Received(time.monotonic(), json.loads(text)))
                self._arrived.set()
        except Exception:  # a closed or killed connection ends the reading
            pass
        finally:
            self.closed = True
            self._arrived.set()

    def mark(self) -> int:
        """Where the messages received so far end: :meth:`wait` from here on."""
        return len(self.messages)

    async def wait(
        self,
        predicate: Callable[[dict[str, Any]], bool],
        timeout: float = WAIT,
        start: int = 0,
        what: str = "",
    ) -> Received:
        """The first message from index ``start`` that satisfies ``predicate``."""
        deadline = time.monotonic() + timeout
        index = start
        while True:
            while index < len(self.messages):
                received = self.messages[index]
                index += 1
                if predicate(received.message):
                    return received
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self.closed:
                last = [r.message for r in self.messages[-3:]]
                state = "closed" if self.closed else f"nothing in {timeout} s"
                raise AssertionError(f"{self.label}: {state} while waiting for {what}; last {last}")
            self._arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._arrived.wait(), remaining)

    async def wait_ply(self, ply: int, timeout: float = WAIT, start: int = 0) -> Received:
        """The first ``etat`` showing at least ``ply`` actions played."""
        return await self.wait(
            lambda m: m["type"] == "etat" and m["coups_joues"] >= ply,
            timeout,
            start,
            what=f"an etat with {ply} actions played",
        )

    async def wait_turn(self, ply: int, timeout: float = WAIT) -> dict[str, Any]:
        """The ``etat`` where this seat must act with ``ply`` actions played (not later)."""
        received = await self.wait(
            lambda m: (
                m["type"] == "etat"
                and (m["coups_joues"] > ply or (m["coups_joues"] == ply and m["a_jouer"]))
            ),
            timeout,
            what=f"its turn after {ply} actions",
        )
        etat = received.message
        assert etat["coups_joues"] == ply and etat["a_jouer"], (self.label, ply, etat)
        return etat

    @property
    def etat(self) -> dict[str, Any]:
        """The last ``etat`` received."""
        for received in reversed(self.messages):
            if received.message["type"] == "etat":
                return received.message
        raise AssertionError(f"{self.label}: no etat yet")

    def errors(self, start: int = 0) -> list[dict[str, Any]]:
        return [r.message for r in self.messages[start:] if r.message["type"] == "erreur"]

    async def send(self, message: dict[str, Any]) -> None:
        await self.connection.send(json.dumps(message, ensure_ascii=False))

    async def play(self, action: dict[str, Any], seq: int | None = None) -> None:
        """A ``coup`` with the last ``prochain_seq`` received (or ``seq``)."""
        number = self.etat["prochain_seq"] if seq is None else seq
        await self.send({"type": "coup", "seq": number, "coup": action})

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.connection.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._reader


class Api:
    """REST calls to any process of the cluster (JSON in, status and JSON out)."""

    def __init__(self) -> None:
        self.client = httpx2.AsyncClient(timeout=WAIT)

    async def call(
        self, method: str, server: ServeProcess, path: str, body: dict[str, Any] | None = None
    ) -> tuple[int, Any]:
        response = await self.client.request(method, server.http + path, json=body)
        return response.status_code, response.json()

    async def get(self, server: ServeProcess, path: str) -> Any:
        """A GET that must answer 200."""
        status, answer = await self.call("GET", server, path)
        assert status == 200, (server.name, path, status, answer)
        return answer

    async def post(self, server: ServeProcess, path: str, body: dict[str, Any]) -> Any:
        """A POST that must succeed (200 or 201)."""
        status, answer = await self.call("POST", server, path, body)
        assert status in (200, 201), (server.name, path, status, answer)
        return answer

    async def close(self) -> None:
        await self.client.aclose()
