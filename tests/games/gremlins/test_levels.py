"""Gremlins' four levels (``bots_levels``): what each one knows of the cards, the choice filter,
attention, the Expert's search, the pace, the view only, and games that never stall.

The strength of the ladder is measured over hundreds of games (``ludotheque simulate gremlins
--bots expert,fort``, ``benchmarks/bot_levels.py --game gremlins``); one test here only checks its
direction on a few fixed seeds.
"""

from __future__ import annotations

import statistics
from dataclasses import replace
from typing import Any

import pytest

from ludotheque.bots.base import Decision, Observation, decide
from ludotheque.bots.levels import LEVEL_NAMES, LEVELS
from ludotheque.bots.simulate import derive_seed, play_game
from ludotheque.core.rng import Rng
from ludotheque.games.gremlins.actions import (
    Action,
    AssignCard,
    Choose,
    Complete,
    EndTurn,
    PlayAction,
    Redraw,
    StartProject,
)
from ludotheque.games.gremlins.bots import BOTS, make_bot
from ludotheque.games.gremlins.bots_eval import EXPERT, WEIGHTS, card_worth, threat
from ludotheque.games.gremlins.bots_levels import (
    MAX_SECONDS,
    MIN_SECONDS,
    SENSES,
    GremlinsLevelBot,
    keeps_passing,
    move_values,
    thinking_seconds,
)
from ludotheque.games.gremlins.bots_search import DealSearch
from ludotheque.games.gremlins.state import GremlinsState
from ludotheque.server.robots import bot_levels

from .helpers import GAME, position, proj


def draws(seed: int = 0) -> Any:
    return Rng.from_seed(seed).draws()


def decision(name: str, state: GremlinsState, seed: int = 1) -> Decision:
    seat = min(state.to_move())
    return decide(make_bot(name), Observation.of(GAME, state, seat), draws(seed))


class Checked:
    """A level whose every decision is checked: a legal action, a human pace, a share of the
    best at most 1; counts the kinds of decisions it made."""

    def __init__(self, name: str) -> None:
        self.inner = make_bot(name)
        self.name = name
        self.kinds: set[str] = set()

    def choose(self, observation: Observation, rng: Any) -> Action:
        made = decide(self.inner, observation, rng)
        assert made.action in observation.legal, (self.name, made.action)
        assert MIN_SECONDS <= made.seconds <= MAX_SECONDS, made.seconds
        if made.best is not None:
            assert made.value is not None and made.value <= made.best + 1e-9
        state = observation._state
        assert isinstance(state, GremlinsState)
        if state.phase == "nouvelle-main":
            self.kinds.add("redraw")
        elif state.prompt is not None:
            self.kinds.add("prompt")
        else:
            self.kinds.add("main")
        return made.action


def midgame(seed: int, moves: int = 25) -> GremlinsState:
    """A position of a real game between greedy bots, ``moves`` decisions in."""
    state = GAME.new(2, seed=seed)
    greedy = [make_bot("greedy"), make_bot("greedy")]
    rngs = [draws(s) for s in range(2)]
    for _ in range(moves):
        seat = min(state.to_move())
        action = greedy[seat].choose(Observation.of(GAME, state, seat), rngs[seat])
        state = state.apply(seat, action)
    assert isinstance(state, GremlinsState) and state.outcome() is None
    return state


# --- the levels offered -----------------------------------------------------------------------


def test_the_four_levels_are_offered_in_order_with_the_old_engines_kept() -> None:
    assert bot_levels(GAME) == list(LEVEL_NAMES)
    assert {"random", "greedy", "strong"} <= set(BOTS)
    bots = [make_bot(name) for name in LEVEL_NAMES]
    assert all(isinstance(bot, GremlinsLevelBot) for bot in bots)
    assert [bot.profile for bot in bots] == [LEVELS[name] for name in LEVEL_NAMES]
    assert [bot.search is not None for bot in bots] == [False, False, False, True]
    assert make_bot("expert", deals=2).search.deals == 2
    with pytest.raises(TypeError):
        make_bot("fort", profondeur=3)


@pytest.mark.parametrize("name", LEVEL_NAMES)
def test_every_level_plays_legally_through_every_phase(name: str) -> None:
    bots = [Checked(name), Checked("fort")]
    final = play_game(GAME, bots, seed=11, options={"nouvelle_main": True})
    assert final.outcome() is not None
    assert {"redraw", "main"} <= bots[0].kinds


