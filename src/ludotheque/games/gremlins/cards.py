"""Gremlins, Inc. cards as data: the card model and the card file parser.

What is public (``/work/shared/rules/gremlins-inc-card-game.fr.txt``): three card types
(Action; one-shot Plan; permanent Plan), a resource banner on every card (gold the most common,
malice less, technology the rarest and never needed by an action), costs for actions (may be
free), requirements and prestige for plans, hands of 6. The list itself is not public:
``data/cartes.txt`` is a *reconstruction* (``docs/gremlins-cards.md``); a player who owns the
game may write the real list in the same format (the future ``--deck FICHIER`` option).

One card per line, six fields separated by ``|``::

    identifiant | nom | type [prestige] | bandeau | coût ou exigences | effet

>>> card, = parse_cards(
...     "A1 | Croc-en-jambe | action | malice | 1 malice | "
...     "n'importe quel adversaire : défausser 1 carte", minimum=0)
>>> card.kind, card.banner, card.cost, card.prestige
('action', 'malice', Cost(gold=0, malice=1, techno=0, any=0), None)
>>> format_card(card)
"A1 | Croc-en-jambe | action | malice | 1 malice | n'importe quel adversaire : défausser 1 carte"
>>> plan, = parse_cards("P1 | Horloge | plan 3 | or | 2 or + 1 techno | -", minimum=0)
>>> plan.prestige, plan.cost.total, plan.effect
(3, 3, ())
>>> try:
...     parse_cards("A1 | Vol | action | or | 1 techno | piocher 1 carte", source="m.txt",
...                 minimum=0)
... except CardFileError as error:
...     print(error)
m.txt, ligne 1 : A1 : une action ne coûte jamais de techno (« 1 techno »).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final, Literal

from ludotheque.core.errors import FileLineError, MalformedInput

from .effects import (
    Action,
    Conditional,
    Effect,
    EffectError,
    Resource,
    Trigger,
    format_effect,
    parse_effect,
)

__all__ = [
    "BANNERS",
    "DECK_SIZE",
    "HAND",
    "KINDS",
    "MIN_CARDS",
    "Card",
    "CardFileError",
    "Cost",
    "Kind",
    "default_cards",
    "format_card",
    "format_cards",
    "format_cost",
    "parse_cards",
    "parse_cost",
]

Kind = Literal["action", "plan", "permanent"]
KINDS: Final[tuple[Kind, ...]] = ("action", "plan", "permanent")
BANNERS: Final[tuple[Resource, ...]] = ("or", "malice", "techno")

HAND: Final = 6
"""Cards in every hand at the start of each turn (rulebook)."""
DECK_SIZE: Final = 100
"""Cards in the shipped reconstruction (``docs/gremlins-cards.md``)."""
MIN_CARDS: Final = 48
"""Cards a user's list needs at least: 6 hands of 6 and two refills of the same table."""

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,15}")


class CardFileError(FileLineError, MalformedInput):
    """A card file that cannot be used; ``line`` is 1-based, 0 when not one line."""

    code = "invalid-cards"


