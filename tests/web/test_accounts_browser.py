"""Accounts in Chromium (issue 12 § 1): the account bar of the lobby, the table and the replay
pages; creating an account, its errors in French, logging out and in with the keyboard, a table
created as the account and opened from another browser with the account alone (no token), a
session that survives a restart of the server (SQLite and PostgreSQL), and deleting the
account. axe-core checks the bar and the dialogs; screenshots at 1366×768 and 375 px."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .conftest import poll_until
from .screens import LAPTOP, PHONE, shoot
from .test_accessibility_browser import check

LiveServer = Any  # conftest.LiveServer
PASSWORD = "cheval agrafe pile"
SERVER = 15_000  # ms: what the page shows after a round trip to a loaded server
LOGGED_IN = ["Connecté·e : Hortense", "Mes parties", "Classement", "Mon compte", "Se déconnecter"]


def real_errors(page: Any) -> list[str]:
    """The page's console errors, but Chromium's line for each refused request (a 4xx the
    test asked for: a name taken, a wrong password)."""
    return [e for e in page.errors if "Failed to load resource" not in e]


def expect_bar(page: Any, items: list[str]) -> None:
    """The account bar reads these items, one after the other (whitespace normalized)."""
    expect(page.locator("#compte > *")).to_have_text(items, timeout=SERVER)


def expect_logged_in(page: Any, name: str) -> None:
    """The account bar says who is logged in."""
    expect(page.locator("#compte")).to_contain_text(f"Connecté·e : {name}", timeout=SERVER)


def open_dialog(page: Any, button: str) -> Any:
    page.locator(button).click()
    dialog = page.locator("#compte-dialogue")
    dialog.wait_for()
    return dialog


def sign_up(page: Any, name: str, password: str = PASSWORD) -> None:
    dialog = open_dialog(page, "#btn-creer-compte")
    dialog.locator("#compte-nom-champ").fill(name)
    dialog.locator("#compte-mot-de-passe").fill(password)
    dialog.locator("#compte-valider").click()


def expect_error(page: Any, text: str) -> None:
    """The dialog's error zone says ``text`` (the server's answer, in French)."""
    expect(page.locator("#compte-erreur")).to_have_text(text, timeout=SERVER)


def test_an_account_is_made_in_the_lobby_plays_from_another_browser_and_is_deleted(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page = new_page(viewport=LAPTOP)
    page.goto(live_server.url + "/")
    page.wait_for_selector("#btn-creer-compte")
    page.wait_for_selector("#jeu option[value='gutenberg']", state="attached")
    expect_bar(page, ["Se connecter", "Créer un compte"])
    shoot(page, screenshots, "compte-salon-anonyme")

    # A password too short: the reason, in French, read out, and the field to correct.
    sign_up(page, "Hortense", "court")
    expect_error(page, "Le mot de passe doit avoir au moins 8 caractères.")
    password = page.locator("#compte-mot-de-passe")
    expect(password).to_have_attribute("aria-invalid", "true")
    expect(password).to_be_focused()
    expect(page.locator("#compte-erreur")).to_have_attribute("role", "alert")
    shoot(page, screenshots, "compte-creation-erreur")
    check(page, "compte-creation", screenshots)
    password.fill(PASSWORD)
    page.locator("#compte-valider").click()
    page.locator("#compte-dialogue").wait_for(state="hidden")
    page.wait_for_selector("#compte-nom")
    expect_bar(page, LOGGED_IN)
    expect(page.locator("#compte a", has_text="Mes parties")).to_have_attribute(
        "href", "/mes-parties"
    )
    expect(page.locator("#compte a", has_text="Classement")).to_have_attribute(
        "href", "/classement"
    )
    name = page.locator("#nom")
    expect(name).to_have_value("Hortense")
    expect(name).to_have_attribute("readonly")
    shoot(page, screenshots, "compte-salon-connecte")
    check(page, "compte-salon-connecte", screenshots)

    # The name is taken whatever its case, in another browser.
    other = new_page(viewport=PHONE)
    other.goto(live_server.url + "/")
    other.wait_for_selector("#btn-creer-compte")
    sign_up(other, "hortense")
    expect_error(other, "Le nom « hortense » est déjà pris : choisissez-en un autre.")
    expect(other.locator("#compte-nom-champ")).to_be_focused()
    shoot(other, screenshots, "compte-nom-pris")
    other.keyboard.press("Escape")
    other.locator("#compte-dialogue").wait_for(state="hidden")
    # The dialog's « close » event, a task after it is hidden, gives the focus back.
    expect(other.locator("#btn-creer-compte")).to_be_focused()

    # Log out, then in again with the keyboard only (a wrong password first).
    page.locator("#btn-se-deconnecter").click()
    page.wait_for_selector("#btn-se-connecter")
    expect(page.locator("#btn-se-connecter")).to_be_focused()
    expect(name).not_to_have_attribute("readonly")
    page.keyboard.press("Enter")
    page.locator("#compte-dialogue").wait_for()
    page.keyboard.type("HORTENSE")
    page.keyboard.press("Tab")
    page.keyboard.type("pas le bon mot")
    page.keyboard.press("Enter")
    expect_error(page, "Nom ou mot de passe incorrect.")
    expect(page.locator("#compte-mot-de-passe")).to_be_focused()  # where Control+A types
    page.keyboard.press("Control+A")
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_selector("#compte-nom")
    expect_logged_in(page, "Hortense")

    # A table created as the account: the seat is Hortense's account.
    page.select_option("#jeu", "gutenberg")
    page.fill("#joueurs", "2")
    page.select_option("#place-1", "robot:debutant")
    page.locator("#btn-creer").click()
    page.wait_for_url("**/table/*")
    table_id = page.url.rsplit("/", 1)[1]
    page.locator("#attente-places .place--moi", has_text="Hortense (vous)").wait_for()
    expect_logged_in(page, "Hortense")
    seat = poll_until(
        lambda: live_server.get(f"/api/tables/{table_id}")["places"][0],
        lambda s: s["nom"] == "Hortense" and s["compte"] is True,
        "seat 1 of the new table is Hortense's account",
    )
    assert seat["nom"] == "Hortense" and seat["compte"] is True
    shoot(page, screenshots, "compte-table-attente")

    # Another browser, logged in as Hortense, no token: the account is the seat; it starts.
    phone = new_page(viewport=PHONE)
    phone.goto(live_server.url + "/")
    phone.locator("#btn-se-connecter").click()
    phone.locator("#compte-nom-champ").fill("Hortense")
    phone.locator("#compte-mot-de-passe").fill(PASSWORD)
    phone.locator("#compte-valider").click()
    phone.wait_for_selector("#compte-nom")
    listed = phone.locator(f"#tables li[data-table='{table_id}'] a")
    listed.wait_for()
    expect(listed).to_have_text("Reprendre")
    listed.click()
    phone.wait_for_url(f"**/table/{table_id}")
    phone.locator("#attente-places .place--moi", has_text="Hortense (vous)").wait_for()
    expect(phone.locator("#accueil")).to_be_hidden()  # no join form: the seat is there
    phone.locator("#btn-demarrer").click()
    phone.locator("#jeu[data-a-jouer='true']").wait_for()
    # Read once the game is on (its positive sign just above): no token was ever kept.
    assert phone.evaluate(f"() => localStorage.getItem('ludotheque:table:{table_id}')") is None
    shoot(phone, screenshots, "compte-table-autre-navigateur")
    page.locator("#jeu[data-a-jouer='true']").wait_for()  # the first browser plays it too

    # « Mon compte »: a wrong password deletes nothing; the right one deletes the account.
    dialog = open_dialog(page, "#btn-mon-compte")
    expect(dialog).to_contain_text("Vous jouez sous le nom Hortense depuis le ")
    shoot(page, screenshots, "compte-mon-compte")
    check(page, "compte-mon-compte", screenshots)
    dialog.locator("#compte-suppression-mot-de-passe").fill("pas le bon mot")
    dialog.locator("#compte-supprimer").click()
    expect_error(page, "Mot de passe incorrect : votre compte n'a pas été supprimé.")
    dialog.locator("#compte-suppression-mot-de-passe").fill(PASSWORD)
    dialog.locator("#compte-supprimer").click()
    # The notice shows for 5 s: waited for at once, before the rest of the bar.
    expect(page.locator("#alerte")).to_contain_text("Votre compte est supprimé.", timeout=SERVER)
    page.wait_for_selector("#btn-creer-compte")
    seat = poll_until(
        lambda: live_server.get(f"/api/tables/{table_id}")["places"][0],
        lambda s: s["nom"] == "Anonyme" and s["compte"] is False,
        "the deleted account's seat is « Anonyme », no account",
    )
    assert seat["nom"] == "Anonyme" and seat["compte"] is False
    # The first browser still holds the seat through its token; the game goes on.
    page.wait_for_function(
        "() => document.querySelector('#joueurs .place--moi')?.textContent.includes('Anonyme')"
    )
    assert real_errors(page) == [] and real_errors(other) == [] and real_errors(phone) == []


def test_a_session_survives_a_restart_and_the_account_plays_its_game_to_the_replay(
    new_page: Any, backend_database: str, start_live_server: Any, screenshots: Path
) -> None:
    """A table made by the account from a page of the browser that keeps no token; the server
    restarts; the account opens the table, plays it to the end, and opens its replay."""
    server = start_live_server(backend_database, test_games=True)
    page = new_page(viewport=LAPTOP)
    page.goto(server.live.url + "/")
    sign_up(page, "Séraphin")
    page.wait_for_selector("#compte-nom")
    made = page.request.post(  # the browser's cookie; its token is not kept anywhere
        server.live.url + "/api/tables",
        data={
            "jeu": "encheres",
            "joueurs": 2,
            "options": {"manches": 1},
            "places": [{"type": "humain"}, {"type": "robot", "niveau": "random"}],
        },
    )
    assert made.status == 201
    table_id = made.json()["table"]
    server.stop()
    restarted = start_live_server(backend_database, test_games=True)
    url = restarted.live.url  # another port of 127.0.0.1: the same cookie
    page.goto(f"{url}/table/{table_id}")
    page.locator("#attente-places .place--moi", has_text="Séraphin (vous)").wait_for()
    expect_logged_in(page, "Séraphin")
    page.locator("#btn-demarrer").click()
    for _ in range(40):  # bid until the game is over
        page.wait_for_function(
            "() => !document.querySelector('#fin').hidden || "
            "document.querySelector(\"#jeu[data-a-jouer='true'] #coup-0:not([disabled])\")"
        )
        if page.locator("#fin").is_visible():
            break
        page.locator("#coup-0").click()
    page.locator("#lien-replay").click()
    page.wait_for_url(f"**/replay/{table_id}")
    page.locator("#lecteur").wait_for()
    page.wait_for_selector("#compte-nom")
    expect_logged_in(page, "Séraphin")
    page.locator("#joueurs", has_text="Séraphin").wait_for()
    shoot(page, screenshots, "compte-replay")
    assert real_errors(page) == []
