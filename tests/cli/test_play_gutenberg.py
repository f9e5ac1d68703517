"""Gutenberg in the terminal, driven through the injected input (and once through tmux).

The scripted person keeps the first card of each packet, writes the best word of the word
finder, accepts every default and claims the first cards. Bots are random (fast and
independent of the game's own levels, which ``make_bots`` makes from the game's BotTable).
The real program in tmux: ``test_play_gutenberg_tmux.py``.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

import ludotheque.games.gutenberg as gutenberg_package
from ludotheque.bots import RandomBot
from ludotheque.cli import play
from ludotheque.cli.games.gutenberg import GutenbergTerminal
from ludotheque.cli.games.gutenberg_render import card_of
from ludotheque.cli.terminal.setup import SetupError, make_bots, new_match
from ludotheque.core.record import GameRecord
from ludotheque.games.encheres import Encheres
from ludotheque.games.gutenberg import Gutenberg
from ludotheque.games.gutenberg.notation import spell
from ludotheque.games.gutenberg.spelling import best_spelling
from ludotheque.games.gutenberg.state import GutenbergState
from ludotheque.games.gutenberg.wordfinder import best_words
from ludotheque.lexicon import common_words

GAME = Gutenberg()


def console() -> Console:
    return Console(file=io.StringIO(), width=100, color_system=None, record=True)


def output(terminal: GutenbergTerminal) -> str:
    return terminal.console.export_text()


def flat(text: str) -> str:
    return " ".join(text.split())


Answer = str | Callable[[GutenbergState], str]


class Person:
    """A scripted person: answers each question from the state of the game it watches.

    ``script`` maps a prompt prefix to answers given first (a string, or a function of the
    state), before the strategy takes over. From round ``quit_at`` on, the person quits.
    ``moves_at_prompt`` records how many moves the record held at each question.
    """

    def __init__(
        self,
        script: dict[str, list[Answer]] | None = None,
        *,
        many_words: bool = False,
        quit_at: int | None = None,
    ) -> None:
        self.terminal: GutenbergTerminal | None = None
        self.state_of: Callable[[], GutenbergState] | None = None
        self.script = {key: list(value) for key, value in (script or {}).items()}
        self.prompts: list[str] = []
        self.moves_at_prompt: list[int] = []
        self.many_words = many_words
        self.quit_at = quit_at

    def attach(self, terminal: GutenbergTerminal) -> GutenbergTerminal:
        self.terminal = terminal
        self.state_of = lambda: terminal.state
        return terminal

    def __call__(self, prompt: str) -> str:
        assert self.state_of is not None
        state = self.state_of()
        self.prompts.append(prompt)
        if self.terminal is not None:
            self.moves_at_prompt.append(len(self.terminal.match.record.moves))
            self.terminal.console.print(f">>> {prompt}")
        assert len(self.prompts) < 2000, "the game does not end"
        if self.quit_at is not None and state.round >= self.quit_at:
            return "o" if prompt.startswith("Quitter") else "quitter"
        for prefix, answers in self.script.items():
            if prompt.startswith(prefix) and answers:
                answer = answers.pop(0)
                return answer if isinstance(answer, str) else answer(state)
        return self.strategy(prompt, state)

    def strategy(self, prompt: str, state: GutenbergState) -> str:
        if prompt.startswith("Quelle carte gardez"):
            return "1"
        if prompt.startswith("Votre mot"):
            hand = state.catalog.cards(state.hand(0))
            plays = best_words(hand, top=1, words=state.lexicon)
            if not plays:
                return "-"
            word = plays[0].word
            if self.many_words and state.round == 5:
                used = {card.id for card in plays[0].cards}
                rest = [card for card in hand if card.id not in used]
                more = best_words(rest, top=1, words=state.lexicon)
                if more:
                    return f"{word.lower()} + {more[0].word.lower()}"
            return word.lower()
        if prompt.startswith(("Écrire", "Quel placement", "Réclamer un défi")):
            return ""  # the defaults: yes, the best offset, the first challenge
        if prompt.startswith("Ne rien écrire"):
            return "o"
        if prompt.startswith("Quelles cartes"):
            quota = int(prompt.split("(")[1].split()[0])
            return " ".join(str(number) for number in range(1, quota + 1))
        if prompt.startswith("Quelle carte de la bibliothèque"):
            return "1"
        raise AssertionError(f"unexpected question: {prompt!r}")


def terminal_for(
    players: int,
    seed: int,
    person: Person,
    *,
    difficulty: str | None = None,
    records: list[GameRecord] | None = None,
) -> GutenbergTerminal:
    options = {} if difficulty is None else {"difficulte": difficulty}
    match = new_match("gutenberg", players, seed, options)
    save = records.append if records is not None else None
    bots = make_bots(GAME, ["hasard"] * (players - 1))
    return person.attach(
        GutenbergTerminal(match, console(), person, bots, save=save, bot_seed=seed)
    )


# --- whole games --------------------------------------------------------------------------------


def test_a_whole_multiplayer_game_to_the_end():
    person = Person()
    records: list[GameRecord] = []
    terminal = terminal_for(3, 1, person, records=records)
    outcome = terminal.run()
    assert outcome is not None
    assert terminal.state.is_over
    text = output(terminal)
    for number in range(1, 5):
        assert f"Bilan du tour {number}" in text
        assert f"Gutenberg — tour {number}/5 — draft" in text
    assert text.count("Fin de la partie") == 1  # the result table says it, once
    assert "Classement :" in text
    assert "le meilleur score possible !" in text  # the person writes the finder's best word
    assert "Vous réclamez" in text
    # The record was saved after every accepted move, and rebuilds the same game.
    assert len(records) == len(terminal.match.record.moves) + 1
    assert records[-1] == terminal.match.record
    assert GameRecord.loads(records[-1].dumps()).replay(GAME) == terminal.state


@pytest.mark.parametrize("difficulty", ["normal", "facile", "difficile"])
def test_a_whole_solo_game_to_the_end(difficulty):
    person = Person(many_words=difficulty == "facile")
    terminal = terminal_for(1, 3, person, difficulty=difficulty)
    outcome = terminal.run()
    assert outcome is not None
    text = output(terminal)
    assert "Où placer le nouveau mot sous le mot précédent ?" in text
    assert "Bilan du tour 4" in text
    assert "dans la bibliothèque" in text
    assert ("La Rotative est battue" in text) or ("La Rotative l'emporte" in text)
    # Alone against the Rotative: won or lost, no ranking of one (« 2e Vous »).
    won = "La Rotative est battue" in text
    assert ("Vous gagnez !" in text) == won and ("Vous perdez." in text) == (not won)
    assert "Classement" not in text
    assert text.count("Fin de la partie") == 1
    if difficulty == "facile":
        last = terminal.state.writes[0]
        assert last is not None
        assert len(last.plays) >= 1


def test_the_offset_by_default_sends_the_most_points_to_the_collection():
    person = Person()
    terminal = terminal_for(1, 3, person)
    while not (terminal.state.round == 2 and terminal.state.phase == "write"):
        terminal.human_turn()
    state = terminal.state
    terminal.human_turn()
    write = terminal.state.writes[0]
    assert write is not None and write.offset is not None
    play_ = write.plays[0]
    gains = {
        offset: state.catalog.points(state.apply(0, type(write)((play_,), offset)).collections[0])
        for offset in state.offsets(len(play_.cards))
    }
    assert gains[write.offset] == max(gains.values())


# --- refusals -----------------------------------------------------------------------------------


def unspellable(state: GutenbergState) -> str:
    """A dictionary word the person's cards cannot spell."""
    hand = state.catalog.cards(state.hand(0))
    words = ["XYLOPHONE", "WHISKY", "KIWI", "JAZZ", "ZOUK"]
    return next(word for word in words if best_spelling(word, hand) is None).lower()


