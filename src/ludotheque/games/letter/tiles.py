"""Letter's tile set: 66 letter tiles and 6 blank « pièces blanches », and the data file.

What is public (``/work/shared/rules/README.md``): the cardboard edition has 66 letter tiles and
6 blank tiles (one per player), each spanning 1 to 3 grid cells in each direction. Which letter
is printed on which size is not: the shipped ``data/tiles.txt`` is a *reconstruction*
(``docs/letter-tiles.md``, built by ``scripts/build_letter_tiles.py``), and a player who owns the
game may type the real list into a file of the same format (``--tiles FICHIER``).

This module is pure: :func:`parse_tiles` takes the text, :func:`default_tiles` reads the
package's own file through :mod:`importlib.resources`, :func:`read_tiles` a user's file.

>>> tiles = parse_tiles('''
... # lettre  taille  nombre
... E 1x1 20
... S 2x1 10
... A 1x3
... blanche 1x1 6
... ''')
>>> len(tiles.letters), len(tiles.blanks), tiles.letters[-1], tiles.blanks[0]
(31, 6, Tile(id='T31', letter='A', width=1, height=3), Tile(id='B1', letter='', width=1, height=1))
>>> tiles.sizes()
['1x1', '2x1', '1x3']
>>> try:
...     parse_tiles("E 1x1 30\\nS 4x1 1\\nblanche 1x1 6", source="a.txt")
... except MalformedInput as error:
...     print(error)
a.txt, ligne 2 : taille invalide « 4x1 » (de 1 à 3 cases dans chaque sens).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Final

from ludotheque.core.errors import FileLineError, MalformedInput
from ludotheque.lexicon.normalize import normalize

from .board import Tile

__all__ = [
    "BLANK_COUNT",
    "BLANK_WORD",
    "DEFAULT_BOARD_SIZE",
    "LETTER_COUNT",
    "MAX_BOARD_SIZE",
    "MAX_SIDE",
    "MIN_BLANKS",
    "MIN_BOARD_SIZE",
    "MIN_LETTERS",
    "TileSet",
    "TileSetError",
    "default_tiles",
    "format_tiles",
    "parse_tiles",
    "read_tiles",
    "size_key",
]

LETTER_COUNT: Final = 66
"""Letter tiles in the cardboard edition (confirmed)."""
BLANK_COUNT: Final = 6
"""Blank « pièces blanches » in the box, one per player (confirmed)."""

MIN_LETTERS: Final = 30
"""Letters a user's set needs at least: the setup deals up to 30 (2 × 15, 3 × 10, 5 × 6, 6 × 5)."""
MIN_BLANKS: Final = 6
"""Blanks a user's set needs at least: one per player, up to 6 players."""
MAX_SIDE: Final = 3
"""A tile spans 1 to 3 cells in each direction (confirmed)."""
MAX_COUNT: Final = 99
"""At most this many tiles on one line of the file."""

DEFAULT_BOARD_SIZE: Final = 20
"""Default board: 20 × 20 cells (the real grid is not public; ``docs/letter-tiles.md``)."""
MIN_BOARD_SIZE: Final = 13
"""Smallest ``plateau``: from 13 × 13 up, a usual deal always fits (docs)."""
MAX_BOARD_SIZE: Final = 26
"""Largest ``plateau`` (26: the columns are named a to z)."""

BLANK_WORD: Final = "blanche"
"""The first field of a blank tile's line (``blanche 1x1 6``)."""

_BLANK_KEYS: Final = frozenset({"BLANCHE", "BLANCHES", "BLANC", "BLANCS"})
_SIZE = re.compile(r"(?P<width>\d+)\s*[x×X*]\s*(?P<height>\d+)")
_LETTER = re.compile(r"[A-Z]")
_PREFIX_LETTER: Final = "T"
_PREFIX_BLANK: Final = "B"


class TileSetError(FileLineError, MalformedInput):
    """A tile file that cannot be used; ``line`` is 1-based, 0 when not one line."""

    code = "invalid-tiles"


def size_key(size: str) -> tuple[int, int]:
    """Canonical order of sizes: by area, then wider first (1x1, 2x1, 1x2, 3x1, 1x3, 2x2…)."""
    width, _, height = size.partition("x")
    return int(width) * int(height), -int(width)


@dataclass(frozen=True, slots=True)
class TileSet:
    """The tiles of one box: ``letters`` (ids ``T01``…) and ``blanks`` (ids ``B1``…).

    ``source`` names where the set was read from (``"tiles.txt"`` for the shipped one).
    """

    letters: tuple[Tile, ...]
    blanks: tuple[Tile, ...]
    source: str = ""

    def all(self) -> tuple[Tile, ...]:
        """Letters then blanks."""
        return self.letters + self.blanks

    def by_id(self) -> dict[str, Tile]:
        return {tile.id: tile for tile in self.letters + self.blanks}

    def sizes(self) -> list[str]:
        """The distinct sizes in the set (``"2x1"``: width × height), in :func:`size_key` order."""
        return sorted({tile.size for tile in self.letters + self.blanks}, key=size_key)

    def letter_counts(self) -> Counter[str]:
        """How many letter tiles carry each letter."""
        return Counter(tile.letter for tile in self.letters)

    def area(self) -> int:
        """Cells covered by every tile of the set, blanks included."""
        return sum(tile.width * tile.height for tile in self.letters + self.blanks)


