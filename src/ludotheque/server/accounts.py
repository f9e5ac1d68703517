"""Accounts: a name kept between visits and a password, hashed with Argon2 (``pwdlib``).

:class:`Accounts` creates, authenticates and deletes accounts in the ``accounts`` table of a
storage's engine. A password is never stored, logged nor put in a message or an exception: only
its Argon2 hash (``pwdlib``'s recommended hasher, salted) reaches the database. Hashing takes
about 0.1 s of CPU, so the server calls these methods in a thread. Names are unique whatever
their case and their Unicode spelling (:func:`name_key`); the rules of a name and of a password
are :func:`check_account_name` and :func:`check_password` (their refusals are French).

>>> name_key("  ÉLODIE ")
'élodie'
>>> check_password("court", "Alice")
Traceback (most recent call last):
...
ludotheque.server.tables.ApiError: Le mot de passe doit avoir au moins 8 caractères.
"""

from __future__ import annotations

import hashlib
import time
import unicodedata
from dataclasses import dataclass

from pwdlib import PasswordHash
from sqlalchemy import Engine, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from ludotheque.core.json_types import JsonObject, JsonValue

from .schema import (
    accounts_table,
    chat_messages_table,
    rating_history_table,
    ratings_table,
    seats_table,
)
from .tables import ApiError, check_name

__all__ = [
    "ANONYMOUS",
    "MAX_PASSWORD",
    "MIN_PASSWORD",
    "Account",
    "Accounts",
    "check_account_name",
    "check_password",
    "name_key",
    "rating_player",
]

MIN_PASSWORD = 8  # characters
MAX_PASSWORD = 128  # characters: Argon2 takes any length, a cap stops abuse
ANONYMOUS = "Anonyme"  # what a deleted account's seats are called from then on

# Passwords too common to protect anything (the first ones tried by anyone guessing).
COMMON_PASSWORDS = frozenset(
    {
        "motdepasse",
        "motdepasse1",
        "password",
        "password1",
        "azertyui",
        "azertyuiop",
        "qwertyui",
        "qwertyuiop",
        "12345678",
        "123456789",
        "1234567890",
        "87654321",
        "ludotheque",
        "ludothèque",
        "iloveyou",
        "jetaime1",
        "soleil123",
        "bonjour1",
        "doudou123",
    }
)

WRONG_CREDENTIALS = "Nom ou mot de passe incorrect."


@dataclass(frozen=True, slots=True)
class Account:
    """An account as the other parts see it: never its password hash."""

    id: int
    name: str
    created: float  # time.time() at creation

    @property
    def player(self) -> str:
        """Its key in ``ratings`` and ``rating_history`` (« compte:<id> »)."""
        return rating_player(self.id)

    def to_json(self) -> JsonObject:
        """``{"nom", "cree"}``: its name and its creation date (ISO 8601, UTC)."""
        created = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.created))
        return {"nom": self.name, "cree": created}


def rating_player(account_id: int) -> str:
    """The ``player`` of an account in the rating tables."""
    return f"compte:{account_id}"


