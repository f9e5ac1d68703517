"""Rules of Enchères.

Set-up: bid cards numbered 1 to players × rounds are shuffled and dealt, ``rounds`` to each
player, in secret. Prize cards 1 to ``rounds`` are shuffled face down.
Each round one prize is turned up; every player secretly chooses a card of their hand; when all
have chosen, the bids are revealed and the highest bid (bids are all different) wins the prize,
worth its number in points. After the last round the most points wins; equal scores share.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from ludotheque.core.errors import IllegalAction, MalformedInput
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.options import GameInfo, Mode, OptionSpec
from ludotheque.core.protocol import Game, Outcome, Seat, State
from ludotheque.core.rng import Draws, Rng

__all__ = ["Bid", "Encheres", "EncheresState"]


@dataclass(frozen=True, slots=True)
class Bid:
    """Put a card of one's hand on the current prize."""

    card: int


@dataclass(frozen=True, slots=True)
class Round:
    prize: int
    bids: tuple[int, ...]

    @property
    def winner(self) -> Seat:
        return max(range(len(self.bids)), key=self.bids.__getitem__)


@dataclass(frozen=True, slots=True)
class EncheresState(State[Bid]):
    rounds: int
    hands: tuple[tuple[int, ...], ...]
    pending: tuple[int | None, ...]
    prize_deck: tuple[int, ...]  # face down; index 0 is the current prize
    history: tuple[Round, ...]
    rng: Rng

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def current_prize(self) -> int | None:
        return self.prize_deck[0] if self.prize_deck else None

    def scores(self) -> tuple[int, ...]:
        totals = [0] * self.players
        for played in self.history:
            totals[played.winner] += played.prize
        return tuple(totals)

    def to_move(self) -> frozenset[Seat]:
        if not self.prize_deck:
            return frozenset()
        return frozenset(seat for seat, bid in enumerate(self.pending) if bid is None)

    def legal_actions(self, seat: Seat) -> Sequence[Bid]:
        if seat not in self.to_move():
            return ()
        return tuple(Bid(card) for card in self.hands[seat])

    def check(self, seat: Seat, action: Bid) -> None:
        self.check_seat(seat)
        if action.card not in self.hands[seat]:
            raise IllegalAction(
                f"Vous n'avez pas la carte {action.card} en main.", card=action.card
            )

    def _next(self, seat: Seat, action: Bid) -> EncheresState:
        hands = list(self.hands)
        hands[seat] = tuple(card for card in hands[seat] if card != action.card)
        pending = list(self.pending)
        pending[seat] = action.card
        if any(bid is None for bid in pending):
            return replace(self, hands=tuple(hands), pending=tuple(pending))
        bids = tuple(bid for bid in pending if bid is not None)
        return replace(
            self,
            hands=tuple(hands),
            pending=(None,) * self.players,
            prize_deck=self.prize_deck[1:],
            history=(*self.history, Round(self.prize_deck[0], bids)),
        )

    def view(self, seat: Seat | None) -> JsonObject:
        view: JsonObject = {
            "manche": len(self.history) + 1 if self.prize_deck else len(self.history),
            "manches": self.rounds,
            "lot": self.current_prize,
            "lots_caches": max(0, len(self.prize_deck) - 1),
            "scores": list(self.scores()),
            "cartes_en_main": [len(hand) for hand in self.hands],
            "a_mise": [bid is not None for bid in self.pending],
            "historique": [
                {"lot": played.prize, "mises": list(played.bids), "gagnant": played.winner}
                for played in self.history
            ],
        }
        if seat is not None:
            view["place"] = seat
            view["main"] = list(self.hands[seat])
            view["ma_mise"] = self.pending[seat]
        outcome = self.outcome()
        view["resultat"] = None if outcome is None else outcome.to_json()
        return view

    def outcome(self) -> Outcome | None:
        if self.prize_deck:
            return None
        scores = self.scores()
        return Outcome.from_keys([(score,) for score in scores], scores=scores)

    def resample_hidden(self, observer: Seat, draws: Draws) -> EncheresState:
        unseen: list[int] = []
        for seat in range(self.players):
            if seat != observer:
                unseen.extend(self.hands[seat])
                bid = self.pending[seat]
                if bid is not None:
                    unseen.append(bid)
        pool = draws.shuffled(sorted(unseen))  # canonical order: only the view matters
        hands = list(self.hands)
        pending = list(self.pending)
        for seat in range(self.players):
            if seat == observer:
                continue
            size = len(self.hands[seat])
            if self.pending[seat] is not None:
                pending[seat] = pool.pop()
            hands[seat] = tuple(sorted(pool.pop() for _ in range(size)))
        hidden_prizes = draws.shuffled(sorted(self.prize_deck[1:]))
        return replace(
            self,
            hands=tuple(hands),
            pending=tuple(pending),
            prize_deck=self.prize_deck[:1] + tuple(hidden_prizes),
            rng=Rng.from_seed(draws.below(2**62)),  # future chance is hidden too
        )

    def invariant_violations(self) -> list[str]:
        problems = []
        cards = [card for hand in self.hands for card in hand]
        cards += [bid for bid in self.pending if bid is not None]
        cards += [bid for played in self.history for bid in played.bids]
        if sorted(cards) != list(range(1, self.players * self.rounds + 1)):
            problems.append("bid cards created or lost")
        prizes = sorted((*self.prize_deck, *(played.prize for played in self.history)))
        if prizes != list(range(1, self.rounds + 1)):
            problems.append("prize cards created or lost")
        if any(
            len(hand) != self.rounds - len(self.history) - (bid is not None)
            for hand, bid in zip(self.hands, self.pending, strict=True)
        ):
            problems.append("hand sizes out of step with the rounds")
        return problems


