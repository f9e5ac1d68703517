"""The games as OpenSpiel Python games (optional: ``pip install 'ludotheque[openspiel]'``).

Importing this module registers ``ludotheque_gutenberg``, ``ludotheque_letter``,
``ludotheque_themes`` and ``ludotheque_gremlins`` with ``pyspiel``::

    import pyspiel
    import ludotheque.rl.openspiel  # noqa: F401 (registers the games)
    game = pyspiel.load_game("ludotheque_themes", {"players": 3, "mode": "simultanee"})

Each game is sequential, with imperfect information and sampled chance (the deal and the draws
come from the seed inside the state: parameter ``seed``, plus one per initial state made). One
agent decides at a time: among the seats that must decide, the first at or after the seat that
follows the last one to play, so that simultaneous decisions (a draft, Thèmes Simultanée) are
taken in turn without revealing earlier choices, and no seat always speaks first. An OpenSpiel
action ``i`` is the ``i``-th move of the seat's menu (:mod:`ludotheque.rl.menus`), so
``num_distinct_actions`` is the game's menu size; observations are the same vectors as the
PettingZoo environments' ``observation`` (:mod:`ludotheque.rl.encoding`), built from the
seat's view only; there is no information-state tensor (the view is not a perfect-recall
history). Returns: the final ranking (+1 first … −1 last), zero-sum.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ludotheque.core.protocol import Seat, State
from ludotheque.games import default_registry

from .encoding import encode_view
from .menus import Candidate, menu
from .rewards import ranking_rewards
from .specs import SPECS

__all__ = ["GAMES", "MAX_GAME_LENGTH", "game_type"]

GAMES = ("gutenberg", "letter", "themes", "gremlins")
MAX_GAME_LENGTH = 20_000
"""An upper bound on the moves of a game (random Letter games at 4 seats play about 200)."""


def game_type(name: str) -> Any:
    info = default_registry().get(name).info
    modes = info.modes
    return pyspiel.GameType(
        short_name=f"ludotheque_{name}",
        long_name=f"ludotheque {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(mode.max_players for mode in modes),
        min_num_players=min(mode.min_players for mode in modes),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 2, "mode": modes[0].name, "seed": 0},
    )


class _Frozen:
    """Holds an immutable value; copies of the OpenSpiel state share it (clones are cheap)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Frozen:
        return self


class LudothequeGame(pyspiel.Game):  # type: ignore[misc]
    """One of the games at a table of ``players`` seats in ``mode``."""

    name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 2))
        spec = SPECS[self.name]
        super().__init__(
            game_type(self.name),
            pyspiel.GameInfo(
                num_distinct_actions=spec.menu,
                max_chance_outcomes=0,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=MAX_GAME_LENGTH,
            ),
            params,
        )
        parameters = self.get_parameters()
        self.players = players
        self.mode = str(parameters.get("mode"))
        self.seed = int(parameters.get("seed", 0))
        self.ludo = default_registry().get(self.name)
        self.ludo.info.resolve_options(players, {"mode": self.mode})
        self.spec = spec
        self.made = 0

    def new_initial_state(self) -> LudothequeState:
        self.made += 1
        return LudothequeState(self, self.seed + self.made - 1)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ViewObserver:
        return ViewObserver(self)


class LudothequeState(pyspiel.State):  # type: ignore[misc]
    """A position; the ludotheque state inside is immutable and shared by clones."""

    def __init__(self, game: LudothequeGame, seed: int) -> None:
        super().__init__(game)
        self._game = _Frozen(game)
        self._state = _Frozen(game.ludo.new(game.players, seed, {"mode": game.mode}))
        self._menu = _Frozen(None)
        self._next = 0

    @property
    def ludo(self) -> State[Any]:
        state: State[Any] = self._state.value
        return state

    def _seat(self) -> Seat | None:
        state = self.ludo
        if state.is_over:
            return None
        deciding = state.to_move()
        players = state.players
        order = (seat % players for seat in range(self._next, self._next + players))
        return next((seat for seat in order if seat in deciding), None)

    def _moves(self) -> list[Candidate]:
        cached = self._menu.value
        if cached is None:
            seat = self._seat()
            spec: Any = self._game.value.spec
            cached = [] if seat is None else menu(self.ludo, seat, spec.menu, spec.generator)
            self._menu = _Frozen(cached)
        moves: list[Candidate] = cached
        return moves

    def current_player(self) -> int:
        seat = self._seat()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        if player != self._seat():
            return []
        return list(range(len(self._moves())))

    def _apply_action(self, action: int) -> None:
        seat = self._seat()
        assert seat is not None
        move = self._moves()[action]
        self._state = _Frozen(self.ludo.apply(seat, move.action))
        self._menu = _Frozen(None)
        self._next = seat + 1

    def _action_to_string(self, player: int, action: int) -> str:
        moves = self._moves() if player == self._seat() else []
        if action < len(moves):
            text: str = self._game.value.ludo.format_action(moves[action].action)
            return text
        return f"coup {action}"

    def is_terminal(self) -> bool:
        return self.ludo.is_over

    def returns(self) -> list[float]:
        outcome = self.ludo.outcome()
        if outcome is None:
            return [0.0] * self.ludo.players
        return ranking_rewards(outcome)[: self.ludo.players]

    def __str__(self) -> str:
        return json.dumps(self.ludo.view(None), ensure_ascii=False)


class ViewObserver:
    """The observation of a seat: its view encoded (the PettingZoo ``observation``)."""

    def __init__(self, game: LudothequeGame) -> None:
        spec = game.spec
        self.players = game.players
        self.spec = spec
        self.tensor = np.zeros(spec.slots + spec.encoding.extra, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LudothequeState, player: int) -> None:
        view = state.ludo.view(player)
        self.tensor[:] = encode_view(
            view, player, self.players, self.spec.encoding, self.spec.slots
        )

    def string_from(self, state: LudothequeState, player: int) -> str:
        return json.dumps(state.ludo.view(player), ensure_ascii=False, sort_keys=True)


def _register() -> None:
    for name in GAMES:
        short = f"ludotheque_{name}"
        if short in pyspiel.registered_names():
            continue
        game_class = type(f"Ludotheque{name.capitalize()}Game", (LudothequeGame,), {"name": name})
        pyspiel.register_game(game_type(name), game_class)


_register()
