"""The PettingZoo parallel environment of a game: :func:`parallel_env`.

Each step is one cycle of the AEC environment (:mod:`ludotheque.rl.env`) taken at once: every
live agent sends an index; the agents that must decide play theirs, in seat order starting one
seat further each step (step ``k`` starts at seat ``k mod n``), the others send « wait » (0, their
only unmasked index). Each index means the move of the menu the agent observed before the step;
when an earlier agent's move of the same step makes it illegal (Thèmes Simultanée: the round was
taken), it is dropped and the agent decides again at the next step. Simultaneous decisions are
therefore truly simultaneous here; in a turn-based phase only one agent's index counts.

>>> env = parallel_env("themes", players=2, mode="simultanee")
>>> observations, infos = env.reset(seed=3)
>>> sorted(observations)
['player_0', 'player_1']
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from ludotheque.core.json_types import JsonValue
from ludotheque.core.protocol import Game

from .env import IllegalPolicy, agent_name
from .rewards import RewardKind
from .session import Observation, Session

__all__ = ["LudothequeParallel", "parallel_env"]


class LudothequeParallel(ParallelEnv[str, Observation, int]):  # type: ignore[misc]
    """A game as a parallel environment (see the module doc)."""

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
        self.session = Session(game, players, options, reward)
        self.metadata: dict[str, Any] = {
            "render_modes": ["ansi"],
            "name": f"ludotheque_{self.session.name}",
        }
        self.players = players
        self.max_cycles = max_cycles
        self.illegal = illegal
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(players)]
        self.agents: list[str] = []
        self._next_seed = 0
        self.cycle = 0

    @functools.cache  # noqa: B019 (one space object per agent, as PettingZoo asks)
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.session.observation_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return spaces.Discrete(self.session.spec.menu + 1)

    def _observations(self) -> dict[str, Observation]:
        return {agent_name(seat): self.session.observe(seat) for seat in range(self.players)}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """A new game, dealt from ``seed`` (else the seed after the previous game's);
        ``options`` is not read (table options are given when the environment is made)."""
        if seed is not None:
            self._next_seed = seed
        self.session.reset(self._next_seed)
        self._next_seed += 1
        self.agents = list(self.possible_agents)
        self.cycle = 0
        return self._observations(), {agent: {} for agent in self.agents}

    def step(
        self, actions: Mapping[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        session = self.session
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        chosen: list[tuple[int, Any]] = []
        for offset in range(self.players):
            seat = (self.cycle + offset) % self.players
            agent = agent_name(seat)
            index = int(actions.get(agent, 0))
            mask = session.mask(seat)
            if not (0 <= index < len(mask) and mask[index]):
                if self.illegal == "raise":
                    raise ValueError(f"{agent}: action {index} is not in its mask")
                infos[agent]["illegal"] = True
                continue
            action = session.action(seat, index)
            if action is not None:
                chosen.append((seat, action))
        for seat, action in chosen:
            if session.is_over:
                break
            if not session.try_play(seat, action):
                infos[agent_name(seat)]["dropped"] = True
        self.cycle += 1
        rewards = dict.fromkeys(self.agents, 0.0)
        over = session.is_over
        if over:
            rewards = dict(zip(self.agents, session.final_rewards(), strict=True))
        truncated = not over and self.max_cycles is not None and self.cycle >= self.max_cycles
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.session.render(None)

    def close(self) -> None:
        pass


def parallel_env(
    game: str | Game[Any, Any],
    players: int,
    *,
    reward: RewardKind = "ranking",
    max_cycles: int | None = None,
    illegal: IllegalPolicy = "raise",
    render_mode: str | None = None,
    **options: JsonValue,
) -> LudothequeParallel:
    """The parallel environment of ``game`` for ``players`` seats (``options``: the lobby's)."""
    return LudothequeParallel(
        game,
        players,
        reward=reward,
        max_cycles=max_cycles,
        illegal=illegal,
        render_mode=render_mode,
        options=options,
    )
