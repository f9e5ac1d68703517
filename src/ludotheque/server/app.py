"""The Starlette application: pages, the JSON API of the lobby, and the WebSocket of a table.

>>> app = create_app("sqlite://", bot_workers=0)
>>> {"/api/games", "/api/tables", "/api/moi"} <= {r.path for r in app.routes}
True
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import time
from collections.abc import AsyncIterator, Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy.exc import SQLAlchemyError
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ludotheque.core.json_types import JsonObject
from ludotheque.core.registry import Registry

from .account_routes import account_routes
from .accounts import ANONYMOUS, Accounts
from .analyses import Analyses
from .bot_queue import bots_for
from .broadcast import Connection, LocalBroadcaster
from .chat import ChatStore
from .chat_socket import TableChat
from .cluster import Cluster
from .history import History
from .inputs import BodyLimit, read_object
from .lobby import Lobby
from .offload import Offload
from .ratings import Ratings
from .ratings_api import catch_up, game_over_hook, rating_routes
from .replays import replay_steps
from .robots import BotRunner, level_names
from .runner import LINK_DOWN, MAX_MESSAGE, TableRunner
from .scheduler import BotScheduler
from .sessions import Sessions, account_of, server_secret
from .shared_tables import SharedTables
from .storage import Storage, unavailable
from .tables import OVER, ApiError, TableSession, check_name
from .throttle import Limits, RateLimited, Throttle

__all__ = ["create_app", "server_games", "storage_error"]

REPLAY_CACHE = 64  # finished games' replays kept encoded (a replay never changes)


def storage_error() -> ApiError:
    """The answer when the database fails outside a move: nothing was changed."""
    return ApiError(
        503,
        "stockage",
        "La base de données ne répond pas : rien n'a été changé. Réessayez dans un instant ; "
        "si cela dure, prévenez la personne qui gère le serveur.",
    )


def web_folder() -> Path:
    return Path(str(files("ludotheque") / "web"))


def _error(error: ApiError) -> JSONResponse:
    # A 413 ends the connection: the rest of a body too long is never read.
    headers = {"Connection": "close"} if error.status == 413 else None
    return JSONResponse({"erreur": error.to_json()}, status_code=error.status, headers=headers)


async def _body(request: Request) -> JsonObject:
    """The request's JSON object (``{}`` when empty), read within the limits of ``inputs``."""
    return read_object(await request.body())


def server_games(registry: Registry, test_games: bool | None = None) -> Registry:
    """The games a server offers: the registry's, without the test-only ones (tagged
    « exemple », Enchères) unless ``test_games`` (default: ``$LUDOTHEQUE_TEST_GAMES`` is 1)."""
    if test_games is None:
        test_games = os.environ.get("LUDOTHEQUE_TEST_GAMES") == "1"
    if test_games:
        return registry
    return Registry(game for game in registry if "exemple" not in game.info.tags)