def test_refusals_change_nothing_and_say_why_in_french():
    person = Person(
        {
            "Quelle carte gardez": ["9", "0", "", "aide", "1"],
            "Votre mot": ["zzzq", unspellable, "a b", "123", "aide", "table"],
            "Écrire": ["n"],
            "Quelles cartes": ["1 2 3", "1 1", "99 1"],
        },
        quit_at=2,
    )
    terminal = terminal_for(2, 5, person)
    assert terminal.run() is None
    text = output(terminal)
    for message in (
        "Pas de carte n° 9 : choisissez un numéro de 1 à 5.",
        "Pas de carte n° 0",
        "Choisissez 1 carte par numéro (de 1 à 5) ou par lettre.",
        "Draft : gardez une carte",  # aide at the draft
        "ZZZQ n'est pas dans le dictionnaire.",
        "avec vos cartes (aucune carte",
        "Un seul mot par tour",
        "« 123 » n'est pas un mot",
        "Écriture : tapez un mot du dictionnaire",  # aide while writing
        "Vos cartes pour écrire",  # table
        "(vous en avez indiqué 3).",
        "La carte n° 1 est choisie deux fois.",
        "Pas de carte n° 99",
        "Partie interrompue.",
    ):
        assert message in text, message
    assert "Impossible d'écrire" in text
    # The refused answers left the record as it was: the moves grew after accepted ones only.
    assert len(set(person.moves_at_prompt[:5])) == 1  # the bot picked first, then nothing
    writing = [i for i, p in enumerate(person.prompts) if p.startswith("Votre mot")]
    assert len({person.moves_at_prompt[i] for i in writing}) == 1
    claims = [i for i, p in enumerate(person.prompts) if p.startswith("Quelles cartes")]
    assert len({person.moves_at_prompt[i] for i in claims}) == 1
    record = terminal.match.record
    assert GameRecord.loads(record.dumps()).replay(GAME) == terminal.state
    assert terminal.state.round == 2


