"""Letter's analysis (``games/letter/analysis.py``) on real seeded games.

Each game is played here by bots (and by deliberate policies for seat 0), its record analysed:
a note for each turn and knock window worth one and none for the deal; the Expert's own moves
judged best with no loss; a letter laid aside where the Expert scores judged worse, by what the
Expert scores; nothing the seat could not see changes a note; the same record, the same notes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ludotheque.bots.base import Observation
from ludotheque.bots.simulate import derive_seed
from ludotheque.bots.table import make_bot
from ludotheque.core.moves import prepare_action
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games.letter import Letter, analysis
from ludotheque.games.letter.actions import ChooseSize, FreeLetter, Knock, Turn
from ludotheque.games.letter.analysis import LetterAnalyst, analyse
from ludotheque.games.letter.state import LetterState

GAME = Letter()


@pytest.fixture(autouse=True)
def smaller_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Expert weighs its 3 best placements against the reply instead of 8 (the same code,
    quicker)."""
    monkeypatch.setattr(analysis, "EXPERT_ITERATIONS", 3)


Policy = Callable[[Observation, int], Any]  # (observation, ply) -> action
VERDICTS = {"meilleur", "bon", "imprecision", "erreur"}


def play(
    players: int,
    seed: int,
    seat0: Policy | None = None,
    levels: tuple[str, ...] = ("debutant", "fort", "intermediaire"),
    last: bool = False,
    **options: Any,
) -> GameRecord:
    """A whole game between level bots, seat 0 played by ``seat0`` if given; ``last``: in a
    knock window seat 0 decides after the others (else first)."""
    if players == 1:
        options.setdefault("mode", "solo")
    else:
        options.setdefault("erreurs", "penalite")
    resolved = GAME.info.resolve_options(players, options)
    bots = [make_bot(GAME, levels[seat % len(levels)]) for seat in range(players)]
    draws = [Rng.from_seed(derive_seed(seed, s)).draws() for s in range(players)]
    state = GAME.new(players, seed, resolved)
    record = GameRecord("letter", players, seed, resolved)
    while state.to_move():
        for seat in sorted(state.to_move(), reverse=last):
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


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (1, 5)], ids=["deux", "solo"])
def test_a_note_for_every_scoring_turn_and_knock_and_none_for_the_deal(players, seed):
    record = play(players, seed)
    notes = analyse(record, 0)
    plies = [note.ply for note in notes]
    assert plies == sorted(set(plies))
    assert len(notes) >= 8
    by_ply = {note.ply: note for note in notes}
    for ply, move in enumerate(record.played(GAME), start=1):
        before, after = move.before, move.after
        assert isinstance(before, LetterState) and isinstance(after, LetterState)
        if move.seat != 0:
            assert ply not in by_ply
        elif isinstance(move.action, ChooseSize):
            assert ply not in by_ply  # the deal is luck
        elif isinstance(move.action, Knock):
            assert ply in by_ply  # every knock is weighed
        elif isinstance(move.action, Turn) and after.score(0) > before.score(0):
            assert ply in by_ply  # every turn that scored is weighed
    for note in notes:
        assert note.verdict in VERDICTS and note.played
        assert note.loss is not None and note.loss >= 0
        assert (note.loss == 0) == (note.verdict == "meilleur")
        assert (note.best is None) == (note.verdict == "meilleur")
        # Tiles by their letter, cells as the page names them: never an id (« T05 », « B1 »).
        text = " ".join([note.played, note.best or "", *note.details])
        assert not any(token[:1] in "TB" and token[1:].isdigit() for token in text.split())
    assert any(note.verdict != "meilleur" for note in notes)  # a Débutant misses words


def test_the_experts_own_moves_are_judged_best_with_no_loss():
    seed = 9
    expert = LetterAnalyst(seed, 0)
    record = play(2, seed, seat0=expert.expert_action)
    notes = analyse(record, 0)
    assert len(notes) >= 8
    assert {note.verdict for note in notes} == {"meilleur"}
    assert {note.loss for note in notes} == {0.0}
    assert all(note.best is None for note in notes)
    turns = [m for m in record.played(GAME) if m.seat == 0 and isinstance(m.action, Turn)]
    assert len(turns) >= 8


def test_a_letter_laid_aside_where_the_expert_scores_costs_what_the_expert_scores():
    seed = 4
    expert = LetterAnalyst(seed, 0)
    debutant = make_bot(GAME, "debutant")
    laid: list[int] = []

    def lay_aside(observation: Observation, ply: int) -> Any:
        """Seat 0 lays a letter aside at its 2nd, 4th and 6th turns."""
        state = observation.determinize(Rng.from_seed(ply).draws())
        assert isinstance(state, LetterState)
        letters = state.letters_of(0)
        if state.phase == "jeu" and state.played[0] in (1, 3, 5) and letters:
            laid.append(ply)
            return FreeLetter(letters[0])
        return debutant.choose(observation, Rng.from_seed(ply).draws())

    record = play(2, seed, seat0=lay_aside)
    notes = {note.ply: note for note in analyse(record, 0)}
    weighed = 0
    for ply, move in enumerate(record.played(GAME), start=1):
        if ply not in laid:
            continue
        observation = Observation.of(GAME, move.before, 0)
        best = expert.expert_action(observation, ply)
        if not isinstance(best, Turn):
            assert ply not in notes  # nothing to score for the Expert either
            continue
        state = move.before
        assert isinstance(state, LetterState)
        gain = state.apply(0, best).score(0) - state.score(0)
        note = notes[ply]
        assert note.played.endswith("à côté du plateau (lettre libre)")
        assert note.loss == gain > 0
        assert note.verdict != "meilleur" and note.best is not None
        weighed += 1
    assert weighed >= 2


def test_a_note_depends_only_on_what_the_seat_saw():
    """At three, a knock window hides the others' decisions until it closes: redrawing them
    (and the face-down order) changes none of seat 0's notes."""
    seed = 21
    record = play(3, seed, levels=("fort",), last=True)
    analyst = LetterAnalyst(seed, 0)
    hidden = checked = 0
    for ply, move in enumerate(record.played(GAME), start=1):
        if move.seat != 0:
            continue
        state = move.before
        assert isinstance(state, LetterState)
        redrawn = state.resample_hidden(0, Rng.from_seed(ply).draws())
        hidden += redrawn.pending != state.pending
        real = analyst.note(Observation.of(GAME, state, 0), move.action, ply)
        assert analyst.note(Observation.of(GAME, redrawn, 0), move.action, ply) == real
        checked += real is not None
    assert hidden >= 1 and checked >= 8


def test_the_same_record_gives_the_same_notes():
    record = play(2, 6)
    first = analyse(record, 1)
    assert first and analyse(record, 1) == first
