"""The lobby: every table of a server process, found by its id, made, listed, rematched.

A table waiting or in play is kept in memory (:meth:`Lobby.load` rebuilds them from storage
after a restart); a finished one is read from storage when someone asks for it. The lobby
changes tables and their rows only: telling the connections and the bots is the runner's
(:meth:`~ludotheque.server.runner.TableRunner.changed`).
"""

from __future__ import annotations

import asyncio
import secrets
import sys
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from ludotheque.core.errors import InvalidOptions, LudoError, MalformedInput, UnknownGame
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.protocol import Game
from ludotheque.core.registry import Registry

from . import slow
from .offload import Offload
from .robots import DEFAULT_LEVEL, LEVEL_TITLES, bot_levels, level_names, level_portrait
from .storage import SeatRow, Storage, TableRow
from .tables import (
    BOT,
    HUMAN,
    OVER,
    PLAYING,
    WAITING,
    ApiError,
    TableSession,
    check_name,
    hash_token,
    new_token,
)

__all__ = [
    "ABSENCE",
    "EXPIRED",
    "MAX_OPTION_BYTES",
    "MAX_OPTION_LINES",
    "REMATCH_HOLD",
    "Lobby",
    "NewTable",
    "Rematch",
]

ABSENCE = 60  # default seconds a seat may stay disconnected while it must act (« absent »)
REMATCH_HOLD = 120.0  # seconds a rematch keeps its seats for the previous table's players
MAX_OPTION_BYTES = 64 * 1024  # a text option (a card, tile or deck file), UTF-8
MAX_OPTION_LINES = 1000  # its lines (the shipped files have 52 to 194)
EXPIRED = "expiree"  # a waiting table nobody joined in time (``Lobby.expire``)


class Rematch(NamedTuple):
    """Where a rematch seats its caller; ``new``: the rematch table was made just now (the
    finished table's connections are to be told), else the caller joined it."""

    table: TableSession
    seat: int
    token: str
    new: bool


class NewTable(NamedTuple):
    """A request for a new table, checked (:meth:`Lobby.prepare`)."""

    game: Game[Any, Any]
    players: int
    options: JsonObject
    clock: int
    seats: list[SeatRow]
    name: str
    absence: int = ABSENCE
    hours: int = 0  # a slow game: hours per move (``server/slow.py``)
    rated: bool = False  # a rated game (« classee »): its accounts' ratings move at the end
    chat_spectators: bool = True  # spectators read the table's chat (``chat_spectateurs``)


