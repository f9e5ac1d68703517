"""What the Expert would do at a decision of Thèmes, and what each choice is worth by its
measure: the choices :mod:`.analysis` compares (see its doc and ``docs/analysis.md``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action, EndTurn, GiveUp, Redraw, Timeout, Verdict, Word
from .analysis_text import word_text
from .bots_common import word_value
from .bots_levels import packet_plan
from .bots_moves import Move, word_moves
from .bots_strong import DEFAULT_CANDIDATES, END_BONUS, FOLLOW_WEIGHT, PILE_BONUS, lead
from .classic import ClassicPlay
from .familiarity import entry_familiarity
from .simultaneous import SimultaneousPlay
from .state import ThemesState
from .teams import WORDS, TeamPlay
from .verdicts import pending_judges

__all__ = ["Option", "end_terms", "expert_choice", "may_redraw", "player_choice", "ranked", "worth"]


@dataclass(frozen=True, slots=True)
class Option:
    """One thing the seat could do, in French, and its value by the Expert's measure."""

    label: str
    value: float
    word: Word | None = None
    end: float = 0.0
    """What the end in view added to the value (classic: :func:`end_terms`)."""


def expert_choice(state: ThemesState, seat: int, moves: Sequence[Move]) -> Option:
    """What the Expert would do on ``state`` (drawn from ``seat``'s view), ``moves`` being
    every word the seat may say, valued by the variant's measure."""
    if isinstance(state.play, ClassicPlay):
        return _classic_expert(state, seat, moves)
    if isinstance(state.play, SimultaneousPlay):
        return _race_expert(moves)
    return _team_expert(state, moves)


def may_redraw(state: ThemesState, seat: int) -> bool:
    play = state.play
    return isinstance(play, ClassicPlay) and play.may_redraw(state, seat)


def ranked(moves: Sequence[Move]) -> list[Move]:
    """Best first by points now; equal points: the more familiar first (as the bots rank)."""
    return sorted(moves, key=lambda move: (-move.value, -entry_familiarity(move.key)))


def _classic_expert(state: ThemesState, seat: int, moves: Sequence[Move]) -> Option:
    """The eight words worth the most now, weighed (:func:`worth`); none worth saying: a new
    hand when allowed, else the end of the turn."""
    weighed = [
        (worth(state, seat, move.word, state.apply(seat, move.word)), move)
        for move in ranked(moves)[:DEFAULT_CANDIDATES]
    ]
    if weighed:
        value, move = max(weighed, key=lambda pair: pair[0])
        if value > 0:
            after = state.apply(seat, move.word)
            value = worth(state, seat, move.word, after, follow=False)
            return Option("", value, move.word, end_terms(state, seat, move.word, after))
    if may_redraw(state, seat):
        return Option("changer de lettres", 0.0)
    return Option("fin du tour", 0.0)


def _race_expert(moves: Sequence[Move]) -> Option:
    """Simultanée: the word worth the most now, else « rien »."""
    if not moves:
        return Option("« rien »", 0.0)
    best = ranked(moves)[0]
    return Option("", float(best.value), best.word)


def _team_expert(state: ThemesState, moves: Sequence[Move]) -> Option:
    """Équipe: the best word of the plan for the unused packets, else the end of the round."""
    plan = packet_plan(moves)
    if not plan:
        return Option("fin de la manche", 0.0)
    best = max(plan, key=lambda move: move.value)
    return Option("", _team_worth(state, best.word, moves), best.word)


def worth(
    state: ThemesState, seat: int, word: Word, after: ThemesState, *, follow: bool = True
) -> float:
    """The classic Expert's value of ``word`` said on ``state`` (leading to ``after``), as
    :func:`~.bots_strong.weigh`: its points now, ± 100 when it ends the game won or lost, ± 1.5
    when it empties a pile ahead or behind, and with ``follow`` half the best word the seat
    could say next (every word, time aside: the Expert's choice). Without ``follow`` it reads
    only what everyone sees (the measure of a loss: no card drawn after the word counts)."""
    value = float(word_value(state, word)) + end_terms(state, seat, word, after)
    play = after.play
    if follow and after.phase == "jeu" and isinstance(play, ClassicPlay) and play.active == seat:
        following = word_moves(after, seat)
        if following:
            value += FOLLOW_WEIGHT * max(move.value for move in following)
    return value


