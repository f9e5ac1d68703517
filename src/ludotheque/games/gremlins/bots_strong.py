"""The strong Gremlins bot: a search over the rest of its turn, on several drawn states.

Method:

1. ``samples`` states are drawn from its own view
   (:meth:`~ludotheque.bots.base.Observation.determinize`): the other hands, the face-down
   projects it does not know, the cards under other projects and the deck's order.
2. Candidates: every legal action is applied on each drawn state and the result scored with
   the strong weights of :func:`~.bots_eval.evaluate` (a plan that cannot be completed in the
   turns left loses its progress value); the ``beam`` best on average are kept.
3. Each candidate is followed, on each drawn state, by the best sequence of its own remaining
   actions and choices this turn (a beam search: at each step the ``width`` best one-step
   continuations are searched further, until the turn ends, another seat must choose, or
   ``depth`` steps). A candidate is worth the mean over the drawn states of its best sequence.
4. Optionally, opponent modelling (``reply`` > 0, off by default: it did not play better,
   47 % of 180 games against greedy): the ``reply`` best candidates are followed, on each drawn
   state, from the end of their best line by the other seats' turns played by the greedy
   policy until its own next turn starts (or the game ends), and scored there: a 2-ply search
   that sees the thefts, discards and completions its line leaves open.
5. Optionally (``rollout`` > 0, off by default: it did not play better) the position at the
   end of the turn is played on for ``rollout`` more turns by the greedy policy (every seat,
   on the drawn state) before it is scored.
6. Budget: at most ``max_iterations`` positions evaluated per decision (then the search stops
   widening and uses what it has). Everything is a pure function of the drawn states and the
   :class:`~ludotheque.core.rng.Draws` given: reproducible.

The set-up redraw is the greedy bot's.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludotheque.bots.base import Observation
from ludotheque.core.rng import Draws

from .actions import Action
from .bots_eval import STRONG, Weights, evaluate, first_best, safe_apply
from .bots_greedy import greedy_action, redraw_choice
from .state import GremlinsState

__all__ = ["DEFAULT_ITERATIONS", "StrongBot"]

DEFAULT_SAMPLES = 4
DEFAULT_BEAM = 4
DEFAULT_WIDTH = 2
DEFAULT_DEPTH = 4
DEFAULT_ITERATIONS = 4000
DEFAULT_ROLLOUT = 0
DEFAULT_REPLY = 0


_ANSWER_MOVES = 12
"""At most this many moves a seat when the opponents' answer is played out."""


class _Budget:
    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left


def _my_turn(state: GremlinsState, seat: int, turn: int) -> bool:
    """Whether ``seat`` still decides in the turn the search started in."""
    if state.phase != "jeu" or state.turn != turn:
        return False
    if state.prompt is not None:
        return state.prompt.seat == seat
    return state.active == seat


