"""Run every benchmark of the project: ``python benchmarks/run.py [NAME...]``.

Each benchmark is a sibling script with a ``main()``; each measures its subject against a
baseline in the same run and prints medians and ratios. Those in ``QUICK_UNLESS_NAMED`` (the
web load test: minutes, and both cores; the environments' 4,000 random games: 20 minutes) run
in their ``--quick`` form unless named.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Run in their ``--quick`` form unless named: a run of everything stays short.
QUICK_UNLESS_NAMED = {"web_load", "rl_random_play"}


def main(argv: list[str]) -> None:
    scripts = sorted(
        p for p in HERE.glob("*.py") if p.name != "run.py" and not p.name.startswith("_")
    )
    wanted = set(argv)
    for script in scripts:
        if wanted and script.stem not in wanted:
            continue
        print(f"== {script.stem}", flush=True)
        saved = sys.argv
        if not wanted and script.stem in QUICK_UNLESS_NAMED:
            sys.argv = [*saved, "--quick"]
        try:
            runpy.run_path(str(script), run_name="__main__")
        finally:
            sys.argv = saved


if __name__ == "__main__":
    main(sys.argv[1:])
