"""A mutable working copy of a Gremlins position: the primitive moves of the rules.

:class:`~.state.GremlinsState` is frozen; applying an action opens a :class:`Table` from it,
moves cards and scores with the primitives below (drawing with the reshuffle, discarding,
scoring never below 0...), runs the effect steps (:mod:`.steps`), and freezes the result. The
queries (« le joueur qui a le plus de… », capacities and costs under permanent cards) live here
too, so the legal-move generator and the effect interpreter read the same numbers.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ludotheque.core.rng import Draws, Rng

from .cards import HAND, Card, Cost
from .effects import (
    CostReduction,
    ExtraActions,
    ExtraProjects,
    HandSize,
    Immunity,
    Measure,
    Modifier,
    ProjectMeasure,
    Protected,
    Resource,
    Trigger,
)
from .journal import merge
from .model import ACTIONS_PER_TURN, MAX_PROJECTS, Catalog, Config, Project

__all__ = ["Fired", "LazyDraws", "OpenProject", "Step", "Table"]

JOURNAL = 40
"""Journal lines a state keeps (the most recent)."""


class LazyDraws:
    """The table's random stream, opened only when a rule draws (a reshuffle): most actions
    draw nothing, and opening a generator costs a third of an action's time (bots apply
    thousands of actions a move). ``freeze`` gives the same snapshot as a :class:`Draws`.

    >>> rng = Rng.from_seed(3)
    >>> LazyDraws(rng).freeze() is rng
    True
    >>> LazyDraws(rng).shuffled(range(5)) == rng.draws().shuffled(range(5))
    True
    """

    __slots__ = ("_draws", "_start")

    def __init__(self, start: Rng) -> None:
        self._start = start
        self._draws: Draws | None = None

    def _open(self) -> Draws:
        if self._draws is None:
            self._draws = self._start.draws()
        return self._draws

    def shuffled(self, items: list[str]) -> list[str]:
        return self._open().shuffled(items)

    def freeze(self) -> Rng:
        return self._start if self._draws is None else self._draws.freeze()


@dataclass(slots=True)
class OpenProject:
    """A project while a table is open (mutable twin of :class:`~.model.Project`)."""

    card: str
    revealed: bool
    resources: list[str]
    seen: set[int]

    @classmethod
    def of(cls, project: Project) -> OpenProject:
        return cls(project.card, project.revealed, list(project.resources), set(project.seen))

    def freeze(self) -> Project:
        return Project(self.card, self.revealed, tuple(self.resources), frozenset(self.seen))


@dataclass(frozen=True, slots=True)
class Fired:
    """An event that may set off permanent cards: ``actor`` did it (to ``victim``); ``card``
    is the plan just completed (« termine »), which never reacts to its own completion."""

    event: str  # vol, termine, joue-action, debut-tour, pioche-epuisee
    actor: int
    victim: int | None = None
    card: str = ""


class Step:
    """One thing left to do, on the table's queue (:attr:`Table.steps`). Subclasses are frozen
    dataclasses; the steps of the rules and of the card effects are in :mod:`.steps`."""

    __slots__ = ()

    def execute(self, table: Table) -> None:
        raise NotImplementedError

    @property
    def quiet(self) -> bool:
        """Whether events caused by this step set off permanent cards (not for triggers')."""
        return False

    @property
    def finishing(self) -> str | None:
        """The completed project this step takes off the table (:class:`~.steps.FinishProject`):
        while it waits on the queue, that project is no longer « en cours »."""
        return None


@dataclass(slots=True)
class Table:
    """Everything about a position, mutable, for the time of one action."""

    config: Config
    catalog: Catalog
    phase: str
    deck: list[str]
    discard: list[str]
    hands: list[list[str]]
    projects: list[list[OpenProject]]
    permanents: list[list[str]]
    scores: list[int]
    active: int
    used: int
    turn: int
    exhaustions: int
    extra_turns: int
    redrawn: list[bool]
    steps: list[Step]
    journal: list[str]
    draws: Draws | LazyDraws
    reason: str = ""
    logged: int = 0
    idle: int = 0  # turns in a row ended without any action
    trigger: str = ""  # the permanent card whose trigger is being done (named in its lines)
    fired: list[Fired] = field(default_factory=list)

    # --- cards ---------------------------------------------------------------------------

    def card(self, card_id: str) -> Card:
        return self.catalog[card_id]

    def banner(self, card_id: str) -> Resource:
        return self.catalog[card_id].banner

    def fire(self, event: Fired) -> None:
        self.fired.append(event)

    def log(self, line: str) -> None:
        if self.trigger:
            line = f"« {self.card(self.trigger).name} » : {line}"
        self.journal.append(line)
        self.logged += 1
        del self.journal[:-JOURNAL]

    def merge_journal(self, start: int, cause: str | None = None) -> None:
        """The lines logged since ``start`` (a count of :attr:`logged`) become one sentence:
        one line per action (:func:`.journal.merge`)."""
        added = self.logged - start
        if added <= 0 or (added == 1 and cause is None):
            return
        added = min(added, len(self.journal))
        merged = merge(self.journal[-added:], cause)
        self.journal[-added:] = merged
        self.logged = start + len(merged)

    def name(self, seat: int) -> str:
        """How the journal names a seat (front ends put player names on « joueur N »)."""
        return f"joueur {seat + 1}"

    def reshuffle(self) -> None:
        """« Quand la pioche est épuisée, mélangez toute la défausse » (a new face-down deck)."""
        self.deck = self.draws.shuffled(self.discard)
        self.discard = []

    def draw_card(self) -> str | None:
        """The top card of the deck (``None`` when deck and discard are both empty).

        Taking the last card is an exhaustion (« épuisement »): it is counted, fires « quand
        la pioche est épuisée », and the discard is shuffled into a new deck at once.
        """
        if not self.deck:
            self.reshuffle()
            if not self.deck:
                return None
        card = self.deck.pop(0)
        if not self.deck:
            self.exhaustions += 1
            nth = "1re" if self.exhaustions == 1 else f"{self.exhaustions}e"
            self.log(f"La pioche est épuisée ({nth} fois) : la défausse est mélangée.")
            self.fired.append(Fired("pioche-epuisee", self.active))
            self.reshuffle()
        return card

    def draw(self, seat: int, count: int) -> int:
        """``seat`` draws up to ``count`` cards; returns how many it got."""
        got = 0
        for _ in range(count):
            card = self.draw_card()
            if card is None:
                break
            self.hands[seat].append(card)
            got += 1
        return got

    def hand_target(self, seat: int) -> int:
        """6, plus « piochez N cartes de plus en refaisant votre main »."""
        return HAND + sum(int(m.amount) for m in self.modifiers(seat, HandSize))

    def refill(self, seat: int) -> None:
        missing = self.hand_target(seat) - len(self.hands[seat])
        if missing > 0:
            self.draw(seat, missing)

    def gain(self, seat: int, amount: int) -> None:
        self.scores[seat] += amount

    def lose(self, seat: int, amount: int) -> int:
        """« Le score d'un joueur ne peut jamais descendre en dessous de 0 »: what was lost."""
        lost = min(amount, self.scores[seat])
        self.scores[seat] -= lost
        return lost

    # --- projects and resources ----------------------------------------------------------

    def project_of(self, seat: int, card: str) -> OpenProject | None:
        for project in self.projects[seat]:
            if project.card == card:
                return project
        return None

    def take_resource(self, seat: int, position: int, banner: Resource) -> str:
        """Remove one resource of ``banner`` from a project (the last one assigned)."""
        resources = self.projects[seat][position].resources
        for index in range(len(resources) - 1, -1, -1):
            if self.banner(resources[index]) == banner:
                return resources.pop(index)
        raise ValueError(f"no {banner} on project {position} of seat {seat}")

    def banners(self, seat: int, position: int) -> Counter[Resource]:
        return Counter(self.banner(c) for c in self.projects[seat][position].resources)

    def resource_count(self, seat: int, resource: Resource | None = None) -> int:
        return sum(
            1
            for project in self.projects[seat]
            for card in project.resources
            if resource is None or self.banner(card) == resource
        )

    def completing(self) -> set[str]:
        """Cards of projects completed whose instructions are being followed: no longer « en
        cours » (they neither count toward the limit nor take new resources), though their
        resources stay until the instructions are done."""
        return {card for step in self.steps if (card := step.finishing) is not None}

    def open_positions(self, seat: int) -> list[int]:
        """Positions of the seat's projects « en cours »."""
        closing = self.completing()
        return [p for p, project in enumerate(self.projects[seat]) if project.card not in closing]

    def capacity(self, seat: int) -> int:
        """3 projects, plus « vous pouvez avoir N projets de plus »."""
        return MAX_PROJECTS + sum(int(m.amount) for m in self.modifiers(seat, ExtraProjects))

    def room(self, seat: int) -> bool:
        return len(self.open_positions(seat)) < self.capacity(seat)

    def allowance(self, seat: int) -> int:
        """Actions this turn: 2, plus « N actions de plus par tour » (read live: a permanent
        completed by the first action already gives its action in the same turn)."""
        return ACTIONS_PER_TURN + sum(int(m.amount) for m in self.modifiers(seat, ExtraActions))

    def immune(self, seat: int, what: Protected) -> bool:
        return any(m.protected == what for m in self.modifiers(seat, Immunity))

    def action_cost(self, seat: int, card_id: str) -> Cost:
        """An action's cost after « vos actions or|malice coûtent N de moins » (never below 0;
        several such cards add up)."""
        return reduced_cost(self.card(card_id).cost, list(self.modifiers(seat, CostReduction)))

    def modifiers(self, seat: int, kind: type[Modifier]) -> list[Any]:
        return [
            statement
            for card in self.permanents[seat]
            for statement in self.card(card).effect
            if isinstance(statement, kind)
        ]

    def triggers(self, seat: int) -> list[tuple[str, Trigger]]:
        return [
            (card, statement)
            for card in self.permanents[seat]
            for statement in self.card(card).effect
            if isinstance(statement, Trigger)
        ]

    # --- measures (« le joueur qui a le plus de… ») -----------------------------------------

    def measure(self, seat: int, measure: Measure) -> int:
        if measure == "prestige":
            return self.scores[seat]
        if measure == "projets":
            return len(self.open_positions(seat))
        if measure == "ressources":
            return self.resource_count(seat)
        return self.resource_count(seat, measure)

    def project_measure(self, seat: int, measure: ProjectMeasure) -> int:
        """The count of the seat's best project (0 without projects)."""
        best = 0
        for position in self.open_positions(seat):
            project = self.projects[seat][position]
            if measure == "ressources":
                value = len(project.resources)
            else:
                value = self.banners(seat, position)[measure]
            best = max(best, value)
        return best

    def requirements_met(self, seat: int, position: int) -> bool:
        """Whether a plan's project has the resources its card asks (typed, then any)."""
        project = self.projects[seat][position]
        card = self.card(project.card)
        if card.kind == "action":
            return False
        have = self.banners(seat, position)
        need = card.cost
        return (
            have["or"] >= need.gold
            and have["malice"] >= need.malice
            and have["techno"] >= need.techno
            and len(project.resources) >= need.total
        )


def reduced_cost(cost: Cost, reductions: list[CostReduction]) -> Cost:
    """``cost`` less every reduction, part by part, never below 0.

    >>> reduced_cost(Cost(gold=1, malice=2), [CostReduction(1, "malice")])
    Cost(gold=1, malice=1, techno=0, any=0)
    >>> reduced_cost(Cost(gold=1), [CostReduction(1, "malice")])
    Cost(gold=1, malice=0, techno=0, any=0)
    >>> reduced_cost(Cost(gold=1, any=1), [CostReduction(2)])
    Cost(gold=0, malice=0, techno=0, any=0)
    """
    gold, malice, other = cost.gold, cost.malice, cost.any
    for reduction in reductions:
        left = reduction.amount
        if reduction.resource == "or":
            gold, left = max(0, gold - left), 0
        elif reduction.resource == "malice":
            malice, left = max(0, malice - left), 0
        else:  # « vos actions coûtent N de moins »: any part, « ressource » first
            for part in ("any", "gold", "malice"):
                value = {"any": other, "gold": gold, "malice": malice}[part]
                cut = min(value, left)
                left -= cut
                if part == "any":
                    other -= cut
                elif part == "gold":
                    gold -= cut
                else:
                    malice -= cut
    return Cost(gold=gold, malice=malice, techno=0, any=other)
