"""One game being played by agents: the state, each seat's menu, observation and mask.

Both environments (:mod:`ludotheque.rl.env`, :mod:`ludotheque.rl.parallel`) drive a
:class:`Session`. The action space of every agent is ``Discrete(menu + 1)``: index 0 is
« wait », the only action of a seat with nothing to decide (and never one of a seat that must
decide); index ``i ≥ 1`` is the ``i``-th move of the seat's menu (:mod:`ludotheque.rl.menus`)
in the current state.

An observation is a dict:

- ``observation``: ``float32[slots + planes]``, the seat's view encoded
  (:mod:`ludotheque.rl.encoding`);
- ``action_mask``: ``int8[menu + 1]``, 1 on the indices the seat may play now;
- ``action_features``: ``float32[menu + 1, 10]``, what each index is: 1 when playable, the
  generator's value of the move (log scale), 1 for a move proposed by the game's generator (a
  word, a turn, Gutenberg's ranked picks and claims), the letters of the words it names, the
  number of items (cards, tiles, words) it lists, then a one-hot of its type hashed into five
  cells — so that a policy can score moves whose index means a different move in each state.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ludotheque.core.errors import IllegalAction
from ludotheque.core.json_types import JsonValue
from ludotheque.core.protocol import Game, Seat, State
from ludotheque.games import default_registry

from .encoding import encode_view
from .menus import Candidate, menu
from .rewards import RewardKind, rewards
from .specs import SPECS, GameSpec

__all__ = ["ACTION_FEATURES", "WAIT", "Session"]

WAIT = 0
ACTION_FEATURES = 10
TYPE_CELLS = 5

Observation = dict[str, npt.NDArray[Any]]


def _measure(data: JsonValue) -> tuple[int, int]:
    """Letters of the words (``mot`` values) and items of the lists in an action's JSON."""
    letters = items = 0
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "mot" and isinstance(value, str):
                letters += sum(1 for c in value if c.isalpha())
            more = _measure(value)
            letters, items = letters + more[0], items + more[1]
    elif isinstance(data, list):
        items += len(data)
        for value in data:
            more = _measure(value)
            letters, items = letters + more[0], items + more[1]
    return letters, items


class Session:
    """A game of ``players`` seats with table ``options`` (as the lobby's), played by index."""

    def __init__(
        self,
        game: str | Game[Any, Any],
        players: int,
        options: Mapping[str, JsonValue] | None = None,
        reward: RewardKind = "ranking",
    ) -> None:
        self.game: Game[Any, Any] = default_registry().get(game) if isinstance(game, str) else game
        self.name = self.game.info.name
        self.spec: GameSpec = SPECS[self.name]
        self.players = players
        self.options = dict(options or {})
        self.reward: RewardKind = reward
        self.game.info.resolve_options(players, self.options)  # refuse bad options now
        self._menus: dict[Seat, list[Candidate]] = {}
        self._state: State[Any] = self.game.new(players, 0, self.options)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf,
                    np.inf,
                    (self.spec.slots + self.spec.encoding.extra,),
                    dtype=np.float32,
                ),
                "action_mask": spaces.Box(0, 1, (self.spec.menu + 1,), dtype=np.int8),
                "action_features": spaces.Box(
                    -np.inf, np.inf, (self.spec.menu + 1, ACTION_FEATURES), dtype=np.float32
                ),
            }
        )
        self.action_space = spaces.Discrete(self.spec.menu + 1)

    # --- the game ----------------------------------------------------------------------------

    @property
    def state(self) -> State[Any]:
        return self._state

    @state.setter
    def state(self, state: State[Any]) -> None:
        """Move to ``state`` (a bot's move, a position set up by hand): the menus are redone."""
        self._state = state
        self._menus = {}

    def reset(self, seed: int) -> None:
        self.state = self.game.new(self.players, seed, self.options)

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def deciding(self, seat: Seat) -> bool:
        return not self.state.is_over and seat in self.state.to_move()

    def menu(self, seat: Seat) -> list[Candidate]:
        """The moves of ``seat`` now (empty when it has nothing to decide)."""
        if not self.deciding(seat):
            return []
        if seat not in self._menus:
            self._menus[seat] = menu(self.state, seat, self.spec.menu, self.spec.generator)
        return self._menus[seat]

    def mask(self, seat: Seat) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.spec.menu + 1, dtype=np.int8)
        moves = self.menu(seat)
        if moves:
            mask[1 : len(moves) + 1] = 1
        else:
            mask[WAIT] = 1
        return mask

    def action(self, seat: Seat, index: int) -> Any | None:
        """The move behind ``index`` for ``seat`` now (None: wait); ValueError when ``index``
        is not in the seat's mask."""
        if not 0 <= index <= self.spec.menu:
            raise ValueError(f"action {index} hors de l'espace 0…{self.spec.menu}")
        moves = self.menu(seat)
        if index == WAIT:
            if moves:
                raise ValueError(f"place {seat} doit décider : « attendre » n'est pas permis")
            return None
        if index > len(moves):
            raise ValueError(f"action {index} hors du menu de la place {seat} ({len(moves)})")
        return moves[index - 1].action

    def play(self, seat: Seat, index: int) -> bool:
        """Play ``index`` for ``seat``; False when it was « wait »."""
        action = self.action(seat, index)
        if action is None:
            return False
        self.state = self.state.apply(seat, action)
        return True

    def try_play(self, seat: Seat, action: Any) -> bool:
        """Play a move already read from a menu, if the rules still allow it."""
        try:
            self.state = self.state.apply(seat, action)
        except IllegalAction:
            return False
        return True

    def final_rewards(self) -> list[float]:
        outcome = self.state.outcome()
        assert outcome is not None
        return rewards(outcome, self.reward)[: self.players]

    # --- what an agent sees ------------------------------------------------------------------

    def observe(self, seat: Seat) -> Observation:
        view = self.state.view(seat)
        vector = encode_view(view, seat, self.players, self.spec.encoding, self.spec.slots)
        mask = self.mask(seat)
        features = np.zeros((self.spec.menu + 1, ACTION_FEATURES), dtype=np.float32)
        if mask[WAIT]:
            features[WAIT, 0] = 1.0
        for index, candidate in enumerate(self.menu(seat), start=1):
            data = self.game.encode_action(candidate.action)
            letters, items = _measure(data)
            kind = data.get("type") if isinstance(data, dict) else None
            row = features[index]
            row[0] = 1.0
            row[1] = math.copysign(math.log1p(abs(candidate.value)), candidate.value)
            row[2] = 1.0 if candidate.generated else 0.0
            row[3] = letters
            row[4] = items
            row[5 + zlib.crc32(str(kind).encode()) % TYPE_CELLS] = 1.0
        return {"observation": vector, "action_mask": mask, "action_features": features}

    def render(self, seat: Seat | None) -> str:
        import json

        return json.dumps(self.state.view(seat), ensure_ascii=False, indent=1)
