"""The Gremlins game object: description, options, set-up, action encoding, journal lines."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from ludotheque.core.errors import InvalidOptions, MalformedInput
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.notation import NotatedGame, Notation
from ludotheque.core.options import GameInfo, Mode, OptionSpec
from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Rng

from . import views
from .actions import (
    Action,
    AssignCard,
    Cancel,
    Choose,
    Complete,
    EndTurn,
    PlayAction,
    Redraw,
    StartProject,
    decode_action,
    encode_action,
)
from .cards import HAND, default_cards, parse_cards
from .journal import for_reader
from .model import Catalog, Config
from .notation import complete_action, format_action, parse_action
from .state import GremlinsState, Hooks
from .steps import StartTurnStep
from .table import Table

__all__ = ["Gremlins", "team_layout"]

# The views read the state, never the reverse: the state reaches them through its hooks.
GremlinsState.hooks = Hooks(view=views.view)

DEFAULT_TARGET: Final = 20
"""« jouer jusqu'à 20 prestige pour une partie plus longue » (2 à 4 joueurs), « pour une
partie complète » (4 à 6)."""
DEFAULT_TEAM_TARGET: Final = 30
"""« jouer jusqu'à 30 prestige par équipe si vous jouez en équipes » (4 à 6)."""
DEFAULT_EXHAUSTIONS: Final = 4
"""« quand la pioche a été épuisée 4 fois » (the rulebook's example)."""


def team_layout(players: int, layout: str) -> tuple[int, ...]:
    """Each seat's team, teammates never side by side when it can be helped.

    >>> team_layout(4, "auto"), team_layout(5, "auto"), team_layout(6, "3x2")
    ((0, 1, 0, 1), (0, 1, 0, 1, 1), (0, 1, 2, 0, 1, 2))
    >>> team_layout(6, "2x3")
    (0, 1, 0, 1, 0, 1)
    """
    if players == 6 and layout == "3x2":
        return tuple(seat % 3 for seat in range(6))
    if players == 5:
        return (0, 1, 0, 1, 1)
    return tuple(seat % 2 for seat in range(players))


