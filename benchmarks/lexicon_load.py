#!/usr/bin/env python3
"""Benchmark: load time and memory of ``ludotheque.lexicon.common_words()``.

Run with ``python benchmarks/lexicon_load.py [--repeat 7]``. Every measure runs
in a fresh subprocess (several repetitions, median reported):

* time and RSS: wall time of the load, and growth of the resident set
  (``/proc/self/statm``) that the loaded list keeps;
* tracemalloc: peak of Python allocations during the load (separate runs,
  since tracing slows allocation down).

Compared in the same run with a naive baseline, ``set(open(f).read().split())``
on the uncompressed list, and with an xz-compressed variant of the same data
(the format that was not chosen). Results are recorded in docs/performance.md.
"""

from __future__ import annotations

import argparse
import gzip
import json
import lzma
import statistics
import subprocess
import sys
import tempfile
from importlib import resources
from pathlib import Path

CHILD = r"""
import json, os, sys, time, tracemalloc

mode, case, path = sys.argv[1], sys.argv[2], sys.argv[3]

def rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

def load():
    if case == "common_words":
        from ludotheque.lexicon import common_words
        return common_words()
    if case == "naive":
        with open(path) as f:
            return set(f.read().split())
    if case == "xz":
        import lzma
        from ludotheque.lexicon.wordlist import Lexicon
        with open(path, "rb") as f:
            return Lexicon.from_sorted_text(lzma.decompress(f.read()).decode("ascii"))
    raise SystemExit(f"unknown case {case}")

# Import what the loaders need outside the measure.
import gzip, lzma
import ludotheque.lexicon.wordlist  # noqa: F401

if mode == "time":
    before = rss()
    start = time.perf_counter()
    words = load()
    elapsed = time.perf_counter() - start
    after = rss()
    print(json.dumps({"seconds": elapsed, "rss": after - before, "count": len(words)}))
else:
    tracemalloc.start()
    words = load()
    _, peak = tracemalloc.get_traced_memory()
    print(json.dumps({"peak": peak, "count": len(words)}))
"""

CASES = {
    "common_words": "common_words() (gzip, packaged)",
    "xz": "same data xz-compressed (rejected format)",
    "naive": "baseline: set(open(txt).read().split())",
}


def run_child(mode: str, case: str, path: Path) -> dict[str, float]:
    """One measure in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, mode, case, str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print medians and ratios to the baseline."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=7, help="runs per measure (default 7)")
    # parse_known_args: benchmarks/run.py runs this file with its own arguments.
    args, _ = parser.parse_known_args(argv)

    packed = resources.files("ludotheque.lexicon").joinpath("data", "common.txt.gz").read_bytes()
    text = gzip.decompress(packed)
    with tempfile.TemporaryDirectory() as tmp:
        plain = Path(tmp) / "common.txt"
        plain.write_bytes(text)
        xz = Path(tmp) / "common.txt.xz"
        xz.write_bytes(lzma.compress(text, preset=9 | lzma.PRESET_EXTREME))
        paths = {"common_words": Path(), "naive": plain, "xz": xz}
        sizes = {"common_words": len(packed), "naive": len(text), "xz": xz.stat().st_size}

        medians: dict[str, dict[str, float]] = {}
        for case in CASES:
            timed = [run_child("time", case, paths[case]) for _ in range(args.repeat)]
            traced = [run_child("trace", case, paths[case]) for _ in range(args.repeat)]
            medians[case] = {
                "seconds": statistics.median(r["seconds"] for r in timed),
                "rss": statistics.median(r["rss"] for r in timed),
                "peak": statistics.median(r["peak"] for r in traced),
                "count": timed[0]["count"],
                "bytes": sizes[case],
            }

    base = medians["naive"]
    mib = 1024 * 1024
    print(f"Python {sys.version.split()[0]}, {args.repeat} runs per measure, medians")
    print(
        f"{'case':44} {'file':>9} {'time':>9} {'×base':>6} {'RSS Δ':>9} "
        f"{'×base':>6} {'tracemalloc':>11} {'×base':>6}"
    )
    for case, label in CASES.items():
        m = medians[case]
        print(
            f"{label:44} {m['bytes'] / mib:7.2f}MB {m['seconds'] * 1000:7.0f}ms "
            f"{m['seconds'] / base['seconds']:6.2f} {m['rss'] / mib:7.1f}MB "
            f"{m['rss'] / base['rss']:6.2f} {m['peak'] / mib:9.1f}MB "
            f"{m['peak'] / base['peak']:6.2f}"
        )
    words = int(medians["common_words"]["count"])
    goal_time = medians["common_words"]["seconds"] <= 0.3
    goal_mem = max(medians["common_words"]["rss"], medians["common_words"]["peak"]) <= 80 * mib
    print(
        f"{words} words; goals ≤ 0.3 s: {'met' if goal_time else 'MISSED'}, "
        f"≤ 80 MB: {'met' if goal_mem else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
