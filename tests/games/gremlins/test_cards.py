"""The reconstructed deck: counts as documented, every card round-trips, glossary coverage."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from ludotheque.core.errors import MalformedInput
from ludotheque.games.gremlins.cards import (
    DECK_SIZE,
    HAND,
    MIN_CARDS,
    Card,
    CardFileError,
    Cost,
    default_cards,
    format_card,
    format_cards,
    parse_cards,
)
from ludotheque.games.gremlins.effects import (
    MEASURES,
    PROJECT_MEASURES,
    TARGET_KINDS,
    VERBS,
    YOU,
    Action,
    Conditional,
    CostReduction,
    DiscardCards,
    DiscardResources,
    ExtraActions,
    ExtraProjects,
    HandSize,
    Hide,
    Immunity,
    LosePrestige,
    Move,
    Pay,
    Reveal,
    StealPrestige,
    StealProjects,
    StealResources,
    Trigger,
    actions_of,
    format_effect,
    parse_effect,
    targets_of,
)

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "src" / "ludotheque" / "games" / "gremlins" / "data" / "cartes.txt"
DOC = ROOT / "docs" / "gremlins-cards.md"


def test_counts_as_documented() -> None:
    cards = default_cards()
    assert len(cards) == DECK_SIZE == 100
    assert Counter(c.kind for c in cards) == {"action": 44, "plan": 40, "permanent": 16}
    assert Counter(c.banner for c in cards) == {"or": 50, "malice": 32, "techno": 18}
    by_kind = {k: Counter(c.banner for c in cards if c.kind == k) for k in ("action", "plan")}
    assert by_kind["action"] == {"or": 21, "malice": 17, "techno": 6}
    assert by_kind["plan"] == {"or": 21, "malice": 10, "techno": 9}
    assert sum(c.cost.free for c in cards if c.kind == "action") == 8
    assert sum(c.prestige or 0 for c in cards) == 158
    assert sum(c.cost.techno for c in cards) == 24
    assert sum(1 for c in cards if c.kind == "plan" and not c.effect) == 19
    assert len({c.id for c in cards}) == len({c.name for c in cards}) == 100
    assert DECK_SIZE >= MIN_CARDS > 6 * HAND


def test_card_rules() -> None:
    for card in default_cards():
        if card.kind == "action":
            assert card.prestige is None and card.cost.techno == 0 and card.effect
        else:
            assert card.prestige is not None and card.cost.total >= 1
        if card.kind != "permanent":
            assert all(isinstance(s, Action | Conditional) for s in card.effect), card.id
    plans = [c for c in default_cards() if c.kind == "plan"]
    assert max(c.prestige or 0 for c in plans) == 12 and min(c.prestige or 0 for c in plans) == 1
    # Prestige follows the requirements: at most one point above one per resource asked.
    for card in plans:
        weight = card.cost.gold + card.cost.malice + 2 * card.cost.techno + card.cost.any
        assert (card.prestige or 0) <= weight + 1, card.id


HARMFUL = (
    DiscardCards,
    DiscardResources,
    LosePrestige,
    Move,
    Pay,
    StealPrestige,
    StealProjects,
    StealResources,
)


def test_harm_costs_malice() -> None:
    """An action that takes or destroys something of another player costs malice (rulebook)."""
    for card in default_cards():
        harmful = any(
            isinstance(action, HARMFUL) and YOU not in action.targets()
            for action in actions_of(card.effect)
        )
        if card.kind == "action" and harmful:
            assert card.cost.malice >= 1, card.id
    costs = [c.cost for c in default_cards() if c.kind == "action"]
    assert (sum(c.gold for c in costs), sum(c.malice for c in costs)) == (15, 36)
    assert sum(c.any for c in costs) == 8


@pytest.mark.parametrize("card", default_cards(), ids=lambda card: card.id)
def test_every_card_round_trips(card: Card) -> None:
    assert parse_effect(card.text) == card.effect
    assert format_effect(parse_effect(card.text)) == card.text
    assert parse_cards(format_card(card), minimum=0) == (card,)


def test_file_is_in_normal_form() -> None:
    """Every card line of the shipped file is exactly what format_card writes."""
    lines = [
        line for line in DATA.read_text(encoding="utf-8").splitlines() if line[:1] not in ("", "#")
    ]
    assert lines == [format_card(card) for card in default_cards()]


def test_glossary_coverage() -> None:
    """Every verb and every target of the rulebook's glossary is on at least one card."""
    cards = default_cards()
    effects = [card.effect for card in cards]
    actions = [action for effect in effects for action in actions_of(effect)]
    assert {action.verb for action in actions} == set(VERBS)
    kinds = {type(action) for action in actions}
    assert {DiscardCards, DiscardResources, StealResources, StealPrestige, StealProjects} <= kinds
    targets = [target for effect in effects for target in targets_of(effect)]
    assert {t.kind for t in targets} == set(TARGET_KINDS)
    assert {t.measure for t in targets if t.kind == "plus-de"} == set(MEASURES)
    assert {t.measure for t in targets if t.kind == "projet-plus-de"} == set(PROJECT_MEASURES)
    choices = [a.projects for a in actions if isinstance(a, StealProjects | Hide | Reveal)]
    assert {c.quantity for c in choices} == {"un", "plusieurs", "tous"}
    assert {c.state for c in choices} == {None, "cache", "devoile"}
    statements = [s for effect in effects for s in effect]
    assert {type(s.condition).__name__ for s in statements if isinstance(s, Conditional)} == {
        "HasProject",
        "AtLeast",
        "Fewest",
    }
    assert {s.event for s in statements if isinstance(s, Trigger)} == {
        "debut-tour",
        "adversaire-vous-vole",
        "adversaire-vole",
        "vous-terminez",
        "adversaire-termine",
        "vous-jouez-action",
        "pioche-epuisee",
    }
    modifiers = {type(s) for s in statements}
    assert {CostReduction, HandSize, ExtraActions, ExtraProjects, Immunity} <= modifiers


