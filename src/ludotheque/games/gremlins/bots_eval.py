"""How Gremlins' bots judge a position: a heuristic value, seen from one seat.

The value of a seat (:func:`seat_value`) adds up

- its prestige (weight 1);
- each project: a plan is worth its prestige (plus a bonus for its effect, larger for a
  permanent plan) times a share that grows with the resources it already holds toward its
  requirements (:func:`progress`: typed resources first, missing technology counts more as it
  is the rarest banner), from ``start`` for a bare project to ``ready`` when it can be
  completed; resources a plan does not need (and those under a « faux projet » started with an
  action card) are currency for actions (``currency``, a little more for malice);
- its active permanent plans (their effect, the prestige being already scored);
- its hand (a small value a card), counted as refilled (``refill``): every hand is refilled
  to 6 at the end of every turn, so a card used is not a card lost (without it, passing with
  a full hand looked better than starting a project, and a bot behind would pass and let the
  leader end the game by passing too).

:func:`evaluate` is team-aware: the seat's team total minus a mix of the best and the mean of
the opposing teams' totals (``config.teams``); a finished game is worth +1000 when won alone,
-1000 when lost, 0 for a first place shared by two teams (plus the team's prestige). With
``horizon=True`` (the strong bot) plans that cannot be completed in the turns left (estimated
from the deck, the exhaustions and the prestige target) lose their progress value.

>>> from ludotheque.games.gremlins import Gremlins
>>> state = Gremlins().new(2, seed=1)
>>> round(evaluate(state, 0), 3) == round(evaluate(state, 0), 3)
True
>>> round(progress_of((2, 0, 0), 2, Cost(gold=2, any=1)), 3)  # 2 gold of 2 gold + 1 any
0.667
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action
from .cards import HAND, Card, Cost
from .effects import (
    Conditional,
    CostReduction,
    Effect,
    ExtraActions,
    ExtraProjects,
    HandSize,
    Immunity,
    LosePrestige,
    Statement,
    StealPrestige,
    StealProjects,
    Trigger,
)
from .state import GremlinsState

__all__ = [
    "EXPERT",
    "STRONG",
    "WEIGHTS",
    "Weights",
    "card_worth",
    "evaluate",
    "progress_of",
    "safe_apply",
    "seat_value",
]

_BANNER_INDEX = {"or": 0, "malice": 1, "techno": 2}


@dataclass(frozen=True, slots=True)
class Weights:
    """The heuristic's constants (see the module doc)."""

    start: float = 0.1
    ready: float = 0.75
    curve: float = 1.5
    currency: float = 0.3
    malice: float = 0.1
    hand: float = 0.12
    plan_in_hand: float = 0.05
    techno_missing: float = 1.5
    best_opponent: float = 0.5
    horizon: bool = False
    exposed: float = 0.0
    action: float = 0.0
    risk: float = 0.9
    efficiency: float = 0.0
    refill: bool = True
    plan_threat: float = 0.0
    project_theft: float = 0.0
    hand_threat: float = 0.0
    typed: float = 1.0


WEIGHTS = Weights()
"""The greedy bot's weights."""
STRONG = Weights(horizon=True)
"""The strong bot's weights: plans that cannot be completed in the turns left lose their
progress value."""
EXPERT = Weights(curve=1.2, currency=0.2, plan_threat=0.75, project_theft=3.0, hand_threat=0.5)
"""The Expert's weights: what attacks are worth (:func:`threat`) — a plan that takes prestige
is worth ¾ of the difference it makes, one that steals a project 3 more, an action card that
takes prestige, kept in hand, ½ of that difference (it is not spent as a mere resource) —
and a progress less convex (``curve``) with spare resources worth less (``currency``).
Measured against the greedy bot, both seatings: the attack values alone 60 % of 1000 games
(their neighbours ½ or 1, 5, 0.3: 59 – 61 % of 600; ``hand_threat`` ¾: 55 %, too many cards
kept). From there one weight at a time, 800 games each: ``curve`` 1.2 62 %, 1.8 48 %;
``currency`` 0.2 61 %, 0.4 55 %; ``start`` 0.05 37 %, 0.15 49 %; ``ready``, ``hand``,
``plan_in_hand``, ``malice``, ``techno_missing`` up or down 57 – 60 %. ``curve`` 1.2 with
``currency`` 0.2: 64 % of 1000 games, and 62.6 % and 64.3 % on two fresh sets of 1000."""


_WORTH: dict[tuple[int, int], tuple[Card, Weights, float]] = {}
""":func:`card_worth` by the identities of the card and the weights (both are kept, so their
ids are never reused; hashing a card hashes its whole effect program, which bots did thousands
of times a move)."""


