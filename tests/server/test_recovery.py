"""Crash recovery, for real: ``kill -9`` a ``ludotheque serve`` process mid-game, restart it.

The issue's requirement: « Kill -9 the server in the middle of a game, restart it, finish the
game: the final record equals the one an uninterrupted server produces from the same seed and
actions. » Each test starts the server as a subprocess on the test's database (SQLite and
PostgreSQL, see ``database_url``), drives every seat over real WebSockets with a deterministic
policy, kills the process with SIGKILL, starts a new one on the same database, and finishes the
game. The expected record is computed in this process by playing the same policy, in the same
order, on a pure :class:`~ludotheque.core.match.Match` with the table's seed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from websockets.asyncio.client import ClientConnection, connect

from ludotheque.core.match import Match
from ludotheque.core.record import GameRecord
from ludotheque.games import default_registry
from ludotheque.games.gutenberg.bots_greedy import own_hand
from ludotheque.games.gutenberg.wordfinder import best_words
from ludotheque.server.robots import decide
from ludotheque.server.runner import MAX_LISTED_ACTIONS
from ludotheque.server.storage import SeatRow, Storage, TableRow

# Seconds to wait for one message or for a server to answer (a failure, not a pace): a
# process starting while both cores are busy elsewhere may take 25 s (tests/cluster).
TIMEOUT = 60.0
OPTIONS = {"mode": "classique"}
# A 3-player game: per round 12 picks, 3 words, 3 claims. After 28 accepted actions seat 0
# has picked in round 2 and the others have not; after 31, seat 0 has written in round 2.
KILL_POINTS = (28, 31)
STATE_KEYS = ("coups_joues", "vue", "a_jouer", "coups", "prochain_seq")


# --- the policy, the same for the server's clients and the in-process reference ----------------


def policy(view: dict[str, Any], coups: list[Any] | None) -> dict[str, Any]:
    """A deterministic player: first legal card, best word, first claim."""
    phase = view["phase"]
    if phase == "draft":
        assert coups, view
        return dict(coups[0])
    if phase == "write":
        plays = best_words(own_hand(view), top=1)
        if not plays:
            return {"type": "ecrire", "mots": []}
        word = {"mot": plays[0].word, "cartes": [card.id for card in plays[0].cards]}
        return {"type": "ecrire", "mots": [word]}
    if phase == "claim":
        if coups:
            return dict(coups[0])
        cards = [card["id"] for card in view["lettres_en_jeu"][: view["mon_quota"]]]
        return {"type": "reclamer", "cartes": cards, "defi": None}
    raise AssertionError(f"no decision in phase {phase!r}")


def reference(
    seed: int,
    players: int,
    bots: frozenset[int] = frozenset(),
    first: int | None = None,
) -> Match:
    """The game an uninterrupted server plays with these clients (same seed, same order).

    Order: the lowest seat to move plays; a bot seat (greedy, as the server's bot decides)
    before any person; ``first``: the seat that plays the very first action.
    """
    game = default_registry().get("gutenberg")
    match = Match.start(game, players, seed, OPTIONS)
    while not match.state.is_over:
        state = match.state
        moving = sorted(state.to_move())
        bots_moving = [seat for seat in moving if seat in bots]
        if first is not None and not match.record.moves:
            seat = first
        elif bots_moving:
            seat = bots_moving[0]
        else:
            seat = moving[0]
        if seat in bots:
            action, _pace = decide("reference", match.record.dumps(), seat, "greedy")
        else:
            legal = state.legal_actions(seat)
            coups = (
                [game.encode_action(a) for a in legal] if len(legal) <= MAX_LISTED_ACTIONS else None
            )
            action = policy(state.view(seat), coups)
        match.submit(seat, action)
    return match


def stored_record(database_url: str, table_id: str) -> GameRecord:
    """The table's record as a restarted server would rebuild it from storage."""
    storage = Storage(database_url)
    try:
        record = storage.load_record(table_id)
    finally:
        storage.close()
    assert record is not None, f"table {table_id} is not in storage"
    return record


# --- server processes ------------------------------------------------------------------------


def http(method: str, url: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    """One JSON request (the standard library: no HTTP client to install); status and body."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class ServerProcess:
    """One ``ludotheque serve`` subprocess."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, table_id: str, token: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table_id}?jeton={quote(token)}"

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")[-3000:]

    def kill(self) -> None:
        """``kill -9``: no shutdown, no clean-up, nothing flushed."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(TIMEOUT)

    def wait_until_ready(self) -> bool:
        """True once it answers HTTP; False if it died (a port taken meanwhile)."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            with contextlib.suppress(OSError):  # refused, reset: not listening yet
                if http("GET", f"{self.http}/api/tables")[0] == 200:
                    return True
            time.sleep(0.05)
        raise AssertionError(f"the server did not answer in {TIMEOUT} s:\n{self.output()}")


@pytest.fixture
def launch(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """Start ``ludotheque serve`` on a database (bots in a thread); every process is killed."""
    started: list[ServerProcess] = []

    def start(database_url: str, bot_delay: float = 0.0) -> ServerProcess:
        for attempt in range(3):
            port = free_port()
            log = tmp_path / f"serve-{len(started)}-{attempt}.log"
            command = [
                sys.executable, "-m", "ludotheque", "serve",
                "--host", "127.0.0.1", "--port", str(port), "--database", database_url,
                "--bot-workers", "0", "--bot-delay", str(bot_delay), "--bot-budget", "120",
                "--message-rate", "100000/second",
            ]  # fmt: skip
            with log.open("wb") as output:
                process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
            server = ServerProcess(process, port, log)
            started.append(server)
            if server.wait_until_ready():
                return server
        raise AssertionError(f"the server did not start:\n{server.output()}")

    yield start
    for server in started:
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait(TIMEOUT)


def new_table(server: ServerProcess, places: list[dict[str, Any]]) -> tuple[str, list[str]]:
    """Create a Gutenberg table over HTTP, seat people on its free human seats, start it."""
    body = {"jeu": "gutenberg", "joueurs": len(places), "options": OPTIONS, "places": places}
    status, created = http("POST", f"{server.http}/api/tables", {**body, "nom": "Alice"})
    assert status == 201, created
    table_id, tokens = created["table"], {0: created["jeton"]}
    humans = [n for n, place in enumerate(places) if place["type"] == "humain"]
    for name in ("Bob", "Zoé", "Dana", "Ève", "Fred")[: len(humans) - 1]:
        status, joined = http("POST", f"{server.http}/api/tables/{table_id}/join", {"nom": name})
        assert status == 200, joined
        tokens[joined["place"]] = joined["jeton"]
    status, table = http("POST", f"{server.http}/api/tables/{table_id}/start", {"jeton": tokens[0]})
    assert status == 200, table
    assert table["statut"] == "en_cours"
    return table_id, [tokens[n] for n in humans]


# --- clients -----------------------------------------------------------------------------------


@dataclass
class Client:
    """One seat's WebSocket and the last ``etat`` it received."""

    place: int
    socket: ClientConnection
    etat: dict[str, Any] | None = None
    sent: dict[str, Any] | None = None

    @classmethod
    async def open(cls, server: ServerProcess, table_id: str, token: str, place: int) -> Client:
        return cls(place, await connect(server.ws(table_id, token), open_timeout=TIMEOUT))

    async def next_message(self) -> dict[str, Any]:
        try:
            text = await asyncio.wait_for(self.socket.recv(), TIMEOUT)
        except TimeoutError:
            last = None if self.etat is None else self.etat["coups_joues"]
            raise AssertionError(
                f"place {self.place}: no message in {TIMEOUT} s (last state: {last} actions)"
            ) from None
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "etat":
            assert message["place"] == self.place
            self.etat = message
        return message

    async def next_state(self) -> dict[str, Any]:
        while (message := await self.next_message())["type"] != "etat":
            assert message["type"] != "erreur", f"place {self.place}: {message}"
        return message

    async def until(self, ply: int) -> dict[str, Any]:
        """The state once ``ply`` actions are accepted (an error message fails the test)."""
        while self.etat is None or self.etat["coups_joues"] < ply:
            message = await self.next_message()
            assert message["type"] != "erreur", f"place {self.place}: {message}"
        return self.etat

    async def error(self) -> dict[str, Any]:
        while (message := await self.next_message())["type"] != "erreur":
            pass
        return message

    async def send(self, action: dict[str, Any], seq: int | None = None) -> None:
        assert self.etat is not None
        seq = self.etat["prochain_seq"] if seq is None else seq
        self.sent = {"type": "coup", "seq": seq, "coup": action}
        await self.socket.send(json.dumps(self.sent, ensure_ascii=False))

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.socket.close()


async def play_people(clients: list[Client], ply: int, stop: int | None = None) -> int:
    """Play in turn (lowest seat to move first) until ``stop`` actions or the end."""
    while True:
        for client in clients:
            await client.until(ply)
        states = [client.etat for client in clients]
        assert all(s is not None and s["coups_joues"] == ply for s in states)
        if ply == stop:
            return ply
        moving = [client for client in clients if client.etat and client.etat["a_jouer"]]
        if not moving:
            return ply
        mover = moving[0]
        assert mover.etat is not None
        await mover.send(policy(mover.etat["vue"], mover.etat["coups"]))
        ply += 1


def game_state(etat: dict[str, Any] | None) -> dict[str, Any]:
    assert etat is not None
    return {key: etat[key] for key in STATE_KEYS}


# --- the tests ---------------------------------------------------------------------------------


def test_kill_9_mid_game_then_restart_gives_the_uninterrupted_record(
    database_url: str, launch: Callable[..., ServerProcess]
) -> None:
    server = launch(database_url)
    table_id, tokens = new_table(server, [{"type": "humain"}] * 3)

    async def scenario() -> list[dict[str, Any]]:
        nonlocal server
        clients = [await Client.open(server, table_id, t, n) for n, t in enumerate(tokens)]
        ply = 0
        try:
            for kill_at, phase, flag in zip(
                KILL_POINTS, ("draft", "write"), ("a_choisi", "a_ecrit"), strict=True
            ):
                ply = await play_people(clients, ply, stop=kill_at)
                # Mid-round, with secret choices pending: seat 0 has acted, 1 and 2 have not.
                view = clients[0].etat["vue"]  # type: ignore[index]
                assert (view["phase"], view[flag]) == (phase, [True, False, False])
                before_kill = [game_state(client.etat) for client in clients]
                last_sent = clients[0].sent
                server.kill()
                for client in clients:
                    await client.close()

                server = launch(database_url)
                clients = [await Client.open(server, table_id, t, n) for n, t in enumerate(tokens)]
                for client, before in zip(clients, before_kill, strict=True):
                    etat = await client.next_state()  # the one sent on connection
                    assert game_state(etat) == before
                    assert etat["table"]["statut"] == "en_cours"
                # A client that sends its last message again after reconnecting is refused.
                assert last_sent is not None
                await clients[0].send(last_sent["coup"], seq=last_sent["seq"])
                assert (await clients[0].error())["code"] == "seq_invalide"
            await play_people(clients, ply)
            return [game_state(client.etat) for client in clients]
        finally:
            for client in clients:
                await client.close()

    final = asyncio.run(scenario())

    record = stored_record(database_url, table_id)
    expected = reference(record.seed, 3)
    assert record == expected.record
    outcome = expected.state.outcome()
    assert outcome is not None
    assert [etat["vue"]["resultat"] for etat in final] == [outcome.to_json()] * 3
    game = default_registry().get("gutenberg")
    assert record.replay(game).outcome() == outcome
    status, shown = http("GET", f"{server.http}/api/tables/{table_id}")
    assert status == 200, shown
    assert shown["statut"] == "terminee"
    assert (shown["coups"], shown["resultat"]) == (len(record.moves), outcome.to_json())


def test_a_bot_to_move_when_the_server_is_killed_plays_after_the_restart(
    database_url: str, launch: Callable[..., ServerProcess]
) -> None:
    # The first server's bot waits a minute before each move: it is killed while « thinking ».
    server = launch(database_url, bot_delay=60.0)
    places = [{"type": "humain"}, {"type": "robot", "niveau": "greedy"}]
    table_id, (token,) = new_table(server, places)

    async def first_move() -> None:
        client = await Client.open(server, table_id, token, 0)
        try:
            etat = await client.until(0)
            assert etat["a_jouer"] and etat["vue"]["en_attente"] == [0, 1]
            await client.send(policy(etat["vue"], etat["coups"]))
            etat = await client.until(1)
            assert etat["vue"]["en_attente"] == [1]  # the bot is to move
        finally:
            await client.close()

    asyncio.run(first_move())
    server.kill()
    assert len(stored_record(database_url, table_id).moves) == 1

    server = launch(database_url)  # no delay now

    async def finish() -> dict[str, Any]:
        client = await Client.open(server, table_id, token, 0)
        try:
            etat = await client.until(2)  # the bot played without anybody acting
            ply = 2
            while etat["table"]["statut"] != "terminee":
                if 1 in etat["vue"]["en_attente"]:
                    ply += 1  # let the bot play first: the same order as the reference
                else:
                    assert etat["a_jouer"]
                    await client.send(policy(etat["vue"], etat["coups"]))
                    ply += 1
                etat = await client.until(ply)
            return etat
        finally:
            await client.close()

    final = asyncio.run(finish())
    record = stored_record(database_url, table_id)
    assert [move.seat for move in record.moves[:2]] == [0, 1]
    expected = reference(record.seed, 2, bots=frozenset({1}), first=0)
    assert record == expected.record
    outcome = expected.state.outcome()
    assert outcome is not None
    assert final["vue"]["resultat"] == outcome.to_json()


def test_a_game_ended_by_the_last_stored_move_is_over_after_a_restart(
    database_url: str, make_client: Callable[..., Any]
) -> None:
    expected = reference(7, 2)
    outcome = expected.state.outcome()
    assert outcome is not None
    # The rows a server leaves when killed right after storing the game's last move.
    storage = Storage(database_url)
    try:
        row = TableRow("fin", "gutenberg", 2, 7, expected.record.options, 0, "en_cours", 0)
        storage.create_table(row, [SeatRow(0, "humain", None, "Alice"), SeatRow(1, "humain")])
        for ply, move in enumerate(expected.record.moves, start=1):
            storage.add_move("fin", ply, move.seat, move.action)
    finally:
        storage.close()
    table = make_client().get("/api/tables/fin").json()
    assert table["resultat"] == outcome.to_json()
    assert table["statut"] == "terminee"  # fails: « en_cours », no rematch, no replay
