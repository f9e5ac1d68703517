"""Ratings and « Mes parties » in Chromium (issue 12 § 2 and 3), on SQLite and PostgreSQL.

A person with an account creates a rated Gremlins table against a Débutant from the lobby's
form (« Partie classée » checked for them, disabled with its reason when logged out), plays it
to the end with the simple policy of ``test_gremlins_levels_browser`` (the quickest real game
to finish through the page: 10 prestige), reads their rating change at the end, finds the game
in « Mes parties » (with a game where it is their turn above it) and its replay, then the
leaderboard of Gremlins with their curve; a chat message written during the game and the
analysis of their decisions are in the replay. axe-core checks each page; screenshots at 1366×768
and 375 px (``classement-*.png``, ``mes-parties-*.png``).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .conftest import WAIT_MS
from .screens import LAPTOP, shoot
from .test_accessibility_browser import check
from .test_gremlins_levels_browser import MY_TURN, simple_move

PASSWORD = "cheval agrafe pile"
GAME_SECONDS = 120.0


def post(page: Any, url: str, body: dict[str, Any]) -> Any:
    """A JSON request from the page's browser context (its session cookie goes with it)."""
    response = page.request.post(
        url, data=json.dumps(body), headers={"Content-Type": "application/json"}
    )
    assert response.ok, response.text()
    return response.json()


def play_to_the_end(page: Any) -> None:
    deadline = time.monotonic() + GAME_SECONDS
    acting = f"{MY_TURN} #actions-restantes, {MY_TURN} #choix button[data-choix]"
    while True:
        remaining = deadline - time.monotonic()
        assert remaining > 0, "the game against the Débutant did not end in time"
        page.wait_for_selector(f"#resultat, {acting}", timeout=remaining * 1000)
        if page.locator("#resultat").count():
            return
        before = page.evaluate("document.querySelector('#jeu')?.innerHTML.length")
        simple_move(page)
        page.wait_for_function(
            "n => document.querySelector('#jeu')?.innerHTML.length !== n "
            "|| document.querySelector('#resultat')",
            arg=before,
            timeout=max(1, deadline - time.monotonic()) * 1000,
        )


