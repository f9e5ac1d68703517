"""The one terminal loop every game shares: turns, bots, saving, questions, quitting.

A game gives the terminal a subclass of :class:`Terminal` (its module in
:mod:`ludotheque.cli.games`) that overrides only what it draws and reads: :meth:`show` (the
table as the person sees it), :meth:`prompt` and :meth:`parse` (what a person types, as the
game's JSON action), :meth:`tell` (the journal line of a move) and :meth:`help_panel`. A game
whose person answers several questions in one turn (Gutenberg) overrides :meth:`human_turn`
and asks them with :meth:`question` and :meth:`confirm`, then plays with :meth:`play_chosen`;
a game played in real time (Thèmes' races) overrides :meth:`step`.

Everything goes through a :class:`~ludotheque.core.match.Match` (prepare, commit: the same
move path as the server); the record is saved after every accepted action. Input and output
are injected (a rich console, an ``ask(prompt) -> str`` and, for timed questions, a
``timed_ask(prompt, seconds) -> str | None``), so tests drive whole games. The person sits at
seat :data:`HUMAN`; each bot decides from its own observation only.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar, cast

from rich import box
from rich.console import Console, RenderableType
from rich.json import JSON
from rich.panel import Panel
from rich.text import Text

from ludotheque.bots.base import Bot, Observation
from ludotheque.bots.levels import LEVELS
from ludotheque.core.errors import IllegalAction, LudoError
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.match import Match
from ludotheque.core.moves import PendingMove
from ludotheque.core.protocol import Outcome, RuleTimer, Seat, State
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng

from ..countdown import TimedAsk, timed_input

__all__ = ["HUMAN", "Ask", "FileOption", "Quit", "Terminal", "bot_title", "ordinal", "panel"]

Ask = Callable[[str], str]
HUMAN: Seat = 0
"""The person's seat (place 1)."""

HELP_WORDS = frozenset({"aide", "?", "help"})
YES = frozenset({"o", "oui", "y", "yes"})
NO = frozenset({"n", "non", "no"})
COMMANDS_HELP = (
    "À chaque question : aide (ou ?) ; table : réafficher la table ; quitter : arrêter "
    "(la partie reste enregistrée). Pour écrire un mot qui est aussi une commande, "
    "précédez-le de « = » (=aide, =table)."
)


class Quit(Exception):
    """The person asked to stop (« quitter », Ctrl-D or Ctrl-C)."""


def bot_title(name: str) -> str:
    """A bot as players read it: a level's title (« Débutant »), else its name.

    >>> bot_title("debutant"), bot_title("greedy"), bot_title("random")
    ('Débutant', 'greedy', 'Hasard')
    """
    if name in ("random", "hasard"):
        return "Hasard"
    profile = LEVELS.get(name)
    return name if profile is None else profile.title


def ordinal(rank: int) -> str:
    """« 1er », « 2e »…

    >>> ordinal(1), ordinal(3)
    ('1er', '3e')
    """
    return "1er" if rank == 1 else f"{rank}e"


@dataclass(frozen=True, slots=True)
class FileOption:
    """A table option given as a file on the command line (``--deck``, ``--tiles``)."""

    option: str
    """The table option that receives the file's text."""
    reading: str
    """What is read, in a sentence: « le paquet »."""
    noun: str
    """What the file is, to say it is refused: « Paquet », « Fichier de cartes »."""


S = TypeVar("S", bound=State[Any])


