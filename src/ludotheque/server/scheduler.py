"""The bots' turns at the tables: when each bot thinks, and how long it seems to think.

The decision itself is the bot runner's (:class:`~ludotheque.server.robots.BotRunner`: a worker,
a budget); the scheduler starts a bot's turn when the table says it is its turn
(:meth:`BotScheduler.changed`), waits out its thinking time, thinks again when the table moves
meanwhile, plays its move and tells the table runner (``announce``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from functools import partial
from typing import Any

from ludotheque.core.errors import LudoError
from ludotheque.core.json_types import JsonValue

from .cluster import Solo
from .robots import DEFAULT_LEVEL, Bots, Missed, fallback_action
from .tables import BOT, HUMAN, PLAYING, ApiError, TableSession

__all__ = ["BotScheduler"]

logger = logging.getLogger(__name__)


class BotScheduler:
    """The bots thinking at the tables of one server process."""

    def __init__(
        self,
        bots: Bots,
        announce: Callable[[TableSession], None],
        *,
        delay: float = 0.0,
        pace: float = 1.0,
    ) -> None:
        self.bots = bots
        self.announce = announce  # tell everyone a table changed (TableRunner.changed)
        self.delay = delay
        self.pace = pace  # × the bots' own thinking times (0: bots play at once)
        self.thinking: set[tuple[str, int]] = set()
        self.moved: dict[str, asyncio.Event] = {}  # set (and dropped) when a table changes
        self.tasks: set[asyncio.Task[None]] = set()
        self.turns: dict[tuple[str, int], asyncio.Task[None]] = {}
        # Several server processes: a table's bots think in the process holding its lease.
        self.leases: Any = Solo()

    def changed(self, session: TableSession) -> None:
        """The table changed: wake the bots thinking there, start those whose turn it is."""
        moved = self.moved.pop(session.id, None)
        if moved is not None:
            moved.set()
        self.schedule(session)

    def schedule(self, session: TableSession) -> None:
        """Start the turn of each bot to move that is not thinking yet."""
        state = session.state
        if state is None or session.row.status != PLAYING or not self.leases.holds(session.id):
            return
        for seat in state.to_move():
            row = session.seats[seat]
            key = (session.id, seat)
            if row.kind == BOT and key not in self.thinking:
                self.thinking.add(key)
                task = asyncio.get_running_loop().create_task(self._bot_turn(session, seat))
                self.tasks.add(task)
                self.turns[key] = task
                task.add_done_callback(self.tasks.discard)
                task.add_done_callback(partial(self._turn_over, key))

    def _turn_over(self, key: tuple[str, int], _task: object) -> None:
        self.turns.pop(key, None)

    def forget(self, table_id: str) -> None:
        """This process no longer runs the table (its lease is lost): its bots stop thinking
        here (the process that takes the table thinks for them from the position)."""
        for key, task in list(self.turns.items()):
            if key[0] == table_id:
                task.cancel()

    def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()

    async def _bot_turn(self, session: TableSession, seat: int) -> None:
        """Decide in a worker, then play once the bot's thinking time has passed since its turn
        began (its decision's ``seconds`` × ``pace``, at least ``delay``: a word found
        after 15 s, a Gremlins action after 2 s…) — unless the table moved on meanwhile (a
        faster player, an hourglass, a word it must judge): then think again from the new
        position, at once; when it comes back to the same move, its thinking time still runs
        from when it first thought of it."""
        loop = asyncio.get_running_loop()
        try:
            refused = 0
            began: float | None = None  # when it began to think of ``previous``
            previous: JsonValue = None
            while refused < 3:
                state = session.state
                if state is None or seat not in state.to_move() or not self._plays(session, seat):
                    return
                ply, started = session.ply, loop.time()
                level = session.seats[seat].level or DEFAULT_LEVEL
                people = any(s.kind == HUMAN and s.token_hash for s in session.seats)
                decided = await self.bots.decide(
                    session.id, session.record, seat, level, people=people
                )
                if session.ply != ply:
                    continue  # the position moved on while it thought: think again
                if isinstance(decided, Missed):  # no decision in time: a random move, at once
                    logger.warning(
                        "robot %s (table %s, place %d) : %s ; coup au hasard",
                        level,
                        session.id,
                        seat + 1,
                        decided.reason,
                    )
                    action: JsonValue = session.game.encode_action(
                        fallback_action(session.game, state, session.record, seat)
                    )
                    pace = 0.0
                else:
                    action, pace = decided.action, decided.pace
                if began is not None and action == previous:
                    started = began  # the same move as before the table moved: it goes on
                began, previous = started, action
                wait = max(self.delay, pace * self.pace) - (loop.time() - started)
                if wait > 0:
                    # Watch the table while thinking: when it moves (a faster player, a word
                    # this bot must judge), think again at once rather than sleep on.
                    await self._until_moved(session, ply, wait)
                    if session.ply != ply:
                        continue
                state = session.state
                if state is None or seat not in state.to_move() or not self._plays(session, seat):
                    return  # (its person took the seat back meanwhile: the thought is dropped)
                if not self.leases.holds(session.id):
                    return  # another process runs the table now
                try:
                    session.play(seat, None, action)
                except (LudoError, ApiError):
                    refused += 1
                    continue
                if not isinstance(decided, Missed):
                    logger.debug(
                        "décision table=%s place=%d attente=%.4f calcul=%.4f voulu=%.4f joué=%.4f",
                        session.id,
                        seat + 1,
                        decided.waited,
                        decided.ran,
                        max(self.delay, pace * self.pace),
                        loop.time() - started,
                    )
                break
            else:
                state = session.state
                if state is None or seat not in state.to_move() or not self._plays(session, seat):
                    return
                logger.warning(
                    "robot (table %s, place %d) : coup refusé %d fois ; coup au hasard",
                    session.id,
                    seat + 1,
                    refused,
                )
                fallback = fallback_action(session.game, state, session.record, seat)
                session.play(seat, None, session.game.encode_action(fallback))
        finally:
            self.thinking.discard((session.id, seat))
        self.announce(session)

    @staticmethod
    def _plays(session: TableSession, seat: int) -> bool:
        """The seat is still a bot's."""
        return session.seats[seat].kind == BOT

    async def _until_moved(self, session: TableSession, ply: int, seconds: float) -> None:
        """Wait ``seconds``, or less if the table plays a move meanwhile (:meth:`changed`)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while session.ply == ply and (left := deadline - loop.time()) > 0:
            moved = self.moved.setdefault(session.id, asyncio.Event())
            try:
                await asyncio.wait_for(moved.wait(), left)
            except TimeoutError:
                return
