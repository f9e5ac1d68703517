"""Gutenberg's bots: speed of whole games, strong against greedy, and solo win rates.

``python benchmarks/gutenberg_bots.py [--quick]`` (or ``python benchmarks/run.py gutenberg_bots``)

1. Speed, on one core, in this process: whole 4-player games of greedy bots through
   ``ludotheque.bots.simulate`` (observations, views and legal actions included), against the
   baseline of random bots in the same run; the time spent in the bots, and in the word finder
   they call, is measured apart (the rest is the rules: views, legal actions, apply).
2. Strong (default budget) against greedy, in « duplicate » deals: each deal is played once
   with the strong bot at each seat (2 games a deal with 2 players, 4 with 4), the other seats
   greedy. Baselines on the same deals: greedy and random at that seat. A shared first place
   counts as a win. Run on every core (one game per task); each game is reproducible alone.
3. Solo against la Rotative: the win rate of each bot in each difficulty.

Goals: ≥ 20 four-player greedy games/s; strong wins ≥ 60 % of 2-player games against greedy
and ≥ 40 % of 4-player games against three greedy. ``--quick``: a few games of each, to check
that the script runs.
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from ludotheque.bots.simulate import derive_seed, play_game, simulate
from ludotheque.games.gutenberg import Gutenberg
from ludotheque.games.gutenberg.bots import make_bot
from ludotheque.games.gutenberg.bots_common import letter_stats
from ludotheque.games.gutenberg.bots_strong import DEFAULT_ITERATIONS
from ludotheque.games.gutenberg.wordfinder import word_index
from ludotheque.lexicon import common_words

SEED = 2025
SPEED_GAMES = 50  # 4-player games per run (3 runs) for the speed figure
DUEL_DEALS = {2: 50, 4: 30}  # deals per table size (× players games each)
SOLO_GAMES = {"random": 200, "greedy": 200, "strong": 20}  # per difficulty
DIFFICULTIES = ("facile", "normal", "difficile")
QUICK = {"speed": 10, "deals": {2: 2, 4: 1}, "solo": {"random": 4, "greedy": 4, "strong": 2}}

GAME = Gutenberg()


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def warm_up() -> float:
    start = time.perf_counter()
    word_index(common_words().words)
    letter_stats()
    return time.perf_counter() - start


def rate(wins: int, games: int) -> str:
    """A share with its 95 % margin (normal approximation)."""
    p = wins / games if games else 0.0
    margin = 1.96 * (p * (1 - p) / games) ** 0.5 if games else 0.0
    return f"{100 * p:5.1f} % ± {100 * margin:4.1f} ({wins}/{games})"


# --- 1. speed ----------------------------------------------------------------------------


class Timed:
    """A bot wrapper that adds up the time spent in its decisions."""

    def __init__(self, bot: Any, clock: list[float]) -> None:
        self.bot, self.name, self.clock = bot, bot.name, clock

    def choose(self, observation: Any, draws: Any) -> Any:
        start = time.perf_counter()
        try:
            return self.bot.choose(observation, draws)
        finally:
            self.clock[0] += time.perf_counter() - start


def speed(name: str, games: int) -> tuple[float, float, float]:
    """Median games/s of three runs, and the shares of time in the bots and in the finder.

    The word finder is timed through a wrapper around the ``best_words`` the bots call (no
    profiler: it would inflate the many small calls of the rest).
    """
    import ludotheque.games.gutenberg.bots_common as common

    simulate(GAME, [make_bot(name) for _ in range(4)], games=10, seed=SEED + 1)  # warm caches
    finder = [0.0]
    original = common.best_words

    def timed_finder(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            finder[0] += time.perf_counter() - start

    rates, bot_time, total = [], [0.0], 0.0
    common.best_words = timed_finder  # type: ignore[assignment]
    try:
        for run in range(3):
            bots = [Timed(make_bot(name), bot_time) for _ in range(4)]
            result = simulate(GAME, bots, games=games, seed=SEED + run)
            rates.append(result.games / result.seconds)
            total += result.seconds
    finally:
        common.best_words = original  # type: ignore[assignment]
    return statistics.median(rates), bot_time[0] / total, finder[0] / total


# --- 2. duels (one game per task) ----------------------------------------------------------


def duel_game(task: tuple[int, int, int, str]) -> tuple[int, float]:
    """One game: ``name`` at seat ``me``, greedy elsewhere. Returns (won, seconds)."""
    players, deal, me, name = task
    bots = [make_bot("greedy") for _ in range(players)]
    bots[me] = make_bot(name)
    start = time.perf_counter()
    final = play_game(GAME, bots, derive_seed(SEED, players, deal))
    outcome = final.outcome()
    assert outcome is not None
    return int(outcome.ranks[me] == 1), time.perf_counter() - start


def solo_game(task: tuple[str, str, int]) -> tuple[int, float]:
    name, difficulty, index = task
    start = time.perf_counter()
    final = play_game(
        GAME, [make_bot(name)], derive_seed(SEED, 1, index), {"difficulte": difficulty}
    )
    outcome = final.outcome()
    assert outcome is not None
    return int(outcome.ranks[0] == 1), time.perf_counter() - start


def run_all(pool: Any, function: Any, tasks: Sequence[Any]) -> tuple[int, int, float]:
    results = pool.map(function, tasks, chunksize=1)
    return sum(won for won, _ in results), len(results), sum(s for _, s in results)


def main(argv: Sequence[str] = ()) -> None:
    quick = "--quick" in argv
    speed_games = QUICK["speed"] if quick else SPEED_GAMES
    deals: dict[int, int] = QUICK["deals"] if quick else DUEL_DEALS  # type: ignore[assignment]
    solo_games: dict[str, int] = QUICK["solo"] if quick else SOLO_GAMES  # type: ignore[assignment]
    begin = time.perf_counter()
    print(f"warm-up (word index, letter statistics): {warm_up():.2f} s")

    print(f"speed, 4 players, one core, median of 3 runs of {speed_games} games:")
    rates = {}
    for name in ("random", "greedy"):
        rates[name], in_bots, in_finder = speed(name, speed_games)
        print(
            f"  {name:<7} {rates[name]:6.1f} games/s; time in the bots {100 * in_bots:.0f} % "
            f"(word finder {100 * in_finder:.0f} %), in the rules and views "
            f"{100 * (1 - in_bots):.0f} %"
        )
    greedy_rate = rates["greedy"]
    print(f"  greedy / random (baseline): {greedy_rate / rates['random']:.2f}")
    print(f"  goal >= 20 greedy games/s: {verdict(greedy_rate >= 20)}")

    cores = os.cpu_count() or 1
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else None)
    print(f"strong ({DEFAULT_ITERATIONS} evaluations a decision) against greedy, {cores} cores:")
    goals = {2: 0.60, 4: 0.40}
    with context.Pool(cores, initializer=warm_up) as pool:
        for players, count in deals.items():
            print(f"  {players} players, {count} deals × {players} seats:")
            for name in ("random", "greedy", "strong"):
                tasks = [(players, d, me, name) for d in range(count) for me in range(players)]
                wins, games, seconds = run_all(pool, duel_game, tasks)
                line = f"    {name:<7} vs greedy: wins {rate(wins, games)}"
                line += f", {seconds / games:.2f} s/game"
                if name == "strong":
                    line += f"; goal >= {100 * goals[players]:.0f} %: "
                    line += verdict(wins / games >= goals[players])
                print(line, flush=True)
        print("solo against la Rotative (win rate):")
        for difficulty in DIFFICULTIES:
            for name in ("random", "greedy", "strong"):
                tasks = [(name, difficulty, i) for i in range(solo_games[name])]
                wins, games, seconds = run_all(pool, solo_game, tasks)
                figures = f"{rate(wins, games)}, {seconds / games:.2f} s/game"
                print(f"  {difficulty:<9} {name:<7} {figures}", flush=True)
    print(f"total: {time.perf_counter() - begin:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
