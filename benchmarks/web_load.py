"""The web platform under load: N concurrent Gutenberg tables played over real WebSockets.

``python benchmarks/web_load.py [--tables 200] [--think 0.5:1.5] [--seconds S] [--json]``
(``python benchmarks/run.py web_load``; a run of every benchmark uses ``--quick``).

The server is the real one, ``ludotheque serve`` in a subprocess on a free loopback port, with a
fresh SQLite file in a temporary folder (``--database URL``: another database, e.g. PostgreSQL)
and ``--bot-delay 0``; this process is the load generator (asyncio and ``websockets``), so on a
2-core machine each has a core. Every table has 3 seats, all human seats played by bots in this
process, so every action crosses a WebSocket and the server does for each what it does for a
person: check it, write it to storage, send every seat its own ``etat``. Each seat decides from
its own ``etat`` messages only: draft, a random entry of ``coups``; writing, the best word of its
cards (``best_words``, sent as a word without cards, as the browser does: the server spells it);
claims, a random entry of ``coups``, else the first ``mon_quota`` letters in play. Each decision
waits a think time (``--think LOW:HIGH`` seconds, uniform; default 0.5:1.5, a busy human).

Latency: from sending an action to receiving, on the sender's socket, the first ``etat`` whose
``prochain_seq`` has moved past it (its ``coups_joues`` is the action's ply); « others »: from the
same send to the first ``etat`` of each other seat of the table with that ``coups_joues``.

Runs, each on a fresh server: the baseline (1 table alone, same client and think time), the load
(``--tables`` tables, their starts spread over ``--ramp`` seconds), and the saturation (the same
tables, think time 0: the throughput figure). Printed: actions, actions/s, latency percentiles
(also per phase, and the worst 5-second window), errors (must be 0; the exit status is 1
otherwise), CPU of the server, of this process and of every other process of the machine, this
process's event loop lag (it delays what it measures), wall time, and the ratios of the load's
latencies to the baseline's. Goal: 200 tables with p99 ≤ 100 ms. ``--py-spy FILE`` samples the
server during the load run (raw collapsed stacks).

``--seconds S``: measure S seconds of steady state instead of one game a table: a table whose
game ends starts a new one (create, join, start), and only actions sent after the ramp count.

``--trust`` (issue 17): 500 tables (``--tables``), a tenth of them (``--bot-only``) 3 Expert
bots playing on their own — written into the database before the server starts, which
resumes them (a table made through the API needs a person) — the others 2 people of this
process (``--people``) and an Intermédiaire bot. The server's bots think in its real worker
processes (one per core) at ``serve``'s pace (``--bot-delay 0.6``, thinking times × 1), and
each bot move is read back from the server's DEBUG log: its decision delay (waiting for a
worker + computing), its lateness (played after its thinking time) and the random moves. The
baseline, in the same run, is one such people's table alone. Printed as well: the ratios of
the load's people latency (sender, and action → broadcast to the others) and bot decision
delay to the baseline's. The server's per-address limits are raised (every client is
127.0.0.1).

``--servers N --redis [URL]`` (issue 19, several servers): N ``serve`` processes on one
PostgreSQL database and one Redis, each on its own port (no load balancer: the client picks the
process, which is what a balancer without sticky sessions may do). A table's seats are spread
round-robin over the processes from the table's index (seat ``s`` of table ``i`` on process
``(i + s) mod N``): each seat joins and plays through its own process, the table is created
and started through its first seat's, so with N = 2 most actions cross processes. « others »
is then split into the seats on the sender's process and those on another (action → Redis →
that process's sockets). The CPU of every server process is summed, and PostgreSQL's
(postmaster and backends, from ``/proc``) and ``redis-server``'s are read apart, each also per
action. ``--redis`` alone starts a throwaway ``redis-server``, and with ``--servers N > 1`` or
``--redis`` the database is a throwaway PostgreSQL unless ``--database URL`` is given
(``--database postgres``: the throwaway one for a single process without Redis too); both are
started by ``tests/conftest.py``'s helpers (``start_postgres``, ``RedisServer``), imported by
path: one copy of that code, and the tests never import the benchmarks. Each run gets a fresh
database and an emptied Redis. ``--compare`` runs three configurations on PostgreSQL, one after
the other: 1 process without Redis, 1 with, ``--servers`` (default 2) with, and prints a line
each (throughput at saturation, the load's latencies, CPU an action of the servers,
PostgreSQL and Redis). ``--no-baseline`` skips the table alone.

Measured (``--compare --seconds 30``, commit 3a5ba61, a quiet machine; ``docs/performance.md``,
« Plusieurs serveurs », with the estimate for 10 machines): saturation 661 / 479 / 309
actions/s for 1 process without Redis / 1 with / 2 with; CPU an action at saturation, servers
summed 1.05 / 1.35 / 2.49 ms, PostgreSQL 0.18 / 0.23 / 0.52 ms, Redis – / 0.06 / 0.09 ms: each
other process with sockets at a table adds about 1.1 ms (it reads the change and tells its
sockets). A table alone on 2 processes: the action reaches the seats on the sender's process
at p50 4.4 / p99 6.5 ms, those on the other at p50 7.9 / p99 11.4 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import gc
import hashlib
import importlib.util
import json
import os
import random
import re
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

PLAYERS = 3
GOAL_TABLES, GOAL_P99 = 200, 0.100
MAX_REFUSED = 5  # refused actions in a row before a seat gives up
# With several processes, a move whose ply another process stored first is tried again once
# from the new position; losing twice, it is refused (« coup_simultane »): the seat decides
# again, as a person would. Counted apart from the errors.
RACES = ("coup_simultane",)
RUN_TIMEOUT = 1800.0  # seconds for the play of one run
QUICK = {"tables": 10, "think": (0.1, 0.3)}
TRUST_TABLES, TRUST_BOT_ONLY = 500, 0.1  # issue 17: 500 tables, a tenth of them bot-only
BOT_TABLE_IDS: set[str] = set()  # the bot-only tables of the current run


# --- the server ----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# The server's bot moves, one DEBUG line each (``server/scheduler.py``), written to a file.
LAUNCHER = """
import logging, sys
handler = logging.FileHandler(sys.argv.pop(1), encoding="utf-8")
for name in ("ludotheque.server.scheduler", "ludotheque.server.robots"):
    logger = logging.getLogger(name)
    logger.setLevel(logging.DEBUG)
    logger.addHandler(handler)
