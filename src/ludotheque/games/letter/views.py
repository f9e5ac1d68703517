"""What each seat of a Letter table may see, and the redraw of what it may not.

Public (D4): the board, every hand (« face visible »), the free letters, the sheets, scores,
whose turn it is, the knock window (who has decided), the knocks once resolved, the hourglass,
and how many face-down letters of each size are left (the backs show the size). Hidden from
everybody: the order of the face-down letters and the generator of the dice. Hidden from the
others until the window closes: a seat's decision in a knock window (its own view shows it,
with a sentence that serves as its secret token for the generic secrecy check).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Draws, Rng

from .actions import Claim, Knock, NoKnock
from .board import Board, Tile, cell_name
from .paths import is_path, path_word
from .state import Entry, KnockResult, LetterState
from .tiles import size_key

__all__ = [
    "build_view",
    "invariant_violations",
    "pending_token",
    "resample",
    "secrets",
    "tile_json",
]


def tile_json(tile: Tile) -> JsonObject:
    return {
        "id": tile.id,
        "lettre": tile.letter,
        "taille": tile.size,
        "largeur": tile.width,
        "hauteur": tile.height,
    }


def _tiles(state: LetterState, ids: tuple[str, ...]) -> list[JsonValue]:
    return [tile_json(state.catalog[t]) for t in ids]


def _entry_json(entry: Entry) -> JsonObject:
    return {
        "mot": entry.word,
        "chemin": list(entry.path),
        "tour": entry.turn,
        "frappe": entry.knock,
    }


def _claims_json(board: Board, claims: tuple[Claim, ...]) -> list[JsonValue]:
    return [{"mot": path_word(board, c.path), "chemin": list(c.path)} for c in claims]


def _knock_json(result: KnockResult) -> JsonObject:
    return {
        "tour": result.turn,
        "frappes": [
            {"place": seat, "mots": [{"mot": c.word, "chemin": list(c.path)} for c in knock.words]}
            for seat, knock in result.knocks
        ],
        "des": [{"place": seat, "lancers": list(rolls)} for seat, rolls in result.dice],
        "ordre": list(result.order),
        "gagnant": result.winner,
        "echecs": [{"place": seat, "lettre_libre": tile} for seat, tile in result.failed],
        "sans_suite": list(result.lapsed),
    }


def pending_token(state: LetterState, seat: Seat) -> str | None:
    """The sentence telling ``seat`` its own pending knock decision (secret until resolved)."""
    if state.phase != "frappe":
        return None
    decision = state.pending[seat]
    if decision is None:
        return None
    if isinstance(decision, NoKnock):
        return f"Votre décision secrète (place {seat + 1}) : pas de frappe."
    words = ", ".join(
        f"{path_word(state.board, c.path)} ({'-'.join(c.path)})" for c in decision.words
    )
    return f"Votre décision secrète (place {seat + 1}) : frapper avec {words}."


def secrets(state: LetterState, seat: Seat) -> frozenset[str]:
    """What only ``seat`` may see now: its pending knock decision, as :func:`pending_token`."""
    token = pending_token(state, seat)
    return frozenset() if token is None else frozenset({token})


def build_view(state: LetterState, seat: Seat | None) -> JsonObject:
    config = state.config
    board = state.board
    sizes = Counter(state.catalog[t].size for t in state.pool)
    figures = [state.figures(s) for s in range(state.players)]
    view: JsonObject = {
        "jeu": "letter",
        "mode": "solo" if config.solo else "classique",
        "options": {
            "comptage": config.counting,
            "erreurs": config.errors,
            "sablier": config.hourglass,
            "frapper": config.knocking,
            "tirage": config.draw,
            "noms_de_lieux": config.places,
            "variante_solo": config.variant if config.solo else None,
            "lettres": config.quota,
        },
        "phase": state.phase,
        "places": state.players,
        "premier_joueur": config.starter,
        "en_attente": [seat for seat in sorted(state.to_move())],
        "actif": state.active if state.phase in ("tirage", "jeu") else None,
        "vient_de_jouer": state.active if state.phase == "frappe" else None,
        "tour": state.turn,
        "premier_tour_joue": [bool(done) for done in state.first_done],
        "tours_sans_mot": state.dry,
        "poses_au_dernier_tour": list(state.placed_last),
        "tours_joues": list(state.played),
        "plateau": {
            "colonnes": board.columns,
            "lignes": board.rows,
            "pieces": [
                {**tile_json(p.tile), "case": cell_name(p.x, p.y), "x": p.x, "y": p.y}
                for p in board.placed
            ],
        },
        "mains": [_tiles(state, hand) for hand in state.hands],
        "lettres_libres": _tiles(state, state.free),
        "pioche": {
            "total": len(state.pool),
            "tailles": {size: sizes[size] for size in sorted(sizes, key=size_key)},
        },
        "feuilles": [[_entry_json(e) for e in sheet] for sheet in state.sheets],
        "scores": [state.score(s, figures[s]) for s in range(state.players)],
        "mots": [f[0] for f in figures],
        "lettres": [f[1] for f in figures],
        "points": [f[2] for f in figures],
        "frappe": (
            {
                "fenetre": list(state.window),
                "a_decide": [state.pending[s] is not None for s in range(state.players)],
                # D16: the window closes by itself after these seconds (None: it waits).
                "secondes": config.knock_seconds or None,
            }
            if state.phase == "frappe"
            else None
        ),
        "frappes_resolues": len(state.knocks),
        "derniere_frappe": _knock_json(state.knocks[-1]) if state.knocks else None,
        "sablier": _hourglass(state),
        "evenements": list(state.events),
    }
    outcome = state.outcome()
    view["resultat"] = None if outcome is None else outcome.to_json()
    if seat is not None:
        view["place"] = seat
        decision = state.pending[seat] if state.phase == "frappe" else None
        view["ma_frappe"] = (
            None
            if decision is None
            else {
                "frappe": isinstance(decision, Knock),
                "mots": (
                    _claims_json(board, decision.words) if isinstance(decision, Knock) else []
                ),
                "resume": pending_token(state, seat),
            }
        )
    return view


def resample(state: LetterState, observer: Seat, draws: Draws) -> LetterState:
    """A state ``observer`` cannot tell apart from ``state``, built from what it may see.

    The face-down letters are shuffled again (from their sorted ids: their order is seen by
    nobody), the other seats' pending knock decisions become « no knock », and the generator of
    future dice is replaced.
    """
    pool = tuple(draws.shuffled(sorted(state.pool)))
    pending = tuple(
        decision if seat == observer or decision is None else NoKnock()
        for seat, decision in enumerate(state.pending)
    )
    return replace(state, pool=pool, pending=pending, rng=Rng.from_seed(draws.below(2**62)))


def invariant_violations(state: LetterState) -> list[str]:
    problems: list[str] = []
    catalog = state.catalog
    board = state.board
    on_board = [p.tile.id for p in board.placed]
    everywhere = [*state.pool, *(t for h in state.hands for t in h), *state.free, *state.box]
    everywhere += on_board
    if sorted(everywhere) != sorted(catalog):
        counts = Counter(everywhere)
        missing = sorted(set(catalog) - set(counts))
        doubled = sorted(t for t, n in counts.items() if n > 1)
        unknown = sorted(set(counts) - set(catalog))
        problems.append(
            f"tiles lost or duplicated (missing {missing}, doubled {doubled}, {unknown})"
        )
    if any(catalog[t].blank for t in (*state.pool, *state.free)):
        problems.append("a blank among the face-down or the free letters")
    if any(not catalog[t].blank for t in state.box):
        problems.append("a letter in the box")
    for placed in board.placed:
        if catalog.get(placed.tile.id) != placed.tile:
            problems.append(f"tile {placed.tile.id} on the board is not the set's tile")
    try:
        rebuilt = Board.of(board.columns, board.rows, board.placed)
    except ValueError as error:
        problems.append(f"board inconsistent: {error}")
    else:
        if dict(rebuilt.cells()) != dict(board.cells()):
            problems.append("board cells out of step with the tiles")
        for tile_id in on_board:
            if rebuilt.neighbours(tile_id) != board.neighbours(tile_id):
                problems.append(f"neighbours of {tile_id} out of step")
    seen: dict[str, list[frozenset[str]]] = {}
    for seat, sheet in enumerate(state.sheets):
        for entry in sheet:
            if not all(t in board for t in entry.path) or not is_path(board, entry.path):
                problems.append(f"{entry.word} noted by {seat} cannot be read on the board")
                continue
            if path_word(board, entry.path) != entry.word:
                problems.append(f"{entry.word} noted by {seat} reads otherwise")
            if entry.word not in state.words:
                problems.append(f"{entry.word} noted by {seat} is not a word")
            tiles = frozenset(entry.path)
            if any(not tiles.isdisjoint(other) for other in seen.get(entry.word, [])):
                problems.append(f"{entry.word} noted twice with a common tile")
            seen.setdefault(entry.word, []).append(tiles)
    for seat, decision in enumerate(state.pending):
        if decision is not None and (state.phase != "frappe" or seat not in state.window):
            problems.append(f"a pending decision of seat {seat} outside its knock window")
    if state.phase == "tirage":
        dealt = [len(state.letters_of(s)) for s in range(state.players)]
        if (
            max(dealt) - min(dealt) > 1
            or state.active != (state.config.starter + sum(dealt)) % state.players
        ):
            problems.append(f"the draw is out of turn ({dealt}, seat {state.active})")
    if state.phase == "fin" and state.to_move():
        problems.append("the game is over but seats must move")
    return problems


def _hourglass(state: LetterState) -> JsonValue:
    """D17: whose 30 s run now (the server turns the hourglass over, see ``rule_timers``)."""
    if state.phase != "jeu":
        return None  # the timers of a knock window are the window's (``frappe.secondes``)
    for timer in state.rule_timers():
        return {"place": timer.seat, "secondes": timer.seconds}
    return None
