"""What each seat sees of a Gremlins table (JSON, French keys).

A seat sees its own hand, the cards under its own projects, the card of every project it knows
(its own; revealed ones; one it stole or had stolen), every banner, every score, every active
permanent, the discard pile, the journal, and the prompt's options when it is the one choosing.
``cartes`` describes every card the view names, so a front end needs no card list of its own.
"""

from __future__ import annotations

from ludotheque.core.json_types import JsonObject, JsonValue

from .cards import Card, format_cost
from .state import GremlinsState
from .steps import DiscardPlayed
from .table import Table

__all__ = ["card_json", "view"]


def card_json(card: Card) -> JsonObject:
    return {
        "id": card.id,
        "nom": card.name,
        "type": card.kind,
        "bandeau": card.banner,
        "cout": format_cost(card.cost),
        "prestige": card.prestige,
        "effet": card.text,
    }


def _player(state: GremlinsState, table: Table, owner: int, seat: int | None) -> JsonObject:
    mine = owner == seat
    projects: list[JsonValue] = []
    for position, project in enumerate(state.projects[owner]):
        known = seat is not None and seat in project.seen
        entry: JsonObject = {
            "numero": position,
            "carte": project.card if known else None,
            "devoile": project.revealed,
            "ressources": [
                str(b) for b in sorted(state.catalog[c].banner for c in project.resources)
            ],
        }
        if mine:
            entry["cartes_ressources"] = list(project.resources)
            entry["terminable"] = table.requirements_met(owner, position)
        projects.append(entry)
    player: JsonObject = {
        "place": owner,
        "prestige": state.scores[owner],
        "equipe": state.config.teams[owner],
        "cartes_en_main": len(state.hands[owner]),
        "main": list(state.hands[owner]) if mine else None,
        "projets": projects,
        "projets_max": table.capacity(owner),
        "permanents": list(state.permanents[owner]),
        "nouvelle_main_faite": state.redrawn[owner],
    }
    if mine and state.phase == "jeu":
        player["couts"] = {
            card: format_cost(table.action_cost(owner, card))
            for card in sorted(set(state.hands[owner]))
            if state.catalog[card].kind == "action"
        }
    return player


def view(state: GremlinsState, seat: int | None) -> JsonObject:
    table = state.table()
    config = state.config
    players: list[JsonValue] = [
        _player(state, table, owner, seat) for owner in range(state.players)
    ]
    result: JsonObject = {
        "phase": state.phase,
        "tour": state.turn,
        "premier_joueur": config.starter,
        "joueur_actif": state.active,
        "actions_jouees": state.used,
        "actions_permises": table.allowance(state.active),
        "pioche": len(state.deck),
        "defausse": list(state.discard),
        "epuisements": state.exhaustions,
        "objectif": {"prestige": config.target, "epuisements": config.exhaustions},
        "equipes": list(config.teams) if config.team_play else None,
        "joueurs": players,
        "en_jeu": [step.card for step in state.steps if isinstance(step, DiscardPlayed)],
        "journal": list(state.journal),
        "raison": state.reason or None,
    }
    prompt = state.prompt
    if prompt is not None:
        choice: JsonObject = {"place": prompt.seat, "question": prompt.question}
        if prompt.seat == seat:
            choice["options"] = [{"cle": key, "texte": label} for key, label in prompt.options]
        result["choix"] = choice
    else:
        result["choix"] = None
    names = set(state.discard) | {s.card for s in state.steps if isinstance(s, DiscardPlayed)}
    for owner in range(state.players):
        names.update(state.permanents[owner])
        for project in state.projects[owner]:
            if seat is not None and seat in project.seen:
                names.add(project.card)
            if owner == seat:
                names.update(project.resources)
        if owner == seat:
            names.update(state.hands[owner])
    result["cartes"] = {card: card_json(state.catalog[card]) for card in sorted(names)}
    return result
