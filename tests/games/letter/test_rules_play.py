"""Letter turns: the first round (D5), later turns (D6), reading and new words (D7–D9),
refusals and the penalty (D10, D11), free letters (D12, D13), blanks (D14), passing (D15), and
the rulebook's second-round example."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludotheque.core.errors import IllegalAction
from ludotheque.games.letter.actions import (
    Claim,
    FreeLetter,
    Knock,
    Pass,
    PlaceBlank,
    Turn,
)
from ludotheque.games.letter.board import parse_cell
from ludotheque.games.letter.state import LetterState

from .helpers import arrange, new, no_knocks, put, tile, turn, words_of


def rulebook_table() -> tuple[LetterState, dict[str, str]]:
    """Four players; the tiles of the rulebook's example in their hands (knocks off)."""
    state = new(4, frapper=False)
    ids = {
        "M": tile(state, "M", "2x1"),
        "A": tile(state, "A", "1x3"),
        "O": tile(state, "O", "1x1"),
        "R": tile(state, "R", "2x1"),
        "U": tile(state, "U", "3x3"),
        "E": tile(state, "E", "1x3"),
        "T": tile(state, "T", "3x1"),
        "J": tile(state, "J", "2x1"),
    }
    hands = {0: [ids["M"], ids["U"]], 1: [ids["A"], ids["E"]]}
    hands |= {2: [ids["O"], ids["T"]], 3: [ids["R"], ids["J"]]}
    return arrange(state, hands=hands, first_done=False), ids


def path(ids: dict[str, str], word: str) -> tuple[str, ...]:
    return tuple(ids[letter] for letter in word)


def test_rulebook_example_first_and_second_rounds():
    state, ids = rulebook_table()
    # First round: « Les joueurs ont formé des mots suivants : MA. »
    state = state.apply(0, turn((ids["M"], "c3")))
    state = state.apply(1, turn((ids["A"], "c4"), words=[path(ids, "MA")]))
    state = state.apply(2, turn((ids["O"], "e3")))
    state = state.apply(3, turn((ids["R"], "f7")))  # anywhere, touching nothing
    assert words_of(state, 1) == ["MA"]
    # Second round: « Exemple pour la deuxième manche : formation des mots de chaque joueur. »
    rounds = [
        ("U", "d4", ["AMOUR", "AU", "MOU", "MUR", "OU"]),
        ("E", "g4", ["MURE", "RUE"]),
        ("T", "c7", ["ATRE", "AUTRE", "MAT", "MOUT"]),
        ("J", "f3", ["JE", "JEU", "JOUE", "JOUR", "JURE"]),
    ]
    for seat, (letter, cell, words) in enumerate(rounds):
        assert state.to_move() == {seat}
        state = state.apply(seat, turn((ids[letter], cell), words=[path(ids, w) for w in words]))
        assert words_of(state, seat)[-len(words) :] == words
    assert words_of(state, 0) == ["AMOUR", "AU", "MOU", "MUR", "OU"]
    assert state.invariant_violations() == []


def test_d5_first_round_one_own_letter_anywhere_words_optional():
    state, ids = rulebook_table()
    state = state.apply(0, turn((ids["M"], "a1")))
    # « sans ou avec contact avec une autre lettre »: far from M is fine.
    far = state.apply(1, turn((ids["A"], "p10")))
    assert far.board.get(ids["A"]).x == parse_cell("p10")[0]
    with pytest.raises(IllegalAction):
        state.apply(1, turn((ids["A"], "p10"), (ids["E"], "q10")))  # one letter only
    with pytest.raises(IllegalAction):
        state.apply(1, FreeLetter(ids["A"]))  # the first turn places a letter
    with pytest.raises(IllegalAction):
        state.apply(1, turn((ids["A"], "a2"), words=[path(ids, "AM")]))  # AM: not a word


def test_d5_the_first_round_is_each_seats_first_turn():
    state, ids = rulebook_table()
    state = state.apply(0, turn((ids["M"], "c3")))
    assert state.first_done == (True, False, False, False)
    state = state.apply(1, turn((ids["A"], "c4"), words=[path(ids, "MA")]))
    state = state.apply(2, turn((ids["O"], "e3")))
    state = state.apply(3, turn((ids["R"], "f7")))
    # Seat 0 again: contact is now required.
    with pytest.raises(IllegalAction, match="toucher"):
        state.apply(0, turn((ids["U"], "m12"), words=[]))


