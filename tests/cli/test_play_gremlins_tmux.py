"""``ludotheque play gremlins`` in a real terminal: tmux drives the program against bots.

The program runs in a private tmux server (its own socket, 120 × 50 cells); keys are sent with
``send-keys`` and the screen is read with ``capture-pane`` (the whole history). Every wait polls
the screen for what must appear, with a generous deadline: no fixed sleep stands for an
assertion. The person's actions are decided by the test from the record the program saves
after every accepted action (``--save``), replayed with the rules.

Without tmux these tests skip, unless ``LUDOTHEQUE_REQUIRE_TMUX=1`` (for CI), where they fail.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games.gremlins import Gremlins
from ludotheque.games.gremlins.actions import Choose
from ludotheque.games.gremlins.notation import format_action
from ludotheque.games.gremlins.state import GremlinsState

from .tmux_driver import PromptTerminal, ended, open_terminal

WIDTH, HEIGHT = 120, 50
PROMPT = re.compile(r"^(Votre coup|Votre choix|Garder votre main)[^>]*>")
GAME = Gremlins()


class GremlinsTerminal(PromptTerminal):
    """The terminal, and the questions the Gremlins program asks."""

    PROMPT = PROMPT


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[GremlinsTerminal]:
    yield from open_terminal(tmp_path, "ludotheque-test", WIDTH, HEIGHT, GremlinsTerminal)


def replayed(save: Path) -> tuple[GremlinsState, int]:
    """The game as saved by the program, and the number of actions in it."""
    record = GameRecord.loads(save.read_text(encoding="utf-8"))
    state = record.replay(GAME)
    assert isinstance(state, GremlinsState)
    return state, len(record.moves)


def test_refusals_a_legal_turn_then_a_whole_game(
    terminal: GremlinsTerminal, tmp_path: Path
) -> None:
    save = tmp_path / "partie.json"
    options = ["-o", "prestige=5", "-o", "epuisements=1", "--save", str(save)]
    terminal.start(
        ["play", "gremlins", "--seed", "6", "--players", "2", "--bots", "random", *options]
    )
    lines = terminal.wait(lambda s: terminal.waiting(s, 1), "the first question")
    assert "vous (place 1) contre 1 robot (Hasard), graine 6" in lines[0]
    assert lines[-1].startswith("Votre coup (2 actions restantes)")
    assert any(line.startswith("Votre main (6 cartes") for line in lines)
    assert all(len(line) <= WIDTH for line in terminal.visible())
    state, moves = replayed(save)

    for text, error in [
        ("n'importe quoi", "Coup illisible : « n'importe quoi »"),
        ("terminer 3", "Coup refusé : "),
    ]:
        lines = terminal.answer(text)
        assert lines[-3].endswith(f"> {text}"), lines[-4:]
        assert error in lines[-2]  # the refusal, in French, right below the typed line
        assert lines[-1].startswith("Votre coup (2 actions restantes)")
        assert replayed(save) == (state, moves)  # nothing saved, nothing changed

    lines = terminal.answer("aide")
    assert any("Notation des coups" in line for line in lines)

    card = state.hands[0][0]
    lines = terminal.answer(f"commencer {card}")
    assert "Place 1 (vous) commence un projet (n° 1)." in lines
    assert any(line.startswith("Vos projets (1/3)") for line in lines)
    assert replayed(save)[1] == moves + 1

    # The rest of the game: random legal actions, questions answered by their number.
    draws = Rng.from_seed(6).draws()
    turns = 0
    while not ended(lines):
        state, moves = replayed(save)
        assert not state.is_over and 0 in state.to_move(), lines[-5:]
        action = state.sample_action(0, draws)
        if isinstance(action, Choose) and state.prompt is not None:
            text = str([key for key, _ in state.prompt.options].index(action.key) + 1)
        else:
            text = format_action(action)
        lines = terminal.answer(text)
        assert replayed(save)[1] > moves, f"refused: {text}\n" + "\n".join(lines[-5:])
        turns += 1
        assert turns < 400
    final, _ = replayed(save)
    outcome = final.outcome()
    assert outcome is not None and outcome.scores is not None
    you, bot = outcome.scores
    assert f"Fin de la partie. Prestige : Vous {you}, Hasard (place 2) {bot}." in lines
    assert final.outcome().reason in lines
    assert any(line.startswith("Classement : 1er ") for line in lines)
