"""The four bot levels: each a model of a kind of player, the same four in every game.

A level is a :class:`Profile` (data, not a class per game): the words it knows, how often it
misses the best move, how fast it plays, what it notices of the others, how often it tries a
word it is not sure of. Each game's bots read the profile; ``docs/bots.md`` says what a person
meets at each level and why each number was chosen.

- **Vocabulary** (:meth:`Profile.knows`): a word is known when its everyday familiarity (Zipf
  frequency from :mod:`ludotheque.lexicon.familiarity`, short words discounted, see
  :func:`familiarity`) reaches the level's ``min_zipf``: Débutant 3.5 (about 13,000 forms:
  MAISON, CHAT, VOITURE), Intermédiaire 2.5 (about 41,000), Fort 1.0 (every form wordfreq has
  seen, about 121,000), Expert the whole dictionary (405,000 forms, ZYTHUMS included).
- **Strength of choice** (:meth:`Profile.pick`): among moves ranked by value, the ``top`` best
  are considered (Netskrafl's lower robots pick among their top 20 or 30), those worth less
  than ``floor`` × the best are dropped (Eliot's AIPercent), and the bot walks down the list
  taking each move with probability ``keep`` (Macondo's levels pass each ranked move with a
  probability); if it takes none, it plays the last one considered.
- **Pace** (:meth:`Profile.think_seconds`): a thinking time drawn per decision, the game's own
  base and per-unit seconds (a letter of a word, a word named) times the level's ``slowness``,
  with a log-normal spread. The server waits that long before a bot's move; ``simulate`` and
  the tests do not.
- **Attention** (:meth:`Profile.notices`): where a game rewards watching the others (Letter's
  knocks, Thèmes' claims), the chance to notice an opening, and ``reaction`` seconds before
  acting on it.
- **Mistakes** (``gamble``): where the rulebook punishes a wrong word (Letter's ``penalite``),
  the rate at which the level tries a word it is not sure of.
- **Search** (``search``): Expert plays with the game's look-ahead (draft look-ahead in
  Gutenberg, search over determinised deals in Gremlins…); the others decide one move at a time.

>>> [profile.title for profile in LEVELS.values()]
['Débutant', 'Intermédiaire', 'Fort', 'Expert']
>>> debutant, expert = LEVELS["debutant"], LEVELS["expert"]
>>> debutant.knows("maison"), debutant.knows("zythums"), expert.knows("zythums")
(True, False, True)
>>> from ludotheque.core.rng import Rng
>>> expert.pick([(3, "RAT"), (12, "QUARTZ"), (7, "TOUR")], Rng.from_seed(1).draws())
'QUARTZ'
>>> level("Intermédiaire").name, level("fort").name
('intermediaire', 'fort')
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from ludotheque.bots.base import Decision, Observation
from ludotheque.core.errors import LudoError
from ludotheque.core.rng import Draws
from ludotheque.lexicon.familiarity import zipf
from ludotheque.lexicon.normalize import normalize

__all__ = [
    "LEVELS",
    "LEVEL_NAMES",
    "SHORT_WORD_DISCOUNT",
    "LevelBot",
    "Profile",
    "familiarity",
    "level",
    "level_factories",
]

T = TypeVar("T")

SHORT_WORD_DISCOUNT: Mapping[int, float] = {1: 1.0, 2: 1.0, 3: 0.5}
"""Zipf points taken off short words: wordfreq counts every token of running text, and short
tokens are inflated by abbreviations, initials and foreign words (AE 3.3, JAN 3.9, LOW 3.9
would be « common » otherwise); a person knows a two-letter word by playing word games."""


def familiarity(word: str) -> float:
    """The Zipf frequency of ``word`` minus :data:`SHORT_WORD_DISCOUNT` for its length.

    >>> familiarity("MAISON"), familiarity("AE")
    (5.5, 2.3)
    """
    key = normalize(word)
    return round(zipf(key) - SHORT_WORD_DISCOUNT.get(len(key), 0.0), 6)


@dataclass(frozen=True, slots=True)
class Profile:
    """A kind of player. Every game's bots read these numbers (see the module's docstring)."""

    name: str
    """Command-line and API name: ``debutant``, ``intermediaire``, ``fort``, ``expert``."""
    title: str
    """What a player reads: « Débutant »…"""
    portrait: str
    """One French sentence: the kind of player this is."""
    min_zipf: float | None
    """Vocabulary: the words whose :func:`familiarity` reaches this; None: every word."""
    top: int
    """Strength of choice: the ranked moves considered."""
    keep: float
    """Strength of choice: the chance of taking each considered move in turn (1: the best)."""
    floor: float
    """Strength of choice: a move worth less than ``floor`` × the best is not considered."""
    slowness: float
    """Pace: × the game's own thinking time."""
    notice: float
    """Attention: the chance to notice an opening left by the others."""
    reaction: float
    """Attention: seconds (median) before acting on what it noticed."""
    gamble: float
    """Mistakes: the rate at which it tries a word it is not sure of."""
    search: bool
    """Plays with the game's look-ahead search (Expert)."""

    def knows(self, word: str) -> bool:
        """Whether this level knows ``word`` (any spelling: it is normalised)."""
        return self.min_zipf is None or familiarity(word) >= self.min_zipf

    def known(self, words: Iterable[str]) -> list[str]:
        """The words of ``words`` this level knows, in their order.

        >>> LEVELS["debutant"].known(["CHAT", "ZYTHUM", "MAISON"])
        ['CHAT', 'MAISON']
        """
        if self.min_zipf is None:
            return list(words)
        return [word for word in words if self.knows(word)]

    def pick(self, moves: Iterable[tuple[float, T]], draws: Draws) -> T:
        """One move of ``(value, move)`` pairs by this level's strength of choice.

        The moves are ranked by value, best first (equal values keep their order). The ``top``
        best worth at least ``floor`` × the best are considered; each is taken in turn with
        probability ``keep``; the last considered is played if none was taken. A level with
        ``keep`` 1 always plays the best move and draws nothing.

        >>> from ludotheque.core.rng import Rng
        >>> draws = Rng.from_seed(5).draws()
        >>> moves = [(float(v), v) for v in range(1, 41)]
        >>> picks = [LEVELS["debutant"].pick(moves, draws) for _ in range(2000)]
        >>> 20 <= min(picks) and max(picks) == 40  # never below 0.5 × the best
        True
        >>> LEVELS["debutant"].pick([], draws)
        Traceback (most recent call last):
        ...
        ValueError: no move to pick from
        """
        ranked = sorted(moves, key=lambda pair: -pair[0])
        if not ranked:
            raise ValueError("no move to pick from")
        best = ranked[0][0]
        threshold = best * self.floor if best > 0 else best
        considered = [move for value, move in ranked[: self.top] if value >= threshold]
        if self.keep >= 1.0 or len(considered) == 1:
            return considered[0]
        for move in considered[:-1]:
            if draws.random() < self.keep:
                return move
        return considered[-1]

    def think_seconds(
        self, base: float, per_unit: float = 0.0, units: float = 0.0, draws: Draws | None = None
    ) -> float:
        """A thinking time: ``(base + per_unit × units) × slowness``, spread log-normally
        (σ = 0.3, kept within ×0.6 and ×1.8) when ``draws`` is given.

        >>> LEVELS["debutant"].think_seconds(2.0, 0.5, 6)
        8.0
        >>> from ludotheque.core.rng import Rng
        >>> t = LEVELS["expert"].think_seconds(2.0, draws=Rng.from_seed(1).draws())
        >>> 0.6 * 1.6 <= t <= 1.8 * 1.6  # 2 s × slowness 0.8, spread
        True
        """
        median = (base + per_unit * units) * self.slowness
        if draws is None:
            return round(median, 3)
        spread = math.exp(0.3 * _normal(draws))
        return round(median * min(1.8, max(0.6, spread)), 3)

    def notices(self, draws: Draws) -> bool:
        """Whether it notices an opening this time (probability ``notice``)."""
        return draws.random() < self.notice

    def reaction_seconds(self, draws: Draws | None = None) -> float:
        """Seconds before it acts on what it noticed (``reaction``, spread as a thinking time).

        >>> LEVELS["fort"].reaction_seconds()
        1.5
        """
        if draws is None:
            return self.reaction
        return round(self.reaction * min(1.8, max(0.6, math.exp(0.3 * _normal(draws)))), 3)

    def gambles(self, draws: Draws) -> bool:
        """Whether it tries, this time, a word it is not sure of (probability ``gamble``)."""
        return draws.random() < self.gamble


