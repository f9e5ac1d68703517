"""How familiar a word is: its everyday frequency on the Zipf scale, for the bots' vocabularies.

The table (``data/familiarity.txt.gz``, built by ``scripts/build_familiarity.py`` from the
``wordfreq`` package's French frequencies, see ``docs/lexicon.md``) gives each dictionary word
the log10 of its occurrences per billion words of running text: about 7 for DE, 5 for MAISON,
3 for KAYAK, 1 for the rarest words wordfreq has seen. A word it has never seen (most inflected
forms of rare verbs) has familiarity 0.

>>> zipf("maison") > zipf("kayak") > zipf("zythums") == 0.0
True
>>> zipf("Élève") == zipf("ELEVE")
True
"""

from __future__ import annotations

import functools
import gzip
from importlib import resources

from ludotheque.lexicon.normalize import normalize

__all__ = ["FAMILIARITY_FILE", "familiarity_table", "zipf"]

FAMILIARITY_FILE = "familiarity.txt.gz"


@functools.cache
def familiarity_table() -> dict[str, float]:
    """Every attested dictionary word (normalised) and its Zipf value (a tenth of precision)."""
    resource = resources.files("ludotheque.lexicon").joinpath("data", FAMILIARITY_FILE)
    table: dict[str, float] = {}
    for line in gzip.decompress(resource.read_bytes()).decode("ascii").splitlines():
        word, _, tenths = line.partition("\t")
        table[word] = int(tenths) / 10
    return table


def zipf(word: str) -> float:
    """The Zipf frequency of ``word`` (normalised first), 0.0 when it was never seen."""
    table = familiarity_table()
    found = table.get(word)
    return found if found is not None else table.get(normalize(word), 0.0)
