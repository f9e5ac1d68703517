"""Gutenberg (Robin David, 2020): letter drafting, word writing, claims and challenges."""

from .game import Gutenberg

__all__ = ["Gutenberg"]
