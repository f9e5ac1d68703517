"""Reading an answer against the rules' hourglass, with the seconds left shown live.

In a terminal, the line above the prompt counts down every second (the cursor is saved and
restored around it, so what the person is typing stays put); when the time is out, what was
typed is dropped and ``None`` is returned. Reading from a pipe, there is nothing to redraw: an
answer read after the end counts as too late.
"""

from __future__ import annotations

import select
import sys
import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["TimedAsk", "hourglass_line", "timed_input"]

TimedAsk = Callable[[str, float], "str | None"]

_SAVE, _RESTORE, _UP, _CLEAR = "\x1b7", "\x1b8", "\x1b[1A", "\x1b[2K"


def hourglass_line(left: float, label: str = "Sablier") -> str:
    """The status line: ``⏳ Sablier : 23 s``.

    >>> hourglass_line(22.2), hourglass_line(9, "Les robots cherchent")
    ('⏳ Sablier : 23 s', '⏳ Les robots cherchent : 9 s')
    """
    seconds = max(0, int(-(-left // 1)))
    return f"⏳ {label} : {seconds} s"


def timed_input(
    prompt: str,
    seconds: float,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    clock: Callable[[], float] = time.monotonic,
    label: str = "Sablier",
) -> str | None:
    """The line typed within ``seconds``, or ``None`` once the time is out (EOFError at the end).

    ``label`` names what is counted (« Sablier », or the robots' thinking time in a race)."""
    source = stdin or sys.stdin
    out = stdout or sys.stdout
    end = clock() + seconds
    live = source.isatty() and out.isatty()
    out.write(f"{hourglass_line(seconds, label)}\n{prompt}")
    out.flush()
    while True:
        left = end - clock()
        if left <= 0:
            if live:
                _drop_typed(source)
            out.write("\n")
            out.flush()
            return None
        if not live:
            line = source.readline()
            if not line:
                raise EOFError
            return None if clock() > end else line.rstrip("\n")
        ready, _, _ = select.select([source], [], [], min(1.0, left))
        if ready:
            line = source.readline()
            if not line:
                raise EOFError
            return line.rstrip("\n")
        now_left = end - clock()
        out.write(f"{_SAVE}{_UP}\r{_CLEAR}{hourglass_line(now_left, label)}{_RESTORE}")
        out.flush()


def _drop_typed(source: TextIO) -> None:
    """Forget a half-typed line, so it is not read as the next answer."""
    try:
        import termios

        termios.tcflush(source.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):
        pass
