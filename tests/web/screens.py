"""Screenshots of a page at the two sizes a person looks at: a laptop and a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 375, "height": 812}


def shoot(page: Any, folder: Path, name: str) -> None:
    """``name.png`` at laptop size, then ``name-375.png`` at phone width (the whole page),
    and the page back at laptop size."""
    page.mouse.move(0, 0)
    page.wait_for_timeout(150)
    page.screenshot(path=folder / f"{name}.png")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)
    page.screenshot(path=folder / f"{name}-375.png", full_page=True)
    page.set_viewport_size(LAPTOP)
