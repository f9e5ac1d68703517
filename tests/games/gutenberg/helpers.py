"""Shared helpers for the Gutenberg rule tests: build precise positions from real cards."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ludotheque.games.gutenberg import Gutenberg
from ludotheque.games.gutenberg.actions import Play, Write
from ludotheque.games.gutenberg.state import GutenbergState

GAME = Gutenberg()


def new(players: int, seed: int = 1, **options: Any) -> GutenbergState:
    mode = "solo" if players == 1 else "classique"
    state = GAME.new(players, seed, {"mode": mode, **options})
    assert isinstance(state, GutenbergState)
    return state


def card(state: GutenbergState, letters: str, points: int | None = None, *, avoid=()) -> str:
    """The id of a card with these letters (and points), not in ``avoid``."""
    for cid, c in state.catalog.by_id.items():
        if c.letters == letters and (points is None or c.points == points) and cid not in avoid:
            return cid
    raise LookupError(f"no card {letters}{points}")


def cards(state: GutenbergState, word: str) -> tuple[str, ...]:
    """One card per letter of ``word`` (distinct cards)."""
    chosen: list[str] = []
    for letter in word:
        chosen.append(card(state, letter, avoid=chosen))
    return tuple(chosen)


def relocate(state: GutenbergState, **places: Any) -> GutenbergState:
    """Move the named cards to new places, taking them out of wherever they were.

    ``places`` maps a field name (commons, row, library...) to a tuple of ids, or a field of
    per-seat tuples (drafted, collections, packets) to a tuple of tuples.
    """
    settings = {key: places.pop(key) for key in ("phase", "round") if key in places}
    if "packets" in places and not places["packets"] and "phase" not in settings:
        settings["phase"] = "write"
    moving: set[str] = set()
    for value in places.values():
        if value and isinstance(value[0], tuple):
            moving.update(c for group in value for c in group)
        else:
            moving.update(value)

    def strip(ids: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(c for c in ids if c not in moving)

    fields = {
        "letter_deck": strip(state.letter_deck),
        "vowel_deck": strip(state.vowel_deck),
        "challenge_deck": strip(state.challenge_deck),
        "commons": strip(state.commons),
        "open_challenges": strip(state.open_challenges),
        "pool": strip(state.pool),
        "library": strip(state.library),
        "row": strip(state.row),
        "packets": tuple(strip(p) for p in state.packets),
        "drafted": tuple(strip(p) for p in state.drafted),
        "collections": tuple(strip(p) for p in state.collections),
    }
    fields.update(places)
    result = replace(state, **fields, **settings)
    # Anything displaced goes back under its deck so that no card is lost.
    placed = {c for loc in _locations(result) for c in loc}
    missing = [c for c in state.catalog.by_id if c not in placed]
    letters, vowels = result.letter_deck, result.vowel_deck
    challenges = result.challenge_deck
    for c in missing:
        kind = state.catalog.card(c).kind
        if kind == "voyelle":
            vowels += (c,)
        elif kind == "defi":
            challenges += (c,)
        else:
            letters += (c,)
    result = replace(result, letter_deck=letters, vowel_deck=vowels, challenge_deck=challenges)
    assert result.invariant_violations() == [], result.invariant_violations()
    return result


def _locations(state: GutenbergState) -> list[tuple[str, ...]]:
    return [
        state.letter_deck,
        state.vowel_deck,
        state.challenge_deck,
        state.commons,
        state.open_challenges,
        state.pool,
        state.library,
        state.row,
        *state.packets,
        *state.drafted,
        *state.collections,
    ]


def write(word: str, ids: tuple[str, ...], offset: int | None = None) -> Write:
    return Write((Play(word, ids),), offset)
