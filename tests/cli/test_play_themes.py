"""``ludotheque play themes``: a scripted game to the end, the notation, the hourglass, the judge.

Everything is instant: the clock is fake and the person's answers come from a scripted
``timed_ask`` (which advances the clock as a slow person would).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.bots.base import Observation
from ludotheque.cli.play import play_game, replay_file
from ludotheque.cli.play_themes import (
    ThemesTerminal,
    help_panel,
    load_bots,
    new_match,
    parse_typed,
)
from ludotheque.cli.themes_render import table_of
from ludotheque.core.errors import LudoError
from ludotheque.core.json_types import JsonValue
from ludotheque.core.match import Match
from ludotheque.core.rng import Draws
from ludotheque.games.themes import Themes
from ludotheque.games.themes.actions import Action, EndTurn, Redraw, Verdict, Word
from ludotheque.games.themes.state import ThemesState

GAME = Themes()


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def console() -> Console:
    return Console(record=True, width=140, color_system=None)


def state_of(match: Match) -> ThemesState:
    assert isinstance(match.state, ThemesState)
    return match.state


def match_where(
    active: int, seed_from: int = 0, *, extra: dict[str, JsonValue] | None = None
) -> Match:
    """A two-player match whose first player is ``active``, with a word for the person."""
    for seed in range(seed_from, seed_from + 200):
        match = new_match(2, seed, extra=dict(extra or {}))
        state = state_of(match)
        if state.active == active and state.word_choices(0):
            return match
    raise AssertionError("no such seed")


def typed(word: Word) -> str:
    return f"{word.column + 1}{'+' if word.fifth else ''} {word.word}"


def actions(match: Match) -> list[JsonValue]:
    return [move.action for move in match.record.moves]


class StrayBot:
    """Says, for a theme, a word of another visible theme's vocabulary (the judge decides),
    then ends its turn."""

    name = "égaré"

    def choose(self, observation: Observation, draws: Draws) -> Action:
        state = observation.determinize(draws)
        assert isinstance(state, ThemesState)
        if state.phase == "jugement":
            return Verdict(True)
        if state.words_in_turn == 0 and not state.judgements:
            strays = state.word_choices(observation.seat, other_themes=True)
            if strays:
                return strays[0]
        return EndTurn()


# --- a whole game ------------------------------------------------------------------------------


def test_a_scripted_game_against_a_bot_reaches_the_end(tmp_path: Path) -> None:
    out = console()
    clock = FakeClock()
    holder: dict[str, ThemesTerminal] = {}
    bad = iter(["n'importe quoi", "9 paris", "aide", "table", "oui"])
    saved: list[int] = []

    def timed_ask(prompt: str, left: float) -> str | None:
        for answer in bad:
            return answer
        clock.now += 12  # a word every 12 s: a few words a turn
        state = holder["t"].state
        if state.phase == "jugement":
            return "oui"
        words = state.word_choices(0)
        return typed(words[0]) if words else "fin"

    match = new_match(2, 7)
    terminal = ThemesTerminal(
        match,
        out,
        lambda prompt: "quitter",
        load_bots(["greedy"]),
        save=lambda record: saved.append(len(record.moves)),
        timed_ask=timed_ask,
        clock=clock,
    )
    holder["t"] = terminal
    outcome = terminal.run()
    assert outcome is not None
    text = out.export_text()
    assert "Coup illisible : « n'importe quoi »" in text
    assert "Colonne 9 inconnue" in text
    assert "Aucun mot n'attend de jugement." in text
    assert "Notation" in text and "2 new york : E R O" in text
    assert "Vous proposez «" in text and "greedy (place 2) propose «" in text
    assert "Fin de la partie. Scores : Vous" in text
    # the record was saved after every action, and it replays to the same end
    assert saved == list(range(len(match.record.moves) + 1))
    final = match.record.replay(GAME)
    assert final.is_over and final == match.state


def test_expert_game_with_the_fifth_pile_and_three_players() -> None:
    out = console()
    holder: dict[str, ThemesTerminal] = {}

    def timed_ask(prompt: str, left: float) -> str | None:
        state = holder["t"].state
        if state.phase == "jugement":
            return "non"
        words = [w for w in state.word_choices(0) if w.fifth] or state.word_choices(0)
        return typed(words[0]) if words else "fin"

    match = new_match(3, 2, extra={"mode": "expert"})
    terminal = ThemesTerminal(
        match, out, lambda p: "quitter", load_bots(["random", "strong"]), timed_ask=timed_ask
    )
    holder["t"] = terminal
    assert terminal.run() is not None
    text = out.export_text()
    assert "5e pile" in text and "Fin de la partie" in text
    assert "random (place 2)" in text and "strong (place 3)" in text


# --- the notation ------------------------------------------------------------------------------


def test_parse_errors_are_french_and_change_nothing() -> None:
    match = match_where(0)
    state = state_of(match)
    before = state.view(0)
    for text, expected in [
        ("", "Coup vide"),
        ("n'importe quoi", "Coup illisible"),
        ("2", "Il manque le mot"),
        ("0 paris", "Colonne 0 inconnue"),
        ("5 paris", "Colonne 5 inconnue"),
        ("2 paris :", "nommez les lettres prises"),
        ("2 paris : 9", "Lettre illisible : « 9 »"),
        ("2 paris : E#", "Lettre illisible"),
        ("1 zzzz", "Aucune combinaison"),
        ("1+ paris", "Expert"),
    ]:
        with pytest.raises(LudoError) as caught:
            action = parse_typed(GAME, state, 0, text)
            state.check(0, action)
        assert expected in caught.value.message, (text, caught.value.message)
    assert state.view(0) == before and not match.record.moves


def test_words_commands_and_explicit_letters_are_read() -> None:
    match = match_where(0)
    state = state_of(match)
    word = state.word_choices(0)[0]
    parsed = parse_typed(GAME, state, 0, typed(word))
    assert isinstance(parsed, Word) and parsed.column == word.column
    assert state.word_problem(0, parsed) is None
    letters = state.catalog.letters
    marks = {"premiere": "¹", "seconde": "²", "derniere": "$", None: ""}
    named = " ".join(letters[c].letter + marks[letters[c].constraint] for c in word.cards)
    explicit = parse_typed(GAME, state, 0, f"{typed(word)} : {named.lower()}")
    assert isinstance(explicit, Word) and sorted(explicit.cards) == sorted(word.cards)
    by_id = parse_typed(GAME, state, 0, f"{typed(word)} : {' '.join(word.cards)}")
    assert isinstance(by_id, Word) and by_id.cards == word.cards
    assert parse_typed(GAME, state, 0, "main") == Redraw()
    assert parse_typed(GAME, state, 0, "FIN") == EndTurn()
    assert parse_typed(GAME, state, 0, "oui") == Verdict(True)
    assert parse_typed(GAME, state, 0, "non") == Verdict(False)
    for seed in range(300):
        expert = state_of(new_match(2, seed, extra={"mode": "expert"}))
        combos = [w for w in expert.word_choices(expert.active) if w.fifth]
        if combos:
            break
    else:
        raise AssertionError("no seed with a word for two themes")
    fifth = parse_typed(GAME, expert, expert.active, typed(combos[0]))
    assert isinstance(fifth, Word) and fifth.fifth and fifth.column == combos[0].column
    assert expert.word_problem(expert.active, fifth) is None


# --- the hourglass -----------------------------------------------------------------------------


def test_the_hourglass_spans_several_words_and_a_late_answer_is_a_timeout() -> None:
    out = console()
    clock = FakeClock()
    seen: list[float] = []
    holder: dict[str, ThemesTerminal] = {}

    def timed_ask(prompt: str, left: float) -> str | None:
        seen.append(left)
        clock.now += 10  # every answer takes 10 s
        state = holder["t"].state
        if len(seen) == 2:
            return "n'importe quoi"
        if len(seen) >= 5:
            return None  # the countdown ran out: nothing typed in time
        words = state.word_choices(0)
        return typed(words[0]) if words else "main"

    match = match_where(0, 11, extra={"secondes": 45})
    terminal = ThemesTerminal(
        match, out, lambda p: "quitter", load_bots(["random"]), timed_ask=timed_ask, clock=clock
    )
    holder["t"] = terminal
    turn = terminal.state.turn
    while terminal.state.turn == turn:
        terminal.step()
    assert seen == [45, 35, 25, 15, 5]  # one hourglass for the whole turn
    moves = match.record.moves
    assert all(m.seat == 0 for m in moves)
    assert moves[-1].action == {"type": "temps_ecoule"}
    assert (
        sum(1 for m in moves if isinstance(m.action, dict) and m.action["type"] != "temps_ecoule")
        >= 2
    )
    assert "Sablier écoulé !" in out.export_text()


def test_without_a_countdown_an_answer_past_the_hourglass_is_late() -> None:
    out = console()
    clock = FakeClock()

    def ask(prompt: str) -> str:
        assert prompt.startswith("[45 s] ")
        clock.now += 50
        return "main"

    match = match_where(0)
    terminal = ThemesTerminal(match, out, ask, load_bots(["random"]), clock=clock)
    terminal.step()
    assert actions(match) == [{"type": "temps_ecoule"}]


# --- the person as the judge -------------------------------------------------------------------


def judged_match() -> tuple[Match, StrayBot]:
    """The bot starts and can say a word of another theme: the person (2 players) judges."""
    for seed in range(300):
        match = new_match(2, seed)
        state = state_of(match)
        if state.active == 1 and state.word_choices(1, other_themes=True):
            return match, StrayBot()
    raise AssertionError("no such seed")


@pytest.mark.parametrize(
    ("answer", "expected", "said"),
    [
        ("oui", {"type": "valider"}, "Vous validez"),
        ("non", {"type": "refuser"}, "Vous refusez"),
        (None, {"type": "valider"}, "Silence du juge : le mot est validé."),
    ],
)
def test_the_person_judges_a_bot_word(
    answer: str | None, expected: dict[str, str], said: str
) -> None:
    out = console()
    clock = FakeClock()
    prompts: list[tuple[str, float]] = []
    match, bot = judged_match()

    def timed_ask(prompt: str, left: float) -> str | None:
        prompts.append((prompt, left))
        if len(prompts) == 1:
            clock.now += 3
            return "main"  # not an answer to the judge
        clock.now += 20 if answer is None else 2  # 20 s: past the judge's 15 s
        return answer

    terminal = ThemesTerminal(
        match, out, lambda p: "quitter", [bot], timed_ask=timed_ask, clock=clock
    )
    terminal.step()  # the bot's word goes to the judge
    state = terminal.state
    assert state.phase == "jugement" and state.claim is not None
    claim = state.claim
    terminal.step()
    first, left = prompts[0]
    assert first == f"Valider « {claim.word} » pour {' + '.join(claim.themes)} ? (oui/non) > "
    assert left == 15
    assert prompts[1][1] == 12  # the same window: the wrong answer did not turn it over
    assert actions(match)[-1] == expected
    text = out.export_text()
    assert "Un mot attend votre jugement : répondez oui ou non." in text
    assert said in text
    assert "à vous de juger (silence = oui)" in text
    accepted = expected == {"type": "valider"}
    assert terminal.state.judgements[-1].accepted is accepted


# --- rendering, play_game, replay --------------------------------------------------------------


def test_the_table_shows_columns_marks_roles_and_the_claim() -> None:
    match, _ = judged_match()
    state = state_of(match)
    match.submit(1, GAME.encode_action(state.word_choices(1, other_themes=True)[0]))
    view = state_of(match).view(0)
    out = console()
    out.print(table_of(view, ["Vous", "greedy (place 2)"]))
    text = out.export_text()
    for theme in state_of(match).visible_themes():
        assert theme is not None and theme in text
    assert "A¹ : première lettre du mot" in text
    assert "Votre main :" in text and "sablier, juge" in text
    assert "Au jugement :" in text
    out.print(help_panel())
    assert "quitter" in out.export_text()


def test_play_game_themes_saves_a_record_that_replays(tmp_path: Path) -> None:
    out = console()
    save = tmp_path / "partie.json"
    answers = iter(["fin", "fin", "quitter"])
    status = play_game(
        "themes",
        out,
        lambda prompt: "quitter",
        seed=4,
        save=save,
        bots="random",
        option_flags=["jugement=vote", "secondes=60"],
        timed_ask=lambda prompt, left: next(answers),
    )
    assert status == 0
    data = json.loads(save.read_text())
    assert data["game"] == "themes" and data["options"]["secondes"] == 60
    assert data["options"]["jugement"] == "vote"
    assert "Partie enregistrée dans" in out.export_text()
    shown = console()
    assert replay_file(save, shown) == 0
    assert "themes" in shown.export_text().lower()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"solo": True}, "pas de solo"),
        ({"players": 7}, "de 2 à 6 joueurs"),
        ({"bots": "belote"}, "Robot inconnu"),
        ({"option_flags": ["mode=inconnu"]}, "Partie refusée"),
        ({"option_flags": ["secondes=2"]}, "secondes"),
    ],
)
def test_bad_options_are_refused_in_french(kwargs: dict[str, object], message: str) -> None:
    out = console()
    status = play_game("themes", out, lambda p: "quitter", seed=1, **kwargs)  # type: ignore[arg-type]
    assert status == 2
    assert message in out.export_text()
