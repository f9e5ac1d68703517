"""Gremlins, Inc. – le jeu de cartes in the terminal: the table (:mod:`.gremlins_render`) and
actions typed in the game's notation.

The person types actions as :mod:`ludotheque.games.gremlins.notation` writes them
(``commencer A05``, ``assigner A05 2``, ``jouer A05 : 1 malice``, ``terminer 2``, ``annuler 2``,
``fin``); « jouer A05 » without a payment is completed by the game
(:meth:`Gremlins.complete_action`: the payment that spares the person's plans most). While a
card is resolved, a question shows numbered options: a number (or « choisir CLÉ ») answers it.
At the set-up redraw: « garder » or « refaire A01 A02 ».
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text

from ludotheque.core.errors import MalformedInput
from ludotheque.core.json_types import JsonValue
from ludotheque.core.moves import PendingMove
from ludotheque.core.protocol import Seat
from ludotheque.games.gremlins.actions import Action, Choose, PlayAction
from ludotheque.games.gremlins.notation import HELP, parse_action
from ludotheque.games.gremlins.state import GremlinsState

from ..terminal.session import COMMANDS_HELP, HUMAN, FileOption, Terminal, panel
from .gremlins_render import prompt_panel, speaking_names, table_of, with_names

__all__ = ["GremlinsTerminal", "read_answer"]


def read_answer(state: GremlinsState, seat: Seat, text: str) -> Action:
    """The action typed by ``seat``: the notation, or a number for an option of its question.

    :class:`MalformedInput` when the line cannot be read (the rules check the action later).
    """
    answer = text.strip()
    if not answer:
        raise MalformedInput("Coup vide : tapez un coup, ou « aide ».")
    if answer.isdigit():
        prompt = state.prompt
        if prompt is None or prompt.seat != seat:
            raise MalformedInput(
                f"« {answer} » : il n'y a pas de question à laquelle répondre par un numéro "
                "(commencer, assigner, jouer, terminer, annuler, fin ; « aide » pour l'aide)."
            )
        number = int(answer)
        if not 1 <= number <= len(prompt.options):
            raise MalformedInput(
                f"Pas d'option n° {number} : choisissez de 1 à {len(prompt.options)}."
            )
        return Choose(prompt.options[number - 1][0])
    verb, _, key = answer.partition(" ")
    if verb.lower() == "choisir" and key.strip() and " " not in key.strip():
        # Keys hold « : » (carte:M08), which the notation reads as a payment.
        return Choose(key.strip())
    return parse_action(answer)


class GremlinsTerminal(Terminal[GremlinsState]):
    """Gremlins: the person answers first when everyone may act (the set-up redraw)."""

    state_type = GremlinsState
    people_first = True
    score_label = "Prestige"
    files: ClassVar[Mapping[str, FileOption]] = {
        "deck": FileOption("cartes", "le fichier de cartes", "Fichier de cartes")
    }

    def seat_names(self, labels: Sequence[str]) -> list[str]:
        names = super().seat_names(labels)
        # Journal lines are written in the third person (« Place 1 (vous) commence… »).
        self.spoken = speaking_names(names, HUMAN)
        return names

    def show(self) -> None:
        self.console.print(table_of(self.view(), self.names, HUMAN))

    def prompt(self) -> str:
        state = self.state
        if state.prompt is not None:
            return f"Votre choix (1 à {len(state.prompt.options)}) > "
        if state.phase == "nouvelle-main":
            return "Garder votre main (garder) ou en refaire une partie (refaire A01 A02) > "
        left = max(0, state.table().allowance(HUMAN) - state.used)
        return f"Votre coup ({left} action{'s' if left > 1 else ''} restante{'s' * (left > 1)}) > "

    def parse(self, text: str) -> tuple[JsonValue, bool]:
        action = read_answer(self.state, HUMAN, text)
        # A card played without its payment gets the one that spares the plans most.
        complete = isinstance(action, PlayAction) and not action.payment
        return self.game.encode_action(action), complete

    def help_panel(self) -> Any:
        body = Text.assemble(
            ("Notation des coups\n", "bold"),
            HELP,
            "\n  choisir CLÉ            pendant un choix : l'option de clé CLÉ\n\n",
            COMMANDS_HELP,
        )
        return panel("Aide", body)

    def tell(self, move: PendingMove) -> None:
        # The journal is public; the person's own lines are asked for in the third person.
        observer = None if move.seat == HUMAN else HUMAN
        line = with_names(move.describe(observer, self.spoken[move.seat]), self.spoken)
        self.say(line, "cyan" if move.seat == HUMAN else "")

    def refuse(self, message: str) -> None:
        super().refuse(message)
        question = prompt_panel(self.view(), self.names, HUMAN)
        if question is not None and self.state.prompt is not None:
            self.console.print(question)


TERMINAL = GremlinsTerminal
