"""Finding words: the best cards for a word, and every vocabulary word the cards allow.

A word takes one or more letters of the hand (or packet) and one or two of the column's
visible cards; :func:`best_cards` picks, among the subsets that fit, the one worth the most
points (then the most cards). :func:`vocabulary_words` lists, for each visible theme, the
vocabulary words that some subset of the cards allows — what the bots look for.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import combinations

from .cards import LetterCard
from .claims import MIN_WORD, placement, spelled

__all__ = ["WordChoice", "best_cards", "subsets", "vocabulary_words"]

WordChoice = tuple[str, tuple[str, ...], int]
"""A vocabulary key, the cards taken, and their points."""


def subsets(cards: Sequence[str]) -> list[tuple[str, ...]]:
    """Every non-empty subset, largest first."""
    return [c for size in range(len(cards), 0, -1) for c in combinations(cards, size)]


def best_cards(
    key: str,
    own: Sequence[str],
    column: Sequence[str],
    letters: Mapping[str, LetterCard],
    usable: Collection[int] | None = None,
) -> tuple[tuple[str, ...], int] | None:
    """The cards (at least one of ``own``, one of ``column``) worth the most for ``key``.

    ``usable``: the positions whose letters may serve (None: all; not those of linking words,
    :func:`~.claims.spelled`)."""
    if len(key) < MIN_WORD:
        return None
    present = set(key) if usable is None else {key[i] for i in usable}
    own = [c for c in own if letters[c].letter in present]
    column = [c for c in column if letters[c].letter in present]
    if not own or not column:
        return None
    best: tuple[tuple[str, ...], int] | None = None
    for mine in subsets(own):
        for theirs in subsets(column):
            cards = mine + theirs
            chosen = [letters[c] for c in cards]
            if sum(1 for c in chosen if c.constraint == "premiere") > 1:
                continue
            if sum(1 for c in chosen if c.constraint == "seconde") > 1:
                continue
            if sum(1 for c in chosen if c.constraint == "derniere") > 1:
                continue
            if placement(key, chosen, usable) is None:
                continue
            points = sum(c.points for c in chosen)
            if best is None or (points, len(cards)) > (best[1], len(best[0])):
                best = (cards, points)
    return best


def vocabulary_words(
    words: Iterable[str],
    own: Sequence[str],
    column: Sequence[str],
    letters: Mapping[str, LetterCard],
) -> list[WordChoice]:
    """The ``words`` (vocabulary entries as written, « pomme de terre », or keys) that the
    cards allow, each with its key and best cards, best first. The letters of a linking word
    of an entry cannot serve (:func:`~.claims.spelled`)."""
    own_letters = {letters[c].letter for c in own}
    column_letters = {letters[c].letter for c in column}
    found: list[WordChoice] = []
    for word in words:
        key, usable = spelled(word)
        present = set(key)
        if present.isdisjoint(own_letters) or present.isdisjoint(column_letters):
            continue
        best = best_cards(key, own, column, letters, usable)
        if best is not None:
            found.append((key, best[0], best[1]))
    found.sort(key=lambda item: (-item[2], -len(item[1]), item[0]))
    return found
