#!/usr/bin/env python3
"""Build Letter's reconstructed tile set from the project's French lexicon.

Usage::

    python scripts/build_letter_tiles.py [--out src/ludotheque/games/letter/data/tiles.txt]
                                         [--check] [--print] [--stats] [--words FILE]

Which letter is printed on which tile of Letter is not public (``/work/shared/rules/README.md``):
only the counts (66 letter tiles, 6 blank « pièces blanches ») and the sizes (1 to 3 cells in
each direction) are. This script rebuilds a plausible set, deterministically, by the method
documented in ``docs/letter-tiles.md``:

1. letter frequencies from the lexicon (``ludotheque.lexicon.common_words``): words of 2 to 8
   letters, every letter weighing 1 but the last, which weighs ½ — Gutenberg's weighting
   (:func:`letter_frequencies`);
2. tiles per letter by the largest-remainder method, at least one tile for every letter A–Z
   (:func:`allocate`);
3. how many tiles of each of the nine shapes: as many cells under each shape, that is a count
   proportional to 1 / area, both orientations of a shape equally often (:func:`shape_counts`);
4. shapes dealt to the tiles so that a tile's size says as little as possible about its letter
   (the rulebook deals the letters face down, « de n'importe quelle taille »): the tiles in order
   of letter frequency receive, one each, the shapes of an evenly spread sequence
   (:func:`shape_sequence`, :func:`build_tiles`);
5. the six blanks all 1×1.

``--check`` compares instead of writing (exit status 1 when the file differs); ``--print``
writes the file's text to standard output instead of the file.
"""

from __future__ import annotations

import argparse
import difflib
import math
import random
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path

try:
    from ludotheque.games.letter.board import Tile
    from ludotheque.lexicon.frequency import ALPHABET, allocate
    from ludotheque.lexicon.frequency import letter_frequencies as _frequencies
    from ludotheque.lexicon.frequency import word_list as lexicon_words
except ImportError:  # run from a source checkout where the package is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from ludotheque.games.letter.board import Tile
    from ludotheque.lexicon.frequency import ALPHABET, allocate
    from ludotheque.lexicon.frequency import letter_frequencies as _frequencies
    from ludotheque.lexicon.frequency import word_list as lexicon_words

from ludotheque.games.letter.tiles import (
    BLANK_COUNT,
    DEFAULT_BOARD_SIZE,
    LETTER_COUNT,
    MAX_SIDE,
    TileSet,
    format_tiles,
    parse_tiles,
    size_key,
)

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO_ROOT / "src" / "ludotheque" / "games" / "letter" / "data" / "tiles.txt"

VOWELS = "AEIOUY"

# Frequencies: as for Gutenberg's deck (docs/gutenberg-deck.md), words of 2 to 8 letters, the
# last letter weighing 1/2 (in a list of every inflected form the last letter is mostly an
# ending: plural S, -EZ, -T). The rulebook's words are of that length (MA, JEU, AMOUR, VERRE).
PLAYABLE_MAX_LENGTH = 8
MIN_TILES_PER_LETTER = 1

# The nine shapes, width x height (tiles are never turned: 2x1 and 1x2 are two shapes).
SHAPES: tuple[tuple[int, int], ...] = tuple(
    sorted(
        ((w, h) for w in range(1, MAX_SIDE + 1) for h in range(1, MAX_SIDE + 1)),
        key=lambda s: size_key(f"{s[0]}x{s[1]}"),
    )
)
BLANK_SHAPE = (1, 1)


def _lying(shape: tuple[int, int]) -> tuple[int, int]:
    """The shape laid on its long side (2x1 for 1x2): the class of a shape and its twin."""
    return max(shape), min(shape)