def create_app(
    database: str,
    *,
    registry: Registry | None = None,
    bot_workers: int | None = None,
    bot_budget: float = 10.0,
    bot_delay: float = 0.0,
    bot_pace: float = 1.0,
    test_games: bool | None = None,
    limits: Limits | None = None,
    clock: Callable[[], float] = time.time,
    redis: str | None = None,
) -> Starlette:
    """The web application on a database URL (``sqlite:///…`` or ``postgresql://…``).

    It builds the server's parts (``docs/server.md``, « Les parties du serveur ») and wires
    them: the lobby on the storage, the table runner on the broadcaster, the bot scheduler
    told of each change by the runner. The test-only games are left out unless
    ``test_games`` (:func:`server_games`). ``limits``: what one client may ask (rate limits,
    open sockets) and how long idle tables are kept (``server/throttle.py``). ``clock``: the
    wall clock of the lobby and of slow games' deadlines (tests move it on). ``redis``: a
    Redis URL, to share the tables with other server processes on the same database
    (``server/cluster.py``; None: this process alone, as before). A database that
    cannot be opened raises :class:`~ludotheque.server.storage.StorageUnavailable` (a French
    message)."""
    if registry is None:
        from ludotheque.games import default_registry

        registry = default_registry()
    storage = Storage(database)
    limits = Limits() if limits is None else limits
    cluster = None if redis is None else Cluster(redis)
    # With Redis, the rate limits and socket counts are shared by every process.
    throttle = Throttle(limits, redis=redis, process=None if cluster is None else cluster.name)
    offload = Offload()
    replays: dict[tuple[str, int | None], bytes] = {}  # finished games' replays, encoded
    broadcaster = LocalBroadcaster()
    runner = TableRunner(broadcaster)
    lobby = Lobby(
        server_games(registry, test_games), storage, on_withdraw=runner.withdraw, clock=clock
    )
    ratings = Ratings(storage.engine)
    history = History(storage, lobby.registry, ratings, lobby.tables.get)
    lobby.on_over = game_over_hook(ratings, history)  # a rated game's ratings, at its end
    # With Redis, ``ludotheque worker`` processes think for the bots when one lives.
    bot_runner = bots_for(redis, BotRunner(bot_workers, bot_budget))
    scheduler = BotScheduler(bot_runner, runner.changed, delay=bot_delay, pace=bot_pace)
    runner.watchers.append(scheduler.changed)
    analyses = Analyses(storage, bot_runner.run)  # each person's game analysed when it ends
    runner.watchers.append(analyses.changed)
    accounts = Accounts(storage.engine)
    table_chat = TableChat(ChatStore(storage.engine), broadcaster, throttle, runner.changed)
    runner.handlers.update(table_chat.handlers())
    if cluster is not None:  # before the tables are read: they are then shared
        SharedTables(cluster, lobby, runner, scheduler, broadcaster)
    try:
        lobby.load()
        catch_up(ratings, lobby)
        sessions = Sessions(accounts, server_secret(storage.engine))
    except SQLAlchemyError as error:  # a database of another program, or one gone meanwhile
        bot_runner.close()
        storage.close()
        raise unavailable(database, error) from error
    web = web_folder()

    def page(name: str) -> Any:
        async def endpoint(request: Request) -> Response:
            # An unknown table still gets the page (it says so to the player), with a 404.
            table_id = request.path_params.get("table_id")
            status = 200
            if table_id is not None:
                try:
                    await lobby.find(table_id, offload)
                except ApiError:
                    status = 404
            return FileResponse(
                web / name, status_code=status, media_type="text/html; charset=utf-8"
            )

        return endpoint

    async def games(request: Request) -> Response:
        return JSONResponse({"jeux": lobby.games_json()})

    async def teams(request: Request) -> Response:
        return JSONResponse({"equipes": lobby.teams(await _body(request))})

    async def list_tables(request: Request) -> Response:
        return JSONResponse({"tables": lobby.listing()})

    def client(request: Request | WebSocket) -> str:
        return request.client.host if request.client is not None else "?"

    async def table(request: Request) -> TableSession:
        return await lobby.find(request.path_params["table_id"], offload)

    def linked() -> None:
        """With other server processes: refuse a change they could not be told of."""
        if cluster is not None and not cluster.up:
            raise ApiError(503, "liaison_coupee", LINK_DOWN)

    async def lead(session: TableSession) -> None:
        """A table starts here: this process runs its clocks and bots, unless another does."""
        if cluster is not None:
            await cluster.acquire(session.id)

    def account_id(request: Request) -> int | None:
        account = account_of(request)
        return None if account is None else account.id

    async def create_table(request: Request) -> Response:
        body = await _body(request)
        linked()
        account = account_of(request)
        if account is not None:  # a logged-in person sits as their account, by its name
            body = {**body, "nom": account.name}
        throttle.create_table(client(request))
        # a card file may be long to read; a logged-in creator's table is rated by default
        prepared = await offload.run(lobby.prepare, body, account is not None)
        session, seat, token = lobby.create(
            body, prepared=prepared, account_id=None if account is None else account.id
        )
        runner.changed(session)
        return JSONResponse({"table": session.id, "place": seat, "jeton": token}, 201)

    async def show_table(request: Request) -> Response:
        return JSONResponse((await table(request)).to_json())

    async def join(request: Request) -> Response:
        session = await table(request)
        body = await _body(request)
        linked()
        seat = body.get("place")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise ApiError(400, "requete_invalide", "« place » doit être un numéro de place.")
        account = account_of(request)
        name = check_name(body.get("nom")) if account is None else account.name
        number, token = session.join(name, seat, account_id=account_id(request))
        runner.changed(session)
        return JSONResponse({"place": number, "jeton": token})

    async def leave(request: Request) -> Response:
        session = await table(request)
        token = (await _body(request)).get("jeton")
        linked()
        session.leave(lobby.seated(session, token, account_id(request)))
        runner.changed(session)
        return JSONResponse(session.to_json())

    async def start(request: Request) -> Response:
        session = await table(request)
        by = lobby.seated(session, (await _body(request)).get("jeton"), account_id(request))
        linked()
        session.check_start(by)
        match = await offload.run(session.new_match)  # dealt in a thread
        session.start(by, match)  # checked again: the table may have changed meanwhile
        await lead(session)
        runner.changed(session)
        return JSONResponse(session.to_json())

    async def make_bot(request: Request) -> Response:
        session = await table(request)
        seat = request.path_params["seat"]  # read here: a number of 5,000 digits is no seat
        if not (seat.isascii() and seat.isdigit() and len(seat) <= 3):
            raise ApiError(404, "place_inconnue", "Place inconnue.")
        body = await _body(request)
        by = lobby.seated(session, body.get("jeton"), account_id(request))
        linked()
        level = body.get("niveau")
        if level is not None and not isinstance(level, str):
            raise ApiError(400, "requete_invalide", "« niveau » : un nom de robot.")
        session.make_bot(by, int(seat), level, level_names(session.game))
        runner.changed(session)
        return JSONResponse(session.to_json())

    async def rematch(request: Request) -> Response:
        session = await table(request)
        seat = lobby.seated(session, (await _body(request)).get("jeton"), account_id(request))
        linked()
        account = account_of(request)
        made = (
            lobby.rematch(session, seat)
            if account is None
            else lobby.rematch(session, seat, account.id, account.name)
        )
        if made.new:  # the finished table's connections are told where the rematch is
            message: JsonObject = {"type": "revanche", "table": made.table.id}
            broadcaster.relay(session.id, lambda _seat: message, session.row.players)
            runner.changed(session)
        else:  # the caller joined the rematch already made
            runner.changed(made.table)
        return JSONResponse({"table": made.table.id, "place": made.seat, "jeton": made.token})

    async def replay(request: Request) -> Response:
        session = await table(request)
        token = request.query_params.get("jeton") or None
        seat = session.seat_of(token) if token else session.seat_of_account(account_id(request))
        if session.row.status != OVER:
            raise ApiError(409, "statut", "Le déroulé se regarde une fois la partie terminée.")
        key = (session.id, seat)
        steps = replays.get(key)  # the steps never change; the table (its rematch) may
        if steps is None:
            names = [session.name(s) for s in range(session.row.players)]

            def build() -> bytes:
                # From the stored record, the truth of a finished game, not the live table.
                record = storage.load_record(session.id)
                if record is None:
                    raise ApiError(404, "table_inconnue", "Table inconnue.")
                return orjson.dumps(replay_steps(session.game, record, names, seat))

            steps = await offload.run(build)  # every view of the game: in a thread
            if len(replays) >= REPLAY_CACHE:
                replays.pop(next(iter(replays)))
            replays[key] = steps
        analysis = None if seat is None else analyses.for_seat(session, seat)
        chat = table_chat.replay(session, seat)  # not cached: the host may remove a message
        head = orjson.dumps(
            {"table": session.to_json(), "place": seat, "analyse": analysis, "chat": chat}
        )
        return Response(head[:-1] + b',"etapes":' + steps + b"}", media_type="application/json")

    async def analysis(request: Request) -> Response:
        session = await table(request)
        token = request.query_params.get("jeton") or None
        seat = session.seat_of(token) if token else session.seat_of_account(account_id(request))
        if seat is None:
            raise ApiError(
                403,
                "spectateur",
                "L'analyse d'une partie se lit avec le jeton de sa place (ou connecté au compte "
                "qui l'a jouée) : seules les personnes qui l'ont jouée voient l'analyse de leurs "
                "coups.",
            )
        if session.row.status != OVER:
            raise ApiError(409, "statut", "L'analyse se lit une fois la partie terminée.")
        return JSONResponse({"analyse": analyses.for_seat(session, seat)})

    async def table_socket(websocket: WebSocket) -> None:
        await websocket.accept()
        address = client(websocket)
        if not throttle.open_socket(address):
            await websocket.send_text(json.dumps(throttle.sockets_refused(), ensure_ascii=False))
            await websocket.close(4429)
            return
        try:
            await table_session(websocket, address)
        finally:
            throttle.close_socket(address)

    async def table_session(websocket: WebSocket, address: str) -> None:
        table_id = websocket.path_params["table_id"]
        try:
            session = await lobby.find(table_id, offload)
            token = websocket.query_params.get("jeton") or None
            account = account_of(websocket)  # without a token, a seated account is its seat
            seat = (
                session.seat_of(token)
                if token or account is None
                else session.seat_of_account(account.id)
            )
        except (ApiError, SQLAlchemyError) as failure:
            error = failure if isinstance(failure, ApiError) else storage_error()
            message = {"type": "erreur", "code": error.code, "message": error.message, "seq": None}
            await websocket.send_text(json.dumps(message, ensure_ascii=False))
            # 1013: try again later (the database); 4404, 4410, 4403: the table (unknown,
            # expired), the token
            await websocket.close({404: 4404, 410: 4410, 503: 1013}.get(error.status, 4403))
            return
        connection = Connection(table_id, seat, websocket.send_text)
        pump = asyncio.create_task(connection.pump())
        runner.connect(session, connection)
        table_chat.connected(session, connection)
        try:
            while True:
                event = await websocket.receive()
                if event["type"] == "websocket.disconnect":
                    break
                text = event.get("text")
                if not isinstance(text, str):
                    data: bytes = event.get("bytes") or b""
                    # Binary frames are read as text (the size check comes first).
                    text = (
                        "x" * (MAX_MESSAGE + 1)
                        if len(data) > MAX_MESSAGE
                        else data.decode("utf-8", "replace")
                    )
                wait = throttle.message(address)
                if wait:  # read nothing of it: the sender is told to wait, the socket stays
                    connection.put(throttle.message_refused(wait))
                    continue
                runner.receive(session, connection, text)
        except WebSocketDisconnect:
            pass
        finally:
            runner.disconnect(session, connection)
            connection.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await pump

    def connected(table_id: str) -> bool:
        session = lobby.tables.get(table_id)
        elsewhere = session is not None and any(session.elsewhere.values())
        return bool(broadcaster.connections.get(table_id)) or elsewhere

    def sweep() -> None:
        """Expire the waiting tables nobody joined, forget idle finished ones; play the slow
        games' moves whose deadline the wall clock passed (``server/slow.py``)."""
        for session in lobby.expire(
            limits.waiting_table_seconds, limits.finished_table_seconds, connected
        ):
            runner.changed(session)
        runner.check_slow(lobby.playing())

    async def sweeping() -> None:
        while True:
            await asyncio.sleep(limits.sweep_seconds)
            sweep()

    async def beating() -> None:
        """Renew this process's shared socket counts (``server/shared_counts.py``)."""
        while True:
            await asyncio.sleep(throttle.heartbeat_seconds)
            await offload.run(throttle.heartbeat)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if cluster is not None:
            cluster.start()  # the tables in play are run where their leases are taken
        for session in lobby.playing():  # bots and clocks of the tables in play
            scheduler.schedule(session)
            runner.arm(session)
        sweeper = asyncio.create_task(sweeping())
        beater = asyncio.create_task(beating()) if redis is not None else None
        warming = bot_runner.warm()  # the workers load the games and word lists now
        analyses.resume()  # the analyses a stopped server left undone
        yield
        sweeper.cancel()
        if beater is not None:
            beater.cancel()
        if cluster is not None:
            await cluster.close()
        throttle.close()
        analyses.close()
        for task in warming:
            task.cancel()
        runner.close()
        scheduler.close()
        broadcaster.close()
        bot_runner.close()
        storage.close()

    async def health(request: Request) -> Response:
        """``GET /api/sante``: whether this process reaches its database and Redis (for a
        load balancer's health check and monitoring; ``docs/deploy.md``)."""

        def database_answers() -> bool:
            try:
                with storage.engine.connect() as db:
                    db.exec_driver_sql("SELECT 1")
            except SQLAlchemyError:
                return False
            return True

        base = await offload.run(database_answers)
        status: JsonObject = {
            "base": base,
            "redis": None,
            "processus": None,
            "tables": len(lobby.tables),
            "baux": len(lobby.playing()),
        }
        if cluster is not None:
            status.update(cluster.status())
        tally = getattr(bot_runner, "tally", None)
        if tally is not None:
            status["robots"] = tally.as_json()
        healthy = base and (cluster is None or cluster.up)
        status = {"etat": "ok" if healthy else "degrade", **status}
        return JSONResponse(status, status_code=200 if healthy else 503)

    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        response = _error(exc)
        if isinstance(exc, RateLimited):
            response.headers["Retry-After"] = str(exc.retry_after)
        return response

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)  # Starlette's: no such route, method
        error = {
            404: ApiError(404, "adresse_inconnue", "Cette adresse n'existe pas."),
            405: ApiError(405, "methode", "Méthode non permise à cette adresse."),
        }.get(exc.status_code, ApiError(exc.status_code, "requete_invalide", str(exc.detail)))
        response = _error(error)
        response.headers.update(exc.headers or {})
        return response

    async def database_error(request: Request, exc: Exception) -> Response:
        print(f"ludotheque: base de données : {exc}", file=sys.stderr)
        return _error(storage_error())

    async def internal_error(request: Request, exc: Exception) -> Response:
        # Starlette raises the exception again after this answer: uvicorn logs it.
        return _error(
            ApiError(
                500,
                "erreur_interne",
                "Erreur interne du serveur : rien n'a été fait. Réessayez ; si cela se "
                "reproduit, signalez-le à la personne qui gère le serveur.",
            )
        )

    def forget_account(account: int, table_ids: list[str]) -> None:
        """A deleted account's seats read « Anonyme » in the tables in memory and their
        replays (storage is done: ``Accounts.delete``)."""
        for table_id in table_ids:
            for key in [key for key in replays if key[0] == table_id]:
                del replays[key]
            session = lobby.tables.get(table_id)
            if session is None:
                continue
            for row in session.seats:
                if row.account_id == account:
                    row.account_id = None
                    row.name = None if row.name is None else ANONYMOUS
            runner.changed(session)

    passwords = Offload()  # Argon2 in threads, apart from the heavy work of tables
    routes = [
        *account_routes(accounts, sessions, throttle, passwords, storage_error, forget_account),
        Route("/", page("index.html")),
        Route("/table/{table_id}", page("table.html")),
        Route("/replay/{table_id}", page("replay.html")),
        Route("/api/games", games),
        Route("/api/sante", health),
        Route("/api/equipes", teams, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", show_table),
        Route("/api/tables/{table_id}/join", join, methods=["POST"]),
        Route("/api/tables/{table_id}/leave", leave, methods=["POST"]),
        Route("/api/tables/{table_id}/start", start, methods=["POST"]),
        Route("/api/tables/{table_id}/places/{seat}/robot", make_bot, methods=["POST"]),
        Route("/api/tables/{table_id}/rematch", rematch, methods=["POST"]),
        Route("/api/tables/{table_id}/replay", replay),
        Route("/api/tables/{table_id}/analyse", analysis),
        *rating_routes(lobby, ratings, history, offload, account_id, page),
        WebSocketRoute("/ws/{table_id}", table_socket),
        Mount("/static", StaticFiles(directory=web / "static", check_dir=False), name="static"),
    ]
    handlers = {
        ApiError: api_error,
        HTTPException: http_error,
        SQLAlchemyError: database_error,
        Exception: internal_error,
    }
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers=handlers,
        middleware=[Middleware(BodyLimit)],
    )
    app.state.lobby = lobby
    app.state.analyses = analyses
    app.state.sessions = sessions  # read by sessions.account_of
    app.state.accounts = accounts
    app.state.sweep = sweep
    app.state.runner = runner
    return app
