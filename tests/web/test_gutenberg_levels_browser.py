"""A person against a Gutenberg Débutant, in Chromium: a whole two-player game through the page.

The person plays simply, as a newcomer would: the first card offered in each draft, a short
everyday word the hand allows (the Débutant's own vocabulary, four letters at most when there
is one), the first letters in play when claiming, never a challenge. The test checks that the
game reaches its end screen with both scores, records them, and takes screenshots of the table
(while writing) and of the end screen, at 1366 × 768 and 375 px wide.

``LUDOTHEQUE_SCREENSHOTS=/tmp/shots/gutenberg .venv/bin/python -m pytest
tests/web/test_gutenberg_levels_browser.py`` keeps them; the scores go to the test's output.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from ludotheque.bots.levels import LEVELS
from ludotheque.games.gutenberg.bots_vocabulary import vocabulary
from ludotheque.games.gutenberg.cards import Card

from .screens import LAPTOP, shoot
from .test_browser import (
    ACTION_CARDS,
    MY_TURN,
    alert_text,
    check_final_ranking,
    create_table,
    hand_cards,
    stored_outcome,
)

LiveServer = Any
GAME_TIMEOUT = 180.0  # a whole game, on a loaded machine


def short_common_word(cards: list[Card]) -> str | None:
    """A short word a newcomer finds: among the best everyday words of the hand, the first of
    four letters or less (else the best of them); None when the hand spells none."""
    plays = vocabulary(LEVELS["debutant"]).best(cards, top=30)
    short = [play for play in plays if len(play.word) <= 4]
    chosen = short[0] if short else (plays[0] if plays else None)
    return None if chosen is None else chosen.word


def test_a_person_plays_a_whole_game_against_a_debutant(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page = new_page(LAPTOP)
    table_id = create_table(page, live_server, seats=["humain", "robot:debutant"])
    # The bot has a first name, its level beside it.
    seats = page.locator("#joueurs")
    expect(seats).to_contain_text("Delphine", use_inner_text=True)
    expect(seats).to_contain_text("robot · Débutant", use_inner_text=True)

    words: list[str] = []
    passes = 0
    deadline = time.monotonic() + GAME_TIMEOUT
    while True:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"the game did not end in {GAME_TIMEOUT} s ({words})"
        page.wait_for_selector(f"#resultat, {MY_TURN}", state="attached", timeout=remaining * 1000)
        if page.locator("#resultat").count():
            break
        phase = page.get_attribute("#jeu", "data-phase")
        if phase == "draft":
            page.locator(f"{ACTION_CARDS}:enabled").first.click()
        elif phase == "write":
            word = short_common_word(hand_cards(page))
            if word is None:
                page.click("#btn-pas-de-mot")
                passes += 1
                continue
            page.fill("#mot", word.lower())
            preview = page.locator("#apercu")
            expect(preview).to_contain_text("Aperçu", use_inner_text=True)
            expect(preview).to_contain_text(word, use_inner_text=True)
            if not words:
                shoot(page, screenshots, "gutenberg-debutant-table")
            page.press("#mot", "Enter")
            # Sending marks the move pending (data-a-jouer="false") at once; the server's answer
            # moves the phase on (accepted) or gives the turn back with its error shown in the
            # same render (refused). Once either shows, the alert is final for this word.
            page.wait_for_selector(f"#jeu:not([data-phase='write']), {MY_TURN}")
            assert alert_text(page) == "", alert_text(page)
            words.append(word)
        elif phase == "claim":
            button = page.locator("#btn-reclamer")
            for _ in range(8):
                if button.is_enabled():
                    break
                page.locator(f'{ACTION_CARDS}[aria-pressed="false"]:enabled').first.click()
            button.click()
        else:
            raise AssertionError(f"unexpected phase {phase!r} while the person must act")

    shoot(page, screenshots, "gutenberg-debutant-fin")
    check_final_ranking(page, live_server, table_id, seats=2)
    outcome, record = stored_outcome(live_server, table_id)
    scores = outcome["scores"]
    lines = page.locator("#resultat li.resultat__ligne[data-place]")
    expect(lines).to_have_count(len(scores))
    for place, score in enumerate(scores):
        line = page.locator(f'#resultat li.resultat__ligne[data-place="{place}"]')
        expect(line).to_contain_text(re.compile(rf"\b{score} points?\b"), use_inner_text=True)
    assert len(words) + passes == 5
    bot_words = [
        play["mot"]
        for move in record.moves
        if move.seat == 1 and move.action.get("type") == "ecrire"
        for play in move.action["mots"]
    ]
    assert bot_words and all(LEVELS["debutant"].knows(word) for word in bot_words)
    print(f"\nGutenberg against a Débutant: you {scores[0]}, Débutant {scores[1]}")
    print(f"  your words: {words}; the Débutant's: {bot_words}")
    for name in ("gutenberg-debutant-table", "gutenberg-debutant-fin"):
        assert (screenshots / f"{name}.png").stat().st_size > 10_000
        assert (screenshots / f"{name}-375.png").stat().st_size > 10_000
    assert page.errors == []
