"""The terminal of a game that has none of its own: its view as JSON, its actions by number.

Like the web's ``generic.js``: every registered game can be played in the terminal, if
plainly. The person's possible actions are listed with a number (the first
:data:`SHOWN`); typing a number plays that action, anything else is read in the game's
notation (:meth:`Game.parse_action`). When the actions are themselves written as numbers
(Enchères' bids), they are listed as they are written and a number typed is the action.

>>> from ludotheque.bots.base import RandomBot
>>> from ludotheque.core.match import Match
>>> from ludotheque.games.encheres import Encheres
>>> from rich.console import Console
>>> terminal = GenericTerminal(Match.start(Encheres(), 2, 1), Console(), input, [RandomBot()])
>>> terminal.numbered()  # Enchères' bids are written as numbers: a number is the bid
False
>>> terminal.parse("3")
({'type': 'miser', 'carte': 3}, False)
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ludotheque.core.errors import MalformedInput
from ludotheque.core.json_types import JsonValue
from ludotheque.core.protocol import State

from ..terminal.session import COMMANDS_HELP, HUMAN, Terminal, panel

__all__ = ["SHOWN", "GenericTerminal"]

SHOWN = 30
"""At most this many possible actions are listed."""


class GenericTerminal(Terminal[State[Any]]):
    """Any game: the view as JSON, the possible actions numbered."""

    def legal(self) -> list[Any]:
        return list(self.state.legal_actions(HUMAN))

    def numbered(self) -> bool:
        """Whether the actions are listed by number: not when they are written as numbers
        themselves (a number typed is then the action, never a place in the list)."""
        return not all(self.game.format_action(a).isdigit() for a in self.legal())

    def show(self) -> None:
        super().show()
        actions = self.legal()
        if not actions:
            return
        if not self.numbered():
            listed = ", ".join(self.game.format_action(a) for a in actions)
            self.say(f"Vos coups possibles : {listed}.", "bold")
            return
        self.say("Vos coups possibles :", "bold")
        for number, action in enumerate(actions[:SHOWN], 1):
            self.say(f"  {number:>2}. {self.game.format_action(action)}")
        if len(actions) > SHOWN:
            self.say(f"  … et {len(actions) - SHOWN} autres, à taper en entier.", "dim")

    def prompt(self) -> str:
        if self.numbered():
            return "Votre coup (un numéro, ou le coup en entier) > "
        return "Votre coup > "

    def parse(self, text: str) -> tuple[JsonValue, bool]:
        if text.isdigit() and self.numbered():
            actions = self.legal()
            number = int(text)
            if not 1 <= number <= len(actions):
                raise MalformedInput(f"Pas de coup n° {number} : choisissez de 1 à {len(actions)}.")
            return self.game.encode_action(actions[number - 1]), False
        return super().parse(text)

    def help_panel(self) -> Any:
        how = (
            "Tapez le numéro d'un coup possible, ou le coup dans la notation du jeu."
            if self.numbered()
            else "Tapez un des coups possibles, tel qu'il est écrit."
        )
        return panel("Aide", Text(f"{how} {COMMANDS_HELP}"))


TERMINAL = GenericTerminal
