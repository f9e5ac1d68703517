"""Thèmes' reconstructed components: the shipped files, their parsers, and the builder."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from ludotheque.core.errors import MalformedInput
from ludotheque.games.themes.cards import (
    MIN_LETTERS,
    CardFileError,
    LetterCard,
    default_letters,
    default_themes,
    entry_key,
    format_letters,
    format_themes,
    parse_letters,
    parse_themes,
    theme_names,
    vocabulary,
)
from ludotheque.games.themes.judging import plural_only_entries

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "src" / "ludotheque" / "games" / "themes" / "data"
MIN_VOCABULARY = 130  # docs/themes-cards.md


def test_letter_counts() -> None:
    cards = default_letters()
    assert len(cards) == 110
    assert sum(c.constraint is not None for c in cards) == 20
    assert sum(c.constraint is None for c in cards) == 90
    assert Counter(c.constraint for c in cards if c.constraint) == {
        "premiere": 7,
        "seconde": 6,
        "derniere": 7,
    }
    assert [c.id for c in cards] == [f"L{i:03d}" for i in range(1, 111)]
    assert sum(c.points for c in cards) == 130
    assert {c.letter for c in cards if c.constraint is None} == set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def test_theme_counts() -> None:
    cards = default_themes()
    assert len(cards) == 30
    names = theme_names()
    assert len(names) == 60 == len({entry_key(n) for n in names})
    for printed in ("VILLE", "OUTIL", "DANS LA MER", "CINÉMA"):
        assert printed in names
    assert all(n == n.upper() for n in names)


def test_builder_check_equals_shipped_files() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_themes.py"), "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "up to date" in result.stdout


def test_the_per_theme_table_of_the_docs_is_the_builders() -> None:
    """docs/themes-cards.md shows `build_themes.py --stats` as it is today (sizes can't drift)."""
    result = subprocess.run(
        [
            sys.executable,
            str(
                ROOT / "scripts" / "build_themes.py",
            ),
            "--stats",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    doc = (ROOT / "docs" / "themes-cards.md").read_text(encoding="utf-8")
    assert result.stdout.strip() in doc


def test_rulebook_examples() -> None:
    assert "New York" in vocabulary("VILLE")
    assert "newyork" in vocabulary("ville")
    assert vocabulary("VILLE").display("new-york") == "New York"
    assert "Némo" in vocabulary("DANS LA MER")
    assert "Némo" in vocabulary("CINÉMA")
    assert any("N" in key for key in vocabulary("OUTIL"))
    assert "porte-drapeau" in vocabulary("MÉTIER") or "planche à voile" in vocabulary("SPORT")


@pytest.mark.parametrize("theme", theme_names())
def test_vocabulary(theme: str) -> None:
    words = vocabulary(theme)
    assert len(words) >= MIN_VOCABULARY, (theme, len(words))
    for key, form in words.forms.items():
        assert re.fullmatch(r"[A-Z]{2,}", key), key
        assert entry_key(form) == key
        assert form in words
    # No plural made by adding S to another entry, but a plural-only answer (D13: « urgences »
    # beside « urgence », « osselets » the game beside « osselet » the bone).
    plural = [k for k in words if k.endswith("S") and k[:-1] in words.forms]
    assert not [k for k in plural if k not in plural_only_entries()]


def test_unknown_theme_is_empty() -> None:
    words = vocabulary("INCONNU")
    assert len(words) == 0 and "PARIS" not in words and words.theme == "INCONNU"


def test_headers_say_reconstruction() -> None:
    for path in [DATA / "lettres.txt", DATA / "themes.txt", *(DATA / "vocabulaires").glob("*")]:
        header = "\n".join(
            line for line in path.read_text(encoding="utf-8").splitlines() if line[:1] == "#"
        )
        assert "RECONSTRUCTION" in header and "PAS LA LISTE IMPRIMÉE" in header, path
        assert "docs/themes-cards.md" in header, path


def test_round_trip_user_files() -> None:
    letters, themes = default_letters(), default_themes()
    assert parse_letters(format_letters(letters, ("à moi",))) == letters
    assert parse_themes(format_themes(themes)) == themes
    mine = "# mes cartes\nA1 VILLE | FLEUVE\n" + "".join(
        f"A{i} THÈME {i} | AUTRE {i}\n" for i in range(2, 21)
    )
    cards = parse_themes(mine, source="mes-themes.txt")
    assert cards[0].back == "FLEUVE" and len(cards) == 20
    assert len(vocabulary("FLEUVE")) == 0


def minimal_letters(extra: str = "") -> str:
    return "".join(f"L{i:03d} E\n" for i in range(1, MIN_LETTERS + 1)) + extra


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("X1 Q milieu", "contrainte inconnue « milieu »"),
        ("X1 QU", "lettre invalide « QU »"),
        ("X1 3", "lettre invalide « 3 »"),
        ("L001 E", "identifiant « L001 » en double (déjà à la ligne 1)"),
        ("X1", "ligne illisible"),
        ("X1 E première 2", "ligne illisible"),
        ("X!1 E", "identifiant invalide"),
    ],
)
def test_letter_errors_name_the_line(line: str, expected: str) -> None:
    with pytest.raises(CardFileError) as caught:
        parse_letters(minimal_letters(line + "\n"), source="mien.txt")
    assert isinstance(caught.value, MalformedInput)
    assert str(caught.value).startswith(f"mien.txt, ligne {MIN_LETTERS + 1} : ")
    assert expected in str(caught.value)
    assert caught.value.line == MIN_LETTERS + 1


def test_letter_spellings() -> None:
    cards = parse_letters("a é Première\nb z DERNIER\nc y deuxième", minimum=0)
    assert cards == (
        LetterCard("a", "E", "premiere"),
        LetterCard("b", "Z", "derniere"),
        LetterCard("c", "Y", "seconde"),
    )


def test_too_few_letters() -> None:
    with pytest.raises(CardFileError, match=r"45 cartes « Lettre » seulement .* au moins 46"):
        parse_letters("".join(f"L{i} E\n" for i in range(45)))


THEMES_OK = "".join(f"T{i:02d} A{i} | B{i}\n" for i in range(1, 11))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("T01 X | Y", "identifiant « T01 » en double (déjà à la ligne 1)"),
        ("T99 Cinéma | a1", "thème « a1 » en double (« A1 », ligne 1)"),
        ("T99 CINÉMA | cinema", "thème « cinema » en double (« CINÉMA », ligne 11)"),
        ("T99 SEUL", "ligne illisible"),
        ("T99 A | B | C", "ligne illisible"),
        ("T99 ... | B", "thème sans lettre"),
    ],
)
def test_theme_errors_name_the_line(line: str, expected: str) -> None:
    with pytest.raises(CardFileError) as caught:
        parse_themes(THEMES_OK + line + "\n", source="t.txt")
    assert str(caught.value).startswith("t.txt, ligne 11 : ")
    assert expected in str(caught.value)


def test_too_few_theme_cards() -> None:
    with pytest.raises(CardFileError, match=r"19 cartes « Thème » seulement .* au moins 20"):
        parse_themes("".join(f"T{i} A{i} | B{i}\n" for i in range(19)))


def test_entry_key() -> None:
    assert entry_key("New York") == "NEWYORK"
    assert entry_key("porte-drapeau") == "PORTEDRAPEAU"
    assert entry_key("Némo") == "NEMO"
    assert entry_key("cœur d'artichaut") == "COEURDARTICHAUT"
