"""Bots under load (issue 17, item 3): bot-only tables kept busy do not starve the bot of a
table where a person plays, and a random move instead of a decision is always logged.

The scheduler and the bot runner are driven directly (no HTTP), with bots that take a fixed
time to decide (``robots.decide`` wrapped with a sleep) in the runner's threads.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import Any

import pytest

from ludotheque.games.encheres import Encheres
from ludotheque.server import robots
from ludotheque.server.fairness import FairQueue
from ludotheque.server.robots import BotRunner
from ludotheque.server.scheduler import BotScheduler
from ludotheque.server.storage import SeatRow, Storage, TableRow
from ludotheque.server.tables import BOT, HUMAN, WAITING, TableSession, hash_token

SLOW = 0.05  # seconds each decision takes in a worker
THINK = 0.5  # the thinking time every bot asks for (its move is played then, not before)
BUSY_TABLES, BOTS_EACH = 6, 5  # bot-only tables, all their bots deciding at once


def table(storage: Storage, table_id: str, seats: list[SeatRow]) -> TableSession:
    game = Encheres()
    options = game.info.resolve_options(len(seats), {"manches": 10})
    row = TableRow(table_id, "encheres", len(seats), 7, options, 0, WAITING, 0)
    storage.create_table(row, seats)
    session = TableSession(game, row, seats, storage)
    session.start(0)
    return session


def bot_only(storage: Storage, table_id: str) -> TableSession:
    return table(storage, table_id, [SeatRow(s, BOT, "random") for s in range(BOTS_EACH)])


def with_a_person(storage: Storage, table_id: str) -> TableSession:
    alice = SeatRow(0, HUMAN, None, "Alice", hash_token("jeton"))
    return table(storage, table_id, [alice, SeatRow(1, BOT, "random")])


def test_a_fair_queue_serves_the_table_that_used_the_workers_least() -> None:
    """One table asks for 40 decisions, then two others for one each: with one slot, the
    latecomers, who have not used the workers yet, go before the busy table's next ones."""

    async def run() -> list[str]:
        queue, served = FairQueue(1), []

        async def ask(key: str) -> None:
            await queue.acquire(key)
            served.append(key)
            await asyncio.sleep(0)
            queue.release(key, 1.0)

        await queue.acquire("busy")  # a decision of the busy table runs
        busy = [asyncio.create_task(ask("busy")) for _ in range(40)]
        await asyncio.sleep(0)
        late = [asyncio.create_task(ask(key)) for key in ("calm", "other")]
        await asyncio.sleep(0)
        queue.release("busy", 1.0)
        await asyncio.gather(*busy, *late)
        return served

    served = asyncio.run(run())
    assert served[:3] == ["calm", "other", "busy"], served
    assert served.count("busy") == 40


def test_bots_playing_alone_always_leave_a_worker_for_peoples_tables() -> None:
    """With two workers, tables of bots alone hold one at most: a person's table's bot gets the
    other at once, however many bot-only decisions wait (they wait, they are not dropped)."""

    async def run() -> tuple[int, bool, int]:
        queue = FairQueue(2)
        alone = [asyncio.create_task(queue.acquire(f"alone{n}", people=False)) for n in range(5)]
        await asyncio.sleep(0)
        running_alone = sum(task.done() for task in alone)
        person = asyncio.create_task(queue.acquire("person", people=True))
        await asyncio.sleep(0)
        served_at_once = person.done()
        queue.release("person", 0.1, people=True)
        queue.release("alone0", 5.0, people=False)  # the next bot-only decision goes on
        await asyncio.sleep(0)
        return running_alone, served_at_once, sum(task.done() for task in alone)

    running_alone, served_at_once, alone_done = asyncio.run(run())
    assert running_alone == 1 and served_at_once and alone_done == 2


def test_a_table_that_used_the_workers_much_is_still_served_in_the_end() -> None:
    """A table that used the workers for 100 s waits while three others keep asking (1 s each,
    one at a time): its use halves every 30 s while it waits, so it is served after about 80
    of their decisions, not never."""
    now = [0.0]

    async def run() -> int:
        queue = FairQueue(1, clock=lambda: now[0])
        await queue.acquire("heavy")
        queue.release("heavy", 100.0)
        await queue.acquire("light0")
        heavy = asyncio.create_task(queue.acquire("heavy"))
        grants = 0
        while not heavy.done() and grants < 1000:
            key = f"light{grants % 3}"
            nxt = asyncio.create_task(queue.acquire(f"light{(grants + 1) % 3}"))
            await asyncio.sleep(0)
            now[0] += 1.0
            queue.release(key, 1.0)
            await asyncio.sleep(0)
            grants += 1
            if heavy.done():
                nxt.cancel()
                break
            await nxt
        return grants

    grants = asyncio.run(run())
    assert 30 < grants < 200, grants