class Encheres(Game[EncheresState, Bid]):
    """The game object, registered as ``encheres``."""

    info = GameInfo(
        name="encheres",
        title="Enchères",
        summary="Mises secrètes et simultanées sur des lots (jeu d'exemple du moteur).",
        modes=(Mode("classique", "Classique", 2, 5),),
        options=(OptionSpec("manches", "Nombre de manches", "int", 5, minimum=1, maximum=10),),
        hidden_information=True,
        simultaneous=True,
        chance=True,
        tags=("exemple",),
    )

    def setup(self, players: int, options: JsonObject, rng: Rng) -> EncheresState:
        rounds = options["manches"]
        assert isinstance(rounds, int)
        draws = rng.draws()
        deck = draws.shuffled(range(1, players * rounds + 1))
        hands = tuple(tuple(sorted(deck[i * rounds : (i + 1) * rounds])) for i in range(players))
        prizes = tuple(draws.shuffled(range(1, rounds + 1)))
        return EncheresState(
            rounds=rounds,
            hands=hands,
            pending=(None,) * players,
            prize_deck=prizes,
            history=(),
            rng=draws.freeze(),
        )

    def encode_action(self, action: Bid) -> JsonValue:
        return {"type": "miser", "carte": action.card}

    def decode_action(self, data: JsonValue) -> Bid:
        if not isinstance(data, dict) or data.get("type") != "miser":
            raise MalformedInput('Coup attendu : {"type": "miser", "carte": N}.')
        card = data.get("carte")
        if isinstance(card, bool) or not isinstance(card, int) or set(data) != {"type", "carte"}:
            raise MalformedInput("« carte » doit être un numéro de carte.")
        return Bid(card)

    def format_action(self, action: Bid) -> str:
        return str(action.card)

    def parse_action(self, text: str) -> Bid:
        try:
            return Bid(int(text.strip()))
        except ValueError:
            raise MalformedInput(f"Numéro de carte attendu, pas « {text} ».") from None

    def illegal_examples(self, state: EncheresState, seat: Seat) -> Iterable[Bid]:
        mine = set(state.hands[seat])
        total = state.players * state.rounds
        return [Bid(card) for card in (0, -3, total + 1) if card not in mine] + [
            Bid(card) for card in range(1, total + 1) if card not in mine
        ][:3]
