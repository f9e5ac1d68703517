"""Spelling a word with Gutenberg cards: the rulebook's examples and an exhaustive reference."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.games.gutenberg.cards import Card
from ludotheque.games.gutenberg.spelling import (
    Speller,
    best_spelling,
    score,
    spells,
    top_points,
)


def hand(*notations: str) -> list[Card]:
    """Cards from their notation, with distinct ids (c1, c2…) even when identical."""
    return [Card.parse(text, f"c{i}") for i, text in enumerate(notations, 1)]


def notation(cards: tuple[Card, ...] | None) -> list[str] | None:
    return None if cards is None else [card.notation for card in cards]


# -- « ÉTAPE 3. ÉCRITURE » ---------------------------------------------------------------


def test_texte_cannot_be_written_with_only_t_e_x():
    # « vous ne pouvez pas écrire le mot « texte » avec seulement les cartes T, E et X »
    assert best_spelling("TEXTE", hand("T2", "E1", "X8")) is None
    t, e, x = hand("T2", "E1", "X8")
    assert not spells("TEXTE", [t, e, x, t, e])


def test_texte_needs_two_t_and_two_e():
    # « Vous devrez avoir deux cartes T et deux cartes E. »
    cards = best_spelling("TEXTE", hand("T2", "E1", "X8", "T2", "E1"))
    assert notation(cards) == ["T2", "E1", "X8", "T2", "E1"]


def test_lettre_with_l_e_t_r_e_the_t_card_is_doubled():
    # « vous pouvez écrire le mot « lettre » avec les cartes L, E, T, R et E »
    cards = best_spelling("LETTRE", hand("L2", "E1", "T2", "R3", "E1"))
    assert cards is not None
    assert notation(cards) == ["L2", "E1", "T2", "R3", "E1"]
    assert spells("LETTRE", cards)


def test_a_doubled_card_is_counted_once():
    # « Ne comptez chaque carte qu'une seule fois, même celles utilisées comme lettre double. »
    cards = best_spelling("LETTRE", hand("L2", "E1", "T2", "R3", "E1"))
    assert cards is not None
    assert score(cards) == 2 + 1 + 2 + 3 + 1


def test_two_cards_beat_one_doubled_card():
    cards = best_spelling("LETTRE", hand("L2", "E1", "T2", "R3", "E1", "T3"))
    assert notation(cards) == ["L2", "E1", "T3", "T2", "R3", "E1"]
    assert cards is not None and score(cards) == 12


def test_a_double_is_only_for_the_same_letter_twice_in_a_row():
    # ETE: the two E are not consecutive, one E card cannot cover both.
    assert best_spelling("ETE", hand("E1", "T2")) is None
    assert notation(best_spelling("ETE", hand("E1", "T2", "E1"))) == ["E1", "T2", "E1"]
    # A run of three letters needs two cards.
    assert best_spelling("BRRR", hand("B3", "R3")) is None
    assert best_spelling("BRRR", hand("B3", "R3", "R3")) is not None


def test_each_card_is_used_at_most_once():
    e, l = hand("E1", "L2")  # noqa: E741
    assert best_spelling("ELLE", [e, l]) is None
    assert not spells("ELLE", [e, l, e])
    assert spells("ELLE", [e, l, Card.parse("E1", "other")])


def test_the_qu_card_stands_for_q():
    # « Vous pouvez utiliser la carte QU comme un simple Q ou pour l'ensemble QU. »
    cards = best_spelling("COQ", hand("C3", "O1", "QU6"))
    assert notation(cards) == ["C3", "O1", "QU6"]
    assert cards is not None and spells("COQ", cards)


def test_the_qu_card_stands_for_qu():
    cards = best_spelling("QUE", hand("QU6", "E1"))
    assert notation(cards) == ["QU6", "E1"]


def test_the_qu_card_as_q_next_to_a_u_card_scores_more():
    cards = best_spelling("QUE", hand("QU6", "E1", "U2"))
    assert notation(cards) == ["QU6", "U2", "E1"]
    assert cards is not None and score(cards) == 9


def test_the_qu_card_is_not_a_u_and_is_not_doubled():
    assert best_spelling("EU", hand("E1", "QU6")) is None
    qu = Card.parse("QU6")
    assert not spells("QUQU", [qu])
    assert not spells("U", [qu])


def test_a_challenge_card_is_used_whole_in_order():
    # « vous devez utiliser toutes les lettres indiquées sur la carte, dans l'ordre spécifié »
    cards = best_spelling("VENTE", hand("V4", "ENT5", "E1"))
    assert notation(cards) == ["V4", "ENT5", "E1"]
    assert best_spelling("NET", hand("ENT5")) is None  # not in order
    assert best_spelling("EN", hand("ENT5")) is None  # not whole
    assert best_spelling("ENTENTE", hand("ENT5")) is None  # once only, never doubled
    assert not spells("NET", hand("ENT5"))
    assert not spells("VENTE", [*hand("V4", "E1"), Card.parse("ENT5")])


def test_the_challenge_card_and_single_letters_compete_on_points():
    # ENT5 against E1 N2 T2 (5 points too): same score, the ENT card is the higher card.
    cards = best_spelling("VENTE", hand("V4", "ENT5", "E1", "N2", "T2", "E1"))
    assert notation(cards) == ["V4", "ENT5", "E1"]
    # With a T3 the single letters win: 1 + 2 + 3 = 6 > 5.
    cards = best_spelling("VENTE", hand("V4", "ENT5", "E1", "N2", "T3", "E1"))
    assert notation(cards) == ["V4", "E1", "N2", "T3", "E1"]


def test_best_spelling_takes_the_higher_of_two_e_cards():
    e1, e2 = Card("e-low", "E", 1, "voyelle"), Card("e-high", "E", 2, "voyelle")
    t = Card.parse("T2")
    assert best_spelling("TE", [e1, t, e2]) == (t, e2)
    assert best_spelling("TE", [e2, t, e1]) == (t, e2)


def test_best_spelling_does_not_depend_on_the_order_of_the_cards():
    cards = hand("E1", "E1", "N2", "T2", "ENT5", "R3", "QU6", "U2", "E2", "S2")
    rng = random.Random(3)
    for word in ("ENTENTE", "QUERELLE", "RENTES", "TENUES", "SEQUENTES"):
        expected = best_spelling(word, cards)
        for _ in range(5):
            shuffled = cards[:]
            rng.shuffle(shuffled)
            assert best_spelling(word, shuffled) == expected


def test_top_points_and_score():
    cards = hand("T2", "QU6", "E1")
    assert score(cards) == 9
    assert top_points(cards) == 6
    assert top_points([]) == 0


def test_the_empty_word_and_the_empty_hand():
    assert best_spelling("", hand("A1")) is None
    assert best_spelling("LA", []) is None


# -- An exhaustive reference on small hands ---------------------------------------------


def reference(word: str, cards: list[Card]) -> tuple[int, int] | None:
    """Best (score, top card) by trying every card and face at every position."""
    best: tuple[int, int] | None = None

    def walk(position: int, used: tuple[Card, ...]) -> None:
        nonlocal best
        if position == len(word):
            if used:
                value = (score(used), top_points(used))
                best = value if best is None else max(best, value)
            return
        for card in cards:
            if card in used:
                continue
            for face in card.faces():
                if word.startswith(face, position):
                    walk(position + len(face), (*used, card))

    walk(0, ())
    return best


NOTATIONS = ["A1", "A2", "B3", "B1", "E1", "E2", "QU6", "U2", "AB4", "BA2", "EAU5", "BE3"]
WORDS = st.text(alphabet="ABEQU", min_size=1, max_size=7).map(
    lambda word: word.replace("Q", "QU") if "Q" in word and len(word) < 6 else word
)


@settings(max_examples=400, deadline=None)
@given(
    word=WORDS,
    picks=st.lists(st.sampled_from(NOTATIONS), min_size=1, max_size=6),
)
def test_best_spelling_matches_an_exhaustive_search(word: str, picks: list[str]):
    cards = hand(*picks)
    expected = reference(word, cards)
    spelling = best_spelling(word, cards)
    if expected is None:
        assert spelling is None
        return
    assert spelling is not None
    assert spells(word, spelling)
    assert (score(spelling), top_points(spelling)) == expected
    assert Speller(cards).best_value(word) == expected


@pytest.mark.parametrize(
    ("word", "cards", "expected"),
    [
        ("AA", ["A1"], ["A1"]),
        ("AAA", ["A1"], None),
        ("AAA", ["A1", "A2"], ["A2", "A1"]),
        ("AAAA", ["A1", "A2"], ["A2", "A1"]),
        ("QUQU", ["QU6"], None),
        ("QUQU", ["QU6", "QU5"], ["QU6", "QU5"]),
        ("EAUX", ["EAU5", "X8"], ["EAU5", "X8"]),
    ],
)
def test_small_cases(word: str, cards: list[str], expected: list[str] | None):
    assert notation(best_spelling(word, hand(*cards))) == expected
