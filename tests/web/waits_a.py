"""Waiting for the server's state in the browser tests: read it again until it holds.

A page shows a move before, or after, the server's answers to another client say so; a test
that checks the server after a page action polls with a deadline rather than reading once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def wait_until(
    read: Callable[[], T], holds: Callable[[T], bool], what: str, timeout: float = 15.0
) -> T:
    """``read()`` again every 50 ms until ``holds`` its value; that value. Past ``timeout``
    seconds the test fails, saying ``what`` was awaited and the last value read."""
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if holds(value):
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: still not so after {timeout:g} s (last read: {value!r})")
        time.sleep(0.05)
