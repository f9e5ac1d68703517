"""Normalisation to the game alphabet."""

from __future__ import annotations

import doctest
import importlib
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludotheque.lexicon.normalize import is_word_shape, normalize


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("élève", "ELEVE"),
        ("Œuf", "OEUF"),
        ("œuvre", "OEUVRE"),
        ("cæcum", "CAECUM"),
        ("Ægosome", "AEGOSOME"),
        ("ŒIL", "OEIL"),
        ("garçon", "GARCON"),
        ("Noël", "NOEL"),
        ("ambiguïté", "AMBIGUITE"),
        ("Ça", "CA"),
        ("ÉTÉ", "ETE"),
        ("mangeâmes", "MANGEAMES"),
        ("où", "OU"),
        ("Ÿ", "Y"),
        ("kiwi", "KIWI"),
        ("porte-clé", "PORTE-CLE"),
        ("aujourd'hui", "AUJOURD'HUI"),
        ("", ""),
        ("e\u0301te\u0301", "ETE"),  # decomposed accents
    ],
)
def test_normalize(text: str, expected: str) -> None:
    assert normalize(text) == expected


@pytest.mark.parametrize(
    ("candidate", "ok"),
    [
        ("AB", True),
        ("KIWI", True),
        ("ANTICONSTITUTIO", True),  # 15 letters
        ("ANTICONSTITUTION", False),  # 16 letters
        ("A", True),  # one-letter words: A, Y, O
        ("", False),
        ("kiwi", False),
        ("ÉTÉ", False),
        ("PORTE-CLE", False),
        ("AUJOURD'HUI", False),
        ("KIWI\n", False),
        ("M2", False),
    ],
)
def test_is_word_shape(candidate: str, ok: bool) -> None:
    assert is_word_shape(candidate) is ok


@given(st.text())
def test_normalize_is_idempotent(text: str) -> None:
    once = normalize(text)
    assert normalize(once) == once


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzàâäçéèêëîïôöùûüÿœæ", min_size=1, max_size=7))
def test_french_letters_become_word_shapes(text: str) -> None:
    norm = normalize(text)
    assert norm.isascii() and norm.isupper()
    assert is_word_shape(norm) == (1 <= len(norm) <= 15)


@pytest.mark.parametrize(
    "name", ["ludotheque.lexicon", "ludotheque.lexicon.normalize", "ludotheque.lexicon.wordlist"]
)
def test_doctests(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.failed == 0
    assert result.attempted > 0
