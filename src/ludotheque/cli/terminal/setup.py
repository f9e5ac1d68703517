"""``ludotheque play GAME``: from the command line's flags to a game in the terminal.

One set-up for every registered game: the players and the mode are checked against the game's
:class:`~ludotheque.core.options.GameInfo` (its modes and their numbers of players), the bots
come from the game's :class:`~ludotheque.bots.table.BotTable`, the table's options from
``-o NOM=VALEUR`` (and the files a game reads: ``--deck``, ``--tiles``), and the game is played
by the game's :class:`~.session.Terminal` (:func:`terminal_for`). The person sits at place 1,
so the options whose default depends on people at the table resolve for one person.

Saved games go to ``--save FILE`` or to ``$XDG_DATA_HOME/ludotheque/parties/`` (by default
``~/.local/share/ludotheque/parties/``), named ``<jeu>-<graine>-<n>.json``; the record is
written again after every accepted action, so an interrupted game is not lost.
"""

from __future__ import annotations

import importlib
import os
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from ludotheque.bots.base import Bot
from ludotheque.bots.table import bot_table
from ludotheque.core.errors import InvalidOptions, LudoError
from ludotheque.core.french import plural
from ludotheque.core.json_types import JsonObject
from ludotheque.core.match import Match
from ludotheque.core.options import Mode
from ludotheque.core.protocol import Game
from ludotheque.core.record import GameRecord
from ludotheque.games import default_registry

from ..countdown import TimedAsk, timed_input
from ..table_options import parse_option_flags
from .session import Ask, FileOption, Terminal, bot_title

__all__ = [
    "MAX_SEED",
    "FileOption",
    "RecordFile",
    "SetupError",
    "default_save_path",
    "make_bots",
    "new_match",
    "play_game",
    "print_error",
    "terminal_for",
]

MAX_SEED = 2**63 - 1
DEFAULT_BOT = "intermediaire"
"""The level a person plays against when they name none (the web tables' default too)."""


class SetupError(LudoError):
    """Flags that make no game; the message is French."""

    code = "bad-setup"


