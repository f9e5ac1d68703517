"""Fixed-size menus of candidate moves: how a game's huge action space becomes ``Discrete(n)``.

Where a game lists every legal action (Gremlins, Gutenberg's draft and claims, Letter's draw
and knock windows, Thèmes' judging), the menu is that list. Where the actions are too many to
list — a Gutenberg word, a Letter turn (placements and the words named), a Thèmes word — the
game's ``legal_actions`` gives only the moves that name no word, and the menu adds the best
candidates of the bots' own move generators, best first:

- Gutenberg, writing: the best words of the hand (``gutenberg.wordfinder.best_words``: exact,
  every word of the lexicon), each with every offset of the solo row when one is asked; the
  draft and the claims are listed in full, ranked by the greedy bot's static value of the cards
  (``gutenberg.bots_common.card_value``: points weighted by how often the letter serves, a
  bonus for a needed vowel; a claim's challenge is not valued);
- Letter, a turn: the greedy bot's candidate turns (``letter.bots_greedy.candidates``: the
  best placements of each letter and free letter, free-letter combinations, exchanges of a
  blank, each naming every new word it makes); a knock window: a knock naming every new word;
- Thèmes: every word of the visible themes' vocabularies the seat's cards allow, with its best
  cards (:func:`~ludotheque.games.themes.bots_moves.word_moves`), highest value first.

These generators read what the seat's view shows (its own cards, the board, the common cards,
the words already noted); ``tests/rl/test_environments.py`` checks that the menu is the same on a
state whose hidden parts were redrawn (:meth:`State.resample_hidden`). Every generated move is
checked by the rules (:meth:`State.check`) before it enters a menu. A menu longer than its
game's size is cut: the generated moves first (best first), then the listed actions they do not
hold, in the game's order, which keep up to a quarter of the menu. What this loses is written
in ``docs/rl.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludotheque.core.errors import IllegalAction
from ludotheque.core.protocol import Seat, State

__all__ = ["Candidate", "Generator", "menu"]


@dataclass(frozen=True, slots=True)
class Candidate:
    """A move of a menu and what its generator says it is worth now (0 when unranked)."""

    action: Any
    value: float = 0.0
    generated: bool = False
    """Proposed (and valued) by the game's move generator, not only listed by the rules."""


Generator = Callable[[State[Any], Seat, int], list[Candidate]]
"""A game's move generator: the best ``n`` moves it proposes for a seat, best first."""


def menu(state: State[Any], seat: Seat, size: int, generator: Generator | None) -> list[Candidate]:
    """At most ``size`` distinct moves of ``seat``: the generated ones (checked by the rules),
    best first, then the listed legal actions the generator did not propose, in the game's
    order. When both do not fit, the listed ones keep up to a quarter of the menu (passing,
    laying a letter aside, writing no word stay possible)."""
    listed = list(dict.fromkeys(state.legal_actions(seat)))
    proposed = generator(state, seat, size) if generator is not None else []
    offered = {candidate.action for candidate in proposed}
    extra = [action for action in listed if action not in offered]
    room = size - min(len(extra), size // 4)
    found: list[Candidate] = []
    seen: set[Any] = set()
    for candidate in proposed:
        if len(found) >= room:
            break
        if candidate.action in seen:
            continue
        try:
            state.check(seat, candidate.action)
        except IllegalAction:
            continue
        seen.add(candidate.action)
        found.append(Candidate(candidate.action, candidate.value, generated=True))
    for action in extra:
        if len(found) >= size:
            break
        found.append(Candidate(action))
    return found


def gutenberg_moves(state: State[Any], seat: Seat, size: int) -> list[Candidate]:
    from ludotheque.games.gutenberg.actions import Claim, Pick, Play, Write
    from ludotheque.games.gutenberg.bots_common import card_value
    from ludotheque.games.gutenberg.state import GutenbergState
    from ludotheque.games.gutenberg.wordfinder import best_words

    assert isinstance(state, GutenbergState)
    by_ids = state.catalog.cards
    if state.phase == "draft":
        held = by_ids((*state.drafted[seat], *state.commons))
        picks = [
            Candidate(Pick(card.id), card_value(card, held))
            for card in by_ids(state.current_packet(seat))
        ]
        return sorted(picks, key=lambda c: -c.value)
    if state.phase == "claim":
        collection = by_ids(state.collections[seat])
        claims = []
        for action in state.legal_actions(seat):
            assert isinstance(action, Claim)
            mine, value = list(collection), 0.0
            for card in by_ids(action.cards):
                value += card_value(card, mine)
                mine.append(card)
            claims.append(Candidate(action, value))
        return sorted(claims, key=lambda c: -c.value)
    if state.phase != "write":
        return []
    plays = best_words(state.catalog.cards(state.hand(seat)), top=size, words=state.lexicon.words)
    found: list[Candidate] = []
    for play in plays:
        cards = tuple(card.id for card in play.cards)
        offsets: Sequence[int | None] = (
            state.offsets(len(cards)) if state.needs_offset() else (None,)
        )
        found += [
            Candidate(Write((Play(play.word, cards),), offset), float(play.score))
            for offset in offsets
        ]
    return found


def letter_turns(state: State[Any], seat: Seat, size: int) -> list[Candidate]:
    from ludotheque.games.letter.bots_greedy import candidates, knock
    from ludotheque.games.letter.state import LetterState

    assert isinstance(state, LetterState)
    if state.phase == "frappe":
        action = knock(state)
        return [] if action is None else [Candidate(action, float(len(action.words)))]
    if state.phase != "jeu":
        return []
    return [Candidate(c.action, c.value) for c in candidates(state, seat, top=size)]


def themes_words(state: State[Any], seat: Seat, size: int) -> list[Candidate]:
    from ludotheque.games.themes.bots_moves import word_moves

    if getattr(state, "phase", None) == "jugement":
        return []
    moves = sorted(word_moves(state, seat), key=lambda move: (-move.value, move.key))
    return [Candidate(move.word, float(move.value)) for move in moves[:size]]
