"""Thèmes' components as data: letter cards, theme cards and the vocabulary of each theme.

What is public (``/work/shared/rules/themes-word-game.fr.txt``): 110 « Lettre » cards, 20 of
them with a constraint (the letter must be the first, the second or the last letter of the
word; such a card is worth 2 points, a plain one 1), and 30 double-sided « Thème » cards, i.e.
60 themes, among them VILLE, OUTIL, DANS LA MER and CINÉMA. The printed lists are not: the
files of ``data/`` are *reconstructions* (``docs/themes-cards.md``, built by
``scripts/build_themes.py``), and a player who owns the game may type the real cards into files
of the same format and pass their text to the game.

This module is pure: the parsers take text; :func:`default_letters`, :func:`default_themes` and
:func:`vocabulary` read the package's own files through :mod:`importlib.resources`.

>>> cards = parse_letters('''
... # identifiant  lettre  [contrainte]
... L001 E
... L002 é première
... L003 T dernière
... ''', minimum=0)
>>> cards[1], cards[1].points, cards[0].points
(LetterCard(id='L002', letter='E', constraint='premiere'), 2, 1)
>>> parse_themes("T01 VILLE | OUTIL", minimum=0)
(ThemeCard(id='T01', front='VILLE', back='OUTIL'),)
>>> entry_key("New York"), entry_key("porte-drapeau"), entry_key("Némo")
('NEWYORK', 'PORTEDRAPEAU', 'NEMO')
>>> "new-york" in vocabulary("Ville"), len(vocabulary("INCONNU"))
(True, 0)
>>> try:
...     parse_letters("L001 E\\nL002 Q milieu", source="mes-lettres.txt", minimum=0)
... except MalformedInput as error:
...     print(error)
mes-lettres.txt, ligne 2 : contrainte inconnue « milieu » (première, seconde ou dernière).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, KeysView, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Final, Literal

from ludotheque.core.errors import FileLineError, MalformedInput
from ludotheque.lexicon.normalize import normalize

__all__ = [
    "COLUMN_LETTERS",
    "CONSTRAINTS",
    "CONSTRAINT_COUNT",
    "LETTER_COUNT",
    "MIN_LETTERS",
    "MIN_THEME_CARDS",
    "THEME_CARD_COUNT",
    "CardFileError",
    "Constraint",
    "LetterCard",
    "ThemeCard",
    "Vocabulary",
    "default_letters",
    "default_themes",
    "entry_key",
    "format_letters",
    "format_themes",
    "letters_needed",
    "parse_letters",
    "parse_themes",
    "theme_names",
    "theme_slug",
    "vocabulary",
]

Constraint = Literal["premiere", "seconde", "derniere"]
CONSTRAINTS: Final[tuple[Constraint, ...]] = ("premiere", "seconde", "derniere")
"""The three constraints, in the order of the word (first, second, last letter)."""

CONSTRAINT_WORDS: Final[Mapping[Constraint, str]] = MappingProxyType(
    {"premiere": "première", "seconde": "seconde", "derniere": "dernière"}
)
"""How the files write each constraint (accents and case are ignored when reading)."""

_CONSTRAINT_SPELLINGS: Final[Mapping[str, Constraint]] = MappingProxyType(
    {
        "PREMIERE": "premiere",
        "PREMIER": "premiere",
        "SECONDE": "seconde",
        "SECOND": "seconde",
        "DEUXIEME": "seconde",
        "DERNIERE": "derniere",
        "DERNIER": "derniere",
    }
)

LETTER_COUNT: Final = 110
"""Letter cards in the box (confirmed)."""
CONSTRAINT_COUNT: Final = 20
"""Letter cards with a constraint among them (confirmed)."""
THEME_CARD_COUNT: Final = 30
"""Double-sided theme cards in the box (confirmed): 60 themes."""

PILES: Final = 4
"""Theme piles on the table (set-up: « 4 piles de 5 cartes « Thème » »)."""
CARDS_PER_PILE: Final = 5
COLUMN_LETTERS: Final = PILES * 2 * CARDS_PER_PILE
"""Letter cards laid under the theme piles at set-up: 2 piles of 5 under each of the 4."""
HAND: Final = 3
"""Letter cards dealt to each player."""

MIN_THEME_CARDS: Final = PILES * CARDS_PER_PILE
"""Theme cards a user's list needs at least: « 4 piles de 5 cartes « Thème » » = 20 cards.

Each card lies with one side up; the other side shows when the Simultanée variant turns the
cards over."""
MIN_LETTERS: Final = COLUMN_LETTERS + HAND * 2
"""Letter cards a user's list needs at least: 40 under the piles + 3 for each of 2 players.

