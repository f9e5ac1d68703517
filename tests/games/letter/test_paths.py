"""Word paths on a Letter board, exactly: against brute force, by hand, and pinned counts.

Three methods must agree: the indexed search of ``paths.py``; its baseline
``brute_force_words`` (each word looked for on its own, tiles touching per ``Placed.touches``);
and, here, every simple path of the board enumerated without any pruning, with tiles touching
when two of their cells are side by side (computed from the cells, not by ``board.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ludotheque.games.letter.board import Board, Tile, parse_cell
from ludotheque.games.letter.paths import (
    Noted,
    WordPaths,
    best_placements,
    brute_force_words,
    is_new,
    is_path,
    new_words,
    path_word,
    paths_of,
    readable_words,
    words_through,
)
from ludotheque.lexicon import common_words
from ludotheque.lexicon.prefixes import PrefixIndex, prefix_index, successor

# --- helpers ------------------------------------------------------------------------------------


def board_of(columns: int, rows: int, spec: str) -> Board:
    """A board from ``"M a1 2x1, A a2, . b2"``: letter (``.`` a blank), top-left cell, size.

    Tiles are numbered T01, T02… in the order written, and placed anywhere (no contact rule).
    """
    board = Board.empty(columns, rows)
    for number, token in enumerate(spec.split(","), start=1):
        fields = token.split()
        letter, cell = fields[0], fields[1]
        width, height = map(int, (fields[2] if len(fields) > 2 else "1x1").split("x"))
        x, y = parse_cell(cell)
        tile = Tile(f"T{number:02}", "" if letter == "." else letter, width, height)
        board = board.place(tile, x, y, anywhere=True)
    return board


def cells_of(board: Board) -> dict[tuple[int, int], str]:
    """Cell -> tile id, computed from the tiles' rectangles."""
    owner: dict[tuple[int, int], str] = {}
    for item in board.placed:
        for dx in range(item.tile.width):
            for dy in range(item.tile.height):
                owner[item.x + dx, item.y + dy] = item.tile.id
    return owner


def side_neighbours(board: Board) -> dict[str, set[str]]:
    """Letter tiles touching along a side: two of their cells are side by side."""
    owner = cells_of(board)
    letters = {item.tile.id for item in board.placed if item.tile.letter}
    near: dict[str, set[str]] = {tile_id: set() for tile_id in letters}
    for (x, y), a in owner.items():
        for cell in ((x + 1, y), (x, y + 1)):
            b = owner.get(cell)
            if b is not None and b != a and a in letters and b in letters:
                near[a].add(b)
                near[b].add(a)
    return near


def every_path_words(board: Board, words: Iterable[str]) -> WordPaths:
    """The third method: every simple path of the board, no pruning but the longest word."""
    wanted = set(words)
    longest = max(map(len, wanted), default=0)
    letters = {item.tile.id: item.tile.letter for item in board.placed if item.tile.letter}
    near = side_neighbours(board)
    found: dict[str, list[tuple[str, ...]]] = {}

    def walk(path: tuple[str, ...], text: str) -> None:
        if len(text) >= 2 and text in wanted:
            found.setdefault(text, []).append(path)
        if len(text) < longest:
            for n in near[path[-1]]:
                if n not in path:
                    walk((*path, n), text + letters[n])

    for tile_id, letter in letters.items():
        walk((tile_id,), letter)
    return {word: tuple(sorted(found[word])) for word in sorted(found)}


def through(words: WordPaths, tile_id: str) -> WordPaths:
    """Only the paths using ``tile_id``."""
    kept = {word: tuple(p for p in paths if tile_id in p) for word, paths in words.items()}
    return {word: paths for word, paths in kept.items() if paths}


def only_new(words: WordPaths, noted: Noted) -> WordPaths:
    """Rule 4, spelt out independently of ``is_new``."""
    kept: WordPaths = {}
    for word, paths in words.items():
        new = tuple(
            path
            for path in paths
            if word not in noted or not any(set(path) & set(tiles) for tiles in noted[word])
        )
        if new:
            kept[word] = new
    return kept


