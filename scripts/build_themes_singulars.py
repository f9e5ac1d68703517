#!/usr/bin/env python3
"""Build Thèmes' list of dictionary words that end in S on their own (« tapis », « Paris »).

Usage::

    python scripts/build_themes_singulars.py [--dic /usr/share/hunspell/fr.dic] [--check]

« Les mots au pluriel (pour mettre un S en dernier) ne sont pas acceptés »: the rules refuse a
word that is a dictionary word with an S added (« fruits »), but not a word that the dictionary
lists as an entry of its own ending in S — a singular or invariable word (« tapis », « souris »,
« maïs »), a name (« Paris », « Cannes ») or a word only used in the plural (« fiançailles »,
« Alpes »). Those entries are the stems of Grammalecte's Hunspell dictionary (Debian package
``hunspell-fr-comprehensive``, MPL-2.0, the same source as the lexicon, ``docs/lexicon.md``)
that end in S, normalised as the game compares words. ``--check`` fails when the shipped file
differs from what the dictionary gives.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from ludotheque.games.themes.cards import entry_key  # noqa: E402

DIC = Path("/usr/share/hunspell/fr.dic")
OUT = ROOT / "src" / "ludotheque" / "games" / "themes" / "data" / "singuliers-en-s.txt"
HEADER = """\
# Thèmes — mots du dictionnaire qui finissent par S sans être un pluriel en S
#
# Construit par scripts/build_themes_singulars.py (ne pas modifier à la main) depuis les
# entrées du dictionnaire Hunspell de Grammalecte (paquet Debian hunspell-fr-comprehensive,
# MPL-2.0) : « tapis », « souris », « Paris », « fiançailles »… Un mot qui finit par S et qui
# n'est pas dans cette liste, alors que le mot sans son S est au dictionnaire, est un
# pluriel : il est refusé (« Les mots au pluriel (pour mettre un S en dernier) ne sont pas
# acceptés »).
"""


def build(dic: Path = DIC) -> str:
    words: set[str] = set()
    for number, line in enumerate(dic.read_text(encoding="utf-8").splitlines()):
        if number == 0 or not line or line.startswith(("#", "\t", " ")):
            continue
        stem = line.split("/", 1)[0].split()[0]
        if len(stem) > 2 and stem[-1] in "sS" and "." not in stem:
            key = entry_key(stem)
            plain = stem.replace("-", "").replace("'", "")
            if len(key) > 2 and key.endswith("S") and plain.isalpha():
                words.add(key)
    return HEADER + "\n".join(sorted(words)) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dic", type=Path, default=DIC)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    text = build(args.dic)
    if args.check:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} differs from what {args.dic} gives: rerun the script", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"{OUT}: {text.count(chr(10)) - HEADER.count(chr(10))} words")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
