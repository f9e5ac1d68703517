"""Letter set-up: options (D1), the deal (D2, D3) and what is public (D4)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from ludotheque.core.conformance import json_strings
from ludotheque.core.errors import IllegalAction, InvalidOptions, NotYourTurn
from ludotheque.games.letter.actions import ChooseSize, Knock, NoKnock
from ludotheque.games.letter.state import DEAL, KNOCK_SECONDS, LetterState
from ludotheque.games.letter.tiles import DEFAULT_BOARD_SIZE, MIN_BOARD_SIZE

from .helpers import GAME, TEST_TILES, arrange, new, no_knocks, tile, turn


def test_d1_options_defaults_and_modes():
    options = GAME.info.resolve_options(3, None)
    assert options == {
        "mode": "classique",
        "comptage": "3",
        "tirage": "taille",
        "erreurs": "refus",
        "frapper": True,
        "frappe_secondes": KNOCK_SECONDS,
        "sablier": False,
        "noms_de_lieux": True,  # the rulebook's advice: place names admitted (D1, D9)
        "plateau": DEFAULT_BOARD_SIZE,
        "tuiles": None,
    }
    # With a person at the table, the rulebook's penalty (D11); bots alone keep the refusal.
    assert GAME.info.resolve_options(3, None, people=1)["erreurs"] == "penalite"
    assert GAME.info.resolve_options(3, None, people=3)["erreurs"] == "penalite"
    assert GAME.info.resolve_options(3, None, people=0)["erreurs"] == "refus"
    assert GAME.info.resolve_options(3, {"erreurs": "refus"}, people=1)["erreurs"] == "refus"
    solo = GAME.info.resolve_options(1, None)
    assert solo["mode"] == "solo" and solo["variante_solo"] == "1" and solo["lettres_solo"] == 0
    assert "comptage" not in solo and "frapper" not in solo and "frappe_secondes" not in solo
    with pytest.raises(InvalidOptions):
        GAME.new(7, 1)
    with pytest.raises(InvalidOptions):
        GAME.new(2, 1, {"plateau": 27})  # columns are named a to z
    with pytest.raises(InvalidOptions):
        GAME.new(1, 1, {"lettres_solo": 3})
    with pytest.raises(InvalidOptions):
        GAME.new(2, 1, {"tuiles": "E 1x1 3\nblanche 1x1 6"})  # too few letters


def test_d1_board_side_option():
    state = GAME.new(2, 1, {"plateau": MIN_BOARD_SIZE})
    assert (state.board.columns, state.board.rows) == (MIN_BOARD_SIZE, MIN_BOARD_SIZE)
    assert GAME.new(2, 1).board.columns == DEFAULT_BOARD_SIZE


def test_d1_a_user_tile_file_replaces_the_box():
    state = new(2)
    assert state.catalog.tiles.source == "tuiles"
    assert state.catalog[tile(state, "U", "3x3")].size == "3x3"


@pytest.mark.parametrize("players", sorted(DEAL))
def test_d2_deal_per_player_count_plus_one_blank_each(players):
    state = GAME.new(players, 3, {"tirage": "hasard"})
    for seat in range(players):
        assert len(state.letters_of(seat)) == DEAL[players]
        assert len(state.blanks_of(seat)) == 1
    assert len(state.box) == len(state.catalog.tiles.blanks) - players  # the other blanks
    assert state.phase == "jeu" and state.to_move() == {state.config.starter}


def test_d2_the_first_player_is_drawn_by_lot():
    starters = {GAME.new(4, seed, {"tirage": "hasard"}).config.starter for seed in range(20)}
    assert starters == {0, 1, 2, 3}
    state = GAME.new(4, 5)
    assert state.to_move() == {state.config.starter}  # the deal starts with them too


def test_d3_choose_a_size_and_get_a_face_down_tile_of_that_size():
    state = GAME.new(2, 7, {"tuiles": TEST_TILES})
    assert state.phase == "tirage"
    first = state.config.starter
    assert state.to_move() == {first}
    assert "3x3" in state.pool_sizes()
    after = state.apply(first, ChooseSize("3x3"))
    (got,) = after.letters_of(first)
    assert after.catalog[got].size == "3x3"
    assert after.to_move() == {1 - first}  # « À tour de rôle »
    with pytest.raises(IllegalAction):
        after.apply(1 - first, ChooseSize("3x3"))  # the only 3x3 is taken
    with pytest.raises(NotYourTurn):
        after.apply(first, ChooseSize("1x1"))


def test_d3_the_deal_by_size_ends_when_everybody_has_their_letters():
    state = GAME.new(3, 2)
    while state.phase == "tirage":
        (seat,) = state.to_move()
        state = state.apply(seat, ChooseSize(state.pool_sizes()[-1]))
    assert [len(state.letters_of(s)) for s in range(3)] == [DEAL[3]] * 3
    assert state.phase == "jeu" and state.to_move() == {state.config.starter}


def test_d3_which_tile_comes_with_a_size_depends_on_the_shuffle():
    got = set()
    for seed in range(12):
        state = GAME.new(2, seed)
        first = state.config.starter
        got.add(state.catalog[state.apply(first, ChooseSize("1x1")).letters_of(first)[0]].letter)
    assert len(got) > 3


def test_d4_hands_are_public_the_pool_order_is_not():
    state = new(3)
    spectator = state.view(None)
    assert [[t["id"] for t in hand] for hand in spectator["mains"]] == [
        list(h) for h in state.hands
    ]
    text = json.dumps(spectator)
    sizes = Counter(state.catalog[t].size for t in state.pool)
    assert spectator["pioche"] == {"total": len(state.pool), "tailles": dict(sizes)}
    assert all(t not in text for t in state.pool)  # face down: ids never shown


def test_d4_resample_redraws_only_the_face_down_order():
    state = new(2)
    from ludotheque.core.rng import Rng

    other = state.resample_hidden(0, Rng.from_seed(4).draws())
    assert other.pool != state.pool and sorted(other.pool) == sorted(state.pool)
    assert other.view(0) == state.view(0) and other.view(1) == state.view(1)
    assert other.hands == state.hands and other.board == state.board


def test_d4_a_pending_knock_is_secret_until_the_window_closes():
    state = new(3, frapper=True)
    m, a = tile(state, "M", "2x1"), tile(state, "A", "1x3")
    state = arrange(state, board=[(m, "c3")], hands={0: [a], 1: [], 2: []}, first_done=True)
    state = state.apply(0, turn((a, "c4"), words=[[m, a]]))
    assert state.phase == "frappe" and state.to_move() == {1, 2}
    after = state.apply(1, NoKnock())
    (secret,) = after.secrets(1)
    assert secret in set(json_strings(after.view(1)))
    for seat in (None, 0, 2):
        assert secret not in set(json_strings(after.view(seat)))
    assert after.view(2)["frappe"]["a_decide"] == [False, True, False]
    assert isinstance(state.apply(2, NoKnock()), LetterState)
    with pytest.raises(IllegalAction):
        after.apply(2, Knock(()))  # a knock names at least one word
    closed = no_knocks(after)
    assert closed.secrets(1) == frozenset() and closed.phase == "jeu"


def test_d4_the_redraw_depends_on_the_view_only():
    """The generic secrecy check at 3 players, where pending knocks are secret."""
    from ludotheque.core.conformance import check_random_play, check_secrecy
    from ludotheque.games.letter import Letter

    game = Letter()
    assert game.info.hidden_information
    record = check_random_play(game, 3, 5, {"mode": "classique"}, checks=False)
    check_secrecy(game, record, resamples=1)
