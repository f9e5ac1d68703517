"""The terminal's hourglass (Letter's « sablier ») and table options typed as ``-o NOM=VALEUR``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cli.countdown import hourglass_line, timed_input
from ludotheque.cli.games.letter import LetterTerminal
from ludotheque.cli.play import play_game
from ludotheque.cli.table_options import option_help, parse_option_flags
from ludotheque.cli.terminal.setup import make_bots, new_match
from ludotheque.core.errors import InvalidOptions
from ludotheque.core.protocol import RuleTimer
from ludotheque.games.letter import Letter


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_timed_input_from_a_pipe_answers_in_time_or_too_late() -> None:
    clock = FakeClock()
    out = io.StringIO()
    assert timed_input("> ", 30, stdin=io.StringIO("mer\n"), stdout=out, clock=clock) == "mer"
    assert out.getvalue().startswith("⏳ Sablier : 30 s\n> ")

    class Slow(io.StringIO):
        def readline(self, size: int = -1) -> str:
            clock.now += 31  # the person answers after 31 s
            return super().readline(size)

    assert timed_input("> ", 30, stdin=Slow("mer\n"), stdout=io.StringIO(), clock=clock) is None
    with pytest.raises(EOFError):
        timed_input("> ", 30, stdin=io.StringIO(""), stdout=io.StringIO(), clock=clock)
    assert hourglass_line(0.2) == "⏳ Sablier : 1 s" and hourglass_line(-3) == "⏳ Sablier : 0 s"


def test_a_late_answer_in_letter_is_a_timeout_and_the_hourglass_spans_retries() -> None:
    clock = FakeClock()
    console = Console(record=True, width=120, color_system=None)
    answers = iter(["n'importe quoi", "aide"])
    seen: list[float] = []

    def timed_ask(prompt: str, left: float) -> str | None:
        seen.append(left)
        clock.now += 12  # each answer takes 12 s: the third is past the 30 s
        return next(answers, "pas")

    match = new_match("letter", 2, 4, {"plateau": 13, "sablier": True, "tirage": "hasard"})
    terminal = LetterTerminal(
        match,
        console,
        lambda _p: "quitter",
        make_bots(Letter(), ["greedy"]),
        timed_ask=timed_ask,
        clock=clock,
    )
    state = terminal.state
    if state.active != 0:  # let the bot play its first turn so that it is the person's
        terminal.bot_move(state.active)
    assert terminal.my_timer() is not None
    terminal.human_turn()
    assert seen == [30, 18, 6]  # one hourglass for the turn: the refusals do not turn it over
    moves = terminal.match.record.moves
    assert moves[-1].action == {"type": "temps_ecoule"} and moves[-1].seat == 0
    assert "Sablier écoulé" in console.export_text()


def test_without_sablier_no_countdown_is_asked() -> None:
    calls: list[str] = []

    def timed_ask(prompt: str, left: float) -> str | None:
        calls.append(prompt)
        return "quitter"

    terminal = LetterTerminal(
        new_match("letter", 2, 4, {"plateau": 13}),
        Console(file=io.StringIO()),
        lambda _p: "quitter",
        make_bots(Letter(), ["greedy"]),
        timed_ask=timed_ask,
    )
    assert terminal.run() is None and calls == []


def test_option_flags_are_the_lobby_options_typed() -> None:
    info = Letter.info
    assert parse_option_flags(info, ["sablier=oui", "comptage=3", "plateau=15"]) == {
        "sablier": True,
        "comptage": "3",
        "plateau": 15,
    }
    for bad, message in [
        ("sablier", "NOM=VALEUR"),
        ("inconnue=1", "Option inconnue"),
        ("sablier=peut-être", "oui ou non"),
        ("plateau=quinze", "nombre entier"),
        ("plateau=99", "hors des bornes"),
        ("comptage=7", "inconnue"),
        ("tuiles=/nulle/part.txt", "impossible de lire"),
    ]:
        with pytest.raises(InvalidOptions, match=message):
            parse_option_flags(info, [bad])
    assert "sablier=oui | non" in option_help(info)


def test_play_letter_takes_options_and_refuses_bad_ones(tmp_path: Path) -> None:
    out = Console(record=True, width=120, color_system=None)
    status = play_game(
        "letter",
        out,
        lambda _p: "quitter",
        seed=3,
        save=tmp_path / "p.json",
        option_flags=["comptage=3", "sablier=oui"],
    )
    assert status == 0
    record = json.loads((tmp_path / "p.json").read_text(encoding="utf-8"))
    assert record["options"]["comptage"] == "3" and record["options"]["sablier"] is True
    errors = Console(record=True, width=120, color_system=None)
    assert play_game("letter", out, lambda _p: "", errors=errors, option_flags=["x=1"]) == 2
    assert "Option inconnue" in errors.export_text()


def test_a_countdown_is_named_as_the_rules_name_its_timer() -> None:
    """The judge's window, a knock window… are counted down under their own name; a seat's own
    hourglass under the game's word for it."""
    terminal = LetterTerminal(
        new_match("letter", 2, 4, {"plateau": 13}),
        Console(record=True),
        lambda _prompt: "quitter",
        make_bots(Letter(), ["greedy"]),
    )
    judge = RuleTimer(seat=0, seconds=20, key="juge-1", action=None, label="Délai du juge")
    own = RuleTimer(seat=0, seconds=45, key="tour-1", action=None)
    assert terminal.timer_label_of(judge) == "Délai du juge"
    assert terminal.timer_label_of(own) == "Sablier"
