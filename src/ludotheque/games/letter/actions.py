"""Letter's actions and their JSON encoding.

A word is named by its *path*: the ids of the tiles it is read through, in reading order
(``Claim``). The word itself may be sent too (``mot``): it is then checked against the tiles.
Cells are written like ``c5`` (:func:`~.board.cell_name`) in JSON, ``x``/``y`` in Python.

>>> decode_action({"type": "poser", "pieces": [{"piece": "T05", "case": "c5"}],
...                "mots": [{"chemin": ["T01", "T05"], "mot": "ma"}]})
Turn(placements=(Placement(tile='T05', x=2, y=4),), words=(Claim(path=('T01', 'T05'), word='MA'),), exchange=None, sacrifice=None)
>>> encode_action(FreeLetter("T07"))
{'type': 'lettre_libre', 'piece': 'T07'}
>>> encode_action(decode_action({"type": "pas_de_frappe"}))
{'type': 'pas_de_frappe'}
"""  # noqa: E501

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from ludotheque.core.errors import MalformedInput
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.lexicon import normalize

from .board import cell_name, parse_cell

__all__ = [
    "Action",
    "ChooseSize",
    "Claim",
    "FreeLetter",
    "Knock",
    "NoKnock",
    "Pass",
    "PlaceBlank",
    "Placement",
    "Shared",
    "Stop",
    "Timeout",
    "Turn",
    "decode_action",
    "encode_action",
]

MAX_PLACEMENTS = 80


class Shared:
    """A deeply immutable value: copies (``copy.deepcopy`` too) are the value itself."""

    __slots__ = ()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


MAX_WORDS = 100
MAX_PATH = 40
_SIZES = {f"{w}x{h}" for w in (1, 2, 3) for h in (1, 2, 3)}


@dataclass(frozen=True, slots=True)
class ChooseSize(Shared):
    """Set-up (``tirage=taille``): take a face-down tile of this size (``"2x1"``)."""

    size: str


@dataclass(frozen=True, slots=True)
class Placement(Shared):
    """One tile put on the board with its top-left cell at column ``x``, row ``y`` (from 0)."""

    tile: str
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Claim(Shared):
    """A named word: the tiles read, in order (and the word itself, if the player said it)."""

    path: tuple[str, ...]
    word: str | None = None


@dataclass(frozen=True, slots=True)
class Turn(Shared):
    """A turn: tiles placed in this order (one own letter at most, free letters), words named.

    ``exchange``: a blank on the board that the own letter replaces (rule 6). ``sacrifice``:
    the own letter laid beside the board if the turn fails in ``erreurs=penalite`` mode and no
    own letter was placed (default: the smallest, see :func:`~.state.default_sacrifice`).
    """

    placements: tuple[Placement, ...]
    words: tuple[Claim, ...] = ()
    exchange: str | None = None
    sacrifice: str | None = None


@dataclass(frozen=True, slots=True)
class FreeLetter(Shared):
    """« il place l'une de ses lettres comme lettre libre à côté du plateau de jeu »."""

    tile: str


@dataclass(frozen=True, slots=True)
class PlaceBlank(Shared):
    """« soit une pièce blanche sur le plateau de jeu » (placement rules, no word)."""

    tile: str
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Knock(Shared):
    """Knock on the table with the words found (secret until every seat has decided)."""

    words: tuple[Claim, ...]
    sacrifice: str | None = None


@dataclass(frozen=True, slots=True)
class NoKnock(Shared):
    """Let the knock window pass."""


@dataclass(frozen=True, slots=True)
class Pass(Shared):
    """« il doit passer son tour » (no letter and no blank left)."""


@dataclass(frozen=True, slots=True)
class Timeout(Shared):
    """The hourglass of the seat to play ran out (sent by the front end, which owns the clock)."""


@dataclass(frozen=True, slots=True)
class Stop(Shared):
    """Solo: the player stops (no more word to find)."""


Action = ChooseSize | Turn | FreeLetter | PlaceBlank | Knock | NoKnock | Pass | Timeout | Stop

_BARE: dict[str, type[NoKnock | Pass | Timeout | Stop]] = {
    "pas_de_frappe": NoKnock,
    "passer": Pass,
    "temps_ecoule": Timeout,
    "arreter": Stop,
}
_BARE_NAMES = {cls: name for name, cls in _BARE.items()}
KINDS = ("taille", "poser", "lettre_libre", "blanche", "frapper", *_BARE)


def _claims_json(claims: tuple[Claim, ...]) -> list[JsonValue]:
    out: list[JsonValue] = []
    for claim in claims:
        item: JsonObject = {"chemin": list(claim.path)}
        if claim.word is not None:
            item["mot"] = claim.word
        out.append(item)
    return out


