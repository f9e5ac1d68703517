"""The one path of a move (core/moves.py, Match.prepare/commit): prepare changes nothing,
commit records then tells the listeners, errors keep their kind."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheque.core.errors import IllegalAction, MalformedInput, NotYourTurn
from ludotheque.core.json_types import JsonValue
from ludotheque.core.match import Match
from ludotheque.core.moves import PendingMove, prepare, prepare_action, replay_move
from ludotheque.core.protocol import Seat
from ludotheque.games.encheres import Encheres


class LowestCard(Encheres):
    """Enchères where a bid sent without its card bids the lowest one (a completion)."""

    def complete_action(self, state: Any, seat: Seat, data: JsonValue) -> JsonValue:
        if isinstance(data, dict) and data.get("type") == "miser" and "carte" not in data:
            return {**data, "carte": min(state.view(seat)["main"])}
        return data


def test_prepare_changes_nothing_and_commit_records_then_tells() -> None:
    match = Match.start(Encheres(), players=2, seed=1)
    start, heard = match.state, []
    match.listeners.append(lambda move: heard.append((len(match.record.moves), move.seat)))
    move = match.prepare(0, {"carte": 4, "type": "miser"})
    assert match.state is start and match.record.moves == () and heard == []
    assert move.before is start and move.after is not start
    assert move.data == {"type": "miser", "carte": 4}  # canonical, whatever the spelling
    match.commit(move)
    assert match.state is move.after
    assert [m.action for m in match.record.moves] == [move.data]
    assert heard == [(1, 0)]  # recorded before the listeners hear of it


def test_a_move_prepared_on_another_state_is_not_committed() -> None:
    match = Match.start(Encheres(), players=2, seed=1)
    first = match.prepare(0, {"type": "miser", "carte": 4})
    second = match.prepare(1, match.game.encode_action(match.state.legal_actions(1)[0]))
    match.commit(first)
    with pytest.raises(RuntimeError):
        match.commit(second)
    assert len(match.record.moves) == 1


def test_malformed_and_illegal_stay_apart() -> None:
    game = Encheres()
    state = game.new(2, seed=1)
    with pytest.raises(MalformedInput):
        prepare(game, state, 0, {"type": "miser"})
    with pytest.raises(IllegalAction, match=r"Vous n'avez pas la carte 99 en main\."):
        prepare(game, state, 0, {"type": "miser", "carte": 99})
    move = prepare(game, state, 0, {"type": "miser", "carte": 4})
    with pytest.raises(NotYourTurn):
        prepare(game, move.after, 0, {"type": "miser", "carte": 5})


def test_completion_only_when_asked() -> None:
    game = LowestCard()
    state = game.new(2, seed=1)
    with pytest.raises(MalformedInput):
        prepare(game, state, 0, {"type": "miser"})
    move = prepare(game, state, 0, {"type": "miser"}, complete=True)
    assert move.data == {"type": "miser", "carte": 1}


def test_actions_and_replays_take_the_same_path() -> None:
    game = Encheres()
    state = game.new(2, seed=1)
    action = state.legal_actions(0)[0]
    played = prepare_action(game, state, 0, action)
    spelled = {"carte": 1, "type": "miser"}  # as a record file may spell it
    replayed = replay_move(game, state, 0, spelled)
    assert played.after == replayed.after and played.action == replayed.action
    assert replayed.data is spelled  # a replay keeps the record's own JSON
    assert isinstance(played, PendingMove)
    assert played.describe(None, "Alice") == replayed.describe(None, "Alice") == "Alice a joué."
