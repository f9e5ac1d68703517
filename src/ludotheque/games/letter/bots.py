"""Letter's bots, by name: the four levels people play, and the engines behind them.

- The levels ``debutant``, ``intermediaire``, ``fort``, ``expert``
  (:class:`~.bots_levels.LetterLevelBot`, one class reading each
  :class:`~ludotheque.bots.levels.Profile`): words known by everyday familiarity, a few words
  named a turn, knocks on what the last turn left (after a reaction time, never in the first
  round), guesses at a table with the rulebook's penalty, a thinking time per decision. The
  lobby offers these four.
- ``random``: the game's own random sampler (:func:`~.sampling.sample_action`) on the state
  drawn from its view (:class:`~ludotheque.bots.base.SamplerBot`): random placements among
  those that name real words, random knocks;
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
ludotheque.core.errors.LudoError: Robot inconnu : « belote » (connus : debutant, intermediaire, ...
"""

from __future__ import annotations

from ludotheque.bots.base import SamplerBot as RandomBot
from ludotheque.bots.table import BotTable

from .bots_greedy import GreedyBot
from .bots_levels import LetterLevelBot
from .bots_strong import StrongBot

__all__ = ["BOTS", "GreedyBot", "LetterLevelBot", "RandomBot", "StrongBot", "make_bot"]

BOTS = BotTable(
    {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}, levels=LetterLevelBot
)
make_bot = BOTS.make