def test_one_of_each_level_at_a_four_player_table() -> None:
    bots = [Checked(name) for name in LEVEL_NAMES]
    final = play_game(GAME, bots, seed=4)
    outcome = final.outcome()
    assert outcome is not None and len(outcome.ranks) == 4
    assert all("main" in bot.kinds for bot in bots)


# --- card sense: Gremlins' vocabulary ---------------------------------------------------------


def test_card_sense_grows_with_the_level() -> None:
    senses = [SENSES[name] for name in LEVEL_NAMES]
    assert [s.banners for s in senses] == sorted(s.banners for s in senses)
    assert senses[0].banners < senses[1].banners < senses[2].banners == 1.0
    assert [s.threats for s in senses] == [False, False, False, True]
    assert senses[3].weights is EXPERT and senses[2].weights is WEIGHTS


def test_a_beginner_counts_a_resource_of_any_banner_as_progress() -> None:
    """« Lanterne magique » needs 3 gold: a malice card under it does not bring it closer,
    which a player who reads the banners sees; a beginner counts it as progress."""
    state = position(
        2,
        hands={0: ["P20", "P33", "A01", "A12", "A14", "A16"]},  # P20 malice, P33 gold
        projects={0: [proj("P05", "P34")]},  # Lanterne magique (3 gold), 1 gold under it
    )
    legal = state.legal_actions(0)
    malice, gold = legal.index(AssignCard("P20", 0)), legal.index(AssignCard("P33", 0))
    fort = move_values(state, 0, legal, weights=SENSES["fort"].weights)
    beginner = move_values(state, 0, legal, weights=SENSES["debutant"].weights)
    assert fort[malice] < 0.1 * fort[gold]
    assert beginner[malice] > 0.4 * beginner[gold]
    assert beginner[gold] == pytest.approx(fort[gold])  # the gold card: progress for both


def test_the_expert_knows_what_attacks_are_worth() -> None:
    catalog = GAME.new(2, seed=1).catalog
    assert threat(catalog["A08"].effect) == 4.0  # voler 2 prestige: 2 won, 2 lost
    assert threat(catalog["A33"].effect) == 3.0  # the same, under a condition: ¾
    assert threat(catalog["P05"].effect) == 0.0
    # « Coffre-fort truqué » (2 prestige, voler 2 prestige), « Cheval de Troie » (voler un
    # projet): worth more to the Expert than to the greedy valuation.
    assert card_worth(catalog["P21"], EXPERT) == card_worth(catalog["P21"]) + 3.0
    assert card_worth(catalog["P23"], EXPERT) == card_worth(catalog["P23"]) + 3.0
    assert card_worth(catalog["P05"], EXPERT) == card_worth(catalog["P05"])
    # Holding « Chantage » instead of spending it as a mere resource: the Expert assigns the
    # other malice card; for the Fort level both are alike.
    state = position(
        2,
        hands={0: ["A08", "A05", "A01", "A12", "A14", "A16"]},  # A08, A05: malice banners
        projects={0: [proj("P08", "P34")]},  # Métier à tisser: 3 gold + 1 malice
        used=1,
    )
    legal = state.legal_actions(0)
    chantage, other = legal.index(AssignCard("A08", 0)), legal.index(AssignCard("A05", 0))
    expert = move_values(state, 0, legal, weights=EXPERT)
    fort = move_values(state, 0, legal, weights=WEIGHTS)
    assert fort[chantage] == pytest.approx(fort[other])
    assert expert[other] > expert[chantage] + 1.0
    assert decision("expert", state).action != AssignCard("A08", 0)


# --- the choice filter and the Expert's best --------------------------------------------------


def test_the_expert_plays_the_best_of_its_search() -> None:
    for seed in range(3):
        state = midgame(seed + 1)
        seat = min(state.to_move())
        observation = Observation.of(GAME, state, seat)
        made = decide(make_bot("expert"), observation, draws(seed))
        values = DealSearch().values(observation, draws(seed))
        best = max(range(len(values)), key=lambda i: (values[i], -i))
        if not keeps_passing(state, seat) and state.used == 0:
            values[list(observation.legal).index(EndTurn())] = float("-inf")
            best = max(range(len(values)), key=lambda i: (values[i], -i))
        assert made.action == observation.legal[best]
        if made.best is not None:
            assert made.value == pytest.approx(made.best)