def test_a_word_with_accents_is_normalised_and_spelt_with_the_best_cards():
    person = Person()
    terminal = terminal_for(2, 1, person)
    while terminal.state.phase != "write":
        terminal.bots_turn(sorted(terminal.state.to_move() - {0}))
        terminal.human_turn()
    state = terminal.state
    hand = state.catalog.cards(state.hand(0))
    plays = best_words(hand, top=1, words=state.lexicon)
    assert plays
    word = plays[0].word
    accented = word.replace("E", "É", 1).lower()
    person.script["Votre mot"] = [accented]
    person.script["Écrire"] = [""]
    terminal.bots_turn(sorted(terminal.state.to_move() - {0}))
    terminal.human_turn()
    data = terminal.match.record.moves[-1].action
    assert isinstance(data, dict)
    mots = data["mots"]
    assert isinstance(mots, list) and isinstance(mots[0], dict)
    assert mots[0]["mot"] == word
    spelt = best_spelling(word, hand)
    assert spelt is not None
    assert mots[0]["cartes"] == [card.id for card in spelt]


def test_passing_writes_no_word():
    person = Person({"Votre mot": ["passe", "-"], "Ne rien écrire": ["n", "o"]})
    terminal = terminal_for(1, 2, person)
    while terminal.state.phase != "write":
        terminal.human_turn()
    before = len(terminal.match.record.moves)
    terminal.human_turn()
    assert len(terminal.match.record.moves) == before + 1
    assert terminal.match.record.moves[-1].action == {"type": "ecrire", "mots": []}
    assert person.prompts.count("Ne rien écrire ce tour-ci (0 point) ? [o/N] ") == 2
    terminal.human_turn()  # the library: every card went there
    assert terminal.state.round == 2
    assert "Vous avez écrit : aucun mot — meilleur mot possible : " in flat(output(terminal))


def test_an_equals_sign_forces_a_word_that_is_also_a_command():
    person = Person({"Votre mot": ["=aide", "-"], "Ne rien écrire": ["o"]})
    terminal = terminal_for(1, 2, person)
    while terminal.state.phase != "write":
        terminal.human_turn()
    terminal.human_turn()
    text = output(terminal)
    assert "Draft solo" not in text.split(">>> Votre mot")[1]  # no help was printed
    assert "AIDE" in text  # treated as the word AIDE (refused or written)


def test_spell_several_words_uses_each_card_once():
    hand = [card_of(c) for c in (
        {"id": "a", "lettres": "E", "points": 1, "type": "voyelle"},
        {"id": "b", "lettres": "T", "points": 2, "type": "lettre"},
        {"id": "c", "lettres": "S", "points": 2, "type": "lettre"},
    )]  # fmt: skip
    plays = spell(["ET", "ES"], hand)
    assert plays is None  # only one E
    plays = spell(["ET"], hand)
    assert plays is not None and plays[0].cards == ("a", "b")


# --- the command ----------------------------------------------------------------------------------


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def root() -> None:
        """Test application."""

    play.register(app)
    return app


runner = CliRunner()


