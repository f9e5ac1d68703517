"""Letter's reconstructed tile set: the shipped file, its parser, and the script that builds it."""

from __future__ import annotations

import doctest
import importlib.util
import sys
from collections import Counter
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from ludotheque.core.errors import MalformedInput
from ludotheque.games.letter.board import Tile
from ludotheque.games.letter.tiles import (
    BLANK_COUNT,
    DEFAULT_BOARD_SIZE,
    LETTER_COUNT,
    MAX_BOARD_SIZE,
    MIN_BOARD_SIZE,
    TileSet,
    TileSetError,
    default_tiles,
    format_tiles,
    parse_tiles,
    read_tiles,
)

ROOT = Path(__file__).resolve().parents[3]
SHIPPED = ROOT / "src" / "ludotheque" / "games" / "letter" / "data" / "tiles.txt"
COMMON = "EAIRSTONUL"  # the ten most frequent letters (docs/letter-tiles.md)


@cache
def builder() -> ModuleType:
    path = ROOT / "scripts" / "build_letter_tiles.py"
    spec = importlib.util.spec_from_file_location("build_letter_tiles", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def minimal(extra: str = "") -> str:
    """A valid file of 30 letters and 6 blanks, followed by ``extra`` lines."""
    return "E 1x1 20\nS 2x1 10\nblanche 1x1 6\n" + extra


# --- the shipped set ---------------------------------------------------------------------------


def test_default_set_has_66_letters_and_6_blanks() -> None:
    tiles = default_tiles()
    assert (len(tiles.letters), len(tiles.blanks)) == (LETTER_COUNT, BLANK_COUNT) == (66, 6)
    assert tiles.source == "tiles.txt"
    assert all(not tile.blank for tile in tiles.letters)
    assert all(tile.blank for tile in tiles.blanks)


def test_ids_follow_file_order() -> None:
    tiles = default_tiles()
    assert [tile.id for tile in tiles.letters] == [f"T{i:02d}" for i in range(1, 67)]
    assert [tile.id for tile in tiles.blanks] == [f"B{i}" for i in range(1, 7)]
    by_id = tiles.by_id()
    assert len(by_id) == 72
    assert by_id["T01"] == tiles.letters[0]
    assert by_id["B6"] == tiles.blanks[-1]


def test_sizes_within_one_to_three_and_all_nine_shapes() -> None:
    tiles = default_tiles()
    for tile in tiles.all():
        assert 1 <= tile.width <= 3
        assert 1 <= tile.height <= 3
    assert tiles.sizes() == ["1x1", "2x1", "1x2", "3x1", "1x3", "2x2", "3x2", "2x3", "3x3"]


def test_every_letter_present_and_single() -> None:
    counts = default_tiles().letter_counts()
    assert set(counts) == set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert all(len(letter) == 1 for letter in counts)
    # The rulebook's examples: MA, AMOUR, MOUT, JEU, JOUR… and VERRE (two E, two R).
    assert counts["E"] >= 2 and counts["R"] >= 2
    assert counts.most_common(1)[0][0] == "E"


def test_common_letters_exist_in_several_sizes() -> None:
    sizes: dict[str, set[str]] = {}
    for tile in default_tiles().letters:
        sizes.setdefault(tile.letter, set()).add(tile.size)
    counts = default_tiles().letter_counts()
    for letter in COMMON:
        assert len(sizes[letter]) >= 3, (letter, sizes[letter])
    for letter, number in counts.items():
        if number >= 2:
            assert len(sizes[letter]) >= 2, (letter, sizes[letter])


def test_both_orientations_equally_often() -> None:
    shapes = Counter(tile.size for tile in default_tiles().letters)
    for wide, tall in (("2x1", "1x2"), ("3x1", "1x3"), ("3x2", "2x3")):
        assert shapes[wide] == shapes[tall]
    assert shapes["1x1"] == max(shapes.values())


def test_blanks_are_all_1x1() -> None:
    assert {tile.size for tile in default_tiles().blanks} == {"1x1"}


def test_area_and_board_size() -> None:
    tiles = default_tiles()
    assert tiles.area() == 185
    side = DEFAULT_BOARD_SIZE
    # The default board: the smallest side whose board holds twice the whole box.
    assert side * side >= 2 * tiles.area() > (side - 1) * (side - 1)
    assert MIN_BOARD_SIZE <= DEFAULT_BOARD_SIZE <= MAX_BOARD_SIZE == 26


def test_header_says_reconstruction_and_how_to_replace() -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    header = "\n".join(line for line in text.splitlines() if line.startswith("#"))
    assert "RECONSTRUCTION" in header
    assert "PAS LA LISTE IMPRIMÉE" in header
    assert "--tiles FICHIER" in header
    assert "scripts/build_letter_tiles.py" in header
    assert "docs/letter-tiles.md" in header


def test_default_tiles_is_cached() -> None:
    assert default_tiles() is default_tiles()


# --- the parser ------------------------------------------------------------------------------


def test_minimal_file() -> None:
    tiles = parse_tiles(minimal("# commentaire\n\nq 3X2\n"), source="mien.txt")
    assert len(tiles.letters) == 31
    assert tiles.letters[-1] == Tile("T31", "Q", 3, 2)
    assert tiles.blanks[0] == Tile("B1", "", 1, 1)
    assert tiles.source == "mien.txt"


def test_accented_letter_and_blank_spellings() -> None:
    tiles = parse_tiles("é 1x1 30\nBlanches 2x2 3\nblanche 1×1 3")
    assert {tile.letter for tile in tiles.letters} == {"E"}
    assert [tile.size for tile in tiles.blanks] == ["2x2"] * 3 + ["1x1"] * 3


def test_round_trip() -> None:
    tiles = default_tiles()
    again = parse_tiles(format_tiles(tiles), source="tiles.txt")
    assert again == tiles
    text = format_tiles(tiles, ["en-tête"])
    assert text.startswith("# en-tête\n")
    assert parse_tiles(text, source="tiles.txt") == tiles


def test_read_tiles(tmp_path: Path) -> None:
    path = tmp_path / "boite.txt"
    path.write_text(minimal(), encoding="utf-8")
    tiles = read_tiles(path)
    assert (len(tiles.letters), len(tiles.blanks), tiles.source) == (30, 6, "boite.txt")
    with pytest.raises(TileSetError, match="illisible"):
        read_tiles(tmp_path / "absent.txt")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("E 4x1 1", "taille invalide « 4x1 »"),
        ("E 0x2", "taille invalide « 0x2 »"),
        ("E 2-1 1", "taille illisible « 2-1 »"),
        ("E grand 1", "taille illisible « grand »"),
        ("EE 1x1 1", "lettre invalide « EE »"),
        ("3 1x1 1", "lettre invalide « 3 »"),
        ("QU 1x1 1", "lettre invalide « QU »"),
        ("E 1x1 0", "nombre de pièces invalide « 0 »"),
        ("E 1x1 beaucoup", "nombre de pièces invalide « beaucoup »"),
        ("E 1x1 100", "nombre de pièces invalide « 100 »"),
        ("E", "ligne illisible"),
        ("E 1x1 2 3", "ligne illisible"),
    ],
)
def test_errors_name_the_line(line: str, expected: str) -> None:
    text = minimal(f"# commentaire\n{line}\n")
    with pytest.raises(TileSetError) as caught:
        parse_tiles(text, source="mien.txt")
    assert isinstance(caught.value, MalformedInput)
    message = str(caught.value)
    assert message.startswith("mien.txt, ligne 5 : ")
    assert expected in message
    assert caught.value.line == 5
    assert caught.value.code == "invalid-tiles"


