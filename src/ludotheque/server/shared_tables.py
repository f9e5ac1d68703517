"""The tables shared by several server processes: what one tells the others, what it does of
what it hears (``server/cluster.py`` carries it; ``docs/server.md``, « Plusieurs serveurs »).

Every process keeps every table waiting or in play in memory, as a single server does. A
change made in one process (a move, a seat, a start…) is written to storage first, then
announced on the channel: ``{"type": "table", "table": id, "notes": [...], "presence":
{seat: connections}, "absents": [...], "chronos": {...}}`` — the journal notes it made, its
open connections to the table, who is shown away, and, from the process that runs the table,
its clocks and hourglasses (wall-clock ends). Each other process reads the table again from
storage (only the moves it lacks), takes the notes, and sends its own sockets their ``etat``.
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
        cluster.on_gone = self.gone
        cluster.wanted = lambda: [session.id for session in lobby.playing()]

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

    def _table_changed(self, table_id: str, sender: str, message: JsonObject) -> None:
        known = table_id in self.lobby.tables
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
        if not known:  # read just now: who is connected to it elsewhere?
            self.cluster.send({"type": "presence?", "table": table_id})

    def _tell_presence(self, table_id: str) -> None:
        sessions = (
            list(self.lobby.tables.values())
            if table_id == "*"
            else [s for s in [self.lobby.tables.get(table_id)] if s is not None]
        )
        for session in sessions:
            if any(n > 0 for n in session.connected.values()) or self.cluster.holds(session.id):
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
        session = self.lobby.tables.get(table_id)
        if session is None:
            return
        if not held:
            self.scheduler.forget(table_id)
            self.runner.forget(session)
            return
        logger.info("table %s : menée par ce processus (%s)", table_id, self.cluster.name)
        try:
            refreshed = self.lobby.refresh(table_id)
        except SQLAlchemyError as error:
            logger.warning("table %s : relecture impossible (%s)", table_id, error)
            refreshed = session
        if refreshed is not None and refreshed.row.status == PLAYING:
            self.runner.shown.pop(table_id, None)
            self.runner.changed(refreshed, here=False)

    def gone(self, names: set[str]) -> None:
        """Processes died: their connections no longer count."""
        logger.warning("processus arrêtés : %s", ", ".join(sorted(names)))
        for session in list(self.lobby.tables.values()):
            if names & session.elsewhere.keys():
                for name in names:
                    session.elsewhere.pop(name, None)
                self.runner.changed(session, here=False)

    def status(self) -> dict[str, Any]:
        return self.cluster.status()


def _object(value: Any) -> JsonObject | None:
    return value if isinstance(value, dict) else None
