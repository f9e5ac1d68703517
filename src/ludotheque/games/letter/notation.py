"""Letter's actions as a player types them in the terminal, and the journal lines.

The notation names tiles by id and cells like a chess board (``a1`` top left):

==============================================  ===========================================
``taille 2x1``                                  take a face-down letter of that size
``poser T05@c5 T12@d5 : T01-T05-T12 T05-T07``   place tiles (own letter, free letters), then
                                                name words by their tiles (``=MAT`` may
                                                follow a path); ``echange B1``,
                                                ``sacrifice T03`` at the end if needed
``libre T05``                                   lay an own letter beside the board
``blanche B1@c5``                               place a blank
``frapper T01-T05 T02-T03``                     knock with these words (``sacrifice T03``)
``pas``, ``passer``, ``temps``, ``arreter``     no knock, pass, time out, stop (solo)
==============================================  ===========================================

>>> action = parse_action("poser T05@c5 : T01-T05=ma T05-T07 echange B1")
>>> action.placements, action.words[0], action.exchange
((Placement(tile='T05', x=2, y=4),), Claim(path=('T01', 'T05'), word='MA'), 'B1')
>>> format_action(action)
'poser T05@c5 : T01-T05=MA T05-T07 echange B1'
>>> parse_action(format_action(Knock((Claim(("T01", "T02")),), "T09")))
Knock(words=(Claim(path=('T01', 'T02'), word=None),), sacrifice='T09')
"""

from __future__ import annotations

import re

from ludotheque.core.errors import IllegalAction, MalformedInput
from ludotheque.core.protocol import Seat
from ludotheque.lexicon import normalize

from .actions import (
    Action,
    ChooseSize,
    Claim,
    FreeLetter,
    Knock,
    NoKnock,
    Pass,
    PlaceBlank,
    Placement,
    Stop,
    Timeout,
    Turn,
)
from .board import cell_name, parse_cell
from .paths import path_word
from .state import LetterState

__all__ = ["describe_action", "format_action", "parse_action", "path_from_cells"]

_ID = re.compile(r"^[A-Za-z0-9]{1,16}$")
_SIZE = re.compile(r"^[123]x[123]$")
_WORDS: dict[str, type[NoKnock | Pass | Timeout | Stop]] = {
    "pas": NoKnock,
    "passer": Pass,
    "temps": Timeout,
    "arreter": Stop,
}
_NAMES = {cls: name for name, cls in _WORDS.items()}


def _claim_text(claim: Claim) -> str:
    text = "-".join(claim.path)
    return text if claim.word is None else f"{text}={claim.word}"


def format_action(action: Action) -> str:
    if isinstance(action, ChooseSize):
        return f"taille {action.size}"
    if isinstance(action, Turn):
        parts = ["poser", *(f"{p.tile}@{cell_name(p.x, p.y)}" for p in action.placements)]
        if action.words:
            parts += [":", *(_claim_text(c) for c in action.words)]
        if action.exchange is not None:
            parts += ["echange", action.exchange]
        if action.sacrifice is not None:
            parts += ["sacrifice", action.sacrifice]
        return " ".join(parts)
    if isinstance(action, FreeLetter):
        return f"libre {action.tile}"
    if isinstance(action, PlaceBlank):
        return f"blanche {action.tile}@{cell_name(action.x, action.y)}"
    if isinstance(action, Knock):
        parts = ["frapper", *(_claim_text(c) for c in action.words)]
        if action.sacrifice is not None:
            parts += ["sacrifice", action.sacrifice]
        return " ".join(parts)
    return _NAMES[type(action)]


def _tile(text: str) -> str:
    if not _ID.match(text):
        raise MalformedInput(f"Pièce illisible : « {text} » (attendu : un identifiant, T05).")
    return text.upper()


def _placement(text: str) -> tuple[str, int, int]:
    tile, at, cell = text.partition("@")
    if not at:
        raise MalformedInput(f"Pose illisible : « {text} » (attendu : pièce@case, T05@c5).")
    x, y = parse_cell(cell)
    return _tile(tile), x, y


def _claim(text: str) -> Claim:
    path, equal, word = text.partition("=")
    tiles = tuple(_tile(t) for t in path.split("-") if t)
    if not tiles:
        raise MalformedInput(f"Mot illisible : « {text} » (attendu : T01-T05-T07).")
    return Claim(tiles, normalize(word) if equal and word else None)


