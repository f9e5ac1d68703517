"""Two lobbies on one database, as two server processes with ``--redis`` (``docs/server.md``,
« Plusieurs serveurs »): storage is the arbiter of moves and seats, and a lobby catches up with
what the other stored (``Lobby.refresh``). The real processes, Redis between them:
``tests/cluster``."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheque.games import default_registry
from ludotheque.server.lobby import Lobby
from ludotheque.server.storage import SeatRow, StaleWrite, Storage
from ludotheque.server.tables import HUMAN, ApiError, TableSession


def two_processes(url: str) -> tuple[Lobby, Lobby, list[TableSession]]:
    """Two shared lobbies on one database (each its own storage engine), and the games each
    ended (``on_over``)."""
    registry = default_registry()
    ended: list[TableSession] = []
    lobbies = []
    for _ in range(2):
        lobby = Lobby(registry, Storage(url), on_over=ended.append)
        lobby.shared = True
        lobbies.append(lobby)
    return lobbies[0], lobbies[1], ended


def started_table(
    a: Lobby, b: Lobby, game: str = "gremlins"
) -> tuple[TableSession, TableSession, str, str]:
    """A two-person table made through A, joined through B, started through A; each
    process's copy, and each person's token."""
    body: dict[str, Any] = {"jeu": game, "joueurs": 2, "nom": "Alice"}
    session_a, _seat, alice = a.create(body)
    session_b = b.refresh(session_a.id)
    assert session_b is not None and session_b is not session_a
    _bob_seat, bob = session_b.join("Bob", None)
    assert a.refresh(session_a.id) is session_a and session_a.seats[1].name == "Bob"
    session_a.start(0)
    assert b.refresh(session_a.id) is session_b
    assert session_b.match is not None and session_b.row.status == "en_cours"
    return session_a, session_b, alice, bob


def first_action(session: TableSession, seat: int) -> Any:
    state = session.state
    assert state is not None
    return session.game.encode_action(state.legal_actions(seat)[0])


def mover(session: TableSession) -> int:
    state = session.state
    assert state is not None
    return min(state.to_move())


def test_a_move_stored_by_one_process_is_read_by_the_other(database_url: str) -> None:
    a, b, _ended = two_processes(database_url)
    session_a, session_b, _alice, _bob = started_table(a, b)
    for _ in range(6):
        seat = mover(session_a)
        session_a.play(seat, session_a.next_seq(seat), first_action(session_a, seat))
        b.refresh(session_a.id)
        assert session_b.record == session_a.record
        assert session_b.state is not None and session_a.state is not None
        assert session_b.state.view(seat) == session_a.state.view(seat)


def test_the_same_move_sent_through_two_processes_is_applied_once(database_url: str) -> None:
    """B has not heard of A's move yet: its insert of the same move number loses, it reads the
    table again, and the same ``seq`` is then refused as already received."""
    a, b, _ended = two_processes(database_url)
    session_a, session_b, _alice, _bob = started_table(a, b)
    seat = mover(session_a)
    seq, action = session_a.next_seq(seat), first_action(session_a, seat)
    session_a.play(seat, seq, action)
    with pytest.raises(ApiError) as refused:
        session_b.play(seat, seq, action)  # B still shows the position before A's move
    assert refused.value.code == "seq_invalide"
    assert session_b.record == session_a.record  # B read A's move on the way
    stored = a.storage.load_record(session_a.id)
    assert stored is not None and len(stored.moves) == 1


def test_another_seats_move_racing_through_the_other_process_is_applied_after(
    database_url: str,
) -> None:
    """Two seats act at once (Enchères: both bid together): B's copy lacks A's move, its
    insert loses, and it plays the second move from the new position."""
    a, b, _ended = two_processes(database_url)
    session_a, session_b, _alice, _bob = started_table(a, b, "encheres")
    state = session_a.state
    assert state is not None and state.to_move() == {0, 1}
    action_1 = first_action(session_b, 1)
    session_a.play(0, session_a.next_seq(0), first_action(session_a, 0))
    session_b.play(1, session_b.next_seq(1), action_1)  # B has not read A's bid
    a.refresh(session_a.id)
    assert session_a.record == session_b.record
    assert [m.seat for m in session_b.record.moves] == [0, 1]


def test_the_last_seat_asked_for_through_two_processes_goes_to_one_person(
    database_url: str,
) -> None:
    a, b, _ended = two_processes(database_url)
    session_a, _seat, _alice = a.create({"jeu": "gremlins", "joueurs": 2, "nom": "Alice"})
    session_b = b.refresh(session_a.id)
    assert session_b is not None
    session_a.join("Bob", None)
    with pytest.raises(ApiError) as refused:
        session_b.join("Chloé", None)  # B still shows seat 2 free: its write loses
    # B read the table again and checked once more: the real reason, not « try again ».
    assert refused.value.status == 409 and refused.value.code == "table_complete"
    assert session_b.seats[1].name == "Bob"
    stored = b.storage.load_table(session_a.id)
    assert stored is not None and stored[1][1].name == "Bob"


def test_a_seat_asked_for_through_a_process_behind_is_given_on_the_second_try(
    database_url: str,
) -> None:
    """B has not heard that Bob took seat 2 of three: its write of seat 2 loses, it reads the
    table again and seats Chloé at seat 3."""
    a, b, _ended = two_processes(database_url)
    body: dict[str, Any] = {"jeu": "gremlins", "joueurs": 3, "nom": "Alice"}
    session_a, _seat, _alice = a.create(body)
    session_b = b.refresh(session_a.id)
    assert session_b is not None
    assert session_a.join("Bob", None)[0] == 1
    assert session_b.join("Chloé", None)[0] == 2
    stored = a.storage.load_table(session_a.id)
    assert stored is not None and [s.name for s in stored[1]] == ["Alice", "Bob", "Chloé"]


def test_a_seat_written_over_a_row_that_changed_is_refused_by_storage(database_url: str) -> None:
    a, _b, _ended = two_processes(database_url)
    session, _seat, _alice = a.create({"jeu": "gremlins", "joueurs": 2, "nom": "Alice"})
    free = SeatRow(1, HUMAN)
    taken = SeatRow(1, HUMAN, None, "Bob", "x" * 64)
    a.storage.update_seat(session.id, taken, was=free)
    with pytest.raises(StaleWrite):
        a.storage.update_seat(session.id, SeatRow(1, HUMAN, None, "Chloé", "y" * 64), was=free)
    with pytest.raises(StaleWrite):
        a.storage.update_table(session.id, expect={"status": "en_cours"}, status="terminee")


def test_a_game_ended_elsewhere_is_rated_by_the_process_that_ended_it_only(
    database_url: str,
) -> None:
    """The end-of-game hook (ratings, « Mes parties ») runs where the last move was stored; a
    process that reads that move from storage does not run it again."""
    a, b, ended = two_processes(database_url)
    session_a, session_b, _alice, _bob = started_table(a, b, "encheres")  # six short rounds
    for _ in range(100):
        if session_a.row.status != "en_cours":
            break
        seat = mover(session_a)
        session_a.play(seat, None, first_action(session_a, seat))
    assert ended == [session_a]
    b.refresh(session_a.id)
    assert session_b.row.status == "terminee" and session_b.record == session_a.record
    assert ended == [session_a]
    assert [e.text for e in session_b.journal if not e.texts].count("La partie est terminée.") == 1
