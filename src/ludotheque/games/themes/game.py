"""The Thèmes game object: description, options, set-up and action encoding."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from ludotheque.core.errors import InvalidOptions, MalformedInput
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.options import GameInfo, Mode, OptionSpec
from ludotheque.core.protocol import Game, Seat
from ludotheque.core.rng import Rng

from .actions import Action, EndTurn, Redraw, Verdict, Word, decode_action, encode_action
from .cards import (
    CARDS_PER_PILE,
    HAND,
    PILES,
    default_letters,
    default_themes,
    letters_needed,
    parse_letters,
    parse_themes,
)
from .judging import JUDGE_SECONDS, Judging
from .search import best_cards
from .state import HOURGLASS_SECONDS, PILE_LETTERS, Catalog, Config, Face, ThemesState

__all__ = ["Themes"]


class Themes(Game[ThemesState, Action]):
    """« Thèmes », the themed word party game, registered as ``themes``."""

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
        ),
        options=(
            OptionSpec(
                "jugement",
                "Mots hors vocabulaire : le juge, un vote, ou refusés",
                "choice",
                "juge",
                choices=("juge", "vote", "vocabulaire"),
            ),
            OptionSpec(
                "secondes",
                "Durée du sablier (secondes)",
                "int",
                HOURGLASS_SECONDS,
                minimum=15,
                maximum=300,
            ),
            OptionSpec(
                "delai_juge",
                "Délai du juge (secondes ; silence vaut oui)",
                "int",
                JUDGE_SECONDS,
                minimum=5,
                maximum=120,
            ),
            OptionSpec("lettres", "Fichier de cartes « Lettre » (texte)", "text", None),
            OptionSpec("themes", "Fichier de cartes « Thème » (texte)", "text", None),
        ),
        hidden_information=True,
        simultaneous=True,
        chance=True,
    )

    def setup(self, players: int, options: JsonObject, rng: Rng) -> ThemesState:
        letters_text, themes_text = options.get("lettres"), options.get("themes")
        try:
            letters = (
                parse_letters(letters_text, source="lettres", minimum=letters_needed(players))
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
        if len(letters) < letters_needed(players):
            raise InvalidOptions(
                f"Il faut au moins {letters_needed(players)} cartes « Lettre » à {players} "
                f"joueurs (il y en a {len(letters)}).",
                option="lettres",
            )
        mode = str(options["mode"])
        draws = rng.draws()
        starter = draws.below(players)  # D2: by lot
        deck = draws.shuffled(card.id for card in themes)
        # D3: each card lies with a side up drawn at random (a double-sided card in a pile).
        faces: list[Face] = [(card_id, draws.below(2)) for card_id in deck]
        in_piles = PILES * CARDS_PER_PILE
        piles = tuple(
            tuple(faces[i * CARDS_PER_PILE : (i + 1) * CARDS_PER_PILE]) for i in range(PILES)
        )
        rest = faces[in_piles:]
        fifth = tuple(rest) if mode == "expert" else ()
        theme_box = () if mode == "expert" else tuple(rest)
        pool = draws.shuffled(card.id for card in letters)
        columns = []
        for _ in range(PILES):
            first, pool = tuple(pool[:PILE_LETTERS]), pool[PILE_LETTERS:]
            second, pool = tuple(pool[:PILE_LETTERS]), pool[PILE_LETTERS:]
            columns.append((first, second))
        hands = []
        for _ in range(players):
            hand, pool = tuple(pool[:HAND]), pool[HAND:]
            hands.append(hand)
        config = Config(
            players=players,
            mode=mode,
            judging=cast(Judging, options["jugement"]),
            starter=starter,
            hourglass=int(str(options["secondes"])),
            judge_time=int(str(options["delai_juge"])),
        )
        return ThemesState(
            config=config,
            catalog=Catalog(letters, themes),
            phase="jeu",
            piles=piles,
            fifth=fifth,
            columns=tuple(columns),
            draw=tuple(pool),
            hands=tuple(hands),
            won_letters=((),) * players,
            won_themes=((),) * players,
            bonus=((),) * players,
            box=(),
            theme_box=theme_box,
            active=starter,
            turn=0,
            redrawn=False,
            timed_out=False,
            words_in_turn=0,
            dry=0,
            claim=None,
            judged=0,
            judgements=(),
            events=(),
            rng=draws.freeze(),
        )

    def encode_action(self, action: Action) -> JsonValue:
        return encode_action(action)

    def decode_action(self, data: JsonValue) -> Action:
        return decode_action(data)

    def complete_action(self, state: ThemesState, seat: Seat, data: JsonValue) -> JsonValue:
        """A word sent without ``cartes`` gets the cards worth the most (D4)."""
        if not isinstance(data, dict) or data.get("type") != "mot" or "cartes" in data:
            return data
        column, word = data.get("colonne"), data.get("mot")
        if not isinstance(column, int) or isinstance(column, bool) or not isinstance(word, str):
            return data
        if not 0 <= column < len(state.piles) or seat >= state.players:
            return data
        from .cards import entry_key

        best = best_cards(
            entry_key(word),
            state.hands[seat],
            state.visible_letters(column),
            state.catalog.letters,
        )
        if best is None:
            raise MalformedInput(
                f"Aucune combinaison de vos lettres et de celles de la colonne {column + 1} ne "
                f"s'écrit dans « {word} » (au moins une de chaque)."
            )
        return {**data, "cartes": list(best[0])}

    def describe_action(
        self, state: ThemesState, seat: Seat, action: Action, observer: Seat | None, name: str
    ) -> str:
        if isinstance(action, Word):
            themes = " + ".join(state.claim_themes(action))
            return f"{name} propose « {action.word} » pour {themes}."
        if isinstance(action, Redraw):
            return f"{name} change ses trois lettres."
        if isinstance(action, EndTurn):
            return f"{name} termine son tour."
        if isinstance(action, Verdict):
            if state.claim is None:
                return f"{name} juge."
            verdict = "valide" if action.accept else "refuse"
            return f"{name} {verdict} « {state.claim.word} »."
        return f"{name} : temps écoulé."

    def illegal_examples(self, state: ThemesState, seat: Seat) -> Iterable[Action]:
        if state.phase == "jugement":
            yield EndTurn()
            return
        yield Verdict(True)
        others = [c for s, hand in enumerate(state.hands) if s != seat for c in hand]
        column = next((i for i, pile in enumerate(state.piles) if pile), 0)
        visible = state.visible_letters(column)
        if others and visible:
            yield Word(column, "zz", (others[0], visible[0]))  # another player's card
        if state.hands[seat]:
            yield Word(column, "zz", (state.hands[seat][0],))  # no letter of the column
        if state.redrawn:
            yield Redraw()
