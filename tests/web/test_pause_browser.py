"""The table page while its server has lost Redis (several servers, issue 19): the badge, the
notice in the game panel, a move refused, and the game going on by itself when Redis is back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .screens import shoot
from .test_browser import ACTION_CARDS, MY_TURN, alert_text, create_table

ONLINE = "#connexion[data-etat='en-ligne']"
PAUSED = "#connexion[data-etat='en-pause']"


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
    assert notice.is_hidden()

    redis_server.stop()
    page.wait_for_selector(PAUSED, timeout=10_000)
    assert page.inner_text("#connexion") == "En pause : contact perdu entre les serveurs"
    assert notice.is_visible()
    assert "Vous pourrez jouer dès qu'il revient" in notice.inner_text()
    assert "partie--en-pause" in (page.get_attribute("#partie", "class") or "")
    shoot(page, screenshots, "table-en-pause")
    cards.first.click()  # refused: the server could not tell the others
    page.wait_for_selector("#alerte[data-kind='erreur']")
    assert "votre action n'a pas été prise en compte" in alert_text(page)
    assert page.locator(MY_TURN).count() and cards.count() == hand  # nothing was played

    redis_server.start()
    page.wait_for_selector(ONLINE, timeout=15_000)
    assert "Contact rétabli" in alert_text(page)  # the pause's end is told once
    assert notice.is_hidden()
    assert "partie--en-pause" not in (page.get_attribute("#partie", "class") or "")
    page.wait_for_selector(MY_TURN)
    cards.first.click()  # accepted now: the robot chose too, the hands went round
    page.wait_for_function(
        "([selector, n]) => document.querySelectorAll(selector).length === n",
        arg=[ACTION_CARDS, hand - 1],
        timeout=10_000,
    )
