"""The Thèmes game object: description, options, set-up and action encoding."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TypedDict, cast

from ludotheque.core.errors import InvalidOptions, MalformedInput
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.notation import NotatedGame, Notation
from ludotheque.core.options import GameInfo, Mode, OptionSpec
from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Draws, Rng

from .actions import (
    Action,
    EndTurn,
    GiveBack,
    GiveUp,
    Redraw,
    Timeout,
    Verdict,
    Word,
    decode_action,
    encode_action,
)
from .cards import (
    COLUMN_LETTERS,
    HAND,
    LetterCard,
    ThemeCard,
    default_letters,
    default_themes,
    letters_needed,
    parse_letters,
    parse_themes,
)
from .claims import spelled
from .classic import ClassicPlay, classic_play
from .judging import JUDGE_SECONDS, REASONS, Judging
from .search import best_cards
from .simultaneous import TURNED, SimultaneousPlay
from .state import ThemesConfig, ThemesState
from .table import HOURGLASS_SECONDS, Catalog, Columns, Face, Hooks, Layout, deal
from .teams import PACKET_SIZES, TeamPlay, default_teams, team_problem
from .verdicts import Judgement
from .views import themes_view

__all__ = ["Themes"]

# The views read the state, never the reverse: the state reaches its view through its hooks.
ThemesState.hooks = Hooks(view=themes_view)


class _Table(TypedDict):
    """The fields of a table just set up, but its config, its phase and its play."""

    catalog: Catalog
    piles: tuple[tuple[Face, ...], ...]
    columns: Columns
    draw: tuple[str, ...]
    won_letters: tuple[tuple[str, ...], ...]
    won_themes: tuple[tuple[Face, ...], ...]
    box: tuple[str, ...]
    theme_box: tuple[Face, ...]
    claim: None
    judged: int
    judgements: tuple[Judgement, ...]
    events: tuple[str, ...]
    rng: Rng


def _new_table(
    letters: tuple[LetterCard, ...],
    themes: tuple[ThemeCard, ...],
    layout: Layout,
    sides: int,
    draws: Draws,
) -> _Table:
    """A table just set up, with nothing won yet by the ``sides`` players or teams."""
    return _Table(
        catalog=Catalog(letters, themes),
        piles=layout.piles,
        columns=layout.columns,
        draw=layout.draw,
        won_letters=((),) * sides,
        won_themes=((),) * sides,
        box=(),
        theme_box=layout.theme_box,
        claim=None,
        judged=0,
        judgements=(),
        events=(),
        rng=draws.freeze(),
    )


class Themes(NotatedGame[ThemesState, Action]):
    """« Thèmes », the themed word party game, registered as ``themes``."""

    notation = Notation(encode_action, decode_action)

    info = GameInfo(
        name="themes",
        title="Thèmes",
        summary="45 secondes pour trouver des mots sur des thèmes avec vos lettres et celles "
        "des colonnes.",
        authors="Règle du jeu de mots à thèmes (cartes reconstituées)",
        modes=(
            Mode("classique", "Partie classique", 2, 6),
            Mode(
                "expert",
                "Variante Expert",
                2,
                6,
                summary="Une cinquième pile de thèmes à associer aux quatre autres (3 PV).",
            ),
            Mode(
                "simultanee",
                "Variante Simultanée",
                2,
                6,
                summary="Sans sablier ni main : deux lettres retournées, le premier qui trouve "
                "un mot gagne la manche.",
            ),
            Mode(
                "equipe",
                "Variante par équipe",
                4,
                12,
                summary="Chaque équipe a un sablier et trois paquets de 1, 2 et 3 lettres pour "
                "trois mots sur trois thèmes.",
            ),
        ),
        options=(
            OptionSpec(
                "jugement",
                "Mots hors vocabulaire",
                "choice",
                "vocabulaire",
                choices=("juge", "vote", "vocabulaire"),
                description="Un mot du vocabulaire du thème est accepté d'office. Pour les "
                "autres : un joueur juge (son silence vaut oui), ou les autres joueurs votent "
                "(refusé si plus de la moitié refuse), ou le mot est refusé d'office (table "
                "sans juge, le choix quand une seule personne joue avec des robots).",
                choice_labels=(
                    ("juge", "Un juge décide"),
                    ("vote", "Les autres joueurs votent"),
                    ("vocabulaire", "Refusés : seul le vocabulaire compte"),
                ),
                # D17: no person to judge (one person with robots): the vocabulary decides.
                with_people=((2, "juge"),),
            ),
            OptionSpec(
                "secondes",
                "Durée du sablier (secondes)",
                "int",
                HOURGLASS_SECONDS,
                minimum=15,
                maximum=300,
                modes=("classique", "expert", "equipe"),
                description="Le temps du joueur actif pour annoncer ses mots ; le livret "
                "dit 45 secondes.",
            ),
            OptionSpec(
                "fin_sans_mot",
                "Finir la partie après trois tours de table sans un mot (tables de robots)",
                "bool",
                True,
                modes=("classique", "expert"),
                description="Le livret finit la partie quand trois piles de thèmes sont "
                "épuisées ; des robots qui ne trouvent plus rien ne l'atteindraient jamais. "
                "Désactivé dès qu'une personne est à la table.",
                # People may let their turns pass on purpose; the rulebook's end is theirs.
                with_people=((1, False),),
            ),
            OptionSpec(
                "equipes",
                "Nombre d'équipes (0 : selon le nombre de joueurs, 3 par équipe au plus)",
                "int",
                0,
                minimum=0,
                maximum=4,
                modes=("equipe",),
                description="Des équipes de 2 ou 3 joueurs, assis en alternance autour de la "
                "table (le salon montre qui joue avec qui).",
            ),
            OptionSpec(
                "delai_juge",
                "Délai du juge (secondes ; silence vaut oui)",
                "int",
                JUDGE_SECONDS,
                minimum=5,
                maximum=120,
                description="Le temps laissé au juge (ou aux votants) pour refuser un mot hors "
                "vocabulaire ; sans réponse, le mot est accepté (« qui ne dit mot consent »).",
            ),
            OptionSpec(
                "lettres",
                "Fichier de cartes « Lettre » (texte)",
                "text",
                None,
                description="Pour jouer avec vos propres cartes « Lettre » : un fichier texte "
                "qui remplace celles du jeu.",
            ),
            OptionSpec(
                "themes",
                "Fichier de cartes « Thème » (texte)",
                "text",
                None,
                description="Pour jouer avec vos propres cartes « Thème » : un fichier texte "
                "qui remplace celles du jeu.",
            ),
        ),
        hidden_information=True,
        simultaneous=True,
        chance=True,
    )

    def slow_play(self, players: int, options: Mapping[str, JsonValue]) -> str | None:
        """Thèmes is played in real time: the active player's hourglass, the judges' windows,
        Simultanée's race to a word — none of them can wait a day."""
        return (
            "Thèmes se joue en temps réel (sablier, juges, course aux mots) : il n'a pas de "
            "partie lente."
        )

    def teams(self, players: int, options: Mapping[str, JsonValue]) -> tuple[int, ...] | None:
        """Variante par équipe: teams sit in turn around the table (``ThemesConfig.team_of``).

        >>> Themes().teams(6, {"mode": "equipe", "equipes": 3})
        (0, 1, 2, 0, 1, 2)
        >>> Themes().teams(5, {"mode": "equipe", "equipes": 0})
        (0, 1, 0, 1, 0)
        """
        if options.get("mode") != "equipe":
            return None
        count = int(str(options.get("equipes", 0))) or default_teams(players)
        problem = team_problem(players, count)
        if problem is not None:
            raise InvalidOptions(problem, option="equipes")
        return tuple(seat % count for seat in range(players))

    def setup(self, players: int, options: JsonObject, rng: Rng) -> ThemesState:
        mode = str(options["mode"])
        teams = 0
        if mode == "equipe":
            teams = int(str(options.get("equipes", 0))) or default_teams(players)
            problem = team_problem(players, teams)
            if problem is not None:
                raise InvalidOptions(problem, option="equipes")
        letters, themes = self._cards(players, mode, options)
        if mode == "simultanee":
            return self._setup_simultaneous(players, options, rng, letters, themes)
        if mode == "equipe":
            return self._setup_teams(players, teams, options, rng, letters, themes)
        return self._setup_classic(players, options, rng, letters, themes)

    @staticmethod
    def letters_needed(players: int, mode: str) -> int:
        """Letter cards a game needs at set-up: the columns, and the hands, the two turned
        cards (Simultanée) or the first three packets (Équipe)."""
        if mode == "simultanee":
            return COLUMN_LETTERS + TURNED
        if mode == "equipe":
            return COLUMN_LETTERS + sum(PACKET_SIZES)
        return letters_needed(players)

    def _cards(
        self, players: int, mode: str, options: JsonObject
    ) -> tuple[tuple[LetterCard, ...], tuple[ThemeCard, ...]]:
        needed = self.letters_needed(players, mode)
        letters_text, themes_text = options.get("lettres"), options.get("themes")
        try:
            letters = (
                parse_letters(letters_text, source="lettres", minimum=needed)
                if isinstance(letters_text, str)
                else default_letters()
            )
            themes = (
                parse_themes(themes_text, source="themes")
                if isinstance(themes_text, str)
                else default_themes()
            )
        except MalformedInput as error:
            option = "lettres" if isinstance(letters_text, str) else "themes"
            raise InvalidOptions(error.message, option=option) from None
        if len(letters) < needed:
            raise InvalidOptions(
                f"Il faut au moins {needed} cartes « Lettre » à {players} "
                f"joueurs (il y en a {len(letters)}).",
                option="lettres",
            )
        return letters, themes

    def _setup_simultaneous(
        self,
        players: int,
        options: JsonObject,
        rng: Rng,
        letters: tuple[LetterCard, ...],
        themes: tuple[ThemeCard, ...],
    ) -> ThemesState:
        draws = rng.draws()
        starter = draws.below(players)  # D2: by lot
        layout = deal(letters, themes, draws)
        config = ThemesConfig(
            players=players,
            mode="simultanee",
            judging=cast(Judging, options["jugement"]),
            starter=starter,
            judge_time=int(str(options["delai_juge"])),
        )
        play = SimultaneousPlay(
            turned=(),
            turner=starter,
            out=(False,) * players,
            debts=(0,) * players,
            given_back=(),
            round=0,
        )
        state = ThemesState(
            config=config,
            play=play,
            phase="recherche",
            **_new_table(letters, themes, layout, players, draws),
        )
        return play.start_round(state, starter)

    def _setup_teams(
        self,
        players: int,
        teams: int,
        options: JsonObject,
        rng: Rng,
        letters: tuple[LetterCard, ...],
        themes: tuple[ThemeCard, ...],
    ) -> ThemesState:
        draws = rng.draws()
        starter = draws.below(teams)  # by lot, as D2
        layout = deal(letters, themes, draws)
        config = ThemesConfig(
            players=players,
            mode="equipe",
            judging=cast(Judging, options["jugement"]),
            starter=starter,
            hourglass=int(str(options["secondes"])),
            judge_time=int(str(options["delai_juge"])),
            teams=teams,
        )
        play = TeamPlay(
            active=starter,
            round=0,
            packets=((),) * len(PACKET_SIZES),
            used=(False,) * len(PACKET_SIZES),
            round_themes=(),
            discarded_themes=(),
            timed_out=False,
            claim_packet=0,
        )
        state = ThemesState(
            config=config,
            play=play,
            phase="jeu",
            **_new_table(letters, themes, layout, teams, draws),
        )
        return play.start_round(state, starter)

    def _setup_classic(
        self,
        players: int,
        options: JsonObject,
        rng: Rng,
        letters: tuple[LetterCard, ...],
        themes: tuple[ThemeCard, ...],
    ) -> ThemesState:
        mode = str(options["mode"])
        draws = rng.draws()
        starter = draws.below(players)  # D2: by lot
        # D3: each card lies with a side up drawn at random (a double-sided card in a pile).
        layout = deal(letters, themes, draws)
        rest = layout.theme_box
        fifth = rest if mode == "expert" else ()
        theme_box = () if mode == "expert" else rest
        pool = layout.draw
        hands = []
        for _ in range(players):
            hand, pool = tuple(pool[:HAND]), pool[HAND:]
            hands.append(hand)
        config = ThemesConfig(
            players=players,
            mode=mode,
            judging=cast(Judging, options["jugement"]),
            starter=starter,
            hourglass=int(str(options["secondes"])),
            judge_time=int(str(options["delai_juge"])),
            # Records made before the option: the safeguard was always on.
            dry_end=bool(options.get("fin_sans_mot", True)),
        )
        play = ClassicPlay(
            fifth=fifth,
            hands=tuple(hands),
            bonus=((),) * players,
            active=starter,
            turn=0,
            redrawn=False,
            timed_out=False,
            words_in_turn=0,
            dry=0,
        )
        # The hands come off the draw pile; Expert's fifth pile is the unused theme cards.
        layout = replace(layout, draw=pool, theme_box=theme_box)
        return ThemesState(
            config=config,
            play=play,
            phase="jeu",
            **_new_table(letters, themes, layout, players, draws),
        )

    def complete_action(self, state: ThemesState, seat: Seat, data: JsonValue) -> JsonValue:
        """A word sent without ``cartes`` gets the cards worth the most (D4); in Équipe, a word
        sent without ``paquet`` too gets the unused packet that gives the most (or, with its
        cards named, the packet those cards come from)."""
        if not isinstance(data, dict) or data.get("type") != "mot":
            return data
        if "cartes" in data:
            named = data.get("cartes")
            play = state.play
            if isinstance(play, TeamPlay) and "paquet" not in data and isinstance(named, list):
                ids = {card for card in named if isinstance(card, str)}
                holding = [p for p, packet in enumerate(play.packets) if ids & set(packet)]
                if len(holding) == 1:
                    return {**data, "paquet": holding[0]}
            return data
        column, word = data.get("colonne"), data.get("mot")
        if not isinstance(column, int) or isinstance(column, bool) or not isinstance(word, str):
            return data
        if not 0 <= column < len(state.piles) or seat >= state.players:
            return data

        key, usable = spelled(word)
        theme = state.catalog.theme(state.piles[column][0]) if state.piles[column] else ""
        visible = state.visible_letters(column)
        letters = state.catalog.letters
        play = state.play
        if isinstance(play, TeamPlay):
            packet = data.get("paquet")
            candidates = [
                p
                for p in range(len(PACKET_SIZES))
                if not play.used[p] and (packet is None or packet == p)
            ]
            options = [
                (found[1], len(found[0]), p, found[0])
                for p in candidates
                if (found := best_cards(key, play.packets[p], visible, letters, usable)) is not None
            ]
            if not options:
                raise MalformedInput(
                    f"Aucune combinaison des lettres d'un paquet et de celles sous {theme} ne "
                    f"s'écrit dans « {word} » (au moins une de chaque)."
                )
            _points, _count, chosen, cards = max(options)
            return {**data, "paquet": chosen, "cartes": list(cards)}
        simultaneous = isinstance(play, SimultaneousPlay)
        own = play.turned if isinstance(play, SimultaneousPlay) else classic_play(state).hands[seat]
        best = best_cards(key, own, visible, letters, usable)
        if best is None:
            mine = "des cartes retournées" if simultaneous else "de vos"
            raise MalformedInput(
                f"Aucune combinaison {mine} lettres et de celles sous {theme} ne "
                f"s'écrit dans « {word} » (au moins une de chaque)."
            )
        return {**data, "cartes": list(best[0])}

    def describe_action(
        self,
        state: ThemesState,
        seat: Seat,
        action: Action,
        observer: Seat | None,
        name: str,
        names: Sequence[str] = (),
    ) -> str:
        if isinstance(action, Word):
            themes = " + ".join(state.claim_themes(action))
            return f"{name} propose « {action.word} » pour {themes}."
        if isinstance(action, Redraw):
            return f"{name} change ses trois lettres."
        if isinstance(action, EndTurn):
            if isinstance(state.play, TeamPlay):
                return f"{name} termine la manche de son équipe."
            return f"{name} termine son tour."
        if isinstance(action, GiveUp):
            return f"{name} ne trouve rien."
        if isinstance(action, GiveBack):
            letter = state.catalog.letters.get(action.card)
            faces = [f for won in state.won_themes for f in won if f[0] == action.card]
            given = (
                f"la lettre {letter.letter}"
                if letter is not None
                else f"le thème {state.catalog.theme(faces[0])}"
                if faces
                else "une carte"
            )
            return f"{name} rend {given} (mot refusé)."
        if isinstance(action, Verdict):
            if state.claim is None:
                return f"{name} juge."
            if action.silent:
                return (
                    f"{name} n'a rien dit : « {state.claim.word} » est accepté (qui ne dit mot "
                    "consent)."
                )
            if action.accept:
                return f"{name} valide « {state.claim.word} »."
            said = REASONS.get(action.reason or "")
            why = f" : {said}" if said else ""
            return f"{name} refuse « {state.claim.word} »{why}."
        return f"{name} : temps écoulé."

    def illegal_examples(self, state: ThemesState, seat: Seat) -> Iterable[Action]:
        play = state.play
        if isinstance(play, SimultaneousPlay):
            yield from self._illegal_simultaneous(state, play, seat)
            return
        if isinstance(play, TeamPlay):
            yield from self._illegal_teams(state, play, seat)
            return
        assert isinstance(play, ClassicPlay), play
        if state.phase == "jugement":
            yield EndTurn()
            return
        yield Verdict(True)
        yield GiveUp()
        others = [c for s, hand in enumerate(play.hands) if s != seat for c in hand]
        column = next((i for i, pile in enumerate(state.piles) if pile), 0)
        visible = state.visible_letters(column)
        if others and visible:
            yield Word(column, "zz", (others[0], visible[0]))  # another player's card
        if play.hands[seat]:
            yield Word(column, "zz", (play.hands[seat][0],))  # no letter of the column
        if play.redrawn:
            yield Redraw()

    @staticmethod
    def _illegal_simultaneous(
        state: ThemesState, play: SimultaneousPlay, seat: Seat
    ) -> Iterable[Action]:
        if state.phase == "jugement":
            yield GiveUp()
            return
        yield Verdict(True)
        yield Timeout()
        yield Redraw()
        column = next((i for i, pile in enumerate(state.piles) if pile), 0)
        visible = state.visible_letters(column)
        if visible:
            yield Word(column, "zz", visible[:1])  # no turned card
        if play.turned:
            yield Word(column, "zz", play.turned[:1])  # no letter of the column
            if visible:
                yield Word(column, "zz", (play.turned[0], visible[0]), packet=0)

    @staticmethod
    def _illegal_teams(state: ThemesState, play: TeamPlay, seat: Seat) -> Iterable[Action]:
        if state.phase == "jugement":
            yield EndTurn()
            return
        yield Verdict(True)
        yield GiveUp()
        yield Redraw()
        column = next((i for i, pile in enumerate(state.piles) if pile), 0)
        visible = state.visible_letters(column)
        packets = [(p, cards) for p, cards in enumerate(play.packets) if cards]
        if packets and visible:
            packet, cards = packets[0]
            yield Word(column, "zz", (cards[0], visible[0]))  # no packet named
            other = (packet + 1) % len(PACKET_SIZES)
            yield Word(column, "zz", (cards[0], visible[0]), packet=other)  # wrong packet
            yield Word(column, "zz", (cards[0],), packet=packet)  # no letter of the column
