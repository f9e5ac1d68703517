"""Thèmes, Variante par Équipe: each team plays one hourglass in turn with three packets.

« Au début de chaque manche, l'équipe active va recevoir 3 paquets de cartes Lettre composés de
1, 2 et 3 cartes […] L'équipe active dispose du temps d'un sablier pour trouver 3 mots sur 3
thèmes différents en utilisant les mêmes règles que la version classique. » Seats alternate
teams around the table: the team of seat ``s`` is ``s % teams``. Every member of the active
team may say a word (« il est tout à fait autorisé et même conseillé de s'aider au sein d'une
équipe »); the packets are seen by the team only. Decisions: ``docs/rules/themes.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ludotheque.core.errors import IllegalAction
from ludotheque.core.protocol import Outcome, RuleTimer, Seat
from ludotheque.core.rng import Draws

from .actions import Action, EndTurn, Timeout, Word
from .state import Play, ThemesState
from .table import (
    Face,
    exhausted,
    letter_points,
    seat_ref,
    set_at,
    take_from_column,
    tidy_columns,
    visible_letters,
    visible_themes,
)
from .verdicts import (
    Claim,
)
from .words import (
    EXHAUSTED,
    ONLY_EXPERT,
    random_word,
    vocabulary_choices,
    word_problem,
)

__all__ = [
    "PACKET_SIZES",
    "TeamPlay",
    "default_teams",
    "team_play",
    "team_problem",
]

PACKET_SIZES = (1, 2, 3)
"""« 3 paquets de cartes Lettre composés de 1, 2 et 3 cartes »."""
WORDS = len(PACKET_SIZES)
"""« trouver 3 mots sur 3 thèmes différents »."""
MAX_TEAM = 3
MIN_TEAM = 2
MAX_TEAMS = 4


def default_teams(players: int) -> int:
    """The fewest teams of at most three (« ne pas jouer à plus de 3 joueurs par équipe »),
    at least two.

    >>> [default_teams(n) for n in range(4, 13)]
    [2, 2, 2, 3, 3, 3, 4, 4, 4]
    """
    return max(2, -(-players // MAX_TEAM))


def team_problem(players: int, teams: int) -> str | None:
    """Why ``players`` cannot form ``teams`` teams of two or three (French), or None.

    >>> team_problem(6, 3) is None, team_problem(7, 2)
    (True, 'À 7 joueurs, 2 équipes feraient des équipes de plus de 3 joueurs (3 équipes).')
    """
    if not 2 <= teams <= MAX_TEAMS:
        return f"Il faut de 2 à {MAX_TEAMS} équipes (pas {teams})."
    possible = [t for t in range(2, MAX_TEAMS + 1) if MIN_TEAM * t <= players <= MAX_TEAM * t]
    choices = " ou ".join(str(t) for t in possible)
    if players > MAX_TEAM * teams:
        return (
            f"À {players} joueurs, {teams} équipes feraient des équipes de plus de "
            f"{MAX_TEAM} joueurs ({choices} équipes)."
        )
    if players < MIN_TEAM * teams:
        return (
            f"À {players} joueurs, {teams} équipes feraient des équipes d'un seul joueur "
            f"({choices} équipes)."
        )
    return None


def team_play(state: ThemesState) -> TeamPlay:
    """``state``'s play, an Équipe one."""
    assert isinstance(state.play, TeamPlay), state.play
    return state.play


