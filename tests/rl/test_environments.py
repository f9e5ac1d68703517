"""What the environments promise beyond PettingZoo's API: views only, hidden simultaneous
choices, menus that are legal and depend on the view alone, rewards from the outcome."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ludotheque.core.rng import Rng
from ludotheque.games.gutenberg.actions import Write
from ludotheque.games.letter.actions import Turn
from ludotheque.games.themes.actions import Word
from ludotheque.rl import aec_env, parallel_env
from ludotheque.rl.menus import menu
from ludotheque.rl.rewards import rewards
from ludotheque.rl.session import WAIT, Session
from ludotheque.rl.specs import SPECS


def advance(session: Session, seed: int, moves: int) -> None:
    """Random rules moves (``sample_action``) from the session's state."""
    draws = Rng.from_seed(seed).draws()
    for _ in range(moves):
        if session.is_over:
            return
        seat = min(session.state.to_move())
        session.state = session.state.apply(seat, session.state.sample_action(seat, draws))


def same(first: dict[str, Any], second: dict[str, Any]) -> bool:
    return all(np.array_equal(first[key], second[key]) for key in first)


@pytest.mark.parametrize(
    ("game", "players", "mode"),
    [
        ("gutenberg", 3, "classique"),
        ("letter", 2, "classique"),
        ("themes", 3, "classique"),
        ("themes", 2, "simultanee"),
        ("gremlins", 3, "classique"),
    ],
)
def test_an_observation_depends_on_the_seat_s_view_only(game, players, mode):
    """Redraw what a seat may not see (other hands, decks): its observation, mask and menu
    stay the same — they are built from its view, never from the state's hidden fields."""
    session = Session(game, players, {"mode": mode})
    checked = 0
    for step in range(12):
        session.reset(step)
        advance(session, step, 3 * step)
        if session.is_over:
            continue
        for seat in range(players):
            before = session.observe(seat)
            moves = [c.action for c in session.menu(seat)]
            hidden = session.state
            session.state = hidden.resample_hidden(seat, Rng.from_seed(99 + step).draws())
            assert same(before, session.observe(seat)), (game, step, seat)
            assert [c.action for c in session.menu(seat)] == moves
            session.state = hidden
            checked += 1
    assert checked >= 2 * players


def test_a_draft_pick_stays_hidden_from_the_agents_after_it():
    """Gutenberg's draft is simultaneous: once player_0 has picked, player_1 observes exactly
    what it observed before (only « has chosen » changes, not which card)."""
    env = aec_env("gutenberg", 3)
    env.reset(seed=4)
    assert env.agent_selection == "player_0"
    before = {agent: env.observe(agent) for agent in ("player_1", "player_2")}
    first_pick = env.session.menu(0)[0].action
    env.step(1)
    state = env.session.state
    assert state.picks[0] == first_pick.card  # the pick is recorded, still pending
    for agent, observation in before.items():
        seat = int(agent[-1])
        view = state.view(seat)
        assert first_pick.card not in str(view)
        after = env.observe(agent)
        assert np.array_equal(after["action_mask"], observation["action_mask"])
        assert np.array_equal(after["action_features"], observation["action_features"])


def test_agents_without_a_decision_may_only_wait():
    env = aec_env("gremlins", 3)
    env.reset(seed=1)
    deciding = env.session.state.to_move()
    for seat in range(3):
        mask = env.observe(f"player_{seat}")["action_mask"]
        assert bool(mask[WAIT]) == (seat not in deciding)
        assert mask.sum() == 1 or seat in deciding


def test_an_index_outside_the_mask_is_refused_or_waits():
    env = aec_env("gremlins", 2)
    env.reset(seed=2)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    wrong = int(np.flatnonzero(mask == 0)[-1])
    with pytest.raises(ValueError):
        env.step(wrong)
    lenient = aec_env("gremlins", 2, illegal="wait")
    lenient.reset(seed=2)
    state = lenient.session.state
    lenient.step(wrong)
    assert lenient.session.state is state
    assert lenient.infos[agent] == {"illegal": True}


