"""Letter in a real browser: the deal by size, placing tiles and tracing words by clicks.

Headless Chromium against a live server (see ``conftest.py``). The person plays through the
page only (clicks); where it needs to know a good move, the test reads the game from the moves
the server stored (:class:`~ludotheque.server.storage.Storage`) and asks
:func:`~ludotheque.games.letter.paths.best_placements` for a placement that makes a real new word.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from ludotheque.games import default_registry
from ludotheque.games.letter.board import cell_name
from ludotheque.games.letter.paths import best_placements
from ludotheque.server.storage import Storage

LiveServer = Any  # conftest.LiveServer: url, database, get(path)

MY_TURN = '#jeu[data-a-jouer="true"]'
ME = 0  # the creator takes the first seat; seat 1 is the bot
TIMEOUT = 60.0
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


def create_letter_table(page: Any, server: LiveServer) -> str:
    page.goto(server.url + "/")
    page.wait_for_selector("#jeu option[value='letter']", state="attached")
    page.select_option("#jeu", "letter")
    page.fill("#joueurs", "2")
    page.fill("#nom", "Alice")
    page.select_option("#place-0", "humain")
    page.select_option("#place-1", "robot:random")
    page.click("#btn-creer")
    page.wait_for_url(re.compile(r"/table/[^/?#]+$"))
    table_id = page.url.rsplit("/", 1)[1]
    page.click("#btn-demarrer")
    page.wait_for_selector("#jeu[data-phase='tirage']")
    return table_id


def server_state(server: LiveServer, table_id: str) -> Any:
    """The game as the server stored it (every accepted move is stored before clients know)."""
    storage = Storage(server.database)
    try:
        record = storage.load_record(table_id)
    finally:
        storage.close()
    assert record is not None
    return record.replay(default_registry().get(record.game))


def my_turn(page: Any, deadline: float) -> str:
    """Wait until this seat must act; let every knock window pass. Returns the phase."""
    while True:
        remaining = deadline - time.monotonic()
        assert remaining > 0, "this seat never got to play"
        page.wait_for_selector(MY_TURN, timeout=remaining * 1000)
        phase = page.get_attribute("#jeu", "data-phase")
        if phase != "frappe":
            return phase
        page.click("#btn-pas-de-frappe")
        page.wait_for_selector(f"{MY_TURN}[data-phase='frappe']", state="detached")


def play_deal_and_first_round(page: Any, server: LiveServer, table_id: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    deals = 0
    while my_turn(page, deadline) == "tirage":
        sizes = page.locator("#jeu button[data-taille]:enabled")
        assert sizes.count() > 0
        # Alternate between the first three sizes offered (1×1, 2×1, 1×2): small tiles fit more.
        before = int(page.get_attribute("#pioche", "data-total"))
        sizes.nth(deals % min(3, sizes.count())).click()
        deals += 1
        page.wait_for_function(
            "n => Number(document.querySelector('#pioche').dataset.total) < n", arg=before
        )
    assert deals == 15
    assert page.locator("#jeu button[data-tuile]").count() == 16  # 15 letters and a blank
    # The first round: any letter, anywhere.
    state = server_state(server, table_id)
    assert state.first_round(ME)
    tile = state.catalog[state.letters_of(ME)[0]]
    positions = state.board.positions(tile, anywhere=True)
    x, y = positions[len(positions) // 2]
    page.click(f'#jeu button[data-tuile="{tile.id}"]')
    page.click(f'#jeu .l-case[data-case="{cell_name(x, y)}"]')
    assert page.locator(f'#plateau .l-piece--provisoire[data-piece="{tile.id}"]').count() == 1
    page.click("#btn-jouer")
    page.wait_for_selector(f'#plateau .l-piece:not(.l-piece--provisoire)[data-piece="{tile.id}"]')


def later_turn(page: Any, server: LiveServer, table_id: str) -> Any:
    """Wait for a turn after the first round; returns the server's state then."""
    deadline = time.monotonic() + TIMEOUT
    assert my_turn(page, deadline) == "jeu"
    state = server_state(server, table_id)
    assert not state.first_round(ME)
    return state


def test_letter_deal_first_round_and_a_word(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    table_id = create_letter_table(page, live_server)
    play_deal_and_first_round(page, live_server, table_id)
    for _ in range(10):
        state = later_turn(page, live_server, table_id)
        tiles = [state.catalog[t] for t in state.letters_of(ME)]
        found = best_placements(state.board, tiles, state.words.index, state.noted(), len)
        if found:
            break
        # No word with these letters yet: put one aside as a free letter and wait.
        page.click(f'#jeu button[data-tuile="{tiles[0].id}"]')
        page.click("#btn-lettre-libre")
        page.wait_for_selector(f'#jeu button[data-tuile="{tiles[0].id}"][data-origine="libre"]')
    else:
        raise AssertionError("no word to make in ten turns")
    move = found[0]
    word, paths = next(iter(move.words.items()))
    path = paths[0]
    page.click(f'#jeu button[data-tuile="{move.tile.id}"]')
    page.click(f'#jeu .l-case[data-case="{move.cell}"]')
    for tile_id in path:
        page.click(f'#plateau [data-piece="{tile_id}"]')
    assert page.inner_text("#mot-trace strong") == word
    assert page.locator("#plateau .l-piece--trace").count() == len(path)
    page.click("#btn-ajouter-mot")
    assert page.inner_text("#mots-ajoutes") == word
    page.screenshot(path=str(screenshots / "letter-en-jeu.png"), full_page=True)
    page.set_viewport_size(PHONE)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1, f"the page scrolls sideways at phone width ({width} px)"
    page.screenshot(path=str(screenshots / "letter-en-jeu-mobile.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.click("#btn-jouer")
    page.wait_for_selector(f'#feuilles .l-feuille[data-place="{ME}"] li[data-mot="{word}"]')
    assert word in server_state(live_server, table_id).sheets[ME][-1].word
    assert page.errors == []


def test_letter_illegal_placement_shows_the_french_error(
    page: Any, live_server: LiveServer
) -> None:
    table_id = create_letter_table(page, live_server)
    play_deal_and_first_round(page, live_server, table_id)
    state = later_turn(page, live_server, table_id)
    # A letter far from every other tile, and no word: the rules refuse it.
    tile = state.catalog[state.letters_of(ME)[0]]
    taken = {cell for placed in state.board.placed for cell in placed.cells()}
    near = {(cx + dx, cy + dy) for cx, cy in taken for dx in range(-4, 5) for dy in range(-4, 5)}
    x, y = next(
        (x, y)
        for y in range(state.board.rows - 3)
        for x in range(state.board.columns - 3)
        if (x, y) not in near
    )
    page.click(f'#jeu button[data-tuile="{tile.id}"]')
    page.click(f'#jeu .l-case[data-case="{cell_name(x, y)}"]')
    page.click("#btn-jouer")
    alert = page.locator("#alerte .alerte__texte")
    alert.wait_for()
    text = alert.inner_text()
    assert re.search(r"[a-zàâçéèêëîïôûù]{3,}", text), text
    assert any(w in text.lower() for w in ("pièce", "mot", "lettre", "toucher")), text
    # Nothing changed: the tile is still on the page, not sent; « Annuler » takes it back.
    assert page.locator(f'#plateau .l-piece--provisoire[data-piece="{tile.id}"]').count() == 1
    page.click("#btn-annuler")
    assert page.locator("#plateau .l-piece--provisoire").count() == 0
    assert page.errors == []
