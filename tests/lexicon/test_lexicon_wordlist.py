"""The packaged word lists and the Lexicon class."""

from __future__ import annotations

import copy
import pickle

import pytest

from ludotheque.lexicon import Lexicon, common_words, is_word_shape, place_names, proper_nouns

IN_COMMON = [
    "MANGEAMES",  # passé simple
    "PEIGNIMES",
    "CHEVAUX",  # irregular plural
    "KIWI",  # NEEDAFFIX entry with an empty suffix
    "KIWIS",
    "WHISKY",
    "OEUF",
    "ETE",
    "PARIS",  # plural of pari (also a proper noun)
    "MARIE",  # from marier (also a first name)
    "SEPT",  # the number, not the abbreviation of septembre
    "KILOMETRES",  # unit prefix + suffix through prefix continuation flags
    "KILOMETRE",
    "METRE",
    "METRES",
    "TAN",  # tan (bark) stays though the notation of tangent is denied
    "BAR",  # the noun, not only the unit
    # Titles that are common nouns (po:titr in lowercase), with their plurals.
    "PAPA",
    "PAPAS",
    "MAMAN",
    "MONSIEUR",
    "MESSIEURS",
    "MADAME",
    "MESDAMES",
    "MADEMOISELLE",
    "DOCTEUR",
    "PROFESSEUR",
    "PROFESSEURS",
    "MAITRE",
    "MAITRESSE",
    "MAITRESSES",
    "SEIGNEUR",
    "MESSIRE",
    "MILADY",
    "MONSEIGNEUR",
    # One-letter words: à/a (avoir), y, ô.
    "A",
    "Y",
    "O",
]
NOT_IN_COMMON = [
    "SNCF",  # acronym
    "HANNAH",  # first name
    "LCI",  # acronym
    "TOULOUSE",  # place name
    "KM",  # unit symbol
    "JANV",  # abbreviation
    "JUSQU",  # elided fragment
    "MME",  # title abbreviations (capitalised po:titr)
    "MMES",
    "DR",
    "MLLE",
    "MGR",
    "PR",
    "VVE",
    "MM",
    "MR",
    "M",
    "B",  # the names of letters are no words: « un b »
    "E",
    "Z",
    "COS",  # notation of a function
    "HTTP",
    "ANTICONSTITUTIONNELLEMENT",  # too long
]


@pytest.mark.parametrize("word", IN_COMMON)
def test_common_words_contain(word: str) -> None:
    assert word in common_words()


@pytest.mark.parametrize("word", NOT_IN_COMMON)
def test_common_words_exclude(word: str) -> None:
    assert word not in common_words()


@pytest.mark.parametrize("word", ["TOULOUSE", "PARIS", "HANNAH", "MARIE", "FRANCE", "IRAN"])
def test_proper_nouns_contain(word: str) -> None:
    assert word in proper_nouns()


@pytest.mark.parametrize("word", ["SNCF", "LCI", "KM", "MME", "CIE", "KIWI"])
def test_proper_nouns_exclude(word: str) -> None:
    assert word not in proper_nouns()


PLACES = ["PARIS", "LOIRE", "FRANCE", "TOULOUSE", "SEINE", "IRAN", "NORMANDIE", "LYON", "ALPES"]
NOT_PLACES = [
    "JULIE",  # first name (po:prn)
    "HANNAH",
    "DUPONT",  # surname (po:patr)
    "NETFLIX",  # brands (po:npr)
    "DANONE",
    "GOOGLE",
    "INSEE",  # organisation (capitalised noun)
    "SIRIUS",  # star
    "HALLOWEEN",  # feast
    "SNCF",  # acronym
    "KIWI",  # common word only
]


@pytest.mark.parametrize("word", PLACES)
def test_place_names_contain(word: str) -> None:
    assert word in place_names()
    assert word in proper_nouns()  # the place names are a part of the proper nouns


@pytest.mark.parametrize("word", NOT_PLACES)
def test_place_names_exclude(word: str) -> None:
    assert word not in place_names()


def test_place_names_are_proper_nouns() -> None:
    assert set(place_names().words) <= set(proper_nouns().words)
    assert 2_000 <= len(place_names()) <= len(proper_nouns()) // 2


def test_membership_normalises() -> None:
    words = common_words()
    assert "mangeâmes" in words
    assert "Œuf" in words
    assert "  kiwi" not in words  # no trimming: whitespace is not a letter
    assert 42 not in words


def test_loaders_are_cached() -> None:
    assert common_words() is common_words()
    assert proper_nouns() is proper_nouns()
    assert place_names() is place_names()


def test_lists_are_sorted_word_shapes() -> None:
    for lexicon in (common_words(), proper_nouns(), place_names()):
        words = list(lexicon)
        assert words == sorted(words)
        assert len(words) == len(lexicon) == len(lexicon.words)
        assert all(is_word_shape(word) for word in words)


def test_common_list_size_is_sane() -> None:
    # The official French Scrabble list has about 411,000 words; Grammalecte's 405,775 and the
    # supplement's 25,518 (rare words of two open sources, docs/lexicon.md) make about 431,000.
    assert 380_000 <= len(common_words()) <= 450_000
    assert 5_000 <= len(proper_nouns()) <= 20_000


def test_lexicon_is_immutable() -> None:
    lexicon = Lexicon(["kiwi"])
    with pytest.raises(AttributeError):
        lexicon.name = "other"
    with pytest.raises(AttributeError):
        del lexicon.name
    words = lexicon.words  # a read-only view: no add/remove, and set operations work
    assert not hasattr(words, "add") and not hasattr(words, "discard")
    assert "KIWI" in words and words & {"KIWI", "X"} == {"KIWI"}


def test_the_lexicon_is_not_walked_by_the_garbage_collector() -> None:
    """A full collection must not traverse 400,000 words (docs/performance.md: ~30 ms each)."""
    import gc

    from ludotheque.lexicon import common_words

    lexicon = common_words()
    gc.collect()  # a tuple of strings is untracked once a collection has seen it
    assert not gc.is_tracked(lexicon._words) and not gc.is_tracked(lexicon._sorted)


def test_lexicon_normalises_and_validates() -> None:
    lexicon = Lexicon(["été", "ÉTÉ", "Kiwi", "œuf"], name="demo")
    assert list(lexicon) == ["ETE", "KIWI", "OEUF"]
    assert lexicon.name == "demo"
    assert repr(lexicon) == "<Lexicon 'demo': 3 words>"
    assert list(Lexicon(["à", "y"])) == ["A", "Y"]  # one-letter words are words
    with pytest.raises(ValueError):
        Lexicon([""])
    with pytest.raises(ValueError):
        Lexicon(["porte-clé"])


def test_lexicon_equality_pickle_copy() -> None:
    lexicon = Lexicon(["kiwi", "été"], name="demo")
    assert lexicon == Lexicon(["ETE", "KIWI"])
    assert hash(lexicon) == hash(Lexicon(["ETE", "KIWI"]))
    assert lexicon != Lexicon(["KIWI"])
    clone = pickle.loads(pickle.dumps(lexicon))
    assert clone == lexicon and clone.name == "demo" and list(clone) == list(lexicon)
    assert copy.deepcopy(lexicon) == lexicon
