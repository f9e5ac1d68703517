"""Thèmes' engines (random, greedy, strong): legal full games in every mode (the four levels
too), the vocabulary share (by familiarity) and speed of each engine, the strong bot's choice,
the robot judge, honesty (a decision depends on the seat's view only) and strength. The levels
have their own tests (``test_bots_levels.py``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from ludotheque.bots.base import Observation
from ludotheque.bots.simulate import bot_factories, derive_seed, play_game, simulate
from ludotheque.core.rng import Rng
from ludotheque.games.themes import Themes
from ludotheque.games.themes.actions import EndTurn, Redraw, Verdict, Word
from ludotheque.games.themes.bots import BOTS, LEVELS, GreedyBot, RandomBot, StrongBot, make_bot
from ludotheque.games.themes.bots_common import (
    familiarity,
    judge_action,
    known_choices,
    knows,
    word_value,
    words_per_turn,
)
from ludotheque.games.themes.cards import entry_key
from ludotheque.games.themes.familiarity import entry_familiarity
from ludotheque.games.themes.state import ThemesState

from .helpers import arrange, new_state, with_play

GAME = Themes()
NAMES = ("random", "greedy", "strong")
LEVEL_NAMES = ("debutant", "intermediaire", "fort", "expert")
EVERY = (*NAMES, *LEVEL_NAMES)


# --- full games -------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["classique", "expert"])
@pytest.mark.parametrize("name", EVERY)
def test_every_bot_plays_full_games_legally_in_every_mode(name: str, mode: str) -> None:
    for players, seed in ((2, 1), (4, 2)):
        others = [make_bot(n) for n in ("fort", "random", "debutant")]
        bots = [make_bot(name), *others[: players - 1]]
        final: Any = play_game(GAME, bots, seed=seed, options={"mode": mode})  # apply() checks
        outcome = final.outcome()
        assert outcome is not None and outcome.scores is not None
        assert final.invariant_violations() == []
        assert sum(len(won) for won in final.won_themes) > 0  # words were said


@pytest.mark.parametrize(("mode", "players"), [("simultanee", 2), ("simultanee", 3), ("equipe", 4)])
@pytest.mark.parametrize("name", EVERY)
def test_every_bot_plays_the_simultaneous_and_team_variants_legally(
    name: str, mode: str, players: int
) -> None:
    others = [make_bot(n) for n in ("expert", "greedy", "debutant")]
    bots = [make_bot(name), *others[: players - 1]]
    final = play_game(GAME, bots, seed=players, options={"mode": mode})
    assert final.outcome() is not None and final.invariant_violations() == []


def test_bots_play_tables_with_a_vote_a_judge_without_judge_and_a_short_hourglass() -> None:
    for options in (
        {"jugement": "vote"},
        {"jugement": "juge"},
        {"jugement": "vocabulaire"},
        {"secondes": 15},
        {"mode": "simultanee", "jugement": "vote"},
        {"mode": "simultanee", "jugement": "juge"},
    ):
        for names in (NAMES, LEVEL_NAMES[:3], LEVEL_NAMES[1:]):
            bots = [make_bot(n) for n in names]
            assert play_game(GAME, bots, seed=3, options=options).outcome() is not None


def test_registry_factory_and_simulate_lookup() -> None:
    assert set(BOTS) == set(EVERY) and set(bot_factories(GAME)) == set(EVERY)
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    strong = make_bot("strong", candidates=3)
    assert isinstance(strong, StrongBot) and strong.candidates == 3
    for bad in ({"share": 1.5}, {"seconds_per_word": 0}, {"candidates": 0}):
        with pytest.raises(ValueError):
            make_bot("strong", **bad)
    with pytest.raises(ValueError, match="Robot inconnu"):
        make_bot("belote")


# --- vocabulary and speed by level -------------------------------------------------------


def test_the_vocabulary_share_differs_by_level_as_documented_and_is_nested() -> None:
    state = new_state(2)
    keys = sorted({k for v in state.catalog.vocabularies.values() for k in v.forms})
    assert len(keys) > 5000
    shares = [LEVELS[name].share for name in NAMES]
    assert shares == sorted(shares) and len(set(shares)) == 3
    for share in shares:
        known = sum(1 for k in keys if knows(k, share)) / len(keys)
        assert abs(known - share) < 0.03, (share, known)
    weak, mid, strong = ({k for k in keys if knows(k, s)} for s in shares)
    assert weak < mid < strong
    # The share is the most familiar entries (wordfreq), no longer a hash of the word.
    least_known = max(weak, key=entry_familiarity)
    assert all(entry_familiarity(k) <= entry_familiarity(least_known) for k in mid - weak)
    assert knows("PARIS", LEVELS["random"].share) and not knows("ACHGABAT", 0.5)
    assert familiarity("PARIS") < familiarity("ACHGABAT")


def test_known_choices_are_legal_words_of_the_level_only() -> None:
    state = arrange(
        new_state(2, seed=4, mode="expert"),
        hands={0: "ERA"},
        columns={0: ("O", "T"), 1: ("N", "I"), 2: ("S", "L"), 3: ("E", "U")},
        active=0,
    )
    full = {(w.column, entry_key(w.word), w.fifth) for w in state.word_choices(0)}
    seen: list[set[tuple[int, str, bool]]] = []
    for name in NAMES:
        share = LEVELS[name].share
        words = known_choices(state, 0, share)
        assert all(state.word_problem(0, w) is None and state.in_vocabulary(w) for w in words)
        found = {(w.column, entry_key(w.word), w.fifth) for w in words}
        assert found == {item for item in full if knows(item[1], share)}
        seen.append(found)
    assert seen[0] <= seen[1] <= seen[2] and len(seen[2]) > len(seen[0])


def test_speed_caps_the_words_of_a_turn_by_level() -> None:
    table = new_state(2)
    caps = [words_per_turn(table, LEVELS[name].seconds_per_word) for name in NAMES]
    assert caps == [1, 3, 5]
    assert words_per_turn(new_state(2, secondes=15), LEVELS["strong"].seconds_per_word) == 1
    bots = [make_bot(name) for name in NAMES]
    assert [bot.seconds_per_word for bot in bots] == [30.0, 15.0, 9.0]  # type: ignore[attr-defined]
    for pair in (("strong", "random"), ("greedy", "strong")):
        players = [make_bot(name) for name in pair]
        cap = [caps[NAMES.index(name)] for name in pair]
        state: Any = GAME.new(2, 5)
        draws = [Rng.from_seed(derive_seed(5, seat)).draws() for seat in range(2)]
        most = [0, 0]
        while state.phase != "fin":
            seat = min(state.to_move())
            action = players[seat].choose(Observation.of(GAME, state, seat), draws[seat])
            state = state.apply(seat, action)
            if isinstance(action, Word):
                assert state.play.words_in_turn <= cap[seat]
                most[seat] = max(most[seat], state.play.words_in_turn)
        assert max(most) > 1  # a fast bot did say several words in a turn


# --- choices ------------------------------------------------------------------------------


def nemo_table(words_in_turn: int = 0) -> ThemesState:
    state: ThemesState = arrange(
        new_state(3, seed=5, mode="expert"),
        hands={0: "NEX"},
        columns={0: ("M", "T"), 1: ("R", "I"), 2: ("U", "L"), 3: ("A", "P")},
        themes={0: "DANS LA MER"},
        fifth="CINÉMA",
        active=0,
    )
    return with_play(state, words_in_turn=words_in_turn)


def test_strong_picks_the_highest_scoring_word_when_it_is_its_last_of_the_turn() -> None:
    state = nemo_table(words_in_turn=4)  # 5 words a turn: this one is the last
    strong = make_bot("strong")
    share = LEVELS["strong"].share
    best = max(
        word_value(state, w) for w in state.word_choices(0) if knows(entry_key(w.word), share)
    )
    action = strong.choose(Observation.of(GAME, state, 0), Rng.from_seed(1).draws())
    assert isinstance(action, Word) and word_value(state, action) == best
    nemo = Word(0, "Némo", (*state.play.hands[0][:2], state.visible_letters(0)[0]), fifth=True)
    if knows("NEMO", share):  # the rulebook's example: letters, the theme, 3 PV
        assert best >= word_value(state, nemo) == 7


def test_greedy_says_the_best_known_word_and_stops_at_its_cap() -> None:
    state = nemo_table()
    greedy = make_bot("greedy")
    observation = Observation.of(GAME, state, 0)
    action = greedy.choose(observation, Rng.from_seed(2).draws())
    share = LEVELS["greedy"].share
    assert isinstance(action, Word)
    assert word_value(state, action) == max(
        word_value(state, w) for w in known_choices(state, 0, share)
    )
    capped = Observation.of(GAME, with_play(state, words_in_turn=3), 0)
    assert greedy.choose(capped, Rng.from_seed(2).draws()) == EndTurn()


def test_with_no_known_word_a_bot_changes_its_hand_once_then_stops() -> None:
    state = nemo_table()
    assert state.word_choices(0)  # words exist, but a bot knowing none cannot say them
    for name in ("greedy", "strong"):
        bot = make_bot(name, share=0.0)
        assert bot.choose(Observation.of(GAME, state, 0), Rng.from_seed(3).draws()) == Redraw()
        redrawn = with_play(state, redrawn=True)
        again = bot.choose(Observation.of(GAME, redrawn, 0), Rng.from_seed(3).draws())
        assert again == EndTurn()


def test_strong_does_not_end_a_game_it_would_lose() -> None:
    state = arrange(
        new_state(2, seed=8),
        hands={0: "ERA"},
        columns={0: ("O", "T")},
        themes={0: "VILLE"},
        active=0,
    )
    last = state.piles[0][:1]
    piles = (last, (), (), state.piles[3])
    state = replace(state, piles=piles, won_themes=((), (*state.piles[1], *state.piles[2])))
    assert state.word_choices(0)  # there is a word, and it would end the game
    behind = Observation.of(GAME, state, 0)
    action = make_bot("strong").choose(behind, Rng.from_seed(4).draws())
    assert not isinstance(action, Word)
    ahead = replace(state, won_themes=(state.won_themes[1], ()))
    action = make_bot("strong").choose(Observation.of(GAME, ahead, 0), Rng.from_seed(4).draws())
    assert isinstance(action, Word) and ahead.apply(0, action).phase == "fin"


def test_every_bot_judges_as_the_robot_judge_with_its_reason() -> None:
    state = arrange(
        new_state(2, seed=2), hands={0: "ERX"}, columns={0: ("O", "T")}, themes={0: "VILLE"}
    )
    state = with_play(state, active=0)
    hand = state.play.hands[0]
    cases = (
        ("Roseraie", (hand[0], hand[1]), "hors_vocabulaire"),
        ("Zroqxt", (hand[1],), "inconnu"),
    )
    for word, cards, reason in cases:
        said = state.apply(0, Word(0, word, (*cards, state.visible_letters(0)[0])))
        assert said.phase == "jugement" and said.to_move() == {1}
        assert judge_action(said, 1) == Verdict(False, reason)
        assert judge_action(said, 0) is None  # not its judge
        for name in EVERY:
            action = make_bot(name).choose(Observation.of(GAME, said, 1), Rng.from_seed(0).draws())
            assert action == Verdict(False, reason), name


# --- honesty ------------------------------------------------------------------------------


def hidden_shuffled(state: ThemesState, seat: int) -> ThemesState:
    """``state`` with everything ``seat`` cannot see dealt again (other hands, draw pile, the
    cards under the visible ones, theme cards under the tops), in reverse order."""
    others = [c for s, hand in enumerate(state.play.hands) if s != seat for c in hand]
    under = [c for column in state.columns for pile in column for c in pile[1:]]
    pool = iter([*others, *state.draw, *under][::-1])
    hands = tuple(
        hand if s == seat else tuple(next(pool) for _ in hand)
        for s, hand in enumerate(state.play.hands)
    )
    draw = tuple(next(pool) for _ in state.draw)
    columns = tuple(
        tuple(pile[:1] + tuple(next(pool) for _ in pile[1:]) for pile in column)
        for column in state.columns
    )
    faces = iter([f for pile in state.piles for f in pile[1:]][::-1])
    piles = tuple(pile[:1] + tuple(next(faces) for _ in pile[1:]) for pile in state.piles)
    changed = with_play(replace(state, draw=draw, columns=columns, piles=piles), hands=hands)
    assert changed.invariant_violations() == []
    return changed


@pytest.mark.parametrize("mode", ["classique", "expert"])
def test_a_decision_is_the_same_when_hidden_cards_differ(mode: str) -> None:
    state: Any = GAME.new(2, 9, {"mode": mode})
    bots = [make_bot("strong"), make_bot("greedy")]
    compared = differing = 0
    for step in range(40):
        if state.phase == "fin":
            break
        seat = min(state.to_move())
        other = hidden_shuffled(state, seat)
        differing += other.play.hands[1 - seat] != state.play.hands[1 - seat]
        for name in NAMES:  # the levels: test_bots_levels.py
            bot = make_bot(name)
            first = bot.choose(Observation.of(GAME, state, seat), Rng.from_seed(step).draws())
            second = bot.choose(Observation.of(GAME, other, seat), Rng.from_seed(step).draws())
            assert first == second, (name, step)
            compared += 1
        action = bots[seat].choose(Observation.of(GAME, state, seat), Rng.from_seed(step).draws())
        state = state.apply(seat, action)
    assert compared > 60 and differing > 5


# --- strength -----------------------------------------------------------------------------


def test_strong_beats_greedy_and_greedy_beats_random() -> None:
    """Measured (docs/performance.md « Thèmes : robots »): greedy beat random 40 games of 40,
    strong beat greedy 39 of 40 (both seats). Asserted with a margin: 5 of 6 and 9 of 10."""
    strong = simulate(GAME, [make_bot("strong"), make_bot("greedy")], games=3, seed=11)
    swapped = simulate(GAME, [make_bot("greedy"), make_bot("strong")], games=3, seed=12)
    assert strong.wins["strong"] + swapped.wins["strong"] >= 5
    greedy = simulate(GAME, [make_bot("greedy"), make_bot("random")], games=5, seed=13)
    swapped = simulate(GAME, [make_bot("random"), make_bot("greedy")], games=5, seed=14)
    assert greedy.wins["greedy"] + swapped.wins["greedy"] >= 9