def naive_placements(
    board: Board,
    hand: Sequence[Tile],
    words: Iterable[str],
    noted: Noted,
    score: Callable[[WordPaths], float],
) -> list[tuple[float, str, int, int, WordPaths]]:
    """Every placement of every tile, each board searched in full, ranked like the rules do."""
    word_list = list(words)
    ranked = []
    for order, tile in enumerate(hand):
        for x, y in board.positions(tile):
            after = board.place(tile, x, y)
            made = only_new(through(every_path_words(after, word_list), tile.id), noted)
            if made:
                ranked.append((-score(made), order, y, x, tile.id, made))
    ranked.sort(key=lambda item: item[:4])
    return [(-s, tile_id, x, y, made) for s, _, y, x, tile_id, made in ranked]


def check_paths(board: Board, words: WordPaths) -> None:
    """Each path reads its word, is a path, and ``paths_of`` finds exactly those."""
    for word, paths in words.items():
        assert paths_of(board, word) == list(paths)
        for path in paths:
            assert is_path(board, path)
            assert path_word(board, path) == word


# --- by hand: the rules of reading --------------------------------------------------------------

# J and the big E (2 cells wide) on top, O U R below:   J E E
#                                                       O U R
# Sides: J–E, J–O, E–U, E–R (E touches three tiles), O–U, U–R. J and U only meet at a corner.
SMALL = "J a1, E b1 2x1, O a2, U b2, R c2"


def test_small_board_by_hand() -> None:
    board = board_of(4, 3, SMALL)
    j, e, o, u, r = "T01", "T02", "T03", "T04", "T05"
    expected = {
        "EU": ((e, u),),
        "JE": ((j, e),),
        "JEU": ((j, e, u),),
        "JOUE": ((j, o, u, e),),  # down, right, up: a zigzag
        "JOUER": ((j, o, u, e, r),),  # … and down again from the big E to the R
        "JOUR": ((j, o, u, r),),
        "OU": ((o, u),),
        "RE": ((r, e),),  # read upwards
        "RU": ((r, u),),  # read from right to left
        "RUE": ((r, u, e),),
        "URE": ((u, r, e),),
    }
    words = common_words().words
    # Words that would need a corner (J–U) or a tile twice (the one E), and are in the lexicon:
    assert {"JURE", "REJOUE", "JOUEE"} <= words
    assert readable_words(board, prefix_index()) == expected
    assert brute_force_words(board, words) == expected
    assert every_path_words(board, [w for w in words if set(w) <= set("JEOUR")]) == expected
    check_paths(board, expected)
    # Placing an S (1×1): right of the E or of the R, or under O, U or R.
    assert board.positions(Tile("S", "S", 1, 1)) == [(3, 0), (3, 1), (0, 2), (1, 2), (2, 2)]


def test_blank_breaks_words_and_is_never_read() -> None:
    index = PrefixIndex.build(["MA", "MAS", "AS", "SA"])
    # M, a blank, A S: the blank sits between M and A.
    board = board_of(4, 1, "M a1, . b1, A c1, S d1")
    assert readable_words(board, index) == {"AS": (("T03", "T04"),), "SA": (("T04", "T03"),)}
    assert words_through(board, "T02", index) == {}
    assert not is_path(board, ("T01", "T02", "T03")) and paths_of(board, "MAS") == []
    # The blank touches its neighbours (for placing), it is just never read.
    assert board.neighbours("T01") == {"T02"} and board.letter_neighbours("T01") == set()


def test_no_diagonal_reading() -> None:
    index = PrefixIndex.build(["MA", "AM"])
    board = board_of(2, 2, "M a1, A b2")
    assert readable_words(board, index) == {}
    assert board.check_place(Tile("X", "X", 1, 1), 1, 0) is None  # b1 touches both


def test_big_tile_read_once_but_touching_many() -> None:
    # One A, three cells wide, over N . N: NAN reads (N, A, N); ANA would need two A.
    index = PrefixIndex.build(["NAN", "ANA", "AN", "NA", "ANNA"])
    board = board_of(3, 2, "A a1 3x1, N a2, . b2, N c2")
    a, n1, n2 = "T01", "T02", "T04"
    assert readable_words(board, index) == {
        "AN": ((a, n1), (a, n2)),
        "NA": ((n1, a), (n2, a)),
        "NAN": ((n1, a, n2), (n2, a, n1)),
    }
    assert paths_of(board, "ANA") == [] and paths_of(board, "ANNA") == []


