"""The other end of the bots' queue: a ``ludotheque worker`` thinks for the servers' bots.

An arq worker (:func:`make_worker`) takes the jobs of :data:`~ludotheque.server.bot_queue.QUEUE`
and hands each to a process pool of its own (:func:`start_thinkers`, warmed up before the
first job): a strong bot's search runs there, so the worker's event loop stays free to renew
arq's health-check key each second and each job's ALIVE key (the server watches both). The
decision is :func:`ludotheque.server.robots.decide`, the same function the server's own runner
calls: seeded from the record, it gives the same move wherever it runs.

:func:`work` runs the worker until SIGINT or SIGTERM; when Redis goes away it says so and
connects again each second, keeping its warm processes. ``docs/server.md``, « File d'attente
des robots (ludotheque worker) ».
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.synchronize import Barrier
from typing import Any

from arq.connections import ArqRedis
from arq.worker import Retry, Worker, func

from ludotheque.core.json_types import JsonValue

from . import robots
from .bot_queue import (
    ALIVE_EVERY,
    ALIVE_PREFIX,
    ALIVE_TTL,
    FUNCTION,
    HEALTH_EVERY,
    QUEUE,
    REDIS_ERRORS,
    RETRY_SECONDS,
    connect,
    describe,
    dump,
    load,
    shown_redis,
)

__all__ = ["decide_job", "make_worker", "start_thinkers", "stop_thinkers", "work"]

POLL = 0.02  # seconds between a worker's looks at the queue
JOB_TIMEOUT = 120.0  # a decision is cancelled past this (the server gave up long before)
KEEP_RESULT = 60.0  # seconds a decision's result stays in Redis
MAX_TRIES = 3  # a job is tried again when a worker stopping cleanly puts it back
WARM_TIMEOUT = 300.0  # seconds the thinkers may take to load the games and word lists


# --- the thinking processes ----------------------------------------------------------------------


def _prepare(ready: Barrier) -> None:
    """A thinking process starts: it ignores Ctrl-C (its worker stops it), yields the CPU to
    its worker's loop, exits with its worker, loads what bots need, and waits for the others."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError, AttributeError):
        os.nice(robots.WORKER_NICENESS)
    parent = os.getppid()

    def orphaned() -> None:  # a worker killed (kill -9) leaves no thinker behind
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=orphaned, name="parent-watch", daemon=True).start()
    robots.warm_up()
    with contextlib.suppress(threading.BrokenBarrierError):
        ready.wait(WARM_TIMEOUT)


async def start_thinkers(jobs: int) -> ProcessPoolExecutor:
    """``jobs`` processes, each warmed up (:func:`~ludotheque.server.robots.warm_up`) before
    this returns."""
    context = multiprocessing.get_context("spawn")
    ready = context.Barrier(jobs)
    thinkers = ProcessPoolExecutor(
        jobs, mp_context=context, initializer=_prepare, initargs=(ready,)
    )
    # One call a process: each starts a process (they start on demand), whose initializer
    # returns only once every one is warm.
    calls = [asyncio.wrap_future(thinkers.submit(os.getpid)) for _ in range(jobs)]
    await asyncio.wait_for(asyncio.gather(*calls), WARM_TIMEOUT)
    return thinkers


def stop_thinkers(thinkers: ProcessPoolExecutor) -> None:
    """Stop the thinking processes now, thinking or not (their jobs are the server's to redo)."""
    thinkers.shutdown(wait=False, cancel_futures=True)
    children = multiprocessing.active_children()  # this worker's own: the pool's processes
    for child in children:
        child.terminate()
    for child in children:
        child.join(5)


# --- the job -------------------------------------------------------------------------------------


async def decide_job(
    ctx: dict[str, Any], table_id: str, record_text: str, seat: int, level: str
) -> list[JsonValue]:
    """arq's job :data:`~ludotheque.server.bot_queue.FUNCTION`: the bot's ``[action, pace]``
    (:func:`~ludotheque.server.robots.decide`), thought in a process of the pool while this
    loop renews the job's ALIVE key.

    A pool whose process died (killed, out of memory) can think no more: the job goes back to
    the queue (arq's ``Retry``), this worker stops taking jobs and :func:`work` ends."""
    redis: ArqRedis = ctx["redis"]
    thinkers: Executor = ctx["thinkers"]
    alive, ttl = ALIVE_PREFIX + str(ctx["job_id"]), int(ALIVE_TTL * 1000)
    await redis.set(alive, str(ctx["name"]), px=ttl)
    try:
        thinking = asyncio.get_running_loop().run_in_executor(
            thinkers, robots.decide, table_id, record_text, seat, level
        )
        while not (await asyncio.wait({thinking}, timeout=ALIVE_EVERY))[0]:
            with contextlib.suppress(*REDIS_ERRORS):  # Redis back in time gets the result
                await redis.set(alive, str(ctx["name"]), px=ttl)
        action, pace = thinking.result()
        return [action, pace]
    except BrokenProcessPool:
        ctx["worker"].allow_pick_jobs = False
        ctx["broken"].set()
        raise Retry() from None
    finally:
        with contextlib.suppress(*REDIS_ERRORS):
            await redis.delete(alive)


