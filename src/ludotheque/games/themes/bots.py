"""Thèmes' bots, by name: the four levels offered at tables, and three engines.

The levels — ``debutant``, ``intermediaire``, ``fort``, ``expert`` — are one class,
:class:`~.bots_levels.ThemesLevelBot`, reading the shared profiles of
:mod:`ludotheque.bots.levels`: the words they know by everyday familiarity
(:mod:`.familiarity`), the themes they take in, how they choose among the words they found,
their pace (:mod:`.bots_pace`: a word's thinking time grows with its length and rarity, a turn
holds what fits in the hourglass), their mistakes in Simultanée, and the robot judge.
``docs/rules/themes.md`` (« Robots ») says what each level does and why.

The engines ``random``, ``greedy`` and ``strong`` stay for ``simulate``, the benchmarks and the
tables stored before the levels; they know a share of the vocabularies (the most familiar
35 %, 65 % and 95 % of the entries, :func:`~.bots_common.knows`) and say at most
``hourglass // seconds_per_word`` words a turn (45 s: 1, 3, 5; their ``decide`` gives that
time per word):

- ``random``: a random known word that its cards allow; with none, a new hand half of the time
  (when allowed), else the end of its turn;
- ``greedy``: the known word worth the most points now (letters, theme card, 3 PV for the
  fifth theme in Expert); with none, a new hand once a turn, then the end of its turn;
- ``strong`` (:mod:`.bots_strong`): the known words weighed with a look-ahead within the turn
  and the end of the game in view.

In Simultanée and Équipe the engines say a known word (random for ``random``, the one worth
the most for the others), else « rien » or the end of the team's round. As a judge every bot
answers as the robot judge (:func:`~.bots_common.judge_verdict`: a word outside the theme's
vocabulary, a non-word or a plural by S is refused, with its reason).

>>> sorted(BOTS)
['debutant', 'expert', 'fort', 'greedy', 'intermediaire', 'random', 'strong']
>>> [make_bot(name).seconds_per_word for name in ("random", "greedy", "strong")]
[30.0, 15.0, 9.0]
>>> make_bot("fort").profile.title
'Fort'
>>> make_bot("belote")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ludotheque.core.errors.LudoError: Robot inconnu : « belote » (connus : debutant, intermediaire, ...
"""

from __future__ import annotations

from ludotheque.bots.table import BotTable
from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Draws

from .actions import Action, EndTurn, Redraw
from .bots_common import LEVELS, EngineBot, Level, known_choices, word_value, words_left
from .bots_levels import ThemesLevelBot
from .bots_strong import StrongBot
from .classic import classic_play
from .state import ThemesState

__all__ = [
    "BOTS",
    "LEVELS",
    "GreedyBot",
    "Level",
    "RandomBot",
    "StrongBot",
    "ThemesLevelBot",
    "make_bot",
]


class RandomBot(EngineBot):
    """A random known word; none: a new hand half of the time, else stop."""

    name = "random"

    def play(self, state: ThemesState, seat: Seat, draws: Draws) -> Action:
        if words_left(state, seat, self.seconds_per_word):
            choices = known_choices(state, seat, self.share)
            if choices:
                return draws.choice(choices)
            if classic_play(state).may_redraw(state, seat) and draws.random() < 0.5:
                return Redraw()
        return EndTurn()


class GreedyBot(EngineBot):
    """The known word worth the most now; none: a new hand, then stop."""

    name = "greedy"

    def play(self, state: ThemesState, seat: Seat, draws: Draws) -> Action:
        if not words_left(state, seat, self.seconds_per_word):
            return EndTurn()
        choices = known_choices(state, seat, self.share)
        if choices:
            # Ties: the first found (the visible themes in order), so a pure function.
            return max(choices, key=lambda w: (word_value(state, w), len(w.cards)))
        return Redraw() if classic_play(state).may_redraw(state, seat) else EndTurn()


BOTS = BotTable(
    {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}, levels=ThemesLevelBot
)
make_bot = BOTS.make
