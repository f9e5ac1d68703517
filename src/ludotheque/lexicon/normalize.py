"""Normalisation of French words to the game alphabet ``A``–``Z``.

Every word list of the project is stored, and every player input is compared,
in this normal form: ligatures spelt out (œ → OE, æ → AE), accents and cedillas
removed, capital letters.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["MAX_WORD_LENGTH", "MIN_WORD_LENGTH", "is_word_shape", "normalize"]

MIN_WORD_LENGTH = 1  # A, Y, O: the dictionary's one-letter words (docs/lexicon.md)
MAX_WORD_LENGTH = 15

_LIGATURES = str.maketrans({"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE"})
_WORD_SHAPE = re.compile(rf"[A-Z]{{{MIN_WORD_LENGTH},{MAX_WORD_LENGTH}}}")


def normalize(text: str) -> str:
    """Spell ligatures out, strip diacritics and uppercase ``text``.

    Characters that are neither letters with diacritics nor ligatures are kept
    as they are (uppercased), so that :func:`is_word_shape` can reject them.

    >>> normalize("élève")
    'ELEVE'
    >>> normalize("Œuf")
    'OEUF'
    >>> normalize("cæcum")
    'CAECUM'
    >>> normalize("garçon")
    'GARCON'
    >>> normalize("aujourd'hui")
    "AUJOURD'HUI"
    """
    decomposed = unicodedata.normalize("NFD", text.translate(_LIGATURES).upper())
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", stripped)


def is_word_shape(s: str) -> bool:
    """Tell whether ``s`` is 1 to 15 letters from ``A`` to ``Z`` and nothing else.

    >>> is_word_shape("KIWI"), is_word_shape("A")
    (True, True)
    >>> is_word_shape("")
    False
    >>> is_word_shape("PORTE-CLE")
    False
    >>> is_word_shape("kiwi")
    False
    """
    return _WORD_SHAPE.fullmatch(s) is not None
