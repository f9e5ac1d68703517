"""A person against the Débutant level, a whole game of Gremlins in Chromium.

The page plays seat 0 with a simple policy — complete a project when one is ready, else assign
the first card of the hand to the first project, else start a project with the first card (two
actions a turn, a card's question answered with its first option) — against a ``debutant`` bot
on a quick table (10 prestige, at most 2 exhaustions of the deck). What the bot did is shown
at the top of the table (« Le tour de Delphine ») and highlighted on it (``data-change``); the
final scores are recorded and the table and the end screen are photographed (``screenshots``
fixture: ``gremlins-debutant-table.png``, ``gremlins-debutant-fin.png``).

The live server of ``conftest.py`` lets bots play at once (``bot_pace=0``): the game takes
well under a minute.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .conftest import poll_until
from .screens import LAPTOP, shoot
from .test_gremlins_browser import api_post

LiveServer = Any  # conftest.LiveServer: url, database, get(path)

ME = 0
MY_TURN = '#jeu[data-a-jouer="true"]'
GAME_SECONDS = 90.0


def debutant_table(page: Any, server: LiveServer) -> str:
    created = api_post(
        server,
        "/api/tables",
        {
            "jeu": "gremlins",
            "joueurs": 2,
            "options": {"mode": "classique", "prestige": 10, "epuisements": 2},
            "places": [{"type": "humain"}, {"type": "robot", "niveau": "debutant"}],
            "nom": "Alice",
            "horloge": 0,
        },
    )
    table_id: str = created["table"]
    api_post(server, f"/api/tables/{table_id}/start", {"jeton": created["jeton"]})
    page.set_viewport_size(LAPTOP)
    page.goto(server.url + "/")
    seat = json.dumps({"place": ME, "jeton": created["jeton"], "nom": "Alice"})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"ludotheque:table:{table_id}", seat])
    page.goto(f"{server.url}/table/{table_id}")
    page.wait_for_selector("#jeu.gr-racine #resume")
    return table_id


def simple_move(page: Any) -> None:
    """One action of the simple policy (the page must be able to act)."""
    question = page.locator(f"{MY_TURN} #choix button[data-choix]")
    if question.count():
        question.first.click()
        return
    for selector in (
        "#projets-joueurs button[data-action='terminer']:enabled",
        "#main button[data-action='assigner']:enabled",
        "#main button[data-action='commencer']:enabled",
        "#btn-fin:enabled",
    ):
        button = page.locator(f"{MY_TURN} {selector}")
        if button.count():
            button.first.click()
            return


def test_a_person_plays_a_whole_game_against_the_debutant(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    table_id = debutant_table(page, live_server)
    deadline = time.monotonic() + GAME_SECONDS
    highlighted = False
    turns = 0
    acting = f"{MY_TURN} #actions-restantes, {MY_TURN} #choix button[data-choix]"
    while True:
        remaining = deadline - time.monotonic()
        assert remaining > 0, "the game against the Débutant did not end in time"
        page.wait_for_selector(f"#resultat, {acting}", timeout=remaining * 1000)
        if page.locator("#resultat").count():
            break
        if not highlighted and page.locator("#dernier-coup li").count():
            # The bot's turn is told at the top and highlighted on the table (drawn at once
            # with it, and the page's to act: it stays).
            recap = page.locator("#dernier-coup")
            expect(recap).to_contain_text("Delphine", use_inner_text=True)  # the Débutant's name
            expect(recap).not_to_contain_text("joueur 2", use_inner_text=True)
            expect(page.locator("#jeu [data-change]").first).to_be_attached()
            shoot(page, screenshots, "gremlins-debutant-table")
            highlighted = True
        before = page.evaluate("document.querySelector('#jeu')?.innerHTML.length")
        turns += 1
        simple_move(page)
        # Wait for the state that answers the click (the page re-renders; data-a-jouer false
        # while the move is on its way).
        page.wait_for_function(
            "n => document.querySelector('#jeu')?.innerHTML.length !== n "
            "|| document.querySelector('#resultat')",
            arg=before,
            timeout=max(1, deadline - time.monotonic()) * 1000,
        )
    assert highlighted, "no action of the bot was highlighted"
    page.wait_for_selector("#resultat li.resultat__ligne[data-place]")
    page.locator("#resultat").scroll_into_view_if_needed()
    shoot(page, screenshots, "gremlins-debutant-fin")
    result = poll_until(
        lambda: live_server.get(f"/api/tables/{table_id}")["resultat"],
        lambda r: r is not None,
        f"table {table_id} has its result on the server",
    )
    scores = result["scores"]
    assert len(scores) == 2
    assert max(scores) >= 10 or "épuis" in (result.get("raison") or "")
    lines = page.locator("#resultat li.resultat__ligne[data-place]")
    expect(lines).to_have_count(2)
    for score in scores:
        expect(page.locator("#resultat")).to_contain_text(str(score), use_inner_text=True)
    (screenshots / "gremlins-debutant-scores.json").write_text(
        json.dumps({"scores": scores, "raison": result.get("raison"), "actions": turns})
    )
    assert turns >= 5
    assert page.errors == []


def test_the_page_matches_projects_across_views(page: Any, live_server: LiveServer) -> None:
    """The pieces of the highlighting, run in the browser: the journal lines added between two
    views, and which project of the old row each project of the new row is (a project leaves
    from anywhere, a new one comes at the end, two different known cards never match)."""
    page.goto(live_server.url + "/")
    found = page.evaluate(
        """async () => {
          const m = await import('/static/js/games/gremlins.js');
          const P = (carte, ...r) => ({ carte, ressources: r });
          return {
            started: m.alignProjects([P(null)], [P(null, 'techno'), P(null)]),
            completed: m.alignProjects([P('A', 'or'), P('B')], [P('B'), P('C')]),
            gone: m.alignProjects([P(null, 'or', 'or'), P(null, 'malice')], [P(null, 'malice')]),
            lines: m.newLines(['a', 'b', 'c'], ['b', 'c', 'd', 'e']),
            same: m.newLines(['a', 'b'], ['a', 'b']),
            changes: m.tableChanges(
              { joueurs: [{ place: 0, prestige: 4, projets: [P(null, 'or')], permanents: [] }],
                defausse: ['A01'] },
              { joueurs: [{ place: 0, prestige: 2, projets: [P(null, 'or', 'malice'), P(null)],
                            permanents: ['M02'] }], defausse: ['A01', 'A09'] }),
          };
        }"""
    )
    assert found["started"] == [0, -1]
    assert found["completed"] == [1, -1]
    assert found["gone"] == [1]
    assert found["lines"] == ["d", "e"] and found["same"] == []
    seat = found["changes"]["seats"]["0"]
    assert seat["prestige"] == -2 and seat["nouveaux"] == [1] and seat["permanents"] == ["M02"]
    assert seat["ressources"] == {"0": [["malice", 1]]}
    assert found["changes"]["defausse"] is True
    assert page.errors == []
