"""A Gremlins position (immutable) and the protocol around it.

Applying an action thaws the state into a :class:`~.table.Table`, performs the action
(:mod:`.rules`), runs the effect steps until a seat must choose (:mod:`.steps`) and freezes the
table again. Hidden: every hand, the card of a face-down project (except for the seats that know
it), the cards under projects (only their banners are public) and the deck's order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Self

from ludotheque.core.json_types import JsonObject
from ludotheque.core.protocol import Outcome, Seat, State
from ludotheque.core.rng import Draws, Rng

from .actions import Action, Choose, EndTurn, Redraw
from .model import Catalog, Config, Project
from .rules import check_action, legal_main_actions, perform
from .steps import ChoiceStep, DiscardPlayed, Prompt, choose, run
from .table import LazyDraws, OpenProject, Step, Table

__all__ = ["GremlinsState", "Hooks"]


@dataclass(frozen=True, slots=True)
class Hooks:
    """What other modules compute about a state: what each seat sees (:mod:`.views`). They
    read the state, so the state never imports them: :mod:`.game` wires them in as
    :attr:`GremlinsState.hooks`."""

    view: Callable[[GremlinsState, Seat | None], JsonObject]


@dataclass(frozen=True, slots=True)
class GremlinsState(State[Action]):
    hooks: ClassVar[Hooks]

    config: Config
    catalog: Catalog
    phase: str  # « nouvelle-main » (set-up redraws), « jeu », « fin »
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    projects: tuple[tuple[Project, ...], ...]
    permanents: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    active: int
    used: int
    turn: int
    exhaustions: int
    extra_turns: int
    redrawn: tuple[bool, ...]
    steps: tuple[Step, ...]
    prompt: Prompt | None
    journal: tuple[str, ...]
    logged: int
    idle: int
    reason: str
    rng: Rng

    # --- thaw / freeze -------------------------------------------------------------------

    def table(self) -> Table:
        return Table(
            config=self.config,
            catalog=self.catalog,
            phase=self.phase,
            deck=list(self.deck),
            discard=list(self.discard),
            hands=[list(hand) for hand in self.hands],
            projects=[[OpenProject.of(p) for p in row] for row in self.projects],
            permanents=[list(row) for row in self.permanents],
            scores=list(self.scores),
            active=self.active,
            used=self.used,
            turn=self.turn,
            exhaustions=self.exhaustions,
            extra_turns=self.extra_turns,
            redrawn=list(self.redrawn),
            steps=list(self.steps),
            journal=list(self.journal),
            draws=LazyDraws(self.rng),
            reason=self.reason,
            logged=self.logged,
            idle=self.idle,
        )

    @classmethod
    def frozen(cls, table: Table, prompt: Prompt | None) -> GremlinsState:
        return cls(
            config=table.config,
            catalog=table.catalog,
            phase=table.phase,
            deck=tuple(table.deck),
            discard=tuple(table.discard),
            hands=tuple(tuple(hand) for hand in table.hands),
            projects=tuple(tuple(p.freeze() for p in row) for row in table.projects),
            permanents=tuple(tuple(row) for row in table.permanents),
            scores=tuple(table.scores),
            active=table.active,
            used=table.used,
            turn=table.turn,
            exhaustions=table.exhaustions,
            extra_turns=table.extra_turns,
            redrawn=tuple(table.redrawn),
            steps=tuple(table.steps),
            prompt=prompt,
            journal=tuple(table.journal),
            logged=table.logged,
            idle=table.idle,
            reason=table.reason,
            rng=table.draws.freeze(),
        )

    @classmethod
    def started(cls, table: Table) -> GremlinsState:
        """The state once the set-up steps (if any) have run."""
        return cls.frozen(table, run(table))

    # --- protocol ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.config.seats

    def to_move(self) -> frozenset[Seat]:
        if self.phase == "fin":
            return frozenset()
        if self.prompt is not None:
            return frozenset({self.prompt.seat})
        if self.phase == "nouvelle-main":
            for seat in self.config.clockwise(self.config.starter):
                if not self.redrawn[seat]:
                    return frozenset({seat})
        return frozenset({self.active})

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        if seat not in self.to_move():
            return ()
        if self.prompt is not None:
            return tuple(Choose(key) for key in self.prompt.choices())
        if self.phase == "nouvelle-main":
            hand = sorted(self.hands[seat])
            return tuple(
                Redraw(tuple(card for bit, card in enumerate(hand) if mask >> bit & 1))
                for mask in range(1 << len(hand))
            )
        return tuple(legal_main_actions(self.table(), seat))

    def check(self, seat: Seat, action: Action) -> None:
        self.check_seat(seat)
        check_action(self.table(), self.prompt, seat, action)

    def apply(self, seat: Seat, action: Action) -> Self:
        """Checked and applied on one working table (the check reads it, never changes it)."""
        self.check_seat(seat)
        table = self.table()
        check_action(table, self.prompt, seat, action)
        return self._advance(table, seat, action)

    def _next(self, seat: Seat, action: Action) -> Self:
        return self._advance(self.table(), seat, action)

    def _advance(self, table: Table, seat: Seat, action: Action) -> Self:
        start = table.logged
        cause: str | None = None
        if isinstance(action, Choose):
            # An answer to a card's question: its sentence names the card.
            ctx = getattr(table.steps[0], "ctx", None)
            cause = table.card(ctx.card).name if ctx is not None else None
            prompt = choose(table, action.key)
        else:
            perform(table, seat, action)
            prompt = run(table)
        table.merge_journal(start, cause)
        return type(self).frozen(table, prompt)  # type: ignore[return-value]

    def sample_action(self, seat: Seat, draws: Draws) -> Action:
        """A random legal action; a random player ends its turn only now and then (1 in 8),
        so random games build projects instead of passing."""
        actions = self.legal_actions(seat)
        if len(actions) > 1 and EndTurn() in actions:
            if draws.below(8) == 0:
                return EndTurn()
            actions = [a for a in actions if a != EndTurn()]
        return draws.choice(actions)

    def outcome(self) -> Outcome | None:
        if self.phase != "fin":
            return None
        totals = Counter[int]()
        for seat, team in enumerate(self.config.teams):
            totals[team] += self.scores[seat]
        # Teams are ranked among teams (« l'équipe victorieuse est déterminée par la somme »);
        # every member shares its team's rank. Scores stay individual.
        ranks = tuple(
            1 + sum(1 for total in totals.values() if total > totals[team])
            for team in self.config.teams
        )
        return Outcome(ranks, tuple(self.scores), self.reason)

    def view(self, seat: Seat | None) -> JsonObject:
        return self.hooks.view(self, seat)

    def secrets(self, seat: Seat) -> frozenset[str]:
        """Its hand, the cards under its projects, and its projects nobody else knows."""
        secret = set(self.hands[seat])
        for project in self.projects[seat]:
            secret.update(project.resources)
            if project.seen == {seat}:
                secret.add(project.card)
        return frozenset(secret)

    def known_to(self, observer: Seat) -> set[str]:
        """Card ids ``observer`` can place on the table (what its view shows)."""
        known = set(self.discard) | set(self.hands[observer])
        known.update(card for row in self.permanents for card in row)
        known.update(step.card for step in self.steps if isinstance(step, DiscardPlayed))
        for owner, row in enumerate(self.projects):
            for project in row:
                if observer in project.seen:
                    known.add(project.card)
                if owner == observer:
                    known.update(project.resources)
        return known

    def resample_hidden(self, observer: Seat, draws: Draws) -> Self:
        """Redraw every card ``observer`` cannot see: the deck, the other hands, face-down
        projects it does not know, and the cards under other players' projects (each keeps
        its public banner)."""
        pool = sorted(set(self.catalog) - self.known_to(observer))
        by_banner: dict[str, list[str]] = {}
        for card in pool:
            by_banner.setdefault(self.catalog[card].banner, []).append(card)
        for banner in by_banner:
            by_banner[banner] = draws.shuffled(by_banner[banner])
        projects: list[tuple[Project, ...]] = []
        taken: set[str] = set()
        for owner, row in enumerate(self.projects):
            if owner == observer:
                projects.append(row)
                continue
            new_row = []
            for project in row:
                resources = tuple(
                    by_banner[self.catalog[c].banner].pop() for c in project.resources
                )
                taken.update(resources)
                new_row.append(replace(project, resources=resources))
            projects.append(tuple(new_row))
        rest = draws.shuffled([card for card in pool if card not in taken])
        hands = []
        for owner, hand in enumerate(self.hands):
            if owner == observer:
                hands.append(hand)
            else:
                hands.append(tuple(rest.pop() for _ in hand))
        for owner, row in enumerate(projects):
            projects[owner] = tuple(
                project if observer in project.seen else replace(project, card=rest.pop())
                for project in row
            )
        deck = tuple(rest.pop() for _ in self.deck)
        assert not rest
        state = replace(
            self,
            hands=tuple(hands),
            projects=tuple(projects),
            deck=deck,
            rng=Rng.from_seed(draws.below(2**62)),
        )
        return replace(state, prompt=state.current_prompt())

    def current_prompt(self) -> Prompt | None:
        """The prompt of the waiting step, computed again (after a redraw of hidden cards)."""
        if not self.steps or not isinstance(self.steps[0], ChoiceStep):
            return self.prompt
        table = self.table()
        step = self.steps[0]
        assert isinstance(step, ChoiceStep)
        return Prompt(step.chooser(table), step.question(table), tuple(step.options(table)))

    def hides_between_seats(self) -> bool:
        return True

    def invariant_violations(self) -> list[str]:
        problems: list[str] = []
        cards = list(self.deck) + list(self.discard)
        for hand in self.hands:
            cards += hand
        for projects in self.projects:
            for project in projects:
                cards += [project.card, *project.resources]
        for permanents in self.permanents:
            cards += permanents
        cards += [step.card for step in self.steps if isinstance(step, DiscardPlayed)]
        counts = Counter(cards)
        if set(counts) != set(self.catalog) or any(n != 1 for n in counts.values()):
            extra = sorted(c for c, n in counts.items() if n != 1)
            missing = sorted(set(self.catalog) - set(counts))
            problems.append(f"cartes en double {extra} ou perdues {missing}")
        if any(score < 0 for score in self.scores):
            problems.append(f"score négatif {self.scores}")
        table = self.table()
        for seat in range(self.players):
            if len(table.open_positions(seat)) > table.capacity(seat):
                problems.append(f"place {seat} : trop de projets")
            for project in self.projects[seat]:
                if seat not in project.seen or (
                    project.revealed and len(project.seen) != self.players
                ):
                    problems.append(f"place {seat} : projet {project.card} mal connu")
        if self.prompt is not None and self.prompt != self.current_prompt():
            problems.append("le choix attendu ne correspond pas à l'étape en cours")
        if self.phase == "jeu" and self.prompt is None and self.steps:
            problems.append("des étapes restent sans choix à faire")
        return problems