def card_worth(card: Card, weights: Weights = WEIGHTS) -> float:
    """What completing a plan brings: prestige and a value for its effect (0 for an action);
    with the Expert's weights, more for a plan that takes prestige or projects from the others
    (:func:`threat`)."""
    key = (id(card), id(weights))
    known = _WORTH.get(key)
    if known is not None:
        return known[2]
    worth = _card_worth(card)
    if worth and (weights.plan_threat or weights.project_theft):
        worth += weights.plan_threat * threat(card.effect)
        worth += weights.project_theft * sum(
            1 for statement in card.effect if isinstance(_action(statement), StealProjects)
        )
    if len(_WORTH) > 4096:
        _WORTH.clear()
    _WORTH[key] = (card, weights, worth)
    return worth


def _action(statement: Statement) -> object:
    return statement.action if isinstance(statement, Conditional) else statement


def threat(effect: Effect) -> float:
    """The prestige an effect takes from the others, as a difference of scores: « voler N
    prestige » is worth 2N (N for the thief, N less for the victim), « perdre N prestige »
    imposed on someone else N; three quarters of that under a condition (« si vous avez le
    moins de prestige »). Triggers of permanent plans are not counted.

    >>> from .effects import parse_effect
    >>> threat(parse_effect("voler 2 prestige à n'importe quel adversaire"))
    4.0
    >>> threat(parse_effect("le joueur qui a le plus de prestige : perdre 2 prestige"))
    2.0
    >>> threat(parse_effect("piocher 2 cartes"))
    0.0
    """
    total = 0.0
    for statement in effect:
        action = _action(statement)
        share = 0.75 if isinstance(statement, Conditional) else 1.0
        if isinstance(action, StealPrestige):
            total += share * 2 * action.amount
        elif isinstance(action, LosePrestige) and action.who.kind != "vous":
            total += share * action.amount
    return total


_THREAT: dict[int, tuple[Card, float]] = {}


def _card_threat(card: Card) -> float:
    known = _THREAT.get(id(card))
    if known is None:
        if len(_THREAT) > 4096:
            _THREAT.clear()
        known = _THREAT[id(card)] = (card, threat(card.effect))
    return known[1]


def _card_worth(card: Card) -> float:
    if card.kind == "action" or card.prestige is None:
        return 0.0
    bonus = 0.0
    for statement in card.effect:
        if isinstance(statement, ExtraActions):
            bonus += 4.0 * statement.amount
        elif isinstance(statement, HandSize | CostReduction | ExtraProjects):
            bonus += 1.5
        elif isinstance(statement, Immunity):
            bonus += 0.8
        elif isinstance(statement, Trigger):
            bonus += 1.5
        else:
            bonus += 0.5
    return card.prestige + bonus


def progress_of(have: tuple[int, int, int], count: int, need: Cost) -> float:
    """Share (0..1) of ``need`` met by resources with banners ``have`` (gold, malice, techno),
    ``count`` in all; missing technology weighs 1.5."""
    return _progress(have, count, need, 1.5)


def _progress(have: tuple[int, int, int], count: int, need: Cost, techno: float) -> float:
    total = need.total
    if total == 0:
        return 1.0
    gold = min(have[0], need.gold)
    malice = min(have[1], need.malice)
    tech = min(have[2], need.techno)
    spare = count - gold - malice - tech
    other = min(spare, need.any)
    missing = ((need.gold - gold) + (need.malice - malice) + techno * (need.techno - tech)) + (
        need.any - other
    )
    weighted_total = total + (techno - 1) * need.techno
    return max(0.0, 1.0 - missing / weighted_total)


def _missing(have: tuple[int, int, int], count: int, need: Cost) -> int:
    gold = min(have[0], need.gold)
    malice = min(have[1], need.malice)
    tech = min(have[2], need.techno)
    other = min(count - gold - malice - tech, need.any)
    return need.total - gold - malice - tech - other


def turns_left(state: GremlinsState) -> float:
    """A rough count of the turns each seat still plays (∞ when nothing ends the game)."""
    config = state.config
    estimate = float("inf")
    if config.exhaustions:
        rounds_cards = max(1, len(state.deck) + len(state.discard))
        cards = len(state.deck) + (config.exhaustions - state.exhaustions - 1) * rounds_cards
        estimate = max(0.0, cards) / (2.5 * config.seats)
    if config.target:
        totals: dict[int, int] = {}
        for seat, team in enumerate(config.teams):
            totals[team] = totals.get(team, 0) + state.scores[seat]
        gap = config.target - max(totals.values())
        estimate = min(estimate, max(0.0, gap) / 2.0 + 1.0)
    return estimate


