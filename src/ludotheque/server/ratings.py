"""Ratings in the database: a finished rated game updates them, the leaderboard reads them.

One rating per account per game in ``ratings`` (player « compte:<id> »), every change
appended to ``rating_history`` with the table it came from; the bots of each level have a row
too (player « robot:<level> »), whose μ and σ stay their anchored prior
(:func:`~ludotheque.server.rating_math.bot_priors`) while their count of games grows. The
arithmetic is :mod:`ludotheque.server.rating_math`; ``docs/server.md`` (« Classements »)
says who is rated for which seat and why.

A game is rated once: :meth:`Ratings.rate` writes nothing for a table that already has rows
in ``rating_history`` (a replayed end, a restart), and every row of one game is written in
one transaction.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Engine, exists, func, insert, select, update

from ludotheque.core.json_types import JsonObject, JsonValue

from .accounts import name_key, rating_player
from .rating_math import (
    Seat,
    Skill,
    bot_priors,
    displayed,
    newcomer,
    provisional,
    rate_game,
)
from .schema import (
    accounts_table,
    rating_history_table,
    ratings_table,
    seats_table,
    tables_table,
)
from .storage import SeatRow

__all__ = [
    "LEADERBOARD_SIZE",
    "Change",
    "Ratings",
    "iso_date",
    "player_of",
]

logger = logging.getLogger(__name__)

LEADERBOARD_SIZE = 100  # rows of a leaderboard (the bots of the game among them)
ROBOT, ACCOUNT = "robot:", "compte:"


def iso_date(at: float | None) -> str | None:
    """A time as the API writes it: ISO 8601 in UTC (« 2026-11-24T18:03:00Z »)."""
    if at is None:
        return None
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def player_of(seat: SeatRow) -> str | None:
    """Who a seat is rated for at the end of a game: its account (a bot that held the seat
    while its person was away, or finished it after they left, plays for them), the level of
    a bot seated as such, or None (an anonymous person: an unrated newcomer)."""
    if seat.account_id is not None:
        return rating_player(seat.account_id)
    if seat.kind == "robot" and seat.token_hash is None and seat.level is not None:
        return f"{ROBOT}{seat.level}"
    return None


def anonymous_person(seat: SeatRow) -> bool:
    """A person without an account at this seat: playing, or away and held by a bot."""
    return seat.account_id is None and (seat.kind == "humain" or seat.token_hash is not None)


def unrated_because(seats: Sequence[SeatRow]) -> str | None:
    """Why a rated table's game does not count (French), or None when it does: a person
    without an account at the table (an account could feed itself points from seats it plays
    anonymously in other tabs: only accounts and bots are rated, as on Lichess)."""
    if any(anonymous_person(seat) for seat in seats):
        return (
            "Une personne sans compte jouait à cette table : la partie n'entre pas au classement."
        )
    return None


@dataclass(frozen=True, slots=True)
class Change:
    """One player's rating before and after a game (``games``: rated games before it;
    ``anchored``: a bot's, never provisional)."""

    before: Skill
    after: Skill
    games: int
    anchored: bool = False

    def to_json(self) -> JsonObject:
        before, after = displayed(self.before.mu), displayed(self.after.mu)
        return {
            "avant": before,
            "apres": after,
            "ecart": after - before,
            "provisoire": not self.anchored and provisional(self.games + 1),
        }


