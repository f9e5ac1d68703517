"""The Expert's search: every legal action weighed over several deals drawn from its view.

A player with hidden cards on the table does not know what the others hold, which face-down
project is which, nor the order of the deck. The Expert draws ``deals`` full states its seat
cannot tell apart from the real one (:meth:`~ludotheque.bots.base.Observation.determinize`),
applies each legal action to every one of them, values the result with the Expert's
evaluation (:data:`~.bots_eval.EXPERT`: the heuristic of :mod:`.bots_eval` plus what the
attacking cards are worth, :func:`~.bots_eval.threat`), and plays the action whose mean value
is best (the first on a tie: reproducible from the draws).

Why not deeper: measured against the greedy bot (paired seeds, both seatings, 400 games each,
see ``docs/performance.md``), a beam search over the rest of its own turn on the same deals
won no more (62 % against 64 % for this one-action search, 4 times slower), and Monte Carlo
roll-outs of whole games (greedy play to the end after each candidate, 6 deals × 3
candidates) won 44 % of 40 games: from the sixth turn on, the final margin of a roll-out varies
by about 9 points between deals while the candidates differ by about 1 point on average, so
the roll-outs mostly measured the luck of the draw. What made the Expert stronger is the
valuation of attacks (greedy: 50 %; with :data:`~.bots_eval.EXPERT`'s weights on one deal:
62 %; on 4 deals: 64 %).

>>> from ludotheque.bots.base import Observation
>>> from ludotheque.core.rng import Rng
>>> from ludotheque.games.gremlins import Gremlins
>>> game = Gremlins()
>>> state = game.new(2, seed=3)
>>> observation = Observation.of(game, state, state.active)
>>> action = DealSearch(deals=2).choose(observation, Rng.from_seed(1).draws())
>>> action in observation.legal
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ludotheque.bots.base import Observation
from ludotheque.core.rng import Draws

from .actions import Action
from .bots_eval import EXPERT, Weights, evaluate, first_best, safe_apply
from .state import GremlinsState

__all__ = ["DEALS", "DealSearch"]

DEALS = 4
"""Deals drawn for each decision: 8 did not win more than 4 (see the module doc)."""


class DealSearch:
    """Each legal action valued on ``deals`` states drawn from the view (see the module doc).

    ``first`` is a state already drawn from the view with the same draws (the level bot's),
    counted as the first deal so it is not drawn twice.
    """

    def __init__(self, deals: int = DEALS, weights: Weights = EXPERT) -> None:
        if deals < 1:
            raise ValueError("deals doit valoir au moins 1.")
        self.deals = deals
        self.weights = weights

    def values(
        self, observation: Observation, draws: Draws, first: GremlinsState | None = None
    ) -> list[float]:
        """The mean value of each legal action over the deals (``-inf`` if a deal refuses it)."""
        legal: Sequence[Action] = observation.legal
        seat = observation.seat
        states: list[GremlinsState] = [] if first is None else [first]
        while len(states) < self.deals:
            state = observation.determinize(draws)
            assert isinstance(state, GremlinsState)
            states.append(state)
        totals = [0.0] * len(legal)
        for state in states:
            for index, action in enumerate(legal):
                after = safe_apply(state, seat, action)
                totals[index] += (
                    float("-inf") if after is None else evaluate(after, seat, self.weights)
                )
        return [total / len(states) for total in totals]

    def choose(
        self, observation: Observation, draws: Draws, first: GremlinsState | None = None
    ) -> Action:
        legal: Sequence[Action] = observation.legal
        if len(legal) == 1:
            return legal[0]
        return legal[first_best(self.values(observation, draws, first))]
