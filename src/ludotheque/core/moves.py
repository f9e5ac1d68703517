"""The path of a move, the same for every front end: prepare it, then commit it.

:func:`prepare` completes what a front end may leave out (:meth:`Game.complete_action`, only
for ``complete=True``: what a person or a client sent), decodes the JSON
(:class:`~.errors.MalformedInput`), checks and applies it (:class:`~.errors.IllegalAction` and
its subclasses), and returns a :class:`PendingMove`: the state before and after, the action
and its canonical JSON. Nothing outside is touched, so a front end can still refuse it — the
server stores the move between preparing and committing (:meth:`.match.Match.commit`), and a
failed write changes nothing. Replays run the recorded moves through :func:`replay_move`,
bot tournaments their bots' actions through :func:`prepare_action`.

>>> from ludotheque.games.encheres import Encheres
>>> game = Encheres()
>>> state = game.new(2, seed=1)
>>> move = prepare(game, state, 0, {"carte": 4, "type": "miser"})
>>> move.data, move.before is state, sorted(move.after.to_move())
({'type': 'miser', 'carte': 4}, True, [1])
>>> move.describe(observer=1, name="Alice")
'Alice a joué.'
>>> prepare(game, state, 0, {"type": "miser"})
Traceback (most recent call last):
...
ludotheque.core.errors.MalformedInput: « carte » doit être un numéro de carte.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .json_types import JsonValue
from .protocol import Game, Seat, State

__all__ = ["PendingMove", "prepare", "prepare_action", "replay_move"]


@dataclass(frozen=True, slots=True)
class PendingMove:
    """A checked move and the state it leads to; nothing else has changed yet."""

    game: Game[Any, Any]
    seat: Seat
    action: Any
    data: JsonValue
    """The action's JSON as the record holds it (canonical when prepared; as recorded in a
    replay)."""
    before: State[Any]
    after: State[Any]

    def describe(self, observer: Seat | None, name: str, names: Sequence[str] = ()) -> str:
        """The journal line of this move for ``observer`` (:meth:`Game.describe_action`)."""
        return self.game.describe_action(self.before, self.seat, self.action, observer, name, names)


def prepare(
    game: Game[Any, Any],
    state: State[Any],
    seat: Seat,
    data: JsonValue,
    *,
    complete: bool = False,
) -> PendingMove:
    """Complete (if asked), decode, check and apply ``data``; the move is recorded canonical.

    Raises :class:`~.errors.MalformedInput` when ``data`` is no action of the game and
    :class:`~.errors.IllegalAction` (or a subclass) when the rules refuse it.
    """
    if complete:
        data = game.complete_action(state, seat, data)
    return prepare_action(game, state, seat, game.decode_action(data))


def prepare_action(game: Game[Any, Any], state: State[Any], seat: Seat, action: Any) -> PendingMove:
    """Check and apply an action already decoded (a bot's choice)."""
    after = state.apply(seat, action)
    return PendingMove(game, seat, action, game.encode_action(action), state, after)


def replay_move(
    game: Game[Any, Any], state: State[Any], seat: Seat, data: JsonValue
) -> PendingMove:
    """A recorded move, replayed: decoded, checked and applied; ``data`` is kept as recorded."""
    action = game.decode_action(data)
    return PendingMove(game, seat, action, data, state, state.apply(seat, action))
