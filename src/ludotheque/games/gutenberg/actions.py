"""Gutenberg's actions and their JSON encoding.

>>> decode_action({"type": "ecrire", "mots": [{"mot": "jouer", "cartes": ["L1", "V2"]}]})
Write(plays=(Play(word='JOUER', cards=('L1', 'V2')),), offset=None)
>>> encode_action(Pick("L07"))
{'type': 'choisir', 'carte': 'L07'}
"""

from __future__ import annotations

from dataclasses import dataclass

from ludotheque.core.errors import MalformedInput
from ludotheque.core.json_types import JsonValue
from ludotheque.lexicon import normalize

__all__ = ["Action", "Claim", "Pick", "Play", "Shelve", "Write", "decode_action", "encode_action"]


@dataclass(frozen=True, slots=True)
class Pick:
    """Draft: keep this card of the packet in hand."""

    card: str


@dataclass(frozen=True, slots=True)
class Play:
    """One word and the cards that spell it, in word order."""

    word: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Write:
    """Writing: the word(s) written (none: no word found). ``offset``: solo rows 2–4 only.

    ``offset`` is the column of the new word's first card relative to the previous word's
    first card (0: aligned on the left; -1: one card further left...).
    """

    plays: tuple[Play, ...] = ()
    offset: int | None = None


@dataclass(frozen=True, slots=True)
class Claim:
    """Claims: the letters taken into the collection, and at most one challenge."""

    cards: tuple[str, ...]
    challenge: str | None = None


@dataclass(frozen=True, slots=True)
class Shelve:
    """Solo: the card chosen in the library (to the collection, or back under its deck)."""

    card: str


Action = Pick | Write | Claim | Shelve


def encode_action(action: Action) -> JsonValue:
    if isinstance(action, Pick):
        return {"type": "choisir", "carte": action.card}
    if isinstance(action, Write):
        data: dict[str, JsonValue] = {
            "type": "ecrire",
            "mots": [{"mot": p.word, "cartes": list(p.cards)} for p in action.plays],
        }
        if action.offset is not None:
            data["decalage"] = action.offset
        return data
    if isinstance(action, Claim):
        return {"type": "reclamer", "cartes": list(action.cards), "defi": action.challenge}
    return {"type": "bibliotheque", "carte": action.card}


def _card_id(value: JsonValue, what: str) -> str:
    if not isinstance(value, str) or not value or len(value) > 16:
        raise MalformedInput(f"{what} : identifiant de carte attendu.")
    return value


def _card_ids(value: JsonValue, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > 40:
        raise MalformedInput(f"{what} : liste de cartes attendue.")
    return tuple(_card_id(item, what) for item in value)


def _keys(data: dict[str, JsonValue], required: set[str], optional: set[str] | None = None) -> None:
    optional = optional or set()
    keys = set(data)
    if not required <= keys or not keys <= required | optional:
        raise MalformedInput(
            f"Champs attendus : {', '.join(sorted(required | optional))} (reçus : "
            f"{', '.join(sorted(keys))})."
        )


def decode_action(data: JsonValue) -> Action:
    """Read an action (:class:`MalformedInput` names what is wrong)."""
    if not isinstance(data, dict):
        raise MalformedInput("Un coup est un objet JSON avec un champ « type ».")
    kind = data.get("type")
    if kind == "choisir":
        _keys(data, {"type", "carte"})
        return Pick(_card_id(data["carte"], "choisir"))
    if kind == "ecrire":
        _keys(data, {"type", "mots"}, {"decalage"})
        words = data["mots"]
        if not isinstance(words, list) or len(words) > 20:
            raise MalformedInput("écrire : « mots » doit être une liste.")
        plays = []
        for item in words:
            if not isinstance(item, dict):
                raise MalformedInput("écrire : chaque mot est un objet {mot, cartes}.")
            _keys(item, {"mot", "cartes"})
            word = item["mot"]
            if not isinstance(word, str) or not 0 < len(word) <= 40:
                raise MalformedInput("écrire : « mot » doit être un mot.")
            plays.append(Play(normalize(word), _card_ids(item["cartes"], "écrire")))
        offset = data.get("decalage")
        if offset is not None and (isinstance(offset, bool) or not isinstance(offset, int)):
            raise MalformedInput("écrire : « decalage » doit être un entier.")
        return Write(tuple(plays), offset)
    if kind == "reclamer":
        _keys(data, {"type", "cartes"}, {"defi"})
        challenge = data.get("defi")
        return Claim(
            _card_ids(data["cartes"], "réclamer"),
            None if challenge is None else _card_id(challenge, "réclamer"),
        )
    if kind == "bibliotheque":
        _keys(data, {"type", "carte"})
        return Shelve(_card_id(data["carte"], "bibliothèque"))
    raise MalformedInput(
        f"Type de coup inconnu : {kind!r} (possibles : choisir, ecrire, reclamer, bibliotheque)."
    )
