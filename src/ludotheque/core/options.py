"""What a game declares about itself: modes, player counts and options.

>>> info = GameInfo(
...     name="demo", title="Démo", summary="Un jeu pour l'exemple.",
...     modes=(Mode("solo", "Solo", 1, 1), Mode("multi", "Plusieurs joueurs", 2, 4)),
...     options=(OptionSpec("manches", "Nombre de manches", "int", 5, minimum=1, maximum=9),),
... )
>>> info.resolve_options(3, {"manches": 7})
{'mode': 'multi', 'manches': 7}
>>> info.resolve_options(1, None)
{'mode': 'solo', 'manches': 5}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from .errors import InvalidOptions
from .json_types import JsonObject, JsonValue

__all__ = ["GameInfo", "Mode", "OptionKind", "OptionSpec"]

OptionKind = Literal["choice", "int", "bool", "text"]


@dataclass(frozen=True, slots=True)
class Mode:
    """A way to play (solo, multiplayer, teams...) with its own player counts."""

    name: str
    title: str
    min_players: int
    max_players: int
    summary: str = ""
    automata: int = 0  # opponents played by the rules themselves (la Rotative in solo)

    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One table option: its kind, default and bounds. ``label`` is what a player reads,
    ``description`` a sentence that explains it, ``choice_labels`` the words a player reads
    for each value of a choice (``("penalite", "Pénalité du livret")``).

    >>> spec = OptionSpec("tirage", "Prise des lettres", "choice", "taille", ("taille", "hasard"),
    ...                   choice_labels=(("taille", "Par taille"),))
    >>> spec.choice_label("taille"), spec.choice_label("hasard")
    ('Par taille', 'hasard')
    """

    name: str
    label: str
    kind: OptionKind
    default: JsonValue
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    modes: tuple[str, ...] = ()  # empty: the option applies to every mode
    with_people: tuple[tuple[int, JsonValue], ...] = ()
    """Other defaults by who sits at the table: ``(n, value)`` is the default when at least
    ``n`` people (not bots) sit there, the last that applies winning. Letter plays the
    rulebook's penalty for a wrong word when a person is at the table: ``((1, "penalite"),)``."""
    with_modes: tuple[tuple[str, JsonValue], ...] = ()
    """Other defaults by mode: ``(mode, value)``, before :attr:`with_people` applies. Gremlins
    plays to 30 prestige in teams, 20 alone: ``(("equipes", 30),)``."""
    description: str = ""
    choice_labels: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        unknown = [value for value, _ in self.choice_labels if value not in self.choices]
        if unknown:
            raise ValueError(f"option {self.name}: labels for unknown choices {unknown}")

    def choice_label(self, value: str) -> str:
        """The words a player reads for a choice's value (the value itself when unnamed)."""
        return dict(self.choice_labels).get(value, value)

    def default_for(self, people: int | None, mode: str | None = None) -> JsonValue:
        """The default at a table of ``people`` people (None: not said, the plain default)
        playing ``mode``.

        >>> spec = OptionSpec("erreurs", "Erreurs", "choice", "refus", ("refus", "penalite"),
        ...                   with_people=((1, "penalite"),))
        >>> spec.default_for(None), spec.default_for(0), spec.default_for(2)
        ('refus', 'refus', 'penalite')
        >>> spec = OptionSpec("prestige", "Prestige", "int", 20, with_modes=(("equipes", 30),))
        >>> spec.default_for(None, "classique"), spec.default_for(None, "equipes")
        (20, 30)
        """
        value = dict(self.with_modes).get(mode, self.default) if mode else self.default
        if people is not None:
            for least, other in self.with_people:
                if people >= least:
                    value = other
        return value

    def validate(self, value: JsonValue) -> JsonValue:
        """The value, checked against this spec (raises :class:`InvalidOptions`)."""
        if self.kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                raise InvalidOptions(
                    f"Option « {self.label} » : valeur « {value} » inconnue "
                    f"(possibles : {', '.join(self.choices)}).",
                    option=self.name,
                )
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOptions(
                    f"Option « {self.label} » : un nombre entier est attendu.", option=self.name
                )
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise InvalidOptions(
                    f"Option « {self.label} » : {value} est hors des bornes "
                    f"({self.minimum} à {self.maximum}).",
                    option=self.name,
                )
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidOptions(
                    f"Option « {self.label} » : oui ou non est attendu.", option=self.name
                )
            return value
        if value is not None and not isinstance(value, str):
            raise InvalidOptions(
                f"Option « {self.label} » : un texte est attendu.", option=self.name
            )
        return value

    def parse_text(self, text: str) -> JsonValue:
        """A value typed by a person (``oui``, ``3``, ``penalite``), checked.

        >>> OptionSpec("sablier", "Sablier", "bool", False).parse_text("oui")
        True
        >>> OptionSpec("plateau", "Côté", "int", 20, minimum=13, maximum=26).parse_text("15")
        15
        """
        word = text.strip()
        if self.kind == "bool":
            lowered = word.lower()
            if lowered in _YES:
                return True
            if lowered in _NO:
                return False
            raise InvalidOptions(
                f"Option « {self.label} » : oui ou non est attendu, pas « {word} ».",
                option=self.name,
            )
        if self.kind == "int":
            try:
                number = int(word)
            except ValueError:
                raise InvalidOptions(
                    f"Option « {self.label} » : un nombre entier est attendu, pas « {word} ».",
                    option=self.name,
                ) from None
            return self.validate(number)
        return self.validate(word)


