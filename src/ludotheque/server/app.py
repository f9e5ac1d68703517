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

from .hub import MAX_MESSAGE, Connection, Hub
from .robots import DEFAULT_LEVEL, BotRunner, level_names
from .storage import Storage
from .tables import ApiError

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
    bot_workers: int = 1,
    bot_budget: float = 10.0,
    bot_delay: float = 0.0,
    bot_pace: float = 1.0,
) -> Starlette:
    """The web application on a database URL (``sqlite:///…`` or ``postgresql://…``)."""
    if registry is None:
        from ludotheque.games import default_registry

        registry = default_registry()
    storage = Storage(database)
    hub = Hub(
        registry,
        storage,
        BotRunner(bot_workers, bot_budget),
        bot_delay=bot_delay,
        bot_pace=bot_pace,
    )
    hub.load()
    web = web_folder()

    def page(name: str) -> Any:
        async def endpoint(request: Request) -> Response:
            # An unknown table still gets the page (it says so to the player), with a 404.
            table_id = request.path_params.get("table_id")
            status = 404 if table_id is not None and not hub.exists(table_id) else 200
            return FileResponse(
                web / name, status_code=status, media_type="text/html; charset=utf-8"
            )

        return endpoint

    async def games(request: Request) -> Response:
        return JSONResponse({"jeux": hub.games_json()})

    async def teams(request: Request) -> Response:
        return JSONResponse({"equipes": hub.teams(await _body(request))})

    async def list_tables(request: Request) -> Response:
        return JSONResponse({"tables": hub.listing()})

    async def create_table(request: Request) -> Response:
        session, seat, token = hub.create(await _body(request))
        hub.changed(session)
        return JSONResponse({"table": session.id, "place": seat, "jeton": token}, 201)

    async def show_table(request: Request) -> Response:
        return JSONResponse(hub.get(request.path_params["table_id"]).to_json())

    async def join(request: Request) -> Response:
        session = hub.get(request.path_params["table_id"])
        body = await _body(request)
        from .tables import check_name

        seat = body.get("place")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise ApiError(400, "requete_invalide", "« place » doit être un numéro de place.")
        number, token = session.join(check_name(body.get("nom")), seat)
        hub.changed(session)
        return JSONResponse({"place": number, "jeton": token})

    async def leave(request: Request) -> Response:
        session = hub.get(request.path_params["table_id"])
        session.leave(hub.seated(session, (await _body(request)).get("jeton")))
        hub.changed(session)
        return JSONResponse(session.to_json())

    async def start(request: Request) -> Response:
        session = hub.get(request.path_params["table_id"])
        session.start(hub.seated(session, (await _body(request)).get("jeton")))
        hub.changed(session)
        return JSONResponse(session.to_json())

    async def make_bot(request: Request) -> Response:
        session = hub.get(request.path_params["table_id"])
        body = await _body(request)
        by = hub.seated(session, body.get("jeton"))
        level = body.get("niveau", DEFAULT_LEVEL)
        if not isinstance(level, str):
            raise ApiError(400, "requete_invalide", "« niveau » : un nom de robot.")
        session.make_bot(by, request.path_params["seat"], level, level_names(session.game))
        hub.changed(session)
        return JSONResponse(session.to_json())

    async def rematch(request: Request) -> Response:
        session = hub.get(request.path_params["table_id"])
        seat = hub.seated(session, (await _body(request)).get("jeton"))
        table_id, number, token = hub.rematch(session, seat)
        return JSONResponse({"table": table_id, "place": number, "jeton": token})

    async def replay(request: Request) -> Response:
        session = hub.get(request.path_params["table_id"])
        token = request.query_params.get("jeton") or None
        return JSONResponse(hub.replay(session, session.seat_of(token)))

    async def table_socket(websocket: WebSocket) -> None:
        await websocket.accept()
        table_id = websocket.path_params["table_id"]
        try:
            session = hub.get(table_id)
            seat = session.seat_of(websocket.query_params.get("jeton") or None)
        except ApiError as error:
            message = {"type": "erreur", "code": error.code, "message": error.message, "seq": None}
            await websocket.send_text(json.dumps(message, ensure_ascii=False))
            await websocket.close(4404 if error.status == 404 else 4403)
            return
        connection = Connection(table_id, seat, websocket.send_text)
        pump = asyncio.create_task(connection.pump())
        hub.attach(connection)
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
                hub.receive(connection, text)
        except WebSocketDisconnect:
            pass
        finally:
            hub.detach(connection)
            connection.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await pump

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.resume_all()
        yield
        await hub.close()
        hub.runner.close()
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
    app.state.hub = hub
    return app
