"""Play Thèmes in the terminal: a person at seat 0 against bots.

Like Letter's front end, the game goes through a :class:`~ludotheque.core.match.Match` (JSON
actions; the record is saved after every accepted action) with an injected console, ``ask``,
``timed_ask``, clock and sleep. The person's turn runs under the rules' hourglass
(``state.rule_timers()``): one hourglass for the whole turn, however many words are said; when
it runs out the timer's action (« temps écoulé ») is submitted. When the person judges a word,
the judge's window runs too, and silence means yes.

Notation (:data:`TYPED_HELP`): ``2 new york`` says a word for the theme of column 2 (the cards
worth the most are chosen, :meth:`Themes.complete_action`), ``2 new york : E R O`` names the
letters taken, ``2+ nemo`` (Expert) also claims the fifth pile's theme; ``main``, ``fin``,
``oui`` / ``non``. Bots come from :func:`ludotheque.bots.simulate.bot_factories` (the game's
``bots.BOTS``, or the random bot); a bot with a ``seconds_per_word`` attribute is paced.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from itertools import product

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludotheque.bots.base import Bot, Observation
from ludotheque.bots.simulate import bot_factories
from ludotheque.core.errors import IllegalAction, LudoError, MalformedInput
from ludotheque.core.json_types import JsonObject
from ludotheque.core.match import Match
from ludotheque.core.protocol import Outcome, RuleTimer, Seat
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games.themes import Themes
from ludotheque.games.themes.actions import Action, EndTurn, Redraw, Timeout, Verdict, Word
from ludotheque.games.themes.state import ThemesState
from ludotheque.lexicon.normalize import normalize

from .countdown import TimedAsk
from .themes_render import LEGEND, MARKS, table_of

__all__ = [
    "HUMAN",
    "TYPED_HELP",
    "Quit",
    "ThemesTerminal",
    "help_panel",
    "load_bots",
    "new_match",
    "parse_typed",
]

Ask = Callable[[str], str]
HUMAN: Seat = 0
MAX_BOT_ACTIONS = 60
"""A bot that keeps acting in one turn is stopped there (its turn ends)."""

_HELP_WORDS = {"aide", "?", "help"}
_YES = {"oui", "o", "valider", "valide"}
_NO = {"non", "n", "refuser", "refuse"}
_WORD = re.compile(r"^(\d+)\s*(\+?)\s+(.+)$")
_CARD_ID = re.compile(r"^L\d+$", re.IGNORECASE)
_MARK_OF = {"¹": "premiere", "1": "premiere", "²": "seconde", "2": "seconde", "$": "derniere"}

NOTATION = (
    (
        "2 new york",
        "dire un mot pour le thème de la colonne 2 ; les cartes qui rapportent le plus sont "
        "choisies (au moins une de votre main, une des deux visibles de la colonne)",
    ),
    (
        "2 new york : E R O",
        "en nommant les lettres prises (N¹, E², S$ : lettres à contrainte ; ou l'identifiant "
        "d'une carte, L091)",
    ),
    ("2+ nemo", "Expert : le mot vaut aussi pour le thème de la 5e pile (3 PV)"),
    ("main", "changer ses trois lettres (une fois par tour)"),
    ("fin", "finir son tour avant la fin du sablier"),
    ("oui / non", "quand vous êtes juge : valider ou refuser le mot (silence = oui)"),
)
TYPED_HELP = "\n".join(f"{typed:<20} {meaning}" for typed, meaning in NOTATION)
"""The notation as plain text (one line per form)."""


class Quit(Exception):
    """The person asked to stop (« quitter », Ctrl-D or Ctrl-C)."""


def new_match(players: int, seed: int, *, extra: JsonObject | None = None) -> Match:
    """A Thèmes match (classic unless ``extra`` says ``mode``); ``extra``: table options."""
    options: JsonObject = {"mode": "classique", **(extra or {})}
    return Match.start(Themes(), players, seed, options)


def load_bots(names: Sequence[str]) -> list[Bot]:
    """Bots by name (:class:`LudoError` in French for an unknown one)."""
    factories = bot_factories(Themes())
    aliases = {"hasard": "random"}
    bots = []
    for name in names:
        key = aliases.get(name, name)
        if key not in factories:
            known = ", ".join(sorted(factories))
            raise LudoError(f"Robot inconnu : « {name} » (connus : {known}).", code="unknown-bot")
        bots.append(factories[key]())
    return bots


def default_bot_name() -> str:
    """greedy when the game offers it, else the random bot."""
    return "greedy" if "greedy" in bot_factories(Themes()) else "random"


def help_panel() -> Panel:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold cyan", no_wrap=True)
    grid.add_column(overflow="fold")
    for typed, meaning in NOTATION:
        grid.add_row(typed, meaning)
    body = Group(
        Text("Notation", style="bold"),
        grid,
        Text(f"Lettres : {LEGEND}."),
        Text(
            "À chaque question : aide (ou ?) ; table : réafficher la table ; "
            "quitter : arrêter (la partie reste enregistrée)."
        ),
    )
    return Panel(body, title="Aide", title_align="left", border_style="green", box=box.ROUNDED)


def _unreadable(text: str) -> MalformedInput:
    return MalformedInput(
        f"Coup illisible : « {text} ». Tapez par exemple « 2 new york », « 2 new york : E R O », "
        "« main », « fin » ou « aide »."
    )


def _card_choices(state: ThemesState, seat: Seat, column: int, token: str) -> list[str]:
    """The cards of the hand and of the column's visible ones that ``token`` may stand for."""
    pool = [*state.hands[seat], *state.visible_letters(column)]
    if _CARD_ID.match(token):
        wanted = token.upper()
        return [c for c in pool if c.upper() == wanted]
    letter, mark = token[0], token[1:]
    letter = normalize(letter)
    if len(letter) != 1 or not "A" <= letter <= "Z" or mark not in ("", *_MARK_OF):
        raise MalformedInput(
            f"Lettre illisible : « {token} » (une lettre, suivie de ¹, ² ou $ pour une lettre à "
            "contrainte : E, N¹, E², S$)."
        )
    constraint = _MARK_OF.get(mark) if mark else None
    letters = state.catalog.letters
    return [
        c
        for c in pool
        if letters[c].letter == letter
        and (constraint is None or letters[c].constraint == constraint)
    ]


