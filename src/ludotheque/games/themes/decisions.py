"""The judges' decisions of played games, gathered so that the vocabularies can grow (D12).

Every word said for a theme is logged in the game (:class:`~.state.Judgement`): accepted from
the vocabulary, by the judge, by a vote or by silence, or refused. :func:`tally` counts, over
many games, how often each word outside the vocabularies was accepted or refused for a theme —
the candidates to add to (or keep out of) ``scripts/themes_sources/``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ludotheque.core.record import GameRecord

from .cards import entry_key
from .game import Themes
from .state import ThemesState
from .verdicts import Judgement

__all__ = ["WordTally", "judgements_of", "tally"]


@dataclass(frozen=True, slots=True)
class WordTally:
    """How a word fared for a theme (or a pair of themes, in Expert) over the games read."""

    themes: tuple[str, ...]
    word: str
    accepted: int
    refused: int


def judgements_of(record: GameRecord) -> tuple[Judgement, ...]:
    """Every decision of a Thèmes game record, by replaying it."""
    state = record.replay(Themes())
    assert isinstance(state, ThemesState)
    return state.judgements


def tally(judgements: Iterable[Judgement], *, everything: bool = False) -> list[WordTally]:
    """Counts per (themes, word), most decided first; vocabulary words only if ``everything``."""
    accepted: Counter[tuple[tuple[str, ...], str]] = Counter()
    refused: Counter[tuple[tuple[str, ...], str]] = Counter()
    shown: dict[tuple[tuple[str, ...], str], str] = {}
    for judgement in judgements:
        if judgement.by == "vocabulaire" and not everything:
            continue
        key = (judgement.themes, entry_key(judgement.word))
        shown.setdefault(key, judgement.word)
        (accepted if judgement.accepted else refused)[key] += 1
    rows = [
        WordTally(key[0], shown[key], accepted[key], refused[key])
        for key in sorted(shown, key=lambda k: (-(accepted[k] + refused[k]), k))
    ]
    return rows
