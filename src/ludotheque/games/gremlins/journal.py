"""The journal: one sentence per action, and its words for one reader.

The rules write clauses in the third person about « joueur N » (one public text for all);
:func:`merge` makes the clauses one action wrote into one sentence (the rules call it after
every action), and :func:`for_reader` rewrites a line for the seat that reads it: names
instead of « joueur N », « vous » for oneself.

>>> merge(["joueur 1 termine « Pendule de salon ».", "joueur 1 obtient 2 prestige.",
...        "joueur 1 pioche 1 carte."])
['joueur 1 termine « Pendule de salon », obtient 2 prestige et pioche 1 carte.']
>>> merge(["joueur 1 joue « Canon à confettis ».", "joueur 2 défausse « Carillon »."])
['joueur 1 joue « Canon à confettis » ; joueur 2 défausse « Carillon ».']
>>> merge(["joueur 2 défausse « Carillon »."], cause="Canon à confettis")
['« Canon à confettis » : joueur 2 défausse « Carillon ».']
>>> for_reader("joueur 1 termine « Carillon » et obtient 1 prestige.", {0: "Alice"}, reader=0)
'Vous terminez « Carillon » et obtenez 1 prestige.'
>>> for_reader("joueur 2 vole 1 prestige à joueur 1.", {0: "Alice", 1: "Bob"}, reader=0)
'Bob vous vole 1 prestige.'
>>> for_reader("joueur 1 vole une ressource or à joueur 2.", {0: "Alice"}, reader=1)
'Alice vous vole une ressource or.'
>>> for_reader("joueur 1 annule son projet n° 1.", {0: "Alice"}, reader=None)
'Alice annule son projet n° 1.'
>>> for_reader("Une ressource or de joueur 1 passe du projet n° 1 au n° 2.", {0: "Irène"}, None)
"Une ressource or d'Irène passe du projet n° 1 au n° 2."
>>> for_reader("Une ressource or de joueur 1 passe du projet n° 1 au n° 2.", {0: "Irène"}, 0)
'Une ressource or passe de votre projet n° 1 à votre projet n° 2.'
>>> for_reader("joueur 2 vole un projet de joueur 1.", {1: "Bob"}, reader=0)
'Bob vous vole un projet.'
>>> for_reader("« Pickpocket » : joueur 2 défausse « Carillon ».", {0: "Alice"}, reader=1)
'« Pickpocket » : vous défaussez « Carillon ».'
>>> for_reader("joueur 1 pioche 1 carte ; « Tableau d'honneur » : joueur 1 obtient 1 prestige.",
...            {}, reader=0)
"Vous piochez 1 carte ; « Tableau d'honneur » : vous obtenez 1 prestige."
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final

__all__ = ["for_reader", "merge"]

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
_VERB: Final = "|".join(sorted(map(re.escape, _SECOND_PERSON), key=len, reverse=True))
_VERBS = re.compile(rf"^({_VERB})\b")
_FOLLOWING_VERBS = re.compile(rf"(, | et )({_VERB})\b")
_SEAT = re.compile(r"\b(de )?joueur (\d+)\b")
_VOWELS: Final = frozenset("AEIOUYÂÉÈÊÎÏÔaeiouyâéèêîïô")
_SUBJECT = re.compile(r"^joueur \d+(?= )")
_CAUSE = re.compile(r"^« [^»]* » : ")
_END: Final = "Fin de la partie"
CLAUSES: Final = " ; "
"""Between the clauses of one sentence that have different subjects."""


def _lower(clause: str) -> str:
    """« Projet n° 2 … » → « projet n° 2 … » inside a sentence (not « OPA … »)."""
    if clause[:1].isupper() and clause[1:2].islower():
        return clause[0].lower() + clause[1:]
    return clause


def _coordinate(parts: Sequence[str]) -> str:
    """« a », « a et b », « a, b et c »."""
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " et " + parts[-1]


def merge(lines: Sequence[str], cause: str | None = None) -> list[str]:
    """The clauses one action wrote, as one sentence (the end of the game stays its own
    line). Clauses of the same subject in a row share it (« termine …, obtient … et pioche
    … »); another subject starts a new clause after « ; ». ``cause``: the card being resolved,
    named in front when the sentence does not name it (an answer to a card's question)."""
    ends = [line for line in lines if line.startswith(_END)]
    clauses = [line.rstrip(".") for line in lines if not line.startswith(_END)]
    if not clauses:
        return ends
    groups: list[list[str]] = []
    subject: str | None = None
    for clause in clauses:
        match = _SUBJECT.match(clause)
        own = match.group(0) if match else None
        if groups and own is not None and own == subject:
            groups[-1].append(clause[len(own) + 1 :])
        else:
            groups.append([clause if not groups else _lower(clause)])
            subject = own
    text = CLAUSES.join(_coordinate(group) for group in groups)
    if cause and f"« {cause} »" not in text:
        text = f"« {cause} » : {_lower(text)}"
    return [text + ".", *ends]


def _second_person(clause: str, reader: int, first: bool) -> str:
    """One clause for ``reader``; a card named in front (« « X » : … ») is kept."""
    cause = _CAUSE.match(clause)
    prefix = cause.group(0) if cause else ""
    own = f"joueur {reader + 1} "
    if not clause.startswith(own, len(prefix)):
        return clause
    rest = clause[len(prefix) + len(own) :]
    rest = _VERBS.sub(lambda m: _SECOND_PERSON[m.group(1)], rest, count=1)
    rest = _FOLLOWING_VERBS.sub(lambda m: m.group(1) + _SECOND_PERSON[m.group(2)], rest)
    return prefix + ("Vous " if first and not prefix else "vous ") + rest


def for_reader(line: str, names: Mapping[int, str], reader: int | None) -> str:
    """``line`` with seats named, and in the second person where ``reader`` acts."""
    if reader is not None:
        line = CLAUSES.join(
            _second_person(clause, reader, first=index == 0)
            for index, clause in enumerate(line.split(CLAUSES))
        )
        # « X vole 1 prestige à joueur N » → « X vous vole 1 prestige » (the pronoun goes
        # before the verb), « à vous » for any other line.
        line = re.sub(
            rf"\b(vole|voler) ((?:(?! à |;).)*?) à joueur {reader + 1}\b", r"vous \1 \2", line
        )
        line = re.sub(rf"\bà joueur {reader + 1}\b", "à vous", line)
        # One's own projects and resources: « votre projet », « vous vole un projet ».
        line = re.sub(
            rf"\bressource (\w+) de joueur {reader + 1} passe du projet n° (\d+) au n° (\d+)",
            r"ressource \1 passe de votre projet n° \2 à votre projet n° \3",
            line,
        )
        line = re.sub(
            rf"\b([Pp])rojet n° (\d+) de joueur {reader + 1}\b",
            lambda m: ("V" if m.group(1) == "P" else "v") + f"otre projet n° {m.group(2)}",
            line,
        )
        line = re.sub(rf"\bvole un projet de joueur {reader + 1}\b", "vous vole un projet", line)

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(2)) - 1
        named = names.get(seat, f"joueur {seat + 1}")
        if match.group(1) and named[:1] in _VOWELS:
            return "d'" + named  # « d'Irène », not « de Irène »
        return (match.group(1) or "") + named

    return _SEAT.sub(name, line)
