#!/usr/bin/env python3
"""Build how familiar each entry of Thèmes' vocabularies is, for the bots' levels.

Usage::

    python scripts/build_themes_familiarity.py [--check]

Theme entries are often several words or proper names (« New York », « pomme de terre »,
« Addis-Abeba »), which the dictionary's familiarity table (single dictionary words,
:mod:`ludotheque.lexicon.familiarity`) does not cover. For every key of every shipped
vocabulary (``src/ludotheque/games/themes/data/vocabulaires/``), this script asks the
``wordfreq`` package (extra ``lexicon-build``; French, list « large ») for the Zipf frequency of
the entry as written: wordfreq splits a phrase into its words and combines their frequencies
(1/f = Σ 1/fᵢ: the rarest word dominates), so « New York » is 4.7, « pomme de terre » 4.2,
« Addis-Abeba » 2.7. When one key is written differently in two themes, the most familiar
spelling counts. The result is ``data/familiarite.txt`` (``KEY<TAB>tenths of Zipf``, sorted);
``--check`` rebuilds in memory and exits 1 if the shipped file differs.

>>> table_text({"PARIS": 5.71, "NEMO": 2.38}, "3.1.1").splitlines()[-2:]
['NEMO\\t24', 'PARIS\\t57']
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

try:
    from ludotheque.games.themes.cards import parse_vocabulary
except ImportError:  # run from a source checkout where the package is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from ludotheque.games.themes.cards import parse_vocabulary

REPO_ROOT = Path(__file__).resolve().parents[1]
DATA = REPO_ROOT / "src" / "ludotheque" / "games" / "themes" / "data"
OUT = DATA / "familiarite.txt"
WORDLIST = "large"


def shipped_entries(folder: Path = DATA / "vocabulaires") -> dict[str, list[str]]:
    """Every key of the shipped vocabularies and its spellings (as the files write them)."""
    entries: dict[str, list[str]] = {}
    for path in sorted(folder.glob("*.txt")):
        vocabulary = parse_vocabulary(path.stem, path.read_text(encoding="utf-8"))
        for key, shown in vocabulary.forms.items():
            spellings = entries.setdefault(key, [])
            if shown not in spellings:
                spellings.append(shown)
    return entries


def wordfreq_zipf(text: str) -> float:
    """wordfreq's Zipf frequency of ``text`` (a word or a phrase) in French."""
    import wordfreq

    return float(wordfreq.zipf_frequency(text, "fr", wordlist=WORDLIST))


def familiarities(
    entries: Mapping[str, Iterable[str]], zipf_of: Callable[[str], float] = wordfreq_zipf
) -> dict[str, float]:
    """The Zipf frequency of each key: its most familiar spelling.

    >>> familiarities({"ROSE": ["rose", "Rose"]}, lambda text: 4.0 if text == "rose" else 3.0)
    {'ROSE': 4.0}
    """
    return {key: max(zipf_of(s) for s in spellings) for key, spellings in entries.items()}


def table_text(table: Mapping[str, float], version: str) -> str:
    """The file: a header, then sorted lines ``KEY<TAB>round(10 × Zipf)``."""
    header = [
        "# Thèmes — familiarité des entrées des vocabulaires (robots : vocabulaire par niveau)",
        "#",
        "# Construit par scripts/build_themes_familiarity.py (ne pas modifier à la main).",
        f"# Source : wordfreq {version} (Robyn Speer), français, liste « {WORDLIST} » ;",
        "# données CC-BY-SA 4.0 (voir src/ludotheque/lexicon/data/NOTICE).",
        "# Format : CLÉ<TAB>fréquence Zipf × 10 (log10 des occurrences par milliard de mots) ;",
        "# une locution est estimée par wordfreq à partir de ses mots (le plus rare domine).",
        "",
    ]
    lines = [f"{key}\t{round(zipf * 10)}" for key, zipf in sorted(table.items())]
    return "\n".join([*header, *lines]) + "\n"


def build() -> str:
    """The file's text, from the shipped vocabularies and the installed wordfreq."""
    from importlib.metadata import version

    return table_text(familiarities(shipped_entries()), version("wordfreq"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    args = parser.parse_args(argv)
    text = build()
    if args.check:
        shipped = OUT.read_text(encoding="utf-8") if OUT.is_file() else ""
        if shipped != text:
            print("data/familiarite.txt out of date: run scripts/build_themes_familiarity.py")
            return 1
        print("data/familiarite.txt up to date")
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"{text.count(chr(9))} entries -> {OUT.relative_to(REPO_ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