def shape_counts(total: int = LETTER_COUNT) -> dict[tuple[int, int], int]:
    """Tiles of each shape: a count proportional to 1 / area, each orientation equally often.

    Every shape then covers about the same number of cells. The exact quotas are rounded by
    the largest-remainder method on *classes*: a square shape is one tile, a non-square shape
    and its turned twin (2x1 and 1x2) go together, two tiles at a time, so that the set has as
    many upright as lying tiles. The seats left after the whole parts go to the largest
    remainders (ties: the smaller area), skipping a pair when only one seat is left.

    >>> counts = shape_counts()
    >>> [counts[s] for s in SHAPES]
    [20, 10, 10, 6, 6, 5, 3, 3, 3]
    """
    weight = {shape: Fraction(1, shape[0] * shape[1]) for shape in SHAPES}
    grand = sum(weight.values(), Fraction(0))
    quota = {shape: total * w / grand for shape, w in weight.items()}
    classes = sorted({_lying(shape) for shape in SHAPES})
    members = {c: [s for s in SHAPES if _lying(s) == c] for c in classes}
    units = {c: math.floor(quota[c]) for c in classes}  # a class is its lying shape
    left = total - sum(units[c] * len(members[c]) for c in classes)
    by_remainder = sorted(classes, key=lambda c: (-(quota[c] - units[c]), c[0] * c[1], c))
    for c in by_remainder:
        if len(members[c]) <= left:
            units[c] += 1
            left -= len(members[c])
    assert left == 0
    return {shape: units[_lying(shape)] for shape in SHAPES}


def shape_sequence(counts: Mapping[tuple[int, int], int]) -> list[tuple[int, int]]:
    """The shapes, each spread evenly over the sequence, shapes of equal count staggered.

    The ``j``-th tile (from 0) of a shape with ``n`` tiles sits at the ideal position
    ``(j + φ) / n`` of the sequence. The phase φ is ½ for a shape whose count no other shape
    has; the ``m`` shapes sharing a count (2x1 and 1x2; 3x2, 2x3 and 3x3…) take the phases
    ``(i + ½) / m`` in the order of :data:`SHAPES`, so that they alternate instead of coming
    together. The sequence is every tile sorted by ideal position (ties: :data:`SHAPES`
    order). Any run of consecutive places then holds the shapes in about their overall
    proportions.

    >>> shape_sequence({(1, 1): 4, (2, 1): 2, (1, 2): 2, (3, 3): 1})
    [(1, 1), (2, 1), (1, 1), (1, 2), (3, 3), (1, 1), (2, 1), (1, 1), (1, 2)]
    """
    present = [s for s in SHAPES if counts.get(s)]
    places: list[tuple[Fraction, int, tuple[int, int]]] = []
    for rank, shape in enumerate(present):
        n = counts[shape]
        twins = [s for s in present if counts[s] == n]
        phase = Fraction(2 * twins.index(shape) + 1, 2 * len(twins))
        places.extend(((j + phase) / n, rank, shape) for j in range(n))
    return [shape for _, _, shape in sorted(places)]


def letter_order(frequencies: Mapping[str, Fraction]) -> list[str]:
    """Letters from the most to the least frequent (ties: the alphabet)."""
    return sorted(frequencies, key=lambda x: (-frequencies[x], x))


def build_tiles(frequencies: Mapping[str, Fraction]) -> TileSet:
    """The reconstructed set.

    The 66 letter tiles, listed by decreasing letter frequency (all the E, then all the A…),
    receive one each the shapes of :func:`shape_sequence` in order: the several tiles of a
    common letter take consecutive places, so several different shapes; the letters of every
    shape are a sample of the whole set. The file lists the letters alphabetically, each
    letter's tiles by size.
    """
    counts = allocate(frequencies, LETTER_COUNT, MIN_TILES_PER_LETTER)
    queue = [letter for letter in letter_order(frequencies) for _ in range(counts[letter])]
    shapes = shape_sequence(shape_counts(LETTER_COUNT))
    dealt = sorted(
        zip(queue, shapes, strict=True),
        key=lambda pair: (pair[0], size_key(f"{pair[1][0]}x{pair[1][1]}")),
    )
    width = max(2, len(str(len(dealt))))
    letters = tuple(
        Tile(f"T{index:0{width}d}", letter, w, h)
        for index, (letter, (w, h)) in enumerate(dealt, start=1)
    )
    blanks = tuple(Tile(f"B{index}", "", *BLANK_SHAPE) for index in range(1, BLANK_COUNT + 1))
    return TileSet(letters=letters, blanks=blanks, source="tiles.txt")


