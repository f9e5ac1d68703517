"""French dictionary of the games: normalisation and the packaged word lists.

``common_words()`` holds every word of the dictionary with its inflected forms
(conjugated verbs included, no proper nouns, no abbreviations), normalised to
``A``–``Z`` by :func:`normalize`; ``proper_nouns()`` holds proper nouns (places,
first names, surnames), ``place_names()`` the place names among them. The lists derive
from Grammalecte's French dictionary (MPL-2.0): see ``docs/lexicon.md``.

>>> from ludotheque.lexicon import common_words, normalize
>>> normalize("Mangeâmes") in common_words()
True
"""

from ludotheque.lexicon.normalize import (
    MAX_WORD_LENGTH,
    MIN_WORD_LENGTH,
    is_word_shape,
    normalize,
)
from ludotheque.lexicon.wordlist import Lexicon, common_words, place_names, proper_nouns

__all__ = [
    "MAX_WORD_LENGTH",
    "MIN_WORD_LENGTH",
    "Lexicon",
    "common_words",
    "is_word_shape",
    "normalize",
    "place_names",
    "proper_nouns",
]
