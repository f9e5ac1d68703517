"""The list of dictionary words that end in S on their own is what its script builds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DIC = Path("/usr/share/hunspell/fr.dic")


@pytest.mark.skipif(not DIC.exists(), reason="hunspell-fr-comprehensive is not installed")
def test_the_shipped_singulars_are_what_the_script_builds_from_the_dictionary():
    script = ROOT / "scripts" / "build_themes_singulars.py"
    result = subprocess.run([sys.executable, str(script), "--check"], capture_output=True)
    assert result.returncode == 0, result.stderr