def test_a_rated_game_against_a_debutant_then_my_games_and_the_leaderboard(
    new_page: Any, backend_database: str, start_live_server: Any, screenshots: Path
) -> None:
    server = start_live_server(backend_database).live
    page = new_page(viewport=LAPTOP)
    page.goto(server.url + "/")
    page.wait_for_selector("#jeu option[value='gremlins']", state="attached")
    page.wait_for_selector("#btn-creer-compte")
    # Logged out: « Partie classée » says why it cannot be ticked.
    rated = page.locator("#classee")
    expect(rated).to_be_disabled(timeout=WAIT_MS)
    expect(rated).not_to_be_checked()
    expect(page.locator("#classee-aide")).to_contain_text("Connectez-vous")

    post(page, server.url + "/api/comptes", {"nom": "Hortense", "mot_de_passe": PASSWORD})
    page.reload()
    page.wait_for_selector("#compte-nom")
    page.wait_for_selector("#jeu option[value='gremlins']", state="attached")
    page.select_option("#jeu", "gremlins")
    page.fill("#joueurs", "2")
    page.dispatch_event("#joueurs", "input")
    page.select_option("#mode", "classique")
    page.fill("#opt-prestige", "10")
    page.fill("#opt-epuisements", "2")
    page.select_option("#place-1", "robot:debutant")
    expect(rated).to_be_enabled(timeout=WAIT_MS)
    expect(rated).to_be_checked()
    expect(page.locator("#classee-aide")).to_contain_text("classement")
    page.locator("#classee").scroll_into_view_if_needed()
    shoot(page, screenshots, "classement-salon-partie-classee")
    page.click("#btn-creer")
    page.wait_for_url(re.compile(r"/table/"))
    table_id = page.url.rstrip("/").split("/")[-1]
    page.wait_for_selector("#btn-demarrer:enabled")
    expect(page.locator("#attente-resume")).to_contain_text("partie classée", timeout=WAIT_MS)
    page.click("#btn-demarrer")
    page.wait_for_selector("#jeu.gr-racine #resume")
    expect(page.locator("#table-titre")).to_contain_text("partie classée", timeout=WAIT_MS)
    # A word in the table's chat (§ 5): it comes back from the server and is kept with the game.
    page.fill("#discussion-texte", "Bonne partie, Delphine !")
    page.press("#discussion-texte", "Enter")
    page.wait_for_selector("#discussion-messages .discussion__message")
    expect(page.locator("#discussion-messages")).to_contain_text("Hortense")

    play_to_the_end(page)
    line = page.locator("#classement-fin")
    page.wait_for_selector("#classement-fin strong", timeout=WAIT_MS)
    # The page drew its line from this same answer of the server: the change is written.
    change = server.get(f"/api/tables/{table_id}/classement")["places"][0]
    gap = f"{'+' if change['ecart'] > 0 else '−'}{abs(change['ecart'])}"
    title = "Gremlins, Inc. – le jeu de cartes"
    start = f"Classement {title} : 1500 → {change['apres']} ({gap}), provisoire"
    expect(line).to_have_text(re.compile(f"^{re.escape(start)}"), use_inner_text=True)
    result = server.get(f"/api/tables/{table_id}")["resultat"]
    won = result["rangs"][0] < result["rangs"][1]
    assert (change["ecart"] > 0) == won
    line.scroll_into_view_if_needed()
    shoot(page, screenshots, "classement-fin-de-partie")

    # A second table, Gutenberg against a bot, where it is Hortense's turn (the first draft).
    other = post(
        page,
        server.url + "/api/tables",
        {
            "jeu": "gutenberg",
            "joueurs": 2,
            "nom": "x",
            "places": [{"type": "humain"}, {"type": "robot", "niveau": "debutant"}],
        },
    )
    post(page, f"{server.url}/api/tables/{other['table']}/start", {"jeton": other["jeton"]})

    page.goto(server.url + "/mes-parties")
    mine = page.locator(f"#liste-toutes li[data-table='{table_id}']")
    mine.wait_for()
    turn = page.locator(f"#liste-a-vous li[data-table='{other['table']}']")
    expect(turn).to_be_visible(timeout=WAIT_MS)
    expect(turn).to_contain_text("Jouer")
    expect(mine).to_contain_text("Gremlins")
    expect(mine).to_contain_text("contre Delphine (robot Débutant)")
    expect(mine).to_contain_text("Gagnée" if won else "Perdue")
    expect(mine).to_contain_text(f"classement 1500 → {change['apres']}")
    expect(mine).to_contain_text(re.compile(r"Terminée\s+(à\s+l'instant|il\s+y\s+a\s+\d+\s+min)"))
    shoot(page, screenshots, "mes-parties")
    check(page, "mes-parties", screenshots)
    mine.get_by_role("link").click()
    page.wait_for_url(f"**/replay/{table_id}")
    page.wait_for_selector("#lecteur:not([hidden])")
    # The replay has the analysis of Hortense's decisions (§ 3; her account is her seat, no
    # token needed) and the chat, at its step.
    page.wait_for_function(
        "() => document.querySelector('#analyse')?.dataset.etat === 'pret'", timeout=60_000
    )
    expect(page.locator("#analyse-etat")).to_have_text(
        re.compile(r"^\d+ décisions? analysées? :"), use_inner_text=True
    )
    page.click("#btn-fin")
    page.wait_for_selector("#discussion-replay .discussion__message")
    expect(page.locator("#discussion-replay")).to_contain_text("Bonne partie, Delphine !")
    shoot(page, screenshots, "classement-revoir-analyse")

    page.goto(server.url + "/classement?jeu=gremlins")
    page.wait_for_selector("#lignes tr")
    rows = page.locator("#lignes tr")
    expect(rows.locator("th")).to_have_count(5, timeout=WAIT_MS)
    names = [" ".join(t.split()) for t in rows.locator("th").all_text_contents()]
    assert "Hortense" in names and "Robot Débutant" in names and len(names) == 5
    me = rows.filter(has_text="Hortense")
    expect(me).to_contain_text(str(change["apres"]))
    expect(me).to_contain_text("?")
    expect(page.locator("a[aria-current='page']")).to_have_attribute(
        "href", "/classement?jeu=gremlins"
    )
    # Logged in, their own curve is drawn at once: the start, one game, the current value.
    page.wait_for_selector("#courbe svg .courbe__ligne")
    expect(page.locator("#courbe svg circle")).to_have_count(2)
    expect(page.locator("#courbe")).to_contain_text(
        f"Classement actuel : {change['apres']} (provisoire)"
    )
    expect(page.locator("#courbe svg .courbe__valeur")).to_contain_text(str(change["apres"]))
    shoot(page, screenshots, "classement-gremlins")
    check(page, "classement", screenshots)
    # A bot's row has no curve; another game's tab has nobody yet.
    page.click("a.onglets__lien[href='/classement?jeu=letter']")
    page.wait_for_url("**/classement?jeu=letter")
    page.wait_for_selector("#vide:not([hidden])")
    expect(page.locator("#vide")).to_contain_text("Personne n'a encore joué")
    assert page.errors == []


