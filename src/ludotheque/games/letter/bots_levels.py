"""Letter's four bot levels (Débutant, Intermédiaire, Fort, Expert): one class reading a profile.

What each number of the :class:`~ludotheque.bots.levels.Profile` means at a Letter table:

- **Vocabulary**: the level searches the board with the words it knows only
  (:func:`~.vocabulary.level_index`): it never sees, names nor knocks for a word it does not
  know (a Débutant never names TERCAS, SECAM nor AE).
- **Words named** (:mod:`.naming`): after its first word a level notices each further one with
  its ``notice`` chance (one to three words for a Débutant, about five for a Fort); the Expert
  names every word it sees. Placements are ranked by the value of the words the level would
  name there (the table's counting).
- **Strength of choice**: :meth:`~ludotheque.bots.levels.Profile.pick` over those placements;
  the Expert weighs its best placements against the best reply each leaves
  (:func:`~.bots_strong.look_ahead`, the ``strong`` engine).
- **Knocks** (rule 16): never in the first round of a game; only with new words the level sees
  on the board; only if it notices them this time (``notice``); after its ``reaction``
  seconds (the decision's ``seconds``), and not at all when that is longer than the window
  stays open (``frappe_secondes`` less :data:`KNOCK_MARGIN`): the window would close first;
  and never when its knock would skip a seat a knock already skipped since that seat's last
  turn (:func:`skips_a_seat_again`).
- **Mistakes** (``gamble``): at a table with the rulebook's penalty (``erreurs=penalite``) a
  level now and then tries, instead of its sure words, a reading it is not sure of —
  something of three letters or more that looks like the start of a word
  (:func:`~.paths.prefixes_through`) and is not in its vocabulary. When it is not a word, the
  turn fails and its letter goes beside the board (rule 11). Never when a turn without a
  word would end the game (rule 18). With ``erreurs=refus`` a level never names a word that
  would be refused.
- **Pace**: a turn takes :data:`TURN_SECONDS` plus :data:`SECONDS_PER_UNIT` per letter of its
  longest word and per :data:`UNITS_PER_WORD` units for each other word named, times the
  level's ``slowness`` (at most :data:`MAX_TURN_SECONDS`, under the 30 s hourglass); a turn
  without a word :data:`NO_WORD_SECONDS`; a deal :data:`DEAL_SECONDS`; letting a knock window
  pass, or passing without letters, :data:`GLANCE_SECONDS`.

Every decision comes from :meth:`~ludotheque.bots.base.Observation.determinize` and the draws
given: reproducible, and blind to what the seat may not see.

>>> from ludotheque.bots.base import Observation
>>> from ludotheque.core.rng import Rng
>>> from ludotheque.games.letter import Letter
>>> game = Letter()
>>> state = game.new(2, 4, {"tirage": "hasard"})
>>> decision = LetterLevelBot("debutant").decide(
...     Observation.of(game, state, state.active), Rng.from_seed(1).draws())
>>> type(decision.action).__name__, decision.seconds > 0
('Turn', True)
"""

from __future__ import annotations

from collections.abc import Sequence

from ludotheque.bots.base import Decision, Observation
from ludotheque.bots.levels import LevelBot, Profile
from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Draws
from ludotheque.lexicon.prefixes import PrefixIndex

from .actions import ChooseSize, Claim, Knock, NoKnock, Pass, Placement, Turn
from .board import Tile
from .bots_greedy import (
    CANDIDATES,
    SIZE_PREFERENCE,
    Candidate,
    candidates,
    fallback,
    first_turn_without_word,
    word_value,
)
from .bots_strong import DEFAULT_ITERATIONS, look_ahead
from .naming import level_namer, level_score, name_words, words_noticed
from .paths import Path, WordPaths, is_new, new_words, prefixes_through
from .state import LetterState
from .vocabulary import level_index

__all__ = [
    "DEAL_SECONDS",
    "GLANCE_SECONDS",
    "KNOCK_MARGIN",
    "MAX_TURN_SECONDS",
    "NO_WORD_SECONDS",
    "SECONDS_PER_UNIT",
    "TURN_SECONDS",
    "LetterLevelBot",
]