def test_the_expert_completes_the_big_plan_it_can() -> None:
    state = position(
        2,
        projects={0: [proj("P17", "P33", "P34", "P36", "P38", "P12", "P20", "P21", "P22")]},
    )  # Tour de l'horloge (9 prestige): 4 gold + 1 techno + 3 resources, all there
    assert state.legal_actions(0).count(Complete(0)) == 1
    assert decision("expert", state).action == Complete(0)


def test_the_choice_filter_lets_the_lower_levels_miss_the_best() -> None:
    """The mean share of the best move's value, over the same 40 decisions: Débutant <
    Intermédiaire < Fort < Expert = 1 (the Expert plays the best of its own valuation)."""
    shares: dict[str, list[float]] = {name: [] for name in LEVEL_NAMES}
    for k in range(40):
        state = midgame(k % 8 + 1, moves=10 + 3 * (k // 8))
        seat = min(state.to_move())
        for name in LEVEL_NAMES:
            made = decide(make_bot(name), Observation.of(GAME, state, seat), draws(k))
            if made.best is not None and made.value is not None:
                shares[name].append(made.value / made.best)
    means = [statistics.mean(shares[name]) for name in LEVEL_NAMES]
    assert all(len(shares[name]) >= 25 for name in LEVEL_NAMES)
    assert means[0] < means[1] < means[2] < means[3] == pytest.approx(1.0), means


# --- attention -----------------------------------------------------------------------------


def test_attention_sees_the_harm_done_to_the_leader() -> None:
    """« Rumeur infâme » costs a malice resource and makes the leader (the opponent, 8 to 2)
    lose 2 prestige: worth playing for a player who watches the others; by its own position
    only, it is a resource spent for nothing."""
    state = position(
        2,
        hands={0: ["A09", "P01", "P02", "P04", "P05", "P06"]},
        projects={0: [proj("A01", "P20")]},  # a fake project holding one malice
        scores=(2, 8),
        used=1,
    )
    legal = state.legal_actions(0)
    rumour = legal.index(PlayAction("A09", ((0, "malice"),)))
    watching = move_values(state, 0, legal, attentive=True)
    alone = move_values(state, 0, legal, attentive=False)
    assert watching[rumour] > 1.0 and watching[rumour] == max(watching)
    assert alone[rumour] < 0 < max(alone)
    # Fort notices most of the time, Débutant seldom: over the same 40 draws.
    plays = {
        name: sum(
            decide(make_bot(name), Observation.of(GAME, state, 0), draws(k)).action == legal[rumour]
            for k in range(40)
        )
        for name in ("debutant", "fort")
    }
    assert plays["debutant"] < plays["fort"] and plays["fort"] >= 25, plays


# --- pace ----------------------------------------------------------------------------------


def test_the_pace_grows_with_the_difficulty_of_the_choice() -> None:
    fort = LEVELS["fort"]
    one = [6.0, 1.0, 0.5, 0.0]
    three = [6.0, 5.5, 5.0, 0.0]
    five = [6.0, 5.9, 5.8, 5.7, 5.6, 0.0]
    seconds = [thinking_seconds(fort, v, False, False, None) for v in (one, three, five)]
    assert seconds[0] < seconds[1] < seconds[2]
    assert thinking_seconds(fort, one, True, False, None) > seconds[0]  # a turn's first action
    assert thinking_seconds(fort, three, False, True, None) < seconds[1]  # a card's question
    by_level = [thinking_seconds(LEVELS[n], three, False, False, None) for n in LEVEL_NAMES]
    assert by_level == sorted(by_level, reverse=True) and by_level[0] > by_level[-1]
    rng = draws(3)
    drawn = [thinking_seconds(LEVELS[n], five, True, False, rng) for n in LEVEL_NAMES * 50]
    assert all(MIN_SECONDS <= s <= MAX_SECONDS for s in drawn) and len(set(drawn)) > 20


# --- the view only, reproducible --------------------------------------------------------------


@pytest.mark.parametrize("name", LEVEL_NAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_level_decides_from_its_view_only(name: str, seed: int) -> None:
    state = midgame(seed)
    seat = min(state.to_move())
    twin = state.resample_hidden(seat, draws(seed + 100))
    assert twin.view(seat) == state.view(seat) and twin.hands != state.hands
    first = decide(make_bot(name), Observation.of(GAME, state, seat), draws(seed))
    second = decide(make_bot(name), Observation.of(GAME, twin, seat), draws(seed))
    assert first == second


@pytest.mark.parametrize("name", ["debutant", "expert"])
def test_games_replay_exactly_from_the_draws(name: str) -> None:
    first = play_game(GAME, [make_bot(name), make_bot("intermediaire")], seed=21)
    again = play_game(GAME, [make_bot(name), make_bot("intermediaire")], seed=21)
    assert isinstance(first, GremlinsState) and isinstance(again, GremlinsState)
    assert first.journal == again.journal and first.scores == again.scores


# --- no turn given away, no stalled game ------------------------------------------------------


def test_no_level_gives_a_whole_turn_away() -> None:
    """Seven action cards in hand (a « piocher » left one over): ending the turn kept them
    all, which the valuation liked better than banking one as a resource; a bot passed turn
    after turn and lost 0 – 4 when the other passed too. Now it acts."""
    actions = ["A10", "A12", "A14", "A15", "A23", "A33", "A35"]
    state = position(2, hands={0: actions}, projects={0: [proj("P24", "A06")]})
    assert not keeps_passing(state, 0)
    for name in LEVEL_NAMES:
        for seed in range(5):
            assert decision(name, state, seed).action != EndTurn(), (name, seed)


def test_passing_is_kept_when_it_wins_the_game() -> None:
    """The opponent passed a whole turn; passing too ends the game (a round without any
    action): a level ahead takes the win, a level behind plays on."""
    ahead = replace(position(2, scores=(5, 3), starter=1), idle=1)
    assert keeps_passing(ahead, 0)
    assert decision("expert", ahead).action == EndTurn()
    behind = replace(position(2, scores=(3, 5), starter=1), idle=1)
    assert not keeps_passing(behind, 0)
    assert decision("expert", behind).action != EndTurn()


def test_beginners_never_stall_a_game() -> None:
    for k in range(6):
        final = play_game(GAME, [make_bot("debutant"), make_bot("debutant")], derive_seed(9, k))
        outcome = final.outcome()
        assert outcome is not None and "sans aucune action" not in (outcome.reason or "")


def test_the_set_up_redraw_is_made_by_a_level_that_notices() -> None:
    state = GAME.new(2, seed=4, options={"nouvelle_main": True})
    made = [decision(name, state, k).action for name in LEVEL_NAMES for k in range(12)]
    assert all(isinstance(action, Redraw) for action in made)
    kept = {
        name: sum(decision(name, state, k).action == Redraw(()) for k in range(12))
        for name in ("debutant", "expert")
    }
    assert kept["debutant"] > kept["expert"], kept


# --- the ladder's direction -------------------------------------------------------------------


def test_the_ladder_points_the_right_way() -> None:
    """A few fixed games (the measured figures: benchmarks/bot_levels.py): the Expert beats the
    Débutant, from both seats."""
    points = 0.0
    for k in range(5):
        seed = derive_seed(31, k)
        for flip in (False, True):
            names = ["debutant", "expert"] if flip else ["expert", "debutant"]
            outcome = play_game(GAME, [make_bot(n) for n in names], seed).outcome()
            assert outcome is not None
            expert = 1 if flip else 0
            if expert in outcome.winners:
                points += 1 / len(outcome.winners)
    assert points >= 7, points


def test_choices_answer_the_card_questions() -> None:
    """A prompt (which card to assign, after « Heures supplémentaires ») is answered with one
    of its options by every level."""
    state = position(
        2, hands={0: ["A02", "P01", "P02", "P04", "P05", "P06"]}, projects={0: [proj("P07")]}
    )
    state = state.apply(0, PlayAction("A02", ()))
    assert state.prompt is not None and state.prompt.seat == 0
    for name in LEVEL_NAMES:
        action = decision(name, state).action
        assert isinstance(action, Choose) and action.key in state.prompt.choices()
    assert StartProject("P01") not in state.legal_actions(0)