class StrongBot:
    """Beam search over its own turn, averaged over drawn states (see the module doc)."""

    name = "strong"

    def __init__(
        self,
        samples: int = DEFAULT_SAMPLES,
        beam: int = DEFAULT_BEAM,
        width: int = DEFAULT_WIDTH,
        depth: int = DEFAULT_DEPTH,
        max_iterations: int = DEFAULT_ITERATIONS,
        weights: Weights = STRONG,
        rollout: int = DEFAULT_ROLLOUT,
        reply: int = DEFAULT_REPLY,
    ) -> None:
        if samples < 1 or beam < 1 or width < 1 or max_iterations < 1:
            raise ValueError("samples, beam, width et max_iterations doivent valoir au moins 1.")
        self.samples = samples
        self.beam = beam
        self.width = width
        self.depth = depth
        self.max_iterations = max_iterations
        self.weights = weights
        self.rollout = rollout
        self.reply = reply

    def choose(self, observation: Observation, draws: Draws) -> Action:
        legal: Sequence[Action] = observation.legal
        seat = observation.seat
        if len(legal) == 1:
            return legal[0]
        states: list[GremlinsState] = []
        for _ in range(self.samples):
            state = observation.determinize(draws)
            assert isinstance(state, GremlinsState)
            states.append(state)
        if states[0].phase == "nouvelle-main" and states[0].prompt is None:
            return redraw_choice(states[0], seat)
        budget = _Budget(self.max_iterations)
        turn = states[0].turn
        # 1. every action, one step, on every drawn state
        children: list[list[GremlinsState | None]] = []
        totals = [0.0] * len(legal)
        for index, action in enumerate(legal):
            row: list[GremlinsState | None] = []
            for state in states:
                after = safe_apply(state, seat, action)
                budget.left -= 1
                row.append(after)
                totals[index] += (
                    float("-inf") if after is None else evaluate(after, seat, self.weights)
                )
            children.append(row)
        order = sorted(range(len(legal)), key=lambda i: (-totals[i], i))
        # 2. the best candidates, followed to the end of the turn
        values = [float("-inf")] * len(legal)  # only searched candidates compete
        values[order[0]] = totals[order[0]]
        leaves: dict[int, list[GremlinsState]] = {}
        for index in order[: self.beam]:
            if totals[index] == float("-inf"):
                continue
            total = 0.0
            ends: list[GremlinsState] = []
            for after in children[index]:
                assert after is not None
                value, leaf = self._search(after, seat, turn, self.depth - 1, budget)
                total += value
                ends.append(leaf)
            values[index] = total + 1e-9 * totals[index]
            leaves[index] = ends
        if self.reply and len(leaves) > 1:
            # 3. the best lines, followed by the opponents' greedy answer on each drawn state
            ranked = sorted(leaves, key=lambda i: (-values[i], i))[: self.reply]
            replied = [float("-inf")] * len(legal)
            for index in ranked:
                total = 0.0
                for leaf in leaves[index]:
                    total += evaluate(self._answer(leaf, seat, turn), seat, self.weights)
                replied[index] = total + 1e-9 * values[index]
            return legal[first_best(replied)]
        return legal[first_best(values)]

    def _search(
        self, state: GremlinsState, seat: int, turn: int, depth: int, budget: _Budget
    ) -> tuple[float, GremlinsState]:
        """Best value reachable with ``seat``'s own actions this turn (beam of ``width``), and
        the position it ends in."""
        if depth <= 0 or budget.left <= 0 or not _my_turn(state, seat, turn):
            return self._leaf(state, seat, turn, budget), state
        actions = state.legal_actions(seat)
        scored: list[tuple[float, int, GremlinsState]] = []
        for index, action in enumerate(actions):
            after = safe_apply(state, seat, action)
            budget.left -= 1
            if after is not None:
                scored.append((evaluate(after, seat, self.weights), index, after))
        if not scored:
            return self._leaf(state, seat, turn, budget), state
        scored.sort(key=lambda item: (-item[0], item[1]))
        best: tuple[float, GremlinsState] = (float("-inf"), state)
        for _, _, after in scored[: self.width]:
            if budget.left <= 0:
                break
            found = self._search(after, seat, turn, depth - 1, budget)
            if found[0] > best[0]:
                best = found
        return best

    @staticmethod
    def _answer(state: GremlinsState, seat: int, turn: int) -> GremlinsState:
        """The position when ``seat``'s next turn starts (or the game ends), every seat played
        by the greedy policy on the drawn state from the end of the searched line."""
        for _ in range(_ANSWER_MOVES * state.config.seats):
            if state.phase != "jeu":
                break
            if state.turn != turn and state.prompt is None and state.active == seat:
                break
            mover = min(state.to_move())
            state = state.apply(mover, greedy_action(state, mover, state.legal_actions(mover)))
        return state

    def _leaf(self, state: GremlinsState, seat: int, turn: int, budget: _Budget) -> float:
        """The position once its turn is over, after ``rollout`` rounds of greedy play (every
        seat, on the drawn state), scored with the strong weights."""
        if self.rollout and state.phase == "jeu" and not _my_turn(state, seat, turn):
            stop = turn + self.rollout
            for _ in range(40 * self.rollout):
                if state.phase != "jeu" or state.turn > stop or budget.left <= 0:
                    break
                mover = min(state.to_move())
                actions = state.legal_actions(mover)
                budget.left -= len(actions)
                state = state.apply(mover, greedy_action(state, mover, actions))
        return evaluate(state, seat, self.weights)
