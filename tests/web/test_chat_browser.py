"""The table chat in Chromium (issue 12, § 5): two players write to each other, Entrée sends;
HTML-looking text shows as text; one player stops reading the other; the host removes a message
and closes the chat to spectators; a spectator on a phone reads it folded, with the count of new
messages; a replay lists the messages written up to each step. Screenshots at 1366×768 and
375 px (``screens.shoot``)."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import expect
from websockets.sync.client import connect

from .screens import LAPTOP, PHONE, shoot

LiveServer = Any  # conftest.LiveServer
HOSTILE = "<img src=x onerror=\"document.title='pirate'\"><b>Bonjour</b>"
SERVER = 15_000  # ms: what a page shows after a round trip to a loaded server
SOCKET = 15.0  # seconds a socket test waits for the reply it expects


def api_post(server: LiveServer, path: str, body: Any) -> Any:
    request = urllib.request.Request(
        server.url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def new_table(
    server: LiveServer, game: str = "gutenberg", *, start: bool = True, **body: Any
) -> dict[str, str]:
    """A two-person table, started: Alice (seat 0, the host) and Bruno (seat 1)."""
    created = api_post(
        server,
        "/api/tables",
        {"jeu": game, "joueurs": 2, "places": [{"type": "humain"}] * 2, "nom": "Alice", **body},
    )
    table_id = created["table"]
    bruno = api_post(server, f"/api/tables/{table_id}/join", {"nom": "Bruno"})
    if start:
        api_post(server, f"/api/tables/{table_id}/start", {"jeton": created["jeton"]})
    return {"id": table_id, "alice": created["jeton"], "bruno": bruno["jeton"]}


def open_seat(page: Any, server: LiveServer, table: dict[str, str], who: str | None) -> None:
    """The table's page as Alice, Bruno (their token in ``localStorage``) or a spectator."""
    if who is not None:
        page.goto(server.url + "/")
        place = {"alice": 0, "bruno": 1}[who]
        seat = json.dumps({"place": place, "jeton": table[who], "nom": who.title()})
        page.evaluate(
            "([k, v]) => localStorage.setItem(k, v)", [f"ludotheque:table:{table['id']}", seat]
        )
    page.goto(f"{server.url}/table/{table['id']}")
    page.wait_for_selector("#connexion[data-etat='en-ligne']")
    page.wait_for_selector("#discussion")


def write(page: Any, text: str) -> None:
    """Type a message and press Entrée; wait until the server sent it back."""
    before = page.locator("#discussion-messages .discussion__message").count()
    page.fill("#discussion-texte", text)
    page.press("#discussion-texte", "Enter")
    page.wait_for_function(
        "n => document.querySelectorAll('#discussion-messages .discussion__message').length > n",
        arg=before,
    )


def items(page: Any) -> Any:
    return page.locator("#discussion-messages .discussion__message")


def expect_messages(page: Any, expected: list[tuple[str, str]]) -> None:
    """The chat as the page shows it, once it does: (name, text) of each message."""
    shown = items(page)
    expect(shown).to_have_count(len(expected), timeout=SERVER)
    expect(shown.locator(".discussion__nom")).to_have_text([name for name, _ in expected])
    expect(shown.locator(".discussion__texte")).to_have_text([text for _, text in expected])


def expect_last_message(page: Any, name: str, text: str) -> None:
    last = items(page).last
    expect(last.locator(".discussion__nom")).to_have_text(name, timeout=SERVER)
    expect(last.locator(".discussion__texte")).to_have_text(text, timeout=SERVER)


