"""The table runner: the tables in play, move by move, on the server's clock.

It plays a client's move (a ``coup`` message) through the table's move path
(:meth:`~ludotheque.server.tables.TableSession.play`: prepared, stored, committed), keeps the
table clock (a random move for an absent player), a slow game's deadlines in hours (kept in
storage: ``server/slow.py``) and the rules' hourglasses (their action when they run out),
builds each seat's ``etat`` message, and after every change tells its watchers (the bot
scheduler) and then every connection, through the broadcaster.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
import traceback
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from ludotheque.core.errors import LudoError
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.protocol import State

from . import slow
from .broadcast import Broadcaster, Connection
from .cluster import Solo
from .inputs import read_json
from .robots import fallback_action
from .tables import HUMAN, PLAYING, ApiError, TableSession, action_error_code, in_words

__all__ = ["MAX_LISTED_ACTIONS", "MAX_MESSAGE", "SEAT_WITHDRAWN", "TableRunner"]

logger = logging.getLogger(__name__)

MAX_MESSAGE = 16 * 1024  # bytes of one client message
MAX_LISTED_ACTIONS = 100
LINK_DOWN = (
    "Le serveur a perdu le contact avec les autres serveurs de la ludothèque : votre action "
    "n'a pas été prise en compte. Réessayez dans un instant (la page se met à jour seule "
    "quand le contact revient)."
)
SEAT_WITHDRAWN = (
    "Cette place n'est plus la vôtre (vous avez quitté la table) : vous regardez maintenant "
    "la partie en spectateur."
)


class TableRunner:
    """The clocks and the moves of the tables of one server process."""

    def __init__(
        self, broadcaster: Broadcaster, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.broadcaster = broadcaster
        self.clock = clock
        # Told of every change before the connections are (the bot scheduler).
        self.watchers: list[Callable[[TableSession], None]] = []
        # (table, seat) → (end, the seat's next seq when armed, handle) of the table clock
        self.deadlines: dict[tuple[str, int], tuple[float, int, asyncio.TimerHandle]] = {}
        # The rules' hourglasses (``State.rule_timers``):
        # (table, seat, key) → (end, seconds, handle, label) of each one running
        self.hourglasses: dict[
            tuple[str, int, str], tuple[float, float, asyncio.TimerHandle, str]
        ] = {}
        # (table, seat) → the timer that shows a disconnected person away (« absent »)
        self.absences: dict[tuple[str, int], asyncio.TimerHandle] = {}
        # Slow games (``server/slow.py``): (table, seat) → (the seat's stored deadline, a
        # wall-clock time; its timer)
        self.slow: dict[tuple[str, int], tuple[float, asyncio.TimerHandle]] = {}
        # Other socket messages, by type, handled elsewhere (the chat: ``server/chat_socket.py``)
        self.handlers: dict[str, Callable[[TableSession, Connection, JsonObject], None]] = {}
        # Several server processes (``server/shared_tables.py``): the clocks, hourglasses and
        # slow deadlines of a table run only where its lease is held (``leases.holds``); the
        # other processes show those of the holder (``shown``: table → its timers, wall clock);
        # ``announce`` tells the other processes of a change made here, or of new timers.
        self.leases: Any = Solo()
        self.shown: dict[str, dict[str, Any]] = {}
        self.announce: Callable[[TableSession], None] | None = None
        self.announced: dict[str, JsonObject] = {}  # the timers last announced, by table

    def close(self) -> None:
        for _, _, handle in self.deadlines.values():
            handle.cancel()
        for _, handle in self.slow.values():
            handle.cancel()
        for handle in self.absences.values():
            handle.cancel()

    # --- seats that change hands -------------------------------------------------------------

    def withdraw(self, session: TableSession, seat: int) -> None:
        """A seat's token was withdrawn: every connection made with it is told so and becomes a
        spectator's, before anything else is sent (``docs/security.md``)."""
        message: JsonObject = {"type": "place_perdue", "place": seat, "message": SEAT_WITHDRAWN}
        self.broadcaster.demote(session.id, seat, message)
        session.connected.pop(seat, None)

    # --- telling everyone --------------------------------------------------------------------

    def changed(self, session: TableSession, *, here: bool = True) -> None:
        """Tell the watchers, arm the clocks, send every connection its seat's state; and the
        other server processes, for a change made ``here`` (not one read from another
        process) or new timers of a table this process runs."""
        for watcher in self.watchers:
            watcher(session)
        self.arm(session)
        if self.announce is not None:
            timers = self.timers(session)
            if here or timers != self.announced.get(session.id, {}):
                self.announced[session.id] = timers
                self.announce(session)
        table: list[JsonObject] = []  # the table's JSON, built once, if anyone is connected

        def message_for(seat: int | None) -> JsonObject:
            if not table:
                table.append(session.to_json())
            return self.state_message(session, seat, table[0])

        self.broadcaster.publish(session.id, message_for)

    def connect(self, session: TableSession, connection: Connection) -> None:
        """A WebSocket opened at the table (its seat is connected). A person shown away is
        back; one whose seat a bot holds takes it back."""
        self.broadcaster.attach(connection)
        seat = connection.seat
        if seat is not None:
            session.connected[seat] = session.connected.get(seat, 0) + 1
            if session.held(seat) and session.row.status == PLAYING:
                try:
                    session.reclaim(seat)
                except SQLAlchemyError as error:  # the bot plays on; the next try may succeed
                    print(f"ludotheque: place {seat + 1} non reprise : {error}", file=sys.stderr)
            else:
                session.back(seat)
        self.changed(session)

    def disconnect(self, session: TableSession, connection: Connection) -> None:
        self.broadcaster.detach(connection)
        if connection.seat is not None:
            session.connected[connection.seat] = max(
                0, session.connected.get(connection.seat, 0) - 1
            )
            self.changed(session)

    def state_message(
        self, session: TableSession, seat: int | None, table: JsonObject | None = None
    ) -> JsonObject:
        state = session.state
        view = None if state is None else state.view(seat)
        moving = (
            state is not None
            and seat is not None
            and seat in state.to_move()
            and not session.held(seat)  # a bot plays it while its person is away
        )
        listed: JsonValue = None
        if moving and state is not None and seat is not None:
            legal = state.legal_actions(seat)
            if len(legal) <= MAX_LISTED_ACTIONS:
                listed = [session.game.encode_action(a) for a in legal]
        deadline = None if seat is None else self.deadlines.get((session.id, seat))
        left: float | None = None
        shown = self.shown.get(session.id) if not self.leases.holds(session.id) else None
        if deadline is not None:
            left = max(0.0, round(deadline[0] - self.clock(), 1))
        elif shown is not None and seat is not None and str(seat) in shown["echeances"]:
            end = shown["echeances"][str(seat)]
            left = max(0.0, round(float(end) - time.time(), 1))
        elif seat is not None and session.row.hours:  # a slow game: its stored deadline
            end = session.seats[seat].deadline
            left = None if end is None else max(0.0, float(round(end - session.clock())))
        return {
            "type": "etat",
            "table": session.to_json() if table is None else table,
            "place": seat,
            "coups_joues": session.ply,
            "vue": view,
            "a_jouer": moving,
            "coups": listed,
            "prochain_seq": 0 if seat is None else session.next_seq(seat),
            "echeance": left,
            "journal": session.journal_for(seat),
            "sabliers": self.hourglasses_json(session),
            "liaison": bool(self.leases.up),
        }

    def hourglasses_json(self, session: TableSession) -> list[JsonValue]:
        """The rules' hourglasses running at a table (public: everyone sees the hourglass);
        those of the process running it, at a table another process runs."""
        shown = self.shown.get(session.id) if not self.leases.holds(session.id) else None
        if shown is not None:
            wall = time.time()
            return [
                {
                    "place": h["place"],
                    "secondes": h["secondes"],
                    "restant": max(0.0, round(float(h["fin"]) - wall, 1)),
                    "libelle": h["libelle"],
                }
                for h in shown["sabliers"]
                if isinstance(h, dict)
            ]
        now = self.clock()
        return [
            {
                "place": seat,
                "secondes": length,
                "restant": max(0.0, round(end - now, 1)),
                "libelle": label,
            }
            for (table_id, seat, _key), (end, length, _handle, label) in self.hourglasses.items()
            if table_id == session.id
        ]

    def timers(self, session: TableSession) -> JsonObject:
        """The table clocks and hourglasses this process runs at a table, on the wall clock
        (what the other processes show: :attr:`shown`); empty where it runs none."""
        if not self.leases.holds(session.id):
            return {}
        offset = time.time() - self.clock()
        deadlines: JsonObject = {
            str(seat): round(end + offset, 2)
            for (table_id, seat), (end, _marker, _handle) in self.deadlines.items()
            if table_id == session.id
        }
        hourglasses: list[JsonValue] = [
            {"place": seat, "secondes": length, "fin": round(end + offset, 2), "libelle": label}
            for (table_id, seat, _key), (end, length, _handle, label) in self.hourglasses.items()
            if table_id == session.id
        ]
        if not deadlines and not hourglasses:
            return {}
        return {"echeances": deadlines, "sabliers": hourglasses}

    def forget(self, session: TableSession) -> None:
        """This process no longer runs the table (its lease is lost): its clocks stop here."""
        self._clear_clocks(session)
        self.announced.pop(session.id, None)

    # --- a client's move ---------------------------------------------------------------------

    def receive(self, session: TableSession, connection: Connection, text: str) -> None:
        """Handle one client message; errors go back to this client only."""
        seq: JsonValue = None
        try:
            if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
                raise ApiError(
                    413, "trop_long", f"Message trop long (au plus {MAX_MESSAGE} octets)."
                )
            message = read_json(text)  # within the limits of docs/security.md
            if not isinstance(message, dict):
                raise ApiError(400, "message_invalide", "Un message est un objet JSON.")
            seq = message.get("seq")
            kind = message.get("type")
            if kind == "ping":
                connection.put({"type": "pong"})
                return
            if not self.leases.up:
                raise ApiError(503, "liaison_coupee", LINK_DOWN)
            if kind == "reprendre":
                self._take_back(session, connection)
                return
            handler = self.handlers.get(kind) if isinstance(kind, str) else None
            if handler is not None:
                handler(session, connection, message)
                return
            if kind != "coup":
                raise ApiError(400, "message_invalide", f"Type de message inconnu : {kind!r}.")
            if isinstance(seq, bool) or not isinstance(seq, int):
                raise ApiError(400, "message_invalide", "« seq » doit être un entier.")
            if "coup" not in message:
                raise ApiError(400, "message_invalide", "Le message n'a pas de « coup ».")
            if connection.seat is None:
                raise ApiError(403, "spectateur", "Un spectateur ne joue pas.")
            if session.held(connection.seat):
                raise ApiError(
                    409,
                    "place_confiee",
                    "Un robot joue à votre place : reprenez-la d'abord (« Reprendre ma place »).",
                )
            session.play(connection.seat, seq, message["coup"])
            session.back(connection.seat)  # a person whose clock ran out plays again
        except ApiError as error:
            connection.put(
                {
                    "type": "erreur",
                    "code": error.code,
                    "message": error.message,
                    "seq": seq if isinstance(seq, int) else None,
                }
            )
            return
        except LudoError as error:
            connection.put(
                {
                    "type": "erreur",
                    "code": action_error_code(error),
                    "message": error.message,
                    "seq": seq,
                }
            )
            return
        except Exception:  # a bug met on the way: the socket stays open, the sender is told
            traceback.print_exc(file=sys.stderr)
            connection.put(
                {
                    "type": "erreur",
                    "code": "erreur_interne",
                    "message": "Erreur interne du serveur : le message n'a pas été traité.",
                    "seq": seq if isinstance(seq, int) else None,
                }
            )
            return
        self.changed(session)

    def _take_back(self, session: TableSession, connection: Connection) -> None:
        """A ``reprendre`` message: the person takes their seat back from the bot."""
        if connection.seat is None:
            error = ApiError(403, "spectateur", "Un spectateur n'a pas de place à reprendre.")
        else:
            try:
                session.reclaim(connection.seat)
            except ApiError as refused:
                error = refused
            except SQLAlchemyError:
                error = ApiError(503, "stockage", "La place n'a pas pu être reprise : réessayez.")
            else:
                self.changed(session)
                return
        connection.put(
            {"type": "erreur", "code": error.code, "message": error.message, "seq": None}
        )

    # --- clocks and hourglasses --------------------------------------------------------------

    def arm(self, session: TableSession) -> None:
        """Turn over the rules' hourglasses and start the table clock of each person to move;
        put away those that no longer run (all of them once the game is over)."""
        state = session.state
        if state is None or session.row.status != PLAYING or not self.leases.holds(session.id):
            self._clear_clocks(session)
            return
        moving = state.to_move()
        self._turn_hourglasses(session, state)
        self._watch_absences(session, moving)
        if session.row.hours > 0:
            self._arm_slow(session)
        elif session.row.clock > 0:
            for key in [k for k in self.deadlines if k[0] == session.id]:
                _deadline, marker, handle = self.deadlines[key]
                if key[1] not in moving or session.next_seq(key[1]) != marker:
                    handle.cancel()
                    del self.deadlines[key]
            for seat in moving:
                key = (session.id, seat)
                if session.seats[seat].kind == HUMAN and key not in self.deadlines:
                    marker = session.next_seq(seat)
                    handle = asyncio.get_running_loop().call_later(
                        session.row.clock, self._timeout, session, seat, marker
                    )
                    self.deadlines[key] = (self.clock() + session.row.clock, marker, handle)

    def _watch_absences(self, session: TableSession, moving: Iterable[int]) -> None:
        """Time each person who must act while no connection of theirs is open; put away the
        timers of those who connected, acted, or no longer must act."""
        watched: set[tuple[str, int]] = set()
        if session.row.absence > 0:
            watched = {
                (session.id, seat)
                for seat in moving
                if session.can_be_away(seat)
                and seat not in session.away
                and not session.is_connected(seat)
            }
        for key in [k for k in self.absences if k[0] == session.id and k not in watched]:
            self.absences.pop(key).cancel()
        for key in watched - self.absences.keys():
            self.absences[key] = asyncio.get_running_loop().call_later(
                session.row.absence, self._absent, session, key[1]
            )

    def _absent(self, session: TableSession, seat: int) -> None:
        """A person was disconnected for the table's ``absence`` while they must act."""
        self.absences.pop((session.id, seat), None)
        if not session.must_act(seat) or session.is_connected(seat):
            return
        session.mark_away(seat, f"n'est plus là depuis {in_words(session.row.absence)}")
        self.changed(session)

    def _clear_clocks(self, session: TableSession) -> None:
        for key in [k for k in self.deadlines if k[0] == session.id]:
            self.deadlines.pop(key)[2].cancel()
        for key in [k for k in self.slow if k[0] == session.id]:
            self.slow.pop(key)[1].cancel()
        for key in [k for k in self.absences if k[0] == session.id]:
            self.absences.pop(key).cancel()
        for hourglass in [k for k in self.hourglasses if k[0] == session.id]:
            self.hourglasses.pop(hourglass)[2].cancel()

    def _turn_hourglasses(self, session: TableSession, state: State[Any]) -> None:
        """Turn over the hourglasses the rules report, and put away those they no longer do."""
        running = {(session.id, t.seat, t.key): t for t in state.rule_timers()}
        for key in [k for k in self.hourglasses if k[0] == session.id and k not in running]:
            self.hourglasses.pop(key)[2].cancel()
        for key, timer in running.items():
            if key not in self.hourglasses:
                handle = asyncio.get_running_loop().call_later(
                    timer.seconds, self._hourglass_out, session, key
                )
                end = self.clock() + timer.seconds
                self.hourglasses[key] = (end, timer.seconds, handle, timer.label)

    def _hourglass_out(self, session: TableSession, key: tuple[str, int, str]) -> None:
        """An hourglass ran out: its seat plays the timer's action (bots and people alike)."""
        self.hourglasses.pop(key, None)
        state = session.state
        if state is None or session.row.status != PLAYING:
            return
        timer = next((t for t in state.rule_timers() if (session.id, t.seat, t.key) == key), None)
        if timer is None:
            return
        try:
            session.play(timer.seat, None, session.game.encode_action(timer.action))
        except (LudoError, ApiError) as error:  # the rules promised this action was legal
            print(f"ludotheque: sablier {key} refusé : {error}", file=sys.stderr)
            return
        self.changed(session)

    def _timeout(self, session: TableSession, seat: int, marker: int) -> None:
        self.deadlines.pop((session.id, seat), None)
        state = session.state
        if state is None or seat not in state.to_move() or session.next_seq(seat) != marker:
            return
        action = fallback_action(session.game, state, session.record, seat)
        logger.warning(
            "table %s, place %d : temps écoulé (%d s) ; coup au hasard",
            session.id,
            seat + 1,
            session.row.clock,
        )
        session.note(f"Temps écoulé pour {session.name(seat)} : un coup est joué à sa place.")
        session.play(seat, None, session.game.encode_action(action))
        session.mark_away(seat, "n'a pas joué à temps")
        self.changed(session)

    # --- slow games ----------------------------------------------------------------------------

    def _arm_slow(self, session: TableSession) -> None:
        """Catch the stored deadlines up (:func:`~ludotheque.server.slow.catch_up`), then keep
        one timer per deadline, due when the wall clock reaches it (at once if it has passed:
        a server restarted after a deadline plays the move as it starts)."""
        changes = slow.catch_up(session.seats, session.state, session.clock(), session.row.hours)
        if changes:
            try:
                slow.store(session.storage.engine, session.id, changes)
            except SQLAlchemyError as error:  # the next change, or :meth:`check_slow`, retries
                logger.warning("table %s : échéances non enregistrées (%s)", session.id, error)
            else:
                slow.apply(session.seats, changes)
        wanted = {
            (session.id, row.seat): row.deadline
            for row in session.seats
            if row.deadline is not None
        }
        for key in [k for k in self.slow if k[0] == session.id]:
            if wanted.get(key) != self.slow[key][0]:
                self.slow.pop(key)[1].cancel()
        now = session.clock()
        loop = asyncio.get_running_loop()
        for key, end in wanted.items():
            if key not in self.slow:
                handle = loop.call_later(max(0.0, end - now), self._slow_due, session, key[1], end)
                self.slow[key] = (end, handle)

    def check_slow(self, sessions: Iterable[TableSession]) -> None:
        """The periodic look at the slow tables in play (the lobby's sweep, every minute): arm
        what is not (a table read from storage since), and play at once every deadline the wall
        clock has passed — a timer counts the process's own time, which stops while the
        machine sleeps and ignores a clock set forward."""
        for session in sessions:
            if session.row.hours <= 0 or session.row.status != PLAYING:
                continue
            if not self.leases.holds(session.id):
                continue
            self._arm_slow(session)
            now = session.clock()
            for (table_id, seat), (end, handle) in list(self.slow.items()):
                if table_id == session.id and end <= now:
                    handle.cancel()
                    self._slow_due(session, seat, end)

    def _slow_due(self, session: TableSession, seat: int, end: float) -> None:
        """A slow seat's timer is due: if the wall clock agrees, its time is out (as the seconds
        clock's: a move is played for it and it is shown away); if the clock was set back, the
        timer waits for the rest."""
        key = (session.id, seat)
        armed = self.slow.get(key)
        if armed is None or armed[0] != end:
            return  # put away or replaced since
        del self.slow[key]
        row = session.seats[seat]
        if row.deadline != end or not session.must_act(seat):
            return
        left = end - session.clock()
        if left > 0:
            handle = asyncio.get_running_loop().call_later(left, self._slow_due, session, seat, end)
            self.slow[key] = (end, handle)
            return
        state = session.state
        assert state is not None  # must_act
        action = fallback_action(session.game, state, session.record, seat)
        logger.warning(
            "table %s, place %d : temps écoulé (%s) ; coup au hasard",
            session.id,
            seat + 1,
            slow.hours_in_words(session.row.hours),
        )
        try:
            session.play(seat, None, session.game.encode_action(action))
        except (LudoError, ApiError) as error:  # the next check tries again
            logger.warning("table %s, place %d : coup non joué (%s)", session.id, seat + 1, error)
            return
        session.note(f"Temps écoulé pour {session.name(seat)} : un coup est joué à sa place.")
        session.mark_away(seat, "n'a pas joué à temps")
        self.changed(session)
