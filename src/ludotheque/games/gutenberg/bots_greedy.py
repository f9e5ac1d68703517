"""The greedy Gutenberg bot: the exact best word, and one-step heuristics for everything else.

Each decision is a pure function of cards (so that the strong bot can reuse it in its
simulations); :class:`GreedyBot` reads them from its seat's view.

- Draft: the card that most raises the best word of the drafted and common cards; ties go
  to the vowel the hand lacks (or the consonant), then to the card of more points, then to the
  letter found in more words.
- Writing: the exact best word (:func:`~.wordfinder.best_words`); in easy solo's last round,
  best words one after the other while cards remain. Solo rows 2–4: the offset that sends the
  most points to the collection (then the most cards, then the offset nearest 0).
- Claims: the pool cards of highest static value for the final word (points weighted by how
  often the letter serves, a bonus for a needed vowel, less for a letter already held), plus
  the claimable challenge whose reward is worth most.
- Solo library: with 13 points or more, the card worth most joins the collection; with 12 or
  less, the card worth most points leaves the library (the library is la Rotative's score).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ludotheque.bots.base import Observation
from ludotheque.core.json_types import JsonObject
from ludotheque.core.rng import Draws

from .actions import Action, Claim, Pick, Play, Shelve, Write
from .bots_common import (
    WordOracle,
    card_value,
    cards_from_json,
    is_vowel_card,
    solo_transfer,
    usefulness,
)
from .cards import Card
from .state import GutenbergState
from .wordfinder import WordPlay

__all__ = [
    "GreedyBot",
    "challenge_reward_value",
    "choose_claim",
    "choose_library",
    "choose_offset",
    "choose_pick",
    "choose_words",
]

# What a card drawn blind from a deck is worth to a collection, on average (card_value scale).
DRAW_LETTER_VALUE = 1.3
DRAW_VOWEL_VALUE = 1.2
# The draft looks at words once this many cards are drafted (before: static card values).
WORDS_FROM = 1


def _vowel_wanted(cards: Sequence[Card]) -> bool:
    vowels = sum(1 for card in cards if is_vowel_card(card))
    return vowels < 0.4 * (len(cards) + 1)


def choose_pick(
    packet: Sequence[Card],
    drafted: Sequence[Card],
    commons: Sequence[Card],
    oracle: WordOracle,
    words_from: int = WORDS_FROM,
) -> Card:
    """The draft pick: the card that most raises the best word (see the module doc).

    Before ``words_from`` cards are drafted, the best word says little (the common cards and
    one card): the card of highest :func:`~.bots_common.card_value` is taken instead.
    """
    base = (*drafted, *commons)
    if len(drafted) < words_from:
        return max(packet, key=lambda card: (card_value(card, base), card.points))
    want_vowel = _vowel_wanted(base)
    best: tuple[Any, ...] | None = None
    chosen = packet[0]
    seen: set[tuple[str, int]] = set()
    for card in packet:
        if (card.letters, card.points) in seen:
            continue
        seen.add((card.letters, card.points))
        key = (
            oracle.score((*base, card)),
            is_vowel_card(card) == want_vowel,
            card.points,
            usefulness(card.letters),
        )
        if best is None or key > best:
            best, chosen = key, card
    return chosen


def choose_words(
    hand: Sequence[Card],
    best: Callable[[Sequence[Card]], WordPlay | None],
    several: bool = False,
) -> list[WordPlay]:
    """The best word of ``hand`` by ``best`` (none: ``[]``); ``several``: best words in turn."""
    plays: list[WordPlay] = []
    left = list(hand)
    while left:
        play = best(left)
        if play is None:
            break
        plays.append(play)
        if not several:
            break
        used = {card.id for card in play.cards}
        left = [card for card in left if card.id not in used]
    return plays


def choose_offset(row: Sequence[Card], word: Sequence[Card], offsets: Sequence[int]) -> int:
    """Solo: the offset sending the most points (then cards) to the collection, nearest 0."""
    return max(offsets, key=lambda offset: (*solo_transfer(row, word, offset), -abs(offset)))


def challenge_reward_value(kind: str, card: Card, held: Sequence[Card]) -> float:
    """What a challenge's reward adds to a collection (« lettre_en_plus » is counted apart)."""
    if kind == "collection":
        return card_value(card, held)
    if kind == "pioche_lettre":
        return DRAW_LETTER_VALUE
    if kind == "pioche_voyelle":
        return DRAW_VOWEL_VALUE
    return 0.0


def best_cards(pool: Sequence[Card], count: int, held: Sequence[Card]) -> tuple[list[Card], float]:
    """``count`` pool cards chosen one by one by :func:`card_value`, and their total value."""
    chosen: list[Card] = []
    total = 0.0
    mine = list(held)
    left = list(pool)
    for _ in range(min(count, len(left))):
        values = [card_value(card, mine) for card in left]
        best = max(range(len(left)), key=lambda i: (values[i], left[i].points))
        total += values[best]
        chosen.append(left[best])
        mine.append(left[best])
        del left[best]
    return chosen, total


