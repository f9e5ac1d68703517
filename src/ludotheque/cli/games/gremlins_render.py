"""Rich rendering of a Gremlins view: scores, objective, projects, permanents, hand, journal.

Everything is drawn from a seat's JSON view (``state.view(seat)``; its ``cartes`` catalog names
every card the seat may see). Projects are numbered from 1, as in the typed notation. A project
of another player shows « caché » and its banners only, unless the seat knows its card.

>>> resources_label(["malice", "or", "or"])
'2 or, 1 malice'
>>> resources_label([])
'aucune'
>>> with_names("joueur 2 vole 1 or à joueur 1.", ["Place 1 (vous)", "greedy (place 2)"])
'greedy (place 2) vole 1 or à Place 1 (vous).'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludotheque.core.json_types import JsonObject, JsonValue

__all__ = [
    "BANNER_STYLES",
    "card_label",
    "hand_table",
    "players_table",
    "prompt_panel",
    "resources_label",
    "speaking_names",
    "table_of",
    "with_names",
]

BANNER_STYLES = {"or": "yellow", "malice": "red", "techno": "cyan"}
BANNER_ORDER = ("or", "malice", "techno")
JOURNAL_LINES = 8
_SEAT = re.compile(r"\bjoueur (\d+)\b")


def _objs(value: JsonValue) -> list[JsonObject]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _strs(value: JsonValue) -> list[str]:
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []


def _int(value: JsonValue) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def with_names(line: str, names: Sequence[str]) -> str:
    """A journal line with « joueur N » replaced by the name of place N."""

    def name(found: re.Match[str]) -> str:
        seat = int(found[1]) - 1
        return names[seat] if 0 <= seat < len(names) else found[0]

    return _SEAT.sub(name, line)


def speaking_names(names: Sequence[str], human: int) -> list[str]:
    """Names for journal lines, written in the third person: « Place 1 (vous) »."""
    return [f"Place {seat + 1} (vous)" if seat == human else n for seat, n in enumerate(names)]


def resources_label(banners: Sequence[str]) -> str:
    """Banners counted, in the order or, malice, techno."""
    counts = Counter(banners)
    parts = [f"{counts[b]} {b}" for b in BANNER_ORDER if counts[b]]
    parts += [f"{n} {b}" for b, n in sorted(counts.items()) if b not in BANNER_ORDER]
    return ", ".join(parts) or "aucune"


def _resources_text(banners: Sequence[str]) -> Text:
    counts = Counter(banners)
    if not counts:
        return Text("aucune", style="dim")
    text = Text()
    for banner in [*BANNER_ORDER, *sorted(set(counts) - set(BANNER_ORDER))]:
        if counts[banner]:
            if text:
                text.append(", ")
            text.append(f"{counts[banner]} {banner}", style=BANNER_STYLES.get(banner, ""))
    return text


def _cards(count: int) -> str:
    return f"{count} carte{'s' if count > 1 else ''}"


def _card(view: JsonObject, card_id: str) -> JsonObject:
    cards = view.get("cartes")
    found = cards.get(card_id) if isinstance(cards, dict) else None
    return found if isinstance(found, dict) else {"id": card_id, "nom": card_id}


def card_label(view: JsonObject, card_id: str) -> str:
    """``Boîte à musique (P02)``."""
    return f"{_card(view, card_id).get('nom')} ({card_id})"


def _kind(card: JsonObject) -> str:
    kind = str(card.get("type", "?"))
    prestige = card.get("prestige")
    if kind == "action" or not isinstance(prestige, int):
        return kind
    return f"{kind} {prestige}★"


def _banner(card: JsonObject) -> Text:
    banner = str(card.get("bandeau", "?"))
    return Text(banner, style=BANNER_STYLES.get(banner, ""))


def players_table(view: JsonObject, names: Sequence[str], human: int) -> Table:
    """One row per player: prestige, team, hand size, projects (banners), permanents."""
    teams = view.get("equipes")
    team_play = isinstance(teams, list)
    active = _int(view.get("joueur_actif"))
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)
    table.add_column("", no_wrap=True)
    table.add_column("Joueur", no_wrap=True)
    table.add_column("Prestige", justify="right")
    if team_play:
        table.add_column("Équipe", justify="right")
    table.add_column("Main", justify="right")
    table.add_column("Projets", overflow="fold")
    table.add_column("Permanents", overflow="fold")
    for player in _objs(view.get("joueurs")):
        seat = _int(player.get("place"))
        mark = "▶" if seat == active and view.get("phase") == "jeu" else ""
        projects = Text()
        for project in _objs(player.get("projets")):
            if projects:
                projects.append("\n")
            number = _int(project.get("numero")) + 1
            card = project.get("carte")
            if isinstance(card, str):
                projects.append(f"{number}. {card_label(view, card)}")
                if project.get("devoile"):
                    projects.append(" dévoilé", style="dim")
            else:
                projects.append(f"{number}. caché", style="dim")
            projects.append(" [")
            projects.append_text(_resources_text(_strs(project.get("ressources"))))
            projects.append("]")
            if project.get("terminable"):
                projects.append(" terminable", style="bold green")
        limit = _int(player.get("projets_max"))
        count = len(_objs(player.get("projets")))
        if not projects:
            projects = Text(f"aucun (max {limit})", style="dim")
        elif seat != human:
            projects.append(f"\n({count}/{limit})", style="dim")
        permanents = ", ".join(card_label(view, c) for c in _strs(player.get("permanents")))
        name = names[seat] if seat < len(names) else f"place {seat + 1}"
        row: list[RenderableType] = [
            Text(mark, style="bold green"),
            Text(name, style="bold" if seat == human else ""),
            str(_int(player.get("prestige"))),
        ]
        if team_play:
            row.append(str(_int(player.get("equipe")) + 1))
        row += [str(_int(player.get("cartes_en_main"))), projects, permanents or "—"]
        table.add_row(*row)
    return table


def _team_line(view: JsonObject) -> Text | None:
    teams = view.get("equipes")
    if not isinstance(teams, list):
        return None
    totals: Counter[int] = Counter()
    for player in _objs(view.get("joueurs")):
        totals[_int(player.get("equipe"))] += _int(player.get("prestige"))
    parts = [f"équipe {team + 1} : {totals[team]}" for team in sorted(totals)]
    return Text.assemble(("Prestige des équipes — ", "bold"), " ; ".join(parts))


def _own_projects(view: JsonObject, me: JsonObject) -> Table | Text:
    projects = _objs(me.get("projets"))
    limit = _int(me.get("projets_max"))
    if not projects:
        return Text(f"Vos projets : aucun (au plus {limit}).", style="dim")
    table = Table(
        title=f"Vos projets ({len(projects)}/{limit})",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
    )
    table.add_column("N°", justify="right", no_wrap=True)
    table.add_column("Carte", overflow="fold")
    table.add_column("Type", no_wrap=True)
    table.add_column("Exigences", overflow="fold")
    table.add_column("Ressources", overflow="fold")
    table.add_column("État", overflow="fold")
    for project in projects:
        card_id = project.get("carte")
        card = _card(view, card_id) if isinstance(card_id, str) else {}
        state = Text("dévoilé" if project.get("devoile") else "caché", style="dim")
        if project.get("terminable"):
            state.append(" terminable", style="bold green")
        if card.get("type") == "action":
            state.append(" (faux projet)", style="dim")
        kind = _kind(card)
        table.add_row(
            str(_int(project.get("numero")) + 1),
            card_label(view, card_id) if isinstance(card_id, str) else "?",
            kind,
            "—" if card.get("type") == "action" else str(card.get("cout", "?")),
            _resources_text(_strs(project.get("ressources"))),
            state,
        )
    return table


def hand_table(view: JsonObject, me: JsonObject) -> Table | Text:
    """The seat's hand: id, name, type and prestige, banner, cost or requirements, effect."""
    hand = _strs(me.get("main"))
    if not hand:
        return Text("Votre main est vide.", style="dim")
    costs = me.get("couts")
    table = Table(
        title=f"Votre main ({_cards(len(hand))} ; ★ : prestige)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
    )
    table.add_column("Carte", no_wrap=True, style="bold")
    table.add_column("Nom", overflow="fold")
    table.add_column("Type", no_wrap=True)
    table.add_column("Bandeau", no_wrap=True)
    table.add_column("Coût / exigences", overflow="fold")
    table.add_column("Effet", overflow="fold", ratio=1)
    for card_id in hand:
        card = _card(view, card_id)
        cost = str(card.get("cout", "?"))
        if isinstance(costs, dict) and isinstance(costs.get(card_id), str):
            actual = str(costs[card_id])
            if actual != cost:
                cost = f"{actual} (au lieu de {cost})"
        table.add_row(
            card_id,
            str(card.get("nom", card_id)),
            _kind(card),
            _banner(card),
            cost,
            str(card.get("effet") or "—"),
        )
    return table


