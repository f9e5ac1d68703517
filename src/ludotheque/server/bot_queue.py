"""Bots' decisions through a work queue in Redis (arq), thought by ``ludotheque worker``.

:class:`QueuedBots` stands where the server's :class:`~ludotheque.server.robots.BotRunner`
stands, with its interface. While at least one worker is alive (arq's health-check key of the
queue, :data:`HEALTH_KEY`, which every worker renews each second and which expires two seconds
after the last one stopped renewing it), a decision is a job of the queue :data:`QUEUE`; the
server awaits its result within the local runner's patience (waiting for a worker) and budget
(once a worker thinks). Otherwise — no worker, Redis unreachable — the server thinks itself
with its local runner, as without Redis.

A worker lost while a decision waits or runs (killed, its machine gone) does not cost a random
move: a job that no live worker can take is withdrawn and the local runner thinks instead
(decisions are seeded from the record, so it finds the same move the worker would have). The
job being thought is watched by its own key (:data:`ALIVE_PREFIX`), renewed by the worker while
it thinks. ``docs/server.md``, « File d'attente des robots (ludotheque worker) ».
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from arq.connections import ArqRedis
from arq.constants import in_progress_key_prefix, job_key_prefix, result_key_prefix
from arq.jobs import deserialize_result
from redis.asyncio.connection import parse_url
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError

from ludotheque.core.record import GameRecord

from .robots import BotRunner, Bots, Decision, Missed

__all__ = [
    "ALIVE_PREFIX",
    "FUNCTION",
    "HEALTH_KEY",
    "QUEUE",
    "QueuedBots",
    "Tally",
    "bots_for",
    "check_url",
    "connect",
    "dump",
    "load",
    "shown_redis",
]

logger = logging.getLogger(__name__)
T = TypeVar("T")

QUEUE = "ludotheque:robots"
"""The arq queue of the bots' decisions (a sorted set of job ids)."""
HEALTH_KEY = QUEUE + ":health-check"
"""arq's health-check key of the queue: present while at least one worker lives."""
ALIVE_PREFIX = QUEUE + ":vivant:"
"""+ a job id: present while a worker thinks about that job (renewed, short-lived)."""
FUNCTION = "decide"
"""The job's function, as workers register it."""
JOB_ID_PREFIX = "ludotheque-"
"""Job ids start with it (arq's own keys of a job keep arq's prefixes: ``arq:job:<id>``…)."""

HEALTH_EVERY = 1.0  # seconds between a worker's renewals of HEALTH_KEY (it lives one more)
ALIVE_EVERY = 0.3  # seconds between a worker's renewals of a job's ALIVE key
ALIVE_TTL = 1.5  # seconds an ALIVE key outlives its last renewal
ORPHAN_GRACE = 1.0  # seconds a started job may go without its ALIVE key before it is lost
POLL_FIRST, POLL_MAX = 0.005, 0.05  # seconds between two looks at a job: first, at most
RETRY_SECONDS = 1.0  # after Redis failed, seconds before it is tried again
REDIS_TIMEOUT = 2.0  # seconds a Redis command may take (connect: half)
LONG_WAIT = 3600.0  # a job of bots playing alone waits for a worker this long at most

REDIS_ERRORS = (RedisError, OSError)  # OSError: refused, reset, timed out (TimeoutError)


# --- what the server and the workers share ------------------------------------------------------


def dump(data: Any) -> bytes:
    """arq's serializer here: JSON (never pickle: a job is data, not code). A job's failure
    (an exception) is stored as its class name and message."""
    return json.dumps(data, ensure_ascii=False, default=_exception).encode()


def load(raw: bytes) -> Any:
    """arq's deserializer here (:func:`dump`)."""
    return json.loads(raw)


def _exception(value: object) -> object:
    if isinstance(value, BaseException):
        return {"exception": type(value).__name__, "message": str(value)[:500]}
    raise TypeError(f"{type(value).__name__} is not JSON")


