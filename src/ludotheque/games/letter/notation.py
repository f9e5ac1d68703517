"""Letter's actions as a player types them in the terminal, and the journal lines.

The notation names tiles by id and cells like a chess board (``a1`` top left):

==============================================  ===========================================
``taille 2x1``                                  take a face-down letter of that size
``poser T05@c5 T12@d5 : T01-T05-T12 T05-T07``   place tiles (own letter, free letters), then
                                                name words by their tiles (``=MAT`` may
                                                follow a path); ``echange B1``,
                                                ``sacrifice T03`` at the end if needed
``libre T05``                                   lay an own letter beside the board
``blanche B1@c5``                               place a blank
``frapper T01-T05 T02-T03``                     knock with these words (``sacrifice T03``)
``pas``, ``passer``, ``temps``, ``arreter``     no knock, pass, time out, stop (solo)
==============================================  ===========================================

>>> action = parse_action("poser T05@c5 : T01-T05=ma T05-T07 echange B1")
>>> action.placements, action.words[0], action.exchange
((Placement(tile='T05', x=2, y=4),), Claim(path=('T01', 'T05'), word='MA'), 'B1')
>>> format_action(action)
'poser T05@c5 : T01-T05=MA T05-T07 echange B1'
>>> parse_action(format_action(Knock((Claim(("T01", "T02")),), "T09")))
Knock(words=(Claim(path=('T01', 'T02'), word=None),), sacrifice='T09')
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from ludotheque.core.errors import IllegalAction, MalformedInput
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.protocol import Seat
from ludotheque.lexicon import normalize

from .actions import (
    Action,
    ChooseSize,
    Claim,
    FreeLetter,
    Knock,
    NoKnock,
    Pass,
    PlaceBlank,
    Placement,
    Stop,
    Timeout,
    Turn,
    decode_action,
)
from .board import Board, cell_name, parse_cell
from .paths import is_new, path_word, paths_of
from .state import LetterState

__all__ = [
    "TYPED_HELP",
    "board_after",
    "complete_action",
    "describe_action",
    "find_path",
    "format_action",
    "parse_action",
    "parse_typed",
    "path_from_cells",
]

_ID = re.compile(r"^[A-Za-z0-9]{1,16}$")
_SIZE = re.compile(r"^[123]x[123]$")
_WORDS: dict[str, type[NoKnock | Pass | Timeout | Stop]] = {
    "pas": NoKnock,
    "passer": Pass,
    "temps": Timeout,
    "arreter": Stop,
}
_NAMES = {cls: name for name, cls in _WORDS.items()}


def _claim_text(claim: Claim) -> str:
    text = "-".join(claim.path)
    return text if claim.word is None else f"{text}={claim.word}"


def format_action(action: Action) -> str:
    if isinstance(action, ChooseSize):
        return f"taille {action.size}"
    if isinstance(action, Turn):
        parts = ["poser", *(f"{p.tile}@{cell_name(p.x, p.y)}" for p in action.placements)]
        if action.words:
            parts += [":", *(_claim_text(c) for c in action.words)]
        if action.exchange is not None:
            parts += ["echange", action.exchange]
        if action.sacrifice is not None:
            parts += ["sacrifice", action.sacrifice]
        return " ".join(parts)
    if isinstance(action, FreeLetter):
        return f"libre {action.tile}"
    if isinstance(action, PlaceBlank):
        return f"blanche {action.tile}@{cell_name(action.x, action.y)}"
    if isinstance(action, Knock):
        parts = ["frapper", *(_claim_text(c) for c in action.words)]
        if action.sacrifice is not None:
            parts += ["sacrifice", action.sacrifice]
        return " ".join(parts)
    return _NAMES[type(action)]


def _tile(text: str) -> str:
    if not _ID.match(text):
        raise MalformedInput(f"Pièce illisible : « {text} » (attendu : un identifiant, T05).")
    return text.upper()


def _placement(text: str) -> tuple[str, int, int]:
    tile, at, cell = text.partition("@")
    if not at:
        raise MalformedInput(f"Pose illisible : « {text} » (attendu : pièce@case, T05@c5).")
    x, y = parse_cell(cell)
    return _tile(tile), x, y


def _claim(text: str) -> Claim:
    path, equal, word = text.partition("=")
    tiles = tuple(_tile(t) for t in path.split("-") if t)
    if not tiles:
        raise MalformedInput(f"Mot illisible : « {text} » (attendu : T01-T05-T07).")
    return Claim(tiles, normalize(word) if equal and word else None)


def _options(tokens: list[str]) -> tuple[list[str], dict[str, str]]:
    """Split trailing ``echange X`` / ``sacrifice Y`` from the other tokens."""
    found: dict[str, str] = {}
    rest: list[str] = []
    i = 0
    while i < len(tokens):
        if tokens[i] in ("echange", "sacrifice"):
            if i + 1 >= len(tokens):
                raise MalformedInput(f"« {tokens[i]} » doit être suivi d'une pièce.")
            found[tokens[i]] = _tile(tokens[i + 1])
            i += 2
        else:
            rest.append(tokens[i])
            i += 1
    return rest, found


def parse_action(text: str) -> Action:
    """Inverse of :func:`format_action` (:class:`MalformedInput` when unreadable)."""
    tokens = text.split()
    if not tokens:
        raise MalformedInput("Coup vide.")
    head, args = tokens[0].lower(), tokens[1:]
    if head in _WORDS and not args:
        return _WORDS[head]()
    if head == "taille" and len(args) == 1 and _SIZE.match(args[0]):
        return ChooseSize(args[0])
    if head == "libre" and len(args) == 1:
        return FreeLetter(_tile(args[0]))
    if head == "blanche" and len(args) == 1:
        return PlaceBlank(*_placement(args[0]))
    if head == "frapper":
        rest, found = _options(args)
        if set(found) - {"sacrifice"}:
            raise MalformedInput("On frappe sans échange.")
        return Knock(tuple(_claim(t) for t in rest), found.get("sacrifice"))
    if head == "poser":
        rest, found = _options(args)
        placed, words = (
            (rest[: rest.index(":")], rest[rest.index(":") + 1 :]) if ":" in rest else (rest, [])
        )
        return Turn(
            tuple(Placement(*_placement(t)) for t in placed),
            tuple(_claim(t) for t in words),
            found.get("echange"),
            found.get("sacrifice"),
        )
    raise MalformedInput(
        f"Coup illisible : « {text} » (taille, poser, libre, blanche, frapper, pas, passer, "
        "temps, arreter)."
    )


def path_from_cells(state: LetterState, cells: str) -> tuple[str, ...]:
    """A path typed as cells (``c5-c6-d6``) → tile ids, read on the board as it is now."""
    path = []
    for cell in cells.split("-"):
        tile = state.board.tile_at(*parse_cell(cell))
        if tile is None:
            raise IllegalAction(f"La case {cell} est vide.")
        path.append(tile)
    return tuple(path)


# --- the terminal's typed notation (letters, sizes and cells; ``cli/play_letter.py``) ----------

TYPED_HELP = """\
taille 2x1 (ou 2x1)          prendre une lettre face cachée de cette taille (la mise en place)
E2x1 c5 : c5-c6-d6           poser votre E de taille 2x1, coin haut-gauche en c5, puis nommer
                             le mot lu par les cases c5, c6, d6 (une case quelconque d'une
                             pièce nomme la pièce)
