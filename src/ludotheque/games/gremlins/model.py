"""The frozen pieces of a Gremlins table: projects, the table's configuration, the card catalog.

A project is the card it was started with, face down or revealed, with the cards assigned to it
as resources (only their banners are public) and the seats that know its card (its owner; every
seat once it has been revealed; a thief and its victim after a theft).

>>> project = Project("P05", seen=frozenset({1}))
>>> project.revealed, project.resources
(False, ())
>>> Config(seats=4, teams=(0, 1, 0, 1), target=20, exhaustions=4, redraw=False,
...        starter=0).opponents(0)
(1, 3)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Final

from .cards import Card

__all__ = ["ACTIONS_PER_TURN", "MAX_PROJECTS", "Catalog", "Config", "Ctx", "Project"]

ACTIONS_PER_TURN: Final = 2
"""« À son tour, chaque joueur peut effectuer 2 actions. »"""
MAX_PROJECTS: Final = 3
"""« Un joueur ne peut jamais avoir plus de 3 projets actifs simultanément. »"""


@dataclass(frozen=True, slots=True)
class Project:
    """A card on the table as a project, its resources (card ids) and who knows its card."""

    card: str
    revealed: bool = False
    resources: tuple[str, ...] = ()
    seen: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Config:
    """What does not change during a game. ``teams[seat]`` is the seat's team (each seat its
    own team in a free-for-all); ``target`` and ``exhaustions`` end the game (0: not used)."""

    seats: int
    teams: tuple[int, ...]
    target: int
    exhaustions: int
    redraw: bool
    starter: int
    idle_end: bool = True
    """A whole round without any action ends the game (the tables of bots, option
    ``fin_tour_passe``; people may pass a round on purpose)."""

    @property
    def team_play(self) -> bool:
        return len(set(self.teams)) < self.seats

    def clockwise(self, first: int) -> tuple[int, ...]:
        """Every seat, from ``first`` on, in the order of play."""
        return tuple((first + step) % self.seats for step in range(self.seats))

    def opponents(self, seat: int) -> tuple[int, ...]:
        """« N'importe quel adversaire »: players who are not in ``seat``'s team."""
        return tuple(s for s in range(self.seats) if self.teams[s] != self.teams[seat])

    def others(self, seat: int) -> tuple[int, ...]:
        """« Tout le monde sauf vous », clockwise from the next seat (teammates included)."""
        return self.clockwise(seat)[1:]

    def team_members(self, team: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if self.teams[s] == team)


@dataclass(frozen=True, slots=True)
class Ctx:
    """Who resolves an effect: ``player`` (the card's player), the ``card`` (public: a played
    action, a completed plan or an active permanent), ``opponent`` (« cet adversaire », for
    triggers) and whether it comes from a trigger (triggers do not fire triggers)."""

    player: int
    card: str
    opponent: int | None = None
    from_trigger: bool = False


class Catalog(Mapping[str, Card]):
    """The cards of a table by id (shared between states, never copied)."""

    __slots__ = ("_by_id", "cards")

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards
        self._by_id = {card.id: card for card in cards}

    def __getitem__(self, card_id: str) -> Card:
        return self._by_id[card_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Catalog) and (other is self or other.cards == self.cards)

    def __hash__(self) -> int:
        return hash(self.cards)

    def __copy__(self) -> Catalog:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Catalog:
        return self
