"""Gremlins' analysis of a finished game: one note per real decision of a seat, the Expert's
choice and the values it sees, in French with the cards' names, from the seat's view only
(issue 12 § 3)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from ludotheque.bots.base import Observation
from ludotheque.bots.simulate import ORDER_STREAM, derive_seed
from ludotheque.core.analysis import DecisionNote
from ludotheque.core.match import Match
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games.gremlins import Gremlins
from ludotheque.games.gremlins.actions import Action, EndTurn, Redraw
from ludotheque.games.gremlins.analysis import DEALS, VERSION, analyse, expert_values, note
from ludotheque.games.gremlins.analysis_text import IMPRECISION
from ludotheque.games.gremlins.bots import make_bot
from ludotheque.games.gremlins.bots_greedy import redraw_choice
from ludotheque.games.gremlins.bots_levels import GremlinsLevelBot
from ludotheque.games.gremlins.state import GremlinsState

from .helpers import position

GAME = Gremlins()
Policy = Callable[[GremlinsState, int, int], Action | None]
"""Overrides a seat's bot: (state, seat, ply of the move to come) → an action, or None."""

TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    "deux": (2, {}),
    "trois": (3, {}),
    "equipes": (4, {"mode": "equipes", "prestige": 12}),
    "nouvelle-main": (2, {"nouvelle_main": True, "prestige": 12}),
}


def recorded(
    players: int,
    seed: int,
    options: dict[str, Any],
    names: tuple[str, ...] = ("debutant", "fort", "intermediaire", "expert"),
    policy: Policy | None = None,
) -> GameRecord:
    """A whole game between bots, as the server records it; ``policy`` plays instead of a
    seat's bot where it answers."""
    match = Match.start(GAME, players, seed, options)
    bots = [make_bot(name) for name in names[:players]]
    draws = [Rng.from_seed(derive_seed(seed, seat)).draws() for seat in range(players)]
    order = Rng.from_seed(derive_seed(seed, ORDER_STREAM)).draws()
    for _ in range(3000):
        movers = sorted(match.state.to_move())
        if not movers:
            return match.record
        seat = order.shuffled(movers)[0] if len(movers) > 1 else movers[0]
        state = match.state
        assert isinstance(state, GremlinsState)
        action = policy(state, seat, len(match.record.moves) + 1) if policy else None
        if action is None:
            action = bots[seat].choose(Observation.of(GAME, state, seat), draws[seat])
        match.submit(seat, GAME.encode_action(action))
    raise AssertionError("the game did not end")


@cache
def game_of(table: str, seed: int = 4) -> GameRecord:
    players, options = TABLES[table]
    return recorded(players, seed, options)


@cache
def notes_of(table: str, seat: int) -> list[DecisionNote]:
    return analyse(game_of(table), seat)


def seat_moves(record: GameRecord, seat: int) -> list[tuple[int, GremlinsState, Action]]:
    """(ply, state before, action) of each move of ``seat``."""
    return [
        (index + 1, move.before, move.action)
        for index, move in enumerate(record.played(GAME))
        if move.seat == seat and isinstance(move.before, GremlinsState)
    ]


def analysis_draws(seed: int, seat: int, ply: int) -> Any:
    return Rng.from_seed(derive_seed(seed, seat, ply)).draws()


# --- one note per decision, in French --------------------------------------------------------


@pytest.mark.parametrize("table", sorted(TABLES))
def test_one_note_per_real_decision_of_the_seat(table: str) -> None:
    record = game_of(table)
    for seat in range(record.players):
        notes = notes_of(table, seat)
        expected = [
            ply
            for ply, state, _action in seat_moves(record, seat)
            if len(state.legal_actions(seat)) > 1
        ]
        assert [n.ply for n in notes] == expected
        for found in notes:
            assert found.loss is not None and found.loss >= 0
            assert (found.verdict == "meilleur") == (found.loss < 0.05) == (found.best is None)
            assert found.details and found.details[0].startswith(
                ("Valeurs estimées par l'Expert sur 4 donnes", "L'Expert garde l'or")
            )
    text = "\n".join(
        " ".join([n.played, n.best or "", *n.details])
        for seat in range(record.players)
        for n in notes_of(table, seat)
    )
    assert not re.search(r"\b[APM]\d{2}\b", text), "a card's id reached the text"
    assert "« " in text and "valeur" in text


