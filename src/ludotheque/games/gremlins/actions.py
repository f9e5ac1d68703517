"""Gremlins' actions and their JSON encoding.

The five actions of a turn (start, assign, play, complete, cancel) and ending it early; a
choice while a card is resolved (``Choose``, the key of one option of the state's prompt); and
the one-time redraw of the set-up. Projects are numbered from 0 in the player's row (from 1 for
players, in the terminal). A payment lists, for each resource paid, the project it comes from
and its banner.

>>> decode_action({"type": "jouer", "carte": "A05", "paiement": [[1, "malice"]]})
PlayAction(card='A05', payment=((1, 'malice'),))
>>> encode_action(AssignCard("P02", 0))
{'type': 'assigner', 'carte': 'P02', 'projet': 0}
>>> encode_action(decode_action({"type": "nouvelle_main", "cartes": ["B", "A"]}))
{'type': 'nouvelle_main', 'cartes': ['A', 'B']}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Self, TypeAlias

from ludotheque.core.errors import MalformedInput
from ludotheque.core.json_types import JsonObject, JsonValue

from .effects import RESOURCES, Resource

__all__ = [
    "Action",
    "AssignCard",
    "Cancel",
    "Choose",
    "Complete",
    "EndTurn",
    "PlayAction",
    "Redraw",
    "StartProject",
    "decode_action",
    "encode_action",
]

MAX_PAYMENT = 30
MAX_REDRAW = 20


class _Shared:
    __slots__ = ()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self


@dataclass(frozen=True, slots=True)
class StartProject(_Shared):
    """« Commencer un projet »: a card of the hand, face down, as a new project."""

    card: str


@dataclass(frozen=True, slots=True)
class AssignCard(_Shared):
    """« Assigner une carte à un projet en tant que ressource »."""

    card: str
    project: int


@dataclass(frozen=True, slots=True)
class PlayAction(_Shared):
    """« Jouer une carte Action », paid with resources of one's projects."""

    card: str
    payment: tuple[tuple[int, Resource], ...] = ()


@dataclass(frozen=True, slots=True)
class Complete(_Shared):
    """« Terminer un projet »."""

    project: int


@dataclass(frozen=True, slots=True)
class Cancel(_Shared):
    """« Annuler un projet »."""

    project: int


@dataclass(frozen=True, slots=True)
class EndTurn(_Shared):
    """« Mettre fin à votre tour » (fewer than two actions)."""


@dataclass(frozen=True, slots=True)
class Choose(_Shared):
    """One option of the prompt (which player, which card, which resource...)."""

    key: str


@dataclass(frozen=True, slots=True)
class Redraw(_Shared):
    """Set-up: discard these cards (maybe none) and draw back to 6, once."""

    cards: tuple[str, ...]


Action: TypeAlias = (
    StartProject | AssignCard | PlayAction | Complete | Cancel | EndTurn | Choose | Redraw
)


def encode_action(action: Action) -> JsonObject:
    match action:
        case StartProject(card):
            return {"type": "commencer", "carte": card}
        case AssignCard(card, project):
            return {"type": "assigner", "carte": card, "projet": project}
        case PlayAction(card, payment):
            paid: list[JsonValue] = [[position, banner] for position, banner in payment]
            return {"type": "jouer", "carte": card, "paiement": paid}
        case Complete(project):
            return {"type": "terminer", "projet": project}
        case Cancel(project):
            return {"type": "annuler", "projet": project}
        case EndTurn():
            return {"type": "fin"}
        case Choose(key):
            return {"type": "choisir", "choix": key}
        case Redraw(cards):
            return {"type": "nouvelle_main", "cartes": list(cards)}
    raise TypeError(f"not a Gremlins action: {action!r}")


def _text(data: JsonObject, key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value or len(value) > 60:
        raise MalformedInput(f"Champ « {key} » : un texte est attendu.", field=key)
    return value


def _number(data: JsonObject, key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 100:
        raise MalformedInput(f"Champ « {key} » : un numéro de projet est attendu.", field=key)
    return value


def _payment(data: JsonObject) -> tuple[tuple[int, Resource], ...]:
    value = data.get("paiement", [])
    if not isinstance(value, list) or len(value) > MAX_PAYMENT:
        raise MalformedInput("Champ « paiement » : une liste de [projet, ressource] est attendue.")
    paid: list[tuple[int, Resource]] = []
    for item in value:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or isinstance(item[0], bool)
            or not isinstance(item[0], int)
            or not 0 <= item[0] < 100
            or item[1] not in RESOURCES
        ):
            raise MalformedInput(
                f"Paiement illisible : {item!r} (attendu : [numéro de projet, « or », « malice » "
                "ou « techno »])."
            )
        paid.append((item[0], item[1]))
    return tuple(sorted(paid))


def _cards(data: JsonObject) -> tuple[str, ...]:
    value = data.get("cartes")
    if not isinstance(value, list) or len(value) > MAX_REDRAW:
        raise MalformedInput("Champ « cartes » : une liste d'identifiants de cartes est attendue.")
    if not all(isinstance(c, str) and c for c in value):
        raise MalformedInput("Champ « cartes » : des identifiants de cartes sont attendus.")
    return tuple(sorted(str(c) for c in value))


_DECODERS: dict[str, Callable[[JsonObject], Action]] = {
    "commencer": lambda d: StartProject(_text(d, "carte")),
    "assigner": lambda d: AssignCard(_text(d, "carte"), _number(d, "projet")),
    "jouer": lambda d: PlayAction(_text(d, "carte"), _payment(d)),
    "terminer": lambda d: Complete(_number(d, "projet")),
    "annuler": lambda d: Cancel(_number(d, "projet")),
    "fin": lambda d: EndTurn(),
    "choisir": lambda d: Choose(_text(d, "choix")),
    "nouvelle_main": lambda d: Redraw(_cards(d)),
}


def decode_action(data: JsonValue) -> Action:
    """Inverse of :func:`encode_action`; :class:`MalformedInput` for anything else."""
    if not isinstance(data, dict):
        raise MalformedInput("Un coup est un objet JSON avec un champ « type ».")
    kind = data.get("type")
    decoder = _DECODERS.get(kind) if isinstance(kind, str) else None
    if decoder is None:
        raise MalformedInput(
            f"Type de coup inconnu : {kind!r} (connus : {', '.join(_DECODERS)}).", kind=kind
        )
    return decoder(data)
