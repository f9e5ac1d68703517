"""``ludotheque play themes`` in a real terminal: tmux drives the program against a bot.

The program runs in a private tmux server (its own socket, 140 × 50 cells); keys are sent with
``send-keys`` and the screen is read with ``capture-pane``. Classique: the live hourglass, a
word, quitting; Simultanée: a word before the bot, then « rien » and the bot's move. Every wait
polls the screen for what must appear, with a generous deadline: no fixed sleep stands for an
assertion. The word typed is chosen by the test from the record the program saves (``--save``),
replayed with the rules.

Without tmux these tests skip, unless ``LUDOTHEQUE_REQUIRE_TMUX=1`` (for CI), where they fail.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludotheque.cli.terminal.setup import new_match
from ludotheque.core.record import GameRecord
from ludotheque.games.themes import Themes
from ludotheque.games.themes.classic import ClassicPlay
from ludotheque.games.themes.simultaneous import SimultaneousPlay
from ludotheque.games.themes.state import ThemesState

from .tmux_driver import Terminal, ended, open_terminal

WIDTH, HEIGHT = 140, 50
COUNTDOWN = re.compile(r"⏳ (?:Sablier|Les robots cherchent) : (\d+) s")
GAME = Themes()


def countdowns(lines: list[str]) -> list[int]:
    return [int(m.group(1)) for line in lines if (m := COUNTDOWN.search(line))]


def asking(lines: list[str]) -> bool:
    return bool(lines) and lines[-1].startswith("Votre mot") and lines[-1].rstrip().endswith(">")


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    yield from open_terminal(tmp_path, "ludotheque-themes", WIDTH, HEIGHT, Terminal)


def replayed(save: Path) -> tuple[ThemesState, int]:
    record = GameRecord.loads(save.read_text(encoding="utf-8"))
    state = record.replay(GAME)
    assert isinstance(state, ThemesState) and isinstance(state.play, ClassicPlay)
    return state, len(record.moves)


def a_seed_where_the_person_starts_with_a_word() -> int:
    for seed in range(200):
        state = new_match("themes", 2, seed).state
        assert isinstance(state, ThemesState) and isinstance(state.play, ClassicPlay)
        if state.play.active == 0 and state.word_choices(0):
            return seed
    raise AssertionError("no such seed")


def test_countdown_a_word_accepted_and_quitting_saves(terminal: Terminal, tmp_path: Path) -> None:
    save = tmp_path / "partie.json"
    seed = a_seed_where_the_person_starts_with_a_word()
    options = ["--bots", "debutant", "--save", str(save), "-o", "secondes=120"]
    terminal.start(["play", "themes", "--seed", str(seed), *options])
    lines = terminal.wait(asking, "the first question")
    assert "Thèmes (Partie classique) — vous (place 1) contre 1 robot (Débutant)" in lines[0]
    assert any("Votre main :" in line for line in lines)
    # the hourglass is written with the question (one write), read on the first screen that
    # shows the question: 10 s of margin for a loaded machine between the two
    assert lines[-2].startswith("⏳ Sablier :")
    first = countdowns(lines)[-1]
    assert 110 <= first <= 120
    # the line above the prompt counts down, in place
    lines = terminal.wait(
        lambda s: bool(countdowns(s)) and countdowns(s)[-1] < first, "the countdown going down"
    )
    assert lines[-2].startswith("⏳ Sablier :")

    state, moves = replayed(save)
    assert moves == 0 and state.play.active == 0
    word = state.word_choices(0)[0]
    terminal.type("n'importe quoi")
    terminal.wait(
        lambda s: any("Coup illisible" in line for line in s) and asking(s),
        "the refusal, then the question again",
    )
    assert replayed(save) == (state, 0)
    terminal.type(f"{word.column + 1} {word.word}")
    lines = terminal.wait(
        lambda s: any(line.startswith(f"Vous proposez « {word.word} »") for line in s),
        "the word said",
    )
    after, moves = replayed(save)
    assert moves == 1 and after.judgements[-1].accepted and after.won_themes[0]
    lines = terminal.wait(asking, "the next question of the same turn")
    assert lines[-2].startswith("⏳ Sablier :")  # its hourglass, written with it
    left = countdowns(lines)[-1]
    assert left < first  # the same hourglass, not a new one

    terminal.type("quitter")
    lines = terminal.wait(ended, "the end of the program")
    assert "Partie interrompue." in lines
    assert replayed(save)[1] == 1


def a_simultaneous_seed_with_a_word() -> int:
    for seed in range(200):
        state = new_match("themes", 2, seed, {"mode": "simultanee"}).state
        assert isinstance(state, ThemesState) and isinstance(state.play, SimultaneousPlay)
        if state.word_choices():
            return seed
    raise AssertionError("no such seed")


def replayed_race(save: Path) -> tuple[ThemesState, int]:
    record = GameRecord.loads(save.read_text(encoding="utf-8"))
    state = record.replay(GAME)
    assert isinstance(state, ThemesState) and isinstance(state.play, SimultaneousPlay)
    return state, len(record.moves)


def racing(lines: list[str]) -> bool:
    """The race's question is on the last line, whole and not yet answered."""
    return (
        bool(lines)
        and lines[-1].startswith("Votre mot (2 new york ; rien")
        and lines[-1].rstrip().endswith(">")
    )


def test_simultaneous_a_word_before_the_bot_then_rien(terminal: Terminal, tmp_path: Path) -> None:
    save = tmp_path / "course.json"
    seed = a_simultaneous_seed_with_a_word()
    options = ["--bots", "debutant", "--save", str(save), "-o", "mode=simultanee"]
    terminal.start(["play", "themes", "--seed", str(seed), *options])
    lines = terminal.wait(racing, "the first question of the race")
    assert "Thèmes (Variante Simultanée) — vous (place 1)" in lines[0]
    assert any("Manche 1 · cartes retournées" in line for line in lines)
    assert any(line.startswith("⏳ Le") for line in lines)  # the bots' thinking time, told
    # the Débutant's time to find a word and slap the cards, or to give up, is at least 10 s
    # (its slowness 1.6, spread down to × 0.6): the countdown starts there, and the live line
    # says what it counts (no hourglass in this variant)
    assert 10 <= countdowns(lines)[-1] <= 75
    assert any(line.startswith("⏳ Les robots cherchent :") for line in lines)

    state, moves = replayed_race(save)
    assert moves == 0 and state.play.round == 1
    word = state.word_choices()[0]
    terminal.type(f"{word.column + 1} {word.word}")
    terminal.wait(
        lambda s: any(line.startswith(f"Vous proposez « {word.word} »") for line in s),
        "the word said",
    )
    terminal.wait(
        lambda s: racing(s) and any("Manche 2 · cartes retournées" in line for line in s),
        "the second round",
    )
    after, moves = replayed_race(save)
    assert moves == 1 and after.won_themes[0] and after.play.round == 2

    terminal.type("rien")
    terminal.wait(lambda s: any("Vous ne trouvez rien" in line for line in s), "« rien »")
    # the bot says its word or « rien » (a short wait), and a third round begins
    terminal.wait(
        lambda s: racing(s) and any("Manche 3 · cartes retournées" in line for line in s),
        "the third round",
    )
    final, moves = replayed_race(save)
    assert moves == 3 and final.play.round == 3  # a word, « rien », the bot's move
    terminal.type("quitter")
    lines = terminal.wait(ended, "the end of the program")
    assert "Partie interrompue." in lines
