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
from .state import Phase, Play, ThemesState
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

__all__ = ["TURNED", "SimultaneousPlay", "simultaneous_play"]

TURNED = 2
"""« Un joueur retourne deux cartes de la pioche »."""


def simultaneous_play(state: ThemesState) -> SimultaneousPlay:
    """``state``'s play, a Simultanée one."""
    assert isinstance(state.play, SimultaneousPlay), state.play
    return state.play


@dataclass(frozen=True, slots=True)
class SimultaneousPlay(Play):
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

    def start_round(self, state: ThemesState, turner: Seat) -> ThemesState:
        """A new round: ``turner`` turns the next two cards, unless the game is over."""
        if exhausted(state.piles):
            line = "Trois piles de thèmes sont épuisées : la partie est finie."
            return self._finish(state, line)
        if len(state.draw) < TURNED:
            line = "La pioche ne permet plus de retourner deux cartes : la partie est finie."
            return self._finish(state, line)
        turned, draw = state.draw[:TURNED], state.draw[TURNED:]
        letters = " et ".join(state.catalog.letters[c].letter for c in turned)
        line = f"Manche {self.round + 1} : cartes {letters} retournées par {seat_ref(turner)}."
        play = replace(
            self, turned=turned, turner=turner, out=(False,) * state.players, round=self.round + 1
        )
        return replace(
            state,
            play=play,
            phase="recherche",
            draw=draw,
            claim=None,
            events=(*state.events, line),
        )

    def _finish(self, state: ThemesState, line: str) -> ThemesState:
        for seat in range(state.players):  # a choice left open when the game ends: the cheapest
            while (play := simultaneous_play(state)).owes(state, seat):
                state = play._give_back(state, seat, play.cheapest_card(state, seat))
        play = simultaneous_play(state)
        return replace(
            state,
            play=replace(play, turned=()),
            phase="fin",
            box=(*state.box, *play.turned),
            claim=None,
            events=(*state.events, line),
        )

    # --- whose turn, which actions --------------------------------------------------------

    def owing(self, state: ThemesState) -> frozenset[Seat]:
        return frozenset(s for s in range(state.players) if self.owes(state, s))

    def searching(self, state: ThemesState) -> frozenset[Seat]:
        return frozenset(s for s in range(state.players) if not self.out[s])

    def owes(self, state: ThemesState, seat: Seat) -> bool:
        """D26: ``seat`` has a card to give back and a won card to give (its choice)."""
        return (
            state.phase != "fin"
            and self.debts[seat] > 0
            and bool(state.won_letters[seat] or state.won_themes[seat])
        )

    def won_cards(self, state: ThemesState, seat: Seat) -> tuple[str, ...]:
        """The ids of the cards ``seat`` has won: letters, then theme cards."""
        return state.won_letters[seat] + tuple(face[0] for face in state.won_themes[seat])

    def cheapest_card(self, state: ThemesState, seat: Seat) -> str:
        """The card given back when the choice is left to the rules (the giver's time ran out,
        the game ended): the one worth the least, the most recent among equals."""
        choice = cheapest_won(state.catalog, state.won_letters[seat], state.won_themes[seat])
        assert choice is not None
        kind, index = choice
        if kind == "lettre":
            return state.won_letters[seat][index]
        return state.won_themes[seat][index][0]

    def owed_actions(self, state: ThemesState, seat: Seat) -> list[Action]:
        """After a refused word, the won cards ``seat`` may give back."""
        if not self.owes(state, seat):
            return []
        return [GiveBack(card) for card in self.won_cards(state, seat)]

    def play_actions(self, state: ThemesState, seat: Seat) -> list[Action]:
        return [] if self.out[seat] else [GiveUp()]

    def play_sample(self, state: ThemesState, seat: Seat, draws: Draws) -> Action:
        """Usually a word it can make, sometimes a word of another theme (for the judge), else
        « rien »."""
        roll = draws.random()
        word = random_word(
            draws, roll, lambda other: state.word_choices(seat, other_themes=other), 0.08, 0.85
        )
        return GiveUp() if word is None else word

    def word_choices(
        self, state: ThemesState, seat: Seat | None = None, *, other_themes: bool = False
    ) -> list[Word]:
        """Vocabulary words that the turned cards and a column allow now, with their cards."""
        words = vocabulary_choices(
            state.catalog,
            visible_themes(state.catalog, state.piles),
            self.turned,
            state.columns,
            other_themes=other_themes,
        )
        return [w for w in words if self.word_problem(state, seat, w) is None]

    def act(self, state: ThemesState, seat: Seat, action: Action) -> ThemesState:
        if isinstance(action, GiveUp):
            return self._give_up(state, seat)
        if isinstance(action, GiveBack):
            return self._give_back(state, seat, action.card)
        raise AssertionError(action)

    # --- checks ----------------------------------------------------------------------------

    def debt_checked(self, state: ThemesState, seat: Seat, action: Action) -> bool:
        if isinstance(action, GiveBack):
            if not self.owes(state, seat):
                raise IllegalAction("Vous n'avez aucune carte à rendre.")
            if action.card not in self.won_cards(state, seat):
                raise IllegalAction("Rendez une des cartes que vous avez gagnées.")
            return True
        if self.owes(state, seat) and seat not in pending_judges(state.claim) and self.out[seat]:
            raise IllegalAction(
                "Votre mot a été refusé : choisissez la carte gagnée que vous rendez."
            )
        return False

    def check_play(self, state: ThemesState, seat: Seat, action: Action) -> None:
        if self.out[seat]:
            raise IllegalAction("Vous êtes hors de cette manche : attendez la suivante.")
        if not isinstance(action, (Word, GiveUp)):
            raise IllegalAction(
                "Variante Simultanée : on joue sans sablier et sans main ; proposez un mot ou "
                "dites « rien »."
            )

    def word_problem(self, state: ThemesState, seat: Seat | None, action: Word) -> str | None:
        """Why ``action`` cannot be said now (French), or None, whoever of the seats to move
        says it."""
        if action.packet is not None:
            return ONLY_TEAMS
        if action.fifth:
            return ONLY_EXPERT
        if not state.piles[action.column]:
            return EXHAUSTED
        return word_problem(
            state.catalog,
            action,
            self.claim_themes(state, action),
            self.turned,
            "des deux cartes retournées",
            visible_letters(state.columns, action.column),
            state.config.judging,
        )

    # --- timers, scores, secrets ------------------------------------------------------------

    def own_timers(self, state: ThemesState) -> list[RuleTimer[Action]]:
        """No hourglass (« on joue sans sablier »): the time of a refused player to choose the
        card given back (then the cheapest goes)."""
        return [
            RuleTimer(
                seat,
                state.config.judge_time,
                f"rendre-{seat}-{len(self.won_cards(state, seat))}-{self.debts[seat]}-"
                f"{state.judged}",
                GiveBack(self.cheapest_card(state, seat)),
                label="Carte à rendre",
            )
            for seat in range(state.players)
            if self.owes(state, seat)
        ]

    def score(self, state: ThemesState, seat: Seat) -> int:
        """As in the classic game: 1 point a theme card and a letter, 2 a constraint letter."""
        won = letter_points(state.catalog, state.won_letters[seat])
        return won + len(state.won_themes[seat])

    def theme_count(self, state: ThemesState, seat: Seat) -> int:
        return len(state.won_themes[seat])

    def hides_between_seats(self, state: ThemesState) -> bool:
        return False  # nobody holds a card: what is hidden is hidden from everyone

    def held_letters(self) -> list[str]:
        return [*self.turned]

    def set_aside_themes(self) -> list[Face]:
        return [*self.given_back]

    def own_violations(self, state: ThemesState) -> list[str]:
        problems: list[str] = []
        playing = state.phase != "fin"
        if len(self.turned) > TURNED or (playing and len(self.turned) != TURNED):
            problems.append("il n'y a pas deux cartes retournées")
        for seat, debt in enumerate(self.debts):
            won = state.won_letters[seat] or state.won_themes[seat]
            if debt < 0 or (debt and won and not playing):
                problems.append(f"la dette de la place {seat + 1} est fausse")
        return problems

    # --- the rules ---------------------------------------------------------------------------

    def judgement_turn(self) -> int:
        return self.round

    def claim_lines(self, seat: Seat, action: Word, themes: tuple[str, ...]) -> tuple[str, ...]:
        return (
            f"Mot de {seat_ref(seat)} : « {action.word} » pour {themes[0]}.",
            "Au juge de décider.",
        )

    def refused(self, state: ThemesState, seat: Seat, logged: Judgement) -> ThemesState:
        """« le joueur doit défausser une carte qu'il avait gagné précédemment (s'il n'en
        possède pas encore, il devra en défausser une la prochaine fois qu'il en gagnera
        une) »; he is out of this round."""
        play = replace(self, debts=add_at(self.debts, seat, 1))
        state = replace(state, play=play)
        line = logged.refusal_line(
            f"une carte gagnée à rendre pour {seat_ref(seat)}."
            if play.owes(state, seat)
            else f"une carte à rendre pour {seat_ref(seat)}, au prochain gain."
        )
        out = tuple(True if s == seat else o for s, o in enumerate(self.out))
        play = replace(play, out=out)
        state = replace(state, play=play, events=(*state.events, line))
        if all(out):
            return play._no_winner(state)
        return state

    def _give_back(self, state: ThemesState, seat: Seat, card: str) -> ThemesState:
        """« le joueur doit défausser une carte qu'il avait gagné précédemment »: ``card``, the
        won card the player chose (D26)."""
        play = self
        if card in state.won_letters[seat]:
            index = state.won_letters[seat].index(card)
            kept = state.won_letters[seat][:index] + state.won_letters[seat][index + 1 :]
            state = replace(
                state, won_letters=set_at(state.won_letters, seat, kept), box=(*state.box, card)
            )
            what = f"la lettre {state.catalog.letters[card].letter}"
        else:
            index = [face[0] for face in state.won_themes[seat]].index(card)
            face = state.won_themes[seat][index]
            kept_themes = state.won_themes[seat][:index] + state.won_themes[seat][index + 1 :]
            state = replace(state, won_themes=set_at(state.won_themes, seat, kept_themes))
            play = replace(play, given_back=(*play.given_back, face))
            what = f"le thème {state.catalog.theme(face)}"
        line = f"Carte rendue par {seat_ref(seat)} : {what}."
        play = replace(play, debts=add_at(play.debts, seat, -1))
        return replace(state, play=play, events=(*state.events, line))

    def _give_up(self, state: ThemesState, seat: Seat) -> ThemesState:
        out = tuple(True if s == seat else o for s, o in enumerate(self.out))
        line = f"Rien trouvé par {seat_ref(seat)} : hors de la manche."
        play = replace(self, out=out)
        state = replace(state, play=play, events=(*state.events, line))
        if all(out):
            return play._no_winner(state)
        return state

    def _no_winner(self, state: ThemesState) -> ThemesState:
        """Nobody found a word: the two turned cards are discarded, the themes turned over, and
        the next player on the left turns two new cards."""
        line = "Personne n'a trouvé de mot : les deux cartes retournées sont défaussées."
        play = replace(self, turned=(), last_round=(self.round, None, ""))
        state = replace(
            state,
            play=play,
            box=(*state.box, *self.turned),
            piles=flip_tops(state.piles),
            events=(*state.events, line, "Les thèmes sont retournés."),
        )
        return play.start_round(state, (self.turner + 1) % state.players)

    def award(self, state: ThemesState, seat: Seat, action: Word, shown: str) -> ThemesState:
        """« il récupère les cartes Lettres ainsi que la carte Thème utilisées et défausse, si
        elle n'a pas été utilisée, la carte piochée restante »; then the themes are turned over
        and he turns the next two cards."""
        taken = set(action.cards)
        columns = take_from_column(state.columns, action.column, taken)
        unused = tuple(c for c in self.turned if c not in taken)
        theme = state.piles[action.column][0]
        piles = tuple(p[1:] if i == action.column else p for i, p in enumerate(state.piles))
        won_letters = set_at(state.won_letters, seat, (*state.won_letters[seat], *action.cards))
        won_themes = set_at(state.won_themes, seat, (*state.won_themes[seat], theme))
        line = (
            f"« {shown} » pour {state.catalog.theme(theme)} : {len(action.cards)} lettres et le "
            f"thème pour {seat_ref(seat)}."
        )
        play = replace(self, turned=(), last_round=(self.round, seat, shown))
        events = (*state.events, line)
        if self.debts[seat]:
            events = (*events, f"Dette de {seat_ref(seat)} : une carte gagnée à rendre.")
        tidy = tidy_columns(piles, columns, state.draw, (*state.box, *unused))
        columns, draw, box, lines = tidy
        state = replace(
            state,
            play=play,
            phase="recherche",
            columns=columns,
            piles=flip_tops(piles),
            draw=draw,
            box=box,
            won_letters=won_letters,
            won_themes=won_themes,
            events=(*events, *lines, "Les thèmes sont retournés."),
        )
        return play.start_round(state, seat)
