"""The greedy Gremlins bot: the action whose resulting position looks best, one action ahead.

On the state drawn from its own view (:meth:`~ludotheque.bots.base.Observation.determinize`),
every legal action — a main action or the answer to a prompt (``Choose``) — is applied and the
position that results is scored by :func:`~.bots_eval.evaluate` (own prestige and the progress
of its plans toward their requirements, resources and hand, minus the opponents'; team-aware).
The first best action wins ties (the order of ``legal_actions``): reproducible from the draws.

At the set-up redraw (option ``nouvelle_main``) it discards the cards :func:`keep_value` finds
poor (expensive actions, plans that give little prestige for the resources they need).
"""

from __future__ import annotations

from collections.abc import Sequence

from ludotheque.bots.base import Observation
from ludotheque.core.rng import Draws

from .actions import Action, Redraw
from .bots_eval import WEIGHTS, Weights, evaluate, first_best, safe_apply
from .cards import Card
from .state import GremlinsState

__all__ = ["GreedyBot", "greedy_action", "keep_value", "redraw_choice", "scored_actions"]

KEEP = 0.5
"""Cards whose :func:`keep_value` is below this are discarded at the set-up redraw."""


def keep_value(card: Card) -> float:
    """How much a card is worth keeping in an opening hand (about 0 to 1.5).

    A gold card is always a useful resource; cheap plans that pay well and cheap actions are
    kept; techno-hungry plans and expensive actions are not.
    """
    base = 0.4 if card.banner == "or" else 0.2 if card.banner == "techno" else 0.3
    if card.kind == "action":
        return base + (0.4 if card.cost.total <= 1 else 0.0)
    assert card.prestige is not None
    ratio = card.prestige / max(1, card.cost.total)
    return base + ratio * 0.6 - 0.15 * card.cost.techno


def redraw_choice(state: GremlinsState, seat: int) -> Redraw:
    """The set-up redraw: discard the poor cards of the hand (at most 4)."""
    hand = sorted(state.hands[seat])
    scored = sorted(hand, key=lambda c: (keep_value(state.catalog[c]), c))
    poor = [c for c in scored if keep_value(state.catalog[c]) < KEEP][:4]
    return Redraw(tuple(sorted(poor)))


def scored_actions(
    state: GremlinsState, seat: int, actions: Sequence[Action], weights: Weights = WEIGHTS
) -> list[float]:
    """The value (for ``seat``) of the position each action leads to (-inf when refused)."""
    values = []
    for action in actions:
        after = safe_apply(state, seat, action)
        values.append(float("-inf") if after is None else evaluate(after, seat, weights))
    return values


def greedy_action(
    state: GremlinsState, seat: int, actions: Sequence[Action], weights: Weights = WEIGHTS
) -> Action:
    """The first of ``actions`` whose resulting position is worth most."""
    if state.phase == "nouvelle-main" and state.prompt is None:
        return redraw_choice(state, seat)
    if len(actions) == 1:
        return actions[0]
    return actions[first_best(scored_actions(state, seat, actions, weights))]


class GreedyBot:
    """One action ahead on the state drawn from its view (see the module doc)."""

    name = "greedy"

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.weights = weights

    def choose(self, observation: Observation, draws: Draws) -> Action:
        legal: Sequence[Action] = observation.legal
        if len(legal) == 1:
            return legal[0]
        state = observation.determinize(draws)
        assert isinstance(state, GremlinsState)
        return greedy_action(state, observation.seat, legal, self.weights)
