"""The effect language: every form parses, formats back, and errors are French and precise."""

from __future__ import annotations

import pytest

from ludotheque.core.errors import MalformedInput
from ludotheque.games.gremlins.effects import (
    YOU,
    Amount,
    Assign,
    AtLeast,
    Conditional,
    CostReduction,
    DiscardCards,
    DiscardResources,
    Draw,
    EffectError,
    ExtraActions,
    ExtraProjects,
    Fewest,
    HandSize,
    HasProject,
    Hide,
    Immunity,
    LosePrestige,
    Move,
    Pay,
    ProjectChoice,
    Reveal,
    StealPrestige,
    StealProjects,
    StealResources,
    Target,
    Trigger,
    actions_of,
    format_effect,
    parse_effect,
    targets_of,
)

NORMAL = [
    "piocher 1 carte",
    "piocher 3 cartes",
    "n'importe quel adversaire : défausser 2 cartes",
    "défausser 1 ressource",
    "le joueur qui possède le projet avec le plus de techno : défausser 1 techno",
    "assigner 1 carte de la main",
    "n'importe quel joueur : assigner 2 cartes de la pioche",
    "obtenir 2 prestige",
    "tout le monde sauf vous : perdre 1 prestige",
    "payer 2 ressources",
    "le joueur qui a le plus de ressources : payer 1 malice",
    "déplacer 1 ressource entre vos projets",
    "déplacer 2 or entre les projets du joueur qui a le plus de projets",
    "voler 1 ressource à n'importe quel adversaire",
    "voler 1 or au joueur qui a le plus d'or",
    "voler 2 prestige à tout le monde sauf vous",
    "voler n'importe lequel des projets dévoilés de n'importe quel adversaire",
    "voler n'importe lequel des projets du joueur qui possède le projet avec le plus d'or",
    "cacher n'importe lequel de vos projets",
    "cacher tous vos projets",
    "dévoiler n'importe lesquels des projets cachés de n'importe quel joueur",
    "dévoiler tous les projets de tout le monde sauf vous",
    "si vous avez un projet caché, piocher 2 cartes",
    "si vous avez un projet dévoilé, obtenir 1 prestige",
    "si vous avez au moins 1 projet, piocher 1 carte",
    "si vous avez au moins 3 ressources, piocher 1 carte",
    "si vous avez le moins de prestige, voler 1 prestige au joueur qui a le plus de prestige",
    "au début de votre tour, piocher 1 carte",
    "quand un adversaire vous vole, voler 1 prestige à cet adversaire",
    "quand un adversaire vole, piocher 1 carte",
    "quand un adversaire termine un projet, cet adversaire : défausser 1 carte",
    "quand vous terminez un projet, obtenir 1 prestige",
    "quand vous jouez une action, assigner 1 carte de la pioche",
    "quand la pioche est épuisée, obtenir 2 prestige",
    "vos actions coûtent 1 de moins",
    "vos actions malice coûtent 1 de moins",
    "piochez 2 cartes de plus en refaisant votre main",
    "1 action de plus par tour",
    "vous pouvez avoir 1 projet de plus",
    "on ne peut pas vous voler de projets",
    "piocher 2 cartes ; obtenir 1 prestige ; voler 1 malice à n'importe quel adversaire",
]


@pytest.mark.parametrize("text", NORMAL)
def test_normal_forms_round_trip(text: str) -> None:
    effect = parse_effect(text)
    assert format_effect(effect) == text
    assert parse_effect(format_effect(effect)) == effect


@pytest.mark.parametrize(
    ("written", "normal"),
    [
        ("Piocher UNE carte.", "piocher 1 carte"),
        ("vous : piocher 2 cartes", "piocher 2 cartes"),
        ("défausser une carte", "défausser 1 carte"),
        ("defausser 2 RESSOURCE", "défausser 2 ressources"),
        ("assigner 1 carte", "assigner 1 carte de la main"),
        ("voler 1 or à le joueur qui a le plus de or", "voler 1 or au joueur qui a le plus d'or"),
        (
            "voler  2   prestige à n’importe quel adversaire",
            "voler 2 prestige à n'importe quel adversaire",
        ),
        (
            "cacher n'importe lequel de vos projets ;  piocher 1 cartes",
            "cacher n'importe lequel de vos projets ; piocher 1 carte",
        ),
        ("Vos actions Malice coûtent 1 de moins", "vos actions malice coûtent 1 de moins"),
        (
            "piochez une carte de plus en refaisant votre main",
            "piochez 1 carte de plus en refaisant votre main",
        ),
        ("une action de plus par tour", "1 action de plus par tour"),
        (
            "si vous avez au moins 2 projet, piocher 1 carte",
            "si vous avez au moins 2 projets, piocher 1 carte",
        ),
        ("-", ""),
        ("", ""),
    ],
)
def test_spellings_are_normalised(written: str, normal: str) -> None:
    assert format_effect(parse_effect(written)) == normal