def _id_width(count: int) -> int:
    return max(2, len(str(count)))


def parse_tiles(text: str, *, source: str = "") -> TileSet:
    """Read a tile file (format in ``docs/letter-tiles.md``).

    One line per group of identical tiles: ``LETTRE LARGEURxHAUTEUR [NOMBRE]`` (``E 2x1 3``),
    or ``blanche LARGEURxHAUTEUR [NOMBRE]`` for blank tiles; ``#`` starts a comment line. The
    letter tiles are numbered in file order (``T01``…), the blanks too (``B1``…). Errors raise
    :class:`TileSetError` (a :class:`MalformedInput`) whose French message names ``source``
    (when given) and the line.
    """
    letters: list[tuple[str, int, int]] = []
    blanks: list[tuple[int, int]] = []

    def fail(message: str, line: int) -> TileSetError:
        return TileSetError(message, line=line, source=source)

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split()
        if len(fields) not in (2, 3):
            raise fail(
                f"ligne illisible : « {line} » (attendu : lettre, taille et nombre, comme "
                "« E 2x1 3 » ou « blanche 1x1 6 »).",
                number,
            )
        name, size_text = fields[0], fields[1]
        key = normalize(name)
        is_blank = key in _BLANK_KEYS
        if not is_blank and not (len(key) == 1 and _LETTER.fullmatch(key)):
            raise fail(
                f"lettre invalide « {name} » (une seule lettre de A à Z, ou « blanche »).",
                number,
            )
        match = _SIZE.fullmatch(size_text)
        if match is None:
            raise fail(
                f"taille illisible « {size_text} » (attendu : largeur x hauteur, comme « 2x1 »).",
                number,
            )
        width, height = int(match["width"]), int(match["height"])
        if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
            raise fail(
                f"taille invalide « {size_text} » (de 1 à {MAX_SIDE} cases dans chaque sens).",
                number,
            )
        count_text = fields[2] if len(fields) == 3 else "1"
        if not count_text.isdigit() or not 1 <= int(count_text) <= MAX_COUNT:
            raise fail(
                f"nombre de pièces invalide « {count_text} » (un entier de 1 à {MAX_COUNT}).",
                number,
            )
        if is_blank:
            blanks.extend([(width, height)] * int(count_text))
        else:
            letters.extend([(key, width, height)] * int(count_text))

    if len(letters) < MIN_LETTERS:
        raise fail(
            f"{len(letters)} pièces lettres seulement : il en faut au moins {MIN_LETTERS} "
            "(la mise en place en distribue jusqu'à 30).",
            0,
        )
    if len(blanks) < MIN_BLANKS:
        raise fail(
            f"{len(blanks)} pièces blanches seulement : il en faut au moins {MIN_BLANKS} "
            "(une par joueur, jusqu'à 6 joueurs).",
            0,
        )
    letter_width = _id_width(len(letters))
    blank_width = len(str(len(blanks)))
    return TileSet(
        letters=tuple(
            Tile(f"{_PREFIX_LETTER}{index:0{letter_width}d}", letter, width, height)
            for index, (letter, width, height) in enumerate(letters, start=1)
        ),
        blanks=tuple(
            Tile(f"{_PREFIX_BLANK}{index:0{blank_width}d}", "", width, height)
            for index, (width, height) in enumerate(blanks, start=1)
        ),
        source=source,
    )


def format_tiles(tiles: TileSet, preamble: tuple[str, ...] | list[str] = ()) -> str:
    """The set in the file format (:func:`parse_tiles` reads it back to equal tiles).

    ``preamble`` lines are written first, each as a comment. Consecutive tiles with the same
    letter and size are written once with their count (``E 1x1 3``).
    """
    out = [f"# {line}".rstrip() for line in preamble]
    if out:
        out.append("")
    groups: list[tuple[str, str, int]] = []
    for tile in tiles.letters + tiles.blanks:
        name = tile.letter or BLANK_WORD
        if groups and groups[-1][:2] == (name, tile.size):
            groups[-1] = (name, tile.size, groups[-1][2] + 1)
        else:
            groups.append((name, tile.size, 1))
    out.append("# lettre  taille  nombre")
    for name, size, count in groups:
        out.append(f"{name:<7} {size}  {count}")
    return "\n".join(out) + "\n"


def read_tiles(path: str | Path) -> TileSet:
    """A user's tile file (``--tiles FICHIER``); unreadable files raise :class:`TileSetError`."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise TileSetError(f"fichier de pièces illisible : {error}", source=str(file)) from None
    return parse_tiles(text, source=file.name)


@cache
def default_tiles() -> TileSet:
    """The set shipped with ludotheque (a reconstruction: ``docs/letter-tiles.md``)."""
    text = (
        resources.files("ludotheque.games.letter")
        .joinpath("data")
        .joinpath("tiles.txt")
        .read_text(encoding="utf-8")
    )
    return parse_tiles(text, source="tiles.txt")