def test_header_says_reconstruction() -> None:
    header = "\n".join(
        line for line in DATA.read_text(encoding="utf-8").splitlines() if line[:1] == "#"
    )
    assert "RECONSTRUCTION, PAS LA LISTE IMPRIMÉE" in header
    assert "--deck FICHIER" in header and "docs/gremlins-cards.md" in header


def test_doc_states_the_numbers() -> None:
    doc = DOC.read_text(encoding="utf-8")
    for fact in ("100 cartes", "44 actions", "40 plans ponctuels", "16 plans permanents"):
        assert fact in doc, fact
    for fact in ("| or | 21 | 21 | 8 | 50 |", "| malice | 17 | 10 | 5 | 32 |"):
        assert fact in doc, fact
    assert "| techno | 6 | 9 | 3 | 18 |" in doc


def test_user_file_round_trip() -> None:
    cards = default_cards()
    assert parse_cards(format_cards(cards, ("mes cartes",))) == cards
    mine = "\n".join(
        [
            "# ma liste",
            "X1 | Marteau | Action | Malice | 1 MALICE | "
            "Voler un prestige à n’importe quel adversaire.",
            "X2 | Enclume | plan 4 | or | 2 or + 1 techno + 1 ressource | -",
            "X3 | Forge | permanent 1 | techno | 2 techno | Une action de plus par tour",
        ]
    )
    x1, x2, x3 = parse_cards(mine, source="mien.txt", minimum=0)
    assert x1.effect == parse_effect("voler 1 prestige à n'importe quel adversaire")
    assert x2.cost == Cost(gold=2, techno=1, any=1) and x2.prestige == 4
    assert x3.effect == (ExtraActions(1),) and x3.banner == "techno"
    assert parse_cards(format_cards((x1, x2, x3)), minimum=0) == (x1, x2, x3)


GOOD = "A1 | Pot | action | or | 1 or | piocher 1 carte\n"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "A1 | Pot | action | or | 1 or | piocher 1 carte",
            "identifiant « A1 » en double (déjà à la ligne 1)",
        ),
        ("A2 | Pot | action | or | 1 or | bondir 1 carte", "A2 : verbe inconnu « bondir »"),
        ("A2 | Pot | action | or | 1 or | voler 1 or à Paul", "A2 : cible inconnue « paul »"),
        ("A2 | Pot | action | or |  | piocher 1 carte", "A2 : coût manquant"),
        (
            "A2 | Pot | action | or | 1 techno | piocher 1 carte",
            "une action ne coûte jamais de techno",
        ),
        ("A2 | Pot | action | or | 2 pommes | piocher 1 carte", "coût illisible « 2 pommes »"),
        ("A2 | Pot | action | or | gratuit | -", "une action sans effet"),
        ("A2 | Pot | action 2 | or | gratuit | piocher 1 carte", "ne rapporte pas de prestige"),
        ("P2 | Pot | plan | or | 1 or | -", "prestige manquant pour un plan"),
        ("P2 | Pot | plan 2 | or |  | -", "exigences manquantes"),
        ("P2 | Pot | plan 2 | or | gratuit | -", "un plan sans exigences"),
        ("P2 | Pot | projet 2 | or | 1 or | -", "type inconnu « projet »"),
        ("P2 | Pot | plan 2 | argent | 1 or | -", "bandeau inconnu « argent »"),
        (
            "P2 | Pot | plan 2 | or | 1 or | 1 action de plus par tour",
            "un effet permanent, réservé",
        ),
        (
            "P2 | Pot | plan 2 | or | 1 or | au début de votre tour, piocher 1 carte",
            "un déclencheur",
        ),
        ("P2 |  | plan 2 | or | 1 or | -", "nom manquant"),
        ("P2 | Pot | plan 2 | or | 1 or", "5 champs au lieu de 6"),
        ("P! | Pot | plan 2 | or | 1 or | -", "identifiant invalide « P! »"),
    ],
)
def test_errors_name_the_line(line: str, expected: str) -> None:
    with pytest.raises(CardFileError) as caught:
        parse_cards(GOOD + "# commentaire\n\n" + line + "\n", source="mien.txt", minimum=0)
    assert isinstance(caught.value, MalformedInput)
    assert str(caught.value).startswith("mien.txt, ligne 4 : "), str(caught.value)
    assert expected in str(caught.value), str(caught.value)
    assert caught.value.line == 4


def test_too_few_cards() -> None:
    with pytest.raises(CardFileError, match=r"1 cartes seulement : il en faut au moins 48"):
        parse_cards(GOOD)
