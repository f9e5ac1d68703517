"""A game in progress: a state and the record that rebuilds it, kept together.

Front ends (terminal, server) drive games through a :class:`Match`, on the one path of a move
(:mod:`.moves`): :meth:`Match.prepare` checks a JSON action and returns the pending move
without changing anything; :meth:`Match.commit` records it, then tells the listeners. Only
accepted actions enter the record.

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
>>> heard = []
>>> match.listeners.append(lambda move: heard.append(move.data))
>>> pending = match.prepare(0, {"carte": 4, "type": "miser"})
>>> len(match.record.moves), heard
(0, [])
>>> match.commit(pending)
>>> match.record.moves[-1].action, heard
({'type': 'miser', 'carte': 4}, [{'type': 'miser', 'carte': 4}])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .json_types import JsonObject, JsonValue
from .moves import PendingMove, prepare
from .protocol import Game, Seat, State
from .record import GameRecord

__all__ = ["Listener", "Match"]

Listener = Callable[[PendingMove], None]


@dataclass(slots=True)
class Match:
    """The live pair (state, record). Mutable: it moves forward as actions are accepted."""

    game: Game[Any, Any]
    state: State[Any]
    record: GameRecord
    listeners: list[Listener] = field(default_factory=list)
    """Called with each committed move, in order, once it is recorded."""

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

    def prepare(self, seat: Seat, data: JsonValue, *, complete: bool = False) -> PendingMove:
        """The move ``data`` would be (:func:`.moves.prepare`); nothing changes yet."""
        return prepare(self.game, self.state, seat, data, complete=complete)

    def commit(self, move: PendingMove) -> None:
        """Record a move prepared on the current state, then tell the listeners."""
        if move.before is not self.state:
            raise RuntimeError("Ce coup a été préparé sur un autre état de la partie.")
        # The canonical encoding, so records are independent of client spelling.
        self.record = self.record.with_move(move.seat, move.data)
        self.state = move.after
        for listener in self.listeners:
            listener(move)

    def submit(self, seat: Seat, data: JsonValue, *, complete: bool = False) -> PendingMove:
        """Prepare and commit an action; on any error nothing changes."""
        move = self.prepare(seat, data, complete=complete)
        self.commit(move)
        return move