@dataclass(frozen=True, slots=True)
class TeamPlay(Play):
    """Équipe: won cards are counted per team (``won_letters`` and ``won_themes`` of the state
    by team)."""

    active: int  # the team playing its hourglass
    round: int  # rounds started so far (the current one included)
    packets: tuple[tuple[str, ...], ...]  # the 3 packets of this round (what is left of them)
    used: tuple[bool, ...]  # packets already used for a word this round
    round_themes: tuple[Face, ...]  # theme cards won this round (kept only with 3 words)
    discarded_themes: tuple[Face, ...]  # themes won in a round without 3 words (seen by all)
    timed_out: bool
    claim_packet: int

    # --- roles -----------------------------------------------------------------------------

    def rotation(self, state: ThemesState, team: int) -> tuple[Seat, ...]:
        """The members of ``team`` in this round's order: the roles turn with each round the
        team plays (its k-th round starts from its k-th member)."""
        members = state.config.members(team)
        turn = max(0, self.round - 1) // state.config.teams
        shift = turn % len(members)
        return members[shift:] + members[:shift]

    def holders(self, state: ThemesState) -> tuple[Seat, ...]:
        """Who holds each packet: « À 2 joueurs par équipe, un membre prend le paquet de 1 et 2
        cartes, l'autre le paquet de 3. À 3 joueurs par équipe, chaque membre reçoit un
        paquet. »"""
        order = self.rotation(state, self.active)
        if len(order) == 2:
            return (order[0], order[0], order[1])
        return order[:3]

    def captain(self, state: ThemesState) -> Seat:
        """The seat whose hourglass runs (the holder of the packet of one card)."""
        return self.holders(state)[0]

    def judges(self, state: ThemesState) -> tuple[Seat, ...]:
        """``juge``: a member of the team that played before (turning with its rounds);
        ``vote``: every seat of the other teams."""
        config = state.config
        if config.judging == "vote":
            return tuple(s for s in range(state.players) if config.team_of(s) != self.active)
        previous = (self.active - 1) % config.teams
        return (self.rotation(state, previous)[0],)

    # --- rounds ------------------------------------------------------------------------------

    def start_round(self, state: ThemesState, team: int) -> ThemesState:
        """The packets of 1, 2 and 3 cards for ``team``, and its hourglass is turned."""
        if exhausted(state.piles):
            return _finish(state, "Trois piles de thèmes sont épuisées : la partie est finie.")
        need = sum(PACKET_SIZES)
        if len(state.draw) < need:
            line = "La pioche ne permet plus de former les trois paquets : la partie est finie."
            return _finish(state, line)
        packets: list[tuple[str, ...]] = []
        draw = state.draw
        for size in PACKET_SIZES:
            packets.append(draw[:size])
            draw = draw[size:]
        play = replace(
            self,
            active=team,
            round=self.round + 1,
            packets=tuple(packets),
            used=(False,) * len(PACKET_SIZES),
            round_themes=(),
            timed_out=False,
        )
        members = ", ".join(seat_ref(s) for s in state.config.members(team))
        line = f"Manche {play.round} : l'équipe {team + 1} ({members}) reçoit ses paquets."
        return replace(
            state, play=play, phase="jeu", draw=draw, claim=None, events=(*state.events, line)
        )

    def _end_round(self, state: ThemesState, why: str) -> ThemesState:
        """« Si l'équipe trouve ses 3 mots, elle conserve toutes les cartes Lettre et Thème
        remportées. Si l'équipe ne trouve pas ses 3 mots, elle conserve les cartes Lettre
        remportées mais doit défausser toutes les cartes Thème remportées. Les cartes non
        utilisées sont également défaussées. »"""
        team = self.active
        words = sum(self.used)
        leftovers = tuple(c for packet in self.packets for c in packet)
        if words == WORDS:
            won = state.won_themes
            won_themes = set_at(won, team, (*won[team], *self.round_themes))
            discarded = self.discarded_themes
            verdict = f"l'équipe {team + 1} a ses {WORDS} mots et garde ses thèmes."
        else:
            won_themes = state.won_themes
            discarded = (*self.discarded_themes, *self.round_themes)
            verdict = f"l'équipe {team + 1} n'a que {words} mot(s) sur {WORDS}" + (
                " : ses thèmes sont défaussés." if self.round_themes else "."
            )
        play = replace(
            self,
            packets=((),) * len(PACKET_SIZES),
            used=(False,) * len(PACKET_SIZES),
            round_themes=(),
            discarded_themes=discarded,
            timed_out=False,
        )
        state = replace(
            state,
            play=play,
            phase="jeu",
            won_themes=won_themes,
            box=(*state.box, *leftovers),
            claim=None,
            events=(*state.events, f"{why} : {verdict}"),
        )
        return play.start_round(state, (team + 1) % state.config.teams)

    # --- whose turn, which actions --------------------------------------------------------

    def searching(self, state: ThemesState) -> frozenset[Seat]:
        return frozenset(state.config.members(self.active))

    def play_actions(self, state: ThemesState, seat: Seat) -> list[Action]:
        return [EndTurn(), Timeout()]

    def play_sample(self, state: ThemesState, seat: Seat, draws: Draws) -> Action:
        """A random team: usually a word its packets allow, sometimes one of another theme
        (for the judge), else the end of its round."""
        roll = draws.random()
        word = random_word(
            draws, roll, lambda other: state.word_choices(seat, other_themes=other), 0.08, 0.9
        )
        if word is not None:
            return word
        return EndTurn() if roll < 0.95 else Timeout()

    def word_choices(
        self, state: ThemesState, seat: Seat | None = None, *, other_themes: bool = False
    ) -> list[Word]:
        """Vocabulary words that an unused packet and a column allow now."""
        themes = visible_themes(state.catalog, state.piles)
        words: list[Word] = []
        for packet, cards in enumerate(self.packets):
            if self.used[packet] or not cards:
                continue
            words += vocabulary_choices(
                state.catalog,
                themes,
                cards,
                state.columns,
                other_themes=other_themes,
                packet=packet,
            )
        return [w for w in words if self.word_problem(state, seat, w) is None]

    def act(self, state: ThemesState, seat: Seat, action: Action) -> ThemesState:
        if isinstance(action, Timeout) and state.phase == "jugement":
            line = "Le sablier est écoulé : la manche finit une fois le mot jugé."
            return replace(state, play=replace(self, timed_out=True), events=(*state.events, line))
        if isinstance(action, (Timeout, EndTurn)):
            why = "Temps écoulé" if isinstance(action, Timeout) else "Fin de la manche"
            return self._end_round(state, why)
        raise AssertionError(action)

    # --- checks ----------------------------------------------------------------------------

    def hourglass_runs_on(self, state: ThemesState, seat: Seat) -> bool:
        return seat == self.captain(state) and not self.timed_out  # as D9

    def check_play(self, state: ThemesState, seat: Seat, action: Action) -> None:
        if not isinstance(action, (Word, EndTurn, Timeout)):
            raise IllegalAction(
                "Variante par équipe : proposez un mot avec un paquet, ou terminez la manche."
            )

    def word_problem(self, state: ThemesState, seat: Seat | None, action: Word) -> str | None:
        """Why ``action`` cannot be said now (French), or None, whoever of the seats to move
        says it."""
        if action.packet is None:
            return "Indiquez le paquet (0, 1 ou 2 : de 1, 2 ou 3 cartes) dont viennent les lettres."
        if action.fifth:
            return ONLY_EXPERT
        size = PACKET_SIZES[action.packet]
        if self.used[action.packet]:
            return f"Le paquet de {size} carte{'s' if size > 1 else ''} a déjà servi."
        if not state.piles[action.column]:
            return EXHAUSTED
        catalog = state.catalog
        theme = catalog.theme(state.piles[action.column][0])
        if theme in {catalog.theme(f) for f in self.round_themes}:
            return f"Le thème {theme} a déjà servi : il faut 3 thèmes différents."
        return word_problem(
            catalog,
            action,
            (theme,),
            self.packets[action.packet],
            f"du paquet de {size} carte{'s' if size > 1 else ''}",
            visible_letters(state.columns, action.column),
            state.config.judging,
        )

    # --- timers, scores, secrets ------------------------------------------------------------

    def own_timers(self, state: ThemesState) -> list[RuleTimer[Action]]:
        """The active team's hourglass, held for the rules by its captain (run out while a word
        is judged: over)."""
        if state.phase == "jugement" and self.timed_out:
            return []
        key = f"manche-{self.round}"
        return [RuleTimer(self.captain(state), state.config.hourglass, key, Timeout())]

    def team_score(self, state: ThemesState, team: int) -> int:
        won = letter_points(state.catalog, state.won_letters[team])
        return won + len(state.won_themes[team])

    def score(self, state: ThemesState, seat: Seat) -> int:
        """A seat's score is its team's."""
        return self.team_score(state, state.config.team_of(seat))

    def theme_count(self, state: ThemesState, seat: Seat) -> int:
        return len(state.won_themes[state.config.team_of(seat)])

    def outcome(self, state: ThemesState) -> Outcome:
        """Teams are ranked like players of the classic game (points, then fewer themes); every
        seat gets its team's score and rank."""
        config = state.config
        teams = range(config.teams)
        keys = [(self.team_score(state, t), -len(state.won_themes[t])) for t in teams]
        team_ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
        seats = range(state.players)
        return Outcome(
            ranks=tuple(team_ranks[config.team_of(s)] for s in seats),
            scores=tuple(float(self.score(state, s)) for s in seats),
        )

    def sees_packets(self, state: ThemesState, seat: Seat | None) -> bool:
        """The packets are seen by the active team only (« faces cachées » for the others)."""
        return seat is not None and state.config.team_of(seat) == self.active

    def hides_between_seats(self, state: ThemesState) -> bool:
        return any(self.packets)

    def hidden_letters(self, state: ThemesState, observer: Seat) -> tuple[tuple[str, ...], ...]:
        """For a seat of another team, the active team's packets."""
        return () if self.sees_packets(state, observer) else self.packets

    def resampled(
        self,
        state: ThemesState,
        observer: Seat,
        letters: tuple[tuple[str, ...], ...],
        fifth: tuple[Face, ...],
    ) -> TeamPlay:
        return self if self.sees_packets(state, observer) else replace(self, packets=letters)

    def held_letters(self) -> list[str]:
        return [c for packet in self.packets for c in packet]

    def set_aside_themes(self) -> list[Face]:
        return [*self.discarded_themes, *self.round_themes]

    def own_violations(self, state: ThemesState) -> list[str]:
        problems: list[str] = []
        if any(len(p) > size for p, size in zip(self.packets, PACKET_SIZES, strict=True)):
            problems.append("un paquet a trop de cartes")
        if len(self.round_themes) != sum(self.used):
            problems.append("les thèmes de la manche ne correspondent pas aux mots trouvés")
        return problems

    # --- the rules ---------------------------------------------------------------------------

    def judges_of(self, state: ThemesState, seat: Seat) -> tuple[Seat, ...]:
        return self.judges(state)

    def judgement_turn(self) -> int:
        return self.round

    def claimed(self, action: Word) -> TeamPlay:
        assert action.packet is not None
        return replace(self, claim_packet=action.packet)

    def claimed_word(self, claim: Claim) -> Word:
        return Word(claim.column, claim.word, claim.cards, packet=self.claim_packet)

    def after_verdict(self, decided: ThemesState) -> ThemesState:
        """As D9: the round the hourglass ended while the judges decided ends now."""
        play = team_play(decided)
        if decided.phase == "fin" or play.round != self.round or not self.timed_out:
            return decided
        return play._end_round(decided, "Temps écoulé")

    def award(self, state: ThemesState, seat: Seat, action: Word, shown: str) -> ThemesState:
        """The team keeps the letters used; the theme card waits for the end of the round
        (``seat``: whoever of the team said the word)."""
        assert action.packet is not None
        team = self.active
        taken = set(action.cards)
        columns = take_from_column(state.columns, action.column, taken)
        packets = set_at(
            self.packets,
            action.packet,
            tuple(c for c in self.packets[action.packet] if c not in taken),
        )
        theme = state.piles[action.column][0]
        piles = tuple(p[1:] if i == action.column else p for i, p in enumerate(state.piles))
        won = state.won_letters
        won_letters = set_at(won, team, (*won[team], *action.cards))
        line = (
            f"« {shown} » pour {state.catalog.theme(theme)} : l'équipe {team + 1} prend "
            f"{len(action.cards)} lettres et le thème."
        )
        columns, draw, box, lines = tidy_columns(piles, columns, state.draw, state.box)
        play = replace(
            self,
            packets=packets,
            used=set_at(self.used, action.packet, True),
            round_themes=(*self.round_themes, theme),
        )
        state = replace(
            state,
            play=play,
            columns=columns,
            draw=draw,
            box=box,
            piles=piles,
            won_letters=won_letters,
            events=(*state.events, line, *lines),
        )
        if all(play.used):
            return play._end_round(state, f"{WORDS} mots trouvés")
        if exhausted(state.piles):
            return play._end_round(state, "Trois piles de thèmes sont épuisées")
        return state


def _finish(state: ThemesState, line: str) -> ThemesState:
    return replace(state, phase="fin", claim=None, events=(*state.events, line))
