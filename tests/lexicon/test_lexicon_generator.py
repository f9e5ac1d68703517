"""The generator (scripts/build_lexicon.py): affix semantics, probes, regeneration."""

from __future__ import annotations

import doctest
import hashlib
import random
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from ludotheque.lexicon import common_words, proper_nouns

# --------------------------------------------------------------------------
# Affix semantics on hand-made tables (no dictionary needed)
# --------------------------------------------------------------------------


def make_table(build: ModuleType, **kwargs: Any) -> Any:
    defaults: dict[str, Any] = {"needaffix": "()", "forbiddenword": "{}", "circumfix": "**"}
    defaults.update(kwargs)
    return build.AffixTable(**defaults)


def test_missing_inputs_skip_or_fail(
    skip_or_fail_rule: Callable[[str], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LUDOTHEQUE_REQUIRE_HUNSPELL", raising=False)
    with pytest.raises(pytest.skip.Exception):
        skip_or_fail_rule("fr.dic is absent")
    monkeypatch.setenv("LUDOTHEQUE_REQUIRE_HUNSPELL", "1")
    with pytest.raises(pytest.fail.Exception, match=r"fr\.dic is absent"):
        skip_or_fail_rule("fr.dic is absent")


def test_script_doctests(build: ModuleType) -> None:
    result = doctest.testmod(build)
    assert result.failed == 0 and result.attempted > 0


def test_bare_stem_needaffix_and_forbidden(build: ModuleType) -> None:
    sfx = build.Affix.make("S.", False, "", "s", "[^sxz]")
    table = make_table(build, prefixes={}, suffixes={"S.": (sfx,)})
    assert build.expand_entry(build.Entry("chat", frozenset({"S."})), table) == {"chat", "chats"}
    assert build.expand_entry(build.Entry("chat", frozenset({"S.", "()"})), table) == {"chats"}
    assert build.expand_entry(build.Entry("chat", frozenset({"S.", "{}"})), table) == set()
    # The condition is tested on the stem: no "s" after a final s, x or z.
    assert build.expand_entry(build.Entry("gaz", frozenset({"S."})), table) == {"gaz"}


def test_suffix_strip_and_condition(build: ModuleType) -> None:
    table = make_table(
        build,
        prefixes={},
        suffixes={
            "X.": (
                build.Affix.make("X.", False, "al", "aux", "al"),
                build.Affix.make("X.", False, "", "s", "[^l]"),
            )
        },
    )
    assert build.expand_entry(build.Entry("cheval", frozenset({"X."})), table) == {
        "cheval",
        "chevaux",
    }
    assert build.expand_entry(build.Entry("chien", frozenset({"X."})), table) == {
        "chien",
        "chiens",
    }


def test_prefix_continuation_enables_suffix(build: ModuleType) -> None:
    # fr.aff's unit prefixes: "mètre/Um()" needs an affix; the empty prefix and
    # "kilo" carry the suffix class S. in their continuation flags, "kilo" also
    # NEEDAFFIX (so "kilomètre" comes out only through the empty suffix).
    table = make_table(
        build,
        prefixes={
            "Um": (
                build.Affix.make("Um", True, "", "", cont={"S."}),
                build.Affix.make("Um", True, "", "kilo", cont={"S.", "()"}),
            )
        },
        suffixes={
            "S.": (
                build.Affix.make("S.", False, "", "", "[^sxz]"),
                build.Affix.make("S.", False, "", "s", "[^sxz]"),
            )
        },
        fullstrip=True,
    )
    forms = build.expand_entry(build.Entry("mètre", frozenset({"Um", "()"})), table)
    assert forms == {"mètre", "mètres", "kilomètre", "kilomètres"}
    # Without the empty suffix, "kilomètre" alone would need another affix.
    only_plural = make_table(
        build,
        prefixes=table.prefixes,
        suffixes={"S.": (build.Affix.make("S.", False, "", "s", "[^sxz]"),)},
    )
    forms = build.expand_entry(build.Entry("mètre", frozenset({"Um", "()"})), only_plural)
    assert forms == {"mètre", "mètres", "kilomètres"}


def test_cross_product_needs_both_flags_y(build: ModuleType) -> None:
    for pfx_cross, sfx_cross, combined in [
        (True, True, True),
        (False, True, False),
        (True, False, False),
    ]:
        table = make_table(
            build,
            prefixes={"Re": (build.Affix.make("Re", True, "", "re", crossproduct=pfx_cross),)},
            suffixes={"S.": (build.Affix.make("S.", False, "", "s", crossproduct=sfx_cross),)},
        )
        forms = build.expand_entry(build.Entry("lire", frozenset({"Re", "S."})), table)
        assert {"lire", "lires", "relire"} <= forms
        assert ("relires" in forms) is combined


def test_suffix_continuation_enables_prefix(build: ModuleType) -> None:
    # As fr.aff's elisions: the suffix (not the stem) carries the prefix flag.
    table = make_table(
        build,
        prefixes={"L'": (build.Affix.make("L'", True, "", "l'", "[aeiou]"),)},
        suffixes={"S.": (build.Affix.make("S.", False, "", "", cont={"L'"}),)},
    )
    forms = build.expand_entry(build.Entry("arbre", frozenset({"S.", "()"})), table)
    assert forms == {"arbre", "l'arbre"}


def test_prefix_condition_applies_to_the_suffixed_form(build: ModuleType) -> None:
    table = make_table(
        build,
        prefixes={"P.": (build.Affix.make("P.", True, "", "p", "o"),)},
        suffixes={"S.": (build.Affix.make("S.", False, "a", "ob", "a"),)},
        fullstrip=True,
    )
    # "a" -> "ob" (whole stem stripped: FULLSTRIP), then "p" + "ob".
    assert build.expand_entry(build.Entry("a", frozenset({"P.", "S."})), table) == {
        "a",
        "ob",
        "pob",
    }
    no_fullstrip = make_table(build, prefixes=table.prefixes, suffixes=table.suffixes)
    assert build.expand_entry(build.Entry("a", frozenset({"P.", "S."})), no_fullstrip) == {"a"}


def test_circumfix_pairs_only(build: ModuleType) -> None:
    table = make_table(
        build,
        prefixes={
            "Ge": (build.Affix.make("Ge", True, "", "ge", cont={"**"}),),
            "Un": (build.Affix.make("Un", True, "", "un"),),
        },
        suffixes={
            "Et": (build.Affix.make("Et", False, "en", "t", "en", cont={"**"}),),
            "Er": (build.Affix.make("Er", False, "en", "er", "en"),),
        },
    )
    forms = build.expand_entry(build.Entry("sagen", frozenset({"Ge", "Un", "Et", "Er"})), table)
    assert "gesagt" in forms  # circumfix pair
    assert "sagt" not in forms and "gesagen" not in forms  # circumfix alone
    assert "gesager" not in forms and "unsagt" not in forms  # mixed pairs
    assert {"sagen", "sager", "unsagen", "unsager"} <= forms


def test_needaffix_on_suffix_and_twofold_suffixes(build: ModuleType) -> None:
    table = make_table(
        build,
        prefixes={"In": (build.Affix.make("In", True, "", "in"),)},
        suffixes={
            "Ab": (build.Affix.make("Ab", False, "", "able", cont={"()", "Mt"}),),
            "Mt": (build.Affix.make("Mt", False, "", "ment"),),
        },
    )
    forms = build.expand_entry(build.Entry("cap", frozenset({"In", "Ab"})), table)
    assert "capable" not in forms  # its suffix needs another affix
    assert "incapable" in forms  # ... such as a prefix
    assert "capablement" in forms  # ... or a second suffix
    assert {"cap", "incap"} <= forms


def test_forbidden_stems_leave_the_lists(build: ModuleType) -> None:
    sfx = build.Affix.make("S.", False, "", "s")
    table = make_table(build, prefixes={}, suffixes={"S.": (sfx,)})
    entries = [
        build.Entry("chat", frozenset({"S."}), {"po": ("nom",)}),
        build.Entry("chats", frozenset({"{}"}), {"po": ("nom",)}),
        build.Entry("Berlin", frozenset(), {"po": ("npr",)}),
    ]
    result = build.build_from(table, entries)
    assert result.common == {"CHAT"}
    assert result.proper == {"BERLIN"}
    assert result.places == {"BERLIN"}


def test_place_names_leave_out_people_and_non_places(build: ModuleType) -> None:
    table = make_table(build, prefixes={}, suffixes={})
    entries = [
        build.Entry("Loire", frozenset(), {"po": ("nom",), "is": ("fem", "inv")}),
        build.Entry("Paris", frozenset(), {"po": ("npr",)}),
        build.Entry("Julie", frozenset(), {"po": ("prn",)}),
        build.Entry("Dupont", frozenset(), {"po": ("patr",)}),
        build.Entry("Netflix", frozenset(), {"po": ("npr",)}),
        build.Entry("Florence", frozenset(), {"po": ("npr",)}),
        build.Entry("Florence", frozenset(), {"po": ("prn",)}),  # a place first: kept
    ]
    result = build.build_from(table, entries)
    assert result.proper == {"LOIRE", "PARIS", "JULIE", "DUPONT", "NETFLIX", "FLORENCE"}
    assert result.places == {"LOIRE", "PARIS", "FLORENCE"}


@pytest.mark.parametrize(
    ("stem", "flags", "tags", "category"),
    [
        ("kiwi", {"S.", "()"}, {"po": ("nom",)}, "common"),
        ("Toulouse", set(), {"po": ("npr",)}, "proper"),
        ("Hannah", set(), {"po": ("prn",)}, "proper"),
        ("Dupont", set(), {"po": ("patr",)}, "proper"),
        ("Iran", set(), {"po": ("nom",)}, "proper"),
        ("Kuala", set(), {"po": ("adj",)}, "excluded"),
        ("SNCF", set(), {"po": ("npr",)}, "excluded"),
        ("LCI", set(), {"po": ("npr",)}, "excluded"),
        ("ADN", set(), {"po": ("nom",)}, "excluded"),
        ("NaCl", set(), {"po": ("nom",)}, "excluded"),
        ("qPCR", set(), {"po": ("nom",)}, "excluded"),
        ("km", {"||", "--"}, {"po": ("nom",)}, "excluded"),
        ("jusqu", {"--"}, {"po": ("err",)}, "excluded"),
        ("Mme", {"S.", "()"}, {"po": ("titr",)}, "excluded"),
        ("Dr", {"S.", "()"}, {"po": ("titr",), "is": ("mas",)}, "excluded"),
        ("MM", set(), {"po": ("titr",), "is": ("mas", "pl")}, "excluded"),
        ("papa", {"S.", "()"}, {"po": ("nom", "titr"), "is": ("mas",)}, "common"),
        ("monsieur", set(), {"po": ("nom", "titr"), "is": ("mas", "sg")}, "common"),
        ("messieurs", set(), {"po": ("titr",), "is": ("mas", "pl")}, "common"),
        ("b", set(), {"po": ("nom",), "is": ("mas", "inv")}, "excluded"),
        ("y", set(), {"po": ("mg", "proadv")}, "common"),
        ("ô", set(), {"po": ("interj",)}, "common"),
        ("janv", set(), {"po": ("nom",), "is": ("mas", "inv")}, "excluded"),
        ("sept", set(), {"po": ("nom",), "is": ("mas", "inv")}, "common"),
        ("tan", set(), {"po": ("nom",), "is": ("fem", "inv")}, "excluded"),
        ("tan", {"S.", "()"}, {"po": ("nom",), "is": ("mas",)}, "common"),
        ("Cie", set(), {"po": ("nom",)}, "excluded"),
    ],
)
def test_classify(
    build: ModuleType, stem: str, flags: set[str], tags: dict[str, tuple[str, ...]], category: str
) -> None:
    table = make_table(build, prefixes={}, suffixes={}, keepcase="||", nosuggest="--")
    assert build.classify(build.Entry(stem, frozenset(flags), tags), table)[0] == category


# --------------------------------------------------------------------------
# Probes from the real dictionary
# --------------------------------------------------------------------------

#: stem in fr.dic -> forms that must be in the shipped common list.
COMMON_PROBES = {
    "manger": {"MANGEAMES", "MANGER", "MANGEONS", "MANGERAIENT"},
    "peigner": {"PEIGNER", "PEIGNAMES"},
    "peindre": {"PEINDRE", "PEIGNIMES"},
    "cheval": {"CHEVAL", "CHEVAUX"},
    "kiwi": {"KIWI", "KIWIS"},
    "whisky": {"WHISKY", "WHISKYS"},
    "œuf": {"OEUF", "OEUFS"},
    "été": {"ETE", "ETES"},
    "pari": {"PARIS"},
    "marier": {"MARIE", "MARIEES"},
    "sept": {"SEPT"},
    "mètre": {"METRE", "METRES", "KILOMETRE", "KILOMETRES", "CENTIMETRE"},
    "bar": {"BAR", "BARS"},
    "papa": {"PAPA", "PAPAS"},
    "monsieur": {"MONSIEUR"},
    "maître": {"MAITRE", "MAITRES", "MAITRESSE", "MAITRESSES"},
    "professeur": {"PROFESSEUR", "PROFESSEURE", "PROFESSEURS"},
    "à": {"A"},
    "y": {"Y"},
    "ô": {"O"},
}
#: stem -> forms its (excluded) entries generate that must be in neither list.
EXCLUDED_PROBES = {
    "SNCF": {"SNCF"},
    "m": {"KM", "CM", "MM"},  # the metre symbol with unit prefixes
    "janv": {"JANV"},
    "jusqu": {"JUSQU"},
    "Mme": {"MME", "MMES"},
    "Mlle": {"MLLE", "MLLES"},
    "Dr": {"DR", "DRS"},
    "b": {"B"},
    "cos": {"COS"},
    "http": {"HTTP", "HTTPS"},
}
PROPER_PROBES = {
    "Toulouse": {"TOULOUSE"},
    "Paris": {"PARIS"},
    "Hannah": {"HANNAH"},
    "Marie": {"MARIE"},
}


@pytest.fixture(scope="module")
def by_stem(real_dictionary: tuple[Any, list[Any]]) -> dict[str, list[Any]]:
    index: dict[str, list[Any]] = {}
    for entry in real_dictionary[1]:
        index.setdefault(entry.stem, []).append(entry)
    return index


def forms_of(build: ModuleType, table: Any, entries: list[Any], category: str) -> set[str]:
    forms: set[str] = set()
    for entry in entries:
        if build.classify(entry, table)[0] == category:
            raw = build.expand_entry(entry, table)
            forms |= build.keep_forms(raw, lowercase_only=category == build.COMMON)
    return forms


def test_every_non_place_names_a_proper_noun(
    build: ModuleType, real_dictionary: tuple[Any, list[Any]], by_stem: dict[str, list[Any]]
) -> None:
    table = real_dictionary[0]
    for stem in build.NON_PLACES:
        entries = by_stem.get(stem, ())
        assert any(build.classify(entry, table)[0] == build.PROPER for entry in entries), stem


@pytest.mark.parametrize("stem", sorted(COMMON_PROBES))
def test_common_probes(
    build: ModuleType,
    real_dictionary: tuple[Any, list[Any]],
    by_stem: dict[str, list[Any]],
    stem: str,
) -> None:
    table = real_dictionary[0]
    generated = forms_of(build, table, by_stem[stem], build.COMMON)
    assert COMMON_PROBES[stem] <= generated
    assert generated <= common_words().words


@pytest.mark.parametrize("stem", sorted(EXCLUDED_PROBES))
def test_excluded_probes(
    build: ModuleType,
    real_dictionary: tuple[Any, list[Any]],
    by_stem: dict[str, list[Any]],
    stem: str,
) -> None:
    table = real_dictionary[0]
    entries = [e for e in by_stem[stem] if build.classify(e, table)[0] == build.EXCLUDED]
    assert entries, stem
    generated: set[str] = set()
    for entry in entries:
        generated |= build.keep_forms(build.expand_entry(entry, table), lowercase_only=False)
    expected = EXCLUDED_PROBES[stem]
    assert expected <= generated
    assert not expected & common_words().words
    assert not expected & proper_nouns().words


@pytest.mark.parametrize("stem", sorted(PROPER_PROBES))
def test_proper_probes(
    build: ModuleType,
    real_dictionary: tuple[Any, list[Any]],
    by_stem: dict[str, list[Any]],
    stem: str,
) -> None:
    table = real_dictionary[0]
    generated = forms_of(build, table, by_stem[stem], build.PROPER)
    assert PROPER_PROBES[stem] <= generated <= proper_nouns().words
    assert not forms_of(build, table, by_stem[stem], build.COMMON)


def test_random_entries_agree_with_shipped_lists(
    build: ModuleType, real_dictionary: tuple[Any, list[Any]]
) -> None:
    table, entries = real_dictionary
    sample = random.Random(2024).sample(entries, 3000)
    common = common_words().words
    proper = proper_nouns().words
    for entry in sample:
        category, _ = build.classify(entry, table)
        if category == build.COMMON:
            forms = build.keep_forms(build.expand_entry(entry, table), lowercase_only=True)
            assert forms <= common, entry
        elif category == build.PROPER:
            forms = build.keep_forms(build.expand_entry(entry, table), lowercase_only=False)
            assert forms <= proper, entry


def test_every_deny_rule_matches_an_entry(build: ModuleType, by_stem: dict[str, list[Any]]) -> None:
    for rule in (*build.DENY_COMMON, *build.DENY_PROPER):
        assert any(rule.matches(entry) for entry in by_stem.get(rule.stem, ())), rule


def test_full_regeneration_matches_manifest(
    build: ModuleType,
    hunspell_dir: Path,
    real_dictionary: tuple[Any, list[Any]],
    manifest: dict[str, Any],
) -> None:
    aff_dir = hunspell_dir
    for name, digest in manifest["source_sha256"].items():
        actual = hashlib.sha256((Path(aff_dir) / name).read_bytes()).hexdigest()
        assert actual == digest, (
            f"installed {name} differs from the one the lists were built from: "
            "regenerate with python scripts/build_lexicon.py"
        )
    table, entries = real_dictionary
    start = time.perf_counter()
    result = build.build_from(table, entries)
    print(f"regeneration: {time.perf_counter() - start:.1f} s")
    assert not result.unused_rules
    lists = (("common", result.common), ("proper", result.proper), ("places", result.places))
    for name, words in lists:
        info = manifest["lists"][name]
        assert len(words) == info["count"], name
        assert build.sha256(build.list_text(words)) == info["sha256"], name
