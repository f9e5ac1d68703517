"""Errors a player can read, split by cause.

Every error carries a stable ``code`` (for programs), a French ``message`` (for players) and
``params`` (what a translation needs to render it again).

- :class:`MalformedInput`: the input cannot be understood at all (bad JSON, unknown action kind,
  wrong types). Nothing about the game was consulted.
- :class:`IllegalAction`: the input is well formed but the rules refuse it (a card not in hand,
  a word not in the dictionary...). :class:`NotYourTurn` and :class:`GameOver` are special cases.
- :class:`InvalidOptions`: a table cannot be created with these options.
- :class:`UnknownGame`: no game of that name is registered.

All are ``ValueError`` subclasses, like python-chess's move errors.

>>> try:
...     raise NotYourTurn(seat=2)
... except IllegalAction as error:
...     print(error.code, "/", error)
not-your-turn / Ce n'est pas à la place 3 de jouer.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "FileLineError",
    "GameOver",
    "IllegalAction",
    "InvalidOptions",
    "LudoError",
    "MalformedInput",
    "NotYourTurn",
    "UnknownGame",
]


class LudoError(ValueError):
    """Base of every error the project reports to a player."""

    code: str = "error"

    def __init__(self, message: str, *, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.params = params

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready description, as the server sends it to one client."""
        return {"kind": type(self).__name__, "code": self.code, "message": self.message}


class MalformedInput(LudoError):
    """The input is not a well-formed action or message."""

    code = "malformed"


class IllegalAction(LudoError):
    """A well-formed action that the rules refuse in this state."""

    code = "illegal"


class NotYourTurn(IllegalAction):
    """A seat acted when it had nothing to decide."""

    code = "not-your-turn"

    def __init__(self, seat: int) -> None:
        # Seats are numbered from 0 in code, from 1 for players.
        super().__init__(f"Ce n'est pas à la place {seat + 1} de jouer.", seat=seat)


class GameOver(IllegalAction):
    """An action after the end of the game."""

    code = "game-over"

    def __init__(self) -> None:
        super().__init__("La partie est terminée.")


class InvalidOptions(LudoError):
    """Options (player count, mode, variant...) that do not make a valid table."""

    code = "invalid-options"


class FileLineError(LudoError):
    """A person's data file (cards, tiles, a deck) that cannot be used, told with where:
    ``line`` is 1-based, 0 when the fault is not one line's. Each game's error for its files
    derives from it and from the kind of error it is (:class:`MalformedInput`,
    :class:`InvalidOptions`).

    >>> class CardsError(FileLineError, MalformedInput):
    ...     code = "invalid-cards"
    >>> error = CardsError("3 champs au lieu de 6.", line=4, source="cartes.txt")
    >>> error.message, error.line, error.problem, error.code
    ('cartes.txt, ligne 4 : 3 champs au lieu de 6.', 4, '3 champs au lieu de 6.', 'invalid-cards')
    """

    def __init__(self, message: str, *, line: int = 0, source: str = "") -> None:
        where = ", ".join(part for part in (source, f"ligne {line}" if line else "") if part)
        super().__init__(f"{where} : {message}" if where else message, line=line, source=source)
        self.line = line
        self.problem = message


class UnknownGame(LudoError):
    """No registered game has this name."""

    code = "unknown-game"

    def __init__(self, name: str, known: tuple[str, ...] = ()) -> None:
        hint = f" Jeux connus : {', '.join(known)}." if known else ""
        super().__init__(f"Jeu inconnu : « {name} ».{hint}", name=name)
