"""Gremlins' bots, by name: the four levels offered at the tables, and the engines.

The levels (:mod:`.bots_levels`, one class reading each :class:`~ludotheque.bots.levels.Profile`):
``debutant``, ``intermediaire``, ``fort`` and ``expert`` — what each knows of the cards (how
well it reads the banners a plan needs; the Expert also knows what attacks are worth), the
choice filter over actions ranked by the heuristic of :mod:`.bots_eval`, attention to the
others, a human pace (1.5 – 3 s an action) and, for the Expert, each action weighed over
several deals drawn from its view (:mod:`.bots_search`).

The engines, kept for ``simulate``, the benchmarks and the tables stored before the levels:

- ``random``: the game's own random sampler (:meth:`~.state.GremlinsState.sample_action`) on
  the state drawn from its view (:class:`~ludotheque.bots.base.SamplerBot`; it ends its turn
  early only now and then);
- ``greedy`` (:mod:`.bots_greedy`): the action whose resulting position scores best with the
  heuristic of :mod:`.bots_eval` (prestige, progress of its plans, resources, hand; minus the
  opponents'), one action ahead, prompts included;
- ``strong`` (:mod:`.bots_strong`): a beam search over the rest of its turn on several drawn
  states (``samples``), with a heuristic aware of the turns left; a budget in positions
  evaluated (``max_iterations``), reproducible.

Every bot decides from :meth:`~ludotheque.bots.base.Observation.determinize` only: hands,
face-down projects and the cards under projects are redrawn from what its seat can see.

>>> sorted(BOTS)
['debutant', 'expert', 'fort', 'greedy', 'intermediaire', 'random', 'strong']
>>> make_bot("strong", samples=2).samples
2
>>> make_bot("expert").search.deals
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
from .bots_levels import GremlinsLevelBot
from .bots_strong import StrongBot

__all__ = [
    "BOTS",
    "PORTRAITS",
    "GreedyBot",
    "GremlinsLevelBot",
    "RandomBot",
    "StrongBot",
    "make_bot",
]

PORTRAITS: dict[str, str] = {
    "debutant": "Joue ce qui lui vient, glisse souvent une carte sous un plan qui n'en a pas "
    "besoin ; prend son temps et surveille peu les autres.",
    "intermediaire": "Bâtit ses plans avec les bonnes bannières, choisit un bon coup plutôt que "
    "le meilleur et vous remarque une fois sur deux.",
    "fort": "Joue presque toujours le meilleur coup du moment et voit venir presque toutes les "
    "attaques.",
    "expert": "Pèse chaque action sur plusieurs donnes possibles, vise un grand plan à la fois "
    "et garde ses coups bas pour le bon moment.",
}
"""What kind of player each level is here (the lobby's words; the levels' own sentences speak
of words, which Gremlins does not have)."""

BOTS = BotTable(
    {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot},
    levels=GremlinsLevelBot,
    portraits=PORTRAITS,
)
make_bot = BOTS.make
