"""``ludotheque play letter`` in a real terminal: tmux drives the program against a bot.

The program runs in a private tmux server (its own socket, 120 × 50 cells); keys are sent with
``send-keys`` and the screen is read with ``capture-pane`` (the whole history). Every wait polls
the screen for what must appear, with a generous deadline: no fixed sleep stands for an
assertion. The person's moves are decided by the test from the record the program saves after
every accepted action (``--save``), replayed with the rules.

Without tmux these tests skip, unless ``LUDOTHEQUE_REQUIRE_TMUX=1`` (for CI), where they fail.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from ludotheque.core.record import GameRecord
from ludotheque.games.letter import Letter
from ludotheque.games.letter.actions import Action, Claim, Knock, Turn
from ludotheque.games.letter.board import cell_name
from ludotheque.games.letter.bots_greedy import greedy_action
from ludotheque.games.letter.notation import board_after, format_action
from ludotheque.games.letter.state import LetterState

from .tmux_driver import PromptTerminal, ended, open_terminal

WIDTH, HEIGHT = 120, 50
PROMPT = re.compile(r"^(Première manche|Votre coup|Frapper \?|Taille)[^>]*>")
MAX_LINE = 1500  # a typed line stays well under the terminal's line limit (4095)
GAME = Letter()


class LetterTerminal(PromptTerminal):
    """The terminal, and the questions the Letter program asks."""

    PROMPT = PROMPT


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[LetterTerminal]:
    yield from open_terminal(tmp_path, "ludotheque-test", WIDTH, HEIGHT, LetterTerminal)


def replayed(save: Path) -> tuple[LetterState, int]:
    """The game as saved by the program, and the number of actions in it."""
    record = GameRecord.loads(save.read_text(encoding="utf-8"))
    state = record.replay(GAME)
    assert isinstance(state, LetterState)
    return state, len(record.moves)


def last_board(lines: list[str]) -> list[str]:
    """The rows of the last grid drawn (below its line of column letters)."""
    heads = [i for i, line in enumerate(lines) if line.startswith("     a  b  c")]
    assert heads, "no board on screen"
    rows = []
    for line in lines[heads[-1] + 1 :]:
        if not re.match(r"^ *\d+ ", line):
            break
        rows.append(line)
    return rows


def cell_text(rows: list[str], cell: str) -> str:
    """What the grid shows in ``cell`` (``f5``): each cell is 3 characters, after the row
    number's 3."""
    column, row = ord(cell[0]) - ord("a"), int(cell[1:])
    return rows[row - 1][3 + 3 * column + 2]


def typed(state: LetterState, action: Action) -> str:
    """``action`` in the terminal notation (tiles by id, words by cells); a long list of words
    is cut to keep the line under MAX_LINE, keeping a word for every placed tile."""
    if isinstance(action, Knock):
        words: list[Claim] = []
        length = 0
        for claim in action.words:
            length += len(claim.path) * 4 + len(claim.word or "") + 2
            if words and length > MAX_LINE:
                break
            words.append(claim)
        return format_action(replace(action, words=tuple(words)))
    if not isinstance(action, Turn):
        return format_action(action)
    board = board_after(state, action.placements, action.exchange)
    text = " + ".join(f"{p.tile} {cell_name(p.x, p.y)}" for p in action.placements)
    uncovered = {p.tile for p in action.placements}
    for claim in action.words:
        path = "-".join(cell_name(board.get(t).x, board.get(t).y) for t in claim.path)
        if uncovered & set(claim.path) or len(text) + len(path) < MAX_LINE:
            text += (" " if " : " in text else " : ") + path
            uncovered -= set(claim.path)
    if action.exchange is not None:
        blank = state.board.get(action.exchange)
        text += f" echange {cell_name(blank.x, blank.y)}"
    return text


def play_against_greedy(seed: int, save: Path) -> list[str]:
    """The command line: place 1 against the greedy bot, letters dealt at once, a 13 board."""
    options = ["-o", "tirage=hasard", "-o", "plateau=13", "--save", str(save)]
    return ["play", "letter", "--seed", str(seed), "--players", "2", "--bots", "greedy", *options]


# --- the tests ------------------------------------------------------------------------------------


