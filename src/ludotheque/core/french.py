"""Small helpers for the French a player reads (shared by rules, views and front ends)."""

from __future__ import annotations


def plural(count: int, word: str, plural_form: str | None = None) -> str:
    """``3 cartes``, ``1 carte``, ``0 carte`` (in French, 0 and 1 take the singular).

    >>> plural(2, "point"), plural(1, "carte"), plural(0, "mot")
    ('2 points', '1 carte', '0 mot')
    >>> plural(2, "lettre posée", "lettres posées")
    '2 lettres posées'
    """
    form = word if count < 2 else (plural_form or f"{word}s")
    return f"{count} {form}"