def _explicit_cards(
    state: ThemesState, seat: Seat, column: int, word: str, fifth: bool, tokens: list[str]
) -> Word:
    """The word with the cards the letters name (the best legal choice when several fit)."""
    if not 0 <= column < len(state.piles):
        raise MalformedInput(f"Colonne {column + 1} inconnue : les thèmes vont de 1 à 4.")
    choices = []
    for token in tokens:
        found = _card_choices(state, seat, column, token)
        if not found:
            raise IllegalAction(
                f"Aucune carte « {token} » dans votre main ni visible sous le thème {column + 1}."
            )
        choices.append(found)
    best: tuple[int, Word] | None = None
    first_problem: str | None = None
    letters = state.catalog.letters
    for cards in product(*choices):
        if len(set(cards)) != len(cards):
            continue
        candidate = Word(column, word, tuple(cards), fifth)
        problem = state.word_problem(seat, candidate)
        if problem is not None:
            first_problem = first_problem or problem
            continue
        points = sum(letters[c].points for c in cards)
        if best is None or points > best[0]:
            best = (points, candidate)
    if best is None:
        raise IllegalAction(first_problem or "Une même carte est nommée deux fois.")
    return best[1]


def parse_typed(game: Themes, state: ThemesState, seat: Seat, text: str) -> Action:
    """The action ``text`` stands for (:class:`LudoError` in French when it cannot be read).

    The rules are checked when the action is submitted; only the cards are chosen here.
    """
    answer = " ".join(text.split())
    command = answer.lower()
    if not answer:
        raise MalformedInput("Coup vide : tapez un mot (2 new york), main, fin ou aide.")
    if command in ("main", "changer"):
        return Redraw()
    if command in ("fin", "stop", "passe"):
        return EndTurn()
    if command in _YES:
        return Verdict(True)
    if command in _NO:
        return Verdict(False)
    if re.fullmatch(r"\d+\s*\+?", answer):
        raise MalformedInput(f"Il manque le mot : « {answer} new york » par exemple.")
    found = _WORD.match(answer)
    if found is None:
        raise _unreadable(answer)
    column = int(found.group(1)) - 1
    fifth = bool(found.group(2))
    rest = found.group(3)
    word, colon, letters = rest.partition(":")
    word = word.strip()
    if not 0 <= column < len(state.piles):
        raise MalformedInput(
            f"Colonne {column + 1} inconnue : les thèmes sont numérotés de 1 à {len(state.piles)}."
        )
    if not word or not any(ch.isalpha() for ch in word):
        raise MalformedInput(f"Il manque le mot : « {column + 1} new york » par exemple.")
    if colon:
        tokens = letters.split()
        if not tokens:
            raise MalformedInput("Après « : », nommez les lettres prises : « 2 new york : E R O ».")
        return _explicit_cards(state, seat, column, word, fifth, tokens)
    data: JsonObject = {"type": "mot", "colonne": column, "mot": word}
    if fifth:
        data["cinquieme"] = True
    return game.decode_action(game.complete_action(state, seat, data))


