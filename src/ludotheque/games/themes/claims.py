"""Which letter cards a word may take: each card on a letter of its own, constraints in place.

« Pour qu'un mot soit valide, il doit […] contenir AU MINIMUM 1 lettre provenant de la main du
joueur et AU MINIMUM 1 lettre provenant d'une des deux piles situées sous le thème ». Every card
taken must stand for a distinct letter of the word (two E cards need two E's, D1 in
``docs/rules/themes.md``); a constraint card stands for the first, second or last letter; a
word holds at most one card of each constraint.

>>> from ludotheque.games.themes.cards import LetterCard
>>> e, r, o = LetterCard("L1", "E"), LetterCard("L2", "R"), LetterCard("L3", "O")
>>> placement("NEWYORK", (e, r, o))
(1, 5, 4)
>>> placement("NEWYORK", (e, e)) is None
True
>>> placement("NEMO", (LetterCard("L4", "N", "premiere"),))
(0,)
>>> placement("ANE", (LetterCard("L4", "N", "premiere"),)) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import CONSTRAINT_WORDS, LetterCard

__all__ = ["MIN_WORD", "card_problems", "placement"]

MIN_WORD = 2
"""Letters a word needs at least (a single letter is not a word)."""


def _fixed_position(card: LetterCard, length: int) -> int | None:
    if card.constraint == "premiere":
        return 0
    if card.constraint == "seconde":
        return 1
    if card.constraint == "derniere":
        return length - 1
    return None


def placement(key: str, cards: Sequence[LetterCard]) -> tuple[int, ...] | None:
    """A position of ``key`` for each card (distinct, letters equal, constraints kept), or None.

    ``key`` is the word's letters (:func:`~.cards.entry_key`). Constraint cards are placed first
    (their position is fixed), then the others by backtracking (at most five cards).
    """
    length = len(key)
    used: set[int] = set()
    result: list[int | None] = [None] * len(cards)
    free: list[int] = []
    for index, card in enumerate(cards):
        fixed = _fixed_position(card, length)
        if fixed is None:
            free.append(index)
            continue
        if not 0 <= fixed < length or key[fixed] != card.letter or fixed in used:
            return None
        used.add(fixed)
        result[index] = fixed

    def place(k: int) -> bool:
        if k == len(free):
            return True
        card = cards[free[k]]
        for position in range(length):
            if position not in used and key[position] == card.letter:
                used.add(position)
                result[free[k]] = position
                if place(k + 1):
                    return True
                used.discard(position)
        return False

    if not place(0):
        return None
    return tuple(p for p in result if p is not None)


def card_problems(key: str, cards: Sequence[LetterCard]) -> list[str]:
    """What is wrong with taking ``cards`` for the word ``key`` (in French; empty: nothing)."""
    if len(key) < MIN_WORD:
        return [f"Un mot a au moins {MIN_WORD} lettres."]
    problems: list[str] = []
    for constraint, word in CONSTRAINT_WORDS.items():
        count = sum(1 for card in cards if card.constraint == constraint)
        if count > 1:
            problems.append(f"Une seule carte « {word} lettre » par mot (il y en a {count}).")
    if problems:
        return problems
    if placement(key, cards) is not None:
        return []
    for card in cards:
        fixed = _fixed_position(card, len(key))
        if fixed is not None and key[fixed] != card.letter:
            where = CONSTRAINT_WORDS[card.constraint] if card.constraint else ""
            return [f"La carte {card.letter} doit être la {where} lettre du mot."]
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.letter] = counts.get(card.letter, 0) + 1
    for letter, count in sorted(counts.items()):
        if key.count(letter) < count:
            if key.count(letter) == 0:
                return [f"Le mot n'a pas de {letter} : la carte {letter} ne peut pas servir."]
            return [f"Le mot n'a que {key.count(letter)} {letter} pour {count} cartes {letter}."]
    return ["Ces cartes ne trouvent pas chacune leur lettre dans le mot."]