def second_round() -> tuple[LetterState, dict[str, str]]:
    state, ids = rulebook_table()
    board = [(ids["M"], "c3"), (ids["A"], "c4"), (ids["O"], "e3"), (ids["R"], "f7")]
    hands = {0: [ids["U"]], 1: [ids["E"]], 2: [ids["T"]], 3: [ids["J"]]}
    return arrange(state, board=board, hands=hands), ids


def test_d6_a_later_turn_needs_a_new_word_through_the_placed_tile():
    state, ids = second_round()
    with pytest.raises(IllegalAction, match="nouveau mot"):
        state.apply(0, turn((ids["U"], "d4")))
    # MA is readable, but it does not use U: not enough on its own.
    with pytest.raises(IllegalAction, match="pièce posée"):
        state.apply(0, turn((ids["U"], "d4"), words=[path(ids, "MA")]))
    # « Les mots additionnels ne doivent pas forcément avoir un rapport avec la lettre »
    after = state.apply(0, turn((ids["U"], "d4"), words=[path(ids, "OU"), path(ids, "MA")]))
    assert words_of(after, 0) == ["OU", "MA"]


def test_d6_placement_rules_inside_the_grid_whole_cells_side_contact():
    state, ids = second_round()
    u = ids["U"]
    with pytest.raises(IllegalAction, match="quadrillage"):
        state.apply(0, turn((u, "s4"), words=[]))  # 3 wide from column s: beyond t
    with pytest.raises(IllegalAction, match="occupée"):
        state.apply(0, turn((u, "c4"), words=[]))
    with pytest.raises(IllegalAction, match="toucher"):
        state.apply(0, turn((u, "j10"), words=[]))
    # « Un contact diagonal ne suffit pas »: f2 touches the corner of O (e3) only.
    v = tile(state, "V")
    state = arrange(state, board=[(ids["M"], "c3"), (ids["O"], "e3")], hands={0: [v]})
    with pytest.raises(IllegalAction, match="toucher"):
        state.apply(0, turn((v, "f2"), words=[]))


def test_d6_every_placed_tile_must_serve_a_named_word():
    state, ids = second_round()
    r2 = tile(state, "R", "1x1")
    state = arrange(state, board=[(ids[k], c) for k, c in (("M", "c3"), ("A", "c4"), ("O", "e3"))],
                    hands={0: [ids["U"]], 1: [], 2: [], 3: []}, free=[r2])  # fmt: skip
    # U and a free R (at g6, right of U): OU names U only; R serves nothing.
    with pytest.raises(IllegalAction, match="ne sert à aucun mot"):
        state.apply(0, turn((ids["U"], "d4"), (r2, "g6"), words=[path(ids, "OU")]))
    after = state.apply(
        0, turn((ids["U"], "d4"), (r2, "g6"), words=[path(ids, "OU"), (ids["M"], ids["U"], r2)])
    )
    assert words_of(after, 0) == ["OU", "MUR"] and after.free == ()


def test_d7_reading_rules_zigzag_no_diagonal_no_letter_twice():
    state, ids = second_round()
    state = state.apply(0, turn((ids["U"], "d4"), words=[path(ids, "OU")]))
    state = no_knocks(state)
    e = ids["E"]
    # RUE read from bottom to top, right to left: any direction, any zigzag.
    after = state.apply(1, turn((e, "g4"), words=[path(ids, "RUE")]))
    assert words_of(after, 1) == ["RUE"]
    with pytest.raises(IllegalAction, match="même lettre"):
        state.apply(1, turn((e, "g4"), words=[(ids["R"], ids["U"], ids["R"])]))
    with pytest.raises(IllegalAction, match="ne se lit pas"):
        state.apply(1, turn((e, "g4"), words=[(ids["M"], ids["E"])]))  # ME: not touching
    with pytest.raises(IllegalAction, match="pas sur le plateau"):
        state.apply(1, turn((e, "g4"), words=[(ids["J"], ids["E"])]))
    with pytest.raises(IllegalAction, match="deux lettres"):
        state.apply(1, turn((e, "g4"), words=[(ids["E"],)]))
    with pytest.raises(IllegalAction, match="se lisent"):
        state.apply(1, Turn((put(e, "g4"),), (Claim(path(ids, "RUE"), "RUES"),)))


