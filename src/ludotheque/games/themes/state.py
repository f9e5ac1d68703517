"""Thèmes, classic and Expert: 45-second turns, words for a visible theme, the judge.

The table: four theme piles (the top card's upper side is the visible theme), under each two
piles of letter cards whose top cards are visible (the theme's « colonne »), a face-down draw
pile, a hand of three letters per player, and the cards each player has won, face up in front
of them. Expert adds a fifth theme pile without letters. Every decision the rulebook leaves
open is numbered Dn in ``docs/rules/themes.md``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, TypeVar, cast

from ludotheque.core.errors import IllegalAction
from ludotheque.core.json_types import JsonObject
from ludotheque.core.protocol import Outcome, RuleTimer, Seat, State
from ludotheque.core.rng import Draws, Rng

from .actions import Action, EndTurn, GiveUp, Redraw, Timeout, Verdict, Word
from .cards import HAND, LetterCard, ThemeCard, Vocabulary, entry_key, vocabulary
from .claims import card_problems
from .judging import JUDGE_SECONDS, REASONS, Judging, judge_seat, plural_singular
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
"""D8: at a table of robots, the game also ends after this many whole rounds in a row without
a word (option ``fin_sans_mot``, off as soon as a person sits at the table)."""
PILE_LETTERS = 5
"""Letters in a pile under a theme (set-up, and D6 when an empty pile is made up again)."""

Phase = Literal["jeu", "jugement", "fin"]
Face = tuple[str, int]
"""A theme card as it lies: its id and the side up (0: front, 1: back)."""
Columns = tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
"""Two letter piles under each theme pile, top card first."""
S = TypeVar("S")


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
    dry_end: bool = True  # D8: three dry rounds end the game (tables of robots only)


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
    reasons: tuple[str | None, ...] = ()  # why each judge refused, when it said


def seat_ref(seat: Seat) -> str:
    """How an event line names a seat: « place 2 ». The rules know no names; every front end
    replaces these words with the player's name (``notation.name_seats``). Event lines are
    written so that any name fits them (no verb agreeing with the seat)."""
    return f"place {seat + 1}"


@dataclass(frozen=True, slots=True)
class Judgement:
    """A logged decision on a word (D12): so that the vocabularies can grow."""

    turn: int
    seat: Seat
    themes: tuple[str, ...]
    word: str
    accepted: bool
    by: str  # "vocabulaire", "juge", "vote", "silence"
    reason: str | None = None  # a refusal's reason, when the judge gave one (REASONS)

    def refusal_line(self, tail: str) -> str:
        """« « X » est refusé (hors vocabulaire) : ``tail`` »."""
        said = REASONS.get(self.reason or "")
        why = f" ({said})" if said else ""
        return f"« {self.word} » est refusé{why} : {tail}"


def cast_vote(
    claim: Claim, seat: Seat, verdict: Verdict, turn: int
) -> tuple[Claim, Judgement | None]:
    """Record ``seat``'s answer on ``claim``; once every judge has answered, the decision (D10):
    the judge's word, or a vote that refuses only when more than half refuse. A refusal keeps
    the first reason a refusing judge gave."""
    votes = tuple(
        verdict.accept if judge == seat else vote
        for judge, vote in zip(claim.judges, claim.votes, strict=True)
    )
    old = claim.reasons or (None,) * len(claim.judges)
    reasons = tuple(
        verdict.reason if judge == seat and not verdict.accept else why
        for judge, why in zip(claim.judges, old, strict=True)
    )
    claim = replace(claim, votes=votes, reasons=reasons)
    if any(vote is None for vote in votes):
        return claim, None
    refusals = sum(1 for vote in votes if vote is False)
    accepted = refusals * 2 <= len(votes) if len(votes) > 1 else refusals == 0
    by = "vote" if len(votes) > 1 else "silence" if verdict.silent else "juge"
    reason = None if accepted else next((why for why in reasons if why is not None), None)
    return claim, Judgement(turn, claim.seat, claim.themes, claim.word, accepted, by, reason)


_SHARED = frozenset({"catalog", "rng", "config"})


# --- rules shared by the three states (classic, Simultanée, Équipe) ----------------------------


def copy_state(state: S, memo: dict[int, Any]) -> S:
    """A deep copy of a state that shares its catalog, its rng and its config."""
    values = {
        f.name: getattr(state, f.name)
        if f.name in _SHARED
        else copy.deepcopy(getattr(state, f.name), memo)
        for f in fields(cast(Any, state))
    }
    return type(state)(**values)


def pending_judges(claim: Claim | None) -> frozenset[Seat]:
    """The judges of ``claim`` who have not answered yet."""
    if claim is None:
        return frozenset()
    return frozenset(j for j, v in zip(claim.judges, claim.votes, strict=True) if v is None)


def judges_for(judging: Judging, seat: Seat, players: int) -> tuple[Seat, ...]:
    """D10: the judge seat (``juge``), or every other seat (``vote``)."""
    if judging == "vote":
        return tuple(s for s in range(players) if s != seat)
    return (judge_seat(seat, players),)


def judge_timers(claim: Claim | None, judge_time: int) -> list[RuleTimer[Action]]:
    """The judges' windows on ``claim`` (silence is yes)."""
    if claim is None:
        return []
    return [
        RuleTimer(
            judge,
            judge_time,
            f"jugement-{claim.number}-place-{judge + 1}",
            Verdict(True, silent=True),
            label="Délai du juge",
        )
        for judge, vote in zip(claim.judges, claim.votes, strict=True)
        if vote is None
    ]


