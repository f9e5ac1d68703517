"""Letter in the terminal: the table (:mod:`.letter_render`), moves typed in Letter's notation.

The person types moves as :data:`ludotheque.games.letter.notation.TYPED_HELP` shows
(``E2x1 c5 : c5-c6-d6``: place the 2×1 E at c5, name the word read along these squares). A
knock window asks without insisting: Enter lets it pass, and with a window that closes by
itself (``frappe_secondes``) the seconds left count down above the question; when they run
out, the window passes (« pas de frappe »). With ``sablier``, the person's turn runs under the
rules' hourglass, and when it runs out the rules' action for it is played.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rich.text import Text

from ludotheque.core.json_types import JsonValue
from ludotheque.core.moves import PendingMove
from ludotheque.core.protocol import RuleTimer
from ludotheque.games.letter.actions import NoKnock, Turn
from ludotheque.games.letter.notation import TYPED_HELP, parse_typed
from ludotheque.games.letter.state import LetterState

from ..terminal.session import COMMANDS_HELP, HUMAN, FileOption, Terminal, panel
from .letter_render import table_of

__all__ = ["LetterTerminal", "help_panel"]


def help_panel() -> Any:
    body = Text.assemble(("Notation des coups\n", "bold"), TYPED_HELP, "\n\n", COMMANDS_HELP)
    return panel("Aide", body)


class LetterTerminal(Terminal[LetterState]):
    """Letter: the table after every move, the person's moves in Letter's notation."""

    state_type = LetterState
    files: ClassVar[Mapping[str, FileOption]] = {
        "tiles": FileOption("tuiles", "les pièces", "Fichier de pièces")
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.recent: set[str] = set()  # the tiles of the last turn, marked on the board

    def show(self) -> None:
        self.console.print(table_of(self.view(), self.names, self.recent))

    def prompt(self) -> str:
        state = self.state
        if state.phase == "tirage":
            return "Taille de la lettre à prendre (ex. 2x1) > "
        if state.phase == "frappe":
            return "Frapper ? (frapper c5-c6 MER ; Entrée : pas de frappe) > "
        if state.first_round(HUMAN):
            return "Première manche : une lettre où vous voulez (E2x1 c5) > "
        return "Votre coup (aide pour la notation) > "

    def parse(self, text: str) -> tuple[JsonValue, bool]:
        return self.game.encode_action(parse_typed(self.state, HUMAN, text)), False

    def on_empty(self) -> JsonValue | None:
        # Enter in a knock window: nothing to say.
        return self.game.encode_action(NoKnock()) if self.state.phase == "frappe" else None

    def help_panel(self) -> Any:
        return help_panel()

    def tell(self, move: PendingMove) -> None:
        if isinstance(move.action, Turn):
            self.recent = {placement.tile for placement in move.action.placements}
        super().tell(move)

    def timer_ran_out(self, timer: RuleTimer[Any]) -> None:
        if self.state.phase == "frappe":
            self.say("Fenêtre de frappe fermée : pas de frappe.", "dim")
        else:
            self.say("Sablier écoulé !", "bold red")
        self.play(HUMAN, timer.action)


TERMINAL = LetterTerminal
