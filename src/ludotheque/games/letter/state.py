"""Letter's state machine: the deal, turns, free letters, blanks, knocks, the end, and the solo.

Every rule decision is in ``docs/rules/letter.md`` with the rulebook sentence it rests on; the
numbers in comments (« D7 ») refer to its sections. Tiles are named by their ids (``T05``,
blanks ``B1``); each tile is always in exactly one place: the face-down pool, a hand, the free
letters beside the board, the board, or the box (blanks of absent players).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import cache
from typing import Any, ClassVar, Literal

from ludotheque.core.errors import IllegalAction
from ludotheque.core.french import plural
from ludotheque.core.json_types import JsonObject
from ludotheque.core.protocol import Outcome, RuleTimer, Seat, State
from ludotheque.core.rng import Draws, Rng
from ludotheque.lexicon import common_words, place_names
from ludotheque.lexicon.prefixes import PrefixIndex, prefix_index

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
    Shared,
    Stop,
    Timeout,
    Turn,
)
from .board import Board, Placed, Tile, cell_name
from .paths import is_new, is_path, path_word
from .tiles import TileSet, size_key

__all__ = [
    "DEAL",
    "HOURGLASS_SECONDS",
    "KNOCK_SECONDS",
    "Catalog",
    "Config",
    "Dictionary",
    "Entry",
    "Hooks",
    "KnockResult",
    "LetterState",
    "Phase",
    "TurnPlan",
    "default_sacrifice",
    "dictionary",
    "word_points",
]

Phase = Literal["tirage", "jeu", "frappe", "fin"]

DEAL: Mapping[int, int] = {2: 15, 3: 10, 4: 7, 5: 6, 6: 5}
"""Letters per player by table size (« 2 joueurs – chacun 15 lettres … »)."""
HOURGLASS_SECONDS = 30
"""« le joueur dispose de 30 secondes pour exécuter son tour »."""
KNOCK_SECONDS = 8
"""D16: the knock window closes by itself after this many seconds (option ``frappe_secondes``):
every seat still silent lets it pass. Long enough to see a word left on the board and click
« Frapper », short enough that a person with nothing to say is not kept waiting."""
DIE_FACES = 6


def word_points(length: int) -> int:
    """Possibilité 3: a word of n letters scores n, plus one point per letter beyond four.

    >>> word_points(4), word_points(5), word_points(9)
    (4, 6, 14)
    """
    return length + max(0, length - 4)


class Catalog(Mapping[str, Tile]):
    """The tiles of the table's set by id (shared between states, never copied)."""

    __slots__ = ("_by_id", "tiles")

    def __init__(self, tiles: TileSet) -> None:
        self.tiles = tiles
        self._by_id = tiles.by_id()

    def __getitem__(self, tile_id: str) -> Tile:
        return self._by_id[tile_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Catalog) and other.tiles == self.tiles

    def __hash__(self) -> int:
        return hash(self.tiles)

    def __copy__(self) -> Catalog:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Catalog:
        return self

    def __repr__(self) -> str:
        return f"<Catalog: {len(self)} pièces ({self.tiles.source or 'fichier'})>"


class Dictionary:
    """The words a table accepts, as a prefix index (never copied: it is immutable and big)."""

    __slots__ = ("index", "places")

    def __init__(self, index: PrefixIndex, places: bool) -> None:
        self.index = index
        self.places = places

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.index.is_word(word)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dictionary) and other.places == self.places

    def __hash__(self) -> int:
        return hash(self.places)

    def __copy__(self) -> Dictionary:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Dictionary:
        return self

    def __repr__(self) -> str:
        return f"<Dictionary {'avec' if self.places else 'sans'} noms de lieux>"


@cache
def dictionary(places: bool) -> Dictionary:
    """The common words, and the place names too when ``places`` (option ``noms_de_lieux``);
    never first names nor surnames (docs/rules/letter.md, 1 and 9)."""
    if not places:
        return Dictionary(prefix_index(common_words()), False)
    return Dictionary(prefix_index(common_words().words | place_names().words), True)


@dataclass(frozen=True, slots=True)
class Config(Shared):
    """The table's options, resolved (see ``Letter.info`` for their meaning)."""

    seats: int
    solo: bool
    variant: int  # solo variant, 1 or 2 (0 at a classic table)
    counting: str  # "1", "2" or "3": « Possibilité 1/2/3 »
    errors: str  # "refus" or "penalite"
    hourglass: bool
    knocking: bool
    draw: str  # "taille" or "hasard"
    places: bool
    side: int
    quota: int  # letters dealt to each seat
    starter: Seat = 0  # the first player (drawn at set-up, D2)
    knock_seconds: int = 0  # D16: the knock window closes by itself after this (0: never)


