"""``ludotheque.bots.simulate`` and the ``ludotheque simulate`` command."""

from __future__ import annotations

import json
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from ludotheque.bots.base import Observation, RandomBot
from ludotheque.bots.levels import LEVEL_NAMES
from ludotheque.bots.simulate import bot_factories, derive_seed, play_game, simulate
from ludotheque.cli.simulate import register
from ludotheque.core.rng import Draws
from ludotheque.games.encheres import Encheres
from ludotheque.games.gutenberg import Gutenberg
from ludotheque.games.gutenberg.bots import GreedyBot


class Spy:
    """A random bot that records what it is given."""

    def __init__(self, name: str = "spy", log: list[tuple[int, str]] | None = None) -> None:
        self.name = name
        self.calls: list[tuple[int, str, int]] = []
        self.log = [] if log is None else log  # shared between spies: the order of the calls
        self.inner = RandomBot()

    def choose(self, observation: Observation, draws: Draws) -> Any:
        assert isinstance(observation, Observation)
        phase = observation.view.get("phase", "")
        self.calls.append((observation.seat, str(phase), id(draws)))
        self.log.append((observation.seat, str(phase)))
        return self.inner.choose(observation, draws)


def test_the_same_seed_gives_the_same_games() -> None:
    game = Gutenberg()
    first = simulate(game, [GreedyBot(), RandomBot()], games=3, seed=12)
    second = simulate(game, [GreedyBot(), RandomBot()], games=3, seed=12)
    assert json.dumps(first.to_json(include_time=False)) == json.dumps(
        second.to_json(include_time=False)
    )
    assert first.outcomes == second.outcomes
    other = simulate(game, [GreedyBot(), RandomBot()], games=3, seed=13)
    assert other.outcomes != first.outcomes


def test_wins_per_seat_and_per_bot_with_shared_wins() -> None:
    bots = [RandomBot(), RandomBot(), Spy("spy")]
    result = simulate(Encheres(), bots, games=20, seed=3)
    assert result.games == 20 and result.players == 3
    assert [seat.bot for seat in result.seats] == ["random", "random", "spy"]
    seat_wins = [seat.wins for seat in result.seats]
    assert result.wins == {"random": seat_wins[0] + seat_wins[1], "spy": seat_wins[2]}
    winners = sum(len(outcome.winners) for outcome in result.outcomes)
    assert sum(seat_wins) == winners  # a shared first place is a win for each
    assert result.shared == sum(len(o.winners) > 1 for o in result.outcomes)
    assert result.win_rate is None and "win_rate" not in result.to_json()
    data = result.to_json()
    assert {"games", "seconds", "wins", "seats"} <= set(data)


def test_bots_see_observations_in_a_drawn_order_with_their_own_draws() -> None:
    log: list[tuple[int, str]] = []
    spies = [Spy(log=log), Spy(log=log), Spy(log=log)]
    play_game(Gutenberg(), spies, seed=derive_seed(5, 0))
    for seat, spy in enumerate(spies):
        assert {call[0] for call in spy.calls} == {seat}
        assert len({call[2] for call in spy.calls}) == 1  # one stream per seat and game
    assert len({spy.calls[0][2] for spy in spies}) == 3
    # Simultaneous phases (draft steps, writing): everybody at once, asked in an order drawn
    # from the game's seed (the first to answer is not always seat 0), the same every time.
    drafts = [log[i : i + 3] for i in range(0, 12, 3)]
    assert all(sorted(step) == [(seat, "draft") for seat in range(3)] for step in drafts)
    writes = [seat for seat, phase in log if phase == "write"]
    rounds = [writes[i : i + 3] for i in range(0, 15, 3)]
    assert all(sorted(r) == [0, 1, 2] for r in rounds)
    assert len({tuple(r) for r in rounds} | {tuple(s for s, _ in d) for d in drafts}) > 1
    again: list[tuple[int, str]] = []
    play_game(Gutenberg(), [Spy(log=again), Spy(log=again), Spy(log=again)], derive_seed(5, 0))
    assert again == log


def test_solo_reports_the_win_rate_against_la_rotative() -> None:
    result = simulate(Gutenberg(), [GreedyBot()], games=4, seed=1, options={"difficulte": "facile"})
    assert result.automata == 1
    assert result.win_rate == result.solo_wins / 4
    assert result.to_json()["win_rate"] == result.win_rate
    assert result.seats[0].wins == result.solo_wins


def test_bot_factories_by_game() -> None:
    assert set(bot_factories(Gutenberg())) == {"random", "greedy", "strong", *LEVEL_NAMES}
    assert set(bot_factories(Encheres())) == {"random"}


# --- the command -------------------------------------------------------------------------


def cli() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def root() -> None:
        """Test application."""

    register(app)
    return app


runner = CliRunner()


def invoke(*args: str) -> Any:
    return runner.invoke(cli(), ["simulate", *args])


def test_cli_json() -> None:
    args = ["gutenberg", "--players", "3", "--bots", "random,greedy", "--games", "2"]
    result = invoke(*args, "--seed", "4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 2 and isinstance(data["seconds"], float)
    assert [seat["bot"] for seat in data["seats"]] == ["random", "greedy", "greedy"]
    assert set(data["wins"]) == {"random", "greedy"}
    assert all(set(seat) == {"bot", "wins", "mean_score"} for seat in data["seats"])
    assert "win_rate" not in data
    again = json.loads(invoke(*args, "--seed", "4", "--json").stdout)
    del data["seconds"], again["seconds"]
    assert again == data


def test_cli_text_in_french() -> None:
    result = invoke("gutenberg", "--players", "2", "--bots", "greedy", "--games", "1")
    assert result.exit_code == 0, result.output
    for label in ("1 partie", "Place", "Robot", "Victoires", "Score moyen", "greedy"):
        assert label in result.stdout


@pytest.mark.parametrize(("mode", "difficulty"), [("hard", "difficile"), ("facile", "facile")])
def test_cli_solo_mode_and_win_rate(mode: str, difficulty: str) -> None:
    solo = ["gutenberg", "--players", "1", "--bots", "greedy"]
    result = invoke(*solo, "--games", "2", "--mode", mode, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["options"]["difficulte"] == difficulty
    assert 0.0 <= data["win_rate"] <= 1.0
    text = invoke(*solo, "--games", "1")
    assert "Taux de victoire" in text.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["belote"], "Jeu inconnu"),
        (["gutenberg", "--bots", "genie"], "Robot inconnu"),
        (["gutenberg", "--players", "1", "--mode", "extreme"], "Mode inconnu"),
        (["gutenberg", "--players", "2", "--mode", "difficile"], "ne s'applique qu'au mode"),
        (["gutenberg", "--players", "9"], "joueurs"),
        (["gutenberg", "--players", "2", "--bots", "greedy,greedy,greedy"], "robots pour"),
    ],
)
def test_cli_errors_in_french_with_status_2(args: list[str], message: str) -> None:
    result = invoke(*args, "--games", "1")
    assert result.exit_code == 2
    assert message in result.stderr
