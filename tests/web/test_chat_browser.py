"""The table chat in Chromium (issue 12, § 5): two players write to each other, Entrée sends;
HTML-looking text shows as text; one player stops reading the other; the host removes a message
and closes the chat to spectators; a spectator on a phone reads it folded, with the count of new
messages; a replay lists the messages written up to each step. Screenshots at 1366×768 and
375 px (``screens.shoot``)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from .screens import LAPTOP, PHONE, shoot

LiveServer = Any  # conftest.LiveServer
HOSTILE = "<img src=x onerror=\"document.title='pirate'\"><b>Bonjour</b>"


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


def messages(page: Any) -> list[tuple[str, str]]:
    """The chat as the page shows it: (name, text) of each message."""
    items = page.locator("#discussion-messages .discussion__message")
    return [
        (
            items.nth(i).locator(".discussion__nom").inner_text(),
            items.nth(i).locator(".discussion__texte").inner_text(),
        )
        for i in range(items.count())
    ]


def test_two_players_chat_one_stops_reading_the_other_and_the_host_removes_a_message(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    table = new_table(live_server)
    alice, bruno = new_page(viewport=LAPTOP), new_page(viewport=LAPTOP)
    open_seat(alice, live_server, table, "alice")
    open_seat(bruno, live_server, table, "bruno")
    assert alice.locator("#discussion-texte").get_attribute("placeholder") == "Écrire à la table…"
    assert alice.locator("#discussion-messages").inner_text() == "Personne n'a encore écrit."
    alice.locator("#jeu .carte").first.focus()  # Alice is choosing a card
    focused = alice.evaluate("() => document.activeElement.outerHTML")
    # HTML-looking text is shown as the text it is, on both pages.
    write(bruno, HOSTILE)
    alice.wait_for_selector("#discussion-messages .discussion__message")
    assert messages(alice) == [("Bruno", HOSTILE)] and messages(bruno) == [("Bruno", HOSTILE)]
    for page in (alice, bruno):
        assert page.locator("#discussion img, #discussion-messages b").count() == 0
        assert page.title() != "pirate"
    # Alice is told politely, and keeps the focus on her card.
    assert alice.locator("#discussion-annonce").get_attribute("aria-live") == "polite"
    assert alice.locator("#discussion-annonce").inner_text() == f"Bruno : {HOSTILE}"
    assert alice.evaluate("() => document.activeElement.outerHTML") == focused
    write(alice, "Bonne partie à toi !")
    bruno.wait_for_function("() => document.querySelectorAll('.discussion__message').length == 2")
    assert messages(bruno)[-1] == ("Alice", "Bonne partie à toi !")
    # Only the host sees « Retirer ».
    assert bruno.locator(".discussion__retirer").count() == 0
    assert alice.locator(".discussion__retirer").count() == 2
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
        assert messages(page) == [("Alice", "Bonne partie à toi !")]
    # Bruno stops reading Alice: her messages leave his page, and new ones never come.
    bruno.locator("#discussion-reglages summary").click()
    bruno.get_by_role("button", name="Ne plus lire Alice").click()
    bruno.wait_for_selector("#discussion-muets >> text=Vous ne lisez plus Alice.")
    assert bruno.locator("#discussion-messages").inner_text() == "Personne n'a encore écrit."
    write(alice, "Tu m'entends ?")
    write(bruno, "Je joue.")  # told after Alice's message: it would have come before
    assert messages(bruno) == [("Bruno", "Je joue.")]
    assert messages(alice)[-1] == ("Bruno", "Je joue.")
    shoot(bruno, screenshots, "discussion-sans-alice")
    # He reads her again: all her messages come back.
    bruno.get_by_role("button", name="Lire de nouveau Alice").click()
    bruno.wait_for_function("() => document.querySelectorAll('.discussion__message').length == 3")
    assert [name for name, _ in messages(bruno)] == ["Alice", "Alice", "Bruno"]
    assert alice.errors == [] and bruno.errors == []


def test_players_chat_in_the_waiting_room_and_the_chat_follows_them_into_the_game(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    table = new_table(live_server, start=False)
    alice, bruno = new_page(viewport=LAPTOP), new_page(viewport=LAPTOP)
    open_seat(alice, live_server, table, "alice")
    open_seat(bruno, live_server, table, "bruno")
    assert alice.locator("#discussion-attente #discussion").is_visible()
    write(bruno, "J'arrive, je prends un café.")
    alice.wait_for_selector(".discussion__message >> text=J'arrive, je prends un café.")
    shoot(alice, screenshots, "discussion-attente")
    alice.click("#btn-demarrer")
    for page in (alice, bruno):
        page.wait_for_selector("#discussion-partie #discussion")
        assert messages(page) == [("Bruno", "J'arrive, je prends un café.")]
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
    assert toggle.get_attribute("aria-expanded") == "false"  # folded on a phone
    assert watcher.locator("#discussion-corps").is_hidden()
    write(alice, "Bienvenue aux spectateurs")
    write(alice, "On commence !")
    watcher.wait_for_selector("#discussion-bascule >> text=2 nouveaux")
    watcher.screenshot(path=screenshots / "discussion-repliee-375.png", full_page=True)
    toggle.click()
    assert messages(watcher) == [
        ("Alice", "Bienvenue aux spectateurs"),
        ("Alice", "On commence !"),
    ]
    assert watcher.locator("#discussion-texte").is_hidden()
    assert (
        watcher.locator("#discussion-statut").inner_text()
        == "Les spectateurs lisent la discussion sans y écrire."
    )
    assert watcher.locator("#discussion-bascule .discussion__nouveaux").is_hidden()
    width = watcher.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"]  # nothing wider than the phone
    watcher.screenshot(path=screenshots / "discussion-spectateur-375.png", full_page=True)
    # The host closes the chat to spectators: the spectator's page says so, without the text.
    alice.locator("#discussion-reglages summary").click()
    alice.get_by_label("Les spectateurs lisent la discussion").uncheck()
    watcher.wait_for_selector(
        "#discussion-statut >> text=L'hôte a réservé la discussion aux joueurs de la table."
    )
    assert watcher.locator("#discussion-messages").is_hidden()
    assert "Bienvenue" not in watcher.locator("#discussion").inner_text()
    assert alice.get_by_label("Les spectateurs lisent la discussion").is_checked() is False
    alice.locator("#discussion").screenshot(path=screenshots / "discussion-reglages.png")
    assert alice.errors == [] and watcher.errors == []


def test_the_replay_shows_the_messages_written_up_to_each_step(
    new_page: Any, backend_database: str, start_live_server: Any, screenshots: Path
) -> None:
    server = start_live_server(backend_database, test_games=True).live
    table = new_table(server, "encheres", options={"manches": 1})
    base = server.url.replace("http://", "ws://") + f"/ws/{table['id']}?jeton="
    with connect(base + table["alice"]) as alice, connect(base + table["bruno"]) as bruno:

        def state(ws: Any) -> Any:
            while (message := json.loads(ws.recv()))["type"] != "etat":
                pass
            return message

        starts = {"alice": state(alice), "bruno": state(bruno)}
        alice.send(json.dumps({"type": "chat", "texte": "Bonne chance"}))
        for ws, who in ((alice, "alice"), (bruno, "bruno")):
            coup = starts[who]["coups"][0]
            ws.send(json.dumps({"type": "coup", "seq": 0, "coup": coup}))
            while state(alice)["coups_joues"] < (1 if who == "alice" else 2):
                pass
            if who == "alice":
                bruno.send(json.dumps({"type": "chat", "texte": "À mon tour"}))
        alice.send(json.dumps({"type": "chat", "texte": "Bien joué"}))
        while json.loads(alice.recv()).get("message", {}).get("texte") != "Bien joué":
            pass
    page = new_page(viewport=LAPTOP)
    open_seat(page, server, table, "alice")
    page.goto(f"{server.url}/replay/{table['id']}")
    page.wait_for_selector("#discussion-replay #discussion")
    assert messages(page) == [("Alice", "Bonne chance")]
    assert (
        page.locator("#discussion-plus-loin").inner_text() == "2 messages plus loin dans la partie."
    )
    page.click("#btn-suivant")
    page.wait_for_function("() => document.querySelectorAll('.discussion__message').length == 2")
    assert messages(page)[-1] == ("Bruno", "À mon tour")
    current = page.locator(".discussion__message--etape")  # written at this step
    assert current.count() == 1 and "à cette étape" in current.inner_text()
    page.click("#btn-fin")
    page.wait_for_function("() => document.querySelectorAll('.discussion__message').length == 3")
    assert page.locator("#discussion-plus-loin").is_hidden()
    shoot(page, screenshots, "discussion-revoir")
    assert page.errors == []
