"""Sessions: who is logged in, in a signed cookie (``itsdangerous``).

The cookie ``ludotheque_session`` holds an account's id and its session stamp
(:func:`~ludotheque.server.accounts.session_stamp`), signed with the server's key and dated:
HttpOnly, SameSite=Lax, Path=/, 30 days, Secure over https. A cookie that is forged, expired,
unreadable, or whose account is gone reads as nobody: never an error. The key is
``$LUDOTHEQUE_SECRET`` when set, else one generated once and kept in the ``settings`` table, so
sessions survive a restart and servers on one database share it.

The other parts ask :func:`account_of` with a request or a WebSocket.
"""

from __future__ import annotations

import os
import secrets
import time
from typing import Any

from itsdangerous import BadData, URLSafeTimedSerializer
from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError
from starlette.requests import HTTPConnection
from starlette.responses import Response

from .accounts import Account, Accounts
from .schema import settings_table

__all__ = ["COOKIE", "MAX_AGE", "SECRET_SETTING", "Sessions", "account_of", "server_secret"]

COOKIE = "ludotheque_session"
MAX_AGE = 30 * 24 * 3600  # seconds a session lasts (renewed when a page asks who is logged in)
RENEW_AFTER = 24 * 3600  # a cookie older than this is issued again by ``GET /api/moi``
SECRET_SETTING = "session_secret"  # the key of the signing key in ``settings``
SALT = "ludotheque.session"


def server_secret(engine: Engine, environ: dict[str, str] | None = None) -> str:
    """The key that signs the cookies: ``$LUDOTHEQUE_SECRET``, else the one stored in
    ``settings`` (made and stored now if there is none; the first server to store it wins)."""
    env = os.environ if environ is None else environ
    if env.get("LUDOTHEQUE_SECRET"):
        return env["LUDOTHEQUE_SECRET"]
    query = select(settings_table.c.value).where(settings_table.c.key == SECRET_SETTING)
    with engine.connect() as db:
        found = db.execute(query).scalar()
    if found is not None:
        return str(found)
    try:
        with engine.begin() as db:
            db.execute(
                insert(settings_table).values(key=SECRET_SETTING, value=secrets.token_urlsafe(48))
            )
    except IntegrityError:  # another server stored one meanwhile
        pass
    with engine.connect() as db:
        return str(db.execute(query).scalar_one())


class Sessions:
    """Reads and writes the session cookie of one server."""

    def __init__(self, accounts: Accounts, secret: str, max_age: int = MAX_AGE) -> None:
        self.accounts = accounts
        self.max_age = max_age
        self.serializer = URLSafeTimedSerializer(secret, salt=SALT)

    def read(self, connection: HTTPConnection) -> tuple[Account, float] | None:
        """The account of the connection's cookie and when the cookie was signed, or None."""
        value = connection.cookies.get(COOKIE)
        if not value or len(value) > 512:
            return None
        try:
            data, signed = self.serializer.loads(value, max_age=self.max_age, return_timestamp=True)
        except BadData:  # forged, expired, unreadable
            return None
        if not isinstance(data, dict):
            return None
        account_id, stamp = data.get("compte"), data.get("cle")
        if isinstance(account_id, bool) or not isinstance(account_id, int):
            return None
        if not isinstance(stamp, str):
            return None
        account = self.accounts.get(account_id, stamp)
        return None if account is None else (account, signed.timestamp())

    def log_in(self, response: Response, connection: HTTPConnection, account: Account) -> None:
        """Set the cookie of ``account`` on ``response`` (Secure when the request is https)."""
        stamp = self.accounts.stamp(account.id)
        if stamp is None:
            return
        response.set_cookie(
            COOKIE,
            self.serializer.dumps({"compte": account.id, "cle": stamp}),
            max_age=self.max_age,
            path="/",
            httponly=True,
            samesite="lax",
            secure=connection.url.scheme in ("https", "wss"),
        )

    def log_out(self, response: Response, connection: HTTPConnection) -> None:
        response.delete_cookie(
            COOKIE,
            path="/",
            httponly=True,
            samesite="lax",
            secure=connection.url.scheme in ("https", "wss"),
        )

    def renew(self, response: Response, connection: HTTPConnection) -> None:
        """Issue the cookie again when it is older than a day: a person who comes back within
        30 days stays logged in."""
        found = self.read(connection)
        if found is not None and time.time() - found[1] > RENEW_AFTER:
            self.log_in(response, connection, found[0])


def foreign(connection: HTTPConnection) -> bool:
    """A request another site made the browser send (``Sec-Fetch-Site``: a page of another
    site, or of a sibling subdomain): its cookie is not used to act. Browsers without the
    header still withhold the cookie from other sites' requests (SameSite=Lax)."""
    site = connection.headers.get("sec-fetch-site")
    if site not in ("cross-site", "same-site"):
        return False
    # Following a link from elsewhere (a top-level GET) reads who is logged in, as usual.
    return connection.scope["type"] == "websocket" or connection.scope.get("method") != "GET"


def account_of(connection: HTTPConnection) -> Account | None:
    """The account logged in on a request or a WebSocket (its session cookie), or None:
    anonymous, or a cookie forged, expired or of a deleted account, or a request sent from
    another site. Read once per connection."""
    state: Any = connection.state
    if hasattr(state, "compte"):
        return state.compte  # type: ignore[no-any-return]
    sessions: Sessions | None = getattr(connection.app.state, "sessions", None)
    found = None if sessions is None or foreign(connection) else sessions.read(connection)
    account = None if found is None else found[0]
    state.compte = account
    return account
