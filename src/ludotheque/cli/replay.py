"""``ludotheque replay FILE``: show a saved game step by step, through the views.

Generic for every registered game: the record is read and replayed (every move checked), and
a renderer tells each move as one seat (or a spectator) saw it. Games may register their own
renderer in :data:`RENDERERS`; the generic one prints each move (the action itself only when
the viewer may see it) and the final view. Gutenberg's tells the game round by round.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from rich import box
from rich.console import Console
from rich.json import JSON
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ludotheque.core.errors import LudoError
from ludotheque.core.json_types import JsonObject
from ludotheque.core.moves import PendingMove
from ludotheque.core.protocol import Game, Seat, State
from ludotheque.core.record import GameRecord
from ludotheque.core.registry import Registry

__all__ = [
    "RENDERERS",
    "GenericRenderer",
    "ReplayError",
    "ReplayRenderer",
    "load_record",
    "replay_record",
]

Ask = Callable[[str], str]


class ReplayError(LudoError):
    """A record that cannot be read or replayed (the message is French)."""

    code = "bad-record"


class ReplayRenderer(Protocol):
    """Tells a replayed game. ``step`` returns True at a natural pause (end of a round...)."""

    def begin(self, view: JsonObject) -> None: ...

    def step(self, before: JsonObject, move: PendingMove, after: JsonObject) -> bool: ...

    def end(self, view: JsonObject, state: State[Any]) -> None: ...


RendererFactory = Callable[
    [Console, Game[Any, Any], GameRecord, State[Any], "Seat | None"], ReplayRenderer
]


def _names(players: int) -> list[str]:
    return [f"Place {seat + 1}" for seat in range(players)]


class GenericRenderer:
    """Any game: one line per move, then the result and the final view."""

    def __init__(
        self, console: Console, game: Game[Any, Any], record: GameRecord, seat: Seat | None
    ) -> None:
        self.console = console
        self.game = game
        self.seat = seat
        self.names = _names(record.players)
        self.count = 0

    def begin(self, view: JsonObject) -> None:
        pass

    def step(self, before: JsonObject, move: PendingMove, after: JsonObject) -> bool:
        self.count += 1
        seat = move.seat
        if not self.game.info.hidden_information or seat == self.seat:
            shown = self.game.format_action(move.action)
        else:
            # What this seat (or a spectator) was told at the table, nothing more.
            shown = move.describe(self.seat, self.names[seat], self.names)
        self.console.print(
            Text.assemble(f"{self.count:>4}. ", (self.names[seat], "bold"), f" : {shown}")
        )
        return True

    def end(self, view: JsonObject, state: State[Any]) -> None:
        outcome = state.outcome()
        self.console.print(Rule("Vue finale", style="dim"))
        self.console.print(JSON.from_data(view))
        if outcome is None:
            return
        table = Table(title="Résultat", box=box.SIMPLE_HEAD, title_justify="left")
        table.add_column("Rang", justify="right")
        table.add_column("Joueur")
        table.add_column("Score", justify="right")
        for seat in sorted(range(len(outcome.ranks)), key=lambda s: (outcome.ranks[s], s)):
            score = "" if outcome.scores is None else f"{outcome.scores[seat]:g}"
            table.add_row(str(outcome.ranks[seat]), self.names[seat], score)
        self.console.print(table)
        if outcome.reason:
            self.console.print(outcome.reason)


class _GutenbergRenderer:
    """Gutenberg, round by round: words, scores, ranking, claims, and the result."""

    def __init__(
        self,
        console: Console,
        game: Game[Any, Any],
        record: GameRecord,
        state: State[Any],
        seat: Seat | None,
    ) -> None:
        from ludotheque.games.gutenberg.state import GutenbergState

        from .games.gutenberg_render import Narrator, seat_names

        assert isinstance(state, GutenbergState)
        rewards = {cid: c.reward.describe() for cid, c in state.catalog.challenges.items()}
        names = seat_names(record.players, state.solo)
        self.narrator = Narrator(
            console, names, rewards, viewer=seat, best_word=seat is not None, show_hand=True
        )
        self.console = console

    def begin(self, view: JsonObject) -> None:
        self.narrator.start(view)

    def step(self, before: JsonObject, move: PendingMove, after: JsonObject) -> bool:
        self.narrator.observe(before, move.seat, move.data, after)
        return after["tour"] != before["tour"]

    def end(self, view: JsonObject, state: State[Any]) -> None:
        from .games.gutenberg_render import PHASES

        if state.outcome() is None:
            phase = str(view["phase"])
            self.console.print()
            self.console.print(
                f"Partie inachevée : elle s'arrête au tour {view['tour']} "
                f"({PHASES.get(phase, phase)}).",
                style="yellow",
            )


def _gutenberg(
    console: Console,
    game: Game[Any, Any],
    record: GameRecord,
    state: State[Any],
    seat: Seat | None,
) -> ReplayRenderer:
    return _GutenbergRenderer(console, game, record, state, seat)


RENDERERS: dict[str, RendererFactory] = {"gutenberg": _gutenberg}


def load_record(path: Path) -> GameRecord:
    """Read a record file (:class:`ReplayError` with a French message if it cannot be)."""
    try:
        content = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReplayError(f"Fichier introuvable : {path}.") from None
    except UnicodeDecodeError:
        raise ReplayError(f"{path} n'est pas un fichier texte (UTF-8).") from None
    except OSError as error:
        raise ReplayError(f"Impossible de lire {path} : {error.strerror}.") from None
    try:
        return GameRecord.loads(content)
    except LudoError as error:
        raise ReplayError(f"{path} n'est pas une partie enregistrée : {error.message}") from None


def _describe_options(options: JsonObject) -> str:
    parts = []
    for name, value in options.items():
        if isinstance(value, str) and ("\n" in value or len(value) > 40):
            shown = f"texte de {len(value.splitlines())} lignes"
        else:
            shown = "par défaut" if value is None else str(value)
        parts.append(f"{name} : {shown}")
    return ", ".join(parts)


def replay_record(
    record: GameRecord,
    registry: Registry,
    console: Console,
    *,
    seat: Seat | None = None,
    pause: Ask | None = None,
) -> State[Any]:
    """Replay ``record`` as ``seat`` sees it (``None``: a spectator); the final state.

    Raises :class:`ReplayError` for an unknown game, a bad seat or a move the rules refuse.
    ``pause`` (if given) is asked at each natural pause, e.g. between rounds.
    """
    try:
        game = registry.get(record.game)
    except LudoError as error:
        raise ReplayError(error.message) from None
    if seat is not None and not 0 <= seat < record.players:
        raise ReplayError(
            f"Place inconnue : les places de cette partie vont de 1 à {record.players}."
        )
    try:
        state = record.initial(game)
    except ValueError as error:
        message = error.message if isinstance(error, LudoError) else str(error)
        raise ReplayError(f"Partie impossible à recréer : {message}") from None
    factory = RENDERERS.get(record.game)
    renderer = (
        factory(console, game, record, state, seat)
        if factory is not None
        else GenericRenderer(console, game, record, seat)
    )
    who = "spectateur" if seat is None else f"place {seat + 1}"
    console.print(Rule(f"{game.info.title} — partie enregistrée", style="bold"))
    console.print(
        f"{record.players} joueur{'s' if record.players > 1 else ''}, graine {record.seed}, "
        f"{len(record.moves)} coups ; {_describe_options(record.options)}. Vue : {who}."
    )
    view = state.view(seat)
    renderer.begin(view)
    played = record.played(game, state)
    for number, recorded in enumerate(record.moves, 1):
        try:
            move = next(played)
        except ValueError as error:
            message = error.message if isinstance(error, LudoError) else str(error)
            raise ReplayError(
                f"Coup n° {number} (place {recorded.seat + 1}) refusé : {message}"
            ) from None
        after = move.after.view(seat)
        boundary = renderer.step(view, move, after)
        state, view = move.after, after
        if boundary and pause is not None and number < len(record.moves):
            pause("Entrée pour continuer… ")
    renderer.end(view, state)
    return state
