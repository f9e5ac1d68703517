"""The exact word finder against a brute-force reference on the real lexicon."""

from __future__ import annotations

import random

import pytest

from ludotheque.games.gutenberg.cards import Card
from ludotheque.games.gutenberg.spelling import Speller, best_spelling, score, spells, top_points
from ludotheque.games.gutenberg.wordfinder import WordIndex, WordPlay, best_words, word_index
from ludotheque.lexicon import Lexicon, common_words

# A deck shaped like the project's reconstruction (letter, points, copies), to draw hands from.
LETTERS = [
    ("A", 1, 6), ("B", 3, 2), ("C", 3, 4), ("D", 3, 3), ("E", 1, 8), ("F", 4, 2), ("G", 3, 2),
    ("H", 4, 1), ("I", 1, 5), ("J", 6, 1), ("K", 6, 1), ("L", 2, 5), ("M", 3, 3), ("N", 2, 6),
    ("O", 1, 3), ("P", 3, 3), ("R", 3, 9), ("S", 2, 7), ("T", 2, 6), ("U", 2, 3), ("V", 4, 1),
    ("W", 6, 1), ("X", 6, 1), ("Y", 5, 1), ("Z", 5, 1),
]  # fmt: skip
CHALLENGES = [("ENT", 5), ("ION", 4), ("ER", 4), ("MENT", 8), ("OU", 3), ("CH", 7), ("ILL", 5)]


def draw(rng: random.Random, size: int, *, qu: bool = False, challenges: int = 0) -> list[Card]:
    """``size`` cards: letters drawn from the deck, plus a QU card and challenge cards."""
    deck = [(letter, points) for letter, points, copies in LETTERS for _ in range(copies)]
    letters = rng.sample(deck, size - qu - challenges)
    cards = [
        # One card in five is worth a point more, so that identical letters differ in value.
        Card(f"L{i:02}", letter, points + (rng.random() < 0.2), "lettre")
        for i, (letter, points) in enumerate(letters)
    ]
    if qu:
        cards.append(Card("QU", "QU", 6, "lettre"))
    for i, (letters_, points) in enumerate(rng.sample(CHALLENGES, challenges)):
        cards.append(Card(f"D{i}", letters_, points, "defi"))
    rng.shuffle(cards)
    return cards


def reference(cards: list[Card], top: int, words: frozenset[str]) -> list[WordPlay]:
    """Every word of the list spelt with best_spelling's speller, ranked, the first ``top`` kept.

    Words with a letter that no card shows are skipped: no spelling could write them.
    """
    speller = Speller(cards)  # what best_spelling uses, built once for the hand
    letters = set("".join(card.letters for card in cards))
    plays = []
    for word in words:
        if not letters.issuperset(word):
            continue
        spelling = speller.best(word)
        if spelling is not None:
            plays.append(WordPlay(word, score(spelling), spelling))
    plays.sort(key=lambda play: (-play.score, -play.top_card, -len(play.word), play.word))
    return plays[:top]


@pytest.fixture(scope="module")
def lexicon() -> frozenset[str]:
    words = common_words().words
    word_index(words)  # built once for the module
    return words


def check(cards: list[Card], words: frozenset[str]) -> None:
    expected = reference(cards, 5, words)
    for top in (1, 5):
        found = best_words(cards, top=top, words=words)
        assert found == expected[:top], [card.notation for card in cards]
    for play in expected:
        assert spells(play.word, play.cards)
        assert play.cards == best_spelling(play.word, cards)


@pytest.mark.parametrize("seed", range(50))
def test_eight_card_hands_match_the_brute_force(seed: int, lexicon: frozenset[str]):
    rng = random.Random(seed)
    check(draw(rng, 8, qu=seed % 4 == 0), lexicon)


@pytest.mark.parametrize("seed", range(10))
def test_final_round_hands_match_the_brute_force(seed: int, lexicon: frozenset[str]):
    rng = random.Random(1000 + seed)
    check(draw(rng, 20, qu=True, challenges=2), lexicon)


@pytest.mark.parametrize("seed", range(4))
def test_many_challenge_cards_and_duplicates_match_the_brute_force(
    seed: int, lexicon: frozenset[str]
):
    rng = random.Random(2000 + seed)
    cards = draw(rng, 14, qu=seed != 1, challenges=4)
    # Identical cards, and a one-letter challenge card (it may be doubled like any letter).
    cards += [Card("E-bis", "E", 1, "voyelle"), Card("E-ter", "E", 1, "voyelle")]
    cards.append(Card("D-E", "E", 1, "defi"))
    check(cards, lexicon)


