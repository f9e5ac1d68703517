"""A game's action functions declared once: the game object passes its protocol methods on.

Every game keeps its encoding in ``actions.py`` and what a player writes and reads in
``notation.py``; its :class:`~ludotheque.core.protocol.Game` names those functions in a
:class:`Notation` instead of writing a method that calls each one.

>>> from ludotheque.games.encheres import Bid
>>> class Auction(NotatedGame[Any, Bid]):
...     info = None  # a real game has its GameInfo
...     notation = Notation(encode=lambda bid: bid.card, decode=lambda data: Bid(str(data)))
...     def setup(self, players, options, rng):
...         raise NotImplementedError
>>> Auction().decode_action("C7"), Auction().format_action(Bid("C7"))
(Bid(card='C7'), '"C7"')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .json_types import JsonValue
from .protocol import Game, Seat, State

__all__ = ["NotatedGame", "Notation"]

S = TypeVar("S", bound=State[Any])
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Notation(Generic[S, A]):
    """The functions behind a game's action methods; a missing one keeps :class:`Game`'s
    default (JSON in the terminal, nothing to complete, « X a joué. »)."""

    encode: Callable[[A], JsonValue]
    decode: Callable[[JsonValue], A]
    format: Callable[[A], str] | None = None
    parse: Callable[[str], A] | None = None
    complete: Callable[[S, Seat, JsonValue], JsonValue] | None = None
    describe: Callable[[S, Seat, A, Seat | None, str, Sequence[str]], str] | None = None


class NotatedGame(Game[S, A]):
    """A :class:`Game` whose action methods are its :attr:`notation`'s functions."""

    notation: Notation[S, A]

    def encode_action(self, action: A) -> JsonValue:
        return self.notation.encode(action)

    def decode_action(self, data: JsonValue) -> A:
        return self.notation.decode(data)

    def format_action(self, action: A) -> str:
        own = self.notation.format
        return super().format_action(action) if own is None else own(action)

    def parse_action(self, text: str) -> A:
        own = self.notation.parse
        return super().parse_action(text) if own is None else own(text)

    def complete_action(self, state: S, seat: Seat, data: JsonValue) -> JsonValue:
        own = self.notation.complete
        return super().complete_action(state, seat, data) if own is None else own(state, seat, data)

    def describe_action(
        self,
        state: S,
        seat: Seat,
        action: A,
        observer: Seat | None,
        name: str,
        names: Sequence[str] = (),
    ) -> str:
        own = self.notation.describe
        if own is None:
            return super().describe_action(state, seat, action, observer, name, names)
        return own(state, seat, action, observer, name, names)
