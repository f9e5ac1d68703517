"""``docs/architecture.md`` names only what exists: every file, module and function it cites.

A reference is a code span of the doc (between backticks), of two kinds:

- a **path**: it ends in a file extension or a ``/`` (``core/moves.py``,
  ``docs/rules/letter.md``, ``web/static/js/games/``). It is looked up from the
  repository root and from ``src/ludotheque/``; under a heading that names a game's package
  (``games/letter/``) from that package first; a bare file name elsewhere (``state.py`` in the
  shape of a game package) must exist somewhere under ``src/ludotheque/`` or ``tests/``.
- a **dotted name** (``moves.prepare``, ``Match.commit``, ``GutenbergState.start_round``), call
  parentheses and arguments dropped: its first part is a module (of the heading's game package,
  else of ``ludotheque`` or one of its packages) or a name one of those modules defines, and
  every further part an attribute.

Spans leaving the repository (``../``), templates (``<game>``, ``*``, ``…``) and code spans
with spaces are no references. Under a game's heading, the numbers of a table's last column
(« Rules ») are numbered entries of that game's ``docs/rules/<game>.md``.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "ludotheque"
DOC = ROOT / "docs" / "architecture.md"
PACKAGES = ("core", "bots", "lexicon", "games", "cli", "server")
LOWER_LAYERS = ("core", "bots", "lexicon")

_SPAN = re.compile(r"`([^`\n]+)`")
_HEADING = re.compile(r"^#{1,6} ")
_GAME = re.compile(r"games/(\w+)/")
_EXTENSION = re.compile(r"\.(py|md|js|html|css|txt|json|toml)$")
_DOTTED = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)+$")
_NOT_A_REFERENCE = re.compile(r"[<>*…\s]|^\.\./")


def references(text: str) -> list[tuple[str | None, str]]:
    """(game package or None, reference) for every reference of ``text``, in order."""
    found: list[tuple[str | None, str]] = []
    game: str | None = None
    for line in text.splitlines():
        if _HEADING.match(line):
            named = _GAME.search(line)
            game = named.group(1) if named else None
        for span in _SPAN.findall(line):
            span = span.split("(", 1)[0]
            if _NOT_A_REFERENCE.search(span):
                continue
            if _EXTENSION.search(span) or span.endswith("/") or _DOTTED.match(span):
                found.append((game, span))
    return found


def path_exists(game: str | None, path: str) -> bool:
    bases = [SOURCE / "games" / game] if game else []
    bases += [ROOT, SOURCE]
    if any((base / path).exists() for base in bases):
        return True
    if game is not None or "/" in path.rstrip("/"):
        return False
    return any(any(base.rglob(path.rstrip("/"))) for base in (SOURCE, ROOT / "tests"))


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and name.startswith(error.name):
            return None
        raise


def _scopes(game: str | None) -> list[str]:
    """Where a dotted name's first part is looked for: under a game's heading, that game and
    the layers it may import; elsewhere every layer and every game."""
    if game:
        return [
            f"ludotheque.games.{game}",
            *(f"ludotheque.{p}" for p in LOWER_LAYERS),
            "ludotheque",
        ]
    games = sorted(
        f"ludotheque.games.{info.name}"
        for info in pkgutil.iter_modules([str(SOURCE / "games")])
        if info.ispkg
    )
    return [*(f"ludotheque.{package}" for package in PACKAGES), *games, "ludotheque"]


@cache
def _modules_of(package: str) -> tuple[ModuleType, ...]:
    """The package and its direct modules, imported."""
    top = importlib.import_module(package)
    found = [top]
    for info in pkgutil.iter_modules(getattr(top, "__path__", [])):
        if info.name == "__main__":  # runs the command
            continue
        module = _module(f"{package}.{info.name}")
        if module is not None:
            found.append(module)
    return tuple(found)


def _attributes(start: object, parts: list[str], qualified: str) -> bool:
    found = start
    for part in parts:
        if hasattr(found, part):
            found = getattr(found, part)
            continue
        qualified = f"{qualified}.{part}"
        submodule = _module(qualified) if isinstance(found, ModuleType) else None
        if submodule is None:
            return False
        found = submodule
    return True


def name_exists(game: str | None, dotted: str) -> bool:
    first, *rest = dotted.split(".")
    if dotted.startswith("ludotheque."):
        return _module(dotted) is not None or _attributes(
            importlib.import_module("ludotheque"), dotted.split(".")[1:], "ludotheque"
        )
    for scope in _scopes(game):
        module = _module(f"{scope}.{first}")
        if module is not None and _attributes(module, rest, f"{scope}.{first}"):
            return True
    for scope in _scopes(game):
        for module in _modules_of(scope):
            found = getattr(module, first, None)
            if found is not None and _ours(found, module) and _attributes(found, rest, first):
                return True
    return False


def _ours(found: object, module: ModuleType) -> bool:
    """Whether ``found`` is the project's: a name it defines, not one it imports from a
    library (whose objects have attributes of their own)."""
    owner = getattr(found, "__module__", None)
    if isinstance(found, ModuleType):
        owner = found.__name__
    return (owner or module.__name__).startswith("ludotheque")


def exists(game: str | None, reference: str) -> bool:
    if reference.endswith("/") or _EXTENSION.search(reference):
        return path_exists(game, reference)
    return name_exists(game, reference)


_RULE_ENTRY_ROW = re.compile(r"^\|.*\|\s*([^|]*?)\s*\|\s*$")


def rule_entries(text: str) -> list[tuple[str, int]]:
    """(game, entry number) for the last column of every table row under a game's heading."""
    found: list[tuple[str, int]] = []
    game: str | None = None
    for line in text.splitlines():
        if _HEADING.match(line):
            named = _GAME.search(line)
            game = named.group(1) if named else None
            continue
        row = _RULE_ENTRY_ROW.match(line)
        if game is None or row is None or set(row.group(1)) <= set("-: "):
            continue
        found.extend((game, int(number)) for number in re.findall(r"\b\d+\b", row.group(1)))
    return found


