"""Words sent without cards (what the browser sends) and the journal lines each seat reads."""

from __future__ import annotations

from dataclasses import replace

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
    text = state.catalog.challenges[challenge].text.rstrip(".")
    assert line.startswith(f"Chloé a réclamé {notation} et le défi « {text} » : ")


def claim_position(kind: str) -> tuple[GutenbergState, str, str]:
    """Round 1, claims: seat 0 wrote JOUER and may claim an open challenge rewarding ``kind``."""
    state = new(2)
    hand = cards(state, "JOUER")
    challenge = next(cid for cid, c in state.catalog.challenges.items() if c.reward.kind == kind)
    state = relocate(
        state,
        drafted=((), ()),
        commons=(),
        packets=(),
        open_challenges=(challenge,),
        pool=hand,
        phase="claim",
    )
    return state, hand[0], challenge


@pytest.mark.parametrize("kind", ["pioche_lettre", "pioche_voyelle"])
def test_a_drawn_reward_is_told_to_its_owner_and_hidden_from_the_others(kind: str) -> None:
    state, letter, challenge = claim_position(kind)
    deck = state.letter_deck if kind == "pioche_lettre" else state.vowel_deck
    drawn = state.catalog.card(deck[0]).notation
    claim = Claim((letter,), challenge)
    own = GAME.describe_action(state, 0, claim, 0, "Alice")
    pile = "Lettre" if kind == "pioche_lettre" else "Voyelle"
    assert own.endswith(f" : vous piochez {drawn} (pioche {pile}) pour votre collection.")
    other = GAME.describe_action(state, 0, claim, 1, "Alice")
    assert other.endswith(f" : une carte de la pioche {pile} pour sa collection.")
    assert deck[0] not in other


def test_a_challenge_kept_or_an_extra_letter_is_told() -> None:
    state, letter, challenge = claim_position("collection")
    notation = state.catalog.card(challenge).notation
    own = GAME.describe_action(state, 0, Claim((letter,), challenge), 0, "Alice")
    assert own.endswith(f" : la carte défi {notation} rejoint votre collection.")
    assert challenge not in own  # its printed letters, never its id
    state, letter, challenge = claim_position("lettre_en_plus")
    other = GAME.describe_action(state, 0, Claim((letter,), challenge), 1, "Alice")
    assert other.endswith(" : une lettre de plus réclamée.")


def test_the_last_card_of_the_draft_is_told_to_whoever_gets_it() -> None:
    state = new(2)
    while len(state.current_packet(0)) > 2:
        for seat in (0, 1):
            state = state.apply(seat, Pick(state.current_packet(seat)[0]))
    state = state.apply(1, Pick(state.current_packet(1)[0]))
    pick = Pick(state.current_packet(0)[0])
    # Seat 0 picks last: each seat receives the card its neighbour did not keep.
    mine = next(c for c in state.current_packet(1) if c != state.picks[1])
    theirs = next(c for c in state.current_packet(0) if c != pick.card)
    own = GAME.describe_action(state, 0, pick, 0, "Alice")
    assert own.endswith(
        f"La dernière carte du paquet, {state.catalog.card(mine).notation}, vous revient d'office."
    )
    other = GAME.describe_action(state, 0, pick, 1, "Alice")
    assert other == (
        "Alice a choisi une carte. La dernière carte du paquet, "
        f"{state.catalog.card(theirs).notation}, vous revient d'office."
    )
    assert GAME.describe_action(state, 0, pick, None, "Alice") == "Alice a choisi une carte."


def test_solo_the_last_packet_card_is_told() -> None:
    state = new(1)
    while len(state.packets) > 2:
        state = state.apply(0, Pick(state.current_packet(0)[0]))
    last = state.packets[1][0]
    line = GAME.describe_action(state, 0, Pick(state.current_packet(0)[0]), 0, "Alice")
    assert line.endswith(f"{state.catalog.card(last).notation}, vous revient d'office.")


def test_errors_name_cards_by_letters_and_challenges_by_sentence_never_by_id() -> None:
    state = new(2)
    foreign = state.packets[1][0]
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, Pick(foreign))
    notation = state.catalog.card(foreign).notation
    assert str(refused.value) == f"La carte {notation} n'est pas dans votre paquet."
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, Pick("nimporte"))
    assert str(refused.value) == "Cette carte n'est pas dans votre paquet."

    claim_state, letter, _challenge = claim_position("collection")
    claim_state = replace(claim_state, ranking=(0, 1))
    closed = next(c for c in claim_state.catalog.challenges if c not in claim_state.open_challenges)
    with pytest.raises(IllegalAction) as refused:
        claim_state.apply(0, Claim((letter,), closed))
    sentence = claim_state.catalog.challenges[closed].text.rstrip(".")
    assert str(refused.value) == f"Le défi « {sentence} » n'est pas ouvert."
    assert closed not in str(refused.value)

    state, hand = writing_position()
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, Write((Play("JOUER", (hand[0], hand[0], *hand[2:])),)))
    assert str(refused.value).startswith(f"La carte {state.catalog.card(hand[0]).notation} est ")
    assert hand[0] not in str(refused.value)
