"""What each seat of a Simultanée table sees (JSON, French keys, as in ``views.py``).

Nobody holds a card, so every seat sees the same thing: the visible themes and letters, the two
turned cards, who is still searching, the cards each player has won and the cards each still
owes, the word being judged. Never: the order of the draw pile, the cards under the visible ones.
"""

from __future__ import annotations

from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.protocol import Seat

from .state_simultaneous import SimultaneousState
from .views import SHOWN

__all__ = ["build_view", "card_json", "claim_json", "columns_json", "decisions_json"]


def card_json(state: SimultaneousState, card_id: str) -> JsonObject:
    card = state.catalog.letters[card_id]
    return {
        "id": card.id,
        "lettre": card.letter,
        "contrainte": card.constraint,
        "points": card.points,
    }


def columns_json(state: SimultaneousState) -> list[JsonValue]:
    columns: list[JsonValue] = []
    for index, pile in enumerate(state.piles):
        letters: list[JsonValue] = [
            card_json(state, letter_pile[0]) if letter_pile else None
            for letter_pile in state.columns[index]
        ]
        columns.append(
            {
                "theme": state.catalog.theme(pile[0]) if pile else None,
                "restants": len(pile),
                "lettres": letters,
                "sous_les_lettres": [max(0, len(p) - 1) for p in state.columns[index]],
            }
        )
    return columns


def claim_json(state: SimultaneousState) -> JsonValue:
    claim = state.claim
    if claim is None:
        return None
    return {
        "place": claim.seat,
        "mot": claim.word,
        "colonne": claim.column,
        "cinquieme": False,
        "themes": list(claim.themes),
        "cartes": [card_json(state, c) for c in claim.cards],
        "juges": list(claim.judges),
        "a_decide": [vote is not None for vote in claim.votes],
    }


def decisions_json(state: SimultaneousState) -> list[JsonValue]:
    return [
        {
            "tour": j.turn,
            "place": j.seat,
            "themes": list(j.themes),
            "mot": j.word,
            "accepte": j.accepted,
            "par": j.by,
        }
        for j in state.judgements[-SHOWN:]
    ]


def build_view(state: SimultaneousState, seat: Seat | None) -> JsonObject:
    config = state.config
    players = state.players
    won: list[JsonValue] = [
        {
            "lettres": [card_json(state, c) for c in state.won_letters[s]],
            "themes": [state.catalog.theme(f) for f in state.won_themes[s]],
            "bonus": [],
        }
        for s in range(players)
    ]
    outcome = state.outcome()
    view: JsonObject = {
        "jeu": "themes",
        "mode": config.mode,
        "options": {"jugement": config.judging},
        "phase": state.phase,
        "places": players,
        "premier_joueur": config.starter,
        "manche": state.round,
        "derniere_manche": (
            None
            if state.last_round is None
            else {
                "manche": state.last_round[0],
                "gagnant": state.last_round[1],
                "mot": state.last_round[2] or None,
            }
        ),
        "retourne_par": state.turner,
        "retournees": [card_json(state, c) for c in state.turned],
        "cherchent": [s for s in range(players) if not state.out[s] and state.phase != "fin"],
        "colonnes": columns_json(state),
        "cinquieme": None,
        "pioche": len(state.draw),
        "mains": [0] * players,
        "gagne": won,
        "dettes": list(state.debts),
        "scores": [state.score(s) for s in range(players)],
        "cartes_theme": [state.theme_count(s) for s in range(players)],
        "jugement": claim_json(state),
        "decisions": decisions_json(state),
        "evenements": list(state.events[-SHOWN:]),
        "resultat": None if outcome is None else outcome.to_json(),
        "main": None,
    }
    if seat is not None:
        view["place"] = seat
        view["main"] = []
    return view
