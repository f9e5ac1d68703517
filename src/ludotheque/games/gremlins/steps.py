"""The effect interpreter: card programs run as a queue of small steps.

Playing an action card or completing a plan puts its statements on the table's step queue
(:func:`effect_steps`). Each step either acts at once (draw, score, reveal...) or is a
:class:`ChoiceStep`, which asks one seat to choose among named options (which opponent, which
card to discard, which resource to pay, which project to steal...). :func:`run` executes steps
until one needs a choice: that choice is the state's :class:`Prompt`, and the seat's next action
is ``Choose(key)``. A step holds no hidden card: it names seats, counts and public cards only,
so the same queue is valid in every state a seat cannot tell apart from the real one.

Every instruction is done as far as it can be (« défausser 2 cartes » with one card in hand
discards one; nobody may decline an instruction); options that change nothing are not offered.
Events (a theft, a completed project, a played action, an exhausted deck, the start of a turn)
set off the permanent cards that listen to them; their instructions run right after the step that
caused the event, and instructions of a permanent card never set off another one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .effects import (
    Action,
    Assign,
    AtLeast,
    Conditional,
    DiscardCards,
    DiscardResources,
    Draw,
    ExtraTurn,
    Fewest,
    GainPrestige,
    HasProject,
    Hide,
    LosePrestige,
    Move,
    Pay,
    ProjectState,
    Resource,
    Reveal,
    Statement,
    StealPrestige,
    StealProjects,
    StealResources,
    Target,
)
from .model import Ctx
from .table import Fired, OpenProject, Step, Table

__all__ = [
    "ChoiceStep",
    "EndTurnStep",
    "FinishProject",
    "NextTurnStep",
    "Prompt",
    "StartTurnStep",
    "effect_steps",
    "run",
]

Option = tuple[str, str]
"""A choice: its key (what ``Choose`` sends) and its French label."""


@dataclass(frozen=True, slots=True)
class Prompt:
    """What the rules wait for: ``seat`` chooses one of ``options`` (key, label)."""

    seat: int
    question: str
    options: tuple[Option, ...]

    def choices(self) -> tuple[str, ...]:
        return tuple(key for key, _ in self.options)


class ChoiceStep(Step):
    """A step that waits for one seat's choice among :meth:`options`."""

    __slots__ = ()

    def chooser(self, table: Table) -> int:
        raise NotImplementedError

    def question(self, table: Table) -> str:
        raise NotImplementedError

    def options(self, table: Table) -> list[Option]:
        raise NotImplementedError

    def choose(self, table: Table, key: str) -> None:
        raise NotImplementedError

    def exhausted(self, table: Table) -> None:
        """Called instead of :meth:`choose` when there is nothing (left) to choose."""


# --- helpers -----------------------------------------------------------------------------------


def _push(table: Table, *steps: Step) -> None:
    table.steps[0:0] = steps


def _who(table: Table, seat: int) -> str:
    return table.name(seat)


def _project_label(table: Table, viewer: int, owner: int, position: int) -> str:
    project = table.projects[owner][position]
    known = viewer in project.seen
    what = f"« {table.card(project.card).name} »" if known else "carte inconnue"
    face = "dévoilé" if project.revealed else "caché"
    banners = ", ".join(sorted(table.banner(c) for c in project.resources)) or "aucune ressource"
    whose = "votre projet" if owner == viewer else f"projet de {_who(table, owner)}"
    return f"{whose} n° {position + 1} ({face}, {what}, {banners})"


def _from_project(table: Table, viewer: int, owner: int, position: int) -> str:
    """« de votre projet n° 1 (…) », « du projet de joueur 2 n° 1 (…) »."""
    label = _project_label(table, viewer, owner, position)
    return f"de {label}" if owner == viewer else f"du {label}"


def _matches(table: Table, card: str, resource: Resource | None) -> bool:
    return resource is None or table.banner(card) == resource


def _resource_slots(
    table: Table, seat: int, resource: Resource | None
) -> list[tuple[int, Resource]]:
    """(project position, banner) pairs holding at least one matching resource."""
    slots: list[tuple[int, Resource]] = []
    for position in range(len(table.projects[seat])):
        for banner in ("or", "malice", "techno"):
            if (resource is None or banner == resource) and table.banners(seat, position)[banner]:
                slots.append((position, banner))
    return slots