def test_no_tile_twice() -> None:
    index = PrefixIndex.build(["ELLE", "EL", "LE"])
    one_l = board_of(3, 2, "E a1, L b1, E c1")  # E L E: ELLE needs two L
    assert "ELLE" not in readable_words(one_l, index)
    two_l = board_of(2, 2, "E a1, L b1, L b2, E a2")  # a ring E L / E L
    assert readable_words(two_l, index)["ELLE"] == (
        ("T01", "T02", "T03", "T04"),
        ("T04", "T03", "T02", "T01"),
    )


def test_is_path_refusals() -> None:
    board = board_of(3, 2, "J a1, E b1 2x1, O a2, . b2")
    assert is_path(board, ("T01", "T02"))
    assert is_path(board, ("T01",))
    assert not is_path(board, ())
    assert not is_path(board, ("T01", "T02", "T01"))  # a tile twice
    assert not is_path(board, ("T02", "T03"))  # corner only
    assert not is_path(board, ("T03", "T04"))  # a blank
    assert not is_path(board, ("T01", "T99"))  # not on the board


def test_completely_different_pieces_exception() -> None:
    # Two separate « OU » on the board; OU noted with the left pair only.
    index = PrefixIndex.build(["OU"])
    board = board_of(5, 1, "O a1, U b1, . c1, O d1, U e1")
    left, right = ("T01", "T02"), ("T04", "T05")
    assert readable_words(board, index) == {"OU": (left, right)}
    noted: Noted = {"OU": [frozenset(left)]}
    assert new_words(board, index, noted) == {"OU": (right,)}
    assert new_words(board, index, noted, through="T05") == {"OU": (right,)}
    assert new_words(board, index, noted, through="T01") == {}
    # Sharing one piece is not « completely different ».
    assert new_words(board, index, {"OU": [frozenset({"T02", "T04"})]}) == {}
    # Noted twice, with both pairs: nothing new any more.
    assert new_words(board, index, {"OU": [frozenset(left), frozenset(right)]}) == {}
    assert is_new("OU", right, {"OU": [set(left)]})
    assert not is_new("OU", right, {"OU": [set(left), {"T05"}]})


def test_best_placements_small() -> None:
    board = board_of(4, 3, SMALL)
    index = prefix_index()
    hand = [Tile("H1", "S", 1, 1), Tile("H2", "E", 2, 1)]
    readable = readable_words(board, index)
    noted: Noted = {word: [frozenset(path) for path in paths] for word, paths in readable.items()}
    best = best_placements(board, hand, index, noted, len, top=100)
    expected = naive_placements(board, hand, common_words().words, noted, len)
    assert [(p.score, p.tile.id, p.x, p.y, p.words) for p in best] == expected
    # Everything readable is noted, with all its paths. The best: the S under the U (b3),
    # which touches the U alone, so it ends or starts each new word: US, EUS, RUS; SU, SUE,
    # SUER, SUR, SURE (none was on the board before).
    e, u, r, s = "T02", "T04", "T05", "H1"
    assert (best[0].tile.id, best[0].cell, best[0].score) == ("H1", "b3", 8)
    assert best[0].words == {
        "EUS": ((e, u, s),),
        "RUS": ((r, u, s),),
        "SU": ((s, u),),
        "SUE": ((s, u, e),),
        "SUER": ((s, u, e, r),),
        "SUR": ((s, u, r),),
        "SURE": ((s, u, r, e),),
        "US": ((u, s),),
    }
    # The wide E under U and R spells EU and RE again, but with the U or the R of their
    # notes: not new. New: EUE (both ways), ERE (both ways), REJOUE.
    under = next(p for p in best if (p.tile.id, p.cell) == ("H2", "b3"))
    assert set(under.words) == {"ERE", "EUE", "REJOUE"} and len(under.words["EUE"]) == 2
    assert best_placements(board, hand, index, noted, len, top=0) == []
    assert best_placements(board, [Tile("H3", "", 1, 1)], index, noted, len) == []
    assert best_placements(Board.empty(4, 4), hand, index, {}, len, anywhere=True) == []


