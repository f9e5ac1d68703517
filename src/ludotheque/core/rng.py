"""A seeded random generator carried inside the game state.

Rules never touch global randomness. A state holds an immutable :class:`Rng` (the state of a
``random.Random``); a rule that needs chance opens :meth:`Rng.draws`, draws, and stores
:meth:`Draws.freeze` in the next state. Everything is derived from ``random.Random.random()``,
whose sequence CPython keeps stable for a given integer seed, and shuffling is our own
Fisher–Yates, so a record (options + seed + actions) replays identically on any Python version.

>>> rng = Rng.from_seed(42)
>>> draws = rng.draws()
>>> deck = draws.shuffled(range(6))
>>> sorted(deck) == list(range(6))
True
>>> rng.draws().shuffled(range(6)) == deck  # the Rng itself never changes
True
>>> draws.freeze() == rng
False
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

__all__ = ["Draws", "Rng"]

T = TypeVar("T")

_MAX_SEED = 2**63 - 1


@dataclass(frozen=True, slots=True)
class Rng:
    """An immutable snapshot of a random generator (safe to share between states)."""

    state: tuple[Any, ...]

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """The generator for ``seed`` (an integer between 0 and 2**63 - 1)."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MAX_SEED:
            raise ValueError(f"seed must be an integer in [0, 2**63 - 1], got {seed!r}")
        return cls(random.Random(seed).getstate())

    def __deepcopy__(self, memo: dict[int, Any]) -> Rng:
        return self  # immutable: copies of a state may share it

    def draws(self) -> Draws:
        """A mutable cursor that starts from this snapshot."""
        return Draws(self)

    def to_json(self) -> list[Any]:
        """The snapshot as JSON-ready lists (for checkpoints; records store the seed only)."""
        version, internal, gauss = self.state
        return [version, list(internal), gauss]

    @classmethod
    def from_json(cls, data: Sequence[Any]) -> Rng:
        """Inverse of :meth:`to_json`."""
        version, internal, gauss = data
        return cls((version, tuple(internal), gauss))


class Draws:
    """Draw from an :class:`Rng` snapshot; ``freeze()`` gives the snapshot after the draws."""

    __slots__ = ("_random",)

    def __init__(self, start: Rng) -> None:
        self._random = random.Random()
        self._random.setstate(start.state)

    def random(self) -> float:
        """A float in [0, 1)."""
        return self._random.random()

    def below(self, n: int) -> int:
        """An integer in [0, n), from one call to ``random()``."""
        if n <= 0:
            raise ValueError("n must be positive")
        return int(self._random.random() * n)

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffled(self, items: Iterable[T]) -> list[T]:
        """A new list: the items in a uniformly random order (Fisher–Yates)."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result

    def freeze(self) -> Rng:
        """The snapshot after the draws made so far."""
        return Rng(self._random.getstate())
