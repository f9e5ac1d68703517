"""Gutenberg's analysis (``games/gutenberg/analysis.py``) on real seeded games.

Each game is played here by bots (and by deliberate policies for seat 0), its record analysed:
one note per decision of the seat where it had a choice; the Expert's own moves judged best
with no loss; a deliberately poor word judged worse; nothing the seat could not see changes a
note; the same record, the same notes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ludotheque.bots.base import Observation
from ludotheque.bots.simulate import derive_seed
from ludotheque.bots.table import make_bot
from ludotheque.core.analysis import DecisionNote
from ludotheque.core.moves import prepare_action
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games.gutenberg import analysis
from ludotheque.games.gutenberg.actions import Play, Write
from ludotheque.games.gutenberg.analysis import GutenbergAnalyst, analyse
from ludotheque.games.gutenberg.bots_common import cards_from_json
from ludotheque.games.gutenberg.bots_greedy import own_hand
from ludotheque.games.gutenberg.bots_vocabulary import whole_vocabulary

from .helpers import GAME

Policy = Callable[[Observation, int], Any]  # (observation, ply) -> action
VERDICTS = {"meilleur", "bon", "imprecision", "erreur"}


@pytest.fixture(autouse=True)
def smaller_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests weigh choices on 12 samples instead of 48, and the Expert searches 32
    evaluations a decision instead of 128 (the same code, quicker)."""
    monkeypatch.setattr(analysis, "SAMPLES", 12)
    monkeypatch.setattr(analysis, "EXPERT_ITERATIONS", 32)


def play(
    players: int, seed: int, seat0: Policy | None = None, level: str = "debutant"
) -> GameRecord:
    """A whole game: bots of ``level`` everywhere, seat 0 played by ``seat0`` if given."""
    mode = "solo" if players == 1 else "classique"
    options = GAME.info.resolve_options(players, {"mode": mode})
    bots = [make_bot(GAME, level) for _ in range(players)]
    draws = [Rng.from_seed(derive_seed(seed, s)).draws() for s in range(players)]
    state = GAME.new(players, seed, options)
    record = GameRecord("gutenberg", players, seed, options)
    while state.to_move():
        for seat in sorted(state.to_move()):
            if seat not in state.to_move():
                continue
            observation = Observation.of(GAME, state, seat)
            ply = len(record.moves) + 1
            if seat == 0 and seat0 is not None:
                action = seat0(observation, ply)
            else:
                action = bots[seat].choose(observation, draws[seat])
            state = prepare_action(GAME, state, seat, action).after
            record = record.with_move(seat, GAME.encode_action(action))
    return record


def had_a_choice(observation: Observation) -> bool:
    """Whether seat 0 really chose (the test's own reading of the rules)."""
    view = observation.view
    if view["phase"] == "draft":
        packet = cards_from_json(view["paquet"])
        return len({(c.letters, c.points) for c in packet}) > 1
    if view["phase"] == "write":
        return bool(whole_vocabulary().best(own_hand(view)))
    if view["phase"] == "library":
        library = cards_from_json(view["bibliotheque"])
        return len({(c.letters, c.points) for c in library}) > 1
    return len(observation.legal) > 1  # claims


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (1, 5)], ids=["deux", "solo"])
def test_one_note_per_decision_where_the_seat_had_a_choice(players, seed):
    record = play(players, seed)
    notes = analyse(record, 0)
    expected = [
        ply
        for ply, move in enumerate(record.played(GAME), start=1)
        if move.seat == 0 and had_a_choice(Observation.of(GAME, move.before, 0))
    ]
    assert [note.ply for note in notes] == expected
    assert len(expected) >= 15  # draft picks, words, claims or library cards
    for note in notes:
        assert note.verdict in VERDICTS and note.played
        assert (note.loss or 0) >= 0
        assert (note.best is None) == (note.verdict == "meilleur"), note
        # Never an internal id (« L07 », « V12 », « D03 »): cards are letters and points.
        text = " ".join([note.played, note.best or "", *note.details])
        assert not any(token[:1] in "LVD" and token[1:].isdigit() for token in text.split())
    if players == 1:
        assert any("battre la Rotative" in d for note in notes for d in note.details)
    else:
        assert any("Mot final estimé" in d for note in notes for d in note.details)


def test_the_experts_own_moves_are_judged_best_with_no_loss():
    seed = 8
    expert = GutenbergAnalyst(seed, 0)
    record = play(2, seed, seat0=expert.expert_action)
    notes = analyse(record, 0)
    assert len(notes) >= 15
    assert {note.verdict for note in notes} == {"meilleur"}
    assert {note.loss for note in notes} == {0.0}
    assert all(note.best is None for note in notes)


def poorest_word(observation: Observation, ply: int) -> Any:
    """Seat 0 writes the lowest-scoring word its cards allow (a débutant's choice otherwise)."""
    view = observation.view
    if view["phase"] == "write":
        plays = whole_vocabulary().best(own_hand(view), top=400)
        if plays:
            low = min(plays, key=lambda p: (p.score, p.word))
            return Write((Play(low.word, tuple(c.id for c in low.cards)),))
    return DEBUTANT.choose(observation, Rng.from_seed(ply).draws())


DEBUTANT = make_bot(GAME, "debutant")


def test_a_deliberately_poor_word_costs_points_and_a_worse_verdict():
    record = play(2, 4, seat0=poorest_word)
    notes = {note.ply: note for note in analyse(record, 0)}
    writes = []
    for ply, move in enumerate(record.played(GAME), start=1):
        if move.seat == 0 and isinstance(move.action, Write) and move.action.plays:
            hand = own_hand(Observation.of(GAME, move.before, 0).view)
            best = whole_vocabulary().best(hand)[0].score
            mine = sum(c.points for c in hand if c.id in move.action.plays[0].cards)
            writes.append((ply, move.before.round, best, mine))
    assert len(writes) == 5
    for ply, round_, best, mine in writes:
        note = notes[ply]
        assert mine < best
        assert note.loss is not None and note.loss > 0 and note.verdict != "meilleur"
        assert note.best is not None and "points" in note.best
        if round_ == 5:  # the last word: the Expert writes the exact best
            assert note.loss == best - mine
            assert note.verdict in ("imprecision", "erreur")
    assert sum(note.verdict == "erreur" for ply, *_ in writes for note in [notes[ply]]) >= 1


def test_a_note_depends_only_on_what_the_seat_saw():
    """Every hidden card redrawn (the others' packets, drafted cards and collections, the
    decks' order): each of seat 0's notes stays the same, word for word."""
    seed = 12
    record = play(3, seed)
    checked = 0
    for ply, move in enumerate(record.played(GAME), start=1):
        if move.seat != 0 or move.before.round > 1:
            continue
        # A fresh analyst for each (its word finder's caches start empty each time).
        shown = Observation.of(GAME, move.before, 0)
        real = GutenbergAnalyst(seed, 0, 6).note(shown, move.action, ply)
        redrawn = move.before.resample_hidden(0, Rng.from_seed(ply).draws())
        assert redrawn != move.before
        seen = Observation.of(GAME, redrawn, 0)
        assert GutenbergAnalyst(seed, 0, 6).note(seen, move.action, ply) == real
        checked += real is not None
    assert checked >= 3


def test_the_same_record_gives_the_same_notes():
    record = play(2, 6)
    first: list[DecisionNote] = analyse(record, 1)
    assert first and analyse(record, 1) == first
    assert [note.to_json() for note in first] == [note.to_json() for note in analyse(record, 1)]