def make_worker(
    redis: ArqRedis, thinkers: Executor, jobs: int, name: str, broken: asyncio.Event
) -> Worker:
    """The arq worker of the bots' queue on ``redis``: ``jobs`` decisions at once, its health
    renewed each :data:`~ludotheque.server.bot_queue.HEALTH_EVERY` second, JSON jobs;
    ``broken`` is set when its pool can think no more."""
    worker = Worker(
        functions=[func(decide_job, name=FUNCTION, timeout=JOB_TIMEOUT, max_tries=MAX_TRIES)],
        queue_name=QUEUE,
        redis_pool=redis,
        max_jobs=jobs,
        poll_delay=POLL,
        health_check_interval=HEALTH_EVERY,
        keep_result=KEEP_RESULT,
        job_serializer=dump,
        job_deserializer=load,
        handle_signals=False,  # work() has its own: it outlives one connection to Redis
        ctx={"thinkers": thinkers, "name": name, "broken": broken},
        log_results=False,
    )
    worker.ctx["worker"] = worker
    return worker


# --- the command's loop --------------------------------------------------------------------------


async def work(url: str, jobs: int, say: Callable[[str], None] = print) -> int:
    """Think for the servers' bots until SIGINT or SIGTERM (what happens is told through
    ``say``, in French); the exit status: 0, or 1 when a thinking process died (a supervisor
    starts the worker again). Redis lost: said, then tried again each second."""
    loop = asyncio.get_running_loop()
    stop, broken = asyncio.Event(), asyncio.Event()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop.set)
    shown = shown_redis(url)
    say(f"ludotheque worker : préparation de {jobs} processus (jeux, dictionnaires, robots)…")
    thinkers = await start_thinkers(jobs)
    name = f"{socket.gethostname()}:{os.getpid()}"
    down = False  # « Redis injoignable » said, not yet « à l'écoute » again
    try:
        while not stop.is_set() and not broken.is_set():
            redis = connect(url)
            try:
                await redis.ping()
            except REDIS_ERRORS as error:
                if not down:
                    say(
                        f"ludotheque worker : Redis injoignable ({shown}, {describe(error)}) ; "
                        f"nouvel essai toutes les {RETRY_SECONDS:g} s"
                    )
                down = True
                with contextlib.suppress(*REDIS_ERRORS):
                    await redis.aclose()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), RETRY_SECONDS)
                continue
            plural = "s" if jobs > 1 else ""
            say(
                f"ludotheque worker : à l'écoute de la file {QUEUE} sur {shown} "
                f"({jobs} décision{plural} à la fois, processus {name})"
            )
            down = False
            worker = make_worker(redis, thinkers, jobs, name, broken)
            await _serve(worker, stop, broken, shown, say)
            with contextlib.suppress(*REDIS_ERRORS):
                await redis.aclose()
    finally:
        stop_thinkers(thinkers)
    if broken.is_set():
        say(
            "ludotheque worker : un processus de réflexion s'est arrêté brutalement ; ses "
            "décisions sont rendues à la file. Arrêt (code 1) : relancez-le."
        )
        return 1
    say("ludotheque worker : arrêté.")
    return 0


async def _serve(
    worker: Worker,
    stop: asyncio.Event,
    broken: asyncio.Event,
    shown: str,
    say: Callable[[str], None],
) -> None:
    """Run ``worker`` until ``stop``, ``broken`` or its Redis fails; then close it (the jobs it
    was thinking go back to the queue, for another worker)."""
    running = asyncio.create_task(worker.async_run())
    stopping = [asyncio.create_task(stop.wait()), asyncio.create_task(broken.wait())]
    await asyncio.wait({running, *stopping}, return_when=asyncio.FIRST_COMPLETED)
    for task in stopping:
        task.cancel()
    error = running.exception() if running.done() and not running.cancelled() else None
    if error is not None:
        if not isinstance(error, REDIS_ERRORS):
            raise error
        say(f"ludotheque worker : liaison avec Redis perdue ({shown}, {describe(error)})")
    with contextlib.suppress(asyncio.CancelledError, *REDIS_ERRORS):
        await worker.close()
