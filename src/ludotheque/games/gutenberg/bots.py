"""Gutenberg's bots, by name: ``random``, ``greedy`` and ``strong``.

- ``random``: the generic :class:`~ludotheque.bots.base.RandomBot` (in the writing phase it
  uses the state's own sampler, one of the best words or none, through ``determinize``);
- ``greedy`` (:mod:`.bots_greedy`): the exact best word, one-step heuristics elsewhere;
- ``strong`` (:mod:`.bots_strong`): determinised Monte Carlo search from its own view, with a
  budget in evaluations (``max_iterations``, reproducible) or in seconds (``think_seconds``).

>>> sorted(BOTS)
['greedy', 'random', 'strong']
>>> make_bot("strong", max_iterations=20).max_iterations
20
>>> make_bot("belote")
Traceback (most recent call last):
...
ValueError: Robot inconnu : « belote ». Robots connus : greedy, random, strong.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludotheque.bots.base import Bot, RandomBot

from .bots_greedy import GreedyBot
from .bots_strong import StrongBot

__all__ = ["BOTS", "GreedyBot", "RandomBot", "StrongBot", "make_bot"]

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
