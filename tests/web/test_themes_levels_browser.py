"""A person against a Thèmes Débutant, in Chromium: a whole two-player game through the page.

The person plays simply, as a newcomer would: on each turn, a short everyday word of the
vocabulary that the hand allows (one the Débutant itself knows, the shortest), typed without
choosing cards (the page takes the cards worth the most), then a second one if there is one,
then « Fin du tour »; with no such word, « Fin du tour » at once. The table is set up by the
lobby's defaults for one person (the vocabulary judges). The test checks that the game reaches
its end screen with both scores, records them, and takes screenshots of the table and of the
end screen, at 1366 × 768 and 375 px wide.

``LUDOTHEQUE_SCREENSHOTS=/tmp/shots/themes .venv/bin/python -m pytest
tests/web/test_themes_levels_browser.py`` keeps them; the scores go to the test's output.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from ludotheque.bots.levels import LEVELS
from ludotheque.games import default_registry
from ludotheque.games.themes.cards import entry_key
from ludotheque.games.themes.familiarity import entry_familiarity, knows_entry

from .conftest import WAIT_MS, poll_until
from .screens import LAPTOP, shoot
from .test_browser import check_final_ranking, stored_outcome
from .test_themes_browser import MY_TURN, server_state

LiveServer = Any
GAME_TIMEOUT = 80.0
ME = 0
WORDS_A_TURN = 2


def short_common_word(state: Any) -> Any | None:
    """The word a newcomer says: the shortest everyday word (the Débutant's vocabulary) that
    the hand allows, the most familiar among equals; None when there is none."""
    choices = [
        word
        for word in state.word_choices(ME)
        if not word.fifth and knows_entry(LEVELS["debutant"], word.word)
    ]
    if not choices:
        return None
    return min(choices, key=lambda w: (len(entry_key(w.word)), -entry_familiarity(w.word)))


def create_table(page: Any, server: LiveServer) -> str:
    """Alice and a Débutant, classic, the lobby's defaults otherwise."""
    page.goto(server.url + "/")
    page.wait_for_selector("#jeu option[value='themes']", state="attached")
    page.select_option("#jeu", "themes")
    page.fill("#joueurs", "2")
    page.fill("#nom", "Alice")
    page.select_option("#place-0", "humain")
    page.select_option("#place-1", "robot:debutant")
    # One person at the table: the lobby's default judge is the vocabulary (D17).
    expect(page.locator("#opt-jugement")).to_have_value("vocabulaire")
    page.click("#btn-creer")
    page.wait_for_url(re.compile(r"/table/[^/?#]+$"))
    table_id: str = page.url.rsplit("/", 1)[1]
    page.click("#btn-demarrer")
    page.wait_for_selector("#jeu.t-racine .t-colonne[data-colonne='3']")
    return table_id


def test_a_person_plays_a_whole_game_against_a_debutant(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page = new_page(LAPTOP)
    table_id = create_table(page, live_server)
    said: list[str] = []
    deadline = time.monotonic() + GAME_TIMEOUT
    while True:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"the game did not end in {GAME_TIMEOUT} s ({said})"
        page.wait_for_selector(f"#resultat, {MY_TURN}", state="attached", timeout=remaining * 1000)
        if page.locator("#resultat").count():
            break
        state = server_state(live_server, table_id)
        word = short_common_word(state) if state.play.words_in_turn < WORDS_A_TURN else None
        if word is None:
            turn = state.play.turn
            page.click("#btn-fin-tour")
            # This seat's next turn (or the end), on the server and then in the page: until it
            # draws it, the page still shows the turn that ended as this seat's.
            after = poll_until(
                lambda: server_state(live_server, table_id),
                lambda s, turn=turn: (
                    s.phase == "fin" or (s.play.turn > turn and s.play.active == ME)
                ),
                "the turn did not come back to the person, nor did the game end",
                timeout=max(1.0, deadline - time.monotonic()),
            )
            page.wait_for_function(
                "p => document.querySelector('#resultat') || new RegExp(p)"
                ".test(document.querySelector('#jeu .g-entete__mode')?.textContent || '')",
                arg=rf"\bTour {after.play.turn + 1}\b",
                timeout=max(1.0, deadline - time.monotonic()) * 1000,
            )
            continue
        page.check(f"#t-theme-{word.column}")
        page.fill("#t-mot", word.word)
        if not said:
            shoot(page, screenshots, "themes-debutant-table")
        decided = len(state.judgements)
        page.click("#btn-dire")
        after = poll_until(
            lambda: server_state(live_server, table_id),
            lambda s, decided=decided: len(s.judgements) > decided,
            f"the server did not decide « {word.word} »",
        )
        assert len(after.judgements) == decided + 1 and after.judgements[-1].accepted
        # The page draws the decision: the word said is cleared (or the game is over, or the
        # turn passed).
        page.wait_for_function(
            "() => document.querySelector('#resultat')"
            " || document.querySelector('#jeu')?.dataset.aJouer === 'false'"
            " || document.querySelector('#t-mot')?.value === ''",
            timeout=WAIT_MS,
        )
        said.append(word.word)

    shoot(page, screenshots, "themes-debutant-fin")
    check_final_ranking(page, live_server, table_id, seats=2)
    outcome, record = stored_outcome(live_server, table_id)
    scores = outcome["scores"]
    final = record.replay(default_registry().get("themes"))
    bot_words = [j.word for j in final.judgements if j.seat == 1]
    assert said and bot_words  # both said words
    assert all(knows_entry(LEVELS["debutant"], word) for word in bot_words)
    assert record.options["jugement"] == "vocabulaire"
    print(
        f"\nThèmes against a Débutant: you {scores[0]} ({len(said)} words), "
        f"Débutant {scores[1]} ({len(bot_words)} words)"
    )
    assert page.errors == []