def choose_claim(
    pool: Sequence[Card],
    collection: Sequence[Card],
    options: Mapping[str | None, int],
    rewards: Mapping[str, tuple[str, Card]],
) -> Claim:
    """The claim: the best cards for each option, and the option worth most.

    ``options`` maps each claimable challenge (``None``: no challenge) to the number of cards it
    lets the seat take; ``rewards`` maps a challenge to its reward kind and card.
    """
    best: tuple[float, int] | None = None
    claim = Claim(())
    order = {card.id: i for i, card in enumerate(pool)}
    for challenge, count in options.items():
        cards, value = best_cards(pool, count, collection)
        if challenge is not None:
            kind, card = rewards[challenge]
            value += challenge_reward_value(kind, card, [*collection, *cards])
        key = (value, challenge is not None)
        if best is None or key > best:
            best = key
            ids = tuple(sorted((card.id for card in cards), key=order.__getitem__))
            claim = Claim(ids, challenge)
    return claim


def choose_library(library: Sequence[Card], score: int, collection: Sequence[Card]) -> Card:
    """Solo library: 13+ the card worth most to the collection, else the most points away."""
    if score >= 13:
        return max(library, key=lambda card: (card.points, card_value(card, collection)))
    return max(library, key=lambda card: (card.points, -usefulness(card.letters)))


# --- reading a view ----------------------------------------------------------------------


def _int(view: JsonObject, key: str) -> int:
    value = view.get(key)
    assert isinstance(value, int)
    return value


def own_hand(view: JsonObject) -> tuple[Card, ...]:
    """The cards this seat may write with now."""
    own = "ma_collection" if _int(view, "tour") == _int(view, "tours") else "mes_draftees"
    return cards_from_json(view.get(own)) + cards_from_json(view.get("communes"))


def several_words(view: JsonObject) -> bool:
    """Easy solo's last round: several words may be written."""
    return (
        view.get("mode") == "solo"
        and view.get("difficulte") == "facile"
        and _int(view, "tour") == _int(view, "tours")
    )


def write_action(view: JsonObject, plays: Sequence[WordPlay]) -> Write:
    """The Write action for these plays, with the solo offset when one is needed.

    Offsets go from ``-(cards - 1)`` to ``len(row) - 1``: at least one card of the new word
    under the previous one (docs/rules/gutenberg.md, rule 18).
    """
    if not plays:
        return Write()
    encoded = tuple(Play(play.word, tuple(card.id for card in play.cards)) for play in plays)
    row = cards_from_json(view.get("ligne"))
    tour = _int(view, "tour")
    if view.get("mode") == "solo" and 1 < tour < _int(view, "tours") and row:
        word = plays[0].cards
        offsets = range(-(len(word) - 1), len(row))
        return Write(encoded, choose_offset(row, word, offsets))
    return Write(encoded)


def claim_options(observation: Observation) -> dict[str | None, int]:
    """Each claimable challenge (``None``: none) and how many cards it lets the seat take."""
    options: dict[str | None, int] = {}
    for action in observation.legal:
        if isinstance(action, Claim):
            options.setdefault(action.challenge, len(action.cards))
    return options


def challenge_rewards(
    observation: Observation, challenges: Sequence[str | None], draws: Draws
) -> dict[str, tuple[str, Card]]:
    """Reward kind and card of each named challenge (the deck is public: read it there)."""
    wanted = [c for c in challenges if c is not None]
    if not wanted:
        return {}
    state = observation.determinize(draws)
    assert isinstance(state, GutenbergState)
    catalog = state.catalog
    return {c: (catalog.challenges[c].reward.kind, catalog.card(c)) for c in wanted}


class GreedyBot:
    """Exact best word; one-step heuristics for the draft, claims and the solo choices."""

    name = "greedy"

    def __init__(self, oracle: WordOracle | None = None, words_from: int = WORDS_FROM) -> None:
        self.oracle = oracle or WordOracle()
        self.words_from = words_from

    def choose(self, observation: Observation, draws: Draws) -> Action:
        view = observation.view
        phase = view.get("phase")
        if phase == "draft":
            packet = cards_from_json(view.get("paquet"))
            drafted = cards_from_json(view.get("mes_draftees"))
            commons = cards_from_json(view.get("communes"))
            return Pick(choose_pick(packet, drafted, commons, self.oracle, self.words_from).id)
        if phase == "write":
            plays = choose_words(own_hand(view), self.oracle.best, several_words(view))
            return write_action(view, plays)
        if phase == "claim":
            options = claim_options(observation)
            rewards = challenge_rewards(observation, list(options), draws)
            pool = cards_from_json(view.get("lettres_en_jeu"))
            collection = cards_from_json(view.get("ma_collection"))
            return choose_claim(pool, collection, options, rewards)
        if phase == "library":
            library = cards_from_json(view.get("bibliotheque"))
            words = view.get("mots")
            score = 0
            if isinstance(words, list) and isinstance(words[0], dict):
                value = words[0].get("score")
                score = value if isinstance(value, int) else 0
            collection = cards_from_json(view.get("ma_collection"))
            return Shelve(choose_library(library, score, collection).id)
        raise ValueError(f"nothing to decide in phase {phase!r}")
