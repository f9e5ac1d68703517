"""How long the analysis of a finished game takes: one seat, typical whole games.

``python benchmarks/analysis.py [--quick] [--games N]``: for each game and table size, whole
games played by Intermédiaire bots (seeded), then seat 0's analysis (``ludotheque.analysis``,
the server's own call) timed, on one core. Baseline in the same run: the Expert alone deciding
at each of seat 0's decisions (what the analysis asks of it, without weighing the player's
choice). The goal: one seat of a typical game analysed in under 20 s (docs/analysis.md).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from ludotheque.analysis import analyse_record
from ludotheque.bots.base import Observation, decide
from ludotheque.bots.simulate import derive_seed
from ludotheque.bots.table import make_bot
from ludotheque.core.moves import prepare_action
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games import default_registry

GOAL = 20.0  # seconds for one seat's analysis of a typical game
SETUPS = [  # (game, players, options)
    ("gutenberg", 2, {"mode": "classique"}),
    ("gutenberg", 4, {"mode": "classique"}),
    ("gutenberg", 6, {"mode": "classique"}),
    ("gutenberg", 1, {"mode": "solo"}),
    ("letter", 2, {"erreurs": "penalite"}),
    ("letter", 4, {"erreurs": "penalite"}),
    ("letter", 1, {"mode": "solo"}),
]


def play(game: Any, players: int, seed: int, options: dict[str, Any]) -> GameRecord:
    resolved = game.info.resolve_options(players, options)
    bots = [make_bot(game, "intermediaire") for _ in range(players)]
    draws = [Rng.from_seed(derive_seed(seed, s)).draws() for s in range(players)]
    state = game.new(players, seed, resolved)
    record = GameRecord(game.info.name, players, seed, resolved)
    while state.to_move():
        for seat in sorted(state.to_move()):
            if seat in state.to_move():
                action = bots[seat].choose(Observation.of(game, state, seat), draws[seat])
                state = prepare_action(game, state, seat, action).after
                record = record.with_move(seat, game.encode_action(action))
    return record


def expert_alone(game: Any, record: GameRecord) -> float:
    """Seconds the Expert takes to decide at each of seat 0's decisions."""
    expert = make_bot(game, "expert")
    start = time.perf_counter()
    for ply, move in enumerate(record.played(game), start=1):
        if move.seat == 0:
            draws = Rng.from_seed(derive_seed(record.seed, 0, ply)).draws()
            decide(expert, Observation.of(game, move.before, 0), draws)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one game a setup")
    parser.add_argument("--games", type=int, default=3, help="games a setup (default 3)")
    args = parser.parse_args()
    games = 1 if args.quick else args.games
    registry = default_registry()
    worst = 0.0
    print(f"seat 0's analysis, {games} game(s) a setup, Intermédiaire bots, one core:")
    for name, players, options in SETUPS:
        game = registry.get(name)
        seconds, baseline, notes = [], [], []
        for index in range(games):
            record = play(game, players, derive_seed(2024, players, index), options)
            start = time.perf_counter()
            analysis = analyse_record(record, 0)
            seconds.append(time.perf_counter() - start)
            notes.append(len(analysis.notes))
            baseline.append(expert_alone(game, record))
        worst = max(worst, *seconds)
        label = f"{name} {options.get('mode', 'classique')} à {players}"
        print(
            f"  {label:<26} analysis median {statistics.median(seconds):5.1f} s, "
            f"max {max(seconds):5.1f} s; {statistics.median(notes):3.0f} notes; "
            f"the Expert alone {statistics.median(baseline):5.1f} s"
        )
    print(f"  worst: {worst:.1f} s — goal < {GOAL:.0f} s: {'met' if worst < GOAL else 'NOT MET'}")


if __name__ == "__main__":
    main()