# --- the prefix index ----------------------------------------------------------------------------

short_words = st.lists(st.text("ABC", min_size=1, max_size=5), max_size=40)


@given(short_words, st.text("ABCD", max_size=6))
def test_prefix_index_against_a_scan(words: list[str], probe: str) -> None:
    index = PrefixIndex.build(words)
    assert list(index) == sorted(set(words))
    assert index.is_word(probe) == (probe in words) == (probe in index)
    assert index.has_prefix(probe) == any(w.startswith(probe) for w in words)
    lo, hi = index.span(probe)
    assert index.words[lo:hi] == tuple(sorted({w for w in words if w.startswith(probe)}))
    if probe:
        assert index.narrow(probe, *index.span(probe[:-1])) == (lo, hi) or lo == hi
        assert successor(probe) > probe


def test_prefix_index_cached_and_from_lexicon() -> None:
    lexicon = common_words()
    index = prefix_index()
    assert prefix_index() is index and prefix_index(lexicon) is index
    assert prefix_index(lexicon.words) is index
    assert len(index) == len(lexicon) and index.words == tuple(lexicon)
    assert index.longest == 15
    assert index.is_word("JOUER") and index.has_prefix("JOUE") and not index.has_prefix("JQ")
    assert len(PrefixIndex.build(["", "A"])) == 1


# --- random small boards: three methods agree ---------------------------------------------------

ALPHABET = "AEINRSTU"
SIZES = [(1, 1), (2, 1), (1, 2), (2, 2), (3, 1), (1, 3)]
SIDES = [1, 1, 2, 3]  # cells a side of a tile: 1 most often


@st.composite
def boards(draw: st.DrawFn, max_tiles: int = 9) -> Board:
    """Up to ``max_tiles`` tiles of 1 to 3 cells a side (one in five a blank), often repeated
    letters; placed by the contact rule, or anywhere (so also in separate groups)."""
    board = Board.empty(draw(st.integers(3, 8)), draw(st.integers(3, 8)))
    anywhere = draw(st.integers(0, 3)) == 0
    for number in range(draw(st.integers(2, max_tiles))):
        blank = draw(st.integers(0, 4)) == 0
        tile = Tile(
            f"t{number}",
            "" if blank else draw(st.sampled_from(ALPHABET)),
            draw(st.sampled_from(SIDES)),
            draw(st.sampled_from(SIDES)),
        )
        positions = board.positions(tile, anywhere=anywhere)
        if positions:
            x, y = draw(st.sampled_from(positions))
            board = board.place(tile, x, y, anywhere=anywhere)
    return board


@st.composite
def word_lists(draw: st.DrawFn, board: Board) -> list[str]:
    """Words read along walks of the board, mostly from side to side but also across a corner
    or back to a tile already used (blanks read as nothing): some readable, some not; their
    prefixes; and random strings (single letters too)."""
    owner = cells_of(board)
    sides = side_neighbours(board)
    loose: dict[str, set[str]] = {item.tile.id: set() for item in board.placed}
    for (x, y), a in owner.items():
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                b = owner.get((x + dx, y + dy))
                if b is not None and b != a:
                    loose[a].add(b)
    letters = {item.tile.id: item.tile.letter for item in board.placed}
    words: list[str] = []
    ids = sorted(letters)
    for _ in range(draw(st.integers(1, 15)) if ids else 0):
        at = draw(st.sampled_from(ids))
        text = letters[at]
        for _ in range(draw(st.integers(1, 6))):
            strict = sides.get(at, set()) if draw(st.integers(0, 3)) else set()
            choices = sorted(strict or loose[at])
            if not choices:
                break
            at = draw(st.sampled_from(choices))
            text += letters[at]
        words.append(text)
        if len(text) > 2:
            words.append(text[: draw(st.integers(1, len(text) - 1))])
    words += draw(st.lists(st.text(ALPHABET, min_size=1, max_size=5), max_size=15))
    return [word for word in words if word]


