"""Building Thèmes positions for the rule tests: chosen themes on top, chosen letters visible."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ludotheque.games.themes import Themes
from ludotheque.games.themes.state import ThemesState
from ludotheque.games.themes.table import Columns, Face

ColumnIds = dict[int, tuple[list[str], list[str]]]


def people_options(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` completed as the lobby does for a table of ``players`` people (so with a
    judge: ``jugement`` defaults to ``juge`` from two people on, D17)."""
    return dict(Themes().info.resolve_options(players, dict(options), people=players))


def with_play(state: ThemesState, **changes: Any) -> ThemesState:
    """``state`` with these fields of its play (its variant's policy) changed."""
    return replace(state, play=replace(state.play, **changes))


def new_state(players: int = 3, seed: int = 1, **options: Any) -> ThemesState:
    """A classic table of ``players`` people (a judge decides words outside the vocabulary)."""
    return Themes().new(players, seed, people_options(players, {"mode": "classique", **options}))


def letter_ids(state: ThemesState, spec: str, taken: set[str]) -> list[str]:
    """Card ids for ``spec``: letters, a constraint after a letter: ``1`` first, ``2`` second,
    ``$`` last (``"ER"``, ``"N1"``, ``"S$"``), each card not in ``taken`` (which it extends)."""
    marks = {"1": "premiere", "2": "seconde", "$": "derniere"}
    wanted: list[tuple[str, str | None]] = []
    for char in spec:
        if char in marks:
            wanted[-1] = (wanted[-1][0], marks[char])
        else:
            wanted.append((char, None))
    ids = []
    for letter, constraint in wanted:
        card = next(
            c.id
            for c in state.catalog.letters.values()
            if c.letter == letter and c.constraint == constraint and c.id not in taken
        )
        taken.add(card)
        ids.append(card)
    return ids


def face_of(state: ThemesState, theme: str) -> Face:
    for card in state.catalog.themes.values():
        if theme in card.sides:
            return (card.id, card.sides.index(theme))
    raise KeyError(theme)


def column_ids(
    state: ThemesState, columns: Mapping[int, tuple[str, str]] | None, taken: set[str]
) -> ColumnIds:
    """The card ids of the visible letters wanted (two specs a column), as ``letter_ids``."""
    return {
        i: (letter_ids(state, a, taken), letter_ids(state, b, taken))
        for i, (a, b) in (columns or {}).items()
    }


def deal_columns(columns: Columns, wanted: ColumnIds, pool: Iterator[str]) -> Columns:
    """``columns`` with the ``wanted`` cards on top, every other card taken from ``pool``."""
    new_columns = []
    for i, (first, second) in enumerate(columns):
        if i in wanted:
            a, b = wanted[i]
            first = tuple(a) + tuple(next(pool) for _ in first[1:])
            second = tuple(b) + tuple(next(pool) for _ in second[1:])
        else:
            first = tuple(next(pool) for _ in first)
            second = tuple(next(pool) for _ in second)
        new_columns.append((first, second))
    return tuple(new_columns)


def themes_on_top(
    state: ThemesState,
    themes: Mapping[int, str] | None,
    fifth_pile: tuple[Face, ...] = (),
    fifth: str | None = None,
) -> tuple[tuple[tuple[Face, ...], ...], tuple[Face, ...], tuple[Face, ...]]:
    """The theme piles (and Expert's ``fifth_pile``) with these ``themes`` (``fifth``) on top,
    every other theme card dealt again in the same places; and the theme box."""
    wanted = {i: face_of(state, t) for i, t in (themes or {}).items()}
    if fifth is not None:
        wanted[-1] = face_of(state, fifth)
    chosen_cards = {face[0] for face in wanted.values()}
    others = iter(
        face
        for pile in (*state.piles, fifth_pile, state.theme_box)
        for face in pile
        if face[0] not in chosen_cards
    )
    piles = []
    for i, pile in enumerate(state.piles):
        top = [wanted[i]] if i in wanted else [next(others)]
        piles.append(tuple(top + [next(others) for _ in pile[1:]]))
    new_fifth: Sequence[Face] = ()
    if fifth_pile:
        top = [wanted[-1]] if -1 in wanted else [next(others)]
        new_fifth = tuple(top + [next(others) for _ in fifth_pile[1:]])
    return tuple(piles), tuple(new_fifth), tuple(others)


def arrange(
    state: ThemesState,
    *,
    hands: Mapping[int, str] | None = None,
    columns: Mapping[int, tuple[str, str]] | None = None,
    themes: Mapping[int, str] | None = None,
    fifth: str | None = None,
    active: int | None = None,
) -> ThemesState:
    """``state`` with these hands, visible letters and themes on top; every other card is dealt
    again in id order into the same places (so no card is created or lost, and the position is
    the same whatever the seed)."""
    taken: set[str] = set()
    hand_ids = {s: letter_ids(state, spec, taken) for s, spec in (hands or {}).items()}
    wanted_columns = column_ids(state, columns, taken)
    rest = [c for c in sorted(state.catalog.letters) if c not in taken]
    pool = iter(rest)
    new_hands = []
    for s, hand in enumerate(state.play.hands):
        new_hands.append(tuple(hand_ids[s]) if s in hand_ids else tuple(next(pool) for _ in hand))
    new_columns = deal_columns(state.columns, wanted_columns, pool)
    draw = tuple(next(pool) for _ in state.draw)
    box = tuple(pool)
    assert len(box) == len(state.box)
    state = replace(state, columns=new_columns, draw=draw, box=box)
    state = with_play(state, hands=tuple(new_hands))
    piles, new_fifth, theme_box = themes_on_top(state, themes, state.play.fifth, fifth)
    state = with_play(replace(state, piles=piles, theme_box=theme_box), fifth=new_fifth)
    if active is not None:
        state = with_play(state, active=active)
    assert state.invariant_violations() == [], state.invariant_violations()
    return state
