"""Table options typed on the command line: ``-o sablier=oui -o comptage=3 -o tuiles=FICHIER``.

The same options as the lobby's (:attr:`GameInfo.options`); a ``text`` option (a component
file) takes the path of the file to read.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ludotheque.core.errors import InvalidOptions
from ludotheque.core.json_types import JsonObject
from ludotheque.core.options import GameInfo

__all__ = ["option_help", "parse_option_flags"]


def parse_option_flags(info: GameInfo, flags: Sequence[str]) -> JsonObject:
    """``NOM=VALEUR`` flags as table options (:class:`InvalidOptions` in French if wrong)."""
    specs = {spec.name: spec for spec in info.options}
    options: JsonObject = {}
    for flag in flags:
        name, equals, value = flag.partition("=")
        name = name.strip()
        if not equals or not name:
            raise InvalidOptions(
                f"Option « {flag} » : écrivez NOM=VALEUR (par exemple sablier=oui)."
            )
        if name == "mode":
            options["mode"] = value.strip()
            continue
        spec = specs.get(name)
        if spec is None:
            known = ", ".join(["mode", *specs]) or "aucune"
            raise InvalidOptions(
                f"Option inconnue pour {info.title} : « {name} » (possibles : {known}).",
                option=name,
            )
        if spec.kind == "text":
            path = Path(value.strip())
            try:
                options[name] = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                reason = getattr(error, "strerror", None) or "fichier illisible"
                raise InvalidOptions(
                    f"Option « {spec.label} » : impossible de lire {path} : {reason}.",
                    option=name,
                ) from None
        else:
            options[name] = spec.parse_text(value)
    return options


def option_help(info: GameInfo) -> str:
    """One line per option, in French, for ``--help`` texts and error messages."""
    lines = []
    for spec in info.options:
        if spec.kind == "choice":
            values = " | ".join(spec.choices)
        elif spec.kind == "int":
            values = f"{spec.minimum}…{spec.maximum}"
        elif spec.kind == "bool":
            values = "oui | non"
        else:
            values = "FICHIER"
        lines.append(f"{spec.name}={values} : {spec.label}")
    return "\n".join(lines)