@st.composite
def noted_sets(draw: st.DrawFn, board: Board, words: WordPaths) -> dict[str, list[frozenset[str]]]:
    """Some words noted, each with one or two tile sets: one of its paths, or random tiles."""
    ids = sorted(item.tile.id for item in board.placed)
    noted: dict[str, list[frozenset[str]]] = {}
    for word, paths in words.items():
        if draw(st.booleans()):
            sets = [frozenset(draw(st.sampled_from(paths)))]
            if draw(st.booleans()):
                sets.append(frozenset(draw(st.lists(st.sampled_from(ids), max_size=3))))
            noted[word] = sets
    return noted


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.data())
def test_random_boards_three_methods_agree(data: st.DataObject) -> None:
    board = data.draw(boards())
    words = data.draw(word_lists(board))
    index = PrefixIndex.build(words)
    fast = readable_words(board, index)
    event(f"readable words: {min(len(fast), 5)}{'+' if len(fast) >= 5 else ''}")
    if any(len(paths) > 1 for paths in fast.values()):
        event("a word with several paths")
    if any(len(path) > 2 for paths in fast.values() for path in paths):
        event("a word of three tiles or more")
    if any(item.tile.width * item.tile.height > 1 for item in board.placed):
        event("big tiles")
    assert fast == brute_force_words(board, words)
    assert fast == every_path_words(board, words)
    check_paths(board, fast)
    for item in board.placed:
        assert words_through(board, item.tile.id, index) == through(fast, item.tile.id)
    noted = data.draw(noted_sets(board, fast))
    assert new_words(board, index, noted) == only_new(fast, noted)
    for item in board.placed:
        expected = only_new(through(fast, item.tile.id), noted)
        assert new_words(board, index, noted, through=item.tile.id) == expected


def letters_score(words: WordPaths) -> float:
    """Possibilité 2: letters of the words (ties are common, which tests the order)."""
    return sum(len(word) for word in words)


@SETTINGS
@given(st.data())
def test_random_boards_best_placements(data: st.DataObject) -> None:
    board = data.draw(boards(max_tiles=6))
    words = data.draw(word_lists(board))
    index = PrefixIndex.build(words)
    noted = data.draw(noted_sets(board, readable_words(board, index)))
    hand = [
        Tile(f"h{i}", data.draw(st.sampled_from(ALPHABET)), *data.draw(st.sampled_from(SIZES)))
        for i in range(data.draw(st.integers(1, 3)))
    ]
    score = data.draw(st.sampled_from([len, letters_score]))
    expected = naive_placements(board, hand, words, noted, score)
    best = best_placements(board, hand, index, noted, score, top=len(expected) + 1)
    assert [(p.score, p.tile.id, p.x, p.y, p.words) for p in best] == expected
    top = best_placements(board, hand, index, noted, score, top=2)
    assert [(p.tile.id, p.x, p.y) for p in top] == [e[1:4] for e in expected[:2]]


# --- count fixtures (like chess perft), on the common lexicon ----------------------------------

# A medium board (10 × 7): big tiles, two blanks (.), 30 tiles.
#     a b c d e f g h i j
# 1   C H H A T . S E E
# 2   O U U R R I E E E
# 3   O   L R R   N T . S
# 4   A A A M E P P O R S
# 5     I S   E U L L L S
# 6   E E T R R
# 7   E E         E S
MEDIUM = (
    "C a1, H b1 2x1, A d1, T e1, . f1, S g1, E h1 2x2, "
    "O a2 1x2, U b2 2x1, R d2 2x2, I f2, E g2, "
    "L c3, N g3, T h3, . i3, S j3 1x3, "
    "A a4 3x1, M d4, E e4 1x2, P f4 2x1, O h4, R i4, "
    "I b5, S c5, U f5, L g5 3x1, "
    "E a6 2x2, T c6, R d6 2x1, E g7, S h7"
)

