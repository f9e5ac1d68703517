"""The strong Thèmes bot (Fort): the known words weighed with a look-ahead in its own turn.

Method, on the state drawn from its own view:

1. Candidates: the words it knows (95 % of each vocabulary) that its cards allow, each with
   its best cards; the ``candidates`` worth the most now (letters, theme card, 3 PV for the
   fifth theme) are evaluated.
2. Evaluation of a word: its points now, plus — when it may still say another word this turn
   (its speed, :func:`~.bots_common.words_left`) — ``follow_weight`` times the best word it
   could say next on the table the word leaves (the new top cards of the column, its hand made
   up from the drawn pile): a word that keeps good cards in hand or uncovers good letters is
   preferred to one worth the same that leaves nothing.
3. The end in view: a word that ends the game (the third theme pile exhausted) is worth
   :data:`END_BONUS` when the bot then wins and minus that when it loses; one that empties a
   pile without ending the game (bringing the end closer) gains :data:`PILE_BONUS` when the bot
   is ahead, loses it when behind.
4. Nothing worth saying (no known word, or only words that lose the game): a new hand once a
   turn, then the end of its turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Draws

from .actions import Action, EndTurn, Redraw, Word
from .bots_common import EngineBot, known_choices, word_value, words_left
from .classic import classic_play
from .state import ThemesState

__all__ = ["DEFAULT_CANDIDATES", "END_BONUS", "PILE_BONUS", "StrongBot", "lead", "weigh"]

DEFAULT_CANDIDATES = 8
"""Words evaluated with the look-ahead, the best by their points now."""
FOLLOW_WEIGHT = 0.5
END_BONUS = 100.0
PILE_BONUS = 1.5


def lead(state: ThemesState, seat: Seat) -> int:
    """``seat``'s score minus the best other score (positive: ahead)."""
    others = [state.score(s) for s in range(state.players) if s != seat]
    return state.score(seat) - max(others, default=0)


class StrongBot(EngineBot):
    """Fort: see the module doc."""

    name = "strong"

    def __init__(
        self,
        share: float | None = None,
        seconds_per_word: float | None = None,
        candidates: int = DEFAULT_CANDIDATES,
        follow_weight: float = FOLLOW_WEIGHT,
    ) -> None:
        super().__init__(share, seconds_per_word)
        if candidates < 1:
            raise ValueError("candidates doit être au moins 1.")
        self.candidates = candidates
        self.follow_weight = follow_weight

    def play(self, state: ThemesState, seat: Seat, draws: Draws) -> Action:
        left = words_left(state, seat, self.seconds_per_word)
        if not left:
            return EndTurn()
        choices = known_choices(state, seat, self.share)
        ranked = sorted(choices, key=lambda w: (-word_value(state, w), -len(w.cards)))
        best: tuple[float, Word] | None = None
        for word in ranked[: self.candidates]:
            value = self.evaluate(state, seat, word, left)
            if best is None or value > best[0]:
                best = (value, word)
        if best is not None and best[0] > 0:
            return best[1]
        return Redraw() if classic_play(state).may_redraw(state, seat) else EndTurn()

    def evaluate(self, state: ThemesState, seat: Seat, word: Word, left: int) -> float:
        """What saying ``word`` is worth to ``seat`` (see the module doc)."""

        def follow(after: ThemesState) -> list[Word]:
            return known_choices(after, seat, self.share)

        return weigh(state, seat, word, follow if left > 1 else None, self.follow_weight)


def weigh(
    state: ThemesState,
    seat: Seat,
    word: Word,
    follow: Callable[[ThemesState], Sequence[Word]] | None,
    follow_weight: float = FOLLOW_WEIGHT,
) -> float:
    """What saying ``word`` is worth to ``seat`` with the end in view (steps 2 and 3 of the
    module doc): its points now, ± :data:`END_BONUS` when it ends the game won or lost, ±
    :data:`PILE_BONUS` when it empties a pile ahead or behind, and, when ``follow`` lists the
    words ``seat`` could say next on the table the word leaves, ``follow_weight`` times the
    best of them."""
    value: float = word_value(state, word)
    after = state.apply(seat, word)
    if after.phase == "fin":
        outcome = after.outcome()
        won = outcome is not None and seat in outcome.winners
        return value + (END_BONUS if won else -END_BONUS)
    if not after.piles[word.column]:
        value += PILE_BONUS if lead(after, seat) > 0 else -PILE_BONUS
    if follow is not None and after.phase == "jeu" and classic_play(after).active == seat:
        found = follow(after)
        if found:
            value += follow_weight * max(word_value(after, w) for w in found)
    return value
