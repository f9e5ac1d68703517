"""Letter's board: tiles of 1 to 3 cells in each direction on a grid, and which tiles touch.

A tile is a rectangle of ``width`` × ``height`` cells carrying one letter (a blank carries
none). Tiles are not turned (« Nous recommandons de placer les lettres sur le plateau de jeu
dans un seul sens de lecture »). Two tiles touch when they share a side over at least one cell
(« Peu importe si les lettres se touchent par toute la longueur du côté ou seulement par la
longueur d'une case. Un contact diagonal ne suffit pas. »).

Cells are written like a chess board: a column letter then a row number, ``a1`` top left.

>>> board = Board.empty(5, 4)
>>> board = board.place(Tile("T1", "M", 2, 1), 0, 0).place(Tile("T2", "A", 1, 2), 1, 1)
>>> sorted(board.neighbours("T1")), board.tile_at(1, 2)
(['T2'], 'T2')
>>> board.check_place(Tile("T3", "X", 1, 1), 3, 3)
'La pièce doit toucher par un côté une pièce déjà posée.'
>>> board.check_place(Tile("T3", "X", 1, 1), 2, 1) is None
True
>>> cell_name(1, 2), parse_cell("b3")
('b3', (1, 2))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ludotheque.core.errors import MalformedInput

__all__ = ["Board", "Placed", "Tile", "cell_name", "parse_cell"]

_CELL = re.compile(r"^([a-z])(\d{1,2})$")


@dataclass(frozen=True, slots=True)
class Tile:
    """One physical piece: ``letter`` (``""`` for a blank « pièce blanche »), its size in cells."""

    id: str
    letter: str
    width: int
    height: int

    @property
    def blank(self) -> bool:
        return not self.letter

    @property
    def size(self) -> str:
        """``"2x1"``: width × height."""
        return f"{self.width}x{self.height}"

    @property
    def label(self) -> str:
        """The tile as a player names it, by its letter and size, never its id: ``E (2×1)``."""
        return f"{self.letter or 'blanche'} ({self.width}×{self.height})"


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile on the board: its top-left cell (column ``x``, row ``y``, from 0)."""

    tile: Tile
    x: int
    y: int

    def cells(self) -> Iterator[tuple[int, int]]:
        for dy in range(self.tile.height):
            for dx in range(self.tile.width):
                yield self.x + dx, self.y + dy

    def touches(self, other: Placed) -> bool:
        """Side contact over at least one cell (never a mere corner)."""
        a, b = self, other
        rows_overlap = a.y < b.y + b.tile.height and b.y < a.y + a.tile.height
        cols_overlap = a.x < b.x + b.tile.width and b.x < a.x + a.tile.width
        side_by_side = a.x + a.tile.width == b.x or b.x + b.tile.width == a.x
        one_above = a.y + a.tile.height == b.y or b.y + b.tile.height == a.y
        return (rows_overlap and side_by_side) or (cols_overlap and one_above)


def cell_name(x: int, y: int) -> str:
    return f"{chr(ord('a') + x)}{y + 1}"


def parse_cell(text: str) -> tuple[int, int]:
    """``"b3"`` → ``(1, 2)`` (:class:`MalformedInput` when unreadable)."""
    match = _CELL.match(text.strip().lower())
    if match is None or int(match.group(2)) < 1:
        raise MalformedInput(
            f"Case illisible : « {text} » (attendu : une lettre et un nombre, b3)."
        )
    return ord(match.group(1)) - ord("a"), int(match.group(2)) - 1


