"""``ludotheque play themes``: a scripted game to the end, the notation, the hourglass, the judge.

Everything is instant: the clock is fake and the person's answers come from a scripted
``timed_ask`` (which advances the clock as a slow person would).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.bots.base import Observation, decide
from ludotheque.bots.levels import LEVELS
from ludotheque.cli.games.themes import ThemesTerminal, help_panel
from ludotheque.cli.games.themes_render import table_of
from ludotheque.cli.play import play_game, replay_file
from ludotheque.cli.terminal.setup import make_bots, new_match
from ludotheque.core.errors import LudoError
from ludotheque.core.json_types import JsonValue
from ludotheque.core.match import Match
from ludotheque.core.rng import Draws, Rng
from ludotheque.games.themes import Themes
from ludotheque.games.themes.actions import Action, EndTurn, GiveUp, Redraw, Verdict, Word
from ludotheque.games.themes.bots_common import EngineBot, known_choices
from ludotheque.games.themes.bots_pace import word_seconds
from ludotheque.games.themes.classic import ClassicPlay
from ludotheque.games.themes.notation import parse_typed
from ludotheque.games.themes.simultaneous import SimultaneousPlay
from ludotheque.games.themes.state import ThemesState
from ludotheque.games.themes.teams import PACKET_SIZES, TeamPlay

GAME = Themes()


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def console() -> Console:
    return Console(record=True, width=140, color_system=None)


def state_of(match: Match) -> ThemesState:
    assert isinstance(match.state, ThemesState) and isinstance(match.state.play, ClassicPlay)
    return match.state


def match_where(
    active: int, seed_from: int = 0, *, extra: dict[str, JsonValue] | None = None
) -> Match:
    """A two-player match whose first player is ``active``, with a word for the person."""
    for seed in range(seed_from, seed_from + 200):
        match = new_match("themes", 2, seed, dict(extra or {}))
        state = state_of(match)
        if state.play.active == active and state.word_choices(0):
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
        assert isinstance(state, ThemesState) and isinstance(state.play, ClassicPlay)
        if state.phase == "jugement":
            return Verdict(True)
        if state.play.words_in_turn == 0 and not state.judgements:
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
        if left <= 12:  # as the real countdown: nothing typed once the hourglass is out
            clock.now += left
            return None
        clock.now += 12  # a word every 12 s: a few words a turn
        state = holder["t"].classic_state()
        if state.phase == "jugement":
            return "oui"
        words = state.word_choices(0)
        return typed(words[0]) if words else "fin"

    match = new_match("themes", 2, 7)
    terminal = ThemesTerminal(
        match,
        out,
        lambda prompt: "quitter",
        make_bots(GAME, ["greedy"]),
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
        state = holder["t"].classic_state()
        if state.phase == "jugement":
            return "non"
        words = [w for w in state.word_choices(0) if w.fifth] or state.word_choices(0)
        return typed(words[0]) if words else "fin"

    match = new_match("themes", 3, 2, {"mode": "expert"})
    terminal = ThemesTerminal(
        match, out, lambda p: "quitter", make_bots(GAME, ["random", "strong"]), timed_ask=timed_ask
    )
    holder["t"] = terminal
    assert terminal.run() is not None
    text = out.export_text()
    assert "5e pile" in text and "Fin de la partie" in text
    assert "Hasard (place 2)" in text and "strong (place 3)" in text


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
        expert = state_of(new_match("themes", 2, seed, {"mode": "expert"}))
        combos = [w for w in expert.word_choices(expert.play.active) if w.fifth]
        if combos:
            break
    else:
        raise AssertionError("no seed with a word for two themes")
    fifth = parse_typed(GAME, expert, expert.play.active, typed(combos[0]))
    assert isinstance(fifth, Word) and fifth.fifth and fifth.column == combos[0].column
    assert expert.word_problem(expert.play.active, fifth) is None


# --- the hourglass -----------------------------------------------------------------------------


def test_the_hourglass_spans_several_words_and_a_late_answer_is_a_timeout() -> None:
    out = console()
    clock = FakeClock()
    seen: list[float] = []
    holder: dict[str, ThemesTerminal] = {}

    def timed_ask(prompt: str, left: float) -> str | None:
        seen.append(left)
        clock.now += 10  # every answer takes 10 s
        state = holder["t"].classic_state()
        if len(seen) == 2:
            return "n'importe quoi"
        if len(seen) >= 5:
            return None  # the countdown ran out: nothing typed in time
        words = state.word_choices(0)
        return typed(words[0]) if words else "main"

    match = match_where(0, 11, extra={"secondes": 45})
    terminal = ThemesTerminal(
        match,
        out,
        lambda p: "quitter",
        make_bots(GAME, ["random"]),
        timed_ask=timed_ask,
        clock=clock,
    )
    holder["t"] = terminal
    turn = terminal.classic_state().play.turn
    while terminal.classic_state().play.turn == turn:
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
    terminal = ThemesTerminal(match, out, ask, make_bots(GAME, ["random"]), clock=clock)
    terminal.step()
    assert actions(match) == [{"type": "temps_ecoule"}]


# --- the person as the judge -------------------------------------------------------------------


def judged_match() -> tuple[Match, StrayBot]:
    """The bot starts and can say a word of another theme: the person (2 players, ``-o
    jugement=juge``: the person asked to judge) judges."""
    for seed in range(300):
        match = new_match("themes", 2, seed, {"jugement": "juge"})
        state = state_of(match)
        if state.play.active == 1 and state.word_choices(1, other_themes=True):
            return match, StrayBot()
    raise AssertionError("no such seed")


@pytest.mark.parametrize(
    ("answer", "expected", "said"),
    [
        ("oui", {"type": "valider"}, "Vous validez"),
        ("non", {"type": "refuser"}, "Vous refusez"),
        (None, {"type": "silence"}, "Silence du juge : le mot est accepté."),
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
    accepted = expected != {"type": "refuser"}
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
        ({"option_flags": ["mode=inconnu"]}, "Mode inconnu : « inconnu »"),
        ({"option_flags": ["secondes=2"]}, "secondes"),
    ],
)
def test_bad_options_are_refused_in_french(kwargs: dict[str, object], message: str) -> None:
    out = console()
    status = play_game("themes", out, lambda p: "quitter", seed=1, **kwargs)  # type: ignore[arg-type]
    assert status == 2
    assert message in out.export_text()


# --- Simultanée: a race against the bots -------------------------------------------------------


def sim_state(match: Match) -> ThemesState:
    assert isinstance(match.state, ThemesState) and isinstance(match.state.play, SimultaneousPlay)
    return match.state


def team_state(match: Match) -> ThemesState:
    assert isinstance(match.state, ThemesState) and isinstance(match.state.play, TeamPlay)
    return match.state


def sim_match(seed_from: int = 0, *, bot_words: bool = True) -> Match:
    """A two-player Simultanée match where the person (and the greedy bot) have a word."""
    share = make_bots(GAME, ["greedy"])[0]
    assert isinstance(share, EngineBot)
    for seed in range(seed_from, seed_from + 300):
        match = new_match("themes", 2, seed, {"mode": "simultanee"})
        state = sim_state(match)
        if state.word_choices() and (not bot_words or known_choices(state, 1, share.share)):
            return match
    raise AssertionError("no such seed")


def gibberish(state: ThemesState) -> Word | None:
    """A word outside every vocabulary (and the dictionary) with a plain turned card and a plain
    visible letter: the robot judge refuses it."""
    letters = state.catalog.letters
    for column in range(len(state.piles)):
        for turned in state.play.turned:
            for visible in state.visible_letters(column):
                if letters[turned].constraint or letters[visible].constraint:
                    continue
                text = f"zq{letters[turned].letter}{letters[visible].letter}xw".lower()
                word = Word(column, text, (turned, visible))
                if state.word_problem(None, word) is None and not state.in_vocabulary(word):
                    return word
    return None


def test_a_scripted_simultaneous_game_reaches_the_end() -> None:
    out = console()
    clock = FakeClock()
    holder: dict[str, ThemesTerminal] = {}
    bad = iter(["n'importe quoi", "main", "p2 1 paris", "aide"])
    lefts: list[float] = []

    def timed_ask(prompt: str, left: float) -> str | None:
        for answer in bad:
            return answer
        lefts.append(left)
        state = holder["t"].state
        assert isinstance(state, ThemesState) and isinstance(state.play, SimultaneousPlay)
        if state.phase == "jugement":
            return "oui"
        if len(lefts) % 3 == 0:
            clock.now += left + 1  # too slow: the bot speaks first
            return None
        clock.now += left / 2
        words = state.word_choices()
        return typed(words[0]) if words else "rien"

    match = new_match("themes", 2, 5, {"mode": "simultanee"})
    terminal = ThemesTerminal(
        match, out, lambda p: "rien", make_bots(GAME, ["greedy"]), timed_ask=timed_ask, clock=clock
    )
    holder["t"] = terminal
    assert terminal.run() is not None
    text = out.export_text()
    assert "Coup illisible" in text and "pas de main" in text
    assert "ne servent qu'à la variante par équipe" in text
    assert "rien" in text and "Notation" in text  # the Simultanée help
    assert "cartes retournées" in text and "Dette" in text
    assert "Le plus rapide des robots a presque trouvé" in text
    assert "Vous proposez «" in text and "greedy (place 2) propose «" in text
    assert "Fin de la partie. Scores : Vous" in text
    assert all(0 < left <= 2 * 15 * 1.25 for left in lefts)
    final = match.record.replay(GAME)
    assert final.is_over and final == match.state


@pytest.mark.parametrize("late", [False, True])
def test_the_person_wins_the_round_only_before_the_fastest_bot(late: bool) -> None:
    out = console()
    clock = FakeClock()
    match = sim_match()
    word = sim_state(match).word_choices()[0]
    seen: list[float] = []

    def timed_ask(prompt: str, left: float) -> str | None:
        seen.append(left)
        clock.now += left + 1 if late else left - 1
        return typed(word)

    terminal = ThemesTerminal(
        match, out, lambda p: "rien", make_bots(GAME, ["greedy"]), timed_ask=timed_ask, clock=clock
    )
    terminal.step()
    assert seen == [15.0]  # greedy's time a word (its decision's seconds)
    moves = match.record.moves
    state = sim_state(match)
    text = out.export_text()
    if late:
        assert [m.seat for m in moves] == [1]
        assert state.won_themes[1] and not state.won_themes[0]
        assert "Trop tard : un robot a parlé avant vous." in text
    else:
        assert [m.seat for m in moves] == [0]
        assert state.won_themes[0] and not state.won_themes[1]
        assert "Vous proposez «" in text
    assert state.play.round == 2  # the round is over either way


def test_a_level_races_at_the_pace_of_its_decision() -> None:
    match = sim_match()
    seen: dict[str, float] = {}
    for name in ("debutant", "expert"):
        bot = make_bots(GAME, [name])[0]
        state = sim_state(match)
        # The terminal's draws for seat 1 (``bot_seed`` 0): the decision the bot will make.
        expected = decide(bot, Observation.of(GAME, state, 1), Rng.from_seed(1).draws())
        lefts: list[float] = []
        clock = FakeClock()

        def timed_ask(prompt: str, left: float, lefts: list[float] = lefts) -> str | None:
            lefts.append(left)
            return "rien"

        terminal = ThemesTerminal(
            Match.from_record(GAME, match.record),
            console(),
            lambda p: "rien",
            [bot],
            timed_ask=timed_ask,
            clock=clock,
        )
        terminal.step()
        assert lefts == [pytest.approx(expected.seconds)]
        if isinstance(expected.action, Word):  # its word's time and its slap on the cards
            least = 0.6 * (word_seconds(LEVELS[name], expected.action.word) + LEVELS[name].reaction)
            assert expected.seconds >= least - 1e-9
        seen[name] = expected.seconds
    assert seen["debutant"] > seen["expert"]


def test_a_level_takes_its_thinking_time_within_its_hourglass() -> None:
    out = console()
    clock = FakeClock()
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock.now += seconds

    match = match_where(1)
    terminal = ThemesTerminal(
        match,
        out,
        lambda p: "quitter",
        make_bots(GAME, ["debutant"]),
        clock=clock,
        sleep=sleep,
    )
    while state_of(match).play.active == 1 and state_of(match).phase == "jeu":
        terminal.step()
    said = [move for move in match.record.moves if move.seat == 1]
    assert slept and all(seconds > 0 for seconds in slept)
    assert sum(slept) <= 45  # never past its hourglass
    assert len([m for m in said if m.action["type"] == "mot"]) <= 3  # a Débutant: few words
    text = out.export_text()
    assert "À jouer : Débutant (place 2), sablier de 45 s." in text  # the table, then its turn
    assert "cherche un mot…" in text


def test_rien_leaves_the_round_to_the_bots() -> None:
    out = console()
    clock = FakeClock()
    match = sim_match()
    terminal = ThemesTerminal(
        match,
        out,
        lambda p: "rien",
        make_bots(GAME, ["greedy"]),
        timed_ask=lambda prompt, left: "rien",
        clock=clock,
    )
    terminal.step()
    terminal.step()
    assert actions(match)[0] == {"type": "rien"}
    assert match.record.moves[1].seat == 1
    assert sim_state(match).play.round == 2
    assert "Vous ne trouvez rien" in out.export_text()


def test_a_refused_word_the_person_chooses_the_card_to_give_back() -> None:
    # D26: « le joueur doit défausser une carte qu'il avait gagné précédemment »: the person
    # is asked, and types « rendre » and the card (here a theme card, never the cheapest).
    # Seed 0: the person has a word and a gibberish at once, and a second gibberish once a
    # theme is won, before the game ends (the greedy bot judges and plays its seeded stream).
    match = new_match("themes", 2, 0, {"mode": "simultanee", "jugement": "juge"})
    assert gibberish(sim_state(match)) is not None and sim_state(match).word_choices()
    out = console()
    clock = FakeClock()
    holder: dict[str, ThemesTerminal] = {}
    script: list[str] = []
    prompts: list[str] = []
    given: list[str] = []

    def timed_ask(prompt: str, left: float) -> str | None:
        clock.now += 0.5  # always faster than the bots
        prompts.append(prompt)
        state = holder["t"].state
        assert isinstance(state, ThemesState) and isinstance(state.play, SimultaneousPlay)
        if state.play.owes(state, 0):
            assert prompt.startswith("Carte à rendre")
            if not given:
                given.append("?")
                return "rendre ZZZ"  # not a won card: refused, nothing changes
            theme = state.catalog.theme(state.won_themes[0][-1])
            given.append(theme)
            return f"rendre {theme.lower()}"
        wrong = gibberish(state)
        if script == ["debt"] and state.won_themes[0] and wrong is not None:
            script.append("cost")
            return f"{wrong.column + 1} {wrong.word}"
        if not script and wrong is not None:
            script.append("debt")
            return f"{wrong.column + 1} {wrong.word}"
        words = state.word_choices()
        return typed(words[0]) if words else "rien"

    terminal = ThemesTerminal(
        match, out, lambda p: "rien", make_bots(GAME, ["greedy"]), timed_ask=timed_ask, clock=clock
    )
    holder["t"] = terminal
    terminal.step()  # the gibberish goes to the judge (the bot)
    assert sim_state(match).phase == "jugement"
    terminal.step()  # refused: nothing won yet, a debt
    state = sim_state(match)
    assert state.play.debts[0] == 1 and state.play.out[0] and not state.play.owes(state, 0)
    text = out.export_text()
    assert "une carte à rendre pour vous, au prochain gain" in text
    assert "place 1" not in text.replace("(place 2)", "")  # seats by their names
    while script != ["debt", "cost"] or sim_state(match).phase == "jugement":
        assert not sim_state(match).is_over, "no second gibberish: choose another seed"
        terminal.step()
    state = sim_state(match)
    assert (
        state.judgements[-1].accepted is False and state.play.owes(state, 0) and state.play.out[0]
    )
    themes = [state.catalog.theme(f) for f in state.won_themes[0]]
    owned = len(state.won_letters[0]) + len(themes)
    terminal.step()  # the person chooses
    after = sim_state(match)
    text = out.export_text()
    word = state.judgements[-1].word
    assert f"Votre mot « {word} » est refusé : choisissez la carte à rendre" in text
    assert "Vous n'avez pas gagné « ZZZ »" in text
    assert f"Vous rendez le thème {given[-1]}." in text
    assert f"Carte rendue par vous : le thème {given[-1]}." in text
    assert match.record.moves[-1].action == {"type": "rendre", "carte": state.won_themes[0][-1][0]}
    assert len(after.won_letters[0]) + len(after.won_themes[0]) == owned - 1
    assert after.play.debts[0] == 0 and not after.play.owes(after, 0)
    # the first gain after the debt asked too (the debt is a choice, not the cheapest card)
    assert any(p.startswith("Carte à rendre") for p in prompts)
    assert "Vous gagnez après un mot refusé" in text


# --- Équipe ------------------------------------------------------------------------------------


class SilentBot:
    """A teammate that never finds a word (so the person's words are the team's)."""

    name = "muet"
    seconds_per_word = 10.0

    def choose(self, observation: Observation, draws: Draws) -> Action:
        state = observation.determinize(draws)
        if (
            isinstance(state, ThemesState)
            and isinstance(state.play, TeamPlay)
            and state.phase == "jugement"
        ):
            return Verdict(True)
        return EndTurn()


def team_match(seed_from: int = 0) -> Match:
    """Four players, two teams; the person's team (1) plays first with a word."""
    for seed in range(seed_from, seed_from + 300):
        match = new_match("themes", 4, seed, {"mode": "equipe"})
        state = team_state(match)
        if state.play.active == 0 and state.word_choices():
            return match
    raise AssertionError("no such seed")


