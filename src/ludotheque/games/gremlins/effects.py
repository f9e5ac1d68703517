"""The effect language of Gremlins, Inc. cards: a typed AST, its parser and its formatter.

A card's effect is a *program*: statements separated by `` ; ``. Each statement is one of

- an **action** (a verb of the rulebook's glossary), possibly with a **subject** before
  `` : `` (who does it; ``vous`` when omitted);
- a **condition** ``si …, ACTION``;
- a **trigger** (permanent plans) ``quand …, ACTION`` or ``au début de votre tour, ACTION``;
- a **modifier** (permanent plans), a rule that holds while the card is active.

The text is read case- and accent-insensitively (``Défausser`` = ``defausser``) and
:func:`format_effect` writes it back in one normal form, so
``format_effect(parse_effect(text)) == format_effect(parse_effect(format_effect(…)))``.

>>> show = lambda text: format_effect(parse_effect(text))
>>> show("Piocher 2 cartes")
'piocher 2 cartes'
>>> show("n'importe quel adversaire : défausser une carte")
"n'importe quel adversaire : défausser 1 carte"
>>> show("tout le monde sauf vous : perdre 1 prestige ; obtenir 1 prestige")
'tout le monde sauf vous : perdre 1 prestige ; obtenir 1 prestige'
>>> show("assigner 1 carte de la pioche")
'assigner 1 carte de la pioche'
>>> show("payer 1 ressource ; piocher 3 cartes")
'payer 1 ressource ; piocher 3 cartes'
>>> show("déplacer 2 ressources entre les projets de n'importe quel adversaire")
"déplacer 2 ressources entre les projets de n'importe quel adversaire"
>>> show("voler 1 or au joueur qui a le plus de or")
"voler 1 or au joueur qui a le plus d'or"
>>> show("voler 2 prestige au joueur qui a le plus de prestige")
'voler 2 prestige au joueur qui a le plus de prestige'
>>> show("voler n'importe lequel des projets du joueur qui a le plus de ressources")
"voler n'importe lequel des projets du joueur qui a le plus de ressources"
>>> show("cacher n'importe lesquels de vos projets")
"cacher n'importe lesquels de vos projets"
>>> show("dévoiler tous les projets cachés de n'importe quel joueur")
"dévoiler tous les projets cachés de n'importe quel joueur"
>>> show("si vous avez un projet caché, piocher 2 cartes")
'si vous avez un projet caché, piocher 2 cartes'
>>> show("quand un adversaire vous vole, voler 1 prestige à cet adversaire")
'quand un adversaire vous vole, voler 1 prestige à cet adversaire'
>>> show("au début de votre tour, piocher 1 carte")
'au début de votre tour, piocher 1 carte'
>>> show("jouer un tour supplémentaire")
'jouer 1 tour supplémentaire'
>>> show("vos actions Malice coûtent 1 de moins ; 1 action de plus par tour")
'vos actions malice coûtent 1 de moins ; 1 action de plus par tour'
>>> show("piochez une carte de plus en refaisant votre main")
'piochez 1 carte de plus en refaisant votre main'
>>> parse_effect("voler 1 prestige à n'importe quel adversaire")
(StealPrestige(victim=Target(kind='adversaire', measure=None), amount=1),)
>>> try:
...     parse_effect("bondir 2 cartes")
... except EffectError as error:
...     print(str(error).split(" (")[0])
verbe inconnu « bondir »
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar, Final, Literal, TypeAlias

from ludotheque.core.errors import MalformedInput

__all__ = [
    "EVENTS",
    "MEASURES",
    "PROJECT_MEASURES",
    "RESOURCES",
    "TARGET_KINDS",
    "VERBS",
    "YOU",
    "Action",
    "Amount",
    "Assign",
    "AtLeast",
    "Condition",
    "Conditional",
    "CostReduction",
    "DiscardCards",
    "DiscardResources",
    "Draw",
    "Effect",
    "EffectError",
    "ExtraActions",
    "ExtraProjects",
    "ExtraTurn",
    "Fewest",
    "GainPrestige",
    "HandSize",
    "HasProject",
    "Hide",
    "Immunity",
    "LosePrestige",
    "Modifier",
    "Move",
    "Pay",
    "ProjectChoice",
    "Reveal",
    "Statement",
    "StealPrestige",
    "StealProjects",
    "StealResources",
    "Target",
    "Trigger",
    "actions_of",
    "format_effect",
    "parse_effect",
    "targets_of",
]

Resource = Literal["or", "malice", "techno"]
RESOURCES: Final[tuple[Resource, ...]] = ("or", "malice", "techno")

Measure = Literal["prestige", "or", "malice", "techno", "ressources", "projets"]
MEASURES: Final[tuple[Measure, ...]] = (
    "prestige",
    "or",
    "malice",
    "techno",
    "ressources",
    "projets",
)
"""What « le joueur qui a le plus de… » may count."""

ProjectMeasure = Literal["ressources", "or", "malice", "techno"]
PROJECT_MEASURES: Final[tuple[ProjectMeasure, ...]] = ("ressources", "or", "malice", "techno")
"""What « le joueur qui possède le projet avec le plus de… » may count."""

TargetKind = Literal[
    "vous", "joueur", "adversaire", "autres", "cet-adversaire", "plus-de", "projet-plus-de"
]
TARGET_KINDS: Final[tuple[TargetKind, ...]] = (
    "vous",
    "joueur",
    "adversaire",
    "autres",
    "cet-adversaire",
    "plus-de",
    "projet-plus-de",
)

Quantity = Literal["un", "plusieurs", "tous"]
ProjectState = Literal["cache", "devoile"]
CardSource = Literal["main", "pioche"]
Event = Literal[
    "debut-tour",
    "adversaire-vous-vole",
    "adversaire-vole",
    "vous-terminez",
    "adversaire-termine",
    "vous-jouez-action",
    "pioche-epuisee",
]
Protected = Literal["prestige", "ressources", "projets"]


class EffectError(MalformedInput):
    """An effect text that is not a program of the language (French message)."""

    code = "invalid-effect"


# --- the AST -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Target:
    """Who: ``vous``, ``joueur`` (n'importe quel joueur, you included), ``adversaire``
    (n'importe quel adversaire), ``autres`` (tout le monde sauf vous: each of them),
    ``cet-adversaire`` (the opponent who fired a trigger), ``plus-de`` (le joueur qui a le plus
    de ``measure``) and ``projet-plus-de`` (le joueur qui possède le projet avec le plus de
    ``measure``). Ties among the best are broken by the card's player (rulebook)."""

    kind: TargetKind
    measure: Measure | None = None


YOU: Final = Target("vous")


@dataclass(frozen=True, slots=True)
class Amount:
    """``count`` resources of one type, or of any type when ``resource`` is ``None``."""

    count: int
    resource: Resource | None = None


@dataclass(frozen=True, slots=True)
class ProjectChoice:
    """Projects of ``owner``: ``un`` (n'importe lequel), ``plusieurs`` (n'importe lesquels:
    any number, chosen by the card's player) or ``tous``; only hidden or revealed ones if
    ``state`` says so."""

    quantity: Quantity
    owner: Target
    state: ProjectState | None = None


class Action:
    """Base of the verbs; ``verb`` is the glossary's word."""

    __slots__ = ()
    verb: ClassVar[str]

    def targets(self) -> tuple[Target, ...]:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """« piocher N cartes »: ``who`` draws from the deck."""

    verb: ClassVar[str] = "piocher"
    who: Target
    count: int

    def targets(self) -> tuple[Target, ...]:
        return (self.who,)


@dataclass(frozen=True, slots=True)
class DiscardCards(Action):
    """« défausser N cartes »: ``who`` discards cards from hand."""

    verb: ClassVar[str] = "défausser"
    who: Target
    count: int

    def targets(self) -> tuple[Target, ...]:
        return (self.who,)


@dataclass(frozen=True, slots=True)
class DiscardResources(Action):
    """« défausser N ressources »: ``who`` discards resources assigned to their projects."""

    verb: ClassVar[str] = "défausser"
    who: Target
    amount: Amount

    def targets(self) -> tuple[Target, ...]:
        return (self.who,)


@dataclass(frozen=True, slots=True)
class Assign(Action):
    """« assigner N cartes de la main|de la pioche »: extra assignments to ``who``'s projects."""

    verb: ClassVar[str] = "assigner"
    who: Target
    count: int
    source: CardSource = "main"

    def targets(self) -> tuple[Target, ...]:
        return (self.who,)


@dataclass(frozen=True, slots=True)
class GainPrestige(Action):
    """« obtenir N prestige »."""

    verb: ClassVar[str] = "obtenir"
    who: Target
    amount: int

    def targets(self) -> tuple[Target, ...]:
        return (self.who,)


@dataclass(frozen=True, slots=True)
class LosePrestige(Action):
    """« perdre N prestige » (a score never goes below 0)."""

    verb: ClassVar[str] = "perdre"
    who: Target
    amount: int

    def targets(self) -> tuple[Target, ...]:
        return (self.who,)


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """« payer N ressources »: ``who`` discards resources from their projects."""

    verb: ClassVar[str] = "payer"
    who: Target
    amount: Amount

    def targets(self) -> tuple[Target, ...]:
        return (self.who,)


@dataclass(frozen=True, slots=True)
class Move(Action):
    """« déplacer N ressources entre les projets de … »: the card's player moves resources
    from one project of ``owner`` to another project of ``owner``."""

    verb: ClassVar[str] = "déplacer"
    owner: Target
    amount: Amount

    def targets(self) -> tuple[Target, ...]:
        return (self.owner,)


@dataclass(frozen=True, slots=True)
class StealResources(Action):
    """« voler N ressources à … »."""

    verb: ClassVar[str] = "voler"
    victim: Target
    amount: Amount

    def targets(self) -> tuple[Target, ...]:
        return (self.victim,)


@dataclass(frozen=True, slots=True)
class StealPrestige(Action):
    """« voler N prestige à … »."""

    verb: ClassVar[str] = "voler"
    victim: Target
    amount: int

    def targets(self) -> tuple[Target, ...]:
        return (self.victim,)


@dataclass(frozen=True, slots=True)
class StealProjects(Action):
    """« voler n'importe lequel des projets de … » (with their resources)."""

    verb: ClassVar[str] = "voler"
    projects: ProjectChoice

    def targets(self) -> tuple[Target, ...]:
        return (self.projects.owner,)


@dataclass(frozen=True, slots=True)
class Hide(Action):
    """« cacher … projets »."""

    verb: ClassVar[str] = "cacher"
    projects: ProjectChoice

    def targets(self) -> tuple[Target, ...]:
        return (self.projects.owner,)


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """« dévoiler … projets »."""

    verb: ClassVar[str] = "dévoiler"
    projects: ProjectChoice

    def targets(self) -> tuple[Target, ...]:
        return (self.projects.owner,)


@dataclass(frozen=True, slots=True)
class ExtraTurn(Action):
    """« jouer 1 tour supplémentaire »: after this turn (and everyone's refill), you play
    again."""

    verb: ClassVar[str] = "jouer"
    who: Target
    count: int = 1

    def targets(self) -> tuple[Target, ...]:
        return (self.who,)


@dataclass(frozen=True, slots=True)
class HasProject:
    """« si vous avez un projet caché|dévoilé »."""

    state: ProjectState


@dataclass(frozen=True, slots=True)
class AtLeast:
    """« si vous avez au moins N prestige|projets|ressources|or|malice|techno »."""

    count: int
    measure: Measure


@dataclass(frozen=True, slots=True)
class Fewest:
    """« si vous avez le moins de … » (ties: open question, see docs/gremlins-cards.md)."""

    measure: Measure


Condition: TypeAlias = HasProject | AtLeast | Fewest


@dataclass(frozen=True, slots=True)
class Conditional:
    """« si CONDITION, ACTION »."""

    condition: Condition
    action: Action


@dataclass(frozen=True, slots=True)
class Trigger:
    """A permanent effect: when ``event`` happens, ``action`` is done."""

    event: Event
    action: Action


@dataclass(frozen=True, slots=True)
class CostReduction:
    """« vos actions [or|malice] coûtent N de moins »: N fewer resources to pay for an action,
    taken from the ``resource`` part of its cost (any part when ``None``); never below free."""

    amount: int
    resource: Resource | None = None


@dataclass(frozen=True, slots=True)
class HandSize:
    """« piochez N cartes de plus en refaisant votre main »."""

    amount: int


@dataclass(frozen=True, slots=True)
class ExtraActions:
    """« N actions de plus par tour »."""

    amount: int


@dataclass(frozen=True, slots=True)
class ExtraProjects:
    """« vous pouvez avoir N projets de plus »."""

    amount: int


@dataclass(frozen=True, slots=True)
class Immunity:
    """« on ne peut pas vous voler de prestige|ressources|projets »."""

    protected: Protected


Modifier: TypeAlias = CostReduction | HandSize | ExtraActions | ExtraProjects | Immunity
Statement: TypeAlias = Action | Conditional | Trigger | Modifier
Effect: TypeAlias = tuple[Statement, ...]

VERBS: Final[tuple[str, ...]] = (
    "assigner",
    "cacher",
    "défausser",
    "déplacer",
    "dévoiler",
    "jouer",
    "obtenir",
    "payer",
    "perdre",
    "piocher",
    "voler",
)
"""Every verb of the language (the glossary's, plus « perdre » for prestige lost and « jouer
un tour supplémentaire », the rulebook's « tour supplémentaire »)."""

EVENTS: Final[Mapping[Event, str]] = MappingProxyType(
    {
        "debut-tour": "au début de votre tour",
        "adversaire-vous-vole": "quand un adversaire vous vole",
        "adversaire-vole": "quand un adversaire vole",
        "vous-terminez": "quand vous terminez un projet",
        "adversaire-termine": "quand un adversaire termine un projet",
        "vous-jouez-action": "quand vous jouez une action",
        "pioche-epuisee": "quand la pioche est épuisée",
    }
)
"""Trigger events and their French text."""

_EVENTS_WITH_OPPONENT: Final = frozenset(
    {"adversaire-vous-vole", "adversaire-vole", "adversaire-termine"}
)

# --- walking -----------------------------------------------------------------------------------


def actions_of(effect: Effect) -> Iterator[Action]:
    """Every action of a program, also those under a condition or a trigger."""
    for statement in effect:
        if isinstance(statement, Action):
            yield statement
        elif isinstance(statement, Conditional | Trigger):
            yield statement.action


def targets_of(effect: Effect) -> Iterator[Target]:
    """Every target named by the actions of a program."""
    for action in actions_of(effect):
        yield from action.targets()


# --- formatting --------------------------------------------------------------------------------

_STATE_WORDS: Final[Mapping[ProjectState, str]] = MappingProxyType(
    {"cache": "cachés", "devoile": "dévoilés"}
)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count > 1 else ''}"


def _of(measure: str) -> str:
    return f"d'{measure}" if measure[0] in "aeiou" else f"de {measure}"


def format_target(target: Target) -> str:
    """The French words of a target (``le joueur qui a le plus de prestige``…)."""
    match target.kind:
        case "vous":
            return "vous"
        case "joueur":
            return "n'importe quel joueur"
        case "adversaire":
            return "n'importe quel adversaire"
        case "autres":
            return "tout le monde sauf vous"
        case "cet-adversaire":
            return "cet adversaire"
        case "plus-de":
            return f"le joueur qui a le plus {_of(str(target.measure))}"
        case "projet-plus-de":
            return f"le joueur qui possède le projet avec le plus {_of(str(target.measure))}"


def _with(preposition: Literal["à", "de"], target: Target) -> str:
    text = format_target(target)
    if text.startswith("le "):
        return ("au " if preposition == "à" else "du ") + text[3:]
    return f"{preposition} {text}"


def _amount(amount: Amount) -> str:
    if amount.resource is None:
        return _plural(amount.count, "ressource")
    return f"{amount.count} {amount.resource}"


def _projects(choice: ProjectChoice) -> str:
    state = f" {_STATE_WORDS[choice.state]}" if choice.state else ""
    mine = choice.owner == YOU
    if choice.quantity == "tous":
        head = "tous vos projets" if mine else "tous les projets"
    else:
        which = "n'importe lequel" if choice.quantity == "un" else "n'importe lesquels"
        head = f"{which} {'de vos' if mine else 'des'} projets"
    return head + state + ("" if mine else " " + _with("de", choice.owner))


def _subject(who: Target, rest: str) -> str:
    return rest if who == YOU else f"{format_target(who)} : {rest}"


def _format_action(action: Action) -> str:
    match action:
        case Draw(who, count):
            return _subject(who, f"piocher {_plural(count, 'carte')}")
        case DiscardCards(who, count):
            return _subject(who, f"défausser {_plural(count, 'carte')}")
        case DiscardResources(who, amount):
            return _subject(who, f"défausser {_amount(amount)}")
        case Assign(who, count, source):
            where = "de la main" if source == "main" else "de la pioche"
            return _subject(who, f"assigner {_plural(count, 'carte')} {where}")
        case GainPrestige(who, amount):
            return _subject(who, f"obtenir {amount} prestige")
        case LosePrestige(who, amount):
            return _subject(who, f"perdre {amount} prestige")
        case Pay(who, amount):
            return _subject(who, f"payer {_amount(amount)}")
        case Move(owner, amount):
            between = (
                "entre vos projets" if owner == YOU else "entre les projets " + _with("de", owner)
            )
            return f"déplacer {_amount(amount)} {between}"
        case StealResources(victim, amount):
            return f"voler {_amount(amount)} {_with('à', victim)}"
        case StealPrestige(victim, amount):
            return f"voler {amount} prestige {_with('à', victim)}"
        case StealProjects(projects):
            return f"voler {_projects(projects)}"
        case Hide(projects):
            return f"cacher {_projects(projects)}"
        case Reveal(projects):
            return f"dévoiler {_projects(projects)}"
        case ExtraTurn(who, count):
            turns = "1 tour supplémentaire" if count == 1 else f"{count} tours supplémentaires"
            return _subject(who, f"jouer {turns}")
    raise TypeError(f"not an action: {action!r}")  # pragma: no cover


def _format_condition(condition: Condition) -> str:
    match condition:
        case HasProject(state):
            return f"si vous avez un projet {'caché' if state == 'cache' else 'dévoilé'}"
        case AtLeast(count, measure):
            word: str = measure
            if count == 1 and measure in ("projets", "ressources"):
                word = measure[:-1]
            return f"si vous avez au moins {count} {word}"
        case Fewest(measure):
            return f"si vous avez le moins {_of(measure)}"
    raise TypeError(f"not a condition: {condition!r}")  # pragma: no cover


def format_statement(statement: Statement) -> str:
    """One statement in the normal form of the language."""
    match statement:
        case Action():
            return _format_action(statement)
        case Conditional(condition, action):
            return f"{_format_condition(condition)}, {_format_action(action)}"
        case Trigger(event, action):
            return f"{EVENTS[event]}, {_format_action(action)}"
        case CostReduction(amount, resource):
            kind = f"vos actions {resource}" if resource else "vos actions"
            return f"{kind} coûtent {amount} de moins"
        case HandSize(amount):
            return f"piochez {_plural(amount, 'carte')} de plus en refaisant votre main"
        case ExtraActions(amount):
            return f"{_plural(amount, 'action')} de plus par tour"
        case ExtraProjects(amount):
            return f"vous pouvez avoir {_plural(amount, 'projet')} de plus"
        case Immunity(protected):
            return f"on ne peut pas vous voler de {protected}"
    raise TypeError(f"not a statement: {statement!r}")  # pragma: no cover


def format_effect(effect: Effect) -> str:
    """A program in the normal form: statements joined by `` ; ``; ``""`` when empty."""
    return " ; ".join(format_statement(statement) for statement in effect)


# --- parsing -----------------------------------------------------------------------------------


def _fold(text: str) -> str:
    """Lower case, no accents, straight apostrophes, single spaces (how the parser reads)."""
    text = text.replace("’", "'").replace("`", "'")
    decomposed = unicodedata.normalize("NFD", text.lower())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    plain = re.sub(r"\s+", " ", plain).strip()
    plain = re.sub(r"\s*'\s*", "'", plain)
    plain = re.sub(r"\bd'or\b", "de or", plain)  # « le plus d'or » = « de or »
    plain = re.sub(r"\bau joueur\b", "a le joueur", plain)
    return re.sub(r"\bdu joueur\b", "de le joueur", plain)


_N = r"(\d+|une?)"
_RES = r"(\d+|une?) (ressources?|or|malice|techno)"
_SIMPLE_TARGETS: Final[Mapping[str, Target]] = MappingProxyType(
    {
        "vous": YOU,
        "n'importe quel joueur": Target("joueur"),
        "n'importe quel adversaire": Target("adversaire"),
        "tout le monde sauf vous": Target("autres"),
        "cet adversaire": Target("cet-adversaire"),
    }
)
_MOST = re.compile(r"le joueur qui a le plus de (\w+)")
_PROJECT_MOST = re.compile(r"le joueur qui possede le projet avec le plus de (\w+)")
_TARGET_HELP = (
    "vous, n'importe quel joueur, n'importe quel adversaire, tout le monde sauf vous, "
    "le joueur qui a le plus de …, le joueur qui possède le projet avec le plus de …"
)


def _count(text: str) -> int:
    value = 1 if text in ("un", "une") else int(text)
    if value < 1:
        raise EffectError(f"nombre invalide « {text} » (au moins 1).")
    return value


def _target(text: str) -> Target:
    if text in _SIMPLE_TARGETS:
        return _SIMPLE_TARGETS[text]
    if most := _MOST.fullmatch(text):
        measure = most.group(1)
        if measure in MEASURES:
            return Target("plus-de", measure)
    if most := _PROJECT_MOST.fullmatch(text):
        measure = most.group(1)
        if measure in PROJECT_MEASURES:
            return Target("projet-plus-de", measure)
    raise EffectError(f"cible inconnue « {text} » (connues : {_TARGET_HELP}).")


def _amount_of(count: str, word: str) -> Amount:
    resource: Resource | None = None
    if word in RESOURCES:
        resource = word
    return Amount(_count(count), resource)


_PROJECTS = re.compile(
    r"(?P<q>n'importe lequel|n'importe lesquels|tous) (?P<whose>de vos|des|vos|les) projets"
    r"(?: (?P<state>caches|devoiles))?(?: de (?P<owner>.+))?"
)


def _projects_of(text: str) -> ProjectChoice:
    found = _PROJECTS.fullmatch(text)
    if found is None:
        raise EffectError(
            f"projets illisibles « {text} » (attendu : « n'importe lequel de vos projets », "
            "« n'importe lesquels des projets de … », « tous les projets cachés de … »…)."
        )
    quantity: Quantity = {"n'importe lequel": "un", "n'importe lesquels": "plusieurs"}.get(
        found["q"], "tous"
    )  # type: ignore[assignment]
    mine = found["whose"] in ("de vos", "vos")
    if mine == (found["owner"] is not None):
        raise EffectError(
            f"projets illisibles « {text} » : « de vos projets » ou « des projets de CIBLE »."
        )
    owner = YOU if mine else _target(found["owner"])
    state: ProjectState | None = None
    if found["state"]:
        state = "cache" if found["state"] == "caches" else "devoile"
    return ProjectChoice(quantity, owner, state)


_SUBJECT_VERBS: Final = frozenset(
    {"piocher", "defausser", "assigner", "obtenir", "perdre", "payer"}
)
_FORMS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "piocher": "piocher 2 cartes",
        "defausser": "défausser 1 carte, défausser 2 ressources",
        "assigner": "assigner 1 carte de la main, assigner 1 carte de la pioche",
        "obtenir": "obtenir 2 prestige",
        "perdre": "perdre 1 prestige",
        "payer": "payer 1 malice",
        "deplacer": "déplacer 1 ressource entre vos projets",
        "voler": "voler 1 or à …, voler 2 prestige à …, voler n'importe lequel des projets de …",
        "cacher": "cacher n'importe lequel de vos projets",
        "devoiler": "dévoiler tous les projets de …",
        "jouer": "jouer 1 tour supplémentaire",
    }
)