PREAMBLE = (
    "Letter — pièces lettres et pièces blanches",
    "",
    "RECONSTRUCTION : CE N'EST PAS LA LISTE IMPRIMÉE DU JEU.",
    "",
    "Seuls sont connus : 66 pièces lettres et 6 pièces blanches (une par joueur), chaque",
    "pièce couvrant de 1 à 3 cases dans chaque sens (de 1x1 à 3x3). La lettre de chaque",
    "pièce et sa taille ont été reconstruites par scripts/build_letter_tiles.py à partir du",
    "dictionnaire du projet : nombre de pièces par lettre selon la fréquence des lettres en",
    "français (mots de 2 à 8 lettres, dernière lettre comptée pour moitié), au moins une",
    "pièce par lettre, méthode du plus fort reste ; autant de cases sous chacune des neuf",
    "formes (nombre de pièces inversement proportionnel à la surface) ; formes réparties",
    "pour que la taille d'une pièce, visible face cachée, ne trahisse pas sa lettre ;",
    "pièces blanches de 1x1. Méthode détaillée : docs/letter-tiles.md.",
    "",
    "Vous possédez le jeu ? Recopiez ses pièces dans un fichier de ce format et jouez",
    "avec : option --tiles FICHIER. Le fichier est vérifié au chargement : une erreur",
    "indique la ligne et le problème.",
    "",
    "Format :",
    "- une ligne qui commence par # est un commentaire ; les lignes vides sont ignorées ;",
    "- une ligne par groupe de pièces identiques : lettre, taille LARGEURxHAUTEUR",
    "  (en cases, de 1 à 3), puis le nombre de pièces (1 si absent) : « E 2x1 3 » ;",
    "- les pièces blanches s'écrivent « blanche 1x1 6 » ;",
    "- au moins 30 pièces lettres et 6 pièces blanches (la mise en place en distribue",
    "  jusqu'à 30, plus une blanche par joueur) ;",
    "- les pièces sont numérotées dans l'ordre du fichier : T01… pour les lettres,",
    "  B1… pour les blanches.",
)


def render(tiles: TileSet) -> str:
    """The data file's text."""
    return format_tiles(tiles, PREAMBLE)


def letter_frequencies(words: Iterable[str]) -> dict[str, Fraction]:
    """Position-weighted share of each letter A–Z in the playable words (see lexicon.frequency)."""
    return _frequencies(words, max_length=PLAYABLE_MAX_LENGTH)


def _area(tiles: Sequence[Tile]) -> int:
    return sum(tile.width * tile.height for tile in tiles)


def stats(tiles: TileSet, frequencies: Mapping[str, Fraction]) -> str:
    """Tables for docs/letter-tiles.md: tiles per letter and size, then per shape."""
    sizes = [f"{w}x{h}" for w, h in SHAPES]
    per_letter: dict[str, Counter[str]] = {x: Counter() for x in ALPHABET}
    for tile in tiles.letters:
        per_letter[tile.letter][tile.size] += 1
    quota = {x: frequencies[x] * LETTER_COUNT for x in ALPHABET}
    header = "| Lettre | Fréquence | Quota | Pièces | " + " | ".join(sizes) + " | Cases |"
    rows = [header, "|---|---:|---:|---:|" + "---:|" * len(sizes) + "---:|"]
    for letter in letter_order(frequencies):
        cells = [str(per_letter[letter][s] or "") for s in sizes]
        own = [t for t in tiles.letters if t.letter == letter]
        rows.append(
            f"| {letter} | {float(frequencies[letter]) * 100:.2f} % | {float(quota[letter]):.2f} "
            f"| {len(own)} | " + " | ".join(cells) + f" | {_area(own)} |"
        )
    totals = Counter(t.size for t in tiles.letters)
    rows.append(
        f"| **total** | | | {len(tiles.letters)} | "
        + " | ".join(str(totals[s]) for s in sizes)
        + f" | {_area(tiles.letters)} |"
    )
    rows += [
        "",
        "| Forme | Pièces | Cases | Voyelles (AEIOUY) | Lettres |",
        "|---|---:|---:|---:|---|",
    ]
    for size in sizes:
        group = [t for t in tiles.letters if t.size == size]
        vowels = sum(t.letter in VOWELS for t in group)
        rows.append(
            f"| {size} | {len(group)} | {_area(group)} | {vowels} "
            f"| {''.join(sorted(t.letter for t in group))} |"
        )
    all_vowels = sum(t.letter in VOWELS for t in tiles.letters)
    rows.append(f"| **total** | {len(tiles.letters)} | {_area(tiles.letters)} | {all_vowels} | |")
    rows += ["", f"Pièces blanches : {', '.join(t.size for t in tiles.blanks)}."]
    rows.append(f"Plateau par défaut : {DEFAULT_BOARD_SIZE}x{DEFAULT_BOARD_SIZE}.")
    return "\n".join(rows)


