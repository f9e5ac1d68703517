"""Slow games (issue 12 § 4; ``docs/server.md``, « Parties lentes »): each person to move has the
table's ``heures`` for their move, kept in ``seats.deadline`` across restarts.

The server's wall clock is injected (``create_app(clock=…)``): the tests move it on by hours
and call the lobby's sweep (which looks at the slow tables' deadlines) in the server's event
loop, never sleeping. Every test runs on SQLite and PostgreSQL.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheque.server import slow
from ludotheque.server.storage import Storage

from .test_realtime import choose, next_state
from .test_seats import create, start, table_of, until, until_pong

T0 = 1_750_000_000.0  # a Sunday of June 2025, 15:06 UTC
HOUR = 3600.0
DAY = 24 * HOUR


class WallClock:
    """The server's wall clock, moved on by the test."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def stored_deadlines(database_url: str, table_id: str) -> list[float | None]:
    """Each seat's ``deadline`` as the database holds it."""
    storage = Storage(database_url)
    try:
        loaded = storage.load_table(table_id)
        assert loaded is not None
        return [seat.deadline for seat in loaded[1]]
    finally:
        storage.close()


def sweep(client: TestClient) -> None:
    """The lobby's periodic look (every minute in a server), now, in the server's loop."""
    assert client.portal is not None
    client.portal.call(client.app.state.sweep)  # type: ignore[attr-defined]


def timer_delay(client: TestClient, table_id: str, seat: int) -> float:
    """Seconds until the runner's timer of a slow seat fires (its event-loop time)."""

    async def delay() -> float:
        _end, handle = client.app.state.runner.slow[(table_id, seat)]  # type: ignore[attr-defined]
        return float(handle.when() - asyncio.get_running_loop().time())

    assert client.portal is not None
    return client.portal.call(delay)


def journal_texts(message: dict[str, Any]) -> list[str]:
    return [line["texte"] for line in message["journal"]]


# --- the option ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"heures": -1}, "de 1 à 168"),
        ({"heures": 169}, "de 1 à 168"),
        ({"heures": 2.5}, "de 1 à 168"),
        ({"heures": "24"}, "de 1 à 168"),
        ({"heures": True}, "de 1 à 168"),
        ({"heures": 24, "horloge": 30}, "pas d'horloge en secondes"),
        ({"heures": 24, "absence": 60}, "laissez « absence » à 0"),
    ],
)
def test_a_wrong_hours_option_is_refused_in_french_and_makes_nothing(
    client: TestClient, extra: dict[str, Any], words: str
) -> None:
    body = {"jeu": "gutenberg", "joueurs": 2, "nom": "Alice", **extra}
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 400
    error = refused.json()["erreur"]
    assert error["code"] == "requete_invalide" and words in error["message"], error
    assert client.get("/api/tables").json()["tables"] == []


def test_the_hours_option_makes_a_slow_table_without_seconds_clock_nor_absence(
    client: TestClient,
) -> None:
    slow_table = create(client, 2, heures=24)["table"]
    shown = client.get(f"/api/tables/{slow_table}").json()
    assert (shown["heures"], shown["horloge"], shown["absence"]) == (24, 0, 0)
    assert [p["jusqu_a"] for p in shown["places"]] == [None, None]  # nobody is to move yet
    explicit = create(client, 2, heures=168, absence=0)["table"]
    assert client.get(f"/api/tables/{explicit}").json()["heures"] == 168
    live = create(client, 2)["table"]
    shown = client.get(f"/api/tables/{live}").json()
    assert (shown["heures"], shown["absence"]) == (0, 60)
    listed = {t["id"]: t["heures"] for t in client.get("/api/tables").json()["tables"]}
    assert listed == {slow_table: 24, explicit: 168, live: 0}


@pytest.mark.parametrize(
    ("game", "options", "words"),
    [
        ("themes", {}, "Thèmes se joue en temps réel"),
        ("themes", {"mode": "simultanee"}, "Thèmes se joue en temps réel"),
        ("letter", {"sablier": True}, "retirez le sablier"),
    ],
)
def test_a_game_played_on_an_hourglass_has_no_slow_game(
    client: TestClient, game: str, options: dict[str, Any], words: str
) -> None:
    body = {"jeu": game, "joueurs": 2, "nom": "Alice", "heures": 24, "options": options}
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 400
    error = refused.json()["erreur"]
    assert error["code"] == "options_invalides" and words in error["message"], error
    assert client.get("/api/tables").json()["tables"] == []
    # The lobby knows it: Thèmes offers no « Rythme », the others do.
    games = {g["nom"]: g["partie_lente"] for g in client.get("/api/games").json()["jeux"]}
    assert games == {"gutenberg": True, "letter": True, "themes": False, "gremlins": True}
    # Without the hourglass, Letter plays slowly.
    if game == "letter":
        body["options"] = {}
        assert client.post("/api/tables", json=body).status_code == 201


