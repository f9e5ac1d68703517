"""Bots seated at server tables: they decide away from the event loop, within a time budget.

A bot decides from its seat's :class:`~ludotheque.bots.base.Observation` only. The decision
runs in a worker (a process pool by default, so a strong bot thinking does not slow other
tables; a thread for tests), which rebuilds the table's state from its record and keeps the
last state of each table to extend it by the new moves only. Draws are seeded from the table's
seed, the seat and the number of actions the seat has played, so the same game gives the same
bot moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, NamedTuple, Protocol, TypeVar

from ludotheque.bots.base import Bot, Observation
from ludotheque.bots.base import decide as bot_decision
from ludotheque.bots.levels import LEVELS
from ludotheque.bots.simulate import derive_seed
from ludotheque.bots.table import bot_table, make_bot
from ludotheque.core.json_types import JsonValue
from ludotheque.core.moves import replay_move
from ludotheque.core.protocol import Game, State
from ludotheque.core.record import GameRecord
from ludotheque.core.registry import Registry
from ludotheque.core.rng import Rng

from .fairness import FairQueue

__all__ = [
    "DEFAULT_LEVEL",
    "LEVEL_TITLES",
    "BotRunner",
    "Bots",
    "Decision",
    "Missed",
    "bot_levels",
    "decide",
    "default_bot_workers",
    "fallback_action",
    "level_names",
    "level_portrait",
    "robot_names",
]

LEVEL_TITLES = {
    **{name: profile.title for name, profile in LEVELS.items()},
    # Tables stored before the four levels keep their engines, under these names.
    "random": "Hasard",
    "greedy": "Glouton",
    "strong": "Calculateur",
}
DEFAULT_LEVEL = "intermediaire"

ROBOT_NAMES: dict[str, tuple[str, ...]] = {
    # A level's robots have first names with its initial: Denis is a Débutant, Inès an
    # Intermédiaire, Félix Fort, Émile Expert. Twelve each: a table has at most twelve seats.
    level: tuple(names.split())
    for level, names in {
        "debutant": "Denis Delphine Damien Diane Dorian Daphné Didier Dounia David Dalila "
        "Dimitri Danielle",
        "intermediaire": "Inès Igor Irène Ivan Isabelle Ilan Iris Isaac Ingrid Ismaël Ida Ivo",
        "fort": "Félix Fanny Fabien Flore Farida Florent Françoise Frédéric Fatou Fernand "
        "Fleur Firmin",
        "expert": "Émile Élise Étienne Emma Edgar Estelle Éric Éva Elliot Eugénie Ernest Elsa",
        # The engines of tables stored before the levels: Hasard, Glouton, Calculateur.
        "random": "Hugo Hélène Henri Hortense Hector Héloïse Hamid Hanna Hervé Hermine Honoré Hind",
        "greedy": "Gaston Gaëlle Gilles Garance Gustave Ginette Gabin Gisèle Guy Gwen Gérard Gaïa",
        "strong": "Cyril Claire Constant Céline Cédric Chloé Clément Corinne Charles Coralie "
        "Cyprien Capucine",
    }.items()
}


def robot_names(levels: Sequence[str | None], people: Iterable[str]) -> list[str | None]:
    """Each robot seat's first name (None for the other seats), from its level's list.

    ``levels``: each seat's level, None for a person; ``people``: the names people chose at
    the table. A robot takes the name of its seat's rank in its level's list, so its name
    stays when other seats change; it skips a name a person or an earlier robot already has.

    >>> robot_names(["fort", None, "debutant", "debutant"], ["Alice"])
    ['Félix', None, 'Damien', 'Diane']
    >>> robot_names([None, "debutant"], ["delphine"])
    [None, 'Damien']
    """
    taken = {name.casefold() for name in people}
    names: list[str | None] = []
    for seat, level in enumerate(levels):
        if level is None:
            names.append(None)
            continue
        pool = ROBOT_NAMES.get(level) or ROBOT_NAMES[DEFAULT_LEVEL]
        rotated = [pool[(seat + step) % len(pool)] for step in range(len(pool))]
        name = next((n for n in rotated if n.casefold() not in taken), f"{pool[0]} {seat + 1}")
        taken.add(name.casefold())
        names.append(name)
    return names


logger = logging.getLogger(__name__)
T = TypeVar("T")

_lock = threading.Lock()
_states: dict[tuple[str, int], tuple[GameRecord, State[Any]]] = {}
_bots: dict[tuple[str, str], Bot] = {}
_registry: Registry | None = None


def bot_levels(game: Game[Any, Any]) -> list[str]:
    """The levels a game offers at its tables, weakest first (``debutant`` … ``expert``; the
    engines ``random``, ``greedy``… stay for ``simulate`` and the benchmarks)."""
    return bot_table(game).levels()


def level_portrait(game: Game[Any, Any], name: str) -> str:
    """What kind of player a level is, in this game: in the game's own terms where its bot
    table has some (Gremlins has no words to know), else the level's own sentence."""
    return bot_table(game).portrait(name)