class Terminal(Generic[S]):
    """One game in the terminal: the person plays seat 0, ``bots`` the other seats.

    ``save`` is called with the record once at the start and after every accepted action.
    ``bot_labels`` name the bots (a level's name is shown as its title); ``bot_seed`` seeds
    each bot's own draws. ``timed_ask``, ``clock`` and ``sleep`` serve the games with
    hourglasses: a person's question runs under their rule timer, and bots are paced only when
    ``sleep`` is given (in a real terminal, never in tests).
    """

    state_type: ClassVar[type[Any]] = State
    """The game's state class (checked once, so that subclasses may rely on it)."""
    people_first: ClassVar[bool] = False
    """When the person and bots may all act, the person answers first (else the bots)."""
    confirm_quit: ClassVar[bool] = False
    """« quitter » asks for a confirmation first."""
    thinking: ClassVar[str | None] = None
    """Shown while bots think (a real terminal only), e.g. « Les robots réfléchissent… »."""
    timer_label: ClassVar[str] = "Sablier"
    files: ClassVar[Mapping[str, FileOption]] = {}
    """The files the command line may give (``deck``, ``tiles``) and the option each fills."""
    solo_opponent: ClassVar[str] = ""
    """Who plays against a person alone, told when bots are asked for in solo."""

    # --- the set-up (``ludotheque play``) ------------------------------------------------------

    @classmethod
    def mode_flag(cls, mode: str | None, options: JsonObject) -> JsonObject:
        """The table options with ``--mode`` (default: the game's mode)."""
        return options if mode is None else {**options, "mode": mode.strip().lower()}

    @classmethod
    def solo_line(cls, match: Match) -> str:
        """Who a person alone plays against, in the opening line."""
        return "seul"

    @classmethod
    def check_file(cls, option: str, text: str, source: str, console: Console) -> None:
        """Read a file given for ``option`` before the game does (to show its warnings)."""

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
        sleep: Callable[[float], None] | None = None,
    ) -> None:
        if not isinstance(match.state, self.state_type):
            raise TypeError(f"{type(self).__name__} plays {self.state_type.__name__}")
        if len(bots) != match.state.players - 1:
            raise ValueError(f"{match.state.players - 1} bots expected, got {len(bots)}")
        self.match = match
        self.game = match.game
        self.console = console
        self.ask = ask
        self.bots = dict(enumerate(bots, 1))
        self.rngs = {seat: Rng.from_seed((bot_seed + seat) % 2**62) for seat in self.bots}
        self.save = save
        labels = [bot_title(label) for label in (list(bot_labels) or [b.name for b in bots])]
        self.names = self.seat_names(labels)
        self.timed_ask = timed_ask
        self.clock = clock
        self.sleep = sleep
        self.turned: dict[str, float] = {}  # a rule timer's key -> when it was turned over

    # --- what a game may override ------------------------------------------------------------

    def seat_names(self, labels: Sequence[str]) -> list[str]:
        """Each seat's name: « Vous », then each bot's title and place."""
        return ["Vous", *(f"{label} (place {i})" for i, label in enumerate(labels, 2))]

    def show(self) -> None:
        """Draw the table as the person sees it (default: their view, as JSON)."""
        self.console.print(JSON.from_data(self.view()))

    def prompt(self) -> str:
        return "Votre coup (aide pour la notation) > "

    def parse(self, text: str) -> tuple[JsonValue, bool]:
        """What the person typed, as the game's JSON action and whether the game completes it
        (:meth:`Game.complete_action`); :class:`MalformedInput` when it cannot be read."""
        return self.game.encode_action(self.game.parse_action(text)), False

    def on_empty(self) -> JsonValue | None:
        """The action an empty answer stands for (None: ask again)."""
        return None

    def help_panel(self) -> RenderableType:
        return panel("Aide", Text(COMMANDS_HELP))

    def start(self) -> None:
        """Said once, before the first move."""

    def tell(self, move: PendingMove) -> None:
        """Say what ``move`` did (default: its journal line for the person)."""
        line = move.describe(HUMAN, self.names[move.seat], self.names)
        self.say(line, "cyan" if move.seat == HUMAN else "")

    def finish(self, outcome: Outcome) -> None:
        """The end: the table, the reason, the scores, the ranking."""
        self.show()
        self.tell_outcome(outcome)

    def refuse(self, message: str) -> None:
        """A refusal: nothing was sent, nothing changed."""
        self.say(message, "bold red")

    def idle(self) -> None:
        """Nobody may act but the game goes on: the first rule timer runs out."""
        timers = self.state.rule_timers()
        if not timers:
            raise RuntimeError("nobody to move and no timer: the game cannot go on")
        self.submit(timers[0].seat, self.game.encode_action(timers[0].action))

    # --- the loop ----------------------------------------------------------------------------

    @property
    def state(self) -> S:
        """The position now (of :attr:`state_type`, checked when the terminal was made)."""
        return cast(S, self.match.state)

    def view(self) -> JsonObject:
        view: JsonObject = self.state.view(HUMAN)
        return view

    def run(self) -> Outcome | None:
        """Play to the end; the outcome, or None if the person quit (the game is saved)."""
        self.save_record()
        try:
            self.start()
            while not self.state.is_over:
                self.step()
        except (Quit, KeyboardInterrupt):
            self.console.print()
            self.console.print("Partie interrompue.", style="bold yellow")
            return None
        outcome: Outcome | None = self.state.outcome()
        assert outcome is not None
        self.finish(outcome)
        return outcome

    def step(self) -> None:
        """One action: a bot's or the person's."""
        movers = self.state.to_move()
        bots = sorted(movers - {HUMAN})
        if HUMAN in movers and (self.people_first or not bots):
            self.human_turn()
        elif bots:
            self.bots_turn(bots)
        else:
            self.idle()

    def save_record(self) -> None:
        if self.save is not None:
            self.save(self.match.record)

    def submit(self, seat: Seat, data: JsonValue, *, complete: bool = False) -> PendingMove:
        """The move path: prepare, commit, save, then tell what happened. On an error
        (:class:`MalformedInput`, :class:`IllegalAction`) nothing has changed."""
        move = self.match.prepare(seat, data, complete=complete)
        self.match.commit(move)
        self.save_record()
        self.tell(move)
        return move

    def play(self, seat: Seat, action: Any) -> PendingMove:
        """Submit an action object (a bot's choice, a timer's action)."""
        return self.submit(seat, self.game.encode_action(action))

    def say(self, line: str, style: str = "") -> None:
        self.console.print(Text(line, style=style), soft_wrap=True)

    # --- bots --------------------------------------------------------------------------------

    def bots_turn(self, seats: Sequence[Seat]) -> None:
        """The bots at ``seats`` play, in order, those still to move when their turn comes."""
        status = (
            self.console.status(self.thinking)
            if self.thinking is not None and self.console.is_terminal
            else None
        )
        if status is not None:
            status.start()
        try:
            for seat in seats:
                if seat in self.state.to_move():
                    self.bot_move(seat)
        finally:
            if status is not None:
                status.stop()

    def bot_move(self, seat: Seat) -> None:
        """The bot at ``seat`` chooses from its observation; a refused choice is replaced by a
        random legal action, and the person is told."""
        draws = self.rngs[seat].draws()
        action = self.bots[seat].choose(Observation.of(self.game, self.state, seat), draws)
        try:
            self.play(seat, action)
        except LudoError as error:
            self.say(
                f"{self.names[seat]} propose un coup refusé ({error.message}) : il joue au hasard.",
                "yellow",
            )
            self.play(seat, self.state.sample_action(seat, draws))
        self.rngs[seat] = draws.freeze()

    # --- the person --------------------------------------------------------------------------

    def human_turn(self) -> None:
        """Show the table, then ask until the person's action is accepted (or their timer
        runs out)."""
        self.show()
        while True:
            timer = self.my_timer()
            raw = self.answer(timer)
            if raw is None:
                if timer is None:
                    continue
                self.timer_ran_out(timer)
                return
            answer = self.command(raw)
            if answer is None:
                continue
            if not answer:
                data = self.on_empty()
                if data is None:
                    continue
                self.submit(HUMAN, data)
                return
            if self.play_typed(answer):
                return

    def play_typed(self, answer: str) -> bool:
        """Parse and submit what the person typed; a refusal is explained. Accepted?"""
        try:
            data, complete = self.parse(answer)
            self.submit(HUMAN, data, complete=complete)
        except LudoError as error:
            self.refused(error)
            return False
        return True

    def play_chosen(self, action: Any) -> bool:
        """Submit the person's ``action``, built from their answers to a game's own questions
        (Gutenberg's draft, word, claims); a refusal is explained. Accepted?"""
        try:
            self.play(HUMAN, action)
        except LudoError as error:
            self.refused(error)
            return False
        return True

    def refused(self, error: LudoError) -> None:
        """Explain why the person's move was refused: « Coup refusé : » before the rules'
        reason (:class:`IllegalAction`); a line that could not be read says only why."""
        if isinstance(error, IllegalAction):
            self.refuse(f"Coup refusé : {error.message}")
        else:  # MalformedInput: nothing could be read
            self.refuse(error.message)

    def command(self, raw: str) -> str | None:
        """The answer, or None when it was a command (aide, table, quitter) now done.
        « =mot » writes a word that is also a command."""
        answer = raw.strip()
        if answer.startswith("="):
            return answer[1:].strip()
        word = answer.lower()
        if word in HELP_WORDS:
            self.console.print(self.help_panel())
            return None
        if word == "table":
            self.show()
            return None
        if word == "quitter":
            if not self.confirm_quit or self.confirm(
                "Quitter la partie ? Elle reste enregistrée. [o/N] ", False
            ):
                raise Quit
            return None
        return answer

    def read(self, prompt: str) -> str:
        """One line from the person; Ctrl-D or Ctrl-C stops the game."""
        try:
            return self.ask(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None

    def question(self, prompt: str) -> str:
        """Ask until the answer is not a command."""
        while True:
            answer = self.command(self.read(prompt))
            if answer is not None:
                return answer

    def confirm(self, prompt: str, default: bool) -> bool:
        while True:
            answer = self.read(prompt).strip().lower()
            if not answer:
                return default
            if answer in YES:
                return True
            if answer in NO:
                return False
            self.say("Répondez par o (oui) ou n (non).", "red")

    # --- rule timers -------------------------------------------------------------------------

    def my_timer(self) -> RuleTimer[Any] | None:
        """The person's running rule timer (an hourglass, a window to knock), if any."""
        timers: Sequence[RuleTimer[Any]] = self.state.rule_timers()
        return next((t for t in timers if t.seat == HUMAN), None)

    def seconds_left(self, timer: RuleTimer[Any]) -> float:
        """What is left of ``timer``, counted from when the terminal first saw it."""
        started = self.turned.setdefault(timer.key, self.clock())
        return timer.seconds - (self.clock() - started)

    def answer(self, timer: RuleTimer[Any] | None) -> str | None:
        """The person's next line, or None when their timer ran out first."""
        if timer is None:
            return self.read(self.prompt())
        left = self.seconds_left(timer)
        if left <= 0:
            return None
        answer = self.ask_within(left, self.timer_label_of(timer))
        return None if self.seconds_left(timer) < 0 else answer

    def ask_within(self, seconds: float, label: str) -> str | None:
        """The person's next line under a countdown of ``seconds`` named ``label`` (None:
        nothing typed in time). The caller checks the clock: an answer may come late."""
        try:
            if self.timed_ask is timed_input:
                return timed_input(self.prompt(), seconds, label=label)
            if self.timed_ask is not None:
                return self.timed_ask(self.prompt(), seconds)
            return self.ask(f"[{int(seconds)} s] {self.prompt()}")
        except (EOFError, KeyboardInterrupt):
            raise Quit from None

    def timer_label_of(self, timer: RuleTimer[Any]) -> str:
        """The countdown's label for ``timer``: the rules' name for it (« Délai du juge »,
        « Fenêtre de frappe »), else the game's word for a seat's own hourglass."""
        return timer.label or self.timer_label

    def timer_ran_out(self, timer: RuleTimer[Any]) -> None:
        self.say(f"{self.timer_label_of(timer)} écoulé !", "bold red")
        self.play(HUMAN, timer.action)

    # --- the end -----------------------------------------------------------------------------

    score_label: ClassVar[str] = "Scores"
    # The game's own end screen already says « Fin de la partie » with every score (Gutenberg's
    # result table): the outcome then starts at the teams and the ranking.
    end_shown_by_game: ClassVar[bool] = False

    def tell_outcome(self, outcome: Outcome) -> None:
        """The reason, the scores (and teams' totals), the ranking, and a word to the winner."""
        scores = outcome.scores or ()
        if outcome.reason:
            self.say(outcome.reason)
        line = ", ".join(f"{n} {s:g}" for n, s in zip(self.names, scores, strict=False))
        if not self.end_shown_by_game:
            self.console.print(
                Text.assemble(
                    ("Fin de la partie. ", "bold"), f"{self.score_label} : {line}." if line else ""
                ),
                soft_wrap=True,
            )
        teams = self.game.teams(self.state.players, self.match.record.options)
        if teams is not None and scores:
            totals = {
                team: self.team_total([scores[s] for s, t in enumerate(teams) if t == team])
                for team in sorted(set(teams))
            }
            listed = " ; ".join(
                f"équipe {team + 1} ("
                + ", ".join(self.names[s] for s, t in enumerate(teams) if t == team)
                + f") : {total:g}"
                for team, total in sorted(totals.items())
            )
            self.console.print(Text.assemble(("Équipes : ", "bold"), listed, "."), soft_wrap=True)
        if len(outcome.ranks) == 1:  # alone (against the rules' automaton): won or lost
            if HUMAN in outcome.winners:
                self.console.print("Vous gagnez !", style="bold green")
            else:
                self.console.print("Vous perdez.", style="bold")
            return
        order = sorted(range(len(outcome.ranks)), key=lambda s: (outcome.ranks[s], s))
        ranking = ", ".join(f"{ordinal(outcome.ranks[s])} {self.names[s]}" for s in order)
        self.console.print(Text.assemble(("Classement : ", "bold"), ranking, "."), soft_wrap=True)
        if HUMAN in outcome.winners:
            shared = " (ex æquo)" if len(outcome.winners) > 1 else ""
            self.console.print(f"Vous gagnez{shared} !", style="bold green")

    def team_total(self, scores: Sequence[float]) -> float:
        """A team's total from its members' scores: their sum (a game whose members each
        score the team's points returns that score once)."""
        return sum(scores)


def panel(title: str, body: RenderableType) -> Panel:
    """A help panel, the same frame in every game."""
    return Panel(body, title=title, title_align="left", border_style="green", box=box.ROUNDED)
