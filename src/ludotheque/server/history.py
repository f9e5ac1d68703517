"""« Mes parties »: an account's games, those where it must play first, then the newest.

Tables waiting or in play are read from the lobby (their live state says whose turn it is);
a finished game's result comes from its record, replayed once in a thread
(:meth:`History.outcomes`) and then kept: a finished game never changes.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import and_, select

from ludotheque.core.errors import LudoError
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.protocol import Game
from ludotheque.core.registry import Registry

from .ratings import Change, Ratings, iso_date
from .robots import LEVEL_TITLES
from .schema import seats_table, tables_table
from .storage import SeatRow, Storage, TableRow
from .tables import BOT, OVER, PLAYING, WAITING, TableSession

__all__ = ["FINISHED_SHOWN", "History", "result_words"]

FINISHED_SHOWN = 100  # finished games listed (the newest); waiting and in play: all of them
OUTCOMES_KEPT = 5000  # finished games' results kept in memory

Outcome = tuple[tuple[int, ...], tuple[float, ...] | None]  # ranks, scores


def result_words(rank: int, ranks: tuple[int, ...], teams: tuple[int, ...] | None) -> str:
    """A seat's result as a player says it: « Gagnée », « Perdue », « Égalité », « 2e sur 4 »
    (in a team game, its team's place among the teams).

    >>> result_words(1, (1, 2), None), result_words(2, (1, 2), None), result_words(1, (1, 1), None)
    ('Gagnée', 'Perdue', 'Égalité')
    >>> result_words(3, (2, 1, 3, 4), None), result_words(2, (1, 2, 2, 4), None)
    ('3e sur 4', '2e ex æquo sur 4')
    >>> result_words(1, (1, 1, 3), None)
    'Gagnée ex æquo'
    >>> result_words(1, (1, 2, 1, 2), (0, 1, 0, 1)), result_words(2, (2, 1, 3), (0, 1, 2))
    ('Gagnée', '2e sur 3 équipes')
    """
    if teams is not None:
        field = list({team: ranks[seat] for seat, team in enumerate(teams)}.values())
    else:
        field = list(ranks)
    shared = field.count(rank) > 1
    if rank == 1:
        if shared:
            return "Égalité" if len(set(field)) == 1 else "Gagnée ex æquo"
        return "Gagnée"
    if len(field) == 2:
        return "Perdue"
    unit = " équipes" if teams is not None else ""
    return f"{rank}e{' ex æquo' if shared else ''} sur {len(field)}{unit}"


def _table_row(row: Any) -> TableRow:
    """A row of ``tables`` as the storage's :class:`TableRow`."""
    return TableRow(
        row.id,
        row.game,
        row.players,
        row.seed,
        json.loads(row.options),
        row.clock,
        row.status,
        row.host,
        row.rematch,
        row.rematch_of,
        row.absence,
        row.created,
        bool(row.rated),
        row.hours,
        bool(row.chat_spectators),
        row.updated,
        row.finished,
    )


class History:
    """The games of the accounts of a server's database."""

    def __init__(
        self,
        storage: Storage,
        registry: Registry,
        ratings: Ratings,
        live: Callable[[str], TableSession | None],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.storage, self.registry, self.ratings = storage, registry, ratings
        self.live = live  # a table waiting or in play, from the lobby (None if not in memory)
        self.clock = clock
        self.results: OrderedDict[str, Outcome | None] = OrderedDict()

    def rows(self, account_id: int) -> list[tuple[TableRow, list[SeatRow], int]]:
        """The account's tables (waiting, in play, the newest finished), each with its seats
        and the account's seat."""
        mine = and_(
            seats_table.c.table_id == tables_table.c.id, seats_table.c.account_id == account_id
        )
        query = select(tables_table, seats_table.c.seat.label("mine")).join(seats_table, mine)
        with self.storage.engine.connect() as db:
            open_ = db.execute(query.where(tables_table.c.status.in_((WAITING, PLAYING)))).all()
            done = db.execute(
                query.where(tables_table.c.status == OVER)
                .order_by(tables_table.c.finished.desc().nulls_last(), tables_table.c.id)
                .limit(FINISHED_SHOWN)
            ).all()
            found = {row.id: row for row in [*open_, *done]}
            seats: dict[str, list[SeatRow]] = {table_id: [] for table_id in found}
            if found:
                for s in db.execute(
                    select(seats_table)
                    .where(seats_table.c.table_id.in_(list(found)))
                    .order_by(seats_table.c.table_id, seats_table.c.seat)
                ):
                    seats[s.table_id].append(
                        SeatRow(
                            s.seat,
                            s.kind,
                            s.level,
                            s.name,
                            s.token_hash,
                            s.left,
                            s.account_id,
                            s.deadline,
                        )
                    )
        result = []
        for table_id, row in found.items():
            table = _table_row(row)
            result.append((table, seats[table_id], int(row.mine)))
        return result

    def missing(self, rows: list[tuple[TableRow, list[SeatRow], int]]) -> list[str]:
        """Finished tables whose result is not known yet."""
        return [t.id for t, _, _ in rows if t.status == OVER and t.id not in self.results]

    def outcomes(self, table_ids: list[str]) -> dict[str, Outcome | None]:
        """Replay finished games for their result (in a thread: a record replays in a few ms)."""
        found: dict[str, Outcome | None] = {}
        for table_id in table_ids:
            record = self.storage.load_record(table_id)
            outcome = None
            if record is not None:
                try:
                    final = record.replay(self.registry.get(record.game)).outcome()
                except LudoError:  # a game gone, a word refused by today's dictionary
                    final = None
                if final is not None:
                    outcome = (final.ranks, final.scores)
            found[table_id] = outcome
        return found

    def finished(self, session: TableSession) -> None:
        """A game just ended: its result, known without a replay."""
        outcome = None if session.state is None else session.state.outcome()
        if outcome is not None:
            self.keep({session.id: (outcome.ranks, outcome.scores)})

    def keep(self, found: Mapping[str, Outcome | None]) -> None:
        for table_id, outcome in found.items():
            self.results[table_id] = outcome
            self.results.move_to_end(table_id)
        while len(self.results) > OUTCOMES_KEPT:
            self.results.popitem(last=False)

    def games(self, account_id: int, rows: list[tuple[TableRow, list[SeatRow], int]]) -> JsonValue:
        """The « Mes parties » list (:meth:`rows`, results known): « à vous » first, then the
        newest."""
        entries: list[tuple[bool, float, JsonObject]] = []
        changes = self.ratings.account_changes(account_id)
        for table, seats, seat in rows:
            try:
                game = self.registry.get(table.game)
            except LudoError:
                continue  # a game this server no longer offers
            entry = self._entry(game, table, seats, seat, changes)
            when = table.finished or table.updated or table.created or 0.0
            entries.append((bool(entry["a_vous"]), when, entry))
        entries.sort(key=lambda e: (not e[0], -e[1]))
        return [entry for _, _, entry in entries]

    def _entry(
        self,
        game: Game[Any, Any],
        table: TableRow,
        seats: list[SeatRow],
        seat: int,
        changes: Mapping[str, Change],
    ) -> JsonObject:
        session = self.live(table.id)
        if session is None:
            session = TableSession(game, table, seats, self.storage)  # for its names only
        teams = session.teams()
        names = [session.name(s.seat) for s in seats]
        others: list[JsonValue] = [
            {
                "nom": names[s.seat],
                "robot": LEVEL_TITLES.get(s.level or "", s.level)
                if s.kind == BOT and not session.held(s.seat)
                else None,
                "equipier": teams is not None and teams[s.seat] == teams[seat],
            }
            for s in seats
            if s.seat != seat
        ]
        state = session.state if session.row.status == PLAYING else None
        to_play = state is not None and seat in state.to_move() and seats[seat].kind != BOT
        result = score = None
        if table.status == OVER:
            outcome = self.results.get(table.id)
            if outcome is not None:
                ranks, scores = outcome
                if table.players == 1:
                    result = "Partie solo"
                else:
                    result = result_words(ranks[seat], ranks, teams)
                score = None if scores is None else scores[seat]
        rating: JsonValue = None
        change = changes.get(table.id) if table.status == OVER else None
        if change is not None:
            shown = change.to_json()
            rating = {"avant": shown["avant"], "apres": shown["apres"]}
        deadline = seats[seat].deadline if table.status == PLAYING else None
        when = table.finished or table.updated or table.created
        return {
            "table": table.id,
            "jeu": table.game,
            "titre": game.info.title,
            "statut": table.status,
            "a_vous": to_play,
            "place": seat,
            "adversaires": others,
            "resultat": result,
            "score": score,
            "classee": table.rated,
            "classement": rating,
            "date": iso_date(when),
            "echeance": iso_date(deadline),
            "reste": None if deadline is None else max(0, round(deadline - self.clock())),
            "lien": f"/replay/{table.id}" if table.status == OVER else f"/table/{table.id}",
        }