def level_names(game: Game[Any, Any]) -> list[str]:
    """Every bot name a table of ``game`` may hold: its levels, then the engines of tables
    stored before the levels existed (they keep playing as they did)."""
    return bot_table(game).names()


def _games() -> Registry:
    global _registry
    if _registry is None:
        from ludotheque.games import default_registry

        _registry = default_registry()
    return _registry


def _game(name: str) -> Game[Any, Any]:
    return _games().get(name)


def _state(table_id: str, record: GameRecord, game: Game[Any, Any]) -> State[Any]:
    key = (table_id, record.seed)
    with _lock:
        cached = _states.get(key)
    if cached is not None:
        old, state = cached
        if old.moves == record.moves[: len(old.moves)]:
            for move in record.moves[len(old.moves) :]:
                state = replay_move(game, state, move.seat, move.action).after
        else:
            state = record.replay(game)
    else:
        state = record.replay(game)
    with _lock:
        if len(_states) > 2000:
            _states.clear()
        _states[key] = (record, state)
    return state


def bot_seed(record: GameRecord, seat: int) -> int:
    """The seed of a bot's next decision: table seed, seat, actions it has played."""
    played = sum(1 for move in record.moves if move.seat == seat)
    return derive_seed(record.seed, seat, played)


def decide(table_id: str, record_text: str, seat: int, level: str) -> tuple[JsonValue, float]:
    """The bot's action (JSON) for ``seat`` at the end of the record, and the seconds a person
    of its level would take to find it (:func:`~ludotheque.bots.base.decide`; 0 if the bot
    does not say).

    Runs in a worker."""
    record = GameRecord.loads(record_text)
    game = _game(record.game)
    state = _state(table_id, record, game)
    with _lock:
        bot = _bots.get((game.info.name, level))
        if bot is None:
            bot = make_bot(game, level)
            _bots[(game.info.name, level)] = bot
    observation = Observation.of(game, state, seat)
    decision = bot_decision(bot, observation, Rng.from_seed(bot_seed(record, seat)).draws())
    return game.encode_action(decision.action), max(0.0, decision.seconds)


def warm_up() -> None:
    """Load what bots need (the games, the word lists, their indexes) with one decision of
    the first two levels of each game on a fresh deal. Runs in a worker when the server
    starts, so the first bot of a table does not wait for it."""
    for game in _games():
        players = max(2, min(mode.min_players for mode in game.info.modes))
        record = GameRecord(game.info.name, players, 1, game.info.resolve_options(players, {}))
        seat = min(record.replay(game).to_move())
        for level in bot_levels(game)[:2]:
            decide(f"(démarrage) {game.info.name}", record.dumps(), seat, level)


def fallback_action(game: Game[Any, Any], state: State[Any], record: GameRecord, seat: int) -> Any:
    """A random legal action, when a bot overruns its budget or a clock runs out."""
    draws = Rng.from_seed(derive_seed(bot_seed(record, seat), 1)).draws()
    return state.sample_action(seat, draws)


