"""Letter's four levels: vocabulary, words named, choice, pace, knocks, guesses, honesty.

Positions are the rulebook's board (M A O R, the U to place: AMOUR, AU, MOU, MUR, OU) and
boards from real games played by the greedy engine; what depends on chance is measured over
many draws with bounds far from the expected rates (docs/rules/letter.md, 22)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from ludotheque.bots.base import Decision, Observation
from ludotheque.bots.levels import LEVELS
from ludotheque.bots.simulate import play_game
from ludotheque.core.conformance import json_strings
from ludotheque.core.rng import Rng
from ludotheque.games.letter import Letter
from ludotheque.games.letter.actions import ChooseSize, Claim, Knock, NoKnock, Turn
from ludotheque.games.letter.board import parse_cell
from ludotheque.games.letter.bots import make_bot
from ludotheque.games.letter.bots_greedy import greedy_action
from ludotheque.games.letter.bots_levels import (
    MAX_TURN_SECONDS,
    LetterLevelBot,
    ends_the_game_if_dry,
    openings,
)
from ludotheque.games.letter.naming import MAX_WORDS_NAMED
from ludotheque.games.letter.paths import new_words
from ludotheque.games.letter.state import LetterState
from ludotheque.games.letter.vocabulary import level_index

from .helpers import arrange, new, put, tile, turn

GAME = Letter()
LEVEL_NAMES = ("debutant", "intermediaire", "fort", "expert")


def decide(level: str, state: LetterState, seat: int, seed: int, **options: Any) -> Decision:
    bot = make_bot(level, **options)
    return bot.decide(Observation.of(GAME, state, seat), Rng.from_seed(seed).draws())  # type: ignore[attr-defined,no-any-return]


def words(action: Any) -> list[str]:
    assert isinstance(action, (Turn, Knock))
    return [claim.word or "" for claim in action.words]


def rulebook_board(players: int = 2, **options: Any) -> tuple[LetterState, dict[str, str]]:
    """M A O R as after the rulebook's first round; seat 0 holds the U (AMOUR, AU, MOU, MUR,
    OU through it in d4), seat 1 an E and an S."""
    state = new(players, **options)
    ids = {
        "M": tile(state, "M", "2x1"),
        "A": tile(state, "A", "1x3"),
        "O": tile(state, "O", "1x1"),
        "R": tile(state, "R", "2x1"),
        "U": tile(state, "U", "3x3"),
    }
    board = [(ids["M"], "c3"), (ids["A"], "c4"), (ids["O"], "e3"), (ids["R"], "f7")]
    hands = {0: [ids["U"]], 1: [tile(state, "E"), tile(state, "S")]}
    return arrange(state, board=board, hands=hands), ids


def after_the_u(names: tuple[str, ...], **options: Any) -> tuple[LetterState, dict[str, str]]:
    """Seat 0 placed the U in d4 and named only ``names``: the window of seat 1 is open."""
    state, ids = rulebook_board(**options)
    paths = [tuple(ids[letter] for letter in word) for word in names]
    state = state.apply(0, turn((ids["U"], "d4"), words=paths))
    assert state.phase == "frappe" and state.to_move() == {1}
    return state, ids


def game_board(seed: int, turns: int = 12, players: int = 2, **options: Any) -> LetterState:
    """A board from a real game: the greedy engine plays ``turns`` actions (no knocks).

    Common words only (``noms_de_lieux`` off): the boards and the counts below were measured
    with that dictionary, and what they test (the levels' choices) does not depend on it."""
    settings = {"tirage": "hasard", "plateau": 15, "frapper": False, "noms_de_lieux": False}
    settings |= options
    state = GAME.new(players, seed, settings)
    assert isinstance(state, LetterState)
    for _ in range(turns):
        seat = min(state.to_move())
        state = state.apply(seat, greedy_action(state, seat))
    assert state.phase == "jeu" and not state.is_over
    return state


# --- vocabulary and words named ------------------------------------------------------------


def test_each_level_searches_the_words_it_knows() -> None:
    for name in LEVEL_NAMES:
        profile = LEVELS[name]
        index = level_index(profile, places=False)
        assert all(profile.knows(word) for word in index.words[::97])
    debutant = level_index(LEVELS["debutant"], places=False)
    assert "AMOUR" in debutant and "MOU" not in debutant and "TERCAS" not in debutant
    assert "MOU" in level_index(LEVELS["intermediaire"], places=False)
    assert len(level_index(LEVELS["expert"], places=False)) > 3 * len(
        level_index(LEVELS["fort"], places=False)
    )


def test_on_the_rulebook_board_a_debutant_names_common_words_only() -> None:
    state, _ = rulebook_board()
    named: Counter[str] = Counter()
    counts = []
    for seed in range(40):
        decision = decide("debutant", state, 0, seed)
        state.check(0, decision.action)
        counts.append(len(words(decision.action)))
        named.update(words(decision.action))
    assert all(LEVELS["debutant"].knows(word) for word in named)
    assert "MOU" not in named  # 3.3 on the familiarity scale: not a Débutant's word
    assert max(counts) <= 4 and sum(c <= 2 for c in counts) >= 30  # one or two words mostly
    # The Expert names them all (the second seat holds nothing: no reply to weigh).
    alone = replace(state, hands=(state.hands[0], ()))
    expert = decide("expert", alone, 0, 1)
    assert {"AMOUR", "AU", "MOU", "MUR", "OU"} <= set(words(expert.action))


@pytest.mark.parametrize("seed", [1, 2])
def test_in_whole_games_every_word_noted_is_a_word_of_its_level(seed: int) -> None:
    bots = [make_bot("debutant"), make_bot("fort"), make_bot("intermediaire"), make_bot("expert")]
    final = play_game(GAME, bots, seed=seed, options={"plateau": 15, "tirage": "hasard"})
    assert isinstance(final, LetterState) and final.is_over
    for seat, bot in enumerate(bots):
        profile = bot.profile  # type: ignore[attr-defined]
        assert all(profile.knows(entry.word) for entry in final.sheets[seat])
        assert final.sheets[seat], f"{profile.name} noted nothing"
    unknown_to_debutant = [e.word for e in final.sheets[3] if not LEVELS["debutant"].knows(e.word)]
    assert unknown_to_debutant  # the Expert's vocabulary shows


def test_words_named_grow_with_the_level_and_stay_human() -> None:
    state = game_board(3)
    means = {}
    for name in LEVEL_NAMES:
        counts = []
        for seed in range(12):
            decision = decide(name, state, state.active, seed)
            state.check(state.active, decision.action)
            if isinstance(decision.action, Turn):
                counts.append(len(decision.action.words))
        assert counts and max(counts) <= MAX_WORDS_NAMED
        means[name] = sum(counts) / len(counts)
    assert means["debutant"] < 2 and means["expert"] >= 5
    assert means["debutant"] < means["intermediaire"] < means["fort"] < means["expert"]


# --- strength of choice --------------------------------------------------------------------


def test_the_expert_plays_the_best_move() -> None:
    """The opponent has no letter left (no reply to weigh): the Expert takes the best."""
    state = game_board(5)
    seat = state.active
    state = replace(state, hands=tuple(() if s != seat else h for s, h in enumerate(state.hands)))
    for seed in range(4):
        decision = decide("expert", state, seat, seed)
        assert decision.value is not None and decision.value == decision.best > 0


def test_the_choice_filter_spreads_the_debutant_and_not_the_expert() -> None:
    state = game_board(5)
    seat = state.active
    placements: dict[str, Counter[Any]] = {}
    below_best: Counter[str] = Counter()
    for name in ("debutant", "fort", "expert"):
        placements[name] = Counter()
        for seed in range(16):
            decision = decide(name, state, seat, seed)
            placements[name][tuple((p.tile, p.x, p.y) for p in decision.action.placements)] += 1
            assert decision.value is not None and decision.best
            assert decision.value <= decision.best
            below_best[name] += decision.value < decision.best
    favourite = {name: counts.most_common(1)[0][1] for name, counts in placements.items()}
    assert len(placements["debutant"]) >= 4  # it walks down the ranked placements
    assert below_best["debutant"] >= 6 and below_best["debutant"] > below_best["fort"]
    # The Fort takes its first choice three times in four, the Expert always (what changes
    # its choice is how many words it names this time).
    assert favourite["debutant"] < favourite["fort"] <= favourite["expert"]
    assert favourite["expert"] >= 12


def test_the_deal_big_tiles_for_the_expert_a_spread_for_the_debutant() -> None:
    state = GAME.new(2, 3, {"mode": "classique"})
    assert isinstance(state, LetterState) and state.phase == "tirage"
    seat = state.active
    expert = {decide("expert", state, seat, s).action for s in range(10)}
    debutant = {decide("debutant", state, seat, s).action for s in range(30)}
    assert expert == {ChooseSize("3x3")}
    assert len(debutant) >= 3 and all(isinstance(a, ChooseSize) for a in debutant)


# --- pace ----------------------------------------------------------------------------------


def test_thinking_time_grows_with_the_words_named_and_the_level() -> None:
    def seconds(level: str, spoken: list[str]) -> float:
        bot = LetterLevelBot(level)
        claims = [Claim(("x", "y"), word) for word in spoken]
        return bot._turn_seconds(claims, Rng.from_seed(4).draws())

    assert seconds("fort", ["MA"]) < seconds("fort", ["AMOUR"]) < seconds("fort", ["AMOUR", "MUR"])
    assert seconds("debutant", ["AMOUR"]) > seconds("expert", ["AMOUR"])
    assert seconds("debutant", ["ANTICONSTITUTIONNELLEMENT"] * 10) == MAX_TURN_SECONDS
    state, _ = rulebook_board()
    for name in LEVEL_NAMES:
        assert decide(name, state, 0, 3).seconds > 0


# --- knocks --------------------------------------------------------------------------------


def test_a_knock_names_only_what_the_last_turn_left_and_the_level_sees() -> None:
    state, _ = after_the_u(("OU",))
    seen = openings(state, level_index(LEVELS["expert"], places=False))
    assert {"AMOUR", "AU", "MOU", "MUR"} <= set(seen) and "OU" not in seen
    knocked: dict[str, Counter[str]] = {"debutant": Counter(), "expert": Counter()}
    for name, counter in knocked.items():
        for seed in range(60):
            decision = decide(name, state, 1, seed)
            if isinstance(decision.action, Knock):
                state.check(1, decision.action)
                counter.update(words(decision.action))
    assert set(knocked["debutant"]) <= {"AMOUR", "AU", "MUR"}  # never MOU
    assert "MOU" in knocked["expert"] and set(knocked["expert"]) <= set(seen)


def test_attention_decides_how_often_a_level_knocks() -> None:
    state, _ = after_the_u(("OU",))
    rates = {}
    for name in ("debutant", "expert"):
        knocks = sum(isinstance(decide(name, state, 1, s).action, Knock) for s in range(100))
        rates[name] = knocks / 100
    assert rates["debutant"] < 0.45 < 0.85 < rates["expert"]  # notice: 0.25 and 0.97


def test_a_knock_comes_after_the_reaction_delay() -> None:
    state, _ = after_the_u(("OU",))
    profile = LEVELS["expert"]
    delays = []
    for seed in range(20):
        decision = decide("expert", state, 1, seed)
        if isinstance(decision.action, Knock):
            delays.append(decision.seconds)
    assert delays and all(0.6 * profile.reaction <= d <= 1.8 * profile.reaction for d in delays)
    # A Débutant reacts in 2.4 s at the quickest: a 3 s window closes before it knocks.
    short, _ = after_the_u(("OU",), frappe_secondes=3)
    assert not any(isinstance(decide("debutant", short, 1, s).action, Knock) for s in range(60))
    assert any(isinstance(decide("expert", short, 1, s).action, Knock) for s in range(10))


def test_no_knock_in_the_first_round_nor_for_old_words() -> None:
    state, _ = after_the_u(("OU",))
    first = replace(state, first_done=(True, False))
    assert all(decide("expert", first, 1, s).action == NoKnock() for s in range(10))
    # Words on the board that the last turn did not make (a free letter was laid): none.
    old = replace(state, placed_last=())
    assert openings(old, level_index(LEVELS["expert"], places=False)) == {}
    assert all(decide("expert", old, 1, s).action == NoKnock() for s in range(10))


def test_bots_never_skip_the_same_seat_twice_in_a_row() -> None:
    # Four players: seat 0 placed the U and named OU only; seats 1–3 may knock for AMOUR…
    state, ids = rulebook_board(players=4)
    state = state.apply(0, turn((ids["U"], "d4"), words=[(ids["O"], ids["U"])]))
    assert state.phase == "frappe" and state.to_move() == {1, 2, 3} and state.active == 0

    def knocks(seat: int, played: tuple[int, ...]) -> int:
        counted = replace(state, played=played)
        return sum(isinstance(decide("expert", counted, seat, s).action, Knock) for s in range(20))

    # Seat 1's turn was coming (one turn fewer than seat 0): seat 2 may knock over it.
    assert knocks(2, (5, 4, 4, 4)) > 15
    # A knock already skipped seat 1 since its last turn (two fewer): seat 2 lets it play,
    # and so does seat 3; seat 1 itself skips nobody.
    assert knocks(2, (6, 4, 5, 5)) == 0
    assert knocks(3, (6, 4, 5, 5)) == 0
    assert knocks(1, (6, 4, 5, 5)) > 15


def test_silence_is_quick_when_nothing_is_left_to_knock_for() -> None:
    state, ids = rulebook_board()
    board = state.board.place(state.catalog[ids["U"]], *parse_cell("d4"))
    through = new_words(board, state.words.index, state.noted(), through=ids["U"])
    every = [Claim(paths[0], word) for word, paths in through.items()]
    state = state.apply(0, Turn((put(ids["U"], "d4"),), tuple(every)))
    assert openings(state, state.words.index) == {}
    for name in LEVEL_NAMES:
        decision = decide(name, state, 1, 2)
        assert decision.action == NoKnock() and 0 < decision.seconds <= 3.0


# --- mistakes ------------------------------------------------------------------------------


def test_with_the_penalty_a_debutant_sometimes_tries_a_word_it_is_not_sure_of() -> None:
    state = game_board(11, erreurs="penalite")
    seat = state.active
    assert not ends_the_game_if_dry(state)
    known = level_index(LEVELS["debutant"], places=False)
    guesses, failed = [], 0
    for seed in range(60):
        decision = decide("debutant", state, seat, seed)
        action = decision.action
        if isinstance(action, Turn) and any(not known.is_word(w) for w in words(action)):
            assert len(action.words) == 1 and len(words(action)[0]) >= 3
            guesses.append(words(action)[0])
            after = state.apply(seat, action)  # accepted: judged by the rulebook's penalty
            if words(action)[0] not in state.words:
                failed += 1
                assert action.placements[0].tile in after.free  # rule 11: beside the board
                assert decision.value == 0.0
    assert 1 <= len(guesses) <= 20  # gamble: 0.10 of its turns
    assert failed >= 1
    refus = replace(state, config=replace(state.config, errors="refus"))
    for seed in range(20):
        action = decide("debutant", refus, seat, seed).action
        refus.check(seat, action)  # never refused
        if isinstance(action, Turn):
            assert all(known.is_word(w) for w in words(action))


def test_no_guess_when_a_failed_turn_would_end_the_game() -> None:
    state = game_board(11, erreurs="penalite")
    seat = state.active
    last_chance = replace(state, dry=state.players - 1)
    assert ends_the_game_if_dry(last_chance)
    known = level_index(LEVELS["debutant"], places=False)
    for seed in range(30):
        action = decide("debutant", last_chance, seat, seed).action
        if isinstance(action, Turn):
            assert all(known.is_word(w) for w in words(action))


# --- honesty and reproducibility ------------------------------------------------------------


@pytest.mark.parametrize("name", LEVEL_NAMES)
def test_a_decision_is_reproducible_and_legal(name: str) -> None:
    state = game_board(2, players=3)
    seat = state.active
    one = decide(name, state, seat, 8)
    two = decide(name, state, seat, 8)
    assert one == two
    state.check(seat, one.action)


def test_a_pending_knock_of_another_seat_does_not_change_a_decision() -> None:
    """Three players: seat 2 knocked (secret until the window closes); seat 1 decides the
    same as when seat 2 has not decided yet."""
    state, ids = rulebook_board(players=3)
    paths = [tuple(ids[letter] for letter in "OU")]
    state = state.apply(0, turn((ids["U"], "d4"), words=paths))
    assert state.to_move() == {1, 2}
    knocked = state.apply(2, Knock((Claim(tuple(ids[c] for c in "MUR")),)))
    assert knocked.to_move() == {1}
    assert not knocked.secrets(2) & set(json_strings(knocked.view(1)))  # what it said: hidden
    for name in LEVEL_NAMES:
        for seed in range(3):
            assert decide(name, state, 1, seed) == decide(name, knocked, 1, seed)


# --- the ladder, in a few games ---------------------------------------------------------------


def test_each_level_outscores_the_one_below_at_a_four_player_table() -> None:
    """Measured over many games by benchmarks/bot_levels.py (docs/bots.md); here two games."""
    totals: Counter[str] = Counter()
    for seed in (1, 2):
        bots = [make_bot(name) for name in LEVEL_NAMES]
        final = play_game(GAME, bots, seed=seed, options={"plateau": 15, "tirage": "hasard"})
        outcome = final.outcome()
        assert outcome is not None and outcome.scores is not None
        for name, score in zip(LEVEL_NAMES, outcome.scores, strict=True):
            totals[name] += score
    scores = [totals[name] for name in LEVEL_NAMES]
    assert scores == sorted(scores) and len(set(scores)) == 4