def packet_typed(word: Word) -> str:
    assert word.packet is not None
    return f"p{PACKET_SIZES[word.packet]} {word.column + 1} {word.word}"


def test_a_scripted_team_game_reaches_the_end() -> None:
    out = console()
    clock = FakeClock()
    holder: dict[str, ThemesTerminal] = {}
    bad = iter(["p4 1 paris", "rien", "main", "p2 1"])
    asked = [0]

    def timed_ask(prompt: str, left: float) -> str | None:
        for answer in bad:
            return answer
        asked[0] += 1
        state = holder["t"].state
        assert isinstance(state, ThemesState) and isinstance(state.play, TeamPlay)
        if state.phase == "jugement":
            return "oui"
        if asked[0] % 4 == 0:
            clock.now += left  # waiting: a teammate speaks, or the hourglass runs out
            return None
        clock.now += min(left / 2, 6)
        words = state.word_choices()
        if not words:
            return "fin"
        return packet_typed(words[0]) if asked[0] % 2 else typed(words[0])

    match = new_match("themes", 4, 3, {"mode": "equipe"})
    terminal = ThemesTerminal(
        match,
        out,
        lambda p: "fin",
        make_bots(GAME, ["greedy"] * 3),
        timed_ask=timed_ask,
        clock=clock,
    )
    holder["t"] = terminal
    assert terminal.run() is not None
    text = out.export_text()
    assert "Paquet p4 inconnu" in text and "ne sert qu'en variante Simultanée" in text
    assert "pas de main" in text and "Il manque le mot" in text
    assert "Les paquets de votre équipe" in text and "(vous)" in text
    assert "Vous proposez «" in text and "(paquet p" in text
    # each seat scores its team's points; a team's total is that score, not the sum
    state = team_state(match)
    assert "Fin de la partie. Scores : Vous " in text
    assert (
        f"Équipes : équipe 1 (Vous, greedy (place 3)) : {state.play.team_score(state, 0)} ; "
        f"équipe 2 (greedy (place 2), greedy (place 4)) : {state.play.team_score(state, 1)}."
    ) in text
    final = match.record.replay(GAME)
    assert final.is_over and final == match.state


