"""What each seat of a Thèmes table sees (JSON, French keys), in every variant.

Public: the visible themes and letters, the pile sizes, the cards everyone has won (« posées
devant lui »), whose turn it is, who holds the hourglass and who judges, the word being judged
with its cards, the log of decisions. Private: one's own hand; in Équipe, the packets, seen by
the active team only. Never: the others' hands, the order of the draw pile, the cards under the
visible ones. Simultanée: nobody holds a card, so every seat sees the same thing (the two
turned cards, who is still searching, the cards each still owes).
"""

from __future__ import annotations

from collections.abc import Sequence

from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.protocol import Seat

from .classic import ClassicPlay
from .judging import REASONS, hourglass_seat
from .simultaneous import SimultaneousPlay
from .state import ThemesState
from .table import Face
from .teams import PACKET_SIZES, TeamPlay

__all__ = [
    "card_json",
    "claim_json",
    "classic_view",
    "columns_json",
    "decisions_json",
    "simultaneous_view",
    "table_json",
    "teams_view",
    "themes_view",
    "won_json",
]

SHOWN = 20
"""Events and decisions shown (the latest)."""


# --- fragments shared by the views of the three variants ------------------------------------


def card_json(state: ThemesState, card_id: str) -> JsonObject:
    card = state.catalog.letters[card_id]
    return {
        "id": card.id,
        "lettre": card.letter,
        "contrainte": card.constraint,
        "points": card.points,
    }


def columns_json(state: ThemesState) -> list[JsonValue]:
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


def claim_json(state: ThemesState, packet: int | None = None) -> JsonValue:
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


def won_json(state: ThemesState, bonus: Sequence[Sequence[Face]] | None = None) -> list[JsonValue]:
    """The cards each player (each team) has won, and Expert's ``bonus`` cards."""
    return [
        {
            "lettres": [card_json(state, c) for c in letters],
            "themes": [state.catalog.theme(f) for f in state.won_themes[index]],
            "bonus": [] if bonus is None else [state.catalog.theme(f) for f in bonus[index]],
        }
        for index, letters in enumerate(state.won_letters)
    ]


def decisions_json(state: ThemesState) -> list[JsonValue]:
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


def table_json(state: ThemesState) -> JsonObject:
    """What the view of every variant shows alike: the game, its phase, the columns, the draw
    pile's size, the scores, the theme cards won, the latest decisions and events, the result."""
    outcome = state.outcome()
    players = range(state.players)
    return {
        "jeu": "themes",
        "mode": state.config.mode,
        "phase": state.phase,
        "places": state.players,
        "colonnes": columns_json(state),
        "pioche": len(state.draw),
        "scores": [state.score(s) for s in players],
        "cartes_theme": [state.theme_count(s) for s in players],
        "decisions": decisions_json(state),
        "evenements": list(state.events[-SHOWN:]),
        "resultat": None if outcome is None else outcome.to_json(),
    }


def themes_view(state: ThemesState, seat: Seat | None) -> JsonObject:
    """What ``seat`` (None: a spectator) sees, in the variant of ``state.play``."""
    play = state.play
    if isinstance(play, ClassicPlay):
        return classic_view(state, play, seat)
    if isinstance(play, TeamPlay):
        return teams_view(state, play, seat)
    assert isinstance(play, SimultaneousPlay), play
    return simultaneous_view(state, play, seat)


# --- the classic and Expert view ---------------------------------------------------------------


def classic_view(state: ThemesState, play: ClassicPlay, seat: Seat | None) -> JsonObject:
    config = state.config
    players = state.players
    view: JsonObject = {
        **table_json(state),
        "options": {"jugement": config.judging, "secondes": config.hourglass},
        "premier_joueur": config.starter,
        "actif": play.active,
        "sablier_tenu_par": hourglass_seat(play.active, players),
        "juges": list(state.judges_of(play.active)),
        "tour": play.turn,
        "cinquieme": (
            {"theme": state.catalog.theme(play.fifth[0]), "restants": len(play.fifth)}
            if play.fifth
            else None
        ),
        "mains": [len(hand) for hand in play.hands],
        "gagne": won_json(state, play.bonus),
        "a_change_de_main": play.redrawn,
        "mots_du_tour": play.words_in_turn,
        "temps_ecoule": play.timed_out,
        "tours_sans_mot": play.dry,
        "jugement": claim_json(state),
    }
    if seat is not None:
        view["place"] = seat
        view["main"] = [card_json(state, c) for c in play.hands[seat]]
    else:
        view["main"] = None
    return view


