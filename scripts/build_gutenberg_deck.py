#!/usr/bin/env python3
"""Build Gutenberg's reconstructed deck from the project's French lexicon.

Usage::

    python scripts/build_gutenberg_deck.py [--out src/ludotheque/games/gutenberg/data/deck.txt]
                                           [--check] [--stats]

The printed list of Gutenberg's cards is not public (``/work/shared/rules/README.md``): this
script rebuilds a plausible one, deterministically, by the method documented in
``docs/gutenberg-deck.md``:

1. letter frequencies from the lexicon (``ludotheque.lexicon.common_words``), each occurrence
   weighted by its position in the word (:func:`letter_frequencies`);
2. card counts by the largest-remainder method with at least one card per letter
   (:func:`allocate`): 15 vowel cards (≈ 20 %), 60 consonant cards and the one QU card in the
   76-card Letter deck, 9 Vowel cards;
3. the confirmed values kept, the other letters valued by rarity (:func:`letter_values`);
4. the 18 challenges of :data:`CHALLENGES`, in the rulebook's model.

``--check`` compares instead of writing (exit status 1 when the file differs).
"""

from __future__ import annotations

import argparse
import difflib
import sys
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from pathlib import Path

try:
    from ludotheque.games.gutenberg.cards import Card
    from ludotheque.lexicon.frequency import ALPHABET, allocate
    from ludotheque.lexicon.frequency import letter_frequencies as _frequencies
    from ludotheque.lexicon.frequency import word_list as lexicon_words
except ImportError:  # run from a source checkout where the package is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from ludotheque.games.gutenberg.cards import Card
    from ludotheque.lexicon.frequency import ALPHABET, allocate
    from ludotheque.lexicon.frequency import letter_frequencies as _frequencies
    from ludotheque.lexicon.frequency import word_list as lexicon_words

from ludotheque.games.gutenberg.deck import (
    CHALLENGE_COUNT,
    LETTER_COUNT,
    VOWEL_COUNT,
    Challenge,
    Condition,
    Deck,
    Reward,
    format_deck,
    parse_deck,
)

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO_ROOT / "src" / "ludotheque" / "games" / "gutenberg" / "data" / "deck.txt"

DECK_VOWELS = "AEIOU"  # the letters of the Vowel deck, and the "vowels" of the 20 % target
CONSONANTS = "".join(c for c in ALPHABET if c not in DECK_VOWELS and c != "Q")  # Y included

# Confirmed values (README, section gutenberg: a French review and the rulebook's solo example).
CONFIRMED: dict[str, int] = {
    "A": 1, "E": 1, "O": 1,
    "N": 2, "T": 2, "U": 2,
    "C": 3, "M": 3, "R": 3,
    "J": 6, "K": 6,
}  # fmt: skip

QU_CARDS = 1
LETTER_DECK_VOWELS = round(LETTER_COUNT * Fraction(20, 100))  # 15 of 76 = 19.7 %
LETTER_DECK_CONSONANTS = LETTER_COUNT - LETTER_DECK_VOWELS - QU_CARDS  # 60

# Frequencies: words of 2 to 8 letters (at most 8 cards make a word in rounds 1 to 4: five
# drafted cards, two common letters and the common vowel), every letter weighing 1 except the
# last, which weighs 1/2 (see position_weight).
PLAYABLE_MAX_LENGTH = 8

# Values: a letter at least as frequent as VALUE_REFERENCE is worth 1; each halving of the
# frequency below it adds a point, up to 6 (see letter_values).
VALUE_REFERENCE = Fraction(8, 100)
MAX_VALUE = 6

TITLE = "Gutenberg — reconstruction ludotheque (pas la liste imprimée)"


def rarity_value(frequency: Fraction) -> int:
    """Value by rarity: 1 from VALUE_REFERENCE (8 %) up, one more point per halving, at most 6.

    >>> [rarity_value(Fraction(p, 1000)) for p in (147, 80, 60, 38, 16, 8, 3)]
    [1, 1, 2, 3, 4, 5, 6]
    """
    value = 1
    threshold = VALUE_REFERENCE
    while frequency < threshold and value < MAX_VALUE:
        value += 1
        threshold /= 2
    return value


def letter_values(frequencies: Mapping[str, Fraction]) -> dict[str, int]:
    """Points of every letter A–Z: the confirmed ones kept, the others by :func:`rarity_value`."""
    return {letter: CONFIRMED.get(letter, rarity_value(frequencies[letter])) for letter in ALPHABET}


def scale_agreement(frequencies: Mapping[str, Fraction]) -> list[str]:
    """The confirmed letters whose value the rarity scale reproduces."""
    return [x for x, v in CONFIRMED.items() if rarity_value(frequencies[x]) == v]