@pytest.mark.parametrize(
    ("game", "mode", "kind"),
    [
        ("gutenberg", "classique", Write),
        ("letter", "classique", Turn),
        ("themes", "classique", Word),
    ],
)
def test_menus_hold_generated_words_every_one_legal(game, mode, kind):
    """The word games' menus add the word finder's moves to what ``legal_actions`` lists (which
    holds no word), and the rules accept each of them."""
    session = Session(game, 2, {"mode": mode})

    def names_a_word(action: Any) -> bool:  # the rules list no such move: generators make them
        if isinstance(action, Write):
            return bool(action.plays)
        if isinstance(action, Turn):
            return bool(action.words)
        return isinstance(action, kind)

    generated = 0
    for seed in range(6):
        session.reset(seed)
        draws = Rng.from_seed(seed).draws()
        while not session.is_over and generated < 40:
            for seat in sorted(session.state.to_move()):
                moves = menu(session.state, seat, SPECS[game].menu, SPECS[game].generator)
                assert len(moves) <= SPECS[game].menu
                assert len({c.action for c in moves}) == len(moves)
                for candidate in moves:
                    session.state.check(seat, candidate.action)
                    if names_a_word(candidate.action):
                        assert candidate.generated  # a word: only the generators make them
                        generated += 1
            seat = min(session.state.to_move())
            session.state = session.state.apply(seat, session.state.sample_action(seat, draws))
    assert generated >= 40


def test_the_final_reward_is_the_ranking_or_the_score_difference():
    for reward in ("ranking", "score"):
        env = aec_env("gremlins", 3, reward=reward)
        env.reset(seed=5)
        rng = np.random.default_rng(5)
        paid = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, value, terminated, truncated, _ = env.last()
            paid[agent] += value
            if terminated or truncated:
                env.step(None)
                continue
            assert value == 0.0
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        outcome = env.session.state.outcome()
        assert outcome is not None
        assert [paid[f"player_{seat}"] for seat in range(3)] == rewards(outcome, reward)
        if reward == "ranking":
            assert max(paid.values()) == 1.0 or len(outcome.winners) > 1


def test_the_parallel_env_takes_a_simultaneous_round_at_once():
    """Thèmes Simultanée: both seats search the same turned cards in one parallel step; the
    first word in the step's order takes the round and the other's is dropped."""
    env = parallel_env("themes", 2, mode="simultanee")
    observations, _ = env.reset(seed=3)
    played = 0
    for _ in range(200):
        if not env.agents:
            break
        masks = {agent: observations[agent]["action_mask"] for agent in env.agents}
        if all(not mask[WAIT] for mask in masks.values()):
            played += 1
        actions = {agent: int(np.flatnonzero(mask)[0]) for agent, mask in masks.items()}
        observations, _, terminated, _, _ = env.step(actions)
        if all(terminated.values()):
            break
    assert played > 0
    assert not env.agents  # the game ended


def test_bad_table_options_are_refused_when_the_env_is_made():
    with pytest.raises(Exception, match=r"nulle-part"):
        aec_env("themes", 2, mode="nulle-part")


def test_the_first_example_of_docs_rl_md_plays_a_game_to_its_end():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {}
    exec(compile(code, "docs/rl.md", "exec"), namespace)
    env = namespace["env"]
    assert env.session.is_over
    assert not env.agents


def test_a_full_menu_keeps_the_moves_that_name_no_word():
    """When the word finder fills a menu, the listed moves keep room: Gutenberg's « no word »
    (Write with no play) stays among 63 words."""
    session = Session("gutenberg", 2, {"mode": "classique"})
    full = 0
    for seed in range(8):
        session.reset(seed)
        draws = Rng.from_seed(seed).draws()
        while not session.is_over:
            seat = min(session.state.to_move())
            if session.state.phase == "write":
                moves = [candidate.action for candidate in session.menu(seat)]
                assert Write() in moves
                full += len(moves) == SPECS["gutenberg"].menu
            session.state = session.state.apply(seat, session.state.sample_action(seat, draws))
    assert full > 0  # some hands had more words than the menu holds
