"""One decision of a player, as the analysis of a finished game shows it in the replay.

Each game's analyser (``games/<game>/analysis.py``) reads a finished game's record and returns
one note per decision of a seat: what the player did next to what the Expert bot would have
done from the same view (no I/O, no clock; draws seeded from the record).

>>> note = DecisionNote(ply=3, played="JOUER (12 points)", best="JOUEUR (16 points)", loss=4,
...                     verdict="imprecision", details=("Mots manqués : JOUEUR, ROUE",))
>>> note.to_json()["verdict"], note.to_json()["coups"]
('imprecision', 3)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from ludotheque.core.json_types import JsonObject

if TYPE_CHECKING:
    from ludotheque.core.moves import PendingMove
    from ludotheque.core.protocol import Game
    from ludotheque.core.record import GameRecord

__all__ = ["DecisionNote", "Verdict", "seat_notes"]

# « meilleur »: the Expert's choice (or as good); « bon »: close; « imprecision »: a clear
# loss; « erreur »: a large one. Each game sets its own thresholds, in its own unit.
Verdict = Literal["meilleur", "bon", "imprecision", "erreur"]


@dataclass(frozen=True, slots=True)
class DecisionNote:
    """The player's action number ``ply`` of the record (1-based, as the replay's « coups »):
    what they did, what the Expert would have done (None: the same, or nothing better), how
    much it cost by the Expert's measure (points, or the game's value; None when it has no
    number), and details (words missed, picks the Expert would have kept…), all in French."""

    ply: int
    played: str
    best: str | None = None
    loss: float | None = None
    verdict: Verdict = "meilleur"
    details: tuple[str, ...] = ()

    def to_json(self) -> JsonObject:
        return {
            "coups": self.ply,
            "joue": self.played,
            "meilleur": self.best,
            "ecart": self.loss,
            "verdict": self.verdict,
            "details": list(self.details),
        }


def seat_notes(
    game: Game[Any, Any],
    record: GameRecord,
    seat: int,
    note: Callable[[int, PendingMove], DecisionNote | None],
) -> list[DecisionNote]:
    """``note(ply, move)`` for each move of ``seat`` in ``record`` (replayed, checked), the
    notes it gives (None: no real choice), in order: the walk every analyser shares."""
    notes: list[DecisionNote] = []
    for ply, move in enumerate(record.played(game), start=1):
        if move.seat == seat:
            found = note(ply, move)
            if found is not None:
                notes.append(found)
    return notes
