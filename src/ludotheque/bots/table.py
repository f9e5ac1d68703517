"""Each game's bots by name, declared as data, and the one :func:`make_bot` every front end calls.

A game's ``bots.py`` declares ``BOTS = BotTable(engines, levels=…)``: its engines by name
(``random``, ``greedy``, ``strong``) and the one class that plays the four levels of
:mod:`ludotheque.bots.levels`. The registry finds it by the package of the game's class
(``ludotheque.games.<name>.bots``); a game without one is offered the generic random bot.
The server, the terminal and ``simulate`` all make bots through :func:`make_bot`.

>>> from ludotheque.games.encheres import Encheres
>>> sorted(bot_table(Encheres()))
['random']
>>> make_bot(Encheres(), "hasard").name
'random'
>>> make_bot(Encheres(), "belote")
Traceback (most recent call last):
...
ludotheque.core.errors.LudoError: Robot inconnu : « belote » (connus : random).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from ludotheque.core.errors import LudoError
from ludotheque.core.protocol import Game
from ludotheque.lexicon.normalize import normalize

from .base import Bot, RandomBot
from .levels import LEVEL_NAMES, LEVELS, level_factories

__all__ = ["BotTable", "bot_table", "make_bot"]

Factory = Callable[..., Bot]


class BotTable(dict[str, Factory]):
    """A game's bots: name → factory (its keyword options go to the bot's constructor).

    ``levels``, when given, plays the four levels (``debutant`` … ``expert``), called with
    the level's :class:`~ludotheque.bots.levels.Profile`; ``portraits`` says what kind of
    player a level is in this game when the level's own sentence does not fit.

    >>> table = BotTable({"random": RandomBot}, levels=lambda profile: RandomBot())
    >>> list(table)
    ['random', 'debutant', 'intermediaire', 'fort', 'expert']
    >>> table.key("Débutant"), table.key("hasard"), table.key("belote")
    ('debutant', 'random', None)
    >>> table.make("Champion")
    Traceback (most recent call last):
    ...
    ludotheque.core.errors.LudoError: Robot inconnu : « Champion » (connus : debutant, \
intermediaire, fort, expert, random).
    """

    def __init__(
        self,
        engines: Mapping[str, Factory],
        *,
        levels: Callable[..., Bot] | None = None,
        portraits: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(engines)
        if levels is not None:
            self.update(level_factories(levels))
        self.portraits = dict(portraits or {})

    def levels(self) -> list[str]:
        """The levels offered, weakest first."""
        return [name for name in LEVEL_NAMES if name in self]

    def names(self) -> list[str]:
        """Every bot's name: the levels, weakest first, then the engines in alphabetical order."""
        levels = self.levels()
        return [*levels, *sorted(set(self) - set(levels))]

    def key(self, name: str) -> str | None:
        """The table's key for a bot as a person may write it (« Débutant », « hasard » for the
        random bot), None when there is no such bot."""
        if name in self:
            return name
        key = normalize(name.strip()).lower()
        key = "random" if key == "hasard" else key
        return key if key in self else None

    def make(self, name: str, **options: Any) -> Bot:
        """A new bot by name (:meth:`key`); ``options`` go to its constructor.

        An unknown name raises :class:`LudoError` (a ``ValueError``) naming the known ones."""
        key = self.key(name)
        if key is None:
            known = ", ".join(self.names())
            raise LudoError(f"Robot inconnu : « {name} » (connus : {known}).", code="unknown-bot")
        return self[key](**options)

    def portrait(self, level: str) -> str:
        """What kind of player ``level`` is, in this game's own terms if it has some."""
        return self.portraits.get(level) or LEVELS[level].portrait


def bot_table(game: Game[Any, Any]) -> BotTable:
    """The bots ``game`` offers: the ``BOTS`` of its package's ``bots`` module, else the
    random bot only."""
    package = type(game).__module__.rpartition(".")[0]
    if package:
        try:
            module = importlib.import_module(f"{package}.bots")
        except ModuleNotFoundError as error:
            if error.name != f"{package}.bots":
                raise
        else:
            found = getattr(module, "BOTS", None)
            if isinstance(found, BotTable):
                return found
    return BotTable({"random": RandomBot})


def make_bot(game: Game[Any, Any], name: str, **options: Any) -> Bot:
    """A new bot of ``game`` by name (:meth:`BotTable.make`)."""
    return bot_table(game).make(name, **options)
