"""Letter statistics of a word list, and fair shares of a number of cards or tiles.

The reconstructed components (Gutenberg's deck, Letter's tiles, Thèmes' letter cards) are
built from the project's own lexicon with these two functions, so each builder states only its
own choices (which words count, how many pieces, the minimum per letter).

>>> shares = letter_frequencies(["ET", "TE", "ETE"])  # the last letter of a word weighs 1/2
>>> shares["E"], shares["T"]
(Fraction(6, 11), Fraction(5, 11))
>>> allocate({"A": Fraction(6), "B": Fraction(3), "C": Fraction(1, 10)}, 5)
{'A': 3, 'B': 1, 'C': 1}
"""

from __future__ import annotations

import lzma
import math
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from pathlib import Path

__all__ = [
    "ALPHABET",
    "LAST_LETTER_WEIGHT",
    "allocate",
    "letter_frequencies",
    "position_weight",
    "word_list",
]

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LAST_LETTER_WEIGHT = Fraction(1, 2)


def position_weight(index: int, length: int) -> Fraction:
    """Weight of the letter at 0-based ``index`` in a word of ``length`` letters.

    The last letter weighs half: in a lexicon of every inflected form, the final letter is
    mostly an inflection (plural S, verb endings in Z, T, S), far more often than in the words
    players write; the other positions weigh 1.

    >>> position_weight(0, 5), position_weight(4, 5)
    (Fraction(1, 1), Fraction(1, 2))
    """
    return LAST_LETTER_WEIGHT if index == length - 1 else Fraction(1)


def letter_frequencies(
    words: Iterable[str], *, min_length: int = 2, max_length: int = 8
) -> dict[str, Fraction]:
    """Position-weighted share of each letter A–Z in words of ``min_length``–``max_length``.

    Counted exactly (integers, then fractions) so that the result does not depend on the order
    of ``words``; the shares sum to 1.
    """
    counts: Counter[tuple[str, int, int]] = Counter()
    for word in words:
        length = len(word)
        if not min_length <= length <= max_length:
            continue
        for index, letter in enumerate(word):
            counts[letter, index, length] += 1
    totals: dict[str, Fraction] = dict.fromkeys(ALPHABET, Fraction(0))
    for (letter, index, length), count in counts.items():
        totals[letter] += count * position_weight(index, length)
    grand = sum(totals.values(), Fraction(0))
    return {letter: total / grand for letter, total in totals.items()}


def allocate(weights: Mapping[str, Fraction], seats: int, minimum: int = 1) -> dict[str, int]:
    """Share ``seats`` pieces among letters by the largest-remainder (Hamilton) method.

    Letters whose exact quota is below ``minimum`` get ``minimum`` and leave the pool; the
    quotas of the others are recomputed on the remaining seats, until every quota reaches the
    minimum. Then each letter gets the whole part of its quota, and the seats left go to the
    largest remainders (ties: the larger weight, then alphabetical order).
    """
    fixed: dict[str, int] = {}
    pool = dict(weights)
    while True:
        left = seats - minimum * len(fixed)
        total = sum(pool.values(), Fraction(0))
        low = {letter for letter, w in pool.items() if left * w / total < minimum}
        if not low:
            break
        for letter in low:
            fixed[letter] = minimum
            del pool[letter]
    quotas = {letter: left * w / total for letter, w in pool.items()}
    counts = {letter: math.floor(q) for letter, q in quotas.items()}
    rest = left - sum(counts.values())
    by_remainder = sorted(pool, key=lambda x: (-(quotas[x] - counts[x]), -pool[x], x))
    for letter in by_remainder[:rest]:
        counts[letter] += 1
    counts.update(fixed)
    return {letter: counts[letter] for letter in sorted(counts)}


def word_list(path: Path | None = None) -> list[str]:
    """Grammalecte's common French words, sorted (or those of ``path``, one per line, .xz ok).

    The components' letter statistics are those of Grammalecte's list (``common.txt.gz``),
    without the supplement of rare words that :func:`ludotheque.lexicon.common_words` adds
    (AA, KA, KEA…; docs/lexicon.md): the pieces of a game do not change when rare words are
    accepted (the supplement's third pass would have reshuffled Letter's tile shapes).

    >>> words = word_list()
    >>> "MAISON" in words, "KA" in words, words == sorted(words)
    (True, False, True)
    """
    if path is not None:
        opener = lzma.open if path.suffix == ".xz" else open
        with opener(path, "rt", encoding="utf-8") as stream:
            return sorted(line.strip() for line in stream if line.strip())
    from ludotheque.lexicon.wordlist import COMMON_FILE, load_packaged

    return list(load_packaged(COMMON_FILE).words)