def _action(text: str) -> Action:
    who = YOU
    subject, colon, rest = text.partition(" : ")
    if colon:
        who, text = _target(subject), rest
    verb, _, args = text.partition(" ")
    if verb not in _FORMS:
        raise EffectError(f"verbe inconnu « {verb} » (connus : {', '.join(VERBS)}).")
    if colon and verb not in _SUBJECT_VERBS:
        raise EffectError(f"« {verb} » se fait toujours par vous : pas de sujet « {subject} ».")
    action = _action_args(verb, args, who)
    if action is None:
        raise EffectError(
            f"forme non reconnue pour « {verb} » : « {text} » (exemples : {_FORMS[verb]})."
        )
    return action


def _action_args(verb: str, args: str, who: Target) -> Action | None:
    if verb in ("piocher", "defausser") and (found := re.fullmatch(_N + r" cartes?", args)):
        count = _count(found[1])
        return Draw(who, count) if verb == "piocher" else DiscardCards(who, count)
    if verb in ("defausser", "payer") and (found := re.fullmatch(_RES, args)):
        amount = _amount_of(found[1], found[2])
        return DiscardResources(who, amount) if verb == "defausser" else Pay(who, amount)
    if verb == "assigner" and (
        found := re.fullmatch(_N + r" cartes?(?: de la (main|pioche))?", args)
    ):
        return Assign(who, _count(found[1]), "pioche" if found[2] == "pioche" else "main")
    if verb in ("obtenir", "perdre") and (found := re.fullmatch(_N + r" prestige", args)):
        count = _count(found[1])
        return GainPrestige(who, count) if verb == "obtenir" else LosePrestige(who, count)
    if verb == "deplacer" and (
        found := re.fullmatch(_RES + r" entre (?:vos projets|les projets de (.+))", args)
    ):
        owner = YOU if found[3] is None else _target(found[3])
        return Move(owner, _amount_of(found[1], found[2]))
    if verb == "voler":
        if found := re.fullmatch(_N + r" prestige a (.+)", args):
            return StealPrestige(_target(found[2]), _count(found[1]))
        if found := re.fullmatch(_RES + r" a (.+)", args):
            return StealResources(_target(found[3]), _amount_of(found[1], found[2]))
        if args.startswith(("n'importe", "tous")):
            return StealProjects(_projects_of(args))
        return None
    if verb == "cacher":
        return Hide(_projects_of(args))
    if verb == "devoiler":
        return Reveal(_projects_of(args))
    if verb == "jouer" and (found := re.fullmatch(_N + r" tours? supplementaires?", args)):
        return ExtraTurn(who, _count(found[1]))
    return None


