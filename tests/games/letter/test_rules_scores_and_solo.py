"""Scoring (D19) with the rulebook's example, and the solo variants (D20)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludotheque.core.errors import IllegalAction
from ludotheque.games.letter.actions import FreeLetter, Pass, Stop
from ludotheque.games.letter.state import Entry, LetterState, word_points

from .helpers import GAME, arrange, new, tile, turn, words_of


def finished(state: LetterState, words: list[list[str]]) -> LetterState:
    """The state over, each seat having noted these words (paths are not looked at here)."""
    sheets = tuple(tuple(Entry(w, (), 1) for w in seat_words) for seat_words in words)
    return replace(state, sheets=sheets, phase="fin")


def test_d19_counting_3_long_words_score_more_nine_letters_score_fourteen():
    state = new(2, frapper=False)
    letters = "CHOCOLAT"
    ids: list[str] = []
    for letter in letters:
        ids.append(tile(state, letter, avoid=ids))
    s = tile(state, "S")
    board = [(tile_id, f"{chr(ord('a') + i)}1") for i, tile_id in enumerate(ids)]
    state = arrange(state, board=board, hands={0: [s], 1: []})
    state = state.apply(0, turn((s, "i1"), words=[(*ids, s)]))
    assert words_of(state, 0) == ["CHOCOLATS"]
    # « pour un mot de 9 lettres, on reçoit donc 9 plus 5 = 14 points »
    assert state.score(0) == 14 == word_points(9)
    # « un mot avec cinq lettres rapporte 1 point additionnel - c'est-à-dire 6 points »
    assert word_points(5) == 6 and word_points(4) == 4 and word_points(2) == 2


def test_d19_counting_1_most_words_then_most_letters():
    state = new(3, comptage="1")
    over = finished(state, [["MA", "OU", "AU"], ["AMOUR", "MOUT", "RUE"], ["JEU"]])
    outcome = over.outcome()
    assert outcome is not None
    assert outcome.scores == (3, 3, 1) and outcome.ranks == (2, 1, 3)  # 12 letters beat 6


def test_d19_counting_2_most_letters():
    state = new(2, comptage="2")
    outcome = finished(state, [["MA", "OU", "AU"], ["AMOUR"]]).outcome()
    assert outcome is not None and outcome.scores == (6, 5) and outcome.ranks == (1, 2)


def test_d19_counting_3_ties_are_shared():
    state = new(3)
    outcome = finished(state, [["AMOUR"], ["MAT", "OU", "A"], ["JOUR", "MA"]]).outcome()
    assert outcome is not None and outcome.scores == (6, 6, 6) and outcome.ranks == (1, 1, 1)
    assert outcome.winners == {0, 1, 2}


def test_d20_solo_letters_by_variant():
    assert len(GAME.new(1, 1, {"tirage": "hasard"}).letters_of(0)) == 10
    two = GAME.new(1, 1, {"tirage": "hasard", "variante_solo": "2"})
    assert len(two.letters_of(0)) == 20 and len(two.blanks_of(0)) == 1
    assert len(GAME.new(1, 1, {"tirage": "hasard", "lettres_solo": 7}).letters_of(0)) == 7
    assert GAME.new(1, 1).phase == "tirage"  # chosen by size, like at a table


def solo_table(**options) -> tuple[LetterState, dict[str, str]]:
    """L I O on the board, N and S in hand."""
    state = new(1, **options)
    ids = {letter: tile(state, letter) for letter in "LIONS"}
    board = [(ids["L"], "a1"), (ids["I"], "b1"), (ids["O"], "c1")]
    state = arrange(state, board=board, hands={0: [ids["N"], ids["S"]]})
    return state, ids


def path(ids: dict[str, str], word: str) -> tuple[str, ...]:
    return tuple(ids[letter] for letter in word)


def test_d20_solo_no_knocks_no_pass_stop_ends_and_words_score():
    state, ids = solo_table()
    state = state.apply(0, turn((ids["N"], "d1"), words=[path(ids, "LION"), path(ids, "ION")]))
    assert state.phase == "jeu" and state.to_move() == {0}  # no knock window
    with pytest.raises(IllegalAction):
        state.apply(0, Pass())
    over = state.apply(0, Stop())
    outcome = over.outcome()
    assert outcome is not None and outcome.ranks == (1,) and outcome.scores == (2,)
    assert outcome.reason.startswith("2 mots ; "), outcome.reason
    assert "(s)" not in outcome.reason and "toutes les lettres" not in outcome.reason


def test_d20_solo_using_all_letters_is_told_and_ends_the_game():
    state, ids = solo_table()
    state = replace(state, config=replace(state.config, quota=5))
    state = state.apply(0, turn((ids["N"], "d1"), words=[path(ids, "LION")]))
    state = state.apply(0, turn((ids["S"], "e1"), words=[path(ids, "LIONS")]))
    assert state.phase == "fin"  # nothing left to place: the hand and the free letters are empty
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (2,)
    assert "toutes les lettres sont utilisées" in outcome.reason


def test_d20_solo_variant_2_scores_long_words():
    state, ids = solo_table(variante_solo="2")
    state = state.apply(0, turn((ids["N"], "d1"), words=[path(ids, "LION")]))
    state = state.apply(0, turn((ids["S"], "e1"), words=[path(ids, "LIONS"), path(ids, "IONS")]))
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (4 + 6 + 4,)
    assert "5 lettres" in outcome.reason


def test_d20_a_solo_free_letter_stays_usable():
    state, ids = solo_table()
    state = state.apply(0, FreeLetter(ids["N"]))
    assert state.free == (ids["N"],)
    state = state.apply(0, turn((ids["N"], "d1"), words=[path(ids, "LION")]))
    assert words_of(state, 0) == ["LION"] and state.free == ()
