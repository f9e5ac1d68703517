"""The four bot levels of every game, against each other: the ladder, scores, pace of decision.

``python benchmarks/bot_levels.py [--games N] [--four N] [--game NAME]... [--workers W] [--quick]
[--json FILE]``

For each game (options as the lobby gives a table with one person: Letter with the rulebook's
penalty for a wrong word, Thèmes judged by the vocabulary):

1. **Two players, round-robin**: every pair of levels plays ``--games`` games (half with each
   level in the first seat, same seeds for both halves). The ladder's figure is the win rate of
   each level against the level just below (a shared first place counts half), with its 95 %
   Wilson interval; the goal is at least 60 %.
2. **Four players**, one bot of each level at the table, seats rotated game after game
   (``--four`` games): mean score by level; the goal is scores rising with the level.
3. **Ratings**: every game of 1 and 2 rated with ``openskill`` (Plackett–Luce, the model for 2–6
   players), levels listed by ordinal (μ − 3σ).
4. Per level, over all its decisions: the mean share of the best move's value (``value / best``
   of each :class:`~ludotheque.bots.base.Decision` that reports them), the time to decide (median
   and p99, the rules' time not counted; the baseline is the Débutant in the same run: ratio of
   medians) and, in Letter, the words named per turn and knocks per knock window.

Games run in ``--workers`` processes (default: the machine's cores). ``--quick``: a few games,
to check that the script runs. The figures of ``docs/bots.md`` come from the command written
there.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import combinations, pairwise
from typing import Any

from ludotheque.bots.base import Bot, Observation, decide
from ludotheque.bots.levels import LEVEL_NAMES, LEVELS
from ludotheque.bots.simulate import bot_factories, derive_seed, play_game
from ludotheque.core.json_types import JsonValue
from ludotheque.core.protocol import Game
from ludotheque.core.rng import Draws
from ludotheque.games import default_registry

SEED = 2026
GAMES = ("gutenberg", "letter", "themes", "gremlins")
CLEAR = 0.6


# --- one game, in a worker -------------------------------------------------------------------


@dataclass
class SeatFigures:
    """What one seat did in one game."""

    level: str
    times: list[float] = field(default_factory=list)
    shares: list[float] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))


class Measured:
    """A bot whose decisions are timed and whose choices are compared with the best move."""

    def __init__(self, bot: Bot, figures: SeatFigures, game: str) -> None:
        self.bot, self.figures, self.game = bot, figures, game
        self.name = bot.name

    def choose(self, observation: Observation, draws: Draws) -> Any:
        start = time.perf_counter()
        decision = decide(self.bot, observation, draws)
        self.figures.times.append(time.perf_counter() - start)
        if decision.value is not None and decision.best is not None and decision.best > 0:
            self.figures.shares.append(max(0.0, decision.value) / decision.best)
        count_action(self.game, decision.action, self.figures.counts)
        return decision.action


def count_action(game: str, action: Any, counts: dict[str, int]) -> None:
    """Game-specific counts: Letter's words named per turn and knocks per knock window."""
    if game != "letter":
        return
    from ludotheque.games.letter.actions import FreeLetter, Knock, NoKnock, Pass, PlaceBlank, Turn

    if isinstance(action, Turn):
        counts["turns"] += 1
        counts["words"] += len(action.words)
    elif isinstance(action, (FreeLetter, PlaceBlank, Pass)):
        counts["turns"] += 1
    elif isinstance(action, Knock):
        counts["windows"] += 1
        counts["knocks"] += 1
    elif isinstance(action, NoKnock):
        counts["windows"] += 1


_GAMES: dict[str, Game[Any, Any]] = {}
_BOTS: dict[tuple[str, str], Bot] = {}


def _game(name: str) -> Game[Any, Any]:
    if name not in _GAMES:
        _GAMES[name] = default_registry().get(name)
    return _GAMES[name]


def _bot(game: str, level: str) -> Bot:
    """One bot per level and game in each worker (a bot keeps no state between decisions)."""
    if (game, level) not in _BOTS:
        _BOTS[game, level] = bot_factories(_game(game))[level]()
    return _BOTS[game, level]


