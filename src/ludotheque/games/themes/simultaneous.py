"""Thèmes, Variante Simultanée: two letters turned up, everyone searches at once.

« La mise en place est identique à la version classique et on joue sans sablier. Aucun joueur
n'a de carte en main. Un joueur retourne deux cartes de la pioche de cartes Lettre et tout le
monde cherche un mot en même temps. » Every seat still in the round is to move; the first word
the server applies wins the round (arrival order). A word outside the theme's vocabulary goes
to the judge while the others wait. Decisions are listed in the module's tests and in
``docs/rules/themes.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from ludotheque.core.errors import IllegalAction
from ludotheque.core.protocol import RuleTimer, Seat
from ludotheque.core.rng import Draws

from .actions import Action, GiveBack, GiveUp, Word
from .judging import JUDGE_SECONDS, Judging
from .state import Phase, ThemesState
from .table import (
    Face,
    add_at,
    cheapest_won,
    exhausted,
    flip_tops,
    letter_points,
    seat_ref,
    set_at,
    take_from_column,
    tidy_columns,
    visible_letters,
    visible_themes,
)
from .verdicts import (
    Judgement,
    pending_judges,
)
from .words import (
    EXHAUSTED,
    ONLY_EXPERT,
    ONLY_TEAMS,
    random_word,
    vocabulary_choices,
    word_problem,
)

__all__ = ["TURNED", "SimultaneousConfig", "SimultaneousState"]

TURNED = 2
"""« Un joueur retourne deux cartes de la pioche »."""


@dataclass(frozen=True, slots=True)
class SimultaneousConfig:
    players: int
    judging: Judging
    starter: Seat  # who turns the first two cards
    judge_time: int = JUDGE_SECONDS
    mode: str = "simultanee"


@dataclass(frozen=True, slots=True)
class SimultaneousState(ThemesState[SimultaneousConfig]):
    """Simultanée: no hand and no hourglass; its phase of play is ``recherche``."""

    playing: ClassVar[Phase] = "recherche"

    turned: tuple[str, ...]  # the two letters turned up for this round
    turner: Seat  # who turned them
    out: tuple[bool, ...]  # seats out of this round (« rien », or a refused word)
    debts: tuple[int, ...]  # cards each seat still has to give back
    given_back: tuple[Face, ...]  # theme cards given back after a refusal (seen by all)
    round: int
    # The round just settled: its number, its winner (None: nobody found) and the word said.
    last_round: tuple[int, Seat | None, str] | None = None

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
        line = f"Manche {self.round + 1} : cartes {letters} retournées par {seat_ref(turner)}."
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
        state = self
        for seat in range(self.players):  # a choice left open when the game ends: the cheapest
            while state.owes(seat):
                state = state._give_back(seat, state.cheapest_card(seat))
        return replace(
            state,
            phase="fin",
            box=(*state.box, *state.turned),
            turned=(),
            claim=None,
            events=(*state.events, line),
        )

    # --- protocol --------------------------------------------------------------------------

    def _owing(self) -> frozenset[Seat]:
        return frozenset(s for s in range(self.players) if self.owes(s))

    def _searching(self) -> frozenset[Seat]:
        return frozenset(s for s in range(self.players) if not self.out[s])

    def owes(self, seat: Seat) -> bool:
        """D26: ``seat`` has a card to give back and a won card to give (its choice)."""
        return (
            self.phase != "fin"
            and self.debts[seat] > 0
            and bool(self.won_letters[seat] or self.won_themes[seat])
        )

    def won_cards(self, seat: Seat) -> tuple[str, ...]:
        """The ids of the cards ``seat`` has won: letters, then theme cards."""
        return self.won_letters[seat] + tuple(face[0] for face in self.won_themes[seat])

    def cheapest_card(self, seat: Seat) -> str:
        """The card given back when the choice is left to the rules (the giver's time ran out,
        the game ended): the one worth the least, the most recent among equals."""
        choice = cheapest_won(self.catalog, self.won_letters[seat], self.won_themes[seat])
        assert choice is not None
        kind, index = choice
        if kind == "lettre":
            return self.won_letters[seat][index]
        return self.won_themes[seat][index][0]

    def _owed_actions(self, seat: Seat) -> list[Action]:
        """After a refused word, the won cards ``seat`` may give back."""
        if not self.owes(seat):
            return []
        return [GiveBack(card) for card in self.won_cards(seat)]

    def _play_actions(self, seat: Seat) -> list[Action]:
        return [] if self.out[seat] else [GiveUp()]

    def _play_sample(self, seat: Seat, draws: Draws) -> Action:
        """Usually a word it can make, sometimes a word of another theme (for the judge), else
        « rien »."""
        roll = draws.random()
        word = random_word(
            draws, roll, lambda other: self.word_choices(seat, other_themes=other), 0.08, 0.85
        )
        return GiveUp() if word is None else word

    def word_choices(self, seat: Seat | None = None, *, other_themes: bool = False) -> list[Word]:
        """Vocabulary words that the turned cards and a column allow now, with their cards."""
        words = vocabulary_choices(
            self.catalog,
            visible_themes(self.catalog, self.piles),
            self.turned,
            self.columns,
            other_themes=other_themes,
        )
        return [w for w in words if self.word_problem(seat, w) is None]

    def _debt_checked(self, seat: Seat, action: Action) -> bool:
        if isinstance(action, GiveBack):
            if not self.owes(seat):
                raise IllegalAction("Vous n'avez aucune carte à rendre.")
            if action.card not in self.won_cards(seat):
                raise IllegalAction("Rendez une des cartes que vous avez gagnées.")
            return True
        if self.owes(seat) and seat not in pending_judges(self.claim) and self.out[seat]:
            raise IllegalAction(
                "Votre mot a été refusé : choisissez la carte gagnée que vous rendez."
            )
        return False

    def _check_play(self, seat: Seat, action: Action) -> None:
        if self.out[seat]:
            raise IllegalAction("Vous êtes hors de cette manche : attendez la suivante.")
        if not isinstance(action, (Word, GiveUp)):
            raise IllegalAction(
                "Variante Simultanée : on joue sans sablier et sans main ; proposez un mot ou "
                "dites « rien »."
            )

    def word_problem(self, seat: Seat | None, action: Word) -> str | None:
        """Why ``action`` cannot be said now (French), or None, whoever of the seats to move
        says it."""
        if action.packet is not None:
            return ONLY_TEAMS
        if action.fifth:
            return ONLY_EXPERT
        if not self.piles[action.column]:
            return EXHAUSTED
        return word_problem(
            self.catalog,
            action,
            self.claim_themes(action),
            self.turned,
            "des deux cartes retournées",
            visible_letters(self.columns, action.column),
            self.config.judging,
        )

    def _act(self, seat: Seat, action: Action) -> SimultaneousState:
        if isinstance(action, GiveUp):
            return self._give_up(seat)
        if isinstance(action, GiveBack):
            return self._give_back(seat, action.card)
        raise AssertionError(action)

    def _own_timers(self) -> list[RuleTimer[Action]]:
        """No hourglass (« on joue sans sablier »): the time of a refused player to choose the
        card given back (then the cheapest goes)."""
        return [
            RuleTimer(
                seat,
                self.config.judge_time,
                f"rendre-{seat}-{len(self.won_cards(seat))}-{self.debts[seat]}-{self.judged}",
                GiveBack(self.cheapest_card(seat)),
                label="Carte à rendre",
            )
            for seat in range(self.players)
            if self.owes(seat)
        ]

    def score(self, seat: Seat) -> int:
        """As in the classic game: 1 point a theme card and a letter, 2 a constraint letter."""
        return letter_points(self.catalog, self.won_letters[seat]) + len(self.won_themes[seat])

    def theme_count(self, seat: Seat) -> int:
        return len(self.won_themes[seat])

    def hides_between_seats(self) -> bool:
        return False  # nobody holds a card: what is hidden is hidden from everyone

    def _held_letters(self) -> list[str]:
        return [*self.turned]

    def _set_aside_themes(self) -> list[Face]:
        return [*self.given_back]

    def _own_violations(self) -> list[str]:
        problems: list[str] = []
        if len(self.turned) > TURNED or (self.phase != "fin" and len(self.turned) != TURNED):
            problems.append("il n'y a pas deux cartes retournées")
        for seat, debt in enumerate(self.debts):
            won = self.won_letters[seat] or self.won_themes[seat]
            if debt < 0 or (debt and won and self.phase == "fin"):
                problems.append(f"la dette de la place {seat + 1} est fausse")
        return problems

    # --- the rules ---------------------------------------------------------------------------

    def _judgement_turn(self) -> int:
        return self.round

    def _claim_lines(self, seat: Seat, action: Word, themes: tuple[str, ...]) -> tuple[str, ...]:
        return (
            f"Mot de {seat_ref(seat)} : « {action.word} » pour {themes[0]}.",
            "Au juge de décider.",
        )

    def _refused(self, seat: Seat, logged: Judgement) -> SimultaneousState:
        """« le joueur doit défausser une carte qu'il avait gagné précédemment (s'il n'en
        possède pas encore, il devra en défausser une la prochaine fois qu'il en gagnera
        une) »; he is out of this round."""
        state = replace(self, debts=add_at(self.debts, seat, 1))
        line = logged.refusal_line(
            f"une carte gagnée à rendre pour {seat_ref(seat)}."
            if state.owes(seat)
            else f"une carte à rendre pour {seat_ref(seat)}, au prochain gain."
        )
        out = tuple(True if s == seat else o for s, o in enumerate(self.out))
        state = replace(state, out=out, events=(*state.events, line))
        if all(out):
            return state._no_winner()
        return state

    def _give_back(self, seat: Seat, card: str) -> SimultaneousState:
        """« le joueur doit défausser une carte qu'il avait gagné précédemment »: ``card``, the
        won card the player chose (D26)."""
        if card in self.won_letters[seat]:
            index = self.won_letters[seat].index(card)
            kept = self.won_letters[seat][:index] + self.won_letters[seat][index + 1 :]
            state = replace(
                self, won_letters=set_at(self.won_letters, seat, kept), box=(*self.box, card)
            )
            what = f"la lettre {self.catalog.letters[card].letter}"
        else:
            index = [face[0] for face in self.won_themes[seat]].index(card)
            face = self.won_themes[seat][index]
            kept_themes = self.won_themes[seat][:index] + self.won_themes[seat][index + 1 :]
            state = replace(
                self,
                won_themes=set_at(self.won_themes, seat, kept_themes),
                given_back=(*self.given_back, face),
            )
            what = f"le thème {self.catalog.theme(face)}"
        line = f"Carte rendue par {seat_ref(seat)} : {what}."
        return replace(state, debts=add_at(state.debts, seat, -1), events=(*state.events, line))

    def _give_up(self, seat: Seat) -> SimultaneousState:
        out = tuple(True if s == seat else o for s, o in enumerate(self.out))
        line = f"Rien trouvé par {seat_ref(seat)} : hors de la manche."
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
        won_letters = set_at(self.won_letters, seat, (*self.won_letters[seat], *action.cards))
        won_themes = set_at(self.won_themes, seat, (*self.won_themes[seat], theme))
        line = (
            f"« {shown} » pour {self.catalog.theme(theme)} : {len(action.cards)} lettres et le "
            f"thème pour {seat_ref(seat)}."
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
            debt_line = f"Dette de {seat_ref(seat)} : une carte gagnée à rendre."
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
