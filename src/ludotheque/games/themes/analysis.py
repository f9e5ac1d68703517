"""Thèmes' analysis of a finished game: each decision of a seat next to the Expert's.

For every move of the seat where it had a real choice (issue 12 § 3; ``docs/analysis.md``):

- **a word said, a new hand, the end of a turn** (classic and Expert), **a word or « rien »**
  (Simultanée), **a word or the end of the round** (Équipe): the words of the vocabularies its
  cards allowed (:func:`~.bots_moves.word_moves`: its hand, the two turned cards or its team's
  unused packets, with one or two letters of a theme's column, constraint cards included),
  the one the Expert would have said, a few others, and the player's. An end of turn or an
  hourglass run out when no word was possible and no new hand either is no choice: no note;
- **a verdict** as judge (or voter): next to the robot judge's
  (:func:`~.bots_common.judge_verdict`);
- **a card given back** after a refused word (Simultanée): next to the cheapest one.

The Expert is :class:`~.bots_levels.ThemesLevelBot`'s Expert at full strength: it takes in
every theme (no ``notice`` slip), knows every entry, and has all the time it needs (no
hourglass estimate). It decides on the state drawn from the seat's view
(:meth:`~ludotheque.bots.base.Observation.determinize`, draws seeded by the record's seed, the
seat and the ply), so what the seat never saw plays no part. Its choice, and the measure of a
loss it shares with the player's choice, are :mod:`.analysis_values`': in the classic game the
points now, ± 100 for a word that ends the game won or lost, ± 1.5 for emptying a pile ahead or
behind (the look-ahead to the next word helps it choose, and is not counted: it reads cards
drawn from the hidden pile); in Simultanée the points now; in Équipe what is left of the
team's round. A word that went to the judge is valued as it was decided. Verdicts in points:
:func:`~.analysis_text.verdict`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludotheque.bots.base import Observation
from ludotheque.bots.simulate import derive_seed
from ludotheque.core.analysis import DecisionNote
from ludotheque.core.moves import PendingMove
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng

from .actions import Action, GiveBack, Redraw, Verdict, Word
from .analysis_text import cards_text, listing, move_text, points, verdict, word_text
from .analysis_values import Option, expert_choice, may_redraw, player_choice, ranked
from .bots_common import word_value
from .bots_moves import Move, word_moves
from .bots_strong import END_BONUS, PILE_BONUS, lead
from .cards import entry_key
from .classic import ClassicPlay
from .game import Themes
from .judging import REASONS, robot_refusal
from .simultaneous import SimultaneousPlay
from .state import ThemesState

__all__ = ["OTHER_WORDS", "VERSION", "analyse", "note"]

VERSION = 1
"""Bumped whenever the notes change: cached analyses of an older version are redone."""
OTHER_WORDS = 4
"""Other words listed beside the Expert's (the best after it)."""

_GAME = Themes()


def analyse(record: GameRecord, seat: int) -> list[DecisionNote]:
    """One note per decision of ``seat`` in the finished game ``record``, in record order."""
    played = list(record.played(_GAME))
    decided = _judged(played)
    notes: list[DecisionNote] = []
    for index, move in enumerate(played):
        if move.seat != seat:
            continue
        before = move.before
        assert isinstance(before, ThemesState)
        found = note(before, seat, move.action, index + 1, record.seed, decided.get(index))
        if found is not None:
            notes.append(found)
    return notes


def _judged(played: Sequence[PendingMove]) -> dict[int, bool]:
    """For each move that sent a word to the judge (by its index), whether it was accepted."""
    decided: dict[int, bool] = {}
    waiting: int | None = None
    for index, move in enumerate(played):
        before, after = move.before, move.after
        assert isinstance(before, ThemesState) and isinstance(after, ThemesState)
        if isinstance(move.action, Word) and after.claim is not None and before.claim is None:
            waiting = index
        elif waiting is not None and before.claim is not None and after.claim is None:
            if len(after.judgements) > len(before.judgements):
                decided[waiting] = after.judgements[len(before.judgements)].accepted
            waiting = None
    return decided


