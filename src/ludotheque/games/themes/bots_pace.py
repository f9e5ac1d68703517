"""How long a Thèmes bot of a level takes: to find a word, to give up, to judge.

A person finds a word for a theme with the cards at hand in several seconds, then spells it
(« Le joueur doit épeler le mot qu'il a choisi ») and takes its cards. So a word's thinking time
is :meth:`~ludotheque.bots.levels.Profile.think_seconds` with

- a base of :data:`SEARCH_SECONDS`, plus :data:`RARITY_SECONDS` per Zipf point the word's
  familiarity lies below :data:`FAMILIAR` (a rarer word comes to mind later),
- :data:`LETTER_SECONDS` per letter (spelling it, taking its cards),

times the level's ``slowness`` (Débutant 1.6 … Expert 0.8), spread log-normally by the draws.
A classic turn's hourglass (45 s) holds what fits: the Débutant says two words or so, the
Expert four or five. At the start of a classic turn the bot first notices that the hourglass
came to it (the level's ``reaction``: « C'est alors IMMÉDIATEMENT au tour du joueur à la
gauche »); in Simultanée it must slap the turned cards once it has its word (``reaction``
again). A robot judge answers within its ``reaction``, never more than :data:`JUDGE_SHARE` of
the judge's window, so its silence never speaks for it.

The state has no clock: a bot estimates the time its turn has taken from what the table shows
(the words said this turn, a new hand), each at its median time (:func:`turn_seconds`).

>>> from ludotheque.bots.levels import LEVELS
>>> fort, debutant = LEVELS["fort"], LEVELS["debutant"]
>>> word_seconds(fort, "Paris") < word_seconds(fort, "Ouagadougou")  # longer, rarer
True
>>> word_seconds(debutant, "Paris") / word_seconds(fort, "Paris")  # the Débutant's slowness
1.6
>>> verdict_seconds(debutant, judge_time=5) <= JUDGE_SHARE * 5
True
"""

from __future__ import annotations

from collections.abc import Iterable

from ludotheque.bots.levels import Profile
from ludotheque.core.rng import Draws

from .cards import entry_key
from .familiarity import entry_familiarity

__all__ = [
    "FAMILIAR",
    "GIVE_UP_SECONDS",
    "JUDGE_SHARE",
    "LETTER_SECONDS",
    "RARITY_SECONDS",
    "REDRAW_SECONDS",
    "SEARCH_SECONDS",
    "give_up_seconds",
    "redraw_seconds",
    "turn_seconds",
    "verdict_seconds",
    "word_seconds",
    "worth_redrawing",
]

SEARCH_SECONDS = 6.0
"""Finding a word for a theme with the cards at hand (Fort, a familiar word)."""
LETTER_SECONDS = 0.4
"""A letter of the word: spelling it aloud, taking its card."""
RARITY_SECONDS = 1.5
"""A Zipf point of familiarity below :data:`FAMILIAR`: a rarer word comes later."""
FAMILIAR = 4.5
"""The familiarity (Zipf) from which a word comes to mind at once (« maison », « Paris »)."""
REDRAW_SECONDS = 3.0
"""Discarding three letters and drawing three (« défausser vos trois lettres »)."""
GIVE_UP_SECONDS = 12.0
"""Searching in vain before changing letters (classic) or saying « rien » (Simultanée)."""
JUDGE_SHARE = 0.4
"""A robot judge answers within this share of the judge's window (silence means yes)."""


def _letters(word: str) -> int:
    return len(entry_key(word))


def word_seconds(profile: Profile, word: str, draws: Draws | None = None) -> float:
    """The time ``profile`` takes to find and spell ``word`` (median without ``draws``)."""
    rarity = max(0.0, FAMILIAR - entry_familiarity(word))
    base = SEARCH_SECONDS + RARITY_SECONDS * rarity
    return profile.think_seconds(base, LETTER_SECONDS, _letters(word), draws)


def give_up_seconds(profile: Profile, draws: Draws | None = None) -> float:
    """The time ``profile`` searches in vain before giving up."""
    return profile.think_seconds(GIVE_UP_SECONDS, draws=draws)


def redraw_seconds(profile: Profile, draws: Draws | None = None) -> float:
    """A vain search, then three new letters."""
    return give_up_seconds(profile, draws) + profile.think_seconds(REDRAW_SECONDS, draws=draws)


def worth_redrawing(profile: Profile, left: float) -> bool:
    """Whether, with ``left`` seconds of hourglass, new letters still leave time for a word."""
    return left > redraw_seconds(profile) + profile.think_seconds(SEARCH_SECONDS)


def verdict_seconds(profile: Profile, judge_time: float, draws: Draws | None = None) -> float:
    """A robot judge's answer: its reaction, within :data:`JUDGE_SHARE` of the window."""
    return round(min(profile.reaction_seconds(draws), JUDGE_SHARE * judge_time), 3)


def turn_seconds(
    profile: Profile, words: Iterable[str], *, redrawn: bool = False, searchers: int = 1
) -> float:
    """The time a turn has taken, as the bot estimates it: its reaction to the hourglass, each
    word said at its median time (shared by ``searchers`` teammates searching at once), and
    a new hand.

    >>> from ludotheque.bots.levels import LEVELS
    >>> expert = LEVELS["expert"]
    >>> turn_seconds(expert, []) == expert.reaction
    True
    >>> two = ["Paris", "Lyon"]
    >>> turn_seconds(expert, two, searchers=2) < turn_seconds(expert, two)
    True
    """
    said = sum(word_seconds(profile, word) for word in words) / max(1, searchers)
    extra = redraw_seconds(profile) if redrawn else 0.0
    return round(profile.reaction + said + extra, 3)
