#!/usr/bin/env python3
"""Build the word familiarity table of the bots from wordfreq's French frequencies.

Usage::

    python scripts/build_familiarity.py [--out src/ludotheque/lexicon/data] [--check]

For every word of the shipped dictionary (common words and proper nouns), its everyday
frequency on the Zipf scale (log10 of occurrences per billion words) according to the
``wordfreq`` package (extra ``lexicon-build``; its ``large`` French list, built from
subtitles, Wikipedia, news, books, web text and social media). Forms that normalise to the
same key (« élève », « élevé », « elevé ») add their frequencies. Words that wordfreq does not
know are left out (familiarity 0). The table is written as ``familiarity.txt.gz`` (ASCII,
sorted, ``WORD<TAB>tenths of Zipf``) with ``familiarity.json`` (wordfreq's version, counts,
SHA-256). ``--check`` rebuilds in memory and exits 1 if the shipped table differs.

>>> round(zipf_of_frequency(1e-6), 2)
3.0
>>> table_text({"MAISON": 5.53, "ZYTHUM": 1.04})
'MAISON\\t55\\nZYTHUM\\t10\\n'
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import sys
from collections import defaultdict
from collections.abc import Iterable, Mapping
from pathlib import Path

try:
    from ludotheque.lexicon import common_words, normalize, proper_nouns
except ImportError:  # run from a source checkout where the package is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from ludotheque.lexicon import common_words, normalize, proper_nouns

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO_ROOT / "src" / "ludotheque" / "lexicon" / "data"
TABLE_FILE = "familiarity.txt.gz"
MANIFEST_FILE = "familiarity.json"
WORDLIST = "large"


def zipf_of_frequency(frequency: float) -> float:
    """The Zipf value of a frequency (a share of all words): log10 per billion words."""
    return math.log10(frequency) + 9


def familiarities(frequencies: Mapping[str, float], dictionary: Iterable[str]) -> dict[str, float]:
    """Zipf value of each ``dictionary`` word found in ``frequencies`` (surface forms, any
    case and accents: the forms of one normalised key add up)."""
    wanted = set(dictionary)
    totals: dict[str, float] = defaultdict(float)
    for form, frequency in frequencies.items():
        try:
            key = normalize(form)
        except Exception:  # a form normalize cannot read: not a dictionary word anyway
            continue
        if key in wanted:
            totals[key] += frequency
    return {key: zipf_of_frequency(total) for key, total in totals.items()}


def table_text(table: Mapping[str, float]) -> str:
    """The file's text: sorted lines ``WORD<TAB>tenths of Zipf``."""
    return "".join(f"{word}\t{round(zipf * 10)}\n" for word, zipf in sorted(table.items()))


def build() -> tuple[str, str]:
    """The table's text and wordfreq's version."""
    from importlib.metadata import version

    import wordfreq

    frequencies = wordfreq.get_frequency_dict("fr", wordlist=WORDLIST)
    dictionary = [*common_words().words, *proper_nouns().words]
    return table_text(familiarities(frequencies, dictionary)), version("wordfreq")


def compressed(text: str) -> bytes:
    """gzip level 9, no name, timestamp 0: the same bytes on every machine."""
    return gzip.compress(text.encode("ascii"), compresslevel=9, mtime=0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--check", action="store_true", help="compare with the shipped table")
    args = parser.parse_args(argv)
    text, wordfreq_version = build()
    if args.check:
        shipped = gzip.decompress((args.out / TABLE_FILE).read_bytes()).decode("ascii")
        if shipped != text:
            print("familiarity table out of date: run scripts/build_familiarity.py")
            return 1
        print("familiarity table up to date")
        return 0
    data = compressed(text)
    (args.out / TABLE_FILE).write_bytes(data)
    manifest = {
        "source": "wordfreq (Robyn Speer), French, wordlist « large »",
        "wordfreq_version": wordfreq_version,
        "license": "wordfreq data: CC-BY-SA 4.0 (see NOTICE)",
        "generator": "scripts/build_familiarity.py",
        "format": "gzip ASCII, sorted, WORD<TAB>round(10 × Zipf), dictionary words only",
        "count": text.count("\n"),
        "sha256": hashlib.sha256(text.encode("ascii")).hexdigest(),
        "compressed_bytes": len(data),
    }
    text_out = json.dumps(manifest, indent=2, ensure_ascii=False) + "\n"
    (args.out / MANIFEST_FILE).write_text(text_out, encoding="utf-8")
    print(f"{manifest['count']} words, {len(data)} bytes -> {args.out / TABLE_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
