"""Static checks run inside the test command: ruff on the tree, mypy --strict on the package."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_is_clean():
    result = run("ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean():
    result = run("mypy", "--strict", "src/ludotheque")
    assert result.returncode == 0, result.stdout + result.stderr


def readme_blocks() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [block.strip() for block in re.findall(r"```(?:sh|bash)\n(.*?)```", text, re.S)]


def test_readme_opens_with_the_two_commands_and_ci_runs_the_second():
    blocks = readme_blocks()
    assert len(blocks) >= 2
    install_and_run, install_and_test = blocks[0], blocks[1]
    assert "pip install" in install_and_run and "ludotheque" in install_and_run
    assert "pytest" in install_and_test
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert install_and_test in ci, "the CI script must run the README's test command verbatim"


def test_every_test_named_in_the_rules_docs_exists():
    """docs/rules/<game>.md cites a test for each decision: each cited name must be a test."""
    defined = {
        match.group(1)
        for path in (ROOT / "tests").rglob("test_*.py")
        for match in re.finditer(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
    }
    missing = {}
    for doc in sorted((ROOT / "docs" / "rules").glob("*.md")):
        cited = set(re.findall(r"`(test_\w+)(?:\[[^\]]*\])?`", doc.read_text(encoding="utf-8")))
        absent = sorted(cited - defined)
        if absent:
            missing[doc.name] = absent
        assert cited or doc.stem == "encheres", f"{doc.name} cites no test"
    assert not missing, missing
