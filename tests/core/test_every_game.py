"""The generic suite: every registered game, every mode and player count, many seeds."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from ludotheque.core.conformance import (
    check_illegal_actions,
    check_random_play,
    check_replay,
    check_secrecy,
)
from ludotheque.core.protocol import Game
from ludotheque.core.record import GameRecord
from ludotheque.games import default_registry

SEEDS_PER_CONFIGURATION = 12
# Heavier games play fewer seeds per configuration (each has its own rule tests besides).
SEEDS = {"gutenberg": 4, "letter": 1, "themes": 2, "gremlins": 1}


def configurations() -> list[Any]:
    params = []
    for game in default_registry():
        for mode in game.info.modes:
            for players in mode.player_counts():
                for seed in range(SEEDS.get(game.info.name, SEEDS_PER_CONFIGURATION)):
                    params.append(
                        pytest.param(
                            game.info.name,
                            mode.name,
                            players,
                            seed,
                            id=f"{game.info.name}-{mode.name}-{players}p-seed{seed}",
                        )
                    )
    return params


@cache
def playthrough(name: str, mode: str, players: int, seed: int) -> GameRecord:
    game = default_registry().get(name)
    return check_random_play(game, players, seed, {"mode": mode})


def _game(name: str) -> Game[Any, Any]:
    return default_registry().get(name)


@pytest.mark.parametrize(("name", "mode", "players", "seed"), configurations())
def test_random_play_keeps_invariants_to_the_end(name: str, mode: str, players: int, seed: int):
    record = playthrough(name, mode, players, seed)
    assert record.replay(_game(name)).is_over


@pytest.mark.parametrize(("name", "mode", "players", "seed"), configurations())
def test_replay_is_exact(name: str, mode: str, players: int, seed: int):
    check_replay(_game(name), playthrough(name, mode, players, seed))


@pytest.mark.parametrize(("name", "mode", "players", "seed"), configurations())
def test_views_hide_other_seats_secrets(name: str, mode: str, players: int, seed: int):
    check_secrecy(_game(name), playthrough(name, mode, players, seed))


@pytest.mark.parametrize(("name", "mode", "players", "seed"), configurations())
def test_illegal_actions_are_refused_and_change_nothing(
    name: str, mode: str, players: int, seed: int
):
    tried = check_illegal_actions(_game(name), playthrough(name, mode, players, seed))
    assert tried > 0


def test_every_game_declares_modes_and_plays_with_defaults():
    assert len(default_registry()) >= 1
    for game in default_registry():
        info = game.info
        assert info.modes, info.name
        state = game.new(info.min_players, seed=0)
        assert state.players == info.min_players
        assert state.to_move(), f"{info.name}: nobody moves first"


def test_different_seeds_give_different_games():
    for game in default_registry():
        if not game.info.chance:
            continue
        players = game.info.max_players
        views = {str(game.new(players, seed).view(0)) for seed in range(8)}
        assert len(views) > 1, game.info.name