def test_three_words_with_packets_keep_the_themes() -> None:
    out = console()
    clock = FakeClock()
    holder: dict[str, ThemesTerminal] = {}
    match = team_match()

    def timed_ask(prompt: str, left: float) -> str | None:
        clock.now += 2
        state = holder["t"].state
        assert isinstance(state, ThemesState) and isinstance(state.play, TeamPlay)
        words = state.word_choices()
        return packet_typed(words[0]) if words else "fin"

    bots = [make_bots(GAME, ["greedy"])[0], SilentBot(), make_bots(GAME, ["greedy"])[0]]
    terminal = ThemesTerminal(match, out, lambda p: "fin", bots, timed_ask=timed_ask, clock=clock)
    holder["t"] = terminal
    while team_state(match).play.round == 1:
        terminal.step()
    state = team_state(match)
    words = [m.action for m in match.record.moves if m.seat == 0]
    assert all(isinstance(a, dict) and a.get("type") == "mot" and "paquet" in a for a in words)
    if len(words) == 3:
        assert len(state.won_themes[0]) == 3
        assert "a ses 3 mots et garde ses thèmes" in out.export_text()
    else:  # the packets did not allow three words: fewer words lose the themes
        assert not state.won_themes[0]


def test_fewer_than_three_words_lose_the_themes_but_keep_the_letters() -> None:
    out = console()
    clock = FakeClock()
    match = team_match()
    word = team_state(match).word_choices()[0]
    answers = iter([packet_typed(word), "fin"])

    def timed_ask(prompt: str, left: float) -> str | None:
        clock.now += 3
        return next(answers)

    bots = [make_bots(GAME, ["greedy"])[0], SilentBot(), make_bots(GAME, ["greedy"])[0]]
    terminal = ThemesTerminal(match, out, lambda p: "fin", bots, timed_ask=timed_ask, clock=clock)
    terminal.step()
    terminal.step()
    state = team_state(match)
    assert state.play.round == 2 and state.play.active == 1
    assert not state.won_themes[0] and len(state.won_letters[0]) == len(word.cards)
    assert len(state.play.discarded_themes) == 1
    assert [m.action for m in match.record.moves][-1] == {"type": "fin_du_tour"}
    text = out.export_text()
    assert f"(paquet p{PACKET_SIZES[word.packet or 0]}" in text
    assert "n'a que 1 mot(s) sur 3 : ses thèmes sont défaussés" in text


