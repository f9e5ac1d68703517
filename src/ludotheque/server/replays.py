"""The replay of a finished game, read from its record: each step's view and journal line.

It reads a record, never a live table: the views of ``seat`` (None: a spectator's) from the
initial state to the end, so what was hidden from that seat stays hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludotheque.core.json_types import JsonValue
from ludotheque.core.protocol import Game
from ludotheque.core.record import GameRecord

__all__ = ["replay_steps"]


def replay_steps(
    game: Game[Any, Any], record: GameRecord, names: Sequence[str], seat: int | None
) -> list[JsonValue]:
    """Each step of ``record`` as ``seat`` saw it: the number of moves, the journal line of the
    last one (None before the first) and the view after it."""
    initial = record.initial(game)
    steps: list[JsonValue] = [{"coups": 0, "journal": None, "vue": initial.view(seat)}]
    for ply, move in enumerate(record.played(game, initial), start=1):
        text = move.describe(seat, names[move.seat], names)
        entry: JsonValue = {"coups": ply, "place": move.seat, "texte": text}
        steps.append({"coups": ply, "journal": entry, "vue": move.after.view(seat)})
    return steps
