"""The table chat over the table's WebSocket: what a seat writes, whom it mutes, what the host
removes, and who reads it (``docs/server.md``, « Discussion à la table »).

:class:`TableChat` handles the chat's socket messages (the runner passes them on, see
``TableRunner.handlers``) and sends each connection what it may read: its seat's players read
everything but the seats they muted; spectators read unless the host turned that off. Messages
are plain text, cleaned by :func:`clean_text`; the storage is :class:`~.chat.ChatStore`.

>>> clean_text("  Bien   joué\\n !\\u202e ")
'Bien joué !'
>>> clean_text(" \\t ")
Traceback (most recent call last):
...
ludotheque.server.tables.ApiError: Le message est vide : écrivez quelque chose avant de l'envoyer.
"""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Callable

from sqlalchemy.exc import SQLAlchemyError

from ludotheque.core.json_types import JsonObject, JsonValue

from .broadcast import Broadcaster, Connection
from .chat import ChatStore
from .tables import ApiError, TableSession
from .throttle import Throttle

__all__ = ["HISTORY", "MAX_LENGTH", "REPLAY_MESSAGES", "Handler", "TableChat", "clean_text"]

MAX_LENGTH = 300  # characters of a message, once cleaned
HISTORY = 100  # messages a connection gets when it opens (the newest it may read)
REPLAY_MESSAGES = 1000  # messages a replay shows (the newest)

# Characters that make a text read otherwise than it was written (bidirectional controls).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

# A socket message the runner passes on: the table, the connection it came from, the message.
Handler = Callable[[TableSession, Connection, JsonObject], None]


def clean_text(value: JsonValue) -> str:
    """A message as it is stored and shown: NFC, every run of white space (line breaks, tabs)
    one space, control and bidirectional-control characters taken out, trimmed; 400 when it is
    not text, empty, or longer than :data:`MAX_LENGTH`."""
    if not isinstance(value, str):
        raise ApiError(400, "chat_invalide", "« texte » : le message à écrire, en texte.")
    kept = (
        " "
        if char.isspace()
        else ""
        if char in _BIDI or unicodedata.category(char) == "Cc"
        else char
        for char in unicodedata.normalize("NFC", value)
    )
    text = " ".join("".join(kept).split())
    if not text:
        raise ApiError(
            400, "chat_vide", "Le message est vide : écrivez quelque chose avant de l'envoyer."
        )
    if len(text) > MAX_LENGTH:
        raise ApiError(
            400,
            "chat_trop_long",
            f"Un message a au plus {MAX_LENGTH} caractères (le vôtre en a {len(text)}).",
        )
    return text


def _storage(what: str) -> ApiError:
    return ApiError(503, "stockage", f"{what} : la base de données ne répond pas, réessayez.")


def _seat_number(message: JsonObject, session: TableSession) -> int:
    place = message.get("place")
    if isinstance(place, bool) or not isinstance(place, int):
        raise ApiError(
            400,
            "message_invalide",
            "« place » : le numéro d'une place de la table (0 : la première).",
        )
    if not 0 <= place < session.row.players:
        raise ApiError(404, "place_inconnue", "Cette table n'a pas de place à ce numéro.")
    return place