TURN_SECONDS = 4.0
"""A turn's base: look at the board and the hand, choose a letter and a place."""
SECONDS_PER_UNIT = 0.6
"""Each letter of the longest word named (spelling it out on the board)."""
UNITS_PER_WORD = 2
"""Each other word named counts as two letters (finding it, saying it)."""
MAX_TURN_SECONDS = 24.0
"""No turn takes longer (the hourglass, when on, gives 30 s)."""
NO_WORD_SECONDS = 6.0
"""Looking for a word and finding none (a blank, a free letter)."""
DEAL_SECONDS = 1.0
"""Choosing the size of a face-down letter."""
GLANCE_SECONDS = 1.0
"""Looking at the board in a knock window and letting it pass."""
KNOCK_MARGIN = 1.0
"""A knock must arrive this long before the window closes (the table's own delays)."""
GUESS_SHORTEST = 3
"""A guess has at least this many letters (nobody risks a letter on a two-letter guess)."""
GUESS_SPOTS = 6
"""Without a sure word, the places tried for a guess (own letters touching the board)."""
GUESS_LONGEST = 7
"""Nor more than this many (a long reading one is not sure of is rarely tried)."""


def ends_the_game_if_dry(state: LetterState) -> bool:
    """Whether a turn without a new word now would end the game (rule 18: a whole round
    without one): nobody risks a guess then."""
    return all(state.first_done) and state.dry + 1 >= state.players


def skips_a_seat_again(state: LetterState, knocker: Seat) -> bool:
    """Whether a knock by ``knocker`` would skip a seat that a knock already skipped since its
    last turn: a seat between the player who just played and the knocker (rule 16: play goes
    on from the knocker) that has played two turns fewer than that player (one fewer is
    normal: its turn was coming).

    Bots never skip a seat twice in a row. At a table, knocks are rare enough that nobody
    waits long; bots that notice well knock after most turns, and a seat placed after a player
    who leaves words (a Débutant) was skipped round after round by the Fort's and the
    Expert's knocks: at 4 players (Débutant, a person, Fort, Expert) the person's longest wait
    reached 16 turns of the others (normal: 3), 10 % of its waits over 6 (12 games,
    ``docs/rules/letter.md`` 22). A public count (each seat's turns played) is all it reads.
    """
    just_played = state.active
    seat = (just_played + 1) % state.players
    while seat != knocker:
        if state.played[seat] < state.played[just_played] - 1:
            return True
        seat = (seat + 1) % state.players
    return False


def openings(state: LetterState, index: PrefixIndex) -> WordPaths:
    """The new words of ``index`` through the tiles the last turn placed: what the last player
    left to knock for."""
    noted = state.noted()
    found: dict[str, set[Path]] = {}
    for tile_id in state.placed_last:
        if tile_id in state.board and not state.catalog[tile_id].blank:
            for word, paths in new_words(state.board, index, noted, through=tile_id).items():
                found.setdefault(word, set()).update(paths)
    return {word: tuple(sorted(found[word])) for word in sorted(found)}


