"""Game-agnostic bots: the observation a bot decides from, the bot protocol, a random bot.

A bot sees its seat's :class:`Observation` only: the view (what that seat may see), the legal
actions where they can be listed, and :meth:`Observation.determinize`, which draws a full state
the seat cannot tell apart from the real one (every hidden part redrawn; the conformance suite
checks that this draw depends on the view only). Bots that search do so on such states.
"""

from .base import Bot, Observation, RandomBot, SamplerBot

__all__ = ["Bot", "Observation", "RandomBot", "SamplerBot"]
