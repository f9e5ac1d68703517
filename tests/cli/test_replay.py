"""``ludotheque replay``: saved games shown step by step through the views."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from ludotheque.cli import play
from ludotheque.cli.play import replay_file
from ludotheque.cli.replay import ReplayError, load_record, replay_record
from ludotheque.core.match import Match
from ludotheque.core.protocol import Game
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games import default_registry
from ludotheque.games.encheres import Encheres
from ludotheque.games.gutenberg import Gutenberg

GAME = Gutenberg()


def played(game: Game, players: int, seed: int, options=None, stop: int | None = None):
    """A record of random play (every seat random), to the end or ``stop`` moves."""
    match = Match.start(game, players, seed, options)
    draws = Rng.from_seed(seed).draws()
    while not match.state.is_over and (stop is None or len(match.record.moves) < stop):
        seat = min(match.state.to_move())
        action = match.state.sample_action(seat, draws)
        match.submit(seat, game.encode_action(action))
    return match


def save(tmp_path: Path, record: GameRecord, name: str = "partie.json") -> Path:
    path = tmp_path / name
    path.write_text(record.dumps(), encoding="utf-8")
    return path


def console() -> Console:
    return Console(file=io.StringIO(), width=100, color_system=None, record=True)


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def multiplayer() -> Match:
    return played(GAME, 3, 11)


def test_replay_tells_each_round_and_the_result(tmp_path, multiplayer):
    path = save(tmp_path, multiplayer.record)
    out = console()
    assert replay_file(path, out) == 0
    text = out.export_text()
    assert "Gutenberg — partie enregistrée" in text
    assert "3 joueurs, graine 11" in text and "Vue : spectateur" in text
    for number in range(1, 6):
        assert f"Tour {number} sur 5" in text
    for number in range(1, 5):
        assert f"Les mots du tour {number}" in text
        assert f"Bilan du tour {number}" in text
    assert " réclame " in text
    assert "Fin de la partie" in text
    assert "Meilleur mot du cinquième tour." in text
    assert "gagne" in text
    # A spectator is not told the best word a seat could have written (it needs its cards).
    assert "meilleur mot possible" not in text


def test_replay_reaches_the_same_final_state(multiplayer):
    final = replay_record(multiplayer.record, default_registry(), console())
    assert final == multiplayer.state


def test_replay_from_a_seat_shows_its_cards_and_its_best_word(tmp_path, multiplayer):
    path = save(tmp_path, multiplayer.record)
    out = console()
    assert replay_file(path, out, seat=2) == 0
    text = out.export_text()
    assert "Vue : place 2" in text
    assert "Cartes de Place 2 pour écrire" in text
    assert "Place 2 a écrit" in text
    assert "meilleur mot possible" in text or "le meilleur score possible" in text


def test_a_solo_game_replays_round_by_round(tmp_path):
    match = played(GAME, 1, 4, {"mode": "solo", "difficulte": "difficile"})
    out = console()
    assert replay_file(save(tmp_path, match.record), out, seat=1) == 0
    text = out.export_text()
    assert "difficulte : difficile" in text
    for number in range(1, 5):
        assert f"Bilan du tour {number}" in text
    assert "bibliothèque de la Rotative" in text
    assert "dans la bibliothèque" in text
    assert "Rotative" in flat(text.split("Fin de la partie")[1])


def test_an_unfinished_game_says_where_it_stops(tmp_path):
    match = played(GAME, 2, 3, stop=12)
    out = console()
    assert replay_file(save(tmp_path, match.record), out) == 0
    assert "Partie inachevée : elle s'arrête au tour" in out.export_text()


def test_other_games_use_the_generic_replay(tmp_path):
    game = Encheres()
    match = played(game, 2, 5)
    out = console()
    assert replay_file(save(tmp_path, match.record), out, seat=1) == 0
    text = out.export_text()
    assert "Enchères — partie enregistrée" in text
    assert "Place 1 :" in text
    assert "Résultat" in text and "Vue finale" in text
    if game.info.hidden_information:
        # the other seat's secret bids: only what the table told this seat (describe_action)
        assert "Place 2 a joué." in text


def test_a_hidden_information_replay_tells_what_the_table_told(tmp_path):
    """Gremlins: other seats' moves are told by their public journal lines, never their cards."""
    from ludotheque.core.conformance import random_playthrough
    from ludotheque.games.gremlins import Gremlins

    game = Gremlins()
    record = random_playthrough(game, 2, 5)
    out = console()
    assert replay_file(save(tmp_path, record), out, seat=1) == 0
    text = out.export_text()
    assert "Place 2 commence un projet (n° 1)." in text
    started = [
        move.action["carte"]
        for move in record.moves
        if move.seat == 1 and isinstance(move.action, dict) and move.action["type"] == "commencer"
    ]
    shown = [line for line in text.splitlines() if "Place 2 :" in line]
    assert started and not any(card in line for card in started for line in shown)


