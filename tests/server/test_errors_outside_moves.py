"""Errors outside moves (docs/security.md, « Hostile input »): a database that fails while a
table is made, joined, started or read answers a French JSON 503 and changes nothing; a bug
answers a French JSON 500; ``ludotheque serve`` on a database it cannot open says what to do,
without a traceback, and exits with status 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient
from typer.testing import CliRunner

import ludotheque
from ludotheque.cli.main import app as cli
from ludotheque.server.app import create_app

TWO_PEOPLE = {"jeu": "gutenberg", "joueurs": 2, "nom": "Alice"}


def failing(*args: Any, **kwargs: Any) -> None:
    raise OperationalError("INSERT", {}, Exception("disk I/O error"))


def assert_storage_refusal(response: Any) -> None:
    assert response.status_code == 503, response.text
    error = response.json()["erreur"]
    assert error["code"] == "stockage"
    assert "La base de données ne répond pas" in error["message"]
    assert "Réessayez" in error["message"]


def test_a_table_that_cannot_be_stored_is_not_made(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    with monkeypatch.context() as patch:
        patch.setattr(lobby.storage, "create_table", failing)
        assert_storage_refusal(client.post("/api/tables", json=TWO_PEOPLE))
    assert lobby.tables == {}
    assert client.get("/api/tables").json() == {"tables": []}
    assert client.post("/api/tables", json=TWO_PEOPLE).status_code == 201  # back again


def test_a_seat_that_cannot_be_stored_is_not_taken_nor_a_game_started(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, database_url: str
) -> None:
    created = client.post("/api/tables", json=TWO_PEOPLE).json()
    table_id, host = created["table"], created["jeton"]
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    with monkeypatch.context() as patch:
        patch.setattr(lobby.storage, "update_seat", failing)
        assert_storage_refusal(client.post(f"/api/tables/{table_id}/join", json={"nom": "Bruno"}))
    places = client.get(f"/api/tables/{table_id}").json()["places"]
    assert [p["nom"] for p in places] == ["Alice", None]
    client.post(f"/api/tables/{table_id}/join", json={"nom": "Bruno"})
    with monkeypatch.context() as patch:
        patch.setattr(lobby.storage, "update_table", failing)
        assert_storage_refusal(client.post(f"/api/tables/{table_id}/start", json={"jeton": host}))
    assert client.get(f"/api/tables/{table_id}").json()["statut"] == "attente"
    assert lobby.get(table_id).state is None


def test_a_finished_table_that_cannot_be_read_answers_503_on_http_and_on_its_socket(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    with monkeypatch.context() as patch:
        patch.setattr(lobby.storage, "load_table", failing)
        assert_storage_refusal(client.get("/api/tables/ailleurs"))  # not in memory: read
        assert_storage_refusal(client.get("/api/tables/ailleurs/replay"))
        with client.websocket_connect("/ws/ailleurs") as ws:
            message = ws.receive_json()
            assert message["type"] == "erreur" and message["code"] == "stockage"
            closed = ws.receive()
        assert closed == {"type": "websocket.close", "code": 1013, "reason": ""}
    assert client.get("/api/tables/ailleurs").json()["erreur"]["code"] == "table_inconnue"


def test_a_bug_outside_a_move_answers_a_french_json_500(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(database_url, bot_workers=0)
    with TestClient(app, raise_server_exceptions=False) as client:

        def bug() -> None:
            raise RuntimeError("boom")

        monkeypatch.setattr(app.state.lobby, "listing", bug)
        response = client.get("/api/tables")
    assert response.status_code == 500
    error = response.json()["erreur"]
    assert error["code"] == "erreur_interne"
    assert "rien n'a été fait" in error["message"]


# --- ludotheque serve on a database it cannot open ----------------------------------------------


@pytest.fixture
def a_file(tmp_path: Path) -> Path:
    path = tmp_path / "un-fichier"
    path.write_text("pas un dossier", encoding="utf-8")
    return path


def serve_cases(a_file: Path) -> dict[str, tuple[list[str], dict[str, str], str]]:
    """name → (arguments, environment, what the message says)."""
    return {
        "adresse illisible": (["--database", "nimportequoi"], {}, "Adresse de base de données"),
        "dossier impossible": (
            ["--database", f"sqlite:///{a_file}/ludotheque.sqlite3"],
            {},
            "Impossible d'ouvrir la base SQLite",
        ),
        "pas une base": (
            ["--database", f"sqlite:///{a_file}"],
            {},
            "Impossible d'ouvrir la base SQLite",
        ),
        "PostgreSQL absent": (
            ["--database", "postgresql://alice:secret@127.0.0.1:1/ludo"],
            {},
            "Impossible d'ouvrir la base PostgreSQL",
        ),
        "pilote absent": (["--database", "mysql://a@b/c"], {}, "n'est pas installé"),
        "dossier de données": ([], {"XDG_DATA_HOME": str(a_file)}, "dossier de données"),
    }


@pytest.mark.parametrize(
    "case",
    [
        "adresse illisible",
        "dossier impossible",
        "pas une base",
        "PostgreSQL absent",
        "pilote absent",
        "dossier de données",
    ],
)
def test_serve_on_a_database_it_cannot_open_says_what_to_do(
    case: str, a_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    arguments, environment, clue = serve_cases(a_file)[case]
    if case == "pas une base":
        a_file.write_bytes(b"ceci n'est pas une base SQLite" * 100)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    result = CliRunner().invoke(cli, ["serve", *arguments, "--bot-workers", "0", "--port", "1"])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert clue in result.output
    assert "Traceback" not in result.output
    assert "secret" not in result.output  # a password is never printed


def test_serve_in_a_terminal_prints_no_traceback(a_file: Path, tmp_path: Path) -> None:
    source = Path(ludotheque.__file__).resolve().parents[1]  # the package under test
    environment = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run(
        [sys.executable, "-m", "ludotheque", "serve", "--database", f"sqlite:///{a_file}/x.db"],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 2
    assert "Impossible d'ouvrir la base SQLite" in done.stderr
    assert "--database" in done.stderr  # what to do
    assert "Traceback" not in done.stderr + done.stdout


def test_create_app_reports_a_database_of_another_program(tmp_path: Path) -> None:
    import sqlite3

    from ludotheque.server.storage import StorageUnavailable

    path = tmp_path / "autre.sqlite3"
    with sqlite3.connect(path) as other:  # a « tables » table of another shape
        other.execute("CREATE TABLE tables (nom TEXT)")
        other.execute("INSERT INTO tables VALUES ('x')")
    with pytest.raises(StorageUnavailable, match="Impossible d'ouvrir la base SQLite"):
        create_app(f"sqlite:///{path}", bot_workers=0)
