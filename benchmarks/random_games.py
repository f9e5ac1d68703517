"""Random games of every game and mode by the thousand: speed, and any broken invariant.

``python benchmarks/random_games.py [--games N] [--seed S] [--game NAME…] [--fast] [--quick]``

Plays the setups of the generic suite (``tests/core/test_every_game.py``: every mode, player
count and option set, cycled) with ``N`` games per game shared among its modes, seeds ``S``,
``S + 1``… per mode, checking the invariants, views and actions' JSON at every step
(``--fast``: no checks, the rules' speed alone). Prints games/s per game and, for any failure,
the setup and seed that replay it (``check_random_play(game, players, seed, options)``).
Default: 200 games per game; ``--quick``: 3; a long run: ``--games 10000``. The exit status is
1 when a game failed.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType

from ludotheque.core.conformance import check_random_play
from ludotheque.games import default_registry

SUITE = Path(__file__).resolve().parent.parent / "tests" / "core" / "test_every_game.py"


def _suite() -> ModuleType:
    spec = importlib.util.spec_from_file_location("test_every_game", SUITE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per game (all its modes)")
    parser.add_argument("--seed", type=int, default=1_000_000, help="first seed of each mode")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--fast", action="store_true", help="no checks: the rules' speed")
    parser.add_argument("--quick", action="store_true", help="3 games per game")
    args = parser.parse_args(argv)
    per_game = 3 if args.quick else args.games
    suite = _suite()
    failures = 0
    for game in default_registry():
        if args.game and game.info.name not in args.game:
            continue
        modes = game.info.modes
        wanted = {
            (game.info.name, mode.name): per_game // len(modes) + (i < per_game % len(modes))
            for i, mode in enumerate(modes)
        }
        played = moves = 0
        start = time.process_time()
        for setup in suite.setups(wanted, args.seed):
            if (setup.name, setup.mode) not in wanted:
                continue
            try:
                record = check_random_play(
                    game, setup.players, setup.seed, setup.options, checks=not args.fast
                )
            except Exception as error:  # report every failure, then go on
                failures += 1
                first = str(error).splitlines()[0] if str(error) else type(error).__name__
                print(f"  ÉCHEC {setup.id} ({type(error).__name__}) : {first}", flush=True)
            else:
                moves += len(record.moves)
            played += 1
        seconds = time.process_time() - start
        rate = played / seconds if seconds else float("inf")
        print(
            f"{game.info.name:10} {played:6} parties  {rate:8.1f} parties/s  "
            f"{moves / max(played, 1):6.0f} coups/partie  {seconds:7.1f} s CPU",
            flush=True,
        )
    print(f"{failures} échec(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