class Gremlins(NotatedGame[GremlinsState, Action]):
    """Gremlins, Inc. – le jeu de cartes (Charlie Cleveland et al.; Alt Shift, 2017).

    A « jouer » sent without « paiement » is completed with the payment that spares the
    seat's plans most (:func:`.notation.complete_action`)."""

    notation = Notation(encode_action, decode_action, format_action, parse_action, complete_action)

    info = GameInfo(
        name="gremlins",
        title="Gremlins, Inc. – le jeu de cartes",
        summary="Projets secrets, ressources et coups bas : le plus de prestige l'emporte.",
        authors="Alt Shift (2017), règles françaises du Print & Play",
        modes=(
            Mode("classique", "Chacun pour soi", 2, 6),
            Mode(
                "equipes",
                "En équipes",
                4,
                6,
                summary="2 contre 2, 2 contre 3, 3 contre 3 ou 3 équipes de 2 : la somme du "
                "prestige de l'équipe compte.",
            ),
        ),
        options=(
            OptionSpec(
                "prestige",
                "Prestige à atteindre (0 : pas de limite)",
                "int",
                DEFAULT_TARGET,
                minimum=0,
                maximum=200,
                with_modes=(("equipes", DEFAULT_TEAM_TARGET),),
                description="La partie s'arrête à la fin de la manche où un joueur (une "
                "équipe, en équipes) atteint ce prestige. Le livret propose 20 pour une partie "
                "plus courte, 30 pour une partie complète.",
            ),
            OptionSpec(
                "epuisements",
                "Épuisements de la pioche avant la fin (0 : pas de limite)",
                "int",
                DEFAULT_EXHAUSTIONS,
                minimum=0,
                maximum=20,
                description="La partie s'arrête aussi à la fin de la manche où la pioche a été "
                "épuisée (puis refaite avec la défausse) ce nombre de fois.",
            ),
            OptionSpec(
                "nouvelle_main",
                "Refaire sa main une fois à la mise en place (joueurs qui connaissent le jeu)",
                "bool",
                False,
                description="À la mise en place, chaque joueur peut défausser autant de "
                "cartes qu'il veut et refaire sa main à 6, une seule fois : un début de partie "
                "plus dynamique.",
            ),
            OptionSpec(
                "fin_tour_passe",
                "Finir la partie quand tout le monde passe pendant un tour de table entier "
                "(tables de robots)",
                "bool",
                True,
                description="Des robots qui passent tous un tour entier n'ont plus rien à "
                "faire : la partie s'arrête. Avec des personnes à la table, non : on peut passer "
                "un tour exprès.",
                # People may pass a round on purpose; bots that pass a whole round find
                # nothing to do, and their game would never end.
                with_people=((1, False),),
            ),
            OptionSpec(
                "format_equipes",
                "À 6 en équipes",
                "choice",
                "2x3",
                choices=("2x3", "3x2"),
                modes=("equipes",),
                description="Seulement à 6 joueurs ; à 4, deux équipes de 2 ; à 5, une "
                "équipe de 2 contre une de 3.",
                choice_labels=(("2x3", "2 équipes de 3"), ("3x2", "3 équipes de 2")),
            ),
            OptionSpec(
                "cartes",
                "Fichier de cartes (texte, remplace la reconstruction)",
                "text",
                None,
                description="Pour jouer avec vos propres cartes : un fichier texte qui remplace "
                "le paquet reconstitué.",
            ),
        ),
        hidden_information=True,
        chance=True,
    )

    def teams(self, players: int, options: Mapping[str, JsonValue]) -> tuple[int, ...] | None:
        """« En équipes »: :func:`team_layout` (None in « Chacun pour soi »).

        >>> Gremlins().teams(6, {"mode": "equipes", "format_equipes": "3x2"})
        (0, 1, 2, 0, 1, 2)
        """
        if options.get("mode") != "equipes":
            return None
        return team_layout(players, str(options.get("format_equipes", "2x3")))

    def setup(self, players: int, options: JsonObject, rng: Rng) -> GremlinsState:
        text = options.get("cartes")
        try:
            cards = parse_cards(text, source="cartes") if isinstance(text, str) else default_cards()
        except MalformedInput as error:
            raise InvalidOptions(error.message, option="cartes") from None
        if len(cards) < players * HAND + HAND:
            raise InvalidOptions(
                f"{len(cards)} cartes pour {players} joueurs : il en faut au moins "
                f"{players * HAND + HAND}.",
                option="cartes",
            )
        target, exhaustions = options["prestige"], options["epuisements"]
        assert isinstance(target, int) and isinstance(exhaustions, int)
        if not target and not exhaustions:
            raise InvalidOptions(
                "La partie doit pouvoir finir : un prestige à atteindre ou un nombre "
                "d'épuisements de la pioche.",
                option="prestige",
            )
        teams = (
            team_layout(players, str(options.get("format_equipes", "2x3")))
            if options["mode"] == "equipes"
            else tuple(range(players))
        )
        draws = rng.draws()
        # « Le premier joueur est celui qui est désigné par l'ensemble des joueurs »: by lot.
        starter = draws.below(players)
        deck = draws.shuffled(sorted(card.id for card in cards))
        config = Config(
            seats=players,
            teams=teams,
            target=target,
            exhaustions=exhaustions,
            redraw=bool(options["nouvelle_main"]),
            starter=starter,
            # Records from before the option ended the game on an idle round: they replay so.
            idle_end=bool(options.get("fin_tour_passe", True)),
        )
        hands: list[list[str]] = [[] for _ in range(players)]
        for _ in range(HAND):
            for seat in config.clockwise(starter):
                hands[seat].append(deck.pop(0))
        table = Table(
            config=config,
            catalog=Catalog(cards),
            phase="nouvelle-main" if config.redraw else "jeu",
            deck=deck,
            discard=[],
            hands=hands,
            projects=[[] for _ in range(players)],
            permanents=[[] for _ in range(players)],
            scores=[0] * players,
            active=starter,
            used=0,
            turn=0,
            exhaustions=0,
            extra_turns=0,
            redrawn=[not config.redraw] * players,
            steps=[] if config.redraw else [StartTurnStep(starter)],
            journal=[],
            draws=draws,
        )
        return GremlinsState.started(table)

    def describe_action(
        self,
        state: GremlinsState,
        seat: Seat,
        action: Action,
        observer: Seat | None,
        name: str,
        names: Sequence[str] = (),
    ) -> str:
        """The journal lines the action wrote (public by construction), with the players'
        names (``names``, else the actor's only), in the second person for the reader
        (:mod:`.journal`)."""
        after = state._next(seat, action)
        added = after.logged - state.logged
        lines = after.journal[len(after.journal) - added :] if added else ()
        known = {**dict(enumerate(names)), seat: name}
        if not lines:
            label = (
                dict(state.prompt.options).get(action.key)
                if isinstance(action, Choose) and state.prompt is not None
                else None
            )
            if label and observer == seat:
                # A choice that writes nothing itself (the target of a card): what was chosen.
                return f"Votre choix : {for_reader(label, known, observer)}."
            if observer == seat:
                return "Vous avez joué."
            if isinstance(action, Choose):
                return _others_choice(action, seat, observer, name, known)
            return f"{name} a joué."
        return " ".join(for_reader(line, known, observer) for line in lines)

    def illegal_examples(self, state: GremlinsState, seat: Seat) -> Iterable[Action]:
        hand = set(state.hands[seat])
        foreign = next(card for card in sorted(state.catalog) if card not in hand)
        if state.prompt is not None:
            yield Choose("pas-un-choix")
            yield EndTurn()
            return
        if state.phase == "nouvelle-main":
            yield Redraw((foreign,))
            yield EndTurn()
            return
        yield StartProject(foreign)
        yield AssignCard(foreign, 0)
        yield Complete(len(state.projects[seat]))
        yield Cancel(len(state.projects[seat]) + 1)
        yield Choose("joueur:0")
        plans = sorted(c for c in hand if state.catalog[c].kind != "action")
        if plans:
            yield PlayAction(plans[0])
        for position, project in enumerate(state.projects[seat]):
            if state.catalog[project.card].kind == "action":
                yield Complete(position)
                break

    def malformed_examples(self) -> Iterable[JsonValue]:
        yield from super().malformed_examples()
        yield {"type": "assigner", "carte": "A01", "projet": "un"}
        yield {"type": "jouer", "carte": "A01", "paiement": [[0, "argent"]]}
        yield {"type": "nouvelle_main", "cartes": "A01"}
        yield {"type": "choisir"}


def _others_choice(
    action: Choose, seat: Seat, observer: Seat | None, name: str, known: dict[int, str]
) -> str:
    """Another player's choice that writes no line itself: the player it targets (public, as
    at the table), else only that a choice was made (a card of a hand stays hidden).

    >>> _others_choice(Choose("joueur:2"), 0, 1, "Alice", {0: "Alice", 2: "Chloé"})
    'Alice choisit Chloé.'
    >>> _others_choice(Choose("joueur:1"), 0, 1, "Alice", {0: "Alice"})
    'Alice vous choisit.'
    >>> _others_choice(Choose("projet:0"), 0, None, "Alice", {})
    'Alice a fait son choix.'
    """
    kind, _, target = action.key.partition(":")
    if kind != "joueur" or not target.isdigit():
        return f"{name} a fait son choix."
    chosen = int(target)
    if chosen == observer:
        return f"{name} vous choisit."
    if chosen == seat:
        return f"{name} se choisit."
    return f"{name} choisit {known.get(chosen, f'joueur {chosen + 1}')}."
