"""Gutenberg's actions as front ends say them: words without cards, journal lines.

A player types a word; :func:`spell` finds the cards that write it for the most points, and
:func:`complete_action` fills them into a JSON action that names words only (what the browser
sends). :func:`describe_action` writes a journal line that tells an observer only what its view
shows: a draft choice or a word before the reveal is told to its author alone.

>>> from ludotheque.games.gutenberg.cards import Card
>>> hand = [Card.parse(t, f"c{i}") for i, t in enumerate(("T2", "E1", "S2", "E2", "L2"))]
>>> spell(["TE"], hand)
(Play(word='TE', cards=('c0', 'c3')),)
>>> [p.word for p in spell(["ET", "LES"], hand)]
['ET', 'LES']
>>> spell(["TETE"], hand) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from ludotheque.core.errors import IllegalAction, MalformedInput
from ludotheque.core.json_types import JsonValue
from ludotheque.core.protocol import Seat
from ludotheque.lexicon import normalize

from .actions import Action, Claim, Pick, Play, Shelve, Write
from .cards import Card
from .spelling import best_spelling
from .state import GutenbergState

__all__ = ["complete_action", "describe_action", "spell"]


def spell(words: Sequence[str], hand: Sequence[Card]) -> tuple[Play, ...] | None:
    """The best cards for these words (each card once across them), or None if impossible.

    One word: :func:`best_spelling`. Several (solo, easy mode, fifth round): every order of
    the words is tried, each word taking the best cards left, and the best total is kept.
    """
    best: tuple[int, tuple[Play, ...]] | None = None
    for order in permutations(range(len(words))) if len(words) <= 6 else [range(len(words))]:
        left = list(hand)
        plays: dict[int, Play] = {}
        total = 0
        for index in order:
            cards = best_spelling(words[index], left)
            if cards is None:
                break
            used = {card.id for card in cards}
            left = [card for card in left if card.id not in used]
            plays[index] = Play(words[index], tuple(card.id for card in cards))
            total += sum(card.points for card in cards)
        else:
            if best is None or total > best[0]:
                best = (total, tuple(plays[i] for i in range(len(words))))
    return None if best is None else best[1]


def complete_action(state: GutenbergState, seat: Seat, data: JsonValue) -> JsonValue:
    """Fill in the cards of words sent without them (``{"mot": "JOUER"}``).

    >>> from ludotheque.games.gutenberg import Gutenberg
    >>> state = Gutenberg().new(1, seed=1, options={"mode": "solo"})
    >>> complete_action(state, 0, {"type": "choisir", "carte": "L01"})
    {'type': 'choisir', 'carte': 'L01'}
    """
    if not isinstance(data, dict) or data.get("type") != "ecrire":
        return data
    words = data.get("mots")
    if not isinstance(words, list) or not all(
        isinstance(item, dict) and "cartes" not in item for item in words
    ):
        return data
    texts = [item.get("mot") if isinstance(item, dict) else None for item in words]
    if not all(isinstance(text, str) and 0 < len(text) <= 40 for text in texts):
        raise MalformedInput("écrire : chaque mot est un objet {mot} ou {mot, cartes}.")
    normalized = [normalize(str(text)) for text in texts]
    if state.phase != "write" or seat not in state.to_move():
        return {**data, "mots": [{"mot": w, "cartes": []} for w in normalized]}
    for word in normalized:
        if word not in state.lexicon:
            raise IllegalAction(f"« {word} » n'est pas dans le dictionnaire.", word=word)
    plays = spell(normalized, state.catalog.cards(state.hand(seat)))
    if plays is None:
        raise IllegalAction(
            f"Impossible d'écrire {' + '.join(normalized)} avec vos cartes "
            "(chaque carte ne sert qu'une fois)."
        )
    completed: list[JsonValue] = [{"mot": p.word, "cartes": list(p.cards)} for p in plays]
    return {**data, "mots": completed}


def _cards_text(state: GutenbergState, ids: Sequence[str]) -> str:
    return ", ".join(state.catalog.card(card_id).notation for card_id in ids)


def _last_card(state: GutenbergState, seat: Seat, action: Pick, observer: Seat | None) -> str:
    """« la dernière carte … vous revient » when this pick ends the draft (else empty).

    « Continuez jusqu'à ce que l'on vous passe une seule carte. Ajoutez cette carte à la pile
    de vos cartes draftées. » (solo: « prenez la carte restante du dernier paquet »): that card
    is nobody's choice, so the journal tells its owner which it is.
    """
    if observer is None or state.phase != "draft":
        return ""
    try:
        after = state.apply(seat, action)
    except IllegalAction:
        return ""
    if after.phase != "write" or not after.drafted[observer]:
        return ""
    last = _cards_text(state, after.drafted[observer][-1:])
    return f" La dernière carte du paquet, {last}, vous revient d'office."


def _reward_text(state: GutenbergState, challenge: str, own: bool) -> str:
    """What claiming ``challenge`` gave: the card drawn is told to its owner only."""
    kind = state.catalog.challenges[challenge].reward.kind
    card = state.catalog.card(challenge)
    if kind == "collection":
        target = "votre collection" if own else "sa collection"
        return f" : la carte défi {card.notation} rejoint {target}"
    if kind == "lettre_en_plus":
        return " : une lettre de plus réclamée"
    deck = state.letter_deck if kind == "pioche_lettre" else state.vowel_deck
    pile = "Lettre" if kind == "pioche_lettre" else "Voyelle"
    if not deck:
        return f" : la pioche {pile} est vide, pas de carte en plus"
    if own:
        drawn = _cards_text(state, deck[:1])
        return f" : vous piochez {drawn} (pioche {pile}) pour votre collection"
    return f" : une carte de la pioche {pile} pour sa collection"


def describe_action(
    state: GutenbergState,
    seat: Seat,
    action: Action,
    observer: Seat | None,
    name: str,
    names: Sequence[str] = (),
) -> str:
    """The journal line of ``action`` for ``observer`` (``state``: before the action; no line
    names another seat than the actor, so ``names`` is not read)."""
    own = observer == seat
    if isinstance(action, Pick):
        last = _last_card(state, seat, action, observer)
        if own:
            return f"Vous avez choisi {_cards_text(state, [action.card])}.{last}"
        return f"{name} a choisi une carte.{last}"
    if isinstance(action, Write):
        if not own:
            return f"{name} a écrit (révélé quand tous auront écrit)."
        if not action.plays:
            return "Vous n'écrivez pas de mot."
        return f"Vous avez écrit {' + '.join(p.word for p in action.plays)}."
    if isinstance(action, Claim):
        who = "Vous avez" if own else f"{name} a"
        taken = _cards_text(state, action.cards) if action.cards else "aucune lettre"
        text = f"{who} réclamé {taken}"
        if action.challenge is not None:
            sentence = state.catalog.challenges[action.challenge].text.rstrip(" .")
            text += f" et le défi « {sentence} »"
            text += _reward_text(state, action.challenge, own)
        return text + "."
    assert isinstance(action, Shelve)
    who = "Vous avez" if own else f"{name} a"
    return f"{who} pris {_cards_text(state, [action.card])} dans la bibliothèque."
