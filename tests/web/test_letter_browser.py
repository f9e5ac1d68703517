"""Letter in a real browser: the deal by size, placing tiles and tracing words by clicks,
exchanging a blank, naming the sacrifice of a failed turn, and the keyboard on the board.

Headless Chromium against a live server (see ``conftest.py``). The person plays through the
page only (clicks, keys); where it needs to know a good move, the test reads the game from the
moves the server stored (:class:`~ludotheque.server.storage.Storage`) and asks
:func:`~ludotheque.games.letter.paths.best_placements` for a placement that makes a real new word.
Where a position must be built (a blank on the board, a free letter), the second seat is a
person played by the test itself over the WebSocket protocol (:class:`Opponent`).
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from websockets.sync.client import connect

from ludotheque.games import default_registry
from ludotheque.games.letter.board import cell_name, parse_cell
from ludotheque.games.letter.paths import best_placements
from ludotheque.server.storage import Storage

LiveServer = Any  # conftest.LiveServer: url, database, get(path)

MY_TURN = '#jeu[data-a-jouer="true"]'
ME = 0  # the creator takes the first seat; seat 1 is the bot
TIMEOUT = 60.0
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


def fits_width(page: Any, width: int) -> None:
    """Wait until the page is no wider than ``width`` px (its layout at the new size); fail
    with the width it keeps when it does not fit."""
    try:
        page.wait_for_function(
            "w => document.documentElement.scrollWidth <= w", arg=width, timeout=5_000
        )
    except PlaywrightTimeout:
        shown = page.evaluate("document.documentElement.scrollWidth")
        raise AssertionError(f"the page scrolls sideways at {width} px ({shown} px)") from None


def create_letter_table(page: Any, server: LiveServer) -> str:
    page.goto(server.url + "/")
    page.wait_for_selector("#jeu option[value='letter']", state="attached")
    page.select_option("#jeu", "letter")
    page.fill("#joueurs", "2")
    page.fill("#nom", "Alice")
    page.select_option("#place-0", "humain")
    page.select_option("#place-1", "robot:debutant")
    page.click("#btn-creer")
    page.wait_for_url(re.compile(r"/table/[^/?#]+$"))
    table_id = page.url.rsplit("/", 1)[1]
    page.click("#btn-demarrer")
    page.wait_for_selector("#jeu[data-phase='tirage']")
    return table_id


def stored_record(server: LiveServer, table_id: str) -> Any:
    storage = Storage(server.database)
    try:
        record = storage.load_record(table_id)
    finally:
        storage.close()
    assert record is not None
    return record


def server_state(server: LiveServer, table_id: str) -> Any:
    """The game as the server stored it (every accepted move is stored before clients know)."""
    record = stored_record(server, table_id)
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
        expect(sizes.first).to_be_visible()
        # Alternate between the first three sizes offered (1×1, 2×1, 1×2): small tiles fit more.
        before = int(page.get_attribute("#pioche", "data-total"))
        sizes.nth(deals % min(3, sizes.count())).click()
        deals += 1
        page.wait_for_function(
            "n => Number(document.querySelector('#pioche').dataset.total) < n", arg=before
        )
    assert deals == 15
    expect(page.locator("#jeu button[data-tuile]")).to_have_count(16)  # 15 letters and a blank
    # The first round: any letter, anywhere.
    state = server_state(server, table_id)
    assert state.first_round(ME)
    tile = state.catalog[state.letters_of(ME)[0]]
    positions = state.board.positions(tile, anywhere=True)
    x, y = positions[len(positions) // 2]
    page.click(f'#jeu button[data-tuile="{tile.id}"]')
    page.click(f'#jeu .l-case[data-case="{cell_name(x, y)}"]')
    expect(page.locator(f'#plateau .l-piece--provisoire[data-piece="{tile.id}"]')).to_have_count(1)
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
    expect(page.locator("#mot-trace strong")).to_have_text(word)
    expect(page.locator("#plateau .l-piece--trace")).to_have_count(len(path))
    page.click("#btn-ajouter-mot")
    expect(page.locator("#mots-ajoutes")).to_have_text(word)
    page.screenshot(path=str(screenshots / "letter-en-jeu.png"), full_page=True)
    page.set_viewport_size(PHONE)
    fits_width(page, PHONE["width"] + 1)
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
    expect(alert).to_contain_text(re.compile(r"[a-zàâçéèêëîïôûù]{3,}"), timeout=15_000)
    expect(alert).to_contain_text(re.compile(r"pièce|mot|lettre|toucher", re.IGNORECASE))
    # Nothing changed: the tile is still on the page, not sent; « Annuler » takes it back.
    expect(page.locator(MY_TURN)).to_have_count(1)  # the refusal gave the turn back
    expect(page.locator(f'#plateau .l-piece--provisoire[data-piece="{tile.id}"]')).to_have_count(1)
    page.click("#btn-annuler")
    expect(page.locator("#plateau .l-piece--provisoire")).to_have_count(0)
    assert page.errors == []


# --- two people: the page (seat 0) and the test over the WebSocket (seat 1) --------------------


def api_post(server: LiveServer, path: str, body: Any) -> Any:
    request = urllib.request.Request(
        server.url + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


class Opponent:
    """Seat 1, played by the test through the realtime protocol (docs/server.md)."""

    def __init__(self, server: LiveServer, table_id: str, token: str) -> None:
        url = server.url.replace("http://", "ws://") + f"/ws/{table_id}?jeton={token}"
        self.connection = connect(url, open_timeout=10)
        self.etat: dict[str, Any] = {}

    def __enter__(self) -> Opponent:
        self.socket = self.connection.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.connection.__exit__(None, None, None)

    def _receive(self, deadline: float) -> dict[str, Any]:
        remaining = deadline - time.monotonic()
        assert remaining > 0, "no message from the server"
        message: dict[str, Any] = json.loads(self.socket.recv(timeout=remaining))
        if message["type"] == "etat":
            self.etat = message
        return message

    def wait_turn(self) -> None:
        deadline = time.monotonic() + TIMEOUT
        while not (
            self.etat.get("a_jouer") and self.etat.get("table", {}).get("statut") == "en_cours"
        ):
            self._receive(deadline)

    def play(self, action: dict[str, Any]) -> None:
        self.wait_turn()
        seq = self.etat["prochain_seq"]
        self.socket.send(json.dumps({"type": "coup", "seq": seq, "coup": action}))
        deadline = time.monotonic() + TIMEOUT
        while True:
            message = self._receive(deadline)
            assert message["type"] != "erreur", message
            if message["type"] == "etat" and message["prochain_seq"] > seq:
                return


def two_people_table(page: Any, server: LiveServer, **options: Any) -> tuple[str, str]:
    """A 2-person table, letters dealt at random, no knock window; the page holds seat 0."""
    created = api_post(
        server,
        "/api/tables",
        {
            "jeu": "letter",
            "joueurs": 2,
            "options": {"mode": "classique", "tirage": "hasard", "frapper": False, **options},
            "places": [{"type": "humain"}, {"type": "humain"}],
            "nom": "Alice",
            "horloge": 0,
        },
    )
    table_id = created["table"]
    joined = api_post(server, f"/api/tables/{table_id}/join", {"nom": "Bruno"})
    api_post(server, f"/api/tables/{table_id}/start", {"jeton": created["jeton"]})
    page.goto(server.url + "/")
    seat = json.dumps({"place": ME, "jeton": created["jeton"], "nom": "Alice"})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"ludotheque:table:{table_id}", seat])
    page.goto(f"{server.url}/table/{table_id}")
    page.wait_for_selector("#jeu[data-phase='jeu']")
    return table_id, joined["jeton"]


def first_spot(state: Any, tile: Any) -> tuple[int, int]:
    """Beside the tiles already placed (a first turn may go anywhere), else mid-board."""
    if len(state.board):
        return state.board.positions(tile)[0]
    spots = state.board.positions(tile, anywhere=True)
    return spots[len(spots) // 2]


def opponent_first_turn(opponent: Opponent, state: Any, corner: bool = False) -> None:
    tile = state.catalog[state.letters_of(1)[0]]
    x, y = (0, 0) if corner else first_spot(state, tile)
    opponent.play(
        {"type": "poser", "pieces": [{"piece": tile.id, "case": cell_name(x, y)}], "mots": []}
    )


def page_first_turn(page: Any, state: Any) -> None:
    tile = state.catalog[state.letters_of(ME)[0]]
    x, y = first_spot(state, tile)
    page.click(f'#jeu button[data-tuile="{tile.id}"]')
    page.click(f'#jeu .l-case[data-case="{cell_name(x, y)}"]')
    page.click("#btn-jouer")
    page.wait_for_selector(f'#plateau .l-piece:not(.l-piece--provisoire)[data-piece="{tile.id}"]')


def page_plays_word(page: Any, move: Any) -> str:
    """Place ``move`` (a ScoredPlacement) and name its first word through the page."""
    word, paths = next(iter(move.words.items()))
    page.click(f'#jeu button[data-tuile="{move.tile.id}"]')
    page.click(f'#jeu .l-case[data-case="{move.cell}"]')
    for tile_id in paths[0]:
        page.click(f'#plateau [data-piece="{tile_id}"]')
    expect(page.locator("#mot-trace strong")).to_have_text(word)
    return word


def words_for(state: Any, seat: int, top: int = 1, board: Any = None) -> list[Any]:
    tiles = [state.catalog[t] for t in state.letters_of(seat)]
    found: list[Any] = best_placements(
        state.board if board is None else board,
        tiles,
        state.words.index,
        state.noted(),
        len,
        top=top,
    )
    return found


def play_first_round(page: Any, server: LiveServer, table_id: str, opponent: Opponent) -> Any:
    state = server_state(server, table_id)
    while not all(state.first_done):
        if state.active == ME:
            page.wait_for_selector(MY_TURN)
            page_first_turn(page, state)
        else:
            opponent_first_turn(opponent, state)
        state = server_state(server, table_id)
    return state


def page_word_turn(page: Any, server: LiveServer, table_id: str, state: Any) -> Any:
    found = words_for(state, ME)
    assert found, "no word for the page's seat"
    page.wait_for_selector(MY_TURN)
    word = page_plays_word(page, found[0])
    page.click("#btn-jouer")
    page.wait_for_selector(f'#feuilles .l-feuille[data-place="{ME}"] li[data-mot="{word}"]')
    return server_state(server, table_id)


def word_turn(page: Any, server: LiveServer, table_id: str, opponent: Opponent, state: Any) -> Any:
    """The seat to play names a word: the page's seat through the page, else the opponent.

    Without a word (rare), it lays a free letter, if that cannot end the game (rule 18)."""
    found = words_for(state, state.active)
    if not found:
        assert state.dry == 0, "no word to make, and the game would end"
        tile = state.letters_of(state.active)[0]
        if state.active == ME:
            page.wait_for_selector(MY_TURN)
            page.click(f'#jeu button[data-tuile="{tile}"]')
            page.click("#btn-lettre-libre")
            page.wait_for_selector(f'#jeu button[data-tuile="{tile}"][data-origine="libre"]')
        else:
            opponent.play({"type": "lettre_libre", "piece": tile})
        return server_state(server, table_id)
    if state.active == ME:
        return page_word_turn(page, server, table_id, state)
    paths = next(iter(found[0].words.values()))
    opponent.play(
        {
            "type": "poser",
            "pieces": [{"piece": found[0].tile.id, "case": found[0].cell}],
            "mots": [{"chemin": list(paths[0])}],
        }
    )
    return server_state(server, table_id)


def exchange_plan(state: Any) -> tuple[Any, tuple[int, int]] | None:
    """A placement making a new word for seat 0, and one of its cells, touching the board,
    where a 1×1 blank may go now: with the blank there, the placement is an exchange."""
    for move in words_for(state, ME, top=40):
        tile = move.tile
        for dy in range(tile.height):
            for dx in range(tile.width):
                cx, cy = move.x + dx, move.y + dy
                if state.board.check_place(state.catalog[state.blanks_of(1)[0]], cx, cy) is None:
                    return move, (cx, cy)
    return None


def test_letter_exchange_a_blank_of_the_board(page: Any, live_server: LiveServer) -> None:
    table_id, token = two_people_table(page, live_server)
    with Opponent(live_server, table_id, token) as opponent:
        state = play_first_round(page, live_server, table_id, opponent)
        # The page has drawn the board as it is now: no blank on it yet, so no exchange.
        expect(page.locator("#plateau .l-piece--plateau")).to_have_count(len(state.board))
        expect(page.locator("#btn-echanger")).to_have_count(0)
        blank_id = state.blanks_of(1)[0]
        # A blank is a turn without a word: it must not end the game (rule 18, a whole round
        # without a new word), so it comes right after a word.
        for _ in range(8):
            plan = exchange_plan(state) if state.active == 1 and state.dry == 0 else None
            if plan is not None:
                break
            state = word_turn(page, live_server, table_id, opponent, state)
        else:
            raise AssertionError("no position for an exchange")
        move, (bx, by) = plan
        opponent.play({"type": "blanche", "piece": blank_id, "case": cell_name(bx, by)})
        state = server_state(live_server, table_id)
        assert state.board.tile_at(bx, by) == blank_id, (state.events, state.phase)
        assert state.active == ME, (state.phase, state.events)
        page.wait_for_selector(MY_TURN)

        # The button, then the blank: its cell is offered, and what is pending is told.
        blank = page.locator(f'#plateau [data-piece="{blank_id}"]')
        expect(blank).to_be_enabled()
        page.click("#btn-echanger")
        expect(page.locator("#btn-echanger")).to_have_attribute("aria-pressed", "true")
        expect(
            page.locator(f'#plateau [data-piece="{blank_id}"].l-piece--a-choisir')
        ).to_have_count(1)
        blank.click()
        pending = page.locator("#echange-en-cours")
        expect(pending).to_contain_text(cell_name(bx, by), use_inner_text=True)
        expect(page.locator(f'#plateau [data-piece="{blank_id}"]')).to_have_count(0)
        expect(
            page.locator(f'#plateau .l-case--echange[data-case="{cell_name(bx, by)}"]')
        ).to_have_count(1)
        # « Annuler l'échange » puts the blank back; choose it again by clicking it.
        page.click("#btn-annuler-echange")
        expect(page.locator("#echange-en-cours")).to_have_count(0)
        page.click(f'#plateau [data-piece="{blank_id}"]')
        word = page_plays_word(page, move)
        told = re.escape(f"lettre {move.tile.letter}")
        expect(pending).to_contain_text(re.compile(told, re.IGNORECASE), use_inner_text=True)
        for part in (move.cell, cell_name(bx, by), "votre main"):
            expect(pending).to_contain_text(part, use_inner_text=True)
        page.set_viewport_size(PHONE)
        fits_width(page, PHONE["width"] + 1)
        page.set_viewport_size(DESKTOP)
        page.click("#btn-jouer")
        page.wait_for_selector(f'#feuilles .l-feuille[data-place="{ME}"] li[data-mot="{word}"]')

        record = stored_record(live_server, table_id)
        assert record.moves[-1].action["echange"] == blank_id
        state = server_state(live_server, table_id)
        placed = state.board.get(move.tile.id)
        assert (placed.x, placed.y) == (move.x, move.y)
        assert blank_id not in state.board
        assert blank_id in state.hands[ME]  # « échanger »: the blank goes to the player's hand
        expect(
            page.locator(f'#jeu button[data-tuile="{blank_id}"][data-origine="main"]')
        ).to_have_count(1)
        assert page.errors == []


def test_letter_penalty_names_the_sacrificed_letter(page: Any, live_server: LiveServer) -> None:
    table_id, token = two_people_table(page, live_server, erreurs="penalite")
    with Opponent(live_server, table_id, token) as opponent:
        state = play_first_round(page, live_server, table_id, opponent)
        # A free letter from the other seat, then the page's turn (a turn without a word must
        # not end the game first: rule 18).
        for _ in range(8):
            if state.active == 1 and state.dry == 0:
                break
            state = word_turn(page, live_server, table_id, opponent, state)
        else:
            raise AssertionError("the other seat never got to lay a free letter")
        free = state.letters_of(1)[0]
        opponent.play({"type": "lettre_libre", "piece": free})
        state = server_state(live_server, table_id)
        assert state.free == (free,) and state.active == ME
        page.wait_for_selector(MY_TURN)

        # The smallest letter is offered by default; name the largest instead.
        letters = [state.catalog[t] for t in state.letters_of(ME)]
        smallest = min(letters, key=lambda t: (t.width * t.height, t.id))
        largest = max(letters, key=lambda t: (t.width * t.height, t.id))
        assert largest.id != smallest.id
        select = page.locator("#sacrifice")
        expect(select).to_have_value(smallest.id)
        expect(page.locator("label[for='sacrifice']")).to_have_text(
            "Lettre sacrifiée si le tour échoue"
        )
        select.select_option(largest.id)
        # The free letter beside a tile, and no word: the turn fails.
        x, y = state.board.positions(state.catalog[free])[0]
        page.click(f'#jeu button[data-tuile="{free}"]')
        page.click(f'#jeu .l-case[data-case="{cell_name(x, y)}"]')
        # Once the letter shows on the board (the page drawn again), the choice is still there.
        expect(page.locator(f'#plateau .l-piece--provisoire[data-piece="{free}"]')).to_have_count(1)
        expect(select).to_have_value(largest.id)
        page.click("#btn-jouer")
        # The turn is over (and maybe the game: a whole round without a word, rule 18).
        # The journal names the letter laid aside by its letter and size, never its id.
        told = f"la lettre {largest.label} va à côté du plateau"
        page.locator("#journal li", has_text=told).wait_for()
        expect(page.locator("body")).not_to_contain_text(largest.id, use_inner_text=True)

        assert stored_record(live_server, table_id).moves[-1].action["sacrifice"] == largest.id
        state = server_state(live_server, table_id)
        assert largest.id not in state.hands[ME]
        assert smallest.id in state.hands[ME]
        assert set(state.free) == {free, largest.id}
        assert free not in state.board
        assert page.errors == []


def focused(page: Any) -> str:
    """The board element that has the focus: ``case:c5`` or ``piece:T05`` (else ``other``)."""
    return str(
        page.evaluate(
            """() => {
          const el = document.activeElement;
          if (!el || !el.closest('#plateau')) return 'other';
          return el.dataset.piece ? 'piece:' + el.dataset.piece : 'case:' + el.dataset.case;
        }"""
        )
    )


def board_cell(page: Any, name: str) -> Any:
    """The empty cell ``name`` of the board (a piece carries the name of its corner too)."""
    return page.locator(f'#plateau [data-case="{name}"]:not([data-piece])')


def test_letter_keyboard_places_a_tile_with_arrows_and_enter(
    page: Any, live_server: LiveServer
) -> None:
    table_id, token = two_people_table(page, live_server)
    with Opponent(live_server, table_id, token) as opponent:
        state = server_state(live_server, table_id)
        if state.active != ME:  # in a corner: the board's keyboard starts mid-board
            opponent_first_turn(opponent, state, corner=True)
            state = server_state(live_server, table_id)
        page.wait_for_selector(MY_TURN)
        tile = state.catalog[state.letters_of(ME)[0]]
        hand_tile = f'#jeu button[data-tuile="{tile.id}"]'
        page.focus(hand_tile)
        page.keyboard.press("Enter")
        expect(page.locator(hand_tile)).to_have_attribute("aria-pressed", "true")
        # One tab stop for the whole board (not one per cell).
        for _ in range(60):
            page.keyboard.press("Tab")
            if focused(page) != "other":
                break
        else:
            raise AssertionError("Tab never reaches the board")
        expect(page.locator('#plateau button[tabindex="0"]')).to_have_count(1)
        expect(page.locator('#plateau button:not([tabindex="-1"])')).to_have_count(1)
        start = focused(page)
        assert start.startswith("case:"), start
        expect(page.locator("#plateau :focus")).to_have_attribute("aria-label", start[5:])
        x0, y0 = parse_cell(start[5:])

        # Moves whose cells are free, the tile fitting at the end.
        def free(x: int, y: int) -> bool:
            inside = 0 <= x < state.board.columns and 0 <= y < state.board.rows
            return inside and state.board.tile_at(x, y) is None

        def fits(x: int, y: int) -> bool:
            return all(
                free(x + dx, y + dy) for dx in range(tile.width) for dy in range(tile.height)
            )

        steps = {
            "ArrowRight": (1, 0),
            "ArrowLeft": (-1, 0),
            "ArrowDown": (0, 1),
            "ArrowUp": (0, -1),
        }
        for keys in (
            ["ArrowRight", "ArrowRight", "ArrowDown"],
            ["ArrowLeft", "ArrowLeft", "ArrowUp"],
            ["ArrowDown", "ArrowDown", "ArrowLeft"],
            ["ArrowUp", "ArrowUp", "ArrowRight"],
        ):
            cells = []
            x, y = x0, y0
            for key in keys:
                x, y = x + steps[key][0], y + steps[key][1]
                cells.append((x, y))
            if all(free(cx, cy) for cx, cy in cells) and fits(x, y):
                break
        else:
            raise AssertionError("no free way from the start cell")
        for key, (cx, cy) in zip(keys, cells, strict=True):
            page.keyboard.press(key)
            expect(board_cell(page, cell_name(cx, cy))).to_be_focused()
        # Escape forgets the tile (the focus goes back to it); the board keeps its cursor.
        page.keyboard.press("Escape")
        expect(page.locator(hand_tile)).to_have_attribute("aria-pressed", "false")
        expect(page.locator(hand_tile)).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.locator(hand_tile)).to_have_attribute("aria-pressed", "true")
        for _ in range(60):
            page.keyboard.press("Tab")
            if focused(page) != "other":
                break
        expect(board_cell(page, cell_name(x, y))).to_be_focused()
        page.keyboard.press("Enter")
        provisional = page.locator(f'#plateau .l-piece--provisoire[data-piece="{tile.id}"]')
        expect(provisional).to_have_attribute("data-case", cell_name(x, y))
        # The focus stays on the board.
        expect(page.locator(f'#plateau [data-piece="{tile.id}"]')).to_be_focused()
        page.focus("#btn-jouer")
        page.keyboard.press("Enter")
        page.wait_for_selector(
            f'#plateau .l-piece:not(.l-piece--provisoire)[data-piece="{tile.id}"]'
        )
        placed = server_state(live_server, table_id).board.get(tile.id)
        assert (placed.x, placed.y) == (x, y)
        assert page.errors == []
