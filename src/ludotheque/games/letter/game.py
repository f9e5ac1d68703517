"""The Letter game object: description, options, set-up and action encoding."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ludotheque.core.errors import InvalidOptions, MalformedInput
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.notation import NotatedGame, Notation
from ludotheque.core.options import GameInfo, Mode, OptionSpec
from ludotheque.core.protocol import Seat
from ludotheque.core.rng import Rng

from . import sampling, views
from .actions import (
    Action,
    ChooseSize,
    Claim,
    Knock,
    NoKnock,
    Pass,
    Placement,
    Turn,
    decode_action,
    encode_action,
)
from .board import Board
from .notation import complete_action, describe_action, format_action, parse_action
from .state import DEAL, KNOCK_SECONDS, Catalog, Config, Hooks, LetterState, dictionary
from .tiles import (
    DEFAULT_BOARD_SIZE,
    MAX_BOARD_SIZE,
    MIN_BOARD_SIZE,
    default_tiles,
    parse_tiles,
    size_key,
)

__all__ = ["SOLO_LETTERS", "Letter"]

# The views and the sampler read the state, never the reverse: it reaches them through its hooks.
LetterState.hooks = Hooks(
    view=views.build_view,
    secrets=views.secrets,
    resample_hidden=views.resample,
    invariant_violations=views.invariant_violations,
    sample_action=sampling.sample_action,
)

SOLO_LETTERS = {"1": 10, "2": 20}
"""Letters of a solo game when ``lettres_solo`` is 0 (« Commencez par exemple avec dix
lettres », « Il convient de choisir une quantité à partir de 20 lettres »)."""
MIN_SOLO_LETTERS = 5
MAX_SOLO_LETTERS = 40
MAX_KNOCK_SECONDS = 60


class Letter(NotatedGame[LetterState, Action]):
    """Letter (Michael Sohre & Werner Falkhof, THETA 2009), registered as ``letter``.

    A word sent without its path (``{"mot": "MER"}``) gets one
    (:func:`.notation.complete_action`)."""

    notation = Notation(
        encode_action, decode_action, format_action, parse_action, complete_action, describe_action
    )

    info = GameInfo(
        name="letter",
        title="Letter",
        summary="Des lettres de toutes tailles sur un quadrillage, des mots lus en zigzag.",
        authors="Michael Sohre & Werner Falkhof (THETA-promotion, 2009)",
        modes=(
            Mode("classique", "Partie à plusieurs", 2, 6),
            Mode("solo", "Solo", 1, 1, summary="Variante 1 : beaucoup de mots ; 2 : mots longs."),
        ),
        options=(
            OptionSpec(
                "comptage",
                "Comptage des points",
                "choice",
                "3",
                choices=("1", "2", "3"),
                modes=("classique",),
                description=(
                    "Ce que rapporte un mot noté, au choix des joueurs comme le dit le livret."
                ),
                choice_labels=(
                    ("1", "Un point par mot"),
                    ("2", "Un point par lettre"),
                    ("3", "Un point par lettre, plus un par lettre au-delà de la quatrième"),
                ),
            ),
            OptionSpec(
                "variante_solo",
                "Variante solo",
                "choice",
                "1",
                choices=("1", "2"),
                modes=("solo",),
                description="Le but de la partie en solo.",
                choice_labels=(
                    ("1", "Beaucoup de mots (un point par mot)"),
                    ("2", "Des mots longs (points par lettre, plus au-delà de quatre)"),
                ),
            ),
            OptionSpec(
                "lettres_solo",
                "Lettres en solo",
                "int",
                0,
                minimum=0,
                maximum=MAX_SOLO_LETTERS,
                modes=("solo",),
                description=(
                    f"Combien de lettres vous recevez ({MIN_SOLO_LETTERS} à {MAX_SOLO_LETTERS}) ; "
                    "0 : le conseil du livret, 10 pour beaucoup de mots, 20 pour des mots longs."
                ),
            ),
            OptionSpec(
                "tirage",
                "Prise des lettres",
                "choice",
                "taille",
                choices=("taille", "hasard"),
                description=(
                    "Avant de jouer, chacun prend ses lettres : une à une, en choisissant la "
                    "taille de la pièce, face cachée (le livret), ou toutes distribuées au "
                    "hasard pour commencer aussitôt."
                ),
                choice_labels=(
                    ("taille", "Une à une, par taille (le livret)"),
                    ("hasard", "Distribuées au hasard"),
                ),
            ),
            OptionSpec(
                "erreurs",
                "Mot non valable",
                "choice",
                "refus",
                choices=("refus", "penalite"),
                # D10, D11: with a person at the table, the rulebook's penalty; bots alone
                # (``simulate``) keep the refusal.
                with_people=((1, "penalite"),),
                description=(
                    "Ce qui arrive quand on nomme un mot qui n'existe pas ou ne se lit pas : le "
                    "coup est refusé et l'on rejoue, ou bien, comme dans le livret, les pièces "
                    "sont reprises et une de vos lettres va à côté du plateau."
                ),
                choice_labels=(
                    ("refus", "Coup refusé, on rejoue"),
                    ("penalite", "Pénalité du livret : une lettre à côté du plateau"),
                ),
            ),
            OptionSpec(
                "frapper",
                "Frapper sur la table",
                "bool",
                True,
                modes=("classique",),
                description=(
                    "Après chaque tour, les autres peuvent frapper pour nommer un mot nouveau "
                    "qu'ils voient sur le plateau : le premier qui frappe juste note ses mots "
                    "et joue aussitôt."
                ),
            ),
            OptionSpec(
                "frappe_secondes",
                "Secondes pour frapper",
                "int",
                KNOCK_SECONDS,
                minimum=0,
                maximum=MAX_KNOCK_SECONDS,
                modes=("classique",),
                description=(
                    "Le temps laissé pour frapper après chaque tour, avant que la partie "
                    "continue d'elle-même ; 0 : on attend que chacun ait décidé."
                ),
            ),
            OptionSpec(
                "sablier",
                "Sablier de 30 secondes",
                "bool",
                False,
                description=(
                    "Chacun a 30 secondes pour poser : le temps écoulé, une de ses lettres va "
                    "à côté du plateau."
                ),
            ),
            OptionSpec(
                "noms_de_lieux",
                "Noms de lieux admis (villes, pays, rivières)",
                "bool",
                True,
                description=(
                    "Comme le conseille le livret, les noms de villes, de pays et de rivières "
                    "(Paris, Loire, France) sont des mots admis, mais jamais les prénoms ni les "
                    "noms de famille. Décochez pour n'admettre aucun nom propre."
                ),
            ),
            OptionSpec(
                "plateau",
                "Côté du plateau (cases)",
                "int",
                DEFAULT_BOARD_SIZE,
                minimum=MIN_BOARD_SIZE,
                maximum=MAX_BOARD_SIZE,
                description=(
                    f"Le plateau est un carré de {MIN_BOARD_SIZE} à {MAX_BOARD_SIZE} cases de "
                    f"côté ({DEFAULT_BOARD_SIZE} d'ordinaire)."
                ),
            ),
            OptionSpec(
                "tuiles",
                "Fichier de pièces (texte)",
                "text",
                None,
                description=(
                    "Pour jouer avec votre propre boîte : un texte qui remplace les pièces "
                    "fournies, une ligne par sorte de pièce (la lettre, la taille, le nombre : "
                    "« E 2x1 3 »)."
                ),
            ),
        ),
        hidden_information=True,  # the face-down pile and pending knocks (docs/rules/letter.md, D4)
        simultaneous=True,
        chance=True,
    )

    def slow_play(self, players: int, options: Mapping[str, JsonValue]) -> str | None:
        """With D17's 30 s hourglass a turn cannot wait a day; without it, Letter plays slowly
        (a knock window keeps its seconds: it passes unless someone at the table knocks)."""
        if options.get("sablier"):
            return (
                "Avec le sablier de 30 secondes, Letter ne se joue pas en partie lente : "
                "retirez le sablier."
            )
        return None

    def setup(self, players: int, options: JsonObject, rng: Rng) -> LetterState:
        text = options.get("tuiles")
        try:
            tiles = parse_tiles(text, source="tuiles") if isinstance(text, str) else default_tiles()
        except MalformedInput as error:
            raise InvalidOptions(error.message, option="tuiles") from None
        solo = options["mode"] == "solo"
        variant = str(options.get("variante_solo", "1"))
        if solo:
            quota = options.get("lettres_solo", 0)
            assert isinstance(quota, int)
            quota = quota or SOLO_LETTERS[variant]
            if quota < MIN_SOLO_LETTERS:
                raise InvalidOptions(
                    f"Option « lettres_solo » : au moins {MIN_SOLO_LETTERS} lettres (ou 0).",
                    option="lettres_solo",
                )
        else:
            quota = DEAL[players]
        if quota * players > len(tiles.letters):
            raise InvalidOptions(
                f"Le jeu de pièces n'a que {len(tiles.letters)} lettres : il en faut "
                f"{quota * players}.",
                option="tuiles",
            )
        side = options["plateau"]
        assert isinstance(side, int)
        draws = rng.draws()
        # « Les joueurs […] déterminent le premier joueur »: by lot (D2).
        starter = draws.below(players)
        pool = list(draws.shuffled(tile.id for tile in tiles.letters))
        hands = [[tiles.blanks[seat].id] for seat in range(players)]
        draw = str(options["tirage"])
        if draw == "hasard":
            for _ in range(quota):
                for step in range(players):
                    hands[(starter + step) % players].append(pool.pop(0))
        places = bool(options["noms_de_lieux"])
        knock_seconds = options.get("frappe_secondes", 0)
        assert isinstance(knock_seconds, int)
        return LetterState(
            config=Config(
                seats=players,
                solo=solo,
                variant=int(variant) if solo else 0,
                counting=str(options.get("comptage", "3")),
                errors=str(options["erreurs"]),
                hourglass=bool(options["sablier"]),
                knocking=bool(options.get("frapper", False)) and not solo,
                draw=draw,
                places=places,
                side=side,
                quota=quota,
                starter=starter,
                knock_seconds=knock_seconds if not solo else 0,
            ),
            catalog=Catalog(tiles),
            words=dictionary(places),
            phase="tirage" if draw == "taille" else "jeu",
            board=Board.empty(side, side),
            pool=tuple(pool),
            hands=tuple(tuple(hand) for hand in hands),
            free=(),
            box=tuple(blank.id for blank in tiles.blanks[players:]),
            sheets=((),) * players,
            active=starter,
            first_done=(False,) * players,
            played=(0,) * players,
            placed_last=(),
            dry=0,
            turn=0,
            word_in_turn=False,
            window=(),
            pending=(None,) * players,
            knocks=(),
            events=(),
            rng=draws.freeze(),
        )

    def illegal_examples(self, state: LetterState, seat: Seat) -> Iterable[Action]:
        mine = set(state.hands[seat])
        other = next(t for t in sorted(state.catalog) if t not in mine and t not in state.free)
        if state.phase == "tirage":
            sizes = set(state.pool_sizes())
            every = sorted((f"{w}x{h}" for w in (1, 2, 3) for h in (1, 2, 3)), key=size_key)
            yield from [ChooseSize(size) for size in every if size not in sizes][:1]
            yield Pass()
            return
        if state.phase == "frappe":
            yield Knock((Claim((other, other)),))  # a tile twice (and maybe not on the board)
            return
        letters = state.letters_of(seat)
        yield Turn((Placement(other, 0, 0),))  # not the seat's tile
        yield NoKnock()
        if letters:
            yield Turn((Placement(letters[0], state.config.side, 0),))  # outside the grid
        if not state.may_pass(seat):
            yield Pass()