def _normal(draws: Draws) -> float:
    """A standard normal deviate from two uniform draws (Box–Muller)."""
    u = max(draws.random(), 1e-12)
    return math.sqrt(-2.0 * math.log(u)) * math.cos(2.0 * math.pi * draws.random())


LEVELS: dict[str, Profile] = {
    profile.name: profile
    for profile in (
        Profile(
            name="debutant",
            title="Débutant",
            portrait="Joue les mots de tous les jours, sans chercher le meilleur coup ; "
            "prend son temps et voit peu ce que font les autres.",
            min_zipf=3.5,
            top=12,
            keep=0.3,
            floor=0.5,
            slowness=1.6,
            notice=0.25,
            reaction=4.0,
            gamble=0.10,
            search=False,
        ),
        Profile(
            name="intermediaire",
            title="Intermédiaire",
            portrait="Un joueur de club : un bon vocabulaire courant, trouve souvent un des "
            "meilleurs coups, remarque la moitié de ce que les autres laissent.",
            min_zipf=2.5,
            top=6,
            keep=0.5,
            floor=0.65,
            slowness=1.25,
            notice=0.5,
            reaction=2.5,
            gamble=0.05,
            search=False,
        ),
        Profile(
            name="fort",
            title="Fort",
            portrait="Un joueur aguerri : connaît presque tous les mots qu'on rencontre, joue "
            "le meilleur coup trois fois sur quatre et voit presque tout.",
            min_zipf=1.0,
            top=3,
            keep=0.75,
            floor=0.8,
            slowness=1.0,
            notice=0.8,
            reaction=1.5,
            gamble=0.02,
            search=False,
        ),
        Profile(
            name="expert",
            title="Expert",
            portrait="Un champion : tout le dictionnaire, toujours le meilleur coup qu'il "
            "calcule en regardant plus loin, rien ne lui échappe.",
            min_zipf=None,
            top=1,
            keep=1.0,
            floor=1.0,
            slowness=0.8,
            notice=0.97,
            reaction=0.8,
            gamble=0.0,
            search=True,
        ),
    )
}
"""The four levels, weakest first."""

