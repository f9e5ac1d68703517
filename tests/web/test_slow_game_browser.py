"""A slow game in Chromium (issue 12 § 4), on SQLite and PostgreSQL: made in the lobby's form
against a bot, a move played, the server stopped and another started on the same database; the
page, opened again, shows the game where it was, the person's turn with the time left in hours,
and the game goes on.

The second server's wall clock runs 3 hours ahead (``create_app(clock=…)``), as if it had
started 3 hours later: the page must show about 21 hours left, not 24 (the deadline is kept,
not started again). A restarted server listens on another port here, so the test carries the
browser's memory of its seat (``localStorage``, per address) to the new address, as the same
browser coming back to the same server would have it.

A second test has two people: the one who played reads whose turn it is, since when and until
when. Screenshots (1366×768 and 375 px): ``salon-partie-lente`` (the form),
``salon-table-lente`` (the list), ``partie-lente`` and ``partie-lente-attente``, in
``$LUDOTHEQUE_SCREENSHOTS`` when set.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .conftest import WAIT_MS
from .screens import LAPTOP, shoot

MY_TURN = '#jeu[data-a-jouer="true"]'
CARDS = "#jeu .g-zone--action button[data-card]:enabled"
AHEAD = 3 * 3600.0  # the second server's clock, ahead of the first's


def picked(page: Any, count: int) -> None:
    """Wait until the page shows ``count`` cards drafted (« (n) » in the draft's heading)."""
    page.wait_for_function(
        "n => document.querySelector('#jeu .g-zone--action h4')?.textContent.includes(`(${n})`)",
        arg=count,
    )


def test_a_slow_game_against_a_bot_is_there_after_a_restart_with_the_time_left(
    backend_database: str, start_live_server: Any, new_page: Any, screenshots: Path
) -> None:
    first = start_live_server(backend_database)
    page = new_page(LAPTOP)
    page.goto(first.live.url + "/")
    page.wait_for_selector("#jeu option[value='gutenberg']", state="attached")
    page.select_option("#jeu", "gutenberg")
    page.fill("#joueurs", "2")
    page.select_option("#mode", "classique")
    page.fill("#nom", "Alice")
    page.select_option("#place-1", "robot:debutant")
    expect(page.locator("#horloge")).to_be_visible()
    expect(page.locator("#absence")).to_be_visible()
    page.select_option("#heures", "24")
    # A slow game has no clock in seconds and nobody is away for being disconnected.
    expect(page.locator("#heures-aide")).to_contain_text("la partie attend")
    expect(page.locator("#horloge")).to_be_hidden()
    expect(page.locator("#absence")).to_be_hidden()
    shoot(page, screenshots, "salon-partie-lente")
    page.click("#btn-creer")
    page.wait_for_url(re.compile(r"/table/[^/?#]+$"))
    table_id = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("#btn-demarrer:enabled")
    expect(page.locator("#attente-resume")).to_contain_text(
        "Partie lente, 24 h par coup", timeout=WAIT_MS
    )
    page.locator("#btn-demarrer:enabled").click()
    page.wait_for_selector(MY_TURN)
    status = page.locator("#compte-a-rebours")
    expect(status).to_have_text(
        re.compile(
            r"^Il vous reste 23 h 5\d min pour jouer, jusqu'à (demain|aujourd'hui) \d+ h \d\d\. "
            r"À vous depuis aujourd'hui \d+ h \d\d\.$"
        ),
        use_inner_text=True,
        timeout=WAIT_MS,
    )
    page.locator(CARDS).first.click()
    picked(page, 1)
    page.wait_for_selector(MY_TURN)  # the bot picked too: the next pick is ours
    seat = page.evaluate(f"localStorage.getItem('ludotheque:table:{table_id}')")
    assert seat and '"jeton"' in seat
    page.goto("about:blank")  # no page left trying to reach the stopped server
    first.stop()

    second = start_live_server(backend_database, clock=lambda: time.time() + AHEAD)
    page.goto(second.live.url + "/")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"ludotheque:table:{table_id}", seat],
    )
    page.reload()  # the list as this browser, which holds a seat there, sees it
    listed = page.locator(f".tables__ligne[data-table='{table_id}']")
    listed.wait_for()
    expect(listed).to_contain_text("Partie lente, 24 h par coup")
    expect(listed.locator("a", has_text="Reprendre")).to_have_count(1)
    shoot(page, screenshots, "salon-table-lente")
    page.goto(f"{second.live.url}/table/{table_id}")
    page.wait_for_selector(MY_TURN)
    picked(page, 1)  # where the game was
    expect(status).to_have_text(
        re.compile(r"^Il vous reste 20 h 5\d min pour jouer"), use_inner_text=True, timeout=WAIT_MS
    )
    expect(page.locator("#journal")).to_contain_text(
        "Le serveur a redémarré : la partie reprend.", timeout=WAIT_MS
    )
    expect(page).to_have_title(re.compile(r"^À vous !"))
    shoot(page, screenshots, "partie-lente")
    page.locator(CARDS).first.click()  # the game goes on
    picked(page, 2)
    page.wait_for_selector(MY_TURN)
    assert page.errors == []


def test_the_person_who_played_reads_whose_turn_it_is_since_when_and_until_when(
    live_server: Any, new_page: Any, screenshots: Path
) -> None:
    alice = new_page(LAPTOP)
    alice.goto(live_server.url + "/")
    alice.wait_for_selector("#jeu option[value='gutenberg']", state="attached")
    alice.select_option("#jeu", "gutenberg")
    alice.fill("#joueurs", "2")
    alice.fill("#nom", "Alice")
    alice.select_option("#heures", "48")
    alice.click("#btn-creer")
    alice.wait_for_url(re.compile(r"/table/[^/?#]+$"))
    bruno = new_page(LAPTOP)
    bruno.goto(alice.url)
    bruno.fill("#join-nom", "Bruno")
    bruno.click("#btn-rejoindre")
    bruno.wait_for_selector("#attente-places")
    alice.locator("#btn-demarrer:enabled").click()
    alice.wait_for_selector(MY_TURN)
    bruno.wait_for_selector(MY_TURN)
    alice.locator(CARDS).first.click()
    alice.wait_for_selector('#jeu[data-a-jouer="false"]')
    status = alice.locator("#compte-a-rebours")
    expect(status).to_have_text(
        re.compile(
            r"^Bruno a jusqu'à (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d+ \S+ "
            r"à \d+ h \d\d pour jouer "
            r"\(son tour depuis aujourd'hui \d+ h \d\d\)\.$"
        ),
        use_inner_text=True,
        timeout=WAIT_MS,
    )
    expect(bruno.locator("#compte-a-rebours")).to_contain_text(
        "Il vous reste 47 h 5", timeout=WAIT_MS
    )
    seats = alice.locator("#joueurs")
    expect(seats).to_contain_text("en ligne")
    expect(seats).not_to_contain_text("déconnecté")
    shoot(alice, screenshots, "partie-lente-attente")
    assert alice.errors == [] and bruno.errors == []
