"""The observation a bot decides from, and the bot protocol."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ludotheque.core.json_types import JsonObject
from ludotheque.core.protocol import Game, Seat, State
from ludotheque.core.rng import Draws

__all__ = ["Bot", "Decision", "Observation", "RandomBot", "SamplerBot", "decide"]


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat knows when it must decide.

    >>> from ludotheque.games.encheres import Encheres
    >>> from ludotheque.core.rng import Rng
    >>> game = Encheres()
    >>> obs = Observation.of(game, game.new(2, seed=3), seat=0)
    >>> obs.view["main"] == [a.card for a in obs.legal]
    True
    >>> RandomBot().choose(obs, Rng.from_seed(1).draws()) in obs.legal
    True
    """

    game: Game[Any, Any]
    seat: Seat
    view: JsonObject
    legal: Sequence[Any]
    _state: State[Any] = field(repr=False, compare=False)

    @classmethod
    def of(cls, game: Game[Any, Any], state: State[Any], seat: Seat) -> Observation:
        return cls(game, seat, state.view(seat), tuple(state.legal_actions(seat)), state)

    def determinize(self, draws: Draws) -> State[Any]:
        """A full state consistent with this observation, hidden parts drawn at random."""
        if not self.game.info.hidden_information:
            return self._state
        return self._state.resample_hidden(self.seat, draws)


class Bot(Protocol):
    """Anything that chooses an action from an observation."""

    name: str

    def choose(self, observation: Observation, draws: Draws) -> Any: ...


@dataclass(frozen=True, slots=True)
class Decision:
    """An action, the seconds a person of the bot's level would take to find it, and, where
    the bot ranked its moves, the value of the one it chose and of the best it saw (the
    benchmarks report the share: how much a level gives up)."""

    action: Any
    seconds: float = 0.0
    value: float | None = None
    best: float | None = None


def decide(bot: Bot, observation: Observation, draws: Draws) -> Decision:
    """The bot's :class:`Decision`: its own ``decide`` when it has one (the level bots, which
    draw a thinking time after choosing, so ``choose`` and ``decide`` play the same action),
    else ``choose`` with the time its ``pace(action)`` gives, if any, else none.

    >>> from ludotheque.games.encheres import Encheres
    >>> from ludotheque.core.rng import Rng
    >>> game = Encheres()
    >>> observation = Observation.of(game, game.new(2, seed=3), seat=0)
    >>> decide(RandomBot(), observation, Rng.from_seed(1).draws()).seconds
    0.0
    """
    own = getattr(bot, "decide", None)
    if callable(own):
        decision = own(observation, draws)
        assert isinstance(decision, Decision)
        return decision
    action = bot.choose(observation, draws)
    pace = getattr(bot, "pace", None)  # an engine that only says how long an action takes
    return Decision(action, float(pace(action)) if callable(pace) else 0.0)


class RandomBot:
    """Uniformly random among legal actions (or the game's own random sampler)."""

    name = "random"

    def choose(self, observation: Observation, draws: Draws) -> Any:
        if observation.legal and len(observation.legal) > 1:
            return draws.choice(observation.legal)
        state = observation.determinize(draws)
        return state.sample_action(observation.seat, draws)


class SamplerBot(RandomBot):
    """The game's own random sampler (:meth:`~ludotheque.core.protocol.State.sample_action`)
    on the state drawn from its view, always: for games whose ``legal_actions`` hold only part
    of the moves (Letter's: no word-naming turn, it would never score) or where a uniform pick
    plays badly (Gremlins': ending the turn early as likely as anything, it would hardly build
    a project)."""

    def choose(self, observation: Observation, draws: Draws) -> Any:
        state = observation.determinize(draws)
        return state.sample_action(observation.seat, draws)
