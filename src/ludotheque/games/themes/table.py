"""Table helpers shared by the Simultanée and Équipe variants of Thèmes.

The same table as the classic game (« La mise en place est identique à la version classique »):
four theme piles, two letter piles under each, a face-down draw pile. These helpers are pure
functions over tuples: set-up, taking cards from a column, making up the columns (D5–D7 of the
classic game), turning the theme cards over, choosing a card to give back, scoring. The
classic state (``state.py``) keeps its own copies; its behaviour is unchanged.

>>> flip_tops(((("T1", 0), ("T2", 1)), (), (("T3", 1),)))
((('T1', 1), ('T2', 1)), (), (('T3', 0),))
>>> exhausted(((), (), (("T1", 0),), ()))
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ludotheque.core.rng import Draws

from .cards import CARDS_PER_PILE, PILES, LetterCard, ThemeCard, entry_key
from .claims import card_problems
from .judging import plural_singular
from .search import vocabulary_words
from .state import PILE_LETTERS, Catalog, Columns, Face

__all__ = [
    "Columns",
    "Layout",
    "add_at",
    "cheapest_won",
    "deal",
    "exhausted",
    "flip_tops",
    "letter_points",
    "set_at",
    "take_from_column",
    "tidy_columns",
    "top_theme",
    "visible_letters",
    "visible_themes",
    "vocabulary_choices",
    "word_problem",
]

T = TypeVar("T")


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


def word_problem(
    catalog: Catalog,
    word: str,
    theme: str,
    own: Sequence[str],
    own_name: str,
    column: Sequence[str],
    cards: Sequence[str],
) -> str | None:
    """Why ``cards`` cannot make ``word`` (as said) for ``theme`` with at least one card of
    ``own`` (the turned cards, a packet) and one of ``column`` (French), or None."""
    key = entry_key(word)
    mine = [c for c in cards if c in own]
    theirs = [c for c in cards if c in column]
    strangers = [c for c in cards if c not in own and c not in column]
    if strangers:
        card = catalog.letters.get(strangers[0])
        if card is None:
            return "Une des cartes nommées n'existe pas dans ce jeu."
        return (
            f"La carte {card.letter} ne fait pas partie de {own_name} ni des cartes visibles "
            f"sous {theme}."
        )
    if not mine:
        return f"Il faut au moins une lettre de {own_name}."
    if not theirs:
        return f"Il faut au moins une lettre sous {theme} (ses deux cartes visibles)."
    problems = card_problems(key, [catalog.letters[c] for c in cards], word)
    if problems:
        return problems[0]
    singular = plural_singular(word, theme, catalog.words(theme).forms)
    if singular is not None:
        return (
            f"« {word} » est un pluriel : « Les mots au pluriel (pour mettre un S en dernier) ne "
            f"sont pas acceptés ». Dites « {singular} »."
        )
    return None


def vocabulary_choices(
    catalog: Catalog,
    themes: Sequence[str | None],
    own: Sequence[str],
    columns: Columns,
    *,
    other_themes: bool = False,
    allowed: Mapping[int, bool] | None = None,
) -> list[tuple[int, str, tuple[str, ...]]]:
    """(column, shown word, cards) for vocabulary words that ``own`` and a column allow.

    ``other_themes``: words of *another* visible theme (they go to the judge; random play).
    ``allowed``: columns to consider (all by default).
    """
    found: list[tuple[int, str, tuple[str, ...]]] = []
    for index, theme in enumerate(themes):
        if theme is None or (allowed is not None and not allowed.get(index, False)):
            continue
        if other_themes:
            keys = [
                form
                for t in themes
                if t is not None and t != theme
                for form in catalog.words(t).forms.values()
            ]
        else:
            keys = list(catalog.words(theme).forms.values())
        column = visible_letters(columns, index)
        for key, cards, _points in vocabulary_words(keys, own, column, catalog.letters):
            shown = catalog.words(theme).display(key) or key
            found.append((index, shown, cards))
    return found


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
