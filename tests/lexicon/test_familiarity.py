"""The bots' familiarity table: rebuilt from wordfreq, it is the shipped one."""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
from pathlib import Path
from types import ModuleType

from ludotheque.lexicon import common_words, proper_nouns
from ludotheque.lexicon.familiarity import familiarity_table, zipf

REPO_ROOT = Path(__file__).resolve().parents[2]
DATA = REPO_ROOT / "src" / "ludotheque" / "lexicon" / "data"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_familiarity", REPO_ROOT / "scripts" / "build_familiarity.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_table_is_what_the_script_builds_from_wordfreq() -> None:
    text, version = load_script().build()
    shipped = gzip.decompress((DATA / "familiarity.txt.gz").read_bytes()).decode("ascii")
    manifest = json.loads((DATA / "familiarity.json").read_text(encoding="utf-8"))
    assert manifest["wordfreq_version"] == version
    assert manifest["sha256"] == hashlib.sha256(shipped.encode()).hexdigest()
    assert text == shipped, "run scripts/build_familiarity.py: the dictionary or wordfreq changed"


def test_only_dictionary_words_everyday_words_rank_above_rare_ones() -> None:
    table = familiarity_table()
    dictionary = common_words().words | proper_nouns().words
    assert set(table) <= dictionary
    assert 100_000 < len(table) < len(dictionary)
    assert zipf("DE") > 7 > zipf("MAISON") > 5 > zipf("KAYAK") > 3 > zipf("ZYTHUM")
    assert zipf("mangeâmes") == 0.0  # never seen by wordfreq: no familiarity


def test_accent_variants_add_up() -> None:
    build = load_script()
    frequencies = {"élève": 1e-5, "élevé": 1e-5, "chat": 1e-5}
    table = build.familiarities(frequencies, ["ELEVE", "CHAT"])
    assert round(table["ELEVE"], 3) == round(table["CHAT"] + 0.30103, 3)  # twice as frequent
