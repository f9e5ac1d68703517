"""The thousand random games per game of ``test_thousand_games.py`` play beside the suite.

When that test is selected, its games start as soon as the suite is collected, in background
processes at the lowest priority (Linux's idle scheduling class through ``chrt --idle 0``, else
``nice 19``: the other tests keep the machine's cores first),
and the test itself is moved to the very end of the run, where it waits for their summaries.
``LUDOTHEQUE_RL_GAMES`` sets how many games per game (default 1,000; fewer for a quick local
run). The processes are stopped when the session ends.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

TEST = "test_thousand_games.py::test_random_masked_play_reaches_the_end_of_every_game"
GAMES = ("gutenberg", "letter", "themes", "gremlins")
# The lowest priority there is: Linux's idle class (the games run only on a core nothing else
# wants, so the browser tests' timings are not disturbed), else nice 19.
IDLE = ["chrt", "--idle", "0"] if shutil.which("chrt") else ["nice", "-n", "19"]
# Letter costs about half of the CPU (its sampler and menus search words): two processes.
SPLIT = {"letter": 2}


def games_per_game() -> int:
    return int(os.environ.get("LUDOTHEQUE_RL_GAMES", "1000"))


@dataclass
class Chunk:
    game: str
    first: int
    count: int
    output: Path
    process: subprocess.Popen[bytes]
    log: Path


@dataclass
class Background:
    folder: Path
    started: float
    chunks: list[Chunk] = field(default_factory=list)

    def promote(self) -> None:
        """The suite is over: the games still playing take a normal share of the cores.

        The idle class only ever gets a core nothing else wants; on a machine that another
        process keeps busy (``scripts/stress_suite.sh``) the games would get no CPU at all and
        never end. On a quiet machine nothing else runs by now, so this changes nothing there.
        """
        for chunk in self.chunks:
            if chunk.process.poll() is not None:
                continue
            tasks = Path(f"/proc/{chunk.process.pid}/task")
            threads = [int(t.name) for t in tasks.iterdir()] if tasks.is_dir() else []
            for thread in threads or [chunk.process.pid]:
                with contextlib.suppress(OSError, AttributeError):  # gone, or not Linux
                    os.sched_setscheduler(thread, os.SCHED_OTHER, os.sched_param(0))
                with contextlib.suppress(OSError):  # nice 19 back to 0: root may
                    os.setpriority(os.PRIO_PROCESS, thread, 0)

    def stop(self) -> None:
        for chunk in self.chunks:
            if chunk.process.poll() is None:
                chunk.process.kill()
                chunk.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


BACKGROUND = pytest.StashKey[Background]()


def start(count: int) -> Background:
    folder = Path(tempfile.mkdtemp(prefix="ludotheque-rl-"))
    background = Background(folder, time.monotonic())
    for game in GAMES:
        parts = SPLIT.get(game, 1)
        size = -(-count // parts)
        for first in range(0, count, size):
            number = min(size, count - first)
            output = folder / f"{game}-{first}.json"
            log = folder / f"{game}-{first}.log"
            command = [
                *IDLE, sys.executable, "-m", "ludotheque.rl.random_play",
                "--game", game, "--games", str(number), "--first", str(first), "--check-spaces",
                "--json", str(output),
            ]  # fmt: skip
            with log.open("wb") as errors:
                process = subprocess.Popen(
                    command,
                    stdout=subprocess.DEVNULL,
                    stderr=errors,
                )
            background.chunks.append(Chunk(game, first, number, output, process, log))
    return background


def pytest_collection_modifyitems(config: pytest.Config, items: list[Any]) -> None:
    chosen = [item for item in items if item.nodeid.split("tests/rl/")[-1].startswith(TEST)]
    for item in chosen:  # to the end: they wait for the background games
        items.remove(item)
        items.append(item)
    if chosen and not config.option.collectonly and BACKGROUND not in config.stash:
        config.stash[BACKGROUND] = start(games_per_game())


def pytest_unconfigure(config: pytest.Config) -> None:
    background = config.stash.get(BACKGROUND, None)
    if background is not None:
        background.stop()


@pytest.fixture(scope="session")
def background_games(pytestconfig: pytest.Config) -> Background:
    background = pytestconfig.stash.get(BACKGROUND, None)
    if background is None:  # selected by a path pytest did not collect through here
        background = pytestconfig.stash[BACKGROUND] = start(games_per_game())
    return background
