"""Letter's table page as a person reads it (issue 15, § 4): the board's coordinates drawn on
its edges, the whole table on a laptop screen (1366 × 768) without scrolling the page, usable
at 375 px, no internal tile id anywhere, and a knock told in the journal.

Headless Chromium against a live server (see ``conftest.py``); the helpers that play the deal
and the first round come from ``test_letter_browser.py``.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from .screens import LAPTOP, PHONE, shoot
from .test_letter_browser import (
    MY_TURN,
    TIMEOUT,
    create_letter_table,
    play_deal_and_first_round,
    server_state,
)

LiveServer = Any

ID = re.compile(r"\bT\d+\b|\bB\d\b")  # the tiles' ids (T05) and the blanks' (B1)


def fits_the_window(page: Any) -> None:
    """Nothing of the page below the window, and nothing of the board hidden in its box."""
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= LAPTOP["height"], f"the page is {height} px tall at 1366 × 768"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= LAPTOP["width"], f"the page is {width} px wide"
    box = page.evaluate(
        """() => { const b = document.querySelector('.l-plateau-boite');
                   return [b.scrollWidth - b.clientWidth, b.scrollHeight - b.clientHeight]; }"""
    )
    assert box == [0, 0], f"the board is cut in its box (hidden width, height: {box})"


def coordinates_drawn(page: Any) -> None:
    columns = page.locator("#plateau .l-coord--colonne")
    rows = page.locator("#plateau .l-coord--ligne")
    assert columns.all_inner_texts() == list("abcdefghijklmnopqrst")
    assert rows.all_inner_texts() == [str(n) for n in range(1, 21)]
    letters = "abcdefghijklmnopqrst"
    # A cell under a tile is drawn by the tile, not as an empty cell: each label is measured
    # against an empty cell of its column or row (the server draws each table's seed).
    for label, cells, axis in (
        (columns.nth(6), [f"g{n}" for n in range(1, 21)], "x"),  # g above column g
        (rows.nth(7), [f"{c}8" for c in letters], "y"),  # 8 beside row 8
        (columns.nth(19), [f"t{n}" for n in range(1, 21)], "x"),  # the last column: not cut
    ):
        assert label.is_visible()
        empty = ", ".join(f'.l-case[data-case="{cell}"]' for cell in cells)
        mark, target = label.bounding_box(), page.locator(empty).first
        cell = target.get_attribute("data-case")
        place = target.bounding_box()
        size = "width" if axis == "x" else "height"
        centre = mark[axis] + mark[size] / 2
        assert place[axis] <= centre <= place[axis] + place[size], (cell, mark, place)
        assert place[axis] + place[size] <= LAPTOP["width" if axis == "x" else "height"]


def no_tile_id(page: Any) -> None:
    text = page.inner_text("body")
    assert not ID.search(text), ID.search(text)


def knock_in_the_window(page: Any, server: LiveServer, table_id: str) -> str:
    """Wait for a knock window after the bot's turn; knock with two touching letters."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        page.wait_for_selector(MY_TURN, timeout=(deadline - time.monotonic()) * 1000)
        phase = page.get_attribute("#jeu", "data-phase")
        state = server_state(server, table_id)
        pairs = [
            (p.tile.id, other)
            for p in state.board.placed
            if p.tile.letter
            for other in sorted(state.board.neighbours(p.tile.id))
            if state.catalog[other].letter
        ]
        if phase == "frappe" and pairs:
            first, second = pairs[0]
            page.click(f'#plateau [data-piece="{first}"]')
            page.click(f'#plateau [data-piece="{second}"]')
            word = page.inner_text("#mot-trace strong")
            page.click("#btn-frapper")
            return word
        if phase == "frappe":
            page.click("#btn-pas-de-frappe")
        else:  # our turn: a letter beside the board, and wait for the bot's next turn
            page.click("#jeu button[data-tuile][data-origine='main']:enabled >> nth=0")
            page.click("#btn-lettre-libre")
        page.wait_for_selector(f"{MY_TURN}[data-phase='{phase}']", state="detached")
    raise AssertionError("no knock window with two touching letters")


def test_letter_page_fits_a_laptop_draws_coordinates_and_tells_a_knock(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page = new_page(LAPTOP)
    table_id = create_letter_table(page, live_server)  # the lobby's defaults, with a bot
    fits_the_window(page)
    coordinates_drawn(page)
    play_deal_and_first_round(page, live_server, table_id)
    page.wait_for_selector(MY_TURN)
    fits_the_window(page)
    coordinates_drawn(page)
    word = knock_in_the_window(page, live_server, table_id)
    told = page.locator("#journal li", has_text=f"Vous frappez avec {word} : frappe")
    told.wait_for()
    assert re.search(r"frappe (acceptée \(\+\d+ points?\)|refusée \()", told.inner_text())
    page.wait_for_selector("#derniere-frappe li")
    assert "Alice (vous) : " + word in page.inner_text("#derniere-frappe")
    no_tile_id(page)
    shoot(page, screenshots, "letter-frappe-journal")
    # At 375 px the page scrolls, the board in its own box, and nothing goes sideways.
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = page.locator(".l-plateau-boite").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert page.locator("#plateau .l-coord--colonne").first.is_visible()
    assert page.errors == []
