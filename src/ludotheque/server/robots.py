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
import multiprocessing
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

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

__all__ = [
    "DEFAULT_LEVEL",
    "LEVEL_TITLES",
    "BotRunner",
    "bot_levels",
    "decide",
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


def _game(name: str) -> Game[Any, Any]:
    global _registry
    if _registry is None:
        from ludotheque.games import default_registry

        _registry = default_registry()
    return _registry.get(name)


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


def fallback_action(game: Game[Any, Any], state: State[Any], record: GameRecord, seat: int) -> Any:
    """A random legal action, when a bot overruns its budget or a clock runs out."""
    draws = Rng.from_seed(derive_seed(bot_seed(record, seat), 1)).draws()
    return state.sample_action(seat, draws)


class BotRunner:
    """Runs :func:`decide` in a pool of processes (``workers`` > 0) or of threads (0)."""

    def __init__(self, workers: int = 1, budget: float = 10.0) -> None:
        self.budget = budget
        self.executor: Executor
        if workers > 0:
            self.executor = ProcessPoolExecutor(
                max_workers=workers, mp_context=multiprocessing.get_context("spawn")
            )
        else:
            self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")

    async def decide(
        self, table_id: str, record: GameRecord, seat: int, level: str
    ) -> tuple[JsonValue, float] | None:
        """The bot's action and its pace (:func:`decide`), or None when it overran its budget."""
        loop = asyncio.get_running_loop()
        call: Callable[..., tuple[JsonValue, float]] = decide
        future = loop.run_in_executor(self.executor, call, table_id, record.dumps(), seat, level)
        try:
            return await asyncio.wait_for(future, self.budget)
        except TimeoutError:
            return None

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
