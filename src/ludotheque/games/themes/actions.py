"""Thèmes' actions and their JSON encoding.

A word is said for a theme with the letter cards it takes (``cartes``): letters of the hand (or
of a team's packet) and of the two visible cards of the theme's column. The word is free text as
the player says it (« New York », « porte-drapeau »); it is compared letter by letter, accents,
spaces and hyphens aside (:func:`~.cards.entry_key`).

>>> decode_action({"type": "mot", "colonne": 2, "mot": "New York", "cartes": ["L01", "L07"]})
Word(column=2, word='New York', cards=('L01', 'L07'), fifth=False, packet=None)
>>> encode_action(Verdict(False))
{'type': 'refuser'}
>>> decode_action({"type": "refuser", "motif": "hors_vocabulaire"})
Verdict(accept=False, reason='hors_vocabulaire', silent=False)
>>> encode_action(decode_action({"type": "temps_ecoule"}))
{'type': 'temps_ecoule'}
"""

from __future__ import annotations

from dataclasses import dataclass

from ludotheque.core.errors import MalformedInput
from ludotheque.core.json_types import JsonObject, JsonValue

from .judging import REASONS

__all__ = [
    "Action",
    "EndTurn",
    "GiveBack",
    "GiveUp",
    "Redraw",
    "Timeout",
    "Verdict",
    "Word",
    "decode_action",
    "encode_action",
]

MAX_WORD = 60
MAX_CARDS = 8


@dataclass(frozen=True, slots=True)
class Word:
    """A word for the theme of column ``column`` (0–3), taking ``cards``.

    ``fifth``: Expert, the word also fits the fifth pile's theme. ``packet``: Équipe, the packet
    (0, 1, 2: of 1, 2, 3 cards) whose letters it uses.
    """

    column: int
    word: str
    cards: tuple[str, ...]
    fifth: bool = False
    packet: int | None = None


@dataclass(frozen=True, slots=True)
class Redraw:
    """« défausser vos trois lettres et d'en piocher trois nouvelles » (once a turn)."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """The active player (or team) stops before the hourglass runs out."""


@dataclass(frozen=True, slots=True)
class Timeout:
    """The hourglass ran out (submitted by the front end, which owns the clock)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judge's (or a voter's) answer on a word outside the vocabulary; silence is yes.

    ``reason``: why a word is refused, when the judge says (robot judges always do): a key of
    :data:`~.judging.REASONS` (« hors vocabulaire »…).
    """

    accept: bool
    reason: str | None = None
    silent: bool = False  # the judge's window ran out: « qui ne dit mot consent » (D10)


@dataclass(frozen=True, slots=True)
class GiveUp:
    """Simultanée: this player finds nothing with the two turned cards."""


@dataclass(frozen=True, slots=True)
class GiveBack:
    """Simultanée: after a refused word, the card (a won letter or theme card, by its id) that
    this player gives back: « le joueur doit défausser une carte qu'il avait gagné »."""

    card: str


Action = Word | Redraw | EndTurn | Timeout | Verdict | GiveUp | GiveBack

_BARE: dict[str, Action] = {
    "changer_main": Redraw(),
    "fin_du_tour": EndTurn(),
    "temps_ecoule": Timeout(),
    "valider": Verdict(True),
    "refuser": Verdict(False),
    "rien": GiveUp(),
    "silence": Verdict(True, silent=True),
}
_BARE_NAMES = {action: name for name, action in _BARE.items()}
KINDS = ("mot", "rendre", *_BARE)


def encode_action(action: Action) -> JsonValue:
    if isinstance(action, Verdict) and action.reason is not None:
        return {"type": "refuser", "motif": action.reason}
    if isinstance(action, GiveBack):
        return {"type": "rendre", "carte": action.card}
    if isinstance(action, Word):
        data: JsonObject = {
            "type": "mot",
            "colonne": action.column,
            "mot": action.word,
            "cartes": list(action.cards),
        }
        if action.fifth:
            data["cinquieme"] = True
        if action.packet is not None:
            data["paquet"] = action.packet
        return data
    return {"type": _BARE_NAMES[action]}


def _fail(message: str) -> MalformedInput:
    return MalformedInput(message)


def _refusal(data: JsonObject) -> Verdict:
    """A refusal with its reason: ``{"type": "refuser", "motif": "hors_vocabulaire"}``."""
    extra = set(data) - {"type", "motif"}
    if extra:
        raise _fail(f"Champ inattendu pour « refuser » : {', '.join(sorted(extra))}.")
    reason = data.get("motif")
    if not isinstance(reason, str) or reason not in REASONS:
        raise _fail(f"« motif » : {', '.join(REASONS)}.")
    return Verdict(False, reason)


def decode_action(data: JsonValue) -> Action:
    """An action from JSON; :class:`MalformedInput` (in French) when it is not one."""
    if not isinstance(data, dict):
        raise _fail("Un coup est un objet JSON avec un « type ».")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in KINDS:
        raise _fail(f"Type de coup inconnu : {kind!r} (possibles : {', '.join(KINDS)}).")
    if kind == "refuser" and "motif" in data:
        return _refusal(data)
    if kind == "rendre":
        extra = set(data) - {"type", "carte"}
        card = data.get("carte")
        if extra:
            raise _fail(f"Champ inattendu pour « rendre » : {', '.join(sorted(extra))}.")
        if not isinstance(card, str) or not 0 < len(card) <= 16:
            raise _fail("« carte » : l'identifiant de la carte gagnée que vous rendez.")
        return GiveBack(card)
    if kind != "mot":
        extra = set(data) - {"type"}
        if extra:
            raise _fail(f"Champ inattendu pour « {kind} » : {', '.join(sorted(extra))}.")
        return _BARE[kind]
    extra = set(data) - {"type", "colonne", "mot", "cartes", "cinquieme", "paquet"}
    if extra:
        raise _fail(f"Champ inattendu pour « mot » : {', '.join(sorted(extra))}.")
    column = data.get("colonne")
    if isinstance(column, bool) or not isinstance(column, int) or not 0 <= column < 4:
        raise _fail("« colonne » : le numéro de la colonne du thème, de 0 à 3.")
    word = data.get("mot")
    if not isinstance(word, str) or not word.strip() or len(word) > MAX_WORD:
        raise _fail(f"« mot » : le mot dit, un texte de 1 à {MAX_WORD} caractères.")
    cards = data.get("cartes")
    if (
        not isinstance(cards, list)
        or not 1 <= len(cards) <= MAX_CARDS
        or not all(isinstance(card, str) and 0 < len(card) <= 16 for card in cards)
    ):
        raise _fail(f"« cartes » : la liste des cartes prises (1 à {MAX_CARDS} identifiants).")
    fifth = data.get("cinquieme", False)
    if not isinstance(fifth, bool):
        raise _fail("« cinquieme » : vrai ou faux.")
    packet = data.get("paquet")
    if packet is not None and (
        isinstance(packet, bool) or not isinstance(packet, int) or not 0 <= packet < 3
    ):
        raise _fail("« paquet » : 0, 1 ou 2 (le paquet de 1, 2 ou 3 cartes).")
    strings = [card for card in cards if isinstance(card, str)]
    if len(set(strings)) != len(strings):
        raise _fail("« cartes » : une carte figure deux fois.")
    return Word(column, word.strip(), tuple(strings), fifth, packet)
