"""One server process's link to the others, through Redis (``serve --redis``).

PostgreSQL holds the truth (tables, seats, moves); Redis carries what happens between the
processes (``docs/deploy.md``, ``docs/server.md`` « Plusieurs serveurs »):

- the channel ``ludotheque:tables`` (pub/sub): each change a process makes to a table is
  announced there; every other process reads the table again from storage and tells its own
  sockets (``server/shared_tables.py`` says what the messages hold);
- a renewable lease per table in play, ``ludotheque:bail:<table>``: the table's clocks,
  hourglasses, bot turns and slow-game deadlines run in the one process holding it; a process
  that dies stops renewing, and another takes the table within a lease's length;
- a heartbeat per process, ``ludotheque:processus:<name>``: the processes alive (the sockets of
  one that died no longer count as connected).

When Redis does not answer, :attr:`Cluster.up` is False: the process holds no lease (its
clocks and bots stop: another process may take their tables), and the server refuses the
changes it could not announce; the link is retried every half second, and when it is back the
process reads every table again (:attr:`Cluster.on_link`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import Callable, Iterable
from typing import Any

import orjson
from redis.asyncio import Redis
from redis.exceptions import RedisError

from ludotheque.core.json_types import JsonObject

__all__ = [
    "CHANNEL",
    "LEASE_PREFIX",
    "PROCESS_PREFIX",
    "Cluster",
    "Solo",
    "lease_seconds",
    "process_name",
    "shown_redis",
]

logger = logging.getLogger(__name__)

CHANNEL = "ludotheque:tables"
LEASE_PREFIX = "ludotheque:bail:"
PROCESS_PREFIX = "ludotheque:processus:"
DEFAULT_LEASE = 5.0  # seconds; $LUDOTHEQUE_LEASE_SECONDS
RETRY = 0.5  # seconds between two tries of a lost link

# Renew (or release) a lease only if this process still holds it.
_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('del', KEYS[1])
end
return 0
"""


def lease_seconds(environ: dict[str, str] | None = None) -> float:
    """The length of a lease: ``$LUDOTHEQUE_LEASE_SECONDS`` (at least 0.5), else 5 s.

    >>> lease_seconds({"LUDOTHEQUE_LEASE_SECONDS": "2"})
    2.0
    >>> lease_seconds({})
    5.0
    """
    value = (os.environ if environ is None else environ).get("LUDOTHEQUE_LEASE_SECONDS")
    try:
        return max(0.5, float(value)) if value else DEFAULT_LEASE
    except ValueError:
        return DEFAULT_LEASE