from ludotheque.cli.main import main
sys.argv[0] = "ludotheque"
main()
"""
# Every client of the benchmark is 127.0.0.1: the server's per-address limits out of the way.
NO_LIMITS = ["--table-rate", "1000000/second", "--message-rate", "1000000/second"]
NO_LIMITS += ["--sockets-per-client", "1000000"]


class Server:
    """``ludotheque serve`` in a subprocess; CPU time and memory read from ``/proc``.

    ``bots``: the server's own bots think at ``serve``'s pace, and each bot move is logged to
    ``bot_log``; else without delay. Either way bots and the analyses of finished games run
    in serve's worker processes (one per core)."""

    def __init__(
        self, database: str | None, folder: Path, bots: bool = False, redis: str | None = None
    ) -> None:
        self.port = free_port()
        self.url = database or f"sqlite:///{folder / 'load.sqlite3'}"
        self.redis = redis
        self.log = (folder / f"server-{self.port}.log").open("w+")
        self.bot_log = folder / f"bots-{self.port}.log"
        self.folder, self.bots = folder, bots
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        arguments = ["serve", "--host", "127.0.0.1", "--port", str(self.port)]
        arguments += ["--database", self.url, *NO_LIMITS]
        if self.redis is not None:
            arguments += ["--redis", self.redis]
        if not self.bots:
            # No bot plays at these tables, but every finished game is analysed for each
            # person (issue 18): in serve's worker processes, as deployed, so that it is
            # counted apart (workers CPU) and does not hold the event loop's GIL.
            arguments += ["--bot-delay", "0"]
        command = [sys.executable, "-c", LAUNCHER, str(self.bot_log), *arguments]
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT)

    def prefill_bot_tables(self, count: int, level: str, seed: int) -> list[str]:
        """Write ``count`` Gutenberg tables of 3 bots, in play, into the database before the
        server starts: it resumes them and their bots play on their own. (A table made through
        the API needs a person; bot-only tables are what a restart finds of tables whose people
        left and were replaced by bots.)"""
        from ludotheque.games.gutenberg import Gutenberg
        from ludotheque.server.storage import SeatRow, Storage, TableRow

        options = Gutenberg().info.resolve_options(PLAYERS, {"mode": "classique"})
        rng = random.Random(seed)
        storage = Storage(self.url)
        ids = []
        for n in range(count):
            table_id = f"robots{n:04d}"
            row = TableRow(
                table_id, "gutenberg", PLAYERS, rng.getrandbits(62), options, 0, "en_cours", 0
            )
            storage.create_table(row, [SeatRow(s, "robot", level) for s in range(PLAYERS)])
            ids.append(table_id)
        storage.close()
        return ids

    def bot_moves(self) -> list[dict[str, Any]]:
        """The server's bot moves so far, from its log: table, seconds waited for a worker,
        computed, wanted (thinking time) and taken until played; and the random moves."""
        moves: list[dict[str, Any]] = []
        if not self.bot_log.exists():
            return moves
        for line in self.bot_log.read_text(encoding="utf-8").splitlines():
            if line.startswith("décision "):
                fields = dict(part.split("=", 1) for part in line.split()[1:])
                moves.append(
                    {"table": fields["table"]}
                    | {k: float(fields[k]) for k in ("attente", "calcul", "voulu", "joué")}
                )
            elif "coup au hasard" in line:
                moves.append({"table": line.split("table ", 1)[-1].split(",")[0], "repli": line})
        return moves

    def wait_ready(self, timeout: float = 60.0) -> None:
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped:\n{self.output()}")
            try:
                with urllib.request.urlopen(self.base + "/api/games", timeout=2) as answer:
                    if answer.status == 200 and self.healthy():
                        return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the server did not answer within {timeout:.0f} s:\n{self.output()}")

    def healthy(self) -> bool:
        """``GET /api/sante`` says the database and Redis answer (a server without that
        address, before issue 19, counts as healthy once it answers)."""
        try:
            with urllib.request.urlopen(self.base + "/api/sante", timeout=2) as answer:
                health = json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code == 404
        return bool(health.get("base")) and (self.redis is None or health.get("redis") is True)

    def output(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read()[-4000:]

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server process (all its threads; its bot workers
        are counted apart, :meth:`children_cpu_seconds`)."""
        assert self.process is not None
        return process_cpu(self.process.pid)

    def children_cpu_seconds(self) -> float:
        """CPU time of the server's live child processes (the bot workers)."""
        assert self.process is not None
        return sum(process_cpu(pid) for pid in children(self.process.pid))

    def rss(self) -> int:
        assert self.process is not None
        pages = int(Path(f"/proc/{self.process.pid}/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE")

    def stop(self) -> None:
        assert self.process is not None
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def process_cpu(pid: int, reaped: bool = False) -> float:
    """User + system CPU seconds of a process from ``/proc/<pid>/stat`` (0 once it is gone);
    ``reaped``: with its children that ended and were waited for (cutime, cstime)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = int(fields[11]) + int(fields[12])
    if reaped:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The live child processes of ``pid``."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    with contextlib.suppress(OSError):
        return [int(child) for child in path.read_text().split()]
    return []


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process and its children, live or ended (PostgreSQL: the postmaster
    and its backends, which come and go with connections)."""
    return process_cpu(pid, reaped=True) + sum(process_cpu(c, reaped=True) for c in children(pid))


# --- the cluster: N servers, one PostgreSQL, one Redis ----------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def conftest_module() -> Any:
    """``tests/conftest.py`` as a module: its ``start_postgres``/``PostgresServer`` and
    ``RedisServer`` start the throwaway services here too (one copy of that code; the tests
    must not import the benchmarks, the benchmark may import the tests' helpers)."""
    name = "ludotheque_tests_conftest"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "tests" / "conftest.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


class Services:
    """The PostgreSQL and ``redis-server`` of the benchmark: given by URL, or started here on
    first use (throwaway: a temporary folder, a free port, stopped at the end). Each run gets
    a fresh PostgreSQL database and an emptied Redis when they are the benchmark's own."""

    def __init__(self, database: str | None, redis: str | None) -> None:
        self.database, self.redis = database, redis  # given URLs, or None
        self.postgres: Any = None
        self.redis_server: Any = None
        self.folder: Path | None = None

    def database_url(self) -> str:
        """A fresh database of the benchmark's PostgreSQL, or the given URL (runs then share
        it and tables accumulate)."""
        if self.database is not None:
            return self.database
        if self.postgres is None:
            import pytest

            try:
                self.postgres = conftest_module().start_postgres()
            except (pytest.skip.Exception, pytest.fail.Exception) as error:
                raise SystemExit(f"no PostgreSQL for the benchmark: {error}") from None
        return str(self.postgres.create_database("charge"))

    def redis_url(self) -> str:
        """The given Redis, or the benchmark's own, emptied."""
        if self.redis is not None:
            return self.redis
        if self.redis_server is None:
            if shutil.which("redis-server") is None:
                raise SystemExit("redis-server not found: install the Debian package redis-server")
            conftest = conftest_module()
            self.folder = Path(tempfile.mkdtemp(prefix="ludo-load-redis-"))
            self.redis_server = conftest.RedisServer(conftest.free_port(), self.folder)
            self.redis_server.start()
        self.redis_server.flush()
        return str(self.redis_server.url)

    def postgres_pid(self) -> int | None:
        """The postmaster's process id (its first line of ``postmaster.pid``), when ours."""
        if self.postgres is None:
            return None
        with contextlib.suppress(OSError, ValueError):
            return int((self.postgres.data_dir / "postmaster.pid").read_text().split()[0])
        return None

    def redis_pid(self) -> int | None:
        server = self.redis_server
        return None if server is None or server.process is None else int(server.process.pid)

    def cpu_seconds(self) -> dict[str, float | None]:
        """CPU seconds so far of PostgreSQL (postmaster and backends) and of redis-server,
        from ``/proc``; a Redis given by URL says its own (``INFO cpu``); None for a
        PostgreSQL given by URL (another machine, maybe) or no Redis."""
        pg, redis = self.postgres_pid(), self.redis_pid()
        return {
            "postgres": None if pg is None else tree_cpu(pg),
            "redis": process_cpu(redis) if redis is not None else self.redis_info_cpu(),
        }

    def redis_info_cpu(self) -> float | None:
        """``used_cpu_user + used_cpu_sys`` of the given Redis (whatever else uses it)."""
        if self.redis is None:
            return None
        import redis

        client = redis.Redis.from_url(self.redis, socket_timeout=5)
        try:
            info = client.info("cpu")
        finally:
            client.close()
        return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])

    def stop(self) -> None:
        if self.redis_server is not None:
            self.redis_server.stop()
        if self.postgres is not None:
            self.postgres.stop()
            shutil.rmtree(self.postgres.base, ignore_errors=True)
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)


