"""The typed notation of Gremlins actions (terminal) and the server-side payment completion.

Projects are numbered from 1 here (from 0 in JSON):

>>> format_action(PlayAction("A05", ((0, "malice"), (1, "or"))))
'jouer A05 : 1 malice, 2 or'
>>> parse_action("jouer A05 : 1 malice, 2 or") == PlayAction("A05", ((0, "malice"), (1, "or")))
True
>>> parse_action("assigner P02 3"), parse_action("t 1"), parse_action("fin")
(AssignCard(card='P02', project=2), Complete(project=0), EndTurn())
>>> parse_action("choisir carte:M08")
Choose(key='carte:M08')
>>> parse_action("refaire A01 B02"), parse_action("garder")
(Redraw(cards=('A01', 'B02')), Redraw(cards=()))
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ludotheque.core.errors import MalformedInput
from ludotheque.core.json_types import JsonValue

from .actions import (
    Action,
    AssignCard,
    Cancel,
    Choose,
    Complete,
    EndTurn,
    PlayAction,
    Redraw,
    StartProject,
)
from .effects import RESOURCES, Resource

if TYPE_CHECKING:
    from .state import GremlinsState

__all__ = ["HELP", "best_payment", "complete_action", "format_action", "parse_action"]

HELP = """Coups (les projets sont numérotés à partir de 1) :
  commencer A05          commencer un projet avec la carte A05 (face cachée)
  assigner A05 2         assigner A05 comme ressource au projet 2
  jouer A05              jouer l'action A05 (le paiement le moins gênant est choisi)
  jouer A05 : 1 malice, 2 or   … en payant 1 malice du projet 1 et 1 or du projet 2
  terminer 2             terminer le projet 2
  annuler 2              annuler le projet 2
  fin                    finir son tour
  N                      pendant un choix : l'option numéro N
  garder / refaire A01 A02   mise en place : garder sa main, ou défausser et repiocher"""


def format_action(action: Action) -> str:
    match action:
        case StartProject(card):
            return f"commencer {card}"
        case AssignCard(card, project):
            return f"assigner {card} {project + 1}"
        case PlayAction(card, payment):
            if not payment:
                return f"jouer {card}"
            paid = ", ".join(f"{position + 1} {banner}" for position, banner in payment)
            return f"jouer {card} : {paid}"
        case Complete(project):
            return f"terminer {project + 1}"
        case Cancel(project):
            return f"annuler {project + 1}"
        case EndTurn():
            return "fin"
        case Choose(key):
            return f"choisir {key}"
        case Redraw(cards):
            return "refaire " + " ".join(cards) if cards else "garder"
    raise TypeError(f"not a Gremlins action: {action!r}")


_WORDS = {
    "c": "commencer",
    "commencer": "commencer",
    "a": "assigner",
    "assigner": "assigner",
    "j": "jouer",
    "jouer": "jouer",
    "t": "terminer",
    "terminer": "terminer",
    "annuler": "annuler",
    "fin": "fin",
    "choisir": "choisir",
    "refaire": "refaire",
    "garder": "garder",
}


def _project(text: str) -> int:
    if not re.fullmatch(r"[1-9]\d?", text):
        raise MalformedInput(f"Numéro de projet illisible : « {text} » (1, 2, 3…).")
    return int(text) - 1


def parse_action(text: str) -> Action:
    """Inverse of :func:`format_action` (``c``, ``a``, ``j``, ``t`` abbreviate the verbs)."""
    first, _, rest = text.strip().partition(" ")
    if first.lower() == "choisir" and rest.strip() and " " not in rest.strip():
        return Choose(rest.strip())  # keys hold « : » (``carte:M08``)
    head, _, payment_text = text.strip().partition(":")
    words = head.split()
    if not words or words[0].lower() not in _WORDS:
        raise MalformedInput(
            f"Coup illisible : « {text.strip()} » (commencer, assigner, jouer, terminer, "
            "annuler, fin ; « aide » pour l'aide)."
        )
    verb, args = _WORDS[words[0].lower()], words[1:]
    shapes = {
        "commencer": 1,
        "assigner": 2,
        "jouer": 1,
        "terminer": 1,
        "annuler": 1,
        "fin": 0,
        "choisir": 1,
        "garder": 0,
    }
    if verb in shapes and len(args) != shapes[verb]:
        raise MalformedInput(f"« {verb} » : {shapes[verb]} argument(s) attendu(s).")
    if payment_text and verb != "jouer":
        raise MalformedInput("« : » n'est permis qu'après « jouer CARTE ».")
    match verb:
        case "commencer":
            return StartProject(args[0])
        case "assigner":
            return AssignCard(args[0], _project(args[1]))
        case "jouer":
            return PlayAction(args[0], _payment(payment_text))
        case "terminer":
            return Complete(_project(args[0]))
        case "annuler":
            return Cancel(_project(args[0]))
        case "fin":
            return EndTurn()
        case "choisir":
            return Choose(args[0])
        case "garder":
            return Redraw(())
    return Redraw(tuple(sorted(args)))


def _payment(text: str) -> tuple[tuple[int, Resource], ...]:
    paid: list[tuple[int, Resource]] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        found = re.fullmatch(r"([1-9]\d?) +(\w+)", part)
        if found is None or found[2] not in RESOURCES:
            raise MalformedInput(
                f"Paiement illisible : « {part} » (attendu : « 1 malice, 2 or » = une malice "
                "du projet 1 et un or du projet 2)."
            )
        paid.append((int(found[1]) - 1, found[2]))
    return tuple(sorted(paid))


def best_payment(
    state: GremlinsState, seat: int, card: str
) -> tuple[tuple[int, Resource], ...] | None:
    """The payment of ``card`` that spares the seat's plans most (``None``: cannot pay).

    Resources under a fake project (an action card) cost nothing to spend; under a plan, a
    resource of a banner the plan still needs costs most.
    """
    from .rules import payments

    table = state.table()
    options = payments(table, seat, card)
    if not options:
        return None

    def harm(
        payment: tuple[tuple[int, Resource], ...],
    ) -> tuple[int, tuple[tuple[int, Resource], ...]]:
        total = 0
        for position, banner in payment:
            project_card = state.catalog[state.projects[seat][position].card]
            if project_card.kind == "action":
                continue
            need = {
                "or": project_card.cost.gold,
                "malice": project_card.cost.malice,
                "techno": project_card.cost.techno,
            }[banner]
            total += 3 if need else 1
        return total, payment

    return min(options, key=harm)


def complete_action(state: GremlinsState, seat: int, data: JsonValue) -> JsonValue:
    """Fill in the payment of a « jouer » sent without one, or with an empty one (``null`` or
    ``[]``; when the card can be paid). Any other payment is left to be read (``false`` or
    ``0`` is malformed, not « no payment »)."""
    if not isinstance(data, dict) or data.get("type") != "jouer":
        return data
    if data.get("paiement") not in (None, []):
        return data
    card = data.get("carte")
    if (
        not isinstance(card, str)
        or card not in state.hands[seat]
        or card not in state.catalog
        or state.catalog[card].kind != "action"
        or state.phase != "jeu"
    ):
        return data
    payment = best_payment(state, seat, card)
    if payment is None:
        return data
    return {**data, "paiement": [[position, banner] for position, banner in payment]}