def test_busy_bot_only_tables_do_not_starve_the_bot_of_a_table_with_a_person(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Six bot-only tables ask for 30 decisions at once; then a person's table starts. Its
    bot's decision is served after a few of theirs at most (it has used the workers least; in
    arrival order it would wait for all 30) and is back before its thinking time is over."""
    real_decide = robots.decide
    starts: list[str] = []
    done_at: dict[str, float] = {}

    def slow_decide(table_id: str, record: str, seat: int, level: str) -> Any:
        starts.append(table_id)
        time.sleep(SLOW)
        action, _seconds = real_decide(table_id, record, seat, level)
        done_at.setdefault(table_id, time.monotonic())
        return action, THINK

    monkeypatch.setattr(robots, "decide", slow_decide)

    async def run() -> tuple[int, float, float]:
        storage = Storage("sqlite://")
        runner = BotRunner(0, budget=30.0)
        scheduler: BotScheduler

        def announce(session: TableSession) -> None:
            scheduler.changed(session)

        scheduler = BotScheduler(runner, announce, delay=0.0, pace=1.0)
        warm = bot_only(storage, "warm")  # the first decision loads the games: not timed
        real_decide(warm.id, warm.record.dumps(), 0, "random")
        try:
            for n in range(BUSY_TABLES):
                scheduler.schedule(bot_only(storage, f"busy{n}"))
            while len(starts) < 2:  # every busy bot has asked; the workers are taken
                await asyncio.sleep(0.005)
            person = with_a_person(storage, "person")
            before, scheduled = len(starts), time.monotonic()
            scheduler.schedule(person)
            while not any(move.seat == 1 for move in person.record.moves):
                await asyncio.sleep(0.01)
                assert time.monotonic() - scheduled < 10, "the bot never played"
            played = time.monotonic()
            ahead = starts.index("person") - before
            return ahead, done_at["person"] - scheduled, played - scheduled
        finally:
            scheduler.close()
            runner.close()
            storage.close()

    ahead, decided, played = asyncio.run(run())
    slots = 2  # the runner's threads
    assert ahead <= BUSY_TABLES + 2 * slots, f"{ahead} decisions of other tables went first"
    assert decided < THINK, f"decision back after {decided:.2f} s, thinking time {THINK} s"
    assert played >= THINK  # and it still took its thinking time


def test_a_random_move_instead_of_a_decision_is_logged_with_table_seat_and_reason(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A bot whose decision hangs past its budget plays a random move, and the log says which
    table, which seat and why; so does a bot that finds no free worker in time."""
    release = threading.Event()
    real_decide = robots.decide

    def hanging(table_id: str, record: str, seat: int, level: str) -> Any:
        if table_id == "hangs":
            release.wait(30)
        return real_decide(table_id, record, seat, level)

    monkeypatch.setattr(robots, "decide", hanging)

    async def run() -> tuple[TableSession, TableSession]:
        storage = Storage("sqlite://")
        runner = BotRunner(0, budget=0.3, patience=0.2, threads=1)
        scheduler = BotScheduler(runner, lambda s: None, delay=0.0, pace=0.0)
        try:
            hangs, waits = with_a_person(storage, "hangs"), with_a_person(storage, "waits")
            scheduler.schedule(hangs)
            await asyncio.sleep(0.05)  # its decision holds the only worker
            scheduler.schedule(waits)
            while not all(any(m.seat == 1 for m in s.record.moves) for s in (hangs, waits)):
                await asyncio.sleep(0.01)
            return hangs, waits
        finally:
            release.set()
            scheduler.close()
            runner.close()
            storage.close()

    with caplog.at_level(logging.WARNING, logger="ludotheque.server"):
        asyncio.run(run())
    lines = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("table hangs, place 2" in line and "hors budget" in line for line in lines), lines
    assert any(
        "table waits, place 2" in line and "aucun processus libre" in line for line in lines
    ), lines
