"""The rules' hourglass on the table page (Letter's 30 s with « sablier »): shown, counting down."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

LiveServer = Any  # conftest.LiveServer


def test_letter_hourglass_is_shown_and_runs(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")
    page.wait_for_selector("#jeu option[value='letter']", state="attached")
    page.select_option("#jeu", "letter")
    page.fill("#joueurs", "2")
    page.fill("#nom", "Alice")
    page.select_option("#place-0", "humain")
    page.select_option("#place-1", "robot:debutant")
    page.select_option("#opt-tirage", "hasard")  # no deal by size: straight to the first turn
    page.check("#opt-sablier")
    page.uncheck("#opt-frapper")  # no knock window: Alice's turns alternate with the robot's
    page.click("#btn-creer")
    page.wait_for_url(re.compile(r"/table/[^/?#]+$"))
    page.click("#btn-demarrer")
    page.wait_for_selector('#jeu[data-a-jouer="true"]', timeout=30_000)  # Alice's turn
    hourglass = page.locator("#sablier")
    shown = re.compile(r"^Votre sablier : (\d+) s sur 30$")
    expect(hourglass).to_be_visible(timeout=15_000)
    expect(hourglass).to_have_text(shown)
    first = hourglass.text_content() or ""
    match = shown.fullmatch(first)
    assert match, first
    # It runs: fewer seconds are shown a moment later (nothing else happens while Alice thinks).
    page.wait_for_function(
        "t => document.querySelector('#sablier').textContent !== t", arg=first, timeout=15_000
    )
    later = hourglass.text_content() or ""  # the change waited for just above
    left = shown.fullmatch(later)
    assert left and int(left.group(1)) < int(match.group(1)), (first, later)
    expect(hourglass).to_have_attribute("role", "timer")
