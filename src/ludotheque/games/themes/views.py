"""What each seat of a Thèmes table sees (JSON, French keys).

Public: the visible themes and letters, the pile sizes, the cards everyone has won (« posées
devant lui »), whose turn it is, who holds the hourglass and who judges, the word being judged
with its cards, the log of decisions. Private: one's own hand. Never: the others' hands, the
order of the draw pile, the cards under the visible ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias

from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.protocol import Seat

from .judging import REASONS, hourglass_seat
from .state import Face, ThemesState

if TYPE_CHECKING:
    from .state_simultaneous import SimultaneousState
    from .state_teams import TeamsState

    AnyState: TypeAlias = ThemesState | SimultaneousState | TeamsState

__all__ = [
    "build_view",
    "card_json",
    "claim_json",
    "columns_json",
    "decisions_json",
    "won_json",
]

SHOWN = 20
"""Events and decisions shown (the latest)."""


# --- fragments shared by the views of the three variants ------------------------------------


def card_json(state: AnyState, card_id: str) -> JsonObject:
    card = state.catalog.letters[card_id]
    return {
        "id": card.id,
        "lettre": card.letter,
        "contrainte": card.constraint,
        "points": card.points,
    }


def columns_json(state: AnyState) -> list[JsonValue]:
    """Each theme pile: its visible theme, its size, and the letters of its column."""
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


def claim_json(state: AnyState, packet: int | None = None) -> JsonValue:
    """The word being judged with its cards (None when no word waits); Équipe adds its
    ``packet``."""
    claim = state.claim
    if claim is None:
        return None
    judging: JsonObject = {"place": claim.seat, "mot": claim.word, "colonne": claim.column}
    if packet is not None:
        judging["paquet"] = packet
    judging |= {
        "cinquieme": claim.fifth,
        "themes": list(claim.themes),
        "cartes": [card_json(state, c) for c in claim.cards],
        "juges": list(claim.judges),
        "a_decide": [vote is not None for vote in claim.votes],
    }
    return judging


def won_json(state: AnyState, bonus: Sequence[Sequence[Face]] | None = None) -> list[JsonValue]:
    """The cards each player (each team) has won, and Expert's ``bonus`` cards."""
    return [
        {
            "lettres": [card_json(state, c) for c in letters],
            "themes": [state.catalog.theme(f) for f in state.won_themes[index]],
            "bonus": [] if bonus is None else [state.catalog.theme(f) for f in bonus[index]],
        }
        for index, letters in enumerate(state.won_letters)
    ]


def decisions_json(state: AnyState) -> list[JsonValue]:
    """The latest decisions on words."""
    return [
        {
            "tour": j.turn,
            "place": j.seat,
            "themes": list(j.themes),
            "mot": j.word,
            "accepte": j.accepted,
            "par": j.by,
            "motif": REASONS.get(j.reason or ""),
        }
        for j in state.judgements[-SHOWN:]
    ]


# --- the classic and Expert view ---------------------------------------------------------------


def build_view(state: ThemesState, seat: Seat | None) -> JsonObject:
    config = state.config
    players = state.players
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
        "colonnes": columns_json(state),
        "cinquieme": (
            {"theme": state.catalog.theme(state.fifth[0]), "restants": len(state.fifth)}
            if state.fifth
            else None
        ),
        "pioche": len(state.draw),
        "mains": [len(hand) for hand in state.hands],
        "gagne": won_json(state, state.bonus),
        "scores": [state.score(s) for s in range(players)],
        "cartes_theme": [state.theme_count(s) for s in range(players)],
        "a_change_de_main": state.redrawn,
        "mots_du_tour": state.words_in_turn,
        "temps_ecoule": state.timed_out,
        "tours_sans_mot": state.dry,
        "jugement": claim_json(state),
        "decisions": decisions_json(state),
        "evenements": list(state.events[-SHOWN:]),
        "resultat": None if outcome is None else outcome.to_json(),
    }
    if seat is not None:
        view["place"] = seat
        view["main"] = [card_json(state, c) for c in state.hands[seat]]
    else:
        view["main"] = None
    return view
