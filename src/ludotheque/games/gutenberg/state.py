"""Gutenberg's state machine: multiplayer (2–6) and solo against « la Rotative ».

Decks are tuples of card ids, top first; « sous le paquet » appends at the end. Every rule
decision is in docs/rules/gutenberg.md with the rulebook sentence it rests on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import ClassVar, Literal

from ludotheque.core.errors import IllegalAction
from ludotheque.core.json_types import JsonObject
from ludotheque.core.protocol import Outcome, Seat, State
from ludotheque.core.rng import Draws, Rng
from ludotheque.lexicon import Lexicon

from .actions import Action, Claim, Pick, Play, Shelve, Write
from .cards import Card
from .catalog import Catalog
from .spelling import spells

__all__ = ["GutenbergState", "Hooks", "Phase", "RoundResult", "WrittenWord"]

Phase = Literal["draft", "write", "claim", "library", "over"]

ROUNDS = 5
HAND = 5
SOLO_PACKETS = (5, 4, 3, 2, 1)
SOLO_THRESHOLD = 13
DIFFICULTIES = ("facile", "normal", "difficile")


@dataclass(frozen=True, slots=True)
class WrittenWord:
    """A revealed word (or words, solo easy mode) with its score and tiebreak figures."""

    plays: tuple[Play, ...]
    score: int
    top: int  # highest single card used
    letters: int  # length in letters

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(card for play in self.plays for card in play.cards)

    @property
    def text(self) -> str:
        return " + ".join(play.word for play in self.plays)

    def to_json(self, catalog: Catalog) -> JsonObject:
        return {
            "mots": [
                {"mot": p.word, "cartes": [card_json(catalog.card(c)) for c in p.cards]}
                for p in self.plays
            ],
            "score": self.score,
        }


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The public summary of a finished round."""

    round: int
    words: tuple[WrittenWord | None, ...]
    ranking: tuple[Seat, ...]
    claimed: tuple[int, ...]  # how many cards each seat took into its collection
    challenges: tuple[str | None, ...]  # the challenge each seat claimed
    hands: tuple[tuple[str, ...], ...] = ()  # the cards each seat could write with (private)


def card_json(card: Card) -> JsonObject:
    return {"id": card.id, "lettres": card.letters, "points": card.points, "type": card.kind}


def claim_quota(players: int, rank_index: int) -> int:
    """How many letters the seat at this place of the ranking claims (« RÉCLAMER LES LETTRES »)."""
    if rank_index == 0:
        return 2
    if players in (3, 4) and rank_index == 1:
        return 2
    if players in (5, 6) and rank_index in (1, 2):
        return 2
    return 1


@dataclass(frozen=True, slots=True)
class Hooks:
    """What other modules compute about a state: what each seat sees and the redraw of what
    it may not (:mod:`.views`). They read the state, so the state never imports them:
    :mod:`.game` wires them in as :attr:`GutenbergState.hooks`."""

    view: Callable[[GutenbergState, Seat | None], JsonObject]
    secrets: Callable[[GutenbergState, Seat], frozenset[str]]
    resample_hidden: Callable[[GutenbergState, Seat, Draws], GutenbergState]
    invariant_violations: Callable[[GutenbergState], list[str]]