def terminal_for(name: str) -> type[Terminal[Any]]:
    """The terminal of game ``name``: its module in :mod:`ludotheque.cli.games`, else the
    generic one (the view as JSON, actions typed in the game's notation or by number)."""
    try:
        module = importlib.import_module(f"ludotheque.cli.games.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"ludotheque.cli.games.{name}":
            raise
        from ludotheque.cli.games.generic import GenericTerminal

        return GenericTerminal
    found: type[Terminal[Any]] = module.TERMINAL
    return found


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


@dataclass(slots=True)
class Table:
    """What the flags ask for, checked: the players, the mode, the options, the bots."""

    game: Game[Any, Any]
    terminal: type[Terminal[Any]]
    players: int
    mode: Mode
    options: JsonObject
    bot_names: list[str]
    seed: int


def _choose_mode(
    game: Game[Any, Any], players: int | None, solo: bool, wanted: str | None
) -> tuple[Mode, bool]:
    """The mode the flags ask for, and whether it was named."""
    info = game.info
    solos = [mode for mode in info.modes if mode.max_players == 1]
    if wanted is not None:
        try:
            return info.mode(wanted), True
        except InvalidOptions:
            known = ", ".join(mode.name for mode in info.modes)
            raise SetupError(f"Mode inconnu : « {wanted} » (possibles : {known}).") from None
    if solo or players == 1:
        if not solos:
            raise SetupError(
                f"{info.title} se joue de {info.min_players} à {info.max_players} joueurs : "
                "pas de solo."
            )
        return solos[0], False
    return next(mode for mode in info.modes if mode.max_players > 1), False


def plan_table(
    game: Game[Any, Any],
    *,
    players: int | None,
    bots: str | None,
    solo: bool,
    mode: str | None,
    seed: int | None,
    extra: JsonObject,
) -> Table:
    """Check the flags against the game (:class:`SetupError` in French)."""
    terminal = terminal_for(game.info.name)
    info = game.info
    names = [name.strip() for name in (bots or "").split(",") if name.strip()]
    if solo and players not in (None, 1):
        raise SetupError(f"--solo se joue seul : retirez --players {players}.")
    extra = terminal.mode_flag(mode, extra)
    wanted = extra.get("mode")
    chosen, named = _choose_mode(game, players, solo, None if wanted is None else str(wanted))
    if players is None:
        players = 1 if chosen.max_players == 1 else max(chosen.min_players, 1 + len(names))
    if chosen.max_players == 1 and players != 1:
        raise SetupError(f"{chosen.title} se joue seul : retirez --players {players}.")
    low, high = (chosen.min_players, chosen.max_players) if named else info_range(game)
    if not low <= players <= high:
        who = f"{info.title} ({chosen.title})" if named else info.title
        raise SetupError(f"{who} se joue de {low} à {high} joueurs, pas à {players}.")
    if players == 1 and names:
        raise SetupError(f"En solo, pas de robots{terminal.solo_opponent}.")
    if len(names) > players - 1:
        raise SetupError(
            f"Trop de robots : {len(names)} pour {plural(players - 1, 'place')} "
            f"(--players {players})."
        )
    table = bot_table(game)
    fallback = DEFAULT_BOT if DEFAULT_BOT in table else "random"
    bot_names = [names[min(i, len(names) - 1)] if names else fallback for i in range(players - 1)]
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    if not 0 <= seed <= MAX_SEED:
        raise SetupError(f"La graine doit être un entier de 0 à {MAX_SEED}.")
    options: JsonObject = {**extra, "mode": chosen.name}
    return Table(game, terminal, players, chosen, options, bot_names, seed)


def info_range(game: Game[Any, Any]) -> tuple[int, int]:
    return game.info.min_players, game.info.max_players


def _read_files(terminal: type[Terminal[Any]], files: Mapping[str, Path | None]) -> JsonObject:
    """The texts of the files given as flags, as table options."""
    options: JsonObject = {}
    for flag, path in files.items():
        if path is None:
            continue
        spec = terminal.files.get(flag)
        if spec is None:
            registry = default_registry()
            users = [
                registry.get(name).info.title
                for name in registry.names()
                if flag in terminal_for(name).files
            ]
            raise SetupError(f"--{flag} ne sert qu'à {' et à '.join(users) or 'aucun jeu'}.")
        try:
            options[spec.option] = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or "fichier illisible"
            raise SetupError(f"Impossible de lire {spec.reading} {path} : {reason}.") from None
    return options


def start_match(table: Table, files: Mapping[str, Path | None], console: Console) -> Match:
    """The match of ``table``: its options resolved for one person at the table."""
    game, terminal = table.game, table.terminal
    texts = _read_files(terminal, files)
    for flag, spec in terminal.files.items():
        if spec.option in texts:
            terminal.check_file(spec.option, str(texts[spec.option]), str(files[flag]), console)
    options = {**table.options, **texts}
    try:
        resolved = game.info.resolve_options(table.players, options, people=1)
        return Match.start(game, table.players, table.seed, resolved)
    except InvalidOptions as error:
        for flag, spec in terminal.files.items():
            if error.params.get("option") == spec.option:
                raise SetupError(f"{spec.noun} {files[flag]} refusé — {error.message}") from None
        raise SetupError(f"Partie refusée — {error.message}") from None
    except LudoError as error:
        raise SetupError(f"Partie refusée — {error.message}") from None


def make_bots(game: Game[Any, Any], names: Sequence[str]) -> list[Bot]:
    """The bots named (a level as a person writes it, « hasard »); :class:`SetupError` names
    the known ones for an unknown name."""
    table = bot_table(game)
    try:
        return [table.make(name) for name in names]
    except LudoError as error:
        raise SetupError(error.message) from None


def new_match(name: str, players: int, seed: int, options: JsonObject | None = None) -> Match:
    """A match of game ``name`` as ``ludotheque play`` starts it: the mode from ``options``
    (by default the solo mode for one player, else the first mode), the options resolved for
    one person at the table. :class:`SetupError` in French for options that make no game.

    >>> new_match("letter", 2, 1).record.options["erreurs"]
    'penalite'
    """
    game = default_registry().get(name)
    table = plan_table(
        game, players=players, bots=None, solo=False, mode=None, seed=seed, extra=options or {}
    )
    return start_match(table, {}, Console())


def _introduce(console: Console, table: Table, match: Match) -> None:
    info = table.game.info
    several = sum(1 for mode in info.modes if mode.max_players > 1) > 1
    mode = f" ({table.mode.title})" if several and table.players > 1 else ""
    opponents = (
        table.terminal.solo_line(match)
        if table.players == 1
        else f"contre {plural(table.players - 1, 'robot')} "
        f"({', '.join(bot_title(name) for name in table.bot_names)})"
    )
    console.print(
        Text.assemble(
            (info.title, "bold"),
            f"{mode} — vous (place 1) {opponents}, graine {table.seed}. "
            "Tapez « aide » à tout moment.",
        ),
        soft_wrap=True,
    )
    teams = table.game.teams(table.players, match.record.options)
    if teams is not None:
        listed = " ; ".join(
            f"équipe {team + 1} : places "
            + ", ".join(str(seat + 1) for seat, t in enumerate(teams) if t == team)
            for team in sorted(set(teams))
        )
        console.print(
            f"Équipes — {listed} (vous êtes dans l'équipe {teams[0] + 1}).", soft_wrap=True
        )


def print_error(console: Console, message: str) -> int:
    """Print a French error of the command line; its exit status, 2."""
    console.print(Text(message, style="bold red"), soft_wrap=True)
    return 2


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
    """Play one game of any registered game in the terminal; the exit status (0; 1 when the
    game could not be saved; 2 for flags that make no game)."""
    errors = errors or console
    registry = default_registry()
    if game_name not in registry:
        known = ", ".join(registry.names())
        return print_error(errors, f"Jeu inconnu : « {game_name} ». Jeux connus : {known}.")
    game = registry.get(game_name)
    try:
        extra = parse_option_flags(game.info, option_flags)
        if side is not None:
            extra = {**extra, "plateau": side}
        table = plan_table(
            game, players=players, bots=bots, solo=solo, mode=mode, seed=seed, extra=extra
        )
        match = start_match(table, {"deck": deck, "tiles": tiles}, console)
        bot_list = make_bots(game, table.bot_names)
    except InvalidOptions as error:
        return print_error(errors, error.message)
    except SetupError as error:
        return print_error(errors, error.message)
    path = save if save is not None else default_save_path(game_name, table.seed, env)
    _introduce(console, table, match)
    saver = RecordFile(path, console)
    terminal = table.terminal(
        match,
        console,
        ask,
        bot_list,
        save=saver,
        bot_labels=table.bot_names,
        bot_seed=table.seed,
        timed_ask=timed_ask,
        # Bots take their time only in a real terminal, never in tests.
        sleep=time.sleep if timed_ask is timed_input else None,
    )
    terminal.run()
    console.print()
    if saver.failed:
        console.print(f"La partie n'a pas pu être enregistrée dans {path}.", style="bold red")
        return 1
    # soft_wrap: a path stays on one line, so that it can be copied.
    console.print(f"Partie enregistrée dans {path}", soft_wrap=True)
    console.print(f"Pour la revoir : ludotheque replay {path}", style="dim", soft_wrap=True)
    return 0
