"""The greedy Letter bot: each turn, the placement whose new words score most.

Every decision is a pure function of a state (:func:`greedy_action`), so that the strong bot
can reuse it; :class:`GreedyBot` applies it to the state drawn from its own view
(:meth:`~ludotheque.bots.base.Observation.determinize`: the face-down order and the other seats'
pending knocks are redrawn, everything else is public).

- Deal (``tirage=taille``): the size in :data:`SIZE_PREFERENCE` order still face down: big
  tiles first (they touch more tiles and so read in more words; against the same bot asking
  for small tiles first it won 14 games of 20, docs/performance.md « Letter : robots »).
- First round: the placement of an own letter, anywhere, whose new words score most (words
  through it); with none, the most useful letter in the centre of an empty board, or touching
  the tiles already placed, as near the centre as possible.
- Later turns: the best placements of each own letter and of each free letter
  (:func:`~.paths.best_placements`), of an own letter with free letters or of free letters
  together (« on peut les ajouter dans n'importe quelle quantité au lieu d'une lettre à soi ou
  en plus », VER + R, E = VERRE: :func:`~.paths.best_combinations`, up to three tiles, a
  bounded beam), and of an own letter replacing a blank on the board (an exchange), are scored
  by the table's counting (``comptage`` 1/2/3, solo variant) of *every* new word the seat can
  then name — those through the tiles placed and those already readable anywhere on the board
  and still unclaimed. With no placement: a blank, else the least useful
  letter laid beside the board, else pass (solo: stop).
- Knock window: knock with every new word readable on the board, if there is one.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from ludotheque.bots.base import Observation
from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Draws
from ludotheque.lexicon.prefixes import PrefixIndex

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
from .board import Board, Tile
from .paths import Noted, WordPaths, best_combinations, best_placements, is_new, new_words
from .state import LetterState, word_points

__all__ = [
    "CANDIDATES",
    "SIZE_PREFERENCE",
    "Candidate",
    "GreedyBot",
    "Namer",
    "candidates",
    "claims_for",
    "fallback",
    "first_turn_without_word",
    "greedy_action",
    "least_useful",
    "word_value",
]

CANDIDATES = 8
"""Best placements kept for each source of tiles (own letters, free letters)."""
COMBINATION_WIDTHS = (12, 2)
"""The beam of :func:`~.paths.best_combinations`: up to ``len(COMBINATION_WIDTHS) + 1`` tiles
placed together (an own letter and two free letters, or three free letters); the 12 first tiles
with the most live paths get a second tile, and the 2 pairs of each with the most a third. On 6
boards of 54 letters with 7 own and 5 free letters: a decision in 0.6 s (median; 0.16 s
without), words worth 73 % more than without; a beam of (24, 4) took three times as long for
0.1 % more."""
SIZE_PREFERENCE = ("3x3", "2x3", "3x2", "2x2", "1x3", "3x1", "1x2", "2x1", "1x1")
"""The deal: sizes asked for, first the one still face down that comes first here."""
LETTER_ORDER = "EASITNRULODCMPVGBFHQJXYZKW"
"""French letters, the most useful first (frequency in words; rare letters last)."""
MAX_CLAIMS = 100  # JSON limit of words in one action (actions.MAX_WORDS)


def usefulness(letter: str) -> int:
    """Higher for a letter that serves more words (a multi-letter tile: its first letter)."""
    first = letter[:1]
    return len(LETTER_ORDER) - LETTER_ORDER.index(first) if first in LETTER_ORDER else 0


def word_value(state: LetterState, word: str) -> float:
    """What noting ``word`` adds to a score under the table's counting (ties: longer)."""
    n = len(word)
    config = state.config
    if config.solo:
        return 1 + n / 1000 if config.variant == 1 else word_points(n)
    if config.counting == "1":
        return 1 + n / 1000
    if config.counting == "2":
        return n
    return word_points(n)


def claims_for(
    state: LetterState, *groups: WordPaths, noted: Noted | None = None
) -> tuple[list[Claim], float]:
    """Every claim that can be named together from ``groups`` (each path new when named), and
    their value. The same word again only with completely different tiles (rule 8)."""
    seen: dict[str, list[AbstractSet[str]]] = {
        word: list(sets) for word, sets in (state.noted() if noted is None else noted).items()
    }
    claims: list[Claim] = []
    value = 0.0
    for words in groups:
        for word in sorted(words, key=lambda w: (-len(w), w)):
            for path in words[word]:
                if len(claims) >= MAX_CLAIMS:
                    return claims, value
                if is_new(word, path, seen):
                    claims.append(Claim(path, word))
                    seen.setdefault(word, []).append(frozenset(path))
                    value += word_value(state, word)
    return claims, value


