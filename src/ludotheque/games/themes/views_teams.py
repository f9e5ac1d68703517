"""What each seat of an Équipe table sees (JSON, French keys, as in ``views.py``).

Public: the teams, the visible themes and letters, the cards each team has won, the themes won
in the current round (kept only with three words), which packets have been used and how many
cards are left in each, the word being judged with its cards. The active team's seats also see
the letters of its packets; the other teams do not (« faces cachées »).
"""

from __future__ import annotations

from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.protocol import Seat

from .state_teams import PACKET_SIZES, TeamsState
from .views import SHOWN, card_json, claim_json, columns_json, decisions_json, won_json

__all__ = ["build_view"]


def build_view(state: TeamsState, seat: Seat | None) -> JsonObject:
    config = state.config
    players = state.players
    sees = state.sees_packets(seat)
    playing = state.phase != "fin"
    holders = state.holders() if playing else ()
    packets: list[JsonValue] = []
    for index, (packet, size) in enumerate(zip(state.packets, PACKET_SIZES, strict=True)):
        entry: JsonObject = {
            "taille": size,
            "restantes": len(packet),
            "utilise": state.used[index],
            "porteur": holders[index] if holders else None,
        }
        if sees:
            entry["cartes"] = [card_json(state, c) for c in packet]
        packets.append(entry)
    teams = range(config.teams)
    outcome = state.outcome()
    view: JsonObject = {
        "jeu": "themes",
        "mode": config.mode,
        "options": {
            "jugement": config.judging,
            "secondes": config.hourglass,
            "equipes": config.teams,
        },
        "phase": state.phase,
        "places": players,
        "equipes": [list(config.members(t)) for t in teams],
        "equipe_de": [config.team_of(s) for s in range(players)],
        "premiere_equipe": config.starter,
        "equipe_active": state.active,
        "manche": state.round,
        "sablier": state.captain() if playing else None,
        "juges": list(state.judges()) if playing else [],
        "paquets": packets,
        "themes_de_la_manche": [state.catalog.theme(f) for f in state.round_themes],
        "mots_de_la_manche": sum(state.used),
        "temps_ecoule": state.timed_out,
        "colonnes": columns_json(state),
        "cinquieme": None,
        "pioche": len(state.draw),
        "gagne_equipes": won_json(state),
        "scores_equipes": [state.team_score(t) for t in teams],
        "scores": [state.score(s) for s in range(players)],
        "cartes_theme": [state.theme_count(s) for s in range(players)],
        "jugement": claim_json(state, state.claim_packet),
        "decisions": decisions_json(state),
        "evenements": list(state.events[-SHOWN:]),
        "resultat": None if outcome is None else outcome.to_json(),
        "main": None,
    }
    if seat is not None:
        view["place"] = seat
        view["equipe"] = config.team_of(seat)
        view["main"] = []
    return view
