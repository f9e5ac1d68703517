"""Real ``ludotheque serve`` processes sharing one PostgreSQL database and one Redis.

:class:`Cluster` starts processes named A, B, C… (``python -m ludotheque serve --database …
--redis …``) on free loopback ports, bots thinking in a thread at once (``--bot-workers 0
--bot-delay 0 --bot-pace 0``), leases of 2 s (``LUDOTHEQUE_LEASE_SECONDS``), the test-only game
Enchères (``LUDOTHEQUE_TEST_GAMES=1``), the per-address limits out of the way (every client of
the tests is 127.0.0.1). A process is killed with SIGKILL (:meth:`ServeProcess.kill`) and
another started at any time (:meth:`Cluster.start`).
"""

from __future__ import annotations

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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ludotheque.core.record import GameRecord
from ludotheque.server.bot_queue import HEALTH_KEY
from ludotheque.server.storage import Storage

LEASE_SECONDS = 2  # $LUDOTHEQUE_LEASE_SECONDS of every process: a dead one's tables move fast
# Seconds for a process to answer HTTP (a failure, not a pace): processes started together
# each need about 2 s of CPU; with both cores busy elsewhere, three took 25 s and more.
START_TIMEOUT = 120.0
NO_LIMITS = [
    "--table-rate", "1000000/second", "--message-rate", "1000000/second",
    "--sockets-per-client", "1000000",
]  # fmt: skip


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on (now)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get_json(url: str, timeout: float = 5.0) -> tuple[int, Any]:
    """A GET of the standard library (used while starting, outside any event loop)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


@dataclass
class ServeProcess:
    """One ``ludotheque serve`` subprocess of the cluster."""

    name: str
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, table_id: str, token: str | None = None) -> str:
        """The table's socket address (a spectator's without a token)."""
        query = "" if token is None else f"?jeton={quote(token)}"
        return f"ws://127.0.0.1:{self.port}/ws/{table_id}{query}"

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """``kill -9``: no shutdown, no lease given back, nothing flushed."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def log_size(self) -> int:
        """Bytes written to its log so far (what it logs afterwards starts here)."""
        return self.log.stat().st_size

    def output(self, characters: int = 4000) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")[-characters:]

    def ready(self) -> bool:
        """True once it answers HTTP; False if it died (a port taken meanwhile)."""
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if not self.alive:
                return False
            with contextlib.suppress(OSError):  # refused, reset: not listening yet
                if get_json(f"{self.http}/api/games", timeout=2)[0] == 200:
                    return True
            time.sleep(0.05)
        raise AssertionError(
            f"process {self.name} did not answer in {START_TIMEOUT} s:\n{self.output()}"
        )


@dataclass
class Cluster:
    """The test's processes, on one database and one Redis; every one killed at the end."""

    database: str
    redis: str
    folder: Path
    processes: list[ServeProcess] = field(default_factory=list)  # started: A, B, C…
    spawned: list[ServeProcess] = field(default_factory=list)  # every attempt, killed at the end

    def start_worker(self) -> ServeProcess:
        """A ``ludotheque worker --jobs 1`` on the cluster's Redis, once it announces itself
        (its health key): the processes' bots think in it from then on."""
        import redis

        log = self.folder / f"worker-{len(self.spawned)}.log"
        command = [sys.executable, "-m", "ludotheque", "worker", "--redis", self.redis]
        with log.open("wb") as output:
            process = subprocess.Popen(
                [*command, "--jobs", "1"], stdout=output, stderr=subprocess.STDOUT
            )
        worker = ServeProcess("worker", process, 0, log)
        self.spawned.append(worker)
        client = redis.Redis.from_url(self.redis)
        deadline = time.monotonic() + START_TIMEOUT
        try:
            while not client.exists(HEALTH_KEY):  # a live worker's key
                assert worker.alive, f"the worker stopped:\n{worker.output()}"
                assert time.monotonic() < deadline, f"no worker:\n{worker.output()}"
                time.sleep(0.05)
        finally:
            client.close()
        return worker

    def _spawn(self, name: str) -> ServeProcess:
        port = free_port()
        log = self.folder / f"serve-{name}-{port}.log"
        command = [
            sys.executable, "-m", "ludotheque", "serve", "--host", "127.0.0.1",
            "--port", str(port), "--database", self.database, "--redis", self.redis,
            "--bot-workers", "0", "--bot-delay", "0", "--bot-pace", "0", *NO_LIMITS,
        ]  # fmt: skip
        env = os.environ | {
            "LUDOTHEQUE_LEASE_SECONDS": str(LEASE_SECONDS),
            "LUDOTHEQUE_TEST_GAMES": "1",
        }
        env.pop("LUDOTHEQUE_REDIS", None)  # the command line says which Redis
        with log.open("wb") as output:
            process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT, env=env)
        self.spawned.append(ServeProcess(name, process, port, log))
        return self.spawned[-1]

    def start(self, count: int = 1) -> list[ServeProcess]:
        """``count`` more processes, started together; each answers HTTP when this returns."""
        names = [chr(ord("A") + len(self.processes) + n) for n in range(count)]
        starting = [self._spawn(name) for name in names]
        started = []
        for server in starting:
            attempts = 1
            while not server.ready():
                if attempts == 3:
                    raise AssertionError(f"process {server.name} did not start:\n{server.output()}")
                server = self._spawn(server.name)  # its port was taken meanwhile: another
                attempts += 1
            started.append(server)
        self.processes += started
        return started

    def moves(self, table_id: str) -> list[tuple[int, int, Any]]:
        """The table's rows of ``moves`` in PostgreSQL: (ply, seat, action), by ply (from 1)."""
        import psycopg

        with psycopg.connect(self.database, autocommit=True) as connection:
            rows = connection.execute(
                "SELECT ply, seat, action FROM moves WHERE table_id = %s ORDER BY ply", (table_id,)
            ).fetchall()
        return [(ply, seat, json.loads(action)) for ply, seat, action in rows]

    def seat_names(self, table_id: str) -> list[str | None]:
        """The names on the table's seats in PostgreSQL, by seat."""
        import psycopg

        with psycopg.connect(self.database, autocommit=True) as connection:
            rows = connection.execute(
                "SELECT name FROM seats WHERE table_id = %s ORDER BY seat", (table_id,)
            ).fetchall()
        return [name for (name,) in rows]

    def record(self, table_id: str) -> GameRecord:
        """The table's record as any process rebuilds it from storage."""
        storage = Storage(self.database)
        try:
            record = storage.load_record(table_id)
        finally:
            storage.close()
        assert record is not None, f"table {table_id} is not in storage"
        return record

    def logs(self) -> str:
        """Every process's last lines (shown when a test fails)."""
        return "\n".join(
            f"--- process {server.name} (port {server.port}, "
            f"{'alive' if server.alive else f'exit {server.process.returncode}'}) ---\n"
            f"{server.output()}"
            for server in self.spawned
        )

    def tracebacks(self) -> dict[str, str]:
        """The logs that hold a Python traceback (a bug the server only logged), by process."""
        return {
            f"{server.name}:{server.port}": server.output(20_000)
            for server in self.spawned
            if "Traceback (most recent call last)" in server.output(1_000_000)
        }

    def close(self) -> None:
        for server in self.spawned:
            if server.alive:
                server.process.kill()
                server.process.wait(10)
