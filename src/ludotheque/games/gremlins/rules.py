"""The actions of a turn: what is legal, why not (in French), and what each one does.

>>> from ludotheque.games.gremlins.cards import Cost
>>> payments_for(Cost(malice=1, any=1), {(0, "or"): 1, (0, "malice"): 1, (1, "malice"): 1})
[((0, 'malice'), (0, 'or')), ((0, 'malice'), (1, 'malice')), ((0, 'or'), (1, 'malice'))]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations_with_replacement

from ludotheque.core.errors import IllegalAction

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
from .cards import Cost, format_cost
from .effects import Resource
from .model import Ctx
from .steps import (
    DiscardPlayed,
    FinishProject,
    FireStep,
    Prompt,
    StartTurnStep,
    effect_steps,
)
from .table import OpenProject, Step, Table

__all__ = ["check_action", "legal_main_actions", "payments", "payments_for", "perform"]

Slot = tuple[int, Resource]


def payments_for(cost: Cost, available: Mapping[Slot, int]) -> list[tuple[Slot, ...]]:
    """Every way to pay ``cost`` exactly from resources at (project, banner) slots.

    Gold and malice parts need resources of that banner; « ressource » parts take any.
    """
    slots = sorted(slot for slot, count in available.items() if count > 0)
    found: list[tuple[Slot, ...]] = []
    for pick in combinations_with_replacement(slots, cost.total):
        if payment_pays(cost, pick, available):
            found.append(pick)
    return found


def payment_pays(cost: Cost, payment: tuple[Slot, ...], available: Mapping[Slot, int]) -> bool:
    used = Counter(payment)
    if any(count > available.get(slot, 0) for slot, count in used.items()):
        return False
    banners = Counter(banner for _, banner in payment)
    return (
        len(payment) == cost.total
        and banners["or"] >= cost.gold
        and banners["malice"] >= cost.malice
        and banners["techno"] >= cost.techno
    )


def available(table: Table, seat: int) -> dict[Slot, int]:
    slots: dict[Slot, int] = {}
    for position in range(len(table.projects[seat])):
        for banner, count in table.banners(seat, position).items():
            slots[(position, banner)] = count
    return slots


def payments(table: Table, seat: int, card: str) -> list[tuple[Slot, ...]]:
    return payments_for(table.action_cost(seat, card), available(table, seat))


def legal_main_actions(table: Table, seat: int) -> list[Action]:
    """The active player's actions when no card waits for a choice."""
    hand = sorted(set(table.hands[seat]))
    count = len(table.projects[seat])
    actions: list[Action] = [EndTurn()]
    if table.room(seat):
        actions += [StartProject(card) for card in hand]
    actions += [AssignCard(card, position) for card in hand for position in range(count)]
    for card in hand:
        if table.card(card).kind == "action":
            actions += [PlayAction(card, pay) for pay in payments(table, seat, card)]
    actions += [Complete(p) for p in range(count) if table.requirements_met(seat, p)]
    actions += [Cancel(p) for p in range(count)]
    return actions


def _in_hand(table: Table, seat: int, card: str) -> None:
    if card not in table.hands[seat]:
        raise IllegalAction(f"La carte « {card} » n'est pas dans votre main.", card=card)


def _project(table: Table, seat: int, position: int) -> OpenProject:
    if not 0 <= position < len(table.projects[seat]):
        raise IllegalAction(
            f"Vous n'avez pas de projet n° {position + 1} "
            f"({len(table.projects[seat])} projet(s) en cours).",
            project=position,
        )
    return table.projects[seat][position]


