"""A fair queue for the bot workers: decisions wait their turn round-robin, table by table.

A table whose bots ask for many decisions at once (twelve bots in a simultaneous phase, a
table that moves on and makes its bots think again) gets one worker slot per round, like any
other table: a decision never waits for more than one decision of each other table ahead of
it (per free slot), so no table's bots starve another's.

>>> import asyncio
>>> async def order() -> list[str]:
...     queue, served = FairQueue(1), []
...     await queue.acquire("busy")  # the only slot is taken
...     async def ask(table: str) -> None:
...         await queue.acquire(table)
...         served.append(table)
...         queue.release()
...     tasks = [asyncio.create_task(ask(t)) for t in ["busy", "busy", "busy", "calm"]]
...     await asyncio.sleep(0)
...     queue.release()
...     await asyncio.gather(*tasks)
...     return served
>>> asyncio.run(order())
['busy', 'calm', 'busy', 'busy']
"""

from __future__ import annotations

import asyncio
from collections import deque

__all__ = ["FairQueue"]


class FairQueue:
    """``slots`` places shared by keys (table ids), granted round-robin between keys and in
    order within a key."""

    def __init__(self, slots: int) -> None:
        if slots < 1:
            raise ValueError("a fair queue needs at least one slot")
        self.slots = slots
        self.free = slots
        # key -> its waiters in order; the dict's order is the round (first key served next)
        self.waiting: dict[str, deque[asyncio.Future[None]]] = {}

    @property
    def waiters(self) -> int:
        """How many acquisitions are waiting."""
        return sum(len(queue) for queue in self.waiting.values())

    async def acquire(self, key: str) -> None:
        """Wait for a slot; the caller must :meth:`release` it."""
        if self.free > 0 and not self.waiting:
            self.free -= 1
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(key, deque()).append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release()  # granted just as it was cancelled: pass the slot on
            else:
                self._forget(key, waiter)
            raise

    def release(self) -> None:
        """Give the slot to the first waiter of the next key in the round, else free it."""
        while self.waiting:
            key = next(iter(self.waiting))
            queue = self.waiting.pop(key)
            waiter = queue.popleft()
            if queue:
                self.waiting[key] = queue  # this key goes to the end of the round
            if not waiter.done():
                waiter.set_result(None)
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