def test_a_move_without_choice_gets_no_note() -> None:
    """An empty hand and no project: ending the turn is all the seat can do."""
    state = position(2, hands={0: ()}, active=0)
    assert state.legal_actions(0) == (EndTurn(),)
    assert note(state, 0, EndTurn(), 1, 1) is None
    # A turn given away where the Expert sees a better action: its value is what passing loses.
    record = game_of("deux")
    for ply, before, _action in seat_moves(record, 0):
        if before.prompt is not None or before.used:
            continue
        observation = Observation.of(GAME, before, 0)
        values, choice = expert_values(observation, analysis_draws(record.seed, 0, ply), DEALS)
        gain = values[choice] - values[observation.legal.index(EndTurn())]
        if gain > IMPRECISION:
            passed = note(before, 0, EndTurn(), ply, record.seed)
            assert passed is not None and passed.played == "finir votre tour (valeur 0)"
            assert passed.loss == round(gain, 2) and passed.verdict == "erreur"
            assert passed.best is not None and not passed.best.startswith("finir")
            return
    raise AssertionError("no turn where passing at once loses much")


def test_analysis_is_deterministic_and_versioned() -> None:
    record = game_of("deux")
    again = GameRecord.loads(record.dumps())
    assert analyse(again, 0) == notes_of("deux", 0)
    assert [n.to_json() for n in analyse(again, 1)] == [n.to_json() for n in notes_of("deux", 1)]
    assert isinstance(VERSION, int) and VERSION >= 1


# --- the Expert's choice is « meilleur », a worse one costs value --------------------------------


def test_the_experts_choice_is_the_expert_levels_decision() -> None:
    record = game_of("deux")
    bot = GremlinsLevelBot("expert")
    compared = 0
    for seat in range(2):
        for ply, state, _action in seat_moves(record, seat):
            observation = Observation.of(GAME, state, seat)
            if len(observation.legal) < 2:
                continue
            _values, choice = expert_values(
                observation, analysis_draws(record.seed, seat, ply), DEALS
            )
            decided = bot.decide(observation, analysis_draws(record.seed, seat, ply)).action
            assert observation.legal[choice] == decided
            compared += 1
    assert compared >= 20


def expert_at_seat_zero(seed: int) -> Policy:
    bot = GremlinsLevelBot("expert")

    def policy(state: GremlinsState, seat: int, ply: int) -> Action | None:
        if seat != 0:
            return None
        observation = Observation.of(GAME, state, seat)
        action: Action = bot.decide(observation, analysis_draws(seed, seat, ply)).action
        return action

    return policy


def test_the_experts_own_moves_are_meilleur_with_no_loss() -> None:
    record = recorded(2, 9, {}, policy=expert_at_seat_zero(9))
    notes = analyse(record, 0)
    assert len(notes) >= 15
    for found in notes:
        assert (found.verdict, found.loss, found.best) == ("meilleur", 0.0, None), found


def worst_now_and_then(seed: int) -> Policy:
    """Seat 0 plays, every third decision, the legal action the Expert values least."""

    def policy(state: GremlinsState, seat: int, ply: int) -> Action | None:
        legal = state.legal_actions(seat)
        if seat != 0 or len(legal) < 2 or ply % 3 or state.phase != "jeu":
            return None
        observation = Observation.of(GAME, state, seat)
        values, _choice = expert_values(observation, analysis_draws(seed, seat, ply), DEALS)
        finite = [(value, index) for index, value in enumerate(values[: len(legal)])]
        worst = min(finite)[1]
        return legal[worst]

    return policy


