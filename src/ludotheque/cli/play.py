"""``ludotheque play GAME`` and ``ludotheque replay FILE``: play in the terminal, watch again.

``register(app)`` adds both commands to the main typer application. The work is done by
:func:`~ludotheque.cli.terminal.setup.play_game` (any registered game, the one terminal) and
:func:`replay_file`, which take their console and input function as arguments (tests drive
them directly) and return the exit status.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from ludotheque.games import default_registry

from .countdown import timed_input
from .terminal.setup import default_save_path, play_game, print_error

__all__ = ["default_save_path", "play_game", "register", "replay_file"]

Ask = Callable[[str], str]


def replay_file(
    path: Path,
    console: Console,
    *,
    seat: int | None = None,
    pause: Ask | None = None,
    errors: Console | None = None,
) -> int:
    """Show a saved game; ``seat`` counts from 1 (None: a spectator). The exit status."""
    from .replay import ReplayError, load_record, replay_record

    errors = errors or console
    try:
        record = load_record(path)
        if seat is not None and not 1 <= seat <= record.players:
            raise ReplayError(
                f"Place inconnue : {seat} (les places de cette partie vont de 1 à "
                f"{record.players})."
            )
        replay_record(
            record,
            default_registry(),
            console,
            seat=None if seat is None else seat - 1,
            pause=pause,
        )
    except ReplayError as error:
        return print_error(errors, error.message)
    return 0


def _terminal_ask(console: Console) -> Ask:
    def ask(prompt: str) -> str:
        return console.input(Text(prompt, style="bold cyan"))

    return ask


def register(app: typer.Typer) -> None:
    """Add ``play`` and ``replay`` to the ``ludotheque`` application."""

    @app.command("play")
    def play(
        game: Annotated[
            str,
            typer.Argument(
                help="Le jeu : gutenberg, letter, themes, gremlins.",
                show_default=False,
                metavar="JEU",
            ),
        ],
        players: Annotated[
            int | None,
            typer.Option("--players", "-n", help="Nombre de joueurs, vous compris (1 : solo)."),
        ] = None,
        bots: Annotated[
            str | None,
            typer.Option(
                "--bots",
                help="Robots des places 2, 3… séparés par des virgules (le dernier est "
                "répété) : debutant, intermediaire, fort, expert ; par défaut intermediaire.",
                metavar="NOMS",
            ),
        ] = None,
        solo: Annotated[bool, typer.Option("--solo", help="Seul contre la Rotative.")] = False,
        mode: Annotated[
            str | None,
            typer.Option(
                "--mode",
                help="Gutenberg : difficulté du solo (facile, normal, difficile) ; Thèmes : "
                "mode ; Gremlins : classique ou equipes.",
            ),
        ] = None,
        seed: Annotated[
            int | None, typer.Option("--seed", help="Graine du hasard (même graine, même donne).")
        ] = None,
        deck: Annotated[
            Path | None,
            typer.Option(
                "--deck",
                help="Gutenberg, Gremlins : fichier de cartes à la place du paquet fourni.",
            ),
        ] = None,
        save: Annotated[
            Path | None,
            typer.Option("--save", help="Où enregistrer la partie (fichier JSON)."),
        ] = None,
        tiles: Annotated[
            Path | None,
            typer.Option(
                "--tiles",
                help="Letter : fichier de pièces à la place de celles fournies. Notation des "
                "coups de Letter : E2x1 c5 : c5-c6-d6 (poser E 2x1 en c5, nommer le mot lu "
                "par ces cases) ou E2x1 c5 : MER ; « aide » en jeu pour le détail.",
            ),
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option(
                "--option",
                "-o",
                help="Option de la table, NOM=VALEUR, répétable (par exemple -o sablier=oui "
                "-o comptage=3) ; les mêmes que dans le salon. Un fichier : -o tuiles=FICHIER.",
                metavar="NOM=VALEUR",
            ),
        ] = None,
    ) -> None:
        """Jouer dans le terminal contre des robots (ou seul contre la Rotative).

        Thèmes (-o mode=expert|simultanee|equipe, -o jugement=vote, -o secondes=60) : « 2 new
        york » dit un mot pour le thème de la colonne 2 (cartes choisies au mieux), « 2 new york :
        E R O » en nommant les lettres (N¹ première, E² seconde, S$ dernière), « 2+ nemo »
        associe la 5e pile (Expert) ; main, fin, oui / non (juge : silence = oui), table, aide,
        quitter. Simultanée : même notation avec les deux cartes retournées, « rien » abandonne
        la manche ; le compte à rebours est le temps du robot le plus rapide. Équipe (-n 4 à
        12, -o equipes=2) : « p2 3 new york » = paquet de 2 cartes, colonne 3 (sans pN, le
        meilleur paquet) ; « fin » laisse vos coéquipiers finir la manche.

        Gremlins (--mode classique|equipes, -o prestige=10, --deck FICHIER) : commencer A05,
        assigner A05 2, jouer A05 (paiement choisi au mieux) ou jouer A05 : 1 malice, 2 or,
        terminer 2, annuler 2, fin ; un numéro répond à une question ; garder ou refaire A01
        A02 à la mise en place (-o nouvelle_main=oui).
        """
        console = Console()
        status = play_game(
            game,
            console,
            _terminal_ask(console),
            players=players,
            bots=bots,
            solo=solo,
            mode=mode,
            seed=seed,
            deck=deck,
            save=save,
            errors=Console(stderr=True),
            tiles=tiles,
            option_flags=option or [],
            timed_ask=timed_input,
        )
        if status:
            raise typer.Exit(code=status)

    @app.command("replay")
    def replay(
        file: Annotated[
            Path, typer.Argument(help="Partie enregistrée (JSON).", show_default=False)
        ],
        seat: Annotated[
            int | None,
            typer.Option(
                "--seat",
                help="Voir la partie depuis cette place (1 : le premier joueur) ; "
                "par défaut, en spectateur.",
            ),
        ] = None,
        pause: Annotated[
            bool, typer.Option("--pause", help="Attendre Entrée entre les tours.")
        ] = False,
    ) -> None:
        """Revoir une partie enregistrée, tour par tour."""
        console = Console()
        status = replay_file(
            file,
            console,
            seat=seat,
            pause=_terminal_ask(console) if pause else None,
            errors=Console(stderr=True),
        )
        if status:
            raise typer.Exit(code=status)
