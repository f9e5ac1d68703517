"""The Thèmes table: its cards, where they lie, and what the three variants do with them.

The same table for every variant (« La mise en place est identique à la version classique »):
four theme piles (the top card's upper side is the visible theme), under each two piles of
letter cards whose top cards are visible (the theme's « colonne »), a face-down draw pile.
These helpers are pure functions over tuples: set-up, taking cards from a column, making up
the columns (D5–D7), turning the theme cards over, choosing a card to give back, scoring,
redrawing what a seat cannot see, and the invariant that no card is created or lost.

>>> flip_tops(((("T1", 0), ("T2", 1)), (), (("T3", 1),)))
((('T1', 1), ('T2', 1)), (), (('T3', 0),))
>>> exhausted(((), (), (("T1", 0),), ()))
True
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Generic, TypeVar, cast

from ludotheque.core.json_types import JsonObject
from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Draws

from .cards import CARDS_PER_PILE, PILES, LetterCard, ThemeCard, Vocabulary, vocabulary

__all__ = [
    "HOURGLASS_SECONDS",
    "PILE_LETTERS",
    "Catalog",
    "Columns",
    "Face",
    "Hooks",
    "Layout",
    "add_at",
    "cheapest_won",
    "copy_state",
    "deal",
    "exhausted",
    "flip_tops",
    "letter_points",
    "lost_cards",
    "resample_letters",
    "resample_themes",
    "seat_ref",
    "set_at",
    "take_from_column",
    "tidy_columns",
    "top_theme",
    "visible_letters",
    "visible_themes",
]

HOURGLASS_SECONDS = 45
"""« 1 sablier de 45 sec »."""
PILE_LETTERS = 5
"""Letters in a pile under a theme (set-up, and D6 when an empty pile is made up again)."""

Face = tuple[str, int]
"""A theme card as it lies: its id and the side up (0: front, 1: back)."""
Columns = tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
"""Two letter piles under each theme pile, top card first."""
T = TypeVar("T")
S = TypeVar("S")


class Catalog:
    """The cards of a table and the vocabularies of its themes (shared, never copied)."""

    __slots__ = ("letters", "themes", "vocabularies")

    def __init__(self, letters: Sequence[LetterCard], themes: Sequence[ThemeCard]) -> None:
        self.letters: Mapping[str, LetterCard] = {card.id: card for card in letters}
        self.themes: Mapping[str, ThemeCard] = {card.id: card for card in themes}
        self.vocabularies: Mapping[str, Vocabulary] = {
            name: vocabulary(name) for card in themes for name in card.sides
        }

    def theme(self, face: Face) -> str:
        return self.themes[face[0]].sides[face[1]]

    def words(self, theme: str) -> Vocabulary:
        return self.vocabularies[theme]

    def __deepcopy__(self, memo: dict[int, Any]) -> Catalog:
        return self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Catalog):
            return NotImplemented
        return self is other or (
            tuple(self.letters.values()) == tuple(other.letters.values())
            and tuple(self.themes.values()) == tuple(other.themes.values())
        )

    def __hash__(self) -> int:
        return hash((tuple(self.letters), tuple(self.themes)))


@dataclass(frozen=True, slots=True)
class Hooks(Generic[S]):
    """What other modules compute about a state: what each seat sees (:mod:`.views`). They
    read the state, so the state never imports them: :mod:`.game` wires them in as the
    ``hooks`` of each state class."""

    view: Callable[[S, Seat | None], JsonObject]


_SHARED = frozenset({"catalog", "rng", "config"})


def copy_state(state: S, memo: dict[int, Any]) -> S:
    """A deep copy of a state that shares its catalog, its rng and its config."""
    values = {
        f.name: getattr(state, f.name)
        if f.name in _SHARED
        else copy.deepcopy(getattr(state, f.name), memo)
        for f in fields(cast(Any, state))
    }
    return type(state)(**values)


def seat_ref(seat: Seat) -> str:
    """How an event line names a seat: « place 2 ». The rules know no names; every front end
    replaces these words with the player's name (``notation.name_seats``). Event lines are
    written so that any name fits them (no verb agreeing with the seat)."""
    return f"place {seat + 1}"


@dataclass(frozen=True, slots=True)
class Layout:
    """A table just set up: the theme piles, the unused theme cards, columns, draw pile."""

    piles: tuple[tuple[Face, ...], ...]
    theme_box: tuple[Face, ...]
    columns: Columns
    draw: tuple[str, ...]


def deal(letters: Sequence[LetterCard], themes: Sequence[ThemeCard], draws: Draws) -> Layout:
    """« 4 piles de 5 cartes Thème », the rest in the box; « 2 piles de 5 cartes Lettre en
    dessous de chaque pile », the rest face down. Each theme card lies with a random side up
    (D3 of the classic game)."""
    deck = draws.shuffled(card.id for card in themes)
    faces: list[Face] = [(card_id, draws.below(2)) for card_id in deck]
    piles = tuple(tuple(faces[i * CARDS_PER_PILE : (i + 1) * CARDS_PER_PILE]) for i in range(PILES))
    theme_box = tuple(faces[PILES * CARDS_PER_PILE :])
    pool = draws.shuffled(card.id for card in letters)
    columns = []
    for _ in range(PILES):
        first, pool = tuple(pool[:PILE_LETTERS]), pool[PILE_LETTERS:]
        second, pool = tuple(pool[:PILE_LETTERS]), pool[PILE_LETTERS:]
        columns.append((first, second))
    return Layout(piles, theme_box, tuple(columns), tuple(pool))


def visible_letters(columns: Columns, column: int) -> tuple[str, ...]:
    """The top card of each letter pile of the column (none, one or two cards)."""
    return tuple(pile[0] for pile in columns[column] if pile)


def visible_themes(catalog: Catalog, piles: Sequence[Sequence[Face]]) -> tuple[str | None, ...]:
    return tuple(catalog.theme(pile[0]) if pile else None for pile in piles)


def take_from_column(columns: Columns, column: int, taken: set[str]) -> Columns:
    """The columns once the visible cards ``taken`` are removed from column ``column``."""
    first, second = (pile[1:] if pile and pile[0] in taken else pile for pile in columns[column])
    return tuple((first, second) if i == column else c for i, c in enumerate(columns))


def tidy_columns(
    piles: Sequence[Sequence[Face]], columns: Columns, draw: tuple[str, ...], box: tuple[str, ...]
) -> tuple[Columns, tuple[str, ...], tuple[str, ...], list[str]]:
    """D5–D6: letters under an exhausted theme pile go to the box; an empty letter pile under a
    theme still in play is made up with five cards of the draw pile. Returns the columns, the
    draw pile, the box and the lines to log."""
    result = list(columns)
    stock = list(draw)
    out = list(box)
    events: list[str] = []
    for index, pile in enumerate(piles):
        column = result[index]
        if not pile:
            if any(column):
                out += [c for letters in column for c in letters]
                result[index] = ((), ())
                events.append(f"Pile de thèmes {index + 1} épuisée : ses lettres sont défaussées.")
            continue
        made_up = []
        for letters in column:
            if not letters and stock:
                letters, stock = tuple(stock[:PILE_LETTERS]), stock[PILE_LETTERS:]
            made_up.append(letters)
        result[index] = (made_up[0], made_up[1])
    return tuple(result), tuple(stock), tuple(out), events


def exhausted(piles: Sequence[Sequence[Face]]) -> bool:
    """« La fin de partie intervient quand 3 des 4 piles de cartes Thème sont épuisées »."""
    return sum(1 for pile in piles if not pile) >= 3


def flip_tops(piles: tuple[tuple[Face, ...], ...]) -> tuple[tuple[Face, ...], ...]:
    """« Toutes les cartes Thème sont ensuite retournées afin qu'il y ait 4 nouveaux thèmes »:
    the top card of each pile is turned over (its other side shows)."""
    return tuple(((pile[0][0], 1 - pile[0][1]), *pile[1:]) if pile else pile for pile in piles)


def letter_points(catalog: Catalog, cards: Sequence[str]) -> int:
    """A letter is worth 1 point, a constraint letter 2."""
    return sum(catalog.letters[c].points for c in cards)


def cheapest_won(
    catalog: Catalog, letters: Sequence[str], themes: Sequence[Face]
) -> tuple[str, int] | None:
    """The won card to give back: the one worth the least, the most recently won among equals,
    a letter before a theme card at equal points. Returns ``("lettre", index)`` or
    ``("theme", index)``; None when nothing was won."""
    best: tuple[tuple[int, int, int], tuple[str, int]] | None = None
    for index, card in enumerate(letters):
        key = (catalog.letters[card].points, 0, -index)
        if best is None or key < best[0]:
            best = (key, ("lettre", index))
    for index in range(len(themes)):
        key = (1, 1, -index)
        if best is None or key < best[0]:
            best = (key, ("theme", index))
    return None if best is None else best[1]


def top_theme(catalog: Catalog, piles: Sequence[Sequence[Face]], column: int) -> tuple[str, ...]:
    """The visible theme of pile ``column`` (none when it is exhausted)."""
    pile = piles[column]
    return (catalog.theme(pile[0]),) if pile else ()


def set_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with ``value`` at ``index``."""
    return tuple(value if i == index else v for i, v in enumerate(values))