def note(
    state: ThemesState,
    seat: int,
    action: Action,
    ply: int,
    seed: int,
    accepted: bool | None = None,
) -> DecisionNote | None:
    """The note of ``seat`` playing ``action`` on ``state`` (the record's move number ``ply``,
    the game's ``seed``), or None when it had no real choice. ``accepted``: how the judge
    decided the word, when it went to the judge."""
    if isinstance(action, Verdict):
        return _verdict_note(state, action, ply)
    if isinstance(action, GiveBack):
        return _give_back_note(state, seat, action, ply)
    if state.phase == "jugement":
        return None  # the hourglass ran out while a word was judged: nothing to decide
    draws = Rng.from_seed(derive_seed(seed, seat, ply)).draws()
    table = Observation.of(_GAME, state, seat).determinize(draws)
    assert isinstance(table, ThemesState)
    moves = word_moves(table, seat)
    if not moves and not may_redraw(table, seat) and not isinstance(action, (Word, Redraw)):
        return None  # nothing to say and no new hand to draw: the turn could only end
    expert = expert_choice(table, seat, moves)
    mine = player_choice(table, seat, action, accepted, moves)
    return _compare(table, ply, mine, expert, moves)


# --- the note --------------------------------------------------------------------------------


def _same(mine: Option, expert: Option) -> bool:
    if mine.word is None or expert.word is None:
        return mine.word is None and expert.word is None and mine.label == expert.label
    a, b = mine.word, expert.word
    return (a.column, entry_key(a.word), set(a.cards), a.fifth, a.packet) == (
        b.column,
        entry_key(b.word),
        set(b.cards),
        b.fifth,
        b.packet,
    )


def _label(state: ThemesState, option: Option) -> str:
    if option.label or option.word is None:
        return option.label
    return word_text(state, option.word, word_value(state, option.word))


def _compare(
    state: ThemesState, ply: int, mine: Option, expert: Option, moves: Sequence[Move]
) -> DecisionNote:
    played = _label(state, mine)
    if expert.label == "changer de lettres" and mine.word is None and mine.label != expert.label:
        # The turn ended with no word possible and new letters still to draw.
        lines = (
            "Les mots possibles finissaient la partie sur une défaite : de nouvelles lettres en "
            "auraient peut-être donné un meilleur."
            if moves
            else "Aucun mot des vocabulaires ne convenait à vos lettres ; de nouvelles lettres "
            "en auraient peut-être donné un.",
        )
        return DecisionNote(ply, played, expert.label, None, "imprecision", lines)
    loss = 0.0 if _same(mine, expert) else round(max(0.0, expert.value - mine.value), 2)
    best = _label(state, expert) if loss > 0 else None
    details = _details(state, mine, expert if loss > 0 else None, moves)
    said = _words_said(state)
    if mine.label in ("sablier écoulé", "fin du tour") and said and loss > 0:
        # A turn ends on the hourglass: after words said, the word left is no mistake.
        who = (
            "Le sablier s'est écoulé"
            if mine.label == "sablier écoulé"
            else "Vous avez fini votre tour"
        )
        left = f"{who} après {said} mot{'s' if said > 1 else ''} : il restait celui de l'Expert."
        return DecisionNote(ply, played, best, None, "bon", (left, *details))
    return DecisionNote(ply, played, best, loss, verdict(loss), details)


def _words_said(state: ThemesState) -> int:
    """Words said so far in this turn (classic and Expert)."""
    play = state.play
    return play.words_in_turn if isinstance(play, ClassicPlay) else 0


def _details(
    state: ThemesState, mine: Option, expert: Option | None, moves: Sequence[Move]
) -> tuple[str, ...]:
    details: list[str] = []
    best_first = ranked(moves)
    if expert is not None and expert.word is not None:
        details.append(f"L'Expert aurait pris {cards_text(state, expert.word.cards)}.")
        top = best_first[0]
        if isinstance(state.play, ClassicPlay) and top.value > word_value(state, expert.word):
            details.append(_why_not(state, state.play.active, top))
    details += _end_lines(True, mine.end)
    if expert is not None:
        details += _end_lines(False, expert.end)
    if not moves:
        details.append("Aucun mot des vocabulaires ne convenait à vos lettres.")
    said = {_key(option.word) for option in (mine, expert) if option and option.word}
    others: list[Move] = []
    for move in best_first:  # each word once (Équipe: its best packet)
        if _key(move.word) not in said and len(others) < OTHER_WORDS:
            said.add(_key(move.word))
            others.append(move)
    if others:
        details.append(f"Autres mots possibles : {listing([move_text(state, m) for m in others])}.")
    return tuple(details)


