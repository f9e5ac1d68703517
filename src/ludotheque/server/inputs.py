"""What clients send, read within limits: JSON bodies and socket messages, request sizes.

JSON is parsed by orjson, which refuses on its own what is not JSON (``NaN``, ``Infinity``, lone
surrogates such as ``"\\ud800"``, numbers too large for a double, nesting past 1,024); then
:func:`read_json` refuses, before any other code sees the data, nesting deeper than
:data:`MAX_DEPTH`, numbers beyond :data:`MAX_INTEGER` (JavaScript's safe integers: orjson
turns an integer past 64 bits into a float, which no field expects) and control characters
sent escaped (``"\u0000"``). Every refusal is an
:class:`~ludotheque.server.tables.ApiError` 400 ``json_invalide`` with a French message.

:class:`BodyLimit` refuses an HTTP body larger than :data:`MAX_BODY` on its ``Content-Length``,
before reading it, and stops reading a body sent without one (chunked) as soon as it passes the
limit: 413 ``trop_long``, and the connection is closed (the rest is never read).

>>> read_json(b'{"seq": 3}')
{'seq': 3}
>>> read_json('[' * 20 + ']' * 20)
Traceback (most recent call last):
...
ludotheque.server.tables.ApiError: JSON trop imbriqué (au plus 16 niveaux).
>>> read_json('{"seq": 1' + '0' * 40 + '}')
Traceback (most recent call last):
...
ludotheque.server.tables.ApiError: Nombre trop grand (au plus 9007199254740991 en valeur absolue).
"""

from __future__ import annotations

import math
import re
import sys
from typing import Any

import orjson
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ludotheque.core.json_types import JsonObject, JsonValue

from .tables import ApiError

__all__ = ["MAX_BODY", "MAX_DEPTH", "MAX_INTEGER", "BodyLimit", "read_json", "read_object"]

MAX_BODY = 512 * 1024  # bytes of an HTTP body: a deck file fits; more is refused
MAX_DEPTH = 16  # nesting of arrays and objects (the deepest message of a game: 5)
MAX_INTEGER = 2**53 - 1  # the largest integer a browser reads exactly

# Control characters other than tab and line breaks (orjson refuses them raw, not escaped:
# ``"\u0000"``); PostgreSQL cannot store U+0000 and no text of a game holds one.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
TOO_DEEP = f"JSON trop imbriqué (au plus {MAX_DEPTH} niveaux)."
TOO_BIG = f"Nombre trop grand (au plus {MAX_INTEGER} en valeur absolue)."
NOT_UTF8 = "Le texte n'est pas de l'UTF-8 valide."
LONE_SURROGATE = "Caractère invalide dans une chaîne (une moitié de paire UTF-16 isolée)."
CONTROL_CHARACTER = "Caractère de contrôle interdit dans une chaîne."

# orjson's reasons (English), told in French; anything else is « illisible ».
_REASONS = (
    ("depth limit", TOO_DEEP),
    ("infinity", TOO_BIG),
    ("utf-8", NOT_UTF8),
    ("surrogate", LONE_SURROGATE),
    ("control character", CONTROL_CHARACTER),
)


def read_json(raw: bytes | str) -> JsonValue:
    """Parse JSON sent by a client; :class:`ApiError` 400 ``json_invalide`` when it is not
    JSON or passes the limits."""
    try:
        data: JsonValue = orjson.loads(raw)
    except orjson.JSONDecodeError as error:
        reason = str(error).lower()
        for clue, message in _REASONS:
            if clue in reason:
                raise ApiError(400, "json_invalide", message) from None
        where = f" (caractère {error.pos + 1})" if error.pos is not None else ""
        raise ApiError(400, "json_invalide", f"JSON illisible{where}.") from None
    _check_limits(data)
    return data


def read_object(raw: bytes | str) -> JsonObject:
    """An HTTP body: empty (``{}``) or a JSON object."""
    if not raw:
        return {}
    data = read_json(raw)
    if not isinstance(data, dict):
        raise ApiError(400, "json_invalide", "Le corps de la requête doit être un objet JSON.")
    return data


def _check_limits(data: JsonValue) -> None:
    """Nesting, numbers and control characters, walked without recursion (orjson has bounded
    the depth at 1,024)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                raise ApiError(400, "json_invalide", TOO_DEEP)
            if isinstance(value, dict):
                stack.extend((key, depth + 1) for key in value)
                stack.extend((child, depth + 1) for child in value.values())
            else:
                stack.extend((child, depth + 1) for child in value)
        elif isinstance(value, str):
            if CONTROL.search(value):
                raise ApiError(400, "json_invalide", CONTROL_CHARACTER)
        elif isinstance(value, int | float) and not _number_fits(value):
            raise ApiError(400, "json_invalide", TOO_BIG)


def _number_fits(value: float) -> bool:
    return math.isfinite(value) and abs(value) <= MAX_INTEGER  # True and False fit


class BodyLimit:
    """ASGI middleware: an HTTP body is at most ``limit`` bytes.

    Refused on ``Content-Length`` before a byte of it is read; a body without one is read until
    it passes the limit (the route's reading fails with a 413). The 413 closes the connection,
    so the server never reads the rest.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.limit:
            await too_large(self.limit)(scope, receive, send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise too_large_error(self.limit)
            return message

        await self.app(scope, limited, send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            text = value.decode("latin-1").strip()
            if not text.isdigit():
                return None  # the HTTP parser refuses it
            return int(text) if len(text) <= 18 else sys.maxsize
    return None


def too_large_error(limit: int) -> ApiError:
    return ApiError(
        413, "trop_long", f"Requête trop longue (au plus {limit // 1024} Kio) : elle est refusée."
    )


def too_large(limit: int) -> JSONResponse:
    """The 413 answer; the connection is closed after it (the rest of the body is not read)."""
    error = too_large_error(limit)
    return JSONResponse(
        {"erreur": error.to_json()}, status_code=error.status, headers={"Connection": "close"}
    )
