"""``ludotheque simulate``: play many games between bots and count the wins.

Mounted by ``ludotheque.cli.main`` with ``simulate.register(app)``. Examples::

    ludotheque simulate gutenberg --players 4 --bots strong,greedy --games 20 --seed 1
    ludotheque simulate gutenberg --players 1 --bots greedy --mode difficile --json

``--bots`` names one bot per seat, comma-separated; when fewer names than players are given,
the last one fills the remaining seats. ``--mode`` is a mode of the game (``solo``,
``classique``…) or, for a game with a difficulty option (Gutenberg's solo), a difficulty:
``facile``, ``normal``, ``difficile`` (or ``easy``, ``hard``). ``--json`` prints
``{"games", "seconds", "wins": {bot: wins}, "seats": [{"bot", "wins", "mean_score"}], …}``
and ``win_rate`` against an automaton (la Rotative). A shared first place counts as a win for
every seat that shares it; a bot's wins add up those of its seats. Unknown game, bot or mode:
a message in French and exit status 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from ludotheque.bots.base import Bot
from ludotheque.bots.simulate import SimulationResult
from ludotheque.bots.simulate import simulate as run_simulation
from ludotheque.bots.table import bot_table
from ludotheque.core.errors import InvalidOptions, UnknownGame
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.protocol import Game
from ludotheque.games import default_registry

from .table_options import parse_option_flags

__all__ = ["register", "simulate"]

DIFFICULTY_OPTION = "difficulte"
DECK_OPTION = "cartes"
DIFFICULTY_ALIASES = {"easy": "facile", "normal": "normal", "hard": "difficile"}


def _fail(message: str) -> typer.Exit:
    typer.echo(message, err=True)
    return typer.Exit(code=2)


def _options(game: Game[Any, Any], players: int, mode: str | None) -> JsonObject:
    """The table options for ``--mode``: a mode of the game, or a difficulty."""
    if mode is None:
        return {}
    wanted = mode.strip().lower()
    if any(m.name == wanted for m in game.info.modes):
        return {"mode": wanted}
    wanted = DIFFICULTY_ALIASES.get(wanted, wanted)
    for spec in game.info.options:
        if spec.name == DIFFICULTY_OPTION and wanted in spec.choices:
            try:
                resolved = game.info.resolve_options(players, None)
            except InvalidOptions:
                resolved = {}
            if spec.modes and resolved.get("mode") not in spec.modes:
                where = ", ".join(spec.modes)
                raise _fail(
                    f"La difficulté « {mode} » ne s'applique qu'au mode {where} "
                    f"(--players {game.info.mode(spec.modes[0]).min_players})."
                )
            return {DIFFICULTY_OPTION: wanted}
    choices = [m.name for m in game.info.modes]
    for spec in game.info.options:
        if spec.name == DIFFICULTY_OPTION:
            choices += [*spec.choices, *(k for k in DIFFICULTY_ALIASES if k not in spec.choices)]
    raise _fail(
        f"Mode inconnu pour {game.info.title} : « {mode} » (possibles : {', '.join(choices)})."
    )


def _bots(game: Game[Any, Any], names: str, players: int) -> list[Bot]:
    wanted = [name.strip() for name in names.split(",") if name.strip()]
    if not wanted:
        raise _fail("Indiquez au moins un robot (--bots greedy,strong…).")
    if len(wanted) > players:
        raise _fail(f"{len(wanted)} robots pour {players} joueur{'s' if players > 1 else ''}.")
    wanted += [wanted[-1]] * (players - len(wanted))
    table = bot_table(game)
    unknown = [name for name in wanted if table.key(name) is None]
    if unknown:
        raise _fail(
            f"Robot inconnu pour {game.info.title} : « {unknown[0]} » "
            f"(possibles : {', '.join(table.names())})."
        )
    return [table.make(name) for name in wanted]


def _deck_text(game: Game[Any, Any], path: Path, players: int, options: JsonObject) -> str:
    """The card file of ``--deck`` (Gremlins), checked by setting up one table."""
    if not any(spec.name == DECK_OPTION for spec in game.info.options):
        raise _fail(f"--deck ne sert qu'à Gremlins, pas à {game.info.title}.")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or "fichier illisible"
        raise _fail(f"Impossible de lire le fichier de cartes {path} : {reason}.") from None
    try:
        game.new(players, 0, game.info.resolve_options(players, {**options, DECK_OPTION: text}))
    except InvalidOptions as error:
        raise _fail(f"Fichier de cartes {path} refusé — {error.message}") from None
    return text


def _number(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:.2f}".replace(".", ",")


def _print_table(result: SimulationResult) -> None:
    console = Console()
    parties = f"{result.games} partie{'s' if result.games > 1 else ''}"
    seconds = _number(result.seconds)
    console.print(f"{result.game} : {parties} en {seconds} s (graine {result.seed})")
    if result.win_rate is not None:
        console.print(
            f"Taux de victoire contre l'automate : {_number(100 * result.win_rate)} % "
            f"({result.solo_wins} sur {result.games})"
        )
    seats = Table(title="Par place")
    seats.add_column("Place", justify="right")
    seats.add_column("Robot")
    seats.add_column("Victoires", justify="right")
    seats.add_column("Score moyen", justify="right")
    for index, seat in enumerate(result.seats, 1):
        seats.add_row(str(index), seat.bot, str(seat.wins), _number(seat.mean_score))
    console.print(seats)
    by_bot = Table(title="Par robot")
    by_bot.add_column("Robot")
    by_bot.add_column("Places", justify="right")
    by_bot.add_column("Victoires", justify="right")
    for name, wins in result.wins.items():
        count = sum(1 for seat in result.seats if seat.bot == name)
        by_bot.add_row(name, str(count), str(wins))
    console.print(by_bot)
    if result.shared:
        console.print(f"Premières places partagées : {result.shared} (une victoire pour chacun).")


def simulate(
    game: Annotated[str, typer.Argument(help="Le jeu (par exemple gutenberg).")],
    players: Annotated[int, typer.Option("--players", help="Nombre de joueurs.")] = 2,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="Robots par place, séparés par des virgules (le dernier complète la table) : "
            "debutant, intermediaire, fort, expert, ou les moteurs random, greedy, strong.",
        ),
    ] = "intermediaire",
    games: Annotated[int, typer.Option("--games", help="Nombre de parties.")] = 10,
    seed: Annotated[int, typer.Option("--seed", help="Graine (parties reproductibles).")] = 0,
    mode: Annotated[
        str | None,
        typer.Option(
            "--mode",
            help="Mode du jeu, ou difficulté du solo : facile, normal, difficile.",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Sortie JSON (pour les programmes).")
    ] = False,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="Option de la table, NOM=VALEUR, répétable (par exemple -o comptage=3).",
            metavar="NOM=VALEUR",
        ),
    ] = None,
    deck: Annotated[
        Path | None,
        typer.Option("--deck", help="Gremlins : fichier de cartes à la place du paquet fourni."),
    ] = None,
) -> None:
    """Faire jouer des robots entre eux : victoires par place et par robot, scores moyens."""
    try:
        found = default_registry().get(game)
    except UnknownGame as error:
        raise _fail(error.message) from None
    if games < 1:
        raise _fail("--games doit valoir au moins 1.")
    if not 0 <= seed <= 2**63 - 1:
        raise _fail("--seed doit être un entier positif.")
    options = _options(found, players, mode)
    try:
        options.update(parse_option_flags(found.info, option or []))
        found.info.resolve_options(players, options)
    except InvalidOptions as error:
        raise _fail(error.message) from None
    if deck is not None:
        options["cartes"] = _deck_text(found, deck, players, options)
    seated = _bots(found, bots, players)
    try:
        result = run_simulation(found, seated, games=games, seed=seed, options=options)
    except InvalidOptions as error:
        raise _fail(error.message) from None
    if as_json:
        data: dict[str, JsonValue] = dict(result.to_json())
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    _print_table(result)


def register(app: typer.Typer) -> None:
    """Add the ``simulate`` command to ``app``."""
    app.command("simulate")(simulate)