@dataclass(frozen=True, slots=True)
class Board:
    """An immutable grid of ``columns`` × ``rows`` cells with the tiles placed on it."""

    columns: int
    rows: int
    placed: tuple[Placed, ...] = ()
    _cells: Mapping[tuple[int, int], str] = field(default_factory=dict, repr=False, compare=False)
    _by_id: Mapping[str, Placed] = field(default_factory=dict, repr=False, compare=False)
    _neighbours: Mapping[str, frozenset[str]] = field(
        default_factory=dict, repr=False, compare=False
    )

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self  # immutable: copies of a state may share it

    @classmethod
    def empty(cls, columns: int, rows: int) -> Board:
        if not (1 <= columns <= 26 and 1 <= rows <= 99):
            raise ValueError("a board has 1 to 26 columns and 1 to 99 rows")
        return cls(columns, rows)

    @classmethod
    def of(cls, columns: int, rows: int, placed: Iterable[Placed]) -> Board:
        board = cls.empty(columns, rows)
        for item in placed:
            board = board.place(item.tile, item.x, item.y, anywhere=True)
        return board

    # --- reading ------------------------------------------------------------------------------

    def __contains__(self, tile_id: object) -> bool:
        return tile_id in self._by_id

    def __len__(self) -> int:
        return len(self.placed)

    def get(self, tile_id: str) -> Placed:
        return self._by_id[tile_id]

    def tile_at(self, x: int, y: int) -> str | None:
        return self._cells.get((x, y))

    def cells(self) -> Mapping[tuple[int, int], str]:
        return MappingProxyType(dict(self._cells))

    def neighbours(self, tile_id: str) -> frozenset[str]:
        """Tiles touching ``tile_id`` along a side (blanks included)."""
        return self._neighbours[tile_id]

    def letter_neighbours(self, tile_id: str) -> frozenset[str]:
        """Neighbours that carry a letter (words are read through these only)."""
        return frozenset(n for n in self._neighbours[tile_id] if not self._by_id[n].tile.blank)

    # --- placing -------------------------------------------------------------------------------

    def check_place(self, tile: Tile, x: int, y: int, *, anywhere: bool = False) -> str | None:
        """Why ``tile`` may not go with its top-left cell at (x, y); None when it may.

        ``anywhere``: the first round, where no contact is required (« sans ou avec contact
        avec une autre lettre et sans devoir observer les règles de placement »); the tile
        must still lie on the grid and on free cells.
        """
        if tile.id in self._by_id:
            return f"La pièce {tile.label} est déjà sur le plateau."
        if x < 0 or y < 0 or x + tile.width > self.columns or y + tile.height > self.rows:
            return "La pièce doit tenir entièrement dans le quadrillage."
        candidate = Placed(tile, x, y)
        for cell in candidate.cells():
            if cell in self._cells:
                return f"La case {cell_name(*cell)} est déjà occupée."
        if anywhere or not self.placed:
            return None
        if not self._touching(candidate):
            return "La pièce doit toucher par un côté une pièce déjà posée."
        return None

    def touching(self, tile: Tile, x: int, y: int) -> frozenset[str]:
        """The tiles ``tile`` would touch along a side with its top-left cell at (x, y)."""
        return frozenset(self._touching(Placed(tile, x, y)))

    def _touching(self, candidate: Placed) -> set[str]:
        found: set[str] = set()
        t = candidate.tile
        border = [(candidate.x - 1, candidate.y + dy) for dy in range(t.height)]
        border += [(candidate.x + t.width, candidate.y + dy) for dy in range(t.height)]
        border += [(candidate.x + dx, candidate.y - 1) for dx in range(t.width)]
        border += [(candidate.x + dx, candidate.y + t.height) for dx in range(t.width)]
        for cell in border:
            owner = self._cells.get(cell)
            if owner is not None:
                found.add(owner)
        return found

    def place(self, tile: Tile, x: int, y: int, *, anywhere: bool = False) -> Board:
        """The board with ``tile`` added (:class:`ValueError` with the reason if it may not)."""
        reason = self.check_place(tile, x, y, anywhere=anywhere)
        if reason is not None:
            raise ValueError(reason)
        item = Placed(tile, x, y)
        cells = dict(self._cells)
        for cell in item.cells():
            cells[cell] = tile.id
        touching = frozenset(self._touching(item))
        neighbours = dict(self._neighbours)
        for other in touching:
            neighbours[other] = neighbours[other] | {tile.id}
        neighbours[tile.id] = touching
        by_id = dict(self._by_id)
        by_id[tile.id] = item
        return Board(self.columns, self.rows, (*self.placed, item), cells, by_id, neighbours)

    def remove(self, tile_id: str) -> Board:
        """The board without ``tile_id`` (a blank exchanged, a wrong placement taken back)."""
        return Board.of(self.columns, self.rows, (p for p in self.placed if p.tile.id != tile_id))

    def positions(self, tile: Tile, *, anywhere: bool = False) -> list[tuple[int, int]]:
        """Every top-left cell where ``tile`` may go, in reading order (rows, then columns)."""
        if anywhere or not self.placed:
            candidates: Iterable[tuple[int, int]] = (
                (x, y) for y in range(self.rows) for x in range(self.columns)
            )
        else:
            near: set[tuple[int, int]] = set()
            for cx, cy in self._cells:
                for ax in range(cx - tile.width, cx + 2):
                    for ay in range(cy - tile.height, cy + 2):
                        near.add((ax, ay))
            candidates = sorted(near, key=lambda c: (c[1], c[0]))
        return [
            (x, y) for x, y in candidates if self.check_place(tile, x, y, anywhere=anywhere) is None
        ]
