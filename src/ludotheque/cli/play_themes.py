"""Play Thèmes in the terminal: a person at seat 0 against bots, in the four modes.

Like Letter's front end, the game goes through a :class:`~ludotheque.core.match.Match` (JSON
actions; the record is saved after every accepted action) with an injected console, ``ask``,
``timed_ask``, clock and sleep. Only the chosen actions are recorded: the bots' thinking times
below are the terminal's, not the rules'.

Bots take the time of their decision (:func:`ludotheque.bots.base.decide`: the levels' word
grows with its length and rarity, :mod:`ludotheque.games.themes.bots_pace`; an engine's
``seconds_per_word``), as on the server:

- **Classique / Expert**: the person's turn runs under the rules' hourglass
  (``state.rule_timers()``): one hourglass for the whole turn, however many words are said; when
  it runs out the timer's action (« temps écoulé ») is submitted. When the person judges a word,
  the judge's window runs too, and silence means yes. A bot's turn: each word after its
  thinking time (never past its hourglass), in a real terminal only.
- **Simultanée** (no hourglass, two turned cards, everyone searches at once): a race. At the
  start of each round every bot still in it decides what it would say (a word, or « rien ») and
  when (its decision's time: finding the word and slapping the cards, or searching in vain).
  The person's prompt is timed up to the earliest of those times; answering first with a valid
  word wins the round; when the time passes (or the answer comes late), that bot says its word
  (or « rien ») and, if the round goes on, the prompt resumes until the next bot's time.
  ``rien``: give up the round. When every bot has given up, the person has all the time they
  need.
- **Équipe** (seat ``s`` is in team ``s % équipes``): on the person's team's round, the team's
  hourglass runs (the countdown is the hourglass) and its three packets (1, 2, 3 cards) are
  shown. Bot teammates search at the same time: each finds its next word after its decision's
  time; the words found so far are said whenever the person answers, before the answer, and
  when the hourglass runs out (if a packet and a theme are left). ``fin`` hands over to the
  teammates: they say at once the words they would find in the time left, then the round ends.
  Other teams' rounds are played by their bots, each word costing its finder's time of that
  team's hourglass.

Notation (:data:`NOTATIONS`, :func:`help_panel`): ``2 new york`` says a word for the theme of
column 2 (the cards worth the most are chosen, :meth:`Themes.complete_action`), ``2 new york :
E R O`` names the letters taken, ``2+ nemo`` (Expert) also claims the fifth pile's theme; ``main``,
``fin``, ``oui`` / ``non``; ``rien`` (Simultanée); ``p2 3 new york`` (Équipe: packet of 2 cards,
column 3; without ``pN`` the packet worth the most is chosen). Bots come from
:func:`ludotheque.bots.simulate.bot_factories` (the game's ``bots.BOTS``: the four levels and
the engines). The table is one person's: ``jugement`` defaults to ``vocabulaire`` (D17).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludotheque.bots.base import Bot, Decision, Observation, decide
from ludotheque.bots.levels import LEVELS
from ludotheque.bots.simulate import bot_factories, bots_by_name
from ludotheque.core.errors import IllegalAction, LudoError
from ludotheque.core.json_types import JsonObject
from ludotheque.core.match import Match
from ludotheque.core.protocol import Outcome, RuleTimer, Seat
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games.themes import Themes
from ludotheque.games.themes.actions import (
    Action,
    EndTurn,
    GiveBack,
    GiveUp,
    Redraw,
    Timeout,
    Verdict,
    Word,
)
from ludotheque.games.themes.bots_common import judge_verdict
from ludotheque.games.themes.classic import ClassicPlay, classic_play
from ludotheque.games.themes.notation import (
    CLASSIC_NOTATION,
    NOTATIONS,
    TYPED_HELP,
    give_back_choices,
    name_seats,
    parse_typed,
    typed_help,
)
from ludotheque.games.themes.simultaneous import SimultaneousPlay, simultaneous_play
from ludotheque.games.themes.state import ThemesState
from ludotheque.games.themes.teams import PACKET_SIZES, TeamPlay, team_play
from ludotheque.games.themes.verdicts import pending_judges

from .countdown import TimedAsk, timed_input
from .themes_render import LEGEND, MARKS, table_of

__all__ = [
    "HUMAN",
    "NOTATIONS",
    "TYPED_HELP",
    "Quit",
    "ThemesTerminal",
    "help_panel",
    "load_bots",
    "new_match",
    "parse_typed",
    "typed_help",
]

Ask = Callable[[str], str]
HUMAN: Seat = 0
MAX_BOT_ACTIONS = 60
"""A bot that keeps acting in one turn is stopped there (its turn ends)."""
DEFAULT_BOT = "intermediaire"
"""The level a person plays against when they name none (the server's default too)."""
TICK = 0.05
"""A countdown shorter than this is over (a float clock cannot count smaller steps)."""
WATCH_WAIT = 2.0
"""At most this long (real terminal) between two bots' moves the person only watches."""

_HELP_WORDS = {"aide", "?", "help"}
RULES_REMINDER = {
    "simultanee": "Sans sablier : deux cartes sont retournées et tout le monde cherche en même "
    "temps. Le compte à rebours ⏳ est le temps de réflexion du robot le plus rapide : "
    "répondez avant lui pour gagner la manche. Un mot refusé coûte une carte gagnée, que vous "
    "choisissez (« rendre B », « rendre VILLE ») ; sans carte gagnée, une dette, rendue au "
    "prochain gain.",
    "equipe": "Votre équipe a un sablier pour 3 mots sur 3 thèmes différents, un mot par paquet. "
    "Vos coéquipiers robots cherchent en même temps que vous (un mot toutes les 10 à 25 s selon "
    "leur niveau) : ils disent leurs mots à chacune de vos réponses et à la fin du sablier. "
    "Moins de 3 mots : les lettres restent acquises, les thèmes de la manche "
    "sont défaussés.",
}


class Quit(Exception):
    """The person asked to stop (« quitter », Ctrl-D or Ctrl-C)."""


def new_match(players: int, seed: int, *, extra: JsonObject | None = None) -> Match:
    """A Thèmes match (classic unless ``extra`` says ``mode``); ``extra``: table options. One
    person sits at the table: without a ``jugement`` the vocabulary judges (D17).

    >>> new_match(2, 1).record.options["jugement"]
    'vocabulaire'
    """
    game = Themes()
    options = game.info.resolve_options(players, {"mode": "classique", **(extra or {})}, people=1)
    return Match.start(game, players, seed, options)


def load_bots(names: Sequence[str]) -> list[Bot]:
    """Bots by name (:class:`LudoError` in French for an unknown one)."""
    return bots_by_name(Themes(), names)


def title_of(name: str) -> str:
    """How a player reads a bot's name: a level's title (« Débutant »), else the name.

    >>> title_of("intermediaire"), title_of("greedy")
    ('Intermédiaire', 'greedy')
    """
    profile = LEVELS.get(name)
    return profile.title if profile is not None else name


def default_bot_name() -> str:
    """The Intermédiaire when the game offers it, else the random bot."""
    return DEFAULT_BOT if DEFAULT_BOT in bot_factories(Themes()) else "random"


def help_panel(mode: str = "classique") -> Panel:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold cyan", no_wrap=True)
    grid.add_column(overflow="fold")
    for typed, meaning in NOTATIONS.get(mode, CLASSIC_NOTATION):
        grid.add_row(typed, meaning)
    parts: list[Text | Table] = [Text("Notation", style="bold"), grid]
    if mode in RULES_REMINDER:
        parts.append(Text(RULES_REMINDER[mode]))
    parts += [
        Text(f"Lettres : {LEGEND}."),
        Text(
            "À chaque question : aide (ou ?) ; table : réafficher la table ; "
            "quitter : arrêter (la partie reste enregistrée)."
        ),
    ]
    return Panel(
        Group(*parts), title="Aide", title_align="left", border_style="green", box=box.ROUNDED
    )


def _letters_of(state: ThemesState, cards: Sequence[str]) -> str:
    return " ".join(
        state.catalog.letters[c].letter + MARKS.get(state.catalog.letters[c].constraint or "", "")
        for c in cards
    )


def _describe_mine(state: ThemesState, action: Action) -> str:
    """The person's action, told to them (« Vous proposez… »)."""
    if isinstance(action, Word):
        themes = " + ".join(state.claim_themes(action))
        packet = f"paquet p{PACKET_SIZES[action.packet]}, " if action.packet is not None else ""
        letters = _letters_of(state, action.cards)
        return f"Vous proposez « {action.word} » pour {themes} ({packet}lettres {letters})."
    if isinstance(action, Redraw):
        return "Vous changez vos trois lettres."
    if isinstance(action, EndTurn):
        if isinstance(state.play, TeamPlay):
            return "Vous terminez la manche de votre équipe."
        return "Vous terminez votre tour."
    if isinstance(action, GiveUp):
        return "Vous ne trouvez rien : vous abandonnez la manche."
    if isinstance(action, Verdict):
        word = state.claim.word if state.claim is not None else ""
        if action.silent:
            return f"Vous n'avez rien dit : « {word} » est accepté (qui ne dit mot consent)."
        return f"Vous {'validez' if action.accept else 'refusez'} « {word} »."
    if isinstance(action, GiveBack) and isinstance(state.play, SimultaneousPlay):
        label = dict(give_back_choices(state, HUMAN)).get(action.card, action.card)
        kind = "la lettre" if action.card in state.won_letters[HUMAN] else "le thème"
        return f"Vous rendez {kind} {label}."
    return "Vous : temps écoulé."


@dataclass(slots=True)
class _Find:
    """A bot's planned move in a race: ``action`` at ``at`` seconds after the cards were turned."""

    at: float
    seat: Seat
    action: Action


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
        labels = [title_of(label) for label in (list(bot_labels) or [bot.name for bot in bots])]
        self.names = ["Vous", *(f"{label} (place {i})" for i, label in enumerate(labels, 2))]
        self.timed_ask = timed_ask
        self.clock = clock
        self.sleep = sleep  # None: bots are not paced
        self.mode = self.state.config.mode
        self.turned: dict[str, float] = {}  # hourglass key -> when it was turned over
        self.acted: dict[str, int] = {}  # a bot's turn (hourglass key) -> its actions so far
        self.shown = -1  # the number of moves when the table was last drawn
        self.race: list[_Find] = []  # Simultanée: this round's bots' moves, fastest first
        self.race_round = -1
        self.race_start = 0.0
        self.spent: dict[str, float] = {}  # Équipe: a bot team's round -> seconds used
        self.mates: dict[Seat, float] = {}  # Équipe: a teammate -> when it next finds a word
        self.mates_round = -1

    @staticmethod
    def _state_of(match: Match) -> ThemesState:
        state = match.state
        assert isinstance(state, ThemesState)
        return state

    @property
    def state(self) -> ThemesState:
        return self._state_of(self.match)

    def classic_state(self) -> ThemesState:
        """The state, in Classique or Expert (an AssertionError in the variants)."""
        state = self.state
        assert isinstance(state.play, ClassicPlay)
        return state

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
        """One action (or, in a race, one answer of the person): a bot's, or the person's."""
        state = self.state
        play = state.play
        if isinstance(play, SimultaneousPlay):
            self._simultaneous_step(state)
            return
        if isinstance(play, TeamPlay):
            self._teams_step(state)
            return
        assert isinstance(play, ClassicPlay)
        movers = state.to_move()
        bots = sorted(movers - {HUMAN})
        if bots:
            self._bot_move(bots[0])
        elif HUMAN in movers:
            self._human_move()
        else:  # nobody to move but the game goes on: the active player's hourglass
            timer = next(t for t in state.rule_timers() if t.seat == play.active)
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
            line = name_seats(event, self.names)
            self.console.print(Text("  " + line, style="dim"), soft_wrap=True)

    def _say(self, line: str, style: str = "") -> None:
        self.console.print(Text(line, style=style), soft_wrap=True)

    # --- bots ----------------------------------------------------------------------------------

    def _bot_decision(self, seat: Seat) -> Decision:
        """What the bot at ``seat`` would do now and its thinking time (its draws move on)."""
        draws = self.rngs[seat].draws()
        observation = Observation.of(self.game, self.state, seat)
        decision = decide(self.bots[seat], observation, draws)
        self.rngs[seat] = draws.freeze()
        return decision

    def _bot_choice(self, seat: Seat) -> Action:
        """What the bot at ``seat`` would do now."""
        action: Action = self._bot_decision(seat).action
        return action

    def _judge_fallback(self) -> Action:
        """If a bot's verdict were refused: the robot judge's own (never a yes by default)."""
        state = self.state
        if state.phase == "jugement" and state.claim is not None:
            return judge_verdict(state)
        return Verdict(False)

    def _bot_submit(self, seat: Seat, action: Action, fallback: Action) -> None:
        """Submit a bot's action; a refused one is replaced by ``fallback``."""
        try:
            self._submit(seat, action)
        except LudoError as error:
            self._say(
                f"{self.names[seat]} propose un coup refusé ({error.message}) : il passe.",
                "yellow",
            )
            self._submit(seat, fallback)

    def _bot_move(self, seat: Seat) -> None:
        state = self.classic_state()
        if state.phase == "jeu" and seat == classic_play(state).active:
            timer = self._timer_of(seat, "tour-")
            if timer is not None:
                if timer.key not in self.turned:  # its turn begins: the table, as it is now
                    self.show_table()
                    self._say(
                        f"À jouer : {self.names[seat]}, sablier de {timer.seconds} s.", "bold"
                    )
                started = self.turned.setdefault(timer.key, self.clock())
                acted = self.acted.get(timer.key, 0)
                self.acted[timer.key] = acted + 1
                if self.clock() - started >= timer.seconds or acted >= MAX_BOT_ACTIONS:
                    self.console.print(f"Sablier écoulé pour {self.names[seat]}.", style="yellow")
                    self._submit(seat, timer.action)
                    return
        decision = self._bot_decision(seat)
        self._pace(seat, decision)
        fallback: Action = self._judge_fallback() if state.phase == "jugement" else EndTurn()
        self._bot_submit(seat, decision.action, fallback)

    def _pace(self, seat: Seat, decision: Decision) -> None:
        """The bot takes its decision's time (never past its hourglass); only when the terminal
        was given a ``sleep``."""
        if self.sleep is None or decision.seconds <= 0:
            return
        timer = self._timer_of(seat, "tour-")
        wait = decision.seconds
        if timer is not None and timer.key in self.turned:
            left = timer.seconds - (self.clock() - self.turned[timer.key])
            wait = min(wait, max(0.0, left - 0.5))
        if wait > 0:
            if isinstance(decision.action, Word):
                self.console.print(f"{self.names[seat]} cherche un mot…", style="dim")
            elif isinstance(decision.action, EndTurn):
                self.console.print(f"{self.names[seat]} cherche en vain…", style="dim")
            self.sleep(wait)

    # --- Simultanée: a race ----------------------------------------------------------------

    def _simultaneous_step(self, state: ThemesState) -> None:
        play = simultaneous_play(state)
        owing = [seat for seat in self.bots if play.owes(state, seat)]
        if owing:  # a robot whose word was refused gives its card back at once (D26)
            timer = self._timer_of(owing[0], "rendre-")
            fallback = timer.action if timer is not None else GiveUp()
            self._bot_submit(owing[0], self._bot_choice(owing[0]), fallback)
            return
        if state.phase == "jugement":
            judges = sorted(state.to_move() - {HUMAN})
            if judges:
                self._bot_submit(judges[0], self._bot_choice(judges[0]), self._judge_fallback())
            elif play.owes(state, HUMAN) and HUMAN not in pending_judges(state.claim):
                self._give_back(state)
            else:
                self._human_move()
            return
        if play.owes(state, HUMAN):
            self._give_back(state)
            return
        race = self._race(state)
        pending = [find for find in race if not play.out[find.seat]]
        elapsed = self.clock() - self.race_start
        if play.out[HUMAN]:
            if self.sleep is not None:
                self.sleep(max(0.0, min(pending[0].at - elapsed, WATCH_WAIT)))
            self._fire(pending[0])
            return
        if self.shown != len(self.match.record.moves):
            self.show_table()
        if pending and pending[0].at - elapsed < TICK:
            self._fire(pending[0])
            return
        if pending:
            left = pending[0].at - elapsed
            if isinstance(pending[0].action, Word):
                self._say(
                    "⏳ Le plus rapide des robots a presque trouvé… Pas de sablier dans cette "
                    f"variante : le compte à rebours ({math.ceil(left)} s) est son temps de "
                    "réflexion.",
                    "dim",
                )
            else:
                self._say(
                    f"⏳ Les robots cherchent encore : le compte à rebours ({math.ceil(left)} s) "
                    "est le temps avant que l'un d'eux abandonne.",
                    "dim",
                )
            raw = self._read_within(left, "Les robots cherchent")
        else:
            self._say("Les robots ont abandonné : prenez votre temps (ou tapez « rien »).", "dim")
            try:
                raw = self.ask(self._prompt())
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
        round_ = play.round
        elapsed = self.clock() - self.race_start
        for find in pending:  # the bots that spoke before the answer came
            if find.at - elapsed >= TICK or not self._racing(round_):
                break
            self._fire(find)
        if not self._racing(round_):
            if raw is not None and raw.strip():
                self._say("Trop tard : un robot a parlé avant vous.", "bold red")
            return
        if raw is not None:
            self._typed(raw)

    def _give_back(self, state: ThemesState) -> None:
        """D26: the person's word was refused; they choose the won card to give back, within
        the timer « Carte à rendre » (then the card worth least goes)."""
        play = simultaneous_play(state)
        if self.shown != len(self.match.record.moves):
            self.show_table()
        refused = [j.word for j in state.judgements if j.seat == HUMAN and not j.accepted]
        word = refused[-1] if refused else ""
        cards = ", ".join(label for _card, label in give_back_choices(state, HUMAN))
        said = (
            f"Votre mot « {word} » est refusé"
            if play.out[HUMAN]
            else f"Vous gagnez après un mot refusé (« {word} »)"
        )
        self._say(
            f"{said} : choisissez la carte à rendre ({cards}) : tapez « rendre » et la carte, "
            "par exemple « rendre " + give_back_choices(state, HUMAN)[0][1] + " ».",
            "bold yellow",
        )
        while True:
            timer = self._timer_of(HUMAN, "rendre-")
            try:
                raw = self._answer(timer)
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
            if raw is None and timer is not None:
                self._say("Temps écoulé : la carte qui vaut le moins est rendue.", "bold yellow")
                self._submit(HUMAN, timer.action)
                return
            if raw is not None and self._typed(raw):
                return

    def _racing(self, round_: int) -> bool:
        state = self.state
        return (
            isinstance(state.play, SimultaneousPlay)
            and state.play.round == round_
            and state.phase == "recherche"
        )

    def _race(self, state: ThemesState) -> list[_Find]:
        """This round's plan: what each bot would say and when (fastest first)."""
        play = simultaneous_play(state)
        if self.race_round != play.round:
            self.race_round = play.round
            self.show_table()
            plan = []
            for seat in self.bots:
                if play.out[seat]:
                    continue
                decision = self._bot_decision(seat)
                action: Action = decision.action
                if not isinstance(action, Word):
                    action = GiveUp()
                plan.append(_Find(decision.seconds, seat, action))
            self.race = sorted(plan, key=lambda find: (find.at, find.seat))
            self.race_start = self.clock()
        return self.race

    def _fire(self, find: _Find) -> None:
        """A bot of the race says what it planned (« rien » if it is no longer legal)."""
        if isinstance(find.action, Word):
            self._say(f"{self.names[find.seat]} tape sur les cartes ({find.at:.0f} s) !", "yellow")
        self._bot_submit(find.seat, find.action, GiveUp())

    # --- Équipe ------------------------------------------------------------------------------

    def _hourglass(self, state: ThemesState) -> RuleTimer[Action] | None:
        return next((t for t in state.rule_timers() if t.key.startswith("manche-")), None)

    def _teams_step(self, state: ThemesState) -> None:
        play = team_play(state)
        if state.phase == "jugement":
            timer = self._hourglass(state)
            started = self.turned.get(timer.key) if timer is not None else None
            if (
                timer is not None
                and started is not None
                and self.clock() - started >= timer.seconds
            ):
                self._say("Sablier écoulé (le mot est encore au jugement).", "yellow")
                self._submit(timer.seat, timer.action)
                return
            judges = sorted(state.to_move() - {HUMAN})
            if judges:
                self._bot_submit(judges[0], self._bot_choice(judges[0]), self._judge_fallback())
            else:
                self._human_move()
            return
        if play.active == state.config.team_of(HUMAN):
            self._my_team_round(state)
        else:
            self._bot_team_move(state)

    def _bot_team_move(self, state: ThemesState) -> None:
        """One word of a bot team (its fastest finder), or the end of its round."""
        play = team_play(state)
        timer = self._hourglass(state)
        assert timer is not None
        key = timer.key
        acted = self.acted.get(key, 0)
        self.acted[key] = acted + 1
        members = [s for s in play.rotation(state, play.active) if s in self.bots]
        found: list[tuple[float, int, Seat, Action]] = []
        for order, seat in enumerate(members):
            decision = self._bot_decision(seat)
            if isinstance(decision.action, Word):
                found.append((decision.seconds, order, seat, decision.action))
        if not found:
            self._bot_submit(members[0], EndTurn(), Timeout())
            return
        pace, _order, seat, action = min(found, key=lambda f: (f[0], f[1]))
        spent = self.spent.get(key, 0.0) + pace
        if spent > timer.seconds or acted >= MAX_BOT_ACTIONS:
            self._say(f"Sablier écoulé pour l'équipe {play.active + 1}.", "yellow")
            self._submit(timer.seat, timer.action)
            return
        self.spent[key] = spent
        if self.sleep is not None:
            self._say(f"{self.names[seat]} cherche un mot…", "dim")
            self.sleep(pace)
        self._bot_submit(seat, action, EndTurn())

    def _my_team_round(self, state: ThemesState) -> None:
        """The person's team plays: the person types, the bot teammates find words meanwhile."""
        play = team_play(state)
        timer = self._hourglass(state)
        assert timer is not None
        if timer.key not in self.turned:
            self.turned[timer.key] = self.clock()
            self.show_table()
            mates = [s for s in state.config.members(play.active) if s in self.bots]
            self.mates = {seat: self._next_find(seat) for seat in mates}
            self.mates_round = play.round
            help_line = (
                " Vos coéquipiers cherchent en même temps : ils disent leurs mots à chacune de "
                "vos réponses (et à la fin du sablier) ; « fin » leur passe la main."
                if mates
                else ""
            )
            self._say(
                f"À votre équipe : {timer.seconds} s pour 3 mots sur 3 thèmes, un par paquet."
                + help_line,
                "bold",
            )
        started = self.turned[timer.key]
        if self.shown != len(self.match.record.moves):
            self.show_table()
        round_ = play.round
        elapsed = self.clock() - started
        if timer.seconds - elapsed < TICK:
            self._mates_speak(timer.seconds, round_)  # what they found within the hourglass
            if self._still(round_):
                self._say("Sablier écoulé !", "bold red")
                self._submit(timer.seat, timer.action)
            return
        raw = self._read_within(timer.seconds - elapsed)
        elapsed = self.clock() - started
        self._mates_speak(min(elapsed + TICK, timer.seconds), round_)
        if not self._still(round_):
            if raw is not None and raw.strip():
                self._say("La manche est finie : votre réponse arrive trop tard.", "bold red")
            return
        if elapsed > timer.seconds:
            if raw is not None and raw.strip():
                self._say("Trop tard : le sablier est écoulé.", "bold red")
            return  # the next step submits the hourglass
        if raw is not None:
            self._typed(raw)

    def _mates_speak(self, until: float, round_: int) -> None:
        """The teammates say, in order, the words they found up to ``until`` seconds."""
        while (mate := self._next_mate(until)) is not None and self._still(round_):
            self._mate_finds(mate)

    def _still(self, round_: int) -> bool:
        state = self.state
        play = state.play
        return isinstance(play, TeamPlay) and play.round == round_ and state.phase == "jeu"

    def _next_mate(self, before: float) -> Seat | None:
        """The teammate who finds a word next, within ``before`` seconds of the hourglass."""
        waiting = [(at, seat) for seat, at in self.mates.items() if at <= before]
        return min(waiting)[1] if waiting else None

    def _next_find(self, seat: Seat) -> float:
        """The time the teammate at ``seat`` takes to find its next word (or to give up)."""
        return max(1.0, self._bot_decision(seat).seconds)

    def _mate_finds(self, seat: Seat) -> None:
        """The teammate says the word it found (if any); it searches again for its next."""
        self.mates[seat] += self._next_find(seat)
        action = self._bot_choice(seat)
        if isinstance(action, Word):
            self._say(f"Votre coéquipier {self.names[seat]} a trouvé un mot !", "yellow")
            self._bot_submit(seat, action, EndTurn())

    def _mates_finish(self, state: ThemesState) -> None:
        """« fin »: the teammates say at once the words they would find in the time left."""
        play = team_play(state)
        timer = self._hourglass(state)
        if timer is None or not self.mates:
            return
        self._say("Vos coéquipiers utilisent le temps qui reste.", "dim")
        self._mates_speak(timer.seconds, play.round)

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
        play = state.play
        owing = isinstance(play, SimultaneousPlay) and play.owes(state, HUMAN)
        if owing and HUMAN not in pending_judges(claim):
            return "Carte à rendre (rendre B, rendre VILLE ; aide) > "
        if state.phase == "jugement" and claim is not None:
            return f"Valider « {claim.word} » pour {' + '.join(claim.themes)} ? (oui/non) > "
        if isinstance(play, SimultaneousPlay):
            return "Votre mot (2 new york ; rien, aide) > "
        if isinstance(play, TeamPlay):
            return "Votre mot (p2 3 new york ; fin, aide) > "
        return "Votre mot (2 new york ; main, fin, aide) > "

    def _read_within(self, seconds: float, label: str = "Sablier") -> str | None:
        """The person's next line under a countdown of ``seconds`` (None: nothing in time);
        the caller checks the clock for a late answer. ``label``: what the live line counts."""
        try:
            if self.timed_ask is timed_input:
                return timed_input(self._prompt(), seconds, label=label)
            if self.timed_ask is not None:
                return self.timed_ask(self._prompt(), seconds)
            return self.ask(f"[{math.ceil(seconds)} s] {self._prompt()}")
        except (EOFError, KeyboardInterrupt):
            raise Quit from None

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

    def _typed(self, raw: str, *, judging: bool = False) -> bool:
        """Handle one typed line; True when an action was submitted."""
        answer = raw.strip()
        command = answer.lower()
        if not answer:
            return False
        if command in _HELP_WORDS:
            self.console.print(help_panel(self.mode))
            return False
        if command == "table":
            self.show_table()
            return False
        if command == "quitter":
            raise Quit
        state = self.state
        try:
            action = parse_typed(self.game, state, HUMAN, answer)
            if judging and not isinstance(action, Verdict):
                raise IllegalAction("Un mot attend votre jugement : répondez oui ou non.")
            if isinstance(action, Timeout):
                raise IllegalAction("Le temps écoulé ne se tape pas.")
            if isinstance(state.play, TeamPlay) and isinstance(action, EndTurn):
                state.check(HUMAN, action)
                self._mates_finish(state)
                if not self._still(state.play.round):
                    return True
            self._submit(HUMAN, action)
        except LudoError as error:
            self._say(error.message, "bold red")
            return False
        return True

    def _human_move(self) -> None:
        if self.shown != len(self.match.record.moves):
            self.show_table()
        judging = self.state.phase == "jugement"
        if judging and self.state.claim is not None:
            claim = self.state.claim
            self._say(
                f"{self.names[claim.seat]} dit « {claim.word} » pour "
                f"{' + '.join(claim.themes)} : le mot n'est pas dans le vocabulaire du thème, "
                "à vous de juger (silence = oui).",
                "bold yellow",
            )
        while True:
            hourglass = self._my_hourglass()
            try:
                raw = self._answer(hourglass)
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
            if raw is None and hourglass is not None:
                if judging:
                    self._say("Silence du juge : le mot est accepté.", "bold yellow")
                else:
                    self._say("Sablier écoulé !", "bold red")
                self._submit(HUMAN, hourglass.action)
                return
            if raw is None:
                continue
            if self._typed(raw, judging=judging):
                return

    def _tell_outcome(self, outcome: Outcome) -> None:
        if outcome.reason:
            self.console.print(outcome.reason)
        view = self.state.view(HUMAN)
        teams = view.get("scores_equipes")
        if isinstance(teams, list):
            mine = view.get("equipe")
            line = ", ".join(
                f"équipe {t + 1}{' (vous)' if t == mine else ''} {score}"
                for t, score in enumerate(teams)
            )
            self.console.print(Text.assemble(("Fin de la partie. ", "bold"), f"Scores : {line}."))
            return
        scores = view.get("scores")
        if isinstance(scores, list):
            line = ", ".join(
                f"{name} {score}" for name, score in zip(self.names, scores, strict=False)
            )
            self.console.print(Text.assemble(("Fin de la partie. ", "bold"), f"Scores : {line}."))
