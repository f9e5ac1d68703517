"""Every game as a PettingZoo environment, for research (``pip install 'ludotheque[rl]'``).

>>> from ludotheque.rl import aec_env
>>> env = aec_env("gremlins", players=3)
>>> env.reset(seed=0)
>>> env.agent_selection
'player_0'

The AEC environment (:func:`aec_env`), the parallel one (:func:`parallel_env`), what an agent
observes and may play (:mod:`ludotheque.rl.session`), the menus of candidate moves
(:mod:`ludotheque.rl.menus`), the rewards (:mod:`ludotheque.rl.rewards`); ``docs/rl.md``.
"""

from __future__ import annotations

from .env import LudothequeAEC, aec_env
from .parallel import LudothequeParallel, parallel_env
from .rewards import REWARDS, RewardKind

__all__ = [
    "REWARDS",
    "LudothequeAEC",
    "LudothequeParallel",
    "RewardKind",
    "aec_env",
    "parallel_env",
]
