"""The ``lexicon`` typer sub-application."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ludotheque.cli.lexicon import app
from ludotheque.lexicon import common_words, proper_nouns

runner = CliRunner()

WORDS = {
    "MANGEAMES": True,
    "PEIGNIMES": True,
    "CHEVAUX": True,
    "KIWI": True,
    "WHISKY": True,
    "OEUF": True,
    "ETE": True,
    "PARIS": True,
    "MARIE": True,
    "SEPT": True,
    "KILOMETRES": True,
    "SNCF": False,
    "HANNAH": False,
    "LCI": False,
    "TOULOUSE": False,
    "KM": False,
    "JANV": False,
}


def test_check_text() -> None:
    result = runner.invoke(app, ["check", *WORDS])
    assert result.exit_code == 0, result.output
    expected = "".join(f"{word}\t{'oui' if ok else 'non'}\n" for word, ok in WORDS.items())
    assert result.output == expected


def test_check_normalises_the_words_it_prints() -> None:
    result = runner.invoke(app, ["check", "mangeâmes", "Œuf", "été", "sncf", "porte-clé"])
    assert result.exit_code == 0
    assert result.output == "MANGEAMES\toui\nOEUF\toui\nETE\toui\nSNCF\tnon\nPORTE-CLE\tnon\n"


def test_check_json() -> None:
    result = runner.invoke(app, ["check", "--json", *WORDS])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == WORDS
    assert result.output.count("\n") == 1


def test_check_json_normalises() -> None:
    result = runner.invoke(app, ["check", "--json", "Œuf", "toulouse"])
    assert json.loads(result.output) == {"OEUF": True, "TOULOUSE": False}


def test_check_needs_a_word() -> None:
    result = runner.invoke(app, ["check"])
    assert result.exit_code != 0


def test_export_prints_exactly_the_list() -> None:
    result = runner.invoke(app, ["export"])
    assert result.exit_code == 0
    assert result.output == "".join(f"{word}\n" for word in common_words())


def test_export_proper_nouns() -> None:
    result = runner.invoke(app, ["export", "--noms-propres"])
    assert result.exit_code == 0
    assert result.output.splitlines() == list(proper_nouns())


def test_help_is_french() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "Dictionnaire français" in result.output