def test_d7_a_blank_is_not_read():
    state, ids = second_round()
    blank = tile(state, "")
    state = arrange(
        state,
        board=[(ids["M"], "c3"), (ids["A"], "c4"), (blank, "e3")],
        hands={0: [ids["O"]], 1: [], 2: [], 3: []},
    )
    with pytest.raises(IllegalAction, match="blanche"):
        state.apply(0, turn((ids["O"], "b3"), words=[(blank, ids["O"])]))


def test_d8_a_word_is_new_unless_noted_with_a_common_tile():
    state, ids = second_round()
    state = replace(state, config=replace(state.config, knocking=True))
    state = no_knocks(state.apply(0, turn((ids["U"], "d4"), words=[path(ids, "OU")])))
    # Seat 1 cannot note OU again with the same tiles, nor in a path sharing one.
    with pytest.raises(IllegalAction, match="pas nouveau"):
        state.apply(1, turn((ids["E"], "g4"), words=[path(ids, "RUE"), path(ids, "OU")]))
    # ... and its finder cannot note it twice either (« aucun autre joueur » read as anybody).
    state = state.apply(1, turn((ids["E"], "g4"), words=[path(ids, "RUE")]))
    with pytest.raises(IllegalAction, match="pas nouveau"):
        state.apply(0, Knock((Claim(path(ids, "OU")),)))


def test_d8_the_same_word_with_completely_different_tiles_is_new():
    state = new(2, frapper=False)
    m1, a1 = tile(state, "M", "1x1"), tile(state, "A", "1x1")
    m2 = tile(state, "M", "2x1")
    a2 = tile(state, "A", "1x1", avoid=[a1])
    a3 = tile(state, "A", "1x1", avoid=[a1, a2])
    state = arrange(
        state,
        board=[(m1, "a1"), (a1, "b1"), (m2, "a2")],
        hands={0: [a2], 1: [a3]},
        sheets=((), ()),
    )
    state = state.apply(0, turn((a2, "c2"), words=[(m2, a2)]))  # MA again, other tiles
    assert words_of(state, 0) == ["MA"]
    # Two claims of one word in one turn must be disjoint too: M1-A3 and M2-A3 share A3.
    state = arrange(state, board=[(m1, "a1"), (a1, "b1"), (m2, "a2"), (a2, "c2")],
                    hands={0: [], 1: [a3]}, active=1)  # fmt: skip
    with pytest.raises(IllegalAction, match="pas nouveau"):
        state.apply(1, turn((a3, "a3"), words=[(m2, a3), (m2, a3)]))


def test_d9_place_names_unless_the_option_is_off():
    for allowed in (None, False, True):  # None: the table's default, place names admitted
        options = {} if allowed is None else {"noms_de_lieux": allowed}
        state = new(2, frapper=False, **options)
        n, i, c, e = (tile(state, x) for x in "NICE")
        state = arrange(state, board=[(n, "a1"), (i, "b1"), (c, "c1")], hands={0: [e], 1: []})
        action = turn((e, "d1"), words=[(n, i, c, e)])
        if allowed is not False:
            assert words_of(state.apply(0, action), 0) == ["NICE"]
        else:
            with pytest.raises(IllegalAction, match="pas un mot admis"):
                state.apply(0, action)


@pytest.mark.parametrize("places", [False, True])
@pytest.mark.parametrize(("word", "kind"), [("ALICE", "first name"), ("DUPONT", "surname")])
def test_d9_first_names_and_surnames_are_always_refused(places: bool, word: str, kind: str):
    """« il est raisonnable d'exclure les abréviations et prénoms »: with or without places."""
    state = new(2, frapper=False, noms_de_lieux=places)
    tiles: list[str] = []
    for letter in word:
        tiles.append(tile(state, letter, avoid=tiles))
    board = [(t, f"{'abcdefg'[k]}1") for k, t in enumerate(tiles[:-1])]
    state = arrange(state, board=board, hands={0: [tiles[-1]], 1: []})
    action = turn((tiles[-1], f"{'abcdefg'[len(word) - 1]}1"), words=[tuple(tiles)])
    with pytest.raises(IllegalAction, match="pas un mot admis"):
        state.apply(0, action)


