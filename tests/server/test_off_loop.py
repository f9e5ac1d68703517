"""Work on the event loop (issue 17, item 4): reading a custom card file and dealing, replaying a
finished table and building its replay run off the loop, and a request may not ask for too
much (a text option is capped).

Each long piece of work is made to wait, in the middle, until the server has answered another
request (the table listing): if it ran on the event loop, the listing could not be answered
until it gave up waiting, and the test fails."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheque.core.registry import Registry
from ludotheque.games.encheres import Encheres
from ludotheque.games.gutenberg import Gutenberg
from ludotheque.games.themes import Themes
from ludotheque.server import app as app_module
from ludotheque.server.lobby import MAX_OPTION_BYTES, MAX_OPTION_LINES
from ludotheque.server.tables import TableSession

Client = Callable[..., TestClient]


class Stall:
    """Wraps a function: once armed, a call waits until the test has had another request
    answered (``answered``), at most 10 s; ``in_time`` records whether it had."""

    def __init__(self, function: Callable[..., Any]) -> None:
        self.function = function
        self.armed = False
        self.entered = threading.Event()
        self.answered = threading.Event()
        self.in_time: list[bool] = []

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.armed:
            self.entered.set()
            self.in_time.append(self.answered.wait(10))
        return self.function(*args, **kwargs)

    def check(self, client: TestClient, request: Callable[[], Any]) -> Any:
        """Run ``request`` in a thread; while it is stalled, list the tables; its answer."""
        self.armed = True
        answers: list[Any] = []
        worker = threading.Thread(target=lambda: answers.append(request()))
        worker.start()
        assert self.entered.wait(30), "the work never started"
        assert client.get("/api/tables").status_code == 200
        self.answered.set()
        worker.join(30)
        assert self.in_time == [True], "the server did not answer while the work ran"
        return answers[0]


@pytest.fixture
def client(make_client: Client) -> Iterator[TestClient]:
    yield make_client(registry=Registry([Gutenberg(), Themes(), Encheres()]), test_games=True)


def finished_table(client: TestClient) -> dict[str, Any]:
    places = [{"type": "humain"}, {"type": "robot", "niveau": "random"}]
    body = {"jeu": "encheres", "joueurs": 2, "nom": "Alice", "places": places}
    created: dict[str, Any] = client.post("/api/tables", json=body).json()
    table = created["table"]
    client.post(f"/api/tables/{table}/start", json={"jeton": created["jeton"]})
    with client.websocket_connect(f"/ws/{table}?jeton={created['jeton']}") as ws:
        while True:
            message = ws.receive_json()
            if message["type"] != "etat":
                continue
            if message["table"]["statut"] == "terminee":
                return created
            if message["a_jouer"]:
                coup = message["coups"][0]
                ws.send_json({"type": "coup", "seq": message["prochain_seq"], "coup": coup})


def test_a_new_tables_deal_runs_off_the_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    stall = Stall(Gutenberg.setup)
    monkeypatch.setattr(Gutenberg, "setup", lambda self, *a: stall(self, *a))
    body = {"jeu": "gutenberg", "joueurs": 2, "nom": "Alice"}
    created = stall.check(client, lambda: client.post("/api/tables", json=body))
    assert created.status_code == 201


def test_the_deal_at_the_start_runs_off_the_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = {"jeu": "gutenberg", "joueurs": 2, "nom": "Alice"}
    created = client.post("/api/tables", json=body).json()
    client.post(f"/api/tables/{created['table']}/join", json={"nom": "Bruno"})
    stall = Stall(Gutenberg.setup)
    monkeypatch.setattr(Gutenberg, "setup", lambda self, *a: stall(self, *a))
    url, token = f"/api/tables/{created['table']}/start", {"jeton": created["jeton"]}
    started = stall.check(client, lambda: client.post(url, json=token))
    assert started.status_code == 200 and started.json()["statut"] == "en_cours"


def test_a_finished_table_is_replayed_from_storage_off_the_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = finished_table(client)
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    del lobby.tables[created["table"]]  # out of memory, as after a restart
    stall = Stall(TableSession.resume)
    monkeypatch.setattr(TableSession, "resume", lambda self, *a, **k: stall(self, *a, **k))
    shown = stall.check(client, lambda: client.get(f"/api/tables/{created['table']}"))
    assert shown.status_code == 200 and shown.json()["statut"] == "terminee"


def test_a_replay_is_built_off_the_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = finished_table(client)
    stall = Stall(app_module.replay_steps)
    monkeypatch.setattr(app_module, "replay_steps", stall)
    url = f"/api/tables/{created['table']}/replay?jeton={created['jeton']}"
    replay = stall.check(client, lambda: client.get(url))
    assert replay.status_code == 200 and replay.json()["etapes"][0]["coups"] == 0


def test_a_replay_is_read_from_the_stored_record_not_the_live_table(
    client: TestClient,
) -> None:
    """Replays read records: a finished table still in memory whose live match were to differ
    (here: emptied of its moves) does not change what the replay shows."""
    created = finished_table(client)
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    session = lobby.tables[created["table"]]
    played = len(session.record.moves)
    assert played > 0
    session.match.record = replace(session.match.record, moves=())
    url = f"/api/tables/{created['table']}/replay?jeton={created['jeton']}"
    steps = client.get(url).json()["etapes"]
    assert [step["coups"] for step in steps] == list(range(played + 1))


def themes_body(**options: str) -> dict[str, Any]:
    return {"jeu": "themes", "joueurs": 3, "nom": "Alice", "options": options}


@pytest.mark.parametrize(
    ("lines", "width", "says"),
    [
        (MAX_OPTION_LINES + 1, 20, f"au plus {MAX_OPTION_LINES}"),  # 20,000 lines in the attack
        (500, 200, f"au plus {MAX_OPTION_BYTES // 1024} Kio"),
    ],
)
def test_an_uploaded_card_file_too_long_is_refused_in_french(
    client: TestClient, lines: int, width: int, says: str
) -> None:
    card_file = "\n".join(f"T{n:05d} {'A' * width} {n} | {'B' * width} {n}" for n in range(lines))
    before = client.get("/api/tables").json()["tables"]
    refused = client.post("/api/tables", json=themes_body(themes=card_file))
    assert refused.status_code == 413, refused.text
    error = refused.json()["erreur"]
    assert error["code"] == "fichier_trop_long" and says in error["message"]
    assert "Fichier de cartes « Thème »" in error["message"]
    assert client.get("/api/tables").json()["tables"] == before