def _face(project: OpenProject, state: ProjectState | None) -> bool:
    return state is None or project.revealed == (state == "devoile")


# --- statements and targets ----------------------------------------------------------------------


def effect_steps(ctx: Ctx, statements: tuple[Statement, ...]) -> list[Step]:
    """The steps of a card's program (modifiers and triggers are not run: they hold while the
    permanent card is active)."""
    return [
        StatementStep(ctx, statement)
        for statement in statements
        if isinstance(statement, Action | Conditional)
    ]


def _condition_holds(table: Table, seat: int, statement: Conditional) -> bool:
    condition = statement.condition
    if isinstance(condition, HasProject):
        rows = table.projects[seat]
        return any(_face(rows[p], condition.state) for p in table.open_positions(seat))
    if isinstance(condition, AtLeast):
        return table.measure(seat, condition.measure) >= condition.count
    assert isinstance(condition, Fewest)
    mine = table.measure(seat, condition.measure)
    return all(
        mine <= table.measure(other, condition.measure) for other in range(len(table.scores))
    )


@dataclass(frozen=True, slots=True)
class StatementStep(Step):
    ctx: Ctx
    statement: Action | Conditional

    @property
    def quiet(self) -> bool:
        return self.ctx.from_trigger

    def execute(self, table: Table) -> None:
        statement = self.statement
        if isinstance(statement, Conditional):
            if not _condition_holds(table, self.ctx.player, statement):
                table.log(
                    f"Condition non remplie : « {table.card(self.ctx.card).name} » n'a pas d'effet."
                )
                return
            statement = statement.action
        _push(table, ResolveStep(self.ctx, statement))


def _subject(action: Action) -> Target:
    """The target an action names (who does it, whose projects, or the victim)."""
    return action.targets()[0]


def candidates(table: Table, ctx: Ctx, target: Target) -> tuple[int, ...]:
    """Seats a target may name; several mean the card's player chooses (ties included)."""
    config = table.config
    seats = range(config.seats)
    match target.kind:
        case "vous":
            return (ctx.player,)
        case "joueur":
            return config.clockwise(ctx.player)
        case "adversaire":
            return tuple(
                s for s in config.clockwise(ctx.player) if s in config.opponents(ctx.player)
            )
        case "cet-adversaire":
            return () if ctx.opponent is None else (ctx.opponent,)
        case "plus-de":
            assert target.measure is not None
            values = {s: table.measure(s, target.measure) for s in seats}
        case "projet-plus-de":
            assert target.measure is not None
            measure = target.measure
            assert measure in ("ressources", "or", "malice", "techno")
            values = {
                s: table.project_measure(s, measure) for s in seats if table.open_positions(s)
            }
        case _:
            raise ValueError(target.kind)
    if not values:
        return ()
    best = max(values.values())
    return tuple(s for s in config.clockwise(ctx.player) if s in values and values[s] == best)


@dataclass(frozen=True, slots=True)
class ResolveStep(Step):
    """Name the seat(s) an action applies to, then perform it."""

    ctx: Ctx
    action: Action

    @property
    def quiet(self) -> bool:
        return self.ctx.from_trigger

    def execute(self, table: Table) -> None:
        target = _subject(self.action)
        if target.kind == "autres":
            _push(
                table,
                *(
                    PerformStep(self.ctx, self.action, s)
                    for s in table.config.others(self.ctx.player)
                ),
            )
            return
        seats = candidates(table, self.ctx, target)
        if len(seats) == 1:
            _push(table, PerformStep(self.ctx, self.action, seats[0]))
        elif seats:
            _push(table, ChooseSeat(self.ctx, self.action, seats))


@dataclass(frozen=True, slots=True)
class ChooseSeat(ChoiceStep):
    """« n'importe quel joueur / adversaire », or a tie for « le plus de… »: the card's player
    names the seat."""

    ctx: Ctx
    action: Action
    seats: tuple[int, ...]

    @property
    def quiet(self) -> bool:
        return self.ctx.from_trigger

    def chooser(self, table: Table) -> int:
        return self.ctx.player

    def question(self, table: Table) -> str:
        return f"« {table.card(self.ctx.card).name} » : quel joueur ?"

    def options(self, table: Table) -> list[Option]:
        return [
            (f"joueur:{s}", "vous" if s == self.ctx.player else _who(table, s)) for s in self.seats
        ]

    def choose(self, table: Table, key: str) -> None:
        _push(table, PerformStep(self.ctx, self.action, int(key.split(":")[1])))


