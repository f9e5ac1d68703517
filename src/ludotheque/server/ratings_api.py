"""The routes of ratings and of « Mes parties »: leaderboards, a player's rating over time, what
a rated game changed, an account's games, and their pages (``docs/server.md``, « Classements »
and « Mes parties »)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ludotheque.core.errors import UnknownGame
from ludotheque.core.protocol import Game

from .history import History
from .lobby import Lobby
from .offload import Offload
from .ratings import Ratings, unrated_because
from .robots import LEVEL_TITLES, bot_levels
from .tables import OVER, ApiError, TableSession

__all__ = ["MAX_NAME", "catch_up", "game_over_hook", "rate_finished", "rating_routes"]

logger = logging.getLogger(__name__)

MAX_NAME = 80  # characters of a name asked for in a query


def rate_finished(ratings: Ratings, session: TableSession) -> bool:
    """Rate a table whose game is over, if it is a rated game; False when nothing changed."""
    state = session.state
    outcome = None if state is None else state.outcome()
    if not session.row.rated or outcome is None or session.row.players < 2:
        return False
    return ratings.rate(session.row.game, session.id, session.seats, outcome.ranks, session.teams())


def game_over_hook(ratings: Ratings, history: History) -> Callable[[TableSession], None]:
    """What the server does when a game ends (``TableSession.on_over``, right after its last
    move is stored, on the event loop): rate it, keep its result for « Mes parties ». A
    failure is logged; the game is over all the same and is rated at the next start."""

    def game_over(session: TableSession) -> None:
        try:
            started = time.perf_counter()
            if rate_finished(ratings, session):
                spent = 1000 * (time.perf_counter() - started)
                logger.info("table %s : classements mis à jour en %.1f ms", session.id, spent)
        except Exception:
            logger.exception("table %s : classements non mis à jour", session.id)
        history.finished(session)

    return game_over


def catch_up(ratings: Ratings, lobby: Lobby) -> None:
    """At start: rate the games a stopped server finished without rating them."""
    for table_id in ratings.unrated_tables():
        try:
            session = lobby.get(table_id)
        except ApiError:  # a table that cannot be replayed: nothing to rate it by
            continue
        if session.on_over is not None:
            session.on_over(session)


def rating_routes(
    lobby: Lobby,
    ratings: Ratings,
    history: History,
    offload: Offload,
    account_of: Callable[[Request], int | None],
    page: Callable[[str], Any],
) -> list[Route]:
    """The routes, given the server's parts; ``account_of``: the id of the account a request
    is logged in as (None: anonymous); ``page``: the endpoint of an HTML page of ``web/``."""

    def game_of(request: Request) -> Game[Any, Any]:
        name = request.path_params["jeu"]
        try:
            game = lobby.registry.get(name)
        except UnknownGame as error:
            raise ApiError(404, "jeu_inconnu", error.message) from None
        if not game.info.listed:
            raise ApiError(404, "jeu_inconnu", f"Jeu inconnu : « {name} ».")
        return game

    async def leaderboard(request: Request) -> Response:
        game = game_of(request)
        titles = {level: LEVEL_TITLES[level] for level in bot_levels(game)}
        return JSONResponse(
            {
                "jeu": game.info.name,
                "titre": game.info.title,
                "classement": ratings.leaderboard(game.info.name, titles),
            }
        )

    async def rating_history(request: Request) -> Response:
        game = game_of(request)
        name = request.query_params.get("nom", "").strip()
        if not name or len(name) > MAX_NAME:
            raise ApiError(400, "requete_invalide", "Indiquez le nom d'un joueur (« nom »).")
        found = ratings.history(game.info.name, name)
        if found is None:
            raise ApiError(
                404,
                "joueur_inconnu",
                f"Aucune partie classée de {game.info.title} pour « {name} ».",
            )
        return JSONResponse({"jeu": game.info.name, "titre": game.info.title, **found})

    async def table_changes(request: Request) -> Response:
        session = await lobby.find(request.path_params["table_id"], offload)
        seats = session.seats
        rated = session.row.rated and session.row.status == OVER
        changes = ratings.seat_changes(session.id, seats) if rated else [None] * len(seats)
        return JSONResponse(
            {
                "table": session.id,
                "jeu": session.row.game,
                "titre": session.game.info.title,
                "classee": session.row.rated,
                "places": changes,
                "non_classee": unrated_because(seats) if session.row.rated else None,
            }
        )

    async def my_games(request: Request) -> Response:
        account = account_of(request)
        if account is None:
            raise ApiError(401, "non_connecte", "Connectez-vous pour retrouver vos parties.")
        rows = history.rows(account)
        missing = history.missing(rows)
        if missing:  # finished games never seen since the start: their records, in a thread
            history.keep(await offload.run(history.outcomes, missing))
        return JSONResponse({"parties": history.games(account, rows)})

    return [
        Route("/classement", page("classement.html")),
        Route("/mes-parties", page("mes-parties.html")),
        Route("/api/classement/{jeu}", leaderboard),
        Route("/api/classement/{jeu}/historique", rating_history),
        Route("/api/tables/{table_id}/classement", table_changes),
        Route("/api/moi/parties", my_games),
    ]