def verdict_checked(judging: bool, action: Action) -> bool:
    """Raise when ``action`` does not fit the phase (a verdict exactly while a word is judged);
    True when it is a verdict, with nothing more to check."""
    if judging:
        if not isinstance(action, Verdict):
            raise IllegalAction("Un mot est soumis au juge : validez-le ou refusez-le.")
        return True
    if isinstance(action, Verdict):
        raise IllegalAction("Aucun mot n'attend de jugement.")
    return False


def random_word(
    draws: Draws,
    roll: float,
    choices: Callable[[bool], list[Word]],
    strays_below: float,
    words_below: float,
) -> Word | None:
    """Random play: a word of another theme (for the judge) when ``roll`` is below
    ``strays_below``, else one of the theme's when below ``words_below``, if there is one."""
    if roll < strays_below:
        strays = choices(True)
        if strays:
            return draws.choice(strays)
    if roll < words_below:
        words = choices(False)
        if words:
            return draws.choice(words)
    return None


def in_vocabulary(catalog: Catalog, word: str, themes: Sequence[str]) -> bool:
    key = entry_key(word)
    return all(key in catalog.words(t).forms for t in themes)


def vocabulary_judgement(
    catalog: Catalog, turn: int, seat: Seat, themes: tuple[str, ...], word: str
) -> Judgement:
    """The log line of a word of the vocabulary (accepted without a judge), as shown."""
    shown = catalog.words(themes[0]).display(word) or word
    return Judgement(turn, seat, themes, shown, True, "vocabulaire")


def open_claim(
    seat: Seat,
    action: Word,
    themes: tuple[str, ...],
    judges: tuple[Seat, ...],
    number: int,
    *,
    fifth: bool = False,
) -> Claim:
    """``action`` sent to ``judges``, the table's ``number``-th word judged."""
    return Claim(
        seat=seat,
        column=action.column,
        fifth=fifth,
        word=action.word,
        cards=action.cards,
        themes=themes,
        judges=judges,
        votes=(None,) * len(judges),
        number=number,
        reasons=(None,) * len(judges),
    )


def resample_letters(
    draws: Draws,
    held: Sequence[tuple[str, ...]],
    shown: set[str],
    draw: tuple[str, ...],
    columns: Columns,
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...], Columns]:
    """The hidden letters redrawn: the cards ``held`` out of sight (but those ``shown``, kept
    first), the draw pile, and the cards under each visible one."""
    hidden = [c for cards in held for c in cards if c not in shown]
    hidden += draw
    hidden += [c for column in columns for pile in column for c in pile[1:]]
    # Sorted first: the redraw must depend only on what the observer sees.
    letters = iter(draws.shuffled(sorted(hidden)))
    new_held = tuple(
        tuple(sorted(c for c in cards if c in shown))
        + tuple(next(letters) for c in cards if c not in shown)
        for cards in held
    )
    new_draw = tuple(next(letters) for _ in draw)

    def refill(pile: tuple[str, ...]) -> tuple[str, ...]:
        return pile[:1] + tuple(next(letters) for _ in pile[1:])

    new_columns = tuple((refill(first), refill(second)) for first, second in columns)
    return new_held, new_draw, new_columns