def test_play_game_saves_to_the_data_folder_and_the_record_replays(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path / "data")}
    folder = tmp_path / "data" / "ludotheque" / "parties"

    def state_now() -> GutenbergState:
        files = sorted(folder.glob("gutenberg-7-*.json"))
        record = GameRecord.loads(files[-1].read_text(encoding="utf-8"))
        state = record.replay(GAME)
        assert isinstance(state, GutenbergState)
        return state

    person = Person()
    person.state_of = state_now
    out = console()
    status = play.play_game("gutenberg", out, person, players=2, seed=7, bots="hasard", env=env)
    text = out.export_text()
    assert status == 0, text
    path = folder / "gutenberg-7-1.json"
    assert path.exists()
    assert f"Partie enregistrée dans {path}" in text.replace("\n", "")
    final = GameRecord.loads(path.read_text(encoding="utf-8")).replay(GAME)
    assert final.is_over
    # The same command again does not overwrite the first game.
    assert play.default_save_path("gutenberg", 7, env) == folder / "gutenberg-7-2.json"


def test_hasard_is_the_random_bot_and_the_game_bots_come_from_its_table():
    import ludotheque.games.gutenberg.bots as module

    assert all(isinstance(bot, RandomBot) for bot in make_bots(GAME, ["hasard", "random"]))
    names = list(module.BOTS)
    assert len(make_bots(GAME, names[:1])) == 1
    with pytest.raises(SetupError, match="Robot inconnu"):
        make_bots(GAME, ["n'existe-pas"])


def test_levels_by_their_french_titles_seat_with_the_title_and_place():
    from ludotheque.games.gutenberg.bots_levels import GutenbergLevelBot

    bots = make_bots(GAME, ["Débutant", "intermédiaire", "expert"])
    assert [bot.profile.name for bot in bots] == ["debutant", "intermediaire", "expert"]
    assert all(isinstance(bot, GutenbergLevelBot) for bot in bots)
    with pytest.raises(SetupError, match=r"Robot inconnu : « Champion » \(connus : debutant, "):
        make_bots(GAME, ["Champion"])
    match = new_match("gutenberg", 3, 5)
    terminal = GutenbergTerminal(
        match, console(), Person(), bots[:2], bot_labels=["Débutant", "intermediaire"]
    )
    assert terminal.names == ["Vous", "Débutant (place 2)", "Intermédiaire (place 3)"]


def test_a_whole_game_against_a_debutant_from_the_command(tmp_path):
    """``play gutenberg --bots Débutant``: the bot plays every decision to the end."""
    path = tmp_path / "partie.json"
    person = Person()

    def state_now() -> GutenbergState:
        state = GameRecord.loads(path.read_text(encoding="utf-8")).replay(GAME)
        assert isinstance(state, GutenbergState)
        return state

    person.state_of = state_now
    out = console()
    status = play.play_game("gutenberg", out, person, seed=3, bots="Débutant", save=path)
    text = flat(out.export_text())
    assert status == 0, text
    assert "contre 1 robot (Débutant)" in text
    assert "Débutant (place 2)" in text
    final = state_now()
    assert final.is_over
    assert any(move.seat == 1 and move.action["type"] == "ecrire" for move in final_moves(path))


def final_moves(path: Path) -> list:
    return list(GameRecord.loads(path.read_text(encoding="utf-8")).moves)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["belote"], "Jeu inconnu : « belote »"),
        (["gutenberg", "--mode", "extreme"], "Mode inconnu : « extreme » (possibles : facile,"),
        (["gutenberg", "--mode", "facile", "--players", "3"], "se joue seul"),
        (["gutenberg", "--solo", "--players", "3"], "--solo se joue seul"),
        (["gutenberg", "--players", "7"], "de 1 à 6 joueurs"),
        (["gutenberg", "--players", "2", "--bots", "a,b"], "Trop de robots"),
        (["gutenberg", "--players", "1", "--bots", "a"], "En solo, pas de robots"),
        (["gutenberg", "--seed", "-1"], "La graine doit être un entier"),
        (["gutenberg", "--bots", "belote"], "Robot inconnu : « belote »"),
        (["gutenberg", "--deck", "/nonexistent/deck.txt"], "Impossible de lire le paquet"),
        (
            ["encheres", "--deck", "/nonexistent/deck.txt"],
            "--deck ne sert qu'à Gutenberg et à Gremlins, Inc. – le jeu de cartes.",
        ),
        (["gutenberg", "--tiles", "/nonexistent/tiles.txt"], "--tiles ne sert qu'à Letter."),
    ],
)
def test_bad_options_exit_2_with_a_french_message(arguments, message, tmp_path):
    result = runner.invoke(_app(), ["play", *arguments, "--save", str(tmp_path / "x.json")])
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert not (tmp_path / "x.json").exists()


