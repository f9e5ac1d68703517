"""The four levels in Thèmes (Débutant, Intermédiaire, Fort, Expert): one class reading its
:class:`~ludotheque.bots.levels.Profile`.

Each decision starts from the state drawn from the bot's own view
(:meth:`~ludotheque.bots.base.Observation.determinize`; its own cards and everything visible
are kept) and lists every word its cards allow (:func:`~.bots_moves.word_moves`, the whole
vocabularies: the best of them is the decision's ``best``). Then, as a person of its level:

- **Attention** (``notice``): in Thèmes what the others leave is the table — each word they take
  uncovers a new theme and new letters, and in Simultanée two cards are turned. In a search the
  bot takes in each visible theme (and Expert's fifth theme) with probability ``notice``, at
  least one: the Débutant looks at one theme or two and often misses the one it could have
  used, the Expert sees them all.
- **Vocabulary** (``min_zipf``): it only says entries it knows (:func:`~.familiarity.knows_entry`).
- **Choice** (:meth:`~ludotheque.bots.levels.Profile.pick`): among the words it found, ranked by
  points (equal points: the more familiar first, as a person thinks of it first). The Expert
  (``search``) ranks them by :func:`~.bots_strong.weigh` instead: the points now, the best word
  it could say next on the table the word leaves, and the end of the game in view; in Équipe
  it plans its packets (:func:`packet_plan`: three words on three themes when it can).
- **Pace** (:mod:`.bots_pace`): the word's thinking time; in a classic turn the bot stops when
  its next word would not fit in what is left of the hourglass (it estimates the time spent from
  the words said), and otherwise ends its turn when the hourglass would (``fin_du_tour`` with the
  seconds left). With nothing found it changes its letters once (after a vain search) and then
  waits for the hourglass.
- **Mistakes** (``gamble``): in Simultanée, where a refused word costs a won card, a bot with
  no word of its own sometimes says a word of another visible theme (it mixed them up), when a
  judge may hear it (never with ``jugement=vocabulaire``).
- **Judge**: the robot judge (:func:`~.bots_common.judge_verdict`): a word outside the theme's
  vocabulary is refused, « hors vocabulaire », and a non-word never passes; it answers within
  its reaction, before its silence could speak for it.

>>> from ludotheque.bots.base import Observation
>>> from ludotheque.core.rng import Rng
>>> from ludotheque.games.themes import Themes
>>> game = Themes()
>>> state = game.new(2, 4)
>>> observation = Observation.of(game, state, state.play.active)
>>> decision = ThemesLevelBot("expert").decide(observation, Rng.from_seed(1).draws())
>>> decision.value == decision.best and decision.seconds > 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from ludotheque.bots.base import Decision, Observation
from ludotheque.bots.levels import LevelBot
from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Draws

from .actions import EndTurn, GiveBack, GiveUp, Redraw, Word
from .bots_common import judge_verdict
from .bots_moves import Move, stray_moves, word_moves
from .bots_pace import (
    give_up_seconds,
    redraw_seconds,
    turn_seconds,
    verdict_seconds,
    word_seconds,
    worth_redrawing,
)
from .bots_strong import DEFAULT_CANDIDATES, weigh
from .classic import ClassicPlay
from .familiarity import entry_familiarity, knows_entry
from .simultaneous import SimultaneousPlay
from .state import ThemesState
from .teams import TeamPlay

__all__ = ["FIFTH", "ThemesLevelBot", "packet_plan"]

FIFTH = -1
"""The fifth theme (Expert) among the themes a bot takes in."""


class ThemesLevelBot(LevelBot):
    """A Thèmes player of one level (see the module doc)."""

    def decide(self, observation: Observation, draws: Draws) -> Decision:
        state = observation.determinize(draws)
        seat = observation.seat
        if not isinstance(state, ThemesState):
            return Decision(state.sample_action(seat, draws))
        play = state.play
        if isinstance(play, SimultaneousPlay) and play.owes(state, seat):
            # A refused word costs a won card: the one worth the least, chosen at once.
            give = GiveBack(play.cheapest_card(state, seat))
            return Decision(give, verdict_seconds(self.profile, state.config.judge_time, draws))
        if state.phase == "jugement" and state.claim is not None and seat in state.to_move():
            verdict = judge_verdict(state)
            return Decision(verdict, verdict_seconds(self.profile, state.config.judge_time, draws))
        if isinstance(play, ClassicPlay):
            return self._classic(state, play, seat, draws)
        if isinstance(play, SimultaneousPlay):
            return self._race(state, seat, draws)
        assert isinstance(play, TeamPlay), play
        return self._team(state, play, seat, draws)

    # --- what it sees and knows ------------------------------------------------------------

    def noticed(self, state: ThemesState, draws: Draws) -> set[int]:
        """The visible themes (their columns; :data:`FIFTH` for Expert's fifth theme) it takes
        in during this search, each with probability ``notice``, at least one column."""
        columns = [index for index, pile in enumerate(state.piles) if pile]
        seen = {index for index in columns if self.profile.notices(draws)}
        if not seen and columns:
            seen.add(draws.choice(columns))
        play = state.play
        if isinstance(play, ClassicPlay) and play.fifth and self.profile.notices(draws):
            seen.add(FIFTH)
        return seen

    def known(self, moves: Sequence[Move], seen: set[int]) -> list[Move]:
        """The moves on themes it took in, with words it knows."""
        return [
            move
            for move in moves
            if move.column in seen and (not move.word.fifth or FIFTH in seen) and self.knows(move)
        ]

    def choose_move(self, moves: Sequence[Move], draws: Draws) -> Move:
        """One of ``moves`` by the level's strength of choice (equal points: familiar first)."""
        ranked = sorted(moves, key=lambda move: -entry_familiarity(move.key))
        return self.profile.pick([(float(move.value), move) for move in ranked], draws)

    # --- classic and Expert ------------------------------------------------------------------

    def _classic(self, state: ThemesState, play: ClassicPlay, seat: Seat, draws: Draws) -> Decision:
        if state.phase != "jeu" or seat != play.active:
            return Decision(state.sample_action(seat, draws))
        said = [j.word for j in state.judgements if j.turn == play.turn and j.seat == seat]
        first = not said and not play.redrawn
        spent = turn_seconds(self.profile, said, redrawn=play.redrawn)
        if first:
            spent -= self.profile.reaction  # drawn below, with this decision's time
        left = state.config.hourglass - spent
        moves = word_moves(state, seat)
        best = max((float(move.value) for move in moves), default=None)
        known = self.known(moves, self.noticed(state, draws))
        chosen = self._classic_choice(state, seat, known, left, draws)
        if chosen is not None:
            seconds = word_seconds(self.profile, chosen.key, draws)
            if first:
                seconds += self.profile.reaction_seconds(draws)
            if seconds <= left:
                return Decision(chosen.word, seconds, float(chosen.value), best)
        # Nothing found that fits in the time left: new letters once, else the hourglass.
        if chosen is None and play.may_redraw(state, seat) and worth_redrawing(self.profile, left):
            return Decision(Redraw(), redraw_seconds(self.profile, draws))
        return Decision(EndTurn(), round(max(0.0, left), 3))

    def _classic_choice(
        self, state: ThemesState, seat: Seat, known: Sequence[Move], left: float, draws: Draws
    ) -> Move | None:
        if not known:
            return None
        if not self.profile.search:
            return self.choose_move(known, draws)
        # Expert: the best words now, weighed with the next word and the end of the game.
        ranked = sorted(known, key=lambda move: (-move.value, -entry_familiarity(move.key)))
        weighed: list[tuple[float, Move]] = []

        def follow(after: ThemesState) -> list[Word]:
            return [m.word for m in word_moves(after, seat)]

        for move in ranked[:DEFAULT_CANDIDATES]:
            # Another word after this one when twice its time fits in what is left.
            more = 2 * word_seconds(self.profile, move.key) <= left
            weighed.append((weigh(state, seat, move.word, follow if more else None), move))
        value, move = max(weighed, key=lambda pair: pair[0])
        return move if value > 0 else None

    # --- Simultanée ------------------------------------------------------------------------

    def _race(self, state: ThemesState, seat: Seat, draws: Draws) -> Decision:
        if state.phase != "recherche" or seat not in state.to_move():
            return Decision(state.sample_action(seat, draws))
        moves = word_moves(state, seat)
        best = max((float(move.value) for move in moves), default=None)
        seen = self.noticed(state, draws)
        if state.config.judging != "vocabulaire" and self.profile.gambles(draws):
            # A word it is not sure of: the best of a related theme's that its cards allow.
            strays = [move for move in stray_moves(state, seat, sorted(seen)) if self.knows(move)]
            if strays:
                stray = max(strays, key=lambda move: (move.value, entry_familiarity(move.key)))
                return Decision(stray.word, self._race_seconds(stray, draws), None, best)
        known = self.known(moves, seen)
        if known:
            chosen = self.choose_move(known, draws)
            seconds = self._race_seconds(chosen, draws)
            return Decision(chosen.word, seconds, float(chosen.value), best)
        return Decision(GiveUp(), give_up_seconds(self.profile, draws))

    def _race_seconds(self, move: Move, draws: Draws) -> float:
        """Finding the word, then slapping the turned cards (its ``reaction``)."""
        seconds = word_seconds(self.profile, move.key, draws)
        return round(seconds + self.profile.reaction_seconds(draws), 3)

    def knows(self, move: Move) -> bool:
        return knows_entry(self.profile, move.key)

    # --- Équipe ------------------------------------------------------------------------------

    def _team(self, state: ThemesState, play: TeamPlay, seat: Seat, draws: Draws) -> Decision:
        if state.phase != "jeu" or seat not in state.to_move():
            return Decision(state.sample_action(seat, draws))
        members = state.config.members(play.active)
        said = [j.word for j in state.judgements if j.turn == play.round and j.seat in members]
        spent = turn_seconds(self.profile, said, searchers=len(members))
        left = state.config.hourglass - spent
        moves = word_moves(state, seat)
        best = max((float(move.value) for move in moves), default=None)
        known = self.known(moves, self.noticed(state, draws))
        if known:
            plan = packet_plan(known) if self.profile.search else []
            chosen = max(plan, key=lambda move: move.value) if plan else None
            chosen = chosen or self.choose_move(known, draws)
            seconds = word_seconds(self.profile, chosen.key, draws)
            if seconds <= left:
                return Decision(chosen.word, seconds, float(chosen.value), best)
        return Decision(EndTurn(), round(max(0.0, left), 3))


def packet_plan(moves: Sequence[Move]) -> list[Move]:
    """Équipe, the Expert's look-ahead: one word for each unused packet on distinct themes,
    as many words as can be (« Si l'équipe ne trouve pas ses 3 mots, elle […] doit défausser
    toutes les cartes Thème remportées »), then the most points.

    >>> from ludotheque.games.themes.actions import Word
    >>> def move(packet, column, points):
    ...     return Move(f"K{packet}{column}", Word(column, "x", ("a",), packet=packet), points)
    >>> plan = packet_plan([move(0, 0, 5), move(1, 0, 6), move(1, 1, 2)])
    >>> sorted((m.word.packet, m.column) for m in plan)  # not the best word first: both words
    [(0, 0), (1, 1)]
    """
    best: dict[tuple[int, int], Move] = {}
    for move in moves:
        key = (move.word.packet or 0, move.column)
        if key not in best or move.value > best[key].value:
            best[key] = move
    packets = sorted({packet for packet, _ in best})
    columns = sorted({column for _, column in best})
    chosen: list[Move] = []
    score = (0, 0)
    for picks in product([None, *columns], repeat=len(packets)):
        taken = [c for c in picks if c is not None]
        if len(taken) != len(set(taken)):
            continue
        plan = [
            best[(packet, column)]
            for packet, column in zip(packets, picks, strict=True)
            if column is not None and (packet, column) in best
        ]
        value = (len(plan), sum(move.value for move in plan))
        if value > score:
            score, chosen = value, plan
    return chosen