class Lobby:
    """All tables of one server process."""

    def __init__(
        self,
        registry: Registry,
        storage: Storage,
        *,
        on_withdraw: Callable[[TableSession, int], None] | None = None,
        on_over: Callable[[TableSession], None] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.registry, self.storage, self.clock = registry, storage, clock
        self.tables: dict[str, TableSession] = {}
        self.broken: dict[str, str] = {}  # table id -> why it could not be rebuilt
        self.seen: dict[str, float] = {}  # table id -> when it was last asked for
        self.loading: dict[str, asyncio.Future[None]] = {}  # tables being replayed (find)
        # Told when a seat's token is withdrawn (the runner ends its connections' seat).
        self.on_withdraw = on_withdraw
        # Told when a table's game is over (the ratings).
        self.on_over = on_over
        # Several server processes share the tables (``server/cluster.py``): a table is read
        # again from storage when another process changed it (:meth:`refresh`); the tables
        # open elsewhere and not in this process's memory, as each was last announced (their
        # ``to_json``: the listing shows them); told of each table read into memory.
        self.shared = False
        self.elsewhere: dict[str, JsonObject] = {}
        self.on_install: Callable[[TableSession], None] | None = None

    def _session(self, game: Game[Any, Any], row: TableRow, seats: list[SeatRow]) -> TableSession:
        session = TableSession(game, row, seats, self.storage)
        session.on_withdraw = self.on_withdraw
        session.on_over = self.on_over
        session.clock = lambda: self.clock()
        if self.shared:

            def refresh() -> None:
                self.refresh(row.id)

            session.refresh = refresh
        return session

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
        return self._install(self._build(row, seats, moves), row.id)

    def _build(
        self, row: TableRow, seats: list[SeatRow], moves: list[tuple[int, JsonValue]]
    ) -> TableSession | str:
        """A table replayed from its rows, or why it cannot be (changes no lobby state: it may
        run in a thread)."""
        try:
            game = self.registry.get(row.game)
            session = self._session(game, row, seats)
            session.resume(moves, restarted=not self.shared)
        except LudoError as error:
            return error.message
        return session

    def _install(self, built: TableSession | str, table_id: str = "") -> TableSession | None:
        if isinstance(built, str):
            self.broken[table_id] = built
            print(f"ludotheque: table {table_id} non reprise : {built}", file=sys.stderr)
            return None
        self.tables[built.id] = built
        self.elsewhere.pop(built.id, None)
        if self.on_install is not None:
            self.on_install(built)
        if built.row.status == WAITING and built.row.rematch_of is not None:
            previous = self.storage.load_table(built.row.rematch_of)
            if previous is not None:  # after a restart the hold starts again in full
                self._keep_seats(built, previous[1])
        return built

    def _keep_seats(self, session: TableSession, previous: list[SeatRow]) -> None:
        """Keep a rematch's free seats for the previous table's players (REMATCH_HOLD)."""
        session.kept = {
            s.seat: s.name or f"Place {s.seat + 1}"
            for s in previous
            if s.token_hash is not None and s.seat < len(session.seats)
        }
        session.kept_until = self.clock() + REMATCH_HOLD

    async def find(self, table_id: str, offload: Offload) -> TableSession:
        """:meth:`get`, but a table read from storage (a finished one) is replayed in a thread
        (``offload``): a long game takes a while. Several requests for it wait for one replay."""
        if table_id not in self.tables and table_id not in self.broken and len(table_id) <= 32:
            loading = self.loading.get(table_id)
            if loading is None:
                loading = asyncio.ensure_future(self._load(table_id, offload))
                self.loading[table_id] = loading
                loading.add_done_callback(lambda _done: self.loading.pop(table_id, None))
            await asyncio.shield(loading)
        return self.get(table_id)

    async def _load(self, table_id: str, offload: Offload) -> None:
        loaded = self.storage.load_table(table_id)
        if loaded is None or loaded[0].status == EXPIRED:
            return  # get() says why
        built = await offload.run(self._build, *loaded)
        if table_id not in self.tables and table_id not in self.broken:
            self._install(built, table_id)

    def refresh(self, table_id: str) -> TableSession | None:
        """Read a table again from storage after another server process changed it: the
        table in memory catches up (:meth:`TableSession.sync`: only the moves stored since);
        one not in memory is read whole if it is waiting or in play (the lobby lists it);
        one that expired leaves memory. None: not (or no longer) in memory."""
        session = self.tables.get(table_id)
        loaded = self.storage.load_table(table_id, None if session is None else session.ply)
        if loaded is None:
            return None
        row, seats, moves = loaded
        if row.status == EXPIRED:
            self.tables.pop(table_id, None)
            return None
        if session is None:
            if row.status not in (WAITING, PLAYING) or table_id in self.broken:
                return None
            return self._rebuild(row, seats, moves)
        if session.match is not None and row.status == WAITING:
            return session  # a row older than what this process already knows
        session.sync(row, seats, moves)
        return session

    def get(self, table_id: str) -> TableSession:
        session = self.tables.get(table_id)
        if session is None and table_id not in self.broken and len(table_id) <= 32:
            loaded = self.storage.load_table(table_id)
            if loaded is not None:
                if loaded[0].status == EXPIRED:
                    raise ApiError(
                        410,
                        "table_expiree",
                        "Cette table a expiré : personne ne l'a rejointe à temps. "
                        "Créez-en une nouvelle depuis le salon.",
                    )
                session = self._install(self._build(*loaded), table_id)
        if session is None:
            if table_id in self.broken:
                raise ApiError(
                    409,
                    "table_abimee",
                    f"La table « {table_id} » ne peut pas être reprise : {self.broken[table_id]}",
                )
            raise ApiError(404, "table_inconnue", f"Table inconnue : « {table_id} ».")
        self.seen[table_id] = self.clock()
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
                    # Whether it plays slowly (hours per move) with its default options.
                    "partie_lente": game.slow_play(
                        info.modes[0].min_players,
                        info.resolve_options(info.modes[0].min_players, {}),
                    )
                    is None,
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

    def _game_players_options(self, body: JsonObject) -> tuple[Game[Any, Any], int, JsonObject]:
        """The game, the number of players and the options a lobby request names (``jeu``,
        ``joueurs``, ``options``), checked in that order."""
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
        for spec in game.info.options:
            value = options.get(spec.name)
            if spec.kind == "text" and isinstance(value, str):
                _check_file(spec.label, value)
        return game, players, options

    def teams(self, body: JsonObject) -> JsonValue:
        """Each seat's team at a table the lobby is about to create (``jeu``, ``joueurs``,
        ``options`` as for :meth:`create`), or None: everyone for themselves. Options that
        make no teams are refused with the game's French reason."""
        game, players, options = self._game_players_options(body)
        try:
            teams = game.teams(players, game.info.resolve_options(players, options))
        except InvalidOptions as error:
            raise ApiError(400, "options_invalides", error.message) from None
        return None if teams is None else list(teams)

    def prepare(self, body: JsonObject, logged_in: bool | None = None) -> NewTable:
        """Check a request for a new table (``jeu``, ``joueurs``, ``options``, ``places``,
        ``nom``, ``horloge``, ``classee``) and deal it once to check its options: no change to
        anything, so the server runs it in a thread (a custom card file may take a while to
        read). ``logged_in``: whether the creator has an account (a rated game is theirs by
        default, refused to an anonymous creator); None for the server's own tables (a
        rematch keeps its table's ``classee``)."""
        game, players, options = self._game_players_options(body)
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
        absence = body.get("absence", ABSENCE)
        if isinstance(absence, bool) or not isinstance(absence, int) or not 0 <= absence <= 3600:
            raise ApiError(
                400, "requete_invalide", "« absence » : des secondes, de 0 (jamais) à 3600."
            )
        try:
            hours = slow.hours_of(body, clock=clock, absence=body.get("absence"))
        except slow.SlowGameError as error:
            raise ApiError(400, "requete_invalide", error.message) from None
        if hours:
            absence = 0  # a slow game waits for its players with no socket open
            refused = game.slow_play(players, resolved)
            if refused is not None:
                raise ApiError(400, "options_invalides", refused)
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
        if not any(s.kind == HUMAN for s in seats):
            raise ApiError(400, "requete_invalide", "Il faut au moins une place pour une personne.")
        rated = _rated(body.get("classee"), players, logged_in)
        spectators = body.get("chat_spectateurs", True)
        if not isinstance(spectators, bool):
            raise ApiError(400, "requete_invalide", "« chat_spectateurs » : true ou false.")
        name = check_name(body.get("nom"))
        return NewTable(
            game, players, resolved, clock, seats, name, absence, hours, rated, spectators
        )

    def create(
        self,
        body: JsonObject,
        rematch_of: str | None = None,
        prepared: NewTable | None = None,
        account_id: int | None = None,
    ) -> tuple[TableSession, int, str]:
        """Make the table a request asks for (``prepared``: :meth:`prepare` already ran);
        ``account_id``: the creator's account, when logged in."""
        new = self.prepare(body) if prepared is None else prepared
        game, players, seats, name = new.game, new.players, list(new.seats), new.name
        humans = [s.seat for s in seats if s.kind == HUMAN]
        token = new_token()
        seats[humans[0]] = SeatRow(
            humans[0], HUMAN, None, name, hash_token(token), account_id=account_id
        )
        table_id = self._new_id()
        row = TableRow(
            table_id,
            game.info.name,
            players,
            secrets.randbits(62),
            new.options,
            new.clock,
            WAITING,
            humans[0],
            None,
            rematch_of,
            new.absence,
            self.clock(),
            hours=new.hours,
            rated=new.rated,
            chat_spectators=new.chat_spectators,
        )
        self.storage.create_table(row, seats)
        session = self._session(game, row, seats)
        session.note(f"{name} crée la table.")
        self.tables[table_id] = session
        self.seen[table_id] = self.clock()
        return session, humans[0], token

    def _new_id(self) -> str:
        while True:
            table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
            if table_id not in self.tables:
                return table_id

    def listing(self) -> list[JsonValue]:
        """The 200 newest tables waiting or in play (only those are described): those in
        memory, and those other server processes announced (:attr:`elsewhere`)."""
        open_tables = [s for s in self.tables.values() if s.row.status in (WAITING, PLAYING)]
        others: list[JsonValue] = [
            summary for table_id, summary in self.elsewhere.items() if table_id not in self.tables
        ]
        return [*others, *(s.to_json() for s in open_tables)][-200:]

    def forget(self, table_id: str) -> None:
        """Take a table out of memory (it stays in storage and is read again when asked for):
        another server process changed it, and nothing here needs it meanwhile."""
        self.tables.pop(table_id, None)
        self.seen.pop(table_id, None)

    def seated(self, session: TableSession, token: JsonValue, account_id: int | None = None) -> int:
        """The seat of the one who asks: their token's, or without a token the seat of the
        account they are logged in as (``account_id``)."""
        if token is None and account_id is not None:
            mine = session.seat_of_account(account_id)
            if mine is None:
                raise ApiError(403, "pas_assis", "Votre compte n'a pas de place à cette table.")
            return mine
        if not isinstance(token, str):
            raise ApiError(400, "requete_invalide", "Indiquez votre jeton (« jeton »).")
        seat = session.seat_of(token)
        assert seat is not None
        return seat

    def rematch(
        self,
        session: TableSession,
        seat: int,
        account_id: int | None = None,
        account_name: str | None = None,
    ) -> Rematch:
        """The rematch of a finished table for the person of ``seat`` (made now, or joined);
        logged in, they sit there as their account (``account_id``, ``account_name``)."""
        if session.row.status != OVER:
            raise ApiError(409, "statut", "La revanche se propose à la fin de la partie.")
        name = account_name or session.seats[seat].name or f"Place {seat + 1}"
        if session.row.rematch is not None:
            other = self.get(session.row.rematch)
            free = [s.seat for s in other.seats if s.kind == HUMAN and s.token_hash is None]
            if seat in free:  # the seat kept for them
                new_seat, token = other.join(name, seat, previous=True, account_id=account_id)
            else:
                new_seat, token = other.join(name, None, account_id=account_id)
            return Rematch(other, new_seat, token, new=False)
        # A bot holding an away person's seat gives it back to them in the rematch.
        places: list[JsonValue] = [
            {"type": s.kind, "niveau": s.level}
            if s.kind == BOT and not session.held(s.seat)
            else {"type": HUMAN}
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
            "absence": session.row.absence,
            "heures": session.row.hours,
            "classee": session.row.rated,
            "chat_spectateurs": session.row.chat_spectators,
        }
        other, first, token = self.create(body, rematch_of=session.id, account_id=account_id)
        if first != seat and (session.seats[seat].kind == HUMAN or session.held(seat)):
            # Keep the caller's seat number: move them there.
            other.leave(first)
            new_seat, token = other.join(name, seat, account_id=account_id)
            other.row.host = new_seat
            self.storage.update_table(other.id, host=new_seat)
        else:
            new_seat = first
        self._keep_seats(other, [s for s in session.seats if s.seat != seat])
        self.storage.update_table(session.id, rematch=other.id)
        session.row.rematch = other.id
        return Rematch(other, new_seat, token, new=True)

    def expire(
        self, waiting_seconds: float, finished_seconds: float, connected: Callable[[str], bool]
    ) -> list[TableSession]:
        """Close the waiting tables nobody joined within ``waiting_seconds`` of their creation
        (status « expirée », kept in storage; asked for, they answer 410), and take out of memory
        the finished tables nobody asked for in ``finished_seconds`` and with no socket open
        (``connected``): they stay in storage, their replays too, and are read again when asked
        for. Returns the tables closed (their sockets are to be told)."""
        now = self.clock()
        closed: list[TableSession] = []
        for table_id, session in list(self.tables.items()):
            row = session.row
            if row.status == WAITING:
                created = row.created if row.created is not None else self.seen.get(table_id)
                if created is None:  # stored before tables had a creation time
                    self.seen[table_id] = now
                    continue
                joined = any(s.token_hash for s in session.seats if s.seat != row.host)
                if not joined and now - created >= waiting_seconds:
                    self.storage.update_table(table_id, status=EXPIRED)
                    row.status = EXPIRED
                    session.note("La table a expiré : personne ne l'a rejointe.")
                    del self.tables[table_id]
                    self.seen.pop(table_id, None)
                    closed.append(session)
            elif (
                row.status == OVER
                and not connected(table_id)
                and now - self.seen.get(table_id, now) >= finished_seconds
            ):
                del self.tables[table_id]
                self.seen.pop(table_id, None)
        return closed

    def playing(self) -> list[TableSession]:
        """The tables in play (their bots and clocks start with the server)."""
        return [s for s in self.tables.values() if s.row.status == PLAYING]


def _rated(value: JsonValue, players: int, logged_in: bool | None) -> bool:
    """Whether a new table is rated (``classee``): by default when its creator is logged in;
    never alone (nobody to be ranked against), nor for an anonymous creator."""
    if value is None:
        return bool(logged_in) and players > 1
    if not isinstance(value, bool):
        raise ApiError(400, "requete_invalide", "« classee » : true ou false.")
    if value and players < 2:
        raise ApiError(
            400,
            "options_invalides",
            "Une partie en solo n'est pas classée : décochez « Partie classée ».",
        )
    if value and logged_in is False:
        raise ApiError(
            401,
            "non_connecte",
            "Connectez-vous pour créer une partie classée : un classement appartient à un compte.",
        )
    return value


def _check_file(label: str, text: str) -> None:
    """A text option is at most :data:`MAX_OPTION_BYTES` and :data:`MAX_OPTION_LINES` (413)."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_OPTION_BYTES:
        raise ApiError(
            413,
            "fichier_trop_long",
            f"« {label} » : le fichier fait {size // 1024} Kio, au plus "
            f"{MAX_OPTION_BYTES // 1024} Kio sont acceptés.",
        )
    lines = text.count("\n") + 1
    if lines > MAX_OPTION_LINES:
        raise ApiError(
            413,
            "fichier_trop_long",
            f"« {label} » : le fichier a {lines} lignes, au plus {MAX_OPTION_LINES} sont "
            "acceptées.",
        )
