"""The French of Gremlins' analysis: an action as its player reads it (card names, never ids),
a value as the Expert sees it.

>>> from ludotheque.games.gremlins import Gremlins
>>> state = Gremlins().new(2, seed=3)
>>> seat = state.active
>>> card = sorted(state.hands[seat])[0]
>>> describe(state, seat, StartProject(card)).startswith("commencer un projet avec « ")
True
>>> describe(state, seat, EndTurn()), signed(1.25), signed(-0.5), signed(0)
('finir votre tour', '+1,25', '−0,5', '0')
"""

from __future__ import annotations

from collections import Counter

from ludotheque.core.analysis import Verdict

from .actions import (
    Action,
    AssignCard,
    Cancel,
    Choose,
    Complete,
    EndTurn,
    PlayAction,
    Redraw,
    StartProject,
)
from .journal import for_reader
from .state import GremlinsState

__all__ = ["BON", "IMPRECISION", "describe", "listing", "signed", "verdict"]

BON = 0.25
"""A loss up to this much (the Expert's values are about points of prestige) is « bon »: the
Fort plays within it nine times in ten, the Débutant eight times in ten."""
IMPRECISION = 0.75
"""Up to this much « imprecision »; beyond, « erreur » (the Débutant's worst twentieth)."""
SAME = 0.05
"""A loss below this is no loss: the values of two moves this close are alike."""


def verdict(loss: float) -> Verdict:
    """The verdict of a loss in the Expert's values (:data:`BON`, :data:`IMPRECISION`)."""
    if loss < SAME:
        return "meilleur"
    if loss <= BON:
        return "bon"
    if loss <= IMPRECISION:
        return "imprecision"
    return "erreur"


def signed(value: float) -> str:
    """A value as a French reader writes it, with its sign: « +1,25 », « −0,5 »."""
    rounded = round(value, 2)
    if rounded == 0:
        return "0"
    text = f"{abs(rounded):.2f}".rstrip("0").rstrip(".").replace(".", ",")
    return ("+" if rounded > 0 else "−") + text


def worth(value: float) -> str:
    """A move's value in words: « valeur +1,25 », or, when the Expert sees the game end with
    it (its evaluation counts a game won alone ±1000), « la partie gagnée » / « perdue ».

    >>> worth(1.25), worth(991.65), worth(-640.0)
    ('valeur +1,25', 'la partie gagnée', 'la partie perdue le plus souvent')
    """
    if abs(value) < 500:
        return f"valeur {signed(value)}"
    result = "gagnée" if value > 0 else "perdue"
    return f"la partie {result}" + ("" if abs(value) >= 900 else " le plus souvent")


def listing(parts: list[str]) -> str:
    """« a », « a et b », « a, b et c »."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " et " + parts[-1]


def _card(state: GremlinsState, card: str) -> str:
    return f"« {state.catalog[card].name} »"


def _project(state: GremlinsState, seat: int, position: int) -> str:
    """One of the seat's own projects (it knows their cards)."""
    card = state.projects[seat][position].card
    return f"votre projet n° {position + 1} {_card(state, card)}"


def _payment(payment: tuple[tuple[int, str], ...]) -> str:
    counts = Counter(payment)
    return listing(
        [f"{n} {banner} du projet n° {position + 1}" for (position, banner), n in counts.items()]
    )


def describe(state: GremlinsState, seat: int, action: Action, *, question: bool = True) -> str:
    """What ``seat`` does with ``action`` on ``state``, in its own words; an answer to a
    card's question after the question unless ``question`` is false."""
    match action:
        case StartProject(card):
            return f"commencer un projet avec {_card(state, card)}"
        case AssignCard(card, position):
            banner = state.catalog[card].banner
            return f"assigner {_card(state, card)} ({banner}) à {_project(state, seat, position)}"
        case PlayAction(card, payment):
            paid = f", payé avec {_payment(payment)}" if payment else ""
            return f"jouer {_card(state, card)}{paid}"
        case Complete(position):
            prestige = state.catalog[state.projects[seat][position].card].prestige or 0
            return f"terminer {_project(state, seat, position)}, +{prestige} prestige"
        case Cancel(position):
            return f"annuler {_project(state, seat, position)}"
        case EndTurn():
            return "finir votre tour"
        case Choose(key):
            prompt = state.prompt
            label = dict(prompt.options).get(key) if prompt is not None else None
            if prompt is None or label is None:
                return "un choix"
            answer = for_reader(label, {}, seat)
            return f"{prompt.question} — {answer}" if question else answer
        case Redraw(cards):
            if not cards:
                return "garder votre main"
            return f"défausser {listing([_card(state, card) for card in cards])} et repiocher"
    raise TypeError(f"not a Gremlins action: {action!r}")
