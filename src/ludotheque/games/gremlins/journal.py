"""The journal's lines for one reader: names instead of « joueur N », « vous » for oneself.

The rules write every line in the third person about « joueur N » (one public text for all);
:func:`for_reader` rewrites a line for the seat that reads it.

>>> for_reader("joueur 1 commence un projet (n° 2).", {0: "Alice"}, reader=0)
'Vous commencez un projet (n° 2).'
>>> for_reader("joueur 2 vole 1 prestige à joueur 1.", {0: "Alice", 1: "Bob"}, reader=0)
'Bob vous vole 1 prestige.'
>>> for_reader("joueur 1 vole une ressource or à joueur 2.", {0: "Alice"}, reader=1)
'Alice vous vole une ressource or.'
>>> for_reader("joueur 1 annule son projet n° 1.", {0: "Alice"}, reader=None)
'Alice annule son projet n° 1.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

__all__ = ["for_reader"]

_SECOND_PERSON: Final = {
    "refait sa main": "refaites votre main",
    "commence": "commencez",
    "joue": "jouez",
    "jouera": "jouerez",
    "termine son tour": "terminez votre tour",
    "termine": "terminez",
    "annule son": "annulez votre",
    "pioche": "piochez",
    "obtient": "obtenez",
    "perd": "perdez",
    "vole": "volez",
    "défausse": "défaussez",
    "assigne": "assignez",
    "ne peut pas se voler lui-même": "ne pouvez pas vous voler vous-même",
}
_VERBS = re.compile(
    "^(" + "|".join(sorted(map(re.escape, _SECOND_PERSON), key=len, reverse=True)) + r")\b"
)
_SEAT = re.compile(r"\bjoueur (\d+)\b")


def for_reader(line: str, names: Mapping[int, str], reader: int | None) -> str:
    """``line`` with seats named, and in the second person where ``reader`` acts."""
    if reader is not None:
        own = f"joueur {reader + 1} "
        if line.startswith(own):
            rest = line[len(own) :]
            rest = _VERBS.sub(lambda m: _SECOND_PERSON[m.group(1)], rest, count=1)
            line = "Vous " + rest
        # « X vole 1 prestige à joueur N » → « X vous vole 1 prestige » (the pronoun goes
        # before the verb), « à vous » for any other line.
        line = re.sub(rf"\b(vole|voler) ([^.]*?) à joueur {reader + 1}\b", r"vous \1 \2", line)
        line = re.sub(rf"\bà joueur {reader + 1}\b", "à vous", line)

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1)) - 1
        return names.get(seat, f"joueur {seat + 1}")

    return _SEAT.sub(name, line)