def test_teammates_say_their_words_when_the_person_stays_silent() -> None:
    out = console()
    clock = FakeClock()
    match = team_match()
    seen: list[float] = []

    def timed_ask(prompt: str, left: float) -> str | None:
        seen.append(left)
        clock.now += left
        return None

    bots = make_bots(GAME, ["greedy", "strong", "greedy"])
    terminal = ThemesTerminal(match, out, lambda p: "fin", bots, timed_ask=timed_ask, clock=clock)
    while team_state(match).play.round == 1:
        terminal.step()
    assert seen == [45]  # the countdown is the hourglass, not a teammate's time
    assert any(m.seat == 2 for m in match.record.moves)  # found in time, said at the end
    assert team_state(match).judgements[0].seat == 2
    assert "Votre coéquipier strong (place 3) a trouvé un mot !" in out.export_text()


def test_team_parse_errors_are_french_and_change_nothing() -> None:
    match = team_match()
    state = team_state(match)
    before = state.view(0)
    for text, expected in [
        ("", "Coup vide"),
        ("n'importe quoi", "Coup illisible"),
        ("p2 1", "Il manque le mot"),
        ("p4 1 paris", "Paquet p4 inconnu"),
        ("p2 9 paris", "Colonne 9 inconnue"),
        ("main", "pas de main"),
        ("rien", "ne sert qu'en variante Simultanée"),
        ("p1 1 zzzz", "Aucune combinaison"),
        ("p1 1 paris : 9", "Lettre illisible"),
    ]:
        with pytest.raises(LudoError) as caught:
            action = parse_typed(GAME, state, 0, text)
            state.check(0, action)
        assert expected in caught.value.message, (text, caught.value.message)
    assert state.view(0) == before and not match.record.moves
    word = state.word_choices()[0]
    parsed = parse_typed(GAME, state, 0, packet_typed(word))
    assert isinstance(parsed, Word) and parsed.packet == word.packet
    assert state.word_problem(0, parsed) is None
    auto = parse_typed(GAME, state, 0, typed(word))
    assert isinstance(auto, Word) and auto.packet is not None
    sim = sim_state(sim_match(bot_words=False))
    for text, expected in [
        ("main", "pas de main"),
        ("p2 1 paris", "ne servent qu'à la variante par équipe"),
        ("1 zzzz", "Aucune combinaison des cartes retournées"),
    ]:
        with pytest.raises(LudoError) as caught:
            parse_typed(GAME, sim, 0, text)
        assert expected in caught.value.message, (text, caught.value.message)
    assert parse_typed(GAME, sim, 0, "rien") == GiveUp()


