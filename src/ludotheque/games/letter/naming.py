"""Which of the words it sees a Letter bot names, by its level: one common word, or six.

A person names a few words a turn, not thirty: after the first word, a level notices each
further one with its ``notice`` chance and stops at the first it misses (a Débutant names one
word three times in four, rarely three; an Intermédiaire two on average; a Fort three or
four), and nobody names more than :data:`MAX_WORDS_NAMED` (the Expert, who misses almost
nothing, names six words most turns). The whole dictionary makes a dense board read in
hundreds of ways (on a board of 30 letters the best tile reads about 35 new words, and 180
more wait elsewhere: TERCAS, AE…): naming them all, as the greedy engine does, ends games at
4,000 points to 600, nothing like a game between people. The rulebook's example names two to
five words for a letter (AMOUR, AU, MOU, MUR, OU; MURE, RUE): six is an attentive player's
turn (with ten, the Expert scored 970 a game against the Fort's 450; with six, 660 to 300).

The words named are the most familiar first (a person sees ÉTAIT before SOULEVAIS; ranked
by value instead, the Fort named zigzag readings such as REVISITANT and ECLATANTS every turn
and scored twice as much), then the most valuable: those through the tiles placed this turn
come before anything else (every tile placed must serve a named word, rule 6), then the
other new words readable on the board. Each word once (a person says a word once), on a path
still new when it is named (rule 8). Placements are ranked by the value of the words the
level would name there (:func:`level_score`).

>>> from ludotheque.bots.levels import LEVELS
>>> from ludotheque.core.rng import Rng
>>> draws = Rng.from_seed(3).draws()
>>> sorted({words_noticed(LEVELS["debutant"], draws) for _ in range(200)})[:3]
[1, 2, 3]
>>> max(words_noticed(LEVELS["expert"], draws) for _ in range(50))
6
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from collections.abc import Set as AbstractSet

from ludotheque.bots.levels import Profile, familiarity
from ludotheque.core.rng import Draws

from .actions import Claim
from .bots_greedy import Namer, word_value
from .paths import Noted, Path, WordPaths, is_new
from .state import LetterState

__all__ = ["MAX_WORDS_NAMED", "level_namer", "level_score", "name_words", "words_noticed"]

MAX_WORDS_NAMED = 6
"""Nobody names more words in one turn or one knock."""


def words_noticed(profile: Profile, draws: Draws) -> int:
    """How many words ``profile`` names this time, at most :data:`MAX_WORDS_NAMED`."""
    count = 1
    while count < MAX_WORDS_NAMED and profile.notices(draws):
        count += 1
    return count


def _ranked(state: LetterState, words: WordPaths) -> list[tuple[str, tuple[Path, ...]]]:
    """The words, most familiar first (then most valuable, then alphabetical)."""
    return sorted(
        words.items(),
        key=lambda item: (-familiarity(item[0]), -word_value(state, item[0]), item[0]),
    )


def name_words(
    state: LetterState,
    through: WordPaths,
    standing: WordPaths,
    placed: Collection[str],
    count: int,
    noted: Noted,
) -> tuple[list[Claim], float]:
    """The claims a level naming ``count`` words makes, and their value.

    First the best words through the tiles ``placed`` until each of them is on one, then the
    best of the rest (through words, then ``standing`` ones) up to ``count`` words in all.
    """
    memory: dict[str, list[AbstractSet[str]]] = {word: list(sets) for word, sets in noted.items()}
    claims: list[Claim] = []
    value = 0.0
    named: set[str] = set()
    uncovered = set(placed)

    def take(word: str, paths: tuple[Path, ...], wanted: Callable[[Path], bool]) -> bool:
        nonlocal value
        for path in paths:
            if wanted(path) and is_new(word, path, memory):
                claims.append(Claim(path, word))
                memory.setdefault(word, []).append(frozenset(path))
                named.add(word)
                uncovered.difference_update(path)
                value += word_value(state, word)
                return True
        return False

    ranked_through = _ranked(state, through)
    for word, paths in ranked_through:
        if not uncovered:
            break
        take(word, paths, lambda path: not uncovered.isdisjoint(path))
    for word, paths in (*ranked_through, *_ranked(state, standing)):
        if len(claims) >= count:
            break
        if word not in named:
            take(word, paths, lambda path: True)
    return claims, value


def level_score(state: LetterState, count: int) -> Callable[[WordPaths], float]:
    """How a level ranks placements while searching: the value of the ``count`` best words
    through the tile."""

    def score(words: WordPaths) -> float:
        noticed = sorted(words, key=lambda word: (-familiarity(word), -word_value(state, word)))
        return sum(word_value(state, word) for word in noticed[:count])

    return score


def level_namer(state: LetterState, count: int) -> Namer:
    """The :data:`~.bots_greedy.Namer` of a level naming ``count`` words (:func:`name_words`)."""
    noted = state.noted()

    def namer(
        through: WordPaths, standing: WordPaths, placed: Collection[str]
    ) -> tuple[list[Claim], float]:
        return name_words(state, through, standing, placed, count, noted)

    return namer
