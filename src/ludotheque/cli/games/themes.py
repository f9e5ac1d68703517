"""Thèmes in the terminal: the table (:mod:`.themes_render`), words typed in Thèmes' notation,
and the real-time parts of its four modes.

The person types as :data:`~ludotheque.games.themes.notation.NOTATIONS` shows
(:func:`help_panel`): ``2 new york`` says a word for the theme of column 2 (the cards worth the
most are chosen, :meth:`Themes.complete_action`), ``2 new york : E R O`` names the letters
taken, ``2+ nemo`` (Expert) also claims the fifth pile's theme; ``main``, ``fin``, ``oui`` /
``non``; ``rien`` and ``rendre B`` (Simultanée); ``p2 3 new york`` (Équipe: packet of 2 cards,
column 3). The table is one person's: ``jugement`` defaults to ``vocabulaire`` (D17).

Bots take the time of their decision (:func:`~ludotheque.bots.base.decide`: a level's word
grows with its length and rarity, :mod:`ludotheque.games.themes.bots_pace`; an engine's
``seconds_per_word``), as on the server; only the chosen actions are recorded.

- **Classique / Expert** — the shared loop: the person's turn runs under the rules' hourglass,
  one for the whole turn however many words are said (when it runs out, « temps écoulé » is
  played); as a judge, the person answers within the judge's window, and silence means yes. A
  bot's turn: each word after its thinking time (never past its hourglass), in a real terminal.
- **Simultanée** (no hourglass, two turned cards, everyone searches at once): a race. At the
  start of each round every bot still in it decides what it would say (a word, or « rien ») and
  when. The person's prompt is timed up to the earliest of those times; answering first with a
  valid word wins the round; when the time passes (or the answer comes late), that bot speaks
  and, if the round goes on, the prompt resumes until the next bot's time. After a refused
  word, the person chooses the won card given back (« rendre »).
- **Équipe** (seat ``s`` is in team ``s % équipes``): on the person's team's round, the team's
  hourglass is the countdown and its three packets are shown. Bot teammates search at the same
  time: each finds its next word after its decision's time; the words found so far are said
  whenever the person answers, and when the hourglass runs out. ``fin`` hands over to the
  teammates: they say at once the words they would find in the time left, then the round ends.
  Other teams' rounds are played by their bots, each word costing its finder's time of that
  team's hourglass.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludotheque.bots.base import Decision, Observation, decide
from ludotheque.core.errors import IllegalAction, LudoError
from ludotheque.core.json_types import JsonValue
from ludotheque.core.moves import PendingMove
from ludotheque.core.protocol import RuleTimer, Seat
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
    give_back_choices,
    name_seats,
    parse_typed,
)
from ludotheque.games.themes.simultaneous import SimultaneousPlay, simultaneous_play
from ludotheque.games.themes.state import ThemesState
from ludotheque.games.themes.teams import PACKET_SIZES, TeamPlay, team_play
from ludotheque.games.themes.verdicts import pending_judges

from ..terminal.session import COMMANDS_HELP, HUMAN, Terminal, panel
from .themes_render import LEGEND, MARKS, table_of

__all__ = ["ThemesTerminal", "describe_mine", "help_panel"]

CLASSIC_MODES = frozenset({"classique", "expert"})
MAX_BOT_ACTIONS = 60
"""A bot that keeps acting in one turn is stopped there (its turn ends)."""
TICK = 0.05
"""A countdown shorter than this is over (a float clock cannot count smaller steps)."""
WATCH_WAIT = 2.0
"""At most this long (real terminal) between two bots' moves the person only watches."""

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