@dataclass(frozen=True, slots=True)
class Cost:
    """Resources to pay (actions) or to assign (plans): typed, plus ``any`` of any type."""

    gold: int = 0
    malice: int = 0
    techno: int = 0
    any: int = 0

    @property
    def total(self) -> int:
        return self.gold + self.malice + self.techno + self.any

    @property
    def free(self) -> bool:
        return self.total == 0


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``cost`` is what an action costs, or what a plan requires; ``prestige`` is
    ``None`` for an action; ``effect`` is a program of :mod:`.effects` (empty for a plain plan;
    for a plan, done when the project is completed; for a permanent plan, active from the next
    action on)."""

    id: str
    name: str
    kind: Kind
    banner: Resource
    cost: Cost
    prestige: int | None
    effect: Effect

    @property
    def text(self) -> str:
        """The effect in the normal form of the language (``""`` when none)."""
        return format_effect(self.effect)


_COST_WORDS: Final = {"or": "gold", "malice": "malice", "techno": "techno"}


def parse_cost(text: str) -> Cost:
    """``gratuit``, or terms joined by ``+``: ``2 or + 1 malice + 1 ressource``.

    >>> parse_cost("2 or + 1 Techno + 2 ressources"), parse_cost("gratuit").free
    (Cost(gold=2, malice=0, techno=1, any=2), True)
    """
    folded = " ".join(text.lower().split())
    if folded == "gratuit":
        return Cost()
    counts = {"gold": 0, "malice": 0, "techno": 0, "any": 0}
    for term in folded.split("+"):
        found = re.fullmatch(r"(\d+) (or|malice|techno|ressources?)", term.strip())
        if found is None or int(found[1]) < 1:
            raise EffectError(
                f"coût illisible « {text.strip()} » (attendu : « gratuit » ou des termes "
                "comme « 2 or + 1 malice + 1 ressource »)."
            )
        field = _COST_WORDS.get(found[2], "any")
        counts[field] += int(found[1])
    return Cost(**counts)


def format_cost(cost: Cost) -> str:
    """The normal form read by :func:`parse_cost`."""
    if cost.free:
        return "gratuit"
    terms = [f"{cost.gold} or"] if cost.gold else []
    terms += [f"{cost.malice} malice"] if cost.malice else []
    terms += [f"{cost.techno} techno"] if cost.techno else []
    if cost.any:
        terms.append(f"{cost.any} ressource{'s' if cost.any > 1 else ''}")
    return " + ".join(terms)


def _card(fields: list[str]) -> Card:
    card_id, name, kind_text, banner, cost_text, effect_text = fields
    if not _ID.fullmatch(card_id):
        raise EffectError(
            f"identifiant invalide « {card_id} » "
            "(lettres, chiffres, - ou _, 16 caractères au plus)."
        )
    if not name:
        raise EffectError("nom manquant.")
    kind_word, _, prestige_text = kind_text.lower().partition(" ")
    if kind_word not in KINDS:
        raise EffectError(f"type inconnu « {kind_word} » (action, plan ou permanent).")
    kind: Kind = kind_word
    banner = banner.lower()
    if banner not in BANNERS:
        raise EffectError(f"bandeau inconnu « {banner} » (or, malice ou techno).")
    prestige: int | None = None
    if kind == "action":
        if prestige_text:
            raise EffectError("une action ne rapporte pas de prestige (écrire « action »).")
    elif not re.fullmatch(r"\d+", prestige_text.strip()):
        raise EffectError(f"prestige manquant pour un {kind} (écrire par exemple « {kind} 3 »).")
    else:
        prestige = int(prestige_text)
    if not cost_text:
        raise EffectError(
            "coût manquant (écrire « gratuit » pour une action gratuite)."
            if kind == "action"
            else "exigences manquantes (les ressources à assigner, comme « 2 or + 1 techno »)."
        )
    cost = parse_cost(cost_text)
    if kind == "action" and cost.techno:
        raise EffectError(f"une action ne coûte jamais de techno (« {cost_text} »).")
    if kind != "action" and cost.free:
        raise EffectError("un plan sans exigences ne peut pas se terminer (« gratuit »).")
    effect = parse_effect(effect_text)
    if kind == "action" and not effect:
        raise EffectError("une action sans effet (écrire son effet, « - » est pour les plans).")
    if kind != "permanent":
        for statement in effect:
            if isinstance(statement, Trigger):
                what = "un déclencheur"
            elif not isinstance(statement, Action | Conditional):
                what = "un effet permanent"
            else:
                continue
            raise EffectError(
                f"« {format_effect((statement,))} » : {what}, réservé aux plans permanents."
            )
    return Card(card_id, name, kind, banner, cost, prestige, effect)


def parse_cards(text: str, *, source: str = "", minimum: int = MIN_CARDS) -> tuple[Card, ...]:
    """Read a card file (format in ``docs/gremlins-cards.md`` and in the file's header).

    ``#`` starts a comment line; blank lines are ignored. Errors raise :class:`CardFileError`
    naming the line.
    """
    cards: list[Card] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = [" ".join(field.split()) for field in line.split("|")]
        if len(fields) != 6:
            raise CardFileError(
                f"ligne illisible : {len(fields)} champs au lieu de 6 (identifiant | nom | "
                "type [prestige] | bandeau | coût ou exigences | effet).",
                line=number,
                source=source,
            )
        try:
            card = _card(fields)
        except EffectError as error:
            raise CardFileError(
                f"{fields[0]} : {error.message}" if _ID.fullmatch(fields[0]) else error.message,
                line=number,
                source=source,
            ) from error
        if card.id in seen:
            raise CardFileError(
                f"identifiant « {card.id} » en double (déjà à la ligne {seen[card.id]}).",
                line=number,
                source=source,
            )
        seen[card.id] = number
        cards.append(card)
    if len(cards) < minimum:
        raise CardFileError(
            f"{len(cards)} cartes seulement : il en faut au moins {minimum} "
            f"({HAND} par main à 6 joueurs, et de quoi refaire les mains).",
            source=source,
        )
    return tuple(cards)


def format_card(card: Card) -> str:
    """One line of the file format (:func:`parse_cards` reads it back to an equal card)."""
    kind = card.kind if card.prestige is None else f"{card.kind} {card.prestige}"
    effect = card.text or "-"
    return f"{card.id} | {card.name} | {kind} | {card.banner} | {format_cost(card.cost)} | {effect}"


def format_cards(cards: tuple[Card, ...], preamble: tuple[str, ...] = ()) -> str:
    """The cards in the file format."""
    out = [f"# {line}".rstrip() for line in preamble]
    if out:
        out.append("")
    out.append("# identifiant | nom | type [prestige] | bandeau | coût ou exigences | effet")
    out.extend(format_card(card) for card in cards)
    return "\n".join(out) + "\n"


@cache
def default_cards() -> tuple[Card, ...]:
    """The 100 cards shipped with ludotheque (a reconstruction)."""
    resource = resources.files("ludotheque.games.gremlins").joinpath("data", "cartes.txt")
    return parse_cards(resource.read_text(encoding="utf-8"), source="cartes.txt")