def test_every_registered_game_plays_in_the_terminal_encheres_to_the_end(tmp_path):
    """A game without a terminal of its own (Enchères) is played by the generic one: its
    possible actions listed (bids are numbers: listed as they are, a number typed is the bid),
    to the ranking, saved after every action."""
    save = tmp_path / "encheres.json"
    prompts: list[str] = []
    out = console()

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        assert len(prompts) < 500, "the game does not end"
        listed = [
            line
            for line in out.export_text(clear=False).splitlines()
            if line.startswith("Vos coups possibles : ")
        ]
        return listed[-1].removeprefix("Vos coups possibles : ").split(",")[0].strip(" .")

    status = play.play_game("encheres", out, ask, players=2, seed=4, bots="hasard", save=save)
    text = flat(out.export_text())
    assert status == 0, text
    assert "vous (place 1) contre 1 robot (Hasard), graine 4" in text
    assert prompts and all(p == "Votre coup > " for p in prompts)
    assert "Fin de la partie. Scores : Vous " in text
    assert "Classement : 1er " in text
    assert f"Partie enregistrée dans {save}" in text
    record = GameRecord.loads(save.read_text(encoding="utf-8"))
    final = record.replay(Encheres())
    assert final.is_over
    assert sum(1 for move in record.moves if move.seat == 0) == len(prompts)


def test_mode_is_the_solo_difficulty_and_makes_a_solo(tmp_path):
    save = tmp_path / "partie.json"
    result = runner.invoke(
        _app(),
        ["play", "gutenberg", "--mode", "Facile", "--seed", "3", "--save", str(save)],
        input="quitter\no\n",
    )
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "Gutenberg — vous (place 1) contre la Rotative (solo, facile), graine 3." in text
    options = json.loads(save.read_text(encoding="utf-8"))["options"]
    assert options["mode"] == "solo" and options["difficulte"] == "facile"


def test_a_malformed_deck_file_names_its_line_and_exits_2(tmp_path):
    deck = tmp_path / "paquet.txt"
    deck.write_text("titre: X\nreconstruction: non\n[lettres]\nT 2\nW 9\n", encoding="utf-8")
    result = runner.invoke(_app(), ["play", "gutenberg", "--deck", str(deck)])
    assert result.exit_code == 2
    assert "ligne 5 : points invalides « 9 »" in result.output


def test_a_deck_file_goes_into_the_options_and_the_record(tmp_path):
    source = Path(gutenberg_package.__file__).parent / "data" / "deck.txt"
    text = source.read_text(encoding="utf-8").replace("K   6", "K   5")
    deck = tmp_path / "paquet.txt"
    deck.write_text(text, encoding="utf-8")
    save = tmp_path / "partie.json"
    # Quit at once: the record (with the deck text in its options) is already saved.
    result = runner.invoke(
        _app(),
        ["play", "gutenberg", "--solo", "--deck", str(deck), "--save", str(save), "--seed", "3"],
        input="quitter\no\n",
    )
    assert result.exit_code == 0, result.output
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["options"]["paquet"] == text
    assert record["options"]["mode"] == "solo"


def test_common_words_is_the_dictionary_of_the_prompts():
    assert "AIDE" in common_words()  # why « =aide » exists


def test_the_generic_terminal_numbers_actions_written_as_words():
    """Actions written as words (Gremlins' « commencer A05 ») are listed by number, and a
    number typed picks from that list; a number beyond it is refused, changing nothing."""
    from ludotheque.bots.base import RandomBot
    from ludotheque.cli.games.generic import GenericTerminal
    from ludotheque.cli.terminal.setup import new_match
    from ludotheque.core.errors import MalformedInput

    match = new_match("gremlins", 2, 3)
    out = console()
    terminal = GenericTerminal(match, out, lambda _prompt: "quitter", [RandomBot()])
    legal = list(match.state.legal_actions(0))
    assert legal  # the person moves first at this seed
    assert terminal.numbered()
    assert terminal.parse("2") == (match.game.encode_action(legal[1]), False)
    with pytest.raises(MalformedInput, match="Pas de coup n° 9999"):
        terminal.parse("9999")
    terminal.show()
    assert f"   1. {match.game.format_action(legal[0])}" in out.export_text()