def help_panel(mode: str = "classique") -> Panel:
    """The notation of ``mode``, its rules in brief, the letters' marks and the commands."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold cyan", no_wrap=True)
    grid.add_column(overflow="fold")
    for typed, meaning in NOTATIONS.get(mode, CLASSIC_NOTATION):
        grid.add_row(typed, meaning)
    parts: list[RenderableType] = [Text("Notation", style="bold"), grid]
    if mode in RULES_REMINDER:
        parts.append(Text(RULES_REMINDER[mode]))
    parts += [Text(f"Lettres : {LEGEND}."), Text(COMMANDS_HELP)]
    return panel("Aide", Group(*parts))


def describe_mine(state: ThemesState, action: Action) -> str:
    """The person's action, told to them (« Vous proposez… »), in ``state`` before it."""
    if isinstance(action, Word):
        themes = " + ".join(state.claim_themes(action))
        packet = f"paquet p{PACKET_SIZES[action.packet]}, " if action.packet is not None else ""
        cards = [state.catalog.letters[c] for c in action.cards]
        letters = " ".join(card.letter + MARKS.get(card.constraint or "", "") for card in cards)
        return f"Vous proposez « {action.word} » pour {themes} ({packet}lettres {letters})."
    if isinstance(action, Redraw):
        return "Vous changez vos trois lettres."
    if isinstance(action, EndTurn):
        if state.config.mode == "equipe":
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