def connect(url: str) -> ArqRedis:
    """An arq client of ``url`` (``redis://host:port/db``, ``rediss://``, ``unix://``), with
    short timeouts and this module's serializer; nothing is connected until its first command.
    A URL that cannot be read raises ValueError."""
    redis: ArqRedis = ArqRedis.from_url(
        url,
        socket_timeout=REDIS_TIMEOUT,
        socket_connect_timeout=REDIS_TIMEOUT / 2,
        # A connection Redis closed (it restarted) is tried again once, on a new connection.
        retry=Retry(NoBackoff(), 1),
        retry_on_error=[RedisConnectionError],
    )
    redis.job_serializer, redis.job_deserializer = dump, load
    redis.default_queue_name = QUEUE
    return redis


def check_url(url: str) -> None:
    """Raise ValueError (its reason in English, from redis-py) if ``url`` is no Redis URL.

    >>> check_url("redis://localhost:6379/0")
    >>> check_url("http://localhost")
    Traceback (most recent call last):
    ValueError: Redis URL must specify one of the following schemes (redis://, rediss://, unix://)
    """
    parse_url(url)


def shown_redis(url: str) -> str:
    """A Redis URL as it may be printed: without its password.

    >>> shown_redis("redis://:secret@cache:6380/2")
    'redis://***@cache:6380/2'
    >>> shown_redis("redis://127.0.0.1:6379/0")
    'redis://127.0.0.1:6379/0'
    """
    scheme, sep, rest = url.partition("://")
    if not sep or "@" not in rest.split("/", 1)[0]:
        return url
    return f"{scheme}://***@{rest.split('@', 1)[1]}"


def describe(error: BaseException) -> str:
    """An error in a log line: its class and first line."""
    text = str(error).strip().splitlines()[0][:200] if str(error).strip() else ""
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


# --- the server's side ---------------------------------------------------------------------------


@dataclass
class Tally:
    """The decisions of one server process, by who thought them."""

    workers: int = 0  # by a ``ludotheque worker``
    local: int = 0  # by this process's own runner (no worker, Redis unreachable, a worker lost)
    recovered: int = 0  # of ``local``: a worker was lost while the decision waited or ran

    def as_json(self) -> dict[str, int]:
        """For the health endpoint: ``{"travailleurs": …, "sur_place": …, "repris": …}``."""
        return {"travailleurs": self.workers, "sur_place": self.local, "repris": self.recovered}


class _Lost(NamedTuple):
    """No worker will answer this job (it was withdrawn): the server thinks itself."""

    reason: str