def build_letters(frequencies: Mapping[str, Fraction]) -> tuple[dict[str, int], dict[str, int]]:
    """Card counts per letter: the Letter deck (``QU`` included) and the Vowel deck."""
    vowel_weights = {v: frequencies[v] for v in DECK_VOWELS}
    consonant_weights = {c: frequencies[c] for c in CONSONANTS}
    letters = allocate(vowel_weights, LETTER_DECK_VOWELS)
    letters.update(allocate(consonant_weights, LETTER_DECK_CONSONANTS))
    letters["QU"] = QU_CARDS
    vowels = allocate(vowel_weights, VOWEL_COUNT)
    order = sorted(letters, key=lambda x: (x == "QU", x))
    return {x: letters[x] for x in order}, vowels


# --- The challenges ------------------------------------------------------------------------

# (id, letters of the card when it joins the collection, condition, reward, example word)
CHALLENGES: tuple[tuple[str, str, str, str, str], ...] = (
    ("D01", "", "lettres_min 7", "pioche_lettre", ""),
    ("D02", "", "lettres_min 7", "lettre_en_plus", ""),
    ("D03", "ENT", "lettres_min 7", "collection", ""),
    ("D04", "ION", "lettres_min 8", "collection", ""),
    ("D05", "ER", "lettres_min 8", "collection", ""),
    ("D06", "", "lettres_min 8", "lettre_en_plus", ""),
    ("D07", "MENT", "lettres_min 10", "collection", ""),
    ("D08", "", "une_voyelle", "pioche_voyelle", "STRICT"),
    ("D09", "", "une_voyelle", "pioche_lettre", "TRONC"),
    ("D10", "OU", "sans_voyelle", "collection", "HMM"),
    ("D11", "", "plus_court", "pioche_voyelle", ""),
    ("D12", "E", "plus_court", "collection", ""),
    ("D13", "CH", "dans_l_ordre BR", "collection", "ARBRE"),
    ("D14", "", "dans_l_ordre PL", "pioche_lettre", "SIMPLE"),
    ("D15", "", "dans_l_ordre CRT", "lettre_en_plus", "CARTE"),
    ("D16", "ILL", "lettre_double", "collection", "FILLE"),
    ("D17", "", "lettre_double", "pioche_lettre", "TERRE"),
    ("D18", "", "sans_voyelle", "pioche_voyelle", "PST"),
)


def _spelled(letters: str) -> str:
    return ", ".join(letters[:-1]) + f" puis {letters[-1]}"


def explanation(condition: Condition, letters: str, example: str) -> str:
    """The printed explanation of a challenge, in French."""
    parts: list[str] = []
    kind = condition.kind
    if kind == "lettres_min":
        parts.append(
            "Comptez les lettres du mot, pas les cartes : une lettre double compte pour deux."
        )
    elif kind == "une_voyelle":
        parts.append("A, E, I, O, U et Y sont des voyelles ; une voyelle doublée compte deux fois.")
    elif kind == "sans_voyelle":
        parts.append("A, E, I, O, U et Y sont des voyelles.")
    elif kind == "plus_court":
        parts.append(
            "Le moins de lettres parmi les mots écrits ce tour-ci ; "
            "à égalité, chacun des mots les plus courts remplit le défi."
        )
    elif kind == "dans_l_ordre":
        parts.append("Pas forcément côte à côte.")
    elif kind == "lettre_double":
        parts.append("La même lettre deux fois de suite, avec une carte ou deux.")
    if example:
        parts.append(f"Exemple : {example}.")
    if len(letters) > 1:
        parts.append(f"Dans un mot, cette carte s'utilise en entier : {_spelled(letters)}.")
    elif letters:
        parts.append(f"Dans un mot, cette carte est une lettre {letters}.")
    return " ".join(parts)


def build_challenges(values: Mapping[str, int]) -> tuple[Challenge, ...]:
    """The 18 reconstructed challenges; a kept card is worth the sum of its letters' values."""
    challenges: list[Challenge] = []
    for card_id, letters, condition_text, reward_text, example in CHALLENGES:
        condition = Condition.parse(condition_text)
        reward = Reward.parse(reward_text)
        points = sum(values[letter] for letter in letters)
        card = Card(card_id, letters, points, "defi")
        text = condition.describe()
        challenges.append(
            Challenge(card, condition, reward, text, explanation(condition, letters, example))
        )
    return tuple(challenges)


# --- The deck and the file -----------------------------------------------------------------


def build_deck(words: Iterable[str]) -> tuple[Deck, dict[str, Fraction]]:
    """The reconstructed deck, and the frequencies it was built from."""
    frequencies = letter_frequencies(words)
    letter_counts, vowel_counts = build_letters(frequencies)
    values = letter_values(frequencies)
    values["QU"] = values["Q"]
    letters: list[Card] = []
    for letter, count in letter_counts.items():
        letters.extend(Card("", letter, values[letter], "lettre") for _ in range(count))
    vowels: list[Card] = []
    for letter, count in vowel_counts.items():
        vowels.extend(Card("", letter, values[letter], "voyelle") for _ in range(count))
    letters = [Card(f"L{i:02d}", c.letters, c.points, c.kind) for i, c in enumerate(letters, 1)]
    vowels = [Card(f"V{i}", c.letters, c.points, c.kind) for i, c in enumerate(vowels, 1)]
    deck = Deck(
        letters=tuple(letters),
        vowels=tuple(vowels),
        challenges=build_challenges(values),
        title=TITLE,
        reconstruction=True,
    )
    return deck, frequencies


