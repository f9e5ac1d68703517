"""The registry of games: name → :class:`~ludotheque.core.protocol.Game`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .errors import UnknownGame
from .protocol import Game

__all__ = ["Registry"]

AnyGame = Game[Any, Any]


class Registry:
    """Games by name, in registration order.

    >>> from ludotheque.games.encheres import Encheres
    >>> registry = Registry([Encheres()])
    >>> registry.get("encheres").info.title
    'Enchères'
    >>> registry.get("belote")
    Traceback (most recent call last):
    ...
    ludotheque.core.errors.UnknownGame: Jeu inconnu : « belote ». Jeux connus : encheres.
    """

    def __init__(self, games: Iterable[AnyGame] = ()) -> None:
        self._games: dict[str, AnyGame] = {}
        for game in games:
            self.register(game)

    def register(self, game: AnyGame) -> None:
        name = game.info.name
        if name in self._games:
            raise ValueError(f"game {name!r} is already registered")
        self._games[name] = game

    def get(self, name: str) -> AnyGame:
        try:
            return self._games[name]
        except KeyError:
            raise UnknownGame(name, tuple(self._games)) from None

    def names(self) -> tuple[str, ...]:
        return tuple(self._games)

    def __iter__(self) -> Iterator[AnyGame]:
        return iter(self._games.values())

    def __len__(self) -> int:
        return len(self._games)

    def __contains__(self, name: object) -> bool:
        return name in self._games