E2x1 c5 : MER                le mot seul : son chemin est cherché, de préférence par les
                             pièces posées à ce tour ; c5-c6=MER donne le chemin et le mot
E c5 + R1x1 d5 : MER TE      plusieurs poses séparées par « + » (une lettre à vous au plus,
                             des lettres libres en plus) ; la taille peut manquer si elle
                             ne fait pas de doute ; plusieurs mots séparés par des espaces
… echange c7                 à la fin d'une pose : échanger la pièce blanche posée en c7
… sacrifice E1x1             à la fin d'une pose : la lettre laissée en cas d'échec
libre E2x1                   poser une de vos lettres à côté du plateau (lettre libre)
blanche c5                   poser votre pièce blanche en c5
frapper c5-c6 MER            frapper avec ces mots (fenêtre de frappe)
pas                          ne pas frapper
passer, arreter              passer (sans lettre), arrêter (solo)
Les identifiants marchent aussi : poser T05@c5 : T01-T05=MA, libre T05, blanche B1@c5."""

_LETTER = re.compile(r"^([A-Za-z]+)([123]x[123])?$")


def board_after(
    state: LetterState, placements: Sequence[Placement], exchange: str | None = None
) -> Board:
    """The board with ``placements`` laid anywhere (the rules check the places later)."""
    board = state.board
    if exchange is not None and exchange in board:
        board = board.remove(exchange)
    for placement in placements:
        if placement.tile not in state.catalog:
            raise IllegalAction(f"Pièce inconnue : {placement.tile}.")
        try:
            board = board.place(
                state.catalog[placement.tile], placement.x, placement.y, anywhere=True
            )
        except ValueError as error:
            raise IllegalAction(str(error)) from None
    return board


def find_path(
    state: LetterState, board: Board, word: str, through: Collection[str] = ()
) -> tuple[str, ...]:
    """A path of ``board`` spelling ``word``: through ``through`` and new first, else the first.

    >>> from ludotheque.core.match import Match
    >>> from ludotheque.games.letter import Letter
    >>> state = Match.start(Letter(), 2, 1, {"tirage": "hasard"}).state
    >>> find_path(state, state.board, "MA")
    Traceback (most recent call last):
    ...
    ludotheque.core.errors.IllegalAction: Le mot MA ne se lit pas sur le plateau.
    """
    word = normalize(word)
    paths = paths_of(board, word)
    if not paths:
        raise IllegalAction(f"Le mot {word} ne se lit pas sur le plateau.")
    noted = state.noted()
    wanted = set(through)

    def rank(path: tuple[str, ...]) -> tuple[bool, bool]:
        return (not (wanted & set(path)) if wanted else False, not is_new(word, path, noted))

    return min(paths, key=rank)


def _typed_tile(state: LetterState, seat: Seat, token: str, used: Collection[str]) -> str:
    """``E2x1``, ``E`` or ``T05``: an own letter first, else a free letter."""
    own = [t for t in state.letters_of(seat) if t not in used]
    frees = [t for t in state.free if t not in used]
    one_own_placed = any(t in used for t in state.letters_of(seat))
    candidates = frees if one_own_placed else own + frees
    if token.upper() in candidates:
        return token.upper()
    match = _LETTER.match(token)
    if match is None:
        raise MalformedInput(f"Pièce illisible : « {token} » (attendu : E2x1, E ou T05).")
    letter, size = normalize(match.group(1)), match.group(2)
    found = [
        t
        for t in candidates
        if state.catalog[t].letter == letter and size in (None, state.catalog[t].size)
    ]
    if not found:
        wanted = f"{letter} {size}" if size else letter
        raise IllegalAction(f"Vous n'avez pas de lettre {wanted} (ni de lettre libre).")
    if size is None and len({state.catalog[t].size for t in found}) > 1:
        sizes = ", ".join(sorted({state.catalog[t].size for t in found}))
        raise IllegalAction(f"Précisez la taille de {letter} ({sizes}) : {letter}2x1 par exemple.")
    return found[0]


def _typed_cell_tile(board: Board, state: LetterState, text: str) -> str:
    """A tile named by one of its cells (or by its id)."""
    upper = text.upper()
    if upper in board and upper in state.catalog and not state.catalog[upper].blank:
        return upper
    tile = board.tile_at(*parse_cell(text))
    if tile is None:
        raise IllegalAction(f"La case {text.lower()} est vide.")
    return tile


def _typed_claims(
    state: LetterState, board: Board, tokens: Sequence[str], through: Collection[str]
) -> tuple[Claim, ...]:
    claims = []
    for token in tokens:
        path_text, equal, word = token.partition("=")
        if "-" in path_text:
            path = tuple(_typed_cell_tile(board, state, p) for p in path_text.split("-") if p)
            claims.append(Claim(path, normalize(word) if equal and word else None))
        elif not equal and re.fullmatch(r"[^\W\d_]+", token):
            claims.append(Claim(find_path(state, board, token, through), normalize(token)))
        else:
            raise MalformedInput(
                f"Mot illisible : « {token} » (attendu : des cases c5-c6-d6, ou le mot, MER)."
            )
    return tuple(claims)


def _typed_options(tokens: list[str]) -> tuple[list[str], dict[str, str]]:
    found: dict[str, str] = {}
    rest: list[str] = []
    i = 0
    while i < len(tokens):
        key = tokens[i].lower()
        if key in ("echange", "sacrifice"):
            if i + 1 >= len(tokens):
                raise MalformedInput(f"« {key} » doit être suivi d'une pièce ou d'une case.")
            found[key] = tokens[i + 1]
            i += 2
        else:
            rest.append(tokens[i])
            i += 1
    return rest, found


def _typed_placement(
    state: LetterState, seat: Seat, chunk: str, used: Collection[str]
) -> Placement:
    parts = chunk.replace("@", " ").split()
    if len(parts) != 2:
        raise MalformedInput(f"Pose illisible : « {chunk.strip()} » (attendu : E2x1 c5).")
    tile = _typed_tile(state, seat, parts[0], used)
    return Placement(tile, *parse_cell(parts[1]))


def parse_typed(state: LetterState, seat: Seat, text: str) -> Action:
    """An action typed in the terminal (:data:`TYPED_HELP`), read on the board as it is.

    :class:`MalformedInput` or :class:`IllegalAction`, in French, when it cannot be read.
    """
    tokens = text.split()
    if not tokens:
        raise MalformedInput("Coup vide.")
    head, args = tokens[0].lower(), tokens[1:]
    if head in _WORDS or head == "taille":
        return parse_action(text.lower())
    if _SIZE.match(head) and not args:
        return ChooseSize(head)
    if head == "libre" and len(args) == 1:
        return FreeLetter(_typed_tile(state, seat, args[0], set(state.free)))
    if head == "blanche" and args:
        blanks = state.blanks_of(seat)
        if len(args) == 1 and "@" in args[0]:
            return parse_action(text)
        if len(args) == 1 and blanks:
            return PlaceBlank(blanks[0], *parse_cell(args[0]))
        if len(args) == 2:
            return PlaceBlank(_tile(args[0]), *parse_cell(args[1]))
        raise IllegalAction("Vous n'avez pas de pièce blanche.")
    if head == "frapper":
        rest, found = _typed_options(args)
        if "echange" in found:
            raise MalformedInput("On frappe sans échange.")
        if not rest:
            raise MalformedInput("Frapper : nommez au moins un mot (c5-c6 ou MER).")
        sacrifice = found.get("sacrifice")
        return Knock(
            _typed_claims(state, state.board, rest, ()),
            None if sacrifice is None else _typed_tile(state, seat, sacrifice, set(state.free)),
        )
    body = " ".join(tokens[1:]) if head == "poser" else text
    rest, found = _typed_options(body.replace(":", " : ").split())
    if ":" in rest:
        cut = rest.index(":")
        placing, words = rest[:cut], rest[cut + 1 :]
    else:
        placing, words = rest, []
    placements: list[Placement] = []
    for chunk in " ".join(placing).split("+"):
        if chunk.strip():
            placements.append(_typed_placement(state, seat, chunk, {p.tile for p in placements}))
    if not placements:
        raise MalformedInput(
            f"Coup illisible : « {text} » (tapez « aide » pour la notation, ex. E2x1 c5 : MER)."
        )
    exchange = found.get("echange")
    if exchange is not None:
        upper = exchange.upper()
        if not (upper in state.board and state.catalog[upper].blank):
            cell_tile = state.board.tile_at(*parse_cell(exchange))
            if cell_tile is None or not state.catalog[cell_tile].blank:
                raise IllegalAction(f"Pas de pièce blanche en {exchange.lower()}.")
            upper = cell_tile
        exchange = upper
    sacrifice = found.get("sacrifice")
    if sacrifice is not None:
        sacrifice = _typed_tile(state, seat, sacrifice, {p.tile for p in placements})
    board = board_after(state, placements, exchange)
    claims = _typed_claims(state, board, words, {p.tile for p in placements})
    return Turn(tuple(placements), claims, exchange, sacrifice)


def complete_action(state: LetterState, seat: Seat, data: JsonValue) -> JsonValue:
    """Fill in the path of each word sent without one (``{"mot": "MER"}``).

    The path is looked for on the board after the turn's placements, through a tile placed
    this turn and new for the table if possible, else the first one. Anything unreadable is
    left as it is for :func:`~.actions.decode_action` to refuse.
    """
    if not isinstance(data, dict) or data.get("type") not in ("poser", "frapper"):
        return data
    words = data.get("mots")
    if not isinstance(words, list) or not any(
        isinstance(w, dict) and "chemin" not in w and isinstance(w.get("mot"), str) for w in words
    ):
        return data
    placements: list[Placement] = []
    board = state.board
    if data["type"] == "poser":
        try:
            turn = decode_action({**data, "mots": []})
        except MalformedInput:
            return data
        assert isinstance(turn, Turn)
        placements = list(turn.placements)
        board = board_after(state, placements, turn.exchange)
    through = {p.tile for p in placements}
    filled: list[JsonValue] = []
    for item in words:
        if isinstance(item, dict) and "chemin" not in item and isinstance(item.get("mot"), str):
            word = item["mot"]
            assert isinstance(word, str)
            path = find_path(state, board, word, through)
            completed: JsonObject = {**item, "chemin": list(path)}
            filled.append(completed)
        else:
            filled.append(item)
    return {**data, "mots": filled}


def _tile_text(state: LetterState, tile_id: str) -> str:
    tile = state.catalog[tile_id]
    return tile.letter or "une pièce blanche"


def _points(gain: int) -> str:
    return f"+{gain} point" if gain in (-1, 0, 1) else f"+{gain} points"


class _Speaker:
    """Who is who in a journal line told to ``observer``: « vous » or the seat's name."""

    def __init__(self, observer: Seat | None, name: str, seat: Seat, names: Sequence[str]):
        self.observer = observer
        self.names = {seat: name, **dict(enumerate(names))} if names else {seat: name}

    def name(self, seat: Seat) -> str:
        if seat == self.observer:
            return "vous"
        return self.names.get(seat) or f"joueur {seat + 1}"

    def says(self, seat: Seat, third: str, second: str) -> str:
        """``Bob frappe`` or ``Vous frappez``: the subject and the verb agreed (capitalised)."""
        subject = self.name(seat)
        subject = subject[:1].upper() + subject[1:]
        return f"{subject} {second if seat == self.observer else third}"


