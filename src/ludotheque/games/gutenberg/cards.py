"""Gutenberg's cards: letters and points, and how one card may be used in a word.

Rulebook (« ÉTAPE 3. ÉCRITURE »): each card once in a word; any card may serve as a double
letter (« la même lettre deux fois de suite »); the QU card serves as Q or as QU; a challenge
card with several letters is used whole, « toutes les lettres indiquées sur la carte, dans
l'ordre spécifié ».

>>> Card("L07", "T", 2, "lettre").faces()
('T', 'TT')
>>> Card("L76", "QU", 5, "lettre").faces()
('QU', 'Q')
>>> Card("D03", "ENT", 4, "defi").faces()
('ENT',)
>>> Card.parse("qu5")
Card(id='QU5', letters='QU', points=5, kind='lettre')
>>> Card.parse("ENT4").kind
'defi'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ludotheque.core.errors import MalformedInput

__all__ = ["VOWELS", "Card", "CardKind"]

CardKind = Literal["lettre", "voyelle", "defi"]

VOWELS = frozenset("AEIOUY")

_NOTATION = re.compile(r"^([A-Z]+)(\d{1,2})$")


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. ``id`` is unique in a game; ``letters`` is uppercase A–Z."""

    id: str
    letters: str
    points: int
    kind: CardKind

    def faces(self) -> tuple[str, ...]:
        """The letter sequences this card can stand for in a word, preferred first."""
        if self.letters == "QU":
            return ("QU", "Q")
        if len(self.letters) == 1:
            return (self.letters, self.letters * 2)
        return (self.letters,) if self.letters else ()

    @property
    def notation(self) -> str:
        """Letters then points, as players write a card: ``QU5``."""
        return f"{self.letters}{self.points}"

    @classmethod
    def parse(cls, text: str, card_id: str | None = None) -> Card:
        """A card from its notation (letters then points), e.g. ``T2`` or ``ENT4``."""
        from ludotheque.lexicon import normalize

        match = _NOTATION.match(normalize(text.strip()))
        if match is None:
            raise MalformedInput(
                f"Carte illisible : « {text} » (attendu : lettres puis points, comme T2 ou QU5)."
            )
        letters, points = match.group(1), int(match.group(2))
        kind: CardKind = "defi" if len(letters) > 1 and letters != "QU" else "lettre"
        return cls(card_id or f"{letters}{points}", letters, points, kind)
