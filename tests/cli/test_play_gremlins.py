"""``ludotheque play gremlins``: refusals in French that change nothing, typed turns, numbered
choices, the completed payment, the set-up redraw, ``--deck``, whole games against bots."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ludotheque.cli.games.gremlins import GremlinsTerminal, read_answer
from ludotheque.cli.main import app
from ludotheque.cli.play import play_game
from ludotheque.cli.terminal.setup import make_bots, new_match
from ludotheque.core.errors import MalformedInput
from ludotheque.core.match import Match
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games.gremlins import Gremlins
from ludotheque.games.gremlins.actions import (
    Action,
    AssignCard,
    Choose,
    EndTurn,
    Redraw,
    StartProject,
)
from ludotheque.games.gremlins.cards import format_cost
from ludotheque.games.gremlins.notation import format_action
from ludotheque.games.gremlins.state import GremlinsState

GAME = Gremlins()
SHORT = {"prestige": 5, "epuisements": 1}
CARDS = Path(__file__).parents[2] / "src/ludotheque/games/gremlins/data/cartes.txt"


def console() -> Console:
    return Console(record=True, width=120, color_system=None)


def state_of(match: Match) -> GremlinsState:
    state = match.state
    assert isinstance(state, GremlinsState)
    return state


def first_match(wanted: Callable[[GremlinsState], bool], **extra: object) -> tuple[Match, int]:
    """The first 2-player short match (seed 0, 1, …) where place 1 starts and ``wanted``."""
    for seed in range(500):
        match = new_match("gremlins", 2, seed, {**SHORT, **extra})  # type: ignore[dict-item]
        state = state_of(match)
        if state.active == 0 and 0 in state.to_move() and wanted(state):
            return match, seed
    raise AssertionError("no such deal")


def scripted(answers: list[str]) -> tuple[Callable[[str], str], list[str]]:
    """An ``ask`` giving ``answers`` in turn, then « quitter »; the prompts it was shown."""
    prompts: list[str] = []
    queue: Iterator[str] = iter(answers)

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(queue, "quitter")

    return ask, prompts


def test_refusals_are_french_and_change_nothing() -> None:
    match, _ = first_match(lambda state: True)
    before, view = match.record, state_of(match).view(0)
    out = console()
    seen: list[tuple[int, bool]] = []
    answers = iter(["n'importe quoi", "commencer ZZZ", "terminer 3", "jouer A01 : 1 plomb", "4"])

    def ask(prompt: str) -> str:
        seen.append((len(match.record.moves), state_of(match).view(0) == view))
        return next(answers, "quitter")

    terminal = GremlinsTerminal(match, out, ask, make_bots(Gremlins(), ["random"]))
    assert terminal.run() is None
    text = out.export_text()
    assert "Coup illisible : « n'importe quoi »" in text
    assert "Coup refusé : " in text  # commencer ZZZ, terminer 3: the rules' refusals
    assert "Paiement illisible : « 1 plomb »" in text
    assert "« 4 » : il n'y a pas de question à laquelle répondre par un numéro" in text
    assert "Partie interrompue." in text
    assert match.record == before and state_of(match).view(0) == view
    assert seen == [(0, True)] * 6
    assert text.count("Votre main (6 cartes") == 1  # no table redrawn after a refusal


def test_a_legal_turn_redraws_the_table() -> None:
    def playable(state: GremlinsState) -> bool:
        return any(state.catalog[c].kind == "plan" for c in state.hands[0])

    match, _ = first_match(playable)
    hand = state_of(match).hands[0]
    plan = next(c for c in hand if state_of(match).catalog[c].kind == "plan")
    other = next(c for c in hand if c != plan)
    out = console()
    ask, prompts = scripted([f"commencer {plan}", f"assigner {other} 1"])
    GremlinsTerminal(match, out, ask, make_bots(Gremlins(), ["random"])).run()
    text = out.export_text()
    moves = [move.action for move in match.record.moves[:2]]
    assert moves == [
        {"type": "commencer", "carte": plan},
        {"type": "assigner", "carte": other, "projet": 0},
    ]
    assert "Place 1 (vous) commence un projet (n° 1)." in text
    banner = state_of(match).catalog[other].banner
    assert f"Place 1 (vous) assigne une ressource {banner} au projet n° 1." in text
    assert "Vos projets (1/3)" in text  # the table, drawn again with the new project
    assert f"{state_of(match).catalog[plan].name} ({plan})" in text
    assert prompts[0] == "Votre coup (2 actions restantes) > "
    assert prompts[1] == "Votre coup (1 action restante) > "


def test_a_question_is_answered_by_its_number_or_its_key() -> None:
    match, _ = first_match(lambda state: "A38" in state.hands[0])  # Vide-grenier: discard 2
    out = console()
    holder: dict[str, str] = {}
    answers = iter(["jouer A38", "9", "1", "choix"])

    def ask(prompt: str) -> str:
        answer = next(answers, "quitter")
        state = state_of(match)
        if answer == "choix":
            assert state.prompt is not None
            holder["key"] = state.prompt.options[-1][0]
            return f"choisir {holder['key']}"
        if answer == "1":
            assert state.prompt is not None and prompt == (
                f"Votre choix (1 à {len(state.prompt.options)}) > "
            )
            holder["first"] = state.prompt.options[0][0]
        return answer

    GremlinsTerminal(match, out, ask, make_bots(Gremlins(), ["random"])).run()
    text = out.export_text()
    assert "À vous de choisir" in text and "Défausser une carte de votre main" in text
    assert "   1. « " in text
    assert "Pas d'option n° 9 : choisissez de 1 à 5." in text
    moves = [move.action for move in match.record.moves[:3]]
    assert moves == [
        {"type": "jouer", "carte": "A38", "paiement": []},
        {"type": "choisir", "choix": holder["first"]},
        {"type": "choisir", "choix": holder["key"]},
    ]
    # one journal line per answer, naming the card being resolved
    assert "« Vide-grenier » : Place 1 (vous) défausse « " in text
    assert "» et pioche 3 cartes." in text


def test_jouer_without_payment_gets_the_best_payment() -> None:
    def fits(state: GremlinsState) -> bool:
        hand = state.hands[0]
        catalog = state.catalog
        action = [
            c
            for c in hand
            if catalog[c].kind == "action" and format_cost(catalog[c].cost) == "1 or"
        ]
        plan = [c for c in hand if catalog[c].kind == "plan"]
        gold = [c for c in hand if catalog[c].banner == "or" and c not in action + plan[:1]]
        return bool(action and plan and gold)

    match, _ = first_match(fits)
    state = state_of(match)
    catalog = state.catalog
    hand = state.hands[0]
    action = next(
        c for c in hand if catalog[c].kind == "action" and format_cost(catalog[c].cost) == "1 or"
    )
    plan = next(c for c in hand if catalog[c].kind == "plan")
    gold = next(c for c in hand if catalog[c].banner == "or" and c not in (action, plan))
    moves: list[tuple[int, Action]] = [
        (0, StartProject(plan)),
        (0, AssignCard(gold, 0)),
        (1, EndTurn()),
    ]
    for seat, move in moves:
        match.submit(seat, GAME.encode_action(move))
    assert state_of(match).active == 0 and state_of(match).prompt is None
    out = console()
    ask, _ = scripted([f"jouer {action}"])
    GremlinsTerminal(match, out, ask, make_bots(Gremlins(), ["random"])).run()
    assert match.record.moves[3].action == {
        "type": "jouer",
        "carte": action,
        "paiement": [[0, "or"]],
    }
    assert f"Place 1 (vous) joue « {catalog[action].name} »." in out.export_text()


def test_the_person_at_the_terminal_may_pass_a_whole_round() -> None:
    match = new_match("gremlins", 2, 3)
    assert match.record.options["fin_tour_passe"] is False
    for _ in range(2):
        match.submit(state_of(match).active, {"type": "fin"})
        match.submit(state_of(match).active, {"type": "fin"})
    assert state_of(match).phase == "jeu"


def test_the_set_up_redraw_garder_or_refaire() -> None:
    match = new_match("gremlins", 3, 4, {**SHORT, "nouvelle_main": True})
    out = console()
    holder: dict[str, tuple[str, ...]] = {}

    def ask(prompt: str) -> str:
        state = state_of(match)
        if state.phase != "nouvelle-main":
            return "quitter"
        assert prompt.startswith("Garder votre main (garder) ou en refaire")
        holder["hand"] = state.hands[0]
        return f"refaire {state.hands[0][0]} {state.hands[0][1]}"

    GremlinsTerminal(match, out, ask, make_bots(Gremlins(), ["random", "random"])).run()
    mine = [move.action for move in match.record.moves if move.seat == 0]
    assert mine[0] == {
        "type": "nouvelle_main",
        "cartes": sorted(holder["hand"][:2]),
    }
    assert "Mise en place : chacun peut refaire sa main une fois." in out.export_text()


def test_read_answer_numbers_and_notation() -> None:
    match, _ = first_match(lambda state: True)
    state = state_of(match)
    assert read_answer(state, 0, "garder") == Redraw(())
    assert read_answer(state, 0, "choisir x") == Choose("x")
    for text, message in [("", "Coup vide"), ("2", "pas de question"), ("a A01", "2 argument")]:
        with pytest.raises(MalformedInput, match=message):
            read_answer(state, 0, text)


def sample_answers(save: Path, seed: int) -> Callable[[str], str]:
    """Answers typed from the saved record: a random legal action of place 1, a number for
    a question."""
    draws = Rng.from_seed(seed).draws()

    def ask(prompt: str) -> str:
        state = GameRecord.loads(save.read_text(encoding="utf-8")).replay(GAME)
        assert isinstance(state, GremlinsState) and 0 in state.to_move()
        action = state.sample_action(0, draws)
        if isinstance(action, Choose) and state.prompt is not None:
            keys = [key for key, _ in state.prompt.options]
            return str(keys.index(action.key) + 1)
        return format_action(action)

    return ask


def test_a_whole_game_against_bots_reaches_the_ranking(tmp_path: Path) -> None:
    save = tmp_path / "partie.json"
    out = console()
    status = play_game(
        "gremlins",
        out,
        sample_answers(save, 1),
        seed=1,
        players=3,
        bots="random",
        save=save,
        option_flags=["prestige=5", "epuisements=1"],
    )
    assert status == 0
    text = out.export_text()
    assert "vous (place 1) contre 2 robots (Hasard, Hasard), graine 1" in text
    assert "Fin de la partie. Prestige : Vous " in text
    assert "Classement : 1er " in text
    assert f"Partie enregistrée dans {save}" in text
    record = GameRecord.loads(save.read_text(encoding="utf-8"))
    assert record.replay(GAME).is_over


def test_a_team_game_shows_the_teams_sums(tmp_path: Path) -> None:
    save = tmp_path / "partie.json"
    out = console()
    status = play_game(
        "gremlins",
        out,
        sample_answers(save, 2),
        seed=2,
        mode="equipes",
        bots="random",
        save=save,
        option_flags=["prestige=5", "epuisements=1"],
    )
    assert status == 0
    text = out.export_text()
    assert "Équipes — équipe 1 : places 1, 3 ; équipe 2 : places 2, 4" in text
    assert "Prestige des équipes — équipe 1 : " in text
    assert "Équipes : équipe 1 (Vous, Hasard (place 3)) : " in text
    assert "Classement : 1er " in text


def small_deck(tmp_path: Path, extra_line: str = "") -> Path:
    lines = [
        line
        for line in CARDS.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ][:50]
    path = tmp_path / "cartes.txt"
    path.write_text("# mes cartes\n" + "\n".join(lines) + "\n" + extra_line, encoding="utf-8")
    return path


def test_deck_replaces_the_cards(tmp_path: Path) -> None:
    deck = small_deck(tmp_path)
    save = tmp_path / "partie.json"
    out = console()
    status = play_game(
        "gremlins", out, lambda prompt: "quitter", seed=3, bots="random", deck=deck, save=save
    )
    assert status == 0
    options = json.loads(save.read_text(encoding="utf-8"))["options"]
    assert options["cartes"] == deck.read_text(encoding="utf-8")
    state = GameRecord.loads(save.read_text(encoding="utf-8")).replay(GAME)
    assert isinstance(state, GremlinsState) and len(state.catalog) == 50


def test_an_invalid_deck_is_refused_with_its_line(tmp_path: Path) -> None:
    deck = small_deck(tmp_path, "X01 | Machin | action | or | 1 or\n")
    out = console()
    status = play_game("gremlins", out, lambda prompt: "quitter", deck=deck)
    assert status == 2
    text = out.export_text()
    assert f"Fichier de cartes {deck} refusé" in text
    assert "ligne 52" in text and "5 champs au lieu de 6" in text


def test_deck_errors_other_game_or_missing_file(tmp_path: Path) -> None:
    out = console()
    assert play_game("letter", out, lambda p: "", deck=small_deck(tmp_path)) == 2
    assert (
        "--deck ne sert qu'à Gutenberg et à Gremlins, Inc. – le jeu de cartes." in out.export_text()
    )
    out = console()
    assert play_game("gremlins", out, lambda p: "", deck=tmp_path / "rien.txt") == 2
    assert "Impossible de lire le fichier de cartes" in out.export_text()


def test_bad_table_sizes_are_refused_in_french() -> None:
    for kwargs, message in [
        ({"players": 7}, "Gremlins, Inc. – le jeu de cartes se joue de 2 à 6 joueurs, pas à 7."),
        ({"solo": True}, "pas de solo"),
        ({"mode": "equipes", "players": 3}, "(En équipes) se joue de 4 à 6 joueurs, pas à 3"),
        ({"mode": "duel"}, "Mode inconnu : « duel »"),
        ({"bots": "nul"}, "Robot inconnu : « nul »"),
    ]:
        out = console()
        assert play_game("gremlins", out, lambda p: "", **kwargs) == 2  # type: ignore[arg-type]
        assert message in out.export_text(), kwargs


def test_simulate_accepts_a_deck(tmp_path: Path) -> None:
    runner = CliRunner()
    base = ["simulate", "gremlins", "--players", "2", "--bots", "random", "--games", "1"]
    short = ["-o", "prestige=5", "-o", "epuisements=1", "--json"]
    result = runner.invoke(app, [*base, *short, "--deck", str(small_deck(tmp_path))])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["games"] == 1
    bad = small_deck(tmp_path, "X01 | Machin | action | or | 1 or\n")
    result = runner.invoke(app, [*base, "--deck", str(bad)])
    assert result.exit_code == 2 and "ligne 52" in result.output
    result = runner.invoke(app, ["simulate", "letter", "--deck", str(bad)])
    assert result.exit_code == 2 and "--deck ne sert qu'à Gremlins" in result.output