def name_key(name: str) -> str:
    """What makes two names the same account's: Unicode compatibility form (a full-width
    « Ａｌｉｃｅ » is « Alice »), case folded, spaces collapsed."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def check_account_name(value: JsonValue) -> str:
    """An account's name: a seat's name (1 to 40 characters, spaces collapsed), without
    invisible characters, and none that reads as someone else at a table (« Anonyme », what a
    deleted account becomes; « Robot … »; « Place 2 », a seat without a name)."""
    name = check_name(unicodedata.normalize("NFC", value) if isinstance(value, str) else value)
    if any(unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs", "Cn") for c in name):
        raise ApiError(400, "nom_invalide", "Un nom ne peut pas contenir de caractères invisibles.")
    key = name_key(name)
    if len(key) > 80:  # a few characters grow in compatibility form (« ﷺ »: 18 letters)
        raise ApiError(400, "nom_invalide", "Ce nom est trop long une fois écrit en lettres.")
    words = key.split()
    if (
        key == ANONYMOUS.casefold()
        or words[0] == "robot"
        or (words[0] == "place" and len(words) == 2 and words[1].isdigit())
    ):
        raise ApiError(
            400,
            "nom_reserve",
            f"Le nom « {name} » est réservé : il désignerait quelqu'un d'autre à une table. "
            "Choisissez-en un autre.",
        )
    return name


def check_password(value: JsonValue, name: str) -> str:
    """A new password: 8 to 128 characters, not the name, not one of the most common ones
    (400 ``mot_de_passe_faible`` with the reason). Returned in Unicode composed form (NFC), as
    every password is hashed and checked: « é » typed on any keyboard is the same."""
    if not isinstance(value, str):
        raise ApiError(400, "requete_invalide", "Indiquez un mot de passe (« mot_de_passe »).")
    password = unicodedata.normalize("NFC", value)
    if len(password) < MIN_PASSWORD:
        raise ApiError(
            400,
            "mot_de_passe_faible",
            f"Le mot de passe doit avoir au moins {MIN_PASSWORD} caractères.",
        )
    if len(password) > MAX_PASSWORD:
        raise ApiError(
            400,
            "mot_de_passe_faible",
            f"Le mot de passe doit avoir au plus {MAX_PASSWORD} caractères.",
        )
    folded = password.casefold()
    if folded == name.casefold() or name_key(password) == name_key(name):
        raise ApiError(400, "mot_de_passe_faible", "Le mot de passe ne doit pas être votre nom.")
    if len(set(folded)) == 1 or folded in COMMON_PASSWORDS:
        raise ApiError(
            400,
            "mot_de_passe_faible",
            "Ce mot de passe est trop facile à deviner : choisissez-en un autre.",
        )
    return password


def _given_password(value: JsonValue) -> str:
    """A password sent to log in or to confirm (any text within the cap; no other rule)."""
    if not isinstance(value, str):
        raise ApiError(400, "requete_invalide", "Indiquez votre mot de passe (« mot_de_passe »).")
    if len(value) > MAX_PASSWORD:  # never hashed: no account has one that long
        return ""
    return unicodedata.normalize("NFC", value)


def session_stamp(password_hash: str) -> str:
    """What a session cookie carries besides the account's id: a digest of its password hash
    (salted, so each account's is its own). A deleted account's sessions, and those of an old
    account whose id a new one reuses, no longer match."""
    return hashlib.sha256(password_hash.encode()).hexdigest()[:16]


class Accounts:
    """The accounts of a database (``storage.engine``). Each method is one short transaction;
    those that hash (:meth:`create`, :meth:`authenticate`, :meth:`delete`) are to be called in
    a thread."""

    def __init__(self, engine: Engine, hasher: PasswordHash | None = None) -> None:
        self.engine = engine
        self.hasher = PasswordHash.recommended() if hasher is None else hasher
        self._decoy: str | None = None  # checked for an unknown name: the same time as a known

    # --- reading -------------------------------------------------------------------------

    def get(self, account_id: int, stamp: str | None = None) -> Account | None:
        """The account of an id (and, when given, of this session ``stamp``), or None."""
        with self.engine.connect() as db:
            row = (
                db.execute(select(accounts_table).where(accounts_table.c.id == account_id))
                .mappings()
                .first()
            )
        if row is None or (stamp is not None and session_stamp(row["password_hash"]) != stamp):
            return None
        return Account(row["id"], row["name"], row["created"])

    def stamp(self, account_id: int) -> str | None:
        """The session stamp of an account (:func:`session_stamp`), None if it is gone."""
        with self.engine.connect() as db:
            found = db.execute(
                select(accounts_table.c.password_hash).where(accounts_table.c.id == account_id)
            ).scalar()
        return None if found is None else session_stamp(found)

    def _row(self, name: str) -> tuple[Account, str] | None:
        with self.engine.connect() as db:
            row = (
                db.execute(
                    select(accounts_table).where(accounts_table.c.name_key == name_key(name))
                )
                .mappings()
                .first()
            )
        if row is None:
            return None
        return Account(row["id"], row["name"], row["created"]), row["password_hash"]

    # --- changing ------------------------------------------------------------------------

    def create(self, name_value: JsonValue, password_value: JsonValue) -> Account:
        """A new account (400 for a bad name or a weak password, 409 ``nom_pris``)."""
        name = check_account_name(name_value)
        password = check_password(password_value, name)
        if self._row(name) is not None:
            raise _taken(name)
        hashed = self.hasher.hash(password)
        now = time.time()
        try:
            with self.engine.begin() as db:
                account_id = db.execute(
                    insert(accounts_table)
                    .values(name=name, name_key=name_key(name), password_hash=hashed, created=now)
                    .returning(accounts_table.c.id)
                ).scalar_one()
        except IntegrityError:  # taken meanwhile by another request
            raise _taken(name) from None
        return Account(account_id, name, now)

    def authenticate(self, name_value: JsonValue, password_value: JsonValue) -> Account | None:
        """The account of a name and password, or None: a wrong password and an unknown name
        take the same time (a decoy hash is checked) and give the same None."""
        password = _given_password(password_value)
        found = self._row(name_value) if isinstance(name_value, str) else None
        if found is None:
            if self._decoy is None:
                self._decoy = self.hasher.hash("leurre pour un nom inconnu")
            self.hasher.verify(password or "-", self._decoy)
            return None
        account, hashed = found
        if not password or not self.hasher.verify(password, hashed):
            return None
        return account

    def check_password_of(self, account: Account, password_value: JsonValue) -> bool:
        """Whether ``password_value`` is the password of ``account`` (it still exists)."""
        password = _given_password(password_value)
        with self.engine.connect() as db:
            hashed = db.execute(
                select(accounts_table.c.password_hash).where(accounts_table.c.id == account.id)
            ).scalar()
        return bool(password) and hashed is not None and self.hasher.verify(password, hashed)

    def delete(self, account: Account) -> list[str]:
        """Delete an account, in one transaction: its seats stay (their games are others'
        too) under the name « Anonyme » and no account, its chat messages are signed
        « Anonyme », its ratings and their history are gone. Returns the ids of the tables
        where it sat (the server updates those it has in memory)."""
        with self.engine.begin() as db:
            seats = db.execute(
                select(seats_table.c.table_id, seats_table.c.seat).where(
                    seats_table.c.account_id == account.id
                )
            ).all()
            for table_id, seat in seats:
                db.execute(
                    update(chat_messages_table)
                    .where(
                        chat_messages_table.c.table_id == table_id,
                        chat_messages_table.c.seat == seat,
                        chat_messages_table.c.name == account.name,
                    )
                    .values(name=ANONYMOUS)
                )
            mine = seats_table.c.account_id == account.id
            named = seats_table.c.name.is_not(None)  # a bot that took a left seat has none
            db.execute(update(seats_table).where(mine, named).values(name=ANONYMOUS))
            db.execute(update(seats_table).where(mine).values(account_id=None))
            db.execute(
                delete(ratings_table).where(
                    or_(
                        ratings_table.c.account_id == account.id,
                        ratings_table.c.player == account.player,
                    )
                )
            )
            db.execute(
                delete(rating_history_table).where(rating_history_table.c.player == account.player)
            )
            db.execute(delete(accounts_table).where(accounts_table.c.id == account.id))
        return sorted({table_id for table_id, _seat in seats})


def _taken(name: str) -> ApiError:
    return ApiError(409, "nom_pris", f"Le nom « {name} » est déjà pris : choisissez-en un autre.")