def test_logged_out_my_games_says_how_to_find_them(page: Any, live_server: Any) -> None:
    page.goto(live_server.url + "/mes-parties")
    page.wait_for_selector("#deconnecte:not([hidden])")
    expect(page.locator("#deconnecte")).to_contain_text("Connectez-vous")
    page.click("#btn-connexion")
    page.locator("#compte-dialogue").wait_for()
    assert [e for e in page.errors if "Failed to load resource" not in e] == []


def test_the_curve_of_a_seasoned_player_is_dated_in_french(
    new_page: Any, live_server: Any, screenshots: Path
) -> None:
    """Fifteen rated games over three weeks (written through ``Ratings``, as the server does
    at each game's end): the curve's axis is dated in French, provisional points are hollow."""
    from sqlalchemy import insert

    from ludotheque.server.accounts import name_key
    from ludotheque.server.ratings import Ratings
    from ludotheque.server.schema import accounts_table
    from ludotheque.server.storage import SeatRow, Storage

    storage = Storage(live_server.database)
    with storage.engine.begin() as db:
        row = db.execute(
            insert(accounts_table).values(
                name="Gaspard", name_key=name_key("Gaspard"), password_hash="x", created=0.0
            )
        )
        account = int(row.inserted_primary_key[0])
    ratings = Ratings(storage.engine)
    start = 1_793_000_000.0  # 26 octobre 2026, 7 h 33 UTC
    for game in range(15):
        seats = [
            SeatRow(0, "humain", None, "Gaspard", "h", account_id=account),
            SeatRow(1, "robot", "intermediaire"),
        ]
        ranks = (1, 2) if game % 3 else (2, 1)
        ratings.rate("letter", f"saison{game}", seats, ranks, now=start + game * 1.4 * 86400)
    storage.close()
    for size, name in (
        (LAPTOP, "classement-courbe"),
        ({"width": 375, "height": 812}, "classement-courbe-375"),
    ):
        page = new_page(viewport=size)
        page.goto(live_server.url + "/classement?jeu=letter&nom=gaspard")
        page.wait_for_selector("#courbe svg .courbe__ligne")
        expect(page.locator("#courbe svg .courbe__date")).to_have_text(
            ["26 oct.", "5 nov.", "14 nov."]
        )
        provisional = page.locator("#courbe svg .courbe__point--provisoire")
        expect(provisional).to_have_count(1 + 9)  # the start + 9 games
        expect(page.locator("#courbe svg circle")).to_have_count(16)
        summary = page.locator("#courbe figcaption")
        expect(summary).to_have_text(re.compile(r"^De 1500 à "), use_inner_text=True)
        expect(summary).to_contain_text("du 26 octobre au 14 novembre")
        page.locator("#courbe").scroll_into_view_if_needed()
        page.screenshot(path=screenshots / f"{name}.png", full_page=size is not LAPTOP)
        assert page.errors == []