class QueuedBots:
    """Bots' decisions through the Redis queue when a worker lives, else by ``local``.

    The same interface as :class:`~ludotheque.server.robots.BotRunner` as the server uses it
    (:meth:`decide`, :meth:`run`, :meth:`warm`, :meth:`close`, ``budget``, ``patience``).
    ``local`` keeps thinking for this process: when no worker is alive, when Redis cannot be
    reached, when a worker is lost mid-decision; it also runs the analyses (:meth:`run`)."""

    def __init__(self, redis: str, local: BotRunner, *, retry: float = RETRY_SECONDS) -> None:
        check_url(redis)  # a URL that cannot be read stops the server now
        self.url = redis
        self.local = local
        self.retry = retry
        self.tally = Tally()
        self.down = False  # Redis failed and has not answered since
        self._retry_at = -math.inf  # monotonic time before which Redis is not tried again
        self._redis: ArqRedis | None = None
        self._loop: asyncio.AbstractEventLoop | None = None  # the loop ``_redis`` lives in
        self._chores: set[asyncio.Task[None]] = set()

    @property
    def budget(self) -> float:
        return self.local.budget

    @property
    def patience(self) -> float:
        return self.local.patience

    # --- deciding --------------------------------------------------------------------------------

    async def decide(
        self, table_id: str, record: GameRecord, seat: int, level: str, people: bool = True
    ) -> Decision | Missed:
        """The bot's decision, or why there is none (:meth:`BotRunner.decide
        <ludotheque.server.robots.BotRunner.decide>`): a worker's when one lives, else this
        process's own."""
        redis = await self._queue_open()
        if redis is None:
            return await self._locally(table_id, record, seat, level, people)
        loop = asyncio.get_running_loop()
        asked = loop.time()
        job_id = f"{JOB_ID_PREFIX}{uuid.uuid4().hex}"
        try:
            await redis.enqueue_job(
                FUNCTION,
                table_id,
                record.dumps(),
                seat,
                level,
                _job_id=job_id,
                _queue_name=QUEUE,
                _expires=(self.patience if people else LONG_WAIT) + self.budget + 10,
            )
            self._reached()
            outcome = await self._outcome(redis, job_id, people, asked)
        except REDIS_ERRORS as error:
            self._unreachable(error)
            self._later(self._withdraw(redis, job_id))
            outcome = _Lost("Redis injoignable")
        except asyncio.CancelledError:  # the table closed: the job is not needed any more
            self._later(self._withdraw(redis, job_id))
            raise
        if isinstance(outcome, _Lost):
            logger.warning(
                "robot %s (table %s, place %d) : %s ; le serveur réfléchit lui-même",
                level,
                table_id,
                seat + 1,
                outcome.reason,
            )
            self.tally.recovered += 1
            return await self._locally(table_id, record, seat, level, people)
        if isinstance(outcome, Decision):
            self.tally.workers += 1
        return outcome

    async def _locally(
        self, table_id: str, record: GameRecord, seat: int, level: str, people: bool
    ) -> Decision | Missed:
        self.tally.local += 1
        return await self.local.decide(table_id, record, seat, level, people=people)

    async def _queue_open(self) -> ArqRedis | None:
        """The Redis client when Redis answers and a worker lives; None otherwise."""
        if time.monotonic() < self._retry_at:
            return None
        redis = self._client()
        try:
            alive = bool(await redis.exists(HEALTH_KEY))
        except REDIS_ERRORS as error:
            self._unreachable(error)
            return None
        self._reached()
        return redis if alive else None

    async def _outcome(
        self, redis: ArqRedis, job_id: str, people: bool, asked: float
    ) -> Decision | Missed | _Lost:
        """Watch the job until its result, or until no worker can give one."""
        loop = asyncio.get_running_loop()
        started: float | None = None  # when it was first seen running
        seen_alive = False  # its worker's ALIVE key was seen
        orphan_since: float | None = None  # running without an ALIVE key since
        pause = POLL_FIRST
        while True:
            async with redis.pipeline(transaction=False) as pipe:
                pipe.get(result_key_prefix + job_id)
                pipe.exists(in_progress_key_prefix + job_id)
                pipe.exists(ALIVE_PREFIX + job_id)
                pipe.exists(HEALTH_KEY)
                pipe.zscore(QUEUE, job_id)
                raw, running, alive, workers, queued = await pipe.execute()
            now = loop.time()
            if raw is not None:
                return self._result(raw, asked, now)
            if queued is None:  # (arq keeps a job in its queue until its result is stored)
                return _Lost("tâche disparue de la file")
            if running:
                started = now if started is None else started
                if alive:
                    seen_alive, orphan_since = True, None
                else:
                    orphan_since = now if orphan_since is None else orphan_since
                    if seen_alive or now - orphan_since > ORPHAN_GRACE:
                        await self._withdraw(redis, job_id)
                        return _Lost("travailleur perdu pendant sa réflexion")
                if now - started > self.budget:
                    await self._withdraw(redis, job_id)
                    return Missed(f"hors budget ({self.budget:g} s)")
            else:
                # Waiting for a worker (again, after a worker stopped cleanly mid-job: arq
                # puts the job back in the queue for another).
                started, seen_alive, orphan_since = None, False, None
                if not workers and await self._withdraw(redis, job_id):
                    return _Lost("aucun travailleur en vie")
                if people and now - asked > self.patience and await self._withdraw(redis, job_id):
                    return Missed(f"aucun travailleur libre pendant {self.patience:g} s")
            await asyncio.sleep(pause)
            pause = min(POLL_MAX, pause * 1.5)

    def _result(self, raw: bytes, asked: float, now: float) -> Decision | Missed:
        info = deserialize_result(raw, deserializer=load)
        ran = max(0.0, (info.finish_time - info.start_time).total_seconds())
        if info.success:
            action, pace = info.result
            return Decision(action, max(0.0, float(pace)), max(0.0, now - asked - ran), ran)
        failure = info.result if isinstance(info.result, dict) else {}
        name = str(failure.get("exception", "inconnue"))
        logger.warning("robot en erreur chez un travailleur : %s", failure or info.result)
        return Missed(f"erreur du robot ({name})")

    @staticmethod
    async def _withdraw(redis: ArqRedis, job_id: str) -> bool:
        """Take the job out of the queue; True if no worker had taken it yet. A worker that
        has finds its job gone and records it as expired."""
        async with redis.pipeline(transaction=True) as pipe:
            pipe.zrem(QUEUE, job_id)
            pipe.delete(job_key_prefix + job_id)
            removed, _ = await pipe.execute()
        return bool(removed)

    # --- Redis's state ---------------------------------------------------------------------------

    def _client(self) -> ArqRedis:
        loop = asyncio.get_running_loop()
        if self._redis is None or self._loop is not loop:
            self._redis, self._loop = connect(self.url), loop
        return self._redis

    def _unreachable(self, error: BaseException) -> None:
        self._retry_at = time.monotonic() + self.retry
        if not self.down:
            self.down = True
            logger.warning(
                "Redis injoignable (%s, %s) : les robots réfléchissent sur ce serveur jusqu'à "
                "son retour",
                shown_redis(self.url),
                describe(error),
            )

    def _reached(self) -> None:
        if self.down:
            self.down = False
            logger.warning(
                "Redis de nouveau joignable (%s) : les robots repassent par la file %s",
                shown_redis(self.url),
                QUEUE,
            )

    def _later(self, chore: Any) -> None:
        """Run a clean-up coroutine on its own (its Redis errors only logged)."""

        async def run() -> None:
            try:
                await chore
            except REDIS_ERRORS as error:
                logger.debug("nettoyage de la file impossible : %s", describe(error))

        task = asyncio.get_running_loop().create_task(run())
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    # --- the rest, as BotRunner ------------------------------------------------------------------

    async def run(self, key: str, function: Callable[..., T], *args: Any) -> T:
        """Long work other than a decision (analyses): in the local runner
        (:meth:`BotRunner.run <ludotheque.server.robots.BotRunner.run>`)."""
        return await self.local.run(key, function, *args)

    def warm(self) -> list[asyncio.Task[None]]:
        """Warm the local runner up: it thinks whenever no worker can."""
        return self.local.warm()

    def close(self) -> None:
        """Stop the local runner; the Redis client closes in the background (or use
        :meth:`aclose` from the server's loop)."""
        self.local.close()
        redis, self._redis = self._redis, None
        if redis is not None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return
            if loop is self._loop:
                self._later(redis.aclose())

    async def aclose(self) -> None:
        """Stop the local runner and close the Redis client."""
        self.local.close()
        redis, self._redis = self._redis, None
        if redis is not None and self._loop is asyncio.get_running_loop():
            try:
                await redis.aclose()
            except REDIS_ERRORS as error:
                logger.debug("fermeture de Redis : %s", describe(error))


def bots_for(redis: str | None, local: BotRunner) -> BotRunner | QueuedBots:
    """The server's bots: ``local`` alone without Redis, else :class:`QueuedBots` over it."""
    return local if redis is None else QueuedBots(redis, local)


if TYPE_CHECKING:  # both stand where the server's bots stand (mypy checks it here)
    _queued: type[Bots] = QueuedBots
    _local: type[Bots] = BotRunner
