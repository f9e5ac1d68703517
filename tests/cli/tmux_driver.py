"""Drive a program in a real terminal: a private tmux server (its own socket), keys sent with
``send-keys``, the screen read with ``capture-pane`` (the whole history).

Every wait polls the screen for what must appear, with a generous deadline: no fixed sleep
stands for an assertion. Without tmux the tests that use it skip, unless
``LUDOTHEQUE_REQUIRE_TMUX=1`` (for CI), where they fail.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

TIMEOUT = 90.0  # seconds to wait for one screen (bots are quick; a loaded CI machine is not)


def tmux_required() -> bool:
    """CI sets LUDOTHEQUE_REQUIRE_TMUX=1: a missing tmux is then a failure."""
    return os.environ.get("LUDOTHEQUE_REQUIRE_TMUX") == "1"


class TmuxError(AssertionError):
    """A tmux command failed (its server gone, say): the command and what tmux said."""


class Terminal:
    """One program in a tmux pane of its own server, ``width`` × ``height`` cells."""

    def __init__(self, socket: str, config: Path, width: int, height: int) -> None:
        self.socket = socket
        self.config = config
        self.width = width
        self.height = height

    def tmux(self, *arguments: str) -> str:
        command = ["tmux", "-L", self.socket, "-f", str(self.config), *arguments]
        done = subprocess.run(command, check=False, capture_output=True, text=True)
        if done.returncode != 0:
            raise TmuxError(f"{shlex.join(command)} failed ({done.returncode}): {done.stderr}")
        return done.stdout

    def start(self, arguments: list[str]) -> None:
        program = shlex.join([sys.executable, "-m", "ludotheque", *arguments])
        size = ["-x", str(self.width), "-y", str(self.height)]
        self.tmux("new-session", "-d", "-s", "jeu", *size, program)

    def screen(self) -> list[str]:
        """Every line printed so far (history and visible part, wrapped lines joined), without
        the empty lines below the last one."""
        lines = self.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "jeu").splitlines()
        while lines and not lines[-1].strip():
            lines.pop()
        return lines

    def visible(self) -> list[str]:
        return self.tmux("capture-pane", "-p", "-t", "jeu").splitlines()

    def program(self) -> str:
        """Whether the program still runs, or how it ended (the pane stays: remain-on-exit)."""
        try:
            dead, status = self.tmux(
                "display-message", "-p", "-t", "jeu", "#{pane_dead} #{pane_dead_status}"
            ).split(" ", 1)
        except TmuxError as error:
            return f"unknown: {error}"
        return f"ended, exit status {status.strip()}" if dead == "1" else "still running"

    def wait(self, ready: Callable[[list[str]], bool], what: str) -> list[str]:
        """The screen once ``ready`` holds for it, polled until a deadline of ``TIMEOUT``
        seconds; past it, an AssertionError that shows the pane (its last 60 lines)."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            lines = self.screen()
            if ready(lines):
                return lines
            if time.monotonic() > deadline:
                shown = "\n".join(lines[-60:])
                raise AssertionError(
                    f"never appeared within {TIMEOUT:.0f} s: {what}\n"
                    f"--- the pane (program {self.program()}), its last 60 lines ---\n{shown}"
                )
            time.sleep(0.05)

    def type(self, text: str) -> None:
        """Type ``text`` and Enter."""
        self.tmux("send-keys", "-t", "jeu", "-l", text)
        self.tmux("send-keys", "-t", "jeu", "Enter")


T = TypeVar("T", bound=Terminal)


def open_terminal(tmp_path: Path, name: str, width: int, height: int, kind: type[T]) -> Iterator[T]:
    """For a fixture: a ``kind`` of terminal on a server of its own, killed afterwards."""
    if shutil.which("tmux") is None:
        if tmux_required():
            pytest.fail("tmux is not installed (LUDOTHEQUE_REQUIRE_TMUX=1)", pytrace=False)
        pytest.skip("tmux is not installed")
    config = tmp_path / "tmux.conf"
    # The pane stays when the program ends (its last screen is read); the history keeps a game.
    config.write_text("set -g remain-on-exit on\nset -g history-limit 100000\n", encoding="utf-8")
    term = kind(f"{name}-{os.getpid()}-{time.monotonic_ns()}", config, width, height)
    try:
        yield term
    finally:
        subprocess.run(["tmux", "-L", term.socket, "kill-server"], check=False, capture_output=True)


def ended(lines: list[str]) -> bool:
    """The program said where it saved the game (its last words)."""
    return any(line.startswith("Partie enregistrée dans") for line in lines)


class PromptTerminal(Terminal):
    """A terminal whose program asks questions matched by ``PROMPT`` (a line ending in ``>``)."""

    PROMPT: re.Pattern[str] = re.compile(r"^.*>")

    def prompts(self, lines: list[str]) -> int:
        return sum(1 for line in lines if self.PROMPT.match(line))

    def waiting(self, lines: list[str], count: int) -> bool:
        """The program asks its ``count``-th question and waits for the answer."""
        return self.prompts(lines) >= count and bool(lines) and lines[-1].rstrip().endswith(">")

    def answer(self, text: str) -> list[str]:
        """Type ``text`` at the question on screen; the screen once the next question (or the
        end of the program) shows."""
        asked = self.prompts(self.screen())
        self.type(text)
        return self.wait(
            lambda lines: self.waiting(lines, asked + 1) or ended(lines),
            f"the question after {text[:80]!r}",
        )
