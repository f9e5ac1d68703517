"""What the lobby says in words: options explained, choices named, teams shown before the game,
robots with first names (issue 15, « What a player reads »)."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheque.core.options import OptionSpec
from ludotheque.games import default_registry
from ludotheque.server.robots import ROBOT_NAMES, robot_names

GAMES = ("gutenberg", "letter", "themes", "gremlins")


@pytest.fixture
def lobby(tmp_path: Any) -> TestClient:
    from ludotheque.server.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'lobby.sqlite3'}", bot_workers=0)
    with TestClient(app) as client:
        yield client


def games(client: TestClient) -> dict[str, dict[str, Any]]:
    return {g["nom"]: g for g in client.get("/api/games").json()["jeux"]}


@pytest.mark.parametrize("name", GAMES)
def test_every_option_is_explained_and_every_choice_reads_as_words(
    lobby: TestClient, name: str
) -> None:
    for option in games(lobby)[name]["options"]:
        assert len(option["description"]) >= 20, option["nom"]  # a sentence
        assert option["description"][0].isupper() and option["description"].endswith((".", ")"))
        labels = option["choix_libelles"]
        assert list(labels) == option["choix"]
        for value, label in labels.items():
            # « penalite », « taille », « juge », « 2x3 », « normal »: never the raw value.
            assert label != value and not label[0].islower(), (option["nom"], value, label)


def test_gutenberg_solo_difficulty_reads_normale() -> None:
    spec = next(
        o for o in default_registry().get("gutenberg").info.options if o.name == "difficulte"
    )
    assert [spec.choice_label(c) for c in spec.choices] == ["Facile", "Normale", "Difficile"]


def test_choice_labels_name_only_known_choices() -> None:
    with pytest.raises(ValueError, match="unknown choices"):
        OptionSpec("x", "X", "choice", "a", ("a",), choice_labels=(("b", "B"),))
    # Without labels an option still works as before (backward compatible).
    assert OptionSpec("x", "X", "choice", "a", ("a",)).choice_label("a") == "a"


def test_team_modes_are_flagged_and_the_others_are_not(lobby: TestClient) -> None:
    flags = {(name, m["nom"]): m["equipes"] for name, g in games(lobby).items() for m in g["modes"]}
    assert flags[("themes", "equipe")] and flags[("gremlins", "equipes")]
    assert not flags[("themes", "classique")] and not flags[("gremlins", "classique")]
    assert not any(v for (name, _), v in flags.items() if name in ("gutenberg", "letter"))


@pytest.mark.parametrize(
    ("body", "teams"),
    [
        ({"jeu": "themes", "joueurs": 6, "options": {"mode": "equipe"}}, [0, 1, 0, 1, 0, 1]),
        (
            {"jeu": "themes", "joueurs": 6, "options": {"mode": "equipe", "equipes": 3}},
            [0, 1, 2, 0, 1, 2],
        ),
        ({"jeu": "gremlins", "joueurs": 5, "options": {"mode": "equipes"}}, [0, 1, 0, 1, 1]),
        (
            {
                "jeu": "gremlins",
                "joueurs": 6,
                "options": {"mode": "equipes", "format_equipes": "3x2"},
            },
            [0, 1, 2, 0, 1, 2],
        ),
        ({"jeu": "themes", "joueurs": 4, "options": {"mode": "classique"}}, None),
        ({"jeu": "gutenberg", "joueurs": 3, "options": {}}, None),
    ],
)
def test_the_lobby_is_told_who_plays_with_whom_before_the_table_exists(
    lobby: TestClient, body: dict[str, Any], teams: list[int] | None
) -> None:
    response = lobby.post("/api/equipes", json=body)
    assert response.status_code == 200, response.text
    assert response.json() == {"equipes": teams}


def test_options_that_make_no_teams_are_refused_in_french(lobby: TestClient) -> None:
    body = {"jeu": "themes", "joueurs": 7, "options": {"mode": "equipe", "equipes": 2}}
    response = lobby.post("/api/equipes", json=body)
    assert response.status_code == 400
    assert "plus de 3 joueurs" in response.json()["erreur"]["message"]


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("themes", 6, {"mode": "equipe", "equipes": 3}), ("gremlins", 6, {"mode": "equipes"})],
)
def test_the_teams_shown_are_the_teams_the_game_plays(
    lobby: TestClient, game: str, players: int, options: dict[str, Any]
) -> None:
    places = [{"type": "humain"}] + [{"type": "robot", "niveau": "debutant"}] * (players - 1)
    body = {"jeu": game, "joueurs": players, "nom": "Alice", "options": options, "places": places}
    created = lobby.post("/api/tables", json=body).json()
    shown = lobby.post("/api/equipes", json=body).json()["equipes"]
    table = lobby.get(f"/api/tables/{created['table']}").json()
    assert [p["equipe"] for p in table["places"]] == shown  # the waiting room says it too
    lobby.post(f"/api/tables/{created['table']}/start", json={"jeton": created["jeton"]})
    state = lobby.app.state.lobby.get(created["table"]).state  # type: ignore[attr-defined]
    if game == "themes":
        played = [state.config.team_of(seat) for seat in range(players)]
    else:
        played = list(state.config.teams)
    assert played == shown


def test_robots_have_first_names_unique_at_the_table_and_stable(lobby: TestClient) -> None:
    places = [
        {"type": "humain"},
        {"type": "robot", "niveau": "intermediaire"},
        {"type": "robot", "niveau": "intermediaire"},
        {"type": "robot", "niveau": "expert"},
        {"type": "humain"},
    ]
    body = {"jeu": "gutenberg", "joueurs": 5, "nom": "Igor", "places": places}
    created = lobby.post("/api/tables", json=body).json()
    table = lobby.get(f"/api/tables/{created['table']}").json()
    names = [p["nom"] for p in table["places"]]
    # Seat 1's Intermédiaire would be Igor: a person has that name, so it takes the next one.
    assert names == ["Igor", "Irène", "Ivan", "Emma", None]
    assert not any("Robot" in (n or "") or "(" in (n or "") for n in names)
    assert [p["niveau"] for p in table["places"][1:4]] == ["intermediaire"] * 2 + ["expert"]
    # Another person sitting down does not rename the robots.
    joined = lobby.post(f"/api/tables/{created['table']}/join", json={"nom": "Zoé"})
    assert joined.status_code == 200
    again = [p["nom"] for p in lobby.get(f"/api/tables/{created['table']}").json()["places"]]
    assert again == ["Igor", "Irène", "Ivan", "Emma", "Zoé"]


def test_the_journal_names_a_robot_by_its_first_name_and_its_level(lobby: TestClient) -> None:
    places = [{"type": "humain"}, {"type": "humain"}]
    created = lobby.post(
        "/api/tables", json={"jeu": "gutenberg", "joueurs": 2, "nom": "Alice", "places": places}
    ).json()
    made = lobby.post(
        f"/api/tables/{created['table']}/places/1/robot",
        json={"jeton": created["jeton"], "niveau": "fort"},
    )
    assert made.json()["places"][1]["nom"] == "Fanny"
    journal = [e.text for e in lobby.app.state.lobby.get(created["table"]).journal]  # type: ignore[attr-defined]
    assert "Fanny, robot Fort, rejoint la table." in journal
    assert not any("place" in line for line in journal)  # names, never seat numbers


def test_every_level_has_twelve_distinct_names_with_its_initial() -> None:
    initials = {"debutant": "D", "intermediaire": "I", "fort": "F", "expert": "E"}
    for level, initial in initials.items():
        names = ROBOT_NAMES[level]
        assert len(set(names)) == 12  # a table has at most twelve seats (Thèmes par équipe)
        assert all(n.replace("É", "E")[0] == initial for n in names)
    twelve = robot_names(["debutant"] * 12, [])
    assert len(set(twelve)) == 12