More players need more: :func:`letters_needed`."""

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,15}")
_LETTER = re.compile(r"[A-Z]")
_NOT_LETTER = re.compile(r"[^A-Z]+")
_NOT_ALNUM = re.compile(r"[^A-Z0-9]+")
_SLUG_SEPARATOR = re.compile(r"[^a-z0-9]+")


def letters_needed(players: int) -> int:
    """Letter cards a game of ``players`` needs at set-up: 40 in the columns, 3 per hand.

    >>> letters_needed(2), letters_needed(6)
    (46, 58)
    """
    return COLUMN_LETTERS + HAND * players


class CardFileError(FileLineError, MalformedInput):
    """A card file that cannot be used; ``line`` is 1-based, 0 when not one line."""

    code = "invalid-cards"


@dataclass(frozen=True, slots=True)
class LetterCard:
    """One « Lettre » card: ``id`` (``L001``…), ``letter`` (A–Z) and its constraint, if any."""

    id: str
    letter: str
    constraint: Constraint | None = None

    @property
    def points(self) -> int:
        """Victory points at the end: 1 for a plain card, 2 for a card with a constraint."""
        return 1 if self.constraint is None else 2


@dataclass(frozen=True, slots=True)
class ThemeCard:
    """One « Thème » card: ``id`` (``T01``…) and the themes on its two sides, as printed."""

    id: str
    front: str
    back: str

    @property
    def sides(self) -> tuple[str, str]:
        return self.front, self.back


def entry_key(text: str) -> str:
    """The letters of ``text``, accents stripped, uppercase, nothing else.

    This is how a word said for a theme is compared with the vocabulary: spaces, hyphens and
    apostrophes do not count (« New York » is NEWYORK, « porte-drapeau » PORTEDRAPEAU).

    >>> entry_key("l'Île-d'Oléron"), entry_key("Œil-de-bœuf")
    ('LILEDOLERON', 'OEILDEBOEUF')
    """
    return _NOT_LETTER.sub("", normalize(text))


def theme_slug(theme: str) -> str:
    """The file name (without ``.txt``) of a theme's vocabulary: « DANS LA MER » → dans-la-mer.

    >>> theme_slug("CINÉMA"), theme_slug("Dans la mer"), theme_slug("À L'ÉCOLE")
    ('cinema', 'dans-la-mer', 'a-l-ecole')
    """
    return _SLUG_SEPARATOR.sub("-", normalize(theme).lower()).strip("-")


@dataclass(frozen=True)
class Vocabulary:
    """The words of one theme: ``forms`` maps each key (:func:`entry_key`) to a display form.

    Membership normalises its argument: ``"new-york" in vocabulary("VILLE")``.
    """

    theme: str
    forms: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and entry_key(word) in self.forms

    def __len__(self) -> int:
        return len(self.forms)

    def __iter__(self) -> Iterator[str]:
        return iter(self.forms)

    def keys(self) -> KeysView[str]:
        """The normalised keys (``[A-Z]+``)."""
        return self.forms.keys()

    def display(self, word: str) -> str | None:
        """The display form of ``word`` (« New York » for "newyork"), ``None`` if absent."""
        return self.forms.get(entry_key(word))


def _fields(line: str) -> list[str]:
    return line.split()


def parse_letters(
    text: str, *, source: str = "", minimum: int = MIN_LETTERS
) -> tuple[LetterCard, ...]:
    """Read a letter-card file (format in ``docs/themes-cards.md`` and in the file's header).

    One card per line: ``IDENTIFIANT LETTRE [CONTRAINTE]`` (``L001 E``, ``L091 C première``);
    ``#`` starts a comment line, blank lines are ignored. The constraint is ``première``,
    ``seconde`` or ``dernière`` (case and accents ignored). A list needs ``minimum`` cards
    (default :data:`MIN_LETTERS`). Errors raise :class:`CardFileError` with the line.
    """
    cards: list[LetterCard] = []
    seen: dict[str, int] = {}

    def fail(message: str, line: int = 0) -> CardFileError:
        return CardFileError(message, line=line, source=source)

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = _fields(line)
        if len(fields) not in (2, 3):
            raise fail(
                f"ligne illisible : « {line} » (attendu : identifiant, lettre et contrainte "
                "éventuelle, comme « L001 E » ou « L091 C première »).",
                number,
            )
        card_id, letter_text = fields[0], fields[1]
        if not _ID.fullmatch(card_id):
            raise fail(
                f"identifiant invalide « {card_id} » (lettres, chiffres, - ou _, "
                "16 caractères au plus).",
                number,
            )
        if card_id in seen:
            raise fail(
                f"identifiant « {card_id} » en double (déjà à la ligne {seen[card_id]}).", number
            )
        letter = normalize(letter_text)
        if not _LETTER.fullmatch(letter):
            raise fail(f"lettre invalide « {letter_text} » (une seule lettre de A à Z).", number)
        constraint: Constraint | None = None
        if len(fields) == 3:
            constraint = _CONSTRAINT_SPELLINGS.get(normalize(fields[2]))
            if constraint is None:
                raise fail(
                    f"contrainte inconnue « {fields[2]} » (première, seconde ou dernière).",
                    number,
                )
        seen[card_id] = number
        cards.append(LetterCard(card_id, letter, constraint))
    if len(cards) < minimum:
        raise fail(
            f"{len(cards)} cartes « Lettre » seulement : il en faut au moins {minimum} "
            f"({COLUMN_LETTERS} sous les piles de thèmes et {HAND} par joueur)."
        )
    return tuple(cards)


def parse_themes(
    text: str, *, source: str = "", minimum: int = MIN_THEME_CARDS
) -> tuple[ThemeCard, ...]:
    """Read a theme-card file: one card per line, ``IDENTIFIANT RECTO | VERSO``.

    ``T01 VILLE | OUTIL``; ``#`` starts a comment line. Theme names are kept as written
    (spaces squeezed); two themes with the same letters and digits are a duplicate. A list needs
    ``minimum`` cards (default :data:`MIN_THEME_CARDS`).
    """
    cards: list[ThemeCard] = []
    ids: dict[str, int] = {}
    themes: dict[str, tuple[str, int]] = {}

    def fail(message: str, line: int = 0) -> CardFileError:
        return CardFileError(message, line=line, source=source)

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        card_id, _, rest = line.partition(" ")
        sides = [" ".join(side.split()) for side in rest.split("|")]
        if len(sides) != 2 or not all(sides):
            raise fail(
                f"ligne illisible : « {line} » (attendu : identifiant puis les deux thèmes "
                "séparés par « | », comme « T01 VILLE | OUTIL »).",
                number,
            )
        if not _ID.fullmatch(card_id):
            raise fail(
                f"identifiant invalide « {card_id} » (lettres, chiffres, - ou _, "
                "16 caractères au plus).",
                number,
            )
        if card_id in ids:
            raise fail(
                f"identifiant « {card_id} » en double (déjà à la ligne {ids[card_id]}).", number
            )
        for side in sides:
            if not entry_key(side):
                raise fail(f"thème sans lettre « {side} ».", number)
            key = _NOT_ALNUM.sub("", normalize(side))
            if key in themes:
                first, where = themes[key]
                raise fail(f"thème « {side} » en double (« {first} », ligne {where}).", number)
            themes[key] = (side, number)
        ids[card_id] = number
        cards.append(ThemeCard(card_id, sides[0], sides[1]))
    if len(cards) < minimum:
        raise fail(
            f"{len(cards)} cartes « Thème » seulement : il en faut au moins {minimum} "
            f"({PILES} piles de {CARDS_PER_PILE} thèmes)."
        )
    return tuple(cards)


def format_letters(cards: tuple[LetterCard, ...], preamble: tuple[str, ...] = ()) -> str:
    """The cards in the file format (:func:`parse_letters` reads it back to equal cards)."""
    out = [f"# {line}".rstrip() for line in preamble]
    if out:
        out.append("")
    out.append("# identifiant  lettre  contrainte")
    for card in cards:
        extra = f"  {CONSTRAINT_WORDS[card.constraint]}" if card.constraint else ""
        out.append(f"{card.id}  {card.letter}{extra}")
    return "\n".join(out) + "\n"


def format_themes(cards: tuple[ThemeCard, ...], preamble: tuple[str, ...] = ()) -> str:
    """The cards in the file format (:func:`parse_themes` reads it back to equal cards)."""
    out = [f"# {line}".rstrip() for line in preamble]
    if out:
        out.append("")
    out.append("# identifiant  recto | verso")
    out.extend(f"{card.id}  {card.front} | {card.back}" for card in cards)
    return "\n".join(out) + "\n"


def _data_text(*parts: str) -> str | None:
    resource = resources.files("ludotheque.games.themes").joinpath("data")
    for part in parts:
        resource = resource.joinpath(part)
    if not resource.is_file():
        return None
    return resource.read_text(encoding="utf-8")


def _required(name: str) -> str:
    text = _data_text(name)
    if text is None:  # pragma: no cover - a broken installation
        raise FileNotFoundError(f"ludotheque.games.themes: data/{name} is missing")
    return text


@cache
def default_letters() -> tuple[LetterCard, ...]:
    """The 110 letter cards shipped with ludotheque (a reconstruction)."""
    return parse_letters(_required("lettres.txt"), source="lettres.txt")


@cache
def default_themes() -> tuple[ThemeCard, ...]:
    """The 30 theme cards shipped with ludotheque (a reconstruction)."""
    return parse_themes(_required("themes.txt"), source="themes.txt")


def theme_names() -> tuple[str, ...]:
    """The 60 packaged themes, card by card, front then back."""
    return tuple(side for card in default_themes() for side in card.sides)


def parse_vocabulary(theme: str, text: str) -> Vocabulary:
    """A vocabulary file: one display form a line, ``#`` comments; the first of equal keys wins."""
    forms: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key = entry_key(line)
        if key:
            forms.setdefault(key, line)
    return Vocabulary(theme, MappingProxyType(forms))


@cache
def _vocabulary(slug: str, theme: str) -> Vocabulary:
    text = _data_text("vocabulaires", f"{slug}.txt") if slug else None
    if text is None:
        return Vocabulary(theme)
    return parse_vocabulary(theme, text)


def vocabulary(theme: str) -> Vocabulary:
    """The packaged vocabulary of ``theme`` (case and accents ignored).

    A theme the package does not know (a user's own card) has an empty vocabulary: its words go
    to the human judge.
    """
    return _vocabulary(theme_slug(theme), " ".join(theme.split()))
