"""Shared helpers for the Gremlins rule tests: exact positions built from a real deal.

``position`` starts from ``Gremlins().new`` and rearranges the cards with ``dataclasses.replace``:
the cards named go where the test says, every other card stays in the deck (or the discard), so
every card is on the table exactly once (``invariant_violations`` stays empty, checked).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from ludotheque.core.errors import IllegalAction
from ludotheque.games.gremlins import Gremlins
from ludotheque.games.gremlins.actions import Action, Choose
from ludotheque.games.gremlins.model import Project
from ludotheque.games.gremlins.state import GremlinsState

GAME = Gremlins()

# Plain plans (no effect, nothing to choose): fillers for hands and the deck's top.
PLAIN = ("P01", "P02", "P04", "P05", "P06", "P07", "P08", "P09", "P12", "P13", "P14", "P15")


def new(players: int = 2, seed: int = 1, **options: Any) -> GremlinsState:
    state = GAME.new(players, seed, options)
    assert isinstance(state, GremlinsState)
    return state


def proj(card: str, *resources: str, revealed: bool = False, seen: Iterable[int] = ()) -> Any:
    """A project spec: ``position`` fills in who has seen it (owner; everybody if revealed)."""
    return (card, revealed, tuple(resources), frozenset(seen))


def position(
    players: int = 2,
    *,
    hands: Mapping[int, Sequence[str]] | None = None,
    projects: Mapping[int, Sequence[Any]] | None = None,
    permanents: Mapping[int, Sequence[str]] | None = None,
    scores: Sequence[int] | None = None,
    deck: Sequence[str] = (),
    discard: Sequence[str] = (),
    rest: str = "deck",
    active: int = 0,
    starter: int = 0,
    used: int = 0,
    exhaustions: int = 0,
    seed: int = 1,
    **options: Any,
) -> GremlinsState:
    """A position in play: ``active`` to act, having used ``used`` actions.

    Seats without a hand given get 6 cards of the rest, in id order (plain plans first).
    ``deck`` is the deck's top (first drawn first); the other cards follow it
    (``rest="deck"``) or go to the discard (``rest="discard"``).
    """
    state = new(players, seed, **options)
    hands = dict(hands or {})
    projects = dict(projects or {})
    permanents = dict(permanents or {})
    placed: list[str] = [*deck, *discard]
    for hand in hands.values():
        placed += hand
    for row in projects.values():
        for spec in row:
            placed += [spec[0], *spec[2]]
    for row in permanents.values():
        placed += row
    assert len(placed) == len(set(placed)), f"carte placée deux fois : {placed}"
    assert set(placed) <= set(state.catalog), set(placed) - set(state.catalog)
    pool = [c for c in PLAIN if c not in placed] + sorted(
        c for c in state.catalog if c not in placed and c not in PLAIN
    )
    full_hands = []
    for seat in range(players):
        if seat in hands:
            full_hands.append(tuple(hands[seat]))
        else:
            full_hands.append(tuple(pool[:6]))
            del pool[:6]
    rows = []
    for seat in range(players):
        row = []
        for card, revealed, resources, seen in projects.get(seat, ()):
            who = frozenset(range(players)) if revealed else frozenset({seat, *seen})
            row.append(Project(card, revealed, resources, who))
        rows.append(tuple(row))
    full_deck = tuple(deck) + (tuple(pool) if rest == "deck" else ())
    full_discard = tuple(discard) + (tuple(pool) if rest == "discard" else ())
    state = replace(
        state,
        config=replace(state.config, starter=starter),
        phase="jeu",
        hands=tuple(full_hands),
        projects=tuple(rows),
        permanents=tuple(tuple(permanents.get(s, ())) for s in range(players)),
        scores=tuple(scores) if scores is not None else (0,) * players,
        deck=full_deck,
        discard=full_discard,
        active=active,
        used=used,
        exhaustions=exhaustions,
        redrawn=(True,) * players,
        steps=(),
        prompt=None,
    )
    assert state.invariant_violations() == [], state.invariant_violations()
    return state


def play(state: GremlinsState, *actions: Action | str) -> GremlinsState:
    """Apply actions in order, each by the seat to move (a ``str`` is a ``Choose`` key)."""
    for action in actions:
        move = Choose(action) if isinstance(action, str) else action
        (seat,) = state.to_move()
        state = state.apply(seat, move)
        assert state.invariant_violations() == [], state.invariant_violations()
    return state


def refused(state: GremlinsState, seat: int, action: Action, match: str) -> IllegalAction:
    """The action is refused with a French message matching ``match``; nothing changes."""
    before = state
    with pytest.raises(IllegalAction, match=match) as caught:
        state.apply(seat, action)
    assert state == before
    return caught.value


def choices(state: GremlinsState) -> tuple[str, ...]:
    assert state.prompt is not None, "aucun choix en attente"
    return state.prompt.choices()


def cards_under(state: GremlinsState, seat: int, project: int = 0) -> tuple[str, ...]:
    return state.projects[seat][project].resources
