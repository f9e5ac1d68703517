"""The counters several server processes share in Redis: the rate limits and the open sockets.

With ``serve --redis``, :class:`~ludotheque.server.throttle.Throttle` keeps its counts here so a
client flooding two processes is limited as one (``docs/server.md``, « Limites partagées »):

- **Rates**: the ``limits`` package's own Redis storage (moving windows, one list per client
  and limit, each bounded and expiring with its window), keys ``ludotheque:limites:…``.
- **Open sockets**: each process writes its own counts, one hash ``ludotheque:sockets:<process>``
  (``{client: sockets open}``) that expires ``ttl`` seconds after the process last renewed it
  (:meth:`SharedCounts.beat`, every third of it); the set ``ludotheque:sockets:processus`` names
  the hashes. A client's count is the sum over the hashes that still exist, so the sockets of a
  process killed with SIGKILL stop counting ``ttl`` seconds later, with nobody cleaning up. Each
  beat writes the process's whole count again (from its memory, the truth of its own sockets),
  so a Redis restarted empty, or sockets opened while Redis was down, are counted again.

When Redis does not answer, :class:`SharedCounts` says it is down (logged once, ``WARNING``)
and the throttle counts in this process's memory; it tries Redis again every
``RETRY_SECONDS`` and logs its return. Calls are synchronous and bounded by ``TIMEOUT``: well
under a millisecond on a local network, at worst ``TIMEOUT`` once per ``RETRY_SECONDS`` when
Redis hangs.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
import time
from collections.abc import Callable, Mapping
from typing import Any, cast

import redis
from limits.errors import StorageError
from limits.storage import RedisStorage
from limits.strategies import MovingWindowRateLimiter

__all__ = ["RETRY_SECONDS", "TIMEOUT", "SharedCounts", "process_name"]

logger = logging.getLogger(__name__)

PREFIX = "ludotheque:"
TIMEOUT = 0.25  # seconds a Redis call may take before Redis is taken for down
RETRY_SECONDS = 2.0  # while down, Redis is tried again this often
PROCESSES = f"{PREFIX}sockets:processus"  # the set of the processes' socket hashes

# KEYS[1]: the set of the hashes, KEYS[2]: this process's hash; ARGV: client, cap, ttl (ms).
# Sums the client's sockets over the live processes (forgetting the hashes that expired), and
# counts one more for this process unless the sum is at the cap: 1 if counted, 0 if not.
OPEN_SOCKET = """
local total = 0
for _, hash in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', hash) == 0 then
    redis.call('SREM', KEYS[1], hash)
  else
    total = total + tonumber(redis.call('HGET', hash, ARGV[1]) or '0')
  end
end
if total >= tonumber(ARGV[2]) then
  return 0
end
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('SADD', KEYS[1], KEYS[2])
return 1
"""

# KEYS[1]: this process's hash; ARGV: client. One socket fewer, never below zero.
CLOSE_SOCKET = """
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then
  redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
"""


def process_name() -> str:
    """This process's name in Redis: ``<host>:<pid>:<random>`` (a restart is a new process)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class SharedCounts:
    """One process's counters in Redis, and whether Redis answers.

    ``ttl``: seconds a process's socket counts outlive its last :meth:`beat`. ``monotonic``:
    the clock of the retries and beats (tests may inject one).
    """

    errors = (StorageError, redis.RedisError)  # what a call raises when Redis does not answer

    def __init__(
        self,
        url: str,
        ttl: float,
        process: str | None = None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.url = url
        self.ttl = ttl
        self.monotonic = monotonic
        self.process = process or process_name()
        self.hash = f"{PREFIX}sockets:{self.process}"
        self.redis = redis.Redis.from_url(
            url, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT, health_check_interval=0
        )
        storage = RedisStorage(
            url,
            connection_pool=self.redis.connection_pool,
            key_prefix=f"{PREFIX}limites",
            wrap_exceptions=True,
        )
        self.limiter = MovingWindowRateLimiter(storage)
        self.open_script = self.redis.register_script(OPEN_SOCKET)
        self.close_script = self.redis.register_script(CLOSE_SOCKET)
        self.down_since: float | None = None  # monotonic time Redis stopped answering
        self.retry_at = 0.0
        self.beat_at = 0.0  # when the next beat is due

    # --- whether Redis answers ------------------------------------------------------------------

    def ready(self) -> bool:
        """Redis may be asked: it answered last time, or it is time to try again."""
        return self.down_since is None or self.monotonic() >= self.retry_at

    def lost(self, error: BaseException) -> None:
        """A call failed: Redis is down until :meth:`ready` says to try again (logged once)."""
        now = self.monotonic()
        self.retry_at = now + RETRY_SECONDS
        self.beat_at = 0.0  # on its return, this process's sockets are written again at once
        if self.down_since is None:
            self.down_since = now
            logger.warning(
                "limites : Redis ne répond pas (%s : %s) ; ce processus compte seul les limites "
                "et les connexions jusqu'à son retour",
                type(error).__name__,
                error,
            )

    def answered(self) -> None:
        """A call succeeded: if Redis was down, it is back (logged)."""
        if self.down_since is not None:
            away = self.monotonic() - self.down_since
            self.down_since = None
            logger.warning(
                "limites : Redis répond de nouveau (après %.0f s) ; limites et connexions de "
                "nouveau partagées entre les processus",
                away,
            )

    @property
    def down(self) -> bool:
        return self.down_since is not None

    # --- open sockets ---------------------------------------------------------------------------

    def beat_due(self) -> bool:
        return self.monotonic() >= self.beat_at

    def beat(self, sockets: Mapping[str, int]) -> None:
        """Write this process's open sockets per client again, for ``ttl`` seconds."""
        ttl_ms = max(1, round(self.ttl * 1000))
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.delete(self.hash)
            counts = {client: count for client, count in sockets.items() if count > 0}
            if counts:
                pipe.hset(self.hash, mapping=cast(Any, counts))
                pipe.pexpire(self.hash, ttl_ms)
                pipe.sadd(PROCESSES, self.hash)
            pipe.execute()
        self.beat_at = self.monotonic() + self.ttl / 3

    def open_socket(self, client: str, cap: int) -> bool:
        """Count a socket of ``client`` unless all processes together have ``cap`` open."""
        ttl_ms = max(1, round(self.ttl * 1000))
        return bool(self.open_script(keys=[PROCESSES, self.hash], args=[client, cap, ttl_ms]))

    def close_socket(self, client: str) -> None:
        self.close_script(keys=[self.hash], args=[client])

    def open_sockets(self, client: str) -> int:
        """Sockets ``client`` has open through every live process (for tests and monitoring)."""
        total = 0
        for name in cast(set[bytes], self.redis.smembers(PROCESSES)):
            total += int(cast(Any, self.redis.hget(name.decode(), client)) or 0)
        return total

    def close(self) -> None:
        """A clean stop: this process's sockets stop counting now; the connections close."""
        try:
            with self.redis.pipeline(transaction=True) as pipe:
                pipe.delete(self.hash)
                pipe.srem(PROCESSES, self.hash)
                pipe.execute()
        except self.errors:
            pass  # the hash expires by itself
        finally:
            self.redis.close()
            self.redis.connection_pool.disconnect()