class ThemesTerminal(Terminal[ThemesState]):
    """Thèmes: the classic modes in the shared loop, Simultanée and Équipe in real time."""

    state_type = ThemesState
    game: Themes

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.mode: str = self.state.config.mode
        self.shown = -1  # the number of moves when the table was last drawn
        self.acted: dict[str, int] = {}  # a bot's turn (its hourglass key) -> its actions so far
        self.race: list[_Find] = []  # Simultanée: this round's bots' moves, fastest first
        self.race_round = -1
        self.race_start = 0.0
        self.spent: dict[str, float] = {}  # Équipe: a bot team's round -> seconds used
        self.mates: dict[Seat, float] = {}  # Équipe: a teammate -> when it next finds a word

    def classic_state(self) -> ThemesState:
        """The state, in Classique or Expert (an AssertionError in the variants)."""
        state = self.state
        assert isinstance(state.play, ClassicPlay)
        return state

    def race_state(self) -> ThemesState:
        """The state, in Simultanée (an AssertionError in the other modes)."""
        state = self.state
        assert isinstance(state.play, SimultaneousPlay)
        return state

    def team_state(self) -> ThemesState:
        """The state, in Équipe (an AssertionError in the other modes)."""
        state = self.state
        assert isinstance(state.play, TeamPlay)
        return state

    # --- what the person sees and types ------------------------------------------------------

    def show(self) -> None:
        """The table; then, when the person judges a word or owes a card, what is asked."""
        self.shown = len(self.match.record.moves)
        self.console.print(table_of(self.view(), self.names))
        state = self.state
        claim = state.claim
        if state.phase == "jugement" and claim is not None and HUMAN in pending_judges(claim):
            self.say(
                f"{self.names[claim.seat]} dit « {claim.word} » pour {' + '.join(claim.themes)} "
                ": le mot n'est pas dans le vocabulaire du thème, à vous de juger "
                "(silence = oui).",
                "bold yellow",
            )
        elif self.mode == "simultanee" and self.owes(HUMAN):
            self.say(self.give_back_line(self.race_state()), "bold yellow")

    def give_back_line(self, state: ThemesState) -> str:
        """D26: the person's word was refused; they choose the won card to give back (within
        the timer « Carte à rendre », then the card worth least goes)."""
        play = simultaneous_play(state)
        refused = [j.word for j in state.judgements if j.seat == HUMAN and not j.accepted]
        word = refused[-1] if refused else ""
        choices = give_back_choices(state, HUMAN)
        said = (
            f"Votre mot « {word} » est refusé"
            if play.out[HUMAN]
            else f"Vous gagnez après un mot refusé (« {word} »)"
        )
        return (
            f"{said} : choisissez la carte à rendre "
            f"({', '.join(label for _card, label in choices)}) : tapez « rendre » et la carte, "
            f"par exemple « rendre {choices[0][1]} »."
        )

    def redraw(self) -> None:
        """The table again, if a move was made since it was last drawn."""
        if self.shown != len(self.match.record.moves):
            self.show()

    def prompt(self) -> str:
        state = self.state
        claim = state.claim
        owing = self.mode == "simultanee" and self.owes(HUMAN)
        if owing and HUMAN not in pending_judges(claim):
            return "Carte à rendre (rendre B, rendre VILLE ; aide) > "
        if state.phase == "jugement" and claim is not None:
            return f"Valider « {claim.word} » pour {' + '.join(claim.themes)} ? (oui/non) > "
        if self.mode == "simultanee":
            return "Votre mot (2 new york ; rien, aide) > "
        if self.mode == "equipe":
            return "Votre mot (p2 3 new york ; fin, aide) > "
        return "Votre mot (2 new york ; main, fin, aide) > "

    def parse(self, text: str) -> tuple[JsonValue, bool]:
        state = self.state
        action = parse_typed(self.game, state, HUMAN, text)
        judging = state.phase == "jugement" and HUMAN in pending_judges(state.claim)
        if judging and not isinstance(action, Verdict):
            raise IllegalAction("Un mot attend votre jugement : répondez oui ou non.")
        # parse_typed has chosen the cards (Themes.complete_action): nothing left to complete.
        return self.game.encode_action(action), False

    def play_typed(self, answer: str) -> bool:
        if self.mode == "equipe" and self.state.phase == "jeu" and self.hand_over(answer):
            return True
        return super().play_typed(answer)

    def help_panel(self) -> RenderableType:
        return help_panel(self.mode)

    def tell(self, move: PendingMove) -> None:
        """The move's line (the person's told to them), then the rules' events it caused."""
        before = move.before
        assert isinstance(before, ThemesState)
        if move.seat == HUMAN:
            self.say(describe_mine(before, move.action), "cyan")
        else:
            self.say(move.describe(HUMAN, self.names[move.seat], self.names))
        after = move.after
        assert isinstance(after, ThemesState)
        for event in after.events[len(before.events) :]:
            self.say("  " + name_seats(event, self.names), "dim")

    def team_total(self, scores: Sequence[float]) -> float:
        return max(scores, default=0.0)  # Équipe: every member scores the team's points

    # --- the rules' timers -------------------------------------------------------------------

    def my_timer(self) -> RuleTimer[Any] | None:
        """The person's running timer: their window as a judge first (in Simultanée they may
        owe a card meanwhile), else their hourglass or the time to give a card back."""
        mine = [t for t in self.state.rule_timers() if t.seat == HUMAN]
        judging = [t for t in mine if isinstance(t.action, Verdict)]
        return next(iter(judging or mine), None)

    def timer_ran_out(self, timer: RuleTimer[Any]) -> None:
        if isinstance(timer.action, Verdict):
            self.say("Silence du juge : le mot est accepté.", "bold yellow")
        elif isinstance(timer.action, GiveBack):
            self.say("Temps écoulé : la carte qui vaut le moins est rendue.", "bold yellow")
        else:
            self.say("Sablier écoulé !", "bold red")
        self.play(HUMAN, timer.action)

    def timer_of(self, seat: Seat, kind: type[Action]) -> RuleTimer[Action] | None:
        """The timer of ``seat`` that plays a ``kind`` when it runs out: its hourglass
        (:class:`Timeout`), its time to give a card back (:class:`GiveBack`)."""
        timers = self.state.rule_timers()
        return next((t for t in timers if t.seat == seat and isinstance(t.action, kind)), None)

    def take(self, raw: str | None, late: str | None = None) -> None:
        """A line read in a real-time part: a command is done; a move is played, unless
        ``late`` says why it comes too late."""
        answer = None if raw is None else self.command(raw)
        if not answer:
            return
        if late is not None:
            self.say(late, "bold red")
            return
        self.play_typed(answer)

    # --- the loop ----------------------------------------------------------------------------

    def step(self) -> None:
        """One action (or, in a race, one answer of the person)."""
        if self.mode == "simultanee":
            self.race_step()
        elif self.mode == "equipe":
            self.team_step()
        else:
            super().step()

    # --- bots --------------------------------------------------------------------------------

    def decision(self, seat: Seat) -> Decision:
        """What the bot at ``seat`` would do now and its thinking time (its draws move on)."""
        draws = self.rngs[seat].draws()
        decision = decide(self.bots[seat], Observation.of(self.game, self.state, seat), draws)
        self.rngs[seat] = draws.freeze()
        return decision

    def bot_play(self, seat: Seat, action: Action, fallback: Action) -> None:
        """Play a bot's action; a refused one is replaced by ``fallback``."""
        try:
            self.play(seat, action)
        except LudoError as error:
            self.say(
                f"{self.names[seat]} propose un coup refusé ({error.message}) : il passe.",
                "yellow",
            )
            self.play(seat, fallback)

    def judge_fallback(self) -> Action:
        """If a bot's verdict were refused: the robot judge's own (never a yes by default)."""
        state = self.state
        if state.phase == "jugement" and state.claim is not None:
            return judge_verdict(state)
        return Verdict(False)

    def bot_move(self, seat: Seat) -> None:
        """A bot's word, verdict or end of turn; in the classic modes after its thinking time,
        never past its hourglass."""
        state = self.state
        classic = self.mode in CLASSIC_MODES
        own_turn = (
            classic and state.phase == "jeu" and seat == classic_play(self.classic_state()).active
        )
        if own_turn and self.turn_over(seat):
            return
        decision = self.decision(seat)
        if classic:
            self.pace(seat, decision)
        fallback: Action = self.judge_fallback() if state.phase == "jugement" else EndTurn()
        self.bot_play(seat, decision.action, fallback)

    def turn_over(self, seat: Seat) -> bool:
        """The bot's turn: the table and its hourglass when it begins; True when the hourglass
        ran out (or the bot acted too often), its « temps écoulé » then played."""
        timer = self.timer_of(seat, Timeout)
        if timer is None:
            return False
        if timer.key not in self.turned:  # its turn begins: the table, as it is now
            self.show()
            self.say(f"À jouer : {self.names[seat]}, sablier de {timer.seconds} s.", "bold")
        started = self.turned.setdefault(timer.key, self.clock())
        acted = self.acted.get(timer.key, 0)
        self.acted[timer.key] = acted + 1
        if self.clock() - started < timer.seconds and acted < MAX_BOT_ACTIONS:
            return False
        self.say(f"Sablier écoulé pour {self.names[seat]}.", "yellow")
        self.play(seat, timer.action)
        return True

    def pace(self, seat: Seat, decision: Decision) -> None:
        """The bot takes its decision's time (never past its hourglass); only when the terminal
        was given a ``sleep``."""
        if self.sleep is None or decision.seconds <= 0:
            return
        timer = self.timer_of(seat, Timeout)
        wait = decision.seconds
        if timer is not None and timer.key in self.turned:
            wait = min(wait, max(0.0, self.seconds_left(timer) - 0.5))
        if wait > 0:
            if isinstance(decision.action, Word):
                self.say(f"{self.names[seat]} cherche un mot…", "dim")
            elif isinstance(decision.action, EndTurn):
                self.say(f"{self.names[seat]} cherche en vain…", "dim")
            self.sleep(wait)

    # --- Simultanée: a race ------------------------------------------------------------------

    def owes(self, seat: Seat) -> bool:
        """Simultanée: ``seat`` has a won card to give back (D26)."""
        state = self.race_state()
        return simultaneous_play(state).owes(state, seat)

    def race_step(self) -> None:
        state = self.race_state()
        play = simultaneous_play(state)
        owing = [seat for seat in self.bots if play.owes(state, seat)]
        if owing:  # a robot whose word was refused gives its card back at once (D26)
            seat = owing[0]
            timer = self.timer_of(seat, GiveBack)
            fallback = timer.action if timer is not None else GiveUp()
            self.bot_play(seat, self.decision(seat).action, fallback)
            return
        if state.phase == "jugement":
            judges = sorted(state.to_move() - {HUMAN})
            if judges:
                self.bot_move(judges[0])
            else:
                self.human_turn()  # the person judges, or gives a card back
            return
        if play.owes(state, HUMAN):
            self.human_turn()
            return
        pending = [find for find in self.plan_race(state) if not play.out[find.seat]]
        elapsed = self.clock() - self.race_start
        if play.out[HUMAN]:
            if self.sleep is not None:
                self.sleep(max(0.0, min(pending[0].at - elapsed, WATCH_WAIT)))
            self.fire(pending[0])
            return
        self.redraw()
        if pending and pending[0].at - elapsed < TICK:
            self.fire(pending[0])
            return
        if pending:
            left = pending[0].at - elapsed
            if isinstance(pending[0].action, Word):
                self.say(
                    "⏳ Le plus rapide des robots a presque trouvé… Pas de sablier dans cette "
                    f"variante : le compte à rebours ({math.ceil(left)} s) est son temps de "
                    "réflexion.",
                    "dim",
                )
            else:
                self.say(
                    f"⏳ Les robots cherchent encore : le compte à rebours ({math.ceil(left)} s) "
                    "est le temps avant que l'un d'eux abandonne.",
                    "dim",
                )
            raw = self.ask_within(left, "Les robots cherchent")
        else:
            self.say("Les robots ont abandonné : prenez votre temps (ou tapez « rien »).", "dim")
            raw = self.read(self.prompt())
        round_ = play.round
        elapsed = self.clock() - self.race_start
        for find in pending:  # the bots that spoke before the answer came
            if find.at - elapsed >= TICK or not self.racing(round_):
                break
            self.fire(find)
        self.take(raw, None if self.racing(round_) else "Trop tard : un robot a parlé avant vous.")

    def racing(self, round_: int) -> bool:
        state = self.race_state()
        return simultaneous_play(state).round == round_ and state.phase == "recherche"

    def plan_race(self, state: ThemesState) -> list[_Find]:
        """This round's plan: what each bot would say and when (fastest first)."""
        play = simultaneous_play(state)
        if self.race_round != play.round:
            self.race_round = play.round
            self.show()
            plan = []
            for seat in self.bots:
                if play.out[seat]:
                    continue
                decision = self.decision(seat)
                action: Action = decision.action
                if not isinstance(action, Word):
                    action = GiveUp()
                plan.append(_Find(decision.seconds, seat, action))
            self.race = sorted(plan, key=lambda find: (find.at, find.seat))
            self.race_start = self.clock()
        return self.race

    def fire(self, find: _Find) -> None:
        """A bot of the race says what it planned (« rien » if it is no longer legal)."""
        if isinstance(find.action, Word):
            self.say(f"{self.names[find.seat]} tape sur les cartes ({find.at:.0f} s) !", "yellow")
        self.bot_play(find.seat, find.action, GiveUp())

    # --- Équipe ------------------------------------------------------------------------------

    def team_hourglass(self) -> RuleTimer[Action] | None:
        """The active team's hourglass (held for the rules by its captain)."""
        return next((t for t in self.state.rule_timers() if isinstance(t.action, Timeout)), None)

    def team_step(self) -> None:
        state = self.team_state()
        play = team_play(state)
        if state.phase == "jugement":
            timer = self.team_hourglass()
            if timer is not None and timer.key in self.turned and self.seconds_left(timer) <= 0:
                self.say("Sablier écoulé (le mot est encore au jugement).", "yellow")
                self.play(timer.seat, timer.action)
                return
            judges = sorted(state.to_move() - {HUMAN})
            if judges:
                self.bot_move(judges[0])
            else:
                self.human_turn()
            return
        if play.active == state.config.team_of(HUMAN):
            self.my_team_round(state)
        else:
            self.bot_team_move(state)

    def bot_team_move(self, state: ThemesState) -> None:
        """One word of a bot team (its fastest finder), or the end of its round."""
        play = team_play(state)
        timer = self.team_hourglass()
        assert timer is not None
        key = timer.key
        acted = self.acted.get(key, 0)
        self.acted[key] = acted + 1
        members = [s for s in play.rotation(state, play.active) if s in self.bots]
        found: list[tuple[float, int, Seat, Action]] = []
        for order, seat in enumerate(members):
            decision = self.decision(seat)
            if isinstance(decision.action, Word):
                found.append((decision.seconds, order, seat, decision.action))
        if not found:
            self.bot_play(members[0], EndTurn(), Timeout())
            return
        pace, _order, seat, action = min(found, key=lambda f: (f[0], f[1]))
        spent = self.spent.get(key, 0.0) + pace
        if spent > timer.seconds or acted >= MAX_BOT_ACTIONS:
            self.say(f"Sablier écoulé pour l'équipe {play.active + 1}.", "yellow")
            self.play(timer.seat, timer.action)
            return
        self.spent[key] = spent
        if self.sleep is not None:
            self.say(f"{self.names[seat]} cherche un mot…", "dim")
            self.sleep(pace)
        self.bot_play(seat, action, EndTurn())

    def my_team_round(self, state: ThemesState) -> None:
        """The person's team plays: the person types, the bot teammates find words meanwhile."""
        play = team_play(state)
        timer = self.team_hourglass()
        assert timer is not None
        if timer.key not in self.turned:
            self.turned[timer.key] = self.clock()
            self.show()
            mates = [s for s in state.config.members(play.active) if s in self.bots]
            self.mates = {seat: self.next_find(seat) for seat in mates}
            help_line = (
                " Vos coéquipiers cherchent en même temps : ils disent leurs mots à chacune de "
                "vos réponses (et à la fin du sablier) ; « fin » leur passe la main."
                if mates
                else ""
            )
            self.say(
                f"À votre équipe : {timer.seconds} s pour 3 mots sur 3 thèmes, un par paquet."
                + help_line,
                "bold",
            )
        started = self.turned[timer.key]
        self.redraw()
        round_ = play.round
        elapsed = self.clock() - started
        if timer.seconds - elapsed < TICK:
            self.mates_speak(timer.seconds, round_)  # what they found within the hourglass
            if self.still(round_):
                self.say("Sablier écoulé !", "bold red")
                self.play(timer.seat, timer.action)
            return
        raw = self.ask_within(timer.seconds - elapsed, self.timer_label)
        elapsed = self.clock() - started
        self.mates_speak(min(elapsed + TICK, timer.seconds), round_)
        late = None
        if not self.still(round_):
            late = "La manche est finie : votre réponse arrive trop tard."
        elif elapsed > timer.seconds:  # the next step plays the hourglass
            late = "Trop tard : le sablier est écoulé."
        self.take(raw, late)

    def still(self, round_: int) -> bool:
        """The person's team's round ``round_`` goes on (no word before the judge)."""
        state = self.team_state()
        return team_play(state).round == round_ and state.phase == "jeu"

    def mates_speak(self, until: float, round_: int) -> None:
        """The teammates say, in order, the words they found up to ``until`` seconds."""
        while (mate := self.next_mate(until)) is not None and self.still(round_):
            self.mate_finds(mate)

    def next_mate(self, before: float) -> Seat | None:
        """The teammate who finds a word next, within ``before`` seconds of the hourglass."""
        waiting = [(at, seat) for seat, at in self.mates.items() if at <= before]
        return min(waiting)[1] if waiting else None

    def next_find(self, seat: Seat) -> float:
        """The time the teammate at ``seat`` takes to find its next word (or to give up)."""
        return max(1.0, self.decision(seat).seconds)

    def mate_finds(self, seat: Seat) -> None:
        """The teammate says the word it found (if any); it searches again for its next."""
        self.mates[seat] += self.next_find(seat)
        action = self.decision(seat).action
        if isinstance(action, Word):
            self.say(f"Votre coéquipier {self.names[seat]} a trouvé un mot !", "yellow")
            self.bot_play(seat, action, EndTurn())

    def hand_over(self, answer: str) -> bool:
        """« fin »: the teammates first say at once the words they would find in the time
        left; True when the round ended with them (else « fin » is played)."""
        state = self.team_state()
        try:
            action = parse_typed(self.game, state, HUMAN, answer)
            if not isinstance(action, EndTurn):
                return False
            state.check(HUMAN, action)
        except LudoError:
            return False  # the move path says why
        timer = self.team_hourglass()
        if timer is not None and self.mates:
            self.say("Vos coéquipiers utilisent le temps qui reste.", "dim")
            self.mates_speak(timer.seconds, team_play(state).round)
        return not self.still(team_play(state).round)


TERMINAL = ThemesTerminal
