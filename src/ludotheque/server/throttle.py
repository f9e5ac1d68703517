"""Flooding: rate limits per client (the ``limits`` package) and the cap on open sockets.

A client is an address (``request.client.host``; behind a reverse proxy uvicorn reads it from
``X-Forwarded-For`` when the proxy is trusted, ``--forwarded-allow-ips``). The values are
:class:`Limits`, passed to ``create_app`` (``ludotheque serve`` options); what they protect and
how each is tested: ``docs/security.md``, « Load and flooding ».
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from ludotheque.core.json_types import JsonObject

from .tables import ApiError, in_words

__all__ = ["Limits", "RateLimited", "Throttle"]


@dataclass(frozen=True, slots=True)
class Limits:
    """What one client may ask of the server, and how long the lobby keeps idle tables."""

    table_creations: str = "20/minute;200/hour"  # new tables per client (``limits`` notation)
    socket_messages: str = "20/second;600/minute"  # messages of all its sockets per client
    sockets_per_client: int = 50  # WebSockets open at once per client
    waiting_table_seconds: float = 24 * 3600.0  # a waiting table nobody joined expires
    finished_table_seconds: float = 600.0  # a finished table idle this long leaves memory
    sweep_seconds: float = 60.0  # how often the lobby looks for both
    account_creations: str = "30/hour;200/day"  # attempts to create an account per client
    login_failures_per_name: str = "10/15 minutes"  # wrong passwords for one account name
    login_failures_per_client: str = "30/15 minutes"  # wrong passwords from one client


class RateLimited(ApiError):
    """429: too many requests; ``retry_after``: whole seconds to wait (``Retry-After``)."""

    def __init__(self, code: str, message: str, retry_after: int) -> None:
        super().__init__(429, code, message)
        self.retry_after = retry_after


def _wait_text(seconds: int) -> str:
    return "1 seconde" if seconds <= 1 else f"{seconds} secondes"


class Throttle:
    """The rate limits and socket counts of one server process (in memory)."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.time) -> None:
        self.limits = limits
        self.clock = clock
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.creations = parse_many(limits.table_creations)
        self.messages = parse_many(limits.socket_messages)
        self.sockets: Counter[str] = Counter()
        self.accounts = parse_many(limits.account_creations)
        self.name_failures = parse_many(limits.login_failures_per_name)
        self.client_failures = parse_many(limits.login_failures_per_client)

    def _hit(self, items: Sequence[RateLimitItem], namespace: str, client: str) -> int:
        """Count one request; 0 if allowed, else the whole seconds to wait (nothing counted)."""
        refused = [item for item in items if not self.limiter.test(item, namespace, client)]
        if refused:
            reset = max(self.limiter.get_window_stats(i, namespace, client)[0] for i in refused)
            return max(1, math.ceil(reset - self.clock()))
        for item in items:
            self.limiter.hit(item, namespace, client)
        return 0

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
        waits = [
            max(self.limiter.get_window_stats(item, namespace, who)[0] - self.clock(), 1)
            for items, namespace, who in (
                (self.name_failures, "echecs-nom", key),
                (self.client_failures, "echecs-client", client),
            )
            for item in items
            if not self.limiter.test(item, namespace, who)
        ]
        return math.ceil(max(waits)) if waits else 0

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
        for item in self.name_failures:
            self.limiter.hit(item, "echecs-nom", key)
        for item in self.client_failures:
            self.limiter.hit(item, "echecs-client", client)

    def message(self, client: str) -> int:
        """A socket message from ``client``: 0 if it may be read, else the seconds to wait."""
        return self._hit(self.messages, "messages", client)

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

    def open_socket(self, client: str) -> bool:
        """Count a socket opened by ``client``; False (not counted) when it has too many."""
        if self.sockets[client] >= self.limits.sockets_per_client:
            return False
        self.sockets[client] += 1
        return True

    def close_socket(self, client: str) -> None:
        self.sockets[client] -= 1
        if self.sockets[client] <= 0:
            del self.sockets[client]

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
