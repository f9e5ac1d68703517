"""The arithmetic of ratings, pure: the model, the number players read, the bots' priors, one
game's update.

- **Model**: ``openskill``'s Plackett–Luce (2 to 12 seats, teams, shared ranks), with its
  defaults: a newcomer has μ 25 and σ 25/3, β = 25/6.
- **The number shown**: ``1500 + SCALE · (μ − 25)``, where ``SCALE`` makes 400 points mean
  odds of 10 to 1 in a duel between two players whose ratings are well known, as in Elo: in
  Plackett–Luce the chance that A beats B is ``1 / (1 + exp(−(μA − μB) / c))`` with
  ``c = √(2β² + σA² + σB²)``, so with small σs one μ is ``400 / (ln 10 · √2 · β)`` ≈ 29.5
  points. A rating is « provisoire » for its first :data:`PROVISIONAL_GAMES` rated games.
- **Bots' priors**: each level's μ is placed from the level-against-level win rates measured by
  ``benchmarks/bot_levels.py`` (``docs/bots.md``, « The ladder, measured »): the gap between a
  level and the one below is ``√2 · β · logit(p)``, the μ gap that gives the measured chance
  ``p`` in a duel, where ``p`` is the centre of its 95 % Wilson interval (a 60–0 record is not
  a certainty: 97 %). The Débutant sits at 1500, where a newcomer starts: a person who knows
  the rules holds it level (``docs/bots.md``, « What a person meets »). Bots are anchors: their
  μ never moves, their σ is :data:`BOT_SIGMA` (the gaps are measured; the place of the
  Débutant next to people is a judgement).

>>> displayed(25.0), displayed(25.0 + 400 / SCALE)
(1500, 1900)
>>> [displayed(p.mu) for p in bot_priors("gutenberg").values()]
[1500, 1890, 2142, 2532]
>>> [displayed(p.mu) for p in bot_priors("gremlins").values()]
[1500, 1600, 1684, 1799]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

__all__ = [
    "BASE",
    "BOT_SIGMA",
    "LADDER",
    "MODEL",
    "PROVISIONAL_GAMES",
    "SCALE",
    "Seat",
    "Skill",
    "bot_priors",
    "displayed",
    "level_gap",
    "newcomer",
    "provisional",
    "rate_game",
    "wilson_centre",
]

MODEL = PlackettLuce()
BASE = 1500  # the number shown for a newcomer (μ 25), and for the Débutant
SCALE = 400 / (math.log(10) * math.sqrt(2) * MODEL.beta)  # points per unit of μ (≈ 29.5)
PROVISIONAL_GAMES = 10  # a rating is « provisoire » (shown « 1524 ? ») for its first games
BOT_SIGMA = 2.0  # the bots' fixed uncertainty (≈ 60 points)

LEVELS = ("debutant", "intermediaire", "fort", "expert")

LADDER: dict[str, tuple[tuple[float, int], ...]] = {
    # Each level against the level just below it, weakest pair first: (win rate, games), a
    # shared first place counting half. docs/bots.md, « The ladder, measured »: 60 two-player
    # games a pair (Gremlins: 1,000, its moves are close in value).
    "gutenberg": ((0.93, 60), (0.83, 60), (0.93, 60)),
    "letter": ((0.98, 60), (1.00, 60), (1.00, 60)),
    "themes": ((0.98, 60), (0.92, 60), (0.81, 60)),
    "gremlins": ((0.64, 1000), (0.62, 1000), (0.66, 1000)),
}


@dataclass(frozen=True, slots=True)
class Skill:
    """A rating as the model holds it: the mean μ and the uncertainty σ."""

    mu: float
    sigma: float


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a finished game, for the update: its skill before, its team, its rank."""

    skill: Skill
    team: int
    rank: int


def newcomer() -> Skill:
    """Where every player starts (μ 25, σ 25/3)."""
    return Skill(MODEL.mu, MODEL.sigma)


def displayed(mu: float) -> int:
    """The number players read for a mean μ."""
    return round(BASE + SCALE * (mu - MODEL.mu))


def provisional(games: int) -> bool:
    """Too few rated games for the number to mean much yet."""
    return games < PROVISIONAL_GAMES


def wilson_centre(rate: float, games: int, z: float = 1.96) -> float:
    """The centre of the 95 % Wilson interval of a win rate: 60 wins of 60 are about 97 %.

    >>> round(wilson_centre(1.0, 60), 3), round(wilson_centre(0.5, 60), 3)
    (0.97, 0.5)
    """
    return (rate + z * z / (2 * games)) / (1 + z * z / games)


def level_gap(rate: float, games: int) -> float:
    """The μ gap that makes the stronger of two well-known players win with the measured
    chance (Plackett–Luce with two seats is a logistic curve of scale √2 · β).

    >>> round(level_gap(0.5, 60), 6), round(level_gap(0.93, 60), 1)
    (0.0, 13.2)
    """
    p = wilson_centre(rate, games)
    return math.sqrt(2) * MODEL.beta * math.log(p / (1 - p))


def bot_priors(game: str) -> dict[str, Skill]:
    """Each level's anchored rating in ``game``, weakest first; a game without a measured
    ladder (Enchères) gets every level at the newcomer's μ."""
    steps = LADDER.get(game, ((0.5, 1),) * (len(LEVELS) - 1))
    mu = MODEL.mu
    priors = {LEVELS[0]: Skill(mu, BOT_SIGMA)}
    for level, (rate, games) in zip(LEVELS[1:], steps, strict=True):
        mu += level_gap(rate, games)
        priors[level] = Skill(mu, BOT_SIGMA)
    return priors


def rate_game(seats: Sequence[Seat]) -> list[Skill]:
    """Every seat's skill after a game (Plackett–Luce): seats of a team are rated as that team,
    whose rank is its members' (shared ranks are ties). Fewer than two teams: nothing moves.

    >>> alice, bob = newcomer(), newcomer()
    >>> after = rate_game([Seat(alice, 0, 1), Seat(bob, 1, 2)])
    >>> after[0].mu > 25 > after[1].mu, after[0].sigma < alice.sigma
    (True, True)
    """
    teams = sorted({seat.team for seat in seats})
    if len(teams) < 2:
        return [seat.skill for seat in seats]
    members = [[i for i, seat in enumerate(seats) if seat.team == team] for team in teams]
    rated = MODEL.rate(
        [
            [MODEL.rating(mu=seats[i].skill.mu, sigma=seats[i].skill.sigma) for i in m]
            for m in members
        ],
        ranks=[min(seats[i].rank for i in m) for m in members],
    )
    after = [seat.skill for seat in seats]
    for team, new in zip(members, rated, strict=True):
        for index, rating in zip(team, new, strict=True):
            after[index] = Skill(rating.mu, rating.sigma)
    return after
