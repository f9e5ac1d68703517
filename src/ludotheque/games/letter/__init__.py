"""Letter (Michael Sohre & Werner Falkhof, THETA 2009): tiles of every size, words in zigzag."""

from .game import Letter

__all__ = ["Letter"]
