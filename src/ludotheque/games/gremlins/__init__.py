"""Gremlins, Inc. – le jeu de cartes: projects in secret, resources, actions and dirty tricks.

The printed card list is not public (only in the Print & Play set): ``data/cartes.txt`` is a
*reconstruction*, read by :mod:`.cards`; each card's text is a program of the small effect
language of :mod:`.effects`, run by :mod:`.steps`. Rules decisions: ``docs/rules/gremlins.md``.
"""

from .game import Gremlins

__all__ = ["Gremlins"]