# --- performing one verb ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PerformStep(Step):
    """Do ``action`` with its target resolved to ``seat``."""

    ctx: Ctx
    action: Action
    seat: int

    @property
    def quiet(self) -> bool:
        return self.ctx.from_trigger

    def execute(self, table: Table) -> None:
        ctx, action, seat = self.ctx, self.action, self.seat
        name = _who(table, seat)
        match action:
            case Draw(_, count):
                got = table.draw(seat, count)
                table.log(f"{name} pioche {got} carte{'s' if got > 1 else ''}.")
            case DiscardCards(_, count):
                _push(table, DiscardCard(ctx, seat, count))
            case DiscardResources(_, amount) | Pay(_, amount):
                _push(table, PayResource(ctx, seat, amount.count, amount.resource, action.verb))
            case Assign(_, count, "main"):
                _push(table, AssignHand(ctx, seat, count))
            case Assign(_, count, _):
                _push(table, AssignDeck(ctx, seat, count))
            case GainPrestige(_, amount):
                table.gain(seat, amount)
                table.log(f"{name} obtient {amount} prestige.")
            case LosePrestige(_, amount):
                lost = table.lose(seat, amount)
                table.log(f"{name} perd {lost} prestige.")
            case Move(_, amount):
                _push(table, MoveResource(ctx, seat, amount.count, amount.resource))
            case StealResources(_, amount):
                if self._protected(table, "ressources"):
                    return
                _push(table, StealResource(ctx, seat, amount.count, amount.resource, 0))
            case StealPrestige(_, amount):
                if self._protected(table, "prestige"):
                    return
                stolen = table.lose(seat, amount)
                table.gain(ctx.player, stolen)
                table.log(f"{_who(table, ctx.player)} vole {stolen} prestige à {name}.")
                if stolen:
                    _fire_theft(table, ctx, seat)
            case StealProjects(choice):
                if self._protected(table, "projets"):
                    return
                self._projects(table, "voler", choice.quantity, choice.state)
            case Hide(choice):
                self._projects(table, "cacher", choice.quantity, choice.state)
            case Reveal(choice):
                self._projects(table, "devoiler", choice.quantity, choice.state)
            case ExtraTurn(_, count):
                table.extra_turns += count
                table.log(f"{name} jouera {count} tour(s) supplémentaire(s).")
            case _:
                raise TypeError(f"unknown action {action!r}")

    def _protected(self, table: Table, what: Literal["ressources", "prestige", "projets"]) -> bool:
        if self.seat == self.ctx.player:
            table.log(f"{_who(table, self.seat)} ne peut pas se voler lui-même : rien ne se passe.")
            return True
        if table.immune(self.seat, what):
            table.log(f"On ne peut pas voler de {what} à {_who(table, self.seat)}.")
            return True
        return False

    def _projects(
        self,
        table: Table,
        verb: Literal["voler", "cacher", "devoiler"],
        quantity: str,
        state: ProjectState | None,
    ) -> None:
        if quantity != "tous":
            _push(
                table, PickProjects(self.ctx, verb, self.seat, state, quantity == "plusieurs", ())
            )
            return
        rows = table.projects[self.seat]
        positions = [p for p in table.open_positions(self.seat) if _face(rows[p], state)]
        if verb == "voler":
            stolen = 0
            for position in reversed(positions):
                if table.room(self.ctx.player):
                    _steal_project(table, self.ctx.player, self.seat, position)
                    stolen += 1
            if stolen:
                _fire_theft(table, self.ctx, self.seat)
            return
        for position in positions:
            _turn_project(table, self.seat, position, verb == "devoiler")


def _fire_theft(table: Table, ctx: Ctx, victim: int) -> None:
    table.fire(Fired("vol", ctx.player, victim))


def _steal_project(table: Table, thief: int, victim: int, position: int) -> None:
    """« Quand vous volez un projet, vous récupérez également l'ensemble des ressources »; the
    project keeps its face; both players know its card."""
    project = table.projects[victim].pop(position)
    project.seen |= {thief, victim}
    table.projects[thief].append(project)
    table.log(f"{_who(table, thief)} vole un projet de {_who(table, victim)}.")


