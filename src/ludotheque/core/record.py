"""Game records: options + seed + actions, as JSON, and their exact replay.

A record rebuilds every state of a game: saves, replays, crash recovery, bug reports and golden
tests all use it. Options are stored resolved (defaults filled in), so a later change of a
default does not change an old game.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .errors import MalformedInput
from .json_types import JsonObject, JsonValue
from .moves import PendingMove, replay_move
from .protocol import Game, Seat, State

__all__ = ["FORMAT", "GameRecord", "Move"]

FORMAT = "ludotheque-record/1"


@dataclass(frozen=True, slots=True)
class Move:
    """One accepted action: who played it and its JSON encoding."""

    seat: Seat
    action: JsonValue


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything needed to rebuild a game.

    >>> record = GameRecord("encheres", players=2, seed=7, options={"mode": "classique"})
    >>> GameRecord.loads(record.with_move(0, {"type": "miser", "carte": 3}).dumps()).moves
    (Move(seat=0, action={'carte': 3, 'type': 'miser'}),)
    """

    game: str
    players: int
    seed: int
    options: JsonObject
    moves: tuple[Move, ...] = field(default=())

    def with_move(self, seat: Seat, action: JsonValue) -> GameRecord:
        return GameRecord(
            self.game, self.players, self.seed, self.options, (*self.moves, Move(seat, action))
        )

    def truncated(self, length: int) -> GameRecord:
        """The record of the first ``length`` moves."""
        return GameRecord(self.game, self.players, self.seed, self.options, self.moves[:length])

    def to_json(self) -> JsonObject:
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "moves": [[move.seat, move.action] for move in self.moves],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, data: JsonValue) -> GameRecord:
        """Read a record (:class:`MalformedInput` names what is wrong)."""
        if not isinstance(data, dict):
            raise MalformedInput("Un enregistrement de partie est un objet JSON.")
        if data.get("format") != FORMAT:
            raise MalformedInput(f"Format d'enregistrement inconnu : {data.get('format')!r}.")
        game, players, seed = data.get("game"), data.get("players"), data.get("seed")
        options, moves = data.get("options"), data.get("moves")
        if not isinstance(game, str):
            raise MalformedInput("Enregistrement : « game » doit être un nom de jeu.")
        if not _is_int(players) or not _is_int(seed):
            raise MalformedInput("Enregistrement : « players » et « seed » sont des entiers.")
        if not isinstance(options, dict):
            raise MalformedInput("Enregistrement : « options » doit être un objet.")
        if not isinstance(moves, list):
            raise MalformedInput("Enregistrement : « moves » doit être une liste.")
        parsed: list[Move] = []
        for index, item in enumerate(moves):
            if not isinstance(item, list) or len(item) != 2 or not _is_int(item[0]):
                raise MalformedInput(f"Enregistrement : coup n° {index + 1} mal formé.")
            parsed.append(Move(_int(item[0]), item[1]))
        return cls(game, _int(players), _int(seed), options, tuple(parsed))

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise MalformedInput(f"Enregistrement illisible : {error.msg}.") from error
        return cls.from_json(data)

    def initial(self, game: Game[Any, Any]) -> State[Any]:
        """The state before the first move."""
        if game.info.name != self.game:
            raise MalformedInput(f"Cet enregistrement est une partie de « {self.game} ».")
        state: State[Any] = game.new(self.players, self.seed, self.options)
        return state

    def played(
        self, game: Game[Any, Any], initial: State[Any] | None = None
    ) -> Iterator[PendingMove]:
        """Each move replayed on the move path (:func:`.moves.replay_move`: checked), from
        ``initial`` (default: :meth:`initial`)."""
        state = self.initial(game) if initial is None else initial
        for move in self.moves:
            played = replay_move(game, state, move.seat, move.action)
            yield played
            state = played.after

    def states(self, game: Game[Any, Any]) -> Iterator[State[Any]]:
        """The initial state, then the state after each move (each move is checked)."""
        state = self.initial(game)
        yield state
        for played in self.played(game, state):
            yield played.after

    def replay(self, game: Game[Any, Any]) -> State[Any]:
        """The final state of the record."""
        *_, final = self.states(game)
        return final


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value