class TableChat:
    """The chat of every table of one server process."""

    def __init__(
        self,
        store: ChatStore,
        broadcaster: Broadcaster,
        throttle: Throttle,
        changed: Callable[[TableSession], None],
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store, self.broadcaster, self.throttle = store, broadcaster, throttle
        self.changed = changed  # the runner's: every connection gets the table's new state
        self.clock = clock

    def handlers(self) -> dict[str, Handler]:
        """The socket messages of the chat, by ``type``."""
        return {
            "chat": self.write,
            "taire": self.mute,
            "entendre": self.unmute,
            "retirer_message": self.remove,
            "chat_spectateurs": self.spectators,
        }

    # --- who reads what ----------------------------------------------------------------------

    @staticmethod
    def may_read(session: TableSession, seat: int | None) -> bool:
        """Seated players read the chat; spectators unless the host turned that off."""
        return seat is not None or session.row.chat_spectators

    def history(self, session: TableSession, seat: int | None) -> JsonObject:
        """The ``discussion`` message of a seat (None: a spectator): whether it may read, the
        newest messages it reads (:data:`HISTORY`), the seats it muted."""
        readable = self.may_read(session, seat)
        muted = set() if seat is None else self.store.muted_by(session.id, seat)
        messages = self.store.messages(session.id, hidden=muted, last=HISTORY) if readable else []
        return {
            "type": "discussion",
            "lisible": readable,
            "messages": [m.to_json() for m in messages],
            "muets": [*sorted(muted)],
        }

    def connected(self, session: TableSession, connection: Connection) -> None:
        """A connection opened: it gets the chat it may read, when there is any (no message
        and no mute: nothing is sent, the chat starts empty)."""
        try:
            history = self.history(session, connection.seat)
            if history["messages"] or history["muets"]:
                connection.put(history)
        except SQLAlchemyError:
            error = _storage("La discussion n'a pas pu être lue (rechargez la page)")
            connection.put(
                {"type": "erreur", "code": error.code, "message": error.message, "seq": None}
            )

    def replay(self, session: TableSession, seat: int | None) -> list[JsonValue]:
        """The messages a replay shows to a seat (None: a spectator), read by the same rules."""
        if not self.may_read(session, seat):
            return []
        muted = set() if seat is None else self.store.muted_by(session.id, seat)
        messages = self.store.messages(session.id, hidden=muted, last=REPLAY_MESSAGES)
        return [m.to_json() for m in messages]

    def _to_readers(
        self,
        session: TableSession,
        message: JsonObject,
        author: int | None = None,
        mutes: dict[int, set[int]] | None = None,
    ) -> None:
        """Send ``message`` to every connection that may read it; with ``author``, not to the
        seats that muted them (``mutes``: :meth:`ChatStore.mutes`)."""

        def message_for(reader: int | None) -> JsonObject | None:
            if not self.may_read(session, reader):
                return None
            if reader is not None and mutes and author in mutes.get(reader, ()):
                return None
            return message

        self.broadcaster.relay(session.id, message_for, session.row.players)

    # --- the messages ------------------------------------------------------------------------

    def write(self, session: TableSession, connection: Connection, message: JsonObject) -> None:
        """``{"type": "chat", "texte": "…"}`` from a seat: stored, then sent to its readers."""
        seat = connection.seat
        if seat is None:
            raise ApiError(
                403, "chat_spectateur", "Les spectateurs lisent la discussion sans y écrire."
            )
        text = clean_text(message.get("texte"))
        wait = self.throttle.chat(session.id, seat)
        if wait:
            connection.put(Throttle.chat_refused(wait))
            return
        try:
            mutes = self.store.mutes(session.id)
            written = self.store.add(
                session.id, seat, session.person(seat), text, session.ply, self.clock()
            )
        except SQLAlchemyError:
            raise _storage("Le message n'a pas été envoyé") from None
        self._to_readers(session, {"type": "chat", "message": written.to_json()}, seat, mutes)

    def mute(self, session: TableSession, connection: Connection, message: JsonObject) -> None:
        """``{"type": "taire", "place": n}``: the sender's seat no longer reads seat ``n``."""
        self._listen(session, connection, message, muted=True)

    def unmute(self, session: TableSession, connection: Connection, message: JsonObject) -> None:
        """``{"type": "entendre", "place": n}``: the sender's seat reads seat ``n`` again."""
        self._listen(session, connection, message, muted=False)

    def _listen(
        self, session: TableSession, connection: Connection, message: JsonObject, *, muted: bool
    ) -> None:
        seat = connection.seat
        if seat is None:
            raise ApiError(
                403,
                "chat_spectateur",
                "Seuls les joueurs de la table choisissent qui ils lisent dans la discussion.",
            )
        other = _seat_number(message, session)
        if other == seat:
            raise ApiError(409, "chat_soi_meme", "Vous ne pouvez pas vous faire taire vous-même.")
        try:
            if muted:
                self.store.mute(session.id, seat, other)
            else:
                self.store.unmute(session.id, seat, other)
            history = self.history(session, seat)
        except SQLAlchemyError:
            raise _storage("Votre choix n'a pas été enregistré") from None
        # Every connection of the seat (its other tabs too) reads the chat as it now is.
        self.broadcaster.relay(
            session.id, lambda reader: history if reader == seat else None, session.row.players
        )

    def remove(self, session: TableSession, connection: Connection, message: JsonObject) -> None:
        """``{"type": "retirer_message", "id": n}`` from the host: the message is gone for
        everyone (kept in storage, marked removed, never shown again, not in replays)."""
        if connection.seat is None or connection.seat != session.row.host:
            raise ApiError(403, "chat_pas_hote", "Seul l'hôte de la table retire un message.")
        ident = message.get("id")
        if isinstance(ident, bool) or not isinstance(ident, int):
            raise ApiError(400, "message_invalide", "« id » : le numéro du message à retirer.")
        try:
            removed = self.store.remove(session.id, ident)
            known = removed or self.store.exists(session.id, ident)
        except SQLAlchemyError:
            raise _storage("Le message n'a pas été retiré") from None
        if not removed:
            if known:
                raise ApiError(409, "chat_deja_retire", "Ce message a déjà été retiré.")
            raise ApiError(
                404, "chat_message_inconnu", "Aucun message de cette table ne porte ce numéro."
            )
        self._to_readers(session, {"type": "chat_retire", "id": ident})

    def spectators(
        self, session: TableSession, connection: Connection, message: JsonObject
    ) -> None:
        """``{"type": "chat_spectateurs", "lire": bool}`` from the host: whether spectators read
        the chat from now on (the table's ``chat_spectateurs``, its replay included)."""
        seat = connection.seat
        if seat is None or seat != session.row.host:
            raise ApiError(
                403,
                "chat_pas_hote",
                "Seul l'hôte de la table choisit si les spectateurs lisent la discussion.",
            )
        allowed = message.get("lire")
        if not isinstance(allowed, bool):
            raise ApiError(400, "message_invalide", "« lire » : true ou false.")
        if allowed == session.row.chat_spectators:
            return
        try:
            self.store.set_spectators(session.id, allowed)
        except SQLAlchemyError:
            raise _storage("Votre choix n'a pas été enregistré") from None
        session.row.chat_spectators = allowed
        host = session.person(seat)
        session.note(
            f"{host} ouvre la discussion aux spectateurs."
            if allowed
            else f"{host} ferme la discussion aux spectateurs : seuls les joueurs la lisent."
        )
        history = self.history(session, None)  # what spectators now read (nothing, or all)
        self.broadcaster.relay(
            session.id, lambda reader: history if reader is None else None, session.row.players
        )
        self.changed(session)