def _turn_project(table: Table, owner: int, position: int, reveal: bool) -> None:
    project = table.projects[owner][position]
    if reveal:
        project.revealed = True
        project.seen = set(range(table.config.seats))
        table.log(
            f"Projet n° {position + 1} de {_who(table, owner)} dévoilé : "
            f"« {table.card(project.card).name} »."
        )
    else:
        project.revealed = False
        table.log(f"Projet n° {position + 1} de {_who(table, owner)} caché.")


# --- choices ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiscardCard(ChoiceStep):
    """« défausser N cartes »: the discarding seat picks each card from its hand."""

    ctx: Ctx
    seat: int
    remaining: int

    def chooser(self, table: Table) -> int:
        return self.seat

    def question(self, table: Table) -> str:
        return f"Défausser une carte de votre main ({self.remaining} à défausser)."

    def options(self, table: Table) -> list[Option]:
        return [
            (f"carte:{c}", f"« {table.card(c).name} »") for c in sorted(set(table.hands[self.seat]))
        ]

    def choose(self, table: Table, key: str) -> None:
        card = key.split(":", 1)[1]
        table.hands[self.seat].remove(card)
        table.discard.append(card)
        table.log(f"{_who(table, self.seat)} défausse « {table.card(card).name} ».")
        if self.remaining > 1:
            _push(table, DiscardCard(self.ctx, self.seat, self.remaining - 1))


@dataclass(frozen=True, slots=True)
class PayResource(ChoiceStep):
    """« payer / défausser N ressources »: the paying seat picks each resource."""

    ctx: Ctx
    seat: int
    remaining: int
    resource: Resource | None
    verb: str

    def chooser(self, table: Table) -> int:
        return self.seat

    def question(self, table: Table) -> str:
        what = self.resource or "ressource"
        which = "quel" if what == "or" else "quelle"  # « l'or », masculine
        return (
            f"{self.verb.capitalize()} : {which} {what} de vos projets ? ({self.remaining} restant)"
        )

    def options(self, table: Table) -> list[Option]:
        return [
            (f"ressource:{p}:{b}", f"{b} {_from_project(table, self.seat, self.seat, p)}")
            for p, b in _resource_slots(table, self.seat, self.resource)
        ]

    def choose(self, table: Table, key: str) -> None:
        _, position, banner = key.split(":")
        card = table.take_resource(self.seat, int(position), banner)  # type: ignore[arg-type]
        table.discard.append(card)
        table.log(f"{_who(table, self.seat)} défausse une ressource {banner}.")
        if self.remaining > 1:
            _push(
                table,
                PayResource(self.ctx, self.seat, self.remaining - 1, self.resource, self.verb),
            )


@dataclass(frozen=True, slots=True)
class AssignHand(ChoiceStep):
    """« assigner N cartes de la main »: a card of the seat's hand to one of its projects."""

    ctx: Ctx
    seat: int
    remaining: int

    def chooser(self, table: Table) -> int:
        return self.seat

    def question(self, table: Table) -> str:
        return f"Assigner une carte de votre main à un projet ({self.remaining} à assigner)."

    def options(self, table: Table) -> list[Option]:
        return [
            (
                f"assigner:{c}:{p}",
                f"« {table.card(c).name} » ({table.banner(c)}) sur "
                f"{_project_label(table, self.seat, self.seat, p)}",
            )
            for c in sorted(set(table.hands[self.seat]))
            for p in table.open_positions(self.seat)
        ]

    def choose(self, table: Table, key: str) -> None:
        _, card, position = key.split(":")
        table.hands[self.seat].remove(card)
        table.projects[self.seat][int(position)].resources.append(card)
        table.log(f"{_who(table, self.seat)} assigne une ressource {table.banner(card)}.")
        if self.remaining > 1:
            _push(table, AssignHand(self.ctx, self.seat, self.remaining - 1))