def _end_lines(mine: bool, end: float) -> list[str]:
    """Why the Expert counts a word (the player's, or its own) more or less than its points."""
    subject, verb, near = (
        ("Votre mot", "finissait", "approchait")
        if mine
        else ("Son mot", "finirait", "approcherait")
    )
    if abs(end) >= END_BONUS:
        result, more = ("une victoire", "plus") if end > 0 else ("une défaite", "moins")
        return [
            f"{subject} {verb} la partie sur {result} : l'Expert le compte 100 points de {more}."
        ]
    if end:
        empties = "vidait" if mine else "viderait"
        where, more = ("en tête", "plus") if end > 0 else ("derrière", "moins")
        return [
            f"{subject} {empties} une pile de thèmes alors que vous étiez {where} : la fin "
            f"{near}, l'Expert le compte {points(PILE_BONUS)} de {more}."
        ]
    return []


def _key(word: Word) -> tuple[int, str, bool]:
    return word.column, entry_key(word.word), word.fifth


def _why_not(state: ThemesState, seat: int, top: Move) -> str:
    """Why the classic Expert passed over the word worth the most now."""
    after = state.apply(seat, top.word)
    said = f"« {top.word.word} » ({points(top.value)})"
    if after.phase == "fin":
        return f"L'Expert ne dit pas {said} : ce mot finirait la partie sur une défaite."
    if not after.piles[top.column] and lead(after, seat) <= 0:
        return (
            f"L'Expert ne dit pas {said} : ce mot viderait une pile de thèmes alors que vous "
            "étiez derrière, et la fin de la partie approcherait."
        )
    return f"L'Expert préfère ce mot à {said} : il lui laisse de meilleures lettres ensuite."


# --- the judge and the card given back -------------------------------------------------------


def _verdict_note(state: ThemesState, action: Verdict, ply: int) -> DecisionNote | None:
    """A verdict next to the robot judge's: a non-word or a plural by S is refused; a word
    outside the theme's vocabulary is the judge's call (the robot keeps to the vocabulary)."""
    claim = state.claim
    if claim is None:
        return None
    vocabularies = [state.catalog.words(theme).forms for theme in claim.themes]
    reason = robot_refusal(claim.word, vocabularies)
    said = f"« {claim.word} » pour {' + '.join(claim.themes)}"
    played = (
        f"silence : {said} accepté (qui ne dit mot consent)"
        if action.silent
        else f"accepter {said}"
        if action.accept
        else f"refuser {said}"
    )
    if action.accept == (reason is None):
        return DecisionNote(ply, played, None, 0.0)
    if not action.accept:
        details = (f"« {claim.word} » respecte les contraintes : il est interdit de l'invalider.",)
        return DecisionNote(ply, played, f"accepter {said}", None, "imprecision", details)
    why = REASONS[reason or "hors_vocabulaire"]
    best = f"refuser {said} ({why})"
    if reason == "hors_vocabulaire":
        details = (
            f"Le robot juge s'en tient au vocabulaire du thème, où « {claim.word} » n'est pas ; "
            "un mot en rapport avec le thème peut pourtant être accepté.",
        )
        return DecisionNote(ply, played, best, None, "bon", details)
    value = sum(state.catalog.letters[card].points for card in claim.cards)
    value += len(claim.themes) + (3 if claim.fifth else 0)
    rule = (
        "les pluriels en S ne sont pas acceptés"
        if reason == "pluriel"
        else "ce n'est pas un mot du dictionnaire"
    )
    details = (f"« {claim.word} » ne pouvait pas être accepté : {rule}.",)
    loss = float(value)
    return DecisionNote(ply, played, best, loss, verdict(loss), details)


def _give_back_note(
    state: ThemesState, seat: int, action: GiveBack, ply: int
) -> DecisionNote | None:
    """Simultanée: the card given back next to the cheapest one (the Expert's)."""
    play = state.play
    assert isinstance(play, SimultaneousPlay)
    if len(play.won_cards(state, seat)) < 2:
        return None
    cheapest = play.cheapest_card(state, seat)
    loss = float(_card_points(state, seat, action.card) - _card_points(state, seat, cheapest))
    played = _card_label(state, seat, action.card)
    best = _card_label(state, seat, cheapest) if loss > 0 else None
    return DecisionNote(ply, played, best, loss, verdict(loss))


def _card_points(state: ThemesState, seat: int, card: str) -> int:
    letter = state.catalog.letters.get(card)
    return letter.points if letter is not None else 1


def _card_label(state: ThemesState, seat: int, card: str) -> str:
    value = points(_card_points(state, seat, card))
    if card in state.catalog.letters:
        return f"rendre la lettre {cards_text(state, (card,))} ({value})"
    face = next(face for face in state.won_themes[seat] if face[0] == card)
    return f"rendre le thème {state.catalog.theme(face)} ({value})"