# --- deadlines --------------------------------------------------------------------------------


def test_a_deadline_is_set_when_the_turn_comes_and_cleared_when_the_seat_has_played(
    make_client: Callable[..., TestClient],
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Gutenberg's draft: both pick at once. A seat that picked has no deadline while it waits;
    when both have picked, the next pick starts both clocks again. The deadlines a move
    changes are written with the move (not by the catch-up after it, disabled here)."""
    wall = WallClock(T0)
    client = make_client(clock=wall)
    created = create(client, 2, heures=24)
    table_id, alice, bruno = created["table"], created["jeton"], created["jetons"][1]
    assert stored_deadlines(database_url, table_id) == [None, None]
    start(client, created)
    assert stored_deadlines(database_url, table_id) == [T0 + DAY, T0 + DAY]
    shown = client.get(f"/api/tables/{table_id}").json()["places"]
    assert [p["jusqu_a"] for p in shown] == ["2025-06-16T15:06:40Z"] * 2

    def no_catch_up(*args: Any) -> None:
        raise AssertionError("a move's deadlines must be stored with the move")

    monkeypatch.setattr(slow, "store", no_catch_up)
    wall.now = T0 + HOUR
    with client.websocket_connect(f"/ws/{table_id}?jeton={alice}") as ws_alice:
        first = next_state(ws_alice)
        assert first["a_jouer"] and first["echeance"] == DAY - HOUR
        ws_alice.send_json({"type": "coup", "seq": 0, "coup": choose(first)})
        waiting = until(ws_alice, lambda m: m["prochain_seq"] == 1)
        assert not waiting["a_jouer"] and waiting["echeance"] is None
        assert stored_deadlines(database_url, table_id) == [None, T0 + DAY]
        assert [p["jusqu_a"] for p in waiting["table"]["places"]] == [
            None,
            "2025-06-16T15:06:40Z",
        ]
        wall.now = T0 + 2 * HOUR
        with client.websocket_connect(f"/ws/{table_id}?jeton={bruno}") as ws_bruno:
            mine = next_state(ws_bruno)
            assert mine["echeance"] == DAY - 2 * HOUR  # his clock ran from the start
            ws_bruno.send_json({"type": "coup", "seq": 0, "coup": choose(mine)})
            again = until(ws_bruno, lambda m: m["prochain_seq"] == 1 and m["a_jouer"])
            assert again["echeance"] == DAY
    assert stored_deadlines(database_url, table_id) == [T0 + 2 * HOUR + DAY] * 2
    # The runner's timers follow the stored deadlines.
    runner = client.app.state.runner  # type: ignore[attr-defined]
    assert {key: end for key, (end, _handle) in runner.slow.items()} == {
        (table_id, 0): T0 + 2 * HOUR + DAY,
        (table_id, 1): T0 + 2 * HOUR + DAY,
    }


def test_at_the_deadline_a_move_is_played_for_the_late_person_who_is_shown_away(
    make_client: Callable[..., TestClient], database_url: str
) -> None:
    wall = WallClock(T0)
    client = make_client(clock=wall)
    created = create(client, 2, heures=24)
    table_id, alice = created["table"], created["jeton"]
    start(client, created)
    with client.websocket_connect(f"/ws/{table_id}?jeton={alice}") as ws_alice:
        first = next_state(ws_alice)
        ws_alice.send_json({"type": "coup", "seq": 0, "coup": choose(first)})
        until(ws_alice, lambda m: m["prochain_seq"] == 1)
        wall.now = T0 + DAY - 60  # a minute early: nothing happens
        sweep(client)
        until_pong(ws_alice)
        assert table_of(client, table_id).ply == 1
        wall.now = T0 + DAY + 5
        sweep(client)
        late = until(ws_alice, lambda m: m["table"]["places"][1]["absent"])
    assert late["coups_joues"] == 2  # Alice's pick, then the one played for Bruno
    texts = journal_texts(late)
    assert "Temps écoulé pour Bruno : un coup est joué à sa place." in texts, texts
    assert (
        "Bruno n'a pas joué à temps : les autres peuvent confier sa place à un robot "
        "jusqu'à son retour." in texts
    )
    # The next pick: both clocks run again from the time out.
    assert stored_deadlines(database_url, table_id) == [T0 + DAY + 5 + DAY] * 2


def test_the_deadline_survives_a_restart_with_the_time_left(
    make_client: Callable[..., TestClient], database_url: str
) -> None:
    """Bruno's clock runs from T0. The server stops after an hour and starts again 20 h after
    T0: his timer is armed for the 4 h left, not 24 h. Stopped again and started after his
    deadline: the move is played for him as the server starts, with nobody connected."""
    first = make_client(clock=WallClock(T0))
    created = create(first, 2, heures=24)
    table_id, alice, bruno = created["table"], created["jeton"], created["jetons"][1]
    start(first, created)
    with first.websocket_connect(f"/ws/{table_id}?jeton={alice}") as ws_alice:
        first.app.state.lobby.clock = WallClock(T0 + HOUR)  # type: ignore[attr-defined]
        ws_alice.send_json({"type": "coup", "seq": 0, "coup": choose(next_state(ws_alice))})
        until(ws_alice, lambda m: m["prochain_seq"] == 1)
    first.__exit__(None, None, None)

    second = make_client(clock=WallClock(T0 + 20 * HOUR))
    assert timer_delay(second, table_id, 1) == pytest.approx(4 * HOUR, abs=30)
    assert (table_id, 0) not in second.app.state.runner.slow  # type: ignore[attr-defined]
    with second.websocket_connect(f"/ws/{table_id}?jeton={bruno}") as ws_bruno:
        back = next_state(ws_bruno)
        assert back["a_jouer"] and back["echeance"] == 4 * HOUR
        assert "Le serveur a redémarré : la partie reprend." in journal_texts(back)
    assert stored_deadlines(database_url, table_id) == [None, T0 + DAY]
    second.__exit__(None, None, None)

    third = make_client(clock=WallClock(T0 + 30 * HOUR))
    with third.websocket_connect(f"/ws/{table_id}?jeton={alice}") as ws_alice:
        played = until(ws_alice, lambda m: m["coups_joues"] == 2)
        assert "Temps écoulé pour Bruno : un coup est joué à sa place." in journal_texts(played)
        assert played["a_jouer"] and played["echeance"] == DAY
    assert stored_deadlines(database_url, table_id) == [T0 + 30 * HOUR + DAY] * 2


def test_a_slow_game_waits_with_no_socket_open_and_nobody_is_shown_away(
    make_client: Callable[..., TestClient],
) -> None:
    """Nobody connected for 23 h: no move, nobody away. A live table beside it (absence 60 s)
    watches its disconnected people from the start."""
    wall = WallClock(T0)
    client = make_client(clock=wall)
    slow_table = create(client, 2, heures=24)
    live_table = create(client, 2)
    start(client, slow_table)
    start(client, live_table)
    runner = client.app.state.runner  # type: ignore[attr-defined]
    watched = {table for table, _seat in runner.absences}
    assert watched == {live_table["table"]}
    wall.now = T0 + 23 * HOUR
    sweep(client)
    shown = client.get(f"/api/tables/{slow_table['table']}").json()
    assert shown["coups"] == 0
    assert [(p["absent"], p["connecte"]) for p in shown["places"]] == [(False, False)] * 2
    texts = [e.for_observer(None)["texte"] for e in table_of(client, slow_table["table"]).journal]
    assert not any("n'est plus là" in text for text in texts), texts


def test_a_timer_due_before_its_deadline_by_the_wall_clock_waits_for_the_rest(
    make_client: Callable[..., TestClient],
) -> None:
    """A timer counts the process's time: if it fires while the wall clock says the deadline
    is still ahead (the clock was set back meanwhile), no move is played and it waits again."""
    wall = WallClock(T0)
    client = make_client(clock=wall)
    created = create(client, 2, heures=24)
    table_id = created["table"]
    start(client, created)
    runner = client.app.state.runner  # type: ignore[attr-defined]
    end, _handle = runner.slow[(table_id, 1)]
    wall.now = T0 + 2 * HOUR  # the timer fires now: 22 h early by the wall clock
    assert client.portal is not None
    client.portal.call(runner._slow_due, table_of(client, table_id), 1, end)
    assert table_of(client, table_id).ply == 0
    assert runner.slow[(table_id, 1)][0] == end
    assert timer_delay(client, table_id, 1) == pytest.approx(22 * HOUR, abs=30)
