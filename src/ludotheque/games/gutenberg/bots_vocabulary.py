"""The words each bot level knows, as a word finder index built once per vocabulary.

A level knows the dictionary words whose everyday familiarity reaches its ``min_zipf``
(:meth:`~ludotheque.bots.levels.Profile.knows`); Expert knows the whole dictionary. The exact
word finder (:func:`~.wordfinder.best_words`) searches such a list as fast as the whole one,
given its own :class:`~.wordfinder.WordIndex`: :func:`vocabulary` builds the list and its index
on first use and keeps them for the life of the process (one per ``min_zipf``), so the four
levels of a server cost four indexes at most, whatever the number of tables.

Cost, measured on the standard machine (2 cores, busy), resident memory added: the
familiarity of every attested dictionary word, once, 0.6–1 s and 15 MB; then Débutant's 13,800
forms 0.15 s and 4 MB, Intermédiaire's 42,800 forms 0.3 s and 9 MB, Fort's 115,000 forms 0.8 s
and 26 MB; the whole dictionary's index (Expert, and the « best move » every level is measured
against) 1–1.7 s and 43 MB, shared with the rules. A server worker with the four levels holds
about 100 MB more than the game alone; each level's cache of best scores adds at most about
30 MB (:data:`ORACLE_LIMIT`).

>>> from ludotheque.bots.levels import LEVELS
>>> debutant = vocabulary(LEVELS["debutant"])
>>> "MAISON" in debutant, "ZYTHUMS" in debutant, debutant is vocabulary(LEVELS["debutant"])
(True, False, True)
>>> [play.word for play in debutant.best([Card.parse(t) for t in ("C3", "H4", "A1", "T2")])]
['CHAT']
>>> len(vocabulary(LEVELS["expert"])) == len(common_words())
True
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterable, Sequence

from ludotheque.bots.levels import Profile, familiarity
from ludotheque.lexicon import common_words
from ludotheque.lexicon.familiarity import familiarity_table

from .bots_common import WordOracle
from .cards import Card
from .wordfinder import WordIndex, WordPlay, best_words, word_index

__all__ = ["Vocabulary", "known_words", "vocabulary", "whole_vocabulary"]

_lock = threading.Lock()

ORACLE_LIMIT = 50_000
"""Hands whose best score a level keeps (a game of four asks about 200 a seat)."""


class Vocabulary:
    """The words a level knows, with their word finder index.

    ``words`` is ``None`` for the whole dictionary (the rules' own lexicon and its cached
    index); else a frozenset of normalised words with an index of its own.
    """

    __slots__ = ("index", "min_zipf", "words")

    def __init__(self, min_zipf: float | None, words: frozenset[str] | None = None) -> None:
        self.min_zipf = min_zipf
        self.words = words
        self.index: WordIndex = word_index() if words is None else WordIndex.build(words)

    def __contains__(self, word: object) -> bool:
        if self.words is None:
            return word in common_words()
        return word in self.words

    def __len__(self) -> int:
        return len(self.index)

    def best(self, cards: Iterable[Card], top: int = 1) -> list[WordPlay]:
        """The ``top`` best words of ``cards`` this vocabulary holds (:func:`best_words`)."""
        return best_words(cards, top=top, index=self.index)

    def oracle(self, limit: int = ORACLE_LIMIT) -> WordOracle:
        """A :class:`~.bots_common.WordOracle` over these words (best scores cached, at most
        ``limit`` hands: about 50 MB for the default)."""
        if self.words is None:
            return WordOracle(limit=limit, index=self.index)
        return WordOracle(self.words, limit, index=self.index)

    def __repr__(self) -> str:
        return f"Vocabulary(min_zipf={self.min_zipf}, words={len(self)})"


@functools.cache
def _familiar_words() -> tuple[tuple[str, float], ...]:
    """Every dictionary word wordfreq has seen, with its familiarity (computed once)."""
    lexicon = common_words()
    return tuple((word, familiarity(word)) for word in familiarity_table() if word in lexicon)


def known_words(
    min_zipf: float, words: Sequence[tuple[str, float]] | None = None
) -> frozenset[str]:
    """The dictionary words of familiarity ``min_zipf`` or more (``words``: the pairs to
    filter, by default every attested dictionary word).

    >>> sorted(known_words(3.0, [("CHAT", 4.4), ("KAYAK", 2.9), ("ZYTHUM", 0.0)]))
    ['CHAT']
    """
    pairs = _familiar_words() if words is None else words
    return frozenset(word for word, value in pairs if value >= min_zipf)


_VOCABULARIES: dict[float | None, Vocabulary] = {}


def vocabulary(profile: Profile) -> Vocabulary:
    """The vocabulary of ``profile``, built on first use and kept (one per ``min_zipf``).

    ``min_zipf`` ``None`` is the whole dictionary. Above 0, only words wordfreq has seen can
    qualify (the others have familiarity 0 or less), so only those are looked at.
    """
    key = profile.min_zipf
    found = _VOCABULARIES.get(key)
    if found is not None:
        return found
    with _lock:
        found = _VOCABULARIES.get(key)
        if found is None:
            if key is None:
                found = Vocabulary(None)
            elif key > 0:
                found = Vocabulary(key, known_words(key))
            else:
                found = Vocabulary(key, frozenset(profile.known(common_words())))
            _VOCABULARIES[key] = found
        return found


def whole_vocabulary() -> Vocabulary:
    """The whole dictionary as a :class:`Vocabulary` (what every level is measured against)."""
    found = _VOCABULARIES.get(None)
    if found is not None:
        return found
    with _lock:
        return _VOCABULARIES.setdefault(None, Vocabulary(None))