def _options(tokens: list[str]) -> tuple[list[str], dict[str, str]]:
    """Split trailing ``echange X`` / ``sacrifice Y`` from the other tokens."""
    found: dict[str, str] = {}
    rest: list[str] = []
    i = 0
    while i < len(tokens):
        if tokens[i] in ("echange", "sacrifice"):
            if i + 1 >= len(tokens):
                raise MalformedInput(f"« {tokens[i]} » doit être suivi d'une pièce.")
            found[tokens[i]] = _tile(tokens[i + 1])
            i += 2
        else:
            rest.append(tokens[i])
            i += 1
    return rest, found


def parse_action(text: str) -> Action:
    """Inverse of :func:`format_action` (:class:`MalformedInput` when unreadable)."""
    tokens = text.split()
    if not tokens:
        raise MalformedInput("Coup vide.")
    head, args = tokens[0].lower(), tokens[1:]
    if head in _WORDS and not args:
        return _WORDS[head]()
    if head == "taille" and len(args) == 1 and _SIZE.match(args[0]):
        return ChooseSize(args[0])
    if head == "libre" and len(args) == 1:
        return FreeLetter(_tile(args[0]))
    if head == "blanche" and len(args) == 1:
        return PlaceBlank(*_placement(args[0]))
    if head == "frapper":
        rest, found = _options(args)
        if set(found) - {"sacrifice"}:
            raise MalformedInput("On frappe sans échange.")
        return Knock(tuple(_claim(t) for t in rest), found.get("sacrifice"))
    if head == "poser":
        rest, found = _options(args)
        placed, words = (
            (rest[: rest.index(":")], rest[rest.index(":") + 1 :]) if ":" in rest else (rest, [])
        )
        return Turn(
            tuple(Placement(*_placement(t)) for t in placed),
            tuple(_claim(t) for t in words),
            found.get("echange"),
            found.get("sacrifice"),
        )
    raise MalformedInput(
        f"Coup illisible : « {text} » (taille, poser, libre, blanche, frapper, pas, passer, "
        "temps, arreter)."
    )


def path_from_cells(state: LetterState, cells: str) -> tuple[str, ...]:
    """A path typed as cells (``c5-c6-d6``) → tile ids, read on the board as it is now."""
    path = []
    for cell in cells.split("-"):
        tile = state.board.tile_at(*parse_cell(cell))
        if tile is None:
            raise IllegalAction(f"La case {cell} est vide.")
        path.append(tile)
    return tuple(path)


def _tile_text(state: LetterState, tile_id: str) -> str:
    tile = state.catalog[tile_id]
    return tile.letter or "une pièce blanche"


def describe_action(
    state: LetterState, seat: Seat, action: Action, observer: Seat | None, name: str
) -> str:
    """The journal line of ``action`` for ``observer`` (``state``: before the action).

    Everything is public in Letter except a knock decision until the window closes.
    """
    own = observer == seat
    who = "Vous" if own else name
    if isinstance(action, ChooseSize):
        got = next(t for t in state.pool if state.catalog[t].size == action.size)
        return f"{who} : une lettre de taille {action.size}, c'est {_tile_text(state, got)}."
    if isinstance(action, (Knock, NoKnock)):
        if not own:
            return f"{name} a décidé (frapper ou non, révélé quand tous auront décidé)."
        if isinstance(action, NoKnock):
            return "Vous ne frappez pas."
        words = ", ".join(path_word(state.board, c.path) for c in action.words)
        return f"Vous frappez avec {words}."
    if isinstance(action, Turn):
        try:
            plan = state.plan_turn(seat, action)
        except IllegalAction:
            return f"{who} : coup refusé."
        placed = ", ".join(
            f"{_tile_text(state, p.tile)} en {cell_name(p.x, p.y)}" for p in action.placements
        )
        if plan.failed:
            return f"{who} : pose {placed} sans nouveau mot valable, les pièces sont reprises."
        words = ", ".join(word for _, word in plan.words) or "aucun mot"
        return f"{who} : pose {placed} et nomme {words}."
    if isinstance(action, FreeLetter):
        return f"{who} : {_tile_text(state, action.tile)} à côté du plateau (lettre libre)."
    if isinstance(action, PlaceBlank):
        return f"{who} : une pièce blanche en {cell_name(action.x, action.y)}."
    if isinstance(action, Pass):
        return f"{who} : passe son tour."
    if isinstance(action, Timeout):
        return f"{who} : temps écoulé."
    return f"{who} : fin de la partie solo."