def test_the_variant_tables_and_help() -> None:
    out = console()
    sim = sim_state(sim_match())
    out.print(table_of(sim.view(0), ["Vous", "greedy (place 2)"]))
    out.print(help_panel("simultanee"))
    team = team_state(team_match())
    names = ["Vous", "a (place 2)", "b (place 3)", "c (place 4)"]
    out.print(table_of(team.view(0), names))
    out.print(table_of(team.view(1), names))
    out.print(help_panel("equipe"))
    text = out.export_text()
    assert "Manche 1 · cartes retournées" in text and "Dette" in text and "cherche" in text
    assert "Les paquets de votre équipe" in text and "Les paquets de l'équipe 1" in text
    assert "carte(s) cachée(s)" in text  # the other team does not see the letters
    assert "p2 3 new york" in text and "rien" in text
    assert "Mots de la manche : 0/3" in text


@pytest.mark.parametrize(
    ("flags", "players", "expected"),
    [
        (["mode=simultanee"], None, "Thèmes (Variante Simultanée)"),
        (["mode=equipe"], None, "Équipes — équipe 1 : places 1, 3"),
    ],
)
def test_play_game_starts_the_variants(
    tmp_path: Path, flags: list[str], players: int | None, expected: str
) -> None:
    out = console()
    status = play_game(
        "themes",
        out,
        lambda prompt: "quitter",
        seed=4,
        players=players,
        save=tmp_path / "p.json",
        bots="random",
        option_flags=flags,
        timed_ask=lambda prompt, left: "quitter",
    )
    assert status == 0
    text = out.export_text()
    assert expected in text and "Partie interrompue." in text