def _describe_mine(state: ThemesState, action: Action) -> str:
    """The person's action, told to them (« Vous proposez… »)."""
    if isinstance(action, Word):
        themes = " + ".join(state.claim_themes(action))
        letters = " ".join(
            state.catalog.letters[c].letter
            + MARKS.get(state.catalog.letters[c].constraint or "", "")
            for c in action.cards
        )
        return f"Vous proposez « {action.word} » pour {themes} (lettres {letters})."
    if isinstance(action, Redraw):
        return "Vous changez vos trois lettres."
    if isinstance(action, EndTurn):
        return "Vous terminez votre tour."
    if isinstance(action, Verdict):
        word = state.claim.word if state.claim is not None else ""
        return f"Vous {'validez' if action.accept else 'refusez'} « {word} »."
    return "Vous : temps écoulé."


class ThemesTerminal:
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
        sleep: Callable[[float], None] | None = None,
    ) -> None:
        if len(bots) != self._state_of(match).players - 1:
            raise ValueError("one bot per seat but the first")
        game = match.game
        assert isinstance(game, Themes)
        self.game = game
        self.match = match
        self.console = console
        self.ask = ask
        self.bots = dict(enumerate(bots, 1))
        self.rngs = {seat: Rng.from_seed((bot_seed + seat) % 2**62) for seat in self.bots}
        self.save = save
        labels = list(bot_labels) or [bot.name for bot in bots]
        self.names = ["Vous", *(f"{label} (place {i})" for i, label in enumerate(labels, 2))]
        self.timed_ask = timed_ask
        self.clock = clock
        self.sleep = sleep  # None: bots are not paced
        self.turned: dict[str, float] = {}  # hourglass key -> when it was turned over
        self.acted: dict[str, int] = {}  # a bot's turn (hourglass key) -> its actions so far
        self.shown = -1  # the number of moves when the table was last drawn

    @staticmethod
    def _state_of(match: Match) -> ThemesState:
        state = match.state
        assert isinstance(state, ThemesState)
        return state

    @property
    def state(self) -> ThemesState:
        return self._state_of(self.match)

    # --- the loop ------------------------------------------------------------------------------

    def run(self) -> Outcome | None:
        """Play to the end; the outcome, or None if the person quit."""
        self._save()
        try:
            while not self.state.is_over:
                self.step()
        except (Quit, KeyboardInterrupt):
            self.console.print()
            self.console.print("Partie interrompue.", style="bold yellow")
            return None
        self.show_table()
        outcome = self.state.outcome()
        assert outcome is not None
        self._tell_outcome(outcome)
        return outcome

    def step(self) -> None:
        """One action: a bot's, or the person's answer."""
        state = self.state
        movers = state.to_move()
        bots = sorted(movers - {HUMAN})
        if bots:
            self._bot_move(bots[0])
        elif HUMAN in movers:
            self._human_move()
        else:  # nobody to move but the game goes on: the active player's hourglass
            timer = next(t for t in state.rule_timers() if t.seat == state.active)
            self._submit(timer.seat, timer.action)

    def _save(self) -> None:
        if self.save is not None:
            self.save(self.match.record)

    def _submit(self, seat: Seat, action: Action) -> None:
        before = self.state
        events = len(before.events)
        self.match.submit(seat, self.game.encode_action(action))
        self._save()
        line = (
            _describe_mine(before, action)
            if seat == HUMAN
            else self.game.describe_action(before, seat, action, HUMAN, self.names[seat])
        )
        self.console.print(Text(line, style="cyan" if seat == HUMAN else ""), soft_wrap=True)
        for event in self.state.events[events:]:
            self.console.print(Text("  " + event, style="dim"), soft_wrap=True)

    # --- bots ----------------------------------------------------------------------------------

    def _bot_move(self, seat: Seat) -> None:
        state = self.state
        if state.phase == "jeu" and seat == state.active:
            timer = self._timer_of(seat, "tour-")
            if timer is not None:
                started = self.turned.setdefault(timer.key, self.clock())
                acted = self.acted.get(timer.key, 0)
                self.acted[timer.key] = acted + 1
                if self.clock() - started >= timer.seconds or acted >= MAX_BOT_ACTIONS:
                    self.console.print(f"Sablier écoulé pour {self.names[seat]}.", style="yellow")
                    self._submit(seat, timer.action)
                    return
        draws = self.rngs[seat].draws()
        bot = self.bots[seat]
        action = bot.choose(Observation.of(self.game, state, seat), draws)
        self._pace(seat, bot, action)
        try:
            self._submit(seat, action)
        except LudoError as error:
            self.console.print(
                f"{self.names[seat]} propose un coup refusé ({error.message}) : il passe.",
                style="yellow",
            )
            fallback: Action = Verdict(True) if state.phase == "jugement" else EndTurn()
            self._submit(seat, fallback)
        self.rngs[seat] = draws.freeze()

    def _pace(self, seat: Seat, bot: Bot, action: Action) -> None:
        """A bot with ``seconds_per_word`` takes that time to find a word (never past its
        hourglass); only when the terminal was given a ``sleep``."""
        pace = getattr(bot, "seconds_per_word", 0)
        if self.sleep is None or not isinstance(action, Word) or not pace:
            return
        timer = self._timer_of(seat, "tour-")
        wait = float(pace)
        if timer is not None and timer.key in self.turned:
            left = timer.seconds - (self.clock() - self.turned[timer.key])
            wait = min(wait, max(0.0, left - 0.5))
        if wait > 0:
            self.console.print(f"{self.names[seat]} cherche un mot…", style="dim")
            self.sleep(wait)

    # --- the person ----------------------------------------------------------------------------

    def show_table(self) -> None:
        self.shown = len(self.match.record.moves)
        self.console.print(table_of(self.state.view(HUMAN), self.names))

    def _timer_of(self, seat: Seat, prefix: str) -> RuleTimer[Action] | None:
        return next(
            (t for t in self.state.rule_timers() if t.seat == seat and t.key.startswith(prefix)),
            None,
        )

    def _my_hourglass(self) -> RuleTimer[Action] | None:
        """The person's running hourglass: their turn's, or their window as a judge."""
        judging = self.state.phase == "jugement"
        return self._timer_of(HUMAN, "jugement-" if judging else "tour-")

    def _prompt(self) -> str:
        state = self.state
        claim = state.claim
        if state.phase == "jugement" and claim is not None:
            return f"Valider « {claim.word} » pour {' + '.join(claim.themes)} ? (oui/non) > "
        return "Votre mot (2 new york ; main, fin, aide) > "

    def _answer(self, hourglass: RuleTimer[Action] | None) -> str | None:
        """The person's next line, or None when their hourglass ran out first."""
        if hourglass is None:
            return self.ask(self._prompt())
        started = self.turned.setdefault(hourglass.key, self.clock())
        left = hourglass.seconds - (self.clock() - started)
        if left <= 0:
            return None
        if self.timed_ask is not None:
            return self.timed_ask(self._prompt(), left)
        answer = self.ask(f"[{int(left)} s] {self._prompt()}")
        return None if self.clock() - started > hourglass.seconds else answer

    def _human_move(self) -> None:
        if self.shown != len(self.match.record.moves):
            self.show_table()
        judging = self.state.phase == "jugement"
        if judging and self.state.claim is not None:
            claim = self.state.claim
            self.console.print(
                Text(
                    f"{self.names[claim.seat]} dit « {claim.word} » pour "
                    f"{' + '.join(claim.themes)} : le mot n'est pas dans le vocabulaire du thème, "
                    "à vous de juger (silence = oui).",
                    style="bold yellow",
                ),
                soft_wrap=True,
            )
        while True:
            hourglass = self._my_hourglass()
            try:
                raw = self._answer(hourglass)
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
            if raw is None and hourglass is not None:
                if judging:
                    self.console.print("Silence du juge : le mot est validé.", style="bold yellow")
                else:
                    self.console.print("Sablier écoulé !", style="bold red")
                self._submit(HUMAN, hourglass.action)
                return
            if raw is None:
                continue
            answer = raw.strip()
            command = answer.lower()
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
                action = parse_typed(self.game, self.state, HUMAN, answer)
                if judging and not isinstance(action, Verdict):
                    raise IllegalAction("Un mot attend votre jugement : répondez oui ou non.")
                if isinstance(action, Timeout):
                    raise IllegalAction("Le temps écoulé ne se tape pas.")
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
