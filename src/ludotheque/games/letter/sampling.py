"""Random but sensible legal actions for Letter (random bots and the generic tests).

A turn tries the placements that name a real new word (:func:`~.paths.best_placements`, over
the player's letters or a free letter) and names one to six of its words; when there is none,
the player lays a blank or a free letter, passes, or (solo) stops. A knock window is mostly let
pass; now and then a seat knocks with up to twelve new words it sees on the board (so
that random games drain the words a board offers and reach their end).
"""

from __future__ import annotations

from ludotheque.core.rng import Draws

from .actions import (
    Action,
    ChooseSize,
    Claim,
    FreeLetter,
    Knock,
    NoKnock,
    Pass,
    PlaceBlank,
    Placement,
    Stop,
    Timeout,
    Turn,
)
from .paths import WordPaths, best_placements, is_new, new_words
from .state import LetterState

__all__ = ["sample_action"]

KNOCK_RATE = 0.12
TIMEOUT_RATE = 0.02
STOP_RATE = 0.02
TOP = 8
TURN_WORDS = 20
KNOCK_WORDS = 40


def _claims(
    words: WordPaths, draws: Draws, noted: dict[str, list[frozenset[str]]], most: int
) -> list[Claim]:
    """One to ``most`` of ``words`` (each with a path still new), in a random order."""
    wanted = 1 + draws.below(most)
    seen = {word: list(sets) for word, sets in noted.items()}
    claims: list[Claim] = []
    for word in draws.shuffled(sorted(words)):
        for path in words[word]:
            if is_new(word, path, seen):
                claims.append(Claim(path, word))
                seen.setdefault(word, []).append(frozenset(path))
                break
        if len(claims) >= wanted:
            break
    return claims


def sample_action(state: LetterState, seat: int, draws: Draws) -> Action:
    if state.phase == "tirage":
        return ChooseSize(draws.choice(state.pool_sizes()))
    if state.phase == "frappe":
        if draws.random() < KNOCK_RATE:
            noted = state.noted()
            words = new_words(state.board, state.words.index, noted)
            if words:
                return Knock(tuple(_claims(words, draws, noted, KNOCK_WORDS)))
        return NoKnock()
    if state.config.hourglass and draws.random() < TIMEOUT_RATE:
        return Timeout()
    if state.config.solo and draws.random() < STOP_RATE:
        return Stop()
    if state.first_round(seat):
        return _first_turn(state, seat, draws)
    return _turn(state, seat, draws)


def _first_turn(state: LetterState, seat: int, draws: Draws) -> Action:
    board = state.board
    tile = state.catalog[draws.choice(state.letters_of(seat))]
    spots = board.positions(tile) if board.placed and draws.random() < 0.8 else []
    spots = spots or board.positions(tile, anywhere=True)
    x, y = draws.choice(spots)
    after = board.place(tile, x, y, anywhere=True)
    words = new_words(after, state.words.index, state.noted(), through=tile.id)
    claims = _claims(words, draws, state.noted(), TURN_WORDS) if words else []
    return Turn((Placement(tile.id, x, y),), tuple(claims))


def _turn(state: LetterState, seat: int, draws: Draws) -> Action:
    board = state.board
    noted = state.noted()
    letters = [state.catalog[t] for t in state.letters_of(seat)]
    frees = [state.catalog[t] for t in state.free]
    sources = [letters] if letters else []
    if frees and (not letters or draws.random() < 0.3):
        sources.insert(0, frees)
    for tiles in sources:
        best = best_placements(board, tiles, state.words.index, noted, len, top=TOP)
        if best:
            chosen = draws.choice(best)
            claims = _claims(chosen.words, draws, noted, TURN_WORDS)
            return Turn((Placement(chosen.tile.id, chosen.x, chosen.y),), tuple(claims))
    fallbacks: list[Action] = []
    for blank in sorted(set(state.blanks_of(seat))):
        spots = board.positions(state.catalog[blank])
        if spots:
            fallbacks.append(PlaceBlank(blank, *draws.choice(spots)))
    if letters:
        fallbacks.append(FreeLetter(draws.choice(letters).id))
    if state.config.solo:
        if not letters or draws.random() < 0.5:
            return Stop()
    elif state.may_pass(seat):
        fallbacks.append(Pass())
    if not fallbacks:
        return Timeout() if state.config.hourglass else Stop()
    return draws.choice(fallbacks)
