"""Rich rendering of a Letter view: the board with the tiles' sizes visible, hands, sheets.

Everything is drawn from a seat's JSON view (``state.view(seat)``). On the board each tile is
painted over all its cells in one background colour (neighbouring tiles never share a
colour): its letter stands in its top-left cell, its other cells are filled, so a 2x1 ``E``
shows as ``E`` then a filled cell. Blanks are ``░``. Tiles placed by the last turn are bold.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludotheque.core.json_types import JsonObject, JsonValue

__all__ = ["board_text", "hand_text", "sheets_table", "table_of", "tile_label"]

PALETTE = (
    "on dark_blue",
    "on dark_green",
    "on dark_red",
    "on purple4",
    "on dark_cyan",
    "on grey30",
)
BLANK = "░"


def _objs(value: JsonValue) -> list[JsonObject]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _int(value: JsonValue) -> int:
    return value if isinstance(value, int) else 0


def tile_label(tile: JsonObject) -> str:
    """``E 2x1`` (``blanche 1x1`` for a blank)."""
    return f"{tile.get('lettre') or 'blanche'} {tile.get('taille')}"


def _cells(piece: JsonObject) -> list[tuple[int, int]]:
    x, y = _int(piece.get("x")), _int(piece.get("y"))
    w, h = _int(piece.get("largeur")), _int(piece.get("hauteur"))
    return [(x + dx, y + dy) for dy in range(h) for dx in range(w)]


def board_text(view: JsonObject, recent: Collection[str] = ()) -> Text:
    """The grid: column letters on top, row numbers on the left, each cell 3 characters."""
    board = view.get("plateau")
    assert isinstance(board, dict)
    columns, rows = _int(board.get("colonnes")), _int(board.get("lignes"))
    pieces = _objs(board.get("pieces"))
    owner: dict[tuple[int, int], JsonObject] = {}
    for piece in pieces:
        for cell in _cells(piece):
            owner[cell] = piece
    colour: dict[str, str] = {}
    for piece in pieces:
        near = {
            colour.get(str(owner[(cx + dx, cy + dy)].get("id")), "")
            for cx, cy in _cells(piece)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if (cx + dx, cy + dy) in owner
        }
        colour[str(piece.get("id"))] = next((c for c in PALETTE if c not in near), PALETTE[0])
    text = Text("    " + "".join(f" {chr(ord('a') + x)} " for x in range(columns)) + "\n")
    for y in range(rows):
        text.append(f"{y + 1:>3} ", style="dim")
        for x in range(columns):
            found = owner.get((x, y))
            if found is None:
                text.append(" · ", style="dim")
                continue
            piece = found
            tile_id = str(piece.get("id"))
            letter = str(piece.get("lettre") or "")
            style = colour[tile_id] + (" bold" if tile_id in recent else "")
            if not letter:
                text.append(BLANK * 3, style="grey70")
            elif (x, y) == (_int(piece.get("x")), _int(piece.get("y"))):
                text.append(f" {letter:<2}", style="bold white " + style)
            else:
                text.append(" ▪ ", style="grey62 " + style)
        text.append("\n")
    text.rstrip()
    return text


def hand_text(tiles: Sequence[JsonObject]) -> Text:
    """``E 2x1 · R 1x1 · blanche 1x1`` (« aucune » when empty)."""
    if not tiles:
        return Text("aucune", style="dim")
    return Text(" · ".join(tile_label(t) for t in tiles))


def sheets_table(view: JsonObject, names: Sequence[str]) -> Table:
    """One row per seat: its letters in hand, words noted, score."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for title in ("Joueur", "Main", "Mots notés", "Score"):
        table.add_column(title)
    hands = view.get("mains")
    sheets = view.get("feuilles")
    scores = view.get("scores")
    waiting = view.get("en_attente")
    for seat, name in enumerate(names):
        hand = _objs(hands[seat]) if isinstance(hands, list) else []
        sheet = _objs(sheets[seat]) if isinstance(sheets, list) else []
        words = ", ".join(str(entry.get("mot")) for entry in sheet) or "—"
        score = scores[seat] if isinstance(scores, list) else 0
        marker = "▶ " if isinstance(waiting, list) and seat in waiting else "  "
        table.add_row(marker + name, hand_text(hand), words, str(score))
    return table


def table_of(view: JsonObject, names: Sequence[str], recent: Collection[str] = ()) -> Group:
    """The whole table: board, free letters, face-down sizes, sheets, knock window."""
    parts: list[RenderableType] = [board_text(view, recent)]
    free = _objs(view.get("lettres_libres"))
    parts.append(Text.assemble(("Lettres libres : ", "bold"), hand_text(free)))
    pool = view.get("pioche")
    if isinstance(pool, dict) and view.get("phase") == "tirage":
        sizes = pool.get("tailles")
        if isinstance(sizes, dict):
            left = ", ".join(f"{size} ×{count}" for size, count in sizes.items())
            parts.append(Text.assemble(("Face cachée : ", "bold"), left))
    parts.append(sheets_table(view, names))
    knock = view.get("frappe")
    if isinstance(knock, dict):
        decided = knock.get("a_decide")
        seats = [s for s in _objs_or_ints(knock.get("fenetre"))]
        status = ", ".join(
            deciding(names[s], isinstance(decided, list) and bool(decided[s])) for s in seats
        )
        seconds = knock.get("secondes")
        closes = f" (se ferme seule après {seconds} s)" if isinstance(seconds, int) else ""
        parts.append(Text.assemble(("Fenêtre de frappe : ", "bold yellow"), status, closes))
    return Group(*parts)


def deciding(name: str, decided: bool) -> str:
    """Where a seat stands in a knock window, the verb agreeing with « Vous ».

    >>> deciding("Vous", False), deciding("Débutant (place 2)", True)
    ('Vous réfléchissez', 'Débutant (place 2) a décidé')
    """
    if name == "Vous":
        return "Vous avez décidé" if decided else "Vous réfléchissez"
    return f"{name} {'a décidé' if decided else 'réfléchit'}"


def _objs_or_ints(value: JsonValue) -> list[int]:
    return [v for v in value if isinstance(v, int)] if isinstance(value, list) else []
