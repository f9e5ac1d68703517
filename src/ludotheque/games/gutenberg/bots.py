"""Gutenberg's bots, by name: the four levels, and the engines they are built from.

The levels (:mod:`.bots_levels`, one class reading a :class:`~ludotheque.bots.levels.Profile`)
are what the lobby and the terminal offer: ``debutant``, ``intermediaire``, ``fort`` and
``expert`` (« Débutant » works too). The engines stay for ``simulate``, the benchmarks and the
tables stored before the levels:

- ``random``: the generic :class:`~ludotheque.bots.base.RandomBot` (in the writing phase it
  uses the state's own sampler, one of the best words or none, through ``determinize``);
- ``greedy`` (:mod:`.bots_greedy`): the exact best word, one-step heuristics elsewhere;
- ``strong`` (:mod:`.bots_strong`): determinised Monte Carlo search from its own view, with a
  budget in evaluations (``max_iterations``, reproducible) or in seconds (``think_seconds``).
  The Expert level plays it.

>>> sorted(BOTS)
['debutant', 'expert', 'fort', 'greedy', 'intermediaire', 'random', 'strong']
>>> make_bot("strong", max_iterations=20).max_iterations
20
>>> make_bot("Débutant").profile.title
'Débutant'
>>> make_bot("belote")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ludotheque.core.errors.LudoError: Robot inconnu : « belote » (connus : debutant, intermediaire, ...
"""

from __future__ import annotations

from ludotheque.bots.base import RandomBot
from ludotheque.bots.table import BotTable

from .bots_greedy import GreedyBot
from .bots_levels import GutenbergLevelBot
from .bots_strong import StrongBot

__all__ = ["BOTS", "GreedyBot", "GutenbergLevelBot", "RandomBot", "StrongBot", "make_bot"]

BOTS = BotTable(
    {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}, levels=GutenbergLevelBot
)
make_bot = BOTS.make
