"""One table: its seats, its game (a :class:`~ludotheque.core.match.Match`), its journal.

Synchronous and single-threaded (the lobby, the table runner and the bot scheduler call it from
the event loop): each method checks everything first, writes to storage, and only then changes
the table, so a refused request or a failed write changes nothing.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ludotheque.core.errors import GameOver, IllegalAction, LudoError, MalformedInput, NotYourTurn
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.match import Match
from ludotheque.core.moves import PendingMove
from ludotheque.core.protocol import Game, State
from ludotheque.core.record import GameRecord

from . import slow
from .storage import SeatRow, StaleWrite, Storage, TableRow

__all__ = [
    "JOURNAL_SIZE",
    "ApiError",
    "JournalEntry",
    "TableSession",
    "hash_token",
    "in_words",
    "new_token",
]

JOURNAL_SIZE = 30
HUMAN, BOT = "humain", "robot"
WAITING, PLAYING, OVER = "attente", "en_cours", "terminee"


class ApiError(Exception):
    """A refused request: HTTP status, stable code, French message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message

    def to_json(self) -> JsonObject:
        return {"code": self.code, "message": self.message}


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def action_error_code(error: LudoError) -> str:
    if isinstance(error, NotYourTurn):
        return "pas_votre_tour"
    if isinstance(error, GameOver):
        return "partie_terminee"
    if isinstance(error, IllegalAction):
        return "coup_illegal"
    return "coup_mal_forme"


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """One line of the journal: the same ``text`` for all, or one text per observer.

    A game action is written once for each seat and for spectators when it happens
    (``Game.describe_action``), so that no seat's line tells it what its view does not.
    """

    ply: int
    seat: int | None
    text: str = ""
    texts: dict[int | None, str] | None = None

    def for_observer(self, observer: int | None) -> JsonValue:
        text = self.text if self.texts is None else self.texts[observer]
        return {"coups": self.ply, "place": self.seat, "texte": text}


