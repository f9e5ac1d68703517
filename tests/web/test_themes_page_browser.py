"""Thèmes page, what the audits found: in Simultanée the player whose word was refused chooses
the won card to give back (D26), with one button per card named as a player reads it; the
judge's timer reads « Délai du juge », never « Sablier »; nothing chosen in one game is
preselected in the next.

Alice plays in the page (seat 0), Bruno over the WebSocket protocol (seat 1) and judges her
words; what is possible is read from the moves the server stored (see test_themes_browser.py).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from .screens import LAPTOP, shoot
from .test_themes_browser import (
    ME,
    MY_TURN,
    SEARCHING,
    Opponent,
    create_from_lobby,
    people_table,
    say_word,
    server_state,
    stray_word,
    two_people_table,
    wait_my_turn,
)

LiveServer = Any


def stray_for(state: Any) -> Any:
    """A word of another theme's vocabulary the turned cards allow (the judge decides)."""
    return next(
        (w for w in state.word_choices(other_themes=True) if not state.in_vocabulary(w)), None
    )


def both_say_nothing(page: Any, bruno: Opponent, table_id: str, server: LiveServer) -> None:
    round_ = server_state(server, table_id).play.round
    page.wait_for_selector(SEARCHING)
    page.click("#btn-rien")
    bruno.play({"type": "rien"}, phase="recherche")
    deadline = time.monotonic() + 20
    while server_state(server, table_id).play.round == round_:
        assert time.monotonic() < deadline, "the round did not end"
        time.sleep(0.05)
    page.wait_for_selector(SEARCHING)


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
        page.wait_for_selector(SEARCHING)
        say_word(page, word, "#t-retournees")
        page.click("#btn-dire")
        page.locator("#t-manche-precedente[data-gagnant='0']").wait_for()
        # The themes were turned over: the theme Alice chose is not kept for the next round.
        assert page.locator("input[name='t-theme']:checked").count() == 0
        # Then a word of another theme, which Bruno refuses.
        for _ in range(10):
            state = server_state(live_server, table_id)
            stray = stray_for(state)
            if stray is not None:
                break
            both_say_nothing(page, bruno, table_id, live_server)
        else:
            raise AssertionError("Alice never had a word for the judge")
        page.wait_for_selector(SEARCHING)
        say_word(page, stray, "#t-retournees")
        page.click("#btn-dire")
        page.wait_for_selector('#jeu[data-phase="jugement"]')
        # The judge's window is « Délai du juge » in the table's timer, never « Sablier ».
        page.wait_for_function(
            "() => /Délai du juge : \\d+ s/.test(document.querySelector('#sablier')?.textContent)"
        )
        assert "Sablier" not in page.inner_text("#sablier")
        assert "attend le verdict de Bruno" in page.inner_text("#t-consigne")
        bruno.play({"type": "refuser"}, phase="jugement")
        # The choice: a clear prompt, one button per won card, the focus on the first.
        zone = page.locator("#t-rendre")
        zone.wait_for()
        owed = server_state(live_server, table_id)
        assert owed.play.owes(owed, ME) and owed.play.out[ME]
        question = f"Votre mot « {stray.word} » est refusé : choisissez la carte à rendre."
        assert page.inner_text("#t-rendre-question") == question
        assert "choisissez-la ci-dessous" in page.inner_text("#t-consigne")
        letters = owed.catalog.letters
        expected = [f"Lettre {letters[c].letter}" for c in owed.won_letters[ME]]
        expected += [f"Thème {owed.catalog.theme(f)}" for f in owed.won_themes[ME]]
        names = page.eval_on_selector_all(
            "#t-rendre [data-rendre] .t-rendre__nom", "els => els.map(e => e.textContent)"
        )
        assert [n.split(" (")[0] for n in names] == expected
        assert (
            page.evaluate("() => document.activeElement?.dataset?.rendre")
            == (owed.won_letters[ME][0])
        )
        assert "Carte à rendre" in page.inner_text("#sablier")
        page.wait_for_function(
            "() => /Sans choix dans \\d+ s, la carte qui vaut le moins sera rendue/"
            ".test(document.querySelector('#t-rendre-delai')?.textContent)"
        )
        # No word may be said meanwhile: Alice is out of this round.
        assert page.locator("#btn-dire").is_disabled()
        shoot(page, shots, "simultanee-carte-a-rendre")
        # By keyboard: the theme card (never the one the rules would give, a letter).
        theme_card = owed.won_themes[ME][0][0]
        page.focus(f'#t-rendre [data-rendre="{theme_card}"]')
        page.keyboard.press("Enter")
        zone.wait_for(state="detached")
        after = server_state(live_server, table_id)
        deadline = time.monotonic() + 10  # the page may redraw before the server has applied it
        while after.play.owes(after, ME) and time.monotonic() < deadline:
            time.sleep(0.05)
            after = server_state(live_server, table_id)
        assert after.won_themes[ME] == () and after.won_letters[ME] == owed.won_letters[ME]
        assert after.play.debts[ME] == 0 and not after.play.owes(after, ME)
        theme = owed.catalog.theme(owed.won_themes[ME][0])
        journal = page.inner_text("#journal")
        assert f"Alice rend le thème {theme} (mot refusé)." in journal
        assert "Vous ne cherchez plus" in page.inner_text("#t-consigne")
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
    assert page.locator("input[name='t-theme']:checked").count() == 1
    page.click("#btn-fin-tour")
    while server_state(live_server, table_id).play.turn == turn:
        assert time.monotonic() < deadline, "the turn did not pass"
        time.sleep(0.05)
    wait_my_turn(page, deadline)
    assert server_state(live_server, table_id).play.turn >= turn + 2
    assert page.locator("input[name='t-theme']:checked").count() == 0
    assert page.input_value("#t-mot") == ""
    assert "Choisissez le thème : cliquez une colonne." in page.inner_text("#t-choix")
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
        page.wait_for_function(
            "() => /Délai du juge : \\d+ s sur 60/"
            ".test(document.querySelector('#sablier')?.textContent)"
        )
        timers = page.inner_text("#sablier")
        # Bruno's hourglass runs on (« le sablier ne s'arrête jamais »); the judge's window is
        # no hourglass of Alice's.
        assert "Votre sablier" not in timers and "Sablier de Bruno" in timers
        page.wait_for_function(
            "() => /^Délai du juge : sans réponse dans \\d+ s, le mot sera accepté\\.$/"
            ".test(document.querySelector('#t-delai')?.textContent)"
        )
        page.click("#btn-valider")
        page.wait_for_selector("#t-jugement", state="detached")
    assert page.errors == []
