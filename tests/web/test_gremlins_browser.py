"""Gremlins in a real browser: starting a project, assigning a card to it, playing an action
whose effect asks a question (the choice box), ending the turn while the bot plays, the set-up
redraw, completing a plan, and the page at phone width.

Headless Chromium against a live server (see ``conftest.py``); seat 0 is the page, seat 1 a
bot: the Débutant level when the table is made in the lobby (which offers the four levels), the
``random`` engine when it is made through the API. The tables that need a known hand are
created through the API with a card file of their own (the ``cartes`` option): every card
alike, so the hand dealt does not matter.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

LiveServer = Any  # conftest.LiveServer: url, database, get(path)

MY_TURN = '#jeu[data-a-jouer="true"]'
ME = 0
TIMEOUT = 30.0
SERVER = 15_000  # ms: what the page shows after a round trip to a loaded server
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}

# Every card a free action: « piocher 1 carte ; assigner 1 carte de la main » asks which card.
OVERTIME = "\n".join(
    f"A{i:02d} | Heures sup {i} | action | {('or', 'malice')[i % 2]} | gratuit | "
    "piocher 1 carte ; assigner 1 carte de la main"
    for i in range(48)
)
# Every card a plan worth 2 that needs 1 gold, its banner gold: start, assign, complete.
PLANS = "\n".join(f"P{i:02d} | Plan {i} | plan 2 | or | 1 or | -" for i in range(48))


def api_post(server: LiveServer, path: str, body: Any) -> Any:
    request = urllib.request.Request(
        server.url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def bot_table(page: Any, server: LiveServer, options: dict[str, Any], players: int = 2) -> str:
    """A started table, the page at seat 0 and random bots at the other seats."""
    created = api_post(
        server,
        "/api/tables",
        {
            "jeu": "gremlins",
            "joueurs": players,
            "options": {"mode": "classique", **options},
            "places": [{"type": "humain"}]
            + [{"type": "robot", "niveau": "random"}] * (players - 1),
            "nom": "Alice",
            "horloge": 0,
        },
    )
    table_id: str = created["table"]
    api_post(server, f"/api/tables/{table_id}/start", {"jeton": created["jeton"]})
    page.goto(server.url + "/")
    seat = json.dumps({"place": ME, "jeton": created["jeton"], "nom": "Alice"})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"ludotheque:table:{table_id}", seat])
    page.goto(f"{server.url}/table/{table_id}")
    page.wait_for_selector("#jeu.gr-racine #resume")
    return table_id


def my_turn(page: Any) -> None:
    """Wait until the page must act in the main phase with two actions left; a question the
    bot's card asks the page meanwhile is answered with its first option."""
    deadline = time.monotonic() + TIMEOUT
    ready = f"{MY_TURN} #actions-restantes[data-restantes='2']"
    asked = f"{MY_TURN} #choix button[data-choix]"
    while True:
        remaining = deadline - time.monotonic()
        assert remaining > 0, "the page's turn never came"
        page.wait_for_selector(f"{ready}, {asked}", timeout=remaining * 1000)
        if page.locator(ready).count():
            return
        # The click sends the answer and re-renders at once: data-a-jouer is "false" until the
        # server's next state.
        page.locator(asked).first.click()


def expect_in_view(page: Any, selector: str) -> None:
    """The element's top comes on the screen (the page scrolls it there)."""
    page.wait_for_function(
        """([selector, height]) => {
            const top = document.querySelector(selector)?.getBoundingClientRect().top;
            return top !== undefined && 0 <= top && top < height;
        }""",
        arg=[selector, page.viewport_size["height"]],
        timeout=SERVER,
    )


def own_projects(page: Any) -> Any:
    return page.locator(f"#projets-joueurs .gr-joueur[data-place='{ME}'] .gr-projet")


def hand(page: Any) -> Any:
    return page.locator("#main li[data-main]")


