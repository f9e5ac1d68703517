"""Letter's bots: legal full games, the greedy choices (every new word, knocks), honesty (they
decide from ``determinize`` only: the same view gives the same choice) and strength."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from ludotheque.bots.base import Observation
from ludotheque.bots.simulate import play_game, simulate
from ludotheque.core.rng import Rng
from ludotheque.games.letter import Letter
from ludotheque.games.letter.actions import ChooseSize, FreeLetter, Knock, NoKnock, Turn
from ludotheque.games.letter.board import Board, Tile
from ludotheque.games.letter.bots import (
    BOTS,
    GreedyBot,
    LetterLevelBot,
    RandomBot,
    StrongBot,
    make_bot,
)
from ludotheque.games.letter.bots_greedy import candidates, greedy_action, least_useful
from ludotheque.games.letter.bots_strong import best_reply
from ludotheque.games.letter.paths import best_combinations, is_new, new_words, readable_words
from ludotheque.games.letter.state import Entry, LetterState
from ludotheque.lexicon.prefixes import prefix_index

from .helpers import arrange, new, tile

GAME = Letter()
TINY = 3  # evaluations per turn for the strong bot in tests


def bot(name: str) -> Any:
    return make_bot(name, max_iterations=TINY) if name in ("strong", "expert") else make_bot(name)


# --- full games -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_bot_plays_multiplayer_games_legally(players: int) -> None:
    names = ["strong", "greedy", "random", "greedy"][:players]
    final = play_game(GAME, [bot(name) for name in names], seed=players)  # apply() checks
    outcome = final.outcome()
    assert outcome is not None and outcome.scores is not None
    assert len(outcome.ranks) == players


@pytest.mark.parametrize("variant", ["1", "2"])
@pytest.mark.parametrize("name", ["random", "greedy", "strong", "debutant", "expert"])
def test_every_bot_plays_solo_games_legally(name: str, variant: str) -> None:
    options = {"mode": "solo", "variante_solo": variant}
    final = play_game(GAME, [bot(name)], seed=5, options=options)
    assert final.outcome() is not None


@pytest.mark.parametrize("options", [{"comptage": "1", "erreurs": "penalite"}, {"sablier": True}])
def test_greedy_plays_other_tables_legally(options: dict[str, Any]) -> None:
    final = play_game(GAME, [bot("greedy"), bot("random"), bot("greedy")], seed=8, options=options)
    assert final.outcome() is not None


def test_registry_and_factory() -> None:
    levels = {"debutant", "intermediaire", "fort", "expert"}
    assert set(BOTS) == {"random", "greedy", "strong"} | levels
    for name in levels:
        made = make_bot(name)
        assert isinstance(made, LetterLevelBot) and made.profile.name == name
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert isinstance(make_bot("random"), RandomBot)
    assert make_bot("strong", max_iterations=5).max_iterations == 5  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        StrongBot(max_iterations=0)


# --- greedy choices ---------------------------------------------------------------------


def words_board(players: int = 3) -> LetterState:
    """M A O R on the board (seat 0 to play), words in it nobody has noted yet."""
    state = new(players)
    board = [
        (tile(state, "M", "2x1"), "c3"),
        (tile(state, "A", "1x3"), "c4"),
        (tile(state, "O"), "e3"),
        (tile(state, "R", "2x1"), "f7"),
    ]
    hands = {0: [tile(state, "U", "3x3"), tile(state, "S")], 1: [tile(state, "E", "1x3")]}
    return arrange(state, board=board, hands=hands)


def test_greedy_names_every_new_word_anywhere_on_the_board() -> None:
    state = words_board()
    action = greedy_action(state, 0)
    assert isinstance(action, Turn) and len(action.placements) == 1
    state.check(0, action)
    after = state.apply(0, action)
    assert isinstance(after, LetterState)
    # nothing left to knock for: every new word readable was named
    assert new_words(after.board, after.words.index, after.noted()) == {}
    # MA was not made by the placed tile and is named all the same
    assert "MA" in {claim.word for claim in action.words}


def test_greedy_lets_the_window_pass_without_words_and_knocks_with_them() -> None:
    state = words_board()
    unclaimed = new_words(state.board, state.words.index, state.noted())
    assert unclaimed
    window = replace(state, phase="frappe", window=(1, 2), pending=(None, None, None))
    knock = greedy_action(window, 1)
    assert isinstance(knock, Knock)
    window.check(1, knock)
    assert {c.word for c in knock.words} == set(unclaimed)
    empty = arrange(new(3), phase="frappe", window=(1, 2), pending=(None, None, None))
    assert greedy_action(empty, 1) == NoKnock()


def test_greedy_deal_prefers_big_tiles_and_lays_the_rarest_letter() -> None:
    state = GAME.new(2, 3, {"mode": "classique"})
    assert isinstance(state, LetterState) and state.phase == "tirage"
    assert greedy_action(state, state.active) == ChooseSize("3x3")
    table = words_board()
    hand = [tile(table, "E"), tile(table, "H")]
    table = arrange(table, hands={0: hand}, board=[])
    assert least_useful(table, 0) == tile(table, "H")
    # nothing to place (an empty board after the first round), no blank: the H is laid
    assert greedy_action(table, 0) == FreeLetter(tile(table, "H"))


def chant_board() -> tuple[LetterState, str, str]:
    """C H A N T on the board; seat 0 holds an E, an R lies beside the board (a free letter).

    CHANTER needs both (« en plus de » one's own letter, like VER + R, E = VERRE)."""
    state = new(2)
    ids: list[str] = []
    for letter in "CHANT":
        ids.append(tile(state, letter, avoid=ids))
    own, free = tile(state, "E", avoid=ids), tile(state, "R", avoid=ids)
    board = [(t, f"{column}5") for t, column in zip(ids, "cdefg", strict=True)]
    state = arrange(state, board=board, hands={0: [own], 1: [tile(state, "S")]}, free=[free])
    return state, own, free


def test_greedy_places_its_own_letter_with_a_free_letter_for_a_longer_word() -> None:
    state, own, free = chant_board()
    action = greedy_action(state, 0)
    assert isinstance(action, Turn)
    assert {p.tile for p in action.placements} == {own, free}
    assert "CHANTER" in {claim.word for claim in action.words}
    state.check(0, action)
    after = state.apply(0, action)
    assert isinstance(after, LetterState)
    assert "CHANTER" in {entry.word for entry in after.sheets[0]}
    assert free not in after.free and own not in after.letters_of(0)
    # better than any turn of one tile (CHANTE with the E alone is the best of those)
    singles = [c for c in candidates(state, 0, top=20) if len(c.action.placements) == 1]
    best = candidates(state, 0, top=1)[0]
    assert singles and best.action == action and best.value > max(c.value for c in singles)


def test_greedy_places_free_letters_without_an_own_letter() -> None:
    """The rulebook's VERRE: V E R on the board (VER noted), R and E beside it."""
    state = new(2)
    ids: list[str] = []
    for letter in "VER":
        ids.append(tile(state, letter, avoid=ids))
    frees = [tile(state, "R", avoid=ids), tile(state, "E", avoid=ids)]
    board = [(t, f"{column}1") for t, column in zip(ids, "abc", strict=True)]
    hands = {0: [tile(state, "J", "2x1")], 1: [tile(state, "S")]}
    state = arrange(state, board=board, hands=hands, free=frees)
    state = replace(state, sheets=((), (Entry("VER", tuple(ids), 1),)))
    assert state.invariant_violations() == []
    found = candidates(state, 0, top=50)
    verre = [c for c in found if "VERRE" in {claim.word for claim in c.action.words}]
    # R then E after VER: the two free letters together, alone or with the J
    assert any({p.tile for p in c.action.placements} == set(frees) for c in verre)
    for candidate in verre:
        assert set(frees) <= {p.tile for p in candidate.action.placements}
        state.check(0, candidate.action)
    action = greedy_action(state, 0)
    assert isinstance(action, Turn) and len(action.placements) >= 2
    state.check(0, action)
    assert set(frees) <= {p.tile for p in action.placements}


def test_combinations_are_found_from_the_drawn_state_only() -> None:
    state, own, free = chant_board()
    observation = Observation.of(GAME, state, 0)
    one = GreedyBot().choose(observation, Rng.from_seed(1).draws())
    two = GreedyBot().choose(Observation.of(GAME, twin(state, 0), 0), Rng.from_seed(2).draws())
    assert one == two == greedy_action(state, 0)
    assert isinstance(one, Turn) and {p.tile for p in one.placements} == {own, free}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_combination_words_are_those_read_after_placing_the_tiles(seed: int) -> None:
    """``best_combinations`` (the search behind the combinations) against placing the tiles
    one by one and reading the board: the same words, every tile on one, every placement legal."""
    rng = random.Random(seed)
    index = prefix_index()
    letters = "EEEEAAAISTNRULODCMP"
    board = Board.empty(10, 10)
    for n in range(14):
        piece = Tile(f"b{n}", rng.choice(letters), rng.choice((1, 1, 2)), rng.choice((1, 1, 2)))
        spots = board.positions(piece) if board.placed else [(4, 4)]
        if spots:
            board = board.place(piece, *rng.choice(spots), anywhere=not board.placed)
    own = [Tile(f"o{n}", rng.choice(letters), 1, 1) for n in range(3)]
    free = [Tile(f"f{n}", rng.choice(letters), 1, 1) for n in range(2)]
    noted = {w: [frozenset(p) for p in ps] for w, ps in readable_words(board, index).items()}
    found = best_combinations(board, own, free, index, noted, len, widths=(99, 9), top=10**6)
    assert found
    for combination in found:
        after, ids = board, set[str]()
        for piece, x, y in combination.placements:
            after = after.place(piece, x, y)  # each by the placement rules, in order
            ids.add(piece.id)
        assert sum(tile_id.startswith("o") for tile_id in ids) <= 1  # one own letter at most
        read = {
            word: kept
            for word, paths in readable_words(after, index).items()
            if (kept := tuple(p for p in paths if ids & set(p) and is_new(word, p, noted)))
        }
        assert combination.words == read
        assert {t for paths in read.values() for p in paths for t in p} >= ids


# --- honesty ----------------------------------------------------------------------------


def twin(state: LetterState, seat: int) -> LetterState:
    """Another true state with the same view for ``seat`` (the face-down order redrawn)."""
    other = state.resample_hidden(seat, Rng.from_seed(99).draws())
    assert other.view(seat) == state.view(seat)
    return other


ALL_BOTS = ["random", "greedy", "strong", "debutant", "intermediaire", "fort", "expert"]


@pytest.mark.parametrize("name", ALL_BOTS)
def test_the_choice_depends_on_the_view_only(name: str) -> None:
    state = GAME.new(3, 7, {"mode": "classique"})
    assert isinstance(state, LetterState)
    bots = [bot("greedy") for _ in range(3)]
    draws = [Rng.from_seed(seat).draws() for seat in range(3)]
    checked = 0
    for _ in range(80):
        if state.is_over:
            break
        for seat in sorted(state.to_move()):
            if seat == 0:
                other = twin(state, seat)
                if other.pool != state.pool:
                    one = bot(name).choose(Observation.of(GAME, state, 0), Rng.from_seed(1).draws())
                    two = bot(name).choose(Observation.of(GAME, other, 0), Rng.from_seed(1).draws())
                    assert one == two
                    checked += 1
            action = bots[seat].choose(Observation.of(GAME, state, seat), draws[seat])
            state = state.apply(seat, action)
    assert checked >= 5


class TrapSprung(Exception):
    """A bot looked at the true state behind its observation."""


class TrappedState:
    """Stands for the true state in an Observation: only ``resample_hidden`` is allowed."""

    def __init__(self, state: LetterState) -> None:
        object.__setattr__(self, "_TrappedState__state", state)

    def resample_hidden(self, observer: int, draws: Any) -> LetterState:
        state: LetterState = object.__getattribute__(self, "_TrappedState__state")
        return state.resample_hidden(observer, draws)

    def __getattribute__(self, name: str) -> Any:
        if name in ("resample_hidden", "__class__", "__init__"):
            return object.__getattribute__(self, name)
        raise TrapSprung(f"the bot read {name!r} of the true state")


@pytest.mark.parametrize("name", ALL_BOTS)
def test_bots_see_the_game_through_determinize_only(name: str) -> None:
    state = GAME.new(3, 2, {"mode": "classique", "tirage": "hasard"})
    assert isinstance(state, LetterState)
    draws = Rng.from_seed(4).draws()
    for _ in range(12):
        seat = min(state.to_move())
        trap = TrappedState(state)
        observation = Observation(
            GAME,
            seat,
            state.view(seat),
            tuple(state.legal_actions(seat)),
            trap,  # type: ignore[arg-type]
        )
        state = state.apply(seat, bot(name).choose(observation, draws))


def test_strong_is_reproducible_for_a_seed() -> None:
    state = words_board()
    observation = Observation.of(GAME, state, 0)
    first = StrongBot(max_iterations=6).choose(observation, Rng.from_seed(9).draws())
    second = StrongBot(max_iterations=6).choose(observation, Rng.from_seed(9).draws())
    assert first == second and isinstance(first, Turn)
    state.check(0, first)


# --- strength ---------------------------------------------------------------------------


def test_greedy_beats_random_clearly() -> None:
    # measured with ``ludotheque simulate``: 20 of 20 games (docs/performance.md)
    won = 0
    for greedy_seat in (0, 1):
        bots = [bot("random"), bot("random")]
        bots[greedy_seat] = bot("greedy")
        won += simulate(GAME, bots, games=3, seed=greedy_seat).wins["greedy"]
    assert won >= 5


def test_strong_never_leaves_more_to_the_opponent_than_greedy() -> None:
    """At each turn, the strong choice is worth (its words minus the best reply it leaves) at
    least the greedy choice (measured: strong won 28 of 40 games against greedy)."""
    state = GAME.new(2, 3, {"mode": "classique", "tirage": "hasard"})
    assert isinstance(state, LetterState)
    draws = Rng.from_seed(5).draws()
    strong, compared = StrongBot(max_iterations=4), 0

    def worth(action: Any) -> float:
        found = [c for c in candidates(state, 0, top=4) if c.action == action]
        assert found
        return found[0].value - best_reply(state.apply(0, action), 1)  # type: ignore[arg-type]

    for _ in range(40):
        if state.is_over:
            break
        seat = min(state.to_move())
        if seat == 0 and state.phase == "jeu" and not state.first_round(0):
            greedy = greedy_action(state, 0)
            chosen = strong.choose(Observation.of(GAME, state, 0), draws)
            if isinstance(greedy, Turn) and greedy != chosen:
                assert worth(chosen) >= worth(greedy)
                compared += 1
        state = state.apply(seat, greedy_action(state, seat))
    assert compared >= 1


@pytest.mark.parametrize(
    "options",
    [
        {"comptage": "1", "erreurs": "penalite"},
        {"sablier": True, "erreurs": "penalite", "noms_de_lieux": True},
        {"comptage": "2", "tirage": "hasard", "frapper": False},
    ],
)
def test_the_levels_play_other_tables_legally(options: dict[str, Any]) -> None:
    names = ["debutant", "intermediaire", "fort", "expert"]
    final = play_game(GAME, [bot(name) for name in names], seed=9, options=options)
    assert final.outcome() is not None