@dataclass
class Played:
    """One finished game: its seats' levels, ranks, scores and figures."""

    levels: tuple[str, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...] | None
    figures: list[SeatFigures]


def play(game: str, levels: Sequence[str], seed: int, options: dict[str, JsonValue]) -> Played:
    figures = [SeatFigures(level) for level in levels]
    bots = [Measured(_bot(game, level), f, game) for level, f in zip(levels, figures, strict=True)]
    final = play_game(_game(game), bots, seed, options)
    outcome = final.outcome()
    assert outcome is not None
    return Played(tuple(levels), outcome.ranks, outcome.scores, figures)


# --- the run ---------------------------------------------------------------------------------


def lobby_options(game: Game[Any, Any], players: int) -> dict[str, JsonValue]:
    """The options a lobby table of ``players`` seats with one person gets by default."""
    return dict(game.info.resolve_options(players, {}, people=1))


def schedule(game: str, duels: int, fours: int, seed: int) -> list[tuple[Any, ...]]:
    """Every game to play: (game, levels, seed, options)."""
    found = _game(game)
    levels = [name for name in LEVEL_NAMES if name in bot_factories(found)]
    tasks: list[tuple[Any, ...]] = []
    two = lobby_options(found, 2)
    for pair, (low, high) in enumerate(combinations(levels, 2)):
        for k in range(duels):
            seats = (low, high) if k % 2 == 0 else (high, low)
            tasks.append((game, seats, derive_seed(seed, 2, pair, k // 2), two))
    if fours and found.info.max_players >= 4 and len(levels) == 4:
        four = lobby_options(found, 4)
        for k in range(fours):
            seats = tuple(levels[(i + k) % 4] for i in range(4))
            tasks.append((game, seats, derive_seed(seed, 4, k), four))
    return tasks


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def ratings(games: Iterable[Played]) -> dict[str, tuple[float, float]]:
    """openskill (Plackett–Luce) ratings of the levels over ``games``: name → (μ, σ)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    players: dict[str, Any] = {}
    for played in games:
        for level in played.levels:
            players.setdefault(level, model.rating(name=level))
        if len(set(played.levels)) != len(played.levels):
            continue
        teams = [[players[level]] for level in played.levels]
        rated = model.rate(teams, ranks=list(played.ranks))
        for level, team in zip(played.levels, rated, strict=True):
            players[level] = team[0]
    return {name: (p.mu, p.sigma) for name, p in players.items()}


def summarise(game: str, results: list[Played]) -> dict[str, Any]:
    levels = [name for name in LEVEL_NAMES if any(name in r.levels for r in results)]
    duels = [r for r in results if len(r.levels) == 2]
    fours = [r for r in results if len(r.levels) == 4]
    ladder: dict[str, Any] = {}
    for low, high in pairwise(levels):
        games = [r for r in duels if set(r.levels) == {low, high}]
        won = 0.0
        for r in games:
            mine, other = r.ranks[r.levels.index(high)], r.ranks[r.levels.index(low)]
            won += 1.0 if mine < other else 0.5 if mine == other else 0.0
        lo, hi = wilson(won, len(games))
        ladder[high] = {
            "against": low,
            "games": len(games),
            "rate": won / len(games),
            "interval": [lo, hi],
        }
    per_level: dict[str, Any] = {}
    for level in levels:
        seats = [(r, i) for r in results for i, name in enumerate(r.levels) if name == level]
        figures = [r.figures[i] for r, i in seats]
        times = [t for f in figures for t in f.times]
        shares = [s for f in figures for s in f.shares]
        counts: dict[str, int] = defaultdict(int)
        for f in figures:
            for key, value in f.counts.items():
                counts[key] += value
        two = [r.scores[r.levels.index(level)] for r in duels if r.scores and level in r.levels]
        four = [r.scores[r.levels.index(level)] for r in fours if r.scores]
        entry: dict[str, Any] = {
            "decisions": len(times),
            "p50": statistics.median(times) if times else None,
            "p99": percentile(times, 0.99) if times else None,
            "share": statistics.fmean(shares) if shares else None,
            "score2": statistics.fmean(two) if two else None,
            "score4": statistics.fmean(four) if four else None,
        }
        if counts.get("turns"):
            entry["words_per_turn"] = counts["words"] / counts["turns"]
        if counts.get("windows"):
            entry["knocks_per_window"] = counts["knocks"] / counts["windows"]
        per_level[level] = entry
    rated = ratings(results)
    return {
        "game": game,
        "ladder": ladder,
        "levels": per_level,
        "ratings": {k: {"mu": m, "sigma": s} for k, (m, s) in rated.items()},
        "duel_games": len(duels),
        "four_games": len(fours),
    }


def fmt(value: float | None, spec: str) -> str:
    return "—" if value is None else format(value, spec)


def report(summary: dict[str, Any], seconds: float) -> None:
    game, levels = summary["game"], summary["levels"]
    print(
        f"\n== {game}: {summary['duel_games']} parties à 2 (toutes les paires), "
        f"{summary['four_games']} à 4 (un de chaque niveau) — {seconds:.0f} s"
    )
    base = levels.get("debutant", {}).get("p50")
    header = (
        f"{'niveau':<14}{'c. inférieur':>13}{'IC 95 %':>14}{'score 2 j':>10}"
        f"{'score 4 j':>10}{'part meilleur':>14}{'p50 (ms)':>10}{'p99 (ms)':>10}"
        f"{'× débutant':>11}{'ordinal':>9}"
    )
    letter = any("words_per_turn" in e for e in levels.values())
    if letter:
        header += f"{'mots/tour':>10}{'frappes/fen.':>13}"
    print(header)
    for name, entry in levels.items():
        rung = summary["ladder"].get(name)
        rate = f"{rung['rate']:.0%}" if rung else "—"
        interval = f"{rung['interval'][0]:.0%}–{rung['interval'][1]:.0%}" if rung else ""
        mu_sigma = summary["ratings"].get(name)
        ordinal = mu_sigma["mu"] - 3 * mu_sigma["sigma"] if mu_sigma else None
        ratio = entry["p50"] / base if base and entry["p50"] else None
        line = (
            f"{LEVELS[name].title:<14}{rate:>13}{interval:>14}"
            f"{fmt(entry['score2'], '.1f'):>10}{fmt(entry['score4'], '.1f'):>10}"
            f"{fmt(entry['share'], '.0%'):>14}"
            f"{fmt(entry['p50'] and entry['p50'] * 1000, '.1f'):>10}"
            f"{fmt(entry['p99'] and entry['p99'] * 1000, '.1f'):>10}"
            f"{fmt(ratio, '.1f'):>11}{fmt(ordinal, '.1f'):>9}"
        )
        if letter:
            line += (
                f"{fmt(entry.get('words_per_turn'), '.2f'):>10}"
                f"{fmt(entry.get('knocks_per_window'), '.2f'):>13}"
            )
        print(line)
    rungs = summary["ladder"].values()
    holds = all(r["rate"] >= CLEAR for r in rungs)
    scores4 = [levels[n]["score4"] for n in levels if levels[n]["score4"] is not None]
    rising = len(scores4) < 2 or all(a < b for a, b in pairwise(scores4))
    print(
        f"échelle à 2 joueurs (≥ {CLEAR:.0%} contre le niveau inférieur) : "
        f"{'tient' if holds else 'NE TIENT PAS'} ; scores à 4 croissants : "
        f"{'oui' if rising else 'NON'}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60, help="games per pair of levels (2 p.)")
    parser.add_argument("--four", type=int, default=40, help="four-player games")
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--quick", action="store_true", help="a few games: does it run?")
    parser.add_argument("--json", type=str, default=None, help="write the figures here")
    args = parser.parse_args(argv)
    duels, fours = (2, 4) if args.quick else (args.games, args.four)
    summaries = []
    with ProcessPoolExecutor(max_workers=max(1, args.workers)) as pool:
        for game in args.game or GAMES:
            start = time.perf_counter()
            tasks = schedule(game, duels, fours, args.seed)
            results = list(pool.map(play, *zip(*tasks, strict=True), chunksize=1))
            summary = summarise(game, results)
            report(summary, time.perf_counter() - start)
            summaries.append(summary)
            sys.stdout.flush()
    if args.json:
        with open(args.json, "w", encoding="utf-8") as stream:
            json.dump(summaries, stream, ensure_ascii=False, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
