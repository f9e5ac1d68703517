"""The words a bot level sees on a Letter board: the table's dictionary cut to its vocabulary.

A level's bot searches the board with the prefix index of the words it knows
(:meth:`~ludotheque.bots.levels.Profile.knows`, everyday familiarity) among the words the
table accepts: a Débutant reads MAISON and CHAT on the board and never TERCAS, and the search
is the quicker for it (13,800 words instead of 405,700). The Expert knows every word: its
index is the table's own.

>>> from ludotheque.bots.levels import LEVELS
>>> debutant = level_index(LEVELS["debutant"], places=False)
>>> debutant.is_word("MAISON"), debutant.is_word("TERCAS"), debutant.is_word("AE")
(True, False, False)
>>> level_index(LEVELS["expert"], places=False) is dictionary(False).index
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from ludotheque.bots.levels import Profile
from ludotheque.lexicon.familiarity import familiarity_table
from ludotheque.lexicon.prefixes import PrefixIndex

from .state import dictionary

__all__ = ["level_index"]


def level_index(profile: Profile, places: bool) -> PrefixIndex:
    """The words of the table's dictionary (``noms_de_lieux``: ``places``) ``profile`` knows."""
    if profile.min_zipf is None:
        return dictionary(places).index
    return _known(profile, places)


@functools.cache
def _known(profile: Profile, places: bool) -> PrefixIndex:
    words = dictionary(places).index
    pool: Iterable[str] = words.words
    if profile.min_zipf is not None and profile.min_zipf > 0:
        # Only attested words have a positive familiarity: the others are never known.
        pool = [word for word in familiarity_table() if word in words]
    return PrefixIndex.build(frozenset(word for word in pool if profile.knows(word)))
