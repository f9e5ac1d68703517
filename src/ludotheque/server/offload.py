"""Work too long for the event loop: reading a custom card file, dealing a game, replaying a
finished table or building its replay runs in a thread, a few at once.

The rules are pure Python, so such a thread still takes turns with the event loop for the
interpreter (every 5 ms, ``sys.getswitchinterval``): other tables keep answering while it
runs, which is the point; :data:`HEAVY_AT_ONCE` bounds how many run together, so a flood of
such requests waits its turn instead of taking every thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

__all__ = ["HEAVY_AT_ONCE", "Offload"]

HEAVY_AT_ONCE = 2
T = TypeVar("T")


class Offload:
    """Runs a function in a thread, at most ``at_once`` together."""

    def __init__(self, at_once: int = HEAVY_AT_ONCE) -> None:
        self.at_once = at_once
        self._gate: asyncio.Semaphore | None = None  # made in the server's loop

    async def run(self, function: Callable[..., T], *args: object) -> T:
        if self._gate is None:
            self._gate = asyncio.Semaphore(self.at_once)
        async with self._gate:
            return await asyncio.to_thread(function, *args)
