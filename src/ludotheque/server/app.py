"""The Starlette application: pages, the JSON API of the lobby, and the WebSocket of a table.

>>> app = create_app("sqlite://", bot_workers=0)
>>> sorted(r.path for r in app.routes if "api" in r.path)[:3]
['/api/equipes', '/api/games', '/api/tables']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from importlib.resources import files
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ludotheque.core.json_types import JsonObject
from ludotheque.core.registry import Registry

from .broadcast import Connection, LocalBroadcaster
from .lobby import Lobby
from .replays import replay_steps
from .robots import DEFAULT_LEVEL, BotRunner, level_names
from .runner import MAX_MESSAGE, TableRunner
from .scheduler import BotScheduler
from .storage import Storage
from .tables import OVER, ApiError, check_name

__all__ = ["create_app"]

MAX_BODY = 512 * 1024  # a deck file fits; more is refused


def web_folder() -> Path:
    return Path(str(files("ludotheque") / "web"))


def _error(error: ApiError) -> JSONResponse:
    return JSONResponse({"erreur": error.to_json()}, status_code=error.status)


async def _body(request: Request) -> JsonObject:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise ApiError(413, "trop_long", "Requête trop longue.")
    if not raw:
        return {}
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise ApiError(400, "json_invalide", "Le corps de la requête n'est pas du JSON.") from None
    if not isinstance(data, dict):
        raise ApiError(400, "json_invalide", "Le corps de la requête doit être un objet JSON.")
    return data


def create_app(
    database: str,
    *,
    registry: Registry | None = None,
    bot_workers: int | None = None,
    bot_budget: float = 10.0,
    bot_delay: float = 0.0,
    bot_pace: float = 1.0,
) -> Starlette:
    """The web application on a database URL (``sqlite:///…`` or ``postgresql://…``).

    It builds the server's parts (``docs/server.md``, « Les parties du serveur ») and wires
    them: the lobby on the storage, the table runner on the broadcaster, the bot scheduler
    told of each change by the runner."""
    if registry is None:
        from ludotheque.games import default_registry

        registry = default_registry()
    storage = Storage(database)
    lobby = Lobby(registry, storage)
    broadcaster = LocalBroadcaster()
    runner = TableRunner(broadcaster)
    bot_runner = BotRunner(bot_workers, bot_budget)
    scheduler = BotScheduler(bot_runner, runner.changed, delay=bot_delay, pace=bot_pace)
    runner.watchers.append(scheduler.changed)
    lobby.load()
    web = web_folder()

    def page(name: str) -> Any:
        async def endpoint(request: Request) -> Response:
            # An unknown table still gets the page (it says so to the player), with a 404.
            table_id = request.path_params.get("table_id")
            status = 404 if table_id is not None and not lobby.exists(table_id) else 200
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

    async def create_table(request: Request) -> Response:
        session, seat, token = lobby.create(await _body(request))
        runner.changed(session)
        return JSONResponse({"table": session.id, "place": seat, "jeton": token}, 201)

    async def show_table(request: Request) -> Response:
        return JSONResponse(lobby.get(request.path_params["table_id"]).to_json())

    async def join(request: Request) -> Response:
        session = lobby.get(request.path_params["table_id"])
        body = await _body(request)
        seat = body.get("place")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise ApiError(400, "requete_invalide", "« place » doit être un numéro de place.")
        number, token = session.join(check_name(body.get("nom")), seat)
        runner.changed(session)
        return JSONResponse({"place": number, "jeton": token})

    async def leave(request: Request) -> Response:
        session = lobby.get(request.path_params["table_id"])
        session.leave(lobby.seated(session, (await _body(request)).get("jeton")))
        runner.changed(session)
        return JSONResponse(session.to_json())

    async def start(request: Request) -> Response:
        session = lobby.get(request.path_params["table_id"])
        session.start(lobby.seated(session, (await _body(request)).get("jeton")))
        runner.changed(session)
        return JSONResponse(session.to_json())

    async def make_bot(request: Request) -> Response:
        session = lobby.get(request.path_params["table_id"])
        body = await _body(request)
        by = lobby.seated(session, body.get("jeton"))
        level = body.get("niveau", DEFAULT_LEVEL)
        if not isinstance(level, str):
            raise ApiError(400, "requete_invalide", "« niveau » : un nom de robot.")
        session.make_bot(by, request.path_params["seat"], level, level_names(session.game))
        runner.changed(session)
        return JSONResponse(session.to_json())

    async def rematch(request: Request) -> Response:
        session = lobby.get(request.path_params["table_id"])
        seat = lobby.seated(session, (await _body(request)).get("jeton"))
        made = lobby.rematch(session, seat)
        if made.new:  # the finished table's connections are told where the rematch is
            message: JsonObject = {"type": "revanche", "table": made.table.id}
            broadcaster.publish(session.id, lambda _seat: message)
            runner.changed(session)
        else:  # the caller joined the rematch already made
            runner.changed(made.table)
        return JSONResponse({"table": made.table.id, "place": made.seat, "jeton": made.token})

    async def replay(request: Request) -> Response:
        session = lobby.get(request.path_params["table_id"])
        token = request.query_params.get("jeton") or None
        seat = session.seat_of(token)
        if session.row.status != OVER:
            raise ApiError(409, "statut", "Le déroulé se regarde une fois la partie terminée.")
        names = [session.name(s) for s in range(session.row.players)]
        steps = replay_steps(session.game, session.record, names, seat)
        return JSONResponse({"table": session.to_json(), "place": seat, "etapes": steps})

    async def table_socket(websocket: WebSocket) -> None:
        await websocket.accept()
        table_id = websocket.path_params["table_id"]
        try:
            session = lobby.get(table_id)
            seat = session.seat_of(websocket.query_params.get("jeton") or None)
        except ApiError as error:
            message = {"type": "erreur", "code": error.code, "message": error.message, "seq": None}
            await websocket.send_text(json.dumps(message, ensure_ascii=False))
            await websocket.close(4404 if error.status == 404 else 4403)
            return
        connection = Connection(table_id, seat, websocket.send_text)
        pump = asyncio.create_task(connection.pump())
        runner.connect(session, connection)
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
                runner.receive(session, connection, text)
        except WebSocketDisconnect:
            pass
        finally:
            runner.disconnect(session, connection)
            connection.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await pump

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for session in lobby.playing():  # bots and clocks of the tables in play
            scheduler.schedule(session)
            runner.arm(session)
        yield
        runner.close()
        scheduler.close()
        broadcaster.close()
        bot_runner.close()
        storage.close()

    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return _error(exc)

    routes = [
        Route("/", page("index.html")),
        Route("/table/{table_id}", page("table.html")),
        Route("/replay/{table_id}", page("replay.html")),
        Route("/api/games", games),
        Route("/api/equipes", teams, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", show_table),
        Route("/api/tables/{table_id}/join", join, methods=["POST"]),
        Route("/api/tables/{table_id}/leave", leave, methods=["POST"]),
        Route("/api/tables/{table_id}/start", start, methods=["POST"]),
        Route("/api/tables/{table_id}/places/{seat:int}/robot", make_bot, methods=["POST"]),
        Route("/api/tables/{table_id}/rematch", rematch, methods=["POST"]),
        Route("/api/tables/{table_id}/replay", replay),
        WebSocketRoute("/ws/{table_id}", table_socket),
        Mount("/static", StaticFiles(directory=web / "static", check_dir=False), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={ApiError: api_error})
    app.state.lobby = lobby
    return app
