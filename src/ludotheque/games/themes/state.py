"""Thèmes' state: what the three variants share, and the flow of a word said.

The same table in every variant (``table.py``): four theme piles, two letter piles under each,
a face-down draw pile, the cards won, the boxes. A word said for a theme is won at once when
its vocabulary knows it, else it goes before the judges (``verdicts.py``) while the state
waits in the phase ``jugement``. What a variant does differently — whose turn it is, which
cards a word may use, what a word won or refused does, its timers, scores and secrets — is
in ``classic.py`` (classic and Expert), ``teams.py`` (Équipe) and ``simultaneous.py``
(Simultanée), each a subclass of :class:`ThemesState`. Every decision the rulebook leaves
open is numbered Dn in ``docs/rules/themes.md``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Generic, Literal, Protocol, Self, TypeVar

from ludotheque.core.errors import IllegalAction
from ludotheque.core.json_types import JsonObject
from ludotheque.core.protocol import Outcome, RuleTimer, Seat, State
from ludotheque.core.rng import Draws, Rng

from .actions import Action, Timeout, Verdict, Word
from .judging import Judging
from .table import (
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

__all__ = ["Phase", "TableConfig", "ThemesState"]

Phase = Literal["jeu", "recherche", "jugement", "fin"]
"""``recherche`` is Simultanée's phase of play (everyone searches), ``jeu`` the others'."""


class TableConfig(Protocol):
    """What the shared flow reads of a variant's options."""

    @property
    def players(self) -> int: ...

    @property
    def judging(self) -> Judging: ...

    @property
    def judge_time(self) -> int: ...

    @property
    def mode(self) -> str: ...


C = TypeVar("C", bound=TableConfig)