def fits(tiles: Sequence[Tile], side: int, seed: int) -> bool:
    """Whether random legal play puts every tile on a ``side`` × ``side`` board.

    The tiles come in a random order; each goes to a random legal place (touching a placed
    tile, as from the second round); a tile with no legal place is left out.
    """
    from ludotheque.games.letter.board import Board

    rng = random.Random(seed)
    board = Board.empty(side, side)
    order = list(tiles)
    rng.shuffle(order)
    for tile in order:
        places = board.positions(tile)
        if not places:
            return False
        board = board.place(tile, *rng.choice(places))
    return True


def fit_table(tiles: TileSet, sides: Iterable[int], trials: int = 100) -> str:
    """How often the tiles in play fit (for the board size in docs/letter-tiles.md).

    Three cases: a usual deal (30 random letter tiles and the 6 blanks, as with 6 players),
    the worst deal (the 30 largest letter tiles and the 6 blanks: players choose tiles by
    size), and the whole set (72 tiles: the solo variants may use every letter).
    """
    largest = sorted(tiles.letters, key=lambda t: (-t.width * t.height, t.id))[:30]
    rows = ["| Plateau | Donne habituelle | Pire donne | Boîte entière |", "|---|---:|---:|---:|"]
    for side in sides:
        usual = sum(
            fits([*random.Random(seed).sample(tiles.letters, 30), *tiles.blanks], side, seed)
            for seed in range(trials)
        )
        worst = sum(fits([*largest, *tiles.blanks], side, seed) for seed in range(trials))
        whole = sum(fits(tiles.all(), side, seed) for seed in range(trials))
        rows.append(
            f"| {side}x{side} | {usual * 100 // trials} % | {worst * 100 // trials} % "
            f"| {whole * 100 // trials} % |"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the data file to write")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("--print", action="store_true", help="print the file instead")
    parser.add_argument("--stats", action="store_true", help="print the tables of the docs")
    parser.add_argument(
        "--fit",
        type=int,
        nargs="*",
        metavar="SIDE",
        help="print how often the tiles fit on boards of these sides (default 10 to 20)",
    )
    parser.add_argument(
        "--words", type=Path, help="a word list to use instead of the project's lexicon"
    )
    args = parser.parse_args(argv)
    frequencies = letter_frequencies(lexicon_words(args.words))
    tiles = build_tiles(frequencies)
    text = render(tiles)
    assert parse_tiles(text, source="tiles.txt") == tiles  # the file reads back to the same set
    assert (len(tiles.letters), len(tiles.blanks)) == (LETTER_COUNT, BLANK_COUNT)
    if args.stats:
        print(stats(tiles, frequencies))
    if args.fit is not None:
        print(fit_table(tiles, args.fit or range(10, 21)))
    if args.print:
        sys.stdout.write(text)
        return 0
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.is_file() else ""
        if current != text:
            sys.stdout.writelines(
                difflib.unified_diff(
                    current.splitlines(keepends=True),
                    text.splitlines(keepends=True),
                    str(args.out),
                    "rebuilt",
                )
            )
            return 1
        print(f"{args.out} is up to date")
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
