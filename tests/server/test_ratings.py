"""Ratings (docs/server.md, « Classements »): openskill's Plackett–Luce on finished rated games,
one rating per account per game, the bots anchored at priors spaced by their measured ladder;
every game rated once, in one transaction; the leaderboard and a player's points over time.

The first tests rate games straight through :class:`Ratings` on each back end (a two-player
game, four players with a tie, teams, bots); the last ones go through the server: a rated
Enchères game played over its sockets to the end, then a restart.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, insert, select
from starlette.testclient import TestClient

from ludotheque.server.accounts import name_key
from ludotheque.server.app import create_app
from ludotheque.server.rating_math import (
    BOT_SIGMA,
    LADDER,
    PROVISIONAL_GAMES,
    SCALE,
    bot_priors,
    displayed,
    level_gap,
)
from ludotheque.server.ratings import Ratings, unrated_because
from ludotheque.server.schema import accounts_table, rating_history_table, ratings_table
from ludotheque.server.storage import SeatRow, Storage

from .conftest import RELAXED
from .people import People, create, play_out

LEVELS = ("debutant", "intermediaire", "fort", "expert")


@pytest.fixture
def storage(database_url: str) -> Any:
    store = Storage(database_url)
    yield store
    store.close()


def account(storage: Storage, name: str) -> int:
    """An account row (the accounts' own tests make them through the API)."""
    with storage.engine.begin() as db:
        result = db.execute(
            insert(accounts_table).values(
                name=name, name_key=name_key(name), password_hash="x", created=time.time()
            )
        )
        key = result.inserted_primary_key
        assert key is not None
        return int(key[0])


def person(seat: int, account_id: int | None, name: str = "Anonyme") -> SeatRow:
    return SeatRow(seat, "humain", None, name, f"hash{seat}", account_id=account_id)


def bot(seat: int, level: str) -> SeatRow:
    return SeatRow(seat, "robot", level)


def rows(storage: Storage, table: Any) -> list[Any]:
    with storage.engine.connect() as db:
        return list(db.execute(select(table)).all())


def rating(storage: Storage, game: str, player: str) -> Any:
    with storage.engine.connect() as db:
        return db.execute(
            select(ratings_table).where(
                ratings_table.c.game == game, ratings_table.c.player == player
            )
        ).one()


def test_a_two_player_game_moves_the_winner_up_and_the_loser_down(storage: Storage) -> None:
    ratings = Ratings(storage.engine)
    alice, bruno = account(storage, "Alice"), account(storage, "Bruno")
    seats = [person(0, alice), person(1, bruno)]
    assert ratings.rate("gutenberg", "t1", seats, ranks=(2, 1), now=1000.0)
    won, lost = (
        rating(storage, "gutenberg", f"compte:{bruno}"),
        rating(storage, "gutenberg", f"compte:{alice}"),
    )
    assert won.mu > 25 > lost.mu and won.sigma < 25 / 3 and lost.sigma < 25 / 3
    assert (won.games, won.account_id, won.last) == (1, bruno, 1000.0)
    changes = ratings.seat_changes("t1", seats)
    assert changes[1] == {
        "avant": 1500,
        "apres": displayed(won.mu),
        "ecart": displayed(won.mu) - 1500,
        "provisoire": True,
    }
    assert changes[0]["ecart"] < 0 and changes[0]["ecart"] == -changes[1]["ecart"]  # type: ignore[index]
    # A second game starts from the first one's rating and is its own row of history.
    assert ratings.rate("gutenberg", "t2", seats, ranks=(1, 2), now=2000.0)
    assert rating(storage, "gutenberg", f"compte:{alice}").games == 2
    second = ratings.seat_changes("t2", seats)
    assert second[0]["avant"] == changes[0]["apres"]  # type: ignore[index]
    history = [(r.table_id, r.player) for r in rows(storage, rating_history_table)]
    assert sorted(history) == sorted(
        [(t, f"compte:{a}") for t in ("t1", "t2") for a in (alice, bruno)]
    )
    # « Mes parties » reads the same changes, an account at a time.
    alices = ratings.account_changes(alice)
    assert [alices[t].to_json() for t in ("t1", "t2")] == [changes[0], second[0]]
    # Ratings are per game: Letter knows nothing of these.
    assert ratings.leaderboard("letter", {}) == []


def test_four_players_with_a_tie_share_the_middle(storage: Storage) -> None:
    ratings = Ratings(storage.engine)
    ids = [account(storage, name) for name in ("Alice", "Bruno", "Chloé", "David")]
    seats = [person(seat, ids[seat]) for seat in range(4)]
    assert ratings.rate("letter", "t1", seats, ranks=(1, 2, 2, 4))
    moved = [c["ecart"] for c in ratings.seat_changes("t1", seats)]  # type: ignore[index]
    assert moved[0] > 0 > moved[3]
    assert moved[1] == moved[2]  # the tie: the same change for both
    assert moved[0] > moved[1] > moved[3]


def test_a_team_game_rates_each_team_as_one(storage: Storage) -> None:
    ratings = Ratings(storage.engine)
    ids = [account(storage, name) for name in ("Alice", "Bruno", "Chloé", "David")]
    seats = [person(seat, ids[seat]) for seat in range(4)]
    # Gremlins « En équipes »: seats 0 and 2 against 1 and 3; the outcome gives every member
    # its team's rank.
    assert ratings.rate("gremlins", "t1", seats, ranks=(1, 2, 1, 2), teams=(0, 1, 0, 1))
    moved = [c["ecart"] for c in ratings.seat_changes("t1", seats)]  # type: ignore[index]
    assert moved[0] == moved[2] > 0 > moved[1] == moved[3]
    # The same four players, each for themselves, share nothing.
    assert ratings.rate("gremlins", "t2", seats, ranks=(1, 2, 3, 4))
    alone = [c["ecart"] for c in ratings.seat_changes("t2", seats)]  # type: ignore[index]
    assert alone[0] != alone[2]


def test_bots_are_rated_by_level_and_stay_anchored(storage: Storage) -> None:
    ratings = Ratings(storage.engine)
    alice = account(storage, "Alice")
    seats = [person(0, alice), bot(1, "debutant"), bot(2, "expert")]
    # Alice beats the Débutant and loses to the Expert.
    assert ratings.rate("gutenberg", "t1", seats, ranks=(2, 3, 1))
    priors = bot_priors("gutenberg")
    for level in ("debutant", "expert"):
        row = rating(storage, "gutenberg", f"robot:{level}")
        assert (row.mu, row.sigma, row.games) == (priors[level].mu, BOT_SIGMA, 1)
    changes = ratings.seat_changes("t1", seats)
    assert changes[1] == {"avant": 1500, "apres": 1500, "ecart": 0, "provisoire": False}
    # Against priors, a newcomer who beats the Débutant and loses to the Expert goes up:
    # losing to a player 1,000 points stronger costs little.
    assert changes[0]["ecart"] > 0  # type: ignore[index]
    bob = account(storage, "Bob")
    assert ratings.rate("gutenberg", "t2", [person(0, bob), bot(1, "debutant")], ranks=(2, 1))
    assert ratings.seat_changes("t2", [person(0, bob)])[0]["ecart"] < 0  # type: ignore[index]
    assert rating(storage, "gutenberg", "robot:debutant").games == 2


def test_bot_priors_rise_with_the_level_by_the_measured_win_rates() -> None:
    for game, steps in LADDER.items():
        shown = [displayed(prior.mu) for prior in bot_priors(game).values()]
        assert list(bot_priors(game)) == list(LEVELS)
        assert shown[0] == 1500 and shown == sorted(shown) and len(set(shown)) == 4, game
        # Each gap is the one that gives the measured win rate in a duel (Elo's scale: 400
        # points are odds of 10 to 1).
        for (rate, games), low, high in zip(steps, shown, shown[1:], strict=False):
            gap = (high - low) / SCALE
            assert gap == pytest.approx(level_gap(rate, games), abs=1 / SCALE)
    # Gremlins' levels (about 64 % against the one below) are much closer than Letter's (98–100 %).
    gremlins = [p.mu for p in bot_priors("gremlins").values()]
    letter = [p.mu for p in bot_priors("letter").values()]
    assert gremlins[-1] - gremlins[0] < (letter[-1] - letter[0]) / 3


def test_a_game_is_rated_once_in_one_transaction(storage: Storage) -> None:
    ratings = Ratings(storage.engine)
    alice, bruno = account(storage, "Alice"), account(storage, "Bruno")
    seats = [person(0, alice), person(1, bruno), bot(2, "fort")]
    assert ratings.rate("themes", "t1", seats, ranks=(1, 2, 3))
    before = (rows(storage, ratings_table), rows(storage, rating_history_table))
    assert not ratings.rate("themes", "t1", seats, ranks=(1, 2, 3))  # a replayed end
    assert not ratings.rate("themes", "t1", seats, ranks=(3, 2, 1))
    assert (rows(storage, ratings_table), rows(storage, rating_history_table)) == before
    assert ratings.is_rated("t1")
    # A failure in the middle writes nothing: the history table gone, no rating moved.
    chloe = account(storage, "Chloé")
    with storage.engine.begin() as db:
        db.exec_driver_sql("ALTER TABLE rating_history RENAME TO rating_history_away")
    with pytest.raises(Exception, match="rating_history"):
        ratings.rate("themes", "t2", [person(0, chloe), person(1, alice)], ranks=(1, 2))
    with storage.engine.begin() as db:
        db.exec_driver_sql("ALTER TABLE rating_history_away RENAME TO rating_history")
    assert rows(storage, ratings_table) == before[0]


def test_a_person_without_an_account_makes_the_game_unrated(storage: Storage) -> None:
    """Else an account could feed itself points from seats it plays anonymously."""
    ratings = Ratings(storage.engine)
    alice = account(storage, "Alice")
    seats = [person(0, alice), person(1, None), bot(2, "debutant")]
    assert not ratings.rate("letter", "t0", seats, ranks=(1, 2, 3))
    assert rows(storage, ratings_table) == [] and rows(storage, rating_history_table) == []
    assert unrated_because(seats) is not None and "sans compte" in str(unrated_because(seats))
    # An anonymous person away, whose seat a bot holds for them (it keeps their token), too.
    held = SeatRow(1, "robot", "debutant", "Bruno", token_hash="h1")
    assert not ratings.rate("letter", "t1", [person(0, alice), held], ranks=(1, 2))
    # Accounts and bots alone: rated.
    assert ratings.rate("letter", "t1", [person(0, alice), bot(1, "fort")], ranks=(1, 2))
    assert [r.player for r in rows(storage, ratings_table)] == [f"compte:{alice}", "robot:fort"]
    # Without an account at the table there is nothing to rate (bots alone do not move).
    assert not ratings.rate("letter", "t2", [person(0, None), bot(1, "fort")], ranks=(1, 2))
    # One account at two seats plays against itself: not rated.
    assert not ratings.rate("letter", "t3", [person(0, alice), person(1, alice)], ranks=(1, 2))
    assert rows(storage, rating_history_table)[-1].table_id == "t1"


def test_the_leaderboard_and_a_players_points(storage: Storage) -> None:
    ratings = Ratings(storage.engine)
    alice, bruno = account(storage, "Alice"), account(storage, "Bruno")
    titles = {
        "debutant": "Débutant",
        "intermediaire": "Intermédiaire",
        "fort": "Fort",
        "expert": "Expert",
    }
    for number in range(3):
        seats = [person(0, alice), person(1, bruno), bot(2, "debutant")]
        ratings.rate("gremlins", f"t{number}", seats, ranks=(1, 3, 2), now=1_790_000_000.0 + number)
    board = ratings.leaderboard("gremlins", titles)
    assert all(
        set(entry)
        >= {"rang", "nom", "robot", "classement", "provisoire", "parties", "derniere_partie"}
        for entry in board  # type: ignore[union-attr]
    )
    by_name = {entry["nom"]: entry for entry in board}  # type: ignore[index]
    assert set(by_name) == {
        "Alice",
        "Bruno",
        "Robot Débutant",
        "Robot Intermédiaire",
        "Robot Fort",
        "Robot Expert",
    }
    assert [entry["rang"] for entry in board] == list(range(1, 7))  # type: ignore[index]
    shown = [entry["classement"] for entry in board]  # type: ignore[index]
    assert shown == sorted(shown, reverse=True)
    assert (
        by_name["Alice"]["classement"]
        > by_name["Robot Débutant"]["classement"]
        > by_name["Bruno"]["classement"]
    )
    assert by_name["Alice"]["provisoire"] is True and by_name["Alice"]["parties"] == 3
    assert by_name["Alice"]["derniere_partie"] == "2026-09-21T14:13:22Z"
    assert by_name["Robot Débutant"]["robot"] is True and by_name["Robot Débutant"]["parties"] == 3
    assert (
        by_name["Robot Expert"]["parties"] == 0
        and by_name["Robot Expert"]["derniere_partie"] is None
    )
    assert by_name["Robot Expert"]["provisoire"] is False
    points = ratings.history("gremlins", "alice")  # names are found whatever their case
    assert points is not None and points["nom"] == "Alice" and points["depart"] == 1500
    assert [p["partie"] for p in points["points"]] == [1, 2, 3]  # type: ignore[index, union-attr]
    assert (
        [p["classement"] for p in points["points"]][-1]
        == points["classement"]
        == by_name["Alice"]["classement"]
    )  # type: ignore[index, union-attr]
    assert ratings.history("gremlins", "Personne") is None
    assert ratings.history("letter", "Alice") is None
    # Provisional for the first games only.
    for number in range(3, PROVISIONAL_GAMES):
        seats = [person(0, alice), bot(1, "debutant")]
        ratings.rate("gremlins", f"t{number}", seats, ranks=(1, 2))
    top = {e["nom"]: e for e in ratings.leaderboard("gremlins", titles)}  # type: ignore[index]
    assert top["Alice"]["parties"] == PROVISIONAL_GAMES and top["Alice"]["provisoire"] is False
    with storage.engine.connect() as db:
        assert db.execute(select(func.count()).select_from(rating_history_table)).scalar_one() > 0


# --- through the server -------------------------------------------------------------------


def started_table(
    people: People, host: str | None, guest: str | None, **body: Any
) -> tuple[str, dict[int, str]]:
    created = create(people.be(host), **body)
    table_id = created["table"]
    joined = people.be(guest).post(f"/api/tables/{table_id}/join", json={"nom": "Invité"}).json()
    tokens = {created["place"]: created["jeton"], joined["place"]: joined["jeton"]}
    response = people.be(host).post(
        f"/api/tables/{table_id}/start", json={"jeton": created["jeton"]}
    )
    assert response.status_code == 200, response.text
    return table_id, tokens


def history_rows(client: TestClient) -> list[tuple[str, str, float, float]]:
    storage = client.app.state.lobby.storage  # type: ignore[attr-defined]
    return sorted(
        (r.table_id, r.player, r.mu, r.sigma) for r in rows(storage, rating_history_table)
    )


def test_a_rated_game_played_to_its_end_is_rated_once(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(test_games=True)
    people = People(client)
    people.sign_up("Alice")
    people.sign_up("Bruno")
    table_id, tokens = started_table(people, "Alice", "Bruno")
    assert client.get(f"/api/tables/{table_id}").json()["classee"] is True  # by default
    unrated = client.get(f"/api/tables/{table_id}/classement").json()
    assert unrated["classee"] is True and unrated["places"] == [None, None]  # not over yet
    play_out(client, table_id, tokens)
    table = client.get(f"/api/tables/{table_id}").json()
    assert table["statut"] == "terminee"
    ranks = table["resultat"]["rangs"]
    changes = client.get(f"/api/tables/{table_id}/classement").json()
    assert changes["titre"] == "Enchères" and changes["classee"] is True
    for seat, change in enumerate(changes["places"]):
        mine, theirs = ranks[seat], ranks[1 - seat]
        assert change["avant"] == 1500 and change["provisoire"] is True
        assert (change["ecart"] > 0, change["ecart"] < 0) == (mine < theirs, mine > theirs)
    board = client.get("/api/classement/encheres").json()
    assert board["jeu"] == "encheres" and {e["nom"] for e in board["classement"]} == {
        "Alice",
        "Bruno",
    }
    curve = client.get("/api/classement/encheres/historique", params={"nom": "BRUNO"}).json()
    assert curve["nom"] == "Bruno" and [p["table"] for p in curve["points"]] == [table_id]
    rated = history_rows(client)
    assert len(rated) == 2

    # A restart replays nothing into the ratings.
    again = make_client(test_games=True)
    assert history_rows(again) == rated
    assert again.get(f"/api/tables/{table_id}/classement").json() == changes
    # A server stopped between the last move and the ratings rates the game at its start, once.
    storage = again.app.state.lobby.storage  # type: ignore[attr-defined]
    with storage.engine.begin() as db:
        db.execute(rating_history_table.delete())
        db.execute(ratings_table.delete())
    third = make_client(test_games=True)
    assert history_rows(third) == rated
    make_client(test_games=True)
    assert history_rows(third) == rated


def test_an_unrated_table_changes_nothing(make_client: Callable[..., TestClient]) -> None:
    client = make_client(test_games=True)
    people = People(client)
    people.sign_up("Alice")
    people.sign_up("Bruno")
    table_id, tokens = started_table(people, "Alice", "Bruno", classee=False)
    assert client.get(f"/api/tables/{table_id}").json()["classee"] is False
    play_out(client, table_id, tokens)
    assert client.get(f"/api/tables/{table_id}").json()["statut"] == "terminee"
    assert history_rows(client) == []
    assert client.get(f"/api/tables/{table_id}/classement").json()["places"] == [None, None]
    # An anonymous creator's table is not rated; its rematch neither.
    anonymous, tokens = started_table(people, None, "Bruno")
    assert client.get(f"/api/tables/{anonymous}").json()["classee"] is False
    play_out(client, anonymous, tokens)
    assert history_rows(client) == []


def test_the_rated_option_is_checked(make_client: Callable[..., TestClient]) -> None:
    client = make_client(test_games=True)
    people = People(client)
    people.sign_up("Alice")

    def refused(name: str | None, body: dict[str, Any]) -> tuple[int, str]:
        before = len(client.get("/api/tables").json()["tables"])
        payload = {"jeu": "encheres", "joueurs": 2, "nom": "Anonyme", **body}
        response = people.be(name).post("/api/tables", json=payload)
        assert len(client.get("/api/tables").json()["tables"]) == before  # nothing made
        error = response.json()["erreur"]
        assert error["message"]
        return response.status_code, error["code"]

    assert refused(None, {"classee": True}) == (401, "non_connecte")
    assert refused("Alice", {"classee": "oui"}) == (400, "requete_invalide")
    solo = {"jeu": "gutenberg", "joueurs": 1, "options": {"mode": "solo"}, "classee": True}
    assert refused("Alice", solo) == (400, "options_invalides")
    # Alone, a logged-in person's table is simply not rated.
    del solo["classee"]
    made = create(people.be("Alice"), **solo)
    assert client.get(f"/api/tables/{made['table']}").json()["classee"] is False


def test_leaderboard_routes(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    board = client.get("/api/classement/gutenberg").json()
    assert board["titre"] == "Gutenberg"
    assert [(e["rang"], e["nom"], e["robot"], e["parties"]) for e in board["classement"]] == [
        (1, "Robot Expert", True, 0),
        (2, "Robot Fort", True, 0),
        (3, "Robot Intermédiaire", True, 0),
        (4, "Robot Débutant", True, 0),
    ]
    assert board["classement"][-1]["classement"] == 1500
    for path, status, code in [
        ("/api/classement/inconnu", 404, "jeu_inconnu"),
        ("/api/classement/encheres", 404, "jeu_inconnu"),  # test-only: not on this server
        ("/api/classement/gutenberg/historique", 400, "requete_invalide"),
        ("/api/classement/gutenberg/historique?nom=" + "x" * 81, 400, "requete_invalide"),
        ("/api/classement/gutenberg/historique?nom=Personne", 404, "joueur_inconnu"),
        ("/api/tables/inconnue/classement", 404, "table_inconnue"),
    ]:
        response = client.get(path)
        assert (response.status_code, response.json()["erreur"]["code"]) == (status, code), path
    for page in ("/classement", "/mes-parties"):
        response = client.get(page)
        assert response.status_code == 200 and '<html lang="fr">' in response.text


@settings(max_examples=40, derandomize=True, deadline=None)
@given(
    game=st.text(min_size=1, max_size=40).filter(
        lambda t: t not in ("gutenberg", "letter", "themes", "gremlins")
    ),
    name=st.text(min_size=1, max_size=200),
)
def test_property_odd_names_in_the_leaderboard_routes_are_refused(
    leaderboard_client: TestClient, game: str, name: str
) -> None:
    """Any game name or player name (any characters, any length): a 4xx in French, never a
    5xx, and nothing written."""
    for path in (
        f"/api/classement/{quote(game, safe='', errors='surrogatepass')}",
        f"/api/classement/gutenberg/historique?nom={quote(name, safe='', errors='surrogatepass')}",
        f"/api/classement/{quote(game, safe='', errors='surrogatepass')}/historique?nom=Alice",
    ):
        response = leaderboard_client.get(path)
        assert 400 <= response.status_code < 500, (path, response.status_code, response.text[:200])
        assert response.json()["erreur"]["message"]


@pytest.fixture(scope="module")
def leaderboard_client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    database = f"sqlite:///{tmp_path_factory.mktemp('classement') / 'ludotheque.sqlite3'}"
    with TestClient(create_app(database, bot_workers=0, limits=RELAXED)) as client:
        yield client