@dataclass(frozen=True, slots=True)
class Entry(Shared):
    """A word noted on a seat's sheet: the word, the tiles it was read through, the turn."""

    word: str
    path: tuple[str, ...]
    turn: int
    knock: bool = False  # noted by a knock (D16), not during the seat's own turn

    @property
    def points(self) -> int:
        return word_points(len(self.word))


@dataclass(frozen=True, slots=True)
class KnockResult(Shared):
    """A knock window that someone knocked in, once resolved (public)."""

    turn: int
    knocks: tuple[tuple[Seat, Knock], ...]  # every knock of the window (words read), seat order
    dice: tuple[tuple[Seat, tuple[int, ...]], ...]  # each knocker's rolls (re-rolls for ties)
    order: tuple[Seat, ...]  # knockers, highest die first
    winner: Seat | None
    failed: tuple[tuple[Seat, str | None], ...]  # failed knockers and the letter each laid
    lapsed: tuple[Seat, ...]  # knockers after the winner: not settled


@dataclass(frozen=True, slots=True)
class TurnPlan:
    """A checked :class:`Turn`: the board after it, what it uses, and what is wrong with it."""

    board: Board
    own: str | None
    frees: tuple[str, ...]
    words: tuple[tuple[Claim, str], ...]  # valid new words, in the order named
    problems: tuple[str, ...]  # word errors (struck) and turn errors, in French
    failed: bool  # the placement itself makes no valid word: taken back (penalite) / refused


def default_sacrifice(tiles: Mapping[str, Tile], hand: Iterable[str]) -> str | None:
    """The own letter laid beside the board when the player does not say which (D13).

    The smallest tile (fewest cells), then the first id.
    """
    letters = [tile_id for tile_id in hand if not tiles[tile_id].blank]
    if not letters:
        return None
    return min(letters, key=lambda t: (tiles[t].width * tiles[t].height, t))


_SHARED_FIELDS = frozenset({"board", "rng", "catalog", "words"})


def _seat_name(seat: Seat) -> str:
    return f"place {seat + 1}"


@dataclass(frozen=True, slots=True)
class Hooks:
    """What other modules compute about a state: what each seat sees and the redraw of what
    it may not (:mod:`.views`), a random sensible action (:mod:`.sampling`). They read the
    state, so the state never imports them: :mod:`.game` wires them in as
    :attr:`LetterState.hooks`."""

    view: Callable[[LetterState, Seat | None], JsonObject]
    secrets: Callable[[LetterState, Seat], frozenset[str]]
    resample_hidden: Callable[[LetterState, Seat, Draws], LetterState]
    invariant_violations: Callable[[LetterState], list[str]]
    sample_action: Callable[[LetterState, Seat, Draws], Action]


