"""``ludotheque play GAME`` and ``ludotheque replay FILE``: play in the terminal, watch again.

``register(app)`` adds both commands to the main typer application. The work is done by
:func:`play_game` and :func:`replay_file`, which take their console and input function as
arguments (tests drive them directly) and return the exit status.

Saved games go to ``--save FILE`` or to ``$XDG_DATA_HOME/ludotheque/parties/`` (by default
``~/.local/share/ludotheque/parties/``), named ``<jeu>-<graine>-<n>.json``; the record is
written again after every accepted action, so an interrupted game is not lost.
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from ludotheque.bots.levels import level
from ludotheque.core.errors import InvalidOptions, LudoError
from ludotheque.core.french import plural
from ludotheque.core.json_types import JsonObject
from ludotheque.core.record import GameRecord
from ludotheque.games import default_registry

from .countdown import TimedAsk, timed_input
from .table_options import parse_option_flags

__all__ = [
    "RecordFile",
    "default_save_path",
    "play_game",
    "register",
    "replay_file",
]

Ask = Callable[[str], str]
PLAYABLE = ("gutenberg", "letter", "themes", "gremlins")
MAX_SEED = 2**63 - 1


def default_save_path(game: str, seed: int, env: Mapping[str, str] | None = None) -> Path:
    """The first free ``<jeu>-<graine>-<n>.json`` in the user's data folder.

    >>> default_save_path("gutenberg", 7, {"XDG_DATA_HOME": "/nowhere"})
    PosixPath('/nowhere/ludotheque/parties/gutenberg-7-1.json')
    """
    env = os.environ if env is None else env
    base = env.get("XDG_DATA_HOME", "")
    # The XDG specification ignores an empty or relative value.
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    folder = root / "ludotheque" / "parties"
    number = 1
    while (folder / f"{game}-{seed}-{number}.json").exists():
        number += 1
    return folder / f"{game}-{seed}-{number}.json"


class RecordFile:
    """Writes a record to ``path`` (atomically: a temporary file, then a rename)."""

    def __init__(self, path: Path, console: Console) -> None:
        self.path = path
        self.console = console
        self.failed = False

    def __call__(self, record: GameRecord) -> None:
        temporary = self.path.with_name(self.path.name + ".tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_text(record.dumps() + "\n", encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError as error:
            if not self.failed:
                self.console.print(
                    f"Attention : impossible d'enregistrer la partie dans {self.path} "
                    f"({error.strerror}).",
                    style="bold red",
                )
            self.failed = True


def _error(console: Console, message: str) -> int:
    console.print(Text(message, style="bold red"), soft_wrap=True)
    return 2


def _bot_names(names: list[str], players: int) -> list[str]:
    """The bot of each other place: the names given, the last one repeated (default: the
    Intermédiaire level)."""
    names = names or ["intermediaire"]
    return [names[min(i, len(names) - 1)] for i in range(players - 1)]


def bot_titles(names: Sequence[str]) -> list[str]:
    """What a player reads for each bot: a level's title (« Débutant »), else its name.

    >>> bot_titles(["debutant", "Intermédiaire", "greedy"])
    ['Débutant', 'Intermédiaire', 'greedy']
    """
    titles = []
    for name in names:
        try:
            titles.append(level(name).title)
        except LudoError:
            titles.append(name)
    return titles


def _pick_seed(seed: int | None) -> int | None:
    """The seed asked for, or a random one; None when it is out of range."""
    if seed is None:
        return secrets.randbelow(1_000_000)
    return seed if 0 <= seed <= MAX_SEED else None


def _read_option_file(path: Path, what: str) -> tuple[str | None, str]:
    """The text of a file given as an option, or None and the French reason."""
    try:
        return path.read_text(encoding="utf-8"), ""
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or "fichier illisible"
        return None, f"Impossible de lire {what} {path} : {reason}."


def play_game(
    game_name: str,
    console: Console,
    ask: Ask,
    *,
    players: int | None = None,
    bots: str | None = None,
    solo: bool = False,
    mode: str | None = None,
    seed: int | None = None,
    deck: Path | None = None,
    save: Path | None = None,
    errors: Console | None = None,
    env: Mapping[str, str] | None = None,
    tiles: Path | None = None,
    side: int | None = None,
    option_flags: Sequence[str] = (),
    timed_ask: TimedAsk | None = None,
) -> int:
    """Play one game in the terminal; the exit status (0, or 2 for bad options)."""
    errors = errors or console
    registry = default_registry()
    if game_name not in registry:
        known = ", ".join(PLAYABLE)
        return _error(errors, f"Jeu inconnu : « {game_name} ». Jeux jouables ici : {known}.")
    if game_name not in PLAYABLE:
        title = registry.get(game_name).info.title
        return _error(
            errors,
            f"{title} ne se joue pas encore dans le terminal. "
            f"Jeux jouables ici : {', '.join(PLAYABLE)}.",
        )
    try:
        extra = parse_option_flags(registry.get(game_name).info, option_flags)
    except InvalidOptions as error:
        return _error(errors, error.message)
    if deck is not None and game_name not in ("gutenberg", "gremlins"):
        return _error(errors, "--deck ne sert qu'à Gutenberg et à Gremlins.")
    if game_name == "gremlins":
        if tiles is not None:
            return _error(errors, "--tiles ne sert qu'à Letter (Gremlins : --deck).")
        from .play_gremlins import play_gremlins

        return play_gremlins(
            console,
            ask,
            errors,
            players=players,
            bots=bots,
            solo=solo,
            mode=mode,
            seed=seed,
            deck=deck,
            save=save,
            env=env,
            extra=extra,
        )
    if game_name == "letter":
        return _play_letter(
            console,
            ask,
            errors,
            players,
            bots,
            solo,
            seed,
            save,
            env,
            tiles,
            side,
            extra,
            timed_ask,
        )
    if game_name == "themes":
        return _play_themes(
            console, ask, errors, players, bots, solo, mode, seed, save, env, extra, timed_ask
        )
    if tiles is not None:
        return _error(errors, "--tiles ne sert qu'à Letter (Gutenberg : --deck).")
    from ludotheque.games.gutenberg.deck import DeckError, parse_deck
    from ludotheque.games.gutenberg.state import DIFFICULTIES

    from .play_gutenberg import GutenbergTerminal, load_bots, new_match

    # Who plays: --solo / --players 1 / --mode → solo; otherwise 1 + the bots listed, or 2.
    names = [name.strip() for name in (bots or "").split(",") if name.strip()]
    if mode is not None and mode not in DIFFICULTIES:
        return _error(errors, f"Mode inconnu : « {mode} » (possibles : {', '.join(DIFFICULTIES)}).")
    if solo or mode is not None:
        if players not in (None, 1):
            option = "--solo" if solo else "--mode"
            return _error(errors, f"{option} se joue seul : retirez --players {players}.")
        players = 1
    if players is None:
        players = max(2, 1 + len(names))
    if players == 1 and names:
        return _error(errors, "En solo, pas de robots : votre adversaire est la Rotative.")
    if not 1 <= players <= 6:
        return _error(errors, f"Gutenberg se joue de 1 à 6 joueurs, pas à {players}.")
    if len(names) > players - 1:
        return _error(
            errors,
            f"Trop de robots : {len(names)} pour {players - 1} place"
            f"{'s' if players > 2 else ''} (--players {players}).",
        )
    bot_names = _bot_names(names, players)
    seed = _pick_seed(seed)
    if seed is None:
        return _error(errors, f"La graine doit être un entier de 0 à {MAX_SEED}.")
    deck_text = None
    if deck is not None:
        deck_text, problem = _read_option_file(deck, "le paquet")
        if deck_text is None:
            return _error(errors, problem)
        try:
            loaded = parse_deck(deck_text, source=str(deck))
        except DeckError as error:
            return _error(errors, f"Paquet refusé — {error.message}")
        for warning in loaded.warnings:
            console.print(f"Paquet : {warning}", style="yellow")
    try:
        bot_list, notice = load_bots(bot_names) if players > 1 else ([], None)
        match = new_match(players, seed, difficulty=mode, deck_text=deck_text, extra=extra)
    except LudoError as error:
        return _error(errors, error.message)
    path = save if save is not None else default_save_path(game_name, seed, env)
    if notice:
        console.print(notice, style="yellow")
    opponents = (
        f"contre la Rotative (solo, {mode or 'normal'})"
        if players == 1
        else f"contre {plural(players - 1, 'robot')} ({', '.join(bot_titles(bot_names))})"
    )
    console.print(
        Text.assemble(
            ("Gutenberg", "bold"),
            f" — vous (place 1) {opponents}, graine {seed}. Tapez « aide » à tout moment.",
        )
    )
    saver = RecordFile(path, console)
    labels = ["hasard"] * len(bot_names) if notice else bot_titles(bot_names)
    terminal = GutenbergTerminal(
        match, console, ask, bot_list, save=saver, bot_labels=labels, bot_seed=seed
    )
    terminal.run()
    return _saved(console, saver, path)


def _saved(console: Console, saver: RecordFile, path: Path) -> int:
    """Say where the game was saved (and how to replay it); 1 if it could not be."""
    console.print()
    if saver.failed:
        console.print(f"La partie n'a pas pu être enregistrée dans {path}.", style="bold red")
        return 1
    # soft_wrap: a path stays on one line, so that it can be copied.
    console.print(f"Partie enregistrée dans {path}", soft_wrap=True)
    console.print(f"Pour la revoir : ludotheque replay {path}", style="dim", soft_wrap=True)
    return 0


def _play_letter(
    console: Console,
    ask: Ask,
    errors: Console,
    players: int | None,
    bots: str | None,
    solo: bool,
    seed: int | None,
    save: Path | None,
    env: Mapping[str, str] | None,
    tiles: Path | None,
    side: int | None,
    extra: JsonObject,
    timed_ask: TimedAsk | None,
) -> int:
    """``play letter``: the person at place 1 against bots (default Intermédiaire), or solo."""
    from .play_letter import LetterTerminal, load_bots, new_match

    names = [name.strip() for name in (bots or "").split(",") if name.strip()]
    if solo:
        players = 1
    if players is None:
        players = max(2, 1 + len(names))
    if not 1 <= players <= 6:
        return _error(errors, f"Letter se joue de 1 à 6 joueurs, pas à {players}.")
    if players == 1 and names:
        return _error(errors, "En solo, pas de robots.")
    if len(names) > players - 1:
        return _error(errors, f"Trop de robots : {len(names)} pour {players - 1} place(s).")
    bot_names = _bot_names(names, players)
    seed = _pick_seed(seed)
    if seed is None:
        return _error(errors, f"La graine doit être un entier de 0 à {MAX_SEED}.")
    tiles_text = None
    if tiles is not None:
        tiles_text, problem = _read_option_file(tiles, "les pièces")
        if tiles_text is None:
            return _error(errors, problem)
    try:
        bot_list = load_bots(bot_names) if players > 1 else []
        match = new_match(players, seed, tiles_text=tiles_text, side=side, extra=extra)
    except LudoError as error:
        return _error(errors, f"Partie refusée — {error.message}")
    path = save if save is not None else default_save_path("letter", seed, env)
    opponents = (
        "seul"
        if players == 1
        else f"contre {plural(players - 1, 'robot')} ({', '.join(bot_titles(bot_names))})"
    )
    console.print(
        Text.assemble(
            ("Letter", "bold"),
            f" — vous (place 1) {opponents}, graine {seed}. Tapez « aide » pour la notation.",
        )
    )
    saver = RecordFile(path, console)
    terminal = LetterTerminal(
        match,
        console,
        ask,
        bot_list,
        save=saver,
        bot_labels=bot_titles(bot_names),
        bot_seed=seed,
        timed_ask=timed_ask,
    )
    terminal.run()
    return _saved(console, saver, path)


def _play_themes(
    console: Console,
    ask: Ask,
    errors: Console,
    players: int | None,
    bots: str | None,
    solo: bool,
    mode: str | None,
    seed: int | None,
    save: Path | None,
    env: Mapping[str, str] | None,
    extra: JsonObject,
    timed_ask: TimedAsk | None,
) -> int:
    """``play themes``: the person at place 1 against bots (default Intermédiaire), in
    the four modes (Équipe: 4 to 12 players, 4 by default; the others: 2 to 6)."""
    from .play_themes import ThemesTerminal, default_bot_name, load_bots, new_match

    if solo or players == 1:
        return _error(errors, "Thèmes se joue de 2 à 6 joueurs : pas de solo.")
    if mode is not None:
        extra = {**extra, "mode": mode}
    teams = extra.get("mode") == "equipe"
    low, high = (4, 12) if teams else (2, 6)
    names = [name.strip() for name in (bots or "").split(",") if name.strip()]
    if players is None:
        players = max(low, 1 + len(names))
    if not low <= players <= high:
        variant = "La variante par équipe" if teams else "Thèmes"
        return _error(errors, f"{variant} se joue de {low} à {high} joueurs, pas à {players}.")
    if len(names) > players - 1:
        return _error(errors, f"Trop de robots : {len(names)} pour {players - 1} place(s).")
    bot_names = [
        names[min(i, len(names) - 1)] if names else default_bot_name() for i in range(players - 1)
    ]
    seed = _pick_seed(seed)
    if seed is None:
        return _error(errors, f"La graine doit être un entier de 0 à {MAX_SEED}.")
    try:
        bot_list = load_bots(bot_names)
        match = new_match(players, seed, extra=extra)
    except LudoError as error:
        return _error(errors, f"Partie refusée — {error.message}")
    state_mode = match.record.options.get("mode")
    path = save if save is not None else default_save_path("themes", seed, env)
    console.print(
        Text.assemble(
            ("Thèmes", "bold"),
            f" ({state_mode}) — vous (place 1) contre {plural(players - 1, 'robot')} "
            f"({', '.join(bot_titles(bot_names))}), graine {seed}. Tapez « aide » pour la "
            "notation.",
        )
    )
    view = match.state.view(0)
    teams_of = view.get("equipes")
    if isinstance(teams_of, list):
        listed = " ; ".join(
            f"équipe {t + 1} : places "
            + ", ".join(str(s + 1) for s in members if isinstance(s, int))
            for t, members in enumerate(teams_of)
            if isinstance(members, list)
        )
        console.print(f"Équipes — {listed} (vous êtes dans l'équipe 1).", soft_wrap=True)
    saver = RecordFile(path, console)
    terminal = ThemesTerminal(
        match,
        console,
        ask,
        bot_list,
        save=saver,
        bot_labels=bot_titles(bot_names),
        bot_seed=seed,
        timed_ask=timed_ask,
        # Bots are paced (their ``seconds_per_word``) only in a real terminal, never in tests.
        sleep=time.sleep if timed_ask is timed_input else None,
    )
    terminal.run()
    return _saved(console, saver, path)


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
        return _error(errors, error.message)
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
