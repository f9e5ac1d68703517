"""Every page passes axe-core (no critical, serious nor moderate violation) at laptop size
and at 375 px wide, without a horizontal scroll at 375 px: the lobby (each game, a team mode,
Gutenberg's solo), a table of each of the four games during play, the end screen and the
replay page.

axe-core is the copy bundled by the PyPI package ``axe-playwright-python`` (MIT; axe-core
itself MPL-2.0), a test dependency: nothing is fetched from the network.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import LiveServer, poll_until
from .screens import LAPTOP, PHONE

axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")

SIZES = {"1366": LAPTOP, "375": PHONE}
BLOCKING = ("critical", "serious", "moderate")  # moderate too: all pass today
SERVER = 15_000  # ms: what the page shows after a round trip to a loaded server


def violations(page: Any) -> list[str]:
    """axe-core's critical, serious and moderate violations of the page, one per element."""
    result = axe_module.Axe().run(page)
    out = []
    for violation in result.response["violations"]:
        if violation["impact"] in BLOCKING:
            for node in violation["nodes"]:
                out.append(f"{violation['id']} ({violation['impact']}): {node['target']}")
    return out


def page_overflow(page: Any) -> int:
    """How many pixels the page scrolls sideways (0: none)."""
    return int(
        page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
    )


def check(page: Any, name: str, folder: Path) -> None:
    """axe at both sizes, no sideways scroll at 375 px, a screenshot of each."""
    problems: list[str] = []
    for label, size in SIZES.items():
        page.set_viewport_size(size)
        page.wait_for_timeout(150)
        page.screenshot(path=folder / f"a11y-{name}-{label}.png", full_page=label == "375")
        problems += [f"{label} px: {line}" for line in violations(page)]
        if label == "375" and page_overflow(page) > 0:
            problems.append(f"375 px: the page scrolls sideways by {page_overflow(page)} px")
    page.set_viewport_size(LAPTOP)
    assert not problems, f"{name}:\n" + "\n".join(problems)


def lobby(page: Any, server: LiveServer, game: str) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(f"#jeu option[value='{game}']", state="attached")
    page.select_option("#jeu", game)


def start_table(
    page: Any,
    server: LiveServer,
    game: str,
    seats: list[str],
    mode: str | None = None,
    choices: dict[str, str] | None = None,
) -> str:
    """Fill the lobby's form for ``game`` (seats ``humain`` or ``robot:<level>``, ``choices``
    of options), create the table and start it; the page is then on the table, in play."""
    lobby(page, server, game)
    if mode is not None:
        page.select_option("#mode", mode)
    page.fill("#joueurs", str(len(seats)))
    page.dispatch_event("#joueurs", "input")
    for name, value in (choices or {}).items():
        page.select_option(f"#opt-{name}", value)
    page.fill("#nom", "Alice")
    for index, kind in enumerate(seats):
        page.select_option(f"#place-{index}", kind)
    page.click("#btn-creer")
    page.wait_for_url(re.compile(r"/table/[^/?#]+$"))
    page.locator("#btn-demarrer").click()
    page.wait_for_selector("#jeu[data-phase]:not([data-phase=''])")
    page.wait_for_timeout(300)
    return str(page.url.rsplit("/", 1)[1])


@pytest.fixture
def folder(screenshots: Path) -> Path:
    return screenshots


@pytest.mark.parametrize("game", ["gutenberg", "letter", "themes", "gremlins"])
def test_the_lobby_of_each_game(
    new_page: Any, live_server: LiveServer, folder: Path, game: str
) -> None:
    page = new_page(LAPTOP)
    lobby(page, live_server, game)
    check(page, f"lobby-{game}", folder)
    assert page.errors == []


def test_the_lobby_in_a_team_mode_and_in_solo(
    new_page: Any, live_server: LiveServer, folder: Path
) -> None:
    page = new_page(LAPTOP)
    lobby(page, live_server, "themes")
    page.select_option("#mode", "equipe")
    page.fill("#joueurs", "6")
    page.dispatch_event("#joueurs", "input")
    page.wait_for_selector("#places-liste .pastille--equipe:not([hidden])")
    check(page, "lobby-themes-equipe", folder)
    lobby(page, live_server, "gutenberg")
    page.select_option("#mode", "solo")
    expect(page.locator("#joueurs")).to_have_value("1")
    check(page, "lobby-gutenberg-solo", folder)
    # Created as it is: a solo table, the count never typed.
    page.fill("#nom", "Alice")
    page.click("#btn-creer")
    page.wait_for_url(re.compile(r"/table/[^/?#]+$"))
    table_id = page.url.rsplit("/", 1)[1]
    table = poll_until(
        lambda: live_server.get(f"/api/tables/{table_id}"),
        lambda t: (t["mode"], t["joueurs"]) == ("solo", 1),
        "the table created from the lobby is a solo table of 1",
    )
    assert (table["mode"], table["joueurs"]) == ("solo", 1)
    assert page.errors == []


