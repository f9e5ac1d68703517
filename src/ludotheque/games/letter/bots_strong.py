"""The strong Letter bot: the best greedy placements, weighed against the best reply.

Method (a two-ply look-ahead on the state drawn from its own view):

1. Candidates: the turns of :func:`~.bots_greedy.candidates` (the best placements of own
   letters, of free letters, of an own letter with free letters, and the exchanges of a
   blank), best first by the value of their words under the table's counting.
2. Evaluation: the candidate is played on the drawn state (:meth:`LetterState.apply`); each
   other seat's best reply on the board it leaves — the words it could knock for and the best
   placement of its letters or of the free letters, the greedy value — is found, and the
   candidate is worth its own value minus the best of those replies (``reply_weight``). A
   placement that opens a long word to the next player is so avoided; one that blocks it is
   preferred.
3. Budget: ``max_iterations`` evaluations a turn (the candidates evaluated, best first;
   default :data:`DEFAULT_ITERATIONS`). Everything is a pure function of the drawn state, and
   that draw of the :class:`~ludotheque.core.rng.Draws` given: reproducible.

Everything else (the deal, knocks, the first turn without a word, laying a letter) is the
greedy bot's choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ludotheque.bots.base import Observation
from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Draws

from .actions import Action
from .bots_greedy import SIZE_PREFERENCE, Candidate, candidates, greedy_action
from .state import LetterState

__all__ = ["DEFAULT_ITERATIONS", "StrongBot", "best_reply", "look_ahead"]

DEFAULT_ITERATIONS = 8
REPLY_WEIGHT = 1.0


def best_reply(state: LetterState, seat: Seat) -> float:
    """The greedy value of the best turn ``seat`` could play on ``state``'s board."""
    found = candidates(state, seat, top=1)
    return found[0].value if found else 0.0


def look_ahead(
    state: LetterState,
    seat: Seat,
    found: Sequence[Candidate],
    reply_weight: float = REPLY_WEIGHT,
    reply: Callable[[LetterState, Seat], float] = best_reply,
) -> Candidate:
    """The candidate of ``found`` (not empty) worth most once the best reply it leaves to any
    other seat is taken off (``reply_weight`` × ``reply(after, other)``, by default its greedy
    value); the first of equals."""
    if len(found) < 2 or state.config.solo:
        return found[0]
    others = [s for s in range(state.players) if s != seat]
    best: tuple[float, Candidate] | None = None
    for candidate in found:
        after = state.apply(seat, candidate.action)
        assert isinstance(after, LetterState)
        value = candidate.value - reply_weight * max(reply(after, other) for other in others)
        if best is None or value > best[0]:
            best = (value, candidate)
    assert best is not None
    return best[1]


class StrongBot:
    """A two-ply look-ahead from its own view (see the module doc)."""

    name = "strong"

    def __init__(
        self, max_iterations: int = DEFAULT_ITERATIONS, reply_weight: float = REPLY_WEIGHT
    ) -> None:
        if max_iterations < 1:
            raise ValueError("max_iterations doit être au moins 1.")
        self.max_iterations = max_iterations
        self.reply_weight = reply_weight

    def choose(self, observation: Observation, draws: Draws) -> Action:
        state = observation.determinize(draws)
        assert isinstance(state, LetterState)
        seat = observation.seat
        if state.phase != "jeu":
            return greedy_action(state, seat, SIZE_PREFERENCE)
        found = candidates(state, seat, top=self.max_iterations)[: self.max_iterations]
        if not found:
            return greedy_action(state, seat)
        return look_ahead(state, seat, found, self.reply_weight).action
