"""The games of the project and the default registry."""

from __future__ import annotations

from functools import cache

from ludotheque.core.registry import Registry

__all__ = ["default_registry"]


@cache
def default_registry() -> Registry:
    """Every game shipped with ludotheque (imported on first use)."""
    from ludotheque.games.encheres import Encheres
    from ludotheque.games.gremlins import Gremlins
    from ludotheque.games.gutenberg import Gutenberg
    from ludotheque.games.letter import Letter
    from ludotheque.games.themes import Themes

    return Registry([Gutenberg(), Letter(), Themes(), Gremlins(), Encheres()])
