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

from dataclasses import dataclass
from typing import Literal

from ludotheque.core.json_types import JsonObject

__all__ = ["DecisionNote", "Verdict"]

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