def test_d10_by_default_a_wrong_word_is_refused_and_nothing_changes():
    state, ids = second_round()
    before = state
    with pytest.raises(IllegalAction, match="pas un mot admis"):
        state.apply(0, turn((ids["U"], "d4"), words=[path(ids, "OU"), path(ids, "UO")]))
    assert state == before


def test_d11_penalty_mode_takes_back_and_lays_the_letter_beside_the_board():
    state, ids = second_round()
    state = arrange(
        replace_errors(state, "penalite"),
        board=[(ids["M"], "c3"), (ids["A"], "c4"), (ids["O"], "e3"), (ids["R"], "f7")],
        hands={0: [ids["U"], ids["T"]], 1: [ids["E"]], 2: [], 3: [ids["J"]]},
    )
    after = state.apply(0, turn((ids["U"], "d4"), words=[path(ids, "UO")]))
    assert ids["U"] not in after.board and ids["U"] in after.free  # « on reprend la lettre »
    assert after.hands[0] == (ids["T"],) and after.sheets[0] == ()
    assert "sans nouveau mot valable" in after.events[-1]
    # Geometry errors are refused even then.
    with pytest.raises(IllegalAction, match="toucher"):
        state.apply(0, turn((ids["U"], "j10"), words=[path(ids, "OU")]))


def test_d11_penalty_mode_strikes_wrong_extra_words_when_the_placement_stands():
    state, ids = second_round()
    state = replace_errors(state, "penalite")
    after = state.apply(0, turn((ids["U"], "d4"), words=[path(ids, "OU"), path(ids, "UO")]))
    assert ids["U"] in after.board and words_of(after, 0) == ["OU"]
    assert "UO" in after.events[-1]


def test_d11_a_wrong_free_letter_goes_back_and_costs_an_own_piece():
    state = new(2, frapper=False, erreurs="penalite")
    v, e, r = tile(state, "V"), tile(state, "E"), tile(state, "R")
    r2 = tile(state, "R", avoid=[r])
    s = tile(state, "S")
    small, big = tile(state, "N"), tile(state, "A", "1x3")
    state = arrange(
        state,
        board=[(v, "a1"), (e, "b1"), (r, "c1")],
        hands={0: [big, small], 1: [s]},
        free=[r2],
    )
    # VERR: not a word. « on reprend la lettre et on doit placer une pièce à soi ainsi que
    # cette lettre à côté du plateau »: R stays free, and the smallest own letter joins it.
    after = state.apply(0, turn((r2, "d1"), words=[(v, e, r, r2)]))
    assert set(after.free) == {r2, small} and after.hands[0] == (big,)
    # The player may say which own piece goes.
    chosen = state.apply(0, turn((r2, "d1"), words=[(v, e, r, r2)], sacrifice=big))
    assert set(chosen.free) == {r2, big}


def replace_errors(state: LetterState, errors: str) -> LetterState:
    return replace(state, config=replace(state.config, errors=errors))


def test_d12_free_letters_any_number_instead_of_or_besides_an_own_letter():
    state = new(2, frapper=False)
    v, e, r = tile(state, "V"), tile(state, "E"), tile(state, "R")
    r2, e2 = tile(state, "R", avoid=[r]), tile(state, "E", avoid=[e])
    s = tile(state, "S")
    state = arrange(
        state, board=[(v, "a1"), (e, "b1"), (r, "c1")], hands={0: [s], 1: []}, free=[r2, e2]
    )
    # « on peut par exemple élargir VER par R,E = VERRE »
    verre = state.apply(0, turn((r2, "d1"), (e2, "e1"), words=[(v, e, r, r2, e2)]))
    assert words_of(verre, 0) == ["VERRE"] and verre.free == () and verre.hands[0] == (s,)
    # ... or besides one's own letter: VERRES.
    verres = state.apply(0, turn((r2, "d1"), (e2, "e1"), (s, "f1"), words=[(v, e, r, r2, e2, s)]))
    assert words_of(verres, 0) == ["VERRES"] and verres.hands[0] == ()
    with pytest.raises(IllegalAction, match="Une seule de vos lettres"):
        t = tile(state, "T")
        arrange(state, hands={0: [s, t], 1: []}, board=[(v, "a1"), (e, "b1"), (r, "c1")],
                free=[r2, e2]).apply(0, turn((s, "d1"), (t, "e1"), words=[]))  # fmt: skip


