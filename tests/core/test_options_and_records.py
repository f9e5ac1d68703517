from __future__ import annotations

import json

import pytest

from ludotheque.core.errors import (
    IllegalAction,
    InvalidOptions,
    MalformedInput,
    NotYourTurn,
    UnknownGame,
)
from ludotheque.core.match import Match
from ludotheque.core.options import GameInfo, Mode, OptionSpec
from ludotheque.core.protocol import Outcome
from ludotheque.core.record import GameRecord
from ludotheque.games import default_registry
from ludotheque.games.encheres import Encheres

INFO = GameInfo(
    name="demo",
    title="Démo",
    summary="",
    modes=(Mode("solo", "Solo", 1, 1), Mode("multi", "Multi", 2, 6)),
    options=(
        OptionSpec("variante", "Variante", "choice", "simple", choices=("simple", "expert")),
        OptionSpec("facile", "Facile", "bool", False, modes=("solo",)),
        OptionSpec("manches", "Manches", "int", 5, minimum=1, maximum=5),
    ),
)


def test_defaults_and_mode_by_player_count():
    assert INFO.resolve_options(1, None) == {
        "mode": "solo",
        "variante": "simple",
        "facile": False,
        "manches": 5,
    }
    assert INFO.resolve_options(4, {"variante": "expert"}) == {
        "mode": "multi",
        "variante": "expert",
        "manches": 5,
    }
    assert (INFO.min_players, INFO.max_players) == (1, 6)


@pytest.mark.parametrize(
    ("players", "options", "fragment"),
    [
        (7, None, "de 1 à 6 joueurs"),
        (3, {"mode": "solo"}, "pas à 3"),
        (2, {"mode": "duel"}, "Mode « duel » inconnu"),
        (2, {"couleur": "rouge"}, "Option inconnue"),
        (2, {"variante": "facile"}, "valeur « facile » inconnue"),
        (2, {"manches": 9}, "hors des bornes"),
        (2, {"manches": True}, "entier"),
        (1, {"facile": "oui"}, "oui ou non"),
        (2, {"facile": True}, "ne s'applique pas"),
        ("2", None, "entier"),
    ],
)
def test_invalid_options_are_explained(players, options, fragment):
    with pytest.raises(InvalidOptions, match=fragment):
        INFO.resolve_options(players, options)


def test_outcome_ranks_share_ties():
    outcome = Outcome.from_keys([(5, 2), (5, 3), (9, 0), (5, 2)])
    assert outcome.ranks == (3, 2, 1, 3)
    assert outcome.winners == frozenset({2})


def test_match_records_only_accepted_actions_and_replays():
    game = Encheres()
    match = Match.start(game, players=2, seed=9)
    hand0, hand1 = match.state.view(0)["main"], match.state.view(1)["main"]
    with pytest.raises(MalformedInput):
        match.submit(0, {"type": "miser", "carte": "trois"})
    with pytest.raises(IllegalAction, match="pas la carte"):
        match.submit(0, {"type": "miser", "carte": hand1[0]})
    match.submit(0, {"type": "miser", "carte": hand0[0]})
    with pytest.raises(NotYourTurn):
        match.submit(0, {"type": "miser", "carte": hand0[1]})
    match.submit(1, {"type": "miser", "carte": hand1[-1]})
    assert len(match.record.moves) == 2
    assert match.state.view(None)["historique"][0]["mises"] == [hand0[0], hand1[-1]]
    again = Match.from_record(game, GameRecord.loads(match.record.dumps()))
    assert again.state == match.state


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("{", "illisible"),
        ("[]", "objet JSON"),
        ('{"format": "autre"}', "Format"),
        ('{"format": "ludotheque-record/1", "game": 3}', "game"),
        (
            '{"format": "ludotheque-record/1", "game": "encheres", "players": 2, "seed": 1,'
            ' "options": {}, "moves": [[0]]}',
            "coup n° 1",
        ),
    ],
)
def test_malformed_records_are_refused(text, fragment):
    with pytest.raises(MalformedInput, match=fragment):
        GameRecord.loads(text)


def test_record_of_another_game_is_refused():
    record = GameRecord("gutenberg", 2, 1, {"mode": "classique"})
    with pytest.raises(MalformedInput, match="gutenberg"):
        record.replay(Encheres())


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(UnknownGame, match="encheres"):
        default_registry().get("monopoly")


def test_errors_serialise_for_clients():
    error = NotYourTurn(1)
    assert json.loads(json.dumps(error.to_json())) == {
        "kind": "NotYourTurn",
        "code": "not-your-turn",
        "message": "Ce n'est pas à la place 2 de jouer.",
    }
