"""Play Letter in the terminal: a person at seat 0 against bots (or solo).

Like Gutenberg's front end, the game goes through a :class:`~ludotheque.core.match.Match`
(JSON actions; the record is saved after every accepted action) with an injected console and
``ask`` function. The person types moves in the notation of
:data:`ludotheque.games.letter.notation.TYPED_HELP` (``E2x1 c5 : c5-c6-d6``); a move the rules
refuse, or that cannot be read, is explained in French and changes nothing. Bots come from
:func:`ludotheque.bots.simulate.bot_factories` (the game's ``bots.BOTS``, or the random bot).

The table's options are resolved for one person at the table (the rulebook's penalty for a
wrong word, as in the lobby). A knock window asks without insisting: Enter lets it pass, and
with a window that closes by itself (``frappe_secondes``) the seconds left count down above
the question; when they run out, the window passes (« pas de frappe »).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from rich import box
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from ludotheque.bots.base import Bot, Observation
from ludotheque.bots.levels import LEVELS
from ludotheque.bots.simulate import bots_by_name
from ludotheque.core.errors import LudoError
from ludotheque.core.json_types import JsonObject
from ludotheque.core.match import Match
from ludotheque.core.protocol import Outcome, RuleTimer, Seat
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games.letter import Letter
from ludotheque.games.letter.actions import Action, NoKnock, Turn
from ludotheque.games.letter.notation import TYPED_HELP, parse_typed
from ludotheque.games.letter.state import LetterState

from .countdown import TimedAsk, timed_input
from .letter_render import table_of

__all__ = ["HUMAN", "LetterTerminal", "Quit", "load_bots", "new_match"]

Ask = Callable[[str], str]
HUMAN: Seat = 0
_HELP_WORDS = {"aide", "?", "help"}


class Quit(Exception):
    """The person asked to stop (« quitter », Ctrl-D or Ctrl-C)."""


def new_match(
    players: int,
    seed: int,
    *,
    tiles_text: str | None = None,
    side: int | None = None,
    extra: JsonObject | None = None,
) -> Match:
    """A Letter match: solo for one player, classic otherwise; ``extra``: table options."""
    options: JsonObject = {"mode": "solo" if players == 1 else "classique", **(extra or {})}
    if tiles_text is not None:
        options["tuiles"] = tiles_text
    if side is not None:
        options["plateau"] = side
    game = Letter()
    # A person sits at the table: the defaults that depend on it apply (erreurs=penalite).
    resolved = game.info.resolve_options(players, options, people=1)
    return Match.start(game, players, seed, resolved)


def load_bots(names: Sequence[str]) -> list[Bot]:
    """Bots by name (:class:`LudoError` in French for an unknown one)."""
    return bots_by_name(Letter(), names)


def help_panel() -> Panel:
    body = Text.assemble(
        ("Notation des coups\n", "bold"),
        TYPED_HELP,
        "\n\nÀ chaque question : aide (ou ?) ; table : réafficher la table ; "
        "quitter : arrêter (la partie reste enregistrée).",
    )
    return Panel(body, title="Aide", title_align="left", border_style="green", box=box.ROUNDED)


def _title(label: str) -> str:
    """A level as players read it (« Débutant »); another bot keeps its name."""
    profile = LEVELS.get(label)
    return label if profile is None else profile.title


class LetterTerminal:
    """One game: the person plays seat 0, ``bots`` the others; ``save`` after every action."""

    def __init__(
        self,
        match: Match,
        console: Console,
        ask: Ask,
        bots: Sequence[Bot] = (),
        *,
        save: Callable[[GameRecord], None] | None = None,
        bot_labels: Sequence[str] = (),
        bot_seed: int = 0,
        timed_ask: TimedAsk | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if len(bots) != self._state_of(match).players - 1:
            raise ValueError("one bot per seat but the first")
        self.match = match
        self.console = console
        self.ask = ask
        self.bots = dict(enumerate(bots, 1))
        self.rngs = {seat: Rng.from_seed((bot_seed + seat) % 2**62) for seat in self.bots}
        self.save = save
        labels = [_title(label) for label in (list(bot_labels) or [bot.name for bot in bots])]
        self.names = ["Vous", *(f"{label} (place {i})" for i, label in enumerate(labels, 2))]
        self.recent: set[str] = set()
        # « sablier »: the terminal owns the clock (the rules only say whose hourglass runs).
        self.timed_ask = timed_ask
        self.clock = clock
        self.turned: dict[str, float] = {}  # hourglass key -> when it was turned over

    @staticmethod
    def _state_of(match: Match) -> LetterState:
        state = match.state
        assert isinstance(state, LetterState)
        return state

    @property
    def state(self) -> LetterState:
        return self._state_of(self.match)

    def run(self) -> Outcome | None:
        """Play to the end; the outcome, or None if the person quit."""
        self._save()
        try:
            while not self.state.is_over:
                movers = self.state.to_move()
                bots = sorted(movers - {HUMAN})
                for seat in bots:
                    if seat in self.state.to_move():
                        self._bot_move(seat)
                if not bots and HUMAN in movers:
                    self._human_move()
        except (Quit, KeyboardInterrupt):
            self.console.print()
            self.console.print("Partie interrompue.", style="bold yellow")
            return None
        self.show_table()
        outcome = self.state.outcome()
        assert outcome is not None
        self._tell_outcome(outcome)
        return outcome

    def _save(self) -> None:
        if self.save is not None:
            self.save(self.match.record)

    def _submit(self, seat: Seat, action: Action) -> None:
        before = self.state
        game = self.match.game
        self.match.submit(seat, game.encode_action(action))
        self._save()
        if isinstance(action, Turn):
            self.recent = {p.tile for p in action.placements}
        line = game.describe_action(before, seat, action, HUMAN, self.names[seat], self.names)
        self.console.print(Text(line, style="cyan" if seat == HUMAN else ""), soft_wrap=True)

    def _bot_move(self, seat: Seat) -> None:
        draws = self.rngs[seat].draws()
        action = self.bots[seat].choose(Observation.of(self.match.game, self.state, seat), draws)
        try:
            self._submit(seat, action)
        except LudoError as error:
            self.console.print(
                f"{self.names[seat]} propose un coup refusé ({error.message}) : il joue au hasard.",
                style="yellow",
            )
            self._submit(seat, self.state.sample_action(seat, draws))
        self.rngs[seat] = draws.freeze()

    def show_table(self) -> None:
        view = self.state.view(HUMAN)
        self.console.print(table_of(view, self.names, self.recent))

    def _prompt(self) -> str:
        state = self.state
        if state.phase == "tirage":
            return "Taille de la lettre à prendre (ex. 2x1) > "
        if state.phase == "frappe":
            return "Frapper ? (frapper c5-c6 MER ; Entrée : pas de frappe) > "
        if state.first_round(HUMAN):
            return "Première manche : une lettre où vous voulez (E2x1 c5) > "
        return "Votre coup (aide pour la notation) > "

    def _my_hourglass(self) -> RuleTimer[Action] | None:
        return next((t for t in self.state.rule_timers() if t.seat == HUMAN), None)

    def _answer(self, hourglass: RuleTimer[Action] | None) -> str | None:
        """The person's next line, or None when their hourglass ran out first."""
        if hourglass is None:
            return self.ask(self._prompt())
        started = self.turned.setdefault(hourglass.key, self.clock())
        left = hourglass.seconds - (self.clock() - started)
        if left <= 0:
            return None
        if self.timed_ask is timed_input and self.state.phase == "frappe":
            return timed_input(self._prompt(), left, label="Fenêtre de frappe")
        if self.timed_ask is not None:
            return self.timed_ask(self._prompt(), left)
        answer = self.ask(f"[{int(left)} s] {self._prompt()}")
        return None if self.clock() - started > hourglass.seconds else answer

    def _human_move(self) -> None:
        self.show_table()
        while True:
            hourglass = self._my_hourglass()
            try:
                raw = self._answer(hourglass)
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
            if raw is None and hourglass is not None:
                if self.state.phase == "frappe":
                    self.console.print("Fenêtre de frappe fermée : pas de frappe.", style="dim")
                else:
                    self.console.print("Sablier écoulé !", style="bold red")
                self._submit(HUMAN, hourglass.action)
                return
            if raw is None:
                continue
            answer = raw.strip()
            command = answer.lower()
            if not answer and self.state.phase == "frappe":
                self._submit(HUMAN, NoKnock())  # Enter: nothing to say
                return
            if not answer:
                continue
            if command in _HELP_WORDS:
                self.console.print(help_panel())
                continue
            if command == "table":
                self.show_table()
                continue
            if command == "quitter":
                raise Quit
            try:
                action = parse_typed(self.state, HUMAN, answer)
                self._submit(HUMAN, action)
            except LudoError as error:
                self.console.print(Text(error.message, style="bold red"), soft_wrap=True)
                continue
            return

    def _tell_outcome(self, outcome: Outcome) -> None:
        if outcome.reason:
            self.console.print(outcome.reason)
        scores = self.state.view(HUMAN).get("scores")
        if isinstance(scores, list):
            line = ", ".join(
                f"{name} {score}" for name, score in zip(self.names, scores, strict=False)
            )
            self.console.print(Text.assemble(("Fin de la partie. ", "bold"), f"Scores : {line}."))
        order = sorted(range(len(outcome.ranks)), key=lambda seat: (outcome.ranks[seat], seat))
        ranking = ", ".join(
            f"{'1er' if outcome.ranks[s] == 1 else f'{outcome.ranks[s]}e'} {self.names[s]}"
            for s in order
        )
        self.console.print(Text.assemble(("Classement : ", "bold"), ranking, "."))
        if HUMAN in outcome.winners:
            shared = " (ex æquo)" if len(outcome.winners) > 1 else ""
            self.console.print(f"Vous gagnez{shared} !", style="bold green")
