"""A compact prefix index over a word list: is this a word, does any word start with this?

The index is the word list sorted, as one tuple: the words that start with a prefix form one
contiguous *span* of it, found by two binary searches (:mod:`bisect`, in C). A search that
grows a word one letter at a time (a path on a board, a crossword slot) keeps the span of the
letters so far and narrows it with each new letter (:meth:`PrefixIndex.narrow`), so each step
costs two searches inside an ever smaller span. Nothing is stored besides the tuple (which
shares its strings with the word list) and a frozenset for :meth:`PrefixIndex.is_word`: for the
405,732 words of the common lexicon that is about 3 MB on top of the lexicon and a fraction of a
second to build (figures in ``docs/performance.md``). A trie of dictionaries would cost about
a million nodes (hundreds of megabytes in Python); the span tells as much, since a prefix is
alive when its span is not empty, and a word when the span's first word is the prefix itself.

>>> index = PrefixIndex.build(["MAT", "MATS", "MUR", "AMOUR", "AU"])
>>> index.is_word("MAT"), index.is_word("MA"), index.has_prefix("MA"), index.has_prefix("MO")
(True, False, True, False)
>>> lo, hi = index.span("MA")
>>> index.words[lo:hi]
('MAT', 'MATS')
>>> lo, hi = index.narrow("MAT", lo, hi)  # from the span of "MA", one more letter
>>> index.words[lo:hi], index.words[lo] == "MAT"
(('MAT', 'MATS'), True)
>>> index.narrow("MAX", *index.span("MA"))  # empty (lo == hi): no word starts with MAX
(4, 4)
"""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet

from ludotheque.lexicon.wordlist import Lexicon, common_words, lexicon_of

__all__ = ["PrefixIndex", "prefix_index", "successor"]


def successor(prefix: str) -> str:
    """The smallest string above every string that starts with ``prefix`` (``"MA"`` → ``"MB"``).

    The words starting with ``prefix`` are exactly those ``w`` with
    ``prefix <= w < successor(prefix)``.

    >>> successor("MA"), successor("AZ")
    ('MB', 'A[')
    """
    if not prefix:
        raise ValueError("the empty prefix has no successor")
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)


class PrefixIndex:
    """Sorted words (``words``, a tuple) answering word and prefix queries.

    Build it with :meth:`build` (or :func:`prefix_index` for a cached one). Words may be any
    non-empty strings; the games use normalised words (``A``–``Z``).

    >>> index = PrefixIndex.build(["LE", "LES", "ELLE"])
    >>> len(index), "LES" in index, list(index), index.longest
    (3, True, ['ELLE', 'LE', 'LES'], 4)
    >>> index.has_prefix(""), index.span("")
    (True, (0, 3))
    """

    __slots__ = ("_set", "longest", "words")

    words: tuple[str, ...]
    longest: int
    _set: AbstractSet[str]

    def __init__(self, sorted_words: tuple[str, ...], word_set: AbstractSet[str]) -> None:
        """Wrap ``sorted_words`` (sorted, distinct) and the same words as a set.

        Prefer :meth:`build`, which sorts and drops duplicates.
        """
        self.words = sorted_words
        self._set = word_set
        self.longest = max(map(len, sorted_words), default=0)

    @classmethod
    def build(cls, words: Iterable[str]) -> PrefixIndex:
        """Index ``words`` (duplicates and empty strings are dropped).

        A frozenset or a :class:`~ludotheque.lexicon.Lexicon` is shared, not copied: only the
        sorted tuple is new (a lexicon iterates in order already, so it is not sorted again).
        """
        word_set: AbstractSet[str]
        if isinstance(words, Lexicon):  # sorted iteration already, and its set of words
            word_set = words.words
            ordered = tuple(words)
        else:
            word_set = words if isinstance(words, frozenset) else frozenset(words)
            ordered = tuple(sorted(word_set))
        if ordered and not ordered[0]:
            ordered = ordered[1:]
            word_set = word_set - {""}
        return cls(ordered, word_set)

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self._set

    def __repr__(self) -> str:
        return f"<PrefixIndex: {len(self.words)} words>"

    def is_word(self, word: str) -> bool:
        """Whether ``word`` is one of the words."""
        return word in self._set

    def has_prefix(self, prefix: str) -> bool:
        """Whether some word starts with ``prefix`` (a word is its own prefix)."""
        words = self.words
        i = bisect_left(words, prefix)
        return i < len(words) and words[i].startswith(prefix)

    def span(self, prefix: str) -> tuple[int, int]:
        """``(lo, hi)``: ``words[lo:hi]`` are the words starting with ``prefix`` (lo == hi: none).

        When not empty, ``words[lo] == prefix`` tells whether the prefix is itself a word.
        """
        if not prefix:
            return 0, len(self.words)
        return self.narrow(prefix, 0, len(self.words))

    def narrow(self, prefix: str, lo: int, hi: int) -> tuple[int, int]:
        """The span of ``prefix`` knowing that it lies inside ``words[lo:hi]``.

        ``(lo, hi)`` is typically the span of ``prefix`` less its last letter(s): a search that
        adds a letter at a time only looks inside the span of the previous step.
        """
        words = self.words
        lo = bisect_left(words, prefix, lo, hi)
        if lo == hi or not words[lo].startswith(prefix):
            return lo, lo
        return lo, bisect_left(words, successor(prefix), lo, hi)

    def completions(self, prefix: str) -> tuple[str, ...]:
        """The words that start with ``prefix``, in order.

        >>> PrefixIndex.build(["MAT", "MATS", "MUR"]).completions("MA")
        ('MAT', 'MATS')
        """
        lo, hi = self.span(prefix)
        return self.words[lo:hi]


def _cache_key(words: Iterable[str]) -> Lexicon | frozenset[str]:
    if isinstance(words, frozenset):
        return words
    return lexicon_of(words) or frozenset(words)


_CACHE_SIZE = 4
_cache: dict[Lexicon | frozenset[str], PrefixIndex] = {}
_cache_lock = threading.Lock()


def prefix_index(words: Iterable[str] | None = None) -> PrefixIndex:
    """The index of ``words`` (default: the common lexicon), built on first use and cached.

    Pass the same frozenset (or lexicon) again to get the cached index back at no cost (the
    last four word lists are kept). The common lexicon's index takes a few milliseconds, as
    the lexicon is sorted already; another list is sorted (about 0.25 s for 400,000 words).
    """
    if words is None:
        words = common_words()
    key = _cache_key(words)
    index = _cache.get(key)
    if index is None:
        index = PrefixIndex.build(key)
        with _cache_lock:
            _cache[key] = index
            while len(_cache) > _CACHE_SIZE:
                del _cache[next(iter(_cache))]
    return index