class LetterLevelBot(LevelBot):
    """A Letter bot playing one level (see the module doc).

    ``max_iterations``: the Expert's look-ahead budget (placements weighed against the reply
    they leave), as the ``strong`` engine's.
    """

    def __init__(self, profile: Profile | str, max_iterations: int = DEFAULT_ITERATIONS) -> None:
        super().__init__(profile)
        if max_iterations < 1:
            raise ValueError("max_iterations doit être au moins 1.")
        self.max_iterations = max_iterations

    def decide(self, observation: Observation, draws: Draws) -> Decision:
        state = observation.determinize(draws)
        assert isinstance(state, LetterState)
        seat = observation.seat
        if state.phase == "tirage":
            return self._deal(state, draws)
        if state.phase == "frappe":
            return self._knock_window(state, seat, draws)
        return self._turn(state, seat, draws)

    # --- the deal ----------------------------------------------------------------------------

    def _deal(self, state: LetterState, draws: Draws) -> Decision:
        ranked = [
            (float(len(SIZE_PREFERENCE) - SIZE_PREFERENCE.index(size)), size)
            if size in SIZE_PREFERENCE
            else (0.0, size)
            for size in state.pool_sizes()
        ]
        size = self.profile.pick(ranked, draws)
        return Decision(ChooseSize(size), self.profile.think_seconds(DEAL_SECONDS, draws=draws))

    # --- knocks (rule 16) --------------------------------------------------------------------

    def _knock_window(self, state: LetterState, seat: Seat, draws: Draws) -> Decision:
        profile = self.profile
        silent = Decision(NoKnock(), profile.think_seconds(GLANCE_SECONDS, draws=draws))
        if not all(state.first_done):
            return silent  # never in the first round of a game
        if skips_a_seat_again(state, seat):
            return silent  # it would skip a seat a knock already skipped: let it play
        seen = openings(state, level_index(profile, state.config.places))
        if not seen or not profile.notices(draws):
            return silent
        count = words_noticed(profile, draws)
        claims, _ = name_words(state, {}, seen, (), count, state.noted())
        if not claims:
            return silent
        reaction = profile.reaction_seconds(draws)
        window = state.config.knock_seconds
        if window and reaction > window - KNOCK_MARGIN:
            return silent  # too slow: the window closes before it knocks
        return Decision(Knock(tuple(claims)), reaction)

    # --- turns -------------------------------------------------------------------------------

    def _turn(self, state: LetterState, seat: Seat, draws: Draws) -> Decision:
        profile = self.profile
        first = state.first_round(seat)
        count = words_noticed(profile, draws)
        index = level_index(profile, state.config.places)
        namer, score = level_namer(state, count), level_score(state, count)
        top = self.max_iterations if profile.search else max(CANDIDATES, profile.top)
        found = candidates(state, seat, top, index=index, namer=namer, score=score)
        best = self._best_value(state, seat, found, count)
        if (
            not first
            and state.config.errors == "penalite"
            and profile.gamble > 0
            and not ends_the_game_if_dry(state)
            and profile.gambles(draws)
        ):
            guess = self._guess(state, seat, found, draws)
            if guess is not None:
                turn, value = guess
                return Decision(turn, self._turn_seconds(turn.words, draws), value, best or None)
        if not found:
            action = first_turn_without_word(state, seat) if first else fallback(state, seat)
            looked = GLANCE_SECONDS if isinstance(action, Pass) else NO_WORD_SECONDS
            seconds = profile.think_seconds(looked, draws=draws)
            return Decision(action, seconds, 0.0 if best else None, best or None)
        if profile.search:

            def reply(after: LetterState, other: Seat) -> float:
                return self._best_value(after, other, (), count)

            chosen = look_ahead(state, seat, found[: self.max_iterations], reply=reply)
        else:
            chosen = profile.pick([(c.value, c) for c in found], draws)
        seconds = self._turn_seconds(chosen.action.words, draws)
        return Decision(chosen.action, seconds, chosen.value, best or None)

    def _best_value(
        self, state: LetterState, seat: Seat, found: Sequence[Candidate], count: int
    ) -> float:
        """The value of ``seat``'s best turn by the whole dictionary, naming ``count`` words
        (what the benchmarks compare each level's choice with: what its vocabulary and its
        choice cost it)."""
        if self.profile.min_zipf is None and found:
            return found[0].value  # searched with the whole dictionary already
        namer, score = level_namer(state, count), level_score(state, count)
        full = candidates(state, seat, top=1, namer=namer, score=score)
        return full[0].value if full else 0.0

    def _turn_seconds(self, words: Sequence[Claim], draws: Draws) -> float:
        longest = max((len(claim.word or "") for claim in words), default=0)
        units = longest + UNITS_PER_WORD * max(0, len(words) - 1)
        seconds = self.profile.think_seconds(TURN_SECONDS, SECONDS_PER_UNIT, units, draws)
        return min(MAX_TURN_SECONDS, seconds)

    def _guess(
        self, state: LetterState, seat: Seat, found: Sequence[Candidate], draws: Draws
    ) -> tuple[Turn, float] | None:
        """A turn naming one reading the level is not sure of, at the place of one of its best
        placements (or, without any, of an own letter touching the board), or None when it
        sees none (see the module doc)."""
        own = set(state.letters_of(seat))
        spots: list[tuple[Tile, int, int]] = []
        for candidate in found[:3]:
            placements = candidate.action.placements
            if len(placements) == 1 and placements[0].tile in own and not candidate.action.exchange:
                p = placements[0]
                spots.append((state.catalog[p.tile], p.x, p.y))
        if not spots:
            every = [
                (tile, x, y)
                for tile in {
                    state.catalog[t].letter: state.catalog[t] for t in sorted(own)
                }.values()
                for x, y in state.board.positions(tile)
            ]
            spots = draws.shuffled(every)[:GUESS_SPOTS] if every else []
        known = level_index(self.profile, state.config.places)
        noted = state.noted()
        options: list[tuple[Tile, int, int, str, tuple[str, ...]]] = []
        for tile, x, y in spots:
            after = state.board.place(tile, x, y)
            readings = prefixes_through(after, tile.id, state.words.index, GUESS_LONGEST)
            for word, paths in readings.items():
                if len(word) < GUESS_SHORTEST or known.is_word(word):
                    continue
                if is_new(word, paths[0], noted):
                    options.append((tile, x, y, word, paths[0]))
        if not options:
            return None
        tile, x, y, word, path = draws.choice(options)
        action = Turn((Placement(tile.id, x, y),), (Claim(path, word),))
        return action, word_value(state, word) if word in state.words else 0.0
