"""The cost of analysing a finished game of Thèmes or Gremlins, one seat at a time.

``python benchmarks/themes_gremlins_analysis.py [--quick]`` (or ``python benchmarks/run.py
themes_gremlins_analysis``)

Whole games are played between the level bots (a Débutant against an Expert, and tables of
three and four), recorded as the server records them, then each seat's analysis
(``games/<game>/analysis.py``, :func:`analyse`) is timed on one core: the time per seat (median,
max), the notes per seat and the time per note, and the verdicts of each level's notes.

Goal (issue 12 § 3): one seat's analysis of a typical full game under about 20 s on the
project's machine. ``--quick``: one game per table, to check that the script runs.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from ludotheque.bots.base import Observation
from ludotheque.bots.simulate import ORDER_STREAM, derive_seed
from ludotheque.bots.table import make_bot
from ludotheque.core.analysis import DecisionNote
from ludotheque.core.match import Match
from ludotheque.core.protocol import Game
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games.gremlins import Gremlins
from ludotheque.games.gremlins import analysis as gremlins_analysis
from ludotheque.games.themes import Themes
from ludotheque.games.themes import analysis as themes_analysis

SEED = 2026
GAMES = 6
QUICK = 1
GOAL_SECONDS = 20.0

Analyser = Callable[[GameRecord, int], list[DecisionNote]]
TABLES: list[tuple[str, Game[Any, Any], Analyser, dict[str, Any], tuple[str, ...]]] = [
    ("Thèmes classique", Themes(), themes_analysis.analyse, {"mode": "classique"},
     ("debutant", "expert")),
    ("Thèmes classique", Themes(), themes_analysis.analyse, {"mode": "classique"},
     ("debutant", "intermediaire", "fort", "expert")),
    ("Thèmes expert", Themes(), themes_analysis.analyse, {"mode": "expert"},
     ("debutant", "intermediaire", "fort", "expert")),
    ("Thèmes simultanée", Themes(), themes_analysis.analyse, {"mode": "simultanee"},
     ("debutant", "fort", "expert")),
    ("Thèmes équipe", Themes(), themes_analysis.analyse, {"mode": "equipe"},
     ("debutant", "expert", "fort", "intermediaire")),
    ("Gremlins", Gremlins(), gremlins_analysis.analyse, {}, ("debutant", "expert")),
    ("Gremlins", Gremlins(), gremlins_analysis.analyse, {},
     ("debutant", "intermediaire", "fort", "expert")),
]  # fmt: skip


def recorded(game: Game[Any, Any], names: tuple[str, ...], seed: int, options: dict[str, Any]):
    """A whole game between level bots, recorded move by move (the people's options: a
    judge decides in Thèmes from two people on)."""
    players = len(names)
    resolved = game.info.resolve_options(players, options, people=players)
    match = Match.start(game, players, seed, resolved)
    bots = [make_bot(game, name) for name in names]
    draws = [Rng.from_seed(derive_seed(seed, seat)).draws() for seat in range(players)]
    order = Rng.from_seed(derive_seed(seed, ORDER_STREAM)).draws()
    while movers := sorted(match.state.to_move()):
        seat = order.shuffled(movers)[0] if len(movers) > 1 else movers[0]
        observation = Observation.of(game, match.state, seat)
        match.submit(seat, game.encode_action(bots[seat].choose(observation, draws[seat])))
    return match.record


def main() -> None:
    games = QUICK if "--quick" in sys.argv else GAMES
    print(f"one seat's analysis of a whole game, {games} games a table (one core):")
    worst = 0.0
    verdicts: dict[str, Counter[str]] = {}
    start = time.perf_counter()
    for title, game, analyse, options, names in TABLES:
        seconds: list[float] = []
        notes: list[int] = []
        moves: list[int] = []
        for k in range(games):
            record = recorded(game, names, derive_seed(SEED, k), options)
            moves.append(len(record.moves))
            for seat, name in enumerate(names):
                began = time.perf_counter()
                found = analyse(record, seat)
                seconds.append(time.perf_counter() - began)
                notes.append(len(found))
                counts = verdicts.setdefault(f"{title.split()[0]} {name}", Counter())
                counts.update(note.verdict for note in found)
        worst = max(worst, max(seconds))
        per_note = 1000 * sum(seconds) / max(1, sum(notes))
        print(
            f"  {title:<18} {len(names)} p.  moves/game {statistics.median(moves):5.0f}   "
            f"notes/seat {statistics.median(notes):4.0f} (max {max(notes):3d})   "
            f"s/seat {statistics.median(seconds):6.2f} (max {max(seconds):5.2f})   "
            f"{per_note:6.1f} ms/note"
        )
    print("verdicts of each level's notes (meilleur / bon / imprecision / erreur):")
    for who, counts in sorted(verdicts.items()):
        total = sum(counts.values()) or 1
        shares = " / ".join(
            f"{100 * counts[v] / total:3.0f} %"
            for v in ("meilleur", "bon", "imprecision", "erreur")
        )
        print(f"  {who:<26} {shares}   ({total} notes)")
    print(f"worst seat: {worst:.2f} s; goal, under {GOAL_SECONDS:.0f} s: "
          f"{'met' if worst < GOAL_SECONDS else 'NOT MET'}")  # fmt: skip
    print(f"total: {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
