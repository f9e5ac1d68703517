"""Thèmes: find words on a theme with the letters of your hand and of the columns.

110 « Lettre » cards (20 of them with a constraint: first, second or last letter of the word)
and 30 double-sided « Thème » cards (60 themes). The printed lists are not public: the cards and
the vocabularies of the themes shipped in ``data/`` are reconstructions (``cards.py``,
``docs/themes-cards.md``, built by ``scripts/build_themes.py``).
"""

from .game import Themes

__all__ = ["Themes"]