def test_a_pause_between_rounds(tmp_path, multiplayer):
    asked: list[str] = []
    replay_record(multiplayer.record, default_registry(), console(), pause=asked.append)
    assert asked and set(asked) == {"Entrée pour continuer… "}
    assert len(asked) == 4  # between the five rounds


# --- malformed records --------------------------------------------------------------------------


def test_malformed_records_are_refused_in_french(tmp_path, multiplayer):
    good = multiplayer.record.to_json()
    cases = {
        "pas-du-json.json": ("{ceci n'est pas du json", "n'est pas une partie enregistrée"),
        "liste.json": ("[1, 2]", "Un enregistrement de partie est un objet JSON"),
        "format.json": (json.dumps({**good, "format": "autre/9"}), "Format d'enregistrement"),
        "jeu.json": (json.dumps({**good, "game": "belote"}), "Jeu inconnu : « belote »"),
        "coup.json": (
            json.dumps({**good, "moves": [[0, {"type": "choisir", "carte": "ZZ"}]]}),
            "Coup n° 1 (place 1) refusé",
        ),
        "forme.json": (json.dumps({**good, "moves": [[0, "n'importe quoi"]]}), "Coup n° 1"),
        "graine.json": (json.dumps({**good, "seed": -5}), "Partie impossible à recréer"),
        "options.json": (
            json.dumps({**good, "options": {"mode": "solo"}}),
            "Partie impossible à recréer",
        ),
    }
    for name, (content, message) in cases.items():
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        out = console()
        assert replay_file(path, out) == 2, name
        assert message in flat(out.export_text()), (name, out.export_text())


def test_missing_file_and_unknown_seat(tmp_path, multiplayer):
    out = console()
    assert replay_file(tmp_path / "absent.json", out) == 2
    assert "Fichier introuvable" in out.export_text()
    path = save(tmp_path, multiplayer.record)
    out = console()
    assert replay_file(path, out, seat=4) == 2
    assert "Place inconnue : 4 (les places de cette partie vont de 1 à 3)" in flat(
        out.export_text()
    )
    with pytest.raises(ReplayError):
        load_record(tmp_path / "absent.json")


# --- the command ----------------------------------------------------------------------------------


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def root() -> None:
        """Test application."""

    play.register(app)
    return app


runner = CliRunner()


def test_the_replay_command(tmp_path, multiplayer):
    path = save(tmp_path, multiplayer.record)
    result = runner.invoke(_app(), ["replay", str(path), "--seat", "1"])
    assert result.exit_code == 0, result.output
    assert "Fin de la partie" in result.output
    bad = tmp_path / "bad.json"
    bad.write_text("nope", encoding="utf-8")
    result = runner.invoke(_app(), ["replay", str(bad)])
    assert result.exit_code == 2
    assert "n'est pas une partie enregistrée" in flat(result.output)
    result = runner.invoke(_app(), ["replay", str(path), "--pause"], input="\n" * 10)
    assert result.exit_code == 0
    assert "Entrée pour continuer" in result.output
