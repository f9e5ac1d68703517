"""Shared pieces of the Gutenberg bots: cards read from a view, cached word scores, heuristics.

Everything here is pure and deterministic. The letter statistics come from the common lexicon
(the one the rules check words against), computed once on first use.

>>> card = card_from_json({"id": "L07", "lettres": "T", "points": 2, "type": "lettre"})
>>> card
Card(id='L07', letters='T', points=2, kind='lettre')
>>> row = cards_from_json([{"id": "a", "lettres": "C", "points": 3, "type": "lettre"},
...                        {"id": "b", "lettres": "O", "points": 1, "type": "voyelle"}])
>>> below = cards_from_json([{"id": "c", "lettres": "J", "points": 6, "type": "lettre"}])
>>> solo_transfer(row, below, 0), solo_transfer(row, below, -1), solo_transfer(row, below, 1)
((3, 1), (0, 0), (1, 1))
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cache
from string import ascii_uppercase

from ludotheque.core.json_types import JsonValue
from ludotheque.lexicon import common_words

from .cards import VOWELS, Card
from .wordfinder import WordIndex, WordPlay, best_words

__all__ = [
    "WordOracle",
    "card_from_json",
    "card_value",
    "cards_from_json",
    "distinct_cards",
    "is_vowel_card",
    "letter_stats",
    "solo_transfer",
]

# Lengths of the words the statistics are taken from: the words a final hand can spell.
_STAT_LENGTHS = range(4, 13)
_MAX_COPIES = 4
_SAMPLE_STEP = 7

HandKey = tuple[tuple[str, int], ...]


def card_from_json(data: JsonValue) -> Card:
    """A card as a view shows it (``{"id", "lettres", "points", "type"}``)."""
    assert isinstance(data, dict)
    card_id, letters, points, kind = data["id"], data["lettres"], data["points"], data["type"]
    assert isinstance(card_id, str) and isinstance(letters, str) and isinstance(points, int)
    assert kind in ("lettre", "voyelle", "defi")
    return Card(card_id, letters, points, kind)  # type: ignore[arg-type]


def cards_from_json(data: JsonValue) -> tuple[Card, ...]:
    """A list of cards from a view (``None`` or a missing list: no card)."""
    if not isinstance(data, list):
        return ()
    return tuple(card_from_json(item) for item in data)


def is_vowel_card(card: Card) -> bool:
    """A single vowel letter (Y included, as in the rules)."""
    return len(card.letters) == 1 and card.letters in VOWELS


def hand_key(cards: Iterable[Card]) -> HandKey:
    """What the best score of a hand depends on: the multiset of (letters, points)."""
    return tuple(sorted((card.letters, card.points) for card in cards))


class WordOracle:
    """The exact word finder with a per-bot cache of best scores (keyed by letters and points).

    >>> oracle = WordOracle(words=frozenset({"TE", "ETE"}))
    >>> hand = [Card("a", "T", 2, "lettre"), Card("b", "E", 1, "voyelle")]
    >>> oracle.score(hand), oracle.score(hand[:1]), oracle.best(hand).word
    (3, 0, 'TE')
    """

    __slots__ = ("_scores", "hits", "index", "limit", "words")

    def __init__(
        self,
        words: frozenset[str] | None = None,
        limit: int = 200_000,
        *,
        index: WordIndex | None = None,
    ) -> None:
        """``words``: the word list (default: the common lexicon); ``index``: its index, when
        the caller keeps one (else the word finder's cache holds it)."""
        self.words = common_words().words if words is None else words
        self.index = index
        self.limit = limit
        self._scores: dict[HandKey, int] = {}
        self.hits = 0

    def best(self, cards: Sequence[Card]) -> WordPlay | None:
        """The exact best word (``best_words(cards)[0]``), or ``None``."""
        plays = best_words(cards, top=1, words=self.words, index=self.index)
        if not plays:
            self._remember(hand_key(cards), 0)
            return None
        self._remember(hand_key(cards), plays[0].score)
        return plays[0]

    def top(self, cards: Sequence[Card], count: int) -> list[WordPlay]:
        """The ``count`` best words, best first."""
        return best_words(cards, top=count, words=self.words, index=self.index)

    def score(self, cards: Sequence[Card]) -> int:
        """The score of the best word (0 when none can be spelt), cached."""
        key = hand_key(cards)
        known = self._scores.get(key)
        if known is not None:
            self.hits += 1
            return known
        plays = best_words(cards, top=1, words=self.words, index=self.index)
        value = plays[0].score if plays else 0
        self._remember(key, value)
        return value

    def _remember(self, key: HandKey, value: int) -> None:
        if len(self._scores) >= self.limit:
            self._scores.clear()
        self._scores[key] = value


@cache
def _sample_words() -> tuple[str, ...]:
    """Every seventh word of 4 to 12 letters (sorted list): statistics, quickly."""
    words = sorted(w for w in common_words().words if len(w) in _STAT_LENGTHS)
    return tuple(words[::_SAMPLE_STEP])


@cache
def letter_stats() -> dict[str, tuple[float, ...]]:
    """For each letter, the share of words (4 to 12 letters) holding it at least k times.

    ``letter_stats()["E"][k]`` for k = 0..4 (k = 0 is 1.0). Computed once, from a regular
    sample of the lexicon.
    """
    words = _sample_words()
    total = max(len(words), 1)
    found = {letter: [0] * (_MAX_COPIES + 1) for letter in ascii_uppercase}
    for word in words:
        for letter in set(word):
            found[letter][min(word.count(letter), _MAX_COPIES)] += 1
    stats: dict[str, tuple[float, ...]] = {}
    for letter, row in found.items():
        at_least = [0] * (_MAX_COPIES + 2)
        for k in range(_MAX_COPIES, 0, -1):
            at_least[k] = at_least[k + 1] + row[k]
        stats[letter] = (1.0, *(at_least[k] / total for k in range(1, _MAX_COPIES + 1)))
    return stats


@cache
def _joined_words() -> str:
    return "\n".join(_sample_words())


@cache
def _sequence_share(letters: str) -> float:
    """About the share of words (4 to 12 letters) holding ``letters`` side by side."""
    return _joined_words().count(letters) / max(len(_sample_words()), 1)


@cache
def usefulness(letters: str, copies_held: int = 0) -> float:
    """How likely a card with these letters is to serve in a final word (0 to 1).

    For one letter: the share of words holding it once more than the copies already held; for
    the QU card and challenge cards: the share of words holding their letters in a row.
    """
    if len(letters) == 1:
        row = letter_stats()[letters]
        return row[min(copies_held + 1, _MAX_COPIES)]
    if letters == "QU":
        return _sequence_share("Q") if copies_held == 0 else 0.0
    return _sequence_share(letters) * (0.5**copies_held)


@cache
def _weighted_points(letters: str, points: int, copies_held: int) -> float:
    return points * math.sqrt(usefulness(letters, copies_held))


def card_value(card: Card, held: Sequence[Card]) -> float:
    """A static estimate of what ``card`` brings to a collection already holding ``held``.

    Points weighted by the square root of :func:`usefulness` (a rare letter is worth its points
    only in the few words that hold it), plus a bonus for vowels when the collection lacks them
    (a final hand needs about two vowels for five letters).
    """
    letters = card.letters
    copies = 0
    vowels = 0
    for other in held:
        if other.letters == letters:
            copies += 1
        if other.letters in VOWELS:
            vowels += 1
    value = _weighted_points(letters, card.points, copies)
    if len(letters) == 1:
        if letters in VOWELS and vowels < 0.4 * (len(held) + 1):
            value += 1.5
    else:
        value += 0.3 * len(letters)  # several letters from one card: longer words
    return value


def solo_transfer(row: Sequence[Card], word: Sequence[Card], offset: int) -> tuple[int, int]:
    """Solo: (points, cards) of the row that go to the collection for this offset.

    A card of the previous word goes to the collection when the card right under it is worth
    as much or more (« Si la lettre vaut le même nombre de points ou moins que la carte
    directement sous elle »); ``offset`` is the column of the word's first card relative to the
    row's first card.
    """
    points = cards = 0
    for column, above in enumerate(row):
        index = column - offset
        if 0 <= index < len(word) and above.points <= word[index].points:
            points += above.points
            cards += 1
    return points, cards


def distinct_cards(cards: Sequence[Card]) -> list[Card]:
    """One card per (letters, points): identical cards are the same choice.

    >>> cards = [Card(i, "E", p, "lettre") for i, p in (("a", 1), ("b", 1), ("c", 2))]
    >>> [c.id for c in distinct_cards(cards)]
    ['a', 'c']
    """
    seen: set[tuple[str, int]] = set()
    result = []
    for card in cards:
        if (card.letters, card.points) not in seen:
            seen.add((card.letters, card.points))
            result.append(card)
    return result