@dataclass(frozen=True, slots=True)
class GutenbergState(State[Action]):
    hooks: ClassVar[Hooks]

    catalog: Catalog
    lexicon: Lexicon = field(compare=False, repr=False)
    seats: int
    solo: bool
    difficulty: str
    round: int
    phase: Phase
    letter_deck: tuple[str, ...]
    vowel_deck: tuple[str, ...]
    challenge_deck: tuple[str, ...]
    commons: tuple[str, ...]
    open_challenges: tuple[str, ...]
    packets: tuple[tuple[str, ...], ...]  # multi: each seat's packet; solo: packets left
    drafted: tuple[tuple[str, ...], ...]
    picks: tuple[str | None, ...]
    writes: tuple[Write | None, ...]
    words: tuple[WrittenWord | None, ...]  # this round's revealed words
    ranking: tuple[Seat, ...]
    claim_turn: int
    pool: tuple[str, ...]  # letters that may be claimed
    taken: tuple[str | None, ...]  # challenge claimed this round, per seat
    collections: tuple[tuple[str, ...], ...]
    library: tuple[str, ...]
    row: tuple[str, ...]  # solo: the word laid on the table
    history: tuple[RoundResult, ...]
    rng: Rng
    # The cards each seat could write with this round, kept from the reveal to the end of the
    # round (the best word each could have written is shown to its owner after the round).
    hands: tuple[tuple[str, ...], ...] = ()

    # --- protocol ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.seats

    def to_move(self) -> frozenset[Seat]:
        if self.phase == "draft":
            return frozenset(s for s in range(self.seats) if self.picks[s] is None)
        if self.phase == "write":
            return frozenset(s for s in range(self.seats) if self.writes[s] is None)
        if self.phase == "claim":
            return frozenset({self.ranking[self.claim_turn]})
        if self.phase == "library":
            return frozenset({0})
        return frozenset()

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        if seat not in self.to_move():
            return ()
        if self.phase == "draft":
            return tuple(Pick(card) for card in self.current_packet(seat))
        if self.phase == "write":
            return (Write(),)  # words are checked by check(); see sample_action
        if self.phase == "claim":
            return self._claims(seat)
        return tuple(Shelve(card) for card in self.library)

    def check(self, seat: Seat, action: Action) -> None:
        self.check_seat(seat)
        if self.phase == "draft":
            if not isinstance(action, Pick):
                raise IllegalAction("C'est le moment du draft : choisissez une carte du paquet.")
            if action.card not in self.current_packet(seat):
                raise IllegalAction(f"{self.card_name(action.card)} n'est pas dans votre paquet.")
        elif self.phase == "write":
            if not isinstance(action, Write):
                raise IllegalAction("C'est le moment d'écrire un mot.")
            self._check_write(seat, action)
        elif self.phase == "claim":
            if not isinstance(action, Claim):
                raise IllegalAction("C'est le moment de réclamer des lettres.")
            self._check_claim(seat, action)
        else:
            if not isinstance(action, Shelve):
                raise IllegalAction("Choisissez une carte de la bibliothèque.")
            if action.card not in self.library:
                raise IllegalAction(
                    f"{self.card_name(action.card)} n'est pas dans la bibliothèque."
                )

    def _next(self, seat: Seat, action: Action) -> GutenbergState:
        if isinstance(action, Pick):
            return self._pick(seat, action.card)
        if isinstance(action, Write):
            return self._write(seat, action)
        if isinstance(action, Claim):
            return self._claim(seat, action)
        return self._shelve(action.card)

    # --- what a seat holds -----------------------------------------------------------------

    def card_name(self, card_id: str) -> str:
        """A card as a player reads it (« La carte T2 »), never its id (« L43 »)."""
        card = self.catalog.by_id.get(card_id)
        return "Cette carte" if card is None else f"La carte {card.notation}"

    def challenge_name(self, card_id: str) -> str:
        """A challenge by its sentence (« Le défi « Écrivez … » »), never its id (« D12 »)."""
        challenge = self.catalog.challenges.get(card_id)
        if challenge is None:
            return "Ce défi"
        return f"Le défi « {challenge.text.rstrip(' .')} »"

    def current_packet(self, seat: Seat) -> tuple[str, ...]:
        if self.phase != "draft":
            return ()
        if self.solo:
            return self.packets[0]
        return self.packets[seat]

    def hand(self, seat: Seat) -> tuple[str, ...]:
        """Cards the seat may write with now (its own, then the common cards)."""
        own = self.collections[seat] if self.round == ROUNDS else self.drafted[seat]
        return own + self.commons

    def round_words(self) -> list[str]:
        return [p.word for w in self.words if w is not None for p in w.plays]

    # --- set-up and rounds -----------------------------------------------------------------

    def start_round(self, number: int) -> GutenbergState:
        """Step 1 (« DISTRIBUTION ») of round ``number``."""
        draws = self.rng.draws()
        letters = tuple(
            draws.shuffled(self.letter_deck)
        )  # « Mélangez les cartes du paquet Lettre. »
        vowels = self.vowel_deck
        row, library = self.row, self.library
        if self.solo and number == ROUNDS:
            # « remettez toutes les lettres du mot du tour précédent sous leur paquet respectif »
            letters, vowels = self._under_decks(row, letters, vowels)
            row = ()
        n_letters, n_vowels = (1, 1) if self.solo else (2, 1)
        if self.solo and number == ROUNDS:
            n_letters = n_vowels = 0  # « Ne distribuez aucune carte au cinquième tour. »
        commons = letters[:n_letters] + vowels[:n_vowels]
        letters, vowels = letters[n_letters:], vowels[n_vowels:]
        challenges: tuple[str, ...] = self.challenge_deck
        open_challenges: tuple[str, ...] = ()
        packets: tuple[tuple[str, ...], ...] = ()
        phase: Phase = "write"
        if number < ROUNDS:
            phase = "draft"
            sizes: tuple[int, ...]
            if self.solo:
                sizes = SOLO_PACKETS
            else:
                sizes = (HAND,) * self.seats
                open_challenges, challenges = challenges[:3], challenges[3:]
            packet_list = []
            for size in sizes:
                packet_list.append(letters[:size])
                letters = letters[size:]
            packets = tuple(packet_list)
        return replace(
            self,
            round=number,
            phase=phase,
            letter_deck=letters,
            vowel_deck=vowels,
            challenge_deck=challenges,
            commons=commons,
            open_challenges=open_challenges,
            packets=packets,
            drafted=((),) * self.seats,
            picks=(None,) * self.seats,
            writes=(None,) * self.seats,
            words=(None,) * self.seats,
            ranking=(),
            claim_turn=0,
            pool=(),
            taken=(None,) * self.seats,
            row=row,
            library=library,
            rng=draws.freeze(),
            hands=(),
        )

    def _under_decks(
        self, cards: Sequence[str], letters: tuple[str, ...], vowels: tuple[str, ...]
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Put cards under their own deck (Lettre or Voyelle), in order."""
        for card_id in cards:
            if self.catalog.card(card_id).kind == "voyelle":
                vowels = (*vowels, card_id)
            else:
                letters = (*letters, card_id)
        return letters, vowels

    # --- draft ---------------------------------------------------------------------------

    def _pick(self, seat: Seat, card: str) -> GutenbergState:
        if self.solo:
            packet = self.packets[0]
            rest = tuple(c for c in packet if c != card)
            drafted = self.drafted[0] + (card,)
            packets = self.packets[1:]
            letters = self.letter_deck + rest  # « remettez le reste au-dessous du paquet »
            state = replace(self, drafted=(drafted,), packets=packets, letter_deck=letters)
            if len(packets) == 1:  # « prenez la carte restante du dernier paquet »
                state = replace(state, drafted=(drafted + packets[0],), packets=(), phase="write")
            return state
        pending = list(self.picks)
        pending[seat] = card
        picks = [p for p in pending if p is not None]
        if len(picks) < self.seats:
            return replace(self, picks=tuple(pending))
        kept = [self.drafted[s] + (picks[s],) for s in range(self.seats)]
        rests = [tuple(c for c in self.packets[s] if c != picks[s]) for s in range(self.seats)]
        # « passez les cartes restantes au joueur situé à votre gauche »: seat s passes to s + 1.
        passed = tuple(rests[(s - 1) % self.seats] for s in range(self.seats))
        if len(passed[0]) == 1:  # « Ajoutez cette carte à la pile de vos cartes draftées. »
            return replace(
                self,
                drafted=tuple(kept[s] + passed[s] for s in range(self.seats)),
                packets=(),
                picks=(None,) * self.seats,
                phase="write",
            )
        return replace(self, drafted=tuple(kept), packets=passed, picks=(None,) * self.seats)

    # --- writing -------------------------------------------------------------------------

    def offsets(self, word_length: int) -> range:
        """Solo, rounds 2–4: columns where a word of this many cards may start (see docs)."""
        return range(-(word_length - 1), len(self.row))

    def needs_offset(self) -> bool:
        return self.solo and 1 < self.round < ROUNDS and bool(self.row)

    def _check_write(self, seat: Seat, action: Write) -> None:
        many = self.solo and self.round == ROUNDS and self.difficulty == "facile"
        if len(action.plays) > 1 and not many:
            raise IllegalAction(
                "Un seul mot par tour (plusieurs mots : mode solo facile, 5e tour)."
            )
        hand = set(self.hand(seat))
        used: set[str] = set()
        for play in action.plays:
            if play.word not in self.lexicon:
                raise IllegalAction(
                    f"« {play.word} » n'est pas dans le dictionnaire.", word=play.word
                )
            for card in play.cards:
                if card not in hand:
                    raise IllegalAction(f"{self.card_name(card)} n'est pas à votre disposition.")
                if card in used:
                    raise IllegalAction(
                        f"{self.card_name(card)} est utilisée deux fois : "
                        "chaque carte ne sert qu'une fois."
                    )
                used.add(card)
            if not spells(play.word, self.catalog.cards(play.cards)):
                raise IllegalAction(
                    f"Ces cartes n'écrivent pas « {play.word} » (dans l'ordre du mot).",
                    word=play.word,
                )
        if action.offset is not None:
            if not (self.needs_offset() and action.plays):
                raise IllegalAction("Le décalage ne sert qu'en solo, aux tours 2 à 4.")
            if action.offset not in self.offsets(len(action.plays[0].cards)):
                raise IllegalAction("Ce décalage ne place aucune carte sous le mot précédent.")

    def written(self, write: Write) -> WrittenWord | None:
        if not write.plays:
            return None
        cards = self.catalog.cards(c for p in write.plays for c in p.cards)
        return WrittenWord(
            write.plays,
            score=sum(card.points for card in cards),
            top=max(card.points for card in cards),
            letters=sum(len(p.word) for p in write.plays),
        )

    def _write(self, seat: Seat, action: Write) -> GutenbergState:
        if self.solo:
            return self._solo_write(action)
        writes = list(self.writes)
        writes[seat] = action
        if any(w is None for w in writes):
            return replace(self, writes=tuple(writes))
        words = tuple(self.written(w) for w in writes if w is not None)
        hands = tuple(self.hand(s) for s in range(self.seats))
        state = replace(self, writes=tuple(writes), words=words, hands=hands)
        if self.round == ROUNDS:
            # « Placez les cartes inutilisées de votre collection sous votre aide de jeu. »
            return replace(state, phase="over")._with_final_result()
        letters = self.letter_deck
        for s in range(self.seats):  # « placez les cartes inutilisées sous le paquet Lettre »
            used = set(() if words[s] is None else words[s].cards)  # type: ignore[union-attr]
            letters += tuple(c for c in self.drafted[s] if c not in used)
        ranking, letters = self._rank(words, letters)
        pool = self.commons + tuple(
            c
            for s in range(self.seats)
            for c in self.drafted[s]
            if words[s] is not None and c in words[s].cards  # type: ignore[union-attr]
        )
        state = replace(
            state,
            letter_deck=letters,
            ranking=ranking,
            pool=pool,
            commons=(),
            drafted=((),) * self.seats,
            phase="claim",
            claim_turn=0,
        )
        return state._skip_idle_claims()

    def _rank(
        self, words: Sequence[WrittenWord | None], letters: tuple[str, ...]
    ) -> tuple[tuple[Seat, ...], tuple[str, ...]]:
        """Order of claims, with the rulebook's tiebreaks (« ÉGALITÉS »); returns the deck too."""

        def key(seat: Seat) -> tuple[int, int, int]:
            word = words[seat]
            return (0, 0, 0) if word is None else (word.score, word.top, word.letters)

        with_word = sorted(
            (s for s in range(self.seats) if words[s] is not None), key=key, reverse=True
        )
        without = [s for s in range(self.seats) if words[s] is None]
        order: list[Seat] = []
        groups: list[list[Seat]] = []
        for seat in with_word:
            if groups and key(groups[-1][0]) == key(seat):
                groups[-1].append(seat)
            else:
                groups.append([seat])
        if without:
            groups.append(without)  # no word: last, tied among themselves
        for group in groups:
            ordered, letters = self._draw_off(group, letters)
            order.extend(ordered)
        return tuple(order), letters

    def _draw_off(
        self, group: list[Seat], letters: tuple[str, ...]
    ) -> tuple[list[Seat], tuple[str, ...]]:
        """« chaque joueur concerné pioche une carte du paquet Lettre » (nearest to A first)."""
        if len(group) == 1 or not letters:
            return group, letters
        drawn: dict[Seat, str] = {}
        for seat in group:  # in seat order; put back under the deck in the same order
            card, letters = letters[0], letters[1:]
            drawn[seat] = self.catalog.card(card).letters
            letters = (*letters, card)
        ordered: list[Seat] = []
        for value in sorted(set(drawn.values())):
            tied = [s for s in group if drawn[s] == value]
            sub, letters = self._draw_off(tied, letters) if len(tied) > 1 else (tied, letters)
            ordered.extend(sub)
        return ordered, letters

    # --- claims --------------------------------------------------------------------------

    def quota(self, seat: Seat, challenge: str | None = None) -> int:
        base = claim_quota(self.seats, self.ranking.index(seat))
        if (
            challenge is not None
            and self.catalog.challenges[challenge].reward.kind == "lettre_en_plus"
        ):
            base += 1
        return min(base, len(self.pool))

    def claimable_challenges(self, seat: Seat) -> tuple[str, ...]:
        word = self.words[seat]
        if word is None:
            return ()
        cards = self.catalog.cards(word.cards)
        round_words = self.round_words()
        return tuple(
            cid
            for cid in self.open_challenges
            if self.catalog.challenges[cid].condition.is_met(word.text, cards, round_words)
        )

    def _claims(self, seat: Seat) -> tuple[Claim, ...]:
        claims: list[Claim] = []
        for challenge in (None, *self.claimable_challenges(seat)):
            for cards in combinations(self.pool, self.quota(seat, challenge)):
                claims.append(Claim(cards, challenge))
        return tuple(claims)

    def _check_claim(self, seat: Seat, action: Claim) -> None:
        if action.challenge is not None:
            if action.challenge not in self.open_challenges:
                raise IllegalAction(f"{self.challenge_name(action.challenge)} n'est pas ouvert.")
            if action.challenge not in self.claimable_challenges(seat):
                raise IllegalAction("Votre mot ne remplit pas les conditions de ce défi.")
        if len(set(action.cards)) != len(action.cards):
            raise IllegalAction("Une même carte ne peut être réclamée deux fois.")
        for card in action.cards:
            if card not in self.pool:
                raise IllegalAction(f"{self.card_name(card)} n'est pas parmi les lettres en jeu.")
        quota = self.quota(seat, action.challenge)
        if len(action.cards) != quota:
            raise IllegalAction(
                f"Vous réclamez {quota} lettre{'s' if quota > 1 else ''} ce tour-ci.", quota=quota
            )

    def _claim(self, seat: Seat, action: Claim) -> GutenbergState:
        collections = list(self.collections)
        collection = collections[seat] + action.cards
        pool = tuple(c for c in self.pool if c not in action.cards)
        letters, vowels, challenges = self.letter_deck, self.vowel_deck, self.challenge_deck
        taken = list(self.taken)
        open_challenges = self.open_challenges
        if action.challenge is not None:
            open_challenges = tuple(c for c in open_challenges if c != action.challenge)
            taken[seat] = action.challenge
            kind = self.catalog.challenges[action.challenge].reward.kind
            if kind == "collection":
                collection += (action.challenge,)  # « placez-la face cachée sous votre aide »
            else:
                challenges = (
                    *challenges,
                    action.challenge,
                )  # « replacez-la ... sous le paquet Défi »
            if kind == "pioche_lettre" and letters:
                collection, letters = collection + letters[:1], letters[1:]
            elif kind == "pioche_voyelle" and vowels:
                collection, vowels = collection + vowels[:1], vowels[1:]
        collections[seat] = collection
        state = replace(
            self,
            collections=tuple(collections),
            pool=pool,
            letter_deck=letters,
            vowel_deck=vowels,
            challenge_deck=challenges,
            open_challenges=open_challenges,
            taken=tuple(taken),
            claim_turn=self.claim_turn + 1,
        )
        return state._skip_idle_claims()

    def _skip_idle_claims(self) -> GutenbergState:
        state = self
        while state.claim_turn < len(state.ranking):
            seat = state.ranking[state.claim_turn]
            if state.quota(seat) > 0 or state.claimable_challenges(seat):
                return state
            state = replace(state, claim_turn=state.claim_turn + 1)
        return state._end_round()

    def _end_round(self) -> GutenbergState:
        # « placez les cartes non réclamées (y compris les Défis) sous leur paquet respectif »
        letters, vowels = self._under_decks(self.pool, self.letter_deck, self.vowel_deck)
        challenges = self.challenge_deck + self.open_challenges
        claimed = tuple(
            len(self.collections[seat]) - sum(r.claimed[seat] for r in self.history)
            for seat in range(self.seats)
        )
        result = RoundResult(self.round, self.words, self.ranking, claimed, self.taken, self.hands)
        state = replace(
            self,
            letter_deck=letters,
            vowel_deck=vowels,
            challenge_deck=challenges,
            pool=(),
            open_challenges=(),
            history=(*self.history, result),
        )
        return state.start_round(self.round + 1)

    # --- solo ----------------------------------------------------------------------------

    def _solo_write(self, action: Write) -> GutenbergState:
        word = self.written(action)
        hands = (self.hand(0),)
        used = () if word is None else word.cards
        if self.round == ROUNDS:
            unused = tuple(c for c in self.collections[0] if c not in used)
            library, collection = self.library, self.collections[0]
            if self.difficulty == "difficile":
                # « au cinquième tour, placez toute carte ... inutilisée dans la bibliothèque »
                library += unused
                collection = tuple(c for c in collection if c not in unused)
            return replace(
                self,
                writes=(action,),
                words=(word,),
                library=library,
                collections=(collection,),
                phase="over",
                hands=hands,
            )._with_final_result()
        hand = self.drafted[0] + self.commons
        library = self.library + tuple(c for c in hand if c not in used)
        collection = self.collections[0]
        letters, vowels = self.letter_deck, self.vowel_deck
        if self.row:
            offset = action.offset or 0
            for column, above in enumerate(self.row):
                index = column - offset
                below = used[index] if word is not None and 0 <= index < len(used) else None
                # « Si la lettre vaut le même nombre de points ou moins que la carte directement
                # sous elle, placez-la dans votre collection »
                if (
                    below is not None
                    and self.catalog.card(above).points <= self.catalog.card(below).points
                ):
                    collection += (above,)
                else:
                    letters, vowels = self._under_decks((above,), letters, vowels)
        state = replace(
            self,
            writes=(action,),
            words=(word,),
            library=library,
            collections=(collection,),
            letter_deck=letters,
            vowel_deck=vowels,
            row=used,
            drafted=((),),
            commons=(),
            hands=hands,
        )
        if library:
            return replace(state, phase="library")
        return state._solo_next_round()

    def _shelve(self, card: str) -> GutenbergState:
        word = self.words[0]
        score = 0 if word is None else word.score
        library = tuple(c for c in self.library if c != card)
        state = replace(self, library=library)
        if score >= SOLO_THRESHOLD:  # « Si votre score est de 13 ou plus ... à votre collection »
            state = replace(state, collections=(self.collections[0] + (card,),))
        else:  # « ... placez-la sous le paquet correspondant (Lettre ou Voyelle) »
            letters, vowels = self._under_decks((card,), self.letter_deck, self.vowel_deck)
            state = replace(state, letter_deck=letters, vowel_deck=vowels)
        return state._solo_next_round()

    def _solo_next_round(self) -> GutenbergState:
        word = self.words[0]
        claimed = len(self.collections[0]) - sum(r.claimed[0] for r in self.history)
        result = RoundResult(self.round, (word,), (0,), (claimed,), (None,), self.hands)
        return replace(self, history=(*self.history, result)).start_round(self.round + 1)

    # --- end -----------------------------------------------------------------------------

    def _with_final_result(self) -> GutenbergState:
        """Close the history with the fifth round (its ranking is the game's)."""
        outcome = self.outcome()
        assert outcome is not None
        ranking = tuple(sorted(range(self.seats), key=lambda s: (outcome.ranks[s], s)))
        result = RoundResult(
            self.round, self.words, ranking, (0,) * self.seats, (None,) * self.seats, self.hands
        )
        return replace(self, ranking=ranking, history=(*self.history, result))

    def collection_points(self, seat: Seat) -> int:
        return self.catalog.points(self.collections[seat])

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        scores = [0 if w is None else w.score for w in self.words]
        if self.solo:
            rotative = self.catalog.points(self.library)
            won = scores[0] > rotative  # « Si votre score est supérieur, vous gagnez ! »
            reason = (
                f"La Rotative est battue ({scores[0]} contre {rotative})."
                if won
                else f"La Rotative l'emporte ({rotative} contre {scores[0]})."
            )
            return Outcome((1 if won else 2,), (scores[0],), reason)
        keys = [(scores[s], self.collection_points(s)) for s in range(self.seats)]
        return Outcome.from_keys(keys, scores=scores, reason="Meilleur mot du cinquième tour.")

    # --- views (wired in by game.py) -----------------------------------------------------

    def view(self, seat: Seat | None) -> JsonObject:
        return self.hooks.view(self, seat)

    def resample_hidden(self, observer: Seat, draws: Draws) -> GutenbergState:
        return self.hooks.resample_hidden(self, observer, draws)

    def secrets(self, seat: Seat) -> frozenset[str]:
        return self.hooks.secrets(self, seat)

    def invariant_violations(self) -> list[str]:
        return self.hooks.invariant_violations(self)

    def sample_action(self, seat: Seat, draws: Draws) -> Action:
        if self.phase != "write":
            return State.sample_action(self, seat, draws)
        from .wordfinder import best_words

        if draws.random() < 0.15:
            return Write()
        plays = best_words(self.catalog.cards(self.hand(seat)), top=3, words=self.lexicon.words)
        if not plays:
            return Write()
        chosen = draws.choice(plays)
        play = Play(chosen.word, tuple(card.id for card in chosen.cards))
        offset = None
        if self.needs_offset():
            offset = draws.choice(self.offsets(len(play.cards)))
        return Write((play,), offset)