@dataclass(frozen=True, slots=True)
class AssignDeck(ChoiceStep):
    """« assigner N cartes de la pioche »: the seat names the project, then the top card of
    the deck goes under it (its banner shows; nobody chose it)."""

    ctx: Ctx
    seat: int
    remaining: int

    @property
    def quiet(self) -> bool:
        return self.ctx.from_trigger

    def chooser(self, table: Table) -> int:
        return self.seat

    def question(self, table: Table) -> str:
        return f"À quel projet assigner la carte de la pioche ? ({self.remaining} à assigner)"

    def options(self, table: Table) -> list[Option]:
        return [
            (f"projet:{p}", _project_label(table, self.seat, self.seat, p))
            for p in table.open_positions(self.seat)
        ]

    def choose(self, table: Table, key: str) -> None:
        position = int(key.split(":")[1])
        project = table.projects[self.seat][position]
        card = table.draw_card()
        if card is None:
            return
        project.resources.append(card)
        table.log(
            f"{_who(table, self.seat)} assigne une ressource {table.banner(card)} de la pioche."
        )
        if self.remaining > 1:
            _push(table, AssignDeck(self.ctx, self.seat, self.remaining - 1))


@dataclass(frozen=True, slots=True)
class MoveResource(ChoiceStep):
    """« déplacer N ressources entre les projets de … »: the card's player moves one resource
    from one project of ``owner`` to another of its projects, N times."""

    ctx: Ctx
    owner: int
    remaining: int
    resource: Resource | None

    def chooser(self, table: Table) -> int:
        return self.ctx.player

    def question(self, table: Table) -> str:
        return f"Déplacer une ressource ({self.remaining} à déplacer)."

    def options(self, table: Table) -> list[Option]:
        destinations = table.open_positions(self.owner)
        viewer = self.ctx.player
        return [
            (
                f"deplacer:{p}:{b}:{d}",
                f"{b} : {_from_project(table, viewer, self.owner, p)} au n° {d + 1}",
            )
            for p, b in _resource_slots(table, self.owner, self.resource)
            for d in destinations
            if d != p
        ]

    def choose(self, table: Table, key: str) -> None:
        _, source, banner, target = key.split(":")
        card = table.take_resource(self.owner, int(source), banner)  # type: ignore[arg-type]
        table.projects[self.owner][int(target)].resources.append(card)
        table.log(
            f"Une ressource {banner} de {_who(table, self.owner)} passe du projet n° "
            f"{int(source) + 1} au n° {int(target) + 1}."
        )
        if self.remaining > 1:
            _push(table, MoveResource(self.ctx, self.owner, self.remaining - 1, self.resource))


@dataclass(frozen=True, slots=True)
class StealResource(ChoiceStep):
    """« voler N ressources à … »: the thief takes one from a project of the victim and puts it
    under one of its own projects (discarded when it has none), N times."""

    ctx: Ctx
    victim: int
    remaining: int
    resource: Resource | None
    stolen: int

    @property
    def quiet(self) -> bool:
        return self.ctx.from_trigger

    def chooser(self, table: Table) -> int:
        return self.ctx.player

    def question(self, table: Table) -> str:
        return f"Voler une ressource à {_who(table, self.victim)} ({self.remaining} à voler)."

    def options(self, table: Table) -> list[Option]:
        thief = self.ctx.player
        targets = [str(d) for d in table.open_positions(thief)] or ["-"]
        return [
            (
                f"voler:{p}:{b}:{d}",
                f"{b} {_from_project(table, thief, self.victim, p)} → "
                + (
                    "défaussée (vous n'avez pas de projet)"
                    if d == "-"
                    else f"votre projet n° {int(d) + 1}"
                ),
            )
            for p, b in _resource_slots(table, self.victim, self.resource)
            for d in targets
        ]

    def choose(self, table: Table, key: str) -> None:
        _, source, banner, target = key.split(":")
        card = table.take_resource(self.victim, int(source), banner)  # type: ignore[arg-type]
        thief = self.ctx.player
        if target == "-":
            table.discard.append(card)
        else:
            table.projects[thief][int(target)].resources.append(card)
        table.log(f"{_who(table, thief)} vole une ressource {banner} à {_who(table, self.victim)}.")
        if self.remaining > 1:
            _push(
                table,
                StealResource(
                    self.ctx, self.victim, self.remaining - 1, self.resource, self.stolen + 1
                ),
            )
        else:
            _fire_theft(table, self.ctx, self.victim)

    def exhausted(self, table: Table) -> None:
        if self.stolen:
            _fire_theft(table, self.ctx, self.victim)


