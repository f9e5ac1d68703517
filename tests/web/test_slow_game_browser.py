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
    assert page.is_visible("#horloge") and page.is_visible("#absence")
    page.select_option("#heures", "24")
    # A slow game has no clock in seconds and nobody is away for being disconnected.
    assert not page.is_visible("#horloge") and not page.is_visible("#absence")
    assert "la partie attend" in page.inner_text("#heures-aide")
    shoot(page, screenshots, "salon-partie-lente")
    page.click("#btn-creer")
    page.wait_for_url(re.compile(r"/table/[^/?#]+$"))
    table_id = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("#btn-demarrer:enabled")
    assert "Partie lente, 24 h par coup" in page.inner_text("#attente-resume")
    page.locator("#btn-demarrer:enabled").click()
    page.wait_for_selector(MY_TURN)
    status = page.locator("#compte-a-rebours")
    assert re.fullmatch(
        r"Il vous reste 23 h 5\d min pour jouer, jusqu'à (demain|aujourd'hui) \d+ h \d\d\. "
        r"À vous depuis aujourd'hui \d+ h \d\d\.",
        status.inner_text(),
    ), status.inner_text()
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
    assert "Partie lente, 24 h par coup" in listed.inner_text()
    assert listed.locator("a", has_text="Reprendre").count() == 1
    shoot(page, screenshots, "salon-table-lente")
    page.goto(f"{second.live.url}/table/{table_id}")
    page.wait_for_selector(MY_TURN)
    picked(page, 1)  # where the game was
    assert re.match(r"Il vous reste 20 h 5\d min pour jouer", status.inner_text()), (
        status.inner_text()
    )
    assert "Le serveur a redémarré : la partie reprend." in page.inner_text("#journal")
    assert page.title().startswith("À vous !")
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
    alice.wait_for_function(
        "() => document.querySelector('#compte-a-rebours').textContent.startsWith('Bruno')"
    )
    assert re.fullmatch(
        r"Bruno a jusqu'à (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d+ \S+ "
        r"à \d+ h \d\d pour jouer "
        r"\(son tour depuis aujourd'hui \d+ h \d\d\)\.",
        status.inner_text(),
    ), status.inner_text()
    assert "Il vous reste 47 h 5" in bruno.inner_text("#compte-a-rebours")
    seats = alice.inner_text("#joueurs")
    assert "en ligne" in seats and "déconnecté" not in seats
    shoot(alice, screenshots, "partie-lente-attente")
    assert alice.errors == [] and bruno.errors == []
