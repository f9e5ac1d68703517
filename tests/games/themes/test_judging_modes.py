"""The generic suite's checks on tables with a judge or a vote (the default, with fewer than
two people at the table, is the vocabulary: ``tests/core/test_every_game.py`` plays that)."""

from __future__ import annotations

import pytest

from ludotheque.core.conformance import (
    check_illegal_actions,
    check_random_play,
    check_replay,
    check_secrecy,
)
from ludotheque.games.themes import Themes

GAME = Themes()


@pytest.mark.parametrize("jugement", ["juge", "vote"])
@pytest.mark.parametrize(
    ("mode", "players"),
    [("classique", 3), ("expert", 4), ("simultanee", 3), ("equipe", 4)],
)
def test_random_play_with_a_judge_keeps_every_generic_promise(
    mode: str, players: int, jugement: str
) -> None:
    judged = 0
    for seed in range(2):
        record = check_random_play(GAME, players, seed, {"mode": mode, "jugement": jugement})
        final = record.replay(GAME)
        assert final.is_over
        judged += sum(1 for j in final.judgements if j.by != "vocabulaire")
        check_replay(GAME, record)
        check_secrecy(GAME, record)
        assert check_illegal_actions(GAME, record) > 0
    assert judged > 0  # words did go to the judge
