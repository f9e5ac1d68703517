"""The journal's lines name every player the line mentions, and say « vous » to the reader."""

from __future__ import annotations

import random
import re

from ludotheque.games.gremlins.actions import Choose, Complete, PlayAction
from ludotheque.games.gremlins.state import GremlinsState

from .helpers import GAME, PLAIN, new, play, position, proj

# A08 Chantage: « voler 2 prestige à n'importe quel adversaire » (the only one, at 2 players).
BLACKMAIL = PlayAction("A08", ((0, "malice"), (0, "malice")))


def blackmail_position():  # type: ignore[no-untyped-def]
    return position(
        2,
        hands={0: ["A08", *PLAIN[:5]]},
        projects={0: [proj("A01", "A05", "A06")]},
        scores=(3, 5),
    )


def test_the_victim_is_named_when_every_name_is_given():
    state = blackmail_position()
    names = ["Alice", "Bob"]
    spectator = GAME.describe_action(state, 0, BLACKMAIL, None, "Alice", names)
    assert "Alice" in spectator and "Bob" in spectator and "joueur" not in spectator
    victim = GAME.describe_action(state, 0, BLACKMAIL, 1, "Alice", names)
    assert victim == "Alice joue « Chantage » et vous vole 2 prestige."
    thief = GAME.describe_action(state, 0, BLACKMAIL, 0, "Alice", names)
    assert "Vous" in thief and "Bob" in thief and "Alice" not in thief


def test_without_the_names_the_other_seat_is_joueur_n():
    line = GAME.describe_action(blackmail_position(), 0, BLACKMAIL, None, "Alice")
    assert "Alice" in line and "joueur 2" in line


# --- one sentence per action, « vous » conjugated all along -----------------------------------


def test_a_completion_is_one_sentence_naming_the_plan_in_the_second_person():
    state = position(2, hands={0: PLAIN[:6]}, projects={0: [proj("P03", "P33", "P34")]})
    names = ["Alice", "Bob"]
    own = GAME.describe_action(state, 0, Complete(0), 0, "Alice", names)
    assert own == "Vous terminez « Pendule de salon », obtenez 2 prestige et piochez 1 carte."
    other = GAME.describe_action(state, 0, Complete(0), 1, "Alice", names)
    assert other == "Alice termine « Pendule de salon », obtient 2 prestige et pioche 1 carte."
    after = play(state, Complete(0))
    assert after.logged == state.logged + 1
    assert after.journal[-1] == (
        "joueur 1 termine « Pendule de salon », obtient 2 prestige et pioche 1 carte."
    )


def test_the_answer_to_a_cards_question_names_the_card():
    # A05 Croc-en-jambe: the opponent picks the 2 cards it discards, one answer at a time
    state = position(
        2, hands={0: ["A05", *PLAIN[:5]]}, projects={0: [proj("A01", "P20")]}, scores=(0, 0)
    )
    state = play(state, PlayAction("A05", ((0, "malice"),)))
    assert state.journal[-1] == "joueur 1 joue « Croc-en-jambe »."
    key = state.prompt.options[0][0]
    card = GAME.describe_action(state, 1, Choose(key), 1, "Bob", ["Alice", "Bob"])
    assert re.fullmatch(r"« Croc-en-jambe » : vous défaussez « [^»]+ »\.", card), card
    seen = GAME.describe_action(state, 1, Choose(key), 0, "Bob", ["Alice", "Bob"])
    assert re.fullmatch(r"« Croc-en-jambe » : Bob défausse « [^»]+ »\.", seen), seen


THIRD_PERSON = re.compile(
    r"(\b[Vv]ous|, | et )(joue|jouera|termine|obtient|pioche|perd|défausse|assigne|commence|"
    r"annule|refait|ne peut)\b|^Vous vole\b"
)


def test_every_line_a_player_reads_of_its_own_actions_is_conjugated():
    """Random games: each action is one journal line, and its actor reads « vous » with
    verbs in the second person, also after « et » and commas."""
    for seed in range(6):
        state: GremlinsState = new(3, seed=seed)
        draws = random.Random(seed)
        for _ in range(150):
            if state.is_over:
                break
            (seat,) = state.to_move()
            action = draws.choice(list(state.legal_actions(seat)))
            text = GAME.describe_action(state, seat, action, seat, "Alice")
            own = [part for part in text.split(" ; ") if re.match(r"(« [^»]* » : )?[Vv]ous", part)]
            for part in own:
                assert not THIRD_PERSON.search(part), text
            after = state.apply(seat, action)
            ends = sum(line.startswith("Fin de la partie") for line in after.journal[-2:])
            assert after.logged - state.logged <= 1 + ends, after.journal[-3:]
            state = after


def test_questions_and_options_read_as_french():
    """« de votre projet » (never « du votre projet »), « quel or » (never « quelle or »)."""
    asked = []
    for seed in range(12):
        state: GremlinsState = new(3, seed=seed)
        draws = random.Random(seed)
        for _ in range(200):
            if state.is_over:
                break
            (seat,) = state.to_move()
            if state.prompt is not None:
                asked += [state.prompt.question, *(label for _, label in state.prompt.options)]
            state = state.apply(seat, draws.choice(list(state.legal_actions(seat))))
    text = "\n".join(asked)
    assert "de votre projet n° " in text and "du projet de joueur " in text
    assert "du votre" not in text and "quelle or" not in text


def test_a_permanents_trigger_is_named_in_the_sentence():
    # M13 Tableau d'honneur: « quand vous terminez un projet, obtenir 1 prestige »
    state = position(
        2, hands={0: PLAIN[:6]}, projects={0: [proj("P33", "P34", "P36")]}, permanents={0: ["M13"]}
    )
    own = GAME.describe_action(state, 0, Complete(0), 0, "Alice", ["Alice", "Bob"])
    assert own == (
        "Vous terminez « Paratonnerre » et obtenez 2 prestige ; "
        "« Tableau d'honneur » : vous obtenez 1 prestige."
    )
    other = GAME.describe_action(state, 0, Complete(0), 1, "Alice", ["Alice", "Bob"])
    assert other == (
        "Alice termine « Paratonnerre » et obtient 2 prestige ; "
        "« Tableau d'honneur » : Alice obtient 1 prestige."
    )


def test_a_choice_that_writes_nothing_tells_the_chooser_what_was_chosen():
    # A05 Croc-en-jambe at 3 players: « quel joueur ? », then that player picks its 2 cards
    state = position(3, hands={0: ["A05", *PLAIN[:5]]}, projects={0: [proj("A01", "P20")]})
    state = play(state, PlayAction("A05", ((0, "malice"),)))
    assert state.prompt is not None and state.prompt.seat == 0
    names = ["Alice", "Bob", "Irène"]
    assert GAME.describe_action(state, 0, Choose("joueur:2"), 0, "Alice", names) == (
        "Votre choix : Irène."
    )
    # The others read who was targeted (as at the table), not an empty « Alice a joué ».
    assert GAME.describe_action(state, 0, Choose("joueur:2"), 1, "Alice", names) == (
        "Alice choisit Irène."
    )
    assert GAME.describe_action(state, 0, Choose("joueur:2"), 2, "Alice", names) == (
        "Alice vous choisit."
    )