def in_words(seconds: float) -> str:
    """« 1 min 40 s », « 45 s »: a wait as a person reads it."""
    whole = max(1, round(seconds))
    minutes, rest = divmod(whole, 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min {rest} s" if rest else f"{minutes} min"


class TableSession:
    """A table in memory, kept equal to its rows in storage.

    Seats change hands here (``docs/security.md``, « Seats and tokens »): a token withdrawn
    (:meth:`leave`) calls ``on_withdraw`` with its seat before anything else happens, so that the
    connections made with it stop being that seat's; a person away (``away``) may have their seat
    held by a bot (a bot seat that keeps the person's name and token hash) until they take it
    back (:meth:`reclaim`); a rematch keeps seats for the previous table's players (``kept``).
    """

    def __init__(
        self, game: Game[Any, Any], row: TableRow, seats: list[SeatRow], storage: Storage
    ) -> None:
        self.game, self.row, self.seats, self.storage = game, row, seats, storage
        self.match: Match | None = None
        self.journal: deque[JournalEntry] = deque(maxlen=JOURNAL_SIZE)
        self.connected: dict[int, int] = {}  # seat -> open connections
        self.away: set[int] = set()  # people shown away (« absent »), not back yet
        # Told of a seat whose token was withdrawn, before anything else is sent (the runner).
        self.on_withdraw: Callable[[TableSession, int], None] | None = None
        # Told once the game is over, its last move stored (the ratings).
        self.on_over: Callable[[TableSession], None] | None = None
        # A rematch's seats kept for the previous table's players: seat -> name, until when.
        self.kept: dict[int, str] = {}
        self.kept_until = 0.0
        self.clock: Callable[[], float] = time.monotonic
        # Several server processes (``server/cluster.py``): the journal notes made here, to be
        # sent to the other processes with the change; each other process's open connections
        # by seat; how to read the table again from storage when another process changed it
        # (a move or a seat taken meanwhile); whether the moves now applied are another
        # process's (read from storage: its end of game was handled there).
        self.outbox: list[JournalEntry] = []
        self.elsewhere: dict[str, dict[int, int]] = {}
        self.refresh: Callable[[], None] | None = None
        self.mirroring = False

    # --- reading ----------------------------------------------------------------------------

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def state(self) -> State[Any] | None:
        return None if self.match is None else self.match.state

    @property
    def record(self) -> GameRecord:
        if self.match is not None:
            return self.match.record
        return GameRecord(self.row.game, self.row.players, self.row.seed, self.row.options)

    @property
    def ply(self) -> int:
        return len(self.record.moves)

    def is_connected(self, seat: int) -> bool:
        """A connection of the seat is open, in this process or another."""
        return self.connected.get(seat, 0) > 0 or any(
            counts.get(seat, 0) > 0 for counts in self.elsewhere.values()
        )

    def seat_of(self, token: str | None) -> int | None:
        """The seat of a token (None: no token); :class:`ApiError` 403 when it is wrong."""
        if token is None:
            return None
        digest = hash_token(token)
        for seat in self.seats:
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise ApiError(403, "jeton_invalide", "Ce jeton ne correspond à aucune place de la table.")

    def seat_of_account(self, account_id: int | None) -> int | None:
        """The seat an account holds here (itself, or a bot for it while it is away), None if
        none: an account is a credential for its seat, as its token is."""
        if account_id is None:
            return None
        for seat in self.seats:
            if seat.account_id == account_id and seat.token_hash is not None and not seat.left:
                return seat.seat
        return None

    def name(self, seat: int) -> str:
        """What everyone reads for a seat: the person's name, or the robot's first name
        (:func:`~ludotheque.server.robots.robot_names`; its level is shown beside it)."""
        row = self.seats[seat]
        if row.kind == BOT:
            from .robots import robot_names

            levels = [s.level or "" if s.kind == BOT else None for s in self.seats]
            people = [s.name for s in self.seats if (s.kind != BOT or self.held(s.seat)) and s.name]
            return robot_names(levels, people)[seat] or f"Place {seat + 1}"
        return row.name or f"Place {seat + 1}"

    def person(self, seat: int) -> str:
        """The name of the person of a seat (a bot holding it for them included)."""
        return self.seats[seat].name or f"Place {seat + 1}"

    def held(self, seat: int) -> bool:
        """A bot plays this seat while its person is away; their token still takes it back."""
        row = self.seats[seat]
        return row.kind == BOT and row.token_hash is not None

    def bot_level(self) -> str:
        """The level of the table's bots (the most common; the first seat's on a tie), the
        default level at a table without bots."""
        from .robots import DEFAULT_LEVEL

        levels = [
            s.level for s in self.seats if s.kind == BOT and s.level and not self.held(s.seat)
        ]
        if not levels:
            return DEFAULT_LEVEL
        counts = Counter(levels)
        return max(levels, key=lambda level: counts[level])

    def kept_for(self, seat: int) -> str | None:
        """The previous player a free rematch seat is kept for (None: not kept, or no longer)."""
        name = self.kept.get(seat)
        row = self.seats[seat]
        if name is None or row.token_hash is not None or row.kind != HUMAN:
            return None
        return name if self.clock() < self.kept_until else None

    def next_seq(self, seat: int) -> int:
        return sum(1 for move in self.record.moves if move.seat == seat)

    def teams(self) -> tuple[int, ...] | None:
        """Each seat's team (:meth:`Game.teams`), None when everyone plays for themselves."""
        try:
            return self.game.teams(self.row.players, self.row.options)
        except LudoError:
            return None

    def public_options(self) -> JsonObject:
        options = dict(self.row.options)
        for key, value in options.items():
            if isinstance(value, str) and len(value) > 80:
                options[key] = "personnalisé"
        return options

    def to_json(self) -> JsonObject:
        outcome = None if self.state is None else self.state.outcome()
        teams = self.teams()
        return {
            "id": self.id,
            "jeu": self.row.game,
            "titre": self.game.info.title,
            "joueurs": self.row.players,
            "mode": self.row.options.get("mode"),
            "options": self.public_options(),
            "statut": self.row.status,
            "hote": self.row.host,
            "horloge": self.row.clock,
            "absence": self.row.absence,
            "heures": self.row.hours,
            "chat_spectateurs": self.row.chat_spectators,
            "niveau_robots": self.bot_level(),
            "places": [
                {
                    "place": s.seat,
                    "type": s.kind,
                    "nom": self.name(s.seat) if (s.kind == BOT or s.name) else None,
                    "niveau": s.level,
                    "connecte": s.kind == BOT or self.is_connected(s.seat),
                    "parti": s.left,
                    "equipe": None if teams is None else teams[s.seat],
                    "absent": s.seat in self.away or self.held(s.seat),
                    "remplace": s.name if self.held(s.seat) else None,
                    "gardee_pour": self.kept_for(s.seat),
                    "compte": s.account_id is not None and (s.kind == HUMAN or self.held(s.seat)),
                    "jusqu_a": slow.iso_time(s.deadline),
                }
                for s in self.seats
            ],
            "coups": self.ply,
            "resultat": None if outcome is None else outcome.to_json(),
            "classee": self.row.rated,
            "revanche": self.row.rematch,
            "revanche_de": self.row.rematch_of,
        }

    def journal_for(self, observer: int | None) -> list[JsonValue]:
        return [entry.for_observer(observer) for entry in self.journal]

    def _log_move(self, ply: int, move: PendingMove) -> None:
        names = [self.name(s) for s in range(self.row.players)]
        observers: list[int | None] = [*range(self.row.players), None]
        texts = {o: move.describe(o, names[move.seat], names) for o in observers}
        self.journal.append(JournalEntry(ply, move.seat, texts=texts))

    def _moved(self, move: PendingMove) -> None:
        """A committed move (the match's listener): its journal lines, the end of the game."""
        self._log_move(self.ply, move)
        if move.after.is_over:
            self.row.status = OVER
            self.note("La partie est terminée.", share=False)  # every process writes it
            if self.on_over is not None and not self.mirroring:
                self.on_over(self)

    def note(self, text: str, seat: int | None = None, *, share: bool = True) -> None:
        """A line of the journal; ``share``: the other server processes write it too (it is
        sent with the change), unless each writes it itself."""
        entry = JournalEntry(self.ply, seat, text)
        self.journal.append(entry)
        if share:
            self.outbox.append(entry)

    def sync(self, row: TableRow, seats: list[SeatRow], moves: list[tuple[int, JsonValue]]) -> None:
        """Catch up with storage after another server process changed the table: its row,
        its seats (a token withdrawn there is withdrawn here: ``on_withdraw``), the game
        started there, and ``moves``, the moves stored after this table's last one."""
        previous, self.row, self.seats = self.seats, row, seats
        for new in seats:
            old = previous[new.seat] if new.seat < len(previous) else None
            if old is not None and old.token_hash is not None and old.token_hash != new.token_hash:
                self.away.discard(new.seat)
                if self.on_withdraw is not None:
                    self.on_withdraw(self, new.seat)
        if self.match is None and row.status != WAITING and (row.status == PLAYING or moves):
            match = self.new_match()
            match.listeners.append(self._moved)
            self.match = match
        if self.match is None:
            return
        self.mirroring = True
        try:
            for seat, action in moves:
                self.match.submit(seat, action)
        finally:
            self.mirroring = False

    # --- lobby --------------------------------------------------------------------------------

    def _require(self, status: str, message: str) -> None:
        if self.row.status != status:
            raise ApiError(409, "statut", message)

    def join(
        self,
        name: str,
        seat: int | None,
        *,
        previous: bool = False,
        account_id: int | None = None,
    ) -> tuple[int, str]:
        """Seat a person (``seat``, or the first free one); ``previous``: one of the previous
        table's players, who may take a seat the rematch keeps; ``account_id``: the account
        they are logged in as (one seat per account at a table)."""
        self._require(WAITING, "La partie a déjà commencé : on ne peut plus s'asseoir.")
        mine = self.seat_of_account(account_id)
        if mine is not None:
            raise ApiError(
                409,
                "deja_assis",
                f"Vous êtes déjà assis·e à cette table (place {mine + 1}) : une place par "
                "personne.",
            )
        free = [s.seat for s in self.seats if s.kind == HUMAN and s.token_hash is None]
        open_ = [s for s in free if previous or self.kept_for(s) is None]
        if seat is None:
            if not open_:
                if free:
                    wait = in_words(self.kept_until - self.clock())
                    raise ApiError(
                        409,
                        "places_gardees",
                        "Les places libres sont gardées pour les joueurs de la partie "
                        f"précédente pendant encore {wait}.",
                    )
                raise ApiError(409, "table_complete", "Toutes les places sont prises.")
            seat = open_[0]
        elif seat not in free:
            raise ApiError(409, "place_prise", f"La place {seat + 1} n'est pas libre.")
        elif seat not in open_:
            wait = in_words(self.kept_until - self.clock())
            raise ApiError(
                409,
                "place_gardee",
                f"La place {seat + 1} est gardée pour {self.kept_for(seat)}, de la partie "
                f"précédente, pendant encore {wait}.",
            )
        token = new_token()
        self._set_seat(SeatRow(seat, HUMAN, None, name, hash_token(token), False, account_id))
        self.note(f"{name} s'assied à la table.")
        return seat, token

    def _set_seat(self, updated: SeatRow) -> None:
        """Store a seat's new row, then keep it; a token withdrawn is told (``on_withdraw``)
        before anything else, so that no connection made with it reads the seat again."""
        old = self.seats[updated.seat]
        try:
            self.storage.update_seat(self.id, updated, was=old)
        except StaleWrite:  # another server process changed this seat meanwhile
            self._changed_elsewhere()
        self.seats[updated.seat] = updated
        if old.token_hash is not None and old.token_hash != updated.token_hash:
            self.away.discard(updated.seat)
            if self.on_withdraw is not None:
                self.on_withdraw(self, updated.seat)

    def leave(self, seat: int) -> None:
        row = self.seats[seat]
        name = row.name or self.name(seat)
        if self.row.status == WAITING:
            if seat == self.row.host:
                others = [s.seat for s in self.seats if s.token_hash and s.seat != seat]
                if others:
                    self.storage.update_table(self.id, host=others[0])
                    self.row.host = others[0]
            updated = SeatRow(seat, HUMAN)
        else:
            # The account stays: it played part of this game (its history, its rating); a
            # slow game's deadline too: the seat's time does not start again.
            updated = SeatRow(
                seat, row.kind, row.level, row.name, None, True, row.account_id, row.deadline
            )
        self._set_seat(updated)
        self.note(f"{name} a quitté la table.")

    # --- people away ----------------------------------------------------------------------------

    def must_act(self, seat: int) -> bool:
        state = self.state
        return self.row.status == PLAYING and state is not None and seat in state.to_move()

    def can_be_away(self, seat: int) -> bool:
        """A person seated here, not a bot, who has not left."""
        row = self.seats[seat]
        return row.kind == HUMAN and row.token_hash is not None and not row.left

    def mark_away(self, seat: int, why: str) -> None:
        """Show a person as away (« absent »): the others may hand their seat to a bot.
        ``why``: what the journal says of them (« n'est plus là depuis 1 min »)."""
        if seat in self.away or not self.can_be_away(seat):
            return
        self.away.add(seat)
        self.note(
            f"{self.person(seat)} {why} : les autres peuvent confier sa place à un robot "
            "jusqu'à son retour.",
            seat,
        )

    def back(self, seat: int) -> None:
        """A person shown away is here again (a connection, a move)."""
        if seat in self.away and not self.held(seat):
            self.away.discard(seat)
            self.note(f"{self.person(seat)} est de retour.", seat)

    def reclaim(self, seat: int) -> None:
        """The person of a seat a bot holds takes it back (the bot's unplayed thought is
        dropped: the scheduler plays only for a bot seat)."""
        if not self.held(seat):
            raise ApiError(409, "place_non_confiee", "Aucun robot ne joue à votre place.")
        row = self.seats[seat]
        self._set_seat(SeatRow(seat, HUMAN, None, row.name, row.token_hash, False, row.account_id))
        self.away.discard(seat)
        self.note(f"{self.person(seat)} est de retour et reprend sa place.", seat)

    def make_bot(self, by: int, seat: int, level: str | None, levels: list[str]) -> None:
        """A bot takes a seat: before the start the host's choice of an empty seat; during the
        game a left seat, or an away person's seat (at the table's level, until they return).
        ``level`` None: the table's level for an away seat, else the default level."""
        if level is None:
            from .robots import DEFAULT_LEVEL

            away = self.row.status == PLAYING and seat in self.away
            level = self.bot_level() if away else DEFAULT_LEVEL
        if level not in levels:
            raise ApiError(400, "niveau_inconnu", f"Niveau de robot inconnu : « {level} ».")
        if not 0 <= seat < len(self.seats):
            raise ApiError(404, "place_inconnue", f"Place inconnue : {seat + 1}.")
        row = self.seats[seat]
        if self.row.status == WAITING:
            if by != self.row.host:
                raise ApiError(403, "pas_hote", "Seul l'hôte de la table choisit les robots.")
            if row.token_hash is not None:
                raise ApiError(409, "place_prise", "Cette place est occupée par une personne.")
        elif self.row.status == PLAYING:
            if seat in self.away and row.kind == HUMAN:
                self._hold(by, seat, level)
                return
            if not row.left:
                raise ApiError(
                    409,
                    "place_occupee",
                    "Seule une place quittée, ou celle d'une personne absente, passe à un robot.",
                )
        else:
            raise ApiError(409, "statut", "La partie est terminée.")
        previous = row.name if self.row.status == PLAYING else None
        # A left seat keeps its account (it played part of the game), not its name.
        account_id = row.account_id if self.row.status == PLAYING else None
        self._set_seat(SeatRow(seat, BOT, level, account_id=account_id))
        from .robots import LEVEL_TITLES

        title = LEVEL_TITLES.get(level, level)
        joins = f"prend la place de {previous}" if previous else "rejoint la table"
        self.note(f"{self.name(seat)}, robot {title}, {joins}.")

    def _hold(self, by: int, seat: int, level: str) -> None:
        """Hand an away person's seat to a bot of the table's level until they come back."""
        if by == seat:
            raise ApiError(
                403, "place_absente", "Ce sont les autres joueurs qui confient votre place."
            )
        from .robots import LEVEL_TITLES

        wanted = self.bot_level()
        if level != wanted:
            raise ApiError(
                409,
                "niveau_de_la_table",
                "La place d'une personne absente passe à un robot du niveau de la table "
                f"({LEVEL_TITLES.get(wanted, wanted)}).",
            )
        row = self.seats[seat]
        self._set_seat(SeatRow(seat, BOT, wanted, row.name, row.token_hash, False, row.account_id))
        self.note(
            f"{self.person(by)} confie la place de {self.person(seat)} à {self.name(seat)}, "
            f"robot {LEVEL_TITLES.get(wanted, wanted)}, jusqu'à son retour.",
            seat,
        )

    def check_start(self, by: int) -> None:
        """Raise :class:`ApiError` unless ``by`` may start the game now."""
        self._require(WAITING, "La partie a déjà commencé.")
        if by != self.row.host:
            raise ApiError(403, "pas_hote", "Seul l'hôte de la table lance la partie.")
        if any(s.kind == HUMAN and s.token_hash is None for s in self.seats):
            raise ApiError(409, "places_libres", "Des places sont encore libres.")

    def new_match(self) -> Match:
        """The game dealt from the table's seed and options (no change to the table: the
        server builds it in a thread, a custom card file may take a while to read)."""
        return Match.start(self.game, self.row.players, self.row.seed, self.row.options)

    def start(self, by: int, match: Match | None = None) -> None:
        """Start the game (``match``: dealt beforehand by :meth:`new_match`)."""
        self.check_start(by)
        if match is None:
            match = self.new_match()
        try:
            self.storage.update_table(self.id, expect={"status": WAITING}, status=PLAYING)
        except StaleWrite:  # started (or changed) by another server process meanwhile
            self._changed_elsewhere()
        self.row.status = PLAYING
        match.listeners.append(self._moved)
        self.match = match
        self.note("La partie commence.")

    def resume(self, moves: list[tuple[int, JsonValue]], *, restarted: bool = True) -> None:
        """Rebuild the game from stored moves (server start; ``restarted``: the journal says
        the server restarted — not when another server process plays the table)."""
        if self.row.status == WAITING:
            return
        match = self.new_match()
        for number, (seat, action) in enumerate(moves, start=1):
            try:
                move = match.submit(seat, action)
            except LudoError as error:
                error.message = f"le coup n° {number} est refusé ({error.message})"
                raise
            if len(moves) - number < JOURNAL_SIZE:
                self._log_move(number, move)
        match.listeners.append(self._moved)
        self.match = match
        if match.state.is_over and self.row.status != OVER:
            self.storage.update_table(self.id, status=OVER)
            self.row.status = OVER
            if self.on_over is not None:
                self.on_over(self)
        if self.row.status == PLAYING and restarted:
            self.note("Le serveur a redémarré : la partie reprend.", share=False)

    # --- play ---------------------------------------------------------------------------------

    def _changed_elsewhere(self) -> None:
        """A compare-and-set write lost to another server process: read the table again, and
        refuse the request (the person sees the table as it now is and may try again)."""
        if self.refresh is not None:
            self.refresh()
        raise ApiError(
            409,
            "table_changee",
            "La table vient de changer (quelqu'un d'autre a agi au même moment) : regardez-la "
            "de nouveau, puis réessayez.",
        )

    def play(self, seat: int, seq: int | None, data: JsonValue) -> None:
        """Prepare, store, then commit one action (:class:`LudoError`/:class:`ApiError` if
        refused; a failed write changes nothing).

        Storage is the arbiter between server processes: the move's number is a unique key,
        so when another process stored a move with that number first, this one reads the table
        again (:attr:`refresh`) and tries once more from the new position (``seq`` then tells
        a move sent twice from one already played)."""
        try:
            self._play(seat, seq, data)
        except IntegrityError:
            if self.refresh is None:
                raise ApiError(
                    503, "stockage", "Le coup n'a pas pu être enregistré : réessayez."
                ) from None
            self.refresh()
            try:
                self._play(seat, seq, data)
            except IntegrityError:
                raise ApiError(
                    409,
                    "coup_simultane",
                    "Un autre coup a été joué au même instant : regardez la table, puis réessayez.",
                ) from None

    def _play(self, seat: int, seq: int | None, data: JsonValue) -> None:
        if self.match is None:
            raise ApiError(409, "partie_non_commencee", "La partie n'a pas encore commencé.")
        if seq is not None and seq != self.next_seq(seat):
            raise ApiError(
                409,
                "seq_invalide",
                f"Numéro de séquence {seq} inattendu (attendu : {self.next_seq(seat)}) : "
                "ce coup a déjà été reçu ou l'état affiché n'est plus à jour.",
            )
        move = self.match.prepare(seat, data, complete=True)
        status = OVER if move.after.is_over else None
        # A slow game's deadlines that this move ends or starts are stored with it.
        deadlines = None
        if self.row.hours:
            deadlines = slow.after_move(
                self.seats, self.state, move.after, seat, self.clock(), self.row.hours
            )
        try:
            self.storage.add_move(self.id, self.ply + 1, seat, move.data, status, deadlines)
        except IntegrityError:
            raise  # the move's number was taken by another process (:meth:`play`)
        except SQLAlchemyError:
            raise ApiError(
                503, "stockage", "Le coup n'a pas pu être enregistré : réessayez."
            ) from None
        self.match.commit(move)  # the record, then the journal (self._moved)
        if deadlines:
            slow.apply(self.seats, deadlines)


def check_name(value: JsonValue) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ApiError(400, "nom_invalide", "Indiquez un nom (1 à 40 caractères).")
    name = " ".join(value.split())
    if len(name) > 40:
        raise ApiError(400, "nom_invalide", "Un nom a au plus 40 caractères.")
    return name


def malformed(error: MalformedInput) -> ApiError:
    return ApiError(400, "coup_mal_forme", error.message)
