"""« Mes parties » (docs/server.md, « Mes parties »): an account's games, those where it must
play first, then the newest; results, rating changes, links; 401 when logged out."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheque.server import history as history_module

from .people import People, create, play_out


def games_of(people: People, name: str) -> list[dict[str, Any]]:
    response = people.be(name).get("/api/moi/parties")
    assert response.status_code == 200, response.text
    found: list[dict[str, Any]] = response.json()["parties"]
    return found


def two_people_table(
    people: People, host: str, guest: str, **body: Any
) -> tuple[str, dict[int, str]]:
    created = create(people.be(host), **body)
    table_id = created["table"]
    joined = people.be(guest).post(f"/api/tables/{table_id}/join", json={"nom": guest}).json()
    tokens = {created["place"]: created["jeton"], joined["place"]: joined["jeton"]}
    started = people.be(host).post(
        f"/api/tables/{table_id}/start", json={"jeton": created["jeton"]}
    )
    assert started.status_code == 200, started.text
    return table_id, tokens


def test_logged_out_it_is_401(client: TestClient) -> None:
    response = client.get("/api/moi/parties")
    assert response.status_code == 401
    assert response.json()["erreur"]["code"] == "non_connecte"
    assert "Connectez-vous" in response.json()["erreur"]["message"]


def test_my_games_your_turn_first_then_the_newest(make_client: Callable[..., TestClient]) -> None:
    client = make_client(test_games=True)
    people = People(client)
    for name in ("Alice", "Bruno", "Chloé"):
        people.sign_up(name)
    # A finished rated game (Alice against Bruno), then one in play where Alice has bid and
    # waits for Bruno, then one where both must bid, then a table waiting for a second person.
    finished, tokens = two_people_table(people, "Alice", "Bruno")
    play_out(client, finished, tokens)
    waiting_for_bruno, tokens2 = two_people_table(people, "Alice", "Bruno")
    play_out(client, waiting_for_bruno, {0: tokens2[0]}, until=1)
    your_turn, _ = two_people_table(people, "Alice", "Bruno")
    waiting = create(people.be("Alice"))["table"]
    # Chloé's table with Bruno: nothing of Alice's.
    two_people_table(people, "Chloé", "Bruno")

    mine = games_of(people, "Alice")
    assert [g["table"] for g in mine] == [your_turn, waiting, waiting_for_bruno, finished]
    by_table = {g["table"]: g for g in mine}
    turn = by_table[your_turn]
    assert turn["a_vous"] is True and turn["statut"] == "en_cours"
    assert turn["lien"] == f"/table/{your_turn}" and turn["resultat"] is None
    assert turn["adversaires"] == [{"nom": "Bruno", "robot": None, "equipier": False}]
    assert by_table[waiting_for_bruno]["a_vous"] is False
    assert by_table[waiting]["statut"] == "attente" and by_table[waiting]["a_vous"] is False
    done = by_table[finished]
    assert done["statut"] == "terminee" and done["lien"] == f"/replay/{finished}"
    assert done["titre"] == "Enchères" and done["jeu"] == "encheres"
    assert done["resultat"] in ("Gagnée", "Perdue", "Égalité")
    assert isinstance(done["score"], (int, float))
    assert done["classee"] is True
    assert done["classement"]["avant"] == 1500
    moved = done["classement"]["apres"] - done["classement"]["avant"]
    assert (moved > 0) == (done["resultat"] == "Gagnée")
    assert all(g["date"].endswith("Z") for g in mine)
    # Bruno sees the same finished game from his seat, and his own tables.
    his = {g["table"]: g for g in games_of(people, "Bruno")}
    assert set(his) >= {finished, waiting_for_bruno, your_turn}
    assert waiting not in his
    assert his[waiting_for_bruno]["a_vous"] is True  # Alice has bid: his turn
    results = {done["resultat"], his[finished]["resultat"]}
    assert results in ({"Gagnée", "Perdue"}, {"Égalité"})


def test_a_restarted_server_still_knows_results_and_slow_deadlines(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(test_games=True)
    people = People(client)
    people.sign_up("Alice")
    people.sign_up("Bruno")
    finished, tokens = two_people_table(people, "Alice", "Bruno", classee=False)
    play_out(client, finished, tokens)
    # A slow game (20 h a move): both must bid, each with a deadline.
    slow, _ = two_people_table(people, "Alice", "Bruno", heures=20)
    before = games_of(people, "Alice")

    again = make_client(test_games=True)  # the same database: a restart
    people.client = again
    after = games_of(people, "Alice")
    assert [(g["table"], g["resultat"], g["score"]) for g in after] == [
        (g["table"], g["resultat"], g["score"]) for g in before
    ]
    game = {g["table"]: g for g in after}
    assert game[finished]["classee"] is False and game[finished]["classement"] is None
    assert game[slow]["a_vous"] is True
    assert 20 * 3600 - 120 < game[slow]["reste"] <= 20 * 3600
    assert game[slow]["echeance"].endswith("Z")


def test_finished_games_are_capped(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history_module, "FINISHED_SHOWN", 2)
    client = make_client(test_games=True)
    people = People(client)
    people.sign_up("Alice")
    people.sign_up("Bruno")
    ended = []
    for _ in range(3):
        table_id, tokens = two_people_table(people, "Alice", "Bruno")
        play_out(client, table_id, tokens)
        ended.append(table_id)
    open_table, _ = two_people_table(people, "Alice", "Bruno")
    listed = [g["table"] for g in games_of(people, "Alice")]
    assert listed == [open_table, ended[2], ended[1]]  # the oldest finished one left out
