"""Storage of tables, seats and accepted actions, on SQLite and on PostgreSQL (``database_url``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from sqlalchemy.exc import IntegrityError

from ludotheque.server.storage import SeatRow, Storage, TableRow

DECK = "# Paquet de Zoé : « Ça, c'est l'été ! » — œ, æ, ß, ü, 漢字, 🃏\nL01 É 3\n"


@pytest.fixture
def storage(database_url: str) -> Iterator[Storage]:
    store = Storage(database_url)
    yield store
    store.close()


def table(table_id: str = "t1", **changes: object) -> TableRow:
    values: dict[str, object] = {
        "id": table_id,
        "game": "gutenberg",
        "players": 3,
        "seed": 2**62 - 1,  # the largest seed the lobby draws (randbits(62)): a BIGINT
        "options": {"mode": "classique"},
        "clock": 30,
        "status": "attente",
        "host": 0,
    }
    values.update(changes)
    return TableRow(**values)  # type: ignore[arg-type]


def seats() -> list[SeatRow]:
    return [
        SeatRow(0, "humain", None, "Zoé", "a" * 64),
        SeatRow(1, "robot", "greedy"),
        SeatRow(2, "humain"),
    ]


def test_a_created_table_loads_back_with_its_seats(storage: Storage) -> None:
    storage.create_table(table(), seats())
    loaded = storage.load_table("t1")
    assert loaded is not None
    row, seat_rows, moves = loaded
    assert row == table()
    assert seat_rows == seats()
    assert moves == []
    assert storage.load_table("inconnue") is None


def test_load_tables_lists_every_table_or_those_of_some_statuses(storage: Storage) -> None:
    storage.create_table(table("a"), seats())
    storage.create_table(table("b", status="en_cours"), seats()[:2])
    storage.create_table(table("c", status="terminee"), seats()[:1])
    everything = {row.id: (row.status, len(s)) for row, s, _ in storage.load_tables()}
    assert everything == {"a": ("attente", 3), "b": ("en_cours", 2), "c": ("terminee", 1)}
    live = sorted(row.id for row, _, _ in storage.load_tables(("attente", "en_cours")))
    assert live == ["a", "b"]


def test_moves_come_back_in_ply_order_and_per_table(storage: Storage) -> None:
    storage.create_table(table("a"), seats())
    storage.create_table(table("b"), seats())
    storage.add_move("a", 2, 1, {"type": "choisir", "carte": "L02"})
    storage.add_move("a", 1, 0, {"type": "choisir", "carte": "L01"})
    storage.add_move("b", 1, 2, {"type": "choisir", "carte": "L99"})
    storage.add_move("a", 3, 2, {"type": "ecrire", "mots": []})
    _, _, moves = storage.load_table("a") or pytest.fail("table a is lost")
    assert moves == [
        (0, {"type": "choisir", "carte": "L01"}),
        (1, {"type": "choisir", "carte": "L02"}),
        (2, {"type": "ecrire", "mots": []}),
    ]
    _, _, other = storage.load_table("b") or pytest.fail("table b is lost")
    assert other == [(2, {"type": "choisir", "carte": "L99"})]


def test_a_second_move_with_the_same_ply_is_refused_and_changes_nothing(
    storage: Storage,
) -> None:
    storage.create_table(table(status="en_cours"), seats())
    storage.add_move("t1", 1, 0, {"type": "choisir", "carte": "L01"})
    before = storage.load_table("t1")
    with pytest.raises(IntegrityError):
        storage.add_move("t1", 1, 1, {"type": "choisir", "carte": "L02"})
    assert storage.load_table("t1") == before
    storage.add_move("t1", 2, 1, {"type": "choisir", "carte": "L02"})  # still usable
    _, _, moves = storage.load_table("t1") or pytest.fail("table is lost")
    assert [seat for seat, _ in moves] == [0, 1]


def test_seats_and_tables_are_updated(storage: Storage) -> None:
    storage.create_table(table(), seats())
    storage.update_seat("t1", SeatRow(2, "humain", None, "Bob", "b" * 64))
    storage.update_seat("t1", SeatRow(0, "humain", None, "Zoé", None, left=True))
    storage.update_seat("t1", SeatRow(1, "humain"))
    storage.update_table("t1", status="en_cours", host=2, rematch="t2")
    row, seat_rows, _ = storage.load_table("t1") or pytest.fail("table is lost")
    assert row == table(status="en_cours", host=2, rematch="t2")
    assert seat_rows == [
        SeatRow(0, "humain", None, "Zoé", None, True),
        SeatRow(1, "humain"),
        SeatRow(2, "humain", None, "Bob", "b" * 64),
    ]


def test_json_with_non_ascii_text_round_trips(storage: Storage) -> None:
    options = {"mode": "classique", "paquet": DECK, "nested": {"clé": ["é", 1, True, None]}}
    storage.create_table(table(options=options, rematch_of="t0"), [SeatRow(0, "humain")])
    action = {"type": "ecrire", "mots": [{"mot": "ÉTÉ", "cartes": ["L01"]}], "note": DECK}
    storage.add_move("t1", 1, 0, action)
    row, _, moves = storage.load_table("t1") or pytest.fail("table is lost")
    assert row.options == options
    assert row.rematch_of == "t0"
    assert moves == [(0, action)]


def test_another_storage_on_the_same_database_sees_committed_rows(
    storage: Storage, database_url: str
) -> None:
    """What a restarted server relies on: everything is committed when a call returns."""
    storage.create_table(table(status="en_cours"), seats())
    storage.add_move("t1", 1, 0, {"type": "choisir", "carte": "L01"})
    again = Storage(database_url)  # a database at the current schema opens as it is
    try:
        assert again.load_table("t1") == storage.load_table("t1")
        again.add_move("t1", 2, 1, {"type": "choisir", "carte": "L02"})
    finally:
        again.close()
    _, _, moves = storage.load_table("t1") or pytest.fail("table is lost")
    assert len(moves) == 2


def test_missing_postgres_skips_or_fails_when_required(
    postgres_skip_or_fail: Callable[[str], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LUDOTHEQUE_REQUIRE_POSTGRES", raising=False)
    with pytest.raises(pytest.skip.Exception):
        postgres_skip_or_fail("initdb not found")
    monkeypatch.setenv("LUDOTHEQUE_REQUIRE_POSTGRES", "1")
    with pytest.raises(pytest.fail.Exception, match="initdb not found"):
        postgres_skip_or_fail("initdb not found")