def entry_exists(game: str, number: int) -> bool:
    rules = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    return re.search(rf"^{number}\. ", rules, re.MULTILINE) is not None


def test_every_reference_of_the_architecture_doc_exists():
    found = references(DOC.read_text(encoding="utf-8"))
    assert len(found) > 100, "the doc names the code it describes"
    missing = sorted({f"{game or '-'}: {ref}" for game, ref in found if not exists(game, ref)})
    assert not missing, "docs/architecture.md cites what does not exist:\n" + "\n".join(missing)


def test_every_rules_entry_of_the_architecture_doc_exists():
    found = rule_entries(DOC.read_text(encoding="utf-8"))
    assert {game for game, _ in found} >= {"gutenberg", "letter", "themes", "gremlins"}
    missing = sorted({f"{game}: {n}" for game, n in found if not entry_exists(game, n)})
    assert not missing, "docs/rules/<game>.md has no such entry:\n" + "\n".join(missing)


@pytest.mark.parametrize(
    ("game", "reference", "expected"),
    [
        (None, "core/moves.py", True),
        (None, "docs/rules/letter.md", True),
        (None, "web/static/js/games/base.js", True),
        (None, "state.py", True),
        (None, "core/nowhere.py", False),
        ("letter", "paths.py", True),
        ("letter", "effects.py", False),
        (None, "moves.prepare", True),
        (None, "Match.commit", True),
        (None, "PendingMove.describe", True),
        (None, "ludotheque.core.moves", True),
        (None, "moves.dispatch", False),
        (None, "Match.rollback", False),
        ("gutenberg", "GutenbergState.start_round", True),
        ("gutenberg", "state.claim_quota", True),
        ("gutenberg", "views.build_view", True),
        ("gutenberg", "views.nothing_here", False),
        ("gremlins", "steps.end_reason", True),
        ("gremlins", "GutenbergState.start_round", False),
    ],
)
def test_the_checker_finds_what_exists_and_only_that(game, reference, expected):
    assert exists(game, reference) is expected


def test_references_follow_the_headings_and_skip_what_is_no_reference():
    text = "\n".join(
        [
            "# Map",
            "`core/moves.py`, `moves.prepare(game, state)`, `../shared/x.md`, `<game>.py`",
            "`etat`, `view(None)`, `a b.c`, `ludotheque-record/1`",
            "## Letter (`games/letter/`)",
            "| rule | `paths.new_words` | 8, 9–10 |",
            "## Decisions",
            "| rule | `x.py` | 3 |",
        ]
    )
    assert references(text) == [
        (None, "core/moves.py"),
        (None, "moves.prepare"),
        ("letter", "games/letter/"),
        ("letter", "paths.new_words"),
        (None, "x.py"),
    ]
    assert rule_entries(text) == [("letter", 8), ("letter", 9), ("letter", 10)]
