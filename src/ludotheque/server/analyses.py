"""The analyses of finished games: computed off the event loop when a game ends, stored, served.

When a table's game ends (the runner tells its watchers of every change), each person's seat
is analysed (:mod:`ludotheque.analysis`: each decision next to the Expert's) in a worker of
the bot pool (:meth:`~ludotheque.server.robots.BotRunner.run`: a process, never the last one
free, so the people's tables keep their bots' pace), a few tables at once (:data:`AT_ONCE`).
The notes are stored in ``analyses`` (one row a seat, with the analyser's version) and served
to that seat only (:meth:`Analyses.for_seat`): « pret » with the notes, « en_cours » while they
are computed, « indisponible » when the game has no analyser or its analysis failed (logged).

A row of an older version is redone when asked for; at start-up (:meth:`Analyses.resume`)
the analyses missing or outdated of the games finished in the last :data:`RECENT` seconds are
started again (a server stopped mid-analysis finishes it). ``docs/server.md``, « Analyse des
parties ».
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import and_, delete, select
from sqlalchemy.exc import SQLAlchemyError

from ludotheque.analysis import driver
from ludotheque.core.json_types import JsonObject, JsonValue

from .schema import analyses_table, seats_table, tables_table
from .storage import Storage
from .tables import HUMAN, OVER, TableSession

__all__ = ["AT_ONCE", "READY", "RECENT", "RUNNING", "UNAVAILABLE", "Analyses"]

logger = logging.getLogger(__name__)

RECENT = 7 * 24 * 3600.0
"""Games finished this recently (seconds) get their missing analyses at start-up; older ones
when someone asks for them."""
AT_ONCE = 2
"""Analyses read and computed together; the others wait their turn."""
READY, RUNNING, UNAVAILABLE = "pret", "en_cours", "indisponible"
ENDED_KEPT = 10_000
"""Finished tables remembered as heard (a table's later changes do not start it again)."""
KEY = "(analyses)"
"""The analyses' key in the workers' fair queue: together, they count as one table."""

Compute = Callable[[str, Callable[..., Any], str, int], Awaitable[Any]]
"""How a function runs in a worker: ``(key, function, record text, seat)`` → its result."""


class Analyses:
    """The analyses of the finished games of one server (see the module doc)."""

    def __init__(
        self,
        storage: Storage,
        compute: Compute,
        *,
        recent: float = RECENT,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.storage, self.compute, self.recent, self.clock = storage, compute, recent, clock
        self.tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self.ended: set[str] = set()  # finished tables whose end was heard (this process)
        self.computed = 0  # analyses computed by this process (the tests read it)
        self._gate: asyncio.Semaphore | None = None  # made in the server's loop

    # --- when games end ------------------------------------------------------------------------

    def changed(self, session: TableSession) -> None:
        """A table changed (the runner's watcher): when its game is over, analyse each seat
        a person holds."""
        if session.row.status != OVER or session.id in self.ended:
            return
        if len(self.ended) > ENDED_KEPT:
            self.ended.clear()  # heard again, a table finds its rows stored and does nothing
        self.ended.add(session.id)
        for seat in session.seats:
            if seat.kind == HUMAN:
                self.start(session.id, seat.seat)

    def start(self, table_id: str, seat: int) -> None:
        """Analyse ``seat`` of a finished table in the background (once at a time)."""
        key = (table_id, seat)
        if key in self.tasks:
            return
        task = asyncio.get_running_loop().create_task(self._analyse(table_id, seat))
        self.tasks[key] = task
        task.add_done_callback(lambda _done: self.tasks.pop(key, None))

    def resume(self) -> int:
        """Start the missing or outdated analyses of the people's seats of the games finished
        in the last :data:`RECENT` seconds, newest first; how many were started."""
        since = self.clock() - self.recent
        joined = tables_table.join(seats_table, seats_table.c.table_id == tables_table.c.id)
        joined = joined.outerjoin(
            analyses_table,
            and_(
                analyses_table.c.table_id == tables_table.c.id,
                analyses_table.c.seat == seats_table.c.seat,
            ),
        )
        query = (
            select(
                tables_table.c.id, tables_table.c.game, seats_table.c.seat, analyses_table.c.version
            )
            .select_from(joined)
            .where(
                tables_table.c.status == OVER,
                seats_table.c.kind == HUMAN,
                tables_table.c.finished >= since,
            )
            .order_by(tables_table.c.finished.desc(), tables_table.c.id, seats_table.c.seat)
        )
        try:
            with self.storage.engine.connect() as db:
                rows = db.execute(query).all()
        except SQLAlchemyError as error:  # the server starts anyway; asked for, they are made
            logger.warning("analyses : base illisible au démarrage (%s)", error)
            return 0
        started = 0
        for table_id, game, seat, version in rows:
            analyser = driver.analyser_for(game)
            if analyser is not None and version != analyser.VERSION:
                self.start(table_id, seat)
                started += 1
        return started

    def close(self) -> None:
        for task in list(self.tasks.values()):
            task.cancel()

    # --- what a seat reads -----------------------------------------------------------------------

    def for_seat(self, session: TableSession, seat: int) -> JsonObject:
        """``seat``'s analysis of a finished table: ``{"etat", "notes", "resume"}`` (and a
        French ``message`` when it is unavailable). Missing or outdated: started now."""
        analyser = driver.analyser_for(session.game.info.name)
        if analyser is None:
            return _unavailable("Ce jeu n'a pas encore d'analyse des parties.")
        stored = self.load(session.id, seat)
        if stored is not None and stored[0] == analyser.VERSION:
            data = stored[1]
            notes = data.get("notes")
            if isinstance(notes, list):
                return {"etat": READY, "notes": notes, "resume": data.get("resume")}
            return _unavailable(
                "L'analyse de cette partie n'a pas pu être faite : la personne qui gère le "
                "serveur en trouvera la raison dans son journal."
            )
        self.start(session.id, seat)
        return {"etat": RUNNING, "notes": [], "resume": None}

    # --- the rows ---------------------------------------------------------------------------------

    def load(self, table_id: str, seat: int) -> tuple[int, JsonObject] | None:
        """The stored analysis of a seat: (version, data), None if there is none."""
        with self.storage.engine.connect() as db:
            row = db.execute(
                select(analyses_table.c.version, analyses_table.c.data).where(
                    analyses_table.c.table_id == table_id, analyses_table.c.seat == seat
                )
            ).first()
        if row is None:
            return None
        data = json.loads(row.data)
        return int(row.version), data if isinstance(data, dict) else {}

    def save(self, table_id: str, seat: int, version: int, data: JsonObject) -> None:
        """Store a seat's analysis (replacing an older one)."""
        text = json.dumps(data, ensure_ascii=False, sort_keys=True)
        with self.storage.engine.begin() as db:
            db.execute(
                delete(analyses_table).where(
                    analyses_table.c.table_id == table_id, analyses_table.c.seat == seat
                )
            )
            db.execute(
                analyses_table.insert().values(
                    table_id=table_id, seat=seat, version=version, data=text
                )
            )

    # --- the work ---------------------------------------------------------------------------------

    async def _analyse(self, table_id: str, seat: int) -> None:
        if self._gate is None:
            self._gate = asyncio.Semaphore(AT_ONCE)
        async with self._gate:
            try:
                record = self.storage.load_record(table_id)
                analyser = None if record is None else driver.analyser_for(record.game)
                if record is None or analyser is None:
                    return
                stored = self.load(table_id, seat)
                if stored is not None and stored[0] == analyser.VERSION:
                    return  # done meanwhile (another request, another process)
            except SQLAlchemyError as error:
                logger.warning(
                    "analyse (table %s, place %d) : base illisible (%s)", table_id, seat + 1, error
                )
                return
            version = analyser.VERSION
            data: JsonObject
            try:
                # Looked up now: tests replace it.
                result = await self.compute(KEY, driver.analyse_text, record.dumps(), seat)
                assert isinstance(result, dict)
                version = _int(result.get("version"), version)
                data = {"notes": result.get("notes"), "resume": result.get("resume")}
            except asyncio.CancelledError:
                raise
            except Exception as error:  # a bug of an analyser: logged, the analysis unavailable
                logger.exception("analyse de la table %s, place %d en erreur", table_id, seat + 1)
                data = {"erreur": type(error).__name__}
            self.computed += 1
            try:
                self.save(table_id, seat, version, data)
            except SQLAlchemyError as error:  # asked again, it is computed again
                logger.warning(
                    "analyse (table %s, place %d) non enregistrée (%s)", table_id, seat + 1, error
                )


def _unavailable(message: str) -> JsonObject:
    notes: list[JsonValue] = []
    return {"etat": UNAVAILABLE, "notes": notes, "resume": None, "message": message}


def _int(value: object, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default
