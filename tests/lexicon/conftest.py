"""Shared fixtures of the lexicon tests.

Tests that need Grammalecte's Hunspell files (Debian package
``hunspell-fr-comprehensive``) or spylls skip when they are missing, unless
``LUDOTHEQUE_REQUIRE_HUNSPELL=1`` (set by CI), where they fail.
``LUDOTHEQUE_HUNSPELL_DIR`` points to another directory than /usr/share/hunspell.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
SCRIPT = REPO_ROOT / "scripts" / "build_lexicon.py"
DATA_DIR = REPO_ROOT / "src" / "ludotheque" / "lexicon" / "data"
#: Where fr.aff/fr.dic are looked for; LUDOTHEQUE_HUNSPELL_DIR overrides it.
HUNSPELL_DIR = Path(os.environ.get("LUDOTHEQUE_HUNSPELL_DIR", "/usr/share/hunspell"))


def hunspell_required() -> bool:
    """CI sets LUDOTHEQUE_REQUIRE_HUNSPELL=1: missing inputs are then failures."""
    return os.environ.get("LUDOTHEQUE_REQUIRE_HUNSPELL") == "1"


def skip_or_fail(reason: str) -> None:
    """Skip the test, or fail it when the Hunspell inputs are required."""
    if hunspell_required():
        pytest.fail(f"{reason} (LUDOTHEQUE_REQUIRE_HUNSPELL=1)", pytrace=False)
    pytest.skip(reason)


def require_spylls() -> None:
    """Skip (or fail, see above) when spylls (extra ``lexicon-build``) is absent."""
    if importlib.util.find_spec("spylls") is None:
        skip_or_fail("spylls is not installed (pip install -e '.[lexicon-build]')")


def require_hunspell_files() -> Path:
    """The directory of fr.aff/fr.dic, or skip/fail when they are absent."""
    for name in ("fr.aff", "fr.dic"):
        if not (HUNSPELL_DIR / name).is_file():
            skip_or_fail(
                f"{HUNSPELL_DIR / name} is absent (apt-get install hunspell-fr-comprehensive)"
            )
    require_spylls()
    return HUNSPELL_DIR


@pytest.fixture(scope="session")
def build() -> ModuleType:
    """The generator script, imported as a module."""
    spec = importlib.util.spec_from_file_location("build_lexicon", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def manifest() -> dict[str, Any]:
    """The shipped manifest.json."""
    data: dict[str, Any] = json.loads((DATA_DIR / "manifest.json").read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="session")
def skip_or_fail_rule() -> Callable[[str], None]:
    """The skip/fail rule itself, for its own test."""
    return skip_or_fail


@pytest.fixture(scope="session")
def hunspell_dir() -> Path:
    """Directory of the installed fr.aff/fr.dic (skip or fail when absent)."""
    return require_hunspell_files()


@pytest.fixture(scope="session")
def real_dictionary(build: ModuleType, hunspell_dir: Path) -> tuple[Any, list[Any]]:
    """``(AffixTable, entries)`` parsed from the installed fr.aff/fr.dic."""
    table, entries = build.load_dictionary(hunspell_dir)
    return table, entries


@pytest.fixture(scope="session")
def spylls_dictionary(hunspell_dir: Path) -> Any:
    """spylls' reading of the installed dictionary (hunspell's own checker)."""
    from spylls.hunspell import Dictionary

    return Dictionary.from_files(str(hunspell_dir / "fr"))
