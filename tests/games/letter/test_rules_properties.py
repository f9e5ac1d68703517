"""Properties of Letter's rules under random play and random (mostly wrong) actions."""

from __future__ import annotations

import copy
from collections import Counter

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ludotheque.core.errors import IllegalAction
from ludotheque.core.rng import Rng
from ludotheque.games.letter.actions import Claim, Knock, Placement, Turn
from ludotheque.games.letter.board import Board
from ludotheque.games.letter.state import LetterState

from .helpers import GAME

OPTIONS = st.fixed_dictionaries(
    {
        "erreurs": st.sampled_from(["refus", "penalite"]),
        "tirage": st.sampled_from(["taille", "hasard"]),
        "sablier": st.booleans(),
        "plateau": st.integers(13, 20),
    }
)


def table(players: int, seed: int, options: dict[str, object]) -> LetterState:
    settings_ = dict(options)
    settings_["mode"] = "solo" if players == 1 else "classique"
    state = GAME.new(players, seed, settings_)
    assert isinstance(state, LetterState)
    return state


def tiles_everywhere(state: LetterState) -> Counter[str]:
    placed = [p.tile.id for p in state.board.placed]
    return Counter(
        [*state.pool, *(t for h in state.hands for t in h), *state.free, *state.box, *placed]
    )


def play(state: LetterState, steps: int, seed: int) -> list[LetterState]:
    draws = Rng.from_seed(seed).draws()
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        seat = draws.choice(sorted(state.to_move()))
        state = state.apply(seat, state.sample_action(seat, draws))
        states.append(state)
    return states


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 6), st.integers(0, 2**20), OPTIONS, st.integers(20, 80))
def test_tiles_are_never_lost_nor_duplicated_and_the_board_stays_consistent(
    players, seed, options, steps
):
    start = table(players, seed, options)
    every = Counter(list(start.catalog))
    previous_words = 0
    for state in play(start, steps, seed):
        assert state.invariant_violations() == []
        assert tiles_everywhere(state) == every
        words = sum(len(sheet) for sheet in state.sheets)
        assert words >= previous_words  # a noted word is never struck off
        previous_words = words
        cells = state.board.cells()
        assert sum(p.tile.width * p.tile.height for p in state.board.placed) == len(cells)


def random_walk(board: Board, start: str, length: int) -> tuple[str, ...]:
    path = [start]
    while len(path) < length:
        nexts = sorted(board.letter_neighbours(path[-1]) - set(path))
        if not nexts:
            break
        path.append(nexts[len(path) * 7 % len(nexts)])
    return tuple(path)


def random_turn(state: LetterState, seat: int, data: st.DataObject) -> Turn:
    """Mostly wrong turns: a tile of the seat (often at a legal spot), words along the board."""
    ids = sorted(state.catalog)
    mine = [*state.letters_of(seat), *state.free] or ids
    count = data.draw(st.sampled_from([1, 1, 1, 2, 3]))
    side = state.config.side
    placements = []
    for i in range(count):
        tile_id = data.draw(st.sampled_from(mine if i == 0 else ids))
        spots = state.board.positions(state.catalog[tile_id]) if i == 0 else []
        if spots and data.draw(st.booleans()):  # a legal spot for the first tile, often
            x, y = data.draw(st.sampled_from(spots))
        else:
            x, y = data.draw(st.integers(-1, side)), data.draw(st.integers(-1, side))
        placements.append(Placement(tile_id, x, y))
    first = placements[0]
    try:
        board = state.board.place(state.catalog[first.tile], first.x, first.y, anywhere=True)
    except ValueError:
        board = state.board
    letters = [p.tile.id for p in board.placed if not p.tile.blank] or ids
    words = []
    for _ in range(data.draw(st.integers(0, 3))):
        if first.tile in board and data.draw(st.booleans()):
            words.append(Claim(random_walk(board, first.tile, data.draw(st.integers(2, 6)))))
        else:
            tiles = data.draw(st.lists(st.sampled_from(letters), min_size=1, max_size=5))
            words.append(Claim(tuple(tiles)))
    return Turn(tuple(placements), tuple(words))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.integers(0, 2**20), OPTIONS, st.integers(0, 40), st.data())
def test_random_actions_are_refused_without_change_or_keep_the_invariants(
    players, seed, options, steps, data
):
    state = play(table(players, seed, options), steps, seed)[-1]
    if state.is_over:
        return
    seat = min(state.to_move())
    action = random_turn(state, seat, data)
    if state.phase == "frappe" and action.words:
        action = Knock(action.words)  # type: ignore[assignment]
    before = copy.deepcopy(state)
    try:
        after = state.apply(seat, action)
    except IllegalAction as error:
        event("refused")
        assert error.message
        assert state == before
        return
    event(f"accepted ({state.config.errors})")
    assert after.invariant_violations() == []
    assert tiles_everywhere(after) == Counter(list(state.catalog))
