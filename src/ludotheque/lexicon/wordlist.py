"""Immutable word lists and the loaders of the lists shipped with the package.

The lists live in ``ludotheque/lexicon/data/`` (gzip text, sorted, one word a
line, already normalised); they are derived from Grammalecte's dictionary
under MPL-2.0, see ``data/NOTICE``.
"""

from __future__ import annotations

import functools
import gzip
import weakref
from collections.abc import Iterable, Iterator, KeysView
from importlib import resources
from typing import Any, NoReturn

from ludotheque.lexicon.normalize import is_word_shape, normalize

__all__ = [
    "COMMON_FILE",
    "PLACES_FILE",
    "PROPER_FILE",
    "Lexicon",
    "common_words",
    "load_packaged",
    "place_names",
    "proper_nouns",
]

DATA_PACKAGE = "ludotheque.lexicon"
DATA_DIR = "data"
COMMON_FILE = "common.txt.gz"
PROPER_FILE = "proper.txt.gz"
PLACES_FILE = "places.txt.gz"


class Lexicon:
    """An immutable set of normalised words (``[A-Z]{1,15}``).

    Membership normalises its argument, iteration is in alphabetical order.

    >>> lex = Lexicon(["kiwi", "Œuf", "été"], name="demo")
    >>> "ÉTÉ" in lex, "oeuf" in lex, "KIWIS" in lex
    (True, True, False)
    >>> list(lex), len(lex)
    (['ETE', 'KIWI', 'OEUF'], 3)
    >>> Lexicon(["porte-clé"])
    Traceback (most recent call last):
        ...
    ValueError: not a word of 1 to 15 letters A-Z: 'PORTE-CLE'
    """

    __slots__ = ("__weakref__", "_hash", "_sorted", "_view", "_words", "name")

    _hash: int
    _view: KeysView[str]
    _sorted: tuple[str, ...]
    _words: dict[str, None]  # a dict, not a frozenset: the garbage collector does not track it
    name: str

    def __init__(self, words: Iterable[str], *, name: str = "") -> None:
        """Normalise ``words``; raise ValueError on one that is not a word shape."""
        normalised = set()
        for word in words:
            norm = normalize(word)
            if not is_word_shape(norm):
                raise ValueError(f"not a word of 1 to 15 letters A-Z: {norm!r}")
            normalised.add(norm)
        self._init(tuple(sorted(normalised)), name)

    def _init(self, sorted_words: tuple[str, ...], name: str) -> None:
        object.__setattr__(self, "_sorted", sorted_words)
        # A dict of strings is untracked by the garbage collector, where a frozenset of 400,000
        # strings would be walked by every full collection (~30 ms each: docs/performance.md).
        object.__setattr__(self, "_words", dict.fromkeys(sorted_words))
        object.__setattr__(self, "_view", self._words.keys())  # one view: identity is meaningful
        _BY_VIEW[id(self._view)] = self
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "_hash", hash(sorted_words))  # lexicons key caches

    @classmethod
    def from_sorted_text(cls, text: str, *, name: str = "") -> Lexicon:
        """Build from trusted text: normalised words, sorted, one per line.

        This is the fast path used for the packaged lists (no normalisation).

        >>> list(Lexicon.from_sorted_text("ETE\\nKIWI\\n"))
        ['ETE', 'KIWI']
        """
        return _rebuild(tuple(text.split()), name)

    @property
    def words(self) -> KeysView[str]:
        """The words, normalised, as a read-only set (``in``, ``len``, ``&``, ``|``…)."""
        return self._view

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and normalize(word) in self._words

    def __len__(self) -> int:
        return len(self._sorted)

    def __iter__(self) -> Iterator[str]:
        return iter(self._sorted)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Lexicon):
            return NotImplemented
        return self is other or (self._hash == other._hash and self._sorted == other._sorted)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        label = f" {self.name!r}" if self.name else ""
        return f"<Lexicon{label}: {len(self)} words>"

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __copy__(self) -> Lexicon:
        return self  # immutable

    def __deepcopy__(self, memo: dict[int, Any]) -> Lexicon:
        return self  # immutable: copies would only cost time and memory

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self._sorted, self.name))


_BY_VIEW: weakref.WeakValueDictionary[int, Lexicon] = weakref.WeakValueDictionary()
"""Each living lexicon by the id of its ``words`` view (the view lives as long as it does)."""


def lexicon_of(words: object) -> Lexicon | None:
    """The lexicon that ``words`` is, or whose :attr:`Lexicon.words` view it is; else None.

    Caches keyed by word lists use it, so that ``lexicon.words`` finds the lexicon's entry
    instead of copying 400,000 words into a new frozenset.

    >>> lexicon = Lexicon(["kiwi"])
    >>> lexicon_of(lexicon.words) is lexicon, lexicon_of({"KIWI"})
    (True, None)
    """
    if isinstance(words, Lexicon):
        return words
    found = _BY_VIEW.get(id(words))
    return found if found is not None and found.words is words else None


def _rebuild(sorted_words: tuple[str, ...], name: str) -> Lexicon:
    """Unpickle a :class:`Lexicon` (its words are already sorted and normalised)."""
    lexicon = Lexicon.__new__(Lexicon)
    lexicon._init(sorted_words, name)
    return lexicon


def load_packaged(filename: str, *, name: str = "") -> Lexicon:
    """Load one of the gzip lists of ``ludotheque/lexicon/data/``."""
    resource = resources.files(DATA_PACKAGE).joinpath(DATA_DIR, filename)
    text = gzip.decompress(resource.read_bytes()).decode("ascii")
    return Lexicon.from_sorted_text(text, name=name or filename)


SUPPLEMENT_FILE = "supplement.txt.gz"
"""Common words Grammalecte lacks, from two independent open sources each (docs/lexicon.md)."""


def _packaged_words(filename: str) -> list[str]:
    resource = resources.files(DATA_PACKAGE).joinpath(DATA_DIR, filename)
    return gzip.decompress(resource.read_bytes()).decode("ascii").split()


@functools.cache
def common_words() -> Lexicon:
    """The French dictionary of the games: every common word and inflected form.

    Grammalecte's list merged with its supplement (``supplement.txt.gz``: AA, KA…).

    >>> "MANGEAMES" in common_words(), "KA" in common_words(), "SNCF" in common_words()
    (True, True, False)
    """
    # Two sorted runs: sorting their concatenation is a merge; dict.fromkeys drops repeats.
    words = sorted(_packaged_words(COMMON_FILE) + _packaged_words(SUPPLEMENT_FILE))
    return _rebuild(tuple(dict.fromkeys(words)), "common")


@functools.cache
def proper_nouns() -> Lexicon:
    """Proper nouns (places, first names, surnames), normalised; optional data.

    >>> "TOULOUSE" in proper_nouns()
    True
    """
    return load_packaged(PROPER_FILE, name="proper")


@functools.cache
def place_names() -> Lexicon:
    """The proper nouns that name places (towns, countries, regions, rivers, mountains), without
    first names, surnames, brands or organisations; a part of :func:`proper_nouns`.

    >>> "LOIRE" in place_names(), "JULIE" in place_names(), "NETFLIX" in place_names()
    (True, False, False)
    """
    return load_packaged(PLACES_FILE, name="places")
