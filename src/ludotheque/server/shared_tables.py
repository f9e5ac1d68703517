"""The tables shared by several server processes: what one tells the others, what it does of
what it hears (``server/cluster.py`` carries it; ``docs/server.md``, « Plusieurs serveurs »).

A change made in one process (a move, a seat, a start…) is written to storage first, then
announced on the channel: ``{"type": "table", "table": id, "resume": table JSON, "notes":
[...], "presence": {seat: connections}, "absents": [...], "chronos": {...}}`` — the table as the
lobby lists it, the journal notes it made, its open connections to the table, who is shown
away, and, from the process that runs the table, its clocks and hourglasses (wall-clock ends).
A process that needs the table — it has sockets open there, or it runs it — reads it again
from storage (only the moves it lacks), takes the notes, and sends its own sockets their
``etat``; any other process only keeps the summary for its lobby's listing, and takes the
table out of memory if it was there (it is read again from storage when asked for).
Other messages: ``relai`` (messages sent as they are to each seat's sockets: the chat, a
rematch), ``presence?`` (a process that has just read a table asks who is connected to it).
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from ludotheque.core.json_types import JsonObject, JsonValue

from .broadcast import LocalBroadcaster, seat_key
from .cluster import Cluster
from .lobby import Lobby
from .runner import TableRunner
from .scheduler import BotScheduler
from .tables import PLAYING, WAITING, JournalEntry, TableSession

__all__ = ["LINK_BACK", "LINK_LOST", "SharedTables"]

logger = logging.getLogger(__name__)

LINK_LOST = (
    "Contact perdu avec les autres serveurs de la ludothèque : la partie est en pause, vos "
    "actions seront refusées jusqu'à son retour (rien n'est perdu)."
)
LINK_BACK = "Contact rétabli avec les autres serveurs : la partie reprend."


class SharedTables:
    """Ties one process's lobby, runner, bot scheduler and sockets to the others."""

    def __init__(
        self,
        cluster: Cluster,
        lobby: Lobby,
        runner: TableRunner,
        scheduler: BotScheduler,
        broadcaster: LocalBroadcaster,
    ) -> None:
        self.cluster, self.lobby, self.runner = cluster, lobby, runner
        self.scheduler, self.broadcaster = scheduler, broadcaster
        lobby.shared = True
        runner.leases = scheduler.leases = cluster
        runner.announce = self.announce
        broadcaster.outward = self.relay
        cluster.on_message = self.heard
        cluster.on_link = self.link
        cluster.on_lease = self.lease
        cluster.on_alive = self.alive
        cluster.wanted = self.wanted
        lobby.on_install = self.installed

    # --- telling ------------------------------------------------------------------------------

    def announce(self, session: TableSession) -> None:
        """A change made here (or new timers of a table run here): tell the others."""
        notes: list[JsonValue] = [
            {"coups": n.ply, "place": n.seat, "texte": n.text} for n in session.outbox
        ]
        session.outbox.clear()
        timers = self.runner.timers(session)
        message: JsonObject = {
            "type": "table",
            "table": session.id,
            "resume": session.to_json(),
            "notes": notes,
            "presence": {str(seat): n for seat, n in session.connected.items() if n > 0},
            "absents": [*sorted(session.away)],
            "chronos": timers if self.cluster.holds(session.id) else None,
        }
        self.cluster.send(message)

    def relay(self, table_id: str, messages: dict[str, JsonObject | None]) -> None:
        self.cluster.send({"type": "relai", "table": table_id, "messages": dict(messages)})

    # --- hearing ------------------------------------------------------------------------------

    def heard(self, message: JsonObject) -> None:
        kind, table_id, sender = message.get("type"), message.get("table"), message.get("de")
        if not isinstance(table_id, str) or not isinstance(sender, str):
            return
        if kind == "table":
            self._table_changed(table_id, sender, message)
        elif kind == "relai":
            messages = message.get("messages")
            if isinstance(messages, dict):
                self.broadcaster.publish(
                    table_id,
                    lambda seat: _object(messages.get(seat_key(seat))),
                )
        elif kind == "presence?":
            self._tell_presence(table_id)

    def needs(self, session: TableSession) -> bool:
        """This process keeps the table up to date: it has sockets there (seats' or
        spectators'), or runs it."""
        return self.cluster.holds(session.id) or bool(self.broadcaster.connections.get(session.id))

    def wanted(self) -> list[str]:
        """The tables in play that need a process to run them: in memory, or announced."""
        playing = [session.id for session in self.lobby.playing()]
        announced = [
            table_id
            for table_id, summary in self.lobby.elsewhere.items()
            if summary.get("statut") == PLAYING and table_id not in self.lobby.tables
        ]
        return playing + announced

    def installed(self, session: TableSession) -> None:
        """A table read into memory: who is connected to it elsewhere?"""
        self.cluster.send({"type": "presence?", "table": session.id})

    def _table_changed(self, table_id: str, sender: str, message: JsonObject) -> None:
        known = self.lobby.tables.get(table_id)
        if known is None or not self.needs(known):
            if known is not None:
                self.lobby.forget(table_id)
                self.runner.forget(known)
                self.runner.shown.pop(table_id, None)
            summary = message.get("resume")
            if isinstance(summary, dict) and summary.get("statut") in (WAITING, PLAYING):
                self.lobby.elsewhere[table_id] = summary
            else:
                self.lobby.elsewhere.pop(table_id, None)
            return
        try:
            session = self.lobby.refresh(table_id)
        except SQLAlchemyError as error:
            logger.warning("table %s : relecture impossible (%s)", table_id, error)
            return
        if session is None:
            return
        notes = message.get("notes")
        for note in notes if isinstance(notes, list) else []:
            if isinstance(note, dict) and isinstance(note.get("texte"), str):
                ply, seat = note.get("coups"), note.get("place")
                session.journal.append(
                    JournalEntry(
                        ply if isinstance(ply, int) else session.ply,
                        seat if isinstance(seat, int) else None,
                        str(note["texte"]),
                    )
                )
        presence = message.get("presence")
        if isinstance(presence, dict):
            counts = {int(k): v for k, v in presence.items() if isinstance(v, int) and v > 0}
            if counts:
                session.elsewhere[sender] = counts
            else:
                session.elsewhere.pop(sender, None)
        away = message.get("absents")
        if isinstance(away, list):
            session.away = {seat for seat in away if isinstance(seat, int)}
        chronos = message.get("chronos")
        if isinstance(chronos, dict):
            if chronos:
                self.runner.shown[table_id] = chronos
            else:
                self.runner.shown.pop(table_id, None)
        self.runner.changed(session, here=False)

    def _tell_presence(self, table_id: str) -> None:
        sessions = (
            list(self.lobby.tables.values())
            if table_id == "*"
            else [s for s in [self.lobby.tables.get(table_id)] if s is not None]
        )
        for session in sessions:
            if self.needs(session):
                self.announce(session)

    # --- the link, the leases, the processes ----------------------------------------------------

    def link(self, up: bool, again: bool) -> None:
        """The link to Redis went or came back: say so to every socket; when it came back,
        read every table again (changes made meanwhile by the others were not heard)."""
        if again:
            self.resync()
        if up:
            self.cluster.send({"type": "presence?", "table": "*"})
        self.broadcaster.everyone(
            {"type": "liaison", "ok": up, "message": LINK_BACK if up else LINK_LOST}
        )
        for session in list(self.lobby.tables.values()):
            if not up:
                self.runner.forget(session)
            self.runner.changed(session, here=False)

    def resync(self) -> None:
        """Read every table in memory again, and those waiting or in play not in memory."""
        try:
            for table_id in list(self.lobby.tables):
                self.lobby.refresh(table_id)
            known = set(self.lobby.tables)
            for row, seats, moves in self.lobby.storage.load_tables((WAITING, PLAYING)):
                if row.id not in known:
                    self.lobby._rebuild(row, seats, moves)
        except SQLAlchemyError as error:
            logger.warning("tables non relues après le retour de Redis (%s)", error)

    def lease(self, table_id: str, held: bool) -> None:
        """This process now runs a table (catch up with storage, then its clocks and bots
        start here), or no longer does (they stop here)."""
        if not held:
            self.scheduler.forget(table_id)
            session = self.lobby.tables.get(table_id)
            if session is not None:
                self.runner.forget(session)
            return
        session = self.lobby.tables.get(table_id)
        logger.info("table %s : menée par ce processus (%s)", table_id, self.cluster.name)
        try:
            refreshed = self.lobby.refresh(table_id)
        except SQLAlchemyError as error:
            logger.warning("table %s : relecture impossible (%s)", table_id, error)
            refreshed = session
        except Exception:  # a table that cannot be rebuilt here: another process may
            logger.exception("table %s : non reprise", table_id)
            return
        if refreshed is None or refreshed.row.status != PLAYING:
            self.lobby.elsewhere.pop(table_id, None)  # over meanwhile: nothing to run
            return
        self.runner.shown.pop(table_id, None)
        self.runner.changed(refreshed, here=False)

    def alive(self, names: set[str]) -> None:
        """The processes alive: the connections of the others (dead, or stopped) no longer
        count."""
        for session in list(self.lobby.tables.values()):
            stale = session.elsewhere.keys() - names
            if stale:
                for name in stale:
                    session.elsewhere.pop(name, None)
                self.runner.changed(session, here=False)

    def status(self) -> dict[str, Any]:
        return self.cluster.status()


def _object(value: Any) -> JsonObject | None:
    return value if isinstance(value, dict) else None
