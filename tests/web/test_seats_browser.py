"""Seats that change hands, in Chromium (issue 17, item 2): a person away is marked « absent »
on the others' pages, who hand the seat to a bot of the table's level with one button; the
person takes it back by coming back, or with « Reprendre ma place » when the page stayed open.
Screenshots at 1366×768 and 375 px (``screens.shoot``)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .conftest import WAIT_MS
from .screens import LAPTOP, PHONE, shoot

LiveServer = Any  # conftest.LiveServer


def api_post(server: LiveServer, path: str, body: Any) -> Any:
    request = urllib.request.Request(
        server.url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def new_table(server: LiveServer, **body: Any) -> tuple[str, str, str]:
    """A Gutenberg table: Alice (seat 0), Bruno (seat 1), a Fort robot. Its id and the two
    people's tokens (:func:`start` starts it)."""
    created = api_post(
        server,
        "/api/tables",
        {
            "jeu": "gutenberg",
            "joueurs": 3,
            "places": [{"type": "humain"}, {"type": "humain"}, {"type": "robot", "niveau": "fort"}],
            "nom": "Alice",
            **body,
        },
    )
    table_id: str = created["table"]
    bruno = api_post(server, f"/api/tables/{table_id}/join", {"nom": "Bruno"})
    return table_id, created["jeton"], bruno["jeton"]


def start(server: LiveServer, table_id: str, host: str) -> None:
    api_post(server, f"/api/tables/{table_id}/start", {"jeton": host})


def shoot_part(page: Any, folder: Path, name: str, selector: str) -> None:
    """One part of the page at phone width (``name-375.png``), the page back at laptop size."""
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(150)
    page.locator(selector).screenshot(path=folder / f"{name}-375.png")
    page.set_viewport_size(LAPTOP)


def open_seat(page: Any, server: LiveServer, table_id: str, place: int, token: str) -> None:
    """The table's page as the holder of a seat (its token in ``localStorage``)."""
    page.goto(server.url + "/")
    seat = json.dumps({"place": place, "jeton": token, "nom": ["Alice", "Bruno"][place]})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"ludotheque:table:{table_id}", seat])
    page.goto(f"{server.url}/table/{table_id}")
    page.wait_for_selector("#connexion[data-etat='en-ligne']")


def wait_for_line(page: Any, text: str, how: str = "includes") -> None:
    """Wait until a line of the journal ``includes``, ``startsWith`` or ``equals`` ``text``
    (its text without the spaces around it)."""
    assert how in ("includes", "startsWith", "equals"), how
    page.wait_for_function(
        "([t, how]) => [...document.querySelectorAll('#journal li')].some((li) => {"
        " const line = li.textContent.trim();"
        " return how === 'equals' ? line === t : line[how](t); })",
        arg=[text, how],
        timeout=WAIT_MS,
    )


def test_an_away_person_is_marked_handed_to_a_bot_and_comes_back(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    table_id, alice, bruno = new_table(live_server, absence=1)
    page = new_page(viewport=LAPTOP)
    open_seat(page, live_server, table_id, 0, alice)
    start(live_server, table_id, alice)
    seat = page.locator("#joueurs li[data-place='1']")
    seat.locator(".pastille--absent", has_text="absent").wait_for()
    button = seat.locator("#btn-robot-1")
    expect(button).to_have_text("Confier à un robot")
    expect(seat.locator(".aide")).to_have_text("Un robot Fort joue pour Bruno jusqu'à son retour.")
    wait_for_line(page, "Bruno n'est plus là depuis 1 s", "startsWith")
    shoot(page, screenshots, "place-absente")
    shoot_part(page, screenshots, "joueurs-absent", "#joueurs")
    button.click()
    seat.locator(".pastille--absent", has_text="à la place de Bruno").wait_for()
    expect(seat).to_contain_text("robot · Fort")
    wait_for_line(page, "Alice confie la place de Bruno à ")  # told by the socket after
    expect(seat.locator("button")).to_have_count(0)
    shoot(page, screenshots, "place-confiee")
    shoot_part(page, screenshots, "joueurs-confiee", "#joueurs")
    # Bruno comes back: his page takes the seat back, Alice's page shows him again.
    other = new_page(viewport=LAPTOP)
    open_seat(other, live_server, table_id, 1, bruno)
    seat.locator(".place__nom", has_text="Bruno").wait_for()
    page.wait_for_function(
        "() => !document.querySelector(\"#joueurs li[data-place='1'] .pastille--absent\")"
    )
    wait_for_line(page, "Bruno est de retour et reprend sa place.", "equals")
    other.wait_for_selector("#joueurs li.place--moi[data-place='1']")
    expect(other.locator("#place-confiee")).to_be_hidden()
    assert page.errors == [] and other.errors == []


def test_a_page_left_open_past_its_clock_takes_its_seat_back_with_a_button(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    table_id, alice, bruno = new_table(live_server, horloge=2, absence=0)
    page = new_page(viewport=LAPTOP)
    open_seat(page, live_server, table_id, 0, alice)
    other = new_page(viewport=LAPTOP)
    open_seat(other, live_server, table_id, 1, bruno)
    start(live_server, table_id, alice)
    # Nobody plays: the clock plays for both, and marks them away; Alice hands Bruno's seat.
    page.locator("#btn-robot-1").click()
    banner = other.locator("#place-confiee")
    banner.wait_for()
    expect(banner).to_contain_text("joue à votre place")
    expect(other.locator("#jeu")).to_have_attribute("data-a-jouer", "false")
    shoot(other, screenshots, "place-a-reprendre")
    shoot_part(other, screenshots, "bandeau-reprendre", "#place-confiee")
    other.locator("#btn-reprendre").click()
    banner.wait_for(state="hidden")
    other.wait_for_function(
        "() => document.querySelector(\"#joueurs li[data-place='1'] .place__nom\")"
        ".textContent.startsWith('Bruno')"
    )
    wait_for_line(page, "Bruno est de retour et reprend sa place.")
    assert page.errors == [] and other.errors == []


def test_the_lobby_offers_the_absence_delay_in_words(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page.set_viewport_size(LAPTOP)
    page.goto(live_server.url + "/")
    page.wait_for_selector("#jeu option[value='gutenberg']", state="attached")
    choice = page.locator("#absence")
    expect(choice.locator("option:checked")).to_have_text("après 1 min sans connexion")
    expect(choice.locator("option").last).to_have_text("jamais")
    page.select_option("#jeu", "gutenberg")
    page.fill("#nom", "Alice")
    page.select_option("#absence", "30")
    shoot_part(page, screenshots, "salon-absence", "#absence-aide >> xpath=..")
    page.locator("#absence").scroll_into_view_if_needed()
    page.screenshot(path=screenshots / "salon-absence.png")
    page.click("#btn-creer")
    page.wait_for_selector("#attente-resume")
    page.wait_for_function(
        "() => document.querySelector('#attente-resume').textContent"
        ".includes('absent après 30 s sans connexion')"
    )
    table_id = page.url.rsplit("/", 1)[-1]
    assert live_server.get(f"/api/tables/{table_id}")["absence"] == 30
    assert page.errors == []
