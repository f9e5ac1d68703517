"""Gremlins' analysis of a finished game: each decision of a seat next to the Expert's.

Every move of the seat with more than one legal action gets a note (issue 12 § 3;
``docs/analysis.md``): the five actions of a turn and ending it, each answer to a card's
question (which opponent, which card, which resource…) and the set-up redraw. A move with a
single legal action (an answer with one option, a turn that can only end) gets none.

The Expert is the level bot's search at full strength (:class:`~.bots_search.DealSearch`, the
Expert's weights :data:`~.bots_eval.EXPERT`): every legal action applied to :data:`DEALS` states
drawn from the seat's view (:meth:`~ludotheque.bots.base.Observation.determinize`, draws seeded
by the record's seed, the seat and the ply — what the seat never saw plays no part), valued
with :func:`~.bots_eval.evaluate` and averaged; the values are gains over ending the turn (a
main action) or over the worst answer (a card's question), as the Expert ranks them; on a
turn's first action it does not pass unless passing wins (:func:`~.bots_levels.keeps_passing`).
Its choice is the action the Expert level plays (the level has no slip to turn off here but
the set-up redraw's attention, :meth:`~ludotheque.bots.levels.Profile.notices`: the analysis
takes :func:`~.bots_greedy.redraw_choice` itself). The player's action is valued on the same
deals, so the loss compares like with like; at the set-up redraw both choices are valued with
the Expert's own measure of a hand, :func:`~.bots_greedy.keep_value`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludotheque.bots.base import Observation
from ludotheque.bots.simulate import derive_seed
from ludotheque.core.analysis import DecisionNote
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Draws, Rng

from .actions import Action, EndTurn, Redraw
from .analysis_text import describe, verdict, worth
from .bots_eval import EXPERT, evaluate, safe_apply
from .bots_greedy import KEEP, keep_value, redraw_choice
from .bots_levels import keeps_passing
from .bots_search import DEALS
from .game import Gremlins
from .state import GremlinsState

__all__ = ["DEALS", "VERSION", "analyse", "expert_values", "note"]

VERSION = 2  # 2: a won or lost game in words, not ±1000
"""Bumped whenever the notes change: cached analyses of an older version are redone."""

_GAME = Gremlins()
_MINUS_INF = float("-inf")


def analyse(record: GameRecord, seat: int, *, deals: int = DEALS) -> list[DecisionNote]:
    """One note per decision of ``seat`` in the finished game ``record``, in record order;
    ``deals``: the states drawn for each decision (the cost grows with it)."""
    notes: list[DecisionNote] = []
    for index, move in enumerate(record.played(_GAME)):
        if move.seat != seat:
            continue
        before = move.before
        assert isinstance(before, GremlinsState)
        found = note(before, seat, move.action, index + 1, record.seed, deals=deals)
        if found is not None:
            notes.append(found)
    return notes


def note(
    state: GremlinsState, seat: int, action: Action, ply: int, seed: int, *, deals: int = DEALS
) -> DecisionNote | None:
    """The note of ``seat`` playing ``action`` on ``state`` (the record's move number ``ply``,
    the game's ``seed``), or None when it had no real choice."""
    legal = state.legal_actions(seat)
    if len(legal) < 2:
        return None
    if state.phase == "nouvelle-main" and state.prompt is None:
        return _redraw_note(state, seat, action, ply)
    draws = Rng.from_seed(derive_seed(seed, seat, ply)).draws()
    observation = Observation.of(_GAME, state, seat)
    values, choice = expert_values(observation, draws, deals, extra=action)
    base = values[legal.index(EndTurn())] if EndTurn() in legal else _worst(values[: len(legal)])
    expert = legal[choice]
    mine = values[-1] if action not in legal else values[legal.index(action)]
    answer = state.prompt is not None
    if answer:
        scale = "chaque réponse, par rapport à la moins bonne"
    else:
        scale = "chaque action, par rapport à finir votre tour"
    played = describe(state, seat, action)
    if mine != _MINUS_INF:
        played += f" ({worth(mine - base)})"
    how = (
        f"Valeurs estimées par l'Expert sur {deals} donne{'s' if deals > 1 else ''} tirées de ce "
        f"que vous voyiez : ce que rapporte {scale}, en points de prestige (une partie gagnée "
        "ou perdue y compte pour ±1000)."
    )
    if action == expert:
        return DecisionNote(ply, played, None, 0.0, "meilleur", (how,))
    if mine == _MINUS_INF:  # no deal drawn from the view allows it: no value to compare
        return DecisionNote(ply, played, None, None, "bon", (how,))
    loss = round(max(0.0, values[choice] - mine), 2)
    best = f"{describe(state, seat, expert, question=False)} ({worth(values[choice] - base)})"
    judged = verdict(loss)  # within SAME of the Expert's value: as good, its move not shown
    return DecisionNote(ply, played, None if judged == "meilleur" else best, loss, judged, (how,))


def _worst(values: Sequence[float]) -> float:
    finite = [value for value in values if value != _MINUS_INF]
    return min(finite) if finite else 0.0


def expert_values(
    observation: Observation, draws: Draws, deals: int, extra: Action | None = None
) -> tuple[list[float], int]:
    """The Expert's mean value of each legal action over ``deals`` states drawn from
    ``observation`` (``-inf`` when a deal refuses it, as the Expert counts), then of ``extra``
    when it is not a legal action of the view (averaged over the deals that allow it), and the
    index of the Expert's choice among the legal actions."""
    seat = observation.seat
    legal: Sequence[Action] = observation.legal
    states: list[GremlinsState] = []
    while len(states) < deals:
        drawn = observation.determinize(draws)
        assert isinstance(drawn, GremlinsState)
        states.append(drawn)
    actions = list(legal) + ([extra] if extra is not None and extra not in legal else [])
    values: list[float] = []
    for action in actions:
        found = [safe_apply(state, seat, action) for state in states]
        scores = [evaluate(after, seat, EXPERT) for after in found if after is not None]
        if action in legal and len(scores) < len(states):
            values.append(_MINUS_INF)  # the Expert's rule: refused by a deal, never chosen
        else:
            values.append(sum(scores) / len(scores) if scores else _MINUS_INF)
    first = states[0]
    allowed = list(values[: len(legal)])
    if first.prompt is None and first.used == 0 and not keeps_passing(first, seat):
        allowed[list(legal).index(EndTurn())] = _MINUS_INF
    choice = max(range(len(legal)), key=lambda index: (allowed[index], -index))
    return values, choice


def _redraw_note(state: GremlinsState, seat: int, action: Action, ply: int) -> DecisionNote:
    """The set-up redraw next to the Expert's: it discards the cards its measure of a hand
    (:func:`~.bots_greedy.keep_value`) finds poor, at most four; each card kept counts its
    value, each card discarded what a new card is worth to it (:data:`~.bots_greedy.KEEP`)."""
    assert isinstance(action, Redraw)
    expert = redraw_choice(state, seat)

    def hand_value(choice: Redraw) -> float:
        return sum(
            KEEP if card in choice.cards else keep_value(state.catalog[card])
            for card in state.hands[seat]
        )

    loss = round(max(0.0, hand_value(expert) - hand_value(action)), 2)
    played = describe(state, seat, action)
    how = (
        "L'Expert garde l'or, les plans qui rapportent bien pour ce qu'ils coûtent et les "
        "actions bon marché ; il défausse le reste, quatre cartes au plus."
    )
    if set(action.cards) == set(expert.cards):
        return DecisionNote(ply, played, None, 0.0, "meilleur", (how,))
    if verdict(loss) == "meilleur":
        return DecisionNote(ply, played, None, loss, "meilleur", (how,))
    return DecisionNote(ply, played, describe(state, seat, expert), loss, verdict(loss), (how,))
