"""Gremlins' four levels (Débutant, Intermédiaire, Fort, Expert): one bot reading its profile.

Every legal action is applied to a state drawn from the bot's view and valued with the
heuristic of :mod:`.bots_eval`, as what it gains over ending the turn (a main action) or over
the worst answer (a question a card asks: which opponent, which card…). The levels differ by

- **card sense** (:data:`SENSES`, Gremlins' counterpart of a vocabulary: what the level
  understands of the cards): how well it reads the banners a plan needs (a Débutant often
  assigns a card whose banner the plan does not need, counting it as progress), and whether it
  knows what the attacking cards are worth (the Expert: :data:`~.bots_eval.EXPERT`);
- **strength of choice** (:meth:`~ludotheque.bots.levels.Profile.pick` over the actions ranked
  by that value; the Expert always plays its best);
- **attention** (:meth:`~ludotheque.bots.levels.Profile.notices`, drawn at each decision): a
  player who does not notice the others this time values its moves by its own position only —
  it neither sees the harm an attack does to the leader nor what the others could take; one
  who notices weighs both (the heuristic's « minus the opponents' »). The set-up redraw
  (option ``nouvelle_main``) is made by a level that notices a poor hand; otherwise the hand is
  kept;
- **search**: the Expert weighs each action over several deals drawn from its view
  (:class:`~.bots_search.DealSearch`); the others over one;
- **pace** (:func:`thinking_seconds`): a person's time per action, longer when several moves
  are close and for the first action of a turn, within 1.5 – 3 s; the server waits it,
  ``simulate`` does not.

There are no mistakes the rulebook punishes in Gremlins (no word to challenge): ``gamble`` is
not used.

>>> from ludotheque.bots.base import Observation, decide
>>> from ludotheque.core.rng import Rng
>>> from ludotheque.games.gremlins import Gremlins
>>> game = Gremlins()
>>> state = game.new(2, seed=3)
>>> seat = state.active
>>> decision = decide(GremlinsLevelBot("fort"), Observation.of(game, state, seat),
...                   Rng.from_seed(1).draws())
>>> decision.action in state.legal_actions(seat), 1.5 <= decision.seconds <= 3.0
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ludotheque.bots.base import Decision, Observation
from ludotheque.bots.levels import LevelBot, Profile
from ludotheque.core.rng import Draws

from .actions import Action, EndTurn, Redraw
from .bots_eval import EXPERT, WEIGHTS, Weights, evaluate, safe_apply, seat_value
from .bots_greedy import redraw_choice
from .bots_search import DEALS, DealSearch
from .state import GremlinsState

__all__ = [
    "BASE_SECONDS",
    "MAX_SECONDS",
    "MIN_SECONDS",
    "PER_OPTION_SECONDS",
    "SENSES",
    "CardSense",
    "GremlinsLevelBot",
    "keeps_passing",
    "move_values",
    "sense_of",
    "thinking_seconds",
]


@dataclass(frozen=True, slots=True)
class CardSense:
    """What a level understands of the cards, and how many deals it weighs an action over."""

    banners: float
    """How much the banners a plan needs count in its progress (1: exactly; below, a resource
    of any banner also counts as progress: :attr:`~.bots_eval.Weights.typed`)."""
    threats: bool
    """Knows what the cards that take prestige or projects are worth (:data:`EXPERT`)."""
    deals: int = 1
    """Deals drawn from its view to weigh each action (:class:`~.bots_search.DealSearch`)."""

    @property
    def weights(self) -> Weights:
        base = EXPERT if self.threats else WEIGHTS
        return base if self.banners >= 1.0 else replace(base, typed=self.banners)


SENSES: Mapping[str, CardSense] = {
    "debutant": CardSense(banners=0.6, threats=False),
    "intermediaire": CardSense(banners=0.8, threats=False),
    "fort": CardSense(banners=1.0, threats=False),
    "expert": CardSense(banners=1.0, threats=True, deals=DEALS),
}
"""Each level's card sense. The shared choice filter alone made no ladder in Gremlins (many
moves are nearly worth the same: Fort 50 % against Intermédiaire, Intermédiaire 59 % against
Débutant, 200 games each); reading the banners well is what separates a beginner from a club
player here (the greedy bot with banners 0.5 wins 30 % against itself, 0.75: 35 %, 0.85:
41 %). Measured: ``python benchmarks/bot_levels.py --game gremlins``."""


def sense_of(profile: Profile) -> CardSense:
    """The card sense of a level (a profile of another name: by its search flag)."""
    known = SENSES.get(profile.name)
    if known is not None:
        return known
    return SENSES["expert"] if profile.search else SENSES["fort"]


BASE_SECONDS = 1.3
"""The median time (× the level's ``slowness``) to act when one move stands out: read what
changed, find the card, click."""
PER_OPTION_SECONDS = 0.25
"""Added for each other move nearly as good as the best (a real choice to weigh), up to
:data:`MAX_OPTIONS`."""
MAX_OPTIONS = 4
FIRST_ACTION_SECONDS = 0.3
"""Added to the first action of a turn: the table is read again after the others' turns."""
ANSWER_FACTOR = 0.8
"""A question asked by a card (which opponent, which card) is answered faster."""
CLOSE = 0.8
"""A move counts as nearly as good as the best when its value reaches this share of it."""
MIN_SECONDS = 1.5
MAX_SECONDS = 3.0
"""The pace the issue asks for Gremlins: 1.5 to 3 s an action, whatever the spread drawn."""


def move_values(
    state: GremlinsState,
    seat: int,
    actions: Sequence[Action],
    attentive: bool = True,
    weights: Weights = WEIGHTS,
) -> list[float]:
    """What each action gains, valued on ``state`` (a state drawn from the seat's view).

    The gain of a main action is over ending the turn (0 for :class:`EndTurn`); of an answer
    to a card's question, over the worst answer (so the worst is 0). ``attentive``: the
    heuristic's value, own team minus the others (:func:`~.bots_eval.evaluate`); otherwise
    the seat's own position only (:func:`~.bots_eval.seat_value`, or the game's result once it
    is over). An action the drawn state refuses is worth ``-inf``.
    """
    values = [_value(safe_apply(state, seat, a), seat, attentive, weights) for a in actions]
    return _gains(values, actions)


def _value(after: GremlinsState | None, seat: int, attentive: bool, weights: Weights) -> float:
    if after is None:
        return float("-inf")
    if attentive or after.outcome() is not None:
        return evaluate(after, seat, weights)
    return seat_value(after, seat, weights)


def _gains(values: list[float], actions: Sequence[Action]) -> list[float]:
    finite = [v for v in values if v != float("-inf")]
    if not finite:
        return values
    base = values[list(actions).index(EndTurn())] if EndTurn() in actions else min(finite)
    return [v - base for v in values]


def thinking_seconds(
    profile: Profile, values: Sequence[float], first: bool, answer: bool, draws: Draws | None
) -> float:
    """A person's time for this decision: :data:`BASE_SECONDS` plus
    :data:`PER_OPTION_SECONDS` for each other move worth :data:`CLOSE` × the best (at most
    :data:`MAX_OPTIONS`), plus :data:`FIRST_ACTION_SECONDS` on a turn's first action; × 0.8
    for a card's question; × the level's slowness, spread, kept within 1.5 – 3 s.

    >>> from ludotheque.bots.levels import LEVELS
    >>> easy = thinking_seconds(LEVELS["fort"], [5.0, 1.0, 0.0], False, False, None)
    >>> hard = thinking_seconds(LEVELS["fort"], [5.0, 4.8, 4.6, 4.5, 4.4], False, False, None)
    >>> 1.5 <= easy < hard <= 3.0
    True
    """
    finite = sorted((v for v in values if v != float("-inf")), reverse=True)
    best = finite[0] if finite else 0.0
    close = sum(1 for v in finite[1:] if best > 0 and v >= CLOSE * best)
    base = BASE_SECONDS + (FIRST_ACTION_SECONDS if first else 0.0)
    seconds = profile.think_seconds(base, PER_OPTION_SECONDS, min(close, MAX_OPTIONS), draws)
    if answer:
        seconds *= ANSWER_FACTOR
    return round(min(MAX_SECONDS, max(MIN_SECONDS, seconds)), 3)


def keeps_passing(state: GremlinsState, seat: int) -> bool:
    """Whether ending the turn is one of the choices at the first action of a turn: only when
    nothing else is legal, or when it ends the game (a whole round without any action) with
    the seat first — a person does not give a whole turn away. (Every other action at least
    banks a resource: a card assigned, a project started. A bot that valued a hand over 6
    cards more than a resource passed turn after turn, and with the other player passing too,
    the game ended 0 – 4.)"""
    legal = state.legal_actions(seat)
    if EndTurn() not in legal or len(legal) == 1:
        return True
    after = safe_apply(state, seat, EndTurn())
    outcome = None if after is None else after.outcome()
    return outcome is not None and seat in outcome.winners


class GremlinsLevelBot(LevelBot):
    """One of the four levels (see the module doc); ``deals`` overrides the card sense's."""

    def __init__(self, profile: Profile | str, **options: Any) -> None:
        super().__init__(profile)
        self.sense = sense_of(self.profile)
        deals = int(options.pop("deals", self.sense.deals))
        if options:
            raise TypeError(f"unknown options: {', '.join(sorted(options))}")
        self.search = DealSearch(deals, self.sense.weights) if deals > 1 else None

    def decide(self, observation: Observation, draws: Draws) -> Decision:
        legal: Sequence[Action] = observation.legal
        seat = observation.seat
        profile = self.profile
        state = observation.determinize(draws)
        assert isinstance(state, GremlinsState)
        if state.phase == "nouvelle-main" and state.prompt is None:
            keen = profile.notices(draws)
            action: Action = redraw_choice(state, seat) if keen else Redraw(())
            return Decision(action, thinking_seconds(profile, [], True, False, draws))
        answer = state.prompt is not None
        first = not answer and state.used == 0
        if len(legal) == 1:
            return Decision(legal[0], thinking_seconds(profile, [], first, answer, draws))
        weights = self.sense.weights
        if self.search is not None:
            # The Expert: every action over several deals, its best; the first deal is the
            # state already drawn. Values are the gains of the mean values.
            values = _gains(self.search.values(observation, draws, state), legal)
        else:
            values = move_values(state, seat, legal, profile.notices(draws), weights)
        allowed = list(values)
        if first and not keeps_passing(state, seat):
            allowed[list(legal).index(EndTurn())] = float("-inf")
        if self.search is not None:
            action = legal[max(range(len(legal)), key=lambda i: (allowed[i], -i))]
        else:
            ranked = [(v, a) for v, a in zip(allowed, legal, strict=True) if v != float("-inf")]
            action = profile.pick(ranked, draws)
        best = max(values)
        seconds = thinking_seconds(profile, values, first, answer, draws)
        if best <= 0:  # nothing beats ending the turn (or every answer is alike): no share
            return Decision(action, seconds)
        return Decision(action, seconds, value=values[list(legal).index(action)], best=best)
