"""The table page while its server has lost Redis (several servers, issue 19): the badge, the
notice in the game panel, a move refused, and the game going on by itself when Redis is back."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .screens import shoot
from .test_browser import ACTION_CARDS, MY_TURN, create_table

ONLINE = "#connexion[data-etat='en-ligne']"
PAUSED = "#connexion[data-etat='en-pause']"
ALERT = "#alerte .alerte__texte"
PAUSED_CLASS = re.compile(r"(^|\s)partie--en-pause(\s|$)")


def test_redis_down_pauses_the_table_page_and_the_game_resumes_by_itself(
    new_page: Any,
    start_live_server: Any,
    postgres_server: Any,
    redis_server: Any,
    redis_url: str,
    screenshots: Path,
) -> None:
    server = start_live_server(postgres_server.create_database("pause"), redis=redis_url).live
    page = new_page()
    create_table(page, server, seats=["humain", "robot:debutant"])
    page.wait_for_selector(ONLINE)
    page.wait_for_selector(MY_TURN)
    cards = page.locator(ACTION_CARDS)
    hand = cards.count()
    notice = page.locator("#pause-partie")
    game = page.locator("#partie")
    expect(notice).to_be_hidden()
    expect(game).not_to_have_class(PAUSED_CLASS)

    redis_server.stop()
    page.wait_for_selector(PAUSED, timeout=15_000)
    expect(page.locator("#connexion")).to_have_text("En pause : contact perdu entre les serveurs")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Vous pourrez jouer dès qu'il revient", use_inner_text=True)
    expect(game).to_have_class(PAUSED_CLASS)
    shoot(page, screenshots, "table-en-pause")
    cards.first.click()  # refused: the server could not tell the others
    page.wait_for_selector("#alerte[data-kind='erreur']", timeout=15_000)
    expect(page.locator(ALERT)).to_contain_text("votre action n'a pas été prise en compte")
    # Nothing was played: the turn came back (the refusal's render) with the same hand.
    expect(page.locator(MY_TURN)).to_have_count(1)
    expect(cards).to_have_count(hand)

    redis_server.start()
    page.wait_for_selector(ONLINE, timeout=15_000)
    # The pause's end is told once, by a notice that stays 5 s: the page may go back online
    # (a state from the server) a moment before that notice arrives.
    expect(page.locator(ALERT)).to_contain_text("Contact rétabli", timeout=15_000)
    expect(notice).to_be_hidden()
    expect(game).not_to_have_class(PAUSED_CLASS)
    page.wait_for_selector(MY_TURN)
    cards.first.click()  # accepted now: the robot chose too, the hands went round
    page.wait_for_function(
        "([selector, n]) => document.querySelectorAll(selector).length === n",
        arg=[ACTION_CARDS, hand - 1],
        timeout=15_000,
    )
