"""``ludotheque gutenberg best-word``, through typer's test runner on the sub-app."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ludotheque.cli.gutenberg import app
from ludotheque.games.gutenberg.cards import Card
from ludotheque.games.gutenberg.wordfinder import best_words

runner = CliRunner()

HAND = ["L2", "E1", "T2", "R3", "E1", "S1"]


def expected(notations: list[str], top: int = 1) -> list[dict[str, object]]:
    cards = [Card.parse(text, f"c{i}") for i, text in enumerate(notations, 1)]
    return [
        {"word": p.word, "score": p.score, "cards": [c.notation for c in p.cards]}
        for p in best_words(cards, top=top)
    ]


def test_json_gives_the_best_word():
    result = runner.invoke(app, ["best-word", "--json", *HAND])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer == expected(HAND)[0]
    assert set(answer) == {"word", "score", "cards"}
    assert answer["score"] == sum(int(card[1:]) for card in answer["cards"])


def test_json_with_top_gives_a_list():
    result = runner.invoke(app, ["best-word", "--json", "--top", "5", *HAND])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer == expected(HAND, 5)
    assert len(answer) == 5
    assert [play["score"] for play in answer] == sorted(
        (play["score"] for play in answer), reverse=True
    )


def test_accents_lowercase_and_challenge_cards():
    result = runner.invoke(app, ["best-word", "--json", "é1", "n2", "t2", "V4", "ent5", "e1"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer == expected(["E1", "N2", "T2", "V4", "ENT5", "E1"])[0]


def test_nothing_to_spell():
    result = runner.invoke(app, ["best-word", "--json", "K6", "W6"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"word": None, "score": 0, "cards": []}
    result = runner.invoke(app, ["best-word", "--json", "--top", "3", "K6", "W6"])
    assert json.loads(result.stdout) == []
    result = runner.invoke(app, ["best-word", "K6", "W6"])
    assert result.exit_code == 0
    assert "Aucun mot" in result.stdout


def test_text_output_is_a_french_line():
    result = runner.invoke(app, ["best-word", *HAND])
    assert result.exit_code == 0, result.output
    best = expected(HAND)[0]
    cards = " ".join(map(str, best["cards"]))
    assert result.stdout == f"{best['word']} : {best['score']} points ({cards})\n"
    result = runner.invoke(app, ["best-word", "--top", "3", *HAND])
    lines = result.stdout.splitlines()
    assert len(lines) == 3 and lines[0].startswith("1. ") and " points (" in lines[2]


def test_a_malformed_card_is_a_french_error_with_status_2():
    result = runner.invoke(app, ["best-word", "--json", "T2", "2T"])
    assert result.exit_code == 2
    assert "Carte illisible : « 2T »" in result.stderr
    assert result.stdout == ""


def test_usage_errors_have_status_2():
    assert runner.invoke(app, ["best-word"]).exit_code == 2
    result = runner.invoke(app, ["best-word", "--top", "0", "T2"])
    assert result.exit_code == 2 and "--top" in result.stderr


def test_batch_answers_one_line_per_hand_in_order(tmp_path: Path):
    hands = [HAND, ["K6", "W6"], ["C3", "O1", "QU6"], ["V4", "ENT5", "E1"]]
    path = tmp_path / "mains.txt"
    path.write_text("".join(" ".join(hand) + "\n" for hand in hands), encoding="utf-8")
    result = runner.invoke(app, ["best-word", "--batch", str(path), "--json"])
    assert result.exit_code == 0, result.output
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert answers[1] == {"word": None, "score": 0, "cards": []}
    assert answers == [
        (expected(hand) or [{"word": None, "score": 0, "cards": []}])[0] for hand in hands
    ]


def test_batch_from_stdin_with_top():
    text = "L2 E1 T2 R3 E1 S1\nk6\n"
    result = runner.invoke(app, ["best-word", "--batch", "-", "--json", "--top", "2"], input=text)
    assert result.exit_code == 0, result.output
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert answers == [expected(HAND, 2), []]


def test_batch_reports_the_line_of_a_malformed_card(tmp_path: Path):
    path = tmp_path / "mains.txt"
    path.write_text("T2 E1\nT2 E\n", encoding="utf-8")
    result = runner.invoke(app, ["best-word", "--batch", str(path), "--json"])
    assert result.exit_code == 2
    assert "Ligne 2 : Carte illisible : « E »" in result.stderr
    assert len(result.stdout.splitlines()) == 1
    missing = runner.invoke(app, ["best-word", "--batch", str(tmp_path / "absent.txt")])
    assert missing.exit_code == 2 and "Impossible de lire" in missing.stderr
