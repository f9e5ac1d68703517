"""Thèmes page, what the audits found: in Simultanée the player whose word was refused chooses
the won card to give back (D26), with one button per card named as a player reads it; the
judge's timer reads « Délai du juge », never « Sablier »; nothing chosen in one game is
preselected in the next.

Alice plays in the page (seat 0), Bruno over the WebSocket protocol (seat 1) and judges her
words; what is possible is read from the moves the server stored (see test_themes_browser.py).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from .conftest import WAIT_MS, poll_until
from .screens import LAPTOP, shoot
from .test_themes_browser import (
    ME,
    MY_TURN,
    SEARCHING,
    Opponent,
    both_say_nothing,
    create_from_lobby,
    people_table,
    say_word,
    server_state,
    stray_word,
    turn_back,
    two_people_table,
    wait_my_turn,
    wait_turned,
)

LiveServer = Any


def stray_for(state: Any) -> Any:
    """A word of another theme's vocabulary the turned cards allow (the judge decides)."""
    return next(
        (w for w in state.word_choices(other_themes=True) if not state.in_vocabulary(w)), None
    )


def test_themes_simultaneous_the_refused_player_chooses_the_card_to_give_back(
    new_page: Any, live_server: LiveServer
) -> None:
    shots = Path("/tmp/shots/themes-page")
    shots.mkdir(parents=True, exist_ok=True)
    page = new_page(LAPTOP)
    options = {"mode": "simultanee", "jugement": "juge", "delai_juge": 60}
    table_id, tokens = people_table(page, live_server, 2, options)
    with Opponent(live_server, table_id, tokens[1]) as bruno:
        # Alice wins a round with a word of the vocabulary: she has cards to give back.
        for _ in range(10):
            state = server_state(live_server, table_id)
            if state.word_choices():
                break
            both_say_nothing(page, bruno, table_id, live_server)
        word = state.word_choices()[0]
        wait_turned(page, state.play.turned)
        page.wait_for_selector(SEARCHING)
        say_word(page, word, "#t-retournees")
        page.click("#btn-dire")
        page.locator("#t-manche-precedente[data-gagnant='0']").wait_for()
        # The themes were turned over: the theme Alice chose is not kept for the next round.
        expect(page.locator("input[name='t-theme']:checked")).to_have_count(0)
        # Then a word of another theme, which Bruno refuses.
        for _ in range(10):
            state = server_state(live_server, table_id)
            stray = stray_for(state)
            if stray is not None:
                break
            both_say_nothing(page, bruno, table_id, live_server)
        else:
            raise AssertionError("Alice never had a word for the judge")
        wait_turned(page, state.play.turned)
        page.wait_for_selector(SEARCHING)
        say_word(page, stray, "#t-retournees")
        page.click("#btn-dire")
        page.wait_for_selector('#jeu[data-phase="jugement"]')
        # The judge's window is « Délai du juge » in the table's timer, never « Sablier ».
        timers = page.locator("#sablier")
        expect(timers).to_have_text(re.compile(r"Délai du juge : \d+ s"), timeout=WAIT_MS)
        expect(timers).not_to_contain_text("Sablier")
        expect(page.locator("#t-consigne")).to_contain_text("attend le verdict de Bruno")
        bruno.play({"type": "refuser"}, phase="jugement")
        # The choice: a clear prompt, one button per won card, the focus on the first.
        zone = page.locator("#t-rendre")
        zone.wait_for()
        owed = poll_until(
            lambda: server_state(live_server, table_id),
            lambda s: s.play.owes(s, ME) and s.play.out[ME],
            "Alice does not owe a card after Bruno refused her word",
        )
        question = f"Votre mot « {stray.word} » est refusé : choisissez la carte à rendre."
        expect(page.locator("#t-rendre-question")).to_have_text(question, timeout=WAIT_MS)
        expect(page.locator("#t-consigne")).to_contain_text("choisissez-la ci-dessous")
        letters = owed.catalog.letters
        expected = [f"Lettre {letters[c].letter}" for c in owed.won_letters[ME]]
        expected += [f"Thème {owed.catalog.theme(f)}" for f in owed.won_themes[ME]]
        # A letter's name may go on with its place in the word: « Lettre A (la première lettre) ».
        names = page.locator("#t-rendre [data-rendre] .t-rendre__nom")
        expect(names).to_have_text([re.compile(rf"^{re.escape(e)}( \(.*)?$") for e in expected])
        first = page.locator(f'#t-rendre [data-rendre="{owed.won_letters[ME][0]}"]')
        expect(first).to_be_focused()
        expect(timers).to_contain_text("Carte à rendre")
        expect(page.locator("#t-rendre-delai")).to_have_text(
            re.compile(r"Sans choix dans \d+ s, la carte qui vaut le moins sera rendue")
        )
        # No word may be said meanwhile: Alice is out of this round.
        expect(page.locator("#btn-dire")).to_be_disabled()
        shoot(page, shots, "simultanee-carte-a-rendre")
        # By keyboard: the theme card (never the one the rules would give, a letter).
        theme_card = owed.won_themes[ME][0][0]
        page.focus(f'#t-rendre [data-rendre="{theme_card}"]')
        page.keyboard.press("Enter")
        zone.wait_for(state="detached")
        # The page may redraw before the server has applied it, or the other way round.
        after = poll_until(
            lambda: server_state(live_server, table_id),
            lambda s: not s.play.owes(s, ME),
            "the server did not apply the card Alice gave back",
        )
        assert after.won_themes[ME] == () and after.won_letters[ME] == owed.won_letters[ME]
        assert after.play.debts[ME] == 0
        theme = owed.catalog.theme(owed.won_themes[ME][0])
        expect(page.locator("#journal")).to_contain_text(
            f"Alice rend le thème {theme} (mot refusé).", timeout=WAIT_MS
        )
        expect(page.locator("#t-consigne")).to_contain_text("Vous ne cherchez plus")
    assert page.errors == []


