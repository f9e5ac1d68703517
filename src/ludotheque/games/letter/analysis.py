"""Letter's analysis: each turn and each knock window of a seat next to the Expert's choice.

Read from a finished game's record (``docs/analysis.md``). At each decision of the seat, the
Expert level (:class:`~.bots_levels.LetterLevelBot`: the whole dictionary, its best
placements weighed against the best reply they leave) decides from the seat's
:class:`~ludotheque.bots.base.Observation` then, at full attention (:data:`EXPERT`: it names
:data:`~.naming.MAX_WORDS_NAMED` words every time instead of stopping at the first it
misses), and the two choices are compared by what they score under the table's counting
(points, letters or words), the natural measure:

- **A turn** — the placement and the words named: « E en c7 : MERE, RE (6 points) » next to
  the Expert's; the loss is the difference (none when the player scored as much). The
  details list the words the player missed: the new words still readable after their turn,
  the most familiar first.
- **A knock window** — a note only when there was something to knock for (the new words the
  last turn left, through the tiles it placed) or when the player knocked: the Expert knocks
  with up to six of them. Its courtesies at a table (never in the first round, never skipping
  the same seat twice, its reaction time) are left out: the analysis says what could be won.

The deal by size gets no note (which letter comes with a size is luck; the Expert only keeps
a fixed preference), nor does a turn where neither the player nor the Expert could score.
Everything is drawn from the record's seed, the seat and the ply: the same record gives the
same notes.

>>> from ludotheque.core.record import GameRecord
>>> analyse(GameRecord("letter", 2, 1, {"tirage": "hasard"}), 0)
[]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from ludotheque.bots.base import Observation
from ludotheque.bots.levels import LEVELS, familiarity
from ludotheque.bots.simulate import derive_seed
from ludotheque.core.analysis import DecisionNote, Verdict, seat_notes
from ludotheque.core.french import plural
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Draws, Rng

from .actions import (
    Action,
    ChooseSize,
    Claim,
    FreeLetter,
    Knock,
    NoKnock,
    Pass,
    PlaceBlank,
    Stop,
    Timeout,
    Turn,
)
from .board import cell_name
from .bots_levels import LetterLevelBot, openings
from .bots_strong import DEFAULT_ITERATIONS
from .game import Letter
from .naming import MAX_WORDS_NAMED, name_words
from .paths import WordPaths, new_words
from .state import LetterState, word_points

__all__ = ["EXPERT", "VERSION", "LetterAnalyst", "analyse", "word_gain"]

VERSION = 1
"""Bumped when the notes change: the server redoes analyses of an older version."""
EXPERT = replace(LEVELS["expert"], notice=1.0, reaction=0.0)
"""The Expert at full attention: no word it sees is left out of a turn (up to six)."""
EXPERT_ITERATIONS: int | None = None
"""The Expert's look-ahead budget per turn (None: the live Expert's, 8 placements weighed)."""
EXPERT_STREAM = 0xA1A1
"""The path (after the record's seed) of the Expert's draws."""
MISSED_SHOWN = 6
"""Missed words listed in a note (the most familiar first)."""

# Verdicts: « bon » when the loss is at most the first number or 20 % of the Expert's gain,
# « imprecision » at most the second or 50 %; by unit of the table's counting.
THRESHOLDS = {"point": (2.0, 6.0), "lettre": (2.0, 5.0), "mot": (1.0, 2.0)}


def analyse(record: GameRecord, seat: int) -> list[DecisionNote]:
    """One note per decision of ``seat`` in ``record`` worth one, in order."""
    game = Letter()
    analyst = LetterAnalyst(record.seed, seat)
    return seat_notes(
        game,
        record,
        seat,
        lambda ply, move: analyst.note(Observation.of(game, move.before, seat), move.action, ply),
    )


def unit(state: LetterState) -> str:
    """What the table counts: « point », « lettre » or « mot »."""
    config = state.config
    if config.solo:
        return "mot" if config.variant == 1 else "point"
    return {"1": "mot", "2": "lettre"}.get(config.counting, "point")


def word_gain(state: LetterState, word: str) -> int:
    """What noting ``word`` adds to a seat's score under the table's counting.

    >>> from ludotheque.games.letter import Letter
    >>> word_gain(Letter().new(2, 1, {"tirage": "hasard"}), "MAISON")
    8
    """
    return {"mot": 1, "lettre": len(word), "point": word_points(len(word))}[unit(state)]


def grade(loss: float, best: float, counted: str) -> Verdict:
    """The verdict of a loss next to the Expert's gain ``best`` (see :data:`THRESHOLDS`).

    >>> grade(0, 10, "point"), grade(2, 4, "point"), grade(5, 8, "point"), grade(7, 8, "point")
    ('meilleur', 'bon', 'imprecision', 'erreur')
    """
    small, large = THRESHOLDS[counted]
    if loss <= 0:
        return "meilleur"
    if loss <= max(small, 0.2 * best):
        return "bon"
    if loss <= max(large, 0.5 * best):
        return "imprecision"
    return "erreur"


class LetterAnalyst:
    """The Expert at one seat of one game (the record's ``seed``), deciding and counting."""

    def __init__(self, seed: int, seat: int) -> None:
        self.seed, self.seat = seed, seat
        budget = DEFAULT_ITERATIONS if EXPERT_ITERATIONS is None else EXPERT_ITERATIONS
        self.expert = LetterLevelBot(EXPERT, max_iterations=budget)

    def draws(self, ply: int, stream: int = 0) -> Draws:
        return Rng.from_seed(derive_seed(self.seed, EXPERT_STREAM + stream, self.seat, ply)).draws()

    def expert_action(self, observation: Observation, ply: int) -> Action:
        """What the Expert plays at decision ``ply``: its turn, or its knock (or none)."""
        state = observation.determinize(self.draws(ply, 1))
        assert isinstance(state, LetterState)
        if state.phase == "frappe":
            claims, _ = self._knock(state)
            return Knock(tuple(claims)) if claims else NoKnock()
        action = self.expert.decide(observation, self.draws(ply)).action
        assert isinstance(action, (Turn, FreeLetter, PlaceBlank, Pass, Stop, Timeout, ChooseSize))
        return action

    def note(self, observation: Observation, action: Action, ply: int) -> DecisionNote | None:
        """The note of the seat's ``action`` at decision ``ply``, None when there is none."""
        state = observation.determinize(self.draws(ply, 1))  # the face-down order redrawn
        assert isinstance(state, LetterState)
        if state.phase == "frappe":
            return self._knock_note(state, action, ply)
        if state.phase == "jeu":
            return self._turn_note(observation, state, action, ply)
        return None  # the deal: luck

    # --- turns ---------------------------------------------------------------------------------

    def _turn_note(
        self, observation: Observation, state: LetterState, action: Action, ply: int
    ) -> DecisionNote | None:
        counted = unit(state)
        best = self.expert_action(observation, ply)
        mine, theirs = self._turn_gain(state, action), self._turn_gain(state, best)
        if mine == 0 and theirs == 0:
            return None  # no word for the Expert either: nothing to weigh
        played, shown = (
            self._turn_text(state, action, counted),
            self._turn_text(state, best, counted),
        )
        loss = max(0, theirs - mine)
        verdict = grade(loss, theirs, counted)
        details = []
        missed = self._missed(state, action)
        if missed:
            details.append(missed)
        if loss == 0 and best != action and theirs == mine and mine > 0:
            details.insert(0, f"L'Expert aurait joué {shown} : autant.")
        return DecisionNote(
            ply, played, shown if loss > 0 else None, float(loss), verdict, tuple(details)
        )

    def _turn_gain(self, state: LetterState, action: Action) -> int:
        """What ``action`` scores (the valid new words it names; a failed turn nothing)."""
        if not isinstance(action, Turn):
            return 0
        plan = state.plan_turn(self.seat, action)
        if plan.failed:
            return 0
        return sum(word_gain(state, word) for _, word in plan.words)

    def _turn_text(self, state: LetterState, action: Action, counted: str) -> str:
        if isinstance(action, Turn):
            placed = ", ".join(
                f"{state.catalog[p.tile].letter} en {cell_name(p.x, p.y)}"
                for p in action.placements
            )
            if action.exchange is not None:
                placed += " (à la place d'une pièce blanche)"
            plan = state.plan_turn(self.seat, action)
            words = [word for _, word in plan.words]
            if plan.failed or not words:
                return f"{placed}, sans mot valable"
            gain = sum(word_gain(state, word) for word in words)
            return f"{placed} : {_listing(words)} ({plural(gain, counted)})"
        if isinstance(action, FreeLetter):
            return f"{state.catalog[action.tile].letter} à côté du plateau (lettre libre)"
        if isinstance(action, PlaceBlank):
            return f"une pièce blanche en {cell_name(action.x, action.y)}"
        if isinstance(action, Pass):
            return "passer son tour"
        if isinstance(action, Timeout):
            return "temps écoulé, sans rien poser"
        return "arrêter la partie"

    def _missed(self, state: LetterState, action: Action) -> str | None:
        """The new words the player's placement made and they did not name (still new after
        their turn), the most familiar first: the words they missed."""
        if not isinstance(action, Turn):
            return None
        plan = state.plan_turn(self.seat, action)
        if plan.failed:
            return None
        noted = state.noted()
        for claim, word in plan.words:
            noted.setdefault(word, []).append(frozenset(claim.path))
        left: set[str] = set()
        for placement in action.placements:
            left.update(new_words(plan.board, state.words.index, noted, through=placement.tile))
        if not left:
            return None
        return "Mots manqués avec votre pose : " + _ranked_words(left) + "."

    # --- knock windows -------------------------------------------------------------------------

    def _knock(self, state: LetterState) -> tuple[list[Claim], WordPaths]:
        """The Expert's knock: up to six of the new words the last turn left, and those."""
        seen = openings(state, state.words.index)
        claims, _ = name_words(state, {}, seen, (), MAX_WORDS_NAMED, state.noted())
        return claims, seen

    def _knock_note(self, state: LetterState, action: Action, ply: int) -> DecisionNote | None:
        counted = unit(state)
        claims, seen = self._knock(state)
        if not claims and not isinstance(action, Knock):
            return None  # nothing to knock for, and no knock
        theirs = sum(word_gain(state, c.word or "") for c in claims)
        mine, valid = 0, []
        if isinstance(action, Knock):
            accepted, _ = state.judge(state.board, action.words, state.noted())
            valid = [word for _, word in accepted]
            mine = sum(word_gain(state, word) for word in valid)
        loss = max(0, theirs - mine)
        verdict = grade(loss, theirs, counted)
        details = []
        if isinstance(action, Knock) and not valid:
            details.append("Frappe sans mot valable : une de vos lettres va à côté du plateau.")
            if verdict in ("meilleur", "bon"):
                verdict = "imprecision"
        named = {c.word for c in claims}
        more = [word for word in seen if word not in named]
        if more and loss > 0:
            details.append("Autres mots laissés par le dernier coup : " + _ranked_words(more) + ".")
        played = _knock_text(action, valid, counted, state)
        best = "ne pas frapper"
        if claims:
            words = [c.word or "" for c in claims]
            best = f"frapper avec {_listing(words)} ({plural(theirs, counted)})"
        shown = best if verdict != "meilleur" else None
        return DecisionNote(ply, played, shown, float(loss), verdict, tuple(details))


def _knock_text(action: Action, valid: Sequence[str], counted: str, state: LetterState) -> str:
    if not isinstance(action, Knock):
        return "ne pas frapper"
    if not valid:
        return "frapper sans mot valable"
    gain = sum(word_gain(state, word) for word in valid)
    return f"frapper avec {_listing(list(valid))} ({plural(gain, counted)})"


def _ranked_words(words: Iterable[str]) -> str:
    """The words, most familiar first (then the longest), at most :data:`MISSED_SHOWN`."""
    ranked = sorted(words, key=lambda w: (-familiarity(w), -len(w), w))
    shown = ", ".join(ranked[:MISSED_SHOWN])
    more = len(ranked) - MISSED_SHOWN
    return shown + (f" et {plural(more, 'autre')}" if more > 0 else "")


def _listing(items: Sequence[str]) -> str:
    """« A », « A et B », « A, B et C »."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " et " + items[-1]