def test_d12_laying_a_free_letter_is_believed_and_ends_the_turn():
    state, ids = second_round()
    after = state.apply(0, FreeLetter(ids["U"]))
    assert after.free == (ids["U"],) and after.hands[0] == ()
    assert after.phase == "jeu" and after.to_move() == {1}
    with pytest.raises(IllegalAction):
        state.apply(0, FreeLetter(ids["E"]))  # not one's own


def test_d13_default_sacrifice_is_the_smallest_own_letter():
    from ludotheque.games.letter.state import default_sacrifice

    state = new(2)
    big, small = tile(state, "U", "3x3"), tile(state, "V")
    assert default_sacrifice(state.catalog, [big, small]) == small
    assert default_sacrifice(state.catalog, [state.blanks_of(0)[0]]) is None


def test_d14_a_blank_is_placed_by_the_rules_without_a_word():
    state, ids = second_round()
    blank = tile(state, "")
    state = arrange(state, board=[(ids["M"], "c3"), (ids["A"], "c4")], hands={0: [blank]})
    after = state.apply(0, PlaceBlank(blank, *parse_cell("b3")))
    assert blank in after.board and after.sheets == state.sheets
    with pytest.raises(IllegalAction, match="toucher"):
        state.apply(0, PlaceBlank(blank, *parse_cell("k11")))
    with pytest.raises(IllegalAction):
        state.apply(0, PlaceBlank(ids["U"], *parse_cell("b3")))  # a letter is no blank


def test_d14_exchange_a_blank_for_an_own_letter_forming_a_new_word():
    state = new(2, frapper=False)
    m, a, o = tile(state, "M", "2x1"), tile(state, "A"), tile(state, "O")
    blank = state.blanks_of(1)[0]
    state = arrange(
        state, board=[(m, "a1"), (blank, "c1")], hands={0: [a, o], 1: [state.blanks_of(0)[0]]}
    )
    # A on the blank's cell: MA, the blank goes to the exchanging player's hand.
    after = state.apply(0, turn((a, "c1"), words=[(m, a)], exchange=blank))
    assert after.board.tile_at(2, 0) == a and blank not in after.board
    assert blank in after.hands[0] and words_of(after, 0) == ["MA"]
    with pytest.raises(IllegalAction, match="place de la pièce blanche"):
        state.apply(0, turn((a, "a2"), words=[(m, a)], exchange=blank))
    with pytest.raises(IllegalAction, match="nouveau mot"):
        state.apply(0, turn((o, "c1"), exchange=blank))
    with pytest.raises(IllegalAction, match="pas une pièce blanche posée"):
        state.apply(0, turn((a, "c1"), words=[(m, a)], exchange=m))


def test_d15_pass_only_without_letters_or_a_placeable_blank():
    state, ids = second_round()
    with pytest.raises(IllegalAction, match="passe"):
        state.apply(0, Pass())
    empty = arrange(
        state,
        board=[(ids["M"], "c3"), (ids["A"], "c4")],
        hands={0: [tile(state, "")], 1: [], 2: [], 3: []},
    )
    with pytest.raises(IllegalAction):
        empty.apply(0, Pass())  # the blank can still be placed
    nothing = arrange(empty, board=[(ids["M"], "c3"), (ids["A"], "c4")], hands={0: [], 1: []})
    after = nothing.apply(0, Pass())
    assert after.to_move() == {1}


def test_d15_without_letters_one_still_plays_with_free_letters():
    state = new(2, frapper=False)
    m, a = tile(state, "M"), tile(state, "A")
    state = arrange(state, board=[(m, "a1")], hands={0: [], 1: []}, free=[a])
    after = state.apply(0, turn((a, "b1"), words=[(m, a)]))
    assert words_of(after, 0) == ["MA"]


def test_d5_a_seat_without_letters_at_its_first_turn_plays_an_ordinary_turn():
    state, ids = rulebook_table()
    state = arrange(
        state, board=[(ids["M"], "c3")], hands={0: [], 1: [], 2: [], 3: []}, first_done=False
    )
    assert not state.first_round(0)
    after = state.apply(0, Pass())  # it lost its letters (failed knocks): nothing to place
    assert after.first_done[0] and after.to_move() == {1}
