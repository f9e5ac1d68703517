"""Thèmes' bots, by name: ``random`` (Débutant), ``greedy`` (Intermédiaire), ``strong`` (Fort).

A bot differs from another by what it knows and how fast it is (:data:`LEVELS`):

- **Vocabulary**: a bot knows only part of each theme's vocabulary. Word frequencies are
  unknown, so the share is a stable pseudo-random one: a word (its key, :func:`~.cards.entry_key`)
  is known at a level when :func:`familiarity` — a BLAKE2b hash of the key mapped to [0, 1),
  the same on every machine and run — is below the level's ``share``. The shares are nested:
  every word the beginner knows, the others know too. A word is known or not whatever the
  theme it is said for.
- **Speed**: bots answer at once, and the state has no clock; a level's speed is its
  ``seconds_per_word``, the thinking time a word costs it. In a turn it says at most
  ``hourglass // seconds_per_word`` words (at least one; 45 s: beginner 1, intermediate 3,
  strong 5), then ends its turn. Front ends may use ``bot.seconds_per_word`` to pace a bot
  (none does yet).

What each does on its turn, from the state drawn from its own view
(:meth:`~ludotheque.bots.base.Observation.determinize`: the others' hands, the draw pile and the
cards under the visible ones are redrawn; its own hand and everything visible are kept):

- ``random``: a random word among those it knows that its cards allow; with none, a new hand
  half of the time (when allowed), else the end of its turn;
- ``greedy``: the known word worth the most points now (letters, theme card, 3 PV for the
  fifth theme in Expert); with none, a new hand once a turn, then the end of its turn;
- ``strong`` (:mod:`.bots_strong`): the known words weighed with a look-ahead within the turn
  and the end of the game in view.

As a judge every bot answers :func:`~.judging.robot_verdict` on the word (the dictionary's
spelling, no plural by S). Words of the vocabulary never reach a judge, and bots say nothing
else, so a bot's word is never refused.

Bots are written against functions taking a state and a seat (:mod:`.bots_common`:
``known_choices``, ``word_value``, ``words_left``, ``judge_action``) that dispatch on the state's
class. Simultanée and Équipe (:mod:`.state_simultaneous`, :mod:`.state_teams`) are played
simply: a known word (random for the beginner, the one worth the most for the others), else
« rien » or the end of the team's round; their speed is not modelled there (in ``simulate`` the
seats of a race are asked in seat order). A state class they do not know gets the state's own
random sampler.

>>> sorted(BOTS)
['greedy', 'random', 'strong']
>>> [make_bot(name).seconds_per_word for name in ("random", "greedy", "strong")]
[30.0, 15.0, 9.0]
>>> make_bot("belote")
Traceback (most recent call last):
...
ValueError: Robot inconnu : « belote ». Robots connus : greedy, random, strong.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludotheque.bots.base import Bot
from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Draws

from .actions import Action, EndTurn, Redraw
from .bots_common import LEVELS, Level, LevelBot, known_choices, word_value, words_left
from .bots_strong import StrongBot
from .state import ThemesState

__all__ = ["BOTS", "LEVELS", "GreedyBot", "Level", "RandomBot", "StrongBot", "make_bot"]


class RandomBot(LevelBot):
    """Débutant: a random known word; none: a new hand half of the time, else stop."""

    name = "random"

    def play(self, state: ThemesState, seat: Seat, draws: Draws) -> Action:
        if words_left(state, seat, self.seconds_per_word):
            choices = known_choices(state, seat, self.share)
            if choices:
                return draws.choice(choices)
            if state.may_redraw(seat) and draws.random() < 0.5:
                return Redraw()
        return EndTurn()


class GreedyBot(LevelBot):
    """Intermédiaire: the known word worth the most now; none: a new hand, then stop."""

    name = "greedy"

    def play(self, state: ThemesState, seat: Seat, draws: Draws) -> Action:
        if not words_left(state, seat, self.seconds_per_word):
            return EndTurn()
        choices = known_choices(state, seat, self.share)
        if choices:
            # Ties: the first found (the visible themes in order), so a pure function.
            return max(choices, key=lambda w: (word_value(state, w), len(w.cards)))
        return Redraw() if state.may_redraw(seat) else EndTurn()


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "strong": StrongBot,
}


def make_bot(name: str, **options: Any) -> Bot:
    """A new bot by name; ``options`` go to its constructor (``share``, ``seconds_per_word``…)."""
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"Robot inconnu : « {name} ». Robots connus : {', '.join(sorted(BOTS))}.")
    return factory(**options)
