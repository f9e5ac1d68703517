"""Which letter cards a word may take: each card on a letter of its own, constraints in place.

« Pour qu'un mot soit valide, il doit […] contenir AU MINIMUM 1 lettre provenant de la main du
joueur et AU MINIMUM 1 lettre provenant d'une des deux piles situées sous le thème ». Every card
taken must stand for a distinct letter of the word (two E cards need two E's, D1 in
``docs/rules/themes.md``); a constraint card stands for the first, second or last letter; a
word holds at most one card of each constraint. « Les mots comme « une planche à voile » peuvent
être acceptés si toutes les lettres utilisées proviennent de planche ou de voile »: the letters
of a linking word (« à », « de », « la »…) cannot serve (:func:`spelled`, D15b).

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
>>> key, usable = spelled("pomme de terre")
>>> placement(key, (LetterCard("L5", "D"),), usable) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from functools import lru_cache
from typing import Final

from .cards import CONSTRAINT_WORDS, LetterCard, entry_key

__all__ = ["LINKING_WORDS", "MIN_WORD", "card_problems", "linking_word_at", "placement", "spelled"]

LINKING_WORDS: Final = frozenset(
    {"à", "a", "au", "aux", "d", "de", "des", "du", "en", "et", "l", "la", "le", "les"}
    | {"ou", "un", "une"}
)
"""Linking words whose letters cannot serve (D15b): articles, « à », « de », « en », « et »,
« ou » and their contractions (« d' », « l' », « au », « du »…), compared in lowercase with
their accents (« dés », the dice, is no « des »)."""

_SEPARATORS = re.compile(r"[\s\-'’‘.,/]+")

_POSITION_NAMES: Final = {"premiere": "première", "seconde": "deuxième", "derniere": "dernière"}

MIN_WORD = 2
"""Letters a word needs at least (a single letter is not a word)."""


@lru_cache(maxsize=65536)
def _spelled(text: str) -> tuple[str, frozenset[int] | None, tuple[tuple[int, int, str], ...]]:
    key = entry_key(text)
    parts = [part for part in _SEPARATORS.split(text.strip()) if entry_key(part)]
    spans: list[tuple[int, int, str]] = []
    start = 0
    for part in parts:
        letters = entry_key(part)
        spans.append((start, start + len(letters), part))
        start += len(letters)
    if start != len(key) or len(parts) < 2:
        return key, None, ()  # one word (or an odd spelling): every letter counts
    linking = [(a, b, part) for a, b, part in spans if part.lower() in LINKING_WORDS]
    if not linking or len(linking) == len(spans):
        return key, None, ()
    dead = {i for a, b, _part in linking for i in range(a, b)}
    return key, frozenset(range(len(key))) - dead, tuple(linking)


def spelled(text: str) -> tuple[str, frozenset[int] | None]:
    """The letters of ``text`` (:func:`~.cards.entry_key`) and the positions whose letters may
    serve: None when all may, else every position but those of linking words.

    >>> spelled("pomme de terre")
    ('POMMEDETERRE', frozenset({0, 1, 2, 3, 4, 7, 8, 9, 10, 11}))
    >>> spelled("porte-drapeau")[1] is None, spelled("jeu de dés")[1]
    (True, frozenset({0, 1, 2, 5, 6, 7}))
    """
    key, usable, _linking = _spelled(text)
    return key, usable


def linking_word_at(text: str, position: int) -> str | None:
    """The linking word of ``text`` that holds the letter at ``position``, if any.

    >>> linking_word_at("pomme de terre", 5), linking_word_at("pomme de terre", 0)
    ('de', None)
    """
    for start, end, part in _spelled(text)[2]:
        if start <= position < end:
            return part
    return None


def _fixed_position(card: LetterCard, length: int) -> int | None:
    if card.constraint == "premiere":
        return 0
    if card.constraint == "seconde":
        return 1
    if card.constraint == "derniere":
        return length - 1
    return None


def placement(
    key: str, cards: Sequence[LetterCard], usable: Collection[int] | None = None
) -> tuple[int, ...] | None:
    """A position of ``key`` for each card (distinct, letters equal, constraints kept), or None.

    ``key`` is the word's letters (:func:`~.cards.entry_key`); ``usable``: the positions a card
    may stand for (None: all; :func:`spelled`). Constraint cards are placed first (their
    position is fixed), then the others by backtracking (at most five cards).
    """
    length = len(key)
    used: set[int] = set() if usable is None else set(range(length)) - set(usable)
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


def card_problems(key: str, cards: Sequence[LetterCard], word: str | None = None) -> list[str]:
    """What is wrong with taking ``cards`` for the word ``key`` (in French; empty: nothing).

    ``word``: the word as said (« pomme de terre »), whose linking words cannot serve; its
    letters must be ``key``'s. Each message names the card and the rule it breaks.

    >>> print(*card_problems("ANE", [LetterCard("L4", "N", "premiere")]))
    La carte N « première lettre » doit être la première lettre du mot : « ANE » commence par A.
    >>> print(*card_problems("POMMEDETERRE", [LetterCard("L5", "D")], "pomme de terre"))
    ... # doctest: +ELLIPSIS
    Le D de « pomme de terre » est dans « de », un mot de liaison : ses lettres ne peuvent...
    """
    shown = word if word is not None else key
    usable = None
    if word is not None:
        spelled_key, usable = spelled(word)
        if spelled_key != key:
            usable = None
    if len(key) < MIN_WORD:
        return [f"Un mot a au moins {MIN_WORD} lettres."]
    problems: list[str] = []
    for constraint, name in CONSTRAINT_WORDS.items():
        count = sum(1 for card in cards if card.constraint == constraint)
        if count > 1:
            problems.append(
                f"Une seule carte « {name} lettre » par mot (il y en a {count}) : « Votre mot "
                "ne pourra bien sûr contenir qu'une seule carte de chacune de ces 3 "
                "contraintes »."
            )
    if problems:
        return problems
    if placement(key, cards, usable) is not None:
        return []
    for card in cards:
        fixed = _fixed_position(card, len(key))
        if fixed is None or card.constraint is None:
            continue
        rule = f"La carte {card.letter} « {CONSTRAINT_WORDS[card.constraint]} lettre »"
        place = _POSITION_NAMES[card.constraint]
        if key[fixed] != card.letter:
            if card.constraint == "premiere":
                fact = f"« {shown} » commence par {key[0]}"
            elif card.constraint == "derniere":
                fact = f"« {shown} » finit par {key[-1]}"
            else:
                fact = f"la deuxième lettre de « {shown} » est {key[1]}"
            return [f"{rule} doit être la {place} lettre du mot : {fact}."]
        if usable is not None and fixed not in usable:
            linking = linking_word_at(shown, fixed)
            return [
                f"{rule} tombe sur « {linking} », un mot de liaison : ses lettres ne peuvent "
                "pas servir (seules comptent les lettres des mots comme « planche » et "
                "« voile » dans « planche à voile »)."
            ]
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.letter] = counts.get(card.letter, 0) + 1
    for letter, count in sorted(counts.items()):
        total = key.count(letter)
        free = [i for i, ch in enumerate(key) if ch == letter and (usable is None or i in usable)]
        if total == 0:
            return [f"Le mot n'a pas de {letter} : la carte {letter} ne peut pas servir."]
        if not free:
            linking = linking_word_at(shown, key.index(letter))
            return [
                f"Le {letter} de « {shown} » est dans « {linking} », un mot de liaison : ses "
                "lettres ne peuvent pas servir (« planche à voile » : seules comptent les "
                "lettres de planche et de voile)."
            ]
        if len(free) < count:
            return [f"Le mot n'a que {len(free)} {letter} pour {count} cartes {letter}."]
    return ["Ces cartes ne trouvent pas chacune leur lettre dans le mot (une carte par lettre)."]