class Ratings:
    """The ratings of a server's database (``storage.engine``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # --- a finished game ------------------------------------------------------------------

    def rate(
        self,
        game: str,
        table_id: str,
        seats: Sequence[SeatRow],
        ranks: Sequence[int],
        teams: Sequence[int] | None = None,
        now: float | None = None,
    ) -> bool:
        """Update the ratings of a finished rated game (each seat's rank, its team), in one
        transaction; False when there is nothing to do: the game was rated already, no
        account played it, or a person without an account did (:func:`unrated_because`)."""
        now = time.time() if now is None else now
        if unrated_because(seats) is not None:
            return False
        players = [player_of(seat) for seat in seats]
        priors = bot_priors(game)
        counts = Counter(p for p in players if p is not None and p.startswith(ACCOUNT))
        for index, player in enumerate(players):
            if player is None:
                continue
            if player.startswith(ACCOUNT) and counts[player] > 1:
                players[index] = None  # one account at two seats: it plays itself, unrated
            elif player.startswith(ROBOT) and player.removeprefix(ROBOT) not in priors:
                players[index] = None  # an engine of older tables (« Hasard »…): no level
        if not any(p is not None and p.startswith(ACCOUNT) for p in players):
            return False
        with self.engine.begin() as db:
            done = db.execute(
                select(rating_history_table.c.id)
                .where(rating_history_table.c.table_id == table_id)
                .limit(1)
            ).first()
            if done is not None:
                return False
            stored = {
                row.player: row
                for row in db.execute(
                    select(ratings_table).where(
                        ratings_table.c.game == game,
                        ratings_table.c.player.in_({p for p in players if p is not None}),
                    )
                )
            }
            before: list[Skill] = []
            for player in players:
                if player is not None and player.startswith(ROBOT):
                    before.append(priors[player.removeprefix(ROBOT)])
                elif player is not None and player in stored:
                    before.append(Skill(stored[player].mu, stored[player].sigma))
                else:
                    before.append(newcomer())
            own_teams = list(range(len(seats))) if teams is None else list(teams)
            after = rate_game(
                [
                    Seat(skill, team, rank)
                    for skill, team, rank in zip(before, own_teams, ranks, strict=True)
                ]
            )
            written: set[str] = set()
            for player, skill in zip(players, after, strict=True):
                if player is None or player in written:
                    continue
                written.add(player)
                if player.startswith(ROBOT):
                    skill = priors[player.removeprefix(ROBOT)]  # anchors: only the count moves
                row = stored.get(player)
                values = {"mu": skill.mu, "sigma": skill.sigma, "last": now}
                if row is None:
                    account = (
                        int(player.removeprefix(ACCOUNT)) if player.startswith(ACCOUNT) else None
                    )
                    db.execute(
                        insert(ratings_table).values(
                            game=game, player=player, account_id=account, games=1, **values
                        )
                    )
                else:
                    db.execute(
                        update(ratings_table)
                        .where(ratings_table.c.game == game, ratings_table.c.player == player)
                        .values(games=row.games + 1, **values)
                    )
                db.execute(
                    insert(rating_history_table).values(
                        game=game,
                        player=player,
                        table_id=table_id,
                        mu=skill.mu,
                        sigma=skill.sigma,
                        at=now,
                    )
                )
        return True

    def is_rated(self, table_id: str) -> bool:
        with self.engine.connect() as db:
            return (
                db.execute(
                    select(rating_history_table.c.id)
                    .where(rating_history_table.c.table_id == table_id)
                    .limit(1)
                ).first()
                is not None
            )

    def unrated_tables(self) -> list[str]:
        """Finished rated tables with an account seated and no rating written: a server
        stopped between a game's last move and its ratings (rated at the next start)."""
        history = rating_history_table
        with self.engine.connect() as db:
            rows = db.execute(
                select(tables_table.c.id)
                .where(
                    tables_table.c.rated.is_(True),
                    tables_table.c.status == "terminee",
                    exists().where(
                        seats_table.c.table_id == tables_table.c.id,
                        seats_table.c.account_id.is_not(None),
                    ),
                    ~exists().where(history.c.table_id == tables_table.c.id),
                )
                .order_by(tables_table.c.finished)
            )
            return [row.id for row in rows]

    def changes(self, table_id: str) -> dict[str, Change]:
        """What a rated game changed, player by player (empty before it is rated)."""
        history = rating_history_table
        with self.engine.connect() as db:
            rows = db.execute(select(history).where(history.c.table_id == table_id)).all()
            found: dict[str, Change] = {}
            for row in rows:
                previous = db.execute(
                    select(history.c.mu, history.c.sigma)
                    .where(
                        history.c.game == row.game,
                        history.c.player == row.player,
                        history.c.id < row.id,
                    )
                    .order_by(history.c.id.desc())
                    .limit(1)
                ).first()
                games = db.execute(
                    select(func.count())
                    .select_from(history)
                    .where(
                        history.c.game == row.game,
                        history.c.player == row.player,
                        history.c.id < row.id,
                    )
                ).scalar_one()
                anchored = row.player.startswith(ROBOT)
                start = Skill(row.mu, row.sigma) if anchored else newcomer()
                before = start if previous is None else Skill(previous.mu, previous.sigma)
                found[row.player] = Change(before, Skill(row.mu, row.sigma), games, anchored)
            return found

    def account_changes(self, account_id: int) -> dict[str, Change]:
        """What each rated game of an account changed for it, by table, in one query."""
        history = rating_history_table
        with self.engine.connect() as db:
            rows = db.execute(
                select(history.c.game, history.c.table_id, history.c.mu, history.c.sigma)
                .where(history.c.player == rating_player(account_id))
                .order_by(history.c.id)
            ).all()
        found: dict[str, Change] = {}
        last: dict[str, tuple[Skill, int]] = {}  # game → the rating so far, its games
        for row in rows:
            before, games = last.get(row.game, (newcomer(), 0))
            after = Skill(row.mu, row.sigma)
            found[row.table_id] = Change(before, after, games)
            last[row.game] = (after, games + 1)
        return found

    def seat_changes(self, table_id: str, seats: Sequence[SeatRow]) -> list[JsonValue]:
        """Each seat's change (null for a seat nobody is rated for), in seat order."""
        changes = self.changes(table_id)
        result: list[JsonValue] = []
        for seat in seats:
            player = player_of(seat)
            change = None if player is None else changes.get(player)
            result.append(None if change is None else change.to_json())
        return result

    # --- reading ----------------------------------------------------------------------------

    def leaderboard(self, game: str, titles: dict[str, str]) -> list[JsonValue]:
        """The accounts rated in ``game`` and its bots (``titles``: each level's title, every
        level of the game listed, played or not), best first."""
        entries: list[tuple[int, int, str, JsonObject]] = []
        with self.engine.connect() as db:
            rows = db.execute(
                select(ratings_table, accounts_table.c.name)
                .join(accounts_table, accounts_table.c.id == ratings_table.c.account_id)
                .where(ratings_table.c.game == game)
            ).all()
            bots = {
                row.player.removeprefix(ROBOT): row
                for row in db.execute(
                    select(ratings_table).where(
                        ratings_table.c.game == game, ratings_table.c.player.startswith(ROBOT)
                    )
                )
            }
        for row in rows:
            shown = displayed(row.mu)
            entry: JsonObject = {
                "nom": row.name,
                "robot": False,
                "classement": shown,
                "provisoire": provisional(row.games),
                "parties": row.games,
                "derniere_partie": iso_date(row.last),
            }
            entries.append((shown, row.games, row.name.casefold(), entry))
        for level, prior in bot_priors(game).items():
            if level not in titles:
                continue
            bot = bots.get(level)
            played = 0 if bot is None else bot.games
            shown = displayed(prior.mu)
            name = f"Robot {titles[level]}"
            entry = {
                "nom": name,
                "robot": True,
                "niveau": level,
                "classement": shown,
                "provisoire": False,
                "parties": played,
                "derniere_partie": None if bot is None else iso_date(bot.last),
            }
            entries.append((shown, played, name.casefold(), entry))
        entries.sort(key=lambda e: (-e[0], -e[1], e[2]))
        board: list[JsonValue] = []
        previous: int | None = None
        rank = 0
        for position, (shown, _games, _name, entry) in enumerate(entries[:LEADERBOARD_SIZE], 1):
            if shown != previous:
                rank, previous = position, shown
            board.append({"rang": rank, **entry})
        return board

    def history(self, game: str, name: str) -> JsonObject | None:
        """An account's rating in ``game`` after each of its rated games, oldest first (None:
        no account of that name has played ``game`` rated)."""
        history = rating_history_table
        with self.engine.connect() as db:
            account = db.execute(
                select(accounts_table.c.id, accounts_table.c.name).where(
                    accounts_table.c.name_key == name_key(name)
                )
            ).first()
            if account is None:
                return None
            player = rating_player(account.id)
            rows = db.execute(
                select(history.c.mu, history.c.at, history.c.table_id)
                .where(history.c.game == game, history.c.player == player)
                .order_by(history.c.id)
            ).all()
        if not rows:
            return None
        points: list[JsonValue] = [
            {
                "partie": number,
                "date": iso_date(row.at),
                "classement": displayed(row.mu),
                "provisoire": provisional(number),
                "table": row.table_id,
            }
            for number, row in enumerate(rows, 1)
        ]
        return {
            "nom": account.name,
            "depart": displayed(newcomer().mu),
            "classement": displayed(rows[-1].mu),
            "provisoire": provisional(len(rows)),
            "points": points,
        }

    def of_account(self, account_id: int) -> dict[str, tuple[int, bool]]:
        """An account's rating in each game it played rated: game → (number shown, provisional)."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(ratings_table).where(ratings_table.c.player == rating_player(account_id))
            ).all()
        return {row.game: (displayed(row.mu), provisional(row.games)) for row in rows}
