"""``ludotheque themes decisions``: the judged words of saved games, for the vocabularies."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ludotheque.cli.main import app
from ludotheque.core.match import Match
from ludotheque.games.themes import Themes
from ludotheque.games.themes.actions import Verdict, Word
from ludotheque.games.themes.classic import ClassicPlay
from ludotheque.games.themes.decisions import tally
from ludotheque.games.themes.state import ThemesState
from ludotheque.games.themes.verdicts import Judgement
from ludotheque.server.storage import SeatRow, Storage, TableRow


def judged_game() -> Match:
    """A game where seat 0 says a word outside VILLE's vocabulary, refused by the judge."""
    match = Match.start(Themes(), 2, 3, {"mode": "classique", "jugement": "juge"})
    state = match.state
    assert isinstance(state, ThemesState) and isinstance(state.play, ClassicPlay)
    seat = state.play.active
    for column in range(4):
        cards = (state.play.hands[seat][0], state.visible_letters(column)[0])
        letters = "".join(state.catalog.letters[c].letter for c in cards)
        word = Word(column, f"{letters}zzz", cards)
        if state.word_problem(seat, word) is None and not state.in_vocabulary(word):
            break
    match.submit(seat, Themes().encode_action(word))
    judge = next(iter(match.state.to_move()))
    match.submit(judge, Themes().encode_action(Verdict(False)))
    return match


def test_tally_counts_words_outside_the_vocabulary_only_by_default() -> None:
    log = [
        Judgement(0, 0, ("VILLE",), "Rome-Est", False, "juge"),
        Judgement(1, 1, ("VILLE",), "rome est", True, "silence"),
        Judgement(2, 1, ("VILLE",), "Paris", True, "vocabulaire"),
    ]
    (row,) = tally(log)
    assert (row.word, row.accepted, row.refused) == ("Rome-Est", 1, 1)
    assert len(tally(log, everything=True)) == 2


def test_decisions_from_saved_records_and_from_the_server_database(tmp_path: Path) -> None:
    match = judged_game()
    saved = tmp_path / "partie.json"
    saved.write_text(match.record.dumps(), encoding="utf-8")
    result = CliRunner().invoke(app, ["themes", "decisions", str(saved), "--json"])
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.output)
    assert row["mot"].endswith("zzz") and (row["acceptes"], row["refuses"]) == (0, 1)

    url = f"sqlite:///{tmp_path / 'serveur.sqlite3'}"
    storage = Storage(url)
    try:
        record = match.record
        row = TableRow("t1", "themes", 2, record.seed, dict(record.options), 0, "terminee", 0)
        storage.create_table(row, [SeatRow(0, "humain"), SeatRow(1, "humain")])
        for ply, move in enumerate(record.moves, start=1):
            storage.add_move("t1", ply, move.seat, move.action)
    finally:
        storage.close()
    result = CliRunner().invoke(app, ["themes", "decisions", "--database", url, "--json"])
    assert result.exit_code == 0, result.output
    (row_json,) = json.loads(result.output)
    assert row_json["refuses"] == 1


def test_an_unreadable_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text("{pas du json", encoding="utf-8")
    result = CliRunner().invoke(app, ["themes", "decisions", str(bad)])
    assert result.exit_code == 2 and "Partie illisible" in result.output
