"""Shared helpers for the Letter rule tests: tables with known tiles and precise positions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ludotheque.games.letter import Letter
from ludotheque.games.letter.actions import Claim, Placement, Turn
from ludotheque.games.letter.board import Board, Placed, parse_cell
from ludotheque.games.letter.state import LetterState

GAME = Letter()

# A small box for precise positions: the big tiles of the rulebook example (U 3x3...), one
# tile per letter besides, and fillers so that up to six players can be dealt.
TEST_TILES = """
U 3x3
A 1x3
M 2x1
O 1x1
J 2x1
E 1x3
R 2x1
T 3x1
V 1x1
E 1x1 4
R 1x1 3
A 1x1 3
S 1x1 3
I 1x1 3
N 1x1 3
L 1x1 2
C 1x1 2
H 1x1
P 1x1
O 1x1 2
U 1x1 2
T 1x1 2
M 1x1 1
D 1x1 1
blanche 1x1 4
blanche 2x1 2
"""


def new(players: int, seed: int = 1, **options: Any) -> LetterState:
    """A table dealt at random (``tirage=hasard``) from the test box, seat 0 to start."""
    mode = "solo" if players == 1 else "classique"
    settings: dict[str, Any] = {"mode": mode, "tirage": "hasard", "tuiles": TEST_TILES}
    settings.update(options)
    state = GAME.new(players, seed, settings)
    assert isinstance(state, LetterState)
    if state.phase == "jeu":
        state = replace(state, config=replace(state.config, starter=0), active=0)
    return state


def tile(state: LetterState, letter: str, size: str = "1x1", *, avoid: Iterable[str] = ()) -> str:
    """The id of a tile with this letter (``""`` for a blank) and size, not in ``avoid``."""
    avoided = set(avoid)
    for tile_id, item in state.catalog.items():
        if item.letter == letter and item.size == size and tile_id not in avoided:
            return tile_id
    raise LookupError(f"no tile {letter or 'blanche'} {size}")


def arrange(
    state: LetterState,
    *,
    board: Sequence[tuple[str, str]] = (),
    hands: Mapping[int, Sequence[str]] | None = None,
    free: Sequence[str] = (),
    first_done: bool | Sequence[bool] = True,
    active: int = 0,
    **fields: Any,
) -> LetterState:
    """Put the named tiles where asked (board: ``(tile, "c5")``); the others go face down.

    Hands not given keep their tiles (minus those moved); every displaced tile goes back to
    the face-down pool, so no tile is lost. ``first_done``: everybody has played a first turn.
    """
    moving = {t for t, _ in board} | set(free)
    for ids in (hands or {}).values():
        moving.update(ids)
    new_hands = []
    for seat, hand in enumerate(state.hands):
        if hands is not None and seat in hands:
            new_hands.append(tuple(hands[seat]))
        else:
            new_hands.append(tuple(t for t in hand if t not in moving))
    placed = [Placed(state.catalog[t], *parse_cell(cell)) for t, cell in board]
    grid = Board.of(state.board.columns, state.board.rows, placed)
    kept = {t for hand in new_hands for t in hand} | set(free) | {t for t, _ in board}
    rest = [t for t in (*state.pool, *sorted(state.catalog)) if t not in kept]
    rest = list(dict.fromkeys(rest))
    pool = tuple(t for t in rest if not state.catalog[t].blank)
    box = tuple(t for t in rest if state.catalog[t].blank)
    done = (first_done,) * state.players if isinstance(first_done, bool) else first_done
    result = replace(
        state,
        board=grid,
        hands=tuple(new_hands),
        free=tuple(free),
        pool=pool,
        box=box,
        first_done=tuple(done),
        active=active,
        **fields,
    )
    assert result.invariant_violations() == [], result.invariant_violations()
    return result


def put(tile_id: str, cell: str) -> Placement:
    return Placement(tile_id, *parse_cell(cell))


def turn(*placements: tuple[str, str], words: Sequence[Sequence[str]] = (), **extra: Any) -> Turn:
    """A turn from ``(tile, cell)`` pairs and words given as tile paths."""
    return Turn(
        tuple(put(t, c) for t, c in placements),
        tuple(Claim(tuple(path)) for path in words),
        **extra,
    )


def words_of(state: LetterState, seat: int) -> list[str]:
    return [entry.word for entry in state.sheets[seat]]


def no_knocks(state: LetterState) -> LetterState:
    """Close an open knock window: every seat in it lets it pass."""
    from ludotheque.games.letter.actions import NoKnock

    while state.phase == "frappe":
        state = state.apply(min(state.to_move()), NoKnock())
    return state
