"""Random masked play to the end of many games of every game, in every mode and player count
2–4 (cycled). CI plays :data:`GAMES` per game; ``LUDOTHEQUE_RL_GAMES=1000`` (or
``benchmarks/rl_random_play.py``) plays the issue's thousand (about 25 minutes of CPU, too much
for CI: ``docs/rl.md``)."""

from __future__ import annotations

import os

import numpy as np
import pytest

from ludotheque.rl import aec_env

GAMES = {"gutenberg": 24, "letter": 12, "themes": 24, "gremlins": 24}
MAX_CYCLES = 5_000

SETUPS = {
    "gutenberg": [(2, "classique"), (3, "classique"), (4, "classique")],
    "letter": [(2, "classique"), (3, "classique"), (4, "classique")],
    "themes": [
        (2, "classique"),
        (3, "expert"),
        (2, "simultanee"),
        (4, "simultanee"),
        (4, "equipe"),
        (4, "classique"),
    ],
    "gremlins": [(2, "classique"), (3, "classique"), (4, "classique"), (4, "equipes")],
}


@pytest.mark.parametrize("game", list(GAMES))
def test_random_masked_play_reaches_the_end(game):
    count = int(os.environ.get("LUDOTHEQUE_RL_GAMES", GAMES[game]))
    for number in range(count):
        players, mode = SETUPS[game][number % len(SETUPS[game])]
        env = aec_env(game, players, mode=mode, max_cycles=MAX_CYCLES)
        env.reset(seed=10_000 + number)
        rng = np.random.default_rng(number)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            assert env.observation_space(agent).contains(observation)
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        assert env.session.is_over, f"{game} {players} {mode} seed {10_000 + number}"
