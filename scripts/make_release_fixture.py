#!/usr/bin/env python3
"""Write databases as the release before the players' home (commit 1cbbd5c) wrote them.

The migration test (``tests/server/test_migrations.py``) upgrades them and checks that every
game is still there. This script must run with THAT release's code, not the current one::

    mkdir -p /tmp/ludotheque-1cbbd5c
    git archive 1cbbd5c src | tar -x -C /tmp/ludotheque-1cbbd5c
    PYTHONPATH=/tmp/ludotheque-1cbbd5c/src .venv/bin/python scripts/make_release_fixture.py

It plays, through that release's own web application (Starlette's test client, bots in a
thread), three Gutenberg tables: one waiting for a player, one in progress (two people and a
bot; Alice must choose a card), one finished (a person against a bot, played to the end). The
release's ``Storage`` then writes the same rows into a PostgreSQL database (a server started
for the occasion by ``tests/conftest.py``'s machinery). Out (``--out``, default
``tests/server/data``):

- ``release-1cbbd5c.sqlite.sql``: the SQLite database as ``sqlite3``'s ``.dump`` writes it;
- ``release-1cbbd5c.postgresql.sql``: ``pg_dump --inserts --no-owner --no-privileges``;
- ``release-1cbbd5c.json``: each table's id, its seats' tokens (the release stores only their
  SHA-256), the number of moves and what the test expects.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
NAME = "release-1cbbd5c"


def old_release_or_exit() -> None:
    """Refuse to run with the current code: the point is the old release's writing."""
    if importlib.util.find_spec("ludotheque.server.schema") is not None:
        sys.exit(
            "This is the current release (server/schema.py exists): run this script with "
            "PYTHONPATH pointing at a checkout of commit 1cbbd5c (see its docstring)."
        )


