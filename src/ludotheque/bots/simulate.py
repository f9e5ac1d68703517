"""Play many games of any registered game between bots, and count who wins.

Each game's seed and each bot's random stream are derived from the run's seed (a SplitMix64
mix, independent of Python's hash randomisation), so a run is reproducible: same seed, same
bots, same budgets in iterations → same games. Bots see their seat's
:class:`~ludotheque.bots.base.Observation` only; in a simultaneous phase they are asked in an
order drawn at random from a stream of the game's seed (:data:`ORDER_STREAM`): the first to
answer may win the race (Thèmes' Simultanée), and in seat order seat 0 won 22 of 30 games
between equal bots. Pending choices are hidden by the state, so the order leaks nothing.

Wins: a seat wins a game when its rank is 1; a shared first place is a win for every seat
that shares it. Wins per bot name add up the wins of the seats it plays, so a bot seated
twice can reach twice the number of games. In a mode with an automaton (Gutenberg's solo
against la Rotative), the outcome ranks the players only, rank 1 meaning the automaton was
beaten: ``win_rate`` is the share of games where a player has rank 1.

>>> from ludotheque.bots.base import RandomBot
>>> from ludotheque.games.encheres import Encheres
>>> result = simulate(Encheres(), [RandomBot(), RandomBot()], games=3, seed=7)
>>> result.games, len(result.seats), sum(result.wins.values()) >= 3
(3, 2, True)
>>> result.to_json(include_time=False) == simulate(
...     Encheres(), [RandomBot(), RandomBot()], games=3, seed=7).to_json(include_time=False)
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.moves import prepare_action
from ludotheque.core.protocol import Game, Outcome, State
from ludotheque.core.rng import Rng

from .base import Bot, Observation
from .table import BotTable, bot_table, make_bot

__all__ = [
    "SeatStats",
    "SimulationResult",
    "bot_factories",
    "bots_by_name",
    "derive_seed",
    "play_game",
    "simulate",
]

ORDER_STREAM = 1 << 20
"""The path (after the game's seed) of the stream that draws who answers first in a
simultaneous phase; seats draw from the paths 0, 1, …"""
_MASK = (1 << 64) - 1
_SEED_LIMIT = 1 << 62


def derive_seed(seed: int, *path: int) -> int:
    """A seed derived from ``seed`` and a path of integers (SplitMix64), in [0, 2**62).

    >>> derive_seed(0, 1) != derive_seed(0, 2) and derive_seed(0, 1) == derive_seed(0, 1)
    True
    """
    value = seed & _MASK
    for step in (*path, len(path)):
        value = (value + 0x9E3779B97F4A7C15 + (step & _MASK)) & _MASK
        z = value
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        value = z ^ (z >> 31)
    return value % _SEED_LIMIT


@dataclass(frozen=True, slots=True)
class SeatStats:
    """One seat's figures over the run."""

    bot: str
    wins: int
    mean_score: float | None  # None when the game gives no scores

    def to_json(self) -> JsonObject:
        return {"bot": self.bot, "wins": self.wins, "mean_score": self.mean_score}


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """What :func:`simulate` measured."""

    game: str
    players: int
    options: JsonObject
    seed: int
    games: int
    seconds: float
    seats: tuple[SeatStats, ...]
    wins: Mapping[str, int]  # per bot name, summed over its seats
    shared: int  # games whose first place was shared
    automata: int  # opponents played by the rules (la Rotative: 1), 0 if none
    solo_wins: int  # games where a player has rank 1 (meaningful when automata > 0)
    outcomes: tuple[Outcome, ...] = field(repr=False, default=())

    @property
    def win_rate(self) -> float | None:
        """Share of games won against the automaton, when the mode has one."""
        if not self.automata or not self.games:
            return None
        return self.solo_wins / self.games

    def to_json(self, include_time: bool = True) -> JsonObject:
        data: JsonObject = {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "games": self.games,
        }
        if include_time:
            data["seconds"] = round(self.seconds, 3)
        wins: dict[str, JsonValue] = dict(self.wins)
        data["wins"] = wins
        data["seats"] = [seat.to_json() for seat in self.seats]
        data["shared"] = self.shared
        if self.automata:
            data["win_rate"] = self.win_rate
        return data


def play_game(
    game: Game[Any, Any],
    bots: Sequence[Bot],
    seed: int,
    options: Mapping[str, JsonValue] | None = None,
    max_actions: int = 100_000,
) -> State[Any]:
    """Play one game to its end and return the final state.

    Bot ``i`` plays seat ``i`` with its own random stream (derived from ``seed`` and the
    seat). An illegal action raises the game's error, with a note naming the bot.
    """
    state: State[Any] = game.new(len(bots), seed, options)
    draws = [Rng.from_seed(derive_seed(seed, seat)).draws() for seat in range(len(bots))]
    order = Rng.from_seed(derive_seed(seed, ORDER_STREAM)).draws()
    for _ in range(max_actions):
        movers = sorted(state.to_move())
        if not movers:
            return state
        if len(movers) > 1:
            movers = order.shuffled(movers)  # who answers first: drawn, not the lowest seat
        for seat in movers:
            if seat not in state.to_move():
                continue
            observation = Observation.of(game, state, seat)
            action = bots[seat].choose(observation, draws[seat])
            try:
                state = prepare_action(game, state, seat, action).after
            except ValueError as error:
                error.add_note(
                    f"bot {bots[seat].name!r} at seat {seat}, game seed {seed}: {action!r}"
                )
                raise
    raise RuntimeError(f"game seed {seed} did not end after {max_actions} actions")


def simulate(
    game: Game[Any, Any],
    bots: Sequence[Bot],
    games: int,
    seed: int = 0,
    options: Mapping[str, JsonValue] | None = None,
    progress: Callable[[int, State[Any]], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games with ``bots[i]`` at seat ``i`` (one instance per seat, kept).

    Game ``k`` uses the seed ``derive_seed(seed, k)``. ``progress`` is called after each game
    with its index and final state.
    """
    players = len(bots)
    resolved = game.info.resolve_options(players, options)
    mode_name = resolved.get("mode")
    automata = game.info.mode(mode_name).automata if isinstance(mode_name, str) else 0
    wins = [0] * players
    totals = [0.0] * players
    scored = True
    shared = solo_wins = 0
    outcomes: list[Outcome] = []
    start = time.perf_counter()
    for index in range(games):
        final = play_game(game, bots, derive_seed(seed, index), resolved)
        outcome = final.outcome()
        assert outcome is not None
        outcomes.append(outcome)
        winners = outcome.winners
        for seat in winners:
            wins[seat] += 1
        shared += len(winners) > 1
        solo_wins += bool(winners)
        if outcome.scores is None:
            scored = False
        else:
            for seat in range(players):
                totals[seat] += outcome.scores[seat]
        if progress is not None:
            progress(index, final)
    seconds = time.perf_counter() - start
    by_name: dict[str, int] = {}
    for seat, bot in enumerate(bots):
        by_name[bot.name] = by_name.get(bot.name, 0) + wins[seat]
    seats = tuple(
        SeatStats(
            bot.name,
            wins[seat],
            round(totals[seat] / games, 4) if scored and games else None,
        )
        for seat, bot in enumerate(bots)
    )
    return SimulationResult(
        game=game.info.name,
        players=players,
        options=resolved,
        seed=seed,
        games=games,
        seconds=seconds,
        seats=seats,
        wins=by_name,
        shared=shared,
        automata=automata,
        solo_wins=solo_wins,
        outcomes=tuple(outcomes),
    )


def bot_factories(game: Game[Any, Any]) -> BotTable:
    """The bots a game offers (:func:`~ludotheque.bots.table.bot_table`)."""
    return bot_table(game)


def bots_by_name(game: Game[Any, Any], names: Sequence[str]) -> list[Bot]:
    """New bots of ``game`` by name (« hasard » is the random bot; a level may be written as a
    player reads it, « Débutant »), for the front ends.

    An unknown name raises :class:`LudoError` with a French message listing the known ones.
    """
    return [make_bot(game, name) for name in names]
