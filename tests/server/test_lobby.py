"""The lobby over HTTP: games, tables, seats, tokens, start, bots; every refusal changes nothing."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient


def create(client: TestClient, **overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "jeu": "gutenberg",
        "joueurs": 3,
        "nom": "Alice",
        "places": [
            {"type": "humain"},
            {"type": "humain"},
            {"type": "robot", "niveau": "intermediaire"},
        ],
    }
    body.update(overrides)
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def error_code(response: Any) -> str:
    code: str = response.json()["erreur"]["code"]
    assert response.json()["erreur"]["message"]
    return code


def test_games_lists_gutenberg_with_modes_options_and_bot_levels(client: TestClient) -> None:
    games = {g["nom"]: g for g in client.get("/api/games").json()["jeux"]}
    gutenberg = games["gutenberg"]
    assert {m["nom"]: (m["min"], m["max"]) for m in gutenberg["modes"]} == {
        "classique": (2, 6),
        "solo": (1, 1),
    }
    options = {o["nom"]: o for o in gutenberg["options"]}
    assert options["difficulte"]["choix"] == ["facile", "normal", "difficile"]
    assert options["difficulte"]["modes"] == ["solo"]
    assert options["paquet"]["type"] == "text"
    # The four levels, weakest first; the engines (random, greedy…) are not offered.
    assert [(r["nom"], r["titre"]) for r in gutenberg["robots"]] == [
        ("debutant", "Débutant"),
        ("intermediaire", "Intermédiaire"),
        ("fort", "Fort"),
        ("expert", "Expert"),
    ]
    assert all(len(r["portrait"]) > 40 for r in gutenberg["robots"])
    # Each game may say what kind of player a level is in its own terms (Gremlins: no words).
    gremlins = {r["nom"]: r["portrait"] for r in games["gremlins"]["robots"]}
    assert "mots" in gutenberg["robots"][0]["portrait"] and "mots" not in gremlins["debutant"]


def test_create_table_seats_the_creator_as_host(client: TestClient) -> None:
    created = create(client)
    assert created["place"] == 0 and len(created["jeton"]) >= 32
    table = client.get(f"/api/tables/{created['table']}").json()
    assert table["statut"] == "attente" and table["hote"] == 0
    assert table["options"] == {"mode": "classique", "paquet": None}
    assert [(p["type"], p["nom"]) for p in table["places"]] == [
        ("humain", "Alice"),
        ("humain", None),
        ("robot", "Irène"),  # an Intermédiaire: a first name in I
    ]
    assert created["table"] in [t["id"] for t in client.get("/api/tables").json()["tables"]]
    assert "jeton" not in str(table) and created["jeton"] not in str(table)


def test_refused_creations_say_why_and_create_nothing(client: TestClient) -> None:
    cases = [
        ({"joueurs": 7}, 400, "options_invalides"),
        ({"jeu": "belote"}, 404, "jeu_inconnu"),
        ({"joueurs": "trois"}, 400, "requete_invalide"),
        ({"places": [{"type": "humain"}]}, 400, "requete_invalide"),
        ({"places": [{"type": "robot", "niveau": "génie"}] * 3}, 400, "niveau_inconnu"),
        ({"places": [{"type": "robot", "niveau": "expert"}] * 3}, 400, "requete_invalide"),
        ({"nom": "  "}, 400, "nom_invalide"),
        ({"options": {"mode": "solo"}}, 400, "options_invalides"),
        ({"options": {"paquet": "ceci n'est pas un paquet"}}, 400, "options_invalides"),
        ({"horloge": -5}, 400, "requete_invalide"),
    ]
    for overrides, status, code in cases:
        body = {"jeu": "gutenberg", "joueurs": 3, "nom": "Alice", **overrides}
        response = client.post("/api/tables", json=body)
        assert response.status_code == status, (overrides, response.text)
        assert error_code(response) == code, overrides
    bad_json = client.post("/api/tables", content=b"{pas du json", headers={"content-type": "x"})
    assert bad_json.status_code == 400 and error_code(bad_json) == "json_invalide"
    huge = client.post("/api/tables", content=b"x" * (600 * 1024))
    assert huge.status_code == 413 and error_code(huge) == "trop_long"
    assert client.get("/api/tables").json()["tables"] == []


def test_join_start_and_the_refusals_around_them(client: TestClient) -> None:
    created = create(client)
    table_id, host = created["table"], created["jeton"]
    not_full = client.post(f"/api/tables/{table_id}/start", json={"jeton": host})
    assert not_full.status_code == 409 and error_code(not_full) == "places_libres"
    joined = client.post(f"/api/tables/{table_id}/join", json={"nom": "Bruno"})
    assert joined.status_code == 200 and joined.json()["place"] == 1
    bob = joined.json()["jeton"]
    full = client.post(f"/api/tables/{table_id}/join", json={"nom": "Chloé"})
    assert full.status_code == 409 and error_code(full) == "table_complete"
    by_guest = client.post(f"/api/tables/{table_id}/start", json={"jeton": bob})
    assert by_guest.status_code == 403 and error_code(by_guest) == "pas_hote"
    wrong = client.post(f"/api/tables/{table_id}/start", json={"jeton": "faux"})
    assert wrong.status_code == 403 and error_code(wrong) == "jeton_invalide"
    no_token = client.post(f"/api/tables/{table_id}/start", json={})
    assert no_token.status_code == 400
    assert client.get(f"/api/tables/{table_id}").json()["statut"] == "attente"
    started = client.post(f"/api/tables/{table_id}/start", json={"jeton": host})
    assert started.status_code == 200 and started.json()["statut"] == "en_cours"
    late = client.post(f"/api/tables/{table_id}/join", json={"nom": "Chloé"})
    assert late.status_code == 409
    again = client.post(f"/api/tables/{table_id}/start", json={"jeton": host})
    assert again.status_code == 409


def test_unknown_tables_are_404_for_api_and_pages(client: TestClient) -> None:
    response = client.get("/api/tables/nulle")
    assert response.status_code == 404 and error_code(response) == "table_inconnue"
    for path in ("/table/nulle", "/replay/nulle"):  # the page tells the player itself
        page = client.get(path)
        assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    joined = client.post("/api/tables/nulle/join", json={"nom": "Bruno"})
    assert joined.status_code == 404


def test_leave_before_start_frees_the_seat_and_passes_the_host(client: TestClient) -> None:
    created = create(client)
    table_id = created["table"]
    bob = client.post(f"/api/tables/{table_id}/join", json={"nom": "Bruno"}).json()["jeton"]
    left = client.post(f"/api/tables/{table_id}/leave", json={"jeton": created["jeton"]})
    assert left.status_code == 200
    table = left.json()
    assert table["places"][0]["nom"] is None and table["hote"] == 1
    old = client.post(f"/api/tables/{table_id}/start", json={"jeton": created["jeton"]})
    assert old.status_code == 403  # the old token no longer holds a seat
    seat = client.post(f"/api/tables/{table_id}/join", json={"nom": "Chloé", "place": 0}).json()
    assert seat["place"] == 0
    assert client.post(f"/api/tables/{table_id}/start", json={"jeton": bob}).status_code == 200


def test_host_turns_an_empty_seat_into_a_bot(client: TestClient) -> None:
    created = create(client)
    table_id, host = created["table"], created["jeton"]
    url = f"/api/tables/{table_id}/places/1/robot"
    unknown = client.post(url, json={"jeton": host, "niveau": "génie"})
    assert unknown.status_code == 400
    made = client.post(url, json={"jeton": host, "niveau": "expert"})
    assert made.status_code == 200
    assert made.json()["places"][1]["type"] == "robot"
    assert made.json()["places"][1]["niveau"] == "expert"
    assert made.json()["places"][1]["nom"] == "Élise"  # an Expert: a first name in É
    assert client.post(f"/api/tables/{table_id}/start", json={"jeton": host}).status_code == 200


def test_a_table_stored_with_an_engine_name_keeps_its_bot(client: TestClient) -> None:
    # Tables created before the four levels hold « greedy »…: they still start and play.
    body = {"places": [{"type": "humain"}, {"type": "robot", "niveau": "greedy"}], "joueurs": 2}
    created = create(client, **body)
    table = client.get(f"/api/tables/{created['table']}").json()
    assert table["places"][1]["nom"] == "Gaëlle"  # the engine « Glouton »: a name in G
    started = client.post(f"/api/tables/{created['table']}/start", json={"jeton": created["jeton"]})
    assert started.status_code == 200


def test_pages_are_served_in_french(client: TestClient) -> None:
    created = create(client)
    for path in ("/", f"/table/{created['table']}"):
        page = client.get(path)
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert 'lang="fr"' in page.text
