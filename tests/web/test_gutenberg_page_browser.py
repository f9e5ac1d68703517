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

from pathlib import Path
from typing import Any

from .screens import LAPTOP, shoot
from .test_browser import (
    ACTION_CARDS,
    MY_TURN,
    alert_text,
    best_word,
    create_table,
    hand_cards,
    play_to_end,
)

LiveServer = Any


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
    assert page.get_attribute("#jeu", "data-phase") == "write"

    # The fifth card came without a choice: the page and the journal name it.
    hand = hand_cards(page)
    last = page.locator("#derniere-carte")
    received = page.locator(f"{ACTION_CARDS}:has(.carte__note:text-is('reçue'))")
    assert received.count() == 1
    card = next(c for c in hand if c.id == received.get_attribute("data-card"))
    assert f"La dernière carte du paquet, {card.letters} (" in last.inner_text()
    journal = page.inner_text("#journal")
    assert f"La dernière carte du paquet, {card.notation}, vous revient d'office." in journal

    best = best_word(hand)
    assert best is not None
    page.click("#btn-pas-de-mot")  # no word: the page then tells what was possible

    note = page.locator("#jeu .meilleur-mot")
    note.first.wait_for()
    shoot(page, screenshots, "gutenberg-meilleur-mot")
    # Mine only: the robot's cards went face down (its line has no best word).
    assert note.count() == 1
    text = note.inner_text()
    assert text.startswith("Meilleur mot possible avec vos cartes : "), text
    assert best in text
    assert page.errors == []


def test_messages_go_away_once_they_no_longer_apply(page: Any, live_server: LiveServer) -> None:
    create_table(page, live_server, seats=["humain", "robot:debutant"])
    draft_until_writing(page)

    page.press("#mot", "Enter")  # nothing typed
    assert alert_text(page) == "Tapez un mot, ou choisissez « Pas de mot »."
    page.type("#mot", "z")
    assert alert_text(page) == ""  # a word is being typed: the reminder no longer applies

    page.fill("#mot", "zxqwv")
    page.press("#mot", "Enter")
    page.locator("#alerte .alerte__texte").wait_for()
    page.wait_for_selector(MY_TURN)
    assert "ZXQWV" in alert_text(page)
    page.press("#mot", "Backspace")  # another word now: the refusal of ZXQWV is stale
    assert alert_text(page) == ""
    assert page.input_value("#mot") == "zxqw"
    assert page.errors == []


def test_solo_hints_by_sign_difficulty_in_words_and_a_replay_without_greyed_controls(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page = new_page(LAPTOP)
    table_id = create_table(page, live_server, seats=["humain"], mode="solo", difficulty="normal")
    assert "difficulté normale" in page.inner_text("#jeu .g-entete__mode")

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
    marks.first.wait_for()
    kept = page.locator("#ligne-apercu .carte--gagnee").count()
    lost = page.locator("#ligne-apercu .carte--perdue").count()
    signs = marks.all_inner_texts()
    assert sorted(signs) == sorted(["✓"] * kept + ["✗"] * lost) and signs, signs
    legend = page.inner_text("#ligne-apercu .ligne-apercu__legende")
    assert legend == "✓ : rejoint votre collection · ✗ : retourne sous sa pioche"
    shoot(page, screenshots, "gutenberg-solo-ligne")
    page.fill("#mot", "")
    play_to_end(page)

    page.goto(f"{live_server.url}/replay/{table_id}")
    page.locator("#lecteur").wait_for()
    total = int(page.inner_text("#etape-numero").split("/")[1])
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    greyed = "#jeu button:disabled, #jeu input:disabled, #jeu select:disabled"
    phases = set()
    for _step in range(total):
        assert page.locator(greyed).count() == 0, page.inner_text("#etape-numero")
        assert page.locator("#jeu button, #jeu input").count() == 0
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
    page.wait_for_function(
        "() => document.activeElement && document.activeElement !== document.body"
    )
    assert page.evaluate("() => document.activeElement.classList.contains('g-consigne')")
    page.screenshot(path=screenshots / "gutenberg-tour-focus.png")
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.closest('#jeu') !== null")
    assert focused, "Tab from the prompt goes on into the board"
