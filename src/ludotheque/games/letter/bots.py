"""Letter's bots, by name: the four levels people play, and the engines behind them.

- The levels ``debutant``, ``intermediaire``, ``fort``, ``expert``
  (:class:`~.bots_levels.LetterLevelBot`, one class reading each
  :class:`~ludotheque.bots.levels.Profile`): words known by everyday familiarity, a few words
  named a turn, knocks on what the last turn left (after a reaction time, never in the first
  round), guesses at a table with the rulebook's penalty, a thinking time per decision. The
  lobby offers these four.
- ``random``: the game's own random sampler (:func:`~.sampling.sample_action`) on the state
  drawn from its view: random placements among those that name real words, random knocks;
- ``greedy`` (:mod:`.bots_greedy`): the placement whose new words score most, every new word
  of the whole dictionary named, a knock whenever it sees unclaimed words;
- ``strong`` (:mod:`.bots_strong`): the best greedy placements weighed against the best reply
  they leave, with a budget in evaluations (``max_iterations``, reproducible).

The engines stay for ``simulate``, the benchmarks and tables stored before the levels.
Every bot decides from :meth:`~ludotheque.bots.base.Observation.determinize` (Letter declares
hidden information: the face-down order and the other seats' pending knocks).

>>> sorted(BOTS)
['debutant', 'expert', 'fort', 'greedy', 'intermediaire', 'random', 'strong']
>>> make_bot("strong", max_iterations=4).max_iterations
4
>>> make_bot("expert", max_iterations=4).max_iterations
4
>>> make_bot("belote")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: Robot inconnu : « belote ». Robots connus : debutant, expert, fort, greedy, ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludotheque.bots.base import Bot, Observation
from ludotheque.bots.levels import level_factories
from ludotheque.core.rng import Draws

from .actions import Action
from .bots_greedy import GreedyBot
from .bots_levels import LetterLevelBot
from .bots_strong import StrongBot
from .state import LetterState

__all__ = ["BOTS", "GreedyBot", "LetterLevelBot", "RandomBot", "StrongBot", "make_bot"]


class RandomBot:
    """The game's random sampler, from the state drawn from its own view.

    (The generic random bot would pick among ``legal_actions``, which hold no word-naming
    turn: it would never score.)
    """

    name = "random"

    def choose(self, observation: Observation, draws: Draws) -> Action:
        state = observation.determinize(draws)
        assert isinstance(state, LetterState)
        return state.sample_action(observation.seat, draws)


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "strong": StrongBot,
    **level_factories(LetterLevelBot),
}


def make_bot(name: str, **options: Any) -> Bot:
    """A new bot by name; ``options`` go to its constructor (``max_iterations``…)."""
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"Robot inconnu : « {name} ». Robots connus : {', '.join(sorted(BOTS))}.")
    return factory(**options)
