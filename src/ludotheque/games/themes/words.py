"""Whether a word may be said, in every variant, and the vocabulary words one's cards allow.

« Pour qu'un mot soit valide, il doit […] contenir AU MINIMUM 1 lettre provenant de la main du
joueur et AU MINIMUM 1 lettre provenant d'une des deux piles situées sous le thème ». The
player's own cards are a hand (classic, Expert), a packet (Équipe) or the two turned cards
(Simultanée); the checks are the same: the cards come from one's own and the theme's column,
each stands for a letter of its own with its constraint kept (:mod:`.claims`), the word is no
plural by S (:func:`~.judging.plural_singular`), and at a table without a judge it is in the
vocabulary of its theme(s). What each variant checks before (its packets, the fifth pile) stays
with its state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ludotheque.core.rng import Draws

from .actions import Word
from .cards import entry_key
from .claims import card_problems
from .judging import Judging, plural_singular
from .search import vocabulary_words
from .table import Catalog, Columns, visible_letters

__all__ = [
    "EXHAUSTED",
    "ONLY_EXPERT",
    "ONLY_TEAMS",
    "in_vocabulary",
    "random_word",
    "vocabulary_choices",
    "word_problem",
]

EXHAUSTED = "Cette pile de thèmes est épuisée : elle n'a plus de thème à jouer."
ONLY_EXPERT = "La cinquième pile n'existe qu'en variante Expert."
ONLY_TEAMS = "Les paquets ne servent qu'à la variante par équipe."


def in_vocabulary(catalog: Catalog, word: str, themes: Sequence[str]) -> bool:
    """Whether ``word`` is in the vocabulary of every theme of ``themes``."""
    key = entry_key(word)
    return all(key in catalog.words(t).forms for t in themes)


def word_problem(
    catalog: Catalog,
    word: Word,
    themes: Sequence[str],
    own: Sequence[str],
    own_name: str,
    column: Sequence[str],
    judging: Judging,
    *,
    hand: bool = False,
) -> str | None:
    """Why ``word`` (its text and cards) cannot be said for ``themes`` (the column's, then
    Expert's fifth) with at least one card of ``own`` and one of ``column`` (French), or None.

    ``own_name`` names ``own`` in the messages (« votre main », « des deux cartes
    retournées »); ``hand``: ``own`` is a hand, whose stray cards are told so; ``judging``:
    at a ``vocabulaire`` table, a word outside the vocabulary is refused here.
    """
    theme = themes[0]
    mine = [c for c in word.cards if c in own]
    theirs = [c for c in word.cards if c in column]
    strangers = [c for c in word.cards if c not in own and c not in column]
    if strangers:
        card = catalog.letters.get(strangers[0])
        if card is None:
            return "Une des cartes nommées n'existe pas dans ce jeu."
        if hand:
            return (
                f"La carte {card.letter} n'est ni dans votre main ni visible sous {theme} "
                "(seules comptent ses deux cartes visibles)."
            )
        return (
            f"La carte {card.letter} ne fait pas partie de {own_name} ni des cartes visibles "
            f"sous {theme}."
        )
    if not mine:
        return f"Il faut au moins une lettre de {own_name}."
    if not theirs:
        return f"Il faut au moins une lettre sous {theme} (ses deux cartes visibles)."
    key = entry_key(word.word)
    problems = card_problems(key, [catalog.letters[c] for c in word.cards], word.word)
    if problems:
        return problems[0]
    for name in themes:
        singular = plural_singular(word.word, name, catalog.words(name).forms)
        if singular is not None:
            return (
                f"« {word.word} » est un pluriel : « Les mots au pluriel (pour mettre un S en "
                f"dernier) ne sont pas acceptés ». Dites « {singular} »."
            )
    if judging == "vocabulaire" and not in_vocabulary(catalog, word.word, themes):
        names = " et ".join(themes)
        return f"« {word.word} » n'est pas dans le vocabulaire de {names} (table sans juge)."
    return None


def vocabulary_choices(
    catalog: Catalog,
    themes: Sequence[str | None],
    own: Sequence[str],
    columns: Columns,
    *,
    other_themes: bool = False,
    fifth: str | None = None,
    packet: int | None = None,
) -> list[Word]:
    """The vocabulary words that ``own`` and a column allow, column by column, with their
    best cards (``packet``: the packet ``own`` is, in Équipe).

    ``other_themes``: words of *another* visible theme (they go to the judge; random play).
    ``fifth``: Expert's fifth theme; after a column's words come those of both vocabularies,
    said for both themes.
    """
    found: list[Word] = []
    for index, theme in enumerate(themes):
        if theme is None:
            continue
        if other_themes:
            keys = [
                form
                for t in themes
                if t is not None and t != theme
                for form in catalog.words(t).forms.values()
            ]
        else:
            keys = list(catalog.words(theme).forms.values())
        column = visible_letters(columns, index)
        for key, cards, _points in vocabulary_words(keys, own, column, catalog.letters):
            shown = catalog.words(theme).display(key) or key
            found.append(Word(index, shown, cards, packet=packet))
        if fifth is not None and not other_themes:
            extra = catalog.words(fifth).forms
            both = [f for k, f in catalog.words(theme).forms.items() if k in extra]
            for key, cards, _points in vocabulary_words(both, own, column, catalog.letters):
                shown = catalog.words(theme).display(key) or key
                found.append(Word(index, shown, cards, fifth=True))
    return found


def random_word(
    draws: Draws,
    roll: float,
    choices: Callable[[bool], list[Word]],
    strays_below: float,
    words_below: float,
) -> Word | None:
    """Random play: a word of another theme (for the judge) when ``roll`` is below
    ``strays_below``, else one of the theme's when below ``words_below``, if there is one."""
    if roll < strays_below:
        strays = choices(True)
        if strays:
            return draws.choice(strays)
    if roll < words_below:
        words = choices(False)
        if words:
            return draws.choice(words)
    return None
