"""Letter's word paths against the brute force: every readable word, and the best placement.

``python benchmarks/letter_paths.py`` (or ``python benchmarks/run.py letter_paths``;
``--quick``: a few boards, to check that the script runs).

Boards: full boards of 72 tiles on 20 × 20 cells: the shipped tile set (``default_tiles()``:
66 letters and 6 blanks), or, if that module is absent, a set of our own (letters by French
frequency, sizes 1 to 3 cells a side). Each is grown from a seed in one of two ways:
« random », each tile at a random legal position; « played », each turn the best placement
(most new words) of the next 7 tiles, else the next tile at a random legal position: boards
rich in words, as a game makes them.

Measures (wall-clock times; the CPU time of the process too, which the load of other jobs
on the machine does not inflate by preemption):

1. The prefix index of the common lexicon: build time (from the lexicon, sorted already; and
   from a frozenset, which sorts) and memory (tracemalloc peak).
2. ``readable_words`` on every board, each timed several times; « cold »: the very first call
   of the process. Baseline: ``brute_force_words`` (each word of the lexicon looked for on its
   own) on some of the boards, with the same answers asserted; the ratio compares medians on
   those boards.
3. ``best_placements`` for 7-tile hands (drawn from a second copy of the tile set), every
   readable word noted with all its paths. Baseline: the plain way, each position of each tile
   placed with ``Board.place`` and ``words_through`` the new board, same best placement
   asserted.
4. The structures not chosen for the index (measured last, as they are big): the set of every
   prefix (build time, size by ``sys.getsizeof``, and ``readable_words`` written against it:
   the fastest lookups), and a trie of dictionaries (build time, size).
5. The garbage collector: what a full collection costs in a process holding the lexicon, and
   ``readable_words`` again after ``gc.freeze()``.

Goals (on the full boards, p99): every readable word ≤ 50 ms; the best placement ≤ 1 s.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

from ludotheque.games.letter.board import Board, Tile
from ludotheque.games.letter.paths import (
    WordPaths,
    best_placements,
    brute_force_words,
    is_new,
    readable_words,
    words_through,
)
from ludotheque.lexicon import common_words
from ludotheque.lexicon.prefixes import PrefixIndex, prefix_index

T = TypeVar("T")
SEED = 2009
RANDOM_BOARDS = 20
PLAYED_BOARDS = 10
REPEATS = 5  # readable_words timed this many times a board
HANDS = 3  # hands a board
BRUTE_BOARDS = 3  # of each kind
NAIVE_BOARDS = 2  # of each kind
HAND_SIZE = 7
GOAL_READ = 0.050
GOAL_BEST = 1.0
KINDS = ("random", "played")

SIZE = 20  # cells a side: the default board (tiles.DEFAULT_BOARD_SIZE)

# (letter, tiles): French frequency, 66 letter tiles; and the sizes drawn for them.
OWN_LETTERS = "E9 A6 I6 S5 N5 R5 T5 O4 L3 U3 C2 D2 M2 P1 G1 B1 V1 H1 F1 Q1 J1 X1 Y1 Z1 K1 W1"
OWN_SIZES = [(1, 1)] * 5 + [(2, 1), (1, 2), (2, 2), (3, 1), (1, 3), (3, 2), (2, 3), (3, 3)]


def tile_set() -> tuple[list[Tile], str]:
    """The 72 tiles of a box (letters then blanks) and where they come from."""
    try:
        from ludotheque.games.letter.tiles import default_tiles
    except ImportError:  # the shipped set is not there: our own
        pass
    else:
        tiles = default_tiles()
        return list(tiles.letters + tiles.blanks), "default_tiles() (data/tiles.txt)"
    rng = random.Random(SEED)
    letters = [item[0] for item in OWN_LETTERS.split() for _ in range(int(item[1:]))]
    own = [Tile(f"T{i:02}", letter, *rng.choice(OWN_SIZES)) for i, letter in enumerate(letters)]
    own += [Tile(f"B{i}", "", 1, 1) for i in range(1, 7)]
    return own, "own set (French frequency, sizes 1 to 3)"


def grow(tiles: Sequence[Tile], seed: int, played: bool, index: PrefixIndex) -> Board:
    """A board of all ``tiles``, grown at random or by greedy play (see the module doc)."""
    rng = random.Random(seed)
    pending = list(tiles)
    rng.shuffle(pending)
    board = Board.empty(SIZE, SIZE)
    first = next(tile for tile in pending if not tile.blank)
    pending.remove(first)
    board = board.place(first, SIZE // 2 - 1, SIZE // 2 - 1)
    noted: dict[str, list[frozenset[str]]] = {}
    while pending:
        best = best_placements(board, pending[:HAND_SIZE], index, noted, len) if played else []
        if best:
            move = best[0]
            tile, x, y = move.tile, move.x, move.y
            for word, paths in move.words.items():
                noted.setdefault(word, []).extend(frozenset(path) for path in paths)
        else:
            tile = pending[0]
            positions = board.positions(tile)
            if not positions:
                pending.remove(tile)
                continue
            x, y = rng.choice(positions)
        pending.remove(tile)
        board = board.place(tile, x, y)
    return board


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class Timing:
    """Wall-clock times, and the CPU time of this process (immune to other jobs' load)."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def run(self, function: Callable[[], T]) -> T:
        wall, cpu = time.perf_counter(), time.process_time()
        result = function()
        self.cpu.append(time.process_time() - cpu)
        self.wall.append(time.perf_counter() - wall)
        return result

    def extend(self, other: Timing) -> None:
        self.wall += other.wall
        self.cpu += other.cpu

    def p99(self) -> float:
        return quantile(self.wall, 0.99)

    def __str__(self) -> str:
        wall, cpu = self.wall, self.cpu
        return (
            f"p50 {ms(statistics.median(wall))}   p99 {ms(quantile(wall, 0.99))}   "
            f"max {ms(max(wall))}   (CPU p50 {ms(statistics.median(cpu))} "
            f"p99 {ms(quantile(cpu, 0.99))}; {len(wall)} calls)"
        )


def timed(function: Callable[[], T]) -> tuple[float, T]:
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


# --- the structures not chosen ------------------------------------------------------------------


def prefix_set(words: frozenset[str]) -> set[str]:
    return {word[:k] for word in words for k in range(1, len(word) + 1)}


def dict_trie(words: frozenset[str]) -> tuple[dict[str, object], int]:
    root: dict[str, object] = {}
    nodes = 1
    for word in words:
        node = root
        for letter in word:
            child = node.get(letter)
            if child is None:
                child = node[letter] = {}
                nodes += 1
            assert isinstance(child, dict)
            node = child
        node["$"] = True
    return root, nodes


def trie_size(root: dict[str, object]) -> int:
    size, stack = 0, [root]
    while stack:
        node = stack.pop()
        size += sys.getsizeof(node)
        stack.extend(child for child in node.values() if isinstance(child, dict))
    return size


def readable_with_set(board: Board, prefixes: set[str], words: frozenset[str]) -> int:
    """``readable_words`` against a set of every prefix (counts the paths only)."""
    ids = [item.tile.id for item in board.placed if item.tile.letter]
    number = {tile_id: i for i, tile_id in enumerate(ids)}
    letters = [board.get(tile_id).tile.letter for tile_id in ids]
    near = [[number[n] for n in board.letter_neighbours(tile_id)] for tile_id in ids]
    found = 0

    def visit(i: int, text: str, used: int) -> None:
        nonlocal found
        for j in near[i]:
            if not used >> j & 1:
                longer = text + letters[j]
                if longer in prefixes:
                    if longer in words:
                        found += 1
                    visit(j, longer, used | 1 << j)

    for i, letter in enumerate(letters):
        if letter in prefixes:
            visit(i, letter, 1 << i)
    return found


# --- the baseline of best_placements -----------------------------------------------------------


def naive_best(
    board: Board, hand: Sequence[Tile], index: PrefixIndex, noted: dict[str, list[frozenset[str]]]
) -> tuple[float, str, int, int] | None:
    """Each position of each tile placed for real, and the words through it searched."""
    best: tuple[float, int, int, int, str] | None = None
    for order, tile in enumerate(hand):
        for x, y in board.positions(tile):
            made = words_through(board.place(tile, x, y), tile.id, index)
            new = {w: [p for p in paths if is_new(w, p, noted)] for w, paths in made.items()}
            count = sum(1 for paths in new.values() if paths)
            if count and (best is None or (-count, order, y, x) < best[:4]):
                best = (-count, order, y, x, tile.id)
    if best is None:
        return None
    return -best[0], best[4], best[3], best[2]


def time_readable(board: Board, index: PrefixIndex) -> tuple[Timing, WordPaths]:
    """``REPEATS`` timed calls of ``readable_words`` on ``board``, and its answer."""
    timing = Timing()
    found: WordPaths = {}
    for _ in range(REPEATS):
        found = timing.run(lambda: readable_words(board, index))
    return timing, found


def main() -> None:
    quick = "--quick" in sys.argv[1:]
    random_boards, played_boards = (2, 1) if quick else (RANDOM_BOARDS, PLAYED_BOARDS)
    brute_boards, naive_boards = (1, 1) if quick else (BRUTE_BOARDS, NAIVE_BOARDS)
    started = time.perf_counter()
    load, lexicon = timed(common_words)
    words = lexicon.words
    print(f"lexicon: {len(words):,} words, loaded in {load:.2f} s")

    # 1. The index.
    gc.collect()
    tracemalloc.start()
    PrefixIndex.build(lexicon)
    memory_lexicon = tracemalloc.get_traced_memory()[1]
    tracemalloc.reset_peak()
    PrefixIndex.build(words)
    memory_set = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    gc.collect()
    from_lexicon = min(timed(lambda: PrefixIndex.build(lexicon))[0] for _ in range(3))
    from_set = min(timed(lambda: PrefixIndex.build(words))[0] for _ in range(3))
    index = prefix_index(lexicon)
    print(
        f"prefix index (sorted tuple): built in {ms(from_lexicon)} from the lexicon "
        f"(peak {memory_lexicon / 1e6:.1f} MB), {ms(from_set)} from a frozenset "
        f"(peak {memory_set / 1e6:.1f} MB); longest word {index.longest}"
    )

    # The boards.
    tiles, source = tile_set()
    seconds, boards = timed(
        lambda: [
            *((f"random {i}", grow(tiles, SEED + i, False, index)) for i in range(random_boards)),
            *((f"played {i}", grow(tiles, SEED + i, True, index)) for i in range(played_boards)),
        ]
    )
    print(
        f"boards: {random_boards} random + {played_boards} played, {len(tiles)} tiles each "
        f"({source}), {SIZE} × {SIZE}, grown in {seconds:.1f} s; "
        f"tiles placed: {sorted({len(board) for _, board in boards})}"
    )
    kinds = {kind: [name for name, _ in boards if name.startswith(kind)] for kind in KINDS}

    # 2. readable_words.
    cold, _ = timed(lambda: readable_words(boards[0][1], index))
    print(f"readable_words: first call of the process (cold) {ms(cold)}")
    readable: dict[str, WordPaths] = {}
    per_board: dict[str, Timing] = {}
    for name, board in boards:
        per_board[name], readable[name] = time_readable(board, index)
    every = Timing()
    for kind, names in kinds.items():
        timing = Timing()
        for name in names:
            timing.extend(per_board[name])
        every.extend(timing)
        counts = [len(readable[name]) for name in names]
        paths = [sum(map(len, readable[name].values())) for name in names]
        print(
            f"  {kind} boards: {timing}; words a board {min(counts)}–{max(counts)} "
            f"(paths {min(paths)}–{max(paths)})"
        )
    brute_times, same_times = [], []
    for name in [name for names in kinds.values() for name in names[:brute_boards]]:
        board = dict(boards)[name]
        seconds, result = timed(partial(brute_force_words, board, words))
        assert result == readable[name], f"brute force and readable_words differ on {name}"
        brute_times.append(seconds)
        same_times.append(statistics.median(per_board[name].wall))
    ratio = statistics.median(brute_times) / statistics.median(same_times)
    print(
        f"  brute force: p50 {ms(statistics.median(brute_times))}, max {ms(max(brute_times))} "
        f"({len(brute_times)} boards, same answers); readable_words on them: p50 "
        f"{ms(statistics.median(same_times))}, {ratio:.0f}× faster (p50 / p50)"
    )
    print(
        f"  goal, every readable word <= 50 ms (p99 {ms(every.p99())}): "
        f"{verdict(every.p99() <= GOAL_READ)}"
    )

    # 3. best_placements.
    rng = random.Random(SEED)
    letters = [tile for tile in tiles if not tile.blank]
    best = {kind: Timing() for kind in KINDS}
    naive_times, fast_times = [], []
    for name, board in boards:
        kind = name.split()[0]
        noted = {
            word: [frozenset(path) for path in paths] for word, paths in readable[name].items()
        }
        for hand_number in range(HANDS):
            hand = [
                Tile(f"H{i}", tile.letter, tile.width, tile.height)
                for i, tile in enumerate(rng.sample(letters, HAND_SIZE), start=1)
            ]
            placed = best[kind].run(partial(best_placements, board, hand, index, noted, len))
            if hand_number == 0 and name in kinds[kind][:naive_boards]:
                slow, expected = timed(partial(naive_best, board, hand, index, noted))
                top = (
                    (placed[0].score, placed[0].tile.id, placed[0].x, placed[0].y)
                    if placed
                    else None
                )
                assert expected == top, (name, expected, placed[:1])
                naive_times.append(slow)
                fast_times.append(best[kind].wall[-1])
    for kind, timing in best.items():
        print(f"best_placements, {HAND_SIZE}-tile hands, {kind} boards: {timing}")
    ratio = statistics.median(naive_times) / statistics.median(fast_times)
    print(
        f"  plain way (place, then words_through): p50 {ms(statistics.median(naive_times))} "
        f"({len(naive_times)} hands, same best placement); best_placements {ratio:.0f}× faster"
    )
    best_p99 = max(timing.p99() for timing in best.values())
    print(
        f"  goal, the best placement <= 1 s (p99 {ms(best_p99)}): {verdict(best_p99 <= GOAL_BEST)}"
    )

    # 4. The structures not chosen (measured last: they are big, and slow the collector).
    if not quick:
        seconds, prefixes = timed(lambda: prefix_set(words))
        size = sys.getsizeof(prefixes) + sum(map(sys.getsizeof, prefixes))
        print(
            f"not chosen: set of every prefix: {len(prefixes):,} strings, built in "
            f"{seconds:.2f} s, {size / 1e6:.0f} MB"
        )
        with_set = Timing()
        for name, board in boards:
            for _ in range(REPEATS):
                count = with_set.run(partial(readable_with_set, board, prefixes, words))
                assert count == sum(map(len, readable[name].values()))
        print(f"  readable_words against it: {with_set}")
        del prefixes
        gc.collect()
        seconds, (root, nodes) = timed(lambda: dict_trie(words))
        print(
            f"not chosen: trie of dicts: {nodes:,} nodes, built in {seconds:.2f} s, "
            f"{trie_size(root) / 1e6:.0f} MB"
        )
        del root
        gc.collect()

    # 5. The garbage collector: a full collection visits the lexicon's frozenset.
    full = min(timed(gc.collect)[0] for _ in range(3))
    gc.freeze()
    frozen = min(timed(gc.collect)[0] for _ in range(3))
    after = Timing()
    for _, board in boards:
        after.extend(time_readable(board, index)[0])
    print(
        f"garbage collector: a full collection takes {ms(full)} in this process "
        f"({ms(frozen)} after gc.freeze()); readable_words after gc.freeze(): {after}; "
        f"goal <= 50 ms {verdict(after.p99() <= GOAL_READ)}"
    )
    print(f"total: {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