def resample_themes(
    draws: Draws,
    piles: tuple[tuple[Face, ...], ...],
    fifth: tuple[Face, ...],
    theme_box: tuple[Face, ...],
) -> tuple[tuple[tuple[Face, ...], ...], tuple[Face, ...], tuple[Face, ...]]:
    """The theme cards under the visible ones and the unused ones redrawn, with their sides."""
    unseen = [face[0] for pile in piles for face in pile[1:]]
    unseen += [face[0] for face in fifth[1:]]
    unseen += [face[0] for face in theme_box]
    themes = iter(draws.shuffled(sorted(unseen)))

    def redraw(faces: tuple[Face, ...]) -> tuple[Face, ...]:
        return tuple((next(themes), draws.below(2)) for _ in faces)

    new_piles = tuple(pile[:1] + redraw(pile[1:]) for pile in piles)
    new_fifth = fifth[:1] + redraw(fifth[1:])
    return new_piles, new_fifth, redraw(theme_box)


def lost_cards(
    catalog: Catalog, columns: Columns, letters: list[str], faces: list[Face]
) -> list[str]:
    """Invariants: the letters of ``columns`` and ``letters``, and the theme cards ``faces``,
    are the catalog's, each once."""
    problems: list[str] = []
    letters = [c for column in columns for pile in column for c in pile] + letters
    if sorted(letters) != sorted(catalog.letters):
        problems.append("des cartes « Lettre » ont été créées ou perdues")
    if sorted(f[0] for f in faces) != sorted(catalog.themes):
        problems.append("des cartes « Thème » ont été créées ou perdues")
    return problems


