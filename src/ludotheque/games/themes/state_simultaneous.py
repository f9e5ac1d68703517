"""Thèmes, Variante Simultanée: two letters turned up, everyone searches at once.

« La mise en place est identique à la version classique et on joue sans sablier. Aucun joueur
n'a de carte en main. Un joueur retourne deux cartes de la pioche de cartes Lettre et tout le
monde cherche un mot en même temps. » Every seat still in the round is to move; the first word
the server applies wins the round (arrival order). A word outside the theme's vocabulary goes
to the judge while the others wait. Decisions are listed in the module's tests and in
``docs/rules/themes.md``.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, TypeVar

from ludotheque.core.errors import IllegalAction
from ludotheque.core.json_types import JsonObject
from ludotheque.core.protocol import Outcome, RuleTimer, Seat, State
from ludotheque.core.rng import Draws, Rng

from .actions import Action, GiveUp, Verdict, Word
from .cards import entry_key
from .judging import JUDGE_SECONDS, Judging, judge_seat
from .state import Catalog, Claim, Face, Judgement
from .table import (
    Columns,
    cheapest_won,
    exhausted,
    flip_tops,
    letter_points,
    take_from_column,
    tidy_columns,
    visible_letters,
    visible_themes,
    vocabulary_choices,
    word_problem,
)

__all__ = ["TURNED", "SimultaneousConfig", "SimultaneousState"]

TURNED = 2
"""« Un joueur retourne deux cartes de la pioche »."""

Phase = Literal["recherche", "jugement", "fin"]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class SimultaneousConfig:
    players: int
    judging: Judging
    starter: Seat  # who turns the first two cards
    judge_time: int = JUDGE_SECONDS
    mode: str = "simultanee"


_SHARED = frozenset({"catalog", "rng", "config"})


@dataclass(frozen=True, slots=True)
class SimultaneousState(State[Action]):
    config: SimultaneousConfig
    catalog: Catalog
    phase: Phase
    piles: tuple[tuple[Face, ...], ...]  # the 4 theme piles, top first
    columns: Columns
    draw: tuple[str, ...]  # face-down letters, top first
    turned: tuple[str, ...]  # the two letters turned up for this round
    turner: Seat  # who turned them
    out: tuple[bool, ...]  # seats out of this round (« rien », or a refused word)
    won_letters: tuple[tuple[str, ...], ...]
    won_themes: tuple[tuple[Face, ...], ...]
    debts: tuple[int, ...]  # cards each seat still has to give back
    box: tuple[str, ...]  # letters out of the game
    theme_box: tuple[Face, ...]  # theme cards never used (face down)
    given_back: tuple[Face, ...]  # theme cards given back after a refusal (seen by all)
    round: int
    claim: Claim | None
    judged: int
    judgements: tuple[Judgement, ...]
    events: tuple[str, ...]
    rng: Rng = field(repr=False)
    # The round just settled: its number, its winner (None: nobody found) and the word said.
    last_round: tuple[int, Seat | None, str] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> SimultaneousState:
        values = {
            f.name: getattr(self, f.name)
            if f.name in _SHARED
            else copy.deepcopy(getattr(self, f.name), memo)
            for f in fields(self)
        }
        return SimultaneousState(**values)

    # --- set-up --------------------------------------------------------------------------------

    def start_round(self, turner: Seat) -> SimultaneousState:
        """A new round: ``turner`` turns the next two cards, unless the game is over."""
        if exhausted(self.piles):
            line = "Trois piles de thèmes sont épuisées : la partie est finie."
            return self._finish(line)
        if len(self.draw) < TURNED:
            line = "La pioche ne permet plus de retourner deux cartes : la partie est finie."
            return self._finish(line)
        turned, draw = self.draw[:TURNED], self.draw[TURNED:]
        letters = " et ".join(self.catalog.letters[c].letter for c in turned)
        line = f"Manche {self.round + 1} : place {turner + 1} retourne {letters}."
        return replace(
            self,
            phase="recherche",
            turned=turned,
            draw=draw,
            turner=turner,
            out=(False,) * self.players,
            round=self.round + 1,
            claim=None,
            events=(*self.events, line),
        )

    def _finish(self, line: str) -> SimultaneousState:
        return replace(
            self,
            phase="fin",
            box=(*self.box, *self.turned),
            turned=(),
            claim=None,
            events=(*self.events, line),
        )

    # --- protocol --------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.config.players

    def to_move(self) -> frozenset[Seat]:
        if self.phase == "recherche":
            return frozenset(s for s in range(self.players) if not self.out[s])
        if self.phase == "jugement" and self.claim is not None:
            claim = self.claim
            return frozenset(j for j, v in zip(claim.judges, claim.votes, strict=True) if v is None)
        return frozenset()

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        """The actions other than words (a word is typed): « rien », or a verdict."""
        if seat not in self.to_move():
            return ()
        if self.phase == "jugement":
            return (Verdict(True), Verdict(False))
        return (GiveUp(),)

    def sample_action(self, seat: Seat, draws: Draws) -> Action:
        """A random player: usually a word it can make, sometimes a word of another theme
        (for the judge), else « rien »."""
        self.check_seat(seat)
        if self.phase == "jugement":
            return Verdict(draws.random() < 0.75)
        roll = draws.random()
        if roll < 0.08:
            strays = self.word_choices(other_themes=True)
            if strays:
                return draws.choice(strays)
        if roll < 0.85:
            words = self.word_choices()
            if words:
                return draws.choice(words)
        return GiveUp()

    def word_choices(self, *, other_themes: bool = False) -> list[Word]:
        """Vocabulary words that the turned cards and a column allow now, with their cards."""
        found = vocabulary_choices(
            self.catalog,
            visible_themes(self.catalog, self.piles),
            self.turned,
            self.columns,
            other_themes=other_themes,
        )
        words = [Word(column, shown, cards) for column, shown, cards in found]
        return [w for w in words if self.word_problem(w) is None]

    def check(self, seat: Seat, action: Action) -> None:
        self.check_seat(seat)
        if self.phase == "jugement":
            if not isinstance(action, Verdict):
                raise IllegalAction("Un mot est soumis au juge : validez-le ou refusez-le.")
            return
        if isinstance(action, Verdict):
            raise IllegalAction("Aucun mot n'attend de jugement.")
        if isinstance(action, Word):
            problem = self.word_problem(action)
            if problem is not None:
                raise IllegalAction(problem)
            return
        if not isinstance(action, GiveUp):
            raise IllegalAction(
                "Variante Simultanée : on joue sans sablier et sans main ; proposez un mot ou "
                "dites « rien »."
            )

    def word_problem(self, action: Word) -> str | None:
        """Why ``action`` cannot be said now (French), or None."""
        if action.packet is not None:
            return "Les paquets ne servent qu'à la variante par équipe."
        if action.fifth:
            return "La cinquième pile n'existe qu'en variante Expert."
        if not self.piles[action.column]:
            return f"La pile de thèmes {action.column + 1} est épuisée."
        theme = self.catalog.theme(self.piles[action.column][0])
        key = entry_key(action.word)
        problem = word_problem(
            self.catalog,
            key,
            theme,
            self.turned,
            "des deux cartes retournées",
            visible_letters(self.columns, action.column),
            action.cards,
        )
        if problem is not None:
            return problem
        if self.config.judging == "vocabulaire" and not self.in_vocabulary(action):
            return f"« {action.word} » n'est pas dans le vocabulaire de {theme} (table sans juge)."
        return None

    def claim_themes(self, action: Word) -> tuple[str, ...]:
        pile = self.piles[action.column]
        return (self.catalog.theme(pile[0]),) if pile else ()

    def in_vocabulary(self, action: Word) -> bool:
        key = entry_key(action.word)
        return all(key in self.catalog.words(t).forms for t in self.claim_themes(action))

    def visible_letters(self, column: int) -> tuple[str, ...]:
        return visible_letters(self.columns, column)

    def _next(self, seat: Seat, action: Action) -> SimultaneousState:
        if isinstance(action, Verdict):
            return self._vote(seat, action.accept)
        if isinstance(action, Word):
            return self._say(seat, action)
        if isinstance(action, GiveUp):
            return self._give_up(seat)
        raise AssertionError(action)

    def rule_timers(self) -> tuple[RuleTimer[Action], ...]:
        """No hourglass (« on joue sans sablier »); only the judge's window (silence is yes)."""
        if self.phase != "jugement" or self.claim is None:
            return ()
        claim = self.claim
        return tuple(
            RuleTimer(
                judge,
                self.config.judge_time,
                f"jugement-{claim.number}-place-{judge + 1}",
                Verdict(True),
            )
            for judge, vote in zip(claim.judges, claim.votes, strict=True)
            if vote is None
        )

    def outcome(self) -> Outcome | None:
        if self.phase != "fin":
            return None
        scores = [self.score(s) for s in range(self.players)]
        keys = [(scores[s], -self.theme_count(s)) for s in range(self.players)]
        return Outcome.from_keys(keys, scores=scores)

    def score(self, seat: Seat) -> int:
        """As in the classic game: 1 point a theme card and a letter, 2 a constraint letter."""
        return letter_points(self.catalog, self.won_letters[seat]) + len(self.won_themes[seat])

    def theme_count(self, seat: Seat) -> int:
        return len(self.won_themes[seat])

    def view(self, seat: Seat | None) -> JsonObject:
        from .views_simultaneous import build_view

        return build_view(self, seat)

    def hides_between_seats(self) -> bool:
        return False  # nobody holds a card: what is hidden is hidden from everyone

    def resample_hidden(self, observer: Seat, draws: Draws) -> SimultaneousState:
        """The draw pile, the letters under the visible ones, the theme cards under the visible
        ones (and their sides) and the unused theme cards, redrawn."""
        hidden = [*self.draw]
        hidden += [c for column in self.columns for pile in column for c in pile[1:]]
        letters = iter(draws.shuffled(sorted(hidden)))
        draw = tuple(next(letters) for _ in self.draw)

        def refill(pile: tuple[str, ...]) -> tuple[str, ...]:
            return pile[:1] + tuple(next(letters) for _ in pile[1:])

        columns = tuple((refill(first), refill(second)) for first, second in self.columns)
        unseen = [face[0] for pile in self.piles for face in pile[1:]]
        unseen += [face[0] for face in self.theme_box]
        themes = iter(draws.shuffled(sorted(unseen)))

        def redraw(faces: tuple[Face, ...]) -> tuple[Face, ...]:
            return tuple((next(themes), draws.below(2)) for _ in faces)

        piles = tuple(pile[:1] + redraw(pile[1:]) for pile in self.piles)
        theme_box = redraw(self.theme_box)
        return replace(
            self,
            draw=draw,
            columns=columns,
            piles=piles,
            theme_box=theme_box,
            rng=Rng.from_seed(draws.below(2**62)),
        )

    def invariant_violations(self) -> list[str]:
        problems: list[str] = []
        letters = [c for column in self.columns for pile in column for c in pile]
        letters += [*self.draw, *self.turned, *self.box]
        letters += [c for won in self.won_letters for c in won]
        if sorted(letters) != sorted(self.catalog.letters):
            problems.append("des cartes « Lettre » ont été créées ou perdues")
        faces = [f for pile in self.piles for f in pile] + [*self.theme_box, *self.given_back]
        faces += [f for won in self.won_themes for f in won]
        if sorted(f[0] for f in faces) != sorted(self.catalog.themes):
            problems.append("des cartes « Thème » ont été créées ou perdues")
        if len(self.turned) > TURNED or (self.phase != "fin" and len(self.turned) != TURNED):
            problems.append("il n'y a pas deux cartes retournées")
        for seat, debt in enumerate(self.debts):
            if debt < 0 or (debt and (self.won_letters[seat] or self.won_themes[seat])):
                problems.append(f"la dette de la place {seat + 1} est fausse")
        return problems

    # --- the rules ---------------------------------------------------------------------------

    def _say(self, seat: Seat, action: Word) -> SimultaneousState:
        themes = self.claim_themes(action)
        if self.in_vocabulary(action):
            shown = self.catalog.words(themes[0]).display(action.word) or action.word
            logged = Judgement(self.round, seat, themes, shown, True, "vocabulaire")
            state = replace(self, judgements=(*self.judgements, logged))
            return state._award(seat, action, shown)
        if self.config.judging == "vote":
            judges = tuple(s for s in range(self.players) if s != seat)
        else:
            judges = (judge_seat(seat, self.players),)
        claim = Claim(
            seat=seat,
            column=action.column,
            fifth=False,
            word=action.word,
            cards=action.cards,
            themes=themes,
            judges=judges,
            votes=(None,) * len(judges),
            number=self.judged + 1,
        )
        line = f"Place {seat + 1} tape sur les cartes : « {action.word} » pour {themes[0]}."
        return replace(
            self,
            phase="jugement",
            claim=claim,
            judged=self.judged + 1,
            events=(*self.events, line, "Au juge de décider."),
        )

    def _vote(self, seat: Seat, accept: bool) -> SimultaneousState:
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
        logged = Judgement(self.round, claim.seat, claim.themes, claim.word, accepted, by)
        state = replace(self, claim=None, phase="recherche", judgements=(*self.judgements, logged))
        if accepted:
            return state._award(claim.seat, Word(claim.column, claim.word, claim.cards), claim.word)
        return state._refused(claim.seat, claim.word)

    def _refused(self, seat: Seat, word: str) -> SimultaneousState:
        """« le joueur doit défausser une carte qu'il avait gagné précédemment (s'il n'en
        possède pas encore, il devra en défausser une la prochaine fois qu'il en gagnera
        une) »; he is out of this round."""
        state = replace(self, debts=_add(self.debts, seat, 1))
        state, paid = state._pay_debt(seat)
        line = f"« {word} » est refusé : place {seat + 1} " + (
            f"défausse {paid[0]}." if paid else "devra défausser une carte à son prochain gain."
        )
        out = tuple(True if s == seat else o for s, o in enumerate(self.out))
        state = replace(state, out=out, events=(*state.events, line))
        if all(out):
            return state._no_winner()
        return state

    def _pay_debt(self, seat: Seat) -> tuple[SimultaneousState, list[str]]:
        """Give back won cards while a debt remains and something was won (cheapest first)."""
        state = self
        paid: list[str] = []
        while state.debts[seat] > 0:
            choice = cheapest_won(state.catalog, state.won_letters[seat], state.won_themes[seat])
            if choice is None:
                break
            kind, index = choice
            if kind == "lettre":
                card = state.won_letters[seat][index]
                kept = state.won_letters[seat][:index] + state.won_letters[seat][index + 1 :]
                state = replace(
                    state,
                    won_letters=_set(state.won_letters, seat, kept),
                    box=(*state.box, card),
                )
                paid.append(f"la lettre {state.catalog.letters[card].letter}")
            else:
                face = state.won_themes[seat][index]
                kept_themes = state.won_themes[seat][:index] + state.won_themes[seat][index + 1 :]
                state = replace(
                    state,
                    won_themes=_set(state.won_themes, seat, kept_themes),
                    given_back=(*state.given_back, face),
                )
                paid.append(f"le thème {state.catalog.theme(face)}")
            state = replace(state, debts=_add(state.debts, seat, -1))
        return state, paid

    def _give_up(self, seat: Seat) -> SimultaneousState:
        out = tuple(True if s == seat else o for s, o in enumerate(self.out))
        line = f"Place {seat + 1} ne trouve rien."
        state = replace(self, out=out, events=(*self.events, line))
        if all(out):
            return state._no_winner()
        return state

    def _no_winner(self) -> SimultaneousState:
        """Nobody found a word: the two turned cards are discarded, the themes turned over, and
        the next player on the left turns two new cards."""
        line = "Personne n'a trouvé de mot : les deux cartes retournées sont défaussées."
        state = replace(
            self,
            box=(*self.box, *self.turned),
            turned=(),
            piles=flip_tops(self.piles),
            events=(*self.events, line, "Les thèmes sont retournés."),
            last_round=(self.round, None, ""),
        )
        return state.start_round((self.turner + 1) % self.players)

    def _award(self, seat: Seat, action: Word, shown: str) -> SimultaneousState:
        """« il récupère les cartes Lettres ainsi que la carte Thème utilisées et défausse, si
        elle n'a pas été utilisée, la carte piochée restante »; then the themes are turned over
        and he turns the next two cards."""
        taken = set(action.cards)
        columns = take_from_column(self.columns, action.column, taken)
        unused = tuple(c for c in self.turned if c not in taken)
        theme = self.piles[action.column][0]
        piles = tuple(p[1:] if i == action.column else p for i, p in enumerate(self.piles))
        won_letters = _set(self.won_letters, seat, (*self.won_letters[seat], *action.cards))
        won_themes = _set(self.won_themes, seat, (*self.won_themes[seat], theme))
        line = (
            f"« {shown} » pour {self.catalog.theme(theme)} : place {seat + 1} prend "
            f"{len(action.cards)} lettres et le thème."
        )
        state = replace(
            self,
            phase="recherche",
            columns=columns,
            piles=piles,
            turned=(),
            box=(*self.box, *unused),
            won_letters=won_letters,
            won_themes=won_themes,
            events=(*self.events, line),
            last_round=(self.round, seat, shown),
        )
        if state.debts[seat]:
            state, paid = state._pay_debt(seat)
            if paid:
                debt_line = f"Place {seat + 1} paie sa dette : {', '.join(paid)} défaussé."
                state = replace(state, events=(*state.events, debt_line))
        columns, draw, box, lines = tidy_columns(state.piles, state.columns, state.draw, state.box)
        state = replace(
            state,
            columns=columns,
            draw=draw,
            box=box,
            piles=flip_tops(state.piles),
            events=(*state.events, *lines, "Les thèmes sont retournés."),
        )
        return state.start_round(seat)


def _set(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return tuple(value if i == index else v for i, v in enumerate(values))


def _add(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    return tuple(v + amount if i == index else v for i, v in enumerate(values))
