"""The HTTP routes of accounts and sessions (``docs/server.md``, « Comptes et sessions »).

``POST /api/comptes`` creates an account and logs in; ``POST /api/session`` logs in,
``DELETE /api/session`` logs out; ``GET /api/moi`` says who is logged in; ``DELETE /api/moi``
deletes the account (its password confirms). Passwords are hashed and checked in threads
(``passwords``: Argon2 takes about 0.1 s of CPU); wrong passwords are rate-limited per name and
per client (:class:`~ludotheque.server.throttle.Throttle`). A database error here is told as
the server's usual 503, and its message (which may quote a password hash) is not logged.
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ludotheque.core.json_types import JsonObject

from .accounts import Accounts, name_key
from .inputs import read_object
from .offload import Offload
from .sessions import Sessions, account_of, foreign
from .tables import ApiError
from .throttle import Throttle

__all__ = ["account_routes"]

Endpoint = Callable[[Request], Awaitable[Response]]


def account_routes(
    accounts: Accounts,
    sessions: Sessions,
    throttle: Throttle,
    passwords: Offload,
    storage_error: Callable[[], ApiError],
    forget: Callable[[int, list[str]], None],
) -> list[Route]:
    """The routes, given the server's parts; ``forget(account_id, table_ids)`` is called after
    an account is deleted, for the tables it sat at that the server holds in memory."""

    def client(request: Request) -> str:
        return request.client.host if request.client is not None else "?"

    def guarded(endpoint: Endpoint) -> Endpoint:
        """Refuse a request another site made; tell a database error without its details."""

        async def run(request: Request) -> Response:
            if foreign(request):
                raise ApiError(
                    403, "origine", "Cette demande ne vient pas d'une page de la ludothèque."
                )
            try:
                return await endpoint(request)
            except SQLAlchemyError as error:
                name = type(error).__name__
                print(f"ludotheque: base de données (comptes) : {name}", file=sys.stderr)
                raise storage_error() from None

        return run

    async def body(request: Request) -> JsonObject:
        return read_object(await request.body())

    def name_and_password(data: JsonObject) -> tuple[Any, Any]:
        name, password = data.get("nom"), data.get("mot_de_passe")
        if not isinstance(name, str):
            raise ApiError(400, "nom_invalide", "Indiquez un nom (1 à 40 caractères).")
        if not isinstance(password, str):
            raise ApiError(400, "requete_invalide", "Indiquez un mot de passe (« mot_de_passe »).")
        return name, password

    async def create(request: Request) -> Response:
        name, password = name_and_password(await body(request))
        throttle.create_account(client(request))
        account = await passwords.run(accounts.create, name, password)
        response = JSONResponse({"compte": account.to_json()}, 201)
        sessions.log_in(response, request, account)
        return response

    async def log_in(request: Request) -> Response:
        name, password = name_and_password(await body(request))
        key = name_key(name)
        throttle.check_login(key, client(request))
        account = await passwords.run(accounts.authenticate, name, password)
        if account is None:
            throttle.login_failed(key, client(request))
            raise ApiError(401, "identifiants", "Nom ou mot de passe incorrect.")
        response = JSONResponse({"compte": account.to_json()})
        sessions.log_in(response, request, account)
        return response

    async def log_out(request: Request) -> Response:
        response = JSONResponse({"compte": None})
        sessions.log_out(response, request)
        return response

    async def me(request: Request) -> Response:
        account = account_of(request)
        response = JSONResponse({"compte": None if account is None else account.to_json()})
        if account is not None:
            sessions.renew(response, request)
        return response

    async def delete_me(request: Request) -> Response:
        password = (await body(request)).get("mot_de_passe")
        if not isinstance(password, str):
            raise ApiError(
                400, "requete_invalide", "Indiquez votre mot de passe (« mot_de_passe »)."
            )
        account = account_of(request)
        if account is None:
            raise ApiError(401, "non_connecte", "Vous n'êtes pas connecté·e.")
        key = name_key(account.name)
        throttle.check_login(key, client(request))
        if not await passwords.run(accounts.check_password_of, account, password):
            throttle.login_failed(key, client(request))
            raise ApiError(
                403,
                "mot_de_passe_incorrect",
                "Mot de passe incorrect : votre compte n'a pas été supprimé.",
            )
        tables = accounts.delete(account)
        forget(account.id, tables)
        response = JSONResponse({"compte": None})
        sessions.log_out(response, request)
        return response

    return [
        Route("/api/comptes", guarded(create), methods=["POST"]),
        Route("/api/session", guarded(log_in), methods=["POST"]),
        Route("/api/session", guarded(log_out), methods=["DELETE"]),
        Route("/api/moi", guarded(me), methods=["GET"]),
        Route("/api/moi", guarded(delete_me), methods=["DELETE"]),
    ]