def test_gremlins_start_assign_and_the_bot_plays(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")
    page.wait_for_selector("#jeu option[value='gremlins']", state="attached")
    page.select_option("#jeu", "gremlins")
    page.fill("#joueurs", "2")
    page.fill("#nom", "Alice")
    page.select_option("#place-0", "humain")
    page.select_option("#place-1", "robot:debutant")  # the lobby offers the four levels
    page.click("#btn-creer")
    page.wait_for_url(re.compile(r"/table/[^/?#]+$"))
    page.click("#btn-demarrer")
    page.wait_for_selector("#jeu.gr-racine #resume")
    # The summary: scores, objective, deck.
    expect(page.locator("#scores li")).to_have_count(2)
    expect(page.locator("#objectif")).to_contain_text("prestige", use_inner_text=True)
    my_turn(page)
    expect(hand(page)).to_have_count(6)
    expect(own_projects(page)).to_have_count(0)
    first = hand(page).nth(0)
    card = first.get_attribute("data-main")
    name = first.locator(".gr-carte__nom").inner_text()
    first.get_by_role("button", name=re.compile("^Commencer un projet")).click()
    page.wait_for_selector("#actions-restantes[data-restantes='1']")
    expect(own_projects(page)).to_have_count(1)
    project = own_projects(page).nth(0)
    expect(project).to_have_attribute("data-carte", card)
    expect(project).to_contain_text(name, use_inner_text=True)
    expect(project.locator(".gr-ressources")).to_have_attribute("data-ressources", "")
    # Assign another card: its banner shows under the project, the turn ends (two actions).
    other = hand(page).nth(0)
    banner = other.locator(".gr-bandeau").first.get_attribute("data-bandeau")
    journal_before = page.locator("#journal-gremlins li").count()
    other.get_by_role("button", name=re.compile("au projet 1$")).click()
    page.wait_for_selector(
        f"#projets-joueurs .gr-joueur[data-place='{ME}'] .gr-projet .gr-ressources"
        f"[data-ressources='{banner}']"
    )
    # The bot plays its turn; the page's turn comes back with a new hand of 6.
    my_turn(page)
    # More than one new line (the page's second action and the bot's turn at least).
    expect(page.locator("#journal-gremlins li").nth(journal_before + 1)).to_be_attached()
    # the game's « joueur N » lines are shown with the players' names
    journal = page.locator("#journal-gremlins")
    bot = page.inner_text("#titre-joueur-1 span >> nth=0")
    expect(journal).to_contain_text(bot, use_inner_text=True)
    expect(journal).to_contain_text("Alice (vous) commence un projet", use_inner_text=True)
    expect(journal).not_to_contain_text("joueur 2", use_inner_text=True)
    expect(hand(page)).to_have_count(6)
    # The robot's projects are face down for the page (its turn is over: they stay as read).
    theirs = page.locator("#projets-joueurs .gr-joueur[data-place='1'] .gr-projet")
    for i in range(theirs.count()):
        project = theirs.nth(i)
        if project.get_attribute("data-carte") == "":
            expect(project.locator(".gr-dos")).to_have_count(1)
    assert page.errors == []


def test_gremlins_choice_box_and_end_of_turn(page: Any, live_server: LiveServer) -> None:
    bot_table(page, live_server, {"cartes": OVERTIME})
    my_turn(page)
    hand(page).nth(0).get_by_role("button", name=re.compile("^Commencer un projet")).click()
    page.wait_for_selector("#actions-restantes[data-restantes='1']")
    # « Heures sup »: free, draw 1, then the page chooses the card to assign.
    hand(page).nth(0).get_by_role("button", name=re.compile("^Jouer")).click()
    page.wait_for_selector(f"{MY_TURN} #choix button[data-choix]")
    # The question opens in view and its first option takes the focus (keyboard users).
    page.wait_for_function("document.activeElement?.matches('#choix button[data-choix]')")
    expect_in_view(page, "#choix")
    expect(page.locator("#question-choix")).to_contain_text(
        "Assigner une carte", use_inner_text=True
    )
    # the card being played
    expect(page.locator("#choix")).to_contain_text("Heures sup", use_inner_text=True)
    # The hand's actions wait for the answer.
    expect(page.locator("#main button[data-action]:enabled")).to_have_count(0)
    option = page.locator("#choix button[data-choix]").first
    expect(option).to_have_attribute("data-choix", re.compile(r"^assigner:"))
    option.click()
    page.wait_for_selector("#choix", state="detached")
    expect(own_projects(page).nth(0).locator(".gr-ressources")).to_have_attribute(
        "data-ressources", re.compile(r".+"), timeout=SERVER
    )
    # Next turn: one action, then end it early; the bot plays and the turn comes back. (Not
    # an empty turn: if the bot then passed too, a whole round without any action would end
    # the game, docs/rules/gremlins.md.)
    my_turn(page)
    hand(page).nth(0).get_by_role("button", name=re.compile("^Commencer un projet")).click()
    page.wait_for_selector("#actions-restantes[data-restantes='1']")
    tour = page.inner_text("#jeu .g-entete__titre")
    page.click("#btn-fin")
    page.wait_for_function(
        "t => document.querySelector('#jeu .g-entete__titre')?.textContent !== t", arg=tour
    )
    my_turn(page)
    assert page.errors == []


def test_gremlins_redraw_then_complete_a_plan(page: Any, live_server: LiveServer) -> None:
    bot_table(page, live_server, {"cartes": PLANS, "nouvelle_main": True})
    page.wait_for_selector(f"{MY_TURN}[data-phase='nouvelle-main'] #nouvelle-main")
    expect(page.locator("#btn-refaire")).to_be_disabled()
    before = [
        page.locator("#nouvelle-main li[data-main]").nth(i).get_attribute("data-main")
        for i in range(6)
    ]
    toggles = page.locator("#nouvelle-main button[data-redraw]")
    toggles.nth(0).click()
    toggles.nth(1).click()
    expect(toggles.nth(0)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#btn-refaire")).to_have_text("Refaire ma main (2 cartes)")
    page.click("#btn-refaire")
    my_turn(page)
    expect(hand(page)).to_have_count(6)
    # The page's turn, two actions left: the hand stays as it is read.
    hand_ids = [hand(page).nth(i).get_attribute("data-main") for i in range(hand(page).count())]
    assert len(hand_ids) == 6
    assert before[0] not in hand_ids and before[1] not in hand_ids
    # Start « Plan », assign a gold card: the project can be completed next turn.
    hand(page).nth(0).get_by_role("button", name=re.compile("^Commencer un projet")).click()
    page.wait_for_selector("#actions-restantes[data-restantes='1']")
    expect(own_projects(page).nth(0)).to_contain_text("Exigences : 1 or", use_inner_text=True)
    hand(page).nth(0).get_by_role("button", name=re.compile("au projet 1$")).click()
    my_turn(page)
    project = own_projects(page).nth(0)
    expect(project).to_contain_class("gr-projet--terminable")
    project.get_by_role("button", name=re.compile("^Terminer")).click()
    page.wait_for_selector(f"#scores li[data-place='{ME}'][data-prestige='2']")
    expect(page.locator(f".gr-joueur[data-place='{ME}'] [data-permanent]")).to_have_count(0)
    expect(page.locator("#defausse-dessus .gr-carte__nom")).to_have_text(
        re.compile(r"^Plan"), use_inner_text=True
    )
    assert page.errors == []


def test_gremlins_phone_width(page: Any, live_server: LiveServer, screenshots: Path) -> None:
    bot_table(page, live_server, {"cartes": OVERTIME})
    my_turn(page)
    hand(page).nth(0).get_by_role("button", name=re.compile("^Commencer un projet")).click()
    page.wait_for_selector("#actions-restantes[data-restantes='1']")
    hand(page).nth(0).get_by_role("button", name=re.compile("^Jouer")).click()
    page.wait_for_selector("#choix button[data-choix]")
    page.screenshot(path=str(screenshots / "gremlins-choix.png"), full_page=True)
    page.set_viewport_size(PHONE)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1, f"the page scrolls sideways at phone width ({width} px)"
    # Every button's text fits its box.
    overflowing = page.evaluate(
        "[...document.querySelectorAll('#jeu button')]"
        ".filter(b => b.offsetWidth && b.scrollWidth > b.clientWidth + 1).map(b => b.textContent)"
    )
    assert overflowing == []
    page.screenshot(path=str(screenshots / "gremlins-choix-mobile.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    assert page.errors == []


def test_gremlins_teams_show_team_sums(page: Any, live_server: LiveServer) -> None:
    bot_table(page, live_server, {"mode": "equipes", "cartes": PLANS}, players=4)
    my_turn(page)
    teams = page.locator("#scores li[data-equipe]")
    expect(teams).to_have_count(2)
    expect(page.locator("#projets-joueurs .gr-joueur")).to_have_count(4)
    expect(page.locator(f"#projets-joueurs .gr-joueur[data-place='{ME}']")).to_contain_text(
        "équipe 1", use_inner_text=True
    )
    # Team 1 is seats 0 and 2 (2 against 2, alternating): its sum is theirs. (The page's
    # turn: the scores stay as they are read.)
    seats = page.locator("#projets-joueurs .gr-joueur [data-prestige]")
    prestige = {
        int(seats.nth(i).evaluate("e => e.closest('.gr-joueur').dataset.place")): int(
            seats.nth(i).get_attribute("data-prestige")
        )
        for i in range(4)
    }
    expect(teams.nth(0)).to_have_attribute("data-prestige", str(prestige[0] + prestige[2]))
    assert page.errors == []


def free_actions(name: str, effect: str) -> str:
    """A deck of 48 free actions with one effect."""
    return "\n".join(
        f"A{i:02d} | {name} {i} | action | malice | gratuit | {effect}" for i in range(48)
    )


def play_a_card_that_asks(page: Any, server: LiveServer, cards: str) -> None:
    """At a 3-player table, the page plays its first card and waits for the question it asks."""
    bot_table(page, server, {"cartes": cards}, players=3)
    my_turn(page)
    hand(page).nth(0).get_by_role("button", name=re.compile("^Jouer")).click()
    page.wait_for_selector(f"{MY_TURN} #choix button[data-choix]")


# Every card a free action against an opponent: at 3 players, « quel joueur ? » is asked.
THEFTS = free_actions("Larcin", "voler 1 prestige à n'importe quel adversaire")


def test_gremlins_target_choices_name_the_players(page: Any, live_server: LiveServer) -> None:
    play_a_card_that_asks(page, live_server, THEFTS)
    page.wait_for_function("document.activeElement?.matches('#choix button[data-choix]')")
    # The question is drawn at once (gremlins.js, render()): its options are read as they are.
    options = page.locator("#choix button[data-choix]").all_inner_texts()
    names = [page.inner_text(f"#titre-joueur-{seat} span >> nth=0") for seat in (1, 2)]
    assert sorted(options) == sorted(names), (options, names)
    expect(page.locator("#jeu")).not_to_have_text(
        re.compile(r"joueur \d|place \d", re.IGNORECASE), use_inner_text=True
    )
    page.locator("#choix button[data-choix]").first.click()
    page.wait_for_selector("#choix", state="detached")
    assert page.errors == []


def test_gremlins_team_end_screen_shows_each_teams_total(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    bot_table(
        page,
        live_server,
        {"mode": "equipes", "cartes": PLANS, "prestige": 2, "epuisements": 0},
        players=4,
    )
    # Start a plan and assign gold to it; complete it next turn: the team reaches 2.
    ready = f"{MY_TURN} #actions-restantes"
    asked = f"{MY_TURN} #choix button[data-choix]"
    deadline = time.monotonic() + 60
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            page.screenshot(path=screenshots / "stalled.png", full_page=True)
        assert remaining > 0, "the team game never ended"
        page.wait_for_selector(f"{ready}, {asked}, #resultat", timeout=remaining * 1000)
        if page.locator("#resultat").count():
            break
        if page.locator(asked).count():
            page.locator(asked).first.click()
            continue
        left = page.get_attribute(ready, "data-restantes")
        # The class is on the project itself (a chained locator would look inside it).
        project = page.locator(
            f"#projets-joueurs .gr-joueur[data-place='{ME}'] .gr-projet--terminable"
        )
        if project.count():
            button = project.first.get_by_role("button", name=re.compile("^Terminer"))
        elif not own_projects(page).count():
            button = hand(page).nth(0).get_by_role("button", name=re.compile("^Commencer"))
        else:
            button = hand(page).nth(0).get_by_role("button", name=re.compile("au projet 1$"))
        try:
            button.click(timeout=3000)
        except PlaywrightTimeout:
            continue  # the page changed under the click (the round ended): look again
        page.wait_for_selector(
            f"{ready}[data-restantes='{left}']", state="detached", timeout=remaining * 1000
        )
    page.wait_for_selector("#resultat #resultat-equipes")
    teams = page.locator("#resultat-equipes li[data-equipe]")
    expect(teams).to_have_count(2)
    # The end screen is drawn at once (table.js, renderEnd()): its numbers are read as they are.
    totals = {
        int(teams.nth(i).get_attribute("data-equipe")): int(
            teams.nth(i).get_attribute("data-prestige")
        )
        for i in range(2)
    }
    # Each team's total is the sum of its members' final scores (seats 0 and 2, 1 and 3).
    prestige = [
        int(page.inner_text(f"#resultat li[data-place='{seat}'] .resultat__score").split()[0])
        for seat in range(4)
    ]
    assert totals == {0: prestige[0] + prestige[2], 1: prestige[1] + prestige[3]}
    reason = page.inner_text("#resultat .resultat__raison")
    assert reason[:1].isupper() and reason.endswith("."), reason  # a sentence
    scores = page.locator("#resultat .resultat__score").all_inner_texts()
    assert scores and all(score.endswith(" prestige") for score in scores), scores
    assert max(totals.values()) >= 2, page.inner_text("#resultat")
    summary = page.locator("#resultat-equipes")
    expect(summary).to_contain_text("Équipe 1 (Alice, ", use_inner_text=True)
    expect(summary).to_contain_text(re.compile(" prestige"), use_inner_text=True)
    page.screenshot(path=str(screenshots / "gremlins-fin-equipes.png"), full_page=True)
    assert page.errors == []


# Every card a free action on any player, oneself included: « vous » is one of the answers.
REVEALS = free_actions("Regard", "dévoiler tous les projets cachés de n'importe quel joueur")


def test_gremlins_choice_buttons_read_as_labels(page: Any, live_server: LiveServer) -> None:
    play_a_card_that_asks(page, live_server, REVEALS)
    # The question is drawn at once (gremlins.js, render()), and it waits for the page's
    # answer: its options, there (play_a_card_that_asks), are read as they are.
    options = page.locator("#choix button[data-choix]").all_inner_texts()
    assert "Vous" in options and all(o[:1].isupper() for o in options), options
    assert page.errors == []
