"""Rich rendering of a Thèmes view: the theme columns, the hand, the players, the last events.

Everything is drawn from a seat's JSON view (``state.view(seat)``), in each mode: Simultanée
shows the two turned cards in a panel, who still searches and the debts; Équipe shows the teams
and their scores, the active team's packets (their letters only when the viewer is in that
team), the themes won this round. A letter card is written
with its constraint mark: ``A¹`` must be the first letter of the word, ``E²`` the second, ``S$``
the last (such a card is worth 2 points); a plain letter is just ``E``.

>>> card_label({"lettre": "N", "contrainte": "premiere"}), card_label({"lettre": "E"})
('N¹', 'E')
>>> card_label({"lettre": "S", "contrainte": "derniere"})
'S$'
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.games.themes.notation import name_seats

__all__ = [
    "LEGEND",
    "MARKS",
    "card_label",
    "cards_text",
    "packets_panel",
    "players_table",
    "table_of",
    "teams_table",
    "turned_panel",
]

MARKS = {"premiere": "¹", "seconde": "²", "derniere": "$"}
"""The mark written after a constraint letter."""

LEGEND = "A¹ : première lettre du mot · E² : seconde · S$ : dernière (2 points chacune)"
SHOWN_EVENTS = 5
SHOWN_DECISIONS = 4


def _objs(value: JsonValue) -> list[JsonObject]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _ints(value: JsonValue) -> list[int]:
    return [v for v in value if isinstance(v, int)] if isinstance(value, list) else []


def _strs(value: JsonValue) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _int(value: JsonValue) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def card_label(card: JsonObject) -> str:
    """The letter and its constraint mark (``N¹``, ``E²``, ``S$``, ``E``)."""
    constraint = card.get("contrainte")
    mark = MARKS.get(constraint, "") if isinstance(constraint, str) else ""
    return f"{card.get('lettre')}{mark}"


def _card_text(card: JsonObject) -> Text:
    style = "bold yellow" if card.get("contrainte") else "bold"
    return Text(card_label(card), style=style)


def cards_text(cards: Sequence[JsonObject], empty: str = "aucune") -> Text:
    """``E · R · N¹`` (``empty`` when there is none)."""
    if not cards:
        return Text(empty, style="dim")
    return Text(" · ").join(_card_text(card) for card in cards)


def _columns_table(view: JsonObject) -> Table:
    table = Table(box=box.ROUNDED, show_header=True, expand=False, padding=(0, 1))
    columns = _objs(view.get("colonnes"))
    fifth = view.get("cinquieme")
    for index, column in enumerate(columns, 1):
        theme = column.get("theme")
        title = f"{index} · {theme}" if isinstance(theme, str) else f"{index} · épuisée"
        table.add_column(title, justify="center", overflow="fold", min_width=12)
    if view.get("mode") == "expert":
        table.add_column("5e pile", justify="center", overflow="fold", min_width=12)
    letters_row: list[RenderableType] = []
    under_row: list[RenderableType] = []
    left_row: list[RenderableType] = []
    for column in columns:
        visible = column.get("lettres")
        cards = [c for c in visible if isinstance(c, dict)] if isinstance(visible, list) else []
        shown = Text("  ").join(_card_text(c) for c in cards) if cards else Text("—", style="dim")
        letters_row.append(shown)
        under = _ints(column.get("sous_les_lettres"))
        under_row.append(Text(f"dessous {'/'.join(map(str, under)) or '0'}", style="dim"))
        left_row.append(Text(f"{_int(column.get('restants'))} thème(s)", style="dim"))
    if view.get("mode") == "expert":
        if isinstance(fifth, dict):
            letters_row.append(Text(str(fifth.get("theme")), style="bold magenta"))
            under_row.append(Text("(2+ mot)", style="dim"))
            left_row.append(Text(f"{_int(fifth.get('restants'))} thème(s)", style="dim"))
        else:
            letters_row.append(Text("(épuisée)", style="dim"))
            under_row.append(Text(""))
            left_row.append(Text("0 thème", style="dim"))
    table.add_row(*letters_row)
    table.add_row(*under_row)
    table.add_row(*left_row)
    return table


def players_table(view: JsonObject, names: Sequence[str]) -> Table:
    """One row per seat: its role this turn, hand size, themes and letters won, score."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("Joueur", no_wrap=True)
    table.add_column("Rôle", no_wrap=True)
    table.add_column("Main", justify="right")
    table.add_column("Thèmes gagnés", overflow="fold", ratio=1)
    table.add_column("Lettres", justify="right")
    table.add_column("Score", justify="right")
    active = _int(view.get("actif"))
    holder = _int(view.get("sablier_tenu_par"))
    judges = _ints(view.get("juges"))
    hands = _ints(view.get("mains"))
    scores = _ints(view.get("scores"))
    won = _objs(view.get("gagne"))
    over = view.get("phase") == "fin"
    for seat, name in enumerate(names):
        roles = []
        if not over:
            if seat == active:
                roles.append("joue")
            if seat == holder:
                roles.append("sablier")
            if seat in judges:
                roles.append("juge")
        mine: JsonObject = won[seat] if seat < len(won) else {}
        themes = _strs(mine.get("themes"))
        bonus = _strs(mine.get("bonus"))
        theme_text = ", ".join(themes) or "—"
        if bonus:
            theme_text += " ; 3 PV : " + ", ".join(bonus)
        letters = _objs(mine.get("lettres"))
        marker = "▶ " if seat == active and not over else "  "
        table.add_row(
            marker + name,
            ", ".join(roles) or "—",
            str(hands[seat]) if seat < len(hands) else "?",
            theme_text,
            str(len(letters)),
            str(scores[seat]) if seat < len(scores) else "0",
        )
    return table