@dataclass(frozen=True)
class Setup:
    """What serves the tables in one configuration: ``servers`` processes, Redis or not, and
    the database: ``sqlite-fresh`` (a new file a run, as before issue 19), else the
    :class:`Services`' one (``postgres``: given or throwaway; ``sqlite``: a given file)."""

    servers: int = 1
    redis: bool = False
    database: str = "sqlite-fresh"

    @property
    def name(self) -> str:
        base = "PostgreSQL" if self.database == "postgres" else "SQLite"
        processes = f"{self.servers} process" + ("es" if self.servers > 1 else "")
        return f"{processes}, {base}, " + ("Redis" if self.redis else "no Redis")


class Cluster:
    """The ``serve`` processes of one run, on one database (and one Redis when ``redis``)."""

    def __init__(self, setup: Setup, services: Services, folder: Path, bots: bool) -> None:
        database = None if setup.database == "sqlite-fresh" else services.database_url()
        redis = services.redis_url() if setup.redis else None
        self.servers = [Server(database, folder, bots, redis) for _ in range(setup.servers)]
        self.url = self.servers[0].url
        self.services, self.setup = services, setup

    @property
    def bases(self) -> list[str]:
        return [server.base for server in self.servers]

    def start(self) -> None:
        for server in self.servers:
            server.start()
        for server in self.servers:
            server.wait_ready()
        self.settle()

    def settle(self, timeout: float = 60.0) -> None:
        """Wait until the worker processes have warmed up (each loads the lexicon and the
        word finder's index when it starts: seconds of CPU that would fall in the run)."""
        deadline = time.monotonic() + timeout
        before = sum(server.children_cpu_seconds() for server in self.servers)
        while time.monotonic() < deadline:
            time.sleep(1.0)
            now = sum(server.children_cpu_seconds() for server in self.servers)
            if now - before < 0.05:
                return
            before = now

    def cpu(self) -> dict[str, Any]:
        """CPU seconds so far: each server process, their bot workers, PostgreSQL, Redis."""
        services = self.services.cpu_seconds()
        return {
            "servers": [server.cpu_seconds() for server in self.servers],
            "workers": sum(server.children_cpu_seconds() for server in self.servers),
            "postgres": services["postgres"] if self.setup.database == "postgres" else None,
            "redis": services["redis"] if self.setup.redis else None,
        }

    def bot_moves(self) -> list[dict[str, Any]]:
        return [move for server in self.servers for move in server.bot_moves()]

    def rss(self) -> int:
        return sum(server.rss() for server in self.servers)

    def output(self) -> str:
        return "\n".join(f"-- server {s.base}\n{s.output()}" for s in self.servers)

    def stop(self) -> None:
        for server in self.servers:
            if server.process is not None:
                server.stop()


# --- HTTP (lobby calls, in threads: they are few) -----------------------------------------------


# With several processes, a seat or start write made on a process whose copy of the table is
# a few milliseconds behind loses its compare-and-set: 409 ``table_changee``, and that process
# has read the table again. A person tries again; so does the benchmark, counting each.
RETRIED = ("table_changee",)
LOBBY_RETRIES: dict[str, int] = {}  # path kind (create, join, start) -> retries, this run
MAX_RETRIES = 5