def test_team_player_counts_are_checked() -> None:
    out = console()
    status = play_game(
        "themes", out, lambda p: "quitter", seed=1, players=3, option_flags=["mode=equipe"]
    )
    assert status == 2
    assert "Thèmes (Variante par équipe) se joue de 4 à 12 joueurs, pas à 3." in out.export_text()


def test_rendre_is_read_only_when_a_card_is_owed_and_events_name_the_players() -> None:
    from ludotheque.games.themes.notation import name_seats, typed_help

    classic = state_of(match_where(0))
    with pytest.raises(LudoError, match="ne sert qu'en variante Simultanée"):
        parse_typed(GAME, classic, 0, "rendre B")
    sim = sim_state(sim_match())
    with pytest.raises(LudoError, match="aucune carte à rendre"):
        parse_typed(GAME, sim, 0, "rendre B")
    assert "rendre B" in typed_help("simultanee")
    line = "« x » est refusé : une carte gagnée à rendre pour place 2."
    assert (
        name_seats(line, ["Léa", "Noé"]) == "« x » est refusé : une carte gagnée à rendre pour Noé."
    )
    assert name_seats("Nouvelle main pour place 1 : 3 lettres.", ["Vous"]) == (
        "Nouvelle main pour vous : 3 lettres."
    )
