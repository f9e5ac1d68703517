"""A fair queue for the bot workers: decisions wait their turn by each table's share of the
workers' time, not in arrival order.

When decisions wait, a freed worker goes to the waiting table that has used the workers least
lately (worker-seconds, halved every :data:`HALF_LIFE` seconds; between equals, the one served
least recently: round-robin), and within a table in order. So a table whose bots ask for many
decisions at once (twelve bots in a simultaneous phase, a table that moves on and makes its
bots think again) or for long ones (Expert bots playing on their own) does not delay the quick
bot of a table where a person waits for it; and as a waiting table's use keeps halving, every
table is served in the end: none starves. Tables where nobody waits (bots playing alone) hold
at most all places but one, so a person's table always finds one within a decision of another
person's table.

>>> import asyncio
>>> async def order() -> list[str]:
...     queue, served = FairQueue(1), []
...     await queue.acquire("busy")  # the only slot is taken
...     async def ask(table: str) -> None:
...         await queue.acquire(table)
...         served.append(table)
...         queue.release(table, 1.0)
...     tasks = [asyncio.create_task(ask(t)) for t in ["busy", "busy", "calm", "other"]]
...     await asyncio.sleep(0)
...     queue.release("busy", 1.0)
...     await asyncio.gather(*tasks)
...     return served
>>> asyncio.run(order())
['calm', 'other', 'busy', 'busy']
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable

__all__ = ["HALF_LIFE", "FairQueue"]

HALF_LIFE = 30.0  # seconds for a table's use of the workers to count half


class FairQueue:
    """``slots`` places shared by keys (table ids): a freed place goes to the waiting key that
    used the places least lately, then in order within a key."""

    def __init__(self, slots: int, clock: Callable[[], float] = time.monotonic) -> None:
        if slots < 1:
            raise ValueError("a fair queue needs at least one slot")
        self.slots = slots
        self.free = slots
        self.clock = clock
        # key -> its waiters in order; the dict's order breaks ties (first to wait first)
        self.waiting: dict[str, deque[asyncio.Future[None]]] = {}
        self.used: dict[str, tuple[float, float]] = {}  # key -> (seconds used, as of when)
        self.served: dict[str, int] = {}  # key -> number of its last grant (ties: least recent)
        self.grants = 0
        self.people: dict[str, bool] = {}  # key -> a person waits for it (as last asked)
        self.unwatched_cap = max(1, slots - 1)  # places bots alone may hold at once
        self.unwatched = 0  # places held for keys no person waits for

    @property
    def waiters(self) -> int:
        """How many acquisitions are waiting."""
        return sum(len(queue) for queue in self.waiting.values())

    def usage(self, key: str, now: float) -> float:
        """Worker-seconds ``key`` used, each counting half after :data:`HALF_LIFE` seconds."""
        seconds, when = self.used.get(key, (0.0, now))
        return float(seconds * 0.5 ** ((now - when) / HALF_LIFE))

    def _may_take(self, key: str) -> bool:
        return self.people.get(key, True) or self.unwatched < self.unwatched_cap

    def _grant(self, key: str) -> None:
        self.grants += 1
        self.served[key] = self.grants
        if not self.people.get(key, True):
            self.unwatched += 1

    async def acquire(self, key: str, people: bool = True) -> None:
        """Wait for a place; the caller must :meth:`release` it. ``people``: a person waits
        for this decision (bots playing alone never hold every place: one stays for people's
        tables)."""
        self.people[key] = people
        ahead = any(self._may_take(k) for k in self.waiting)  # others that may take a place
        if self.free > 0 and not ahead and self._may_take(key):
            self.free -= 1
            self._grant(key)
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(key, deque()).append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release(key, 0.0, people)  # granted just as it was cancelled: pass it on
            else:
                self._forget(key, waiter)
            raise

    def release(self, key: str, seconds: float, people: bool = True) -> None:
        """``key`` is done with its place after using it ``seconds`` (``people``: as it was
        asked for): give the place to the waiting key that used places least lately (among
        those that may take it), else free it."""
        now = self.clock()
        if not people:
            self.unwatched -= 1
        self.used[key] = (self.usage(key, now) + seconds, now)
        if len(self.used) > 4 * len(self.waiting) + 1000:  # forget tables long idle
            self.used = {k: v for k, v in self.used.items() if self.usage(k, now) > 1e-3}
            self.served = {k: v for k, v in self.served.items() if k in self.used}
            self.people = {k: v for k, v in self.people.items() if k in self.used}
        while True:
            eligible = [k for k in self.waiting if self._may_take(k)]
            if not eligible:
                break
            chosen = min(
                eligible, key=lambda k: (round(self.usage(k, now), 3), self.served.get(k, -1))
            )
            queue = self.waiting[chosen]
            waiter = queue.popleft()
            if not queue:
                del self.waiting[chosen]
            if not waiter.done():
                waiter.set_result(None)
                self._grant(chosen)
                return
        self.free = min(self.slots, self.free + 1)

    def _forget(self, key: str, waiter: asyncio.Future[None]) -> None:
        queue = self.waiting.get(key)
        if queue is None:
            return
        try:
            queue.remove(waiter)
        except ValueError:
            return
        if not queue:
            del self.waiting[key]
