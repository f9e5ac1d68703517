"""What each seat of a Thèmes table sees (JSON, French keys).

Public: the visible themes and letters, the pile sizes, the cards everyone has won (« posées
devant lui »), whose turn it is, who holds the hourglass and who judges, the word being judged
with its cards, the log of decisions. Private: one's own hand. Never: the others' hands, the
order of the draw pile, the cards under the visible ones.
"""

from __future__ import annotations

from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.protocol import Seat

from .judging import hourglass_seat
from .state import Face, ThemesState

__all__ = ["build_view", "card_json"]

SHOWN = 20
"""Events and decisions shown (the latest)."""


def card_json(state: ThemesState, card_id: str) -> JsonObject:
    card = state.catalog.letters[card_id]
    return {
        "id": card.id,
        "lettre": card.letter,
        "contrainte": card.constraint,
        "points": card.points,
    }


def _face(state: ThemesState, face: Face) -> str:
    return state.catalog.theme(face)


def build_view(state: ThemesState, seat: Seat | None) -> JsonObject:
    config = state.config
    players = state.players
    columns: list[JsonValue] = []
    for index, pile in enumerate(state.piles):
        letters: list[JsonValue] = [
            card_json(state, letter_pile[0]) if letter_pile else None
            for letter_pile in state.columns[index]
        ]
        columns.append(
            {
                "theme": _face(state, pile[0]) if pile else None,
                "restants": len(pile),
                "lettres": letters,
                "sous_les_lettres": [max(0, len(p) - 1) for p in state.columns[index]],
            }
        )
    claim = state.claim
    judging: JsonValue = None
    if claim is not None:
        judging = {
            "place": claim.seat,
            "mot": claim.word,
            "colonne": claim.column,
            "cinquieme": claim.fifth,
            "themes": list(claim.themes),
            "cartes": [card_json(state, c) for c in claim.cards],
            "juges": list(claim.judges),
            "a_decide": [vote is not None for vote in claim.votes],
        }
    won: list[JsonValue] = [
        {
            "lettres": [card_json(state, c) for c in state.won_letters[s]],
            "themes": [_face(state, f) for f in state.won_themes[s]],
            "bonus": [_face(state, f) for f in state.bonus[s]],
        }
        for s in range(players)
    ]
    outcome = state.outcome()
    view: JsonObject = {
        "jeu": "themes",
        "mode": config.mode,
        "options": {"jugement": config.judging, "secondes": config.hourglass},
        "phase": state.phase,
        "places": players,
        "premier_joueur": config.starter,
        "actif": state.active,
        "sablier_tenu_par": hourglass_seat(state.active, players),
        "juges": list(state.judges_of(state.active)),
        "tour": state.turn,
        "colonnes": columns,
        "cinquieme": (
            {"theme": _face(state, state.fifth[0]), "restants": len(state.fifth)}
            if state.fifth
            else None
        ),
        "pioche": len(state.draw),
        "mains": [len(hand) for hand in state.hands],
        "gagne": won,
        "scores": [state.score(s) for s in range(players)],
        "cartes_theme": [state.theme_count(s) for s in range(players)],
        "a_change_de_main": state.redrawn,
        "mots_du_tour": state.words_in_turn,
        "temps_ecoule": state.timed_out,
        "tours_sans_mot": state.dry,
        "jugement": judging,
        "decisions": [
            {
                "tour": j.turn,
                "place": j.seat,
                "themes": list(j.themes),
                "mot": j.word,
                "accepte": j.accepted,
                "par": j.by,
            }
            for j in state.judgements[-SHOWN:]
        ],
        "evenements": list(state.events[-SHOWN:]),
        "resultat": None if outcome is None else outcome.to_json(),
    }
    if seat is not None:
        view["place"] = seat
        view["main"] = [card_json(state, c) for c in state.hands[seat]]
    else:
        view["main"] = None
    return view