_MEASURE_WORDS: Final[Mapping[str, Measure]] = MappingProxyType(
    {
        "prestige": "prestige",
        "or": "or",
        "malice": "malice",
        "techno": "techno",
        "ressource": "ressources",
        "ressources": "ressources",
        "projet": "projets",
        "projets": "projets",
    }
)


def _condition(text: str) -> Condition:
    if found := re.fullmatch(r"si vous avez un projet (cache|devoile)", text):
        return HasProject("cache" if found[1] == "cache" else "devoile")
    if (found := re.fullmatch(r"si vous avez au moins " + _N + r" (\w+)", text)) and found[
        2
    ] in _MEASURE_WORDS:
        return AtLeast(_count(found[1]), _MEASURE_WORDS[found[2]])
    if (found := re.fullmatch(r"si vous avez le moins de (\w+)", text)) and found[
        1
    ] in _MEASURE_WORDS:
        return Fewest(_MEASURE_WORDS[found[1]])
    raise EffectError(
        f"condition inconnue « {text} » (connues : si vous avez un projet caché|dévoilé, "
        "si vous avez au moins N …, si vous avez le moins de …)."
    )


_FOLDED_EVENTS: Final[Mapping[str, Event]] = MappingProxyType(
    {_fold(text): event for event, text in EVENTS.items()}
)