def _reasons(problems: Sequence[str]) -> str:
    """Refusal messages joined inside a sentence (without their own full stops)."""
    return " ; ".join(p.rstrip(".") for p in problems)


def _lower(text: str) -> str:
    """A message that follows a comma: « La pièce » → « la pièce » (« « MOT » » unchanged)."""
    return text[:1].lower() + text[1:]


def _words_list(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " et " + words[-1]


def _knock_story(before: LetterState, after: LetterState, speaker: _Speaker) -> str:
    """Who knocked, with which words, what was accepted or refused, what it earned or cost."""
    result = after.knocks[-1]
    knocks = dict(result.knocks)
    rolls = dict(result.dice)
    failed = dict(result.failed)
    parts: list[str] = []
    if len(result.order) > 1:
        dice = ", ".join(
            f"{speaker.says(s, 'fait', 'faites')} {'-'.join(map(str, rolls[s]))}"
            for s in result.order
        )
        parts.append(f"Plusieurs frappes, les dés décident l'ordre : {dice}.")
    for seat in result.order:
        knock = knocks[seat]
        said = _words_list([c.word or "?" for c in knock.words])
        opening = f"{speaker.says(seat, 'frappe', 'frappez')} avec {said}"
        if seat in result.lapsed:
            winner = result.winner
            assert winner is not None
            won = "l'avez" if winner == speaker.observer else "l'a"
            parts.append(f"{opening} : frappe sans suite, {speaker.name(winner)} {won} emporté.")
            continue
        try:
            valid, problems = before.judge(before.board, knock.words, before.noted())
        except IllegalAction as error:  # checked when the knock was made: cannot happen
            valid, problems = [], [error.message]
        struck = f", mais {_lower(_reasons(problems))}" if problems else ""
        if seat == result.winner:
            gain = after.score(seat) - before.score(seat)
            kept = f" pour {_words_list([word for _, word in valid])}" if problems else ""
            more = "jouez" if seat == speaker.observer else "joue"
            parts.append(
                f"{opening} : frappe acceptée{kept} ({_points(gain)}){struck} ; "
                f"{speaker.name(seat)} {more} maintenant."
            )
            continue
        laid = failed.get(seat)
        cost = (
            "sans lettre à mettre à côté du plateau"
            if laid is None
            else f"la lettre {before.tile_label(laid)} va à côté du plateau"
        )
        told = f" ({_reasons(problems)})" if problems else ""
        parts.append(f"{opening} : frappe refusée{told}, {cost}.")
    text = " ".join(parts)
    return text[:1].upper() + text[1:]


def _cost(before: LetterState, after: LetterState | None) -> str:
    """The letter a turn left beside the board (failed turn, time out), told, if any."""
    new = [] if after is None else [t for t in after.free if t not in before.free]
    return f", la lettre {before.tile_label(new[0])} va à côté du plateau" if new else ""


def describe_action(
    state: LetterState,
    seat: Seat,
    action: Action,
    observer: Seat | None,
    name: str,
    names: Sequence[str] = (),
) -> str:
    """The journal line of ``action`` for ``observer`` (``state``: before the action).

    Everything is public in Letter except a knock decision until the window closes; the
    decision that closes it tells how every knock of the window was judged. Seats are named
    (``names``, else « joueur N »), tiles by their letter, never by an id.
    """
    own = observer == seat
    who = "Vous" if own else name
    speaker = _Speaker(observer, name, seat, names)
    try:
        after: LetterState | None = state.apply(seat, action)
    except IllegalAction:
        after = None
    line = _line(state, after, seat, action, own, who, name)
    if after is None:
        return line
    if isinstance(action, (Knock, NoKnock)) and after.phase != "frappe":
        # The last decision closes the window: everything is public now, the knocks are told.
        line = (
            "" if isinstance(action, Knock) else f"{who} ne {'frappez' if own else 'frappe'} pas."
        )
    extra: list[str] = []
    if len(after.knocks) > len(state.knocks):
        extra.append(_knock_story(state, after, speaker))
    if after.phase == "fin" and state.phase != "fin" and after.dry >= after.players:
        extra.append("Une manche entière sans nouveau mot : la partie est finie.")
    return " ".join(part for part in [line, *extra] if part)


def _line(
    state: LetterState,
    after: LetterState | None,
    seat: Seat,
    action: Action,
    own: bool,
    who: str,
    name: str,
) -> str:
    if isinstance(action, ChooseSize):
        got = next(t for t in state.pool if state.catalog[t].size == action.size)
        size = action.size.replace("x", "×")
        return f"{who} : une lettre de taille {size}, c'est {_tile_text(state, got)}."
    if isinstance(action, (Knock, NoKnock)):
        if not own:
            return f"{name} a décidé (frapper ou non, révélé quand tous auront décidé)."
        if isinstance(action, NoKnock):
            return "Vous ne frappez pas."
        words = ", ".join(path_word(state.board, c.path) for c in action.words)
        return f"Vous frappez avec {words}."
    if isinstance(action, Turn):
        try:
            plan = state.plan_turn(seat, action)
        except IllegalAction:
            return f"{who} : coup refusé."
        placed = ", ".join(
            f"{_tile_text(state, p.tile)} en {cell_name(p.x, p.y)}" for p in action.placements
        )
        named = _words_list([word for _, word in plan.words]) if plan.words else ""
        if plan.failed:
            *wrong, why = plan.problems
            if why.startswith("Nommez"):  # no valid new word through a tile placed
                told = f" ({_reasons(wrong)})" if wrong else ""
                return (
                    f"{who} : pose {placed} sans nouveau mot valable{told}, les pièces sont "
                    f"reprises{_cost(state, after)}."
                )
            return (
                f"{who} : pose {placed} et nomme {named}, mais {_lower(why)} Les pièces sont "
                f"reprises{_cost(state, after)}."
            )
        if not named:
            return f"{who} : pose {placed} et ne nomme aucun mot."
        gain = "" if after is None else f" ({_points(after.score(seat) - state.score(seat))})"
        struck = f", mais {_lower(_reasons(plan.problems))}" if plan.problems else ""
        return f"{who} : pose {placed} et nomme {named}{gain}{struck}."
    if isinstance(action, FreeLetter):
        return f"{who} : {_tile_text(state, action.tile)} à côté du plateau (lettre libre)."
    if isinstance(action, PlaceBlank):
        return f"{who} : une pièce blanche en {cell_name(action.x, action.y)}."
    if isinstance(action, Pass):
        return f"{who} : passe son tour."
    if isinstance(action, Timeout):
        cost = _cost(state, after)
        return f"{who} : temps écoulé{cost}."
    return f"{who} : fin de la partie solo."
