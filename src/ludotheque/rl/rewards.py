"""What an agent is paid when the game ends (every step before pays 0).

- ``"ranking"`` (the default): +1 for a sole first place, −1 for the last place, 0 between
  and for a draw of everyone; with three or more seats the places between are spread evenly
  (``1 − 2·(rank − 1)/(players − 1)``, seats that share a rank share its value). At a table of
  one (a solo mode) the reward is +1 for a win, −1 for a loss.
- ``"score"``: the seat's score minus the mean of the other seats' scores (a solo game: its
  score against its automaton's when the outcome gives both, else its score).

>>> from ludotheque.core.protocol import Outcome
>>> ranking_rewards(Outcome((1, 2, 3)))
[1.0, 0.0, -1.0]
>>> ranking_rewards(Outcome((1, 1)))
[0.0, 0.0]
>>> ranking_rewards(Outcome((1, 2, 2, 4)))
[1.0, 0.0, 0.0, -1.0]
>>> score_rewards(Outcome((2, 1, 3), scores=(10, 16, 4)))
[0.0, 9.0, -9.0]
"""

from __future__ import annotations

from typing import Literal

from ludotheque.core.protocol import Outcome

__all__ = ["REWARDS", "RewardKind", "ranking_rewards", "rewards", "score_rewards"]

RewardKind = Literal["ranking", "score"]
REWARDS: tuple[RewardKind, ...] = ("ranking", "score")


def ranking_rewards(outcome: Outcome) -> list[float]:
    """+1 first … −1 last, shared ranks sharing the mean value of the places they cover."""
    players = len(outcome.ranks)
    if players == 1:
        return [1.0 if outcome.ranks[0] == 1 else -1.0]

    def value(place: int) -> float:  # place 0 = first
        return 1.0 - 2.0 * place / (players - 1)

    result = []
    for rank in outcome.ranks:
        tied = sum(1 for other in outcome.ranks if other == rank)
        places = range(rank - 1, rank - 1 + tied)
        result.append(sum(value(place) for place in places) / tied)
    return [round(r, 12) + 0.0 for r in result]


def score_rewards(outcome: Outcome) -> list[float]:
    """The seat's score minus the mean of the others' (the ranking when there is no score)."""
    if outcome.scores is None:
        return ranking_rewards(outcome)
    scores = [float(s) for s in outcome.scores]
    if len(outcome.ranks) == 1 or len(scores) == 1:
        return [scores[0]]
    total = sum(scores)
    return [s - (total - s) / (len(scores) - 1) for s in scores]


def rewards(outcome: Outcome, kind: RewardKind) -> list[float]:
    """Each seat's final reward of kind ``kind``."""
    if kind == "ranking":
        return ranking_rewards(outcome)
    if kind == "score":
        return score_rewards(outcome)
    raise ValueError(f"unknown reward kind {kind!r} (one of {', '.join(REWARDS)})")
