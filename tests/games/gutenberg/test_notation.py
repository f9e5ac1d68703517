"""Words sent without cards (what the browser sends) and the journal lines each seat reads."""

from __future__ import annotations

import pytest

from ludotheque.core.errors import IllegalAction, MalformedInput
from ludotheque.games.gutenberg.actions import Claim, Pick, Play, Write
from ludotheque.games.gutenberg.notation import complete_action
from ludotheque.games.gutenberg.state import GutenbergState

from .helpers import GAME, card, cards, new, relocate


def writing_position() -> tuple[GutenbergState, tuple[str, ...]]:
    state = new(2)
    hand = cards(state, "JOUER")
    state = relocate(state, drafted=(hand, cards(state, "ST")), commons=(), packets=())
    assert state.phase == "write"
    return state, hand


def test_a_word_without_cards_gets_its_best_spelling() -> None:
    state, hand = writing_position()
    completed = complete_action(state, 0, {"type": "ecrire", "mots": [{"mot": "jouer"}]})
    assert completed == {"type": "ecrire", "mots": [{"mot": "JOUER", "cartes": list(hand)}]}
    action = GAME.decode_action(completed)
    assert action == Write((Play("JOUER", hand),))
    state.check(0, action)


def test_a_word_that_cannot_be_written_is_refused_before_anything_else() -> None:
    state, _ = writing_position()
    with pytest.raises(IllegalAction, match="dictionnaire"):
        complete_action(state, 0, {"type": "ecrire", "mots": [{"mot": "JOUERZ"}]})
    with pytest.raises(IllegalAction, match="JOUEUR avec vos cartes"):
        complete_action(state, 0, {"type": "ecrire", "mots": [{"mot": "JOUEUR"}]})
    with pytest.raises(MalformedInput):
        complete_action(state, 0, {"type": "ecrire", "mots": [{"mot": 3}]})
    # Actions with their cards, and other actions, pass through unchanged.
    given = {"type": "ecrire", "mots": [{"mot": "JOUER", "cartes": ["X"]}]}
    assert complete_action(state, 0, given) is given


def test_journal_hides_draft_choices_and_words_until_the_reveal() -> None:
    state = new(3)
    pick = Pick(state.current_packet(0)[0])
    letters = state.catalog.card(pick.card).notation
    own = GAME.describe_action(state, 0, pick, 0, "Alice")
    assert own == f"Vous avez choisi {letters}."
    for observer in (1, 2, None):
        line = GAME.describe_action(state, 0, pick, observer, "Alice")
        assert line == "Alice a choisi une carte." and pick.card not in line
    word = Write((Play("JOUER", ("a", "b")),))
    assert "JOUER" in GAME.describe_action(state, 1, word, 1, "Bruno")
    assert "JOUER" not in GAME.describe_action(state, 1, word, 0, "Bruno")


def test_journal_tells_everybody_the_claims_and_the_challenge_text() -> None:
    state = new(3)
    challenge = next(iter(state.catalog.challenges))
    letter = card(state, "E")
    line = GAME.describe_action(state, 2, Claim((letter,), challenge), 0, "Chloé")
    notation = state.catalog.card(letter).notation
    text = state.catalog.challenges[challenge].text
    assert line == f"Chloé a réclamé {notation} et le défi « {text} »."
