"""Word paths on a Letter board: the words readable on it, and the new words a tile makes.

A *path* is a tuple of tile ids in reading order: each tile at most once, each touching the
next along a side, never a blank (« Lire : On peut choisir n'importe quelle lettre pour
commencer un mot. Le sens de lecture peut être de haut en bas, de bas en haut, de gauche à
droite, de droite à gauche et dans n'importe quel zigzag. […] Il n'est pas permis de lire
diagonalement. Il est interdit d'utiliser la même lettre plusieurs fois pour former un même
mot. »). A big tile is one letter, read once, that may touch many tiles. A word has at least
two letters. Letters are read as the tiles carry them (normalised ``A``–``Z``, like the
lexicon).

>>> from ludotheque.lexicon.prefixes import PrefixIndex
>>> index = PrefixIndex.build(["MA", "AMOUR", "MUR", "MURE", "RUE", "RE", "OU", "ROUE"])
>>> board = Board.empty(6, 4)  # M (2 cells wide) U R (2 cells high) / A, blank
>>> for tile, x, y in [(Tile("t1", "M", 2, 1), 0, 0), (Tile("t2", "U", 1, 1), 2, 0),
...                    (Tile("t3", "R", 1, 2), 3, 0), (Tile("t4", "A", 1, 1), 0, 1),
...                    (Tile("t5", "", 1, 1), 1, 1)]:
...     board = board.place(tile, x, y)
>>> readable_words(board, index)  # the blank t5 is never read
{'MA': (('t1', 't4'),), 'MUR': (('t1', 't2', 't3'),)}
>>> paths_of(board, "MUR"), is_path(board, ("t1", "t2", "t3")), is_path(board, ("t4", "t2"))
([('t1', 't2', 't3')], True, False)
>>> new_words(board, index, {"MA": [frozenset({"t1", "t4"})]})  # MA already noted
{'MUR': (('t1', 't2', 't3'),)}
>>> board = board.place(Tile("t6", "E", 1, 1), 3, 2)  # under the R
>>> words_through(board, "t6", index)
{'MURE': (('t1', 't2', 't3', 't6'),), 'RE': (('t3', 't6'),)}
>>> noted = {"MURE": [frozenset({"t1", "t2", "t3", "t6"})]}
>>> hand = [Tile("h1", "E", 1, 1), Tile("h2", "O", 1, 1)]
>>> for p in best_placements(board, hand, index, noted, len, top=3):  # score: new words
...     print(p.tile.id, p.cell, p.score, p.words)
h1 c2 2 {'RE': (('t3', 'h1'),), 'RUE': (('t3', 't2', 'h1'),)}
h1 e1 1 {'RE': (('t3', 'h1'),)}
h1 e2 1 {'RE': (('t3', 'h1'),)}

In c2 the E also spells MURE again, but with pieces already noted for MURE: not new.

How (figures in ``docs/performance.md``):

1. The letter tiles become integers with their letters and neighbour lists. A depth-first
   search grows paths from every tile, one neighbour at a time, keeping the used tiles as a
   bit mask and, instead of the string alone, its span in the sorted word list of the
   :class:`~ludotheque.lexicon.prefixes.PrefixIndex` (the words starting with the letters so
   far): each step narrows the span with two binary searches and stops as soon as it is empty,
   records a word when the span starts with the letters themselves, and stops when the span
   holds nothing longer. Only paths spelling the start of some word are ever built.
2. The words through one tile ``T`` (:func:`words_through`): the live paths of the board
   without ``T`` are kept with their spans (paths « before ``T`` »); those ending next to
   ``T`` are continued onto it and then onwards; plus the paths starting at ``T``. Each path
   through ``T`` is found once: its part before ``T`` is one of the kept paths, or empty.
3. :func:`best_placements` searches the paths of the board once, keeping every live one (ending
   anywhere); a placement only adds a tile, so its words are those paths continued onto the
   new tile as in 2., plus those starting at it. Only positions touching a letter tile can
   make a word, and two placements of the same letter with the same letter neighbours make the
   same words: they are searched once (most positions of a hand share their neighbours).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import pairwise

from ludotheque.lexicon.prefixes import PrefixIndex, successor

from .board import Board, Placed, Tile, cell_name

__all__ = [
    "Noted",
    "Path",
    "ScoredCombination",
    "ScoredPlacement",
    "WordPaths",
    "best_combinations",
    "best_placements",
    "brute_force_words",
    "is_new",
    "is_path",
    "new_words",
    "path_word",
    "paths_of",
    "prefixes_through",
    "readable_words",
    "words_through",
]

Path = tuple[str, ...]
"""Tile ids in reading order."""
WordPaths = dict[str, tuple[Path, ...]]
"""Words (in alphabetical order) with every path spelling each (in order of their ids)."""
Noted = Mapping[str, Collection[AbstractSet[str]]]
"""For each word already noted, the tile sets it was noted with."""

MIN_LETTERS = 2
"""A word has at least two letters."""

# A live search state: letters so far, their span in the index, tiles used (bits), path.
_State = tuple[str, int, int, int, Path]
_Found = dict[str, list[Path]]


@dataclass(frozen=True, slots=True)
class ScoredPlacement:
    """A tile of the hand put with its top-left cell at (``x``, ``y``), and what it makes.

    ``words``: the new words whose path uses the tile, each with its new paths; ``score``:
    what the caller's ``score`` gave for them.
    """

    tile: Tile
    x: int
    y: int
    words: WordPaths
    score: float

    @property
    def cell(self) -> str:
        """The top-left cell, like ``"b3"``."""
        return cell_name(self.x, self.y)


class _Graph:
    """The letter tiles of a board as integers: ids, letters and neighbours (blanks left out).

    One more slot than tiles is kept at the end, for a tile being tried (:meth:`extra`).
    """

    __slots__ = ("adjacency", "ids", "letters", "nexts", "number")

    def __init__(self, board: Board) -> None:
        placed = [item for item in board.placed if not item.tile.blank]
        self.ids = [item.tile.id for item in placed]
        self.number = {tile_id: i for i, tile_id in enumerate(self.ids)}
        self.letters = [item.tile.letter for item in placed]
        # The successor of a letter: appended to a prefix, the end of that prefix's span.
        self.nexts = [successor(letter) for letter in self.letters]
        self.adjacency = [
            tuple(sorted(self.number[n] for n in board.letter_neighbours(tile_id)))
            for tile_id in self.ids
        ]
        self.ids.append("")
        self.letters.append("")
        self.nexts.append("")
        self.adjacency.append(())

    @property
    def extra(self) -> int:
        """The slot of a tile being tried (numbered after the board's letter tiles)."""
        return len(self.ids) - 1

    def try_tile(self, tile_id: str, letter: str, neighbours: tuple[int, ...]) -> int:
        """Fill the extra slot with a tile touching ``neighbours``; its number."""
        n = self.extra
        self.ids[n] = tile_id
        self.letters[n] = letter
        self.nexts[n] = successor(letter)
        self.adjacency[n] = neighbours
        return n


class _Search:
    """Depth-first searches of one graph with one index (see the module doc).

    Found paths are recorded as tuples of tile ids, straight from the stack of the search.
    """

    __slots__ = ("found", "graph", "index", "keep")

    def __init__(self, graph: _Graph, index: PrefixIndex) -> None:
        self.graph = graph
        self.index = index
        self.found: _Found = {}
        # When set: every live state that can still grow, listed by the tile it ends on.
        self.keep: list[list[_State]] | None = None

    def run(self, start: int, used: int, record: bool) -> None:
        """Every path from tile ``start`` avoiding ``used`` (words recorded if ``record``)."""
        graph = self.graph
        letter = graph.letters[start]
        lo, hi = self.index.span(letter)
        if lo == hi:
            return
        used |= 1 << start
        path = [graph.ids[start]]
        if record and self.index.words[lo] == letter and len(letter) >= MIN_LETTERS:
            self.found.setdefault(letter, []).append(tuple(path))
        if self.keep is not None:
            self.keep[start].append((letter, lo, hi, used, tuple(path)))
        self._visit(start, letter, lo, hi, used, path, record)

    def resume(self, state: _State, tile: int) -> None:
        """Continue a kept ``state`` onto ``tile`` (a neighbour of its end), then onwards."""
        letters, lo, hi, used, ids = state
        text = letters + self.graph.letters[tile]
        words = self.index.words
        lo = bisect_left(words, text, lo, hi)
        if lo == hi:
            return
        word = words[lo]
        if not word.startswith(text):
            return
        path = [*ids, self.graph.ids[tile]]
        hi = bisect_left(words, letters + self.graph.nexts[tile], lo, hi)
        if len(word) == len(text):
            self.found.setdefault(text, []).append(tuple(path))
            if hi - lo == 1:
                return
        if self.keep is not None:
            self.keep[tile].append((text, lo, hi, used | 1 << tile, tuple(path)))
        self._visit(tile, text, lo, hi, used | 1 << tile, path, True)

    def _visit(
        self, i: int, letters: str, lo: int, hi: int, used: int, path: list[str], record: bool
    ) -> None:
        # The hot loop: locals only, two binary searches a step, the path as a stack of ids.
        words = self.index.words
        graph = self.graph
        tile_ids = graph.ids
        tile_letters = graph.letters
        nexts = graph.nexts
        adjacency = graph.adjacency
        found = self.found
        keep = self.keep
        push = path.append
        pop = path.pop

        def visit(i: int, letters: str, lo: int, hi: int, used: int) -> None:
            for j in adjacency[i]:
                if used >> j & 1:
                    continue
                text = letters + tile_letters[j]
                start = bisect_left(words, text, lo, hi)
                if start == hi:
                    continue
                word = words[start]
                if not word.startswith(text):
                    continue
                end = bisect_left(words, letters + nexts[j], start, hi)
                push(tile_ids[j])
                if len(word) == len(text):
                    if record:
                        found.setdefault(text, []).append(tuple(path))
                    if end - start == 1:
                        pop()
                        continue  # the word itself, nothing longer
                mask = used | 1 << j
                if keep is not None:
                    keep[j].append((text, start, end, mask, tuple(path)))
                visit(j, text, start, end, mask)
                pop()

        visit(i, letters, lo, hi, used)

    def through(self, tile: int, states: Sequence[Sequence[_State]]) -> None:
        """Every path using ``tile``: from it, or ``states`` (by end tile) continued onto it."""
        self.run(tile, 0, True)
        for n in self.graph.adjacency[tile]:
            for state in states[n]:  # searched without ``tile``: it is not on their paths
                self.resume(state, tile)


def _word_paths(found: _Found) -> WordPaths:
    return {word: tuple(sorted(found[word])) for word in sorted(found)}


def readable_words(board: Board, index: PrefixIndex) -> WordPaths:
    """Every word of ``index`` readable on ``board``, with every path that spells it."""
    graph = _Graph(board)
    search = _Search(graph, index)
    for start in range(graph.extra):
        search.run(start, 0, True)
    return _word_paths(search.found)


def words_through(board: Board, tile_id: str, index: PrefixIndex) -> WordPaths:
    """The words readable on ``board`` by a path using tile ``tile_id``, with those paths.

    A blank makes none. :class:`KeyError` if the tile is not on the board.
    """
    if board.get(tile_id).tile.blank:
        return {}
    graph = _Graph(board)
    tile = graph.number[tile_id]
    search = _Search(graph, index)
    # The paths « before » the tile: on the board without it, ending next to it.
    search.keep = [[] for _ in graph.ids]
    for start in range(graph.extra):
        if start != tile:
            search.run(start, 1 << tile, False)
    states = search.keep
    search.keep = None
    search.through(tile, states)
    return _word_paths(search.found)


def is_new(word: str, path: Iterable[str], noted: Noted) -> bool:
    """Rule 4: never noted, or noted only with tiles all different from the path's.

    « un mot est « nouveau » si aucun autre joueur ne l'a noté sur sa feuille. Exception: ce
    mot est formé une deuxième fois mais avec des pièces complètement différentes. »

    >>> is_new("MUR", ("a", "b", "c"), {"MUR": [{"c", "d", "e"}]})
    False
    >>> is_new("MUR", ("a", "b", "c"), {"MUR": [{"d", "e", "f"}]}), is_new("MU", "ab", {})
    (True, True)
    """
    sets = noted.get(word)
    if not sets:
        return True
    tiles = set(path)
    return all(tiles.isdisjoint(noted_set) for noted_set in sets)


def _only_new(words: WordPaths, noted: Noted) -> WordPaths:
    result: WordPaths = {}
    for word, paths in words.items():
        if word in noted:
            kept = tuple(path for path in paths if is_new(word, path, noted))
            if kept:
                result[word] = kept
        else:
            result[word] = paths
    return result


def new_words(
    board: Board, index: PrefixIndex, noted: Noted, through: str | None = None
) -> WordPaths:
    """The words readable on ``board`` that are new (:func:`is_new`), with their new paths.

    ``through``: only the paths using that tile (the words a tile just placed makes).
    """
    words = (
        readable_words(board, index) if through is None else words_through(board, through, index)
    )
    return _only_new(words, noted)


def _letter_contacts(board: Board, graph: _Graph, tile: Tile, x: int, y: int) -> tuple[int, ...]:
    """The letter tiles (graph numbers) that ``tile`` would touch at (x, y)."""
    number = graph.number
    found = {number[owner] for owner in board.touching(tile, x, y) if owner in number}
    return tuple(sorted(found))


def best_placements(
    board: Board,
    hand_tiles: Iterable[Tile],
    index: PrefixIndex,
    noted: Noted,
    score: Callable[[WordPaths], float],
    *,
    anywhere: bool = False,
    top: int = 1,
) -> list[ScoredPlacement]:
    """The ``top`` best placements of a tile of the hand, best first.

    Every tile of ``hand_tiles`` is tried at every legal position (``board.positions``, with
    ``anywhere`` for the first round); a placement's words are the new words (:func:`is_new`
    against ``noted``) whose path uses the placed tile, each with its new paths, and
    placements are ranked by ``score(words)`` (``len`` counts the words), then in hand order,
    then by position (rows, then columns). A placement that makes no new word is not a move
    (« il doit nommer au moins un nouveau mot ») and is never returned.
    """
    if top < 1:
        return []
    graph = _Graph(board)
    search = _Search(graph, index)
    search.keep = [[] for _ in graph.ids]
    for start in range(graph.extra):
        search.run(start, 0, False)
    states = search.keep
    search.keep = None
    slot = graph.extra
    # (letter, letter neighbours) -> the tile tried first there, and the words through it.
    made: dict[tuple[str, tuple[int, ...]], tuple[str, WordPaths]] = {}
    # The same and a tile id -> the new words through that tile.
    fresh: dict[tuple[str, tuple[int, ...], str], WordPaths] = {}
    ranked: list[tuple[float, int, int, int, Tile, WordPaths]] = []
    for order, tile in enumerate(hand_tiles):
        if tile.blank:
            continue
        for x, y in board.positions(tile, anywhere=anywhere):
            contacts = _letter_contacts(board, graph, tile, x, y)
            if not contacts:
                continue  # a lone letter reads no word
            new = fresh.get((tile.letter, contacts, tile.id))
            if new is None:
                key = (tile.letter, contacts)
                known = made.get(key)
                if known is None:
                    search.found = {}
                    graph.try_tile(tile.id, tile.letter, contacts)
                    search.through(slot, states)
                    known = made[key] = (tile.id, _word_paths(search.found))
                first, words = known
                if first != tile.id:
                    words = _renamed(words, first, tile.id)
                new = fresh[tile.letter, contacts, tile.id] = _only_new(words, noted)
            if new:
                ranked.append((-score(new), order, y, x, tile, new))
    ranked.sort(key=lambda item: item[:4])
    return [
        ScoredPlacement(tile, x, y, dict(words), -negative)
        for negative, _, y, x, tile, words in ranked[:top]
    ]


@dataclass(frozen=True, slots=True)
class ScoredCombination:
    """Tiles put on the board one after the other, and what they make together.

    ``placements``: (tile, x, y) in the order they are put (each by the placement rules on the
    board with the ones before it); ``words``: the new words whose path uses a tile of the
    combination, each with its new paths — every tile of the combination is on one of them;
    ``score``: what the caller's ``score`` gave for them.
    """

    placements: tuple[tuple[Tile, int, int], ...]
    words: WordPaths
    score: float


@dataclass(slots=True)
class _Node:
    """A tile tried in a combination: where, its graph number, and its search results."""

    tile: Tile
    x: int
    y: int
    number: int
    contacts: tuple[int, ...]
    found: _Found
    kept: list[list[_State]]
    live: int = 0


class _Combiner:
    """The search of :func:`best_combinations`: slots appended to one graph, then removed."""

    def __init__(
        self,
        board: Board,
        index: PrefixIndex,
        noted: Noted,
        score: Callable[[WordPaths], float],
    ) -> None:
        graph = _Graph(board)
        for column in (graph.ids, graph.letters, graph.nexts):
            column.pop()  # the extra slot: here slots are appended as tiles are tried
        graph.adjacency.pop()
        self.graph = graph
        self.search = _Search(graph, index)
        self.search.keep = [[] for _ in graph.ids]
        for start in range(len(graph.ids)):
            self.search.run(start, 0, False)
        self.base = self.search.keep
        self.search.keep = None
        self.noted = noted
        self.score = score
        self.results: list[tuple[float, tuple[tuple[int, int, int], ...], ScoredCombination]] = []

    def push(self, tile: Tile, contacts: tuple[int, ...]) -> int:
        graph = self.graph
        n = len(graph.ids)
        graph.ids.append(tile.id)
        graph.letters.append(tile.letter)
        graph.nexts.append(successor(tile.letter))
        graph.adjacency.append(contacts)
        for c in contacts:
            graph.adjacency[c] = (*graph.adjacency[c], n)
        return n

    def pop(self, contacts: tuple[int, ...]) -> None:
        graph = self.graph
        for c in contacts:
            graph.adjacency[c] = graph.adjacency[c][:-1]  # pushed last, removed first
        for column in (graph.ids, graph.letters, graph.nexts):
            column.pop()
        graph.adjacency.pop()

    def through(self, n: int, layers: Sequence[Sequence[Sequence[_State]]]) -> _Node:
        """Every path using slot ``n``: the live ones before it (``layers``) continued."""
        search = self.search
        search.found = {}
        kept: list[list[_State]] = [[] for _ in self.graph.ids]
        search.keep = kept
        search.run(n, 0, True)
        for c in self.graph.adjacency[n]:
            for layer in layers:
                if c < len(layer):
                    for state in layer[c]:
                        search.resume(state, n)
        search.keep = None
        graph = self.graph
        return _Node(Tile("", "", 1, 1), 0, 0, n, graph.adjacency[n], search.found, kept)


def best_combinations(
    board: Board,
    own_tiles: Iterable[Tile],
    free_tiles: Iterable[Tile],
    index: PrefixIndex,
    noted: Noted,
    score: Callable[[WordPaths], float],
    *,
    widths: Sequence[int] = (24,),
    top: int = 1,
) -> list[ScoredCombination]:
    """The ``top`` best turns of several tiles: at most one of ``own_tiles`` and free tiles.

    The rule « on peut les ajouter dans n'importe quelle quantité au lieu d'une lettre à soi
    ou en plus » (VER + R, E = VERRE): a combination puts 2 to ``len(widths) + 1`` tiles, the
    first touching a letter of the board, each next one touching a tile put before it in the
    turn, each by the placement rules; it counts when every tile is on some new word (rule 6).
    Search: every first tile at every position (tiles of the same letter and size tried once),
    its words found as in :func:`best_placements` (the live paths of the board continued onto
    it), and the live paths through it kept; at depth ``d`` only the ``widths[d - 1]`` partial
    combinations with the most live paths ending on their tiles are extended (a beam, so that
    the time stays bounded on a full board). Ranked by ``score(words)``, then by the order of
    the tiles in ``own_tiles`` + ``free_tiles`` and their positions.
    """
    owns = _distinct(own_tiles)
    frees = _distinct(free_tiles)
    if top < 1 or not widths or not (owns or len(frees) > 1) or not board.placed:
        return []
    combiner = _Combiner(board, index, noted, score)
    order = {t.id: i for i, t in enumerate((*owns, *frees))}
    _combine(combiner, board, owns, frees, order, [], widths)
    combiner.results.sort(key=lambda item: (item[0], item[1]))
    return [combination for _, _, combination in combiner.results[:top]]


def _distinct(tiles: Iterable[Tile]) -> list[Tile]:
    seen: set[tuple[str, int, int]] = set()
    kept: list[Tile] = []
    for tile in tiles:
        key = (tile.letter, tile.width, tile.height)
        if not tile.blank and key not in seen:
            seen.add(key)
            kept.append(tile)
    return kept


def _combine(
    combiner: _Combiner,
    board: Board,
    owns: Sequence[Tile],
    frees: Sequence[Tile],
    order: Mapping[str, int],
    placed: list[_Node],
    widths: Sequence[int],
) -> None:
    """Try every next tile after ``placed`` (already pushed), recurse into the best ones."""
    graph = combiner.graph
    number = {tile_id: i for i, tile_id in enumerate(graph.ids)}
    used = {node.tile.id for node in placed}
    own_ids = {tile.id for tile in owns}
    own_used = any(node.tile.id in own_ids for node in placed)
    layers: list[Sequence[Sequence[_State]]] = [combiner.base, *(node.kept for node in placed)]
    slots = [node.number for node in placed]
    choices = [t for t in (*([] if own_used else owns), *frees) if t.id not in used]
    if not placed:
        choices = list(owns) + list(frees)
    depth = len(placed)
    last = depth == len(widths)  # a tile more would exceed the widths: only complete here
    children: list[_Node] = []
    cache: dict[tuple[str, tuple[int, ...]], _Node] = {}  # by tile id and letter neighbours
    judged: dict[tuple[str, tuple[int, ...]], tuple[WordPaths, float] | None] = {}
    for tile in choices:
        for x, y in _next_positions(board, tile, placed):
            touching = board.touching(tile, x, y)
            contacts = tuple(sorted(number[t] for t in touching if t in number))
            if not placed and not contacts:
                continue  # the first tile reads nothing without a letter beside it
            if placed and not any(node.tile.id in touching for node in placed):
                continue
            # The same tile with the same letter neighbours: the same paths, wherever it is.
            known = cache.get((tile.id, contacts))
            if known is None:
                n = combiner.push(tile, contacts)
                known = combiner.through(n, layers)
                combiner.pop(contacts)
                known.live = sum(len(known.kept[s]) for s in (*slots, n))
                cache[tile.id, contacts] = known
            node = _Node(tile, x, y, known.number, contacts, known.found, known.kept, known.live)
            if placed and node.found:  # no path found now: the new tile is on no word
                if (tile.id, contacts) not in judged:
                    judged[tile.id, contacts] = _judge(combiner, [*placed, node])
                made = judged[tile.id, contacts]
                if made is not None:
                    _record(combiner, [*placed, node], order, *made)
            if not last:
                children.append(node)
    if last:
        return
    children.sort(key=lambda node: -node.live)
    for child in children[: widths[depth]]:
        combiner.push(child.tile, child.contacts)
        _combine(
            combiner,
            board.place(child.tile, child.x, child.y),
            owns,
            frees,
            order,
            [*placed, child],
            widths,
        )
        combiner.pop(child.contacts)


def _next_positions(board: Board, tile: Tile, placed: Sequence[_Node]) -> list[tuple[int, int]]:
    if not placed:
        return board.positions(tile)
    spots: set[tuple[int, int]] = set()
    for node in placed:
        p = node.tile
        for x in range(node.x - tile.width, node.x + p.width + 1):
            for y in range(node.y - tile.height, node.y + p.height + 1):
                if board.check_place(tile, x, y) is None:
                    spots.add((x, y))
    return sorted(spots, key=lambda s: (s[1], s[0]))


def _judge(combiner: _Combiner, nodes: Sequence[_Node]) -> tuple[WordPaths, float] | None:
    """The new words of the combination ``nodes`` and their score; ``None`` unless every tile
    is on one of them."""
    found: _Found = {}
    for node in nodes:
        for word, paths in node.found.items():
            found.setdefault(word, []).extend(paths)
    words = _only_new(_word_paths(found), combiner.noted)
    ids = {node.tile.id for node in nodes}
    on_words = {t for paths in words.values() for path in paths for t in path if t in ids}
    if on_words != ids:
        return None
    return words, combiner.score(words)


def _record(
    combiner: _Combiner,
    nodes: Sequence[_Node],
    order: Mapping[str, int],
    words: WordPaths,
    value: float,
) -> None:
    key = tuple((order[node.tile.id], node.y, node.x) for node in nodes)
    placements = tuple((node.tile, node.x, node.y) for node in nodes)
    combiner.results.append((-value, key, ScoredCombination(placements, words, value)))


def _renamed(words: WordPaths, old: str, new: str) -> WordPaths:
    """``words`` with tile ``old`` called ``new`` in every path (paths sorted again)."""
    renamed: WordPaths = {}
    for word, paths in words.items():
        spelt = [tuple(new if tile_id == old else tile_id for tile_id in path) for path in paths]
        renamed[word] = tuple(sorted(spelt))
    return renamed


def paths_of(board: Board, word: str) -> list[Path]:
    """Every path of ``board`` spelling ``word``, in order (``[]`` if it cannot be read)."""
    letters = {item.tile.id: item.tile.letter for item in board.placed if not item.tile.blank}
    found: list[Path] = []

    def extend(tile_id: str, at: int, path: Path) -> None:
        if at == len(word):
            found.append(path)
            return
        for n in board.letter_neighbours(tile_id):
            if n not in path and word.startswith(letters[n], at):
                extend(n, at + len(letters[n]), (*path, n))

    if word:
        for tile_id, letter in letters.items():
            if word.startswith(letter):
                extend(tile_id, len(letter), (tile_id,))
    return sorted(found)


def prefixes_through(board: Board, tile_id: str, index: PrefixIndex, longest: int = 7) -> WordPaths:
    """Every reading of ``board`` through tile ``tile_id`` that starts some word of ``index``,
    words or not, of 2 to ``longest`` letters, with its paths: what looks like a word there.

    The bots' guesses (a word a level is not sure of) are drawn from these.

    >>> index = PrefixIndex.build(["MURE", "RUE", "ROUE"])
    >>> board = Board.empty(3, 1)
    >>> for tile, x in [(Tile("t1", "M", 1, 1), 0), (Tile("t2", "U", 1, 1), 1),
    ...                 (Tile("t3", "R", 1, 1), 2)]:
    ...     board = board.place(tile, x, 0)
    >>> sorted(prefixes_through(board, "t3", index))  # MUR starts MURE; RU starts RUE
    ['MUR', 'RU']
    """
    letters = {item.tile.id: item.tile.letter for item in board.placed if not item.tile.blank}
    if tile_id not in letters:
        return {}
    found: dict[str, list[Path]] = {}

    def extend(text: str, path: Path) -> None:
        if tile_id in path and len(text) >= MIN_LETTERS:
            found.setdefault(text, []).append(path)
        for n in sorted(board.letter_neighbours(path[-1])):
            grown = text + letters[n]
            if n not in path and len(grown) <= longest and index.has_prefix(grown):
                extend(grown, (*path, n))

    for start in sorted(letters):
        if index.has_prefix(letters[start]):
            extend(letters[start], (start,))
    return _word_paths(found)


def path_word(board: Board, path: Iterable[str]) -> str:
    """The letters read along ``path`` (:class:`KeyError` for a tile not on the board)."""
    return "".join(board.get(tile_id).tile.letter for tile_id in path)


def is_path(board: Board, path: Sequence[str]) -> bool:
    """Whether ``path`` can be read: letter tiles of the board, once each, touching in turn."""
    if not path or len(set(path)) != len(path):
        return False
    for tile_id in path:
        if tile_id not in board or board.get(tile_id).tile.blank:
            return False
    return all(b in board.neighbours(a) for a, b in pairwise(path))


def brute_force_words(board: Board, words: Iterable[str]) -> WordPaths:
    """The baseline of :func:`readable_words`: each word of ``words`` looked for on its own.

    Independent of the prefix index and of the board's neighbour table: tiles touch when
    :meth:`Placed.touches` says so (every pair is compared), and every word (of at least two
    letters, whose letters all appear on the board) is matched letter by letter from each
    tile, by a plain backtracking search.
    """
    placed: list[Placed] = [item for item in board.placed if not item.tile.blank]
    touching: dict[str, list[Placed]] = {
        item.tile.id: [other for other in placed if other is not item and item.touches(other)]
        for item in placed
    }
    present = set("".join(item.tile.letter for item in placed))
    found: dict[str, list[Path]] = {}

    def extend(word: str, item: Placed, at: int, path: Path) -> None:
        if at == len(word):
            found.setdefault(word, []).append(path)
            return
        for other in touching[item.tile.id]:
            letter = other.tile.letter
            if other.tile.id not in path and word.startswith(letter, at):
                extend(word, other, at + len(letter), (*path, other.tile.id))

    for word in words if isinstance(words, (set, frozenset)) else set(words):
        if len(word) < MIN_LETTERS or not present.issuperset(word):
            continue
        for item in placed:
            if word.startswith(item.tile.letter):
                extend(word, item, len(item.tile.letter), (item.tile.id,))
    return {word: tuple(sorted(found[word])) for word in sorted(found)}
