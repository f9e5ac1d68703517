"""Gutenberg's four bot levels: one class, :class:`GutenbergLevelBot`, reading its profile.

Every decision of the game goes through the level (:mod:`ludotheque.bots.levels`):

- **Vocabulary.** Words come from the level's own list (:mod:`.bots_vocabulary`): Débutant
  writes CHAT, MAISON, TROMPE, never ZYTHUMS. The draft weighs a card by the best word the
  level itself could write with it.
- **Strength of choice.** Each decision ranks its moves by value and lets
  :meth:`~ludotheque.bots.levels.Profile.pick` choose: the draft by the best known word each
  card allows (the first pick of a round, and every pick of a level that does not look at
  words, by the card's static value), the word by its score, the claim by the static value
  of the letters for the final word (:func:`~.bots_common.card_value`) plus the challenge's
  reward, the solo offset by the points it sends to the collection, the solo library card by
  the greedy bot's rule.
- **Attention.** In rounds 1 to 4, a level notices the open challenges with probability
  ``notice``: then a word that meets one is worth :data:`CHALLENGE_BONUS` more in its choice
  (the page and the terminal point out a challenge one's word met, so claiming it needs no
  attention).
- **Mistakes** do not apply: a word outside the dictionary is refused without penalty.
- **Search.** Expert plays the strong bot (:mod:`.bots_strong`: the whole dictionary, the
  draft, words and claims weighed by determinised Monte Carlo look-ahead, the last word the
  exact best).
- **Pace.** A thinking time per decision (:meth:`~ludotheque.bots.levels.Profile.think_seconds`),
  drawn after the move from the same draws: a draft pick :data:`DRAFT_SECONDS` plus
  :data:`DRAFT_PER_CARD` a card of the packet; a word :data:`WRITE_SECONDS` plus
  :data:`WRITE_PER_LETTER` a letter (no word: a letter's time per card in hand, searched in
  vain); a claim or a library card :data:`PICK_SECONDS` plus :data:`PICK_PER_CARD` a card
  to choose from; all × the level's ``slowness``.

Writing decisions carry ``value`` (the points of the chosen word or words) and ``best`` (the
best the hand allows with the whole dictionary, by the same rules): their ratio is what a level
gives up.

>>> from ludotheque.games.gutenberg import Gutenberg
>>> from ludotheque.bots.base import Observation
>>> from ludotheque.core.rng import Rng
>>> game = Gutenberg()
>>> state = game.new(2, seed=3)
>>> bot = GutenbergLevelBot("debutant")
>>> decision = bot.decide(Observation.of(game, state, 0), Rng.from_seed(1).draws())
>>> decision.action in state.legal_actions(0), decision.seconds > 0
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ludotheque.bots.base import Decision, Observation
from ludotheque.bots.levels import LevelBot, Profile
from ludotheque.core.rng import Draws

from .actions import Action, Claim, Pick, Play, Shelve, Write
from .bots_common import (
    card_value,
    cards_from_json,
    distinct_cards,
    hand_key,
    is_vowel_card,
    solo_transfer,
    usefulness,
)
from .bots_greedy import (
    WORDS_FROM,
    challenge_reward_value,
    challenge_rewards,
    claim_options,
    own_hand,
    several_words,
)
from .bots_strong import StrongBot
from .bots_vocabulary import vocabulary, whole_vocabulary
from .cards import Card
from .deck import Condition
from .state import SOLO_THRESHOLD, GutenbergState
from .wordfinder import WordPlay

__all__ = [
    "CHALLENGE_BONUS",
    "DRAFT_PER_CARD",
    "DRAFT_SECONDS",
    "PICK_PER_CARD",
    "PICK_SECONDS",
    "WRITE_PER_LETTER",
    "WRITE_SECONDS",
    "GutenbergLevelBot",
]

DRAFT_SECONDS = 2.0
"""A draft pick: a glance at the packet. Medians × slowness: Débutant 7.2 s for five cards,
Expert 3.6 s (the draft is simultaneous: a person waits only if quicker)."""
DRAFT_PER_CARD = 0.5
WRITE_SECONDS = 6.0
"""A word: finding one, then spelling it. Medians: Débutant 19 s for CHATON, Expert 13 s for
a word of ten letters (writing is simultaneous too)."""
WRITE_PER_LETTER = 1.0
PICK_SECONDS = 2.0
"""A claim or a solo library card: choosing among the cards shown. Claims come one after the
other, so they are short: Débutant 9.4 s among 13 letters in play, Expert 4.7 s."""
PICK_PER_CARD = 0.3
CHALLENGE_BONUS = 3.0
"""Points a word meeting an open challenge is worth more, to a level that noticed them."""
CHALLENGE_SEARCH = 60
"""Known words searched for one that meets a challenge (the strong bot searches as many)."""
CLAIM_SHORTLIST = 10
"""Pool cards (best single value first) combined into claims."""


class GutenbergLevelBot(LevelBot):
    """A Gutenberg player of one level (see the module doc).

    ``max_iterations``: the Expert's search budget per decision (default: the strong bot's).
    """

    def __init__(self, profile: Profile | str, *, max_iterations: int | None = None) -> None:
        super().__init__(profile)
        self.vocabulary = vocabulary(self.profile)
        self.oracle = self.vocabulary.oracle()
        self.whole = whole_vocabulary()
        self.strong: StrongBot | None = None
        if self.profile.search:
            self.strong = StrongBot(max_iterations, oracle=self.oracle)

    # --- the decision ----------------------------------------------------------------------

    def decide(self, observation: Observation, draws: Draws) -> Decision:
        view = observation.view
        phase = view.get("phase")
        if phase == "write":
            return self._write(observation, draws)
        if self.strong is not None:
            action = self.strong.choose(observation, draws)
        elif phase == "draft":
            action = self._pick(observation, draws)
        elif phase == "claim":
            action = self._claim(observation, draws)
        elif phase == "library":
            action = self._shelve(observation, draws)
        else:
            raise ValueError(f"nothing to decide in phase {phase!r}")
        return Decision(action, self._seconds(observation, action, draws))

    def _seconds(self, observation: Observation, action: Action, draws: Draws) -> float:
        """The thinking time of ``action`` (drawn after it, from the same draws)."""
        view = observation.view
        profile = self.profile
        if isinstance(action, Pick):
            packet = len(cards_from_json(view.get("paquet")))
            return profile.think_seconds(DRAFT_SECONDS, DRAFT_PER_CARD, packet, draws)
        if isinstance(action, Write):
            if action.plays:
                letters = sum(len(play.word) for play in action.plays)
                return profile.think_seconds(WRITE_SECONDS, WRITE_PER_LETTER, letters, draws)
            cards = len(own_hand(view))
            return profile.think_seconds(WRITE_SECONDS, WRITE_PER_LETTER, cards, draws)
        if len(observation.legal) <= 1:
            return profile.think_seconds(PICK_SECONDS, draws=draws)
        shown = "lettres_en_jeu" if isinstance(action, Claim) else "bibliotheque"
        count = len(cards_from_json(view.get(shown)))
        return profile.think_seconds(PICK_SECONDS, PICK_PER_CARD, count, draws)

    # --- draft ---------------------------------------------------------------------------

    def pick_values(
        self, packet: Sequence[Card], drafted: Sequence[Card], commons: Sequence[Card]
    ) -> list[tuple[float, Card]]:
        """Each distinct card of the packet with its value to this level, packet order.

        From the second pick of a round: the best word the level knows with the card (ties:
        the vowel the hand lacks, or the consonant, then points, then how common the
        letter is, as the greedy bot); before, the card's static value for a collection.
        """
        base = (*drafted, *commons)
        distinct = distinct_cards(packet)
        if len(drafted) < WORDS_FROM:
            return [(card_value(card, base) + 0.01 * card.points, card) for card in distinct]
        vowels = sum(1 for card in base if is_vowel_card(card))
        want_vowel = vowels < 0.4 * (len(base) + 1)
        return [
            (
                self.oracle.score((*base, card))
                + 0.5 * (is_vowel_card(card) == want_vowel)
                + 0.01 * card.points
                + 0.001 * usefulness(card.letters),
                card,
            )
            for card in distinct
        ]

    def _pick(self, observation: Observation, draws: Draws) -> Pick:
        view = observation.view
        packet = cards_from_json(view.get("paquet"))
        if len(packet) == 1:
            return Pick(packet[0].id)
        values = self.pick_values(
            packet, cards_from_json(view.get("mes_draftees")), cards_from_json(view.get("communes"))
        )
        return Pick(self.profile.pick(values, draws).id)

    # --- writing -------------------------------------------------------------------------

    def word_choices(
        self, hand: Sequence[Card], challenges: Sequence[Condition] = ()
    ) -> list[tuple[float, WordPlay]]:
        """The words the level considers for ``hand``, with their value: the ``top`` best it
        knows, and with ``challenges`` (conditions it noticed) the best known word meeting
        each, worth :data:`CHALLENGE_BONUS` more, as every word meeting one."""
        count = max(1, self.profile.top)
        plays = self.oracle.top(hand, CHALLENGE_SEARCH if challenges else count)
        chosen = list(plays[:count])
        if challenges:
            for condition in challenges:
                for play in plays:
                    if condition.is_met(play.word, play.cards, [play.word]):
                        if play not in chosen:
                            chosen.append(play)
                        break
        return [
            (
                play.score
                + (
                    CHALLENGE_BONUS
                    if any(c.is_met(play.word, play.cards, [play.word]) for c in challenges)
                    else 0.0
                ),
                play,
            )
            for play in chosen
        ]

    def _noticed_challenges(self, observation: Observation, draws: Draws) -> list[Condition]:
        """The open challenges' conditions, if the level notices them this time."""
        view = observation.view
        shown = view.get("defis_ouverts")
        opened = (
            [c.get("id") for c in shown if isinstance(c, dict)] if isinstance(shown, list) else []
        )
        if not opened or not self.profile.notices(draws):
            return []
        state = observation.determinize(draws)  # the deck's challenges are public
        assert isinstance(state, GutenbergState)
        return [state.catalog.challenges[c].condition for c in opened if isinstance(c, str)]

    def _write(self, observation: Observation, draws: Draws) -> Decision:
        view = observation.view
        hand = own_hand(view)
        several = several_words(view)
        if self.strong is not None:
            action = self.strong.choose(observation, draws)
            assert isinstance(action, Write)
        else:
            last = view.get("tour") == view.get("tours")
            solo = view.get("mode") == "solo"
            challenges = [] if last or solo else self._noticed_challenges(observation, draws)
            plays: list[WordPlay] = []
            left = list(hand)
            while left:
                choices = self.word_choices(left, challenges)
                if not choices:
                    break
                play = self.profile.pick(choices, draws)
                plays.append(play)
                if not several:
                    break
                used = {card.id for card in play.cards}
                left = [card for card in left if card.id not in used]
            action = self._write_action(view, plays, draws)
        points = {card.id: card.points for card in hand}
        value = float(sum(points[c] for play in action.plays for c in play.cards))
        # The best legal move is worth at least the one played (easy solo's last round: the
        # Expert's set of words may beat the greedy sequence).
        best = max(value, float(self._best_total(hand, several)))
        seconds = self._seconds(observation, action, draws)
        return Decision(action, seconds, value, best)

    def _best_total(self, hand: Sequence[Card], several: bool) -> int:
        """The best the hand allows with the whole dictionary (easy solo's last round: best
        words one after the other, as the greedy bot writes them)."""
        total = 0
        left = list(hand)
        while left:
            found = self.whole.best(left)
            if not found:
                break
            play = found[0]
            total += play.score
            if not several:
                break
            used = {card.id for card in play.cards}
            left = [card for card in left if card.id not in used]
        return total

    def offset_values(
        self, row: Sequence[Card], word: Sequence[Card], offsets: Sequence[int]
    ) -> list[tuple[float, int]]:
        """Solo: each offset with the points (then cards) it sends to the collection."""
        values = []
        for offset in offsets:
            points, cards = solo_transfer(row, word, offset)
            values.append((points + 0.1 * cards - 0.001 * abs(offset), offset))
        return values

    def _write_action(self, view: Any, plays: Sequence[WordPlay], draws: Draws) -> Write:
        if not plays:
            return Write()
        encoded = tuple(Play(play.word, tuple(card.id for card in play.cards)) for play in plays)
        row = cards_from_json(view.get("ligne"))
        tour, tours = view.get("tour"), view.get("tours")
        if view.get("mode") == "solo" and isinstance(tour, int) and 1 < tour < tours and row:
            word = plays[0].cards
            offsets = range(-(len(word) - 1), len(row))
            return Write(encoded, self.profile.pick(self.offset_values(row, word, offsets), draws))
        return Write(encoded)

    # --- claims and the solo library -------------------------------------------------------

    def claim_values(
        self,
        pool: Sequence[Card],
        collection: Sequence[Card],
        options: dict[str | None, int],
        rewards: dict[str, tuple[str, Card]],
    ) -> list[tuple[float, Claim]]:
        """Every claim the level considers, with its value: the static value of its letters
        for the final word, each added in turn to the collection, plus the challenge's reward.

        The letters are combined from the :data:`CLAIM_SHORTLIST` best pool cards, identical
        cards counted once.
        """
        order = {card.id: i for i, card in enumerate(pool)}
        ranked = sorted(pool, key=lambda c: (-card_value(c, collection), -c.points, order[c.id]))
        shortlist = ranked[:CLAIM_SHORTLIST]
        for card in ranked[CLAIM_SHORTLIST:]:  # copies of shortlisted cards, for pairs
            if any((c.letters, c.points) == (card.letters, card.points) for c in shortlist):
                shortlist.append(card)
        values: list[tuple[float, Claim]] = []
        seen: set[tuple[Any, ...]] = set()
        for challenge, count in options.items():
            for cards in combinations(shortlist, min(count, len(shortlist))):
                key = (challenge, hand_key(cards))
                if key in seen:
                    continue
                seen.add(key)
                held = list(collection)
                value = 0.0
                for card in sorted(cards, key=lambda c: -card_value(c, collection)):
                    value += card_value(card, held)
                    held.append(card)
                if challenge is not None:
                    kind, reward = rewards[challenge]
                    value += challenge_reward_value(kind, reward, held)
                ids = tuple(sorted((c.id for c in cards), key=order.__getitem__))
                values.append((value, Claim(ids, challenge)))
        return values

    def _claim(self, observation: Observation, draws: Draws) -> Action:
        if len(observation.legal) == 1:
            return observation.legal[0]  # type: ignore[no-any-return]
        view = observation.view
        options = claim_options(observation)
        rewards = challenge_rewards(observation, list(options), draws)
        values = self.claim_values(
            cards_from_json(view.get("lettres_en_jeu")),
            cards_from_json(view.get("ma_collection")),
            options,
            rewards,
        )
        return self.profile.pick(values, draws)

    def library_values(
        self, library: Sequence[Card], score: int, collection: Sequence[Card]
    ) -> list[tuple[float, Card]]:
        """Solo library: 13 points or more, the card worth most joins the collection (points,
        then its value there); 12 or less, the card of most points leaves the library (la
        Rotative's score), the least useful first."""
        if score >= SOLO_THRESHOLD:
            return [
                (c.points + 0.01 * card_value(c, collection), c) for c in distinct_cards(library)
            ]
        return [(c.points - 0.01 * usefulness(c.letters), c) for c in distinct_cards(library)]

    def _shelve(self, observation: Observation, draws: Draws) -> Shelve:
        view = observation.view
        library = cards_from_json(view.get("bibliotheque"))
        words = view.get("mots")
        score = 0
        if isinstance(words, list) and words and isinstance(words[0], dict):
            value = words[0].get("score")
            score = value if isinstance(value, int) else 0
        collection = cards_from_json(view.get("ma_collection"))
        return Shelve(self.profile.pick(self.library_values(library, score, collection), draws).id)