def test_the_worst_move_gets_a_loss_and_a_worse_verdict() -> None:
    record = recorded(2, 5, {}, policy=worst_now_and_then(5))
    notes = {n.ply: n for n in analyse(record, 0)}
    worst = [notes[ply] for ply, state, _ in seat_moves(record, 0) if ply % 3 == 0 and ply in notes]
    worst = [n for n in worst if n.best is not None]
    assert len(worst) >= 5
    for found in worst:
        assert found.loss is not None and found.loss > 0
        assert found.verdict in ("bon", "imprecision", "erreur")
        if "(la partie " in found.played + (found.best or ""):
            continue  # the Expert sees the game end: said in words, not as ±1000
        mine, best = (
            float(re.findall(r"\(valeur ([^)]*)\)", t)[-1].replace(",", ".").replace("−", "-"))
            for t in (found.played, found.best or "")
        )
        assert best - mine == pytest.approx(found.loss, abs=0.011)
    assert any(found.verdict in ("imprecision", "erreur") for found in worst)


def test_the_set_up_redraw_next_to_the_experts() -> None:
    record = game_of("nouvelle-main")
    redraws = [
        (ply, state, action)
        for ply, state, action in seat_moves(record, 0) + seat_moves(record, 1)
        if isinstance(action, Redraw)
    ]
    assert len(redraws) == 2  # one a seat, once
    # The seat whose opening hand has cards the Expert would discard.
    ply, state, _ = next(
        (ply, state, action)
        for ply, state, action in redraws
        if redraw_choice(state, next(iter(state.to_move()))).cards
    )
    seat = next(iter(state.to_move()))
    expert = redraw_choice(state, seat)
    same = note(state, seat, expert, ply, record.seed)
    assert same is not None and (same.verdict, same.loss, same.best) == ("meilleur", 0.0, None)
    kept = note(state, seat, Redraw(()), ply, record.seed)
    assert kept is not None and kept.played == "garder votre main"
    assert kept.loss is not None and kept.loss > 0 and kept.best is not None
    assert kept.best.startswith("défausser « ") and kept.best.endswith(" et repiocher")
    everything = note(state, seat, Redraw(tuple(sorted(state.hands[seat]))), ply, record.seed)
    assert everything is not None and everything.loss is not None and everything.loss > 0


# --- only the seat's view ------------------------------------------------------------------------


@pytest.mark.parametrize("table", ["deux", "trois"])
def test_a_note_reads_only_what_the_seat_saw(table: str) -> None:
    """The same note when every card the seat cannot see is dealt otherwise: the deck, the
    other hands, the face-down projects it does not know, the cards under the others'
    projects (each with its public banner)."""
    record = game_of(table)
    checked = 0
    for ply, state, action in seat_moves(record, 0)[:40]:
        found = note(state, 0, action, ply, record.seed)
        for redeal in (1, 2):
            other = state.resample_hidden(0, Rng.from_seed(redeal).draws())
            assert other.hands[1] != state.hands[1] or other.deck != state.deck
            assert note(other, 0, action, ply, record.seed) == found
        checked += found is not None
    assert checked >= 10


def test_cards_the_seat_never_saw_never_appear_in_its_notes() -> None:
    record = game_of("trois")
    seen: set[str] = set()
    for state in record.states(GAME):
        assert isinstance(state, GremlinsState)
        seen |= state.known_to(0)
    catalog = record.replay(GAME).catalog  # type: ignore[attr-defined]
    hidden = {catalog[c].name for c in catalog} - {catalog[c].name for c in seen}
    assert hidden, "every card was seen: nothing to check"
    text = "\n".join(" ".join([n.played, n.best or "", *n.details]) for n in notes_of("trois", 0))
    for name in hidden:
        assert f"« {name} »" not in text, name
