"""Fast simulation of Gutenberg for the strong bot: policies on full states, and the value
of a collection.

The strong bot searches on *determinised* states (every hidden card redrawn by
:meth:`~ludotheque.bots.base.Observation.determinize`). On such a state it plays the game
forward with the fast policies of :class:`Simulator` (actions built legal, applied without
re-checking them):

- draft: the card of highest static value for the hand (:func:`~.bots_common.card_value`);
- writing: the exact best word (cached per hand), the solo offset of the greedy bot;
- claims and the solo library: the greedy bot's choices.

A multiplayer rollout stops at the end of the current round; what the seat's collection is
then worth is estimated by :func:`final_value` on a :class:`Scenario` (the rest of the game
drawn at random: a few future claims chosen by the greedy rule from random pools, then the
fifth round's common cards) — the exact best word of the resulting final hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Draws

from .actions import Action, Claim, Pick, Play, Shelve, Write
from .bots_common import WordOracle, card_value, hand_key
from .bots_greedy import best_cards, choose_claim, choose_library, choose_offset, choose_words
from .cards import Card
from .state import ROUNDS, GutenbergState
from .wordfinder import WordPlay

__all__ = ["Scenario", "Simulator", "final_value", "make_scenario", "reopen"]

# The rest of the game as a scenario sees it: in each future round the seat claims
# alternately 2 and 1 cards (the mean quota over a table is 1.5) out of a random pool of
# FUTURE_POOL cards (what is left when its turn comes).
FUTURE_POOL = 8
FUTURE_QUOTAS = (2, 1)


def reopen(state: GutenbergState, seat: Seat) -> GutenbergState:
    """The determinised state with the other seats' pending choices undone.

    A determinisation replaces the hidden pending choices of the other seats by arbitrary
    ones (a random pick, « no word »); the simulation lets its own policies choose instead.
    """
    picks = tuple(None if s != seat else p for s, p in enumerate(state.picks))
    writes = state.writes
    if state.phase == "write":
        writes = tuple(None if s != seat else w for s, w in enumerate(state.writes))
    if picks == state.picks and writes == state.writes:
        return state
    return replace(state, picks=picks, writes=writes)


@dataclass(frozen=True, slots=True)
class Scenario:
    """The rest of a game after the current round, drawn once and shared by all candidates."""

    commons: tuple[Card, ...]  # the fifth round's common cards
    future: tuple[tuple[tuple[Card, ...], int], ...]  # (pool, cards claimed) per round
    letter: Card | None  # the top of the Letter deck (« pioche_lettre »)
    vowel: Card | None  # the top of the Vowel deck (« pioche_voyelle »)


def make_scenario(state: GutenbergState, draws: Draws) -> Scenario:
    """A scenario drawn from a determinised state's decks (before the rollout)."""
    catalog = state.catalog
    letters = [catalog.card(c) for c in draws.shuffled(state.letter_deck)]
    vowels = [catalog.card(c) for c in draws.shuffled(state.vowel_deck)]
    future_rounds = max(0, ROUNDS - 1 - state.round)
    unknown = draws.shuffled([*letters, *vowels])
    future = []
    for index in range(future_rounds):
        pool = tuple(unknown[index * FUTURE_POOL : (index + 1) * FUTURE_POOL])
        future.append((pool, FUTURE_QUOTAS[(index + state.round) % len(FUTURE_QUOTAS)]))
    commons: tuple[Card, ...] = ()
    if not state.solo:
        commons = (*letters[-2:], *vowels[-1:])
    return Scenario(
        commons=commons,
        future=tuple(future),
        letter=letters[0] if letters else None,
        vowel=vowels[0] if vowels else None,
    )


def final_value(held: Sequence[Card], scenario: Scenario, oracle: WordOracle) -> int:
    """The best final word of ``held`` once the scenario's future claims and commons join."""
    mine = list(held)
    ids = {card.id for card in mine}
    for pool, quota in scenario.future:
        free = [card for card in pool if card.id not in ids]
        chosen, _ = best_cards(free, quota, mine)
        mine += chosen
        ids.update(card.id for card in chosen)
    commons = [card for card in scenario.commons if card.id not in ids]
    return oracle.score((*mine, *commons))