def _heading(view: JsonObject, names: Sequence[str], human: int) -> Text:
    objective = view.get("objectif")
    goal = objective if isinstance(objective, dict) else {}
    target, limit = _int(goal.get("prestige")), _int(goal.get("epuisements"))
    parts = []
    if target:
        parts.append(f"{target} prestige")
    if limit:
        parts.append(f"{limit} épuisement{'s' if limit > 1 else ''} de la pioche")
    text = Text.assemble(("Gremlins, Inc.", "bold"), f" — tour {_int(view.get('tour'))}")
    text.append(" — objectif : " + " ou ".join(parts))
    exhausted = _int(view.get("epuisements"))
    epuisee = f"épuisée {exhausted}/{limit}" if limit else f"épuisée {exhausted} fois"
    deck, discard = _int(view.get("pioche")), len(_strs(view.get("defausse")))
    text.append(f"\nPioche : {_cards(deck)} ({epuisee}) — défausse : {_cards(discard)}")
    if view.get("phase") == "nouvelle-main":
        text.append("\nMise en place : chacun peut refaire sa main une fois.", style="bold")
    elif view.get("phase") == "jeu":
        active = _int(view.get("joueur_actif"))
        played, allowed = _int(view.get("actions_jouees")), _int(view.get("actions_permises"))
        who = "à vous" if active == human else f"à {names[active]}"
        left = max(0, allowed - played)
        text.append(
            f"\nC'est {who} de jouer — action{'s' if left > 1 else ''} restante"
            f"{'s' if left > 1 else ''} : {left} sur {allowed}",
            style="bold",
        )
    in_play = _strs(view.get("en_jeu"))
    if in_play:
        text.append("\nEn cours : " + ", ".join(card_label(view, c) for c in in_play))
    return text


