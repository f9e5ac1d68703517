"""Letter's bots, by name: ``random``, ``greedy`` and ``strong``.

- ``random``: the game's own random sampler (:func:`~.sampling.sample_action`) on the state
  drawn from its view: random placements among those that name real words, random knocks;
- ``greedy`` (:mod:`.bots_greedy`): the placement whose new words score most, a knock whenever
  it sees unclaimed words;
- ``strong`` (:mod:`.bots_strong`): the best greedy placements weighed against the best reply
  they leave, with a budget in evaluations (``max_iterations``, reproducible).

Every bot decides from :meth:`~ludotheque.bots.base.Observation.determinize` (Letter declares
hidden information: the face-down order and the other seats' pending knocks).

>>> sorted(BOTS)
['greedy', 'random', 'strong']
>>> make_bot("strong", max_iterations=4).max_iterations
4
>>> make_bot("belote")
Traceback (most recent call last):
...
ValueError: Robot inconnu : « belote ». Robots connus : greedy, random, strong.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludotheque.bots.base import Bot, Observation
from ludotheque.core.rng import Draws

from .actions import Action
from .bots_greedy import GreedyBot
from .bots_strong import StrongBot
from .state import LetterState

__all__ = ["BOTS", "GreedyBot", "RandomBot", "StrongBot", "make_bot"]


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
}


def make_bot(name: str, **options: Any) -> Bot:
    """A new bot by name; ``options`` go to its constructor (``max_iterations``…)."""
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"Robot inconnu : « {name} ». Robots connus : {', '.join(sorted(BOTS))}.")
    return factory(**options)
