"""A game in progress: a state and the record that rebuilds it, kept together.

Front ends (terminal, server) drive games through a :class:`Match`: they submit JSON actions,
and only accepted actions enter the record.

>>> from ludotheque.games.encheres import Encheres
>>> match = Match.start(Encheres(), players=2, seed=1)
>>> sorted(match.state.to_move())
[0, 1]
>>> match.submit(0, {"type": "miser", "carte": 99})
Traceback (most recent call last):
...
ludotheque.core.errors.IllegalAction: Vous n'avez pas la carte 99 en main.
>>> len(match.record.moves)
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .json_types import JsonObject, JsonValue
from .protocol import Game, Seat, State
from .record import GameRecord

__all__ = ["Match"]


@dataclass(slots=True)
class Match:
    """The live pair (state, record). Mutable: it moves forward as actions are accepted."""

    game: Game[Any, Any]
    state: State[Any]
    record: GameRecord

    @classmethod
    def start(
        cls, game: Game[Any, Any], players: int, seed: int, options: JsonObject | None = None
    ) -> Match:
        resolved = game.info.resolve_options(players, options)
        state = game.new(players, seed, resolved)
        return cls(game, state, GameRecord(game.info.name, players, seed, resolved))

    @classmethod
    def from_record(cls, game: Game[Any, Any], record: GameRecord) -> Match:
        return cls(game, record.replay(game), record)

    def submit(self, seat: Seat, data: JsonValue) -> State[Any]:
        """Decode and apply an action; on any error nothing changes."""
        action = self.game.decode_action(data)
        state = self.state.apply(seat, action)
        # Store the canonical encoding, so records are independent of client spelling.
        self.record = self.record.with_move(seat, self.game.encode_action(action))
        self.state = state
        return state
