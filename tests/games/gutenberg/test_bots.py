"""Gutenberg's bots: legal full games from observations, the greedy choices, the strong bot's
honesty (it sees the game through ``determinize`` only) and reproducibility."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from ludotheque.bots.base import Observation
from ludotheque.bots.simulate import play_game
from ludotheque.core.rng import Rng
from ludotheque.games.gutenberg import Gutenberg
from ludotheque.games.gutenberg.actions import Claim, Pick, Shelve, Write
from ludotheque.games.gutenberg.bots import BOTS, GreedyBot, StrongBot, make_bot
from ludotheque.games.gutenberg.bots_common import solo_transfer
from ludotheque.games.gutenberg.bots_strong import DEFAULT_ITERATIONS
from ludotheque.games.gutenberg.state import GutenbergState
from ludotheque.games.gutenberg.wordfinder import best_words

GAME = Gutenberg()
TINY = 6  # evaluations per decision for the strong bot in tests


def new(players: int, seed: int = 1, **options: Any) -> GutenbergState:
    mode = "solo" if players == 1 else "classique"
    state = GAME.new(players, seed, {"mode": mode, **options})
    assert isinstance(state, GutenbergState)
    return state


def bot(name: str) -> Any:
    return make_bot(name, max_iterations=TINY) if name == "strong" else make_bot(name)


# --- full games -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_bot_plays_multiplayer_games_legally(players: int) -> None:
    names = ["strong", "greedy", "random", "greedy", "random", "strong"][:players]
    final = play_game(GAME, [bot(name) for name in names], seed=players)  # apply() checks
    outcome = final.outcome()
    assert outcome is not None and outcome.scores is not None
    assert len(outcome.ranks) == players


@pytest.mark.parametrize("difficulty", ["facile", "normal", "difficile"])
@pytest.mark.parametrize("name", ["random", "greedy", "strong"])
def test_every_bot_plays_solo_games_legally(name: str, difficulty: str) -> None:
    final = play_game(GAME, [bot(name)], seed=11, options={"difficulte": difficulty})
    assert final.outcome() is not None


def test_registry_and_factory() -> None:
    assert {"random", "greedy", "strong"} <= set(BOTS)  # the engines stay beside the levels
    assert isinstance(make_bot("greedy"), GreedyBot)
    strong = make_bot("strong", think_seconds=0.5)
    assert isinstance(strong, StrongBot) and strong.max_iterations is None
    assert make_bot("strong").max_iterations == DEFAULT_ITERATIONS
    with pytest.raises(ValueError, match="Robot inconnu"):
        make_bot("belote")
    with pytest.raises(ValueError):
        StrongBot(max_iterations=0)


# --- greedy -----------------------------------------------------------------------------


def to_write(state: GutenbergState, seat: int = 0) -> GutenbergState:
    greedy = GreedyBot()
    draws = Rng.from_seed(0).draws()
    while state.phase != "write":
        for s in sorted(state.to_move()):
            state = state.apply(s, greedy.choose(Observation.of(GAME, state, s), draws))
    return state


@pytest.mark.parametrize("players", [1, 2, 4])
def test_greedy_writes_the_exact_best_word(players: int) -> None:
    state = to_write(new(players, seed=5))
    for seat in range(players):
        action = GreedyBot().choose(Observation.of(GAME, state, seat), Rng.from_seed(1).draws())
        best = best_words(state.catalog.cards(state.hand(seat)), top=1)
        assert isinstance(action, Write)
        if not best:
            assert action.plays == ()
            continue
        (play,) = action.plays
        assert play.word == best[0].word
        assert play.cards == tuple(card.id for card in best[0].cards)
        state.check(seat, action)


def test_greedy_claims_a_legal_claim_and_takes_a_challenge_it_meets() -> None:
    state = new(2, seed=8)
    greedy = GreedyBot()
    draws = Rng.from_seed(2).draws()
    seen_claims = 0
    while not state.is_over:
        for seat in sorted(state.to_move()):
            observation = Observation.of(GAME, state, seat)
            action = greedy.choose(observation, draws)
            if state.phase == "claim":
                seen_claims += 1
                assert isinstance(action, Claim)
                assert action in observation.legal
                claimable = state.claimable_challenges(seat)
                assert (action.challenge is None) == (not claimable)
            state = state.apply(seat, action)
    assert seen_claims >= 4


# The rulebook's solo example: COMENT on the table, JOUER written under it (test_rules_solo.py).


def card(state: GutenbergState, letters: str, avoid: tuple[str, ...] = ()) -> str:
    for cid, c in state.catalog.by_id.items():
        if c.letters == letters and cid not in avoid:
            return cid
    raise LookupError(letters)


def spell(state: GutenbergState, word: str, avoid: tuple[str, ...] = ()) -> tuple[str, ...]:
    chosen: tuple[str, ...] = ()
    for letter in word:
        chosen += (card(state, letter, avoid + chosen),)
    return chosen


def coment_above_jouer(extra: str = "") -> tuple[GutenbergState, tuple[str, ...]]:
    state = new(1, seed=3)
    row = spell(state, "COMENT")
    hand = spell(state, "JOUER" + extra, row)
    moving = set(row) | set(hand)
    displaced = [c for c in (*state.commons, *state.packets[0]) if c not in moving]
    letters = [c for c in state.letter_deck if c not in moving]
    vowels = [c for c in state.vowel_deck if c not in moving]
    for c in (*displaced, *(p for packet in state.packets[1:] for p in packet)):
        if c not in moving:
            (vowels if state.catalog.card(c).kind == "voyelle" else letters).append(c)
    state = replace(
        state,
        round=2,
        phase="write",
        row=row,
        drafted=(hand,),
        commons=(),
        packets=(),
        letter_deck=tuple(letters),
        vowel_deck=tuple(vowels),
    )
    assert state.invariant_violations() == []
    return state, row


def test_greedy_solo_offset_is_the_best_on_the_rulebook_position() -> None:
    state, row = coment_above_jouer()
    assert [state.catalog.card(c).points for c in row] == [3, 1, 3, 1, 2, 2]
    action = GreedyBot().choose(Observation.of(GAME, state, 0), Rng.from_seed(0).draws())
    assert isinstance(action, Write) and action.offset is not None
    word = state.catalog.cards(action.plays[0].cards)
    above = state.catalog.cards(row)
    sent = {o: solo_transfer(above, word, o) for o in state.offsets(len(word))}
    best = max(points for points, _ in sent.values())
    assert sent[action.offset][0] == best
    if action.plays[0].word == "JOUER":
        # C, O, E, N to the collection (« je les ajoute à ma collection »): 7 points.
        assert action.offset == 0 and best == 7
    after = state.apply(0, action)
    assert state.catalog.points(after.collections[0]) == best


def test_greedy_library_choice_follows_the_thirteen_points_rule() -> None:
    state, _ = coment_above_jouer("WK")  # some cards stay unused: the library fills
    greedy = GreedyBot()
    draws = Rng.from_seed(0).draws()
    after = state.apply(0, greedy.choose(Observation.of(GAME, state, 0), draws))
    assert after.phase == "library"
    choice = greedy.choose(Observation.of(GAME, after, 0), draws)
    assert isinstance(choice, Shelve)
    library = after.catalog.cards(after.library)
    chosen = after.catalog.card(choice.card)
    assert chosen.points == max(c.points for c in library)
    # 12 points or less: the card worth most leaves the library too (the Rotative's score).
    low = replace(after, words=(replace(after.words[0], score=5),))
    again = greedy.choose(Observation.of(GAME, low, 0), draws)
    assert isinstance(again, Shelve)
    assert low.catalog.card(again.card).points == max(c.points for c in library)


# --- strong: honesty and reproducibility -----------------------------------------------


class TrapSprung(Exception):
    """A bot looked at the true state behind its observation."""


class BoobyTrappedState:
    """Stands for the true state in an Observation: only ``resample_hidden`` is allowed.

    ``Observation.determinize`` calls ``resample_hidden`` (whose result depends on the view
    only: the conformance suite checks it); any other use of the hidden true state springs
    the trap.
    """

    def __init__(self, state: GutenbergState) -> None:
        object.__setattr__(self, "_BoobyTrappedState__state", state)
        object.__setattr__(self, "calls", [0])

    def resample_hidden(self, observer: int, draws: Any) -> GutenbergState:
        object.__getattribute__(self, "calls")[0] += 1
        state = object.__getattribute__(self, "_BoobyTrappedState__state")
        return state.resample_hidden(observer, draws)

    def __getattribute__(self, name: str) -> Any:
        if name in ("resample_hidden", "__class__", "__init__"):
            return object.__getattribute__(self, name)
        raise TrapSprung(f"the bot read {name!r} of the true state")

    def __eq__(self, other: object) -> bool:
        raise TrapSprung("the bot compared the true state")

    __hash__ = None  # type: ignore[assignment]


def trapped(state: GutenbergState, seat: int) -> tuple[Observation, BoobyTrappedState]:
    trap = BoobyTrappedState(state)
    observation = Observation(
        GAME,
        seat,
        state.view(seat),
        tuple(state.legal_actions(seat)),
        trap,  # type: ignore[arg-type]
    )
    return observation, trap


@pytest.mark.parametrize("players", [1, 3])
def test_strong_sees_the_game_through_determinize_only(players: int) -> None:
    state = new(players, seed=21)
    strong = StrongBot(max_iterations=4)
    greedy = GreedyBot()
    draws = [Rng.from_seed(seat).draws() for seat in range(players)]
    determinized = 0
    while not state.is_over:
        for seat in sorted(state.to_move()):
            if seat == 0:
                observation, trap = trapped(state, seat)
                action = strong.choose(observation, draws[seat])
                determinized += object.__getattribute__(trap, "calls")[0]
            else:
                action = greedy.choose(Observation.of(GAME, state, seat), draws[seat])
            state = state.apply(seat, action)
    assert determinized > 0  # it does search, on determinised states


def test_the_trap_springs() -> None:
    observation, _ = trapped(new(2), 0)
    with pytest.raises(TrapSprung):
        _ = observation._state.to_move()
    assert observation.determinize(Rng.from_seed(0).draws()).players == 2


def test_strong_is_reproducible_for_a_seed() -> None:
    state = new(3, seed=4)
    observation = Observation.of(GAME, state, 1)
    first = StrongBot(max_iterations=12).choose(observation, Rng.from_seed(9).draws())
    second = StrongBot(max_iterations=12).choose(observation, Rng.from_seed(9).draws())
    assert first == second and isinstance(first, Pick)


def test_strong_with_a_time_budget_decides_legally() -> None:
    state = to_write(new(2, seed=6))
    strong = StrongBot(think_seconds=0.05)
    action = strong.choose(Observation.of(GAME, state, 0), Rng.from_seed(3).draws())
    state.check(0, action)