def test_themes_a_chosen_theme_is_not_preselected_in_the_next_turn(
    new_page: Any, live_server: LiveServer
) -> None:
    page = new_page(LAPTOP)
    table_id = create_from_lobby(page, live_server, seconds=120)
    deadline = time.monotonic() + 60
    wait_my_turn(page, deadline)
    turn = server_state(live_server, table_id).play.turn
    page.check("#t-theme-2")
    page.fill("#t-mot", "mot pas dit")
    checked = page.locator("input[name='t-theme']:checked")
    expect(checked).to_have_count(1)
    page.click("#btn-fin-tour")
    # The Débutant's turn, then Alice's again, on the server and then in the page.
    after = turn_back(page, live_server, table_id, turn, deadline)
    assert after.play.turn >= turn + 2
    expect(checked).to_have_count(0)
    expect(page.locator("#t-mot")).to_have_value("")
    expect(page.locator("#t-choix")).to_contain_text("Choisissez le thème : cliquez une colonne.")
    assert page.errors == []


def test_themes_the_judge_timer_reads_delai_du_juge(new_page: Any, live_server: LiveServer) -> None:
    page = new_page(LAPTOP)
    table_id, token = two_people_table(page, live_server)
    with Opponent(live_server, table_id, token) as bruno:
        for _ in range(12):
            state = server_state(live_server, table_id)
            if state.play.active == ME:
                page.wait_for_selector(MY_TURN)
                page.click("#btn-fin-tour")
                page.wait_for_selector(MY_TURN, state="detached")
                continue
            word = stray_word(state, 1)
            if word is not None:
                break
            bruno.play(
                {"type": "changer_main"}
                if state.play.may_redraw(state, 1)
                else {"type": "fin_du_tour"}
            )
        else:
            raise AssertionError("seat 1 never had a word to send to the judge")
        bruno.play(
            {"type": "mot", "colonne": word.column, "mot": word.word, "cartes": list(word.cards)}
        )
        page.wait_for_selector('#jeu[data-a-jouer="true"][data-phase="jugement"]')
        timers = page.locator("#sablier")
        expect(timers).to_contain_text(re.compile(r"Délai du juge : \d+ s sur 60"), timeout=WAIT_MS)
        # Bruno's hourglass runs on (« le sablier ne s'arrête jamais »); the judge's window is
        # no hourglass of Alice's.
        expect(timers).to_contain_text("Sablier de Bruno")
        expect(timers).not_to_contain_text("Votre sablier")
        expect(page.locator("#t-delai")).to_have_text(
            re.compile(r"^Délai du juge : sans réponse dans \d+ s, le mot sera accepté\.$"),
            timeout=WAIT_MS,
        )
        page.click("#btn-valider")
        page.wait_for_selector("#t-jugement", state="detached")
    assert page.errors == []