def test_refusals_change_nothing_and_a_legal_turn_redraws_the_board(
    terminal: LetterTerminal, tmp_path: Path
) -> None:
    save = tmp_path / "partie.json"
    terminal.start(play_against_greedy(3, save))
    lines = terminal.wait(lambda s: terminal.waiting(s, 1), "the first question")
    assert lines[-1].startswith("Première manche : une lettre où vous voulez")
    assert "contre 1 robot (greedy), graine 3" in lines[0]
    rows = last_board(lines)
    assert len(rows) == 13 and all(set(row[3:]) <= {" ", "·"} for row in rows)  # empty grid
    assert any(line.startswith("▶ Vous") for line in lines)
    assert any("greedy (place 2)" in line for line in lines)
    assert all(len(line) <= WIDTH for line in terminal.visible())
    state, moves = replayed(save)
    assert moves == 0 and state.first_round(0)
    big = next(
        state.catalog[t] for t in state.letters_of(0) if state.catalog[t].height > 1
    )  # a tile taller than one cell
    label = f"{big.letter}{big.size}"

    for text, error in [
        ("n'importe quoi", "Pièce illisible : « n'importe »"),
        (f"{label} a13", "La pièce doit tenir entièrement dans le quadrillage."),
        ("K3x3 c5", "Vous n'avez pas de lettre K 3x3 (ni de lettre libre)."),
    ]:
        lines = terminal.answer(text)
        assert lines[-3].endswith(f"> {text}"), lines[-4:]
        assert error in lines[-2]  # the refusal, in French, right below the typed line
        assert lines[-1].startswith("Première manche")  # the same question again
        assert replayed(save) == (state, 0)  # nothing saved, nothing changed
        assert last_board(lines) == rows  # no board redrawn either

    lines = terminal.answer("aide")
    assert "Notation des coups" in "\n".join(lines)

    lines = terminal.answer(f"{label} f5")
    assert f"Vous : pose {big.letter} en f5 et ne nomme aucun mot." in lines
    after, moves = replayed(save)
    first = json.loads(save.read_text(encoding="utf-8"))["moves"][0]
    assert first == [0, {"type": "poser", "pieces": [{"piece": big.id, "case": "f5"}], "mots": []}]
    assert big.id not in after.letters_of(0) and after.board.get(big.id).y == 4
    rows = last_board(lines)
    assert cell_text(rows, "f5") == big.letter  # the redrawn grid: the letter in its cell
    assert cell_text(rows, "f6") == "▪"  # and its other cells filled
    # the bot has played its first turn too: the person now decides on a knock
    assert lines[-1].startswith("Frapper ?")
    lines = terminal.answer("pas")
    assert lines[-1].startswith("Votre coup")
    lines = terminal.answer("quitter")
    terminal.wait(ended, "the end of the program")
    assert replayed(save)[1] >= moves + 1


def test_a_whole_game_against_the_greedy_bot_to_the_final_scores(
    terminal: LetterTerminal, tmp_path: Path
) -> None:
    save = tmp_path / "partie.json"
    terminal.start(play_against_greedy(11, save))
    lines = terminal.wait(lambda s: terminal.waiting(s, 1), "the first question")
    turns = 0
    while not ended(lines):
        state, _ = replayed(save)
        assert not state.is_over and 0 in state.to_move(), lines[-5:]
        action = greedy_action(state, 0)
        lines = terminal.answer(typed(state, action))
        after, _ = replayed(save)
        assert after != state, f"refused: {typed(state, action)}\n" + "\n".join(lines[-5:])
        turns += 1
        assert turns < 200
    final, _ = replayed(save)
    outcome = final.outcome()
    assert outcome is not None and outcome.scores is not None
    you, bot = outcome.scores
    assert f"Fin de la partie. Scores : Vous {you}, greedy (place 2) {bot}." in lines
    first, second = ("Vous", "greedy (place 2)") if you >= bot else ("greedy (place 2)", "Vous")
    second_rank = "1er" if you == bot else "2e"
    assert f"Classement : 1er {first}, {second_rank} {second}." in lines
    assert "Comptage 3 : points des mots, un point de plus par lettre au-delà de quatre." in lines
    assert any(line.startswith("Partie enregistrée dans") for line in lines)
    assert you > 0 and bot > 0