def end_terms(state: ThemesState, seat: int, word: Word, after: ThemesState) -> float:
    """What the end in view adds to a word: ± :data:`END_BONUS` when it ends the game won or
    lost, ± :data:`PILE_BONUS` when it empties a pile ahead or behind."""
    if after.phase == "fin":
        outcome = after.outcome()
        return END_BONUS if outcome is not None and seat in outcome.winners else -END_BONUS
    if not after.piles[word.column]:
        return PILE_BONUS if lead(after, seat) > 0 else -PILE_BONUS
    return 0.0


def _team_worth(state: ThemesState, word: Word, moves: Sequence[Move]) -> float:
    """Équipe: what is left of the round with ``word`` said — its letters, the best plan for
    the other packets on the other columns (:func:`~.bots_levels.packet_plan`, on the cards
    seen now), and the round's theme cards when it ends with its three words."""
    play = state.play
    assert isinstance(play, TeamPlay)
    letters = sum(state.catalog.letters[card].points for card in word.cards)
    rest = packet_plan(
        [m for m in moves if m.word.packet != word.packet and m.column != word.column]
    )
    said = sum(play.used) + 1 + len(rest)
    return float(letters + sum(move.points for move in rest) + (said if said == WORDS else 0))


def _won(
    state: ThemesState,
    seat: int,
    word: Word,
    after: ThemesState,
    moves: Sequence[Move],
    label: str = "",
) -> Option:
    """A word won, valued by the variant's measure of a loss."""
    if isinstance(state.play, ClassicPlay):
        value = worth(state, seat, word, after, follow=False)
        return Option(label, value, word, end_terms(state, seat, word, after))
    if isinstance(state.play, TeamPlay):
        return Option(label, _team_worth(state, word, moves), word)
    return Option(label, float(word_value(state, word)), word)


# --- the player's choice ---------------------------------------------------------------------


def player_choice(
    state: ThemesState, seat: int, action: Action, accepted: bool | None, moves: Sequence[Move]
) -> Option:
    """What the player did and its value by the same measure as the Expert's choice."""
    if isinstance(action, Word):
        if state.in_vocabulary(action):
            return _won(state, seat, action, state.apply(seat, action), moves)
        if accepted:
            after = _accepted(state, seat, action)
            shown = word_text(state, action, word_value(state, action))
            return _won(state, seat, action, after, moves, f"{shown[:-1]}, accepté par le juge)")
        if isinstance(state.play, SimultaneousPlay):
            cost = _cheapest(state, seat)
            text = f"{word_text(state, action)} (refusé par le juge : une carte à rendre)"
            return Option(text, -cost)
        return Option(f"{word_text(state, action)} (refusé par le juge : aucun point)", 0.0)
    if isinstance(action, Redraw):
        return Option("changer de lettres", 0.0)
    if isinstance(action, GiveUp):
        return Option("« rien »", 0.0)
    if isinstance(action, Timeout):
        return Option("sablier écoulé", 0.0)
    assert isinstance(action, EndTurn), action
    return Option("fin de la manche" if isinstance(state.play, TeamPlay) else "fin du tour", 0.0)


def _accepted(state: ThemesState, seat: int, word: Word) -> ThemesState:
    """The state after ``word`` once its judges have all accepted it."""
    after = state.apply(seat, word)
    while after.phase == "jugement" and after.claim is not None:
        judge = min(pending_judges(after.claim))
        after = after.apply(judge, Verdict(True))
    return after


def _cheapest(state: ThemesState, seat: int) -> int:
    """Simultanée: the points of the card a refused word costs (the cheapest won, or 1 for a
    debt paid at the next gain)."""
    play = state.play
    assert isinstance(play, SimultaneousPlay)
    if not (state.won_letters[seat] or state.won_themes[seat]):
        return 1
    card = play.cheapest_card(state, seat)
    letter = state.catalog.letters.get(card)
    return letter.points if letter is not None else 1
