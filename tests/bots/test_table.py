"""Each game's bots are one table, and every front end makes them through it."""

from __future__ import annotations

import pytest

from ludotheque.bots.base import Observation, RandomBot, SamplerBot
from ludotheque.bots.levels import LEVEL_NAMES
from ludotheque.bots.simulate import bot_factories, bots_by_name
from ludotheque.bots.table import BotTable, bot_table, make_bot
from ludotheque.core.errors import LudoError
from ludotheque.core.rng import Rng
from ludotheque.games import default_registry
from ludotheque.server.robots import bot_levels, level_names, level_portrait

GAMES = [game for game in default_registry() if game.info.name != "encheres"]


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.info.name)
def test_every_game_declares_its_engines_and_the_four_levels(game) -> None:
    table = bot_table(game)
    assert isinstance(table, BotTable) and table is bot_factories(game)
    assert set(table) == {"random", "greedy", "strong", *LEVEL_NAMES}
    assert bot_levels(game) == list(LEVEL_NAMES) == table.levels()
    assert level_names(game) == [*LEVEL_NAMES, "greedy", "random", "strong"]
    assert all(level_portrait(game, level) for level in LEVEL_NAMES)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.info.name)
def test_a_bot_is_named_as_a_person_writes_it(game) -> None:
    made = bots_by_name(game, ["Débutant", "Intermédiaire", "hasard"])
    assert [bot.name for bot in made] == ["debutant", "intermediaire", "random"]
    assert make_bot(game, "expert").name == "expert"
    with pytest.raises(LudoError, match="Robot inconnu : « champion » \\(connus : debutant, "):
        make_bot(game, "champion")


def test_a_game_without_bots_is_offered_the_random_bot() -> None:
    encheres = default_registry().get("encheres")
    assert list(bot_table(encheres)) == ["random"]
    assert type(make_bot(encheres, "random")) is RandomBot


@pytest.mark.parametrize("name", ["letter", "gremlins"])
def test_the_sampling_random_bot_plays_the_state_s_own_sampler(name: str) -> None:
    game = default_registry().get(name)
    bot = make_bot(game, "random")
    assert isinstance(bot, SamplerBot)
    state = game.new(2, seed=4)
    for seat in sorted(state.to_move()):
        observation = Observation.of(game, state, seat)
        draws = Rng.from_seed(9).draws()
        expected = observation.determinize(draws).sample_action(seat, draws)
        assert bot.choose(observation, Rng.from_seed(9).draws()) == expected