Namer = Callable[[WordPaths, WordPaths, Collection[str]], tuple[list[Claim], float]]
"""The words a turn names: from the new words through the tiles placed, the other new words
readable on the board and the ids of the tiles placed, the claims and their value (the greedy
namer: every one, :func:`claims_for`). A tile placed and on no claim makes the turn unplayable."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A turn the bot may play, and the value of its words."""

    action: Turn
    value: float
    board: Board


def candidates(
    state: LetterState,
    seat: Seat,
    top: int = CANDIDATES,
    *,
    index: PrefixIndex | None = None,
    namer: Namer | None = None,
    score: Callable[[WordPaths], float] | None = None,
) -> list[Candidate]:
    """The turns worth considering, best first (see the module doc).

    ``index``: the words the player sees (default: the table's dictionary); ``namer``: which of
    them a turn names (default: every new word); ``score``: how placements are ranked while
    searching (default: the value of every new path through the tile).
    """
    board = state.board
    index = index or state.words.index
    noted = state.noted()
    first = state.first_round(seat)
    letters = [state.catalog[t] for t in state.letters_of(seat)]
    frees = [] if first else [state.catalog[t] for t in state.free]
    standing = {} if first else new_words(board, index, noted)

    def every_path(words: WordPaths) -> float:
        return sum(word_value(state, w) * len(paths) for w, paths in words.items())

    def every_word(
        through: WordPaths, other: WordPaths, _: Collection[str]
    ) -> tuple[list[Claim], float]:
        return claims_for(state, through, other, noted=noted)

    score = score or every_path
    name = namer or every_word
    found: list[Candidate] = []
    for tiles in (letters, frees):
        if not tiles:
            continue
        for placed in best_placements(board, tiles, index, noted, score, anywhere=first, top=top):
            claims, value = name(placed.words, standing, (placed.tile.id,))
            if not any(placed.tile.id in c.path for c in claims):
                continue
            action = Turn((Placement(placed.tile.id, placed.x, placed.y),), tuple(claims))
            after = board.place(placed.tile, placed.x, placed.y, anywhere=first)
            found.append(Candidate(action, value, after))
    if frees:
        found += _combinations(state, letters, frees, standing, score, top, index, name)
    if not first:
        found += _exchanges(state, letters, standing, noted, index, name)
    found.sort(key=lambda c: -c.value)
    return found


def _combinations(
    state: LetterState,
    letters: Sequence[Tile],
    frees: Sequence[Tile],
    standing: WordPaths,
    score: Callable[[WordPaths], float],
    top: int,
    index: PrefixIndex,
    name: Namer,
) -> list[Candidate]:
    """Free letters placed with an own letter or with one another (VER + R, E = VERRE)."""
    noted = state.noted()
    found: list[Candidate] = []
    combinations = best_combinations(
        state.board,
        letters,
        frees,
        index,
        noted,
        score,
        widths=COMBINATION_WIDTHS,
        top=top,
    )
    for combination in combinations:
        ids = {tile.id for tile, _, _ in combination.placements}
        claims, value = name(combination.words, standing, ids)
        if not ids <= {t for claim in claims for t in claim.path}:
            continue
        placements = tuple(Placement(tile.id, x, y) for tile, x, y in combination.placements)
        after = state.board
        for tile, x, y in combination.placements:
            after = after.place(tile, x, y)
        found.append(Candidate(Turn(placements, tuple(claims)), value, after))
    return found


