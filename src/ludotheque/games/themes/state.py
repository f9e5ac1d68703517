"""Thèmes, classic and Expert: 45-second turns, words for a visible theme, the judge.

The table: four theme piles (the top card's upper side is the visible theme), under each two
piles of letter cards whose top cards are visible (the theme's « colonne »), a face-down draw
pile, a hand of three letters per player, and the cards each player has won, face up in front
of them. Expert adds a fifth theme pile without letters. Every decision the rulebook leaves
open is numbered Dn in ``docs/rules/themes.md``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from ludotheque.core.errors import IllegalAction
from ludotheque.core.json_types import JsonObject
from ludotheque.core.protocol import Outcome, RuleTimer, Seat, State
from ludotheque.core.rng import Draws, Rng

from .actions import Action, EndTurn, GiveUp, Redraw, Timeout, Verdict, Word
from .cards import HAND, LetterCard, ThemeCard, Vocabulary, entry_key, vocabulary
from .claims import card_problems
from .judging import JUDGE_SECONDS, Judging, judge_seat, plural_of
from .search import vocabulary_words

__all__ = [
    "DRY_ROUNDS",
    "HOURGLASS_SECONDS",
    "Catalog",
    "Claim",
    "Config",
    "Face",
    "Judgement",
    "ThemesState",
]

HOURGLASS_SECONDS = 45
"""« 1 sablier de 45 sec »."""
DRY_ROUNDS = 3
"""D8: the game also ends after this many whole rounds in a row without a word."""
PILE_LETTERS = 5
"""Letters in a pile under a theme (set-up, and D6 when an empty pile is made up again)."""

Phase = Literal["jeu", "jugement", "fin"]
Face = tuple[str, int]
"""A theme card as it lies: its id and the side up (0: front, 1: back)."""


class Catalog:
    """The cards of a table and the vocabularies of its themes (shared, never copied)."""

    __slots__ = ("letters", "themes", "vocabularies")

    def __init__(self, letters: Sequence[LetterCard], themes: Sequence[ThemeCard]) -> None:
        self.letters: Mapping[str, LetterCard] = {card.id: card for card in letters}
        self.themes: Mapping[str, ThemeCard] = {card.id: card for card in themes}
        self.vocabularies: Mapping[str, Vocabulary] = {
            name: vocabulary(name) for card in themes for name in card.sides
        }

    def theme(self, face: Face) -> str:
        return self.themes[face[0]].sides[face[1]]

    def words(self, theme: str) -> Vocabulary:
        return self.vocabularies[theme]

    def __deepcopy__(self, memo: dict[int, Any]) -> Catalog:
        return self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Catalog):
            return NotImplemented
        return self is other or (
            tuple(self.letters.values()) == tuple(other.letters.values())
            and tuple(self.themes.values()) == tuple(other.themes.values())
        )

    def __hash__(self) -> int:
        return hash((tuple(self.letters), tuple(self.themes)))


@dataclass(frozen=True, slots=True)
class Config:
    players: int
    mode: str  # "classique" or "expert"
    judging: Judging
    starter: Seat
    hourglass: int = HOURGLASS_SECONDS
    judge_time: int = JUDGE_SECONDS


@dataclass(frozen=True, slots=True)
class Claim:
    """A word waiting for its verdict (D10): who said it, for what, with which cards."""

    seat: Seat
    column: int
    fifth: bool
    word: str
    cards: tuple[str, ...]
    themes: tuple[str, ...]
    judges: tuple[Seat, ...]
    votes: tuple[bool | None, ...]
    number: int  # the table's n-th word sent to judgement (names its hourglass)


@dataclass(frozen=True, slots=True)
class Judgement:
    """A logged decision on a word (D12): so that the vocabularies can grow."""

    turn: int
    seat: Seat
    themes: tuple[str, ...]
    word: str
    accepted: bool
    by: str  # "vocabulaire", "juge", "vote", "silence"


_SHARED = frozenset({"catalog", "rng", "config"})


@dataclass(frozen=True, slots=True)
class ThemesState(State[Action]):
    config: Config
    catalog: Catalog
    phase: Phase
    piles: tuple[tuple[Face, ...], ...]  # the 4 theme piles, top first
    fifth: tuple[Face, ...]  # Expert's fifth pile, top first (empty otherwise)
    columns: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]  # 2 letter piles a column
    draw: tuple[str, ...]  # face-down letters, top first
    hands: tuple[tuple[str, ...], ...]
    won_letters: tuple[tuple[str, ...], ...]
    won_themes: tuple[tuple[Face, ...], ...]
    bonus: tuple[tuple[Face, ...], ...]  # Expert: under each player's 3 PV marker
    box: tuple[str, ...]  # letter cards out of the game
    theme_box: tuple[Face, ...]  # theme cards out of the game (unused ones, exhausted…)
    active: Seat
    turn: int
    redrawn: bool  # the hand was changed this turn
    timed_out: bool  # the hourglass ran out while a word was being judged
    words_in_turn: int
    dry: int  # turns in a row without a word
    claim: Claim | None
    judged: int  # words sent to judgement so far
    judgements: tuple[Judgement, ...]
    events: tuple[str, ...]
    rng: Rng = field(repr=False)

    def __deepcopy__(self, memo: dict[int, Any]) -> ThemesState:
        values = {
            f.name: getattr(self, f.name)
            if f.name in _SHARED
            else copy.deepcopy(getattr(self, f.name), memo)
            for f in fields(self)
        }
        return ThemesState(**values)

    # --- protocol --------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.config.players

    def to_move(self) -> frozenset[Seat]:
        if self.phase == "jeu":
            return frozenset({self.active})
        if self.phase == "jugement" and self.claim is not None:
            claim = self.claim
            return frozenset(j for j, v in zip(claim.judges, claim.votes, strict=True) if v is None)
        return frozenset()

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        """The actions other than words (a word is typed; bots search: ``search.py``)."""
        if seat not in self.to_move():
            return ()
        if self.phase == "jugement":
            return (Verdict(True), Verdict(False))
        actions: list[Action] = []
        if self.may_redraw(seat):
            actions.append(Redraw())
        actions += [EndTurn(), Timeout()]
        return tuple(actions)

    def sample_action(self, seat: Seat, draws: Draws) -> Action:
        """A random player: often a word it can make (sometimes one of another theme, for the
        judge), else a new hand, or the end of its turn."""
        self.check_seat(seat)
        if self.phase == "jugement":
            return Verdict(draws.random() < 0.75)
        roll = draws.random()
        if roll < 0.1:
            strays = self.word_choices(seat, other_themes=True)
            if strays:
                return draws.choice(strays)
        if roll < 0.75:
            words = self.word_choices(seat)
            if words:
                return draws.choice(words)
        if self.may_redraw(seat) and roll < 0.9:
            return Redraw()
        return EndTurn() if roll < 0.95 else Timeout()

    def word_choices(self, seat: Seat, *, other_themes: bool = False) -> list[Word]:
        """Words of the vocabularies that ``seat``'s cards allow now, with their best cards.

        ``other_themes``: words of the vocabulary of *another* visible theme said for this one
        (they go to the judge) — for random play only.
        """
        choices: list[Word] = []
        hand = self.hands[seat]
        themes = self.visible_themes()
        for index, theme in enumerate(themes):
            if theme is None:
                continue
            column = self.visible_letters(index)
            if other_themes:
                sources = [t for t in themes if t is not None and t != theme]
                keys: list[str] = [k for t in sources for k in self.catalog.words(t).forms]
            else:
                keys = list(self.catalog.words(theme).forms)
            for key, cards, _points in vocabulary_words(keys, hand, column, self.catalog.letters):
                shown = self.catalog.words(theme).display(key) or key
                choices.append(Word(index, shown, cards))
            if self.fifth and not other_themes:
                extra = self.catalog.words(self.catalog.theme(self.fifth[0])).forms
                both = [k for k in self.catalog.words(theme).forms if k in extra]
                for key, cards, _points in vocabulary_words(
                    both, hand, column, self.catalog.letters
                ):
                    shown = self.catalog.words(theme).display(key) or key
                    choices.append(Word(index, shown, cards, fifth=True))
        return [w for w in choices if self.word_problem(seat, w) is None]

    def may_redraw(self, seat: Seat) -> bool:
        return (
            self.phase == "jeu"
            and seat == self.active
            and not self.redrawn
            and bool(self.hands[seat])
            and bool(self.draw)
        )

    def check(self, seat: Seat, action: Action) -> None:
        if (
            isinstance(action, Timeout)
            and self.phase == "jugement"
            and seat == self.active
            and not self.timed_out
        ):
            return  # D9: « le sablier ne s'arrête jamais », even while the judge decides
        self.check_seat(seat)
        if self.phase == "jugement":
            if not isinstance(action, Verdict):
                raise IllegalAction("Un mot est soumis au juge : validez-le ou refusez-le.")
            return
        if isinstance(action, Verdict):
            raise IllegalAction("Aucun mot n'attend de jugement.")
        if isinstance(action, GiveUp):
            raise IllegalAction("« rien » ne sert qu'à la variante Simultanée.")
        if isinstance(action, Redraw):
            if self.redrawn:
                raise IllegalAction("Vous avez déjà changé de main pendant ce tour.")
            if not self.hands[seat]:
                raise IllegalAction("Vous n'avez aucune lettre à défausser.")
            if not self.draw:
                raise IllegalAction("La pioche est vide : impossible de changer de main.")
            return
        if isinstance(action, Word):
            self.word_problem(seat, action, raising=True)

    def word_problem(self, seat: Seat, action: Word, *, raising: bool = False) -> str | None:
        """Why ``action`` cannot be said now (French), or None; ``raising``: raise instead."""
        problem = self._word_problem(seat, action)
        if problem is not None and raising:
            raise IllegalAction(problem)
        return problem

    def _word_problem(self, seat: Seat, action: Word) -> str | None:
        if action.packet is not None:
            return "Les paquets ne servent qu'à la variante par équipe."
        if not self.piles[action.column]:
            return f"La pile de thèmes {action.column + 1} est épuisée."
        if action.fifth and not self.fifth:
            if self.config.mode != "expert":
                return "La cinquième pile n'existe qu'en variante Expert."
            return "La cinquième pile de thèmes est épuisée."
        hand = set(self.hands[seat])
        visible = set(self.visible_letters(action.column))
        from_hand = [c for c in action.cards if c in hand]
        from_column = [c for c in action.cards if c in visible]
        strangers = [c for c in action.cards if c not in hand and c not in visible]
        if strangers:
            return (
                f"La carte {strangers[0]} n'est ni dans votre main ni visible sous ce thème "
                "(seules comptent les deux cartes visibles de sa colonne)."
            )
        if not from_hand:
            return "Il faut au moins une lettre de votre main."
        if not from_column:
            return "Il faut au moins une lettre de la colonne du thème (ses deux cartes visibles)."
        key = entry_key(action.word)
        cards = [self.catalog.letters[c] for c in action.cards]
        problems = card_problems(key, cards)
        if problems:
            return problems[0]
        for theme in self.claim_themes(action):
            singular = plural_of(key, self.catalog.words(theme).forms)
            if singular is not None:
                shown = self.catalog.words(theme).display(singular) or singular
                return f"Pas de pluriel en ajoutant un S : « {shown} » au singulier."
        if self.config.judging == "vocabulaire" and not self.in_vocabulary(action):
            themes = " et ".join(self.claim_themes(action))
            return f"« {action.word} » n'est pas dans le vocabulaire de {themes} (table sans juge)."
        return None

    def claim_themes(self, action: Word) -> tuple[str, ...]:
        themes: tuple[str, ...] = (self.catalog.theme(self.piles[action.column][0]),)
        if action.fifth and self.fifth:
            themes += (self.catalog.theme(self.fifth[0]),)
        return themes

    def in_vocabulary(self, action: Word) -> bool:
        key = entry_key(action.word)
        return all(key in self.catalog.words(t).forms for t in self.claim_themes(action))

    def visible_letters(self, column: int) -> tuple[str, ...]:
        """The top card of each letter pile of the column (one or two cards)."""
        return tuple(pile[0] for pile in self.columns[column] if pile)

    def visible_themes(self) -> tuple[str | None, ...]:
        return tuple(self.catalog.theme(pile[0]) if pile else None for pile in self.piles)

    def _next(self, seat: Seat, action: Action) -> ThemesState:
        if isinstance(action, Timeout) and self.phase == "jugement":
            line = "Le sablier est écoulé : le tour finit une fois le mot jugé."
            return replace(self, timed_out=True, events=(*self.events, line))
        if isinstance(action, (Timeout, EndTurn)):
            return self._end_turn(timeout=isinstance(action, Timeout))
        if isinstance(action, Redraw):
            return self._redraw(seat)
        if isinstance(action, Verdict):
            return self._vote(seat, action.accept)
        if isinstance(action, Word):
            return self._say(seat, action)
        raise AssertionError(action)

    def rule_timers(self) -> tuple[RuleTimer[Action], ...]:
        """D9–D10: the active player's 45 s, and the judge's window (silence is yes)."""
        timers: list[RuleTimer[Action]] = []
        if self.phase == "fin":
            return ()
        if not (self.phase == "jugement" and self.timed_out):
            timers.append(
                RuleTimer(self.active, self.config.hourglass, f"tour-{self.turn}", Timeout())
            )
        if self.phase == "jugement" and self.claim is not None:
            claim = self.claim
            for judge, vote in zip(claim.judges, claim.votes, strict=True):
                if vote is None:
                    key = f"jugement-{claim.number}-place-{judge + 1}"
                    timers.append(RuleTimer(judge, self.config.judge_time, key, Verdict(True)))
        return tuple(timers)

    def outcome(self) -> Outcome | None:
        if self.phase != "fin":
            return None
        keys = [(self.score(s), -self.theme_count(s)) for s in range(self.players)]
        return Outcome.from_keys(keys, scores=[self.score(s) for s in range(self.players)])

    def score(self, seat: Seat) -> int:
        """« Chaque carte Thème rapporte 1 point », a letter 1, a constraint letter 2, and in
        Expert the cards under the 3 PV marker 3 each."""
        letters = sum(self.catalog.letters[c].points for c in self.won_letters[seat])
        return letters + len(self.won_themes[seat]) + 3 * len(self.bonus[seat])

    def theme_count(self, seat: Seat) -> int:
        """Theme cards won (the tie-break: « le moins de cartes Thème »)."""
        return len(self.won_themes[seat]) + len(self.bonus[seat])

    def view(self, seat: Seat | None) -> JsonObject:
        from .views import build_view

        return build_view(self, seat)

    def secrets(self, seat: Seat) -> frozenset[str]:
        shown = set(self.claim.cards) if self.claim is not None else set()
        return frozenset(self.hands[seat]) - shown  # a word's cards are shown to the judge

    def resample_hidden(self, observer: Seat, draws: Draws) -> ThemesState:
        """Others' hands, the draw pile and the cards under every top card, redrawn."""
        shown = set(self.claim.cards) if self.claim is not None else set()
        hidden_letters = [
            c for s, hand in enumerate(self.hands) if s != observer for c in hand if c not in shown
        ]
        hidden_letters += self.draw
        hidden_letters += [c for column in self.columns for pile in column for c in pile[1:]]
        # Sorted first: the redraw must depend only on what the observer sees.
        letters = iter(draws.shuffled(sorted(hidden_letters)))
        hands = tuple(
            hand
            if s == observer
            else tuple(sorted(c for c in hand if c in shown))
            + tuple(next(letters) for c in hand if c not in shown)
            for s, hand in enumerate(self.hands)
        )
        draw = tuple(next(letters) for _ in self.draw)

        def refill(pile: tuple[str, ...]) -> tuple[str, ...]:
            return pile[:1] + tuple(next(letters) for _ in pile[1:])

        columns = tuple((refill(first), refill(second)) for first, second in self.columns)
        unseen = [face[0] for pile in self.piles for face in pile[1:]]
        unseen += [face[0] for face in self.fifth[1:]]
        unseen += [face[0] for face in self.theme_box]
        themes = iter(draws.shuffled(sorted(unseen)))

        def redraw(faces: tuple[Face, ...]) -> tuple[Face, ...]:
            return tuple((next(themes), draws.below(2)) for _ in faces)

        piles = tuple(pile[:1] + redraw(pile[1:]) for pile in self.piles)
        fifth = self.fifth[:1] + redraw(self.fifth[1:])
        theme_box = redraw(self.theme_box)
        return replace(
            self,
            hands=hands,
            draw=draw,
            columns=columns,
            piles=piles,
            fifth=fifth,
            theme_box=theme_box,
            rng=Rng.from_seed(draws.below(2**62)),
        )

    def invariant_violations(self) -> list[str]:
        problems: list[str] = []
        letters = [c for column in self.columns for pile in column for c in pile]
        letters += [*self.draw, *self.box]
        letters += [c for hand in self.hands for c in hand]
        letters += [c for won in self.won_letters for c in won]
        if sorted(letters) != sorted(self.catalog.letters):
            problems.append("des cartes « Lettre » ont été créées ou perdues")
        faces = [f for pile in self.piles for f in pile] + [*self.fifth, *self.theme_box]
        faces += [f for won in (*self.won_themes, *self.bonus) for f in won]
        if sorted(f[0] for f in faces) != sorted(self.catalog.themes):
            problems.append("des cartes « Thème » ont été créées ou perdues")
        if any(len(hand) > HAND for hand in self.hands):
            problems.append("une main a plus de trois lettres")
        return problems

    # --- the rules ---------------------------------------------------------------------------

    def _say(self, seat: Seat, action: Word) -> ThemesState:
        themes = self.claim_themes(action)
        if self.in_vocabulary(action):
            shown = self.catalog.words(themes[0]).display(action.word) or action.word
            logged = Judgement(self.turn, seat, themes, shown, True, "vocabulaire")
            state = replace(self, judgements=(*self.judgements, logged))
            return state._award(seat, action, shown)
        judges = self.judges_of(seat)
        claim = Claim(
            seat=seat,
            column=action.column,
            fifth=action.fifth,
            word=action.word,
            cards=action.cards,
            themes=themes,
            judges=judges,
            votes=(None,) * len(judges),
            number=self.judged + 1,
        )
        line = f"« {action.word} » pour {' + '.join(themes)} : au juge de décider."
        return replace(
            self,
            phase="jugement",
            claim=claim,
            judged=self.judged + 1,
            events=(*self.events, line),
        )

    def judges_of(self, seat: Seat) -> tuple[Seat, ...]:
        """D10: the judge seat (``juge``), or every other seat (``vote``)."""
        if self.config.judging == "vote":
            return tuple(s for s in range(self.players) if s != seat)
        return (judge_seat(seat, self.players),)

    def _vote(self, seat: Seat, accept: bool) -> ThemesState:
        claim = self.claim
        assert claim is not None
        votes = tuple(
            accept if judge == seat else vote
            for judge, vote in zip(claim.judges, claim.votes, strict=True)
        )
        claim = replace(claim, votes=votes)
        if any(vote is None for vote in votes):
            return replace(self, claim=claim)
        refusals = sum(1 for vote in votes if vote is False)
        accepted = refusals * 2 <= len(votes) if len(votes) > 1 else refusals == 0
        by = "vote" if len(votes) > 1 else "juge"
        logged = Judgement(self.turn, claim.seat, claim.themes, claim.word, accepted, by)
        state = replace(self, claim=None, phase="jeu", judgements=(*self.judgements, logged))
        if accepted:
            action = Word(claim.column, claim.word, claim.cards, claim.fifth)
            state = state._award(claim.seat, action, claim.word)
        else:
            line = f"« {claim.word} » est refusé : aucune carte n'est prise."
            state = replace(state, events=(*state.events, line))
        if state.phase == "fin" or not self.timed_out:
            return state
        return state._end_turn(timeout=True)

    def _award(self, seat: Seat, action: Word, shown: str) -> ThemesState:
        """The player takes the letters used and the theme card(s); hand made up to three."""
        taken = set(action.cards)
        first, second = (
            pile[1:] if pile and pile[0] in taken else pile for pile in self.columns[action.column]
        )
        column = (first, second)
        columns = tuple(column if i == action.column else c for i, c in enumerate(self.columns))
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

    def _tidy_columns(self) -> ThemesState:
        """D5–D7: letters under an exhausted theme go to the box; an empty pile under a theme
        still in play is made up from the draw pile; three exhausted piles end the game."""
        columns = list(self.columns)
        draw = list(self.draw)
        box = list(self.box)
        events = list(self.events)
        for index, pile in enumerate(self.piles):
            column = columns[index]
            if not pile:
                if any(column):
                    box += [c for letters in column for c in letters]
                    columns[index] = ((), ())
                    events.append(
                        f"Pile de thèmes {index + 1} épuisée : ses lettres sont défaussées."
                    )
                continue
            made_up = []
            for letters in column:
                if not letters and draw:
                    letters, draw = tuple(draw[:PILE_LETTERS]), draw[PILE_LETTERS:]
                made_up.append(letters)
            columns[index] = (made_up[0], made_up[1])
        state = replace(
            self, columns=tuple(columns), draw=tuple(draw), box=tuple(box), events=tuple(events)
        )
        if sum(1 for pile in self.piles if not pile) >= 3:
            line = "Trois piles de thèmes sont épuisées : la partie est finie."
            return replace(state, phase="fin", claim=None, events=(*state.events, line))
        return state

    def _redraw(self, seat: Seat) -> ThemesState:
        old = self.hands[seat]
        draw = list(self.draw)
        new = tuple(draw[: len(old)])
        draw = draw[len(old) :]
        hands = tuple(new if s == seat else h for s, h in enumerate(self.hands))
        line = f"Place {seat + 1} défausse ses {len(old)} lettres et en pioche {len(new)}."
        return replace(
            self,
            hands=hands,
            draw=tuple(draw),
            box=(*self.box, *old),
            redrawn=True,
            events=(*self.events, line),
        )

    def _end_turn(self, *, timeout: bool) -> ThemesState:
        dry = 0 if self.words_in_turn else self.dry + 1
        why = "Temps écoulé" if timeout else "Fin du tour"
        line = f"{why} pour la place {self.active + 1}."
        if dry >= DRY_ROUNDS * self.players:
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