# --- the Équipe view -------------------------------------------------------------------------


def teams_view(state: ThemesState, play: TeamPlay, seat: Seat | None) -> JsonObject:
    """An Équipe table: the packets are seen by the active team only (« faces cachées »)."""
    config = state.config
    players = state.players
    sees = play.sees_packets(state, seat)
    playing = state.phase != "fin"
    holders = play.holders(state) if playing else ()
    packets: list[JsonValue] = []
    for index, (packet, size) in enumerate(zip(play.packets, PACKET_SIZES, strict=True)):
        entry: JsonObject = {
            "taille": size,
            "restantes": len(packet),
            "utilise": play.used[index],
            "porteur": holders[index] if holders else None,
        }
        if sees:
            entry["cartes"] = [card_json(state, c) for c in packet]
        packets.append(entry)
    teams = range(config.teams)
    view: JsonObject = {
        **table_json(state),
        "options": {
            "jugement": config.judging,
            "secondes": config.hourglass,
            "equipes": config.teams,
        },
        "equipes": [list(config.members(t)) for t in teams],
        "equipe_de": [config.team_of(s) for s in range(players)],
        "premiere_equipe": config.starter,
        "equipe_active": play.active,
        "manche": play.round,
        "sablier": play.captain(state) if playing else None,
        "juges": list(play.judges(state)) if playing else [],
        "paquets": packets,
        "themes_de_la_manche": [state.catalog.theme(f) for f in play.round_themes],
        "mots_de_la_manche": sum(play.used),
        "temps_ecoule": play.timed_out,
        "cinquieme": None,
        "gagne_equipes": won_json(state),
        "scores_equipes": [play.team_score(state, t) for t in teams],
        "jugement": claim_json(state, play.claim_packet),
        "main": None,
    }
    if seat is not None:
        view["place"] = seat
        view["equipe"] = config.team_of(seat)
        view["main"] = []
    return view


# --- the Simultanée view ---------------------------------------------------------------------


def simultaneous_view(state: ThemesState, play: SimultaneousPlay, seat: Seat | None) -> JsonObject:
    """A Simultanée table: nobody holds a card, so every seat sees the same, but the won
    cards it may choose to give back (D26)."""
    config = state.config
    players = state.players
    view: JsonObject = {
        **table_json(state),
        "options": {"jugement": config.judging},
        "premier_joueur": config.starter,
        "manche": play.round,
        "derniere_manche": (
            None
            if play.last_round is None
            else {
                "manche": play.last_round[0],
                "gagnant": play.last_round[1],
                "mot": play.last_round[2] or None,
            }
        ),
        "retourne_par": play.turner,
        "retournees": [card_json(state, c) for c in play.turned],
        "cherchent": [s for s in range(players) if not play.out[s] and state.phase != "fin"],
        "cinquieme": None,
        "mains": [0] * players,
        "gagne": won_json(state),
        "dettes": list(play.debts),
        # D26: who must choose a won card to give back now.
        "doivent_rendre": [s for s in range(players) if play.owes(state, s)],
        "a_rendre": [],
        "jugement": claim_json(state),
        "main": None,
    }
    if seat is not None:
        view["place"] = seat
        view["main"] = []
        if play.owes(state, seat):
            choices: list[JsonValue] = []
            for card in state.won_letters[seat]:
                letter = state.catalog.letters[card].letter
                choices.append({**card_json(state, card), "nom": f"lettre {letter}"})
            for face in state.won_themes[seat]:
                theme = state.catalog.theme(face)
                choices.append({"id": face[0], "nom": f"thème {theme}", "points": 1})
            view["a_rendre"] = choices
    return view
