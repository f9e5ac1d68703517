"""Thèmes' state: one table for every variant, and the flow of a word said.

The same table in every variant (``table.py``): four theme piles, two letter piles under each,
a face-down draw pile, the cards won, the boxes. A word said for a theme is won at once when
its vocabulary knows it, else it goes before the judges (``verdicts.py``) while the state
waits in the phase ``jugement``. What a variant does differently — whose turn it is, which
cards a word may use, what a word won or refused does, its timers, scores and secrets — is its
policy, the state's ``play`` (a :class:`Play`): ``classic.py`` (classic and Expert),
``teams.py`` (Équipe) and ``simultaneous.py`` (Simultanée). Every decision the rulebook leaves
open is numbered Dn in ``docs/rules/themes.md``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal, Self

from ludotheque.core.errors import IllegalAction
from ludotheque.core.json_types import JsonObject
from ludotheque.core.protocol import Outcome, RuleTimer, Seat, State
from ludotheque.core.rng import Draws, Rng

from .actions import Action, Timeout, Verdict, Word
from .judging import JUDGE_SECONDS, Judging
from .table import (
    HOURGLASS_SECONDS,
    Catalog,
    Columns,
    Face,
    Hooks,
    copy_state,
    lost_cards,
    resample_letters,
    resample_themes,
    top_theme,
    visible_letters,
    visible_themes,
)
from .verdicts import (
    Claim,
    Judgement,
    cast_vote,
    judge_timers,
    judges_for,
    open_claim,
    pending_judges,
    verdict_checked,
    vocabulary_judgement,
)
from .words import (
    in_vocabulary,
)

__all__ = ["Phase", "Play", "ThemesConfig", "ThemesState"]

Phase = Literal["jeu", "recherche", "jugement", "fin"]
"""``recherche`` is Simultanée's phase of play (everyone searches), ``jeu`` the others'."""


@dataclass(frozen=True, slots=True)
class ThemesConfig:
    """A table's options, in every variant (``mode``: ``classique``, ``expert``,
    ``simultanee`` or ``equipe``)."""

    players: int
    mode: str
    judging: Judging
    starter: int  # the seat that plays (turns the cards) first; Équipe: the team
    hourglass: int = HOURGLASS_SECONDS  # not in Simultanée (« on joue sans sablier »)
    judge_time: int = JUDGE_SECONDS
    dry_end: bool = True  # classic and Expert, D8: three dry rounds end the game (robots only)
    teams: int = 0  # Équipe: how many teams

    def team_of(self, seat: Seat) -> int:
        """Équipe: seats alternate teams around the table."""
        return seat % self.teams

    def members(self, team: int) -> tuple[Seat, ...]:
        """Équipe: the seats of ``team``."""
        return tuple(range(team, self.players, self.teams))


@dataclass(frozen=True, slots=True)
class ThemesState(State[Action]):
    """A Thèmes position: the table's cards, a word said for a theme (in the vocabulary, or
    before the judge), the judges' windows, the log and the result, and the variant's
    ``play``, which holds its own fields and says whose turn it is, which cards a word may use,
    what a word won or refused does and which timers run."""

    hooks: ClassVar[Hooks[ThemesState]]

    config: ThemesConfig
    play: Play
    catalog: Catalog
    phase: Phase
    piles: tuple[tuple[Face, ...], ...]  # the 4 theme piles, top first
    columns: Columns  # 2 letter piles a column
    draw: tuple[str, ...]  # face-down letters, top first
    won_letters: tuple[tuple[str, ...], ...]  # per seat (per team in Équipe)
    won_themes: tuple[tuple[Face, ...], ...]  # per seat (per team in Équipe)
    box: tuple[str, ...]  # letter cards out of the game
    theme_box: tuple[Face, ...]  # theme cards out of the game (unused ones, exhausted…)
    claim: Claim | None
    judged: int  # words sent to judgement so far
    judgements: tuple[Judgement, ...]
    events: tuple[str, ...]
    rng: Rng = field(repr=False)

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return copy_state(self, memo)

    @property
    def players(self) -> int:
        return self.config.players

    def view(self, seat: Seat | None) -> JsonObject:
        return self.hooks.view(self, seat)

    def to_move(self) -> frozenset[Seat]:
        """Who owes a card (Simultanée), and the judges of a word, or the seats playing."""
        if self.phase == "fin":
            return frozenset()
        if self.phase == "jugement":
            return self.play.owing(self) | pending_judges(self.claim)
        return self.play.owing(self) | self.play.searching(self)

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        """The actions other than words (a word is typed; bots search: ``search.py``)."""
        if seat not in self.to_move():
            return ()
        actions = self.play.owed_actions(self, seat)
        if self.phase != "jugement":
            actions += self.play.play_actions(self, seat)
        elif seat in pending_judges(self.claim):
            actions += [Verdict(True), Verdict(False)]
        return tuple(actions)

    def sample_action(self, seat: Seat, draws: Draws) -> Action:
        """A random player: a card it owes, a verdict (yes three times in four), or the
        variant's random play."""
        self.check_seat(seat)
        owed = self.play.owed_actions(self, seat)
        if owed:
            return draws.choice(owed)
        if self.phase == "jugement":
            return Verdict(draws.random() < 0.75)
        return self.play.play_sample(self, seat, draws)

    def _next(self, seat: Seat, action: Action) -> ThemesState:
        if isinstance(action, Verdict):
            return self._vote(seat, action)
        if isinstance(action, Word):
            return self._say(seat, action)
        return self.play.act(self, seat, action)

    def check(self, seat: Seat, action: Action) -> None:
        if (
            isinstance(action, Timeout)
            and self.phase == "jugement"
            and self.play.hourglass_runs_on(self, seat)
        ):
            return  # D9: « le sablier ne s'arrête jamais », even while the judge decides
        self.check_seat(seat)
        if self.play.debt_checked(self, seat, action):
            return
        if verdict_checked(self.phase == "jugement", action):
            if seat not in pending_judges(self.claim):
                raise IllegalAction("Vous n'êtes pas juge de ce mot.")
            return
        self.play.check_play(self, seat, action)
        if isinstance(action, Word):
            problem = self.word_problem(seat, action)
            if problem is not None:
                raise IllegalAction(problem)

    def word_problem(self, seat: Seat | None, action: Word) -> str | None:
        """Why ``seat`` cannot say ``action`` now (French), or None (Simultanée and Équipe:
        whoever of the seats to move says it)."""
        return self.play.word_problem(self, seat, action)

    def word_choices(self, seat: Seat | None = None, *, other_themes: bool = False) -> list[Word]:
        """Words of the vocabularies that ``seat`` may say now, with their best cards;
        ``other_themes``: words of *another* visible theme's vocabulary (for the judge, in
        random play)."""
        return self.play.word_choices(self, seat, other_themes=other_themes)

    def claim_themes(self, action: Word) -> tuple[str, ...]:
        """The theme(s) ``action`` is said for."""
        return self.play.claim_themes(self, action)

    def in_vocabulary(self, action: Word) -> bool:
        return in_vocabulary(self.catalog, action.word, self.claim_themes(action))

    def visible_letters(self, column: int) -> tuple[str, ...]:
        """The top card of each letter pile of the column (one or two cards)."""
        return visible_letters(self.columns, column)

    def visible_themes(self) -> tuple[str | None, ...]:
        """The theme on top of each pile (None: the pile is exhausted)."""
        return visible_themes(self.catalog, self.piles)

    def judges_of(self, seat: Seat) -> tuple[Seat, ...]:
        """Who judges a word ``seat`` says."""
        return self.play.judges_of(self, seat)

    def rule_timers(self) -> tuple[RuleTimer[Action], ...]:
        """The variant's own timers, then the judges' windows (silence is yes)."""
        if self.phase == "fin":
            return ()
        timers = self.play.own_timers(self)
        if self.phase == "jugement":
            timers += judge_timers(self.claim, self.config.judge_time)
        return tuple(timers)

    def score(self, seat: Seat) -> int:
        return self.play.score(self, seat)

    def theme_count(self, seat: Seat) -> int:
        """Theme cards won (the tie-break: « le moins de cartes Thème »)."""
        return self.play.theme_count(self, seat)

    def outcome(self) -> Outcome | None:
        if self.phase != "fin":
            return None
        return self.play.outcome(self)

    def secrets(self, seat: Seat) -> frozenset[str]:
        return self.play.secrets(self, seat)

    def hides_between_seats(self) -> bool:
        return self.play.hides_between_seats(self)

    # --- what a seat cannot see, no card lost ----------------------------------------------

    def resample_hidden(self, observer: Seat, draws: Draws) -> Self:
        """What ``observer`` cannot see, redrawn: the letters the variant keeps out of its sight
        (but a judged word's cards), the draw pile, the cards under every visible one, the theme
        cards under the visible ones (and their sides) and the unused ones."""
        shown = set(self.claim.cards) if self.claim is not None else set()
        held = self.play.hidden_letters(self, observer)
        redrawn, draw, columns = resample_letters(draws, held, shown, self.draw, self.columns)
        piles, fifth, theme_box = resample_themes(
            draws, self.piles, self.play.fifth_pile(), self.theme_box
        )
        state = replace(
            self,
            draw=draw,
            columns=columns,
            piles=piles,
            theme_box=theme_box,
            rng=Rng.from_seed(draws.below(2**62)),
        )
        return replace(state, play=self.play.resampled(self, observer, redrawn, fifth))

    def invariant_violations(self) -> list[str]:
        """No card created or lost, then the variant's own invariants."""
        letters = [*self.draw, *self.box, *self.play.held_letters()]
        letters += [c for won in self.won_letters for c in won]
        faces = [f for pile in self.piles for f in pile]
        faces += [*self.theme_box, *self.play.set_aside_themes()]
        faces += [f for won in self.won_themes for f in won]
        violations = lost_cards(self.catalog, self.columns, letters, faces)
        return violations + self.play.own_violations(self)

    # --- a word said, judged ---------------------------------------------------------------

    def _say(self, seat: Seat, action: Word) -> ThemesState:
        """A word of the vocabulary is won at once; any other goes to the judges (D10)."""
        themes = self.claim_themes(action)
        if self.in_vocabulary(action):
            turn = self.play.judgement_turn()
            logged = vocabulary_judgement(self.catalog, turn, seat, themes, action.word)
            state = replace(self, judgements=(*self.judgements, logged))
            return state.play.award(state, seat, action, logged.word)
        judges = self.judges_of(seat)
        claim = open_claim(seat, action, themes, judges, self.judged + 1, fifth=action.fifth)
        return replace(
            self,
            play=self.play.claimed(action),
            phase="jugement",
            claim=claim,
            judged=self.judged + 1,
            events=(*self.events, *self.play.claim_lines(seat, action, themes)),
        )

    def _vote(self, seat: Seat, verdict: Verdict) -> ThemesState:
        assert self.claim is not None
        claim, logged = cast_vote(self.claim, seat, verdict, self.play.judgement_turn())
        if logged is None:
            return replace(self, claim=claim)
        state = replace(
            self, claim=None, phase=self.play.playing, judgements=(*self.judgements, logged)
        )
        if logged.accepted:
            state = state.play.award(state, claim.seat, self.play.claimed_word(claim), claim.word)
        else:
            state = state.play.refused(state, claim.seat, logged)
        return self.play.after_verdict(state)