def check_action(table: Table, prompt: Prompt | None, seat: int, action: Action) -> None:
    """Raise :class:`IllegalAction` (French) unless ``seat`` may play ``action`` now.

    The seat is already known to be one that must decide.
    """
    if prompt is not None:
        if not isinstance(action, Choose):
            raise IllegalAction(f"Choisissez d'abord : {prompt.question}")
        if action.key not in prompt.choices():
            raise IllegalAction(f"Ce choix n'est pas proposé : « {action.key} ».")
        return
    if table.phase == "nouvelle-main":
        if not isinstance(action, Redraw):
            raise IllegalAction(
                "Mise en place : défaussez les cartes que vous voulez (ou aucune) pour refaire "
                "votre main à 6, une seule fois."
            )
        wanted = Counter(action.cards)
        if any(n > table.hands[seat].count(c) for c, n in wanted.items()):
            raise IllegalAction("Vous ne pouvez défausser que des cartes de votre main.")
        return
    match action:
        case Choose() | Redraw():
            raise IllegalAction("Il n'y a rien à choisir maintenant : c'est votre tour.")
        case StartProject(card):
            _in_hand(table, seat, card)
            if not table.room(seat):
                raise IllegalAction(
                    f"Vous avez déjà {len(table.projects[seat])} projets en cours, le maximum : "
                    "terminez-en ou annulez-en un."
                )
        case AssignCard(card, position):
            _in_hand(table, seat, card)
            _project(table, seat, position)
        case PlayAction(card, payment):
            _in_hand(table, seat, card)
            if table.card(card).kind != "action":
                raise IllegalAction(
                    f"« {table.card(card).name} » n'est pas une carte Action : on ne la joue pas, "
                    "on en commence un projet."
                )
            cost = table.action_cost(seat, card)
            if not payment_pays(cost, payment, available(table, seat)):
                raise IllegalAction(
                    f"Payez exactement {format_cost(cost)} avec des ressources assignées à vos "
                    "projets (jamais avec des cartes de la main).",
                    cost=format_cost(cost),
                )
        case Complete(position):
            project = _project(table, seat, position)
            plan = table.card(project.card)
            if plan.kind == "action":
                raise IllegalAction(
                    "Un projet commencé avec une carte Action est un faux projet : il ne se "
                    "termine jamais."
                )
            if not table.requirements_met(seat, position):
                raise IllegalAction(
                    f"Il manque des ressources : « {plan.name} » demande {format_cost(plan.cost)}.",
                    cost=format_cost(plan.cost),
                )
        case Cancel(position):
            _project(table, seat, position)
        case EndTurn():
            pass


def perform(table: Table, seat: int, action: Action) -> None:
    """Apply a checked main action (or the set-up redraw); effect steps are queued, not run."""
    name = table.name(seat)
    steps: list[Step] = []
    if not isinstance(action, EndTurn | Redraw):
        table.idle = 0
    match action:
        case Redraw(cards):
            for card in cards:
                table.hands[seat].remove(card)
                table.discard.append(card)
            table.draw(seat, len(cards))
            table.redrawn[seat] = True
            table.log(f"{name} refait sa main ({len(cards)} carte(s) défaussée(s)).")
            if all(table.redrawn):
                table.phase = "jeu"
                steps.append(StartTurnStep(table.config.starter))
        case StartProject(card):
            table.hands[seat].remove(card)
            table.projects[seat].append(OpenProject(card, False, [], {seat}))
            table.used += 1
            table.log(f"{name} commence un projet (n° {len(table.projects[seat])}).")
        case AssignCard(card, position):
            table.hands[seat].remove(card)
            table.projects[seat][position].resources.append(card)
            table.used += 1
            table.log(
                f"{name} assigne une ressource {table.banner(card)} au projet n° {position + 1}."
            )
        case PlayAction(card, payment):
            for position, banner in sorted(payment, reverse=True):
                table.discard.append(table.take_resource(seat, position, banner))
            table.hands[seat].remove(card)
            table.used += 1
            table.log(f"{name} joue « {table.card(card).name} ».")
            steps += effect_steps(Ctx(seat, card), table.card(card).effect)
            steps += [DiscardPlayed(card), FireStep("joue-action", seat)]
        case Complete(position):
            project = table.projects[seat][position]
            plan = table.card(project.card)
            project.revealed = True
            project.seen = set(range(table.config.seats))
            table.used += 1
            assert plan.prestige is not None
            table.gain(seat, plan.prestige)
            table.log(f"{name} termine « {plan.name} ».")
            table.log(f"{name} obtient {plan.prestige} prestige.")
            steps += effect_steps(Ctx(seat, plan.id), plan.effect)
            steps += [FinishProject(seat, plan.id), FireStep("termine", seat, plan.id)]
        case Cancel(position):
            project = table.projects[seat].pop(position)
            table.discard.append(project.card)
            table.discard.extend(project.resources)
            table.used += 1
            table.log(f"{name} annule son projet n° {position + 1}.")
        case EndTurn():
            table.idle = table.idle + 1 if table.used == 0 else 0
            table.used = max(table.used, table.allowance(seat))
            table.log(f"{name} termine son tour.")
        case Choose():
            raise TypeError("choices are applied by steps.choose")
    table.steps[0:0] = steps