def process_name() -> str:
    """A name for this process among the others: host, pid, and a random part (a pid is
    reused after a restart)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


def shown_redis(url: str) -> str:
    """A Redis URL as it may be printed: without its password.

    >>> shown_redis("redis://:secret@cache:6379/0")
    'redis://***@cache:6379/0'
    """
    scheme, _, rest = url.partition("://")
    if "@" in rest:
        rest = "***@" + rest.rsplit("@", 1)[1]
    return f"{scheme}://{rest}"


class Solo:
    """The leases of a server alone (no ``--redis``): it runs every table."""

    up = True

    def holds(self, table_id: str) -> bool:
        return True


class Cluster:
    """This process's link to Redis: the channel, the leases it holds, the processes alive."""

    def __init__(self, url: str, *, lease: float | None = None, name: str | None = None) -> None:
        self.url = url
        self.name = process_name() if name is None else name
        self.lease = lease_seconds() if lease is None else lease
        self.redis: Redis = Redis.from_url(
            url,
            socket_timeout=max(1.0, self.lease / 2),
            socket_connect_timeout=max(1.0, self.lease / 2),
            health_check_interval=max(1, int(self.lease)),
        )
        self.up = False  # the channel is listened to and Redis answers
        self.held: set[str] = set()  # the tables whose lease this process holds
        self.alive: set[str] = set()  # the processes whose heartbeat was last seen
        self.sent = 0  # messages published (the health endpoint shows them)
        self.heard = 0  # messages received from the others
        self._subscribed = False
        self._ever_up = False
        self._outbox: asyncio.Queue[bytes] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)
        # What the server does (``server/shared_tables.py`` sets them):
        self.on_message: Callable[[JsonObject], None] = lambda _message: None
        # The link came (True) or went (False); ``again``: it had been up before.
        self.on_link: Callable[[bool, bool], None] = lambda _up, _again: None
        # A lease taken (True) or lost (False).
        self.on_lease: Callable[[str, bool], None] = lambda _table, _held: None
        # Processes whose heartbeat stopped.
        self.on_gone: Callable[[set[str]], None] = lambda _names: None
        # The tables that need a process to run them (those in play).
        self.wanted: Callable[[], Iterable[str]] = lambda: ()

    # --- life -----------------------------------------------------------------------------------

    def start(self) -> None:
        """Start listening, sending and beating (in the server's event loop)."""
        self._outbox = asyncio.Queue()
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._listen()),
            loop.create_task(self._send()),
            loop.create_task(self._beat()),
        ]

    async def close(self) -> None:
        """Stop, and hand back the leases held (another process takes them at once)."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(RedisError, OSError):
            for table_id in list(self.held):
                await self._release(keys=[LEASE_PREFIX + table_id], args=[self.name])
            await self.redis.delete(PROCESS_PREFIX + self.name)
        self.held.clear()
        with contextlib.suppress(RedisError, OSError):
            await self.redis.aclose()

    # --- the channel ------------------------------------------------------------------------------

    def holds(self, table_id: str) -> bool:
        """This process runs the table's clocks and bots."""
        return table_id in self.held

    def send(self, message: JsonObject) -> None:
        """Announce ``message`` to the other processes (dropped while the link is down: they
        read every table again when it is back)."""
        if self.up and self._outbox is not None:
            self._outbox.put_nowait(orjson.dumps({**message, "de": self.name}))

    async def _send(self) -> None:
        assert self._outbox is not None
        while True:
            data = await self._outbox.get()
            try:
                await self.redis.publish(CHANNEL, data)
                self.sent += 1
            except (RedisError, OSError) as error:
                self._set_up(False, error)

    async def _listen(self) -> None:
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                await self.redis.ping()
                self._subscribed = True
                self._set_up(True)
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is None or message.get("type") != "message":
                        continue
                    self._deliver(message["data"])
            except (RedisError, OSError) as error:
                self._subscribed = False
                self._set_up(False, error)
                await asyncio.sleep(RETRY)
            finally:
                with contextlib.suppress(RedisError, OSError, RuntimeError):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]

    def _deliver(self, data: bytes) -> None:
        try:
            message = orjson.loads(data)
        except orjson.JSONDecodeError:
            logger.warning("message illisible sur %s : %r", CHANNEL, data[:100])
            return
        if not isinstance(message, dict) or message.get("de") == self.name:
            return
        self.heard += 1
        try:
            self.on_message(message)
        except Exception:  # one bad message must not stop the listening
            logger.exception("message de %s non traité", message.get("de"))

    def _set_up(self, up: bool, error: BaseException | None = None) -> None:
        if up == self.up:
            return
        self.up = up
        again = False
        if up:
            again = self._ever_up
            self._ever_up = True
            if again:
                logger.warning("Redis (%s) répond de nouveau : les tables sont relues", self.shown)
        else:
            logger.warning(
                "Redis (%s) ne répond plus (%s) : coups refusés, robots et horloges arrêtés "
                "jusqu'à son retour",
                self.shown,
                error,
            )
            self._lose_all()
        self.on_link(up, again)

    @property
    def shown(self) -> str:
        return shown_redis(self.url)

    # --- leases and heartbeats ------------------------------------------------------------------

    async def acquire(self, table_id: str) -> bool:
        """Take a table's lease if nobody holds it (True: this process runs it now)."""
        if table_id in self.held:
            return True
        if not self.up:
            return False
        try:
            got = await self.redis.set(
                LEASE_PREFIX + table_id, self.name, nx=True, px=int(self.lease * 1000)
            )
        except (RedisError, OSError) as error:
            self._set_up(False, error)
            return False
        if got and self.up:
            self.held.add(table_id)
            self.on_lease(table_id, True)
        return bool(got)

    def _lose(self, table_id: str) -> None:
        if table_id in self.held:
            self.held.discard(table_id)
            self.on_lease(table_id, False)

    def _lose_all(self) -> None:
        for table_id in list(self.held):
            self._lose(table_id)

    async def _beat(self) -> None:
        while True:
            try:
                await self.beat()
            except (RedisError, OSError) as error:
                self._set_up(False, error)
            await asyncio.sleep(self.lease / 3)

    async def beat(self) -> None:
        """One heartbeat: say this process lives, renew its leases, take the tables nobody
        runs, and notice the processes that died."""
        px = int(self.lease * 1000)
        await self.redis.set(PROCESS_PREFIX + self.name, "1", px=px)
        if self._subscribed and not self.up:
            self._set_up(True)
        if not self.up:
            return
        held = sorted(self.held)
        if held:
            async with self.redis.pipeline(transaction=False) as pipe:
                for table_id in held:
                    await self._renew(
                        keys=[LEASE_PREFIX + table_id], args=[self.name, px], client=pipe
                    )
                renewed = await pipe.execute()
            for table_id, kept in zip(held, renewed, strict=True):
                if not kept:
                    logger.warning("table %s : bail perdu", table_id)
                    self._lose(table_id)
        wanted = set(self.wanted())
        for table_id in sorted(self.held - wanted):  # over: the lease goes back
            await self._release(keys=[LEASE_PREFIX + table_id], args=[self.name])
            self.held.discard(table_id)
        for table_id in sorted(wanted - self.held):
            await self.acquire(table_id)
        alive = {
            key.decode()[len(PROCESS_PREFIX) :]
            async for key in self.redis.scan_iter(match=PROCESS_PREFIX + "*", count=1000)
        }
        gone = self.alive - alive
        self.alive = alive
        if gone:
            self.on_gone(gone)

    def status(self) -> dict[str, Any]:
        """What the health endpoint says of the link."""
        return {
            "redis": self.up,
            "processus": self.name,
            "baux": len(self.held),
            "processus_vivants": len(self.alive),
        }
