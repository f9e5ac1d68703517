"""The OpenSpiel bridge: the games registered with pyspiel pass OpenSpiel's own random
simulation test (legal actions, clones, observations, returns) and keep each seat's view.

Without ``open-spiel`` these tests skip, unless ``LUDOTHEQUE_REQUIRE_OPENSPIEL=1`` (CI, which
installs it with the ``test`` extra), where they fail."""

from __future__ import annotations

import importlib.util
import os

import numpy as np
import pytest

MISSING = importlib.util.find_spec("pyspiel") is None
pytestmark = pytest.mark.skipif(
    MISSING and os.environ.get("LUDOTHEQUE_REQUIRE_OPENSPIEL") != "1",
    reason="open-spiel is not installed (LUDOTHEQUE_REQUIRE_OPENSPIEL=1 makes it a failure)",
)


@pytest.fixture(scope="module")
def pyspiel():
    import pyspiel

    import ludotheque.rl.openspiel  # noqa: F401 (registers the games)

    return pyspiel


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("ludotheque_gutenberg", {"players": 2}),
        ("ludotheque_letter", {"players": 2}),
        ("ludotheque_themes", {"players": 3, "mode": "simultanee"}),
        ("ludotheque_gremlins", {"players": 2}),
    ],
)
def test_random_simulation(pyspiel, name, params):
    game = pyspiel.load_game(name, params)
    assert game.num_players() == params["players"]
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_game_played_to_the_end_is_zero_sum_and_keeps_views_apart(pyspiel):
    game = pyspiel.load_game("ludotheque_gutenberg", {"players": 3, "seed": 7})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    first = state.current_player()
    state.apply_action(int(rng.choice(state.legal_actions())))  # a draft pick, still secret
    pick = state.ludo.picks[first]
    assert pick is not None
    for other in range(3):
        if other != first:
            assert pick not in state.observation_string(other)
    clone = state.clone()
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0)
    assert max(returns) == 1.0 or len(set(returns)) < 3
    assert not clone.is_terminal()  # the clone did not move with the original
    tensor = np.array(clone.observation_tensor(0))
    assert tensor.shape == (game.observation_tensor_size(),) and tensor.any()
