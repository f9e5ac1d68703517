"""The generic checks must fail on broken games, or they would prove nothing."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

from ludotheque.core.conformance import (
    ConformanceError,
    check_illegal_actions,
    check_random_play,
    check_replay,
    check_secrecy,
    random_playthrough,
)
from ludotheque.core.json_types import JsonObject
from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Rng
from ludotheque.games.encheres import Bid, Encheres, EncheresState


@dataclass(frozen=True, slots=True)
class LeakyViewState(EncheresState):
    def view(self, seat: Seat | None) -> JsonObject:
        view = EncheresState.view(self, seat)
        view["main_suivante"] = list(self.hands[(0 if seat is None else seat + 1) % self.players])
        return view


@dataclass(frozen=True, slots=True)
class DeclaredSecretState(EncheresState):
    """Declares its hands as secret strings and shows them to everybody."""

    def secrets(self, seat: Seat) -> frozenset[str]:
        return frozenset(f"carte-{card}" for card in self.hands[seat])

    def view(self, seat: Seat | None) -> JsonObject:
        view = EncheresState.view(self, seat)
        view["tout"] = [f"carte-{card}" for hand in self.hands for card in hand]
        return view


@dataclass(frozen=True, slots=True)
class LazyResampleState(EncheresState):
    def resample_hidden(self, observer: Seat, draws: object) -> LazyResampleState:
        return self


@dataclass(frozen=True, slots=True)
class CardLosingState(EncheresState):
    def _next(self, seat: Seat, action: Bid) -> CardLosingState:
        after = EncheresState._next(self, seat, action)
        if after.history and len(after.history) == 2:
            return replace(after, hands=tuple(hand[1:] for hand in after.hands))
        return after


@dataclass(frozen=True, slots=True)
class CheatingCheckState(EncheresState):
    """Accepts any card number, even one not in hand."""

    def check(self, seat: Seat, action: Bid) -> None:
        self.check_seat(seat)


def game_with(state_class: type[EncheresState]) -> Encheres:
    class Broken(Encheres):
        def setup(self, players: int, options: JsonObject, rng: Rng) -> EncheresState:
            state = Encheres.setup(self, players, options, rng)
            return state_class(**{f: getattr(state, f) for f in EncheresState.__dataclass_fields__})

    return Broken()


def test_the_correct_game_passes():
    game = Encheres()
    record = check_random_play(game, 4, seed=3)
    check_replay(game, record)
    check_secrecy(game, record)
    assert check_illegal_actions(game, record) > 10


def test_a_view_showing_another_hand_is_caught():
    game = game_with(LeakyViewState)
    with pytest.raises(ConformanceError, match="dépend de ce qu'elle ne voit pas"):
        check_secrecy(game, random_playthrough(game, 3, seed=1))


def test_a_declared_secret_in_another_view_is_caught():
    game = game_with(DeclaredSecretState)
    with pytest.raises(ConformanceError, match="montre"):
        check_secrecy(game, random_playthrough(game, 2, seed=1))


def test_a_resampler_that_changes_nothing_is_caught():
    game = game_with(LazyResampleState)
    with pytest.raises(ConformanceError, match="ne change jamais rien"):
        check_secrecy(game, random_playthrough(game, 2, seed=1))


def test_lost_cards_are_caught_by_invariants():
    game = game_with(CardLosingState)
    with pytest.raises(ConformanceError, match="created or lost"):
        check_random_play(game, 3, seed=2)


def test_an_accepted_illegal_action_is_caught():
    game = game_with(CheatingCheckState)
    record = random_playthrough(game, 2, seed=5)
    with pytest.raises(ConformanceError, match="accepté à tort"):
        check_illegal_actions(game, record)


def test_global_randomness_breaks_replay_and_is_caught():
    class Nondeterministic(Encheres):
        def setup(self, players: int, options: JsonObject, rng: Rng) -> EncheresState:
            return Encheres.setup(self, players, options, Rng.from_seed(random.randrange(2**32)))

    game = Nondeterministic()
    record = random_playthrough(game, 3, seed=4)
    with pytest.raises((ConformanceError, ValueError)):
        check_replay(game, record)


@dataclass(frozen=True, slots=True)
class PeekingResampleState(EncheresState):
    """Keeps the opponents' true hands when redrawing: a bot using it would cheat."""

    def resample_hidden(self, observer: Seat, draws: object) -> PeekingResampleState:
        redrawn = EncheresState.resample_hidden(self, observer, draws)  # type: ignore[arg-type]
        return replace(redrawn, hands=self.hands, pending=self.pending)


def test_a_resampler_that_peeks_at_hidden_cards_is_caught():
    game = game_with(PeekingResampleState)
    with pytest.raises(ConformanceError, match="ce que voient les autres places"):
        check_secrecy(game, random_playthrough(game, 3, seed=2))
