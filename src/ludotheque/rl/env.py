"""The PettingZoo AEC environment of a game: :func:`aec_env`.

Agents are ``player_0 … player_{n-1}`` (seat order). Play goes in cycles: in each cycle every
agent is selected once, starting one seat further each cycle (cycle ``k`` starts at seat
``k mod n``). A selected agent that must decide plays a move of its menu; one with nothing to
decide plays « wait » (index 0, its only unmasked action). So:

- a simultaneous decision (Gutenberg's draft and writing, Letter's knock windows, Thèmes
  Simultanée) is taken one agent at a time within a cycle; the state keeps each choice hidden
  until the last is in, and every observation is the seat's own view, so no agent learns
  another's choice before making its own;
- in Thèmes Simultanée, where the first word said takes the round, the rotation of the cycle's
  first seat keeps any seat from always speaking first;
- ``max_cycles`` counts cycles: after that many the game is truncated (each agent has acted
  ``max_cycles`` times).

Rewards are 0 until the game ends, then the final ranking or the score difference
(:mod:`ludotheque.rl.rewards`). An index outside the agent's mask raises ``ValueError``, or,
with ``illegal="wait"``, is taken as « wait » (the agent decides again in the next cycle; its
info says ``illegal``): what PettingZoo's ``max_cycles_test``, which samples unmasked actions,
needs.

>>> env = aec_env("gutenberg", players=2)
>>> env.reset(seed=1)
>>> observation, reward, terminated, truncated, info = env.last()
>>> sorted(observation), observation["action_mask"][:6].tolist()
(['action_features', 'action_mask', 'observation'], [0, 1, 1, 1, 1, 1])
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Literal

from gymnasium import spaces
from pettingzoo import AECEnv

from ludotheque.core.json_types import JsonValue
from ludotheque.core.protocol import Game

from .rewards import RewardKind
from .session import Observation, Session

__all__ = ["IllegalPolicy", "LudothequeAEC", "aec_env", "agent_name"]

IllegalPolicy = Literal["raise", "wait"]


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class LudothequeAEC(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """A game as an AEC environment (see the module doc)."""

    def __init__(
        self,
        game: str | Game[Any, Any],
        players: int,
        *,
        reward: RewardKind = "ranking",
        max_cycles: int | None = None,
        illegal: IllegalPolicy = "raise",
        render_mode: str | None = None,
        options: Mapping[str, JsonValue] | None = None,
    ) -> None:
        super().__init__()
        self.session = Session(game, players, options, reward)
        self.metadata: dict[str, Any] = {
            "render_modes": ["ansi"],
            "name": f"ludotheque_{self.session.name}",
            "is_parallelizable": True,
        }
        self.players = players
        self.max_cycles = max_cycles
        self.illegal = illegal
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._next_seed = 0
        self.cycle = 0
        self._position = 0

    @functools.cache  # noqa: B019 (one space object per agent, as PettingZoo asks)
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.session.observation_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return spaces.Discrete(self.session.spec.menu + 1)

    # --- the cycle ---------------------------------------------------------------------------

    def _selected_seat(self) -> int:
        return (self.cycle + self._position) % self.players

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, dealt from ``seed`` (else the seed after the previous game's).

        ``options`` is accepted for PettingZoo's API and not read: a game's table options are
        given when the environment is made."""
        if seed is not None:
            self._next_seed = seed
        self.session.reset(self._next_seed)
        self._next_seed += 1
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.cycle = 0
        self._position = 0
        self.agent_selection = agent_name(self._selected_seat())

    def observe(self, agent: str) -> Observation:
        return self.session.observe(self._seats[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seats[agent]
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos = {name: {} for name in self.agents}
        index = int(action) if action is not None else 0
        mask = self.session.mask(seat)
        if not (0 <= index < len(mask) and mask[index]):
            if self.illegal == "raise":
                raise ValueError(f"{agent}: action {index} is not in its mask")
            self.infos[agent] = {"illegal": True}
        else:
            self.session.play(seat, index)
        if self.session.is_over:
            for name, value in zip(self.agents, self.session.final_rewards(), strict=True):
                self.rewards[name] = value
                self.terminations[name] = True
        else:
            self._position += 1
            if self._position == self.players:
                self._position = 0
                self.cycle += 1
                if self.max_cycles is not None and self.cycle >= self.max_cycles:
                    self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = agent_name(self._selected_seat())
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.session.render(None)

    def close(self) -> None:
        pass


def aec_env(
    game: str | Game[Any, Any],
    players: int,
    *,
    reward: RewardKind = "ranking",
    max_cycles: int | None = None,
    illegal: IllegalPolicy = "raise",
    render_mode: str | None = None,
    **options: JsonValue,
) -> LudothequeAEC:
    """The AEC environment of ``game`` (a registered name: ``gutenberg``, ``letter``,
    ``themes``, ``gremlins``) for ``players`` seats; ``options`` are the lobby's table options
    (``mode="simultanee"``, ``jugement="vocabulaire"``…)."""
    return LudothequeAEC(
        game,
        players,
        reward=reward,
        max_cycles=max_cycles,
        illegal=illegal,
        render_mode=render_mode,
        options=options,
    )