# A full board: 72 tiles (6 blanks) grown on 20 × 20 by greedy play, written out:
#     a b c d e f g h i j k l m n o p q r s t
# 1               N N N I Y   W R E E V V V
# 2           .   N N N I L   W R S S S E E .
# 3         C C C N N N I L K U U S S S N R
# 4         C C C A A S P E E E T T O O N A
# 5                 A S P A G G T T T N E A
# 6             .   A S P L L O T T T R R R
# 7           X X X A F I L L I M M E E Z Z
# 8           X X X I I P E A I O H E E Z Z
# 9           X X X I I P E T T T H C S S A A
# 10  . E E E S A A A M O O O T T J U B B A A
# 11    E E E I I I R E U D R R E J U B B A A
# 12          I I I   Q Q . L L L J U B B
# 13          I I I   .
FULL = (
    "O j10 3x1, P j8 1x2, E k8 1x2, T l9, A l8, L k6 2x2, I m7 1x2, T m9 2x2, I j7, "
    "R l11 2x1, D k11, E n11, P j4 1x3, O n8, M n7 2x1, A k5, G l5 2x1, O m6, E k4 3x1, "
    "T n4 2x3, U j11, M i10, F i7, H o8 1x2, L k2 1x2, L l12 3x1, E i11, Q i12 2x1, "
    "J o10 1x3, K l3, U m3 2x1, E p7 2x2, C p9, T p5 1x2, W m1 1x2, R q6 3x1, R h11, "
    "I j1 1x3, Z r7 2x2, S q9 2x1, S o2 3x2, N g1 3x3, R n1 1x2, O p4 2x1, E o1 2x1, Y k1, "
    "N r3 1x2, S i4 1x3, A s4 1x2, U p10 1x3, N q5, V q1 3x1, E r2 2x1, A f10 3x1, I h8 2x2, "
    "X e7 3x3, A h5 1x3, A g4 2x1, I e11 3x3, B q10 2x3, R s3, E r5, C d3 3x2, A s9 2x3, "
    "S e10, E b10 3x2, . f6, . i13, . e2, . t2, . k12, . a10"
)

# (name, columns, rows, spec, tile tried (letter, width, height), its legal positions,
#  readable words, their paths, new words when each word is noted with its first path (so:
#  words also read with completely different tiles), placements of HAND making a new word with
#  the same notes, the best one by number of new words (tile, cell, words)).
# Computed once, readable words checked equal to the brute force (again below), and pinned;
# the small one is checked by hand (test_small_board_by_hand, test_best_placements_small).
FIXTURES = [
    ("small", 4, 3, SMALL, ("S", 1, 1), 5, 11, 11, 0, 14, ("H1", "b3", 8)),
    ("medium", 10, 7, MEDIUM, ("E", 2, 1), 8, 196, 215, 5, 37, ("H1", "d5", 76)),
    ("full", 20, 20, FULL, ("S", 1, 2), 42, 1010, 1382, 56, 114, ("H1", "t4", 33)),
]
HAND = [Tile("H1", "S", 1, 1), Tile("H2", "E", 1, 1), Tile("H3", "A", 2, 1), Tile("H4", "R", 1, 2)]


def first_paths_noted(words: WordPaths) -> dict[str, list[frozenset[str]]]:
    return {word: [frozenset(paths[0])] for word, paths in words.items()}


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f[0] for f in FIXTURES])
def test_count_fixtures(fixture: tuple[object, ...]) -> None:
    name, columns, rows, spec, tried, positions, count, paths, new, moves, best = fixture
    assert isinstance(columns, int) and isinstance(rows, int) and isinstance(spec, str)
    assert isinstance(tried, tuple)
    board = board_of(columns, rows, spec)
    index = prefix_index()
    words = readable_words(board, index)
    assert words == brute_force_words(board, common_words().words)
    noted = first_paths_noted(words)
    placements = best_placements(board, HAND, index, noted, len, top=10_000)
    top = placements[0] if placements else None
    found = (
        len(board.positions(Tile("X", *tried))),
        len(words),
        sum(map(len, words.values())),
        len(new_words(board, index, noted)),
        len(placements),
        (top.tile.id, top.cell, top.score) if top else ("", "", 0),
    )
    assert found == (positions, count, paths, new, moves, best), name
