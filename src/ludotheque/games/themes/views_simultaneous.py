"""What each seat of a Simultanée table sees (JSON, French keys, as in ``views.py``).

Nobody holds a card, so every seat sees the same thing: the visible themes and letters, the two
turned cards, who is still searching, the cards each player has won and the cards each still
owes, the word being judged. Never: the order of the draw pile, the cards under the visible ones.
"""

from __future__ import annotations

from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.protocol import Seat

from .state_simultaneous import SimultaneousState
from .views import SHOWN, card_json, claim_json, columns_json, decisions_json, won_json

__all__ = ["build_view", "card_json", "claim_json", "columns_json", "decisions_json"]


def build_view(state: SimultaneousState, seat: Seat | None) -> JsonObject:
    config = state.config
    players = state.players
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
        "gagne": won_json(state),
        "dettes": list(state.debts),
        # D26: who must choose a won card to give back now.
        "doivent_rendre": [s for s in range(players) if state.owes(s)],
        "a_rendre": [],
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
        if state.owes(seat):
            choices: list[JsonValue] = []
            for card in state.won_letters[seat]:
                letter = state.catalog.letters[card].letter
                choices.append({**card_json(state, card), "nom": f"lettre {letter}"})
            for face in state.won_themes[seat]:
                theme = state.catalog.theme(face)
                choices.append({"id": face[0], "nom": f"thème {theme}", "points": 1})
            view["a_rendre"] = choices
    return view
