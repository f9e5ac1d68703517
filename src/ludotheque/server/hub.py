"""The hub: every table of a server, its connections, its bots and its clocks.

Runs in the server's event loop. Table changes are synchronous (check, store, apply) and are
followed by :meth:`Hub.changed`, which sends each connection the state built from its own seat's
view, starts the bots whose turn it is and arms the clocks.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from ludotheque.core.errors import InvalidOptions, LudoError, MalformedInput, UnknownGame
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.protocol import Game, State
from ludotheque.core.registry import Registry

from .robots import (
    DEFAULT_LEVEL,
    LEVEL_TITLES,
    BotRunner,
    bot_levels,
    fallback_action,
    level_names,
    level_portrait,
)
from .storage import SeatRow, Storage, TableRow
from .tables import (
    BOT,
    HUMAN,
    OVER,
    PLAYING,
    WAITING,
    ApiError,
    TableSession,
    action_error_code,
    check_name,
    hash_token,
    new_token,
)

__all__ = ["MAX_MESSAGE", "Connection", "Hub"]

MAX_MESSAGE = 16 * 1024  # bytes of one client message
MAX_LISTED_ACTIONS = 100


@dataclass(eq=False)
class Connection:
    """One open WebSocket: its seat (None: spectator) and its queue of outgoing texts."""

    table_id: str
    seat: int | None
    send: Callable[[str], Any]  # coroutine function sending one text
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)

    async def pump(self) -> None:
        """Send queued messages in order until a None arrives."""
        while True:
            text = await self.queue.get()
            if text is None:
                return
            await self.send(text)

    def put(self, message: JsonObject) -> None:
        self.queue.put_nowait(orjson.dumps(message).decode())


class Hub:
    """All tables of one server process."""

    def __init__(
        self,
        registry: Registry,
        storage: Storage,
        runner: BotRunner,
        *,
        bot_delay: float = 0.0,
        bot_pace: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.registry, self.storage, self.runner = registry, storage, runner
        self.bot_delay = bot_delay
        self.bot_pace = bot_pace  # × the bots' own thinking times (0: bots play at once)
        self.clock = clock
        self.tables: dict[str, TableSession] = {}
        self.broken: dict[str, str] = {}  # table id -> why it could not be rebuilt
        self.connections: dict[str, set[Connection]] = {}
        self.thinking: set[tuple[str, int]] = set()
        self.moved: dict[str, asyncio.Event] = {}  # set (and dropped) when a table changes
        self.deadlines: dict[tuple[str, int], tuple[float, int, asyncio.TimerHandle]] = {}
        # The rules' hourglasses (``State.rule_timers``): (table, seat, key) -> end, length, handle.
        # (table, seat, key) → (end, seconds, handle, label) of each rules' hourglass running
        self.hourglasses: dict[
            tuple[str, int, str], tuple[float, float, asyncio.TimerHandle, str]
        ] = {}
        self.tasks: set[asyncio.Task[None]] = set()

    # --- start and stop ----------------------------------------------------------------------

    def load(self) -> None:
        """Rebuild every table waiting or in play (after a restart, even a ``kill -9``).

        Finished tables are read on demand (:meth:`get`). A table that cannot be rebuilt (its
        game is gone, or a move is refused by today's rules or dictionary) is left in storage
        and reported, and the server starts anyway.
        """
        for row, seats, moves in self.storage.load_tables((WAITING, PLAYING)):
            self._rebuild(row, seats, moves)

    def _rebuild(
        self, row: TableRow, seats: list[SeatRow], moves: list[tuple[int, JsonValue]]
    ) -> TableSession | None:
        try:
            game = self.registry.get(row.game)
            session = TableSession(game, row, seats, self.storage)
            session.resume(moves)
        except LudoError as error:
            self.broken[row.id] = error.message
            print(f"ludotheque: table {row.id} non reprise : {error.message}", file=sys.stderr)
            return None
        self.tables[row.id] = session
        return session

    def resume_all(self) -> None:
        """Start bots and clocks of tables in play (inside the running loop)."""
        for session in self.tables.values():
            if session.row.status == PLAYING:
                self.schedule(session)

    async def close(self) -> None:
        for _, _, handle in self.deadlines.values():
            handle.cancel()
        for task in list(self.tasks):
            task.cancel()
        for connections in self.connections.values():
            for connection in connections:
                connection.queue.put_nowait(None)

    # --- lobby ---------------------------------------------------------------------------------

    def get(self, table_id: str) -> TableSession:
        session = self.tables.get(table_id)
        if session is None and table_id not in self.broken and len(table_id) <= 32:
            loaded = self.storage.load_table(table_id)
            if loaded is not None:
                session = self._rebuild(*loaded)
        if session is None:
            if table_id in self.broken:
                raise ApiError(
                    409,
                    "table_abimee",
                    f"La table « {table_id} » ne peut pas être reprise : {self.broken[table_id]}",
                )
            raise ApiError(404, "table_inconnue", f"Table inconnue : « {table_id} ».")
        return session

    def exists(self, table_id: str) -> bool:
        try:
            self.get(table_id)
        except ApiError:
            return False
        return True

    def games_json(self) -> list[JsonValue]:
        games: list[JsonValue] = []
        for game in self.registry:
            info = game.info
            if not info.listed:
                continue
            games.append(
                {
                    "nom": info.name,
                    "titre": info.title,
                    "resume": info.summary,
                    "auteurs": info.authors,
                    "modes": [
                        {
                            "nom": m.name,
                            "titre": m.title,
                            "min": m.min_players,
                            "max": m.max_players,
                            "resume": m.summary,
                            "equipes": self._mode_has_teams(game, m.name, m.min_players),
                        }
                        for m in info.modes
                    ],
                    "options": [
                        {
                            "nom": o.name,
                            "libelle": o.label,
                            "description": o.description,
                            "type": o.kind,
                            "defaut": o.default,
                            "choix": list(o.choices),
                            "choix_libelles": {c: o.choice_label(c) for c in o.choices},
                            "min": o.minimum,
                            "max": o.maximum,
                            "modes": list(o.modes),
                            "defaut_selon_personnes": [
                                [least, value] for least, value in o.with_people
                            ],
                            "defaut_selon_mode": dict(o.with_modes),
                        }
                        for o in info.options
                    ],
                    "robots": [
                        {
                            "nom": name,
                            "titre": LEVEL_TITLES[name],
                            "portrait": level_portrait(game, name),
                        }
                        for name in bot_levels(game)
                    ],
                }
            )
        return games

    @staticmethod
    def _mode_has_teams(game: Game[Any, Any], mode: str, players: int) -> bool:
        try:
            return (
                game.teams(players, game.info.resolve_options(players, {"mode": mode})) is not None
            )
        except InvalidOptions:
            return False

    def teams(self, body: JsonObject) -> JsonValue:
        """Each seat's team at a table the lobby is about to create (``jeu``, ``joueurs``,
        ``options`` as for :meth:`create`), or None: everyone for themselves. Options that
        make no teams are refused with the game's French reason."""
        game_name = body.get("jeu")
        if not isinstance(game_name, str):
            raise ApiError(400, "requete_invalide", "Indiquez le jeu (« jeu »).")
        try:
            game = self.registry.get(game_name)
        except UnknownGame as error:
            raise ApiError(404, "jeu_inconnu", error.message) from None
        players = body.get("joueurs")
        if isinstance(players, bool) or not isinstance(players, int):
            raise ApiError(400, "requete_invalide", "« joueurs » doit être un nombre entier.")
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise ApiError(400, "requete_invalide", "« options » doit être un objet.")
        try:
            teams = game.teams(players, game.info.resolve_options(players, options))
        except InvalidOptions as error:
            raise ApiError(400, "options_invalides", error.message) from None
        return None if teams is None else list(teams)

    def create(
        self, body: JsonObject, rematch_of: str | None = None
    ) -> tuple[TableSession, int, str]:
        game_name = body.get("jeu")
        if not isinstance(game_name, str):
            raise ApiError(400, "requete_invalide", "Indiquez le jeu (« jeu »).")
        try:
            game = self.registry.get(game_name)
        except UnknownGame as error:
            raise ApiError(404, "jeu_inconnu", error.message) from None
        players = body.get("joueurs")
        if isinstance(players, bool) or not isinstance(players, int):
            raise ApiError(400, "requete_invalide", "« joueurs » doit être un nombre entier.")
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise ApiError(400, "requete_invalide", "« options » doit être un objet.")
        places = body.get("places")
        if places is None:
            places = [{"type": HUMAN}] * players
        if not isinstance(places, list) or len(places) != players:
            raise ApiError(400, "requete_invalide", "« places » : une entrée par joueur.")
        people = sum(
            1 for place in places if isinstance(place, dict) and place.get("type") == HUMAN
        )
        try:
            resolved = game.info.resolve_options(players, options, people=people)
            game.new(players, 0, resolved)  # a bad deck file is refused here, not at the start
        except InvalidOptions as error:
            raise ApiError(400, "options_invalides", error.message) from None
        except MalformedInput as error:
            raise ApiError(400, "options_invalides", error.message) from None
        clock = body.get("horloge", 0)
        if isinstance(clock, bool) or not isinstance(clock, int) or not 0 <= clock <= 3600:
            raise ApiError(400, "requete_invalide", "« horloge » : des secondes, de 0 à 3600.")
        levels = level_names(game)
        seats: list[SeatRow] = []
        for index, place in enumerate(places):
            if not isinstance(place, dict) or place.get("type") not in (HUMAN, BOT):
                raise ApiError(
                    400, "requete_invalide", "Chaque place est {type: humain} ou {type: robot}."
                )
            if place["type"] == BOT:
                level = place.get("niveau", DEFAULT_LEVEL)
                if level not in levels:
                    raise ApiError(400, "niveau_inconnu", f"Niveau de robot inconnu : « {level} ».")
                seats.append(SeatRow(index, BOT, str(level)))
            else:
                seats.append(SeatRow(index, HUMAN))
        humans = [s.seat for s in seats if s.kind == HUMAN]
        if not humans:
            raise ApiError(400, "requete_invalide", "Il faut au moins une place pour une personne.")
        name = check_name(body.get("nom"))
        token = new_token()
        seats[humans[0]] = SeatRow(humans[0], HUMAN, None, name, hash_token(token))
        table_id = self._new_id()
        row = TableRow(
            table_id,
            game.info.name,
            players,
            secrets.randbits(62),
            resolved,
            clock,
            WAITING,
            humans[0],
            None,
            rematch_of,
        )
        self.storage.create_table(row, seats)
        session = TableSession(game, row, seats, self.storage)
        session.note(f"{name} crée la table.")
        self.tables[table_id] = session
        return session, humans[0], token

    def _new_id(self) -> str:
        while True:
            table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
            if table_id not in self.tables:
                return table_id

    def listing(self) -> list[JsonValue]:
        shown: list[JsonValue] = [
            s.to_json() for s in self.tables.values() if s.row.status in (WAITING, PLAYING)
        ]
        return shown[-200:]

    def seated(self, session: TableSession, token: JsonValue) -> int:
        if not isinstance(token, str):
            raise ApiError(400, "requete_invalide", "Indiquez votre jeton (« jeton »).")
        seat = session.seat_of(token)
        assert seat is not None
        return seat

    def rematch(self, session: TableSession, seat: int) -> tuple[str, int, str]:
        if session.row.status != OVER:
            raise ApiError(409, "statut", "La revanche se propose à la fin de la partie.")
        name = session.seats[seat].name or f"Place {seat + 1}"
        if session.row.rematch is not None:
            other = self.get(session.row.rematch)
            free = [s.seat for s in other.seats if s.kind == HUMAN and s.token_hash is None]
            new_seat, token = other.join(name, seat if seat in free else None)
            self.changed(other)
            return other.id, new_seat, token
        places: list[JsonValue] = [
            {"type": s.kind, "niveau": s.level} if s.kind == BOT else {"type": HUMAN}
            for s in session.seats
        ]
        options = dict(session.row.options)
        body: JsonObject = {
            "jeu": session.row.game,
            "joueurs": session.row.players,
            "options": options,
            "places": places,
            "nom": name,
            "horloge": session.row.clock,
        }
        other, first, token = self.create(body, rematch_of=session.id)
        if first != seat and session.seats[seat].kind == HUMAN:
            # Keep the caller's seat number: move them there.
            other.leave(first)
            new_seat, token = other.join(name, seat)
            other.row.host = new_seat
            self.storage.update_table(other.id, host=new_seat)
        else:
            new_seat = first
        self.storage.update_table(session.id, rematch=other.id)
        session.row.rematch = other.id
        for connection in self.connections.get(session.id, ()):
            connection.put({"type": "revanche", "table": other.id})
        self.changed(session)
        return other.id, new_seat, token

    # --- realtime ------------------------------------------------------------------------------

    def attach(self, connection: Connection) -> None:
        session = self.get(connection.table_id)
        self.connections.setdefault(session.id, set()).add(connection)
        if connection.seat is not None:
            session.connected[connection.seat] = session.connected.get(connection.seat, 0) + 1
        self.changed(session)

    def detach(self, connection: Connection) -> None:
        connections = self.connections.get(connection.table_id, set())
        connections.discard(connection)
        session = self.tables.get(connection.table_id)
        if session is not None and connection.seat is not None:
            session.connected[connection.seat] = max(
                0, session.connected.get(connection.seat, 0) - 1
            )
            self.changed(session)

    def state_message(
        self, session: TableSession, seat: int | None, table: JsonObject | None = None
    ) -> JsonObject:
        state = session.state
        view = None if state is None else state.view(seat)
        moving = state is not None and seat is not None and seat in state.to_move()
        listed: JsonValue = None
        if moving and state is not None and seat is not None:
            legal = state.legal_actions(seat)
            if len(legal) <= MAX_LISTED_ACTIONS:
                listed = [session.game.encode_action(a) for a in legal]
        deadline = None if seat is None else self.deadlines.get((session.id, seat))
        return {
            "type": "etat",
            "table": session.to_json() if table is None else table,
            "place": seat,
            "coups_joues": session.ply,
            "vue": view,
            "a_jouer": moving,
            "coups": listed,
            "prochain_seq": 0 if seat is None else session.next_seq(seat),
            "echeance": None
            if deadline is None
            else max(0.0, round(deadline[0] - self.clock(), 1)),
            "journal": session.journal_for(seat),
            "sabliers": self.hourglasses_json(session),
        }

    def hourglasses_json(self, session: TableSession) -> list[JsonValue]:
        """The rules' hourglasses running at a table (public: everyone sees the hourglass)."""
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

    def changed(self, session: TableSession) -> None:
        """Wake the bots thinking at this table, tell every connection, start bots and clocks."""
        moved = self.moved.pop(session.id, None)
        if moved is not None:
            moved.set()
        self.schedule(session)
        connections = self.connections.get(session.id, ())
        if not connections:
            return
        table = session.to_json()
        messages: dict[int | None, str] = {}
        for connection in connections:
            text = messages.get(connection.seat)
            if text is None:
                message = self.state_message(session, connection.seat, table)
                text = messages[connection.seat] = orjson.dumps(message).decode()
            connection.queue.put_nowait(text)

    def receive(self, connection: Connection, text: str) -> None:
        """Handle one client message; errors go back to this client only."""
        seq: JsonValue = None
        try:
            if len(text.encode()) > MAX_MESSAGE:
                raise ApiError(
                    413, "trop_long", f"Message trop long (au plus {MAX_MESSAGE} octets)."
                )
            try:
                message = json.loads(text)
            except json.JSONDecodeError as error:
                raise ApiError(400, "json_invalide", f"JSON illisible : {error.msg}.") from None
            if not isinstance(message, dict):
                raise ApiError(400, "message_invalide", "Un message est un objet JSON.")
            seq = message.get("seq")
            kind = message.get("type")
            if kind == "ping":
                connection.put({"type": "pong"})
                return
            if kind != "coup":
                raise ApiError(400, "message_invalide", f"Type de message inconnu : {kind!r}.")
            if isinstance(seq, bool) or not isinstance(seq, int):
                raise ApiError(400, "message_invalide", "« seq » doit être un entier.")
            if "coup" not in message:
                raise ApiError(400, "message_invalide", "Le message n'a pas de « coup ».")
            if connection.seat is None:
                raise ApiError(403, "spectateur", "Un spectateur ne joue pas.")
            session = self.get(connection.table_id)
            session.play(connection.seat, seq, message["coup"])
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
        self.changed(session)

    # --- bots and clocks -----------------------------------------------------------------------

    def schedule(self, session: TableSession) -> None:
        state = session.state
        if state is None or session.row.status != PLAYING:
            self._clear_clocks(session)
            return
        moving = state.to_move()
        for seat in moving:
            row = session.seats[seat]
            if row.kind == BOT and (session.id, seat) not in self.thinking:
                self.thinking.add((session.id, seat))
                task = asyncio.get_running_loop().create_task(self._bot_turn(session, seat))
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)
        self._turn_hourglasses(session, state)
        if session.row.clock > 0:
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

    def _clear_clocks(self, session: TableSession) -> None:
        for key in [k for k in self.deadlines if k[0] == session.id]:
            self.deadlines.pop(key)[2].cancel()
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
        session.note(f"Temps écoulé pour {session.name(seat)} : un coup est joué à sa place.")
        session.play(seat, None, session.game.encode_action(action))
        self.changed(session)

    async def _bot_turn(self, session: TableSession, seat: int) -> None:
        """Decide in a worker, then play once the bot's thinking time has passed since its turn
        began (its decision's ``seconds`` × ``bot_pace``, at least ``bot_delay``: a word found
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
                if state is None or seat not in state.to_move():
                    return
                ply, started = session.ply, loop.time()
                level = session.seats[seat].level or DEFAULT_LEVEL
                decided = await self.runner.decide(session.id, session.record, seat, level)
                if session.ply != ply:
                    continue  # the position moved on while it thought: think again
                if decided is None:  # over its budget: a random legal move, at once
                    print(
                        f"ludotheque: robot {level} (table {session.id}, place {seat + 1}) "
                        f"hors budget ({self.runner.budget} s) : coup au hasard",
                        file=sys.stderr,
                    )
                    action: JsonValue = session.game.encode_action(
                        fallback_action(session.game, state, session.record, seat)
                    )
                    pace = 0.0
                else:
                    action, pace = decided
                if began is not None and action == previous:
                    started = began  # the same move as before the table moved: it goes on
                began, previous = started, action
                wait = max(self.bot_delay, pace * self.bot_pace) - (loop.time() - started)
                if wait > 0:
                    # Watch the table while thinking: when it moves (a faster player, a word
                    # this bot must judge), think again at once rather than sleep on.
                    await self._until_moved(session, ply, wait)
                    if session.ply != ply:
                        continue
                state = session.state
                if state is None or seat not in state.to_move():
                    return
                try:
                    session.play(seat, None, action)
                except (LudoError, ApiError):
                    refused += 1
                    continue
                break
            else:
                state = session.state
                if state is None or seat not in state.to_move():
                    return
                fallback = fallback_action(session.game, state, session.record, seat)
                session.play(seat, None, session.game.encode_action(fallback))
        finally:
            self.thinking.discard((session.id, seat))
        self.changed(session)

    async def _until_moved(self, session: TableSession, ply: int, seconds: float) -> None:
        """Wait ``seconds``, or less if the table plays a move meanwhile (``changed``)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while session.ply == ply and (left := deadline - loop.time()) > 0:
            moved = self.moved.setdefault(session.id, asyncio.Event())
            try:
                await asyncio.wait_for(moved.wait(), left)
            except TimeoutError:
                return

    # --- replay --------------------------------------------------------------------------------

    def replay(self, session: TableSession, seat: int | None) -> JsonObject:
        if session.row.status != OVER:
            raise ApiError(409, "statut", "Le déroulé se regarde une fois la partie terminée.")
        record = session.record
        names = [session.name(s) for s in range(session.row.players)]
        initial = record.initial(session.game)
        steps: list[JsonValue] = [{"coups": 0, "journal": None, "vue": initial.view(seat)}]
        for ply, move in enumerate(record.played(session.game, initial), start=1):
            text = move.describe(seat, names[move.seat], names)
            entry: JsonValue = {"coups": ply, "place": move.seat, "texte": text}
            steps.append({"coups": ply, "journal": entry, "vue": move.after.view(seat)})
        return {"table": session.to_json(), "place": seat, "etapes": steps}
