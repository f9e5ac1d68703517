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
from .judging import JUDGE_SECONDS, Judging
from .state import ThemesState
from .table import (
    HOURGLASS_SECONDS,
    Face,
    exhausted,
    seat_ref,
    take_from_column,
    tidy_columns,
    visible_themes,
)
from .words import (
    EXHAUSTED,
    ONLY_EXPERT,
    ONLY_TEAMS,
    random_word,
    vocabulary_choices,
    word_problem,
)

__all__ = ["DRY_ROUNDS", "ClassicConfig", "ClassicState"]

DRY_ROUNDS = 3
"""D8: at a table of robots, the game also ends after this many whole rounds in a row without
a word (option ``fin_sans_mot``, off as soon as a person sits at the table)."""


@dataclass(frozen=True, slots=True)
class ClassicConfig:
    players: int
    mode: str  # "classique" or "expert"
    judging: Judging
    starter: Seat
    hourglass: int = HOURGLASS_SECONDS
    judge_time: int = JUDGE_SECONDS
    dry_end: bool = True  # D8: three dry rounds end the game (tables of robots only)


@dataclass(frozen=True, slots=True)
class ClassicState(ThemesState[ClassicConfig]):
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

    # --- protocol --------------------------------------------------------------------------

    def _searching(self) -> frozenset[Seat]:
        return frozenset({self.active})

    def _play_actions(self, seat: Seat) -> list[Action]:
        actions: list[Action] = [Redraw()] if self.may_redraw(seat) else []
        return [*actions, EndTurn(), Timeout()]

    def _play_sample(self, seat: Seat, draws: Draws) -> Action:
        """Often a word it can make (sometimes one of another theme, for the judge), else a
        new hand, or the end of its turn."""
        roll = draws.random()
        word = random_word(
            draws, roll, lambda other: self.word_choices(seat, other_themes=other), 0.1, 0.75
        )
        if word is not None:
            return word
        if self.may_redraw(seat) and roll < 0.9:
            return Redraw()
        return EndTurn() if roll < 0.95 else Timeout()

    def word_choices(self, seat: Seat, *, other_themes: bool = False) -> list[Word]:
        """Words of the vocabularies that ``seat``'s cards allow now, with their best cards.

        ``other_themes``: words of the vocabulary of *another* visible theme said for this one
        (they go to the judge) — for random play only.
        """
        fifth = self.catalog.theme(self.fifth[0]) if self.fifth else None
        choices = vocabulary_choices(
            self.catalog,
            self.visible_themes(),
            self.hands[seat],
            self.columns,
            other_themes=other_themes,
            fifth=fifth,
        )
        return [w for w in choices if self.word_problem(seat, w) is None]

    def may_redraw(self, seat: Seat) -> bool:
        return (
            self.phase == "jeu"
            and seat == self.active
            and not self.redrawn
            and bool(self.hands[seat])
            and bool(self.draw)
        )

    def _hourglass_runs_on(self, seat: Seat) -> bool:
        return seat == self.active and not self.timed_out

    def _check_play(self, seat: Seat, action: Action) -> None:
        if isinstance(action, GiveUp):
            raise IllegalAction("« rien » ne sert qu'à la variante Simultanée.")
        if isinstance(action, Redraw):
            if self.redrawn:
                raise IllegalAction("Vous avez déjà changé de main pendant ce tour.")
            if not self.hands[seat]:
                raise IllegalAction("Vous n'avez aucune lettre à défausser.")
            if not self.draw:
                raise IllegalAction("La pioche est vide : impossible de changer de main.")

    def word_problem(self, seat: Seat, action: Word) -> str | None:
        if action.packet is not None:
            return ONLY_TEAMS
        if not self.piles[action.column]:
            return EXHAUSTED
        if action.fifth and not self.fifth:
            if self.config.mode != "expert":
                return ONLY_EXPERT
            return "La cinquième pile de thèmes est épuisée."
        return word_problem(
            self.catalog,
            action,
            self.claim_themes(action),
            self.hands[seat],
            "votre main",
            self.visible_letters(action.column),
            self.config.judging,
            hand=True,
        )

    def claim_themes(self, action: Word) -> tuple[str, ...]:
        themes: tuple[str, ...] = (self.catalog.theme(self.piles[action.column][0]),)
        if action.fifth and self.fifth:
            themes += (self.catalog.theme(self.fifth[0]),)
        return themes

    def visible_themes(self) -> tuple[str | None, ...]:
        return visible_themes(self.catalog, self.piles)

    def _act(self, seat: Seat, action: Action) -> ClassicState:
        if isinstance(action, Timeout) and self.phase == "jugement":
            line = "Le sablier est écoulé : le tour finit une fois le mot jugé."
            return replace(self, timed_out=True, events=(*self.events, line))
        if isinstance(action, (Timeout, EndTurn)):
            return self._end_turn(timeout=isinstance(action, Timeout))
        if isinstance(action, Redraw):
            return self._redraw(seat)
        raise AssertionError(action)

    def _own_timers(self) -> list[RuleTimer[Action]]:
        """D9: the active player's 45 s (run out while a word is judged: over)."""
        if self.phase == "jugement" and self.timed_out:
            return []
        return [RuleTimer(self.active, self.config.hourglass, f"tour-{self.turn}", Timeout())]

    def score(self, seat: Seat) -> int:
        """« Chaque carte Thème rapporte 1 point », a letter 1, a constraint letter 2, and in
        Expert the cards under the 3 PV marker 3 each."""
        letters = sum(self.catalog.letters[c].points for c in self.won_letters[seat])
        return letters + len(self.won_themes[seat]) + 3 * len(self.bonus[seat])

    def theme_count(self, seat: Seat) -> int:
        """Theme cards won (the tie-break: « le moins de cartes Thème »)."""
        return len(self.won_themes[seat]) + len(self.bonus[seat])

    def secrets(self, seat: Seat) -> frozenset[str]:
        shown = set(self.claim.cards) if self.claim is not None else set()
        return frozenset(self.hands[seat]) - shown  # a word's cards are shown to the judge

    def _hidden_letters(self, observer: Seat) -> list[tuple[str, ...]]:
        """Others' hands."""
        return [hand for s, hand in enumerate(self.hands) if s != observer]

    def _fifth_pile(self) -> tuple[Face, ...]:
        return self.fifth

    def _with_redrawn(
        self, observer: Seat, redrawn: tuple[tuple[str, ...], ...], fifth: tuple[Face, ...]
    ) -> ClassicState:
        new_hands: Iterator[tuple[str, ...]] = iter(redrawn)
        hands = tuple(
            hand if s == observer else next(new_hands) for s, hand in enumerate(self.hands)
        )
        return replace(self, hands=hands, fifth=fifth)

    def _held_letters(self) -> list[str]:
        return [c for hand in self.hands for c in hand]

    def _set_aside_themes(self) -> list[Face]:
        return [*self.fifth, *(f for won in self.bonus for f in won)]

    def _own_violations(self) -> list[str]:
        if any(len(hand) > HAND for hand in self.hands):
            return ["une main a plus de trois lettres"]
        return []

    # --- the rules ---------------------------------------------------------------------------

    def _judgement_turn(self) -> int:
        return self.turn

    def _after_verdict(self, state: ClassicState) -> ClassicState:
        """D9: the turn the hourglass ended while the judge decided ends now."""
        if state.phase == "fin" or not self.timed_out:
            return state
        return state._end_turn(timeout=True)

    def _award(self, seat: Seat, action: Word, shown: str) -> ClassicState:
        """The player takes the letters used and the theme card(s); hand made up to three."""
        taken = set(action.cards)
        columns = take_from_column(self.columns, action.column, taken)
        hand = tuple(c for c in self.hands[seat] if c not in taken)
        piles = list(self.piles)
        theme = piles[action.column][0]
        piles[action.column] = piles[action.column][1:]
        won_themes = list(self.won_themes)
        won_themes[seat] = (*won_themes[seat], theme)
        bonus = list(self.bonus)
        fifth = self.fifth
        if action.fifth:
            bonus[seat] = (*bonus[seat], fifth[0])
            fifth = fifth[1:]
        won_letters = list(self.won_letters)
        won_letters[seat] = won_letters[seat] + tuple(c for c in action.cards)
        draw = list(self.draw)
        while len(hand) < HAND and draw:
            hand = (*hand, draw.pop(0))
        hands = tuple(hand if s == seat else h for s, h in enumerate(self.hands))
        themes = " + ".join(self.claim_themes(action))
        events = [f"« {shown} » pour {themes} : {len(action.cards)} lettres et le thème pris."]
        state = replace(
            self,
            columns=columns,
            piles=tuple(piles),
            fifth=fifth,
            hands=hands,
            won_letters=tuple(won_letters),
            won_themes=tuple(won_themes),
            bonus=tuple(bonus),
            draw=tuple(draw),
            words_in_turn=self.words_in_turn + 1,
        )
        return replace(state, events=(*self.events, *events))._tidy_columns()

    def _tidy_columns(self) -> ClassicState:
        """D5–D7: letters under an exhausted theme go to the box; an empty pile under a theme
        still in play is made up from the draw pile; three exhausted piles end the game."""
        columns, draw, box, lines = tidy_columns(self.piles, self.columns, self.draw, self.box)
        state = replace(self, columns=columns, draw=draw, box=box, events=(*self.events, *lines))
        if exhausted(self.piles):
            line = "Trois piles de thèmes sont épuisées : la partie est finie."
            return replace(state, phase="fin", claim=None, events=(*state.events, line))
        return state

    def _redraw(self, seat: Seat) -> ClassicState:
        old = self.hands[seat]
        draw = list(self.draw)
        new = tuple(draw[: len(old)])
        draw = draw[len(old) :]
        hands = tuple(new if s == seat else h for s, h in enumerate(self.hands))
        line = (
            f"Nouvelle main pour {seat_ref(seat)} : {len(old)} lettres défaussées, "
            f"{len(new)} piochées."
        )
        return replace(
            self,
            hands=hands,
            draw=tuple(draw),
            box=(*self.box, *old),
            redrawn=True,
            events=(*self.events, line),
        )

    def _end_turn(self, *, timeout: bool) -> ClassicState:
        dry = 0 if self.words_in_turn else self.dry + 1
        why = "Temps écoulé" if timeout else "Fin du tour"
        line = f"{why} pour {seat_ref(self.active)}."
        if self.config.dry_end and dry >= DRY_ROUNDS * self.players:
            end = f"{DRY_ROUNDS} tours de table sans un mot : la partie est finie."
            return replace(self, phase="fin", dry=dry, events=(*self.events, line, end))
        return replace(
            self,
            phase="jeu",
            active=(self.active + 1) % self.players,
            turn=self.turn + 1,
            redrawn=False,
            timed_out=False,
            words_in_turn=0,
            dry=dry,
            events=(*self.events, line),
        )
