"""What Thèmes' engines (``random``, ``greedy``, ``strong``) share: their vocabulary share and
speed, the interface they decide through (functions of a state and a seat that dispatch on the
state's class), the robot judge.

See :mod:`.bots` for the engines and the four levels.

>>> knows("NEWYORK", 1.0), knows("NEWYORK", 0.0)
(True, False)
>>> 0.0 <= familiarity("NEWYORK") < 0.1  # among the 10 % most familiar entries
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludotheque.bots.base import Decision, Observation
from ludotheque.core.protocol import Seat, State
from ludotheque.core.rng import Draws

from .actions import Action, EndTurn, GiveBack, GiveUp, Verdict, Word
from .cards import entry_key
from .classic import ClassicPlay
from .familiarity import familiarity_rank
from .judging import robot_refusal
from .search import vocabulary_words
from .simultaneous import SimultaneousPlay
from .state import ThemesState

__all__ = [
    "LEVELS",
    "EngineBot",
    "Level",
    "familiarity",
    "judge_action",
    "judge_verdict",
    "known_choices",
    "knows",
    "word_value",
    "words_left",
    "words_per_turn",
]


@dataclass(frozen=True, slots=True)
class Level:
    """What a bot level knows and how fast it finds a word."""

    name: str
    share: float
    """Share of each theme's vocabulary known (nested: a higher share knows a superset)."""
    seconds_per_word: float
    """Thinking time a word costs: the turn's words are capped by the hourglass."""


LEVELS: dict[str, Level] = {
    "random": Level("random", 0.35, 30.0),
    "greedy": Level("greedy", 0.65, 15.0),
    "strong": Level("strong", 0.95, 9.0),
}


def familiarity(key: str) -> float:
    """Where the entry ``key`` ranks by everyday familiarity among all the shipped entries, in
    [0, 1] (0: the most familiar; :func:`~.familiarity.familiarity_rank`)."""
    return familiarity_rank(key)


def knows(key: str, share: float) -> bool:
    """Whether an engine knowing ``share`` of the vocabularies knows the word ``key``: the
    ``share`` most familiar entries (nested: a higher share knows a superset)."""
    return familiarity(key) < share


# --- the interface the bots decide through (dispatch on the state's play) ------------------


def known_choices(state: State[Any], seat: Seat, share: float) -> list[Word]:
    """The words ``seat`` knows (``share``) that its cards allow now, each with its best cards
    (those worth the most points), in the order of the visible themes."""
    if isinstance(state, ThemesState):
        if isinstance(state.play, ClassicPlay):
            return _classic_choices(state, state.play, seat, share)
        return [w for w in state.word_choices() if knows(entry_key(w.word), share)]
    raise TypeError(f"état inconnu des robots de Thèmes : {type(state).__name__}")


def _classic_choices(state: ThemesState, play: ClassicPlay, seat: Seat, share: float) -> list[Word]:
    """As :meth:`ClassicPlay.word_choices`, on the known words only (and faster so)."""
    choices: list[Word] = []
    hand = play.hands[seat]
    catalog = state.catalog
    letters = catalog.letters
    fifth = catalog.words(catalog.theme(play.fifth[0])).forms if play.fifth else {}
    for index, theme in enumerate(state.visible_themes()):
        if theme is None:
            continue
        column = state.visible_letters(index)
        vocabulary = state.catalog.words(theme)
        keys = [form for k, form in vocabulary.forms.items() if knows(k, share)]
        for key, cards, _points in vocabulary_words(keys, hand, column, letters):
            shown = vocabulary.display(key) or key
            choices.append(Word(index, shown, cards))
            if key in fifth:
                choices.append(Word(index, shown, cards, fifth=True))
    return [w for w in choices if state.word_problem(seat, w) is None]


def word_value(state: State[Any], word: Word) -> int:
    """The points ``word`` adds to its player's score: its letters, the theme card, and 3 PV
    for the fifth pile's card (Expert)."""
    if isinstance(state, ThemesState):
        letters = sum(state.catalog.letters[c].points for c in word.cards)
        return letters + 1 + (3 if word.fifth else 0)
    raise TypeError(f"état inconnu des robots de Thèmes : {type(state).__name__}")


