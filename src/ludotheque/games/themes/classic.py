"""Thèmes, classic and Expert: 45-second turns, words for a visible theme, the judge.

The table: four theme piles (the top card's upper side is the visible theme), under each two
piles of letter cards whose top cards are visible (the theme's « colonne »), a face-down draw
pile, a hand of three letters per player, and the cards each player has won, face up in front
of them. Expert adds a fifth theme pile without letters. Every decision the rulebook leaves
open is numbered Dn in ``docs/rules/themes.md``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from ludotheque.core.errors import IllegalAction
from ludotheque.core.protocol import RuleTimer, Seat
from ludotheque.core.rng import Draws

from .actions import Action, EndTurn, GiveUp, Redraw, Timeout, Word
from .cards import HAND
from .state import Play, ThemesState
from .table import (
    Face,
    exhausted,
    seat_ref,
    take_from_column,
    tidy_columns,
)
from .words import (
    EXHAUSTED,
    ONLY_EXPERT,
    ONLY_TEAMS,
    random_word,
    vocabulary_choices,
    word_problem,
)

__all__ = ["DRY_ROUNDS", "ClassicPlay", "classic_play", "tidy_table"]

DRY_ROUNDS = 3
"""D8: at a table of robots, the game also ends after this many whole rounds in a row without
a word (option ``fin_sans_mot``, off as soon as a person sits at the table)."""


def classic_play(state: ThemesState) -> ClassicPlay:
    """``state``'s play, a classic or Expert one."""
    assert isinstance(state.play, ClassicPlay), state.play
    return state.play


