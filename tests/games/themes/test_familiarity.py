"""The familiarity of the theme entries (the bots' vocabularies): rebuilt from wordfreq by the
script, it is the shipped file; phrases and names have their own frequencies."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from ludotheque.bots.levels import LEVELS
from ludotheque.games.themes.cards import theme_names, vocabulary
from ludotheque.games.themes.familiarity import (
    entry_familiarity,
    entry_zipf,
    familiarity_table,
    knows_entry,
)

REPO_ROOT = Path(__file__).resolve().parents[3]


def load_script() -> ModuleType:
    path = REPO_ROOT / "scripts" / "build_themes_familiarity.py"
    spec = importlib.util.spec_from_file_location("build_themes_familiarity", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_table_is_what_the_script_builds_from_wordfreq() -> None:
    script = load_script()
    shipped = (script.OUT).read_text(encoding="utf-8")
    assert script.build() == shipped, "run scripts/build_themes_familiarity.py"


def test_every_entry_of_every_shipped_vocabulary_has_a_line() -> None:
    keys = {key for theme in theme_names() for key in vocabulary(theme).forms}
    assert set(familiarity_table()) == keys


def test_phrases_and_names_have_their_own_familiarity() -> None:
    assert entry_zipf("New York") > 4.5 > entry_zipf("Addis-Abeba") > 2.0
    assert entry_zipf("pomme de terre") > 4.0
    assert entry_zipf("Némo") == entry_zipf("NEMO") > 0
    assert entry_zipf("une entrée inconnue") == 0.0  # a theme the players typed in
    assert entry_familiarity("Io") == entry_zipf("Io") - 1.0  # short: discounted


def test_a_level_knows_an_entry_from_its_threshold_on() -> None:
    debutant, fort, expert = LEVELS["debutant"], LEVELS["fort"], LEVELS["expert"]
    assert knows_entry(debutant, "Paris") and knows_entry(debutant, "pomme de terre")
    assert not knows_entry(debutant, "Addis-Abeba") and knows_entry(fort, "Addis-Abeba")
    assert not knows_entry(fort, "Achgabat") and knows_entry(expert, "Achgabat")  # never seen
    assert knows_entry(expert, "une entrée inconnue") and not knows_entry(fort, "zzz zzz")


def test_the_build_takes_the_most_familiar_spelling_of_a_key() -> None:
    script = load_script()
    table = script.familiarities({"ROSE": ["rose", "Rosé"]}, lambda text: len(text) / 2)
    assert table == {"ROSE": 2.0}
    text = script.table_text({"B": 1.04, "A": 5.55}, "9.9")
    assert text.splitlines()[-2:] == ["A\t56", "B\t10"] and "wordfreq 9.9" in text