PREAMBLE = (
    "Gutenberg — paquet de cartes",
    "",
    "RECONSTRUCTION : CE N'EST PAS LA LISTE IMPRIMÉE DU JEU.",
    "",
    "Seuls sont connus : 76 cartes Lettre (dont une seule carte QU), 9 cartes Voyelle,",
    "18 cartes Défi, et les valeurs A=1, E=1, O=1, N=2, T=2, U=2, C=3, M=3, R=3, J=6, K=6.",
    "Tout le reste a été reconstruit par scripts/build_gutenberg_deck.py à partir du",
    "dictionnaire du projet : nombre de cartes par lettre selon la fréquence des lettres",
    "(pondérée par leur position dans le mot), au moins une carte par lettre, environ 20 %",
    "de voyelles dans le paquet Lettre ; valeurs non confirmées selon la rareté ; 18 défis",
    "inventés sur le modèle de la règle. Méthode détaillée : docs/gutenberg-deck.md.",
    "",
    "Vous possédez le jeu ? Recopiez la liste imprimée dans un fichier de ce format,",
    "mettez « reconstruction: non » et chargez-le à la place de celui-ci. Le fichier est",
    "vérifié au chargement : une erreur indique la ligne et le problème.",
    "",
    "Format (détail dans docs/gutenberg-deck.md) :",
    "- une ligne qui commence par # est un commentaire ; les lignes vides sont ignorées ;",
    "- en tête : « titre: … » et « reconstruction: oui » ou « non » ;",
    "- [lettres] et [voyelles] : une ligne par carte ou par groupe de cartes identiques,",
    "  « lettre points » puis éventuellement « ×nombre » (T 2 ×6 : six cartes T à 2 points) ;",
    "  les cartes sont numérotées dans l'ordre du fichier (L01…, V1…) ;",
    "- [défis] : chaque défi commence par « défi IDENTIFIANT », suivi des champs",
    "  lettres: (facultatif), points: (facultatif), condition:, récompense:, texte:,",
    "  explication: (facultatif).",
    "  Conditions : lettres_min N, une_voyelle, sans_voyelle, plus_court,",
    "  dans_l_ordre LETTRES, lettre_double, points_min N.",
    "  Récompenses : collection (la carte rejoint la collection), pioche_lettre,",
    "  pioche_voyelle, lettre_en_plus.",
)


def render(deck: Deck) -> str:
    """The data file's text."""
    return format_deck(deck, PREAMBLE)


def letter_frequencies(words: Iterable[str]) -> dict[str, Fraction]:
    """Position-weighted share of each letter A–Z in the playable words (see lexicon.frequency)."""
    return _frequencies(words, max_length=PLAYABLE_MAX_LENGTH)


def stats(deck: Deck, frequencies: Mapping[str, Fraction]) -> str:
    """A table of letters: frequency, cards in each deck, value (for docs/gutenberg-deck.md)."""
    letters = Counter(card.letters for card in deck.letters)
    vowels = Counter(card.letters for card in deck.vowels)
    values = deck.values()
    rows = [
        "| Lettre | Fréquence | Cartes Lettre | Cartes Voyelle | Valeur | |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for letter in sorted(frequencies, key=lambda x: (-frequencies[x], x)):
        face = "QU" if letter == "Q" else letter
        confirmed = "confirmée" if letter in CONFIRMED else ""
        rows.append(
            f"| {face} | {float(frequencies[letter]) * 100:.2f} % | {letters[face]} "
            f"| {vowels[face]} | {values[face]} | {confirmed} |"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the data file to write")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("--stats", action="store_true", help="print the letter table")
    parser.add_argument(
        "--words", type=Path, help="a word list to use instead of the project's lexicon"
    )
    args = parser.parse_args(argv)
    deck, frequencies = build_deck(lexicon_words(args.words))
    text = render(deck)
    parsed = parse_deck(text)  # the file must read back to the same deck, without warnings
    assert parsed == deck and not parsed.warnings, parsed.warnings
    assert (len(deck.letters), len(deck.vowels), len(deck.challenges)) == (
        LETTER_COUNT,
        VOWEL_COUNT,
        CHALLENGE_COUNT,
    )
    if args.stats:
        print(stats(deck, frequencies))
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.is_file() else ""
        if current != text:
            sys.stdout.writelines(
                difflib.unified_diff(
                    current.splitlines(keepends=True),
                    text.splitlines(keepends=True),
                    str(args.out),
                    "rebuilt",
                )
            )
            return 1
        print(f"{args.out} is up to date")
        return 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
