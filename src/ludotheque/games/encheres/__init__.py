"""Enchères: a small sealed-bid game (Goofspiel with secret hands), the core's example game.

It exercises every part of the protocol the real games need (secret hands, simultaneous
decisions, chance, scoring with shared ranks) in a hundred lines, so the generic test suite
runs on something real.
"""

from .rules import Bid, Encheres, EncheresState

__all__ = ["Bid", "Encheres", "EncheresState"]