class Play(ABC):
    """A variant's policy: its own fields (a frozen dataclass) and what the shared flow of
    :class:`ThemesState` asks of it. Each method is given the state whose ``play`` it is and
    returns values or new states; nothing is changed in place."""

    __slots__ = ()

    playing: ClassVar[Phase] = "jeu"
    """The phase a decided word goes back to."""

    # --- whose turn, which actions --------------------------------------------------------

    def owing(self, state: ThemesState) -> frozenset[Seat]:
        """The seats with a card to give back (Simultanée)."""
        return frozenset()

    def owed_actions(self, state: ThemesState, seat: Seat) -> list[Action]:
        """The cards ``seat`` may give back now (Simultanée)."""
        return []

    @abstractmethod
    def searching(self, state: ThemesState) -> frozenset[Seat]:
        """The seats playing, outside the judgement."""

    @abstractmethod
    def play_actions(self, state: ThemesState, seat: Seat) -> list[Action]:
        """``seat``'s actions other than words, outside the judgement."""

    @abstractmethod
    def play_sample(self, state: ThemesState, seat: Seat, draws: Draws) -> Action:
        """A random player's action outside the judgement."""

    @abstractmethod
    def act(self, state: ThemesState, seat: Seat, action: Action) -> ThemesState:
        """The state after a checked action other than a word or a verdict."""

    # --- checks ----------------------------------------------------------------------------

    def hourglass_runs_on(self, state: ThemesState, seat: Seat) -> bool:
        """``seat`` holds an hourglass that has not run out yet (it may say so while a word is
        judged)."""
        return False

    def debt_checked(self, state: ThemesState, seat: Seat, action: Action) -> bool:
        """Raise when ``action`` does not fit what ``seat`` owes (Simultanée); True when it is
        a card given back, with nothing more to check."""
        return False

    @abstractmethod
    def check_play(self, state: ThemesState, seat: Seat, action: Action) -> None:
        """Raise when ``action``, neither a verdict nor a card given back, is not allowed now
        (a word's own problems are checked after)."""

    @abstractmethod
    def word_problem(self, state: ThemesState, seat: Seat | None, action: Word) -> str | None:
        """Why ``seat`` cannot say ``action`` now (French), or None."""

    @abstractmethod
    def word_choices(
        self, state: ThemesState, seat: Seat | None, *, other_themes: bool = False
    ) -> list[Word]:
        """Words of the vocabularies that ``seat`` may say now, with their best cards."""

    def claim_themes(self, state: ThemesState, action: Word) -> tuple[str, ...]:
        """The theme(s) ``action`` is said for."""
        return top_theme(state.catalog, state.piles, action.column)

    # --- timers, scores, secrets ------------------------------------------------------------

    @abstractmethod
    def own_timers(self, state: ThemesState) -> list[RuleTimer[Action]]:
        """The variant's timers other than the judges'."""

    @abstractmethod
    def score(self, state: ThemesState, seat: Seat) -> int: ...

    @abstractmethod
    def theme_count(self, state: ThemesState, seat: Seat) -> int: ...

    def outcome(self, state: ThemesState) -> Outcome:
        """The game over: points, then the fewest theme cards (« le moins de cartes
        Thème »)."""
        scores = [state.score(s) for s in range(state.players)]
        keys = [(scores[s], -state.theme_count(s)) for s in range(state.players)]
        return Outcome.from_keys(keys, scores=scores)

    def secrets(self, state: ThemesState, seat: Seat) -> frozenset[str]:
        return frozenset()

    def hides_between_seats(self, state: ThemesState) -> bool:
        return True

    def hidden_letters(self, state: ThemesState, observer: Seat) -> Sequence[tuple[str, ...]]:
        """The letters held out of ``observer``'s sight (hands, packets)."""
        return ()

    def fifth_pile(self) -> tuple[Face, ...]:
        return ()

    def resampled(
        self,
        state: ThemesState,
        observer: Seat,
        letters: tuple[tuple[str, ...], ...],
        fifth: tuple[Face, ...],
    ) -> Self:
        """This play with the letters of :meth:`hidden_letters` and the fifth pile redrawn."""
        return self

    @abstractmethod
    def held_letters(self) -> list[str]:
        """The letters in play outside the columns, the draw pile, the box and the won cards."""

    @abstractmethod
    def set_aside_themes(self) -> list[Face]:
        """The theme cards outside the piles, the box and the won cards."""

    @abstractmethod
    def own_violations(self, state: ThemesState) -> list[str]: ...

    # --- a word said, judged ---------------------------------------------------------------

    def judges_of(self, state: ThemesState, seat: Seat) -> tuple[Seat, ...]:
        """D10: the judge seat (``juge``), or every other seat (``vote``)."""
        return judges_for(state.config.judging, seat, state.players)

    @abstractmethod
    def judgement_turn(self) -> int:
        """The turn (or round) a judgement is logged under."""

    def claim_lines(self, seat: Seat, action: Word, themes: tuple[str, ...]) -> tuple[str, ...]:
        return (f"« {action.word} » pour {' + '.join(themes)} : au juge de décider.",)

    def claimed(self, action: Word) -> Self:
        """This play once ``action`` is before the judges (what the variant remembers)."""
        return self

    def claimed_word(self, claim: Claim) -> Word:
        """The word ``claim`` was, to be won once accepted."""
        return Word(claim.column, claim.word, claim.cards, claim.fifth)

    @abstractmethod
    def award(self, state: ThemesState, seat: Seat, action: Word, shown: str) -> ThemesState:
        """``action`` is won (``shown``: the word as the vocabulary writes it)."""

    def refused(self, state: ThemesState, seat: Seat, logged: Judgement) -> ThemesState:
        return replace(
            state, events=(*state.events, logged.refusal_line("aucune carte n'est prise."))
        )

    def after_verdict(self, decided: ThemesState) -> ThemesState:
        """``decided``, the word judged, once what the hourglass did meanwhile (as this play,
        the one before the verdict, knows it) is done."""
        return decided
