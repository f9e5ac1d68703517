"""``ludotheque play gutenberg`` in a real terminal: tmux drives the program against a bot.

The program runs in a private tmux server (its own socket, 100 × 50 cells); keys are sent with
``send-keys`` and the screen is read with ``capture-pane`` (the whole history). Every wait polls
the screen for what must appear, with a generous deadline: no fixed sleep stands for an
assertion. What the program recorded is read from the file it saves after every accepted
action (``--save``).

Without tmux these tests skip, unless ``LUDOTHEQUE_REQUIRE_TMUX=1`` (for CI), where they fail.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludotheque.core.record import GameRecord

from .tmux_driver import PromptTerminal, ended, open_terminal

WIDTH, HEIGHT = 100, 50
PROMPT = re.compile(
    r"^(Quelle carte|Votre mot|Écrire |Ne rien écrire|Quel placement|Réclamer un défi|"
    r"Quelles cartes|Quitter la partie)"
)


class GutenbergTerminal(PromptTerminal):
    """The terminal, and the questions the Gutenberg program asks (they end in « ? », « : »,
    « ) » or « ] », not in « > »)."""

    PROMPT = PROMPT

    def waiting(self, lines: list[str], count: int) -> bool:
        """The ``count``-th question is on the last line, whole (its closing character shown)
        and not yet answered (nothing typed after it)."""
        if self.prompts(lines) < count or not lines or not self.PROMPT.match(lines[-1]):
            return False
        return lines[-1].rstrip()[-1:] in {"?", ":", ")", "]"}


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[GutenbergTerminal]:
    yield from open_terminal(tmp_path, "ludotheque-test", WIDTH, HEIGHT, GutenbergTerminal)


def test_the_draft_a_refusal_help_the_table_and_quitting(
    terminal: GutenbergTerminal, tmp_path: Path
) -> None:
    save = tmp_path / "partie.json"
    options = ["--seed", "1", "--players", "2", "--bots", "hasard", "--save", str(save)]
    terminal.start(["play", "gutenberg", *options])
    lines = terminal.wait(lambda s: terminal.waiting(s, 1), "the first question")
    assert lines[0] == (
        "Gutenberg — vous (place 1) contre 1 robot (Hasard), graine 1. "
        "Tapez « aide » à tout moment."
    )
    assert lines[-1].startswith("Quelle carte gardez-vous ? (numéro ou lettre)")
    assert "Votre paquet" in lines
    screen = "\n".join(lines)
    assert "╭─ 1 ─╮" in screen and "╭─ 5 ─╮" in screen  # five numbered cards
    assert any(line.startswith(" Hasard (place 2)") for line in lines)
    assert all(len(line) <= WIDTH for line in terminal.visible())

    lines = terminal.answer("9")  # a wrong answer: refused in French, the question again
    assert lines[-2] == "Pas de carte n° 9 : choisissez un numéro de 1 à 5."
    assert lines[-1].startswith("Quelle carte gardez-vous ?")
    record = GameRecord.loads(save.read_text(encoding="utf-8"))
    assert all(move.seat != 0 for move in record.moves)  # nothing of the person's was sent

    for _ in range(4):
        lines = terminal.answer("1")
    assert lines[-1].startswith("Votre mot (« - » pour ne rien écrire)")
    assert any(line.startswith("Vos cartes pour écrire") for line in lines)

    lines = terminal.answer("aide")
    assert any("Écriture : tapez un mot du dictionnaire" in line for line in lines)
    assert any("À chaque question : aide (ou ?)" in line for line in lines)
    shown = sum(1 for line in lines if line.startswith("Vos cartes pour écrire"))
    lines = terminal.answer("table")
    assert sum(1 for line in lines if line.startswith("Vos cartes pour écrire")) == shown + 1

    lines = terminal.answer("quitter")
    assert lines[-1].startswith("Quitter la partie ? Elle reste enregistrée. [o/N]")
    lines = terminal.answer("o")
    assert ended(lines) and "Partie interrompue." in lines
    record = GameRecord.loads(save.read_text(encoding="utf-8"))
    picks = [
        m for m in record.moves if isinstance(m.action, dict) and m.action["type"] == "choisir"
    ]
    assert len(picks) == 8  # four picks for each of the two seats (the bot may have written)
