"""Letter's actions in JSON and in the terminal notation, and the journal lines (D21)."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from ludotheque.core.errors import IllegalAction, MalformedInput
from ludotheque.games.letter.actions import (
    ChooseSize,
    Claim,
    FreeLetter,
    Knock,
    NoKnock,
    Pass,
    PlaceBlank,
    Placement,
    Stop,
    Timeout,
    Turn,
)

from .helpers import GAME, arrange, new, tile, turn

EVERY_KIND = [
    ChooseSize("2x1"),
    Turn((Placement("T05", 2, 4),)),
    Turn(
        (Placement("T05", 2, 4), Placement("T07", 3, 4)),
        (Claim(("T01", "T05"), "MA"), Claim(("T05", "T07"))),
        exchange="B2",
        sacrifice="T09",
    ),
    FreeLetter("T05"),
    PlaceBlank("B1", 0, 19),
    Knock((Claim(("T01", "T05")),)),
    Knock((Claim(("T01", "T05"), "MA"),), sacrifice="T03"),
    NoKnock(),
    Pass(),
    Timeout(),
    Stop(),
]


@pytest.mark.parametrize("action", EVERY_KIND, ids=lambda a: type(a).__name__)
def test_d21_every_action_survives_json_and_the_notation(action):
    data = GAME.encode_action(action)
    assert GAME.decode_action(json.loads(json.dumps(data))) == action
    assert GAME.parse_action(GAME.format_action(action)) == action


def test_d21_french_type_names():
    names = {GAME.encode_action(a)["type"] for a in EVERY_KIND}  # type: ignore[index]
    assert names == {
        "taille", "poser", "lettre_libre", "blanche", "frapper", "pas_de_frappe", "passer",
        "temps_ecoule", "arreter",
    }  # fmt: skip
    assert GAME.encode_action(EVERY_KIND[2]) == {
        "type": "poser",
        "pieces": [{"piece": "T05", "case": "c5"}, {"piece": "T07", "case": "d5"}],
        "mots": [{"chemin": ["T01", "T05"], "mot": "MA"}, {"chemin": ["T05", "T07"]}],
        "echange": "B2",
        "sacrifice": "T09",
    }


@pytest.mark.parametrize(
    "data",
    [
        {"type": "taille", "taille": "4x1"},
        {"type": "taille"},
        {"type": "poser", "pieces": [{"piece": "T05", "case": "zz"}], "mots": []},
        {"type": "poser", "pieces": [{"piece": "T05"}], "mots": []},
        {"type": "poser", "pieces": [], "mots": [{"chemin": []}]},
        {"type": "poser", "pieces": [], "mots": [{"chemin": ["T01"], "mot": 3}]},
        {"type": "poser", "pieces": [], "mots": [], "bonus": 1},
        {"type": "poser", "pieces": "T05@c5", "mots": []},
        {"type": "lettre_libre", "piece": 5},
        {"type": "lettre_libre", "piece": "T-5"},
        {"type": "blanche", "piece": "B1"},
        {"type": "frapper", "mots": "MA"},
        {"type": "passer", "quand": "maintenant"},
        {"type": "jouer"},
        ["poser"],
    ],
)
def test_d21_malformed_json_is_refused_as_malformed(data):
    with pytest.raises(MalformedInput):
        GAME.decode_action(data)


@pytest.mark.parametrize("text", ["", "poser T05", "blanche B1", "taille 5x5", "libre", "vole"])
def test_d21_unreadable_notation_is_malformed(text):
    with pytest.raises(MalformedInput):
        GAME.parse_action(text)


def test_d21_journal_lines_hide_a_knock_until_the_window_closes():
    state = new(3)
    m, a = tile(state, "M", "2x1"), tile(state, "A", "1x3")
    state = arrange(state, board=[(m, "c3")], hands={0: [a], 1: [], 2: []})
    action = turn((a, "c4"), words=[[m, a]])
    assert (
        GAME.describe_action(state, 0, action, 1, "Alice")
        == "Alice : pose A en c4 et nomme MA (+2 points)."
    )
    state = state.apply(0, action)
    knock = Knock((Claim((m, a)),))
    assert "MA" not in GAME.describe_action(state, 1, NoKnock(), 2, "Bob")
    assert "révélé" in GAME.describe_action(state, 1, knock, 2, "Bob")
    assert GAME.describe_action(state, 1, knock, 1, "Bob") == "Vous frappez avec MA."


def test_d21_a_path_may_be_typed_as_cells():
    from ludotheque.games.letter.notation import path_from_cells

    state = new(2)
    m, a = tile(state, "M", "2x1"), tile(state, "A", "1x3")
    state = arrange(state, board=[(m, "c3"), (a, "c4")])
    assert path_from_cells(state, "d3-c6") == (m, a)  # any cell of a tile names it


NAMES = ("Alice", "Bob", "Carole")


def _mat_table(**options):
    """Alice (seat 0) lays A under M and names MA; MAT and TA stay to be knocked (T at b4)."""
    state = new(3, **options)
    m, a, t = tile(state, "M", "2x1"), tile(state, "A", "1x3"), tile(state, "T", "1x1")
    state = arrange(state, board=[(m, "c3"), (t, "b4")], hands={0: [a]})
    state = state.apply(0, turn((a, "c4"), words=[[m, a]]))
    assert state.phase == "frappe"
    return state, m, a, t


def test_d16_the_journal_tells_a_knock_accepted_with_names_words_and_points():
    state, m, a, t = _mat_table()
    knock = Knock((Claim((m, a, t)),))
    state = state.apply(1, knock)  # Bob knocks with MAT
    line = GAME.describe_action(state, 2, NoKnock(), 0, "Carole", NAMES)  # closes the window
    assert line.startswith("Carole ne frappe pas. Bob frappe avec MAT")
    assert "Bob frappe avec MAT : frappe acceptée (+3 points) ; Bob joue maintenant." in line
    # Bob reads it in his own person; nothing names a seat by its number or a tile by its id
    mine = GAME.describe_action(state, 2, NoKnock(), 1, "Carole", NAMES)
    assert "Vous frappez avec MAT : frappe acceptée" in mine and "vous jouez maintenant" in mine
    for text in (line, mine):
        assert not re.search(r"\bT\d+|place \d|joueur \d", text), text


def test_d16_the_journal_tells_a_knock_refused_and_the_letter_it_cost():
    state, m, a, t = _mat_table(erreurs="penalite")
    e = tile(state, "E", "1x1")
    state = arrange(state, board=[(m, "c3"), (t, "b4"), (a, "c4")], hands={1: [e]})
    state = replace(state, phase="frappe", window=(1, 2), pending=(None,) * 3, active=0)
    state = state.apply(1, Knock((Claim((a, m)),)))  # AM: no word
    line = GAME.describe_action(state, 2, NoKnock(), 2, "Carole", NAMES)
    assert line.startswith("Vous ne frappez pas. ")
    assert (
        "Bob frappe avec AM : frappe refusée (« AM » n'est pas un mot admis), "
        "la lettre E (1×1) va à côté du plateau." in line
    )


def test_d16_two_knocks_tell_the_dice_and_who_won():
    state, m, a, t = _mat_table()
    state = state.apply(1, Knock((Claim((m, a, t)),)))
    line = GAME.describe_action(state, 2, Knock((Claim((t, a)),)), None, "Carole", NAMES)
    after = state.apply(2, Knock((Claim((t, a)),)))
    result = after.knocks[-1]
    assert line.startswith("Plusieurs frappes, les dés décident l'ordre : ")
    first, second = (NAMES[s] for s in result.order)
    assert f"{first} frappe avec" in line and "frappe acceptée" in line
    assert f"{second} frappe avec" in line
    assert f"frappe sans suite, {first} l'a emporté." in line


def test_d9_errors_name_a_tile_by_its_letter_never_its_id():
    """« T43 en a1 » read nothing to a player: the letter and the size instead (issue 15)."""
    state = new(2)
    m, a = tile(state, "M", "2x1"), tile(state, "A", "1x3")
    state = arrange(state, board=[(m, "c3")], hands={0: [a]})
    with pytest.raises(IllegalAction) as error:
        state.check(0, turn((a, "c3"), words=[[m, a]]))
    assert error.value.message.startswith("A (1×3) en c3 : ")
    other = tile(state, "U", "3x3")
    with pytest.raises(IllegalAction) as error:
        state.check(0, FreeLetter(other))
    assert error.value.message == "La pièce U (3×3) n'est pas l'une de vos lettres."
    assert not re.search(r"\bT\d+", error.value.message)


def test_d11_a_failed_turn_tells_the_letter_that_goes_beside_the_board():
    state = new(2, erreurs="penalite")
    m, a, e = tile(state, "M", "2x1"), tile(state, "A", "1x3"), tile(state, "E", "1x1")
    state = arrange(state, board=[(m, "c3")], hands={0: [a, e]})
    line = GAME.describe_action(state, 0, turn((a, "e3"), words=[[a, m]]), 1, "Alice", NAMES)
    assert line.startswith("Alice : pose A en e3 sans nouveau mot valable (« AM » n'est pas un mot")
    assert line.endswith("les pièces sont reprises, la lettre A (1×3) va à côté du plateau.")