def _modifier(text: str) -> Modifier | None:
    if found := re.fullmatch(
        r"vos actions(?: (or|malice|techno))? coutent " + _N + " de moins", text
    ):
        if found[1] == "techno":
            raise EffectError("les actions ne coûtent jamais de techno : rien à réduire.")
        resource: Resource | None = found[1]  # type: ignore[assignment]
        return CostReduction(_count(found[2]), resource)
    if found := re.fullmatch(r"piochez " + _N + " cartes? de plus en refaisant votre main", text):
        return HandSize(_count(found[1]))
    if found := re.fullmatch(_N + " actions? de plus par tour", text):
        return ExtraActions(_count(found[1]))
    if found := re.fullmatch(r"vous pouvez avoir " + _N + " projets? de plus", text):
        return ExtraProjects(_count(found[1]))
    if found := re.fullmatch(r"on ne peut pas vous voler de (prestige|ressources|projets)", text):
        return Immunity(found[1])  # type: ignore[arg-type]
    return None


def _statement(text: str) -> Statement:
    modifier = _modifier(text)
    if modifier is not None:
        return modifier
    head, comma, body = text.partition(", ")
    if text.startswith(("quand ", "au debut ")):
        event = _FOLDED_EVENTS.get(head) if comma else None
        if event is None:
            raise EffectError(
                f"déclencheur inconnu « {head} » (connus : {', '.join(EVENTS.values())})."
            )
        action = _action(body)
        if event not in _EVENTS_WITH_OPPONENT and Target("cet-adversaire") in action.targets():
            raise EffectError(f"« cet adversaire » sans adversaire dans « {EVENTS[event]} ».")
        return Trigger(event, action)
    if text.startswith("si "):
        if not comma:
            raise EffectError(f"condition sans action : « {text} » (si …, ACTION).")
        conditional = Conditional(_condition(head), _action(body))
        _no_that_opponent(conditional.action)
        return conditional
    action = _action(text)
    _no_that_opponent(action)
    return action


def _no_that_opponent(action: Action) -> None:
    if Target("cet-adversaire") in action.targets():
        raise EffectError("« cet adversaire » n'a de sens qu'après « quand un adversaire … ».")


def parse_effect(text: str) -> Effect:
    """Read a program (statements separated by ``;``); ``""`` or ``-`` is the empty program.

    Raises :class:`EffectError` (French message) on anything outside the language.
    """
    folded = _fold(text)
    if folded in ("", "-"):
        return ()
    statements: list[Statement] = []
    for part in folded.split(";"):
        part = part.strip().rstrip(".").strip()
        if not part:
            raise EffectError(f"instruction vide dans « {text.strip()} ».")
        statements.append(_statement(part))
    return tuple(statements)
