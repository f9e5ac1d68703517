#!/usr/bin/env python3
"""Draw a random sample of the shipped Thèmes vocabularies, to judge by hand.

Usage::

    python scripts/themes_sample.py [--seed 2025] [--size 300]

Every entry of every shipped vocabulary is one line ``THÈME | entrée`` (theme order of
``themes.txt``, then each vocabulary's order); ``random.Random(seed).sample`` draws ``size`` of
them, printed in the order drawn. The judged sample and its count of wrong entries are in
``docs/themes-sample.md`` (method: ``docs/themes-cards.md``); a test checks that the sample
recorded there is what this script draws from the shipped files.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

try:
    from ludotheque.games.themes.cards import theme_names, vocabulary
except ImportError:  # run from a source checkout where the package is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from ludotheque.games.themes.cards import theme_names, vocabulary

SEED = 2025
SIZE = 300


def population() -> list[tuple[str, str]]:
    """Every (theme, entry as shown) of the shipped vocabularies."""
    return [(theme, form) for theme in theme_names() for form in vocabulary(theme).forms.values()]


def draw(seed: int = SEED, size: int = SIZE) -> list[tuple[str, str]]:
    """``size`` entries drawn without replacement by ``random.Random(seed)``."""
    return random.Random(seed).sample(population(), size)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--size", type=int, default=SIZE)
    args = parser.parse_args(argv)
    for index, (theme, form) in enumerate(draw(args.seed, args.size), start=1):
        print(f"{index:3d}. {theme} | {form}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