def receive_until(ws: Any, wanted: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
    """The socket's messages until one is ``wanted`` (others may come first); that one."""
    deadline = time.monotonic() + SOCKET
    while (left := deadline - time.monotonic()) > 0:
        try:
            message = json.loads(ws.recv(timeout=left))
        except TimeoutError:
            break
        if wanted(message):
            return message
    raise AssertionError(f"no {what} on the socket in {SOCKET:g} s")


def test_two_players_chat_one_stops_reading_the_other_and_the_host_removes_a_message(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    table = new_table(live_server)
    alice, bruno = new_page(viewport=LAPTOP), new_page(viewport=LAPTOP)
    open_seat(alice, live_server, table, "alice")
    open_seat(bruno, live_server, table, "bruno")
    expect(alice.locator("#discussion-texte")).to_have_attribute(
        "placeholder", "Écrire à la table…"
    )
    expect(alice.locator("#discussion-messages")).to_have_text("Personne n'a encore écrit.")
    alice.locator("#jeu .carte").first.focus()  # Alice is choosing a card
    focused = alice.evaluate("() => document.activeElement.outerHTML")
    # HTML-looking text is shown as the text it is, on both pages.
    write(bruno, HOSTILE)
    alice.wait_for_selector("#discussion-messages .discussion__message")
    for page in (alice, bruno):
        expect_messages(page, [("Bruno", HOSTILE)])
        # Once the message is shown as text (just above): no element was made of it.
        expect(page.locator("#discussion img, #discussion-messages b")).to_have_count(0)
        expect(page).not_to_have_title("pirate")
    # Alice is told politely, and keeps the focus on her card.
    annonce = alice.locator("#discussion-annonce")
    expect(annonce).to_have_attribute("aria-live", "polite")
    expect(annonce).to_have_text(f"Bruno : {HOSTILE}", use_inner_text=True)
    # Once the message is announced (just above), the focus is still on the card.
    assert alice.evaluate("() => document.activeElement.outerHTML") == focused
    write(alice, "Bonne partie à toi !")
    bruno.wait_for_function("() => document.querySelectorAll('.discussion__message').length == 2")
    expect_last_message(bruno, "Alice", "Bonne partie à toi !")
    # Only the host sees « Retirer ».
    expect(alice.locator(".discussion__retirer")).to_have_count(2)
    expect(bruno.locator(".discussion__retirer")).to_have_count(0)
    shoot(alice, screenshots, "discussion-hote")
    # The host removes Bruno's message: gone from both pages.
    alice.locator(".discussion__message", has_text="Bonjour").get_by_role(
        "button", name="Retirer ce message de Bruno"
    ).click()
    for page in (alice, bruno):
        page.wait_for_function(
            "() => document.querySelectorAll('#discussion-messages .discussion__message').length"
            " == 1"
        )
        expect_messages(page, [("Alice", "Bonne partie à toi !")])
    # Bruno stops reading Alice: her messages leave his page, and new ones never come.
    bruno.locator("#discussion-reglages summary").click()
    bruno.get_by_role("button", name="Ne plus lire Alice").click()
    bruno.wait_for_selector("#discussion-muets >> text=Vous ne lisez plus Alice.")
    expect(bruno.locator("#discussion-messages")).to_have_text("Personne n'a encore écrit.")
    write(alice, "Tu m'entends ?")
    write(bruno, "Je joue.")  # told after Alice's message: it would have come before
    expect_messages(bruno, [("Bruno", "Je joue.")])
    expect_last_message(alice, "Bruno", "Je joue.")
    shoot(bruno, screenshots, "discussion-sans-alice")
    # He reads her again: all her messages come back.
    bruno.get_by_role("button", name="Lire de nouveau Alice").click()
    bruno.wait_for_function("() => document.querySelectorAll('.discussion__message').length == 3")
    expect(items(bruno).locator(".discussion__nom")).to_have_text(["Alice", "Alice", "Bruno"])
    assert alice.errors == [] and bruno.errors == []


def test_players_chat_in_the_waiting_room_and_the_chat_follows_them_into_the_game(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    table = new_table(live_server, start=False)
    alice, bruno = new_page(viewport=LAPTOP), new_page(viewport=LAPTOP)
    open_seat(alice, live_server, table, "alice")
    open_seat(bruno, live_server, table, "bruno")
    expect(alice.locator("#discussion-attente #discussion")).to_be_visible()
    write(bruno, "J'arrive, je prends un café.")
    alice.wait_for_selector(".discussion__message >> text=J'arrive, je prends un café.")
    shoot(alice, screenshots, "discussion-attente")
    alice.click("#btn-demarrer")
    for page in (alice, bruno):
        page.wait_for_selector("#discussion-partie #discussion")
        expect_messages(page, [("Bruno", "J'arrive, je prends un café.")])
    assert alice.errors == [] and bruno.errors == []


def test_a_spectator_on_a_phone_reads_the_chat_folded_until_the_host_closes_it(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    table = new_table(live_server)
    alice = new_page(viewport=LAPTOP)
    open_seat(alice, live_server, table, "alice")
    watcher = new_page(viewport=PHONE)
    open_seat(watcher, live_server, table, None)
    toggle = watcher.locator("#discussion-bascule")
    expect(toggle).to_have_attribute("aria-expanded", "false")  # folded on a phone
    expect(watcher.locator("#discussion-corps")).to_be_hidden()
    write(alice, "Bienvenue aux spectateurs")
    write(alice, "On commence !")
    watcher.wait_for_selector("#discussion-bascule >> text=2 nouveaux")
    watcher.screenshot(path=screenshots / "discussion-repliee-375.png", full_page=True)
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect_messages(watcher, [("Alice", "Bienvenue aux spectateurs"), ("Alice", "On commence !")])
    expect(watcher.locator("#discussion-texte")).to_be_hidden()
    expect(watcher.locator("#discussion-statut")).to_have_text(
        "Les spectateurs lisent la discussion sans y écrire."
    )
    expect(watcher.locator("#discussion-bascule .discussion__nouveaux")).to_be_hidden()
    # Unfolded (above): nothing is wider than the phone.
    width = watcher.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"]  # nothing wider than the phone
    watcher.screenshot(path=screenshots / "discussion-spectateur-375.png", full_page=True)
    # The host closes the chat to spectators: the spectator's page says so, without the text.
    alice.locator("#discussion-reglages summary").click()
    alice.get_by_label("Les spectateurs lisent la discussion").uncheck()
    watcher.wait_for_selector(
        "#discussion-statut >> text=L'hôte a réservé la discussion aux joueurs de la table."
    )
    expect(watcher.locator("#discussion-messages")).to_be_hidden()
    expect(watcher.locator("#discussion")).not_to_contain_text("Bienvenue", use_inner_text=True)
    expect(alice.get_by_label("Les spectateurs lisent la discussion")).not_to_be_checked()
    alice.locator("#discussion").screenshot(path=screenshots / "discussion-reglages.png")
    assert alice.errors == [] and watcher.errors == []


def test_the_replay_shows_the_messages_written_up_to_each_step(
    new_page: Any, backend_database: str, start_live_server: Any, screenshots: Path
) -> None:
    server = start_live_server(backend_database, test_games=True).live
    table = new_table(server, "encheres", options={"manches": 1})
    base = server.url.replace("http://", "ws://") + f"/ws/{table['id']}?jeton="
    with connect(base + table["alice"]) as alice, connect(base + table["bruno"]) as bruno:

        def state(ws: Any, moves: int = 0) -> Any:
            """The first state with at least ``moves`` moves played."""
            return receive_until(
                ws,
                lambda m: m["type"] == "etat" and m.get("coups_joues", 0) >= moves,
                f"state after {moves} moves",
            )

        starts = {"alice": state(alice), "bruno": state(bruno)}
        alice.send(json.dumps({"type": "chat", "texte": "Bonne chance"}))
        for ws, who in ((alice, "alice"), (bruno, "bruno")):
            coup = starts[who]["coups"][0]
            ws.send(json.dumps({"type": "coup", "seq": 0, "coup": coup}))
            state(alice, 1 if who == "alice" else 2)
            if who == "alice":
                bruno.send(json.dumps({"type": "chat", "texte": "À mon tour"}))
        alice.send(json.dumps({"type": "chat", "texte": "Bien joué"}))
        receive_until(
            alice,
            lambda m: m["type"] == "chat" and m["message"]["texte"] == "Bien joué",
            "« Bien joué » sent back",
        )
    page = new_page(viewport=LAPTOP)
    open_seat(page, server, table, "alice")
    page.goto(f"{server.url}/replay/{table['id']}")
    page.wait_for_selector("#discussion-replay #discussion")
    expect_messages(page, [("Alice", "Bonne chance")])
    expect(page.locator("#discussion-plus-loin")).to_have_text(
        "2 messages plus loin dans la partie."
    )
    page.click("#btn-suivant")
    page.wait_for_function("() => document.querySelectorAll('.discussion__message').length == 2")
    expect_last_message(page, "Bruno", "À mon tour")
    current = page.locator(".discussion__message--etape")  # written at this step
    expect(current).to_have_count(1)
    expect(current).to_contain_text("à cette étape")
    page.click("#btn-fin")
    page.wait_for_function("() => document.querySelectorAll('.discussion__message').length == 3")
    expect(page.locator("#discussion-plus-loin")).to_be_hidden()
    shoot(page, screenshots, "discussion-revoir")
    assert page.errors == []
