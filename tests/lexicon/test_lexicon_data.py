"""The shipped data files match their manifest and carry their licence."""

from __future__ import annotations

import gzip
import hashlib
from pathlib import Path
from typing import Any

import pytest

from ludotheque.lexicon.wordlist import COMMON_FILE, PLACES_FILE, PROPER_FILE

DATA_DIR = Path(__file__).resolve().parents[2] / "src" / "ludotheque" / "lexicon" / "data"


@pytest.mark.parametrize(
    ("name", "filename"),
    [("common", COMMON_FILE), ("proper", PROPER_FILE), ("places", PLACES_FILE)],
)
def test_list_matches_manifest(manifest: dict[str, Any], name: str, filename: str) -> None:
    info = manifest["lists"][name]
    assert info["file"] == filename
    packed = (DATA_DIR / filename).read_bytes()
    assert len(packed) == info["compressed_bytes"]
    assert hashlib.sha256(packed).hexdigest() == info["compressed_sha256"]
    text = gzip.decompress(packed)
    assert hashlib.sha256(text).hexdigest() == info["sha256"]
    assert text.endswith(b"\n")
    words = text.decode("ascii").split("\n")[:-1]
    assert len(words) == info["count"]
    assert words == sorted(set(words))


def test_sizes_are_sane(manifest: dict[str, Any]) -> None:
    common = manifest["lists"]["common"]
    proper = manifest["lists"]["proper"]
    assert 380_000 <= common["count"] <= 430_000
    assert 5_000 <= proper["count"] <= 20_000
    # Committed to git: keep them small.
    assert 300_000 <= common["compressed_bytes"] <= 2_000_000
    assert proper["compressed_bytes"] <= 200_000
    places = manifest["lists"]["places"]
    assert 2_000 <= places["count"] <= proper["count"] // 2
    assert places["compressed_bytes"] <= 100_000


def test_provenance(manifest: dict[str, Any]) -> None:
    assert manifest["license"] == "MPL-2.0"
    assert manifest["version"] == "7.0"
    assert "Grammalecte" in manifest["source"]
    assert set(manifest["source_sha256"]) == {"fr.aff", "fr.dic"}
    licence = (DATA_DIR / "LICENSE-MPL-2.0.txt").read_text(encoding="utf-8")
    assert "Mozilla Public License" in licence
    notice = (DATA_DIR / "NOTICE").read_text(encoding="utf-8")
    assert "Grammalecte" in notice and "MPL" in notice and "7.0" in notice


def test_no_stray_files() -> None:
    expected = {COMMON_FILE, PROPER_FILE, PLACES_FILE, "manifest.json", "LICENSE-MPL-2.0.txt"}
    expected.add("NOTICE")
    expected |= {"familiarity.txt.gz", "familiarity.json"}  # the bots' vocabularies
    expected |= {"supplement.txt.gz", "LICENSE-LGPLLR.txt"}  # scripts/build_supplement.py
    assert {path.name for path in DATA_DIR.iterdir()} == expected
