"""Gutenberg's deck: Letter, Vowel and Défi cards, the challenges' rules, and the data file.

The rulebook (« CONTENU ») lists 76 cartes Lettre, 9 cartes Voyelle and 18 cartes Défi; a Défi
card shows « Valeur en points* / La lettre* / Le défi / L'explication* / La récompense »
(« *(si présente) »). Which letters, which values and which challenges are printed is mostly not
public: the shipped file ``data/deck.txt`` is a *reconstruction* (see ``docs/gutenberg-deck.md``),
and a player who owns the game may type the printed list into a file of the same format.

This module is pure: :func:`parse_deck` takes the text, and :func:`default_deck` reads the
package's own file through :mod:`importlib.resources`.

Vowels, for every condition here, are A, E, I, O, U **and Y** (:data:`~.cards.VOWELS`), as in
French grammar; each occurrence counts, a doubled vowel twice.

>>> Condition.parse("lettres_min 7").is_met("ECRIVAIN", (), ())
True
>>> Condition.parse("plus_court").is_met("OR", (), ("OR", "FER", "OS", ""))
True
>>> Reward.parse("pioche_voyelle").describe()
'Piochez la première carte du paquet Voyelle et ajoutez-la à votre collection.'
>>> deck = default_deck()
>>> len(deck.letters), len(deck.vowels), len(deck.challenges), deck.reconstruction
(76, 9, 18, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from itertools import pairwise
from typing import Final, Literal, get_args

from ludotheque.core.errors import FileLineError, InvalidOptions
from ludotheque.lexicon.normalize import normalize

from .cards import VOWELS, Card, CardKind

__all__ = [
    "CHALLENGE_COUNT",
    "LETTER_COUNT",
    "MAX_LETTER_POINTS",
    "MIN_LETTER_POINTS",
    "VOWEL_COUNT",
    "Challenge",
    "Condition",
    "ConditionKind",
    "Deck",
    "DeckError",
    "Reward",
    "RewardKind",
    "default_deck",
    "format_deck",
    "parse_deck",
]

LETTER_COUNT: Final = 76
VOWEL_COUNT: Final = 9
CHALLENGE_COUNT: Final = 18
MIN_LETTER_POINTS: Final = 1
MAX_LETTER_POINTS: Final = 6
MAX_CHALLENGE_POINTS: Final = 99  # a card's notation has at most two digits (cards.Card.parse)

ConditionKind = Literal[
    "lettres_min", "une_voyelle", "sans_voyelle", "plus_court", "dans_l_ordre",
    "lettre_double", "points_min",
]  # fmt: skip
RewardKind = Literal["collection", "pioche_lettre", "pioche_voyelle", "lettre_en_plus"]

CONDITION_KINDS: Final[tuple[str, ...]] = get_args(ConditionKind)
REWARD_KINDS: Final[tuple[str, ...]] = get_args(RewardKind)
_PARAMETER: Final[dict[str, Literal["", "int", "letters"]]] = {
    "lettres_min": "int",
    "une_voyelle": "",
    "sans_voyelle": "",
    "plus_court": "",
    "dans_l_ordre": "letters",
    "lettre_double": "",
    "points_min": "int",
}
_LETTERS = re.compile(r"[A-Z]+")


class DeckError(FileLineError, InvalidOptions):
    """A deck file (or a deck) that cannot be used; ``line`` is 1-based, 0 when not one line."""

    code = "invalid-deck"


def _vowel_count(word: str) -> int:
    return sum(letter in VOWELS for letter in word)


def _is_word(word: str) -> bool:
    return _LETTERS.fullmatch(word) is not None


@dataclass(frozen=True, slots=True)
class Condition:
    """What a challenge asks of the word a player wrote this round.

    Kinds (the file's identifiers):

    - ``lettres_min N``: a word of at least ``N`` letters (letters, not cards, as in the
      rulebook's « le mot le plus long (en nombre de lettres, pas de cartes) »).
    - ``une_voyelle``: exactly one vowel letter in the word (Y included; a doubled vowel is two).
    - ``sans_voyelle``: no vowel at all (Y is a vowel: « PSST », « HMM », « BRR »).
    - ``plus_court``: the shortest word of the round, in letters; every player tied for the
      shortest meets it; a player who wrote no word is not counted and meets nothing.
    - ``dans_l_ordre LETTRES``: the word contains these letters in this order, not necessarily
      side by side (« dans_l_ordre PRE » is met by PRENDRE and by POIRE).
    - ``lettre_double``: the word has the same letter twice in a row (the rulebook's
      « lettre double »), whether written with one card or two.
    - ``points_min N``: the word is worth at least ``N`` points, counted as the rulebook's
      score (each card used once, however many letters it gives).
    """

    kind: ConditionKind
    number: int = 0
    letters: str = ""

    def __post_init__(self) -> None:
        parameter = _PARAMETER.get(self.kind)
        if parameter is None:
            raise DeckError(f"condition inconnue : « {self.kind} ».")
        if parameter == "int" and not 1 <= self.number <= 99:
            raise DeckError(
                f"la condition « {self.kind} » attend un nombre de 1 à 99, pas {self.number}."
            )
        if parameter != "int" and self.number != 0:
            raise DeckError(f"la condition « {self.kind} » ne prend pas de nombre.")
        if parameter == "letters" and not (_is_word(self.letters) and len(self.letters) <= 15):
            raise DeckError(
                f"la condition « {self.kind} » attend des lettres de A à Z, pas « {self.letters} »."
            )
        if parameter != "letters" and self.letters:
            raise DeckError(f"la condition « {self.kind} » ne prend pas de lettres.")

    def is_met(self, word: str, cards_used: Sequence[Card], round_words: Sequence[str]) -> bool:
        """Whether ``word``, written with ``cards_used``, meets this condition.

        ``round_words`` is every word written this round by every player (``word`` included or
        not: it is counted once either way); empty strings stand for players who wrote nothing
        and are ignored. An empty ``word`` meets no condition.
        """
        word = normalize(word)
        if not _is_word(word):
            return False
        if self.kind == "lettres_min":
            return len(word) >= self.number
        if self.kind == "une_voyelle":
            return _vowel_count(word) == 1
        if self.kind == "sans_voyelle":
            return _vowel_count(word) == 0
        if self.kind == "plus_court":
            others = (len(w) for w in map(normalize, round_words) if _is_word(w))
            return len(word) <= min(others, default=len(word))
        if self.kind == "dans_l_ordre":
            remaining = iter(word)
            return all(letter in remaining for letter in self.letters)
        if self.kind == "lettre_double":
            return any(a == b for a, b in pairwise(word))
        if self.kind == "points_min":
            return sum(card.points for card in {c.id: c for c in cards_used}.values()) >= (
                self.number
            )
        raise AssertionError(self.kind)  # pragma: no cover - __post_init__ checked the kind

    @property
    def notation(self) -> str:
        """The condition as written in a deck file: ``lettres_min 7``, ``dans_l_ordre PRE``."""
        parameter = _PARAMETER[self.kind]
        if parameter == "int":
            return f"{self.kind} {self.number}"
        if parameter == "letters":
            return f"{self.kind} {self.letters}"
        return self.kind

    @classmethod
    def parse(cls, text: str) -> Condition:
        """A condition from its notation (raises :class:`DeckError` without a line number)."""
        words = text.split()
        if not words:
            raise DeckError("condition vide.")
        kind = words[0].lower()
        if kind not in _PARAMETER:
            raise DeckError(
                f"condition inconnue : « {words[0]} » (connues : {', '.join(CONDITION_KINDS)})."
            )
        parameter = _PARAMETER[kind]
        arguments = words[1:]
        if parameter == "":
            if arguments:
                raise DeckError(f"la condition « {kind} » ne prend pas de paramètre.")
            return cls(kind)  # type: ignore[arg-type]
        if not arguments:
            what = "un nombre" if parameter == "int" else "des lettres"
            raise DeckError(f"la condition « {kind} » attend {what}.")
        if parameter == "int":
            if len(arguments) != 1 or not arguments[0].isdigit():
                raise DeckError(
                    f"la condition « {kind} » attend un nombre, pas « {' '.join(arguments)} »."
                )
            return cls(kind, number=int(arguments[0]))  # type: ignore[arg-type]
        return cls(kind, letters=normalize("".join(arguments)))  # type: ignore[arg-type]

    def describe(self) -> str:
        """The challenge as it would be printed, in French."""
        if self.kind == "lettres_min":
            return f"Écrivez un mot d'au moins {self.number} lettres."
        if self.kind == "une_voyelle":
            return "Écrivez un mot qui ne contient qu'une seule voyelle."
        if self.kind == "sans_voyelle":
            return "Écrivez un mot sans aucune voyelle."
        if self.kind == "plus_court":
            return "Écrivez le mot le plus court du tour."
        if self.kind == "dans_l_ordre":
            if len(self.letters) == 1:
                return f"Écrivez un mot qui contient la lettre {self.letters}."
            listed = ", ".join(self.letters[:-1]) + f" et {self.letters[-1]}"
            return f"Écrivez un mot qui contient les lettres {listed}, dans cet ordre."
        if self.kind == "lettre_double":
            return "Écrivez un mot avec une lettre double."
        if self.kind == "points_min":
            return f"Écrivez un mot qui vaut au moins {self.number} points."
        raise AssertionError(self.kind)  # pragma: no cover


@dataclass(frozen=True, slots=True)
class Reward:
    """What a player gains by claiming a challenge.

    - ``collection``: the challenge card itself goes to the collection; in a word it gives all its
      letters, in order, and its points (rulebook, « CARTES DÉFI »).
    - ``pioche_lettre`` / ``pioche_voyelle``: the top card of the Letter / Vowel deck goes to
      the collection.
    - ``lettre_en_plus``: one more letter claimed among those in play (common letters and drafted
      letters used in a word), as in « RÉCLAMER LES LETTRES ».

    For every reward but ``collection`` the challenge card goes back under the Défi deck
    (« Sinon, replacez-la face cachée sous le paquet Défi »).
    """

    kind: RewardKind

    def __post_init__(self) -> None:
        if self.kind not in REWARD_KINDS:
            raise DeckError(f"récompense inconnue : « {self.kind} ».")

    @property
    def keeps_card(self) -> bool:
        """Whether the challenge card joins the claimer's collection."""
        return self.kind == "collection"

    @property
    def notation(self) -> str:
        return self.kind

    @classmethod
    def parse(cls, text: str) -> Reward:
        kind = text.strip().lower()
        if kind not in REWARD_KINDS:
            raise DeckError(
                f"récompense inconnue : « {text.strip()} » (connues : {', '.join(REWARD_KINDS)})."
            )
        return cls(kind)  # type: ignore[arg-type]

    def describe(self) -> str:
        """The reward as it would be printed, in French."""
        return {
            "collection": "Ajoutez cette carte à votre collection.",
            "pioche_lettre": (
                "Piochez la première carte du paquet Lettre et ajoutez-la à votre collection."
            ),
            "pioche_voyelle": (
                "Piochez la première carte du paquet Voyelle et ajoutez-la à votre collection."
            ),
            "lettre_en_plus": "Réclamez une lettre de plus parmi celles en jeu.",
        }[self.kind]


@dataclass(frozen=True, slots=True)
class Challenge:
    """One Défi card: the card (letters and points, possibly none), what it asks, what it gives.

    ``text`` is the printed challenge and ``explanation`` the printed explanation (may be empty),
    both in French.
    """

    card: Card
    condition: Condition
    reward: Reward
    text: str
    explanation: str = ""

    def __post_init__(self) -> None:
        if self.card.kind != "defi":
            raise DeckError(f"la carte {self.card.id} d'un défi doit être de type « defi ».")
        if self.reward.keeps_card and not self.card.letters:
            raise DeckError(
                f"le défi {self.card.id} s'ajoute à la collection mais n'a pas de lettres."
            )
        if not self.text.strip():
            raise DeckError(f"le défi {self.card.id} n'a pas de texte.")

    def is_met(self, word: str, cards_used: Sequence[Card], round_words: Sequence[str]) -> bool:
        return self.condition.is_met(word, cards_used, round_words)


@dataclass(frozen=True, slots=True)
class Deck:
    """The three decks. Card ids are unique across the whole deck.

    ``warnings`` are French remarks about a loadable deck that departs from the rulebook's
    contents (other counts, a letter missing): a player's own list is not refused for them.
    """

    letters: tuple[Card, ...]
    vowels: tuple[Card, ...]
    challenges: tuple[Challenge, ...]
    title: str
    reconstruction: bool
    warnings: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for card in self.cards():
            if card.id in seen:
                raise DeckError(f"identifiant de carte en double : « {card.id} ».")
            seen.add(card.id)
        for card in self.letters:
            _check_letter_card(card, "lettre")
        for card in self.vowels:
            _check_letter_card(card, "voyelle")
        qu = sum(card.letters == "QU" for card in self.letters + self.vowels)
        if qu != 1:
            raise DeckError(f"il faut exactement une carte QU dans le paquet Lettre, pas {qu}.")

    def cards(self) -> Iterator[Card]:
        """Every card: letters, vowels, then the challenges' cards."""
        yield from self.letters
        yield from self.vowels
        for challenge in self.challenges:
            yield challenge.card

    def card(self, card_id: str) -> Card:
        """The card with this id (raises ``KeyError``)."""
        for card in self.cards():
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def values(self) -> dict[str, int]:
        """Points of each letter on Letter and Vowel cards (the first card seen wins)."""
        values: dict[str, int] = {}
        for card in self.letters + self.vowels:
            values.setdefault(card.letters, card.points)
        return values


def _check_letter_card(card: Card, kind: CardKind) -> None:
    if card.kind != kind:
        raise DeckError(f"la carte {card.id} devrait être de type « {kind} ».")
    if kind == "voyelle" and card.letters not in VOWELS:
        raise DeckError(f"la carte Voyelle {card.id} porte « {card.letters} », pas une voyelle.")
    if not (len(card.letters) == 1 and _is_word(card.letters)) and card.letters != "QU":
        raise DeckError(f"lettre inconnue sur la carte {card.id} : « {card.letters} ».")
    if not MIN_LETTER_POINTS <= card.points <= MAX_LETTER_POINTS:
        raise DeckError(
            f"la carte {card.id} vaut {card.points} points "
            f"(de {MIN_LETTER_POINTS} à {MAX_LETTER_POINTS} attendus)."
        )


# --- The file format ---------------------------------------------------------------------------

_SECTIONS: Final = {"LETTRES": "lettre", "VOYELLES": "voyelle", "DEFIS": "defi"}
_SECTION_TITLES: Final = {"lettre": "lettres", "voyelle": "voyelles", "defi": "défis"}
_ID_PREFIX: Final = {"lettre": "L", "voyelle": "V"}
_HEADER_KEYS: Final = ("TITRE", "RECONSTRUCTION")
_CHALLENGE_KEYS: Final = ("LETTRES", "POINTS", "CONDITION", "RECOMPENSE", "TEXTE", "EXPLICATION")
_CARD_LINE = re.compile(r"(?P<letters>\S+)\s+(?P<points>\S+)(?:\s+[×xX*]\s*(?P<count>\S+))?")
_CHALLENGE_ID = re.compile(r"[A-Za-z0-9_-]{1,12}")
_YES: Final = {"OUI": True, "NON": False}

_Fail = Callable[[str, int], DeckError]


@dataclass(slots=True)
class _Pending:
    """A challenge block being read: its id, the line of its header and its fields."""

    card_id: str
    line: int
    fields: dict[str, tuple[int, str]] = field(default_factory=dict)


def _key(text: str) -> str:
    return normalize(text.strip())


def parse_deck(text: str, *, source: str = "") -> Deck:
    """Read a deck file (format in ``docs/gutenberg-deck.md``).

    Errors raise :class:`DeckError` (an :class:`InvalidOptions`) whose French message names
    ``source`` (when given) and the line. Counts that differ from the rulebook's (76, 9, 18) and
    letters missing from A to Z are only reported in :attr:`Deck.warnings`.

    >>> deck = parse_deck('''
    ... titre: Essai
    ... reconstruction: non
    ... [lettres]
    ... T 2 ×3
    ... QU 5
    ... [voyelles]
    ... E 1
    ... [défis]
    ... défi D01
    ... condition: lettres_min 7
    ... récompense: pioche_lettre
    ... texte: Écrivez un mot d'au moins 7 lettres.
    ... ''')
    >>> [card.id for card in deck.letters], deck.vowels[0]
    (['L1', 'L2', 'L3', 'L4'], Card(id='V1', letters='E', points=1, kind='voyelle'))
    >>> parse_deck("titre: X\\nreconstruction: non\\n[lettres]\\nT 2\\n#\\nW 9", source="a.txt")
    Traceback (most recent call last):
    ...
    ludotheque.games.gutenberg.deck.DeckError: a.txt, ligne 6 : points invalides « 9 » ...
    """
    header: dict[str, tuple[int, str]] = {}
    rows: dict[str, list[tuple[int, str, int]]] = {"lettre": [], "voyelle": []}
    section_lines: dict[str, int] = {}
    pending: list[_Pending] = []
    section = ""

    def fail(message: str, line: int) -> DeckError:
        return DeckError(message, line=line, source=source)

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            if not line.endswith("]"):
                raise fail(f"en-tête de section mal fermé : « {line} ».", number)
            name = _key(line[1:-1])
            if name not in _SECTIONS:
                raise fail(
                    f"section inconnue « {line} » (attendu : [lettres], [voyelles], [défis]).",
                    number,
                )
            section = _SECTIONS[name]
            if section in section_lines:
                raise fail(f"la section {line} apparaît deux fois.", number)
            section_lines[section] = number
            continue
        if not section:
            key, colon, value = line.partition(":")
            if not colon or _key(key) not in _HEADER_KEYS:
                raise fail(
                    f"ligne incomprise avant la première section : « {line} » "
                    "(attendu : « titre: … » ou « reconstruction: oui/non »).",
                    number,
                )
            if _key(key) in header:
                raise fail(f"« {key.strip()} » est donné deux fois.", number)
            header[_key(key)] = (number, value.strip())
            continue
        if section in rows:
            rows[section].extend(_card_rows(line, number, section, fail))
            continue
        # [défis]
        head, _, rest = line.partition(" ")
        if _key(head) == "DEFI":
            card_id = rest.strip()
            if not _CHALLENGE_ID.fullmatch(card_id):
                raise fail(
                    f"identifiant de défi invalide : « {card_id} » (attendu : « défi D01 »).",
                    number,
                )
            pending.append(_Pending(card_id, number))
            continue
        key, colon, value = line.partition(":")
        if not colon:
            raise fail(f"ligne incomprise : « {line} » (attendu : « champ: valeur »).", number)
        if not pending:
            raise fail("champ avant le premier « défi … » de la section [défis].", number)
        if _key(key) not in _CHALLENGE_KEYS:
            raise fail(
                f"champ inconnu « {key.strip()} » (connus : lettres, points, condition, "
                "récompense, texte, explication).",
                number,
            )
        if _key(key) in pending[-1].fields:
            raise fail(f"le champ « {key.strip()} » est donné deux fois.", number)
        pending[-1].fields[_key(key)] = (number, value.strip())

    for needed, title in _SECTION_TITLES.items():
        if needed not in section_lines:
            raise fail(f"section [{title}] manquante.", 0)
    for needed_key, label in (("TITRE", "titre"), ("RECONSTRUCTION", "reconstruction")):
        if needed_key not in header:
            raise fail(f"« {label}: … » manquant en tête de fichier.", 0)
    title = header["TITRE"][1]
    if not title:
        raise fail("le titre est vide.", header["TITRE"][0])
    reconstruction_line, reconstruction_text = header["RECONSTRUCTION"]
    if _key(reconstruction_text) not in _YES:
        raise fail(
            f"« reconstruction » vaut « oui » ou « non », pas « {reconstruction_text} ».",
            reconstruction_line,
        )

    decks: dict[str, tuple[Card, ...]] = {}
    qu_lines: list[int] = []
    for kind, found in rows.items():
        if not found:
            raise fail(f"la section [{_SECTION_TITLES[kind]}] est vide.", section_lines[kind])
        width = len(str(len(found)))
        cards: list[Card] = []
        for index, (line_number, letters, points) in enumerate(found, start=1):
            if letters == "QU":
                qu_lines.append(line_number)
            card_kind: CardKind = "lettre" if kind == "lettre" else "voyelle"
            cards.append(Card(f"{_ID_PREFIX[kind]}{index:0{width}d}", letters, points, card_kind))
        decks[kind] = tuple(cards)
    if len(qu_lines) != 1:
        where = qu_lines[1] if qu_lines else section_lines["lettre"]
        raise fail(
            f"il faut exactement une carte QU dans le paquet Lettre, pas {len(qu_lines)}.", where
        )

    challenges = [_challenge(block, fail) for block in pending]
    used = {card.id: 0 for card in decks["lettre"] + decks["voyelle"]}
    for block, challenge in zip(pending, challenges, strict=True):
        if challenge.card.id in used:
            raise fail(f"identifiant de carte en double : « {challenge.card.id} ».", block.line)
        used[challenge.card.id] = block.line

    warnings = _warnings(decks["lettre"], decks["voyelle"], challenges, pending)
    return Deck(
        letters=decks["lettre"],
        vowels=decks["voyelle"],
        challenges=tuple(challenges),
        title=title,
        reconstruction=_YES[_key(reconstruction_text)],
        warnings=tuple(warnings),
    )


def _card_rows(line: str, number: int, section: str, fail: _Fail) -> list[tuple[int, str, int]]:
    match = _CARD_LINE.fullmatch(line)
    if match is None:
        raise fail(
            f"carte illisible : « {line} » (attendu : lettre, points, et éventuellement "
            "×nombre, comme « T 2 ×6 »).",
            number,
        )
    letters = normalize(match["letters"])
    if section == "voyelle" and letters not in VOWELS:
        raise fail(f"« {match['letters']} » n'est pas une voyelle (A, E, I, O, U, Y).", number)
    if letters != "QU" and not (len(letters) == 1 and _is_word(letters)):
        raise fail(f"lettre inconnue « {match['letters']} » (une lettre de A à Z, ou QU).", number)
    points = match["points"]
    if not points.isdigit() or not MIN_LETTER_POINTS <= int(points) <= MAX_LETTER_POINTS:
        raise fail(
            f"points invalides « {points} » (un nombre entier de {MIN_LETTER_POINTS} "
            f"à {MAX_LETTER_POINTS}).",
            number,
        )
    count_text = match["count"] or "1"
    if not count_text.isdigit() or not 1 <= int(count_text) <= 99:
        raise fail(f"nombre de cartes invalide « {count_text} » (de 1 à 99).", number)
    return [(number, letters, int(points))] * int(count_text)


def _challenge(block: _Pending, fail: _Fail) -> Challenge:
    fields = block.fields
    required = (("CONDITION", "condition"), ("RECOMPENSE", "récompense"), ("TEXTE", "texte"))
    for key, label in required:
        if key not in fields:
            raise fail(f"le défi {block.card_id} n'a pas de champ « {label}: ».", block.line)
    letters = ""
    if "LETTRES" in fields:
        line, text = fields["LETTRES"]
        letters = normalize(text.replace(" ", ""))
        if not (_is_word(letters) and len(letters) <= 15):
            raise fail(f"lettres invalides « {text} » (des lettres de A à Z).", line)
    points = 0
    if "POINTS" in fields:
        line, text = fields["POINTS"]
        if not text.isdigit() or int(text) > MAX_CHALLENGE_POINTS:
            raise fail(f"points invalides « {text} » (un nombre entier de 0 à 99).", line)
        points = int(text)
    elif letters:
        raise fail(
            f"le défi {block.card_id} a des lettres mais pas de champ « points: ».",
            fields["LETTRES"][0],
        )
    line, text = fields["CONDITION"]
    try:
        condition = Condition.parse(text)
    except DeckError as error:
        raise fail(error.problem, line) from None
    line, text = fields["RECOMPENSE"]
    try:
        reward = Reward.parse(text)
    except DeckError as error:
        raise fail(error.problem, line) from None
    if reward.keeps_card and not letters:
        raise fail(
            f"le défi {block.card_id} s'ajoute à la collection (« collection ») mais n'a pas de "
            "champ « lettres: ».",
            line,
        )
    line, text = fields["TEXTE"]
    if not text:
        raise fail(f"le texte du défi {block.card_id} est vide.", line)
    explanation = fields.get("EXPLICATION", (0, ""))[1]
    card = Card(block.card_id, letters, points, "defi")
    return Challenge(card, condition, reward, text, explanation)


def _warnings(
    letters: Sequence[Card],
    vowels: Sequence[Card],
    challenges: Sequence[Challenge],
    blocks: Sequence[_Pending],
) -> list[str]:
    warnings: list[str] = []
    for found, expected, what in (
        (len(letters), LETTER_COUNT, "cartes Lettre"),
        (len(vowels), VOWEL_COUNT, "cartes Voyelle"),
        (len(challenges), CHALLENGE_COUNT, "cartes Défi"),
    ):
        if found != expected:
            warnings.append(f"{found} {what} au lieu des {expected} de la règle.")
    available = {letter for card in (*letters, *vowels) for letter in card.letters}
    missing = sorted(set("ABCDEFGHIJKLMNOPQRSTUVWXYZ") - available)
    if missing:
        warnings.append(f"Aucune carte Lettre ni Voyelle pour : {', '.join(missing)}.")
    for block, challenge in zip(blocks, challenges, strict=True):
        if not challenge.reward.keeps_card and (challenge.card.letters or challenge.card.points):
            warnings.append(
                f"Défi {block.card_id} (ligne {block.line}) : ses lettres et ses points ne "
                "servent pas, la carte ne s'ajoute pas à la collection."
            )
    return warnings


def format_deck(deck: Deck, preamble: Sequence[str] = ()) -> str:
    """The deck in the file format, canonical (``parse_deck`` reads it back to an equal deck).

    ``preamble`` lines are written first, each as a comment. Consecutive Letter or Vowel cards
    with the same letters and points are written once with their count (``T 2 ×6``).
    """
    out = [f"# {line}".rstrip() for line in preamble]
    if out:
        out.append("")
    out += [
        f"titre: {deck.title}",
        f"reconstruction: {'oui' if deck.reconstruction else 'non'}",
        "",
    ]
    for title, cards in (("lettres", deck.letters), ("voyelles", deck.vowels)):
        out += [f"[{title}]", "# lettre  points  nombre"]
        groups: list[tuple[str, int, int]] = []
        for card in cards:
            if groups and groups[-1][:2] == (card.letters, card.points):
                groups[-1] = (card.letters, card.points, groups[-1][2] + 1)
            else:
                groups.append((card.letters, card.points, 1))
        for letters, points, count in groups:
            line = f"{letters:<3} {points}"
            out.append(f"{line}  ×{count}" if count > 1 else line)
        out.append("")
    out.append("[défis]")
    for challenge in deck.challenges:
        card = challenge.card
        out.append(f"défi {card.id}")
        if card.letters:
            out.append(f"lettres: {card.letters}")
        if card.letters or card.points:
            out.append(f"points: {card.points}")
        out.append(f"condition: {challenge.condition.notation}")
        out.append(f"récompense: {challenge.reward.notation}")
        out.append(f"texte: {challenge.text}")
        if challenge.explanation:
            out.append(f"explication: {challenge.explanation}")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


@cache
def default_deck() -> Deck:
    """The deck shipped with ludotheque (a reconstruction: ``docs/gutenberg-deck.md``)."""
    text = (
        resources.files("ludotheque.games.gutenberg")
        .joinpath("data", "deck.txt")
        .read_text(encoding="utf-8")
    )
    return parse_deck(text, source="deck.txt")
