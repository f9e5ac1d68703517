"""Slow games: each person to move has the table's ``hours`` for their move (``docs/server.md``,
« Parties lentes »).

A seat's deadline is a wall-clock time (``time.time()``, the lobby's clock) kept in
``seats.deadline`` and in its :class:`~ludotheque.server.storage.SeatRow`: set when the seat's
decision starts, cleared when it acts. A move carries the deadlines it changes into the same
transaction as its row (:func:`after_move`, given to ``Storage.add_move``), so a crash never
leaves the deadline of a decision already made on a seat that must decide again. The rest (the
start of the game, a seat that changes hands, a restart) is caught up right after the change
(:func:`catch_up`, then :func:`store`); a crash between the change and that write only gives a
seat its full time again, never less.

The timers themselves are the table runner's
(:meth:`~ludotheque.server.runner.TableRunner.arm`): from the stored deadline, so a restarted
server re-arms each with the time left.

>>> hours_of({"heures": 24}, clock=0, absence=None)
24
>>> hours_of({}, clock=30, absence=60)
0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, update

from ludotheque.core.json_types import JsonObject
from ludotheque.core.protocol import State

from .schema import seats_table
from .storage import SeatRow

__all__ = [
    "MAX_HOURS",
    "Changes",
    "SlowGameError",
    "after_move",
    "apply",
    "catch_up",
    "hours_in_words",
    "hours_of",
    "iso_time",
    "store",
    "timed_seats",
]

MAX_HOURS = 168  # a week per move
Changes = dict[int, float | None]  # seat → its new deadline (None: it has none)
HUMAN = "humain"  # as tables.HUMAN (tables imports this module: no cycle)


class SlowGameError(ValueError):
    """A request's slow-game fields that do not go together; ``message`` is French."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def hours_of(body: JsonObject, *, clock: int, absence: object) -> int:
    """The ``heures`` of a request for a new table (0: not a slow game), checked against its
    seconds clock (``horloge``) and ``absence`` as sent (None: not sent).

    Raises :class:`SlowGameError` (the lobby answers 400 ``requete_invalide``).
    """
    hours = body.get("heures", 0)
    if hours is None:
        hours = 0
    if isinstance(hours, bool) or not isinstance(hours, int) or not 0 <= hours <= MAX_HOURS:
        raise SlowGameError(
            f"« heures » : les heures de chacun pour jouer son coup, de 1 à {MAX_HOURS} "
            "(0 : une partie en direct)."
        )
    if hours and clock:
        raise SlowGameError(
            "Une partie lente n'a pas d'horloge en secondes : laissez « horloge » à 0 "
            "(chacun a « heures » heures par coup)."
        )
    if hours and absence not in (None, 0):
        raise SlowGameError(
            "Une partie lente attend ses joueurs sans connexion : laissez « absence » à 0 "
            "(ou ne l'envoyez pas)."
        )
    return hours


def hours_in_words(hours: int) -> str:
    """« 24 h », « 1 semaine »: a slow table's time per move as the journal and logs say it."""
    return "1 semaine" if hours == MAX_HOURS else f"{hours} h"


def iso_time(moment: float | None) -> str | None:
    """A wall-clock time as ISO 8601 in UTC (« 2025-03-04T21:14:00Z »), None for None."""
    if moment is None:
        return None
    shown = datetime.fromtimestamp(round(moment), UTC).isoformat()
    return shown.replace("+00:00", "Z")


def timed_seats(seats: Sequence[SeatRow], state: State[Any] | None) -> set[int]:
    """The seats whose clock runs in ``state``: the people to move (a seat a bot holds is a
    bot's; a left seat is still timed, as with the seconds clock, so the game goes on)."""
    if state is None or state.is_over:
        return set()
    return {seat for seat in state.to_move() if seats[seat].kind == HUMAN}


def after_move(
    seats: Sequence[SeatRow],
    before: State[Any] | None,
    after: State[Any],
    mover: int,
    now: float,
    hours: int,
) -> Changes:
    """The deadlines a move of ``mover`` changes (seat → new deadline, or None), to be written
    with the move.

    A seat whose decision starts with this move (it was not to move, or it is the mover and
    must decide again) gets ``hours`` from ``now``; a seat still deciding keeps its own; a seat
    no longer to move loses its deadline.
    """
    moving = set() if before is None else set(before.to_move())
    timed = timed_seats(seats, after)
    changes: Changes = {}
    for row in seats:
        if row.seat in timed:
            if row.seat == mover or row.seat not in moving or row.deadline is None:
                changes[row.seat] = now + hours * 3600.0
        elif row.deadline is not None:
            changes[row.seat] = None
    return changes


def catch_up(seats: Sequence[SeatRow], state: State[Any] | None, now: float, hours: int) -> Changes:
    """The deadlines to change after something that is not a move (the start, a seat that
    changes hands, a restart): a timed seat without one gets ``hours`` from ``now``, a seat no
    longer timed loses its own; the others are kept (after a restart: the time left)."""
    timed = timed_seats(seats, state)
    changes: Changes = {}
    for row in seats:
        if row.seat in timed and row.deadline is None:
            changes[row.seat] = now + hours * 3600.0
        elif row.seat not in timed and row.deadline is not None:
            changes[row.seat] = None
    return changes


def store(engine: Engine, table_id: str, changes: Mapping[int, float | None]) -> None:
    """Write seats' deadlines in one transaction (a failure raises and changes nothing)."""
    with engine.begin() as db:
        for seat, deadline in changes.items():
            db.execute(
                update(seats_table)
                .where(seats_table.c.table_id == table_id, seats_table.c.seat == seat)
                .values(deadline=deadline)
            )


def apply(seats: Sequence[SeatRow], changes: Mapping[int, float | None]) -> None:
    """Keep stored deadlines in the seats' rows in memory."""
    for seat, deadline in changes.items():
        seats[seat].deadline = deadline