@dataclass(frozen=True, slots=True)
class ThemesState(State[Action]):
    config: Config
    catalog: Catalog
    phase: Phase
    piles: tuple[tuple[Face, ...], ...]  # the 4 theme piles, top first
    fifth: tuple[Face, ...]  # Expert's fifth pile, top first (empty otherwise)
    columns: Columns  # 2 letter piles a column
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
        return copy_state(self, memo)

    # --- protocol --------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.config.players

    def to_move(self) -> frozenset[Seat]:
        if self.phase == "jeu":
            return frozenset({self.active})
        if self.phase == "jugement":
            return pending_judges(self.claim)
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
        choices: list[Word] = []
        hand = self.hands[seat]
        themes = self.visible_themes()
        for index, theme in enumerate(themes):
            if theme is None:
                continue
            column = self.visible_letters(index)
            if other_themes:
                sources = [t for t in themes if t is not None and t != theme]
                keys: list[str] = [
                    form for t in sources for form in self.catalog.words(t).forms.values()
                ]
            else:
                keys = list(self.catalog.words(theme).forms.values())
            for key, cards, _points in vocabulary_words(keys, hand, column, self.catalog.letters):
                shown = self.catalog.words(theme).display(key) or key
                choices.append(Word(index, shown, cards))
            if self.fifth and not other_themes:
                extra = self.catalog.words(self.catalog.theme(self.fifth[0])).forms
                both = [f for k, f in self.catalog.words(theme).forms.items() if k in extra]
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
        if verdict_checked(self.phase == "jugement", action):
            return
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
            return "Cette pile de thèmes est épuisée : elle n'a plus de thème à jouer."
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
            card = self.catalog.letters.get(strangers[0])
            if card is None:
                return "Une des cartes nommées n'existe pas dans ce jeu."
            return (
                f"La carte {card.letter} n'est ni dans votre main ni visible sous "
                f"{self.claim_themes(action)[0]} (seules comptent ses deux cartes visibles)."
            )
        if not from_hand:
            return "Il faut au moins une lettre de votre main."
        if not from_column:
            theme = self.claim_themes(action)[0]
            return f"Il faut au moins une lettre sous {theme} (ses deux cartes visibles)."
        key = entry_key(action.word)
        cards = [self.catalog.letters[c] for c in action.cards]
        problems = card_problems(key, cards, action.word)
        if problems:
            return problems[0]
        for theme in self.claim_themes(action):
            singular = plural_singular(action.word, theme, self.catalog.words(theme).forms)
            if singular is not None:
                return (
                    f"« {action.word} » est un pluriel : « Les mots au pluriel (pour mettre un "
                    f"S en dernier) ne sont pas acceptés ». Dites « {singular} »."
                )
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
        return in_vocabulary(self.catalog, action.word, self.claim_themes(action))

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
            return self._vote(seat, action)
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
        if self.phase == "jugement":
            timers += judge_timers(self.claim, self.config.judge_time)
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
        others = [hand for s, hand in enumerate(self.hands) if s != observer]
        redrawn, draw, columns = resample_letters(draws, others, shown, self.draw, self.columns)
        new_hands: Iterator[tuple[str, ...]] = iter(redrawn)
        hands = tuple(
            hand if s == observer else next(new_hands) for s, hand in enumerate(self.hands)
        )
        piles, fifth, theme_box = resample_themes(draws, self.piles, self.fifth, self.theme_box)
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
        letters = [*self.draw, *self.box]
        letters += [c for hand in self.hands for c in hand]
        letters += [c for won in self.won_letters for c in won]
        faces = [f for pile in self.piles for f in pile] + [*self.fifth, *self.theme_box]
        faces += [f for won in (*self.won_themes, *self.bonus) for f in won]
        problems = lost_cards(self.catalog, self.columns, letters, faces)
        if any(len(hand) > HAND for hand in self.hands):
            problems.append("une main a plus de trois lettres")
        return problems

    # --- the rules ---------------------------------------------------------------------------

    def _say(self, seat: Seat, action: Word) -> ThemesState:
        themes = self.claim_themes(action)
        if self.in_vocabulary(action):
            logged = vocabulary_judgement(self.catalog, self.turn, seat, themes, action.word)
            state = replace(self, judgements=(*self.judgements, logged))
            return state._award(seat, action, logged.word)
        judges = self.judges_of(seat)
        claim = open_claim(seat, action, themes, judges, self.judged + 1, fifth=action.fifth)
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
        return judges_for(self.config.judging, seat, self.players)

    def _vote(self, seat: Seat, verdict: Verdict) -> ThemesState:
        assert self.claim is not None
        claim, logged = cast_vote(self.claim, seat, verdict, self.turn)
        if logged is None:
            return replace(self, claim=claim)
        accepted = logged.accepted
        state = replace(self, claim=None, phase="jeu", judgements=(*self.judgements, logged))
        if accepted:
            action = Word(claim.column, claim.word, claim.cards, claim.fifth)
            state = state._award(claim.seat, action, claim.word)
        else:
            line = logged.refusal_line("aucune carte n'est prise.")
            state = replace(state, events=(*state.events, line))
        if state.phase == "fin" or not self.timed_out:
            return state
        return state._end_turn(timeout=True)

    def _award(self, seat: Seat, action: Word, shown: str) -> ThemesState:
        """The player takes the letters used and the theme card(s); hand made up to three."""
        from .table import take_from_column

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

    def _tidy_columns(self) -> ThemesState:
        """D5–D7: letters under an exhausted theme go to the box; an empty pile under a theme
        still in play is made up from the draw pile; three exhausted piles end the game."""
        from .table import exhausted, tidy_columns

        columns, draw, box, lines = tidy_columns(self.piles, self.columns, self.draw, self.box)
        state = replace(self, columns=columns, draw=draw, box=box, events=(*self.events, *lines))
        if exhausted(self.piles):
            line = "Trois piles de thèmes sont épuisées : la partie est finie."
            return replace(state, phase="fin", claim=None, events=(*state.events, line))
        return state

    def _redraw(self, seat: Seat) -> ThemesState:
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

    def _end_turn(self, *, timeout: bool) -> ThemesState:
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
