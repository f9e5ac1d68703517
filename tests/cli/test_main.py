"""The top-level command: help, version, the list of games."""

from __future__ import annotations

import json
import subprocess
import sys

from typer.testing import CliRunner

from ludotheque import __version__
from ludotheque.cli.main import app
from ludotheque.games import default_registry

runner = CliRunner()


def test_help_lists_the_commands_in_french():
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("games", "lexicon"):
        assert command in result.output
    assert "Ludothèque" in result.output


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and __version__ in result.output


def test_games_lists_every_registered_game_with_counts_and_modes():
    result = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for game in default_registry():
        assert game.info.name in result.output
        assert game.info.title in result.output
    assert "Solo contre la Rotative" in result.output


def test_games_json():
    result = runner.invoke(app, ["games", "--json"])
    data = json.loads(result.output)
    gutenberg = next(g for g in data if g["nom"] == "gutenberg")
    assert gutenberg["joueurs"] == [1, 6]
    assert {m["nom"]: m["joueurs"] for m in gutenberg["modes"]} == {
        "classique": [2, 6],
        "solo": [1, 1],
    }


def test_console_script_runs_as_a_module():
    done = subprocess.run(
        [sys.executable, "-m", "ludotheque", "games", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert {g["nom"] for g in json.loads(done.stdout)} >= {"gutenberg", "encheres"}