@dataclass(frozen=True, slots=True)
class PickProjects(ChoiceStep):
    """« n'importe lequel / lesquels des projets de … » to steal, hide or reveal: the card's
    player picks one (``multiple``: any number, then « fin »)."""

    ctx: Ctx
    verb: Literal["voler", "cacher", "devoiler"]
    owner: int
    state: ProjectState | None
    multiple: bool
    done: tuple[int, ...]

    @property
    def quiet(self) -> bool:
        return self.ctx.from_trigger

    def chooser(self, table: Table) -> int:
        return self.ctx.player

    def question(self, table: Table) -> str:
        verb = {"voler": "voler", "cacher": "cacher", "devoiler": "dévoiler"}[self.verb]
        more = " (autant que vous voulez, puis « fin »)" if self.multiple else ""
        return f"Quel projet {verb} ?{more}"

    def options(self, table: Table) -> list[Option]:
        if self.verb == "voler" and not table.room(self.ctx.player):
            return []
        rows = table.projects[self.owner]
        options = [
            (f"projet:{p}", _project_label(table, self.ctx.player, self.owner, p))
            for p in table.open_positions(self.owner)
            if _face(rows[p], self.state) and p not in self.done
        ]
        if self.multiple and options:
            options.append(("fin", "Terminé"))
        return options

    def choose(self, table: Table, key: str) -> None:
        if key == "fin":
            self.exhausted(table)
            return
        position = int(key.split(":")[1])
        if self.verb == "voler":
            _steal_project(table, self.ctx.player, self.owner, position)
            if self.multiple:
                _push(
                    table,
                    PickProjects(
                        self.ctx, self.verb, self.owner, self.state, True, (*self.done, -1)
                    ),
                )
            else:
                _fire_theft(table, self.ctx, self.owner)
            return
        _turn_project(table, self.owner, position, self.verb == "devoiler")
        if self.multiple:
            _push(
                table,
                PickProjects(
                    self.ctx, self.verb, self.owner, self.state, True, (*self.done, position)
                ),
            )

    def exhausted(self, table: Table) -> None:
        if self.verb == "voler" and self.done:
            _fire_theft(table, self.ctx, self.owner)


# --- turn structure ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FireStep(Step):
    """An event after a card's instructions (« quand vous jouez une action », « quand vous
    terminez un projet »). ``card``: the plan just completed (« termine »)."""

    event: Literal["joue-action", "termine"]
    actor: int
    card: str = ""

    def execute(self, table: Table) -> None:
        table.fire(Fired(self.event, self.actor, card=self.card))


@dataclass(frozen=True, slots=True)
class DiscardPlayed(Step):
    """« Une fois l'action accomplie, la carte est défaussée. »"""

    card: str

    def execute(self, table: Table) -> None:
        table.discard.append(self.card)


@dataclass(frozen=True, slots=True)
class FinishProject(Step):
    """After a completed plan's instructions: its resources are discarded, and the card too,
    unless it is a permanent plan (it stays, active)."""

    seat: int
    card: str

    @property
    def finishing(self) -> str | None:
        return self.card

    def execute(self, table: Table) -> None:
        for owner in range(table.config.seats):
            project = table.project_of(owner, self.card)
            if project is None:
                continue
            table.projects[owner].remove(project)
            table.discard.extend(project.resources)
            if table.card(self.card).kind == "permanent":
                table.permanents[owner].append(self.card)
            else:
                table.discard.append(self.card)
            return


@dataclass(frozen=True, slots=True)
class EndTurnStep(Step):
    """Everyone refills to 6, from the player who just played; then :class:`NextTurnStep`."""

    def execute(self, table: Table) -> None:
        for seat in table.config.clockwise(table.active):
            table.refill(seat)
        # What comes next is decided once the permanents set off by the refill (an exhausted
        # deck) have resolved: they are queued before this step.
        _push(table, NextTurnStep())


@dataclass(frozen=True, slots=True)
class NextTurnStep(Step):
    """After the refill: an extra turn, the end of the game (only when a round is over), or
    the next player."""

    def execute(self, table: Table) -> None:
        config = table.config
        if table.extra_turns:
            table.extra_turns -= 1
            table.log(f"{_who(table, table.active)} joue un tour supplémentaire.")
            _push(table, StartTurnStep(table.active))
            return
        following = (table.active + 1) % config.seats
        if following == config.starter:
            reason = end_reason(table)
            if reason:
                table.phase = "fin"
                table.reason = reason
                table.log(f"Fin de la partie : {reason}.")
                return
        _push(table, StartTurnStep(following))


