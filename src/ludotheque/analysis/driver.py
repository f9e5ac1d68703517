"""The game-agnostic driver: find a game's analyser by name, run it, return JSON-ready notes.

An analyser is a module ``ludotheque.games.<game>.analysis`` exposing ``VERSION`` (an int,
bumped when its notes change) and ``analyse(record, seat) -> list[DecisionNote]``
(``core/analysis.py``). A game without one has no analysis; a new one plugs in by existing.

>>> analyser_for("gutenberg").VERSION >= 1, analyser_for("encheres"), analyser_for("../x")
(True, None, None)
>>> from ludotheque.core.record import GameRecord
>>> analyse_record(GameRecord("gutenberg", 2, 1, {"mode": "classique"}), 0).to_json()
{'version': 1, 'notes': [], 'resume': {'decisions': 0, 'meilleur': 0, 'bon': 0, 'imprecision': 0, 'erreur': 0}}
"""  # noqa: E501

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, cast, get_args

from ludotheque.core.analysis import DecisionNote, Verdict
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.record import GameRecord

__all__ = ["Analyser", "Analysis", "analyse_record", "analyse_text", "analyser_for", "summary"]

VERDICTS: tuple[str, ...] = get_args(Verdict)


class Analyser(Protocol):
    """What a game's ``analysis`` module provides."""

    VERSION: int

    def analyse(self, record: GameRecord, seat: int) -> list[DecisionNote]: ...


def analyser_for(game: str) -> Analyser | None:
    """The analyser of the game called ``game`` (``ludotheque.games.<game>.analysis``), or None
    when the game has none (or no such game)."""
    if not game.isidentifier():
        return None
    name = f"ludotheque.games.{game}.analysis"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and name.startswith(error.name):
            return None  # no such game, or a game without an analysis
        raise
    version = getattr(module, "VERSION", None)
    if not isinstance(version, int) or not callable(getattr(module, "analyse", None)):
        return None
    return cast(Analyser, module)


@dataclass(frozen=True, slots=True)
class Analysis:
    """A seat's analysis of a game: the analyser's version and its notes as JSON."""

    version: int
    notes: tuple[JsonObject, ...]

    def to_json(self) -> JsonObject:
        notes: list[JsonValue] = list(self.notes)
        return {"version": self.version, "notes": notes, "resume": summary(self.notes)}


def summary(notes: Sequence[JsonObject]) -> JsonObject:
    """How many decisions, and how many of each verdict (the replay's summary).

    >>> summary([{"verdict": "bon"}, {"verdict": "meilleur"}, {"verdict": "bon"}])
    {'decisions': 3, 'meilleur': 1, 'bon': 2, 'imprecision': 0, 'erreur': 0}
    """
    counts: JsonObject = {"decisions": len(notes)}
    for verdict in VERDICTS:
        counts[verdict] = sum(1 for note in notes if note.get("verdict") == verdict)
    return counts


def analyse_record(record: GameRecord, seat: int) -> Analysis:
    """``seat``'s analysis of the finished game ``record``; :class:`LookupError` when its game
    has no analyser."""
    analyser = analyser_for(record.game)
    if analyser is None:
        raise LookupError(f"no analysis for the game {record.game!r}")
    notes = tuple(note.to_json() for note in analyser.analyse(record, seat))
    return Analysis(analyser.VERSION, notes)


def analyse_text(record_text: str, seat: int) -> JsonObject:
    """:func:`analyse_record` on a record's text, returning its JSON: what a worker process
    runs (plain text in, plain data out)."""
    return analyse_record(GameRecord.loads(record_text), seat).to_json()
