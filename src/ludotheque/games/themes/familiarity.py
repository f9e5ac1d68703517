"""How familiar each entry of the theme vocabularies is: which words each bot level knows.

Theme entries are often phrases or proper names (« New York », « pomme de terre »), which the
dictionary's table (:mod:`ludotheque.lexicon.familiarity`) does not hold. ``data/familiarite.txt``
(built by ``scripts/build_themes_familiarity.py`` from wordfreq) gives every entry of the shipped
vocabularies its Zipf frequency as a phrase: the rarest of its words dominates. An entry is
known at a level when its :func:`entry_familiarity` (that frequency, short entries discounted
as the dictionary's words are, :data:`~ludotheque.bots.levels.SHORT_WORD_DISCOUNT`) reaches the
level's ``min_zipf`` — the same thresholds as every game's words: about half of the entries for
the Débutant (3.5: « Paris », « marteau », « pomme de terre »), 85 % for the Intermédiaire
(2.5: « tournevis », « Abidjan »), 99 % for the Fort (1.0), all for the Expert. A place or a
brand has its own frequency (wordfreq counts names too), and every theme keeps at least a
sixth of its entries for the Débutant (ANIMAL SAUVAGE, the least familiar, 15 %).

>>> entry_familiarity("PARIS") > entry_familiarity("ADDISABEBA") > 0
True
>>> from ludotheque.bots.levels import LEVELS
>>> knows_entry(LEVELS["debutant"], "New York"), knows_entry(LEVELS["debutant"], "Achgabat")
(True, False)
>>> knows_entry(LEVELS["expert"], "Achgabat")
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from importlib import resources

from ludotheque.bots.levels import SHORT_WORD_DISCOUNT, Profile

from .cards import entry_key

__all__ = [
    "FAMILIARITY_FILE",
    "entry_familiarity",
    "entry_zipf",
    "familiarity_rank",
    "familiarity_table",
    "knows_entry",
]

FAMILIARITY_FILE = "familiarite.txt"


@functools.cache
def familiarity_table() -> Mapping[str, float]:
    """Every key of the shipped vocabularies and its Zipf frequency (a tenth of precision)."""
    resource = resources.files("ludotheque.games.themes").joinpath("data", FAMILIARITY_FILE)
    table: dict[str, float] = {}
    for line in resource.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        key, _, tenths = line.partition("\t")
        table[key] = int(tenths) / 10
    return table


def entry_zipf(word: str) -> float:
    """wordfreq's Zipf frequency of a theme entry (any spelling), 0.0 when unknown (an entry of
    a theme the players typed in, a word wordfreq never saw)."""
    table = familiarity_table()
    found = table.get(word)
    return found if found is not None else table.get(entry_key(word), 0.0)


def entry_familiarity(word: str) -> float:
    """:func:`entry_zipf` minus the short-word discount of the shared levels (« Ré » 2 letters,
    « Oc », « Io »: wordfreq's counts of short tokens are inflated by abbreviations).

    >>> entry_zipf("Io"), entry_familiarity("Io")
    (3.2, 2.2)
    """
    return _familiarity(word if word in familiarity_table() else entry_key(word))


@functools.lru_cache(maxsize=65536)
def _familiarity(key: str) -> float:
    return round(entry_zipf(key) - SHORT_WORD_DISCOUNT.get(len(key), 0.0), 6)


def knows_entry(profile: Profile, word: str) -> bool:
    """Whether a player of ``profile`` knows the theme entry ``word``."""
    return profile.min_zipf is None or entry_familiarity(word) >= profile.min_zipf


@functools.cache
def _ranks() -> Mapping[str, float]:
    keys = sorted(familiarity_table(), key=lambda key: (-entry_familiarity(key), key))
    return {key: index / len(keys) for index, key in enumerate(keys)}


def familiarity_rank(word: str) -> float:
    """The share of the shipped entries more familiar than ``word``, in [0, 1] (1 for an entry
    the table does not hold): the engines ``random``, ``greedy`` and ``strong`` know the
    ``share`` most familiar entries.

    >>> familiarity_rank("PARIS") < 0.05 < familiarity_rank("ACHGABAT") < 1.0
    True
    """
    ranks = _ranks()
    found = ranks.get(word)
    return found if found is not None else ranks.get(entry_key(word), 1.0)
