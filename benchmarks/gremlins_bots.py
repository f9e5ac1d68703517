"""Gremlins' bots: time per decision of each level, and who beats whom.

``python benchmarks/gremlins_bots.py [--quick]``

1. Speed, on one core, in this process: 2-player games (default table: 20 prestige or 4
   exhaustions) through ``ludotheque.bots.simulate`` with each level at both seats; the time
   spent inside ``Bot.choose`` is measured per decision (median, p90), against the baseline of
   the random bot in the same run (ratio of medians).
2. Strength: strong against greedy and greedy against random, each pairing played from both
   seats on the same seeds (a shared first place counts half for each).

Goal: the levels are ordered — strong beats greedy and greedy beats random clearly (at least
60 % of the games); the strong bot's median decision well under 0.5 s. ``--quick``: a few
games, to check that the script runs.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from ludotheque.bots.base import Bot, Observation
from ludotheque.bots.simulate import derive_seed, play_game
from ludotheque.core.rng import Draws
from ludotheque.games.gremlins import Gremlins
from ludotheque.games.gremlins.bots import BOTS

SEED = 2026
GAMES = {"speed": 6, "duel": 50}
QUICK = {"speed": 1, "duel": 2}
GAME = Gremlins()
LEVELS = ("random", "greedy", "strong")
CLEAR = 0.6


class Timed:
    """A bot whose decisions are timed (the rules' time is not counted)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []

    def choose(self, observation: Observation, draws: Draws) -> Any:
        start = time.perf_counter()
        action = self.bot.choose(observation, draws)
        self.times.append(time.perf_counter() - start)
        return action


def speed(games: int) -> dict[str, float]:
    print(f"time per decision, 2-player games, {games} games a level (one core):")
    medians: dict[str, float] = {}
    for level in LEVELS:
        timed = [Timed(BOTS[level]()), Timed(BOTS[level]())]
        for k in range(games):
            play_game(GAME, timed, derive_seed(SEED, k))
        times = sorted(t for bot in timed for t in bot.times)
        medians[level] = statistics.median(times)
        p90 = times[int(0.9 * (len(times) - 1))]
        print(
            f"  {level:7s} median {medians[level] * 1000:7.2f} ms   p90 {p90 * 1000:7.2f} ms"
            f"   max {times[-1] * 1000:7.1f} ms   ({len(times)} decisions)"
        )
    base = medians["random"]
    for level in ("greedy", "strong"):
        print(f"  {level}: {medians[level] / base:.1f}× the random bot's median (baseline)")
    return medians


def duel(first: str, second: str, games: int) -> tuple[float, float]:
    """Points of ``first`` and of ``second`` (a shared first place: ½ each), each seating
    order on the same seeds."""
    points = [0.0, 0.0]
    for k in range(games):
        seed = derive_seed(SEED + 1, k)
        for order in ((first, second), (second, first)):
            final = play_game(GAME, [BOTS[name]() for name in order], seed)
            outcome = final.outcome()
            assert outcome is not None
            for seat in outcome.winners:
                points[0 if order[seat] == first else 1] += 1 / len(outcome.winners)
    return points[0], points[1]


def main(argv: list[str]) -> None:
    sizes = QUICK if "--quick" in argv else GAMES
    start = time.perf_counter()
    medians = speed(sizes["speed"])
    seeds = sizes["duel"]
    print(f"duels, 2 players, {seeds} seeds × both seatings (a shared first place: ½ each):")
    ordered = True
    for first, second in (("strong", "greedy"), ("greedy", "random")):
        won, lost = duel(first, second, seeds)
        total = 2 * seeds
        ordered = ordered and won >= CLEAR * total
        print(f"  {first} vs {second}: {won:g} / {lost:g} of {total} games ({won / total:.0%})")
    verdict = "met" if ordered else "NOT met"
    print(f"goal, strong > greedy > random, each in ≥ {CLEAR:.0%} of the games: {verdict}")
    fast = medians["strong"] < 0.5
    print(f"goal, strong's median decision < 0.5 s: {'met' if fast else 'NOT met'}")
    print(f"total: {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