@dataclass(frozen=True, slots=True)
class LetterState(State[Action]):
    hooks: ClassVar[Hooks]

    config: Config
    catalog: Catalog
    words: Dictionary
    phase: Phase
    board: Board
    pool: tuple[str, ...]  # face-down letters, top first (the hidden order)
    hands: tuple[tuple[str, ...], ...]  # each seat's tiles, face up: its blank(s) and letters
    free: tuple[str, ...]  # free letters beside the board
    box: tuple[str, ...]  # tiles out of the game (the blanks of absent players)
    sheets: tuple[tuple[Entry, ...], ...]
    active: Seat  # to choose (tirage), to play (jeu), who just played (frappe)
    first_done: tuple[bool, ...]  # each seat has played its first-round turn
    played: tuple[int, ...]  # turns each seat has played (a failed or timed-out one too)
    placed_last: tuple[str, ...]  # the tiles the last turn left on the board (public)
    dry: int  # turns in a row without a new word, once everyone played a first turn
    turn: int  # turns played
    word_in_turn: bool  # the turn whose knock window is open noted a word
    window: tuple[Seat, ...]  # seats that may knock now
    pending: tuple[Knock | NoKnock | None, ...]
    knocks: tuple[KnockResult, ...]
    events: tuple[str, ...]  # public consequences (penalties, knocks, time), in French
    rng: Rng

    def __deepcopy__(self, memo: dict[int, Any]) -> LetterState:
        # The board and the generator are immutable values (their methods return new ones and
        # nothing changes them in place): a copy shares them, like the catalog and dictionary.
        values = {
            f.name: getattr(self, f.name)
            if f.name in _SHARED_FIELDS
            else copy.deepcopy(getattr(self, f.name), memo)
            for f in fields(self)
        }
        return LetterState(**values)

    # --- protocol --------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.config.seats

    def to_move(self) -> frozenset[Seat]:
        if self.phase in ("tirage", "jeu"):
            return frozenset({self.active})
        if self.phase == "frappe":
            return frozenset(s for s in self.window if self.pending[s] is None)
        return frozenset()

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        """Every size to draw; in play a useful subset (placements and words are checked)."""
        if seat not in self.to_move():
            return ()
        if self.phase == "tirage":
            return tuple(ChooseSize(size) for size in self.pool_sizes())
        if self.phase == "frappe":
            return (NoKnock(),)
        actions: list[Action] = []
        first = self.first_round(seat)
        letters = self.letters_of(seat)
        if first:
            for tile_id in letters:
                spot = self._first_spot(self.catalog[tile_id], anywhere=True)
                if spot is not None:
                    actions.append(Turn((Placement(tile_id, *spot),)))
        else:
            actions += [FreeLetter(tile_id) for tile_id in letters]
            for blank in dict.fromkeys(self.blanks_of(seat)):
                spot = self._first_spot(self.catalog[blank])
                if spot is not None:
                    actions.append(PlaceBlank(blank, *spot))
            if self.may_pass(seat):
                actions.append(Pass())
        if self.config.solo:
            actions.append(Stop())
        if self.config.hourglass:
            actions.append(Timeout())
        return tuple(actions)

    def rule_timers(self) -> tuple[RuleTimer[Action], ...]:
        """D17: with ``sablier``, the 30 s of the seat to play (a knocker's turn too).

        D16: in a knock window, each seat still silent has ``frappe_secondes`` to knock; when
        they run out it lets the window pass (« pas de frappe »).
        """
        if self.phase == "frappe" and self.config.knock_seconds > 0:
            return tuple(
                RuleTimer(
                    seat,
                    self.config.knock_seconds,
                    f"frappe-{self.turn}-place-{seat + 1}",
                    NoKnock(),
                    label="Fenêtre de frappe",
                )
                for seat in self.window
                if self.pending[seat] is None
            )
        if not self.config.hourglass or self.phase != "jeu":
            return ()
        key = f"tour-{self.turn}-place-{self.active + 1}"
        return (RuleTimer(self.active, HOURGLASS_SECONDS, key, Timeout()),)

    def _first_spot(self, tile: Tile, *, anywhere: bool = False) -> tuple[int, int] | None:
        spots = self.board.positions(tile, anywhere=anywhere)
        return spots[0] if spots else None

    def check(self, seat: Seat, action: Action) -> None:
        self.check_seat(seat)
        if self.phase == "tirage":
            if not isinstance(action, ChooseSize):
                raise IllegalAction(
                    "C'est le moment de prendre des lettres : choisissez une taille."
                )
            if action.size not in self.pool_sizes():
                raise IllegalAction(
                    f"Il ne reste aucune lettre face cachée de taille {action.size}."
                )
            return
        if self.phase == "frappe":
            if isinstance(action, NoKnock):
                return
            if not isinstance(action, Knock):
                raise IllegalAction(
                    "C'est le moment de frapper ou non (« frapper », « pas_de_frappe »)."
                )
            self._check_knock(seat, action)
            return
        first = self.first_round(seat)
        if isinstance(action, Turn):
            plan = self.plan_turn(seat, action)
            if plan.problems and self.config.errors == "refus":
                raise IllegalAction(plan.problems[0])
            return
        if isinstance(action, Stop):
            if not self.config.solo:
                raise IllegalAction("On ne s'arrête qu'en solo : la partie finit d'elle-même.")
            return
        if isinstance(action, Timeout):
            if not self.config.hourglass:
                raise IllegalAction("On joue sans sablier à cette table.")
            return
        if isinstance(action, (Knock, NoKnock, ChooseSize)):
            raise IllegalAction("C'est votre tour : posez une pièce (ou lettre libre, blanche…).")
        if first:
            raise IllegalAction(
                "Première manche : posez l'une de vos lettres sur une case quelconque."
            )
        if isinstance(action, FreeLetter):
            self._check_own_letter(seat, action.tile)
        elif isinstance(action, PlaceBlank):
            if action.tile not in self.blanks_of(seat):
                raise IllegalAction(
                    f"La pièce {self.tile_label(action.tile)} n'est pas l'une de vos pièces "
                    "blanches."
                )
            reason = self.board.check_place(self.catalog[action.tile], action.x, action.y)
            if reason is not None:
                raise IllegalAction(reason)
        elif isinstance(action, Pass) and not self.may_pass(seat):
            raise IllegalAction(
                "On ne passe que sans lettre ni pièce blanche à poser : posez une pièce, "
                "une lettre libre ou une pièce blanche."
            )

    def _next(self, seat: Seat, action: Action) -> LetterState:
        if isinstance(action, ChooseSize):
            return self._choose(seat, action.size)
        if isinstance(action, Turn):
            return self._turn(seat, action)
        if isinstance(action, FreeLetter):
            hands = self._without(seat, {action.tile})
            state = replace(self, hands=hands, free=(*self.free, action.tile))
            return state._end_turn(seat, word=False)
        if isinstance(action, PlaceBlank):
            board = self.board.place(self.catalog[action.tile], action.x, action.y)
            hands = self._without(seat, {action.tile})
            state = replace(self, board=board, hands=hands)
            return state._end_turn(seat, word=False, placed=(action.tile,))
        if isinstance(action, Pass):
            return self._end_turn(seat, word=False)
        if isinstance(action, Timeout):
            return self._timeout(seat)
        if isinstance(action, Stop):
            return replace(self, phase="fin", events=(*self.events, "La partie solo est arrêtée."))
        if isinstance(action, (Knock, NoKnock)):
            pending = list(self.pending)
            pending[seat] = action
            state = replace(self, pending=tuple(pending))
            if any(pending[s] is None for s in self.window):
                return state
            return state._resolve_knocks()
        raise AssertionError(action)

    # --- what a seat holds -----------------------------------------------------------------

    def letters_of(self, seat: Seat) -> tuple[str, ...]:
        return tuple(t for t in self.hands[seat] if not self.catalog[t].blank)

    def blanks_of(self, seat: Seat) -> tuple[str, ...]:
        return tuple(t for t in self.hands[seat] if self.catalog[t].blank)

    def first_round(self, seat: Seat) -> bool:
        """D5: the seat's first turn, one of its letters anywhere (if it still has one)."""
        return not self.first_done[seat] and bool(self.letters_of(seat))

    def pool_sizes(self) -> tuple[str, ...]:
        """Sizes of the face-down letters left (the backs show the size), smallest first."""
        return tuple(sorted({self.catalog[t].size for t in self.pool}, key=size_key))

    def may_pass(self, seat: Seat) -> bool:
        """D15: only without letters, and without a blank that can still be placed."""
        if self.config.solo or self.letters_of(seat):
            return False
        return all(not self.board.positions(self.catalog[b]) for b in set(self.blanks_of(seat)))

    def noted(self) -> dict[str, list[frozenset[str]]]:
        """Every word noted at the table, with the tile sets it was noted with (rule 4)."""
        index: dict[str, list[frozenset[str]]] = {}
        for sheet in self.sheets:
            for entry in sheet:
                index.setdefault(entry.word, []).append(frozenset(entry.path))
        return index

    def _without(self, seat: Seat, tiles: set[str]) -> tuple[tuple[str, ...], ...]:
        hands = list(self.hands)
        hands[seat] = tuple(t for t in hands[seat] if t not in tiles)
        return tuple(hands)

    def _check_own_letter(self, seat: Seat, tile_id: str) -> None:
        if tile_id not in self.letters_of(seat):
            raise IllegalAction(
                f"La pièce {self.tile_label(tile_id)} n'est pas l'une de vos lettres."
            )

    # --- the deal (D2, D3) -------------------------------------------------------------------

    def _choose(self, seat: Seat, size: str) -> LetterState:
        tile_id = next(t for t in self.pool if self.catalog[t].size == size)
        pool = tuple(t for t in self.pool if t != tile_id)
        hands = list(self.hands)
        hands[seat] = (*hands[seat], tile_id)
        state = replace(self, pool=pool, hands=tuple(hands))
        dealt = sum(len(state.letters_of(s)) for s in range(self.players))
        if dealt == self.config.quota * self.players:
            return replace(state, phase="jeu", active=self.config.starter)
        return replace(state, active=(self.config.starter + dealt) % self.players)

    # --- turns -------------------------------------------------------------------------------

    def _claim_structure(self, board: Board, claims: Sequence[Claim]) -> list[str]:
        """Check what is always refused in named words; return the words read."""
        words = []
        for claim in claims:
            path = claim.path
            if len(path) < 2:
                raise IllegalAction("Un mot a au moins deux lettres.")
            if len(set(path)) != len(path):
                raise IllegalAction(
                    "Il est interdit d'utiliser la même lettre plusieurs fois pour former un "
                    "même mot."
                )
            for tile_id in path:
                if tile_id not in board:
                    raise IllegalAction(
                        f"La pièce {self.tile_label(tile_id)} n'est pas sur le plateau."
                    )
                if board.get(tile_id).tile.blank:
                    raise IllegalAction(
                        "Une pièce blanche ne porte pas de lettre : on ne la lit pas."
                    )
            word = path_word(board, path)
            if claim.word is not None and claim.word != word:
                raise IllegalAction(f"Ces pièces se lisent « {word} », pas « {claim.word} ».")
            words.append(word)
        return words

    def judge(
        self, board: Board, claims: Sequence[Claim], noted: Mapping[str, list[frozenset[str]]]
    ) -> tuple[list[tuple[Claim, str]], list[str]]:
        """Valid new words and the problems of the others, in order (D7, D8).

        A word accepted earlier in the same list counts as noted for the later ones: the same
        word twice must use completely different tiles.
        """
        words = self._claim_structure(board, claims)
        seen = {word: list(sets) for word, sets in noted.items()}
        valid: list[tuple[Claim, str]] = []
        problems: list[str] = []
        for claim, word in zip(claims, words, strict=True):
            if not is_path(board, claim.path):
                problems.append(
                    f"« {word} » ne se lit pas : chaque lettre doit toucher la suivante "
                    "par un côté."
                )
            elif word not in self.words:
                problems.append(f"« {word} » n'est pas un mot admis.")
            elif not is_new(word, claim.path, seen):
                problems.append(
                    f"« {word} » n'est pas nouveau : il est déjà noté avec l'une de ces pièces."
                )
            else:
                valid.append((claim, word))
                seen.setdefault(word, []).append(frozenset(claim.path))
        return valid, problems

    def plan_turn(self, seat: Seat, action: Turn) -> TurnPlan:
        """Check a turn: raise :class:`IllegalAction` for what is always refused (D9)."""
        first = self.first_round(seat)
        if not action.placements:
            raise IllegalAction(
                "Posez au moins une pièce (sinon : lettre libre, pièce blanche ou passer)."
            )
        ids = [p.tile for p in action.placements]
        if len(set(ids)) != len(ids):
            raise IllegalAction("Une même pièce ne se pose qu'une fois.")
        letters = set(self.letters_of(seat))
        own = [t for t in ids if t in letters]
        frees = tuple(t for t in ids if t in self.free)
        for tile_id in ids:
            if tile_id in self.blanks_of(seat):
                raise IllegalAction("Une pièce blanche se pose seule (coup « blanche »).")
            if tile_id not in letters and tile_id not in self.free:
                raise IllegalAction(
                    f"La pièce {self.tile_label(tile_id)} n'est ni à vous ni une lettre libre."
                )
        if len(own) > 1:
            raise IllegalAction("Une seule de vos lettres par tour (plus des lettres libres).")
        if action.sacrifice is not None:
            self._check_own_letter(seat, action.sacrifice)
        if first and (len(ids) != 1 or not own or action.exchange is not None):
            raise IllegalAction("Première manche : posez une seule de vos lettres, où vous voulez.")
        board = self.board
        blank_cells: set[tuple[int, int]] = set()
        if action.exchange is not None:
            if action.exchange not in board or not board.get(action.exchange).tile.blank:
                raise IllegalAction(
                    f"La pièce {self.tile_label(action.exchange)} n'est pas une pièce blanche "
                    "posée."
                )
            if not own:
                raise IllegalAction("On échange une pièce blanche contre l'une de ses lettres.")
            blank_cells = set(board.get(action.exchange).cells())
            board = board.remove(action.exchange)
        for placement in action.placements:
            tile = self.catalog[placement.tile]
            reason = board.check_place(tile, placement.x, placement.y, anywhere=first)
            if reason is not None:
                raise IllegalAction(
                    f"{tile.label} en {cell_name(placement.x, placement.y)} : {reason}"
                )
            if (
                placement.tile in own
                and blank_cells
                and blank_cells.isdisjoint(Placed(tile, placement.x, placement.y).cells())
            ):
                raise IllegalAction("La lettre échangée doit prendre la place de la pièce blanche.")
            board = board.place(tile, placement.x, placement.y, anywhere=first)
        valid, problems = self.judge(board, action.words, self.noted())
        failed = False
        if not first:
            placed = set(ids)
            used = {t for claim, _ in valid for t in claim.path}
            if placed.isdisjoint(used):
                failed = True
                problems.append(
                    "Nommez au moins un nouveau mot valable qui utilise une pièce posée ce tour."
                )
            else:
                unused = [t for t in ids if t not in used]
                if unused:
                    failed = True
                    problems.append(
                        f"La pièce {self.tile_label(unused[0])} posée ne sert à aucun mot "
                        "nommé : chaque pièce posée doit servir (sinon, c'est le rôle d'une "
                        "pièce blanche)."
                    )
        return TurnPlan(
            board, own[0] if own else None, frees, tuple(valid), tuple(problems), failed
        )

    def _note(
        self, seat: Seat, words: Iterable[tuple[Claim, str]], *, knock: bool = False
    ) -> tuple[tuple[Entry, ...], ...]:
        sheets = list(self.sheets)
        noted = tuple(Entry(w, c.path, self.turn + 1, knock) for c, w in words)
        sheets[seat] = sheets[seat] + noted
        return tuple(sheets)

    def _turn(self, seat: Seat, action: Turn) -> LetterState:
        plan = self.plan_turn(seat, action)
        state = self
        if plan.failed:
            # D11: « on reprend la lettre et on doit placer une pièce à soi ainsi que cette
            # lettre à côté du plateau de jeu » — free letters go back beside the board.
            laid = plan.own
            if laid is None:
                laid = action.sacrifice or default_sacrifice(self.catalog, self.hands[seat])
            hands = self._without(seat, set() if laid is None else {laid})
            free = self.free if laid is None else (*self.free, laid)
            what = "aucune lettre" if laid is None else f"la lettre {self._tile_text(laid)}"
            line = (
                f"{_seat_name(seat).capitalize()} : pose sans nouveau mot valable, les pièces "
                f"sont reprises et {what} va à côté du plateau."
            )
            state = replace(state, hands=hands, free=free, events=(*self.events, line))
            return state._end_turn(seat, word=False)
        hands = self._without(seat, set() if plan.own is None else {plan.own})
        if action.exchange is not None:  # D14: the blank goes to the player's hand
            hands = tuple(
                (*hand, action.exchange) if s == seat else hand for s, hand in enumerate(hands)
            )
        free = tuple(t for t in self.free if t not in plan.frees)
        events = self.events
        if plan.problems:  # penalite: the wrong words are struck, the valid ones noted
            events = (
                *events,
                f"Mots non retenus ({_seat_name(seat)}) : " + " ; ".join(plan.problems),
            )
        state = replace(
            state,
            board=plan.board,
            hands=hands,
            free=free,
            sheets=self._note(seat, plan.words),
            events=events,
        )
        placed = tuple(p.tile for p in action.placements)
        return state._end_turn(seat, word=bool(plan.words), placed=placed)

    def _tile_text(self, tile_id: str) -> str:
        return self.tile_label(tile_id)

    def tile_label(self, tile_id: str) -> str:
        """A tile as a player names it (« E (2×1) »); an id the set lacks, quoted as sent."""
        tile = self.catalog.get(tile_id)
        return f"« {tile_id} »" if tile is None else tile.label

    def _timeout(self, seat: Seat) -> LetterState:
        # D17: the time ran out, the player could not place: a letter goes beside the board.
        laid = default_sacrifice(self.catalog, self.hands[seat])
        hands = self._without(seat, set() if laid is None else {laid})
        free = self.free if laid is None else (*self.free, laid)
        what = "aucune lettre" if laid is None else f"la lettre {self._tile_text(laid)}"
        line = f"Temps écoulé pour la {_seat_name(seat)} : {what} va à côté du plateau."
        state = replace(self, hands=hands, free=free, events=(*self.events, line))
        return state._end_turn(seat, word=False)

    def _end_turn(self, seat: Seat, *, word: bool, placed: tuple[str, ...] = ()) -> LetterState:
        # D18: a first-round turn (the last one too) never counts towards a dry round: for the
        # count it is as if it had noted a word.
        word = word or not self.first_done[seat]
        first_done = tuple(done or s == seat for s, done in enumerate(self.first_done))
        played = tuple(n + (s == seat) for s, n in enumerate(self.played))
        state = replace(
            self, turn=self.turn + 1, first_done=first_done, played=played, placed_last=placed
        )
        if self.config.solo:
            if not state.hands[0] and not state.free:  # D21: nothing left to place
                return replace(state, phase="fin", active=0)
            return replace(state, phase="jeu", active=0)
        if self.config.knocking:  # D16: the others may knock now
            window = tuple(s for s in range(self.players) if s != seat)
            return replace(
                state,
                phase="frappe",
                active=seat,
                window=window,
                pending=(None,) * self.players,
                word_in_turn=word,
            )
        return replace(state, active=seat)._advance((seat + 1) % self.players, word=word)

    def _advance(self, next_seat: Seat, *, word: bool) -> LetterState:
        """The next turn, or the end (D18) after a whole round without a new word."""
        started = all(self.first_done)
        dry = 0 if word or not started else self.dry + 1
        base = replace(self, window=(), pending=(None,) * self.players, dry=dry)
        if started and dry >= self.players:
            line = f"Une manche entière sans nouveau mot : la partie est finie ({dry} tours)."
            return replace(base, phase="fin", events=(*self.events, line))
        return replace(base, phase="jeu", active=next_seat)

    # --- knocks (D16) ------------------------------------------------------------------------

    def _check_knock(self, seat: Seat, action: Knock) -> None:
        if not action.words:
            raise IllegalAction("Pour frapper, nommez au moins un mot.")
        if action.sacrifice is not None:
            self._check_own_letter(seat, action.sacrifice)
        _, problems = self.judge(self.board, action.words, self.noted())
        if problems and self.config.errors == "refus":
            raise IllegalAction(problems[0])

    def _resolve_knocks(self) -> LetterState:
        knockers = [s for s in self.window if isinstance(self.pending[s], Knock)]
        if not knockers:
            return self._advance((self.active + 1) % self.players, word=self.word_in_turn)
        draws = self.rng.draws()
        rolls: dict[Seat, tuple[int, ...]] = {s: () for s in knockers}
        order = _dice_order(knockers, draws, rolls)
        state = replace(self, rng=draws.freeze())
        winner: Seat | None = None
        failed: list[tuple[Seat, str | None]] = []
        lines = []
        if len(order) > 1:
            dice = ", ".join(f"{_seat_name(s)} fait {'-'.join(map(str, rolls[s]))}" for s in order)
            lines.append(f"Plusieurs frappes, les dés décident : {dice}.")
        for seat in order:
            knock = self.pending[seat]
            assert isinstance(knock, Knock)
            valid, _ = state.judge(state.board, knock.words, state.noted())
            if valid:
                winner = seat
                state = replace(state, sheets=state._note(seat, valid, knock=True))
                names = ", ".join(word for _, word in valid)
                lines.append(
                    f"{_seat_name(seat).capitalize()} frappe avec succès ({names}) et joue."
                )
                break
            laid = knock.sacrifice if knock.sacrifice in state.hands[seat] else None
            laid = laid or default_sacrifice(state.catalog, state.hands[seat])
            if laid is not None:
                state = replace(state, hands=state._without(seat, {laid}), free=(*state.free, laid))
            failed.append((seat, laid))
            what = (
                "sans lettre à poser"
                if laid is None
                else f"{self._tile_text(laid)} va à côté du plateau"
            )
            lines.append(f"{_seat_name(seat).capitalize()} frappe sans mot valable : {what}.")
        lapsed = tuple(order[order.index(winner) + 1 :]) if winner is not None else ()
        knocks = []
        for s in self.window:
            knock = self.pending[s]
            if isinstance(knock, Knock):  # the words written out, as everybody now hears them
                claims = tuple(Claim(c.path, path_word(self.board, c.path)) for c in knock.words)
                knocks.append((s, replace(knock, words=claims)))
        result = KnockResult(
            turn=self.turn,
            knocks=tuple(knocks),
            dice=tuple((s, rolls[s]) for s in knockers),
            order=tuple(order),
            winner=winner,
            failed=tuple(failed),
            lapsed=lapsed,
        )
        state = replace(state, knocks=(*self.knocks, result), events=(*self.events, *lines))
        if winner is None:
            return state._advance((self.active + 1) % self.players, word=self.word_in_turn)
        # « Le dernier frappeur couronné de succès continue la partie »: the knocker plays now,
        # and the turn order goes on from them.
        return replace(state, window=(), pending=(None,) * self.players, dry=0)._advance(
            winner, word=True
        )

    # --- end and score (D19, D20, D21) ---------------------------------------------------------

    def figures(self, seat: Seat) -> tuple[int, int, int]:
        """(words, letters, points) of a seat's sheet."""
        lengths = [len(e.word) for e in self.sheets[seat]]
        return len(lengths), sum(lengths), sum(n + max(0, n - 4) for n in lengths)

    def score(self, seat: Seat, figures: tuple[int, int, int] | None = None) -> int:
        words, letters, points = figures or self.figures(seat)
        if self.config.solo:
            return words if self.config.variant == 1 else points
        return {"1": words, "2": letters, "3": points}[self.config.counting]

    def letters_placed(self) -> int:
        """Solo: own letters (all dealt letters) now on the board."""
        return sum(1 for p in self.board.placed if not p.tile.blank)

    def outcome(self) -> Outcome | None:
        if self.phase != "fin":
            return None
        scores = [self.score(s) for s in range(self.players)]
        if self.config.solo:
            placed, total = self.letters_placed(), self.config.quota
            longest = max((len(e.word) for e in self.sheets[0]), default=0)
            if self.config.variant == 1:
                reason = (
                    f"{plural(scores[0], 'mot')} ; "
                    f"{plural(placed, 'lettre posée', 'lettres posées')} sur {total}"
                )
                reason += " : toutes les lettres sont utilisées !" if placed == total else "."
            else:
                reason = (
                    f"{plural(scores[0], 'point')} ; "
                    f"mot le plus long : {plural(longest, 'lettre')}."
                )
            return Outcome((1,), (scores[0],), reason)
        counting = self.config.counting
        keys: list[tuple[int, ...]]
        if counting == "1":
            keys = [self.figures(s)[:2] for s in range(self.players)]
            reason = "Comptage 1 : le plus de mots, puis le plus de lettres."
        elif counting == "2":
            keys = [(scores[s],) for s in range(self.players)]
            reason = "Comptage 2 : le plus de lettres dans ses mots."
        else:
            keys = [(scores[s],) for s in range(self.players)]
            reason = "Comptage 3 : points des mots, un point de plus par lettre au-delà de quatre."
        return Outcome.from_keys(keys, scores=scores, reason=reason)

    # --- views, secrets, determinisation, invariants, sampling (wired in by game.py) -----------

    def view(self, seat: Seat | None) -> JsonObject:
        return self.hooks.view(self, seat)

    def secrets(self, seat: Seat) -> frozenset[str]:
        return self.hooks.secrets(self, seat)

    def hides_between_seats(self) -> bool:
        """Only a pending knock is seen by one seat and not the others (hands are public)."""
        return any(self.secrets(seat) for seat in range(self.players))

    def resample_hidden(self, observer: Seat, draws: Draws) -> LetterState:
        return self.hooks.resample_hidden(self, observer, draws)

    def invariant_violations(self) -> list[str]:
        return self.hooks.invariant_violations(self)

    def sample_action(self, seat: Seat, draws: Draws) -> Action:
        return self.hooks.sample_action(self, seat, draws)


def _dice_order(seats: list[Seat], draws: Draws, rolls: dict[Seat, tuple[int, ...]]) -> list[Seat]:
    """« on joue aux dés … le chiffre le plus élevé gagne »: highest first, ties roll again."""
    if len(seats) == 1:
        return list(seats)
    thrown = {}
    for seat in seats:
        thrown[seat] = draws.below(DIE_FACES) + 1
        rolls[seat] = (*rolls[seat], thrown[seat])
    order: list[Seat] = []
    for value in sorted(set(thrown.values()), reverse=True):
        tied = [s for s in seats if thrown[s] == value]
        order += _dice_order(tied, draws, rolls) if len(tied) > 1 else tied
    return order
