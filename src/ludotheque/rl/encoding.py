"""A seat's view as a fixed-size vector: what every game's observation is made of.

The encoder reads only :meth:`State.view` for the agent's seat (the projection the server sends
to that seat), never the state's hidden fields. The view is JSON; it is flattened into
``(path, value)`` leaves and each leaf lands in one of ``slots`` cells by a stable hash
(CRC-32, the same in every process):

- a number adds ``sign(x)·log(1 + |x|)`` to the cell of its path;
- a string or a boolean adds 1 to the cell of ``path=value`` (a card's letter, a phase, a
  theme: a one-hot by hashing; the letters of a word also count one by one under
  ``path#letter``);
- list positions are dropped from the path (``hand/*/letter``: a bag of the hand's cards),
  except in the lists that hold one entry per seat (:attr:`GameEncoding.per_seat`), whose
  positions are renamed relative to the agent (``scores/@0`` is its own score, ``@1`` the next
  seat's…), and values that name a seat (:attr:`GameEncoding.seat_keys`) become relative too,
  so that one policy can play any seat.

Keys listed in :attr:`GameEncoding.ignored` (journals, rule texts) are left out. Letter adds
its board as a plane of letter codes (:func:`board_plane`). The layout of each game:
``docs/rl.md``.

>>> encoding = GameEncoding("demo", per_seat=frozenset({"scores"}), seat_keys=frozenset())
>>> vector = encode_view({"scores": [3, 5], "phase": "jeu"}, seat=1, players=2,
...                      encoding=encoding, slots=64)
>>> vector.shape, round(float(vector[slot("scores/@0", 64)]), 4), round(math.log1p(5), 4)
((64,), 1.7918, 1.7918)
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from ludotheque.core.json_types import JsonObject, JsonValue

__all__ = ["GameEncoding", "board_plane", "encode_view", "slot"]

Vector = npt.NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class GameEncoding:
    """How one game's view is flattened (see the module doc)."""

    name: str
    per_seat: frozenset[str] = frozenset()
    """Keys whose list holds one entry per seat, in seat order."""
    seat_keys: frozenset[str] = frozenset()
    """Keys whose integer value (or list of integers) names a seat."""
    ignored: frozenset[str] = frozenset()
    """Keys left out (journals, rule texts, static card descriptions)."""
    planes: tuple[tuple[str, int, Callable[[JsonObject], Vector]], ...] = field(default=())
    """Extra fixed parts after the hashed cells: (name, size, function of the view)."""

    @property
    def extra(self) -> int:
        return sum(size for _, size, _ in self.planes)


def slot(key: str, slots: int) -> int:
    """The cell of a path or ``path=value`` key (stable across processes)."""
    return zlib.crc32(key.encode()) % slots


def _squash(value: float) -> float:
    return math.copysign(math.log1p(abs(value)), value)


def encode_view(
    view: JsonObject, seat: int, players: int, encoding: GameEncoding, slots: int
) -> Vector:
    """The hashed cells of ``view`` for ``seat``, then the game's planes."""
    cells = np.zeros(slots + encoding.extra, dtype=np.float32)

    def seat_name(value: int) -> str:
        return f"@{(value - seat) % players}" if 0 <= value < players else "@?"

    def walk(path: str, key: str, value: JsonValue) -> None:
        if key in encoding.ignored:
            return
        if isinstance(value, bool):
            cells[slot(f"{path}={value}", slots)] += 1.0
        elif isinstance(value, int | float):
            if key in encoding.seat_keys and isinstance(value, int):
                cells[slot(f"{path}={seat_name(value)}", slots)] += 1.0
            else:
                cells[slot(path, slots)] += _squash(float(value))
        elif isinstance(value, str):
            cells[slot(f"{path}={value}", slots)] += 1.0
            if value.isalpha() and value.isupper() and len(value) <= 15:
                for letter in value:
                    cells[slot(f"{path}#{letter}", slots)] += 1.0
        elif isinstance(value, list):
            relative = key in encoding.per_seat and len(value) == players
            for index, item in enumerate(value):
                if key in encoding.seat_keys and isinstance(item, int):
                    cells[slot(f"{path}={seat_name(item)}", slots)] += 1.0
                    continue
                walk(f"{path}/{seat_name(index) if relative else '*'}", key, item)
        elif isinstance(value, dict):
            for name, item in value.items():
                walk(f"{path}/{name}" if path else name, name, item)
        else:
            cells[slot(f"{path}=null", slots)] += 1.0

    walk("", "", view)
    offset = slots
    for _, size, plane in encoding.planes:
        cells[offset : offset + size] = plane(view)
        offset += size
    return cells


def board_plane(side: int) -> Callable[[JsonObject], Vector]:
    """Letter's board as ``side × side`` cells, row by row: 0 empty, the letter's rank / 26
    (A = 1/26 … Z = 1) on every cell a tile covers, −1 for a blank."""

    def plane(view: JsonObject) -> Vector:
        grid = np.zeros((side, side), dtype=np.float32)
        board = view.get("plateau")
        pieces = board.get("pieces", []) if isinstance(board, dict) else []
        for piece in pieces if isinstance(pieces, list) else []:
            if not isinstance(piece, dict):
                continue
            x, y = piece.get("x"), piece.get("y")
            width, height = piece.get("largeur", 1), piece.get("hauteur", 1)
            letter = piece.get("lettre")
            if not (isinstance(x, int) and isinstance(y, int)):
                continue
            if not (isinstance(width, int) and isinstance(height, int)):
                continue
            code = (ord(letter) - 64) / 26 if isinstance(letter, str) and letter else -1.0
            grid[y : y + height, x : x + width] = code
        return grid.reshape(-1)

    return plane