def words_per_turn(state: State[Any], seconds_per_word: float) -> int:
    """Words a bot this fast says in a turn: the hourglass over its time a word, at least 1."""
    if isinstance(state, ThemesState) and isinstance(state.play, ClassicPlay):
        return max(1, int(state.config.hourglass // seconds_per_word))
    raise TypeError(f"état inconnu des robots de Thèmes : {type(state).__name__}")


def words_left(state: State[Any], seat: Seat, seconds_per_word: float) -> int:
    """Words the bot may still say this turn."""
    if isinstance(state, ThemesState):
        if isinstance(state.play, ClassicPlay):
            return max(0, words_per_turn(state, seconds_per_word) - state.play.words_in_turn)
        return 1 if seat in state.to_move() else 0  # one word at a time; the state limits
    raise TypeError(f"état inconnu des robots de Thèmes : {type(state).__name__}")


def judge_verdict(state: ThemesState) -> Verdict:
    """A robot judge's verdict on the word being judged (D11, :func:`~.judging.robot_refusal`):
    refused, with its reason, when it is not a dictionary word, a plural by S, or outside the
    vocabulary of one of its themes."""
    assert state.claim is not None
    vocabularies = [state.catalog.words(theme).forms for theme in state.claim.themes]
    reason = robot_refusal(state.claim.word, vocabularies)
    return Verdict(reason is None, reason)


def judge_action(state: State[Any], seat: Seat) -> Action | None:
    """The verdict when ``seat`` judges a word now (:func:`judge_verdict`), else None."""
    if (
        isinstance(state, ThemesState)
        and state.phase == "jugement"
        and state.claim is not None
        and seat in state.to_move()
    ):
        return judge_verdict(state)
    return None


def word_key(word: Word) -> str:
    return entry_key(word.word)


class EngineBot:
    """What the three engines share: their level, the judge, the fallback for unknown states."""

    level: Level
    name: str

    def __init__(self, share: float | None = None, seconds_per_word: float | None = None) -> None:
        base = LEVELS[self.name]
        share = base.share if share is None else share
        seconds = base.seconds_per_word if seconds_per_word is None else seconds_per_word
        if not 0.0 <= share <= 1.0:
            raise ValueError("share doit être entre 0 et 1.")
        if seconds <= 0:
            raise ValueError("seconds_per_word doit être positif.")
        self.level = Level(self.name, share, seconds)

    @property
    def share(self) -> float:
        return self.level.share

    @property
    def seconds_per_word(self) -> float:
        """The thinking time a word costs this bot (front ends may pace it with this)."""
        return self.level.seconds_per_word

    def pace(self, action: Action) -> float:
        """Seconds this bot takes before saying ``action``: a word costs its thinking time, the
        rest (a verdict, a new hand, the end of a turn) is instant."""
        return self.seconds_per_word if isinstance(action, Word) else 0.0

    def decide(self, observation: Observation, draws: Draws) -> Decision:
        """The action and :meth:`pace` as its thinking time (the server and the terminal wait
        that long, × their pacing factor, so a person can beat a slower bot to a word)."""
        action = self.choose(observation, draws)
        return Decision(action, self.pace(action))

    def choose(self, observation: Observation, draws: Draws) -> Action:
        state = observation.determinize(draws)
        seat = observation.seat
        if not isinstance(state, ThemesState):
            action: Action = state.sample_action(seat, draws)
            return action
        play = state.play
        if isinstance(play, SimultaneousPlay) and play.owes(state, seat):
            return GiveBack(play.cheapest_card(state, seat))  # a refused word: the cheapest card
        verdict = judge_action(state, seat)
        if verdict is not None:
            return verdict
        if isinstance(play, ClassicPlay):
            return self.play(state, seat, draws)
        return self.play_variant(state, seat, draws)

    def play(self, state: ThemesState, seat: Seat, draws: Draws) -> Action:
        """Classic and Expert (``state.play`` is a :class:`~.classic.ClassicPlay`)."""
        raise NotImplementedError

    def play_variant(self, state: ThemesState, seat: Seat, draws: Draws) -> Action:
        """Simultanée and Équipe: a known word (random for the beginner, else the one worth
        the most now); none: « rien » (Simultanée) or the end of the team's round."""
        words = known_choices(state, seat, self.share)
        if words:
            if self.name == "random":
                return draws.choice(words)
            return max(words, key=lambda w: (word_value(state, w), len(w.cards)))
        return GiveUp() if isinstance(state.play, SimultaneousPlay) else EndTurn()