def add_at(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    """``values`` with ``amount`` added at ``index``."""
    return tuple(v + amount if i == index else v for i, v in enumerate(values))


def resample_letters(
    draws: Draws,
    held: Sequence[tuple[str, ...]],
    shown: set[str],
    draw: tuple[str, ...],
    columns: Columns,
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...], Columns]:
    """The hidden letters redrawn: the cards ``held`` out of sight (but those ``shown``, kept
    first), the draw pile, and the cards under each visible one."""
    hidden = [c for cards in held for c in cards if c not in shown]
    hidden += draw
    hidden += [c for column in columns for pile in column for c in pile[1:]]
    # Sorted first: the redraw must depend only on what the observer sees.
    letters = iter(draws.shuffled(sorted(hidden)))
    new_held = tuple(
        tuple(sorted(c for c in cards if c in shown))
        + tuple(next(letters) for c in cards if c not in shown)
        for cards in held
    )
    new_draw = tuple(next(letters) for _ in draw)

    def refill(pile: tuple[str, ...]) -> tuple[str, ...]:
        return pile[:1] + tuple(next(letters) for _ in pile[1:])

    new_columns = tuple((refill(first), refill(second)) for first, second in columns)
    return new_held, new_draw, new_columns


def resample_themes(
    draws: Draws,
    piles: tuple[tuple[Face, ...], ...],
    fifth: tuple[Face, ...],
    theme_box: tuple[Face, ...],
) -> tuple[tuple[tuple[Face, ...], ...], tuple[Face, ...], tuple[Face, ...]]:
    """The theme cards under the visible ones and the unused ones redrawn, with their sides."""
    unseen = [face[0] for pile in piles for face in pile[1:]]
    unseen += [face[0] for face in fifth[1:]]
    unseen += [face[0] for face in theme_box]
    themes = iter(draws.shuffled(sorted(unseen)))

    def redraw(faces: tuple[Face, ...]) -> tuple[Face, ...]:
        return tuple((next(themes), draws.below(2)) for _ in faces)

    new_piles = tuple(pile[:1] + redraw(pile[1:]) for pile in piles)
    new_fifth = fifth[:1] + redraw(fifth[1:])
    return new_piles, new_fifth, redraw(theme_box)


def lost_cards(
    catalog: Catalog, columns: Columns, letters: list[str], faces: list[Face]
) -> list[str]:
    """Invariants: the letters of ``columns`` and ``letters``, and the theme cards ``faces``,
    are the catalog's, each once."""
    problems: list[str] = []
    letters = [c for column in columns for pile in column for c in pile] + letters
    if sorted(letters) != sorted(catalog.letters):
        problems.append("des cartes « Lettre » ont été créées ou perdues")
    if sorted(f[0] for f in faces) != sorted(catalog.themes):
        problems.append("des cartes « Thème » ont été créées ou perdues")
    return problems