def default_bot_workers() -> int:
    """The bot workers of a server: one process per core this process may run on (they run
    at a lower priority than the event loop, :data:`WORKER_NICENESS`, so thinking bots never
    take a core from the people's moves)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, cores)


WORKER_NICENESS = 10  # added to the workers' niceness: the event loop goes first
THREAD_SLOTS = 2  # decisions at once when bots think in threads (``workers=0``, tests)


def _lower_priority() -> None:
    with contextlib.suppress(OSError, AttributeError):
        os.nice(WORKER_NICENESS)


class Decision(NamedTuple):
    """A bot's decision: its action (JSON), its thinking time (:func:`decide`), and how long it
    waited for a worker and ran there (seconds)."""

    action: JsonValue
    pace: float
    waited: float
    ran: float


class Missed(NamedTuple):
    """No decision from the worker: why (in French, for the log)."""

    reason: str


class Bots(Protocol):
    """What the server asks of whoever thinks for its bots: :class:`BotRunner` (this process's
    workers) or :class:`~ludotheque.server.bot_queue.QueuedBots` (the Redis queue's workers,
    this process's when none lives)."""

    async def decide(
        self, table_id: str, record: GameRecord, seat: int, level: str, people: bool = True
    ) -> Decision | Missed: ...

    async def run(self, key: str, function: Callable[..., T], *args: Any) -> T: ...

    def warm(self) -> list[asyncio.Task[None]]: ...

    def close(self) -> None: ...


class BotRunner:
    """Runs :func:`decide` in a pool of processes (``workers`` > 0; None: one per core) or of
    threads (0), at most one decision per worker at once, handed out fairly between tables
    (:class:`~ludotheque.server.fairness.FairQueue`: by each table's share of the workers'
    time).

    ``budget``: seconds a decision may take once a worker runs it; ``patience``: seconds it
    may wait for a free worker (default: the budget). Past either, :meth:`decide` gives up
    (:class:`Missed`) and the caller plays a fallback move and says so in the log. A decision
    given up on keeps its worker until it really ends, so the pool is never oversubscribed."""

    def __init__(
        self,
        workers: int | None = None,
        budget: float = 10.0,
        *,
        patience: float | None = None,
        threads: int = THREAD_SLOTS,
    ) -> None:
        if workers is None:
            workers = default_bot_workers()
        self.budget = budget
        self.patience = budget if patience is None else patience
        self.executor: Executor
        if workers > 0:
            self.slots = workers
            self.executor = ProcessPoolExecutor(
                max_workers=workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_lower_priority,
            )
        else:
            self.slots = threads
            self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="bot")
        self.queue = FairQueue(self.slots)

    async def decide(
        self, table_id: str, record: GameRecord, seat: int, level: str, people: bool = True
    ) -> Decision | Missed:
        """The bot's decision, or why there is none. ``people``: a person plays at the table
        (else the bots play alone: their decisions wait for a worker as long as needed, and
        never take the last one)."""
        loop = asyncio.get_running_loop()
        asked = loop.time()
        try:
            await asyncio.wait_for(
                self.queue.acquire(table_id, people), self.patience if people else None
            )
        except TimeoutError:
            return Missed(f"aucun processus libre pendant {self.patience:g} s")
        began = loop.time()

        def freed(_done: object) -> None:
            ran = time.monotonic() - start
            with contextlib.suppress(RuntimeError):  # the loop closed with the server
                loop.call_soon_threadsafe(self.queue.release, table_id, ran, people)

        call: Callable[..., tuple[JsonValue, float]] = decide  # looked up now (tests patch it)
        start = time.monotonic()
        try:
            running = self.executor.submit(call, table_id, record.dumps(), seat, level)
        except BaseException:
            self.queue.release(table_id, 0.0, people)
            raise
        running.add_done_callback(freed)
        try:
            action, pace = await asyncio.wait_for(
                asyncio.shield(asyncio.wrap_future(running)), self.budget
            )
            return Decision(action, pace, began - asked, loop.time() - began)
        except TimeoutError:
            return Missed(f"hors budget ({self.budget:g} s)")
        except Exception as error:  # a bot's bug must not stall its table
            logger.exception("robot %s (table %s, place %d) en erreur", level, table_id, seat + 1)
            return Missed(f"erreur du robot ({type(error).__name__})")

    async def run(self, key: str, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker: long work other than a bot's decision (a finished
        game's analysis, ``server/analyses.py``). It waits in the fair queue under ``key`` as
        the work of a table where no person waits: it never takes the last worker, and has no
        budget (its function bounds its own work)."""
        await self.queue.acquire(key, people=False)
        loop = asyncio.get_running_loop()
        start = time.monotonic()
        try:
            running = self.executor.submit(function, *args)
        except BaseException:
            self.queue.release(key, 0.0, people=False)
            raise

        def freed(_done: object) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed with the server
                loop.call_soon_threadsafe(self.queue.release, key, time.monotonic() - start, False)

        running.add_done_callback(freed)
        return await asyncio.wrap_future(running)

    def warm(self) -> list[asyncio.Task[None]]:
        """Warm every worker up (:func:`warm_up`), through the fair queue like a decision."""
        if isinstance(self.executor, ThreadPoolExecutor):
            return []  # threads share the server's memory: nothing to load
        return [asyncio.create_task(self._warm()) for _ in range(self.slots)]

    async def _warm(self) -> None:
        key = "(démarrage)"
        await self.queue.acquire(key)
        loop = asyncio.get_running_loop()
        start = time.monotonic()
        try:
            running = self.executor.submit(warm_up)
        except BaseException:
            self.queue.release(key, 0.0)
            raise

        def freed(done: Future[None]) -> None:
            if not done.cancelled() and done.exception() is not None:
                logger.warning("préparation des robots en erreur : %r", done.exception())
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self.queue.release, key, time.monotonic() - start)

        running.add_done_callback(freed)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
