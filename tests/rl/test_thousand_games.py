"""Random masked play reaches the end of a thousand games per game, without a crash (issue 20).

Each game's thousand games (every mode and player count 2–4, cycled; game ``n`` with seed ``n``;
every observation checked against its space) play in background processes started when the
suite is collected (``conftest.py``); this test runs last and reads their summaries. A failure
names the game, its setup and seed, and the error: ``python -m ludotheque.rl.random_play
--game G --first SEED --games 1`` plays it again.
"""

from __future__ import annotations

import json
import time

import pytest

from .conftest import GAMES, Background, games_per_game

# Seconds from the start of the games: far above a quiet run's few minutes and a loaded run's
# (scripts/stress_suite.sh: the games start when the suite ends, sharing the cores with the load);
# only a hung process meets it.
WAIT = 80 * 60


@pytest.mark.parametrize("game", GAMES)
def test_random_masked_play_reaches_the_end_of_every_game(
    game: str, background_games: Background
) -> None:
    played = ended = 0
    failures: list[str] = []
    background_games.promote()  # the rest of the suite is over: no longer the idle class
    for chunk in (c for c in background_games.chunks if c.game == game):
        remaining = WAIT - (time.monotonic() - background_games.started)
        chunk.process.wait(timeout=max(1.0, remaining))
        errors = chunk.log.read_text(encoding="utf-8", errors="replace")[-3000:]
        assert chunk.output.exists(), f"{game} from game {chunk.first}: no summary\n{errors}"
        summary = json.loads(chunk.output.read_text(encoding="utf-8"))
        played += summary["games"]
        ended += summary["ended"]
        failures += [
            f"{failure['setup']} seed {failure['seed']}:\n{failure['error']}"
            for failure in summary["failures"]
        ]
    assert played == games_per_game()
    assert not failures, "\n\n".join(failures[:5])
    assert ended == played