def test_ast_shapes() -> None:
    adversary = Target("adversaire")
    assert parse_effect(
        "n'importe quel adversaire : défausser 1 carte ; défausser 2 malice ; payer 1 ressource"
    ) == (
        DiscardCards(adversary, 1),
        DiscardResources(YOU, Amount(2, "malice")),
        Pay(YOU, Amount(1)),
    )
    assert parse_effect("déplacer 1 techno entre les projets de n'importe quel joueur") == (
        Move(Target("joueur"), Amount(1, "techno")),
    )
    most_projects = Target("plus-de", "projets")
    assert parse_effect(
        "voler n'importe lesquels des projets cachés du joueur qui a le plus de projets"
    ) == (StealProjects(ProjectChoice("plusieurs", most_projects, "cache")),)
    assert parse_effect("cacher tous vos projets ; dévoiler n'importe lequel de vos projets") == (
        Hide(ProjectChoice("tous", YOU)),
        Reveal(ProjectChoice("un", YOU)),
    )
    assert parse_effect(
        "voler 1 ressource au joueur qui possède le projet avec le plus de malice"
    ) == (StealResources(Target("projet-plus-de", "malice"), Amount(1)),)
    assert parse_effect("si vous avez au moins 4 or, assigner 1 carte de la pioche") == (
        Conditional(AtLeast(4, "or"), Assign(YOU, 1, "pioche")),
    )
    assert parse_effect("si vous avez le moins de projets, piocher 1 carte") == (
        Conditional(Fewest("projets"), Draw(YOU, 1)),
    )
    assert parse_effect("si vous avez un projet dévoilé, perdre 1 prestige") == (
        Conditional(HasProject("devoile"), LosePrestige(YOU, 1)),
    )
    assert parse_effect("quand un adversaire vous vole, voler 1 prestige à cet adversaire") == (
        Trigger("adversaire-vous-vole", StealPrestige(Target("cet-adversaire"), 1)),
    )
    assert parse_effect(
        "vos actions or coûtent 2 de moins ; piochez 1 carte de plus en refaisant votre main ; "
        "2 actions de plus par tour ; vous pouvez avoir 1 projet de plus ; "
        "on ne peut pas vous voler de prestige"
    ) == (
        CostReduction(2, "or"),
        HandSize(1),
        ExtraActions(2),
        ExtraProjects(1),
        Immunity("prestige"),
    )


def test_walkers() -> None:
    effect = parse_effect(
        "si vous avez un projet caché, voler 1 or à n'importe quel adversaire ; "
        "au début de votre tour, piocher 1 carte ; 1 action de plus par tour"
    )
    assert [action.verb for action in actions_of(effect)] == ["voler", "piocher"]
    assert list(targets_of(effect)) == [Target("adversaire"), YOU]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("bondir 2 cartes", "verbe inconnu « bondir »"),
        ("voler 1 or à Paul", "cible inconnue « paul »"),
        (
            "voler 1 or au joueur qui a le plus de chapeaux",
            "cible inconnue « le joueur qui a le plus de chapeaux »",
        ),
        ("le voisin : piocher 1 carte", "cible inconnue « le voisin »"),
        ("piocher deux cartes", "forme non reconnue pour « piocher »"),
        ("piocher 0 carte", "nombre invalide « 0 »"),
        ("voler 1 prestige", "forme non reconnue pour « voler »"),
        ("n'importe quel adversaire : voler 1 or à vous", "se fait toujours par vous"),
        ("cacher un projet", "projets illisibles"),
        ("cacher n'importe lequel des projets", "« de vos projets » ou « des projets de CIBLE »"),
        ("cacher n'importe lequel de vos projets de n'importe quel joueur", "« de vos projets »"),
        ("si vous êtes riche, piocher 1 carte", "condition inconnue"),
        ("si vous avez un projet caché", "condition sans action"),
        ("quand il pleut, piocher 1 carte", "déclencheur inconnu « quand il pleut »"),
        ("voler 1 or à cet adversaire", "« cet adversaire » n'a de sens"),
        ("au début de votre tour, voler 1 or à cet adversaire", "sans adversaire"),
        ("vos actions techno coûtent 1 de moins", "les actions ne coûtent jamais de techno"),
        ("piocher 1 carte ; ; piocher 1 carte", "instruction vide"),
    ],
)
def test_errors(text: str, expected: str) -> None:
    with pytest.raises(EffectError) as caught:
        parse_effect(text)
    assert isinstance(caught.value, MalformedInput)
    assert expected in str(caught.value), str(caught.value)