def test_nothing_to_spell_gives_an_empty_list(lexicon: frozenset[str]):
    assert best_words([Card.parse("K6"), Card.parse("W6")], words=lexicon) == []
    assert best_words([], words=lexicon) == []
    assert best_words([Card.parse("QU6")], top=5, words=["QUE", "COQ"]) == []


def test_the_order_is_score_best_card_length_then_alphabet():
    cards = [Card.parse(text) for text in ("A1", "B3", "C3", "D4", "E1", "F4")]
    words = ["BAC", "CAB", "DA", "FA", "FADE", "BEC", "CD"]
    plays = best_words(cards, top=10, words=words)
    # FADE 10; CD 7; BAC, CAB and BEC 7 but a lower best card (3 < 4); DA and FA 5.
    assert [(play.word, play.score, play.top_card) for play in plays] == [
        ("FADE", 10, 4),
        ("CD", 7, 4),
        ("BAC", 7, 3),
        ("BEC", 7, 3),
        ("CAB", 7, 3),
        ("DA", 5, 4),
        ("FA", 5, 4),
    ]


def test_a_longer_word_wins_a_tie_on_score_and_best_card():
    cards = [Card.parse(text) for text in ("L2", "E1", "T2", "R3", "E1", "S1")]
    plays = best_words(cards, top=2, words=["RESTE", "TRESSE"])
    # R3 E1 S1 T2 E1 and T2 R3 E1 SS1 E1: 8 points each, best card 3.
    assert [(play.word, play.score, play.top_card) for play in plays] == [
        ("TRESSE", 8, 3),
        ("RESTE", 8, 3),
    ]


def test_the_same_answer_for_a_list_a_set_and_a_lexicon():
    words = ["QUE", "COQ", "COQUE", "ECU"]
    cards = [Card.parse(text) for text in ("C3", "O1", "QU6", "U2", "E1")]
    expected = best_words(cards, top=3, words=words)
    assert [(play.word, play.score) for play in expected] == [
        ("COQUE", 13),
        ("COQ", 10),
        ("QUE", 9),
    ]
    assert best_words(cards, top=3, words=set(words)) == expected
    assert best_words(cards, top=3, words=Lexicon(words)) == expected


def test_plays_spell_their_word_and_top_zero_is_empty():
    cards = [Card.parse(text) for text in ("T2", "E1", "ENT5", "R3")]
    plays = best_words(cards, top=3, words=["ENTRE", "TENTE", "RENTE", "TERRE"])
    for play in plays:
        assert spells(play.word, play.cards)
        assert play.score == score(play.cards)
        assert play.top_card == top_points(play.cards)
    assert best_words(cards, top=0, words=["ENTRE"]) == []


def test_the_index_groups_words_by_letters():
    index = WordIndex.build(["ETE", "TE", "ET", "TETE", "été", "A-B", "SEL"])
    assert len(index) == 5  # words outside A–Z are ignored
    assert index.group_count == 2
    assert word_index(frozenset({"ETE"})) is word_index(frozenset({"ETE"}))


@pytest.mark.parametrize("seed", range(30))
def test_made_up_word_lists_match_the_brute_force(seed: int):
    # Few letters, long words, many repeats: both ways of listing groups (few or many letters
    # in the hand), and words longer than the lexicon's.
    rng = random.Random(3000 + seed)
    alphabet = rng.sample("ABCDEILMNOQRSTUX", rng.randint(4, 16))
    words = frozenset(
        "".join(rng.choice(alphabet) for _ in range(rng.randint(2, 20))).replace("Q", "QU")
        for _ in range(400)
    )
    letters = [(letter, rng.randint(0, 6)) for letter in alphabet if letter != "Q"]
    cards = [
        Card(f"L{i}", letter, points, "lettre")
        for i, (letter, points) in enumerate(rng.choices(letters, k=rng.randint(3, 24)))
    ]
    cards += [Card("QU", "QU", rng.randint(0, 8), "lettre")] * (seed % 3 == 0)
    for i in range(seed % 4):
        challenge = "".join(rng.choice(alphabet) for _ in range(rng.randint(2, 3)))
        cards.append(Card(f"D{i}", challenge.replace("Q", "QU"), rng.randint(0, 9), "defi"))
    expected = reference(cards, 10, words)
    for top in (1, 4, 10):
        assert best_words(cards, top=top, words=words) == expected[:top]
