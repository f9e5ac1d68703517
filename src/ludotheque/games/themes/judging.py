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
"""

from __future__ import annotations

from collections.abc import Collection, Container, Iterable, Mapping
from types import MappingProxyType
from typing import Final, Literal

from ludotheque.core.protocol import Seat
from ludotheque.lexicon import common_words, proper_nouns
from ludotheque.lexicon.normalize import normalize

__all__ = [
    "JUDGE_SECONDS",
    "REASONS",
    "Judging",
    "Reason",
    "dictionary_problem",
    "hourglass_seat",
    "judge_seat",
    "plural_of",
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
    last = "".join(ch for ch in words[-1] if "A" <= ch <= "Z")
    # A plural by S (« outils »): refused when the word without its S is a word too. « Ananas »
    # passes; « tapis » does not (TAPI is a form of « tapir »): a robot errs on the rule's side.
    if len(words) == 1 and last.endswith("S") and last[:-1] in common:
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