def test_too_few_letters() -> None:
    with pytest.raises(MalformedInput, match=r"29 pièces lettres seulement .* au moins 30"):
        parse_tiles("E 1x1 29\nblanche 1x1 6")


def test_too_few_blanks() -> None:
    with pytest.raises(MalformedInput, match=r"5 pièces blanches seulement .* au moins 6"):
        parse_tiles("E 1x1 30\nblanche 1x1 5")


def test_no_source_no_prefix() -> None:
    with pytest.raises(MalformedInput) as caught:
        parse_tiles("E 5x5")
    assert str(caught.value).startswith("ligne 1 : taille invalide")


def test_other_counts_accepted() -> None:
    tiles = parse_tiles("A 1x1 40\nB 3x3 40\nblanche 1x1 8")
    assert (len(tiles.letters), len(tiles.blanks)) == (80, 8)
    assert tiles.letters[-1].id == "T80"
    assert isinstance(tiles, TileSet)


# --- the builder -----------------------------------------------------------------------------


@cache
def rebuilt() -> tuple[TileSet, str]:
    module = builder()
    tiles = module.build_tiles(module.letter_frequencies(module.lexicon_words()))
    return tiles, module.render(tiles)


def test_script_output_equals_shipped_file() -> None:
    tiles, text = rebuilt()
    assert text == SHIPPED.read_text(encoding="utf-8")
    assert tiles == default_tiles()


def test_script_check_mode(capsys: pytest.CaptureFixture[str]) -> None:
    assert builder().main(["--check"]) == 0
    assert "up to date" in capsys.readouterr().out


def test_builder_doctests() -> None:
    failed, tried = doctest.testmod(builder())
    assert tried >= 2 and failed == 0  # position_weight and allocate: lexicon.frequency


def test_counts_follow_frequency() -> None:
    module = builder()
    frequencies = module.letter_frequencies(module.lexicon_words())
    counts = default_tiles().letter_counts()
    order = module.letter_order(frequencies)
    assert order[: len(COMMON)] == list(COMMON)
    # Largest remainder: every count within one tile of its quota (minimum one tile).
    quotas = module.allocate(frequencies, LETTER_COUNT)
    assert quotas == dict(sorted(counts.items()))
    for letter in order:
        exact = float(frequencies[letter]) * LETTER_COUNT
        assert counts[letter] == 1 or abs(counts[letter] - exact) < 1
    # A more frequent letter never has fewer tiles.
    numbers = [counts[letter] for letter in order]
    assert numbers == sorted(numbers, reverse=True)


def test_size_does_not_betray_vowels() -> None:
    vowels = set("AEIOUY")
    letters = default_tiles().letters
    overall = sum(tile.letter in vowels for tile in letters) / len(letters)
    small = [t for t in letters if t.width * t.height <= 2]
    large = [t for t in letters if t.width * t.height >= 3]
    for group in (small, large):
        share = sum(tile.letter in vowels for tile in group) / len(group)
        assert abs(share - overall) < 0.1
