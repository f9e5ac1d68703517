"""The judge: who judges a word, what is refused without asking, what a robot judge answers.

« C'est le joueur à droite du joueur « Sablier » qui est chargé de valider les mots annoncés
par le joueur actif […] Note : à 2 et 3 joueurs, le joueur « Sablier » et le joueur « Juge »
sont le même joueur. » Turns pass to the left (seat + 1), so the « Sablier » is the seat on the
active player's right (seat − 1) and the judge the one on its right (seat − 2), or the
« Sablier » itself at 2 and 3 players.

>>> hourglass_seat(0, 4), judge_seat(0, 4), judge_seat(0, 3), judge_seat(1, 2)
(3, 2, 2, 0)
>>> plural_of("OUTILS", {"OUTIL"}), plural_of("NEMO", {"NEMO"})
('OUTIL', None)
>>> plural_singular("fruits", "FRUIT", {}), plural_singular("tapis", "DANS LA MAISON", {})
('fruit', None)
"""

from __future__ import annotations

import re
from collections.abc import Collection, Container, Iterable, Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Final, Literal

from ludotheque.core.protocol import Seat
from ludotheque.lexicon import common_words, proper_nouns
from ludotheque.lexicon.normalize import normalize

from .cards import entry_key
from .claims import LINKING_WORDS

__all__ = [
    "JUDGE_SECONDS",
    "REASONS",
    "Judging",
    "Reason",
    "dictionary_problem",
    "hourglass_seat",
    "is_plural_theme",
    "is_plural_word",
    "judge_seat",
    "plural_of",
    "plural_only_entries",
    "plural_singular",
    "robot_refusal",
    "robot_verdict",
]

Judging = Literal["juge", "vote", "vocabulaire"]
"""Who decides a word outside the theme's vocabulary: the judge seat, a vote of the others, or
nobody (the vocabulary only)."""

Reason = Literal["hors_vocabulaire", "inconnu", "pluriel"]
"""Why a judge refuses a word, when it says (robot judges always do)."""

REASONS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "hors_vocabulaire": "hors vocabulaire",
        "inconnu": "pas un mot du dictionnaire",
        "pluriel": "pluriel en S",
    }
)
"""What a player reads for each reason."""

JUDGE_SECONDS = 15
"""How long the judge (or the voters) may take before silence means yes (D10)."""


def hourglass_seat(active: Seat, players: int) -> Seat:
    """The « Sablier » player: the one on the active player's right."""
    return (active - 1) % players


def judge_seat(active: Seat, players: int) -> Seat:
    """The « Juge »: on the right of the « Sablier » (the « Sablier » itself at 2–3 players)."""
    if players <= 3:
        return hourglass_seat(active, players)
    return (active - 2) % players


def plural_of(key: str, vocabulary: Container[str]) -> str | None:
    """The vocabulary word that ``key`` is the plural of by an added S, if any.

    « Les mots au pluriel (pour mettre un S en dernier) ne sont pas acceptés »: such a word is
    refused without asking the judge when its singular is in the theme's vocabulary.
    """
    if len(key) > 2 and key.endswith("S") and key[:-1] in vocabulary:
        return key[:-1]
    return None


_PARTS = re.compile(r"[\s\-'’‘]+")


@cache
def singular_entries() -> frozenset[str]:
    """Dictionary entries that end in S on their own: « tapis », « souris », « Paris »,
    « fiançailles » (``data/singuliers-en-s.txt``, built from Grammalecte's dictionary by
    ``scripts/build_themes_singulars.py``)."""
    data = resources.files("ludotheque.games.themes").joinpath("data", "singuliers-en-s.txt")
    lines = data.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


@cache
def plural_only_entries() -> frozenset[str]:
    """Answers given in the plural that are no singular with an S added: words only used in
    the plural (« fiançailles », « funérailles ») or whose everyday sense is plural
    (« lunettes », « échecs », « urgences », « vacances »), ``data/pluriels-usuels.txt``, a
    short list read by hand (D13)."""
    data = resources.files("ludotheque.games.themes").joinpath("data", "pluriels-usuels.txt")
    lines = data.read_text(encoding="utf-8").splitlines()
    return frozenset(
        line.split("#", 1)[0].strip() for line in lines if line.split("#", 1)[0].strip()
    )


def is_plural_word(word: str) -> bool:
    """Whether the one word ``word`` is a dictionary word with an S added: its form without the
    S is a dictionary word and it is no dictionary entry ending in S of its own (a singular or
    invariable word, a name, a word used only in the plural) nor a proper noun, nor a
    plural-only answer (:func:`plural_only_entries`: « lunettes », « vacances »).

    >>> [is_plural_word(w) for w in ("fruits", "gants", "tapis", "Paris", "maïs", "Alpes")]
    [True, True, False, False, False, False]
    >>> [is_plural_word(w) for w in ("lunettes", "échecs", "urgences", "nouilles")]
    [False, False, False, True]
    """
    key = entry_key(word)
    if len(key) <= 2 or not key.endswith("S"):
        return False
    if key in singular_entries() or key in plural_only_entries() or key in proper_nouns():
        return False
    return key[:-1] in common_words()


