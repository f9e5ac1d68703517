"""The bots' work queue over Redis (issue 19): ``ludotheque worker`` thinks for the servers.

A real ``redis-server`` (``redis_url``) and, for the module, one real ``ludotheque worker``
subprocess (``worker``: started once, restarted only by the tests that stop it, which come
last). The server's side is :class:`QueuedBots` driven directly, its local runner in threads.
The tests of the server's reaction to a worker's states (busy, lost while thinking, gone while
a job waits) play the worker by hand on another Redis database, with the keys arq and the
worker set, so each case happens exactly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
import redis.asyncio
from typer.testing import CliRunner

from ludotheque.cli.main import app
from ludotheque.core.record import GameRecord
from ludotheque.games import default_registry
from ludotheque.server import robots
from ludotheque.server.bot_queue import (
    ALIVE_PREFIX,
    HEALTH_KEY,
    QUEUE,
    QueuedBots,
    bots_for,
)
from ludotheque.server.robots import BotRunner, Decision, Missed

# Seconds a worker may take to start (the word lists' load): over 60 s was seen on a loaded machine.
TIMEOUT = 120.0
REGISTRY = default_registry()


# --- a worker subprocess -------------------------------------------------------------------------


class WorkerProcess:
    """``ludotheque worker --jobs 1`` on the session's Redis; started again when needed."""

    def __init__(self, url: str, folder: Path) -> None:
        self.url, self.folder = url, folder
        self.process: subprocess.Popen[bytes] | None = None
        self.log = folder / "worker.log"
        self.starts = 0

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def ready(self) -> WorkerProcess:
        """A live worker, its health key in Redis (a test's FLUSHALL removed it for a second)."""
        if self.process is None or self.process.poll() is not None:
            self.starts += 1
            self.log = self.folder / f"worker-{self.starts}.log"
            with self.log.open("wb") as output:
                self.process = subprocess.Popen(
                    [sys.executable, "-m", "ludotheque", "worker", "--redis", self.url,
                     "--jobs", "1"],
                    stdout=output,
                    stderr=subprocess.STDOUT,
                )  # fmt: skip
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + TIMEOUT
        try:
            while not client.exists(HEALTH_KEY):
                assert self.process.poll() is None, f"the worker died:\n{self.output()}"
                assert time.monotonic() < deadline, f"no worker after {TIMEOUT} s:\n{self.output()}"
                time.sleep(0.02)
        finally:
            client.close()
        return self

    def thinkers(self) -> list[int]:
        """The worker's child processes (its pool, multiprocessing's resource tracker)."""
        assert self.process is not None
        found: list[int] = []
        for task in Path(f"/proc/{self.process.pid}/task").iterdir():
            with contextlib.suppress(OSError):
                found += [int(pid) for pid in (task / "children").read_text().split()]
        return found

    def pool(self) -> list[int]:
        """Its thinking processes (multiprocessing's spawned children, not its tracker)."""
        return [
            pid
            for pid in self.thinkers()
            if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
        ]

    def stop(self) -> None:
        """Kill it (the end of the module)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(TIMEOUT)


def running(pid: int) -> bool:
    """The process exists and is no zombie (an orphan's zombie may wait for a reaper)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def gone_within(pids: list[int], seconds: float) -> None:
    """Wait until none of ``pids`` runs (the worker's children end with it)."""
    deadline = time.monotonic() + seconds
    while alive := [pid for pid in pids if running(pid)]:
        assert time.monotonic() < deadline, f"the worker's processes {alive} outlived it"
        time.sleep(0.02)


@pytest.fixture(scope="module")
def worker_process(redis_server: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    running = WorkerProcess(redis_server.url, tmp_path_factory.mktemp("worker"))
    yield running
    running.stop()


@pytest.fixture
def worker(worker_process: WorkerProcess, redis_url: str) -> WorkerProcess:
    """The module's worker, alive and registered on the emptied Redis."""
    return worker_process.ready()


@pytest.fixture
def no_worker_url(redis_url: str) -> str:
    """A database of the same Redis where no worker listens (``/1``; emptied with ``/0``)."""
    assert redis_url.endswith("/0")
    return redis_url[:-1] + "1"


# --- positions -----------------------------------------------------------------------------------


def position(game_name: str, seed: int, plies: int) -> tuple[GameRecord, int]:
    """A record of ``game_name`` after ``plies`` moves of Débutants, and a seat to move."""
    game = REGISTRY.get(game_name)
    record = GameRecord(game_name, 2, seed, game.info.resolve_options(2, {}))
    state = record.replay(game)
    for _ in range(plies):
        seat = min(state.to_move())
        action, _pace = robots.decide("(position)", record.dumps(), seat, "debutant")
        record = record.with_move(seat, action)
        state = record.replay(game)
    return record, min(state.to_move())


def local_decision(record: GameRecord, seat: int, level: str) -> tuple[Any, float]:
    return robots.decide("(témoin)", record.dumps(), seat, level)


def queue_of(url: str) -> tuple[int, list[bytes]]:
    """The jobs waiting in the queue, and the job keys left, of the Redis at ``url``."""
    client = redis.Redis.from_url(url)
    try:
        return int(client.zcard(QUEUE)), list(client.scan_iter("arq:job:*"))
    finally:
        client.close()


# --- through a real worker -----------------------------------------------------------------------


CASES = [
    ("gutenberg", 3, 0, "expert"),
    ("gutenberg", 3, 6, "debutant"),
    ("letter", 5, 4, "fort"),
    ("themes", 7, 3, "intermediaire"),
    ("gremlins", 11, 5, "expert"),
]


def one_decision(
    url: str, record: GameRecord, seat: int, level: str, *, budget: float
) -> tuple[Decision | Missed, QueuedBots]:
    """One decision asked of a fresh :class:`QueuedBots` on ``url`` (closed after)."""

    async def run() -> tuple[Decision | Missed, QueuedBots]:
        bots = QueuedBots(url, BotRunner(0, budget=budget))
        try:
            return await bots.decide("t", record, seat, level), bots
        finally:
            await bots.aclose()

    return asyncio.run(run())


def test_a_decision_goes_through_the_worker_and_equals_the_local_one(
    worker: WorkerProcess, redis_url: str
) -> None:
    """Five positions of the four games at four levels, each decided by the worker subprocess
    (its result in Redis, the server's tally) gives exactly the action and thinking time the
    server's own runner finds for the same record: decisions are seeded from the record."""
    positions = [(position(g, seed, plies), level) for g, seed, plies, level in CASES]

    async def run() -> tuple[list[Decision | Missed], QueuedBots]:
        bots = QueuedBots(redis_url, BotRunner(0, budget=30.0))
        try:
            found = [
                await bots.decide(f"t{n}", record, seat, level)
                for n, ((record, seat), level) in enumerate(positions)
            ]
        finally:
            await bots.aclose()
        return found, bots

    found, bots = asyncio.run(run())
    for ((record, seat), level), decided in zip(positions, found, strict=True):
        assert isinstance(decided, Decision), decided
        assert (decided.action, decided.pace) == local_decision(record, seat, level)
    # On a machine whose cores another process keeps busy, the worker can miss its heartbeat
    # while it thinks (seen once in a loaded run, on its first decision): the server then takes
    # that decision back and thinks itself (« repris », logged), which is the fallback working.
    # Every other decision went through the worker; none is made in the server otherwise.
    assert bots.tally.local == bots.tally.recovered, bots.tally
    assert bots.tally.workers + bots.tally.recovered == len(CASES), bots.tally
    assert bots.tally.workers >= 1, bots.tally
    client = redis.Redis.from_url(redis_url)
    try:  # the worker's results, one a decision (a job taken back may still end), none waiting
        results = len(list(client.scan_iter("arq:result:ludotheque-*")))
        assert bots.tally.workers <= results <= len(CASES)
    finally:
        client.close()
    assert queue_of(redis_url) == (0, [])


def test_a_decision_that_fails_in_the_worker_is_missed_with_its_reason(
    worker: WorkerProcess, redis_url: str
) -> None:
    """A level no game knows: the worker's job fails; the server gets ``Missed`` with the
    error's kind (the scheduler then plays a random move and logs it, as with a local error)."""
    record, seat = position("gutenberg", 3, 0)

    decided, bots = one_decision(redis_url, record, seat, "champion", budget=30.0)
    assert decided == Missed("erreur du robot (LudoError)")
    assert (bots.tally.workers, bots.tally.local) == (0, 0)


def test_with_redis_stopped_the_server_thinks_itself_then_uses_the_worker_again(
    worker: WorkerProcess, redis_server: Any, redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Redis stopped: decisions are the server's own at once (no wait), « Redis injoignable »
    logged once; Redis started again: the worker reconnects by itself and the next decisions
    are its, « Redis de nouveau joignable » logged."""
    record, seat = position("themes", 7, 3)
    expected = local_decision(record, seat, "fort")
    caplog.set_level(logging.WARNING, logger="ludotheque.server.bot_queue")

    async def run() -> QueuedBots:
        bots = QueuedBots(redis_url, BotRunner(0, budget=30.0), retry=0.05)
        try:
            first = await bots.decide("t", record, seat, "fort")
            assert isinstance(first, Decision) and first.action == expected[0]
            assert bots.tally.workers == 1
            redis_server.stop()
            began = time.monotonic()
            for n in range(3):
                decided = await bots.decide(f"t{n}", record, seat, "fort")
                assert isinstance(decided, Decision) and decided.action == expected[0]
                await asyncio.sleep(0.06)  # past the retry delay: Redis is tried each time
            assert time.monotonic() - began < 3.0
            assert bots.tally.local == 3 and bots.down
            redis_server.start()
            await asyncio.to_thread(worker.ready)  # the worker is back by itself
            await until_alive(redis_url)  # and has said so (its health-check key)
            decided = await bots.decide("t", record, seat, "fort")
            assert isinstance(decided, Decision) and decided.action == expected[0]
            return bots
        finally:
            await bots.aclose()

    bots = asyncio.run(run())
    assert (bots.tally.workers, bots.tally.local, bots.down) == (2, 3, False)
    lines = [r.getMessage() for r in caplog.records if r.name == "ludotheque.server.bot_queue"]
    assert sum("Redis injoignable" in line for line in lines) == 1, lines
    assert sum("Redis de nouveau joignable" in line for line in lines) == 1, lines
    assert "Redis injoignable" in worker.output()
    assert worker.output().count("à l'écoute de la file ludotheque:robots") == 2


async def until_alive(url: str, timeout: float = 10.0) -> None:
    """Wait for a worker's health-check key (a worker back after Redis restarted writes it
    within its second)."""
    from redis.asyncio import Redis

    from ludotheque.server.bot_queue import HEALTH_KEY

    client = Redis.from_url(url)
    try:
        deadline = time.monotonic() + timeout
        while not await client.exists(HEALTH_KEY):
            assert time.monotonic() < deadline, "no worker's health-check key"
            await asyncio.sleep(0.05)
    finally:
        await client.aclose()


# --- the server's side, the worker played by hand ------------------------------------------------


async def waiting_job(url: str) -> str:
    """The id of the first job to appear in the queue."""
    client = redis.asyncio.Redis.from_url(url)
    try:
        for _ in range(500):
            ids = await client.zrange(QUEUE, 0, 0)
            if ids:
                return str(ids[0].decode())
            await asyncio.sleep(0.01)
    finally:
        await client.aclose()
    raise AssertionError("no job was queued")


def test_with_no_worker_the_server_thinks_itself_and_queues_nothing(no_worker_url: str) -> None:
    record, seat = position("gutenberg", 3, 6)

    decided, bots = one_decision(no_worker_url, record, seat, "expert", budget=30.0)
    assert isinstance(decided, Decision)
    assert (decided.action, decided.pace) == local_decision(record, seat, "expert")
    assert (bots.tally.workers, bots.tally.local, bots.tally.recovered) == (0, 1, 0)
    assert queue_of(no_worker_url) == (0, [])


def test_a_worker_lost_while_it_thinks_leaves_the_decision_to_the_server(
    no_worker_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A worker takes the job (arq's in-progress key, its ALIVE key) and dies: its ALIVE key
    expires; the server withdraws the job and finds the same move itself, well within the
    budget (the player's bot still moves, with its own move, not a random one)."""
    record, seat = position("letter", 5, 4)
    client = redis.Redis.from_url(no_worker_url)
    client.set(HEALTH_KEY, "un travailleur", px=60_000)
    caplog.set_level(logging.WARNING, logger="ludotheque.server.bot_queue")

    async def run() -> tuple[Decision | Missed, QueuedBots, float]:
        bots = QueuedBots(no_worker_url, BotRunner(0, budget=10.0))
        try:
            began = time.monotonic()
            deciding = asyncio.create_task(bots.decide("t", record, seat, "fort"))
            job = await waiting_job(no_worker_url)
            client.set(f"arq:in-progress:{job}", b"1", px=60_000)  # as arq: taken…
            client.set(ALIVE_PREFIX + job, "travailleur", px=300)  # … then killed
            return await deciding, bots, time.monotonic() - began
        finally:
            await bots.aclose()

    try:
        decided, bots, took = asyncio.run(run())
    finally:
        client.close()
    assert isinstance(decided, Decision)
    assert (decided.action, decided.pace) == local_decision(record, seat, "fort")
    assert (bots.tally.workers, bots.tally.local, bots.tally.recovered) == (0, 1, 1)
    assert took < 2.0
    assert "travailleur perdu pendant sa réflexion" in caplog.text
    assert queue_of(no_worker_url) == (0, [])


def test_the_last_worker_gone_while_a_job_waits_leaves_it_to_the_server(
    no_worker_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The only worker's health key expires while the job waits in the queue: withdrawn, the
    server decides (nothing left for a worker that would come back)."""
    record, seat = position("gremlins", 11, 5)
    client = redis.Redis.from_url(no_worker_url)
    client.set(HEALTH_KEY, "un travailleur", px=400)
    caplog.set_level(logging.WARNING, logger="ludotheque.server.bot_queue")

    async def run() -> tuple[Decision | Missed, QueuedBots]:
        bots = QueuedBots(no_worker_url, BotRunner(0, budget=10.0))
        try:
            return await bots.decide("t", record, seat, "expert"), bots
        finally:
            await bots.aclose()

    try:
        decided, bots = asyncio.run(run())
    finally:
        client.close()
    assert isinstance(decided, Decision)
    assert (decided.action, decided.pace) == local_decision(record, seat, "expert")
    assert (bots.tally.workers, bots.tally.local, bots.tally.recovered) == (0, 1, 1)
    assert "aucun travailleur en vie" in caplog.text
    assert queue_of(no_worker_url) == (0, [])


def test_a_job_gone_from_the_queue_without_a_result_is_decided_by_the_server(
    no_worker_url: str,
) -> None:
    """Someone empties the queue (a FLUSHALL, a Redis restarted without its data): the job
    will never have a result; the server sees it gone and decides."""
    record, seat = position("themes", 7, 3)
    client = redis.Redis.from_url(no_worker_url)
    client.set(HEALTH_KEY, "un travailleur", px=60_000)

    async def run() -> tuple[Decision | Missed, QueuedBots]:
        bots = QueuedBots(no_worker_url, BotRunner(0, budget=10.0))
        try:
            deciding = asyncio.create_task(bots.decide("t", record, seat, "debutant"))
            client.zrem(QUEUE, await waiting_job(no_worker_url))
            return await deciding, bots
        finally:
            await bots.aclose()

    try:
        decided, bots = asyncio.run(run())
    finally:
        client.close()
    assert isinstance(decided, Decision)
    assert (decided.action, decided.pace) == local_decision(record, seat, "debutant")
    assert (bots.tally.local, bots.tally.recovered) == (1, 1)


def test_busy_workers_past_the_patience_or_the_budget_give_missed_as_the_local_runner(
    no_worker_url: str,
) -> None:
    """Workers alive but none free within the patience: ``Missed`` and the job withdrawn; a
    worker thinking past the budget: ``Missed`` too (the scheduler plays a random move at
    once, as when the server's own processes are all busy)."""
    record, seat = position("gutenberg", 3, 0)
    client = redis.Redis.from_url(no_worker_url)
    client.set(HEALTH_KEY, "un travailleur", px=60_000)

    async def run() -> tuple[Decision | Missed, Decision | Missed, float, float]:
        bots = QueuedBots(no_worker_url, BotRunner(0, budget=0.3, patience=0.2))
        try:
            began = time.monotonic()
            waited = await bots.decide("t", record, seat, "expert")
            waited_for = time.monotonic() - began
            deciding = asyncio.create_task(bots.decide("t", record, seat, "expert"))
            job = await waiting_job(no_worker_url)
            began = time.monotonic()
            client.set(f"arq:in-progress:{job}", b"1", px=60_000)
            client.set(ALIVE_PREFIX + job, "travailleur", px=60_000)  # alive, thinking on
            overrun = await deciding
            return waited, overrun, waited_for, time.monotonic() - began
        finally:
            await bots.aclose()

    try:
        waited, overrun, waited_for, ran_for = asyncio.run(run())
    finally:
        client.close()
    assert waited == Missed("aucun travailleur libre pendant 0.2 s")
    assert 0.2 <= waited_for < 1.0
    assert overrun == Missed("hors budget (0.3 s)")
    assert 0.3 <= ran_for < 1.0
    assert queue_of(no_worker_url) == (0, [])


# --- the command ---------------------------------------------------------------------------------


def test_bots_for_is_the_local_runner_without_redis_and_refuses_a_bad_url() -> None:
    local = BotRunner(0)
    try:
        assert bots_for(None, local) is local
        queued = bots_for("redis://127.0.0.1:6379/0", local)
        assert isinstance(queued, QueuedBots) and queued.local is local
        assert (queued.budget, queued.patience) == (local.budget, local.patience)
        with pytest.raises(ValueError):
            bots_for("http://127.0.0.1:6379", local)
    finally:
        local.close()


def test_the_worker_command_refuses_an_unreadable_redis_address_in_french() -> None:
    for arguments, env in (
        (["worker", "--redis", "http://cache:6379"], {}),
        (["worker"], {"LUDOTHEQUE_REDIS": "cache:6379"}),
    ):
        done = CliRunner().invoke(app, arguments, env=env)
        assert done.exit_code == 2, done.output
        assert "adresse Redis illisible" in done.output


# The three tests below stop the module's worker: they come last.


def test_a_worker_whose_thinking_process_died_gives_its_decisions_back_and_stops(
    worker: WorkerProcess, redis_url: str
) -> None:
    """The worker's thinking process is killed (out of memory, say): the next decision is
    given back to the queue, the worker stops with a French message and status 1 (for its
    supervisor to start it again), and the server, left without a worker, decides."""
    assert worker.process is not None
    (pool,) = worker.pool()
    os.kill(pool, signal.SIGKILL)
    record, seat = position("gutenberg", 3, 6)

    decided, bots = one_decision(redis_url, record, seat, "expert", budget=10.0)
    assert isinstance(decided, Decision)
    assert (decided.action, decided.pace) == local_decision(record, seat, "expert")
    assert (bots.tally.workers, bots.tally.local, bots.tally.recovered) == (0, 1, 1)
    assert worker.process.wait(10) == 1
    assert "un processus de réflexion s'est arrêté brutalement" in worker.output()
    assert queue_of(redis_url) == (0, [])


def test_the_worker_says_where_it_listens_and_stops_cleanly_on_sigterm(
    worker: WorkerProcess, redis_server: Any
) -> None:
    assert worker.process is not None
    said = worker.output()
    assert f"à l'écoute de la file ludotheque:robots sur {redis_server.url}" in said
    assert "1 décision à la fois" in said
    thinkers = worker.thinkers()
    assert thinkers
    worker.process.send_signal(signal.SIGTERM)
    assert worker.process.wait(10) == 0
    assert worker.output().rstrip().endswith("ludotheque worker : arrêté.")
    gone_within(thinkers, 5.0)
    client = redis.Redis.from_url(redis_server.url)
    try:
        assert not client.exists(HEALTH_KEY)  # gone at once: the servers think themselves
    finally:
        client.close()


def test_a_worker_killed_while_decisions_wait_leaves_every_one_to_the_server(
    worker: WorkerProcess, redis_url: str
) -> None:
    """Twelve decisions queued on a worker thinking one at a time; it is killed (SIGKILL) once
    it thinks about the first: every decision still comes, the same as the server's own, the
    jobs it had not taken within about two seconds (its health key's life) — none is a random
    move — and its thinking process does not outlive it."""
    assert worker.process is not None
    thinkers = worker.thinkers()
    positions = [position("gutenberg", seed, 2) for seed in range(12)]

    async def run() -> tuple[list[Decision | Missed], QueuedBots, float]:
        bots = QueuedBots(redis_url, BotRunner(0, budget=10.0))
        client = redis.asyncio.Redis.from_url(redis_url)
        try:
            began = time.monotonic()
            deciding = [
                asyncio.create_task(bots.decide(f"t{n}", record, seat, "expert"))
                for n, (record, seat) in enumerate(positions)
            ]
            while not [key async for key in client.scan_iter(ALIVE_PREFIX + "*")]:
                await asyncio.sleep(0.001)
            os.kill(worker.process.pid, signal.SIGKILL)
            found = await asyncio.gather(*deciding)
            return found, bots, time.monotonic() - began
        finally:
            await client.aclose()
            await bots.aclose()

    found, bots, took = asyncio.run(run())
    worker.process.wait(TIMEOUT)
    for (record, seat), decided in zip(positions, found, strict=True):
        assert isinstance(decided, Decision), decided
        assert (decided.action, decided.pace) == local_decision(record, seat, "expert")
    assert bots.tally.workers + bots.tally.local == 12
    assert bots.tally.recovered == bots.tally.local >= 10
    assert took < 8.0
    gone_within(thinkers, 5.0)
    assert queue_of(redis_url) == (0, [])