def etat(ws: Any) -> dict[str, Any]:
    """The next ``etat`` message of a socket."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        assert message["type"] != "erreur", message
        if message["type"] == "etat":
            return message


def first_action(message: dict[str, Any]) -> dict[str, Any]:
    """A legal action from what the seat is sent: the first listed one, else the best word or
    the first claim (as the recovery test's policy)."""
    from ludotheque.games.gutenberg.cards import Card
    from ludotheque.games.gutenberg.wordfinder import best_words

    view = message["vue"]
    if view["phase"] == "write":
        own = view["ma_collection"] if view["tour"] == view["tours"] else view["mes_draftees"]
        cards = [Card(c["id"], c["lettres"], c["points"], c["type"]) for c in own]
        cards += [Card(c["id"], c["lettres"], c["points"], c["type"]) for c in view["communes"]]
        found = best_words(cards)
        return {"type": "ecrire", "mots": [{"mot": found[0].word}] if found else []}
    if message["coups"]:
        return dict(message["coups"][0])
    pool = [card["id"] for card in view["lettres_en_jeu"]]
    return {"type": "reclamer", "cartes": pool[: view["mon_quota"]], "defi": None}


def play(client: Any) -> dict[str, Any]:
    """The three tables, played through the release's HTTP API and WebSocket."""
    tables: dict[str, Any] = {}

    # Waiting: Alice's table of three, a free seat for a person, a bot.
    body = {
        "jeu": "gutenberg",
        "joueurs": 3,
        "nom": "Alice",
        "absence": 120,
        "places": [{"type": "humain"}, {"type": "humain"}, {"type": "robot", "niveau": "greedy"}],
    }
    created = client.post("/api/tables", json=body).json()
    tables["attente"] = {"table": created["table"], "jetons": {"0": created["jeton"]}}

    # In progress: Alice and Bruno against a bot; each has picked once, Alice must pick again.
    body = {
        "jeu": "gutenberg",
        "joueurs": 3,
        "nom": "Alice",
        "places": [{"type": "humain"}, {"type": "humain"}, {"type": "robot", "niveau": "random"}],
    }
    created = client.post("/api/tables", json=body).json()
    table = created["table"]
    bruno = client.post(f"/api/tables/{table}/join", json={"nom": "Bruno"}).json()
    started = client.post(f"/api/tables/{table}/start", json={"jeton": created["jeton"]})
    assert started.status_code == 200, started.text
    jetons = {"0": created["jeton"], str(bruno["place"]): bruno["jeton"]}
    with (
        client.websocket_connect(f"/ws/{table}?jeton={jetons['0']}") as alice_ws,
        client.websocket_connect(f"/ws/{table}?jeton={jetons['1']}") as bruno_ws,
    ):
        for ws in (alice_ws, bruno_ws):
            message = etat(ws)
            while not message["a_jouer"]:
                message = etat(ws)
            ws.send_json(
                {"type": "coup", "seq": message["prochain_seq"], "coup": first_action(message)}
            )
        message = etat(alice_ws)
        while not (message["a_jouer"] and message["coups_joues"] >= 3):
            message = etat(alice_ws)
    tables["en_cours"] = {"table": table, "jetons": jetons}

    # Finished: Alice against a bot, to the end.
    body = {
        "jeu": "gutenberg",
        "joueurs": 2,
        "nom": "Alice",
        "places": [{"type": "humain"}, {"type": "robot", "niveau": "random"}],
    }
    created = client.post("/api/tables", json=body).json()
    table = created["table"]
    client.post(f"/api/tables/{table}/start", json={"jeton": created["jeton"]})
    sent: set[int] = set()
    with client.websocket_connect(f"/ws/{table}?jeton={created['jeton']}") as ws:
        while True:
            message = etat(ws)
            if message["table"]["statut"] == "terminee":
                break
            if message["a_jouer"] and message["prochain_seq"] not in sent:
                sent.add(message["prochain_seq"])
                coup = first_action(message)
                ws.send_json({"type": "coup", "seq": message["prochain_seq"], "coup": coup})
    tables["terminee"] = {
        "table": table,
        "jetons": {"0": created["jeton"]},
        "resultat": message["vue"]["resultat"],
    }
    return tables


def write_sqlite(path: Path) -> dict[str, Any]:
    from starlette.testclient import TestClient

    from ludotheque.server.app import create_app
    from ludotheque.server.throttle import Limits

    relaxed = Limits(
        table_creations="1000/second", socket_messages="1000/second", sockets_per_client=1000
    )
    app = create_app(
        f"sqlite:///{path}", bot_workers=0, bot_delay=0.0, bot_pace=0.0, limits=relaxed
    )
    with TestClient(app) as client:
        return play(client)


def copy_to(source: str, target: str) -> None:
    """Every row of ``source`` into ``target``, through the release's own ``Storage``."""
    from ludotheque.server.storage import Storage

    old, new = Storage(source), Storage(target)
    try:
        for row, seats, moves in old.load_tables():
            new.create_table(row, seats)
            for ply, (seat, action) in enumerate(moves, 1):
                new.add_move(row.id, ply, seat, action)
    finally:
        old.close()
        new.close()


def load_conftest() -> Any:
    spec = importlib.util.spec_from_file_location(
        "ludotheque_tests_conftest", ROOT / "tests" / "conftest.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "server" / "data")
    arguments = parser.parse_args()
    old_release_or_exit()
    out: Path = arguments.out
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "ludotheque.sqlite3"
        tables = write_sqlite(database)
        with sqlite3.connect(database) as db:
            dump = "\n".join(db.iterdump()) + "\n"
            for what in tables.values():  # the stored moves (bots may have played after us)
                query = "SELECT count(*) FROM moves WHERE table_id = ?"
                what["coups"] = db.execute(query, (what["table"],)).fetchone()[0]
        (out / f"{NAME}.sqlite.sql").write_text(dump, encoding="utf-8")

        server = load_conftest().start_postgres()
        try:
            url = server.create_database("release")
            copy_to(f"sqlite:///{database}", url)
            name = url.rsplit("/", 1)[1]
            pg_dump = server.bindir / "pg_dump"
            done = subprocess.run(
                [str(pg_dump if pg_dump.exists() else "pg_dump"), "--inserts", "--no-owner",
                 "--no-privileges", "-h", server.host, "-p", str(server.port), "-U", server.user,
                 name],
                capture_output=True, text=True, check=True,
            )  # fmt: skip
            # psql's \restrict lines (recent pg_dump) guard psql against a hostile dump; the
            # test loads this one through psycopg, and older psql versions do not know them.
            lines = [line for line in done.stdout.splitlines() if not line.startswith("\\")]
            (out / f"{NAME}.postgresql.sql").write_text("\n".join(lines) + "\n", encoding="utf-8")
        finally:
            server.stop()
            shutil.rmtree(server.base, ignore_errors=True)
    (out / f"{NAME}.json").write_text(
        json.dumps(tables, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    print(f"written in {out}: {NAME}.sqlite.sql, {NAME}.postgresql.sql, {NAME}.json")


if __name__ == "__main__":
    main()