def _names_of(seats: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(names[s] if 0 <= s < len(names) else f"place {s + 1}" for s in seats)


def _judging_text(view: JsonObject, names: Sequence[str]) -> Text | None:
    claim = view.get("jugement")
    if not isinstance(claim, dict):
        return None
    seat = _int(claim.get("place"))
    themes = " + ".join(_strs(claim.get("themes")))
    judges = _ints(claim.get("juges"))
    decided = claim.get("a_decide")
    waiting = [
        j
        for i, j in enumerate(judges)
        if not (isinstance(decided, list) and i < len(decided) and decided[i])
    ]
    return Text.assemble(
        ("Au jugement : ", "bold yellow"),
        f"« {claim.get('mot')} » pour {themes}, dit par {_names_of([seat], names)} (",
        cards_text(_objs(claim.get("cartes"))),
        f") ; attend : {_names_of(waiting, names) or 'personne'}.",
    )


def _decisions(view: JsonObject, names: Sequence[str]) -> Text | None:
    decisions = _objs(view.get("decisions"))[-SHOWN_DECISIONS:]
    if not decisions:
        return None
    by = {"vocabulaire": "vocabulaire", "juge": "juge", "vote": "vote", "silence": "silence"}
    parts = []
    for decision in decisions:
        verdict = "accepté" if decision.get("accepte") else "refusé"
        themes = " + ".join(_strs(decision.get("themes")))
        who = _names_of([_int(decision.get("place"))], names)
        how = by.get(str(decision.get("par")), str(decision.get("par")))
        why = f" ({decision['motif']})" if isinstance(decision.get("motif"), str) else ""
        parts.append(f"« {decision.get('mot')} » ({themes}, {who}) : {verdict} par {how}{why}")
    return Text.assemble(("Décisions : ", "bold"), " ; ".join(parts))


def _tail(view: JsonObject, names: Sequence[str]) -> list[RenderableType]:
    """The word being judged, the last decisions and events."""
    parts: list[RenderableType] = []
    judging = _judging_text(view, names)
    if judging is not None:
        parts.append(judging)
    decisions = _decisions(view, names)
    if decisions is not None:
        parts.append(decisions)
    events = [name_seats(e, names) for e in _strs(view.get("evenements"))[-SHOWN_EVENTS:]]
    if events:
        parts.append(Text.assemble(("Derniers événements : ", "bold"), " · ".join(events)))
    return parts


def turned_panel(view: JsonObject, names: Sequence[str]) -> Panel:
    """Simultanée: the two turned cards, big, and who turned them."""
    cards = _objs(view.get("retournees"))
    shown = (
        Text("   ").join(
            Text(
                f" {card_label(c)} ",
                style="bold black on yellow" if c.get("contrainte") else "bold black on white",
            )
            for c in cards
        )
        if cards
        else Text("—", style="dim")
    )
    title = f"Manche {_int(view.get('manche'))} · cartes retournées"
    turner = view.get("retourne_par")
    subtitle = f"par {_names_of([turner], names)}" if isinstance(turner, int) else None
    return Panel(
        shown,
        title=title,
        subtitle=subtitle,
        border_style="yellow",
        box=box.HEAVY,
        expand=False,
        padding=(1, 4),
    )


def _simultaneous_players(view: JsonObject, names: Sequence[str]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("Joueur", no_wrap=True)
    table.add_column("Manche", no_wrap=True)
    table.add_column("Thèmes gagnés", overflow="fold", ratio=1)
    table.add_column("Lettres", justify="right")
    table.add_column("Dette", justify="right")
    table.add_column("Score", justify="right")
    searching = set(_ints(view.get("cherchent")))
    debts = _ints(view.get("dettes"))
    scores = _ints(view.get("scores"))
    won = _objs(view.get("gagne"))
    claim = view.get("jugement")
    judges = set(_ints(claim.get("juges"))) if isinstance(claim, dict) else set()
    over = view.get("phase") == "fin"
    for seat, name in enumerate(names):
        role = "—" if over else ("cherche" if seat in searching else "hors manche")
        if seat in judges:
            role += ", juge"
        mine: JsonObject = won[seat] if seat < len(won) else {}
        debt = debts[seat] if seat < len(debts) else 0
        table.add_row(
            name,
            role,
            ", ".join(_strs(mine.get("themes"))) or "—",
            str(len(_objs(mine.get("lettres")))),
            Text(str(debt), style="bold red") if debt else Text("0", style="dim"),
            str(scores[seat]) if seat < len(scores) else "0",
        )
    return table


def _simultaneous_parts(view: JsonObject, names: Sequence[str]) -> list[RenderableType]:
    parts: list[RenderableType] = [_columns_table(view)]
    if view.get("phase") != "fin":
        parts.append(turned_panel(view, names))
    parts.append(Text(LEGEND, style="dim"))
    parts.append(
        Text.assemble(
            ("Pioche : ", "bold"),
            f"{_int(view.get('pioche'))} cartes · manche {_int(view.get('manche'))} · "
            "sans sablier : le premier mot valide gagne la manche",
        )
    )
    parts.append(_simultaneous_players(view, names))
    return parts


def packets_panel(view: JsonObject, names: Sequence[str]) -> Panel:
    """Équipe: the active team's packets (letters only when the viewer sees them)."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold cyan", no_wrap=True)
    grid.add_column()
    grid.add_column(style="dim")
    mine = False
    for packet in _objs(view.get("paquets")):
        size = _int(packet.get("taille"))
        label = f"p{size} ({size} carte{'s' if size > 1 else ''})"
        cards = packet.get("cartes")
        if isinstance(cards, list):
            mine = True
            content = cards_text(_objs(cards), empty="vide")
        else:
            content = Text(f"{_int(packet.get('restantes'))} carte(s) cachée(s)", style="dim")
        if packet.get("utilise"):
            content = Text.assemble(content, (" — déjà utilisé", "bold green"))
        holder = packet.get("porteur")
        grid.add_row(
            label,
            content,
            f"porteur : {_names_of([holder], names)}" if isinstance(holder, int) else "",
        )
    team = _int(view.get("equipe_active")) + 1
    title = "Les paquets de votre équipe" if mine else f"Les paquets de l'équipe {team}"
    return Panel(grid, title=title, title_align="left", border_style="cyan", expand=False)


def teams_table(view: JsonObject, names: Sequence[str]) -> Table:
    """One row per team: its players, themes and letters won, score."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("Équipe", no_wrap=True)
    table.add_column("Joueurs", overflow="fold")
    table.add_column("Thèmes gagnés", overflow="fold", ratio=1)
    table.add_column("Lettres", justify="right")
    table.add_column("Score", justify="right")
    active = _int(view.get("equipe_active"))
    mine = view.get("equipe")
    over = view.get("phase") == "fin"
    won = _objs(view.get("gagne_equipes"))
    scores = _ints(view.get("scores_equipes"))
    teams = view.get("equipes")
    for team, members in enumerate(teams if isinstance(teams, list) else []):
        marker = "▶ " if team == active and not over else "  "
        label = f"{marker}{team + 1}{' (vous)' if team == mine else ''}"
        got: JsonObject = won[team] if team < len(won) else {}
        table.add_row(
            label,
            _names_of(_ints(members), names),
            ", ".join(_strs(got.get("themes"))) or "—",
            str(len(_objs(got.get("lettres")))),
            str(scores[team]) if team < len(scores) else "0",
        )
    return table


def _teams_parts(view: JsonObject, names: Sequence[str]) -> list[RenderableType]:
    parts: list[RenderableType] = [_columns_table(view), Text(LEGEND, style="dim")]
    playing = view.get("phase") != "fin"
    if playing:
        parts.append(packets_panel(view, names))
    parts.append(teams_table(view, names))
    if playing:
        active = _int(view.get("equipe_active"))
        options = view.get("options")
        seconds = _int(options.get("secondes")) if isinstance(options, dict) else 45
        holder = view.get("sablier")
        themes = ", ".join(_strs(view.get("themes_de_la_manche"))) or "aucun"
        parts.append(
            Text.assemble(
                ("À jouer : ", "bold"),
                f"équipe {active + 1} ({seconds} s) · manche {_int(view.get('manche'))} · "
                f"sablier : {_names_of([holder], names) if isinstance(holder, int) else '—'} · "
                f"juge : {_names_of(_ints(view.get('juges')), names)}",
            )
        )
        parts.append(
            Text.assemble(
                ("Mots de la manche : ", "bold"),
                f"{_int(view.get('mots_de_la_manche'))}/3 · thèmes de la manche : {themes} "
                "(gardés seulement avec 3 mots)",
                f" · pioche : {_int(view.get('pioche'))} cartes",
            )
        )
    return parts


def table_of(view: JsonObject, names: Sequence[str]) -> Group:
    """The whole table as ``view``'s seat sees it."""
    if view.get("mode") == "simultanee":
        return Group(*_simultaneous_parts(view, names), *_tail(view, names))
    if view.get("mode") == "equipe":
        return Group(*_teams_parts(view, names), *_tail(view, names))
    parts: list[RenderableType] = [_columns_table(view)]
    parts.append(Text(LEGEND, style="dim"))
    hand = view.get("main")
    if isinstance(hand, list):
        parts.append(Text.assemble(("Votre main : ", "bold"), cards_text(_objs(hand))))
    parts.append(
        Text.assemble(
            ("Pioche : ", "bold"),
            f"{_int(view.get('pioche'))} cartes · tour {_int(view.get('tour')) + 1} · ",
            f"mots ce tour : {_int(view.get('mots_du_tour'))}",
            " · main déjà changée" if view.get("a_change_de_main") else "",
        )
    )
    parts.append(players_table(view, names))
    if view.get("phase") != "fin":
        active = _int(view.get("actif"))
        holder = _int(view.get("sablier_tenu_par"))
        judges = _ints(view.get("juges"))
        options = view.get("options")
        seconds = _int(options.get("secondes")) if isinstance(options, dict) else 45
        parts.append(
            Text.assemble(
                ("À jouer : ", "bold"),
                f"{_names_of([active], names)} ({seconds} s) · sablier : "
                f"{_names_of([holder], names)} · juge : {_names_of(judges, names)}",
            )
        )
    parts += _tail(view, names)
    return Group(*parts)
