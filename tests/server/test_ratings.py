"""Ratings (docs/server.md, « Classements »): openskill's Plackett–Luce on finished rated games,
one rating per account per game, the bots anchored at priors spaced by their measured ladder;
every game rated once, in one transaction; the leaderboard and a player's points over time.

The first tests rate games straight through :class:`Ratings` on each back end (a two-player
game, four players with a tie, teams, bots); the last ones go through the server: a rated
Enchères game played over its sockets to the end, then a restart.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from sqlalchemy import func, insert, select

from ludotheque.server.rating_math import (
    BOT_SIGMA,
    LADDER,
    PROVISIONAL_GAMES,
    SCALE,
    bot_priors,
    displayed,
    level_gap,
)
from ludotheque.server.ratings import Ratings, name_key
from ludotheque.server.schema import accounts_table, rating_history_table, ratings_table
from ludotheque.server.storage import SeatRow, Storage

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


def test_anonymous_people_count_as_newcomers_and_are_not_stored(storage: Storage) -> None:
    ratings = Ratings(storage.engine)
    alice = account(storage, "Alice")
    seats = [person(0, alice), person(1, None), person(2, None)]
    assert ratings.rate("letter", "t1", seats, ranks=(1, 2, 3))
    assert [r.player for r in rows(storage, ratings_table)] == [f"compte:{alice}"]
    changes = ratings.seat_changes("t1", seats)
    assert changes[1] is None and changes[2] is None and changes[0]["ecart"] > 0  # type: ignore[index]
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
