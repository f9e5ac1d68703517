"""Gremlins, Inc. – le jeu de cartes: the cards as data (first slice; no rules engine yet).

The printed card list is not public (only in the Print & Play set): ``data/cartes.txt`` is a
*reconstruction*, read by :mod:`.cards`; each card's text is a program of the small effect
language of :mod:`.effects`. Method, numbers and open questions: ``docs/gremlins-cards.md``.
"""
