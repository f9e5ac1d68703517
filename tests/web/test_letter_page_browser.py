"""Letter's table page as a person reads it (issue 15, § 4): the board's coordinates drawn on
its edges, the whole table on a laptop screen (1366 × 768) without scrolling the page, usable
at 375 px, no internal tile id anywhere, and a knock told in the journal.

Headless Chromium against a live server (see ``conftest.py``); the helpers that play the deal
and the first round come from ``test_letter_browser.py``.
"""

from __future__ import annotations

import contextlib
import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from .screens import LAPTOP, PHONE, shoot
from .test_letter_browser import (
    MY_TURN,
    TIMEOUT,
    create_letter_table,
    fits_width,
    play_deal_and_first_round,
    server_state,
)

LiveServer = Any

ID = re.compile(r"\bT\d+\b|\bB\d\b")  # the tiles' ids (T05) and the blanks' (B1)


MEASURES = """() => {
    const page = document.documentElement, b = document.querySelector('.l-plateau-boite');
    return {height: page.scrollHeight, width: page.scrollWidth,
            box: b ? [b.scrollWidth - b.clientWidth, b.scrollHeight - b.clientHeight] : null};
}"""


def fits_the_window(page: Any) -> None:
    """Nothing of the page below the window, and nothing of the board hidden in its box.

    The layout is waited for (the page drawn at this size), then measured."""
    fits = f"""(size) => {{ const m = ({MEASURES})();
        return m.height <= size.height && m.width <= size.width
            && m.box !== null && m.box[0] === 0 && m.box[1] === 0; }}"""
    with contextlib.suppress(PlaywrightTimeout):  # the assertions below say what does not fit
        page.wait_for_function(fits, arg=LAPTOP, timeout=5_000)
    measures = page.evaluate(MEASURES)
    height, width, box = measures["height"], measures["width"], measures["box"]
    assert height <= LAPTOP["height"], f"the page is {height} px tall at 1366 × 768"
    assert width <= LAPTOP["width"], f"the page is {width} px wide"
    assert box == [0, 0], f"the board is cut in its box (hidden width, height: {box})"


def coordinates_drawn(page: Any) -> None:
    columns = page.locator("#plateau .l-coord--colonne")
    rows = page.locator("#plateau .l-coord--ligne")
    letters = "abcdefghijklmnopqrst"
    expect(columns).to_have_text(list(letters))
    expect(rows).to_have_text([str(n) for n in range(1, 21)])
    # A cell under a tile is drawn by the tile, not as an empty cell: each label is measured
    # against an empty cell of its column or row (the server draws each table's seed).
    for label, cells, axis in (
        (columns.nth(6), [f"g{n}" for n in range(1, 21)], "x"),  # g above column g
        (rows.nth(7), [f"{c}8" for c in letters], "y"),  # 8 beside row 8
        (columns.nth(19), [f"t{n}" for n in range(1, 21)], "x"),  # the last column: not cut
    ):
        expect(label).to_be_visible()
        empty = ", ".join(f'.l-case[data-case="{cell}"]' for cell in cells)
        mark, target = label.bounding_box(), page.locator(empty).first
        cell = target.get_attribute("data-case")
        place = target.bounding_box()
        size = "width" if axis == "x" else "height"
        centre = mark[axis] + mark[size] / 2
        assert place[axis] <= centre <= place[axis] + place[size], (cell, mark, place)
        assert place[axis] + place[size] <= LAPTOP["width" if axis == "x" else "height"]


def no_tile_id(page: Any) -> None:
    """No tile id in what the page shows (called once the page shows the state to check)."""
    expect(page.locator("body")).not_to_contain_text(ID, use_inner_text=True)


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
            word = state.catalog[first].letter + state.catalog[second].letter
            expect(page.locator("#mot-trace strong")).to_have_text(word)
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
    expect(told).to_contain_text(
        re.compile(r"frappe (acceptée \(\+\d+ points?\)|refusée \()"),
        timeout=15_000,
        use_inner_text=True,
    )
    expect(page.locator("#derniere-frappe li").first).to_be_attached()
    expect(page.locator("#derniere-frappe")).to_contain_text(
        "Alice (vous) : " + word, use_inner_text=True
    )
    no_tile_id(page)
    shoot(page, screenshots, "letter-frappe-journal")
    # At 375 px the page scrolls, the board in its own box, and nothing goes sideways.
    page.set_viewport_size(PHONE)
    fits_width(page, PHONE["width"])
    box = page.locator(".l-plateau-boite").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    expect(page.locator("#plateau .l-coord--colonne").first).to_be_visible()
    assert page.errors == []