@dataclass(frozen=True, slots=True)
class ThemesState(State[Action], Generic[C]):
    """What the three variants share: the table's cards, a word said for a theme (in the
    vocabulary, or before the judge), the judges' windows, the log and the result. Each
    variant (a subclass) adds its own fields and says whose turn it is, which cards a word
    may use, what a word won or refused does and which timers run."""

    hooks: ClassVar[Hooks[Any]]
    playing: ClassVar[Phase] = "jeu"
    """The phase a decided word goes back to."""

    config: C
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
            return self._owing() | pending_judges(self.claim)
        return self._owing() | self._searching()

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        """The actions other than words (a word is typed; bots search: ``search.py``)."""
        if seat not in self.to_move():
            return ()
        actions = self._owed_actions(seat)
        if self.phase != "jugement":
            actions += self._play_actions(seat)
        elif seat in pending_judges(self.claim):
            actions += [Verdict(True), Verdict(False)]
        return tuple(actions)

    def sample_action(self, seat: Seat, draws: Draws) -> Action:
        """A random player: a card it owes, a verdict (yes three times in four), or the
        variant's random play."""
        self.check_seat(seat)
        owed = self._owed_actions(seat)
        if owed:
            return draws.choice(owed)
        if self.phase == "jugement":
            return Verdict(draws.random() < 0.75)
        return self._play_sample(seat, draws)

    def _next(self, seat: Seat, action: Action) -> Self:
        if isinstance(action, Verdict):
            return self._vote(seat, action)
        if isinstance(action, Word):
            return self._say(seat, action)
        return self._act(seat, action)

    @abstractmethod
    def _act(self, seat: Seat, action: Action) -> Self:
        """The state after a checked action other than a word or a verdict."""

    def check(self, seat: Seat, action: Action) -> None:
        if (
            isinstance(action, Timeout)
            and self.phase == "jugement"
            and self._hourglass_runs_on(seat)
        ):
            return  # D9: « le sablier ne s'arrête jamais », even while the judge decides
        self.check_seat(seat)
        if self._debt_checked(seat, action):
            return
        if verdict_checked(self.phase == "jugement", action):
            if seat not in pending_judges(self.claim):
                raise IllegalAction("Vous n'êtes pas juge de ce mot.")
            return
        self._check_play(seat, action)
        if isinstance(action, Word):
            problem = self.word_problem(seat, action)
            if problem is not None:
                raise IllegalAction(problem)

    def _hourglass_runs_on(self, seat: Seat) -> bool:
        """``seat`` holds an hourglass that has not run out yet (it may say so while a word is
        judged)."""
        return False

    def _debt_checked(self, seat: Seat, action: Action) -> bool:
        """Raise when ``action`` does not fit what ``seat`` owes (Simultanée); True when it is
        a card given back, with nothing more to check."""
        return False

    @abstractmethod
    def _check_play(self, seat: Seat, action: Action) -> None:
        """Raise when ``action``, neither a verdict nor a card given back, is not allowed now
        (a word's own problems are checked after)."""

    def _owing(self) -> frozenset[Seat]:
        """The seats with a card to give back (Simultanée)."""
        return frozenset()

    def _owed_actions(self, seat: Seat) -> list[Action]:
        """The cards ``seat`` may give back now (Simultanée)."""
        return []

    @abstractmethod
    def _searching(self) -> frozenset[Seat]:
        """The seats playing, outside the judgement."""

    @abstractmethod
    def _play_actions(self, seat: Seat) -> list[Action]:
        """``seat``'s actions other than words, outside the judgement."""

    @abstractmethod
    def _play_sample(self, seat: Seat, draws: Draws) -> Action:
        """A random player's action outside the judgement."""

    def claim_themes(self, action: Word) -> tuple[str, ...]:
        """The theme(s) ``action`` is said for."""
        return top_theme(self.catalog, self.piles, action.column)

    def in_vocabulary(self, action: Word) -> bool:
        return in_vocabulary(self.catalog, action.word, self.claim_themes(action))

    def visible_letters(self, column: int) -> tuple[str, ...]:
        """The top card of each letter pile of the column (one or two cards)."""
        return visible_letters(self.columns, column)

    def rule_timers(self) -> tuple[RuleTimer[Action], ...]:
        """The variant's own timers, then the judges' windows (silence is yes)."""
        if self.phase == "fin":
            return ()
        timers = self._own_timers()
        if self.phase == "jugement":
            timers += judge_timers(self.claim, self.config.judge_time)
        return tuple(timers)

    def outcome(self) -> Outcome | None:
        """Points, then the fewest theme cards (« le moins de cartes Thème »)."""
        if self.phase != "fin":
            return None
        scores = [self.score(s) for s in range(self.players)]
        keys = [(scores[s], -self.theme_count(s)) for s in range(self.players)]
        return Outcome.from_keys(keys, scores=scores)

    @abstractmethod
    def word_problem(self, seat: Seat, action: Word) -> str | None:
        """Why ``seat`` cannot say ``action`` now (French), or None."""

    @abstractmethod
    def word_choices(self, seat: Seat, *, other_themes: bool = False) -> list[Word]:
        """Words of the vocabularies that ``seat`` may say now, with their best cards;
        ``other_themes``: words of *another* visible theme's vocabulary (for the judge, in
        random play)."""

    @abstractmethod
    def score(self, seat: Seat) -> int: ...

    @abstractmethod
    def theme_count(self, seat: Seat) -> int: ...

    # --- what a seat cannot see, no card lost ----------------------------------------------

    def resample_hidden(self, observer: Seat, draws: Draws) -> Self:
        """What ``observer`` cannot see, redrawn: the letters the variant keeps out of its sight
        (but a judged word's cards), the draw pile, the cards under every visible one, the theme
        cards under the visible ones (and their sides) and the unused ones."""
        shown = set(self.claim.cards) if self.claim is not None else set()
        held = self._hidden_letters(observer)
        redrawn, draw, columns = resample_letters(draws, held, shown, self.draw, self.columns)
        piles, fifth, theme_box = resample_themes(
            draws, self.piles, self._fifth_pile(), self.theme_box
        )
        state = replace(
            self,
            draw=draw,
            columns=columns,
            piles=piles,
            theme_box=theme_box,
            rng=Rng.from_seed(draws.below(2**62)),
        )
        return state._with_redrawn(observer, redrawn, fifth)

    def invariant_violations(self) -> list[str]:
        """No card created or lost, then the variant's own invariants."""
        letters = [*self.draw, *self.box, *self._held_letters()]
        letters += [c for won in self.won_letters for c in won]
        faces = [f for pile in self.piles for f in pile]
        faces += [*self.theme_box, *self._set_aside_themes()]
        faces += [f for won in self.won_themes for f in won]
        return lost_cards(self.catalog, self.columns, letters, faces) + self._own_violations()

    def _hidden_letters(self, observer: Seat) -> Sequence[tuple[str, ...]]:
        """The letters held out of ``observer``'s sight (hands, packets)."""
        return ()

    def _fifth_pile(self) -> tuple[Face, ...]:
        return ()

    def _with_redrawn(
        self, observer: Seat, redrawn: tuple[tuple[str, ...], ...], fifth: tuple[Face, ...]
    ) -> Self:
        """The state with the letters of :meth:`_hidden_letters` and the fifth pile redrawn."""
        return self

    @abstractmethod
    def _held_letters(self) -> list[str]:
        """The letters in play outside the columns, the draw pile, the box and the won cards."""

    @abstractmethod
    def _set_aside_themes(self) -> list[Face]:
        """The theme cards outside the piles, the box and the won cards."""

    @abstractmethod
    def _own_violations(self) -> list[str]: ...

    # --- a word said, judged ---------------------------------------------------------------

    def _say(self, seat: Seat, action: Word) -> Self:
        """A word of the vocabulary is won at once; any other goes to the judges (D10)."""
        themes = self.claim_themes(action)
        if self.in_vocabulary(action):
            turn = self._judgement_turn()
            logged = vocabulary_judgement(self.catalog, turn, seat, themes, action.word)
            state = replace(self, judgements=(*self.judgements, logged))
            return state._award(seat, action, logged.word)
        judges = self.judges_of(seat)
        claim = open_claim(seat, action, themes, judges, self.judged + 1, fifth=action.fifth)
        state = replace(
            self,
            phase="jugement",
            claim=claim,
            judged=self.judged + 1,
            events=(*self.events, *self._claim_lines(seat, action, themes)),
        )
        return state._claimed(action)

    def _vote(self, seat: Seat, verdict: Verdict) -> Self:
        assert self.claim is not None
        claim, logged = cast_vote(self.claim, seat, verdict, self._judgement_turn())
        if logged is None:
            return replace(self, claim=claim)
        state = replace(self, claim=None, phase=self.playing, judgements=(*self.judgements, logged))
        if logged.accepted:
            state = state._award(claim.seat, self._claimed_word(claim), claim.word)
        else:
            state = state._refused(claim.seat, logged)
        return self._after_verdict(state)

    def judges_of(self, seat: Seat) -> tuple[Seat, ...]:
        """D10: the judge seat (``juge``), or every other seat (``vote``)."""
        return judges_for(self.config.judging, seat, self.players)

    def _claim_lines(self, seat: Seat, action: Word, themes: tuple[str, ...]) -> tuple[str, ...]:
        return (f"« {action.word} » pour {' + '.join(themes)} : au juge de décider.",)

    def _claimed(self, action: Word) -> Self:
        """The state once ``action`` is before the judges (what the variant remembers)."""
        return self

    def _claimed_word(self, claim: Claim) -> Word:
        """The word ``claim`` was, to be won once accepted."""
        return Word(claim.column, claim.word, claim.cards, claim.fifth)

    def _refused(self, seat: Seat, logged: Judgement) -> Self:
        return replace(
            self, events=(*self.events, logged.refusal_line("aucune carte n'est prise."))
        )

    def _after_verdict(self, state: Self) -> Self:
        """``state``, the word decided, once what the hourglass did meanwhile is done."""
        return state

    @abstractmethod
    def _judgement_turn(self) -> int:
        """The turn (or round) a judgement is logged under."""

    @abstractmethod
    def _award(self, seat: Seat, action: Word, shown: str) -> Self:
        """``action`` is won (``shown``: the word as the vocabulary writes it)."""

    @abstractmethod
    def _own_timers(self) -> list[RuleTimer[Action]]:
        """The variant's timers other than the judges'."""