def is_plural_theme(theme: str) -> bool:
    """Whether ``theme`` is itself plural (a user's card, « JEUX DE SOCIÉTÉ », « ANIMAUX »):
    its first word but a linking word is a plural in S, or ends in -AUX, -EUX, -OUX. No theme
    of the shipped cards is plural.

    >>> [is_plural_theme(t) for t in ("JEUX DE SOCIÉTÉ", "LES FRUITS", "PAYS", "CORPS HUMAIN")]
    [True, True, False, False]
    """
    words = [w for w in _PARTS.split(theme.strip()) if entry_key(w)]
    heads = [w for w in words if w.lower() not in LINKING_WORDS]
    if not heads:
        return False
    head = entry_key(heads[0])
    return is_plural_word(heads[0]) or (len(head) > 3 and head.endswith(("AUX", "EUX", "OUX")))


def plural_singular(word: str, theme: str, forms: Mapping[str, str]) -> str | None:
    """The singular that ``word`` is the plural of by an added S, when it must be refused, or
    None (``forms``: the theme's vocabulary, key to the entry as written).

    « Les mots au pluriel (pour mettre un S en dernier) ne sont pas acceptés »: a one-word
    answer is compared with the dictionary (:func:`is_plural_word`), even when the theme's
    vocabulary lists it (« fruits »), but for an entry the vocabulary writes as a name
    (« Poissons », « Intouchables »). An answer of several words is compared with the
    vocabulary (« produits frais » is not « produit frais » + S). A plural theme
    (:func:`is_plural_theme`) takes plurals.
    """
    if is_plural_theme(theme):
        return None
    key = entry_key(word)
    if len(key) <= 2 or not key.endswith("S"):
        return None
    singular = key[:-1]
    if len([w for w in _PARTS.split(word.strip()) if entry_key(w)]) > 1:
        return forms.get(singular)
    listed = forms.get(key)
    if listed is not None and listed[:1].isupper():
        return None  # a name: « Les noms propres sont autorisés »
    if not is_plural_word(word):
        return None
    return forms.get(singular) or word.strip()[:-1]


def dictionary_problem(text: str) -> Reason | None:
    """What a robot can see is wrong with ``text`` whatever the theme: a word of the answer
    that is not in the dictionary (``inconnu``), or a plural made by adding S to a dictionary
    word (``pluriel``, « Les mots au pluriel (pour mettre un S en dernier) ne sont pas
    acceptés »); None when every word is spelled as in the dictionary (common words or proper
    nouns: « Les noms propres sont autorisés », « Les mots composés sont acceptés »).

    >>> dictionary_problem("marrk"), dictionary_problem("outils"), dictionary_problem("New York")
    ('inconnu', 'pluriel', None)
    """
    words = [w for w in normalize(text).replace("-", " ").replace("'", " ").split() if w]
    if not words:
        return "inconnu"
    common, proper = common_words(), proper_nouns()
    for word in words:
        letters = "".join(ch for ch in word if "A" <= ch <= "Z")
        if len(letters) < 2:
            continue  # « à », « l' »: too short for the dictionary's lists
        if letters not in common and letters not in proper:
            return "inconnu"
    # A plural by S (« outils »): the word without its S is a word too, and the dictionary has
    # no entry of its own for it (« tapis », « souris » and « Paris » pass).
    if len(words) == 1 and is_plural_word(words[0]):
        return "pluriel"
    return None


def robot_refusal(text: str, vocabularies: Iterable[Collection[str]] = ()) -> Reason | None:
    """Why a robot judge refuses ``text`` (D11), or None when it accepts it.

    A robot cannot tell whether a word fits a theme: it keeps to what it knows. It refuses a
    word that is not in the dictionary or is a plural by S (:func:`dictionary_problem`), and a
    word outside the vocabulary of a theme it has one for (``hors_vocabulaire``: « appât » is
    not an ESPACE word). Only for a theme without a vocabulary (a card the players typed in)
    does it accept a dictionary word.

    >>> robot_refusal("appât", [{"FUSEE"}]), robot_refusal("appât", [set()])
    ('hors_vocabulaire', None)
    >>> robot_refusal("hgtn", [{"HGTN"}])
    'inconnu'
    """
    problem = dictionary_problem(text)
    if problem is not None:
        return problem
    key = "".join(ch for ch in normalize(text) if "A" <= ch <= "Z")
    if any(len(words) > 0 and key not in words for words in vocabularies):
        return "hors_vocabulaire"
    return None


def robot_verdict(text: str, vocabularies: Iterable[Collection[str]] = ()) -> bool:
    """A robot judge's answer on ``text``: yes unless :func:`robot_refusal` finds a reason.

    >>> robot_verdict("porte-drapeau"), robot_verdict("Zroqxt")
    (True, False)
    """
    return robot_refusal(text, vocabularies) is None