def end_reason(table: Table) -> str:
    """Why the game ends at the end of this round (``""``: it goes on)."""
    config = table.config
    if config.target:
        totals = {team: 0 for team in config.teams}
        for seat, team in enumerate(config.teams):
            totals[team] += table.scores[seat]
        if max(totals.values()) >= config.target:
            who = "une équipe" if config.team_play else "un joueur"
            return f"{who} a atteint {config.target} prestige"
    if config.exhaustions and table.exhaustions >= config.exhaustions:
        return f"la pioche a été épuisée {table.exhaustions} fois"
    if config.idle_end and table.idle >= config.seats:
        # Nobody wants to act any more: without an end here, the game could never end.
        return "un tour de table entier s'est passé sans aucune action"
    return ""


@dataclass(frozen=True, slots=True)
class StartTurnStep(Step):
    seat: int

    def execute(self, table: Table) -> None:
        table.active = self.seat
        table.used = 0
        table.turn += 1
        table.fire(Fired("debut-tour", self.seat))


# --- triggers ------------------------------------------------------------------------------------


def _listens(table: Table, owner: int, event: str, fired: Fired) -> bool:
    opponent = fired.actor in table.config.opponents(owner)
    match event:
        case "debut-tour":
            return fired.event == "debut-tour" and fired.actor == owner
        case "adversaire-vous-vole":
            return fired.event == "vol" and fired.victim == owner and opponent
        case "adversaire-vole":
            return fired.event == "vol" and opponent
        case "vous-terminez":
            return fired.event == "termine" and fired.actor == owner
        case "adversaire-termine":
            return fired.event == "termine" and opponent
        case "vous-jouez-action":
            return fired.event == "joue-action" and fired.actor == owner
        case "pioche-epuisee":
            return fired.event == "pioche-epuisee"
    return False


def _trigger_steps(table: Table, fired: Fired) -> list[Step]:
    steps: list[Step] = []
    for owner in table.config.clockwise(table.active):
        for card, trigger in table.triggers(owner):
            # « Les cartes permanentes actives affectent le jeu dès la prochaine action »: a
            # permanent whose completion is the event was not active yet when it happened.
            if card == fired.card:
                continue
            if _listens(table, owner, trigger.event, fired):
                opponent = fired.actor if fired.actor in table.config.opponents(owner) else None
                ctx = Ctx(owner, card, opponent, from_trigger=True)
                steps.append(StatementStep(ctx, trigger.action))
    return steps


def _flush(table: Table, quiet: bool) -> None:
    fired, table.fired = table.fired, []
    if quiet:
        return
    steps = [step for event in fired for step in _trigger_steps(table, event)]
    _push(table, *steps)


def run(table: Table) -> Prompt | None:
    """Execute steps until one waits for a choice (returned) or none is left (``None``).

    A choice with a single option is made at once. When the active player has used all its
    actions, its turn ends here (refills, next turn).
    """
    while True:
        while table.steps:
            step = table.steps[0]
            if isinstance(step, ChoiceStep):
                options = step.options(table)
                if len(options) > 1:
                    return Prompt(step.chooser(table), step.question(table), tuple(options))
                table.steps.pop(0)
                table.trigger = _trigger_of(step)
                if options:
                    step.choose(table, options[0][0])
                else:
                    step.exhausted(table)
            else:
                table.steps.pop(0)
                table.trigger = _trigger_of(step)
                step.execute(table)
            table.trigger = ""
            _flush(table, step.quiet)
        if table.phase == "jeu" and table.used >= table.allowance(table.active):
            table.steps.append(EndTurnStep())
            continue
        return None


def _trigger_of(step: Step) -> str:
    """The permanent card whose trigger ``step`` is part of (``""``: none): its journal lines
    name it (« « Tableau d'honneur » : joueur 1 obtient 1 prestige »)."""
    ctx = getattr(step, "ctx", None)
    return ctx.card if isinstance(ctx, Ctx) and ctx.from_trigger else ""


def choose(table: Table, key: str) -> Prompt | None:
    """Apply a choice to the waiting step, then :func:`run`."""
    step = table.steps.pop(0)
    assert isinstance(step, ChoiceStep)
    table.trigger = _trigger_of(step)
    step.choose(table, key)
    table.trigger = ""
    _flush(table, step.quiet)
    return run(table)


__all__ += [
    "ChooseSeat",
    "DiscardPlayed",
    "FireStep",
    "PerformStep",
    "candidates",
    "choose",
    "end_reason",
]
