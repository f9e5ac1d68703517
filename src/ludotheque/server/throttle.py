"""Flooding: rate limits per client (the ``limits`` package) and the cap on open sockets.

A client is an address (``request.client.host``; behind a reverse proxy uvicorn reads it from
``X-Forwarded-For`` when the proxy is trusted, ``--forwarded-allow-ips``). The values are
:class:`Limits`, passed to ``create_app`` (``ludotheque serve`` options); what they protect and
how each is tested: ``docs/security.md``, « Load and flooding ».

With a Redis URL (``serve --redis``) the counts are shared by every process on that Redis
(``server/shared_counts.py``); this process's memory keeps counting its own share too, and
decides alone while Redis does not answer (never refusing everyone, never failing a request).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from ludotheque.core.json_types import JsonObject

from .shared_counts import SharedCounts
from .tables import ApiError, in_words

__all__ = ["Limits", "RateLimited", "Throttle"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Limits:
    """What one client may ask of the server, and how long the lobby keeps idle tables."""

    table_creations: str = "20/minute;200/hour"  # new tables per client (``limits`` notation)
    socket_messages: str = "20/second;600/minute"  # messages of all its sockets per client
    sockets_per_client: int = 50  # WebSockets open at once per client
    chat_messages: str = "5 per 10 seconds;30/minute"  # a seat's chat messages at a table
    waiting_table_seconds: float = 24 * 3600.0  # a waiting table nobody joined expires
    finished_table_seconds: float = 600.0  # a finished table idle this long leaves memory
    sweep_seconds: float = 60.0  # how often the lobby looks for both
    account_creations: str = "30/hour;200/day"  # attempts to create an account per client
    login_failures_per_name: str = "10/15 minutes"  # wrong passwords for one account name
    login_failures_per_client: str = "30/15 minutes"  # wrong passwords from one client
    socket_counts_seconds: float = 15.0  # with Redis: a killed process's sockets count so long


class RateLimited(ApiError):
    """429: too many requests; ``retry_after``: whole seconds to wait (``Retry-After``)."""

    def __init__(self, code: str, message: str, retry_after: int) -> None:
        super().__init__(429, code, message)
        self.retry_after = retry_after


def _wait_text(seconds: int) -> str:
    return "1 seconde" if seconds <= 1 else f"{seconds} secondes"


class Throttle:
    """The rate limits and socket counts of a server process: in its memory, or shared by all
    processes through Redis (``redis``: its URL) with this memory as the fallback.

    ``clock``: the wall clock the waits are told against. ``process``: this process's name in
    Redis (default ``<host>:<pid>:<random>``). With Redis, :meth:`heartbeat` must be called at
    least every :attr:`heartbeat_seconds` (each call to the throttle also beats when due).
    """

    def __init__(
        self,
        limits: Limits,
        clock: Callable[[], float] = time.time,
        redis: str | None = None,
        process: str | None = None,
    ) -> None:
        self.limits = limits
        self.clock = clock
        self.limiter = MovingWindowRateLimiter(MemoryStorage())  # this process's own counts
        self.creations = parse_many(limits.table_creations)
        self.messages = parse_many(limits.socket_messages)
        self.chat_messages = parse_many(limits.chat_messages)
        self.sockets: Counter[str] = Counter()  # sockets open through this process
        self.accounts = parse_many(limits.account_creations)
        self.name_failures = parse_many(limits.login_failures_per_name)
        self.client_failures = parse_many(limits.login_failures_per_client)
        self.shared = (
            None
            if redis is None
            else SharedCounts(redis, limits.socket_counts_seconds, process=process)
        )
        self.heartbeat_seconds = limits.socket_counts_seconds / 3

    def _on_shared(self, operation: Callable[[SharedCounts], T]) -> T | None:
        """``operation`` on the shared counts; None when there are none or Redis is down (the
        caller then counts in memory). Writes this process's sockets first when a beat is due."""
        shared = self.shared
        if shared is None or not shared.ready():
            return None
        try:
            if shared.beat_due():
                shared.beat(self.sockets)
            result = operation(shared)
        except SharedCounts.errors as error:
            shared.lost(error)
            return None
        shared.answered()
        return result

    def heartbeat(self) -> None:
        """Renew this process's socket counts in Redis (nothing without Redis); also how a
        process finds Redis back when no request comes."""
        if self.shared is not None:
            self.shared.beat_at = 0.0
            self._on_shared(lambda shared: None)

    def close(self) -> None:
        """At the server's stop: its sockets stop counting in Redis; the connections close."""
        if self.shared is not None:
            self.shared.close()

    def _wait(
        self,
        limiter: MovingWindowRateLimiter,
        items: Sequence[RateLimitItem],
        namespace: str,
        who: str,
    ) -> int:
        """Whole seconds until ``who`` is under every limit of ``items`` again; 0 if it is."""
        refused = [item for item in items if not limiter.test(item, namespace, who)]
        if not refused:
            return 0
        reset = max(limiter.get_window_stats(item, namespace, who)[0] for item in refused)
        return max(1, math.ceil(reset - self.clock()))

    def _hit_on(
        self,
        limiter: MovingWindowRateLimiter,
        items: Sequence[RateLimitItem],
        namespace: str,
        who: str,
    ) -> int:
        """In memory: test every limit, then count in each (a refused request counts nowhere)."""
        wait = self._wait(limiter, items, namespace, who)
        if not wait:
            for item in items:
                limiter.hit(item, namespace, who)
        return wait

    def _hit_shared(
        self,
        limiter: MovingWindowRateLimiter,
        items: Sequence[RateLimitItem],
        namespace: str,
        who: str,
    ) -> int:
        """In Redis: count in each limit, shortest window first, stopping at the first that
        refuses (one atomic script each: one round trip per limit, half of testing first).
        A request refused by a longer window was counted in the shorter ones only, whose
        entries are gone within their own window."""
        for item in sorted(items, key=lambda item: item.get_expiry()):
            if not limiter.hit(item, namespace, who):
                reset = limiter.get_window_stats(item, namespace, who)[0]
                return max(1, math.ceil(reset - self.clock()))
        return 0

    def _hit(self, items: Sequence[RateLimitItem], namespace: str, client: str) -> int:
        """Count one request; 0 if allowed, else the whole seconds to wait."""
        wait = self._on_shared(
            lambda shared: self._hit_shared(shared.limiter, items, namespace, client)
        )
        if wait is None:
            return self._hit_on(self.limiter, items, namespace, client)
        if not wait:  # this process's share, for when Redis is down
            for item in items:
                self.limiter.hit(item, namespace, client)
        return wait

    def create_table(self, client: str) -> None:
        """A table is about to be created by ``client``: :class:`RateLimited` if too many."""
        wait = self._hit(self.creations, "tables", client)
        if wait:
            raise RateLimited(
                "trop_de_tables",
                f"Trop de tables créées depuis votre adresse : réessayez dans {_wait_text(wait)}.",
                wait,
            )

    def create_account(self, client: str) -> None:
        """``client`` asks for an account: :class:`RateLimited` if it asked too often (every
        attempt counts, a name already taken too: asking is how one learns a name exists)."""
        wait = self._hit(self.accounts, "comptes", client)
        if wait:
            raise RateLimited(
                "trop_de_comptes",
                f"Trop de comptes créés depuis votre adresse : réessayez dans {_wait_text(wait)}.",
                wait,
            )

    def _failures_wait(self, key: str, client: str) -> int:
        def wait(limiter: MovingWindowRateLimiter) -> int:
            return max(
                self._wait(limiter, self.name_failures, "echecs-nom", key),
                self._wait(limiter, self.client_failures, "echecs-client", client),
            )

        shared = self._on_shared(lambda shared: wait(shared.limiter))
        return wait(self.limiter) if shared is None else shared

    def check_login(self, key: str, client: str) -> None:
        """Before a password is checked for the account name ``key`` (:func:`name_key`) from
        ``client``: :class:`RateLimited` when either had too many wrong passwords lately (the
        password is then not even checked)."""
        wait = self._failures_wait(key, client)
        if wait:
            raise RateLimited(
                "trop_de_tentatives",
                f"Trop de tentatives de connexion : réessayez dans {in_words(wait)}.",
                wait,
            )

    def login_failed(self, key: str, client: str) -> None:
        """A wrong password for the name ``key`` from ``client``: counted for both."""

        def count(limiter: MovingWindowRateLimiter) -> None:
            for item in self.name_failures:
                limiter.hit(item, "echecs-nom", key)
            for item in self.client_failures:
                limiter.hit(item, "echecs-client", client)

        self._on_shared(lambda shared: count(shared.limiter))
        count(self.limiter)

    def message(self, client: str) -> int:
        """A socket message from ``client``: 0 if it may be read, else the seconds to wait."""
        return self._hit(self.messages, "messages", client)

    def chat(self, table_id: str, seat: int) -> int:
        """A chat message of a seat at a table: 0 if it may be written, else the seconds to
        wait (``server/chat_socket.py``)."""
        return self._hit(self.chat_messages, "chat", f"{table_id}:{seat}")

    @staticmethod
    def message_refused(wait: int) -> JsonObject:
        """The ``erreur`` sent for a message over the limit (the socket stays open)."""
        return {
            "type": "erreur",
            "code": "trop_de_messages",
            "message": f"Trop de messages : attendez {_wait_text(wait)} avant d'en envoyer "
            "d'autres.",
            "seq": None,
            "attente": wait,
        }

    @staticmethod
    def chat_refused(wait: int) -> JsonObject:
        """The ``erreur`` sent for a chat message over its seat's rate (nothing is stored)."""
        return {
            "type": "erreur",
            "code": "chat_trop_rapide",
            "message": f"Vous écrivez trop vite : attendez {_wait_text(wait)} avant votre "
            "prochain message.",
            "seq": None,
            "attente": wait,
        }

    def open_socket(self, client: str) -> bool:
        """Count a socket opened by ``client``; False (not counted) when it has too many
        (through every process, or through this one while Redis is down)."""
        cap = self.limits.sockets_per_client
        allowed = self._on_shared(lambda shared: shared.open_socket(client, cap))
        if allowed is None:
            allowed = self.sockets[client] < cap
        if allowed:
            self.sockets[client] += 1
        return allowed

    def close_socket(self, client: str) -> None:
        self.sockets[client] -= 1
        if self.sockets[client] <= 0:
            del self.sockets[client]
        self._on_shared(lambda shared: shared.close_socket(client))

    def sockets_refused(self) -> JsonObject:
        """The ``erreur`` sent before closing a socket over the cap."""
        cap = self.limits.sockets_per_client
        return {
            "type": "erreur",
            "code": "trop_de_connexions",
            "message": f"Trop de connexions ouvertes depuis votre adresse (au plus {cap}) : "
            "fermez des onglets de la ludothèque, puis rechargez la page.",
            "seq": None,
        }
