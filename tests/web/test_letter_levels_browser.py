"""A person against a Letter Débutant, in Chromium: a whole two-player game through the page.

The lobby's defaults for a table with a person (knocking on, the rulebook's penalty for a
wrong word), a 13 × 13 board and a 3-second knock window to keep the test short. The person
plays simply, as a newcomer would: in the deal the first size offered, in the first round its
first letter near the centre, then the placement of its letters that makes the longest
everyday word (the Débutant's vocabulary), naming that word only; with none, a blank, else a
letter laid beside the board, else a pass (over 12 simulated games this person wins 9 against
the Débutant; naming the shortest word instead, it loses them all). It never clicks « Pas de
frappe »: every knock window must close by itself. The test records the final scores and takes
screenshots of the table (a knock window, a word traced) and of the end screen, at 1366 × 768
and 375 px wide.

``LUDOTHEQUE_SCREENSHOTS=/tmp/shots/letter .venv/bin/python -m pytest
tests/web/test_letter_levels_browser.py -s`` keeps them and prints the scores.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from ludotheque.bots.levels import LEVELS
from ludotheque.games.letter.board import cell_name
from ludotheque.games.letter.paths import best_placements
from ludotheque.games.letter.vocabulary import level_index

from .screens import LAPTOP, shoot
from .test_browser import check_final_ranking, stored_outcome
from .test_letter_browser import MY_TURN, server_state, stored_record

LiveServer = Any
ME = 0
GAME_TIMEOUT = 300.0  # a whole game with its 3 s knock windows, on a loaded machine
WINDOW = 3  # seconds: the knock window's option, at its shortest useful length
MOVE_TIMEOUT = 30.0  # seconds for the server to store a move sent from the page (loaded machine)


def create_table(page: Any, server: LiveServer) -> str:
    page.goto(server.url + "/")
    page.wait_for_selector("#jeu option[value='letter']", state="attached")
    page.select_option("#jeu", "letter")
    page.fill("#joueurs", "2")
    page.fill("#nom", "Alice")
    page.select_option("#place-0", "humain")
    robots = page.locator("#place-1 option").filter(has_text=re.compile("^Robot"))
    expect(robots).to_have_text(
        ["Robot — Débutant", "Robot — Intermédiaire", "Robot — Fort", "Robot — Expert"]
    )
    page.select_option("#place-1", "robot:debutant")
    # What a person gets by default: knocking on, the rulebook's penalty for a wrong word.
    expect(page.locator("#opt-erreurs")).to_have_value("penalite")
    expect(page.locator("#opt-frapper")).to_be_checked()
    expect(page.locator("#opt-frappe_secondes")).to_have_value("8")
    page.fill("#opt-frappe_secondes", str(WINDOW))
    page.fill("#opt-plateau", "13")
    page.click("#btn-creer")
    page.wait_for_url(lambda url: "/table/" in url)
    table_id: str = page.url.rsplit("/", 1)[1]
    page.click("#btn-demarrer")
    page.wait_for_selector("#jeu[data-phase]")
    return table_id


def moves_stored(server: LiveServer, table_id: str) -> int:
    return len(stored_record(server, table_id).moves)


def wait_for_the_move(server: LiveServer, table_id: str, before: int) -> None:
    """Until the server has stored the person's move (a refusal would fail here)."""
    deadline = time.monotonic() + MOVE_TIMEOUT
    while moves_stored(server, table_id) <= before:
        assert time.monotonic() < deadline, f"the move was not stored in {MOVE_TIMEOUT} s"
        time.sleep(0.05)


def longest(words: dict[str, Any]) -> float:
    return max(len(word) for word in words)