_YES = frozenset({"oui", "o", "vrai", "1", "true", "yes", "y"})
_NO = frozenset({"non", "n", "faux", "0", "false", "no"})


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The static description of a game, as the registry, CLI and lobby show it."""

    name: str
    title: str
    summary: str
    modes: tuple[Mode, ...]
    options: tuple[OptionSpec, ...] = ()
    hidden_information: bool = False
    simultaneous: bool = False
    chance: bool = False
    authors: str = ""
    listed: bool = True
    tags: tuple[str, ...] = field(default=())

    @property
    def min_players(self) -> int:
        return min(mode.min_players for mode in self.modes)

    @property
    def max_players(self) -> int:
        return max(mode.max_players for mode in self.modes)

    def mode(self, name: str) -> Mode:
        for mode in self.modes:
            if mode.name == name:
                return mode
        raise InvalidOptions(
            f"Mode « {name} » inconnu pour {self.title} "
            f"(possibles : {', '.join(m.name for m in self.modes)}).",
            option="mode",
        )

    def default_mode(self, players: int) -> Mode:
        """The first declared mode that accepts this many players."""
        for mode in self.modes:
            if players in mode.player_counts():
                return mode
        raise InvalidOptions(
            f"{self.title} se joue de {self.min_players} à {self.max_players} joueurs, "
            f"pas à {players}.",
            option="players",
        )

    def resolve_options(
        self,
        players: int,
        options: Mapping[str, JsonValue] | None,
        people: int | None = None,
    ) -> JsonObject:
        """Options completed with defaults and validated, ``mode`` first.

        ``people``: how many of the seats are people (the lobby and the terminal say it), for
        the options whose default depends on it (:attr:`OptionSpec.with_people`)."""
        given = dict(options or {})
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOptions("Le nombre de joueurs doit être un entier.", option="players")
        mode_name = given.pop("mode", None)
        if mode_name is None:
            mode = self.default_mode(players)
        elif not isinstance(mode_name, str):
            raise InvalidOptions("Le mode doit être un nom.", option="mode")
        else:
            mode = self.mode(mode_name)
        if players not in mode.player_counts():
            raise InvalidOptions(
                f"Le mode « {mode.title} » se joue de {mode.min_players} à "
                f"{mode.max_players} joueurs, pas à {players}.",
                option="players",
            )
        resolved: JsonObject = {"mode": mode.name}
        known = {spec.name: spec for spec in self.options}
        for name in given:
            if name not in known:
                raise InvalidOptions(f"Option inconnue : « {name} ».", option=name)
        for spec in self.options:
            if spec.modes and mode.name not in spec.modes:
                if spec.name in given:
                    raise InvalidOptions(
                        f"L'option « {spec.label} » ne s'applique pas au mode « {mode.title} ».",
                        option=spec.name,
                    )
                continue
            value = given[spec.name] if spec.name in given else spec.default_for(people, mode.name)
            resolved[spec.name] = spec.validate(value)
        return resolved
