"""Random masked play through the PettingZoo environments: speed, and that every game ends.

``python benchmarks/rl_random_play.py [--games N] [--game NAME…] [--seed S] [--quick]``

For each game, ``N`` games (default 1,000) through :func:`ludotheque.rl.aec_env`, cycling over
its modes and player counts 2–4 (every mode that seats them), each agent playing a uniformly
random index of its mask. Prints, per game: games played, AEC steps per second (every agent's
turn in a cycle, « wait » included), decisions per second (moves actually played), and the
baseline: the same setups and seeds played straight through ``State.apply`` with
``State.sample_action`` (the rules alone), so the ratio shows what the environment costs (the
observation encoding, the menus and their word generators). Also the share of decisions whose
menu was full (moves may have been cut). Exit status 1 when a game did not end. The games
are those of ``ludotheque.rl.random_play`` (game ``n``: setup ``n mod k``, seed ``n``), which
the test suite runs a thousand per game (``tests/rl/test_thousand_games.py``).
"""

from __future__ import annotations

import argparse
import sys
import time

from ludotheque.core.rng import Rng
from ludotheque.games import default_registry
from ludotheque.rl.random_play import GAMES, MAX_CYCLES, Setup, cycle, play_env


def play_rules(setup: Setup, seed: int) -> int:
    """The same deal through the rules alone, random moves: the moves played."""
    game = default_registry().get(setup.game)
    state = game.new(setup.players, seed, setup.options)
    draws = Rng.from_seed(seed).draws()
    moves = 0
    while not state.is_over:
        seat = min(state.to_move())
        state = state.apply(seat, state.sample_action(seat, draws))
        moves += 1
    return moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per game")
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--quick", action="store_true", help="20 games per game")
    args = parser.parse_args(argv)
    if args.quick:
        args.games = 20
    unfinished = 0
    print(
        f"{'game':10} {'games':>6} {'s/game':>7} {'steps/s':>8} {'decisions/s':>11} "
        f"{'full menus':>10} {'rules moves/s':>13} {'overhead':>9}",
        flush=True,
    )
    for game in args.game or GAMES:
        steps = decisions = full = ended = 0
        start = time.process_time()
        for setup, number in cycle(game, args.games):
            result = play_env(setup, args.seed + number)
            steps, decisions, full = (
                steps + result.steps,
                decisions + result.decisions,
                full + result.full,
            )
            ended += result.ended
        env_seconds = time.process_time() - start
        moves = 0
        start = time.process_time()
        for setup, number in cycle(game, args.games):
            moves += play_rules(setup, args.seed + number)
        rules_seconds = time.process_time() - start
        unfinished += args.games - ended
        env_rate = decisions / env_seconds
        rules_rate = moves / rules_seconds
        print(
            f"{game:10} {args.games:6} {env_seconds / args.games:7.3f} {steps / env_seconds:8.0f} "
            f"{env_rate:11.0f} {full / max(decisions, 1):10.1%} {rules_rate:13.0f} "
            f"{rules_rate / env_rate:8.1f}×",
            flush=True,
        )
    if unfinished:
        print(f"{unfinished} game(s) did not end within {MAX_CYCLES} cycles")
    return 1 if unfinished else 0


if __name__ == "__main__":
    sys.exit(main())