def _exchanges(
    state: LetterState,
    letters: Sequence[Tile],
    standing: WordPaths,
    noted: Noted,
    index: PrefixIndex,
    name: Namer,
) -> list[Candidate]:
    """An own letter replacing a blank on the board (rule 14), with a new word through it."""
    found: list[Candidate] = []
    for item in state.board.placed:
        if not item.tile.blank:
            continue
        cells = set(item.cells())
        lifted = state.board.remove(item.tile.id)
        best: Candidate | None = None
        for tile in letters:
            for x, y in lifted.positions(tile):
                if not any(
                    (x + dx, y + dy) in cells
                    for dx in range(tile.width)
                    for dy in range(tile.height)
                ):
                    continue
                after = lifted.place(tile, x, y)
                through = new_words(after, index, noted, through=tile.id)
                if not through:
                    continue
                claims, value = name(through, standing, (tile.id,))
                if not any(tile.id in c.path for c in claims):
                    continue
                if best is None or value > best.value:
                    action = Turn((Placement(tile.id, x, y),), tuple(claims), item.tile.id)
                    best = Candidate(action, value, after)
        if best is not None:
            found.append(best)
    return found


def least_useful(state: LetterState, seat: Seat) -> str:
    """The own letter to lay beside the board: the rarest letter, then the biggest tile."""
    letters = [state.catalog[t] for t in state.letters_of(seat)]
    return min(letters, key=lambda t: (usefulness(t.letter), -t.width * t.height, t.id)).id


def _centre_distance(board: Board, tile: Tile, x: int, y: int) -> float:
    cx = x + tile.width / 2 - board.columns / 2
    cy = y + tile.height / 2 - board.rows / 2
    return cx * cx + cy * cy


def first_turn_without_word(state: LetterState, seat: Seat) -> Turn:
    """First round, no word to make: the most useful letter nearest the centre (touching the
    tiles already placed when it can)."""
    board = state.board
    tiles = [state.catalog[t] for t in state.letters_of(seat)]
    tile = max(tiles, key=lambda t: (usefulness(t.letter), -t.width * t.height))
    spots = (board.positions(tile) if board.placed else []) or board.positions(tile, anywhere=True)
    x, y = min(spots, key=lambda s: (_centre_distance(board, tile, *s), s[1], s[0]))
    return Turn((Placement(tile.id, x, y),))


def knock(state: LetterState) -> Knock | None:
    """A knock with every new word readable on the board, or ``None``."""
    words = new_words(state.board, state.words.index, state.noted())
    if not words:
        return None
    claims, _ = claims_for(state, words)
    return Knock(tuple(claims)) if claims else None


def _sizes_pick(state: LetterState, preference: Sequence[str]) -> str:
    sizes = state.pool_sizes()
    for size in preference:
        if size in sizes:
            return size
    return sizes[0]


def fallback(state: LetterState, seat: Seat) -> Action:
    """No word to make: a blank (nearest the centre), else lay a letter, pass or stop."""
    board = state.board
    if state.config.solo:
        for blank in dict.fromkeys(state.blanks_of(seat)):
            tile = state.catalog[blank]
            spots = board.positions(tile)
            if spots:
                x, y = min(spots, key=lambda s: (_centre_distance(board, tile, *s), s[1], s[0]))
                return PlaceBlank(blank, x, y)
        return Stop()
    for blank in dict.fromkeys(state.blanks_of(seat)):
        tile = state.catalog[blank]
        spots = board.positions(tile)
        if spots:
            x, y = min(spots, key=lambda s: (_centre_distance(board, tile, *s), s[1], s[0]))
            return PlaceBlank(blank, x, y)
    if state.letters_of(seat):
        return FreeLetter(least_useful(state, seat))
    if state.may_pass(seat):
        return Pass()
    return Timeout()  # not reached: without letters nor blanks a seat may pass


def greedy_action(
    state: LetterState, seat: Seat, size_preference: Sequence[str] = SIZE_PREFERENCE
) -> Action:
    """The greedy choice of ``seat`` in ``state`` (see the module doc)."""
    if state.phase == "tirage":
        return ChooseSize(_sizes_pick(state, size_preference))
    if state.phase == "frappe":
        return knock(state) or NoKnock()
    found = candidates(state, seat, top=1)
    if found:
        return found[0].action
    if state.first_round(seat):
        return first_turn_without_word(state, seat)
    return fallback(state, seat)


class GreedyBot:
    """The greedy choice, from the state drawn from its own view."""

    name = "greedy"

    def __init__(self, size_preference: Sequence[str] = SIZE_PREFERENCE) -> None:
        self.size_preference = tuple(size_preference)

    def choose(self, observation: Observation, draws: Draws) -> Action:
        state = observation.determinize(draws)
        assert isinstance(state, LetterState)
        return greedy_action(state, observation.seat, self.size_preference)
