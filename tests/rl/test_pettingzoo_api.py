"""PettingZoo's own tests on every game, for player counts 2–4 and every mode at least once
(solo modes with their one player), on the AEC and the parallel environments."""

from __future__ import annotations

import types
import warnings
from typing import Any

import pytest
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

from ludotheque.rl import aec_env, parallel_env

# (game, players, mode): each game at 2, 3 and 4 seats, each mode at least once.
TABLES: list[tuple[str, int, str]] = [
    ("gutenberg", 2, "classique"),
    ("gutenberg", 3, "classique"),
    ("gutenberg", 4, "classique"),
    ("gutenberg", 1, "solo"),
    ("letter", 2, "classique"),
    ("letter", 3, "classique"),
    ("letter", 4, "classique"),
    ("letter", 1, "solo"),
    ("themes", 2, "classique"),
    ("themes", 3, "expert"),
    ("themes", 2, "simultanee"),
    ("themes", 4, "simultanee"),
    ("themes", 4, "equipe"),
    ("gremlins", 2, "classique"),
    ("gremlins", 3, "classique"),
    ("gremlins", 4, "equipes"),
]
IDS = [f"{game}-{mode}-{players}" for game, players, mode in TABLES]

# Cycles of api_test's random play: enough to cross a phase or two of every game (a Gutenberg
# round, a Letter draw and first turns, a Thèmes turn) while the suite stays within its budget.
CYCLES = 60


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    # api_test warns that a Dict observation is not a Box: the Dict is the documented space.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("game", "players", "mode"), TABLES, ids=IDS)
def test_api(game: str, players: int, mode: str) -> None:
    api_test(aec_env(game, players, mode=mode), num_cycles=CYCLES)


@pytest.mark.parametrize(("game", "players", "mode"), TABLES, ids=IDS)
def test_parallel_api(game: str, players: int, mode: str) -> None:
    parallel_api_test(parallel_env(game, players, mode=mode), num_cycles=CYCLES)


@pytest.mark.parametrize(("game", "players", "mode"), TABLES, ids=IDS)
def test_seed(game: str, players: int, mode: str) -> None:
    seed_test(lambda: aec_env(game, players, mode=mode), num_cycles=CYCLES)
    # parallel_seed_test samples unmasked indices: those are taken as « wait ».
    parallel_seed_test(
        lambda: parallel_env(game, players, mode=mode, illegal="wait"), num_cycles=CYCLES
    )


@pytest.mark.parametrize(("game", "players", "mode"), TABLES, ids=IDS)
def test_max_cycles(game: str, players: int, mode: str) -> None:
    # max_cycles_test samples unmasked indices too: « wait » for those, as documented.
    module = types.SimpleNamespace(
        env=lambda max_cycles: aec_env(
            game, players, mode=mode, max_cycles=max_cycles, illegal="wait"
        ),
        parallel_env=lambda max_cycles: parallel_env(
            game, players, mode=mode, max_cycles=max_cycles, illegal="wait"
        ),
    )
    max_cycles_test(module)
