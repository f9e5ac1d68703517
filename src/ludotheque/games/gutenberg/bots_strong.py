"""The strong Gutenberg bot: determinised Monte Carlo search from its own view.

Method (flat determinised Monte Carlo, also called « perfect information Monte Carlo »):

1. Candidates. Draft: each distinct card of the packet. Writing (rounds 1–4): the best words
   by score, and for each open challenge the best word that meets it; solo: those words with
   their most promising offsets. Claims: the pool cards ranked by what each adds to the final
   word on its own, then every set of the claim's size among the best of them, for each
   claimable challenge. Solo library: each card. The last word is the exact best word (easy
   solo: the best set of words found from each of the best first words).
2. Samples. Each sample draws a state from :meth:`Observation.determinize` (every card the
   seat cannot see redrawn; the other seats' pending choices are left to the simulation) and
   a :class:`~.bots_rollout.Scenario` of the rest of the game; all the candidates still in the
   race are evaluated on the same samples (common random numbers).
3. Evaluation. Multiplayer: the candidate is applied, the round is played out with the fast
   policies of :class:`~.bots_rollout.Simulator` (the others draft, write their best word and
   claim in rank order), and the value is the best final word the seat's collection leads to
   in the scenario (a claim changes the collection at once: no rollout). Solo: the game is
   played to its end; the value is a win (beating la Rotative) plus a small share of the
   margin.
4. Budget. Successive halving: the budget is split into rounds; after each, the worse half
   of the candidates is dropped. The budget counts evaluations (``max_iterations``, the
   default, reproducible: everything random comes from the ``Draws`` given to
   :meth:`StrongBot.choose`) or, if ``think_seconds`` is given, wall-clock time as well.
   Default: :data:`DEFAULT_ITERATIONS` evaluations a decision, about 3.5 s of CPU for a
   2-player game and 5 s for a 4-player one (docs/performance.md, « Gutenberg bots »).

The other seats' hands are drawn uniformly among the cards this seat cannot see: the view does
not keep the packets seen earlier in the draft nor which cards the others claimed, so neither
does the search.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from typing import Any

from ludotheque.bots.base import Observation
from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Draws, Rng

from .actions import Action, Claim, Pick, Play, Shelve, Write
from .bots_common import WordOracle, cards_from_json, distinct_cards, hand_key, solo_transfer
from .bots_greedy import GreedyBot, choose_words, claim_options, own_hand, several_words
from .bots_rollout import Scenario, Simulator, final_value, make_scenario, reopen
from .cards import Card
from .state import ROUNDS, GutenbergState
from .wordfinder import WordPlay

__all__ = ["StrongBot"]

DEFAULT_ITERATIONS = 128
SEARCHED_PHASES = ("draft", "write", "claim", "library")
WORD_CANDIDATES = 6  # best words tried when writing
CHALLENGE_SEARCH = 60  # best words searched for one that meets a challenge
SOLO_OFFSETS = 3  # offsets tried per word in solo
CLAIM_SHORTLIST = {1: 8, 2: 6, 3: 5}  # pool cards combined, by number of cards claimed
CLAIM_SCREEN = 4  # samples used to rank single pool cards
MARGIN_WEIGHT = 0.02  # solo: share of the margin over la Rotative added to a win

Evaluator = Callable[[GutenbergState, Scenario, Action], float]


@dataclass(slots=True)
class _Arm:
    action: Action
    total: float = 0.0
    count: int = 0

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else -math.inf


class StrongBot:
    """Determinised Monte Carlo search (see the module doc) with a budget per decision."""

    name = "strong"

    def __init__(
        self,
        max_iterations: int | None = None,
        think_seconds: float | None = None,
        *,
        search: Iterable[str] = SEARCHED_PHASES,
        rivalry: float = 0.0,
        oracle: WordOracle | None = None,
    ) -> None:
        """``max_iterations``: evaluations per decision (default :data:`DEFAULT_ITERATIONS`
        when no ``think_seconds`` is given); ``think_seconds``: wall-clock budget per decision
        (not reproducible; with both, the first exhausted stops). ``search``: the phases
        searched (``draft``, ``write``, ``claim``, ``library``), the others played greedily.
        ``rivalry``: multiplayer, the share of the best other seat's final value subtracted.
        """
        if max_iterations is None and think_seconds is None:
            max_iterations = DEFAULT_ITERATIONS
        if max_iterations is not None and max_iterations < 1:
            raise ValueError("max_iterations must be at least 1")
        if think_seconds is not None and think_seconds <= 0:
            raise ValueError("think_seconds must be positive")
        self.max_iterations = max_iterations
        self.think_seconds = think_seconds
        self.search = frozenset(search)
        unknown = self.search - set(SEARCHED_PHASES)
        if unknown:
            raise ValueError(f"unknown phases: {sorted(unknown)}")
        self.rivalry = rivalry
        self.oracle = oracle or WordOracle()
        self.simulator = Simulator(self.oracle)
        self.greedy = GreedyBot(self.oracle)

    # --- entry point -----------------------------------------------------------------------

    def choose(self, observation: Observation, draws: Draws) -> Action:
        view = observation.view
        phase = view.get("phase")
        solo = view.get("mode") == "solo"
        last = view.get("tour") == view.get("tours")
        if phase not in self.search:
            return self.greedy.choose(observation, draws)
        if phase == "write" and last:
            return self._last_word(observation)
        if phase == "draft":
            candidates = self._pick_candidates(observation)
        elif phase == "write":
            candidates = self._write_candidates(observation, draws)
        elif phase == "claim":
            return self._claim(observation, draws)
        else:
            candidates = [
                Shelve(c.id) for c in distinct_cards(cards_from_json(view["bibliotheque"]))
            ]
        evaluate = self._solo_value if solo else self.round_value
        return self._search(observation, draws, candidates, partial(evaluate, observation.seat))

    # --- the search ------------------------------------------------------------------------

    def _budget_over(
        self, used: int, limit: int | None, start: float, seconds: float | None
    ) -> bool:
        if limit is not None and used >= limit:
            return True
        return seconds is not None and time.perf_counter() - start >= seconds

    def _search(
        self,
        observation: Observation,
        draws: Draws,
        candidates: Sequence[Action],
        evaluate: Evaluator,
    ) -> Action:
        """Successive halving over ``candidates`` on shared samples; the best mean wins."""
        if len(candidates) == 1:
            return candidates[0]
        arms = [_Arm(action) for action in candidates]
        rounds = max(1, math.ceil(math.log2(len(arms))))
        start = time.perf_counter()
        used = 0  # evaluations so far, dropped candidates included
        for index in range(rounds):
            # Each round may use its share of the budget (cumulated); every candidate still in
            # the race gets at least one sample.
            limit = None
            if self.max_iterations is not None:
                limit = self.max_iterations * (index + 1) // rounds
            seconds = None
            if self.think_seconds is not None:
                seconds = self.think_seconds * (index + 1) / rounds
            while not arms[0].count or not self._budget_over(used, limit, start, seconds):
                state, scenario = self.sample(observation, draws)
                for arm in arms:
                    arm.total += evaluate(state, scenario, arm.action)
                    arm.count += 1
                used += len(arms)
            if self._budget_over(used, self.max_iterations, start, self.think_seconds):
                break
            if index < rounds - 1:
                arms.sort(key=lambda arm: -arm.mean)  # stable: ties keep the first candidates
                arms = arms[: math.ceil(len(arms) / 2)]
        return max(arms, key=lambda arm: arm.mean).action

    def sample(self, observation: Observation, draws: Draws) -> tuple[GutenbergState, Scenario]:
        """A state drawn from the observation (the others' pending choices undone) and a
        scenario of the rest of the game: one sample of the search (the analysis of a game
        evaluates a player's choice on such samples too, ``games/gutenberg/analysis.py``)."""
        state = observation.determinize(draws)
        assert isinstance(state, GutenbergState)
        state = reopen(state, observation.seat)
        scenario = make_scenario(state, Rng.from_seed(draws.below(2**62)).draws())
        return state, scenario

    # --- evaluations -----------------------------------------------------------------------

    def _seat_value(self, state: GutenbergState, seat: Seat, scenario: Scenario) -> float:
        collection = state.catalog.cards(state.collections[seat])
        value = float(final_value(collection, scenario, self.oracle))
        if self.rivalry:
            others = [
                final_value(state.catalog.cards(state.collections[s]), scenario, self.oracle)
                for s in range(state.seats)
                if s != seat
            ]
            value -= self.rivalry * max(others)
        return value

    def round_value(
        self, seat: Seat, state: GutenbergState, scenario: Scenario, action: Action
    ) -> float:
        """Multiplayer: the points of the final word the seat's collection leads to in the
        scenario, once ``action`` is played and the round played out by the fast policies."""
        after = state._next(seat, action)
        after = self.simulator.finish_round(after)
        return self._seat_value(after, seat, scenario)

    def _solo_value(
        self, seat: Seat, state: GutenbergState, scenario: Scenario, action: Action
    ) -> float:
        won, margin = self.solo_result(state, action)
        return (1.0 if won else 0.0) + MARGIN_WEIGHT * margin

    def solo_result(self, state: GutenbergState, action: Action) -> tuple[bool, float]:
        """Solo: ``action`` played on a drawn state and the game played out by the fast
        policies: whether la Rotative is beaten, and the margin over its library."""
        after = self.simulator.finish_game(state._next(0, action))
        outcome = after.outcome()
        assert outcome is not None and outcome.scores is not None
        return outcome.ranks[0] == 1, outcome.scores[0] - after.catalog.points(after.library)

    # --- candidates ----------------------------------------------------------------------

    def _pick_candidates(self, observation: Observation) -> list[Action]:
        packet = cards_from_json(observation.view.get("paquet"))
        return [Pick(card.id) for card in distinct_cards(packet)]

    def _write_candidates(self, observation: Observation, draws: Draws) -> list[Action]:
        view = observation.view
        hand = own_hand(view)
        plays = self.oracle.top(hand, CHALLENGE_SEARCH)
        chosen: list[WordPlay] = list(plays[:WORD_CANDIDATES])
        if view.get("mode") != "solo":
            state = observation.determinize(draws)
            assert isinstance(state, GutenbergState)
            for challenge_id in state.open_challenges:
                condition = state.catalog.challenges[challenge_id].condition
                for play in plays:
                    if condition.is_met(play.word, play.cards, [play.word]):
                        if play not in chosen:
                            chosen.append(play)
                        break
        if not chosen:
            return [Write()]
        encoded = [Play(play.word, tuple(card.id for card in play.cards)) for play in chosen]
        row = cards_from_json(view.get("ligne"))
        tour = view.get("tour")
        if view.get("mode") == "solo" and isinstance(tour, int) and 1 < tour < ROUNDS and row:
            actions: list[Action] = []
            for play, code in zip(chosen, encoded, strict=True):
                offsets = range(-(len(play.cards) - 1), len(row))
                ranked = sorted(
                    offsets,
                    key=lambda o: (*solo_transfer(row, play.cards, o), -abs(o)),
                    reverse=True,
                )
                actions += [Write((code,), offset) for offset in ranked[:SOLO_OFFSETS]]
            return actions
        return [Write((code,)) for code in encoded]

    def _last_word(self, observation: Observation) -> Action:
        """The last round: the exact best word (easy solo: the best set of words found)."""
        view = observation.view
        hand = own_hand(view)
        if not several_words(view):
            plays = choose_words(hand, self.oracle.best)
        else:
            plays = []
            best = -1
            for first in self.oracle.top(hand, WORD_CANDIDATES):
                used = {card.id for card in first.cards}
                rest = choose_words([c for c in hand if c.id not in used], self.oracle.best, True)
                total = first.score + sum(play.score for play in rest)
                if total > best:
                    best, plays = total, [first, *rest]
        if not plays:
            return Write()
        return Write(tuple(Play(p.word, tuple(c.id for c in p.cards)) for p in plays))

    # --- claims ------------------------------------------------------------------------------

    def _claim(self, observation: Observation, draws: Draws) -> Action:
        seat = observation.seat
        view = observation.view
        options = claim_options(observation)
        pool = cards_from_json(view.get("lettres_en_jeu"))
        collection = cards_from_json(view.get("ma_collection"))
        if len(observation.legal) == 1:
            return observation.legal[0]  # type: ignore[no-any-return]
        # Screen: what each pool card adds on its own, over a few samples.
        samples = [self.sample(observation, draws) for _ in range(CLAIM_SCREEN)]
        gains: dict[str, float] = {}
        for card in distinct_cards(pool):
            gains[card.id] = sum(
                final_value((*collection, card), scenario, self.oracle) for _, scenario in samples
            )
        ranked = sorted((c for c in pool if c.id in gains), key=lambda c: (-gains[c.id], -c.points))
        order = {card.id: i for i, card in enumerate(pool)}
        candidates: list[Action] = []
        seen: set[tuple[Any, ...]] = set()
        for challenge, count in options.items():
            shortlist = _with_copies(ranked[: CLAIM_SHORTLIST.get(count, 4)], pool, count)
            for cards in combinations(shortlist, min(count, len(shortlist))):
                key = (challenge, hand_key(cards))
                if key in seen:
                    continue
                seen.add(key)
                ids = tuple(sorted((c.id for c in cards), key=order.__getitem__))
                candidates.append(Claim(ids, challenge))
        if not candidates:
            return self.greedy.choose(observation, draws)
        return self._search(observation, draws, candidates, partial(self.claim_value, seat))

    def claim_value(
        self, seat: Seat, state: GutenbergState, scenario: Scenario, action: Action
    ) -> float:
        """A claim: the points of the final word its collection leads to in the scenario."""
        after = state._next(seat, action)
        return self._seat_value(after, seat, scenario)


def _with_copies(shortlist: Sequence[Card], pool: Sequence[Card], count: int) -> list[Card]:
    """The shortlist plus up to ``count - 1`` identical copies of its cards from the pool."""
    ids = {card.id for card in shortlist}
    result = list(shortlist)
    for card in shortlist:
        extra = [
            c
            for c in pool
            if c.id not in ids and (c.letters, c.points) == (card.letters, card.points)
        ]
        for copy in extra[: count - 1]:
            result.append(copy)
            ids.add(copy.id)
    return result
