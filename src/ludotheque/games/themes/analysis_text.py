"""The French of Thèmes' analysis: a word with its theme and points, the cards it takes, the
verdict of a loss in points.

>>> points(1), points(6), points(2.5)
('1 point', '6 points', '2,5 points')
>>> verdict(0), verdict(1), verdict(2), verdict(4)
('meilleur', 'bon', 'imprecision', 'erreur')
>>> listing(["A", "B", "C"])
'A, B et C'
"""

from __future__ import annotations

from collections.abc import Sequence

from ludotheque.core.analysis import Verdict

from .actions import Word
from .bots_moves import Move
from .state import ThemesState
from .teams import PACKET_SIZES

__all__ = [
    "BON",
    "IMPRECISION",
    "card_text",
    "cards_text",
    "listing",
    "move_text",
    "number",
    "points",
    "verdict",
    "word_text",
]

BON = 1.0
"""A loss up to this many points is « bon » (a word one point short of the best)."""
IMPRECISION = 3.0
"""Up to this many points « imprecision »; beyond, « erreur » (a whole word missed)."""

CONSTRAINTS = {
    "premiere": "première lettre",
    "seconde": "deuxième lettre",
    "derniere": "dernière lettre",
}


def verdict(loss: float) -> Verdict:
    """The verdict of a loss in points (:data:`BON`, :data:`IMPRECISION`)."""
    if loss <= 0:
        return "meilleur"
    if loss <= BON:
        return "bon"
    if loss <= IMPRECISION:
        return "imprecision"
    return "erreur"


def number(value: float) -> str:
    """A number as a French reader writes it: « 3 », « 2,5 »."""
    rounded = round(value, 2)
    if rounded == int(rounded):
        return str(int(rounded))
    return f"{rounded:.2f}".rstrip("0").replace(".", ",")


def points(value: float) -> str:
    return f"{number(value)} point{'s' if abs(value) >= 2 else ''}"


def listing(parts: Sequence[str]) -> str:
    """« a », « a et b », « a, b et c »."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " et " + parts[-1]


def card_text(state: ThemesState, card: str) -> str:
    """A letter card as the table shows it: « P », « S (dernière lettre) »."""
    letter = state.catalog.letters[card]
    rule = CONSTRAINTS.get(letter.constraint or "")
    return f"{letter.letter} ({rule})" if rule else letter.letter


def cards_text(state: ThemesState, cards: Sequence[str]) -> str:
    return listing([card_text(state, card) for card in cards])


def word_text(state: ThemesState, word: Word, value: float | None = None) -> str:
    """« « Paris » pour VILLE (4 points) », the fifth theme and the packet named when used."""
    themes = " + ".join(state.claim_themes(word))
    text = f"« {word.word} » pour {themes}"
    if word.packet is not None:
        size = PACKET_SIZES[word.packet]
        text += f", paquet de {size} carte{'s' if size > 1 else ''}"
    return text if value is None else f"{text} ({points(value)})"


def move_text(state: ThemesState, move: Move) -> str:
    """A word the seat could say, with its points now."""
    return word_text(state, move.word, move.value)
