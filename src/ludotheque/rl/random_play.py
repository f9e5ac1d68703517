"""Random masked play to the end of many games: that every game ends, and how fast.

``python -m ludotheque.rl.random_play --game letter --games 500 --first 500 --json out.json``
plays games ``first … first + games − 1`` of a game through :func:`ludotheque.rl.aec_env`,
cycling over its modes and player counts 2–4 (game ``n`` plays setup ``n mod k`` with seed
``n``), each agent playing a uniformly random index of its mask, and writes a summary: games
played, games that ended, the failures (a game that raised, or did not end within
:data:`MAX_CYCLES` cycles; with its setup, seed and error) and CPU seconds. The test suite runs
the issue's thousand games per game with it (``tests/rl/test_thousand_games.py``), the
benchmark ``benchmarks/rl_random_play.py`` times it.

>>> run = play_env(Setup("gutenberg", 2, {"mode": "classique"}), seed=3)
>>> run.ended and run.decisions > 0
True
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from ludotheque.core.json_types import JsonValue
from ludotheque.games import default_registry

from .env import aec_env

__all__ = ["GAMES", "MAX_CYCLES", "GameRun", "Setup", "Summary", "cycle", "play_env", "setups"]

GAMES = ("gutenberg", "letter", "themes", "gremlins")
MAX_CYCLES = 5_000


@dataclass(frozen=True)
class Setup:
    game: str
    players: int
    options: dict[str, JsonValue]


@dataclass(frozen=True)
class GameRun:
    """One game: AEC steps, decisions (moves played), decisions whose menu was full, ended."""

    steps: int
    decisions: int
    full: int
    ended: bool


@dataclass
class Summary:
    game: str
    games: int = 0
    ended: int = 0
    steps: int = 0
    decisions: int = 0
    full: int = 0
    seconds: float = 0.0  # CPU
    failures: list[dict[str, JsonValue]] = field(default_factory=list)


def setups(game: str) -> list[Setup]:
    """Every (mode, players) with 2 ≤ players ≤ 4 the game offers."""
    info = default_registry().get(game).info
    return [
        Setup(game, players, {"mode": mode.name})
        for mode in info.modes
        for players in mode.player_counts()
        if 2 <= players <= 4
    ]


def cycle(game: str, count: int, first: int = 0) -> Iterator[tuple[Setup, int]]:
    """Games ``first … first + count − 1``: game ``n`` plays setup ``n mod k``, seed ``n``."""
    table = setups(game)
    for number in range(first, first + count):
        yield table[number % len(table)], number


def play_env(setup: Setup, seed: int, *, check_spaces: bool = False) -> GameRun:
    """One game through the AEC environment, random masked moves (``check_spaces``: every
    observation is checked against its space)."""
    env = aec_env(setup.game, setup.players, max_cycles=MAX_CYCLES, mode=setup.options["mode"])
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = decisions = full = 0
    menu = env.session.spec.menu
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if check_spaces and not env.observation_space(agent).contains(observation):
            raise AssertionError(f"{agent}: an observation outside its space")
        mask = observation["action_mask"]
        legal = np.flatnonzero(mask)
        if not mask[0]:
            decisions += 1
            full += int(len(legal) == menu)
        env.step(int(rng.choice(legal)))
        steps += 1
    return GameRun(steps, decisions, full, env.session.is_over)


def run(game: str, count: int, first: int = 0, *, check_spaces: bool = False) -> Summary:
    """Play games ``first … first + count − 1``; a game that raises is a failure, not the end."""
    summary = Summary(game)
    start = time.process_time()
    for setup, seed in cycle(game, count, first):
        summary.games += 1
        try:
            played = play_env(setup, seed, check_spaces=check_spaces)
        except Exception:  # a crash is what this looks for: report it with its seed
            failure: dict[str, JsonValue] = {"setup": asdict(setup), "seed": seed}
            failure["error"] = traceback.format_exc(limit=8)
            summary.failures.append(failure)
            continue
        summary.steps += played.steps
        summary.decisions += played.decisions
        summary.full += played.full
        if played.ended:
            summary.ended += 1
        else:
            summary.failures.append(
                {"setup": asdict(setup), "seed": seed, "error": f"no end in {MAX_CYCLES} cycles"}
            )
    summary.seconds = time.process_time() - start
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", choices=GAMES, required=True)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="number (and seed) of the first game")
    parser.add_argument("--check-spaces", action="store_true")
    parser.add_argument("--json", type=Path, help="write the summary here")
    args = parser.parse_args(argv)
    summary = run(args.game, args.games, args.first, check_spaces=args.check_spaces)
    text = json.dumps(asdict(summary), ensure_ascii=False)
    if args.json is not None:
        args.json.write_text(text, encoding="utf-8")
    else:
        print(text)
    return 1 if summary.failures else 0


if __name__ == "__main__":
    sys.exit(main())
