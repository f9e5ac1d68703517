"""Letter's actions in JSON and in the terminal notation, and the journal lines (D21)."""

from __future__ import annotations

import json

import pytest

from ludotheque.core.errors import MalformedInput
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

from .rules_helpers import GAME, arrange, new, tile, turn

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
    assert GAME.describe_action(state, 0, action, 1, "Alice") == "Alice : pose A en c4 et nomme MA."
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