class Simulator:
    """Fast policies on full states, and rollouts with them."""

    __slots__ = ("_plays", "oracle")

    def __init__(self, oracle: WordOracle) -> None:
        self.oracle = oracle
        self._plays: dict[tuple[tuple[str, int], ...], tuple[str, tuple[tuple[str, int], ...]]]
        self._plays = {}

    # --- the policies --------------------------------------------------------------------

    def best_play(self, hand: Sequence[Card]) -> WordPlay | None:
        """The exact best word of ``hand``, cached by letters and points."""
        key = hand_key(hand)
        known = self._plays.get(key)
        if known is None:
            play = self.oracle.best(hand)
            if len(self._plays) > 100_000:
                self._plays.clear()
            shape = () if play is None else tuple((c.letters, c.points) for c in play.cards)
            self._plays[key] = ("" if play is None else play.word, shape)
            return play
        word, shape = known
        if not word:
            return None
        free = list(hand)
        cards = []
        for letters, points in shape:
            index = next(
                i for i, c in enumerate(free) if c.letters == letters and c.points == points
            )
            cards.append(free.pop(index))
        return WordPlay(word, sum(points for _, points in shape), tuple(cards))

    def pick(self, state: GutenbergState, seat: Seat) -> Pick:
        catalog = state.catalog
        held = [catalog.card(c) for c in (*state.drafted[seat], *state.commons)]
        packet = state.current_packet(seat)
        best = max(packet, key=lambda c: card_value(catalog.card(c), held))
        return Pick(best)

    def write(self, state: GutenbergState, seat: Seat) -> Write:
        hand = state.catalog.cards(state.hand(seat))
        several = state.solo and state.round == ROUNDS and state.difficulty == "facile"
        return self.write_action(state, choose_words(hand, self.best_play, several))

    @staticmethod
    def write_action(
        state: GutenbergState, plays: Sequence[WordPlay], offset: int | None = None
    ) -> Write:
        if not plays:
            return Write()
        encoded = tuple(Play(play.word, tuple(card.id for card in play.cards)) for play in plays)
        if state.needs_offset():
            if offset is None:
                row = state.catalog.cards(state.row)
                offset = choose_offset(row, plays[0].cards, state.offsets(len(plays[0].cards)))
            return Write(encoded, offset)
        return Write(encoded)

    @staticmethod
    def claim_options(state: GutenbergState, seat: Seat) -> dict[str | None, int]:
        options: dict[str | None, int] = {None: state.quota(seat)}
        for challenge in state.claimable_challenges(seat):
            options[challenge] = state.quota(seat, challenge)
        return options

    def claim(self, state: GutenbergState, seat: Seat) -> Claim:
        catalog = state.catalog
        options = self.claim_options(state, seat)
        rewards = {c: (catalog.challenges[c].reward.kind, catalog.card(c)) for c in options if c}
        pool = catalog.cards(state.pool)
        collection = catalog.cards(state.collections[seat])
        return choose_claim(pool, collection, options, rewards)

    def shelve(self, state: GutenbergState) -> Shelve:
        word = state.words[0]
        score = 0 if word is None else word.score
        library = state.catalog.cards(state.library)
        collection = state.catalog.cards(state.collections[0])
        return Shelve(choose_library(library, score, collection).id)

    def act(self, state: GutenbergState, seat: Seat) -> Action:
        if state.phase == "draft":
            return self.pick(state, seat)
        if state.phase == "write":
            return self.write(state, seat)
        if state.phase == "claim":
            return self.claim(state, seat)
        return self.shelve(state)

    # --- rollouts --------------------------------------------------------------------------

    def step(self, state: GutenbergState) -> GutenbergState:
        """Every seat to move acts once (seat order)."""
        for seat in sorted(state.to_move()):
            if seat in state.to_move():
                state = state._next(seat, self.act(state, seat))
        return state

    def finish_round(self, state: GutenbergState) -> GutenbergState:
        """Play until the round is over (next round started) or the game ends."""
        start = state.round
        while state.round == start and state.phase != "over":
            state = self.step(state)
        return state

    def finish_game(self, state: GutenbergState) -> GutenbergState:
        while state.phase != "over":
            state = self.step(state)
        return state
