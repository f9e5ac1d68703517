"""What a Gutenberg player reads on the page, in Chromium (issue 15, « Gutenberg »).

- after each round, the best word the player's own cards could have written (the terminal's
  word finder), never another seat's before the end;
- the card that ends the draft without a choice is named (page and journal);
- a message stops showing once it no longer applies (an empty word, a refused word);
- solo: the difficulty reads « normale », the row preview marks each card with a sign (✓ / ✗)
  and not by its colour alone;
- a replay shows the state, never greyed action buttons.

Screenshots (1366 × 768 and 375 px) go to ``$LUDOTHEQUE_SCREENSHOTS`` when set.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .screens import LAPTOP, shoot
from .test_browser import (
    ACTION_CARDS,
    MY_TURN,
    best_word,
    create_table,
    hand_cards,
    play_to_end,
)

LiveServer = Any
ALERT = "#alerte .alerte__texte"


def draft_until_writing(page: Any) -> None:
    while True:
        page.wait_for_selector(MY_TURN)
        if page.get_attribute("#jeu", "data-phase") != "draft":
            return
        page.locator(f"{ACTION_CARDS}:enabled").first.click()


def test_after_a_round_my_best_word_shows_and_the_last_draft_card_is_named(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page = new_page(LAPTOP)
    create_table(page, live_server, seats=["humain", "robot:debutant"])
    draft_until_writing(page)
    expect(page.locator("#jeu")).to_have_attribute("data-phase", "write")

    # The fifth card came without a choice: the page and the journal name it.
    hand = hand_cards(page)
    last = page.locator("#derniere-carte")
    received = page.locator(f"{ACTION_CARDS}:has(.carte__note:text-is('reçue'))")
    expect(received).to_have_count(1)
    card = next(c for c in hand if c.id == received.get_attribute("data-card"))
    expect(last).to_contain_text(
        f"La dernière carte du paquet, {card.letters} (", use_inner_text=True
    )
    expect(page.locator("#journal")).to_contain_text(
        f"La dernière carte du paquet, {card.notation}, vous revient d'office.",
        use_inner_text=True,
    )

    best = best_word(hand)
    assert best is not None
    page.click("#btn-pas-de-mot")  # no word: the page then tells what was possible

    note = page.locator("#jeu .meilleur-mot")
    note.first.wait_for()
    shoot(page, screenshots, "gutenberg-meilleur-mot")
    # Mine only: the robot's cards went face down (its line has no best word).
    expect(note).to_have_count(1)
    expect(note).to_have_text(
        re.compile("^" + re.escape("Meilleur mot possible avec vos cartes : ")), use_inner_text=True
    )
    expect(note).to_contain_text(best, use_inner_text=True)
    assert page.errors == []


def test_messages_go_away_once_they_no_longer_apply(page: Any, live_server: LiveServer) -> None:
    create_table(page, live_server, seats=["humain", "robot:debutant"])
    draft_until_writing(page)

    # The alert clears itself after 12 s (an error): each « goes away » below is checked within
    # the default 5 s of the key that makes it stale, soon after it was seen, so that timer
    # cannot be what removes it.
    alert = page.locator(ALERT)
    page.press("#mot", "Enter")  # nothing typed
    expect(alert).to_have_text("Tapez un mot, ou choisissez « Pas de mot ».")
    page.type("#mot", "z")
    expect(page.locator("#mot")).to_have_value("z")
    expect(alert).to_have_count(0)  # a word is being typed: the reminder no longer applies

    page.fill("#mot", "zxqwv")
    page.press("#mot", "Enter")
    expect(alert).to_contain_text("ZXQWV", timeout=15_000)  # the server's refusal
    page.wait_for_selector(MY_TURN)
    expect(alert).to_contain_text("ZXQWV")
    page.press("#mot", "Backspace")  # another word now: the refusal of ZXQWV is stale
    expect(page.locator("#mot")).to_have_value("zxqw")
    expect(alert).to_have_count(0)
    assert page.errors == []


def test_solo_hints_by_sign_difficulty_in_words_and_a_replay_without_greyed_controls(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page = new_page(LAPTOP)
    table_id = create_table(page, live_server, seats=["humain"], mode="solo", difficulty="normal")
    expect(page.locator("#jeu .g-entete__mode")).to_contain_text("difficulté normale")

    while True:  # round 1 by hand, up to the writing of round 2
        page.wait_for_selector(MY_TURN)
        phase = page.get_attribute("#jeu", "data-phase")
        if phase == "write" and "Tour 2" in page.inner_text("#jeu .g-entete__titre"):
            break
        if phase == "write":
            word = best_word(hand_cards(page))
            assert word is not None  # five drafted cards and two common ones spell a word
            page.fill("#mot", word.lower())
            page.press("#mot", "Enter")
        else:
            page.locator(f"{ACTION_CARDS}:enabled").first.click()
    # Round 2: the word of round 1 lies on the table; a typed word shows, under each of its
    # cards, a sign as well as a colour: ✓ to the collection, ✗ back under the deck.
    word = best_word(hand_cards(page))
    assert word is not None
    page.fill("#mot", word.lower())
    marks = page.locator("#ligne-apercu .carte__marque")
    fated = page.locator("#ligne-apercu .carte--gagnee, #ligne-apercu .carte--perdue")
    expect(fated.first).to_be_attached()
    classes = fated.evaluate_all("cards => cards.map(card => [...card.classList])")
    # Each card marked, in order: ✓ on a kept one, ✗ on a lost one.
    expect(marks).to_have_text(["✓" if "carte--gagnee" in c else "✗" for c in classes])
    expect(page.locator("#ligne-apercu .ligne-apercu__legende")).to_have_text(
        "✓ : rejoint votre collection · ✗ : retourne sous sa pioche"
    )
    shoot(page, screenshots, "gutenberg-solo-ligne")
    page.fill("#mot", "")
    play_to_end(page)

    page.goto(f"{live_server.url}/replay/{table_id}")
    page.locator("#lecteur").wait_for()
    step_number = page.locator("#etape-numero")
    expect(step_number).to_have_text(re.compile(r"^0 / \d+$"))
    total = int(step_number.inner_text().split("/")[1])
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    greyed = "#jeu button:disabled, #jeu input:disabled, #jeu select:disabled"
    phases = set()
    for step in range(total):
        expect(step_number).to_have_text(f"{step} / {total}")  # this step is drawn
        expect(page.locator(greyed), f"step {step}").to_have_count(0)
        expect(page.locator("#jeu button, #jeu input"), f"step {step}").to_have_count(0)
        phases.add(page.get_attribute("#jeu", "data-phase"))
        page.keyboard.press("ArrowRight")
    assert {"draft", "write", "library"} <= phases
    assert page.errors == []


def test_a_keyboard_player_finds_the_focus_on_what_to_do_when_the_turn_comes_back(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    """A card picked with the keyboard is disabled while the others pick, so the focus is lost;
    when the person's turn comes back it is on the sentence that says what to do (the next Tab
    reaches the cards), not at the top of the page."""
    page = new_page(LAPTOP)
    create_table(page, live_server, seats=["humain", "robot:debutant"])
    page.wait_for_selector(MY_TURN)
    first = page.locator(f"{ACTION_CARDS}:enabled").first
    first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f'#jeu[data-a-jouer="false"], {MY_TURN}')
    page.wait_for_selector(MY_TURN)
    expect(page.locator("#jeu .g-consigne")).to_be_focused()
    page.screenshot(path=screenshots / "gutenberg-tour-focus.png")
    page.keyboard.press("Tab")
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.closest('#jeu') !== null"
    )  # Tab from the prompt goes on into the board
