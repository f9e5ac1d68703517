"""Spelling one word with Gutenberg cards, and the best way to do it.

Rules (« ÉTAPE 3. ÉCRITURE », « ÉTAPE 4. SCORE », « CARTES DÉFI »): each card at most once in
a word; a single-letter card may stand for its letter twice in a row (project decision: only
single-letter cards can be doubled); the QU card stands for Q or for QU; a challenge card with
several letters is used whole, its letters in order and contiguous. The score is the sum of the
points of the cards used, each card counted once even when doubled.

>>> cards = [Card.parse(text) for text in ("L2", "E1", "T2", "R3", "E2")]
>>> [card.notation for card in best_spelling("LETTRE", cards)]
['L2', 'E2', 'T2', 'R3', 'E1']
>>> best_spelling("TEXTE", [Card.parse(text) for text in ("T2", "E1", "X8")]) is None
True
>>> spells("COQ", [Card.parse("C3"), Card.parse("O1"), Card.parse("QU5")])
True

How the best spelling is found: the only choices are where the QU card and the multi-letter
cards go (few, enumerated exhaustively); every other position is covered by single-letter
cards, and for each letter the best is to use as many of its cards as the word allows
(``min(occurrences, cards)``, doubling only when cards run short, which is possible when every
run of that letter can be covered: a run of ``r`` letters needs ``ceil(r / 2)`` cards), taking
the highest points first. Identical cards are therefore never tried one against the other.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from ludotheque.games.gutenberg.cards import Card

__all__ = ["Speller", "best_spelling", "score", "spells", "top_points"]

# A placement of a QU or multi-letter card: (start, end, index of its card group).
_Placement = tuple[int, int, int]


def score(cards: Iterable[Card]) -> int:
    """The score of a word written with ``cards``: their points, each card once.

    >>> score([Card.parse("T2"), Card.parse("E1")])
    3
    """
    return sum(card.points for card in cards)


def top_points(cards: Iterable[Card]) -> int:
    """The points of the highest card used (the first tie-break of « ÉGALITÉS »), 0 if none.

    >>> top_points([Card.parse("T2"), Card.parse("QU5")])
    5
    """
    return max((card.points for card in cards), default=0)


def spells(word: str, cards: Sequence[Card]) -> bool:
    """Whether ``cards``, in this order, spell exactly ``word``.

    Each card covers one of its faces (:meth:`Card.faces`), one after the other, and no card
    (by id) appears twice.

    >>> t, e, x = Card.parse("T2"), Card.parse("E1"), Card.parse("X8")
    >>> spells("TEXTE", [t, e, x, t, e])
    False
    >>> spells("TETE", [t, e, Card.parse("T3"), Card.parse("E2")])
    True
    >>> spells("ENTRE", [Card.parse("ENT4"), Card.parse("R3"), e])
    True
    >>> spells("ENTRE", [e, Card.parse("ENT4"), Card.parse("R3")])
    False
    """
    ids = [card.id for card in cards]
    if len(set(ids)) != len(ids):
        return False
    # Depth-first search over (cards placed, letters covered); faces have different lengths.
    stack = [(0, 0)]
    seen = {(0, 0)}
    while stack:
        index, position = stack.pop()
        if index == len(cards):
            if position == len(word):
                return True
            continue
        for face in cards[index].faces():
            if word.startswith(face, position):
                state = (index + 1, position + len(face))
                if state not in seen:
                    seen.add(state)
                    stack.append(state)
    return False


def _prefix_sums(cards: Sequence[Card]) -> tuple[int, ...]:
    sums = [0]
    for card in cards:
        sums.append(sums[-1] + card.points)
    return tuple(sums)


class Speller:
    """A hand prepared to spell many words: cards grouped by their letters, best first.

    ``best_value`` gives the best ``(score, top card points)`` of a word without building the
    card sequence; ``best`` gives the sequence. Both are exact.

    >>> hand = Speller([Card.parse(text) for text in ("C3", "O1", "QU5", "U2", "E1")])
    >>> hand.best_value("COQUE")
    (12, 5)
    >>> [card.notation for card in hand.best("COQUE")]
    ['C3', 'O1', 'QU5', 'U2', 'E1']
    >>> hand.best_value("COUCOU") is None
    True
    """

    __slots__ = (
        "letters",
        "single_cards",
        "single_counts",
        "single_sums",
        "single_tops",
        "special_cards",
        "special_faces",
        "special_sums",
    )

    def __init__(self, cards: Iterable[Card]) -> None:
        ordered = sorted(cards, key=lambda card: (card.letters, -card.points, card.id))
        singles: dict[str, list[Card]] = {}
        specials: dict[str, list[Card]] = {}
        for card in ordered:
            if not card.faces():
                continue
            group = singles if len(card.letters) == 1 else specials
            group.setdefault(card.letters, []).append(card)
        #: Every letter some card can cover.
        self.letters: frozenset[str] = frozenset("".join(c.letters for c in ordered))
        #: Single-letter cards by letter, best first (points desc, then id).
        self.single_cards: dict[str, tuple[Card, ...]] = {
            letter: tuple(group) for letter, group in singles.items()
        }
        self.single_counts: dict[str, int] = {k: len(v) for k, v in singles.items()}
        #: ``single_sums[letter][k]``: points of the best ``k`` cards of that letter.
        self.single_sums: dict[str, tuple[int, ...]] = {
            k: _prefix_sums(v) for k, v in singles.items()
        }
        self.single_tops: dict[str, int] = {k: v[0].points for k, v in singles.items()}
        #: QU and multi-letter cards, grouped by their letters, best first.
        self.special_cards: tuple[tuple[Card, ...], ...] = tuple(
            tuple(group) for group in specials.values()
        )
        self.special_faces: tuple[tuple[str, ...], ...] = tuple(
            group[0].faces() for group in specials.values()
        )
        self.special_sums: tuple[tuple[int, ...], ...] = tuple(
            _prefix_sums(group) for group in specials.values()
        )

    # -- the search ----------------------------------------------------------------------

    def _placements(self, word: str) -> list[_Placement]:
        placements: list[_Placement] = []
        for index, faces in enumerate(self.special_faces):
            for face in faces:
                start = word.find(face)
                while start >= 0:
                    placements.append((start, start + len(face), index))
                    start = word.find(face, start + 1)
        placements.sort()
        return placements

    def _singles_value(self, text: str) -> tuple[int, int] | None:
        """Best (score, top) covering every letter of ``text`` (``.`` = already covered)."""
        counts = self.single_counts
        total = 0
        top = 0
        for letter in set(text):
            if letter == ".":
                continue
            available = counts.get(letter, 0)
            occurrences = text.count(letter)
            # A run of r letters needs ceil(r / 2) cards; str.count does not overlap, so it
            # finds r // 2 pairs in each run.
            if occurrences - text.count(letter * 2) > available:
                return None
            total += self.single_sums[letter][min(occurrences, available)]
            top = max(top, self.single_tops[letter])
        return total, top

    def _choices(self, word: str) -> list[tuple[int, int, tuple[_Placement, ...]]]:
        """Every feasible placement of the special cards with its best (score, top)."""
        if not self.letters.issuperset(word):
            return []
        placements = self._placements(word)
        choices: list[tuple[int, int, tuple[_Placement, ...]]] = []
        used = [0] * len(self.special_cards)

        def visit(start: int, chosen: list[_Placement], covered: int) -> None:
            text = word
            if chosen:
                characters = list(word)
                for begin, end, _ in chosen:
                    characters[begin:end] = "." * (end - begin)
                text = "".join(characters)
            value = self._singles_value(text)
            if value is not None:
                total, top = value
                for index, count in enumerate(used):
                    if count:
                        total += self.special_sums[index][count]
                        top = max(top, self.special_cards[index][0].points)
                choices.append((total, top, tuple(chosen)))
            for k in range(start, len(placements)):
                begin, end, index = placements[k]
                span = ((1 << end) - 1) ^ ((1 << begin) - 1)
                if covered & span or used[index] == len(self.special_cards[index]):
                    continue
                used[index] += 1
                chosen.append(placements[k])
                visit(k + 1, chosen, covered | span)
                chosen.pop()
                used[index] -= 1

        visit(0, [], 0)
        return choices

    def best_value(self, word: str) -> tuple[int, int] | None:
        """The best ``(score, top card points)`` for ``word``, or None when it cannot be spelt."""
        if not word:
            return None
        if not self.special_cards:
            if not self.letters.issuperset(word):
                return None
            return self._singles_value(word)
        choices = self._choices(word)
        if not choices:
            return None
        total, top, _ = max(choices, key=lambda choice: (choice[0], choice[1]))
        return total, top

    def best(self, word: str) -> tuple[Card, ...] | None:
        """The best spelling of ``word`` (cards in word order), or None.

        Best is the highest score, then the highest card; remaining ties are broken
        deterministically: single-letter cards used as many as possible (doubles only when
        short), then the smallest sorted tuple of card ids.
        """
        choices = self._choices(word) if word else []
        if not choices:
            return None
        best_total, best_top = max((total, top) for total, top, _ in choices)
        candidates = [
            self._assemble(word, chosen)
            for total, top, chosen in choices
            if (total, top) == (best_total, best_top)
        ]
        return min(candidates, key=lambda cards: sorted(card.id for card in cards))

    def _assemble(self, word: str, chosen: tuple[_Placement, ...]) -> tuple[Card, ...]:
        """The cards, in word order, for one placement of the special cards."""
        slots: list[tuple[int, Card]] = []
        covered = [False] * len(word)
        taken = [0] * len(self.special_cards)
        for begin, end, index in chosen:
            slots.append((begin, self.special_cards[index][taken[index]]))
            taken[index] += 1
            for i in range(begin, end):
                covered[i] = True
        remaining = [letter for letter, done in zip(word, covered, strict=True) if not done]
        doubles = {
            letter: max(0, remaining.count(letter) - self.single_counts[letter])
            for letter in set(remaining)
        }
        next_card = dict.fromkeys(doubles, 0)
        i = 0
        while i < len(word):
            if covered[i]:
                i += 1
                continue
            letter = word[i]
            slots.append((i, self.single_cards[letter][next_card[letter]]))
            next_card[letter] += 1
            if (
                doubles[letter]
                and i + 1 < len(word)
                and not covered[i + 1]
                and word[i + 1] == letter
            ):
                doubles[letter] -= 1
                i += 2
            else:
                i += 1
        slots.sort(key=lambda slot: slot[0])
        return tuple(card for _, card in slots)


@lru_cache(maxsize=64)
def _speller(cards: tuple[Card, ...]) -> Speller:
    return Speller(cards)


def best_spelling(word: str, cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """The best way to spell ``word`` with ``cards`` (in word order), or None if impossible.

    Best is the highest score, then the highest card used, then (for determinism) single-letter
    cards used as many as possible and the smallest sorted tuple of card ids. The result does
    not depend on the order of ``cards``.

    >>> e1, e2, t = Card("E1", "E", 1, "voyelle"), Card("E2", "E", 2, "voyelle"), Card.parse("T2")
    >>> [card.id for card in best_spelling("TE", [e1, t, e2])]
    ['T2', 'E2']
    >>> [card.notation for card in best_spelling("VENTE", [Card.parse(text) for text in
    ...     ("V5", "ENT4", "E1", "N2", "T2")])]
    ['V5', 'ENT4', 'E1']
    """
    return _speller(tuple(cards)).best(word)