def play_a_turn(page: Any, server: LiveServer, table_id: str, shots: Path | None) -> str:
    """One turn of the simple policy; what was done (a word, « blanche », « libre », « passe »)."""
    state = server_state(server, table_id)
    assert state.to_move() == {ME} and state.phase == "jeu"
    before = moves_stored(server, table_id)
    letters = [state.catalog[t] for t in state.letters_of(ME)]
    if state.first_round(ME):
        tile = letters[0]
        spots = state.board.positions(tile, anywhere=True)
        x, y = min(spots, key=lambda s: (abs(s[0] - 5) + abs(s[1] - 5), s))
        page.click(f'#jeu button[data-tuile="{tile.id}"]')
        page.click(f'#jeu .l-case[data-case="{cell_name(x, y)}"]')
        page.click("#btn-jouer")
        wait_for_the_move(server, table_id, before)
        return "première lettre"
    known = level_index(LEVELS["debutant"], places=False)
    found = best_placements(state.board, letters, known, state.noted(), longest, top=1)
    if found:
        move = found[0]
        word = min(move.words, key=lambda w: (-len(w), w))
        page.click(f'#jeu button[data-tuile="{move.tile.id}"]')
        page.click(f'#jeu .l-case[data-case="{move.cell}"]')
        for tile_id in move.words[word][0]:
            page.click(f'#plateau [data-piece="{tile_id}"]')
        expect(page.locator("#mot-trace strong")).to_have_text(word)
        page.click("#btn-ajouter-mot")
        if shots is not None:
            shoot(page, shots, "letter-debutant-table")
        page.click("#btn-jouer")
        wait_for_the_move(server, table_id, before)
        return word
    blanks = [state.catalog[b] for b in state.blanks_of(ME)]
    spots = state.board.positions(blanks[0]) if blanks else []
    if spots:
        page.click("#btn-blanche")
        page.click(f'#jeu .l-case[data-case="{cell_name(*spots[0])}"]')
        done = "blanche"
    elif letters:
        page.click(f'#jeu button[data-tuile="{letters[0].id}"]')
        page.click("#btn-lettre-libre")
        done = "libre"
    else:
        page.click("#btn-passer")
        done = "passe"
    wait_for_the_move(server, table_id, before)
    return done


def test_a_person_plays_a_whole_letter_game_against_a_debutant(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page = new_page(LAPTOP)
    table_id = create_table(page, live_server)
    turns: list[str] = []
    windows = 0
    shot_window = False
    deadline = time.monotonic() + GAME_TIMEOUT
    while True:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"the game did not end in {GAME_TIMEOUT} s ({turns})"
        page.wait_for_selector(f"#resultat, {MY_TURN}", state="attached", timeout=remaining * 1000)
        if page.locator("#resultat").count():
            break
        phase = page.get_attribute("#jeu", "data-phase")
        if phase == "tirage":
            before = moves_stored(live_server, table_id)
            page.locator("#jeu button[data-taille]:enabled").first.click()
            wait_for_the_move(live_server, table_id, before)
        elif phase == "frappe":
            # Nothing to say: the window closes by itself, its seconds shown meanwhile.
            windows += 1
            expect(page.locator("#frappe-delai")).to_contain_text("se ferme d'elle-même")
            if not shot_window and windows >= 3:
                shoot(page, screenshots, "letter-debutant-frappe")
                shot_window = True
            page.wait_for_selector(f"{MY_TURN}[data-phase='frappe']", state="detached")
        elif phase == "jeu":
            shots = (
                screenshots if not (screenshots / "letter-debutant-table.png").exists() else None
            )
            turns.append(play_a_turn(page, live_server, table_id, shots))
        else:
            raise AssertionError(f"unexpected phase {phase!r} while the person must act")

    shoot(page, screenshots, "letter-debutant-fin")
    check_final_ranking(page, live_server, table_id, seats=2)
    outcome, record = stored_outcome(live_server, table_id)
    scores = outcome["scores"]
    mine = [move.action for move in record.moves if move.seat == ME]
    # Never « Pas de frappe » by hand: each window of the person closed by itself (the server
    # played « pas de frappe » for it when its seconds ran out).
    assert windows >= 5
    assert sum(action["type"] == "pas_de_frappe" for action in mine) >= windows
    assert record.options["erreurs"] == "penalite" and record.options["frapper"] is True
    final = server_state(live_server, table_id)
    bot_words = [entry.word for entry in final.sheets[1]]
    assert [entry.word for entry in final.sheets[ME]] and bot_words
    print(f"\nLetter against a Débutant: you {scores[0]}, Débutant {scores[1]}")
    print(f"  your turns: {turns}; {windows} knock windows closed by themselves")
    print(f"  the Débutant's words: {bot_words}")
    for name in ("letter-debutant-table", "letter-debutant-frappe", "letter-debutant-fin"):
        assert (screenshots / f"{name}.png").stat().st_size > 10_000
        assert (screenshots / f"{name}-375.png").stat().st_size > 10_000
    assert page.errors == []