def _journal(view: JsonObject, names: Sequence[str]) -> Text | None:
    lines = _strs(view.get("journal"))[-JOURNAL_LINES:]
    if not lines:
        return None
    text = Text("Journal\n", style="bold")
    text.append("\n".join(f"  {with_names(line, names)}" for line in lines), style="dim")
    return text


def prompt_panel(view: JsonObject, names: Sequence[str], human: int) -> Panel | None:
    """The question waiting for an answer: numbered options when it is the seat's."""
    choice = view.get("choix")
    if not isinstance(choice, dict):
        return None
    spoken = speaking_names(names, human)
    question = with_names(str(choice.get("question", "")), spoken)
    options = _objs(choice.get("options"))
    seat = _int(choice.get("place"))
    if seat != human or not options:
        who = names[seat] if seat < len(names) else f"place {seat + 1}"
        return Panel(Text(f"{who} choisit : {question}"), box=box.ROUNDED, border_style="dim")
    body = Text(question + "\n", style="bold")
    for number, option in enumerate(options, 1):
        body.append(f"\n  {number:>2}. ", style="bold cyan")
        body.append(with_names(str(option.get("texte", option.get("cle", ""))), spoken))
    return Panel(
        body, title="À vous de choisir", title_align="left", box=box.ROUNDED, border_style="cyan"
    )


def table_of(view: JsonObject, names: Sequence[str], human: int) -> Group:
    """The whole table as ``human`` sees it."""
    parts: list[RenderableType] = [Text(), _heading(view, names, human)]
    parts.append(players_table(view, names, human))
    team = _team_line(view)
    if team is not None:
        parts.append(team)
    players = _objs(view.get("joueurs"))
    me = next((p for p in players if _int(p.get("place")) == human), None)
    if me is not None:
        parts += [_own_projects(view, me), hand_table(view, me)]
    journal = _journal(view, speaking_names(names, human))
    if journal is not None:
        parts.append(journal)
    panel = prompt_panel(view, names, human)
    if panel is not None:
        parts.append(panel)
    return Group(*parts)