@pytest.mark.parametrize(
    ("game", "seats", "mode"),
    [
        ("gutenberg", ["humain", "robot:debutant", "robot:fort"], None),
        ("letter", ["humain", "robot:debutant"], None),
        ("themes", ["humain", "robot:debutant", "robot:intermediaire"], None),
        ("gremlins", ["humain", "robot:debutant", "robot:fort", "robot:expert"], "equipes"),
    ],
)
def test_a_table_of_each_game_during_play(
    new_page: Any,
    live_server: LiveServer,
    folder: Path,
    game: str,
    seats: list[str],
    mode: str | None,
) -> None:
    page = new_page(LAPTOP)
    start_table(page, live_server, game, seats, mode)
    check(page, f"table-{game}", folder)
    assert page.errors == []


def test_the_end_screen_and_the_replay(
    new_page: Any, live_server: LiveServer, folder: Path
) -> None:
    page = new_page(LAPTOP)
    table_id = start_table(page, live_server, "letter", ["humain"], "solo", {"tirage": "hasard"})
    # The solo player stops (« arreter », as in the terminal): the game ends at once. Sent on
    # the seat's own connection, so the test does not depend on where the Letter page puts it.
    page.evaluate(
        """([table, url]) => new Promise((resolve, reject) => {
            const seat = JSON.parse(localStorage.getItem(`ludotheque:table:${table}`));
            const token = encodeURIComponent(seat.jeton);
            const ws = new WebSocket(`${url}/ws/${table}?jeton=${token}`);
            const stop = {type: "coup", seq: 0, coup: {type: "arreter"}};
            ws.onopen = () => ws.send(JSON.stringify(stop));
            ws.onmessage = (event) => {
                if (JSON.parse(event.data).type === "erreur") reject(event.data); else resolve();
            };
            ws.onerror = reject;
        })""",
        [table_id, live_server.url.replace("http", "ws", 1)],
    )
    page.wait_for_selector("#resultat")
    # Letter's solo has no opponent: nobody wins or loses, the reason tells the result.
    expect(page.locator("#resultat-titre")).to_have_text("Partie terminée", use_inner_text=True)
    expect(page.locator(".resultat__raison")).to_have_text(
        re.compile("^" + re.escape("0 mot ; 0 lettre posée sur ")), use_inner_text=True
    )
    check(page, "end", folder)
    page.goto(f"{live_server.url}/replay/{table_id}")
    page.locator("#lecteur").wait_for()
    page.wait_for_timeout(300)
    check(page, "replay-start", folder)
    page.locator("#btn-fin").click()
    page.wait_for_selector("#fin #resultat")
    check(page, "replay-end", folder)
    assert page.errors == []


def test_the_waiting_room_shows_the_teams_and_the_robots_names(
    new_page: Any, live_server: LiveServer, folder: Path
) -> None:
    page = new_page(LAPTOP)
    lobby(page, live_server, "gremlins")
    page.select_option("#mode", "equipes")
    page.fill("#joueurs", "4")
    page.dispatch_event("#joueurs", "input")
    page.wait_for_selector("#places-liste .pastille--equipe:not([hidden])")
    expect(page.locator("#equipes-resume")).to_have_text(
        "Équipe 1 : places 1 et 3 · Équipe 2 : places 2 et 4.", use_inner_text=True
    )
    page.fill("#nom", "Alice")
    page.select_option("#place-1", "robot:fort")
    page.click("#btn-creer")
    page.wait_for_url(re.compile(r"/table/[^/?#]+$"))
    page.wait_for_selector("#attente-places .pastille--equipe")
    seats = page.locator("#attente-places li.place")
    # The first words of the first seat: its number, the name, « (vous) ».
    expect(seats.nth(0)).to_have_text(
        re.compile(r"^\s*1\s+Alice\s+\(vous\)(\s|$)"), use_inner_text=True
    )
    expect(seats.nth(0)).to_contain_text("équipe 1", use_inner_text=True)
    expect(seats.nth(1)).to_contain_text("équipe 2", use_inner_text=True)
    expect(seats.nth(1)).to_contain_text("Fanny", use_inner_text=True)
    expect(seats.nth(1)).to_contain_text("robot · Fort", use_inner_text=True)
    # The options read as words: « 2 équipes de 3 », never the value « 2x3 ».
    summary = page.locator("#attente-resume")
    expect(summary).to_contain_text("2 équipes de 3", use_inner_text=True)
    expect(summary).not_to_contain_text("2x3", use_inner_text=True)
    check(page, "waiting-room-teams", folder)
    # The lobby's list of open tables names the robot and its level the same way.
    table_id = page.url.rsplit("/", 1)[1]
    page.goto(live_server.url + "/")
    line = page.locator(f"#tables li[data-table='{table_id}']")
    expect(line).to_contain_text(
        "Alice, Fanny (robot Fort), place libre, place libre", use_inner_text=True, timeout=SERVER
    )
    assert page.errors == []
