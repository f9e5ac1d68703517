"""The protocol every game speaks: :class:`Game` (static) and :class:`State` (one position).

A state is immutable: :meth:`State.apply` returns the next state and leaves the receiver as it
was, so bots can search, the server can keep checkpoints, and a refused action changes nothing.
Seats are numbered from 0. Several seats may have to decide at once (a draft, a secret writing
phase): each submits its own action; the state keeps pending choices hidden and resolves the
phase when the last one is in. Chance is drawn from the :class:`~ludotheque.core.rng.Rng` the
state carries. Timers are rule-level: the state says which hourglass runs
(:meth:`State.rule_timers`), the front end owns the clock and submits the timer's action as an
ordinary action of its seat when the time is out.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Self, TypeVar

from .errors import GameOver, IllegalAction, MalformedInput, NotYourTurn
from .json_types import JsonObject, JsonValue
from .options import GameInfo
from .rng import Draws, Rng

__all__ = ["Game", "Outcome", "RuleTimer", "Seat", "State"]

Seat = int
A = TypeVar("A")
S = TypeVar("S", bound="State[Any]")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: scores, rank of each seat (1 = first, ties share) and winners.

    >>> Outcome.from_keys([(7, 1), (9, 0), (7, 1)], scores=[7, 9, 7])
    Outcome(ranks=(2, 1, 2), scores=(7, 9, 7), reason='')
    >>> sorted(Outcome.from_keys([(3,), (3,)]).winners)
    [0, 1]
    """

    ranks: tuple[int, ...]
    scores: tuple[float, ...] | None = None
    reason: str = ""

    @property
    def winners(self) -> frozenset[Seat]:
        return frozenset(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    @classmethod
    def from_keys(
        cls,
        keys: Sequence[Sequence[float]],
        *,
        scores: Sequence[float] | None = None,
        reason: str = "",
    ) -> Outcome:
        """Rank seats by descending keys (score first, then tiebreaks); equal keys share a rank."""
        ranks = tuple(1 + sum(1 for other in keys if tuple(other) > tuple(key)) for key in keys)
        return cls(ranks, None if scores is None else tuple(scores), reason)

    def to_json(self) -> JsonObject:
        ranks: list[JsonValue] = list(self.ranks)
        scores: list[JsonValue] | None = None if self.scores is None else list(self.scores)
        winners: list[JsonValue] = [*sorted(self.winners)]
        return {"rangs": ranks, "scores": scores, "gagnants": winners, "raison": self.reason}


@dataclass(frozen=True, slots=True)
class RuleTimer(Generic[A]):
    """An hourglass of the rules, running now: when it runs out, ``seat`` plays ``action``.

    ``key`` names this run of the hourglass. A front end starts counting ``seconds`` when a
    key first appears and keeps counting while the state still reports it, so one hourglass
    may span several actions (a 45-second turn in which several words are scored); a new key
    is a new hourglass, turned over in full.

    >>> RuleTimer(seat=1, seconds=30, key="tour-4", action="temps_ecoule").seat
    1
    """

    seat: Seat
    seconds: float
    key: str
    action: A
    label: str = ""
    """What this hourglass is, for the players (« Fenêtre de frappe »); empty: a seat's own
    hourglass. Timers of one label running together are shown as one."""


class State(ABC, Generic[A]):
    """One position of a game. Subclasses are frozen dataclasses (or equally immutable)."""

    @property
    @abstractmethod
    def players(self) -> int:
        """Number of seats."""

    @abstractmethod
    def to_move(self) -> frozenset[Seat]:
        """Seats that must decide now (several at once in a simultaneous phase; none at the end)."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> Sequence[A]:
        """Every legal action of ``seat`` (empty when it has nothing to decide).

        Games with huge action spaces (a word, a placement) may return a useful subset here
        and accept more in :meth:`check`; they then override :meth:`sample_action` too.
        """

    @abstractmethod
    def view(self, seat: Seat | None) -> JsonObject:
        """What ``seat`` may see, JSON-ready (``None``: a spectator, public information only)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def _next(self, seat: Seat, action: A) -> Self:
        """The state after a checked action (called by :meth:`apply` only)."""

    # --- provided --------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.outcome() is not None

    def check_seat(self, seat: Seat) -> None:
        """Refuse a seat that does not exist, a finished game, or a seat with nothing to decide."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise MalformedInput(f"Place inconnue : {seat!r}.", seat=seat)
        if self.is_over:
            raise GameOver()
        if seat not in self.to_move():
            raise NotYourTurn(seat)

    def check(self, seat: Seat, action: A) -> None:
        """Raise :class:`IllegalAction` (or a subclass) unless ``seat`` may play ``action``."""
        self.check_seat(seat)
        if action not in self.legal_actions(seat):
            raise IllegalAction("Ce coup n'est pas permis maintenant.")

    def apply(self, seat: Seat, action: A) -> Self:
        """The next state; the receiver is unchanged, also when the action is refused."""
        self.check(seat, action)
        return self._next(seat, action)

    def sample_action(self, seat: Seat, draws: Draws) -> A:
        """A random legal action (used by random bots and the generic tests)."""
        actions = self.legal_actions(seat)
        if not actions:
            raise IllegalAction("Aucun coup possible pour cette place.")
        return draws.choice(actions)

    def secrets(self, seat: Seat) -> frozenset[str]:
        """Strings that only ``seat`` may see now (card identifiers in its hand...).

        The generic tests check that no other seat's view, nor a spectator's, contains them.
        """
        return frozenset()

    def resample_hidden(self, observer: Seat, draws: Draws) -> Self:
        """A state ``observer`` cannot tell apart from this one, hidden parts redrawn.

        Bots use it to search (determinisation); the generic tests use it to prove that a view
        does not depend on what its seat may not see. Games with hidden information implement it.
        """
        raise NotImplementedError(f"{type(self).__name__} does not resample hidden information")

    def rule_timers(self) -> Sequence[RuleTimer[A]]:
        """The hourglasses of the rules running now (none by default).

        Each timer's action must be legal for its seat in this state: front ends submit it
        when the time is out, so the rules themselves never read a clock.
        """
        return ()

    def hides_between_seats(self) -> bool:
        """Whether some seat may now see something that another seat may not (a hand...).

        True by default for games with hidden information. A game whose only hidden part at
        times is chance that nobody sees (a face-down pile) says False then, so the generic
        secrecy check does not ask its redraw to change what other seats see.
        """
        return True

    def invariant_violations(self) -> list[str]:
        """Broken invariants (cards created or lost...), for the generic tests. Empty when sound."""
        return []


class Game(ABC, Generic[S, A]):
    """A game's static side: its description, its set-up and the encoding of its actions."""

    info: ClassVar[GameInfo]

    def new(self, players: int, seed: int, options: Mapping[str, JsonValue] | None = None) -> S:
        """The initial state of a table (options are validated and completed with defaults)."""
        resolved = self.info.resolve_options(players, options)
        return self.setup(players, resolved, Rng.from_seed(seed))

    @abstractmethod
    def setup(self, players: int, options: JsonObject, rng: Rng) -> S:
        """The initial state for resolved options."""

    def teams(self, players: int, options: Mapping[str, JsonValue]) -> tuple[int, ...] | None:
        """Each seat's team (0, 1, …) at a table of ``players`` with resolved ``options``, or
        None when everyone plays for themselves. Known before the game starts, so the lobby
        shows who plays with whom; :class:`InvalidOptions` when the options make no teams."""
        return None

    @abstractmethod
    def encode_action(self, action: A) -> JsonValue:
        """An action as JSON (what records store and clients send)."""

    @abstractmethod
    def decode_action(self, data: JsonValue) -> A:
        """Inverse of :meth:`encode_action`; :class:`MalformedInput` when it is not an action."""

    def format_action(self, action: A) -> str:
        """The action as a player writes it in the terminal."""
        return json.dumps(self.encode_action(action), ensure_ascii=False)

    def parse_action(self, text: str) -> A:
        """Inverse of :meth:`format_action` (:class:`MalformedInput` when unreadable)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise MalformedInput(f"Coup illisible : {text!r}.") from error
        return self.decode_action(data)

    def complete_action(self, state: S, seat: Seat, data: JsonValue) -> JsonValue:
        """Fill in what a front end may leave out of an action (default: nothing).

        Gutenberg lets a player send a word without its cards: the best spelling from the
        seat's hand is filled in. The completed action is what is checked and recorded.
        """
        return data

    def describe_action(
        self,
        state: S,
        seat: Seat,
        action: A,
        observer: Seat | None,
        name: str,
        names: Sequence[str] = (),
    ) -> str:
        """A journal line, for ``observer``, of ``seat`` (called ``name``) playing ``action``.

        ``names``, when given, holds every seat's name, for the lines that mention another
        seat (a theft in Gremlins); without it such seats are « joueur N ».

        ``state`` is the position before the action. The line must not tell ``observer`` what
        its view does not show: by default the action itself is told to its author only in
        games with hidden information.
        """
        if observer == seat:
            return f"Vous avez joué {self.format_action(action)}."
        if self.info.hidden_information:
            return f"{name} a joué."
        return f"{name} a joué {self.format_action(action)}."

    def slow_play(self, players: int, options: Mapping[str, JsonValue]) -> str | None:
        """Why this game, with resolved ``options``, cannot be played in hours per move (a
        slow game, where each person plays when they come back), in a French sentence; None
        when it can. A game whose turns run on the rulebook's hourglass says so."""
        return None

    # --- for the generic tests -------------------------------------------------------------

    def illegal_examples(self, state: S, seat: Seat) -> Iterable[A]:
        """Well-formed actions that the rules must refuse from ``seat`` in ``state``."""
        return ()

    def malformed_examples(self) -> Iterable[JsonValue]:
        """JSON values that are not actions of this game at all."""
        return (None, 42, "n'importe quoi", [], {"type": "coup-inconnu"}, {"type": None})
