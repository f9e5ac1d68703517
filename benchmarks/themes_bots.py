"""Thèmes' bots: time per decision of each level, and who beats whom.

``python benchmarks/themes_bots.py [--quick]`` (or ``python benchmarks/run.py themes_bots``)

1. Speed, on one core, in this process: 2-player classic games through
   ``ludotheque.bots.simulate`` with each level at both seats; the time spent inside
   ``Bot.choose`` is measured per decision (median, p90), against the baseline of the random
   bot in the same run (ratio of medians).
2. Strength: strong against greedy and greedy against random, each pairing played from both
   seats on the same seeds (a shared first place counts for both), in classic and Expert.

Goal (issue 05): the levels are ordered — strong beats greedy and greedy beats random in most
games. ``--quick``: a few games, to check that the script runs.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from ludotheque.bots.base import Bot, Observation
from ludotheque.bots.simulate import derive_seed, play_game
from ludotheque.core.rng import Draws
from ludotheque.games.themes import Themes
from ludotheque.games.themes.bots import BOTS

SEED = 2026
GAMES = {"speed": 10, "duel": 40}
QUICK = {"speed": 2, "duel": 4}
GAME = Themes()


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


def speed(games: int) -> None:
    print(f"time per decision, 2-player classic games, {games} games a level (one core):")
    medians: dict[str, float] = {}
    for level in ("random", "greedy", "strong"):
        timed = [Timed(BOTS[level]()), Timed(BOTS[level]())]
        for k in range(games):
            play_game(GAME, timed, derive_seed(SEED, k), {"mode": "classique"})
        times = sorted(t for bot in timed for t in bot.times)
        medians[level] = statistics.median(times)
        p90 = times[int(0.9 * (len(times) - 1))]
        print(
            f"  {level:7s} median {medians[level] * 1000:7.2f} ms   p90 {p90 * 1000:7.2f} ms"
            f"   ({len(times)} decisions)"
        )
    base = medians["random"]
    for level in ("greedy", "strong"):
        print(f"  {level}: {medians[level] / base:.1f}× the random bot's median (baseline)")


def duel(first: str, second: str, games: int, mode: str) -> tuple[int, int]:
    """Games won by ``first`` and by ``second``, each seating order on the same seeds."""
    wins = [0, 0]
    for k in range(games):
        seed = derive_seed(SEED + 1, k)
        for order in ((first, second), (second, first)):
            final = play_game(GAME, [BOTS[name]() for name in order], seed, {"mode": mode})
            outcome = final.outcome()
            assert outcome is not None
            for seat in outcome.winners:
                wins[0 if order[seat] == first else 1] += 1
    return wins[0], wins[1]


def main(argv: list[str]) -> None:
    sizes = QUICK if "--quick" in argv else GAMES
    start = time.perf_counter()
    speed(sizes["speed"])
    seeds = sizes["duel"]
    print(f"duels, 2 players, {seeds} seeds × both seatings (a shared first place: both win):")
    ordered = True
    for mode in ("classique", "expert"):
        for first, second in (("strong", "greedy"), ("greedy", "random")):
            won, lost = duel(first, second, sizes["duel"], mode)
            total = 2 * sizes["duel"]
            ordered = ordered and won > total / 2
            print(f"  {mode:9s} {first} vs {second}: {won} / {lost} of {total} games")
    print(f"goal, strong > greedy > random in most games: {'met' if ordered else 'NOT met'}")
    print(f"total: {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
