"""``ludotheque play letter``: a scripted game to the end, typed moves, refusals in French."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from rich.console import Console

from ludotheque.cli.games.letter import LetterTerminal
from ludotheque.cli.play import play_game
from ludotheque.cli.terminal.setup import make_bots, new_match
from ludotheque.core.errors import LudoError
from ludotheque.core.rng import Rng
from ludotheque.games.letter import Letter
from ludotheque.games.letter.actions import Action, Turn
from ludotheque.games.letter.board import cell_name
from ludotheque.games.letter.notation import board_after, format_action, parse_typed
from ludotheque.games.letter.state import KNOCK_SECONDS, LetterState


def typed(state: LetterState, action: Action) -> str:
    """``action`` in the terminal notation: tiles by letter and size, words by cells."""
    if not isinstance(action, Turn):
        return format_action(action)
    board = board_after(state, action.placements, action.exchange)
    placing = " + ".join(
        f"{state.catalog[p.tile].letter}{state.catalog[p.tile].size} {cell_name(p.x, p.y)}"
        for p in action.placements
    )
    words = " ".join(
        "-".join(cell_name(board.get(t).x, board.get(t).y) for t in claim.path)
        for claim in action.words
    )
    return f"{placing} : {words}" if words else placing


def test_a_scripted_game_against_a_bot_reaches_the_end(tmp_path: Path) -> None:
    console = Console(record=True, width=120, color_system=None)
    holder: dict[str, LetterTerminal] = {}
    draws = Rng.from_seed(5).draws()
    bad = iter(["n'importe quoi", "Z3x3 c5", "aide", "table"])

    def ask(prompt: str) -> str:
        for answer in bad:
            return answer
        state = holder["t"].state
        action = state.sample_action(0, draws)
        if isinstance(action, Turn) and action.exchange is None:
            return typed(state, action)
        return format_action(action)

    match = new_match("letter", 2, 3, {"plateau": 13})
    terminal = LetterTerminal(match, console, ask, make_bots(Letter(), ["random"]))
    holder["t"] = terminal
    outcome = terminal.run()
    assert outcome is not None
    out = console.export_text()
    assert "Coup illisible" in out or "illisible" in out
    assert "Notation des coups" in out
    assert "Fin de la partie" in out
    assert " a " in out and "1 " in out  # the grid's column letters and row numbers


def test_parse_errors_are_french_and_change_nothing() -> None:
    match = new_match("letter", 2, 1, {"plateau": 13})
    state = match.state
    assert isinstance(state, LetterState)
    before = state.view(0)
    for text, expected in [
        ("E9x9 c5", "Pièce illisible"),
        ("n'importe quoi", "illisible"),
        ("frapper", "nommez au moins un mot"),
        ("", "Coup vide"),
    ]:
        try:
            parse_typed(state, 0, text)
        except LudoError as error:
            assert expected in error.message
        else:
            raise AssertionError(text)
    assert state.view(0) == before


def test_play_game_letter_saves_a_record(tmp_path: Path) -> None:
    console = Console(record=True, width=100, color_system=None)
    save = tmp_path / "partie.json"
    status = play_game(
        "letter", console, lambda prompt: "quitter", seed=4, save=save, bots="random", side=13
    )
    assert status == 0
    assert json.loads(save.read_text())["game"] == "letter"


def test_unknown_tile_file_is_refused(tmp_path: Path) -> None:
    console = Console(record=True, width=100, color_system=None)
    status = play_game("letter", console, lambda p: "", tiles=tmp_path / "nope.txt")
    assert status == 2
    assert "Impossible de lire les pièces" in console.export_text()


def test_a_word_without_its_path_is_completed_through_the_placed_tile() -> None:
    game = Letter()
    match = new_match("letter", 2, 1, {"plateau": 13})
    state = match.state
    assert isinstance(state, LetterState)
    tiles = {state.catalog[t].letter: t for t in state.catalog if not state.catalog[t].blank}
    m, a = state.catalog[tiles["M"]], state.catalog[tiles["A"]]
    board = state.board.place(m, 0, 0)
    state = replace(state, board=board, hands=((*state.hands[0], a.id), *state.hands[1:]))
    data = {
        "type": "poser",
        "pieces": [{"piece": a.id, "case": cell_name(m.width, 0)}],
        "mots": [{"mot": "ma"}],
    }
    done = game.complete_action(state, 0, data)
    assert isinstance(done, dict)
    assert done["mots"] == [{"mot": "ma", "chemin": [m.id, a.id]}]
    typed_turn = parse_typed(state, 0, f"{a.id} {cell_name(m.width, 0)} : MA")
    assert isinstance(typed_turn, Turn)
    assert typed_turn.words[0].path == (m.id, a.id)


def knock_window_for_the_person(seed_from: int = 1) -> LetterTerminal:
    """A terminal where the bot (place 2) has just played its first turn: the person's window."""
    for seed in range(seed_from, seed_from + 20):
        match = new_match("letter", 2, seed, {"plateau": 13, "tirage": "hasard"})
        state = match.state
        assert isinstance(state, LetterState)
        if state.active == 1:
            console = Console(record=True, width=120, color_system=None)
            terminal = LetterTerminal(
                match, console, lambda _p: "quitter", make_bots(Letter(), ["greedy"])
            )
            terminal.bot_move(1)
            assert terminal.state.phase == "frappe" and terminal.state.to_move() == {0}
            return terminal
    raise AssertionError("no seed where the bot starts")


def test_the_terminal_plays_with_the_rulebook_penalty_unless_told_otherwise() -> None:
    assert (
        new_match("letter", 2, 1).record.options["erreurs"] == "penalite"
    )  # a person is at the table
    refus = new_match("letter", 2, 1, {"erreurs": "refus"})
    assert refus.record.options["erreurs"] == "refus"


def test_enter_lets_a_knock_window_pass() -> None:
    terminal = knock_window_for_the_person()
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return ""

    terminal.ask = ask
    terminal.human_turn()
    assert terminal.match.record.moves[-1].action == {"type": "pas_de_frappe"}
    assert len(prompts) == 1 and "Entrée : pas de frappe" in prompts[0]
    assert terminal.state.phase == "jeu"


def test_a_knock_window_closes_by_itself_in_the_terminal() -> None:
    terminal = knock_window_for_the_person()
    asked: list[float] = []

    def timed_ask(prompt: str, left: float) -> str | None:
        asked.append(left)
        return None  # the person said nothing before the window closed

    terminal.timed_ask = timed_ask
    terminal.clock = lambda: 100.0  # the window was just opened
    terminal.human_turn()
    assert asked == [KNOCK_SECONDS]
    assert terminal.match.record.moves[-1].action == {"type": "pas_de_frappe"}
    out = terminal.console.export_text()
    assert "Fenêtre de frappe fermée" in out and "se ferme seule après 8 s" in out
