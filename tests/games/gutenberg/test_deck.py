"""Gutenberg's deck: the shipped reconstruction, the file format and its errors, the challenges."""

from __future__ import annotations

import importlib.util
import itertools
import re
import sys
from collections import Counter
from fractions import Fraction
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludotheque.core.errors import InvalidOptions
from ludotheque.games.gutenberg.cards import VOWELS, Card
from ludotheque.games.gutenberg.deck import (
    Challenge,
    Condition,
    Deck,
    DeckError,
    Reward,
    default_deck,
    format_deck,
    parse_deck,
)

ROOT = Path(__file__).resolve().parents[3]
SHIPPED = ROOT / "src" / "ludotheque" / "games" / "gutenberg" / "data" / "deck.txt"
CONFIRMED = {"A": 1, "O": 1, "N": 2, "K": 6, "C": 3, "M": 3, "E": 1, "T": 2, "J": 6, "U": 2, "R": 3}


@cache
def builder() -> ModuleType:
    path = ROOT / "scripts" / "build_gutenberg_deck.py"
    spec = importlib.util.spec_from_file_location("build_gutenberg_deck", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@cache
def lexicon_words() -> list[str]:
    words: list[str] = builder().lexicon_words()
    return words


def cards_needed(word: str) -> Counter[str]:
    """Cards of each letter a word needs at least (a run of r letters: ceil(r / 2) cards)."""
    need: Counter[str] = Counter()
    for letter, run in itertools.groupby(word.replace("QU", "Q")):
        need[letter] += (len(list(run)) + 1) // 2
    return need


# --- The shipped deck ----------------------------------------------------------------------


def test_the_shipped_deck_parses_with_the_rulebook_counts_and_no_warning():
    deck = default_deck()
    assert (len(deck.letters), len(deck.vowels), len(deck.challenges)) == (76, 9, 18)
    assert deck.reconstruction is True
    assert deck.warnings == ()
    assert default_deck() is deck
    assert parse_deck(SHIPPED.read_text(encoding="utf-8")) == deck


def test_the_file_says_first_that_it_is_a_reconstruction():
    head = SHIPPED.read_text(encoding="utf-8").splitlines()[:6]
    assert all(line.startswith("#") for line in head)
    assert any("RECONSTRUCTION" in line and "PAS LA LISTE IMPRIMÉE" in line for line in head)


def test_ids_are_unique_and_numbered_per_deck():
    deck = default_deck()
    assert [c.id for c in deck.letters] == [f"L{i:02d}" for i in range(1, 77)]
    assert [c.id for c in deck.vowels] == [f"V{i}" for i in range(1, 10)]
    assert [ch.card.id for ch in deck.challenges] == [f"D{i:02d}" for i in range(1, 19)]
    assert {c.kind for c in deck.letters} == {"lettre"}
    assert {c.kind for c in deck.vowels} == {"voyelle"}
    assert {ch.card.kind for ch in deck.challenges} == {"defi"}


def test_confirmed_values_are_kept_and_every_letter_has_one_value():
    deck = default_deck()
    values = deck.values()
    for letter, points in CONFIRMED.items():
        assert values[letter] == points
    for card in deck.letters + deck.vowels:
        assert card.points == values[card.letters]
        assert 1 <= card.points <= 6
    assert max(values.values()) == values["J"] == values["K"] == 6


def test_exactly_one_qu_card_and_no_other_q():
    deck = default_deck()
    q_cards = [c for c in deck.letters + deck.vowels if "Q" in c.letters]
    assert [c.letters for c in q_cards] == ["QU"]
    assert not any("Q" in ch.card.letters for ch in deck.challenges)


def test_every_letter_is_available():
    deck = default_deck()
    available = {letter for card in deck.letters + deck.vowels for letter in card.letters}
    assert available == set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert {c.letters for c in deck.vowels} == set("AEIOU")


def test_about_a_fifth_of_the_letter_deck_is_vowels():
    letters = default_deck().letters
    vowels = sum(card.letters in "AEIOU" for card in letters)
    assert vowels == 15
    assert 0.18 <= vowels / len(letters) <= 0.22
    with_y = sum(card.letters in VOWELS for card in letters)
    assert 0.18 <= with_y / len(letters) <= 0.22


def test_reconstructed_consonants_with_more_cards_are_never_worth_more():
    deck = default_deck()
    counts = Counter(card.letters for card in deck.letters)
    values = deck.values()
    free = [x for x in counts if x not in CONFIRMED and x not in "AEIOU"]
    for a, b in itertools.permutations(free, 2):
        if counts[a] > counts[b]:
            assert values[a] <= values[b], (a, b)


def test_challenges_follow_the_rulebook_model():
    deck = default_deck()
    kinds = Counter(ch.condition.kind for ch in deck.challenges)
    assert set(kinds) >= {
        "lettres_min", "une_voyelle", "sans_voyelle", "plus_court", "dans_l_ordre"
    }  # fmt: skip
    rewards = Counter(ch.reward.kind for ch in deck.challenges)
    assert set(rewards) == {"collection", "pioche_lettre", "pioche_voyelle", "lettre_en_plus"}
    values = deck.values()
    for challenge in deck.challenges:
        card = challenge.card
        assert challenge.text and challenge.explanation
        assert challenge.text == challenge.condition.describe()
        if challenge.reward.kind == "collection":
            assert card.letters and card.points == sum(values[x] for x in card.letters)
        else:
            assert (card.letters, card.points) == ("", 0)
    kept = {ch.card.letters for ch in deck.challenges if ch.reward.keeps_card}
    assert {"ENT", "ION", "OU", "CH"} <= kept
    vowel_texts = [ch.explanation for ch in deck.challenges if "voyelle" in ch.condition.kind]
    assert vowel_texts and all("Y sont des voyelles" in text for text in vowel_texts)


# --- The builder ---------------------------------------------------------------------------


def test_the_builder_reproduces_the_shipped_file_byte_for_byte():
    b = builder()
    deck, _ = b.build_deck(lexicon_words())
    assert b.render(deck).encode("utf-8") == SHIPPED.read_bytes()


def test_the_frequencies_do_not_depend_on_word_order():
    b = builder()
    words = lexicon_words()[:5000]
    assert b.letter_frequencies(words) == b.letter_frequencies(reversed(words))


def test_the_rarity_scale_fits_nine_of_the_eleven_confirmed_values():
    b = builder()
    frequencies = b.letter_frequencies(lexicon_words())
    assert sorted(set(CONFIRMED) - set(b.scale_agreement(frequencies))) == ["O", "R"]
    # Among reconstructed values: rarer letter, never fewer points.
    free = sorted((x for x in b.ALPHABET if x not in CONFIRMED), key=lambda x: -frequencies[x])
    values = b.letter_values(frequencies)
    assert [values[x] for x in free] == sorted(values[x] for x in free)


@given(
    weights=st.dictionaries(
        st.sampled_from("ABCDEFGHIJ"), st.integers(1, 10_000), min_size=1, max_size=10
    ),
    extra=st.integers(0, 80),
)
def test_allocation_gives_every_seat_at_least_one_card_each_and_follows_the_weights(
    weights: dict[str, int], extra: int
):
    seats = len(weights) + extra
    counts = builder().allocate({k: Fraction(v) for k, v in weights.items()}, seats)
    assert sum(counts.values()) == seats
    assert set(counts) == set(weights)
    assert min(counts.values()) >= 1
    for a, b in itertools.permutations(weights, 2):
        if weights[a] > weights[b]:
            assert counts[a] >= counts[b]


def test_every_shipped_challenge_can_be_met_in_a_round():
    # In rounds 1 to 4 a word uses at most 8 cards (5 drafted, 2 common letters, 1 vowel).
    words = [w for w in lexicon_words() if sum(cards_needed(w).values()) <= 8]
    for challenge in default_deck().challenges:
        if challenge.condition.kind == "plus_court":
            continue
        assert any(challenge.is_met(w, (), (w,)) for w in words), challenge.card.id
    assert not any(len(w) >= 12 for w in words)  # why the longest challenge asks 10, not 12


def test_the_examples_printed_on_challenges_are_words_that_meet_them():
    lexicon = set(lexicon_words())
    for challenge in default_deck().challenges:
        if "Exemple : " in challenge.explanation:
            example = challenge.explanation.split("Exemple : ")[1].split(".")[0]
            assert example in lexicon, example
            assert challenge.is_met(example, (), (example,)), (challenge.card.id, example)


# --- Conditions and rewards ----------------------------------------------------------------


def met(notation: str, word: str, round_words: tuple[str, ...] = (), cards: tuple[Card, ...] = ()):
    return Condition.parse(notation).is_met(word, cards, round_words or (word,))


def test_words_of_at_least_n_letters_count_letters_not_cards():
    assert met("lettres_min 7", "LETTRES")
    assert not met("lettres_min 7", "LETTRE")
    assert met("lettres_min 8", "ECRIVAIN")
    assert met("lettres_min 6", "lettre")  # normalised


def test_exactly_one_vowel_counts_every_occurrence_and_y():
    assert met("une_voyelle", "STRICT")
    assert met("une_voyelle", "LYNX")  # Y is a vowel
    assert not met("une_voyelle", "BOOST")  # a doubled vowel counts twice
    assert not met("une_voyelle", "QUI")  # the U of QU is a vowel
    assert not met("une_voyelle", "PST")


def test_no_vowel():
    assert met("sans_voyelle", "PST")
    assert met("sans_voyelle", "HMM")
    assert not met("sans_voyelle", "GYM")  # Y is a vowel
    assert not met("sans_voyelle", "")  # no word, no challenge


def test_the_shortest_word_of_the_round_ties_and_missing_words():
    round_words = ("TRAIN", "OS", "LUI", "", "AU")
    assert met("plus_court", "OS", round_words)
    assert met("plus_court", "AU", round_words)  # a tie: both meet it
    assert not met("plus_court", "LUI", round_words)
    assert not met("plus_court", "", round_words)  # a player without a word meets nothing
    assert met("plus_court", "ARBRE", ("ARBRE", ""))  # the only word written is the shortest
    assert met("plus_court", "OS", ("TRAIN",))  # the word counts even if not listed
    assert not met("plus_court", "TRAIN", ("OS",))


def test_letters_in_order_need_not_be_side_by_side():
    assert met("dans_l_ordre BR", "ARBRE")
    assert met("dans_l_ordre BR", "BOIRE")
    assert not met("dans_l_ordre BR", "ROBE")
    assert met("dans_l_ordre CRT", "CARTE")
    assert not met("dans_l_ordre CRT", "TRACE")
    assert met("dans_l_ordre SS", "SASSE") and not met("dans_l_ordre SS", "SALE")
    assert met("dans_l_ordre Z", "ZOO")


def test_double_letter_is_a_property_of_the_word():
    assert met("lettre_double", "TERRE")
    assert met("lettre_double", "FILLE")
    assert not met("lettre_double", "TEXTE")


def test_points_count_each_card_once():
    t, e = Card("L1", "T", 2, "lettre"), Card("L2", "E", 1, "lettre")
    x = Card("L3", "X", 6, "lettre")
    assert met("points_min 9", "TEXTE", cards=(t, e, x, t, e))
    assert not met("points_min 10", "TEXTE", cards=(t, e, x, t, e))


@pytest.mark.parametrize(
    "notation",
    ["lettres_min 7", "une_voyelle", "sans_voyelle", "plus_court", "dans_l_ordre PRE",
     "lettre_double", "points_min 15"],
)  # fmt: skip
def test_condition_notation_round_trips(notation: str):
    condition = Condition.parse(notation)
    assert condition.notation == notation
    assert Condition.parse(condition.notation) == condition
    assert condition.describe().startswith("Écrivez")


@pytest.mark.parametrize(
    ("notation", "message"),
    [
        ("", "condition vide"),
        ("mot_long 7", "condition inconnue"),
        ("lettres_min", "attend un nombre"),
        ("lettres_min sept", "attend un nombre"),
        ("lettres_min 0", "de 1 à 99"),
        ("une_voyelle 2", "ne prend pas de paramètre"),
        ("dans_l_ordre", "attend des lettres"),
        ("dans_l_ordre P-R", "des lettres de A à Z"),
    ],
)
def test_bad_conditions_are_refused(notation: str, message: str):
    with pytest.raises(DeckError, match=message):
        Condition.parse(notation)


def test_rewards():
    assert Reward.parse("collection").keeps_card
    assert not Reward.parse("Pioche_Lettre").keeps_card
    for kind in ("collection", "pioche_lettre", "pioche_voyelle", "lettre_en_plus"):
        assert Reward.parse(kind).notation == kind
        assert Reward.parse(kind).describe().endswith(".")
    with pytest.raises(DeckError, match="récompense inconnue"):
        Reward.parse("deux_lettres")


def test_a_challenge_kept_in_the_collection_needs_letters():
    with pytest.raises(DeckError, match="pas de lettres"):
        Challenge(
            Card("D01", "", 0, "defi"), Condition("plus_court"), Reward("collection"), "Texte."
        )


def test_a_deck_refuses_duplicate_ids():
    deck = default_deck()
    with pytest.raises(DeckError, match="en double"):
        Deck(deck.letters, deck.vowels + deck.vowels[:1], deck.challenges, "x", True)


# --- The file format and its errors --------------------------------------------------------

MINIMAL = """\
titre: Essai
reconstruction: non

[lettres]
T 2 ×3
QU 5

[voyelles]
E 1

[défis]
défi D01
condition: lettres_min 7
récompense: pioche_lettre
texte: Écrivez un mot d'au moins 7 lettres.
"""


def test_a_minimal_file_loads_with_warnings_about_counts():
    deck = parse_deck(MINIMAL)
    assert [c.notation for c in deck.letters] == ["T2", "T2", "T2", "QU5"]
    assert [c.id for c in deck.letters] == ["L1", "L2", "L3", "L4"]
    assert deck.reconstruction is False and deck.title == "Essai"
    assert any("4 cartes Lettre au lieu des 76" in w for w in deck.warnings)
    assert any("Aucune carte" in w for w in deck.warnings)


def test_a_valid_file_with_another_count_still_loads():
    text = SHIPPED.read_text(encoding="utf-8").replace("\nR   3  ×9\n", "\nR   3  ×10\n")
    assert text != SHIPPED.read_text(encoding="utf-8")
    deck = parse_deck(text)
    assert len(deck.letters) == 77
    assert deck.warnings == ("77 cartes Lettre au lieu des 76 de la règle.",)


def test_spelling_variants_are_accepted():
    text = (
        MINIMAL.replace("[défis]", "[Defis]")
        .replace("récompense", "Recompense")
        .replace("T 2 ×3", "t 2 x3")
    )
    assert parse_deck(text) == parse_deck(MINIMAL)


def line_of(text: str, fragment: str) -> int:
    """The first line containing ``fragment`` (the last one equal to it, if it starts with =)."""
    lines = text.splitlines()
    if fragment.startswith("="):
        return len(lines) - lines[::-1].index(fragment[1:])
    for number, line in enumerate(lines, start=1):
        if fragment in line:
            return number
    raise AssertionError(fragment)


@pytest.mark.parametrize(
    ("old", "new", "message", "at"),
    [
        ("T 2 ×3", "Ø 2 ×3", "lettre inconnue « Ø »", "Ø"),
        ("T 2 ×3", "TH 2 ×3", "lettre inconnue « TH »", "TH"),
        ("T 2 ×3", "T 7 ×3", "points invalides « 7 »", "T 7"),
        ("T 2 ×3", "T deux", "points invalides « deux »", "T deux"),
        ("T 2 ×3", "T 2 ×0", "nombre de cartes invalide", "T 2"),
        ("T 2 ×3", "T", "carte illisible", "=T"),
        ("E 1", "T 1", "« T » n'est pas une voyelle", "T 1"),
        ("QU 5", "QU 5\nQU 4", "exactement une carte QU dans le paquet Lettre, pas 2", "QU 4"),
        ("QU 5", "U 5", "exactement une carte QU dans le paquet Lettre, pas 0", "[lettres]"),
        ("condition: lettres_min 7", "condition: mot_long 7", "condition inconnue", "mot_long"),
        ("condition: lettres_min 7", "condition: lettres_min", "attend un nombre", "condition"),
        ("condition: lettres_min 7\n", "", "pas de champ « condition: »", "défi D01"),
        ("récompense: pioche_lettre", "récompense: bonus", "récompense inconnue", "bonus"),
        ("récompense: pioche_lettre", "récompense: collection", "pas de champ « lettres: »",
         "collection"),
        ("défi D01", "défi D 01", "identifiant de défi invalide", "défi D"),
        ("défi D01", "défi L1", "identifiant de carte en double : « L1 »", "défi L"),
        ("texte: Écrivez un mot d'au moins 7 lettres.", "texte:", "texte du défi D01 est vide",
         "texte"),
        ("texte: Écrivez", "titre: Écrivez", "champ inconnu « titre »", "titre: Écrivez"),
        ("récompense: pioche_lettre", "récompense: pioche_lettre\ncondition: plus_court",
         "donné deux fois", "plus_court"),
        ("récompense: pioche_lettre", "récompense pioche_lettre", "ligne incomprise",
         "récompense"),
        ("reconstruction: non", "reconstruction: peut-être", "« oui » ou « non »", "peut-être"),
        ("titre: Essai", "titre: Essai\nauteur: moi", "avant la première section", "auteur"),
        ("[voyelles]", "[consonnes]", "section inconnue", "consonnes"),
        ("[voyelles]", "[voyelles", "mal fermé", "[voyelles"),
        ("[voyelles]\nE 1", "[lettres]\nE 1", "apparaît deux fois", "=[lettres]"),
        ("condition:", "lettres: EN\ncondition:", "lettres mais pas de champ « points: »",
         "lettres: EN"),
        ("condition:", "lettres: EN\npoints: beaucoup\ncondition:", "points invalides",
         "beaucoup"),
        ("condition:", "lettres: E-N\npoints: 3\ncondition:", "lettres invalides", "E-N"),
        ("défi D01\n", "défi D01\ncondition: plus_court\n", "donné deux fois", "lettres_min"),
        ("[défis]\n", "[défis]\ntexte: hors défi\n", "avant le premier « défi", "hors défi"),
    ],
)  # fmt: skip
def test_errors_name_the_line_and_the_problem(old: str, new: str, message: str, at: str):
    text = MINIMAL.replace(old, new, 1)
    assert text != MINIMAL
    with pytest.raises(InvalidOptions) as info:
        parse_deck(text, source="mon-jeu.txt")
    error = info.value
    assert isinstance(error, DeckError)
    assert message in str(error)
    expected = line_of(text, at)
    assert error.line == expected
    assert str(error).startswith(f"mon-jeu.txt, ligne {expected} : ")


@pytest.mark.parametrize(
    ("old", "message"),
    [("[défis]", "section [défis] manquante"), ("titre: Essai", "« titre: … » manquant")],
)
def test_missing_parts_are_reported(old: str, message: str):
    text = MINIMAL.replace(old, "") if old.startswith("titre") else MINIMAL.split(old)[0]
    with pytest.raises(DeckError, match=re.escape(message)):
        parse_deck(text)


def test_duplicate_challenge_ids_are_refused_at_the_second():
    block = MINIMAL.split("[défis]\n")[1]
    text = MINIMAL + "\n" + block
    with pytest.raises(DeckError, match="en double : « D01 »") as info:
        parse_deck(text)
    assert info.value.line == line_of(text, "=défi D01")


def test_format_deck_round_trips_the_shipped_deck():
    deck = default_deck()
    assert parse_deck(format_deck(deck)) == deck


@given(
    letters=st.lists(
        st.tuples(st.sampled_from("ABCDEFGHIJKLMNOPRSTUVWXYZ"), st.integers(1, 6)), max_size=30
    ),
    vowels=st.lists(st.tuples(st.sampled_from("AEIOUY"), st.integers(1, 6)), min_size=1),
    qu_points=st.integers(1, 6),
)
def test_format_deck_round_trips_any_deck(
    letters: list[tuple[str, int]], vowels: list[tuple[str, int]], qu_points: int
):
    letter_cards = tuple(
        Card(f"L{i:02d}", x, p, "lettre")
        for i, (x, p) in enumerate([*letters, ("QU", qu_points)], start=1)
    )
    width = len(str(len(letter_cards)))
    letter_cards = tuple(
        Card(f"L{i:0{width}d}", c.letters, c.points, c.kind) for i, c in enumerate(letter_cards, 1)
    )
    vwidth = len(str(len(vowels)))
    vowel_cards = tuple(
        Card(f"V{i:0{vwidth}d}", x, p, "voyelle") for i, (x, p) in enumerate(vowels, start=1)
    )
    deck = Deck(letter_cards, vowel_cards, default_deck().challenges[:3], "Essai", False)
    assert parse_deck(format_deck(deck)) == deck
