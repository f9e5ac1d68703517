"""Rich rendering of a Thèmes view: the theme columns, the hand, the players, the last events.

Everything is drawn from a seat's JSON view (``state.view(seat)``). A letter card is written
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
from rich.table import Table
from rich.text import Text

from ludotheque.core.json_types import JsonObject, JsonValue

__all__ = ["LEGEND", "MARKS", "card_label", "cards_text", "players_table", "table_of"]

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
        parts.append(f"« {decision.get('mot')} » ({themes}, {who}) : {verdict} par {how}")
    return Text.assemble(("Décisions : ", "bold"), " ; ".join(parts))


def table_of(view: JsonObject, names: Sequence[str]) -> Group:
    """The whole table as ``view``'s seat sees it."""
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
    judging = _judging_text(view, names)
    if judging is not None:
        parts.append(judging)
    decisions = _decisions(view, names)
    if decisions is not None:
        parts.append(decisions)
    events = _strs(view.get("evenements"))[-SHOWN_EVENTS:]
    if events:
        parts.append(Text.assemble(("Derniers événements : ", "bold"), " · ".join(events)))
    return Group(*parts)