@dataclass(frozen=True, slots=True)
class ClassicPlay(Play):
    """Classic and Expert: each player in turn, with a hand of three letters."""

    fifth: tuple[Face, ...]  # Expert's fifth pile, top first (empty otherwise)
    hands: tuple[tuple[str, ...], ...]
    bonus: tuple[tuple[Face, ...], ...]  # Expert: under each player's 3 PV marker
    active: Seat
    turn: int
    redrawn: bool  # the hand was changed this turn
    timed_out: bool  # the hourglass ran out while a word was being judged
    words_in_turn: int
    dry: int  # turns in a row without a word

    # --- whose turn, which actions --------------------------------------------------------

    def searching(self, state: ThemesState) -> frozenset[Seat]:
        return frozenset({self.active})

    def play_actions(self, state: ThemesState, seat: Seat) -> list[Action]:
        actions: list[Action] = [Redraw()] if self.may_redraw(state, seat) else []
        return [*actions, EndTurn(), Timeout()]

    def play_sample(self, state: ThemesState, seat: Seat, draws: Draws) -> Action:
        """Often a word it can make (sometimes one of another theme, for the judge), else a
        new hand, or the end of its turn."""
        roll = draws.random()
        word = random_word(
            draws, roll, lambda other: state.word_choices(seat, other_themes=other), 0.1, 0.75
        )
        if word is not None:
            return word
        if self.may_redraw(state, seat) and roll < 0.9:
            return Redraw()
        return EndTurn() if roll < 0.95 else Timeout()

    def word_choices(
        self, state: ThemesState, seat: Seat | None, *, other_themes: bool = False
    ) -> list[Word]:
        """Words of the vocabularies that ``seat``'s cards allow now, with their best cards.

        ``other_themes``: words of the vocabulary of *another* visible theme said for this one
        (they go to the judge) — for random play only.
        """
        assert seat is not None
        catalog = state.catalog
        fifth = catalog.theme(self.fifth[0]) if self.fifth else None
        choices = vocabulary_choices(
            catalog,
            state.visible_themes(),
            self.hands[seat],
            state.columns,
            other_themes=other_themes,
            fifth=fifth,
        )
        return [w for w in choices if self.word_problem(state, seat, w) is None]

    def may_redraw(self, state: ThemesState, seat: Seat) -> bool:
        return (
            state.phase == "jeu"
            and seat == self.active
            and not self.redrawn
            and bool(self.hands[seat])
            and bool(state.draw)
        )

    def act(self, state: ThemesState, seat: Seat, action: Action) -> ThemesState:
        if isinstance(action, Timeout) and state.phase == "jugement":
            line = "Le sablier est écoulé : le tour finit une fois le mot jugé."
            return replace(state, play=replace(self, timed_out=True), events=(*state.events, line))
        if isinstance(action, (Timeout, EndTurn)):
            return self._end_turn(state, timeout=isinstance(action, Timeout))
        if isinstance(action, Redraw):
            return self._redraw(state, seat)
        raise AssertionError(action)

    # --- checks ----------------------------------------------------------------------------

    def hourglass_runs_on(self, state: ThemesState, seat: Seat) -> bool:
        return seat == self.active and not self.timed_out

    def check_play(self, state: ThemesState, seat: Seat, action: Action) -> None:
        if isinstance(action, GiveUp):
            raise IllegalAction("« rien » ne sert qu'à la variante Simultanée.")
        if isinstance(action, Redraw):
            if self.redrawn:
                raise IllegalAction("Vous avez déjà changé de main pendant ce tour.")
            if not self.hands[seat]:
                raise IllegalAction("Vous n'avez aucune lettre à défausser.")
            if not state.draw:
                raise IllegalAction("La pioche est vide : impossible de changer de main.")

    def word_problem(self, state: ThemesState, seat: Seat | None, action: Word) -> str | None:
        assert seat is not None
        if action.packet is not None:
            return ONLY_TEAMS
        if not state.piles[action.column]:
            return EXHAUSTED
        if action.fifth and not self.fifth:
            if state.config.mode != "expert":
                return ONLY_EXPERT
            return "La cinquième pile de thèmes est épuisée."
        return word_problem(
            state.catalog,
            action,
            self.claim_themes(state, action),
            self.hands[seat],
            "votre main",
            state.visible_letters(action.column),
            state.config.judging,
            hand=True,
        )

    def claim_themes(self, state: ThemesState, action: Word) -> tuple[str, ...]:
        themes: tuple[str, ...] = (state.catalog.theme(state.piles[action.column][0]),)
        if action.fifth and self.fifth:
            themes += (state.catalog.theme(self.fifth[0]),)
        return themes

    # --- timers, scores, secrets ------------------------------------------------------------

    def own_timers(self, state: ThemesState) -> list[RuleTimer[Action]]:
        """D9: the active player's 45 s (run out while a word is judged: over)."""
        if state.phase == "jugement" and self.timed_out:
            return []
        return [RuleTimer(self.active, state.config.hourglass, f"tour-{self.turn}", Timeout())]

    def score(self, state: ThemesState, seat: Seat) -> int:
        """« Chaque carte Thème rapporte 1 point », a letter 1, a constraint letter 2, and in
        Expert the cards under the 3 PV marker 3 each."""
        letters = sum(state.catalog.letters[c].points for c in state.won_letters[seat])
        return letters + len(state.won_themes[seat]) + 3 * len(self.bonus[seat])

    def theme_count(self, state: ThemesState, seat: Seat) -> int:
        """Theme cards won (the tie-break: « le moins de cartes Thème »)."""
        return len(state.won_themes[seat]) + len(self.bonus[seat])

    def secrets(self, state: ThemesState, seat: Seat) -> frozenset[str]:
        shown = set(state.claim.cards) if state.claim is not None else set()
        return frozenset(self.hands[seat]) - shown  # a word's cards are shown to the judge

    def hidden_letters(self, state: ThemesState, observer: Seat) -> list[tuple[str, ...]]:
        """Others' hands."""
        return [hand for s, hand in enumerate(self.hands) if s != observer]

    def fifth_pile(self) -> tuple[Face, ...]:
        return self.fifth

    def resampled(
        self,
        state: ThemesState,
        observer: Seat,
        letters: tuple[tuple[str, ...], ...],
        fifth: tuple[Face, ...],
    ) -> ClassicPlay:
        new_hands: Iterator[tuple[str, ...]] = iter(letters)
        hands = tuple(
            hand if s == observer else next(new_hands) for s, hand in enumerate(self.hands)
        )
        return replace(self, hands=hands, fifth=fifth)

    def held_letters(self) -> list[str]:
        return [c for hand in self.hands for c in hand]

    def set_aside_themes(self) -> list[Face]:
        return [*self.fifth, *(f for won in self.bonus for f in won)]

    def own_violations(self, state: ThemesState) -> list[str]:
        if any(len(hand) > HAND for hand in self.hands):
            return ["une main a plus de trois lettres"]
        return []

    # --- the rules ---------------------------------------------------------------------------

    def judgement_turn(self) -> int:
        return self.turn

    def after_verdict(self, decided: ThemesState) -> ThemesState:
        """D9: the turn the hourglass ended while the judge decided ends now."""
        if decided.phase == "fin" or not self.timed_out:
            return decided
        return classic_play(decided)._end_turn(decided, timeout=True)

    def award(self, state: ThemesState, seat: Seat, action: Word, shown: str) -> ThemesState:
        """The player takes the letters used and the theme card(s); hand made up to three."""
        taken = set(action.cards)
        columns = take_from_column(state.columns, action.column, taken)
        hand = tuple(c for c in self.hands[seat] if c not in taken)
        piles = list(state.piles)
        theme = piles[action.column][0]
        piles[action.column] = piles[action.column][1:]
        won_themes = list(state.won_themes)
        won_themes[seat] = (*won_themes[seat], theme)
        bonus = list(self.bonus)
        fifth = self.fifth
        if action.fifth:
            bonus[seat] = (*bonus[seat], fifth[0])
            fifth = fifth[1:]
        won_letters = list(state.won_letters)
        won_letters[seat] = won_letters[seat] + tuple(c for c in action.cards)
        draw = list(state.draw)
        while len(hand) < HAND and draw:
            hand = (*hand, draw.pop(0))
        hands = tuple(hand if s == seat else h for s, h in enumerate(self.hands))
        themes = " + ".join(self.claim_themes(state, action))
        events = [f"« {shown} » pour {themes} : {len(action.cards)} lettres et le thème pris."]
        play = replace(
            self, fifth=fifth, hands=hands, bonus=tuple(bonus), words_in_turn=self.words_in_turn + 1
        )
        state = replace(
            state,
            play=play,
            columns=columns,
            piles=tuple(piles),
            won_letters=tuple(won_letters),
            won_themes=tuple(won_themes),
            draw=tuple(draw),
            events=(*state.events, *events),
        )
        return tidy_table(state)

    def _redraw(self, state: ThemesState, seat: Seat) -> ThemesState:
        old = self.hands[seat]
        draw = list(state.draw)
        new = tuple(draw[: len(old)])
        draw = draw[len(old) :]
        hands = tuple(new if s == seat else h for s, h in enumerate(self.hands))
        line = (
            f"Nouvelle main pour {seat_ref(seat)} : {len(old)} lettres défaussées, "
            f"{len(new)} piochées."
        )
        return replace(
            state,
            play=replace(self, hands=hands, redrawn=True),
            draw=tuple(draw),
            box=(*state.box, *old),
            events=(*state.events, line),
        )

    def _end_turn(self, state: ThemesState, *, timeout: bool) -> ThemesState:
        dry = 0 if self.words_in_turn else self.dry + 1
        why = "Temps écoulé" if timeout else "Fin du tour"
        line = f"{why} pour {seat_ref(self.active)}."
        if state.config.dry_end and dry >= DRY_ROUNDS * state.players:
            end = f"{DRY_ROUNDS} tours de table sans un mot : la partie est finie."
            return replace(
                state, play=replace(self, dry=dry), phase="fin", events=(*state.events, line, end)
            )
        play = replace(
            self,
            active=(self.active + 1) % state.players,
            turn=self.turn + 1,
            redrawn=False,
            timed_out=False,
            words_in_turn=0,
            dry=dry,
        )
        return replace(state, play=play, phase="jeu", events=(*state.events, line))


def tidy_table(state: ThemesState) -> ThemesState:
    """D5–D7: letters under an exhausted theme go to the box; an empty pile under a theme
    still in play is made up from the draw pile; three exhausted piles end the game."""
    columns, draw, box, lines = tidy_columns(state.piles, state.columns, state.draw, state.box)
    tidy = replace(state, columns=columns, draw=draw, box=box, events=(*state.events, *lines))
    if exhausted(state.piles):
        line = "Trois piles de thèmes sont épuisées : la partie est finie."
        return replace(tidy, phase="fin", claim=None, events=(*tidy.events, line))
    return tidy
