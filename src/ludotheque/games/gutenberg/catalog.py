"""The cards of one game, by identifier (a deck plus its lookup tables)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import Card
from .deck import Challenge, Deck

__all__ = ["Catalog"]


@dataclass(frozen=True, slots=True)
class Catalog:
    """A deck with its cards indexed by id. Compared by deck."""

    deck: Deck
    by_id: Mapping[str, Card] = field(compare=False, repr=False)
    challenges: Mapping[str, Challenge] = field(compare=False, repr=False)

    @classmethod
    def of(cls, deck: Deck) -> Catalog:
        by_id = {card.id: card for card in (*deck.letters, *deck.vowels)}
        challenges = {challenge.card.id: challenge for challenge in deck.challenges}
        by_id.update((cid, challenge.card) for cid, challenge in challenges.items())
        return cls(deck, by_id, challenges)

    def __deepcopy__(self, memo: dict[int, Any]) -> Catalog:
        return self  # immutable

    def card(self, card_id: str) -> Card:
        return self.by_id[card_id]

    def cards(self, ids: Iterable[str]) -> tuple[Card, ...]:
        return tuple(self.by_id[card_id] for card_id in ids)

    def points(self, ids: Iterable[str]) -> int:
        return sum(self.by_id[card_id].points for card_id in ids)