async def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    def call() -> dict[str, Any] | str:
        request = urllib.request.Request(
            base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                data: dict[str, Any] = json.loads(answer.read())
                return data
        except urllib.error.HTTPError as error:
            text = error.read()
            with contextlib.suppress(ValueError, KeyError, TypeError):
                code = json.loads(text)["erreur"]["code"]
                if error.code == 409 and code in RETRIED:
                    return str(code)
            raise RuntimeError(f"POST {path}: {error.code} {text[:300]!r}") from None

    kind = path.rstrip("/").rsplit("/", 1)[-1]
    for _ in range(MAX_RETRIES):
        answer = await asyncio.to_thread(call)
        if not isinstance(answer, str):
            return answer
        LOBBY_RETRIES[kind] = LOBBY_RETRIES.get(kind, 0) + 1
        await asyncio.sleep(0.05)
    raise RuntimeError(f"POST {path}: still 409 {answer} after {MAX_RETRIES} tries")


# --- the client's bots --------------------------------------------------------------------


def write_action(vue: dict[str, Any], words: bool) -> dict[str, Any]:
    """Writing: the best word of the seat's cards, as a word without cards (or no word)."""
    if not words:
        return {"type": "ecrire", "mots": []}
    from ludotheque.games.gutenberg.cards import Card
    from ludotheque.games.gutenberg.wordfinder import best_words

    own = vue["ma_collection"] if vue["tour"] == vue["tours"] else vue["mes_draftees"]
    cards = [Card(c["id"], c["lettres"], c["points"], c["type"]) for c in own + vue["communes"]]
    found = best_words(cards, top=1)
    return {"type": "ecrire", "mots": [{"mot": found[0].word}] if found else []}


def decide(message: dict[str, Any], rng: random.Random, words: bool) -> dict[str, Any]:
    vue = message["vue"]
    if vue["phase"] == "write":
        return write_action(vue, words)
    if message["coups"]:
        choice: dict[str, Any] = rng.choice(message["coups"])
        return choice
    if vue["phase"] == "claim":
        cards = [card["id"] for card in vue["lettres_en_jeu"][: vue["mon_quota"]]]
        return {"type": "reclamer", "cartes": cards, "defi": None}
    raise RuntimeError(f"no action to choose in phase {vue['phase']!r}")


@dataclass
class Stats:
    """Everything one run measures (times from ``time.perf_counter``)."""

    window: tuple[float, float] = (0.0, float("inf"))  # actions sent inside count
    own: list[float] = field(default_factory=list)
    by_phase: dict[str, list[float]] = field(default_factory=dict)  # sender latency per phase
    timeline: list[tuple[float, float]] = field(default_factory=list)  # (sent, latency)
    lag: list[float] = field(default_factory=list)  # this client's event loop lag
    others: list[float] = field(default_factory=list)
    sends: dict[tuple[str, int], float] = field(default_factory=dict)  # (table, ply) -> sent
    senders: dict[tuple[str, int], int] = field(default_factory=dict)  # (table, ply) -> seat
    seen: dict[tuple[str, int], list[tuple[int, float]]] = field(default_factory=dict)
    process: dict[tuple[str, int], int] = field(default_factory=dict)  # (table, seat) -> server
    errors: list[str] = field(default_factory=list)
    races: list[str] = field(default_factory=list)  # moves refused for a race (RACES)
    messages: int = 0
    actions_all: int = 0  # accepted actions, counted or not
    received_bytes: int = 0
    games: int = 0

    def counts(self, sent: float) -> bool:
        return self.window[0] <= sent <= self.window[1]

    def other_latencies(self, remote: bool | None = None) -> list[float]:
        """Action → the other seats' ``etat``; ``remote``: only the seats served by another
        process than the sender's (True: across processes) or by the same (False)."""
        latencies = []
        for key, sent in self.sends.items():
            table, sender = key[0], self.senders[key]
            home = self.process.get((table, sender), 0)
            latencies += [
                t - sent
                for seat, t in self.seen.get(key, ())
                if seat != sender
                and (remote is None or (self.process.get((table, seat), 0) != home) == remote)
            ]
        return latencies


_FIELDS = {
    name: re.compile(rf'"{name}": ("[a-z_]*"|\d+|true|false)')
    for name in ("type", "statut", "coups_joues", "a_jouer", "prochain_seq")
}


@dataclass(frozen=True, slots=True)
class Header:
    """What a seat needs of every message; the rest is parsed only when the seat acts.

    Read with regular expressions from the server's JSON text (``type`` first, the table and
    its ``statut`` before the view; none of these keys occurs elsewhere), falling back to
    ``json.loads``: parsing every message in full would cost this process 3 times as much.
    """

    kind: str
    over: bool = False
    ply: int = 0
    moving: bool = False
    seq: int = 0

    @classmethod
    def of(cls, raw: str | bytes) -> Header:
        text = raw if isinstance(raw, str) else raw.decode()
        found = {}
        for name, pattern in _FIELDS.items():
            match = pattern.search(text)
            if match is None:
                break
            found[name] = json.loads(match.group(1))
        else:
            return cls(
                found["type"],
                found["statut"] == "terminee",
                found["coups_joues"],
                found["a_jouer"],
                found["prochain_seq"],
            )
        message = json.loads(text)
        if message.get("type") != "etat":
            return cls(str(message.get("type")))
        over = message["table"]["statut"] == "terminee"
        return cls(
            "etat", over, message["coups_joues"], message["a_jouer"], message["prochain_seq"]
        )


class SeatClient:
    """One seat's socket and bot."""

    def __init__(
        self,
        table: str,
        seat: int,
        token: str,
        stats: Stats,
        think: tuple[float, float],
        rng: random.Random,
        words: bool,
    ) -> None:
        self.table, self.seat, self.token, self.stats = table, seat, token, stats
        self.think, self.rng, self.words = think, rng, words
        self.latest: tuple[Header, str | bytes] | None = None  # the last etat
        self.pending: tuple[int, float, str] | None = None  # (seq sent, time sent, phase)
        self.thinking: asyncio.Task[None] | None = None
        self.last_ply = 0
        self.refused = 0
        self.over = asyncio.Event()
        self.ws: Any = None
        self.home = 0  # the index of its server process

    async def connect(self, base: str) -> None:
        url = base.replace("http://", "ws://") + f"/ws/{self.table}?jeton={self.token}"
        self.ws = await websockets.connect(url, max_size=1 << 22, open_timeout=60)

    async def run(self) -> None:
        try:
            async for raw in self.ws:
                now = time.perf_counter()
                self.stats.messages += 1
                self.stats.received_bytes += len(raw)
                self.on_message(raw, now)
                if self.over.is_set():
                    break
        finally:
            self.over.set()
            if self.thinking is not None:
                self.thinking.cancel()
            await self.ws.close()

    def on_message(self, raw: str | bytes, now: float) -> None:
        stats = self.stats
        head = Header.of(raw)
        if head.kind == "erreur":
            message = json.loads(raw)
            text = f"{self.table}/{self.seat}: {message['code']} {message['message']}"
            (stats.races if message["code"] in RACES else stats.errors).append(text)
            self.pending = None  # it was refused: decide again from the last state
            self.refused += 1
            if self.refused > MAX_REFUSED:
                self.over.set()  # give up this seat (its table stops) rather than loop
                return
            self.schedule()
            return
        if head.kind != "etat":
            return
        ply = head.ply
        for done in range(self.last_ply + 1, ply + 1):
            stats.seen.setdefault((self.table, done), []).append((self.seat, now))
        self.last_ply = max(self.last_ply, ply)
        if self.pending is not None and head.seq > self.pending[0]:
            _, sent, phase = self.pending
            self.pending = None
            self.refused = 0
            stats.actions_all += 1
            if stats.counts(sent):
                stats.own.append(now - sent)
                stats.by_phase.setdefault(phase, []).append(now - sent)
                stats.timeline.append((sent, now - sent))
                stats.sends[(self.table, ply)] = sent
                stats.senders[(self.table, ply)] = self.seat
        self.latest = (head, raw)
        if head.over:
            self.over.set()
            return
        self.schedule()

    def schedule(self) -> None:
        if self.latest is None or not self.latest[0].moving:
            return
        if self.pending is None and self.thinking is None:
            self.thinking = asyncio.get_running_loop().create_task(self.act())

    async def act(self) -> None:
        try:
            low, high = self.think
            if high > 0:
                await asyncio.sleep(self.rng.uniform(low, high))
            else:
                await asyncio.sleep(0)
            if self.latest is None or not self.latest[0].moving or self.over.is_set():
                return
            message = json.loads(self.latest[1])
            seq = message["prochain_seq"]
            action = decide(message, self.rng, self.words)
            text = json.dumps({"type": "coup", "seq": seq, "coup": action})
            self.pending = (seq, time.perf_counter(), message["vue"]["phase"])
            await self.ws.send(text)
        except websockets.ConnectionClosed:
            self.over.set()
        finally:
            self.thinking = None


# --- one run ------------------------------------------------------------------------------


@dataclass
class Options:
    tables: int  # tables where people play (the load generator's seats)
    think: tuple[float, float]
    ramp: float
    seconds: float | None
    words: bool
    seed: int
    people: int = PLAYERS  # seats of a table played by the load generator; the rest are bots
    bot_level: str = "intermediaire"  # the bots at the people's tables
    bot_tables: int = 0  # tables of 3 bots playing on their own (``Server.prefill_bot_tables``)
    bot_tables_level: str = "expert"

    @property
    def server_bots(self) -> bool:
        """Bots play on the server (real workers, serve's pace): the scenario of issue 17."""
        return self.people < PLAYERS or self.bot_tables > 0


def home(bases: list[str], index: int, seat: int) -> int:
    """The server process of a table's seat: round-robin from the table's index, so that with
    N processes a table's seats are on different ones (seat 0 of table 0 on process 0, seat 1
    on process 1…) and the tables' first seats are spread too."""
    return (index + seat) % len(bases)


async def new_table(
    bases: list[str], options: Options, stats: Stats, index: int
) -> list[SeatClient]:
    """Create a table, seat 3 people, connect their sockets (the game is not started); each
    seat joins and connects through its own server process (:func:`home`)."""
    rng = random.Random(options.seed * 100_003 + index)
    body = {"jeu": "gutenberg", "joueurs": PLAYERS, "options": {"mode": "classique"}}
    places = [{"type": "humain"}] * options.people
    places += [{"type": "robot", "niveau": options.bot_level}] * (PLAYERS - options.people)
    body |= {"places": places, "nom": f"Hôte {index}"}
    created = await post(bases[home(bases, index, 0)], "/api/tables", body)
    table = created["table"]
    tokens = {created["place"]: created["jeton"]}
    for n in range(1, options.people):
        base = bases[home(bases, index, n)]
        joined = await post(base, f"/api/tables/{table}/join", {"nom": f"Joueur {index}.{n}"})
        tokens[joined["place"]] = joined["jeton"]
    clients = [
        SeatClient(table, seat, tokens[seat], stats, options.think, rng, options.words)
        for seat in sorted(tokens)
    ]
    for client in clients:
        client.home = stats.process[(table, client.seat)] = home(bases, index, client.seat)
        await client.connect(bases[client.home])
    return clients


async def play(bases: list[str], clients: list[SeatClient]) -> None:
    """Start the game through its first seat's process, play it to the end."""
    tasks = [asyncio.create_task(client.run()) for client in clients]
    first = clients[0]
    await post(bases[first.home], f"/api/tables/{first.table}/start", {"jeton": first.token})
    await asyncio.gather(*tasks)


async def table_life(
    bases: list[str],
    options: Options,
    stats: Stats,
    index: int,
    clients: list[SeatClient],
    start_at: float,
    deadline: float,
) -> None:
    """Play the table's game (from ``start_at``); in a timed run, new games until the deadline."""
    await asyncio.sleep(max(0.0, start_at - time.perf_counter()))
    game = 0
    while True:
        timer = asyncio.create_task(asyncio.sleep(max(0.0, deadline - time.perf_counter())))
        playing = asyncio.create_task(play(bases, clients))
        await asyncio.wait({timer, playing}, return_when=asyncio.FIRST_COMPLETED)
        if not playing.done():  # the deadline: stop this game where it is
            for client in clients:
                client.over.set()
                await client.ws.close()
            with contextlib.suppress(Exception):
                await playing
            return
        timer.cancel()
        playing.result()
        stats.games += 1
        game += 1
        if options.seconds is None or time.perf_counter() >= deadline:
            return
        clients = await new_table(bases, options, stats, index + 1_000_000 * game)


async def run_load(
    bases: list[str], options: Options, setup_limit: asyncio.Semaphore
) -> dict[str, Any]:
    stats = Stats()

    async def prepared(index: int) -> list[SeatClient]:
        async with setup_limit:
            return await new_table(bases, options, stats, index)

    begin = time.perf_counter()
    tables = await asyncio.gather(*(prepared(i) for i in range(options.tables)))
    setup = time.perf_counter() - begin

    start = time.perf_counter() + 0.2
    ramp = options.ramp if options.tables > 1 else 0.0
    starts = [start + ramp * i / max(1, options.tables) for i in range(options.tables)]
    if options.seconds is not None:
        deadline = start + ramp + options.seconds
        stats.window = (start + ramp, deadline)
    else:
        deadline = float("inf")
    return {
        "stats": stats,
        "setup": setup,
        "tables": tables,
        "starts": starts,
        "end": deadline,
        "bot_ids": set(BOT_TABLE_IDS),
    }


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(latencies: list[float]) -> dict[str, float]:
    return {
        "n": len(latencies),
        "p50": percentile(latencies, 0.50),
        "p90": percentile(latencies, 0.90),
        "p99": percentile(latencies, 0.99),
        "max": max(latencies, default=float("nan")),
        "mean": statistics.fmean(latencies) if latencies else float("nan"),
    }


async def loop_lag(lags: list[float], period: float = 0.01) -> None:
    """How late this process's event loop wakes up (it delays the latencies it measures)."""
    while True:
        before = time.perf_counter()
        await asyncio.sleep(period)
        lags.append(max(0.0, time.perf_counter() - before - period))


def timeline(samples: list[tuple[float, float]], start: float, step: float = 5.0) -> list[Any]:
    """Sender latency per window of ``step`` seconds: [window start (s), actions, p50, p99]."""
    windows: dict[int, list[float]] = {}
    for sent, latency in samples:
        windows.setdefault(int((sent - start) // step), []).append(latency)
    return [
        [k * step, len(v), percentile(v, 0.5), percentile(v, 0.99)]
        for k, v in sorted(windows.items())
    ]


async def measure(cluster: Cluster, options: Options) -> dict[str, Any]:
    """One run against started servers: set up every table, then play and measure."""
    LOBBY_RETRIES.clear()
    prepared = await run_load(cluster.bases, options, asyncio.Semaphore(8))
    stats: Stats = prepared["stats"]
    cpu_before, cpu_client = cluster.cpu(), time.process_time()
    busy, total = machine_busy()
    begin = time.perf_counter()
    probe = asyncio.create_task(loop_lag(stats.lag))
    lives = asyncio.gather(
        *(
            table_life(
                cluster.bases, options, stats, i, clients, prepared["starts"][i], prepared["end"]
            )
            for i, clients in enumerate(prepared["tables"])
        )
    )
    try:
        await asyncio.wait_for(lives, RUN_TIMEOUT)
    except TimeoutError:
        raise RuntimeError(f"the games did not end within {RUN_TIMEOUT:.0f} s") from None
    end = time.perf_counter()
    probe.cancel()
    cpu_after, cpu_client = cluster.cpu(), time.process_time() - cpu_client
    per_server = [b - a for a, b in zip(cpu_before["servers"], cpu_after["servers"], strict=True)]
    cpu_server, cpu_workers = sum(per_server), cpu_after["workers"] - cpu_before["workers"]
    cpu_services = {
        name: None if cpu_before[name] is None else cpu_after[name] - cpu_before[name]
        for name in ("postgres", "redis")
    }
    busy_end, total_end = machine_busy()
    cores = os.cpu_count() or 1
    machine = (busy_end - busy) / (total_end - total) * cores  # in cores
    if options.seconds is not None:
        measured = stats.window[1] - stats.window[0]
    else:
        measured = end - min(prepared["starts"])
    actions = len(stats.own)
    wall, accepted = end - begin, max(1, stats.actions_all)

    def per_action(seconds: float | None) -> float | None:
        return None if seconds is None else 1000 * seconds / accepted

    def share(seconds: float | None) -> float | None:
        return None if seconds is None else seconds / wall

    services = sum(v for v in cpu_services.values() if v is not None)
    return {
        "servers": len(cluster.servers),
        "tables": options.tables,
        "connections": options.tables * options.people,
        "bot_tables": options.bot_tables,
        "think": list(options.think),
        "games": stats.games,
        "actions": actions,
        "seconds": measured,
        "actions_per_s": actions / measured if measured > 0 else float("nan"),
        "own": summary(stats.own),
        "others": summary(stats.other_latencies()),
        "others_same": summary(stats.other_latencies(remote=False)),
        "others_remote": summary(stats.other_latencies(remote=True)),
        "by_phase": {phase: summary(values) for phase, values in sorted(stats.by_phase.items())},
        "timeline": timeline(stats.timeline, min(prepared["starts"])),
        "client_lag": summary(stats.lag),
        "errors": len(stats.errors),
        "lobby_retries": dict(LOBBY_RETRIES),
        "races": len(stats.races),
        "error_samples": stats.errors[:5],
        "messages_per_s": stats.messages / (end - begin),
        "mb_per_s": stats.received_bytes / (end - begin) / 1e6,
        "server_cpu": cpu_server / wall,
        "server_cpu_each": [seconds / wall for seconds in per_server],
        "workers_cpu": cpu_workers / wall,
        "bots": bot_summary(cluster.bot_moves(), prepared["bot_ids"]),
        "server_cpu_ms_per_action": per_action(cpu_server),
        "postgres_cpu": share(cpu_services["postgres"]),
        "postgres_cpu_ms_per_action": per_action(cpu_services["postgres"]),
        "redis_cpu": share(cpu_services["redis"]),
        "redis_cpu_ms_per_action": per_action(cpu_services["redis"]),
        "client_cpu": cpu_client / wall,
        "other_cpu": max(0.0, machine - (cpu_server + cpu_workers + cpu_client + services) / wall),
        "load_average": os.getloadavg()[0],
        "server_rss_mb": cluster.rss() / 1e6,
        "setup_s": prepared["setup"],
        "wall_s": end - begin,
    }


def machine_busy() -> tuple[float, float]:
    """Busy and total CPU time of the whole machine, from ``/proc/stat`` (seconds)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    total = sum(fields[:8])
    tick = os.sysconf("SC_CLK_TCK")
    return (total - idle) / tick, total / tick


def bot_summary(moves: list[dict[str, Any]], bot_only: set[str]) -> dict[str, Any]:
    """The server's bot moves at the people's tables and at the bot-only ones: decision delay
    (waiting for a worker + computing), lateness (played after its thinking time), random
    moves instead of a decision."""
    summaries: dict[str, Any] = {}
    for name, mine in (("people", False), ("bot_only", True)):
        kept = [m for m in moves if (m["table"] in bot_only) == mine]
        decided = [m for m in kept if "repli" not in m]
        summaries[name] = {
            "moves": len(kept),
            "delay": summary([m["attente"] + m["calcul"] for m in decided]),
            "wait": summary([m["attente"] for m in decided]),
            "late": summary([max(0.0, m["joué"] - m["voulu"]) for m in decided]),
            "random": len(kept) - len(decided),
        }
    return summaries


def run_once(
    setup: Setup, services: Services, options: Options, profile: str | None
) -> dict[str, Any]:
    """One run on fresh servers (a fresh database when it is the benchmark's own)."""
    with tempfile.TemporaryDirectory(prefix="ludo-load-") as folder:
        cluster = Cluster(setup, services, Path(folder), bots=options.server_bots)
        server = cluster.servers[0]
        spy = None
        try:
            bot_ids = server.prefill_bot_tables(
                options.bot_tables, options.bot_tables_level, options.seed
            )
            cluster.start()
            BOT_TABLE_IDS.clear()
            BOT_TABLE_IDS.update(bot_ids)
            if profile:  # sample the first server's stacks for the whole run (setup included)
                assert server.process is not None
                spy_bin = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
                command = [spy_bin, "record", "--pid", str(server.process.pid), "--rate", "200"]
                command += ["--format", "raw", "--nonblocking", "-o", profile]
                spy = subprocess.Popen(command, stdout=subprocess.DEVNULL)
                time.sleep(1.0)
            result = asyncio.run(measure(cluster, options))
            if spy is not None:
                spy.send_signal(signal.SIGINT)
                spy.wait(60)
        except BaseException:
            print(cluster.output(), file=sys.stderr)
            raise
        finally:
            cluster.stop()
    return result


# --- report -------------------------------------------------------------------------------


def ms(value: float) -> str:
    return f"{1000 * value:7.1f}"


def print_run(name: str, r: dict[str, Any]) -> None:
    low, high = r["think"]
    print(
        f"{name}: {r['tables']} tables, {r['connections']} connections, think {low}–{high} s, "
        f"setup {r['setup_s']:.1f} s"
    )
    print(
        f"  {r['games']} games, {r['actions']} actions in {r['seconds']:.1f} s: "
        f"{r['actions_per_s']:.1f} actions/s; errors {r['errors']}"
    )
    rows = [("own", "sender"), ("others", "others")]
    if r.get("servers", 1) > 1:  # the other seats on the sender's process, and on another
        rows += [("others_same", "  same process"), ("others_remote", "  other process")]
    for what, label in rows:
        s = r[what]
        print(
            f"  latency {label:6} (ms)  p50 {ms(s['p50'])}  p90 {ms(s['p90'])}  "
            f"p99 {ms(s['p99'])}  max {ms(s['max'])}  ({s['n']} samples)"
        )
    each = ""
    if len(r.get("server_cpu_each", ())) > 1:
        each = " (" + " + ".join(f"{100 * c:.0f}" for c in r["server_cpu_each"]) + ")"
    print(
        f"  server CPU {100 * r['server_cpu']:.0f} %{each} "
        f"({r['server_cpu_ms_per_action']:.2f} ms an action), RSS {r['server_rss_mb']:.0f} MB; "
        f"client CPU {100 * r['client_cpu']:.0f} %; other processes {100 * r['other_cpu']:.0f} % "
        f"(load average {r['load_average']:.1f})"
    )
    services = [
        f"{label} CPU {100 * r[key + '_cpu']:.0f} % ({r[key + '_cpu_ms_per_action']:.2f} ms an "
        "action)"
        for key, label in (("postgres", "PostgreSQL"), ("redis", "Redis"))
        if r.get(key + "_cpu") is not None
    ]
    if services:
        print("  " + "; ".join(services))
    print(
        f"  {r['messages_per_s']:.0f} messages/s received ({r['mb_per_s']:.1f} MB/s); "
        f"wall {r['wall_s']:.1f} s"
    )
    phases = ", ".join(
        f"{phase} {ms(s['p50']).strip()}/{ms(s['p99']).strip()}"
        for phase, s in r["by_phase"].items()
    )
    print(f"  sender p50/p99 by phase (ms): {phases}")
    lag = r["client_lag"]
    worst = max(r["timeline"], key=lambda w: w[3], default=None)
    line = f"  client loop lag p50 {ms(lag['p50']).strip()} p99 {ms(lag['p99']).strip()} ms"
    if worst is not None:
        line += f"; worst 5-s window: p99 {ms(worst[3]).strip()} ms at {worst[0]:.0f}–"
        line += f"{worst[0] + 5:.0f} s ({worst[1]} actions)"
    print(line)
    if r["workers_cpu"] > 0 or r["bots"]["people"]["moves"] or r["bots"]["bot_only"]["moves"]:
        print(
            f"  workers CPU (warm-up, bots, analyses of finished games) "
            f"{100 * r['workers_cpu']:.0f} %"
        )
        for where, label in (("people", "at people's tables"), ("bot_only", "at bot-only tables")):
            b = r["bots"][where]
            if not b["moves"]:
                continue
            d, w, late = b["delay"], b["wait"], b["late"]
            print(
                f"  bot moves {label}: {b['moves']}, random {b['random']}; decision delay (ms) "
                f"p50 {ms(d['p50']).strip()} p99 {ms(d['p99']).strip()} max "
                f"{ms(d['max']).strip()} (waiting for a worker p50 {ms(w['p50']).strip()} "
                f"p99 {ms(w['p99']).strip()}); late after thinking time p99 "
                f"{ms(late['p99']).strip()} max {ms(late['max']).strip()}"
            )
    if r.get("races"):
        print(f"  moves refused for a race between processes (coup_simultane): {r['races']}")
    if r.get("lobby_retries"):
        retries = ", ".join(f"{kind} {n}" for kind, n in sorted(r["lobby_retries"].items()))
        print(f"  lobby calls tried again after 409 table_changee: {retries}")
    for sample in r["error_samples"]:
        print(f"  error: {sample}")


def source_version() -> str:
    """The commit measured, and a digest of uncommitted changes to ``src/`` if any."""
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True
        ).stdout.strip()
        diff = subprocess.run(
            ["git", "diff", "HEAD", "--", "src"], cwd=root, capture_output=True
        ).stdout
    except OSError:
        return "unknown"
    if not head:
        return "unknown"
    return head + (f" + changes {hashlib.sha1(diff).hexdigest()[:8]}" if diff else "")


def think_range(text: str) -> tuple[float, float]:
    low, _, high = text.partition(":")
    values = (float(low), float(high or low))
    if not 0 <= values[0] <= values[1]:
        raise argparse.ArgumentTypeError("think time: LOW:HIGH seconds, 0 <= LOW <= HIGH")
    return values


def choose_setups(
    parser: argparse.ArgumentParser, args: argparse.Namespace
) -> tuple[list[Setup], str | None]:
    """The configurations to run, and the database URL given (None: the benchmark's own)."""
    if args.servers < 1:
        parser.error("--servers: at least 1")
    own_postgres = args.database == "postgres"
    database = None if own_postgres else args.database
    if args.compare:
        if database is not None and not database.startswith("postgresql"):
            parser.error("--compare runs on PostgreSQL: --database postgresql://… or none")
        servers = args.servers if args.servers > 1 else 2
        setups = [Setup(1, False), Setup(1, True), Setup(servers, True)]
        return [dataclasses.replace(s, database="postgres") for s in setups], database
    if args.servers > 1 and args.redis is None:
        parser.error("--servers N > 1 needs --redis: the processes share their tables through it")
    shared = own_postgres or database is not None or args.servers > 1 or args.redis is not None
    if args.servers > 1 and database is not None and not database.startswith("postgresql"):
        parser.error("--servers N > 1 needs one PostgreSQL database for every process")
    kind = "sqlite" if database is not None and database.startswith("sqlite") else "postgres"
    setup = Setup(args.servers, args.redis is not None, kind if shared else "sqlite-fresh")
    return [setup], database


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=GOAL_TABLES, help="tables (default 200)")
    parser.add_argument(
        "--think", type=think_range, default=(0.5, 1.5), help="think time LOW:HIGH s (0.5:1.5)"
    )
    parser.add_argument("--ramp", type=float, default=5.0, help="spread of the starts (5 s)")
    parser.add_argument(
        "--seconds", type=float, default=None, help="measure S s of steady state (new games)"
    )
    parser.add_argument(
        "--database",
        default=None,
        help="database URL, or « postgres »: a throwaway PostgreSQL (default: a fresh SQLite "
        "file, or the throwaway PostgreSQL with --servers > 1, --redis or --compare)",
    )
    parser.add_argument(
        "--servers", type=int, default=1, help="serve processes sharing the tables (needs --redis)"
    )
    parser.add_argument(
        "--redis",
        nargs="?",
        const="auto",
        default=None,
        help="the servers' Redis: URL, or alone: a throwaway redis-server",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="1 process without Redis, 1 with, --servers (default 2) with, all on PostgreSQL",
    )
    parser.add_argument("--no-baseline", action="store_true", help="skip the 1-table run")
    parser.add_argument("--no-words", action="store_true", help="write no word (cheaper client)")
    parser.add_argument("--no-saturation", action="store_true", help="skip the think-0 run")
    parser.add_argument("--seed", type=int, default=2025)
    parser.add_argument(
        "--py-spy", metavar="FILE", default=None, help="profile the server of the load run"
    )
    parser.add_argument("--quick", action="store_true", help="10 tables, think 0.1:0.3")
    parser.add_argument(
        "--trust",
        action="store_true",
        help="issue 17: 500 tables, a tenth bot-only (Expert), the others 2 people and a bot",
    )
    parser.add_argument("--people", type=int, default=None, help="people a table (default 3)")
    parser.add_argument(
        "--bot-only", type=float, default=None, help="fraction of tables of bots alone"
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    # parse_known_args: benchmarks/run.py runs this file with its own arguments.
    args, _ = parser.parse_known_args(argv)
    if args.trust:
        args.tables = TRUST_TABLES if args.tables == GOAL_TABLES else args.tables
        args.people = 2 if args.people is None else args.people
        args.bot_only = TRUST_BOT_ONLY if args.bot_only is None else args.bot_only
        args.no_saturation = True
    if args.quick:
        args.tables, args.think = QUICK["tables"], QUICK["think"]
    people = PLAYERS if args.people is None else args.people
    bot_tables = round(args.tables * (args.bot_only or 0.0))

    # 2 sockets a seat (client and server ends) in the two processes: raise the soft limit.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, max(soft, 4 * PLAYERS * args.tables + 256))
    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    setups, database = choose_setups(parser, args)
    if database:
        print("note: every run reuses the given database (tables accumulate)", file=sys.stderr)

    # The word finder's index, built once before anything is measured.
    if not args.no_words:
        from ludotheque.games.gutenberg.wordfinder import word_index
        from ludotheque.lexicon import common_words

        word_index(common_words().words)
    # The lexicon and the index are millions of objects: keep them out of the collector's
    # full passes, which would otherwise stop this loop for hundreds of ms and add that to
    # the latencies measured.
    gc.collect()
    gc.freeze()

    def options(tables: int, think: tuple[float, float], bots: int = 0) -> Options:
        return Options(
            tables, think, args.ramp, args.seconds, not args.no_words, args.seed, people
        ) if not bots else Options(
            tables - bots, think, args.ramp, args.seconds, not args.no_words, args.seed, people,
            bot_tables=bots,
        )  # fmt: skip

    runs = [("load", options(args.tables, args.think, bot_tables))]
    if not args.no_baseline:
        runs.insert(0, ("baseline", options(1, args.think)))
    if not args.no_saturation:
        runs.append(("saturation", options(args.tables, (0.0, 0.0))))

    begin = time.perf_counter()
    results: dict[str, Any] = {"python": sys.version.split()[0], "cores": os.cpu_count()}
    results["source"] = source_version()
    if not args.json:
        print(f"server source: {results['source']}; Python {results['python']}")
    services = Services(database, None if args.redis == "auto" else args.redis)
    try:
        done = []
        for setup in setups:
            if len(setups) > 1 and not args.json:
                print(f"== {setup.name}")
            done.append(run_setup(setup, services, runs, args.py_spy, args.json))
    finally:
        services.stop()
    if len(done) == 1:
        results |= done[0]  # the shape of one configuration's results, as before --servers
    else:
        results["configurations"] = done
    results["total_s"] = time.perf_counter() - begin
    failed = any(c[name]["errors"] for c in done for name, _ in runs)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        if len(done) > 1:
            print_comparison(done)
        print(f"total: {results['total_s']:.0f} s")
    if failed:
        sys.exit(1)


def run_setup(
    setup: Setup,
    services: Services,
    runs: list[tuple[str, Options]],
    py_spy: str | None,
    quiet: bool,
) -> dict[str, Any]:
    """Every run of one configuration (baseline, load, saturation), each on fresh servers."""
    results: dict[str, Any] = {"setup": setup.name, "servers": setup.servers}
    results["redis"], results["database"] = setup.redis, setup.database
    for name, run_options in runs:
        profile = py_spy if name == "load" else None
        results[name] = run_once(setup, services, run_options, profile)
        if not quiet:
            print_run(name, results[name])
    load = results["load"]
    results["goal_met"] = (
        load["tables"] >= GOAL_TABLES
        and load["own"]["p99"] <= GOAL_P99
        and load["others"]["p99"] <= GOAL_P99
        and load["errors"] == 0
    )
    if "baseline" in results:
        results["ratios"] = ratios(results["baseline"], load)
    if not quiet:
        if "ratios" in results:
            print_ratios(results["ratios"])
        scale = "" if load["tables"] >= GOAL_TABLES else f" (only {load['tables']} tables run)"
        print(
            f"goal: {GOAL_TABLES} tables with p99 <= {1000 * GOAL_P99:.0f} ms and no error: "
            f"{'met' if results['goal_met'] else 'NOT met'}{scale}"
        )
    return results


def ratios(base: dict[str, Any], load: dict[str, Any]) -> dict[str, float]:
    """The load's latencies over the baseline's (a table alone)."""
    found = {
        "p50": load["own"]["p50"] / base["own"]["p50"],
        "p99": load["own"]["p99"] / base["own"]["p99"],
        "others_p50": load["others"]["p50"] / base["others"]["p50"],
        "others_p99": load["others"]["p99"] / base["others"]["p99"],
    }
    base_bots, load_bots = base["bots"]["people"], load["bots"]["people"]
    if base_bots["moves"] and load_bots["moves"]:
        found["bot_p50"] = load_bots["delay"]["p50"] / base_bots["delay"]["p50"]
        found["bot_p99"] = load_bots["delay"]["p99"] / base_bots["delay"]["p99"]
    return found


def print_ratios(found: dict[str, float]) -> None:
    print(f"load / baseline (sender latency): p50 ×{found['p50']:.2f}, p99 ×{found['p99']:.2f}")
    print(
        f"load / baseline (action → broadcast to the others): p50 ×{found['others_p50']:.2f}, "
        f"p99 ×{found['others_p99']:.2f}"
    )
    if "bot_p50" in found:
        print(
            f"load / baseline (bot decision delay at people's tables): p50 "
            f"×{found['bot_p50']:.2f}, p99 ×{found['bot_p99']:.2f}"
        )


def print_comparison(done: list[dict[str, Any]]) -> None:
    """One line a configuration: throughput, latencies of the load, CPU an action."""

    def cost(r: dict[str, Any] | None, key: str) -> str:
        value = None if r is None else r.get(key)
        return "     –" if value is None else f"{value:6.2f}"

    print(
        "configuration                       | sat. act/s | load sender p50/p99 | others "
        "p50/p99 | across p50/p99 | CPU ms an action (sat.): servers  PG  Redis"
    )
    for c in done:
        load, sat = c["load"], c.get("saturation")
        across = load["others_remote"]
        print(
            f"{c['setup']:35} | {sat['actions_per_s'] if sat else float('nan'):10.0f} | "
            f"{ms(load['own']['p50'])} / {ms(load['own']['p99'])} | "
            f"{ms(load['others']['p50'])} / {ms(load['others']['p99'])} | "
            f"{ms(across['p50'])} / {ms(across['p99'])} | "
            f"{cost(sat, 'server_cpu_ms_per_action')} {cost(sat, 'postgres_cpu_ms_per_action')} "
            f"{cost(sat, 'redis_cpu_ms_per_action')}"
        )


if __name__ == "__main__":
    main()