def seat_value(state: GremlinsState, seat: int, weights: Weights = WEIGHTS) -> float:
    """The heuristic value of one seat's position (see the module doc)."""
    catalog = state.catalog
    value = float(state.scores[seat])
    left = turns_left(state) if weights.horizon else float("inf")
    for project in state.projects[seat]:
        card = catalog[project.card]
        have = [0, 0, 0]
        for resource in project.resources:
            have[_BANNER_INDEX[catalog[resource].banner]] += 1
        count = len(project.resources)
        if card.kind == "action":
            value += 0.1 + weights.currency * count + weights.malice * have[1]
            continue
        need = card.cost
        triple = (have[0], have[1], have[2])
        share = _progress(triple, count, need, weights.techno_missing)
        if weights.typed < 1.0:  # resources also count toward the requirements, any banner
            loose = min(count, need.total) / need.total if need.total else 1.0
            share = weights.typed * share + (1.0 - weights.typed) * loose
        fraction = weights.start + (weights.ready - weights.start) * share**weights.curve
        if weights.horizon:
            missing = _missing(triple, count, need)
            if (missing + 1) / 2.0 > left + 0.5:
                fraction = weights.start * 0.5 + 0.2 * share
        worth = card_worth(card, weights)
        if weights.efficiency:
            worth *= (worth / (need.total + 2) / 0.8) ** weights.efficiency
        if weights.action:
            missing_w = (1.0 - share) * (need.total + (weights.techno_missing - 1) * need.techno)
            steps = missing_w + 1.0
            if weights.horizon and steps > 2.0 * left + 1.0:
                value += weights.start * worth * share
            else:
                value += max(0.0, worth - weights.action * steps) * weights.risk
        else:
            value += worth * fraction
        useful = min(count, need.total)
        spare = count - useful
        value += weights.currency * spare + weights.malice * max(0, have[1] - need.malice)
        if weights.exposed and project.revealed:
            value -= weights.exposed * (count + worth * share)
    for permanent in state.permanents[seat]:
        value += card_worth(catalog[permanent], weights) - (catalog[permanent].prestige or 0)
    hand = state.hands[seat]
    if weights.refill:
        # Hands are refilled at the end of every turn: a card used is replaced.
        target = HAND + sum(
            int(statement.amount)
            for permanent in state.permanents[seat]
            for statement in catalog[permanent].effect
            if isinstance(statement, HandSize)
        )
        value += weights.hand * max(len(hand), target)
    else:
        value += weights.hand * len(hand)
    for card_id in hand:
        card = catalog[card_id]
        if card.kind != "action":
            value += weights.plan_in_hand * card_worth(card, weights) / max(1, card.cost.total)
        elif weights.hand_threat:
            value += weights.hand_threat * _card_threat(card)
    return value


def evaluate(state: GremlinsState, seat: int, weights: Weights = WEIGHTS) -> float:
    """The position for ``seat``: its team's value minus the opposing teams' (see module doc)."""
    config = state.config
    outcome = state.outcome()
    if outcome is not None:
        team = config.teams[seat]
        margin = sum(state.scores[s] for s in range(config.seats) if config.teams[s] == team)
        first = {config.teams[s] for s in outcome.winners}
        share = 1.0 / len(first) if team in first else 0.0
        # A win alone +1000, a first place shared with one other team 0 (an even game: not
        # better than a position ahead, so a bot does not end the game in a draw when it is
        # ahead, e.g. by passing after a pass), shared with more teams below, a loss -1000.
        return 2000.0 * (share - 0.5) + margin
    teams: dict[int, float] = {}
    for other in range(config.seats):
        team = config.teams[other]
        teams[team] = teams.get(team, 0.0) + seat_value(state, other, weights)
    mine = teams.pop(config.teams[seat])
    if not teams:
        return mine
    others = list(teams.values())
    best = max(others)
    mean = sum(others) / len(others)
    return mine - weights.best_opponent * best - (1 - weights.best_opponent) * mean


def safe_apply(state: GremlinsState, seat: int, action: Action) -> GremlinsState | None:
    """``state.apply`` or ``None`` when the drawn state refuses the action."""
    try:
        return state.apply(seat, action)
    except ValueError:
        return None


def first_best(values: Sequence[float]) -> int:
    """Index of the largest value (the first one on ties: reproducible)."""
    best = 0
    for index, value in enumerate(values):
        if value > values[best]:
            best = index
    return best


__all__ += ["first_best", "turns_left"]