def encode_action(action: Action) -> JsonValue:
    if isinstance(action, ChooseSize):
        return {"type": "taille", "taille": action.size}
    if isinstance(action, Turn):
        data: JsonObject = {
            "type": "poser",
            "pieces": [{"piece": p.tile, "case": cell_name(p.x, p.y)} for p in action.placements],
            "mots": _claims_json(action.words),
        }
        if action.exchange is not None:
            data["echange"] = action.exchange
        if action.sacrifice is not None:
            data["sacrifice"] = action.sacrifice
        return data
    if isinstance(action, FreeLetter):
        return {"type": "lettre_libre", "piece": action.tile}
    if isinstance(action, PlaceBlank):
        return {"type": "blanche", "piece": action.tile, "case": cell_name(action.x, action.y)}
    if isinstance(action, Knock):
        knock: JsonObject = {"type": "frapper", "mots": _claims_json(action.words)}
        if action.sacrifice is not None:
            knock["sacrifice"] = action.sacrifice
        return knock
    return {"type": _BARE_NAMES[type(action)]}


# --- decoding ---------------------------------------------------------------------------------


def _keys(data: JsonObject, what: str, required: set[str], optional: set[str] = set()) -> None:  # noqa: B006
    keys = set(data)
    if not required <= keys or not keys <= required | optional:
        raise MalformedInput(
            f"{what} : champs attendus {', '.join(sorted(required | optional))} "
            f"(reçus : {', '.join(sorted(keys))})."
        )


def _tile_id(value: JsonValue, what: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= 16 or not value.isalnum():
        raise MalformedInput(f"{what} : identifiant de pièce attendu (comme « T05 »).")
    return value


def _cell(value: JsonValue, what: str) -> tuple[int, int]:
    if not isinstance(value, str) or len(value) > 4:
        raise MalformedInput(f"{what} : case attendue (comme « c5 »).")
    return parse_cell(value)


def _claims(value: JsonValue, what: str) -> tuple[Claim, ...]:
    if not isinstance(value, list) or len(value) > MAX_WORDS:
        raise MalformedInput(f"{what} : « mots » doit être une liste (au plus {MAX_WORDS}).")
    claims = []
    for item in value:
        if not isinstance(item, dict):
            raise MalformedInput(f"{what} : chaque mot est un objet {{chemin, mot}}.")
        _keys(item, what, {"chemin"}, {"mot"})
        path = item["chemin"]
        if not isinstance(path, list) or not 0 < len(path) <= MAX_PATH:
            raise MalformedInput(
                f"{what} : « chemin » est la liste des pièces du mot, dans l'ordre."
            )
        word = item.get("mot")
        if word is not None:
            if not isinstance(word, str) or not 0 < len(word) <= MAX_PATH:
                raise MalformedInput(f"{what} : « mot » doit être un mot.")
            word = normalize(word)
        claims.append(Claim(tuple(_tile_id(t, what) for t in path), word))
    return tuple(claims)


def _optional_tile(data: JsonObject, key: str, what: str) -> str | None:
    value = data.get(key)
    return None if value is None else _tile_id(value, what)


def decode_action(data: JsonValue) -> Action:
    """Read an action (:class:`MalformedInput` names what is wrong)."""
    if not isinstance(data, dict):
        raise MalformedInput("Un coup est un objet JSON avec un champ « type ».")
    kind = data.get("type")
    if kind == "taille":
        _keys(data, "taille", {"type", "taille"})
        size = data["taille"]
        if not isinstance(size, str) or size not in _SIZES:
            raise MalformedInput("taille : une taille comme « 2x1 » est attendue.")
        return ChooseSize(size)
    if kind == "poser":
        _keys(data, "poser", {"type", "pieces", "mots"}, {"echange", "sacrifice"})
        pieces = data["pieces"]
        if not isinstance(pieces, list) or len(pieces) > MAX_PLACEMENTS:
            raise MalformedInput("poser : « pieces » doit être une liste de {piece, case}.")
        placements = []
        for item in pieces:
            if not isinstance(item, dict):
                raise MalformedInput("poser : chaque pièce posée est un objet {piece, case}.")
            _keys(item, "poser", {"piece", "case"})
            x, y = _cell(item["case"], "poser")
            placements.append(Placement(_tile_id(item["piece"], "poser"), x, y))
        return Turn(
            tuple(placements),
            _claims(data["mots"], "poser"),
            _optional_tile(data, "echange", "poser"),
            _optional_tile(data, "sacrifice", "poser"),
        )
    if kind == "lettre_libre":
        _keys(data, "lettre_libre", {"type", "piece"})
        return FreeLetter(_tile_id(data["piece"], "lettre_libre"))
    if kind == "blanche":
        _keys(data, "blanche", {"type", "piece", "case"})
        x, y = _cell(data["case"], "blanche")
        return PlaceBlank(_tile_id(data["piece"], "blanche"), x, y)
    if kind == "frapper":
        _keys(data, "frapper", {"type", "mots"}, {"sacrifice"})
        return Knock(_claims(data["mots"], "frapper"), _optional_tile(data, "sacrifice", "frapper"))
    if isinstance(kind, str) and kind in _BARE:
        _keys(data, kind, {"type"})
        return _BARE[kind]()
    raise MalformedInput(f"Type de coup inconnu : {kind!r} (possibles : {', '.join(KINDS)}).")