LEVEL_NAMES: tuple[str, ...] = tuple(LEVELS)


def level(name: str) -> Profile:
    """The profile called ``name`` (any case, with or without accents: « Débutant » works).

    >>> level("champion")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ludotheque.core.errors.LudoError: Niveau inconnu : « champion ». Niveaux : débutant, ...
    """
    key = normalize(name.strip()).lower()
    found = LEVELS.get(key)
    if found is None:
        known = "débutant, intermédiaire, fort, expert"
        raise LudoError(f"Niveau inconnu : « {name} ». Niveaux : {known}.", code="unknown-bot")
    return found


def level_factories(make: Callable[[Profile], Any]) -> dict[str, Callable[..., Any]]:
    """A ``BOTS`` entry per level: ``{"debutant": lambda: make(LEVELS["debutant"]), …}``.

    >>> sorted(level_factories(lambda profile: profile.name))
    ['debutant', 'expert', 'fort', 'intermediaire']
    >>> level_factories(lambda profile: profile.title)["expert"]()
    'Expert'
    """

    def factory(profile: Profile) -> Callable[..., Any]:
        def new(**options: Any) -> Any:
            return make(profile, **options)

        return new

    return {name: factory(profile) for name, profile in LEVELS.items()}


class LevelBot(ABC):
    """A bot playing one :class:`Profile` in one game: each game writes one such class, which
    reads its profile's numbers (never a class per level).

    :meth:`decide` returns the action with its thinking time (and the values the benchmarks
    read); :meth:`choose` is its action, so ``simulate`` (which ignores time) and the server
    (which waits) play the same move.
    """

    def __init__(self, profile: Profile | str) -> None:
        self.profile = profile if isinstance(profile, Profile) else level(profile)
        self.name = self.profile.name

    @abstractmethod
    def decide(self, observation: Observation, draws: Draws) -> Decision:
        """The action this level plays from ``observation``, and its thinking time."""

    def choose(self, observation: Observation, draws: Draws) -> Any:
        return self.decide(observation, draws).action

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.profile.name!r})"
