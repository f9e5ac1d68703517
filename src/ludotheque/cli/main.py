"""Entry point of the ``ludotheque`` command: one sub-command per job."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.table import Table

from ludotheque import __version__
from ludotheque.cli import db, gutenberg, lexicon, play, serve, simulate, themes, worker
from ludotheque.games import default_registry

app = typer.Typer(
    name="ludotheque",
    help="Ludothèque : jeux de lettres et de cartes en français, contre des robots ou entre amis.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)
app.add_typer(lexicon.app, name="lexicon")
app.add_typer(gutenberg.app, name="gutenberg")
app.add_typer(themes.app, name="themes")
app.add_typer(db.app, name="db")
play.register(app)
simulate.register(app)
serve.register(app)
worker.register(app)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"ludotheque {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(
        False, "--version", help="Affiche la version et quitte.", callback=_version, is_eager=True
    ),
) -> None:
    """Ludothèque : jeux de lettres et de cartes en français."""


@app.command("games")
def games(
    as_json: bool = typer.Option(False, "--json", help="Sortie JSON (pour les programmes)."),
) -> None:
    """Liste les jeux disponibles, leurs nombres de joueurs et leurs modes."""
    registry = default_registry()
    if as_json:
        typer.echo(
            json.dumps(
                [
                    {
                        "nom": game.info.name,
                        "titre": game.info.title,
                        "joueurs": [game.info.min_players, game.info.max_players],
                        "modes": [
                            {
                                "nom": mode.name,
                                "titre": mode.title,
                                "joueurs": [mode.min_players, mode.max_players],
                            }
                            for mode in game.info.modes
                        ],
                        "options": [spec.name for spec in game.info.options],
                    }
                    for game in registry
                ],
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    table = Table(title="Jeux de la ludothèque")
    table.add_column("Nom", style="bold")
    table.add_column("Jeu")
    table.add_column("Joueurs", justify="center")
    table.add_column("Modes")
    table.add_column("Description")
    for game in registry:
        info = game.info
        players = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players} à {info.max_players}"
        )
        modes = ", ".join(
            f"{mode.title} ({mode.min_players}–{mode.max_players})"
            if mode.min_players != mode.max_players
            else f"{mode.title} ({mode.min_players})"
            for mode in info.modes
        )
        table.add_row(info.name, info.title, players, modes, info.summary)
    Console().print(table)


def main() -> None:
    """Console-script entry point."""
    app()
