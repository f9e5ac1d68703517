"""Every word a seat may say now, with what it is worth: what the level bots choose from.

A :class:`Move` is a word of a theme's vocabulary that the seat's cards allow (its hand in the
classic game and Expert, the two turned cards in Simultanée, an unused packet in Équipe) with
one or two cards of the theme's column, taking the cards worth the most
(:func:`~.search.vocabulary_words`); Expert adds the pairs with the fifth theme. ``value`` is
what it adds to the score now: its letters, the theme card, 3 PV for the fifth theme.
:func:`stray_moves` lists words a bot might say by mistake: a word of a related theme's
vocabulary said for this one (it goes to the judge).

>>> from ludotheque.games.themes import Themes
>>> state = Themes().new(2, 3, {"mode": "classique"})
>>> moves = word_moves(state, state.play.active)
>>> all(state.word_problem(state.play.active, move.word) is None for move in moves)
True
>>> all(move.value == move.points + 1 for move in moves)
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ludotheque.core.protocol import Seat, State

from .actions import Word
from .cards import vocabulary
from .classic import ClassicPlay
from .search import vocabulary_words
from .simultaneous import SimultaneousPlay
from .state import ThemesState
from .table import Catalog, visible_themes
from .teams import TeamPlay

__all__ = ["RELATED_SHARE", "Move", "related_themes", "stray_moves", "word_moves"]

FIFTH_POINTS = 3
"""Expert: the fifth theme's card, under the 3 PV marker."""


@dataclass(frozen=True, slots=True)
class Move:
    """A word the seat may say now: ``key`` (its letters), the action, its points now."""

    key: str
    word: Word
    points: int
    """Its letters' points (a constraint card 2)."""

    @property
    def value(self) -> int:
        """What it adds to the score now: its letters, the theme card, 3 PV for the fifth."""
        return self.points + 1 + (FIFTH_POINTS if self.word.fifth else 0)

    @property
    def column(self) -> int:
        return self.word.column


def _sources(state: ThemesState, seat: Seat) -> list[tuple[tuple[str, ...], int | None]]:
    """The seat's own cards: (cards, packet) for each set a word may draw on."""
    play = state.play
    if isinstance(play, ClassicPlay):
        return [(play.hands[seat], None)]
    if isinstance(play, SimultaneousPlay):
        return [(play.turned, None)]
    if isinstance(play, TeamPlay):
        return [
            (cards, packet)
            for packet, cards in enumerate(play.packets)
            if cards and not play.used[packet]
        ]
    raise TypeError(f"variante inconnue des robots de Thèmes : {type(play).__name__}")


def _moves(
    state: ThemesState,
    seat: Seat,
    keys_of: Callable[[int, str], Iterable[str]],
    shown_of: Callable[[int, str, str], str],
) -> list[Move]:
    catalog: Catalog = state.catalog
    moves: list[Move] = []
    for index, theme in enumerate(visible_themes(catalog, state.piles)):
        if theme is None:
            continue
        column = state.visible_letters(index)
        keys = list(keys_of(index, theme))
        for own, packet in _sources(state, seat):
            for key, cards, points in vocabulary_words(keys, own, column, catalog.letters):
                word = Word(index, shown_of(index, theme, key), cards, packet=packet)
                if state.word_problem(seat, word) is None:
                    moves.append(Move(key, word, points))
    return moves


def word_moves(state: State[Any], seat: Seat) -> list[Move]:
    """Every word of the vocabularies ``seat`` may say now (all visible themes), with its best
    cards; in Expert, also each word of both a column's and the fifth theme's vocabularies
    with ``fifth`` set."""
    if not isinstance(state, ThemesState):
        raise TypeError(f"état inconnu des robots de Thèmes : {type(state).__name__}")
    catalog = state.catalog

    def shown(_index: int, theme: str, key: str) -> str:
        return catalog.words(theme).display(key) or key

    moves = _moves(state, seat, lambda _i, theme: catalog.words(theme).forms.values(), shown)
    play = state.play
    if isinstance(play, ClassicPlay) and play.fifth:
        fifth = catalog.words(catalog.theme(play.fifth[0])).forms
        for move in list(moves):
            if move.key in fifth:
                both = Word(move.column, move.word.word, move.word.cards, fifth=True)
                if state.word_problem(seat, both) is None:
                    moves.append(Move(move.key, both, move.points))
    return moves


RELATED_SHARE = 0.05
"""Two themes are related when they share this share of the smaller one's entries (DANS LA MER
and À LA PLAGE, FRUIT and COULEUR…; since the review of the vocabularies VILLE holds no country,
and VILLE and PAYS are no longer related)."""


@functools.cache
def related_themes(theme: str, themes: tuple[str, ...]) -> tuple[str, ...]:
    """The themes of ``themes`` related to ``theme`` (:data:`RELATED_SHARE`).

    >>> related_themes("DANS LA MER", ("À LA PLAGE", "OUTIL", "DANS LA MER"))
    ('À LA PLAGE',)
    """
    own = set(vocabulary(theme).forms)
    related = []
    for other in themes:
        words = set(vocabulary(other).forms)
        if other == theme or not own or not words:
            continue
        if len(own & words) >= RELATED_SHARE * min(len(own), len(words)):
            related.append(other)
    return tuple(related)


def stray_moves(state: State[Any], seat: Seat, columns: Sequence[int]) -> list[Move]:
    """Words a player might say by mistake for the theme of one of ``columns``: an entry of a
    related theme (:func:`related_themes`, among the table's) that this theme's vocabulary
    lacks — « tomate » for FRUIT, « baleine » for À LA PLAGE. They go to the judge."""
    if not isinstance(state, ThemesState):
        raise TypeError(f"état inconnu des robots de Thèmes : {type(state).__name__}")
    catalog = state.catalog
    table_themes = tuple(sorted(catalog.vocabularies))
    origin: dict[str, str] = {}

    def keys_of(index: int, theme: str) -> list[str]:
        if index not in columns:
            return []
        own = catalog.words(theme).forms
        keys = set()
        for other in related_themes(theme, table_themes):
            for key, form in catalog.words(other).forms.items():
                if key not in own:
                    keys.add(origin.setdefault(key, form))
        return sorted(keys)

    return _moves(state, seat, keys_of, lambda _i, _theme, key: origin[key])
