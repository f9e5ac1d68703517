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
from .views import SHOWN

__all__ = ["build_view"]


def card_json(state: TeamsState, card_id: str) -> JsonObject:
    card = state.catalog.letters[card_id]
    return {
        "id": card.id,
        "lettre": card.letter,
        "contrainte": card.constraint,
        "points": card.points,
    }


def build_view(state: TeamsState, seat: Seat | None) -> JsonObject:
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
                "theme": state.catalog.theme(pile[0]) if pile else None,
                "restants": len(pile),
                "lettres": letters,
                "sous_les_lettres": [max(0, len(p) - 1) for p in state.columns[index]],
            }
        )
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
    claim = state.claim
    judging: JsonValue = None
    if claim is not None:
        judging = {
            "place": claim.seat,
            "mot": claim.word,
            "colonne": claim.column,
            "paquet": state.claim_packet,
            "cinquieme": False,
            "themes": list(claim.themes),
            "cartes": [card_json(state, c) for c in claim.cards],
            "juges": list(claim.judges),
            "a_decide": [vote is not None for vote in claim.votes],
        }
    teams = range(config.teams)
    won: list[JsonValue] = [
        {
            "lettres": [card_json(state, c) for c in state.won_letters[t]],
            "themes": [state.catalog.theme(f) for f in state.won_themes[t]],
            "bonus": [],
        }
        for t in teams
    ]
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
        "colonnes": columns,
        "cinquieme": None,
        "pioche": len(state.draw),
        "gagne_equipes": won,
        "scores_equipes": [state.team_score(t) for t in teams],
        "scores": [state.score(s) for s in range(players)],
        "cartes_theme": [state.theme_count(s) for s in range(players)],
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
        "main": None,
    }
    if seat is not None:
        view["place"] = seat
        view["equipe"] = config.team_of(seat)
        view["main"] = []
    return view
