"""The server in parts (docs/server.md, « Les parties du serveur »): each part imports only the
parts below it, and the fan-out builds each seat's message once."""

from __future__ import annotations

import ast
import asyncio
from importlib.resources import files

from ludotheque.core.json_types import JsonObject
from ludotheque.server.broadcast import Broadcaster, Connection, LocalBroadcaster

# Each part → the server modules it may import (app.py, the routes, wires them all).
ALLOWED = {
    "schema": set(),
    "storage": {"schema", "migrations"},
    "fairness": set(),
    "robots": {"fairness"},
    "broadcast": set(),
    "replays": set(),
    "slow": {"schema", "storage"},
    "tables": {"storage", "robots", "slow"},
    "inputs": {"tables"},
    "offload": set(),
    "shared_counts": set(),
    "throttle": {"shared_counts", "tables"},
    "lobby": {"offload", "robots", "storage", "tables", "slow"},
    "cluster": set(),
    "runner": {"broadcast", "cluster", "inputs", "robots", "tables", "slow"},
    "scheduler": {"cluster", "robots", "tables"},
    "shared_tables": {"broadcast", "cluster", "lobby", "runner", "scheduler", "tables"},
    "analyses": {"schema", "storage", "tables"},
    "accounts": {"schema", "tables"},
    "sessions": {"accounts", "schema"},
    "account_routes": {"accounts", "inputs", "offload", "sessions", "tables", "throttle"},
    "rating_math": set(),
    "ratings": {"accounts", "rating_math", "schema", "storage"},
    "history": {"ratings", "robots", "schema", "storage", "tables"},
    "ratings_api": {"history", "lobby", "offload", "ratings", "robots", "tables"},
    "chat": {"schema"},
    "chat_socket": {"broadcast", "chat", "tables", "throttle"},
    "bot_queue": {"robots"},
    "bot_worker": {"bot_queue", "robots"},
}


def server_imports(module: str) -> set[str]:
    source = (files("ludotheque.server") / f"{module}.py").read_text(encoding="utf-8")
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif (node.module or "").startswith("ludotheque.server."):
                found.add((node.module or "").split(".")[2])
    return found


def test_each_part_imports_only_the_parts_below_it() -> None:
    for module, allowed in ALLOWED.items():
        assert server_imports(module) <= allowed, module


def test_the_local_broadcaster_builds_one_message_per_seat_for_the_table_only() -> None:
    async def run() -> dict[str, list[str]]:
        sent: dict[str, list[str]] = {}
        broadcaster: Broadcaster = LocalBroadcaster()

        def connection(name: str, table: str, seat: int | None) -> Connection:
            async def send(text: str) -> None:
                sent.setdefault(name, []).append(text)

            return Connection(table, seat, send)

        connections = {
            "a": connection("a", "t1", 0),
            "a2": connection("a2", "t1", 0),
            "b": connection("b", "t1", 1),
            "spectator": connection("spectator", "t1", None),
            "other": connection("other", "t2", 0),
            "gone": connection("gone", "t1", 1),
        }
        for each in connections.values():
            broadcaster.attach(each)
        broadcaster.detach(connections["gone"])
        built: list[int | None] = []

        def message_for(seat: int | None) -> JsonObject:
            built.append(seat)
            return {"type": "etat", "place": seat}

        broadcaster.publish("t1", message_for)
        broadcaster.close()
        del connections["gone"]  # detached: told nothing, not even to stop
        await asyncio.gather(*(each.pump() for each in connections.values()))
        assert sorted(built, key=str) == sorted([0, 1, None], key=str)
        return sent

    sent = asyncio.run(run())
    assert sent == {
        "a": ['{"type":"etat","place":0}'],
        "a2": ['{"type":"etat","place":0}'],
        "b": ['{"type":"etat","place":1}'],
        "spectator": ['{"type":"etat","place":null}'],
    }
