"""The analysis of a finished game in the replay page (``web/static/js/analysis.js``).

A person finishes a game in Chromium, follows « Revoir la partie pas à pas », sees « Analyse en
cours… » turn by itself into the summary of their decisions, jumps to an imprecision or an
error and reads its note at that step; a spectator sees no analysis. The games are played here
by bots and stored before the server starts; the person plays the last move in the page.
"""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from ludotheque.analysis import driver
from ludotheque.bots.base import Observation
from ludotheque.bots.simulate import derive_seed
from ludotheque.bots.table import make_bot
from ludotheque.core.moves import prepare_action
from ludotheque.core.record import GameRecord
from ludotheque.core.rng import Rng
from ludotheque.games.gutenberg import Gutenberg
from ludotheque.games.gutenberg import analysis as gutenberg_analysis
from ludotheque.games.letter import Letter
from ludotheque.server.storage import SeatRow, Storage, TableRow
from ludotheque.server.tables import hash_token

from .screens import LAPTOP, PHONE, shoot
from .test_accessibility_browser import check

TOKEN = "jeton-de-test-alice"
WAIT = 60_000  # ms: an analysis on a shared machine
ID = re.compile(r"\b[LVDTB]\d+\b")  # cards' and tiles' ids (L07, T05, B1) never shown
SUMMARY = re.compile(r"^\d+ décisions? analysées? : .*\.$")


def played(game: Any, players: int, seed: int, options: dict[str, Any], stop: int | None = None):
    """A game played by Débutant bots (``stop``: only its first moves), and its record."""
    resolved = game.info.resolve_options(players, options)
    bots = [make_bot(game, "debutant") for _ in range(players)]
    draws = [Rng.from_seed(derive_seed(seed, s)).draws() for s in range(players)]
    state = game.new(players, seed, resolved)
    record = GameRecord(game.info.name, players, seed, resolved)
    while state.to_move() and (stop is None or len(record.moves) < stop):
        for seat in sorted(state.to_move()):
            action = bots[seat].choose(Observation.of(game, state, seat), draws[seat])
            state = prepare_action(game, state, seat, action).after
            record = record.with_move(seat, game.encode_action(action))
    return record


def store(database: str, table_id: str, record: GameRecord, *, over: bool) -> None:
    """The table in storage, Alice at seat 0 (:data:`TOKEN`), a Débutant bot at the others."""
    storage = Storage(database)
    row = TableRow(
        table_id,
        record.game,
        record.players,
        record.seed,
        record.options,
        0,
        "terminee" if over else "en_cours",
        0,
    )
    row.created = time.time()
    seats = [SeatRow(0, "humain", None, "Alice", hash_token(TOKEN))]
    seats += [SeatRow(s, "robot", "debutant") for s in range(1, record.players)]
    storage.create_table(row, seats)
    for ply, move in enumerate(record.moves, start=1):
        storage.add_move(table_id, ply, move.seat, move.action)
    if over:
        storage.update_table(table_id, finished=time.time())
    storage.close()


def sit(page: Any, url: str, table_id: str) -> None:
    """This browser holds Alice's seat (what the lobby would have saved)."""
    page.goto(url + "/")
    page.evaluate(
        "([id, token]) => localStorage.setItem('ludotheque:table:' + id,"
        " JSON.stringify({place: 0, jeton: token, nom: 'Alice'}))",
        [table_id, TOKEN],
    )


def test_a_person_finishes_a_game_and_reads_its_analysis_in_the_replay(
    backend_database: str,
    start_live_server: Any,
    new_page: Any,
    monkeypatch: pytest.MonkeyPatch,
    screenshots: Path,
):
    # Letter alone: a Débutant's deal and turns, then the person stops the game in the page.
    record = played(Letter(), 1, 7, {"mode": "solo"}, stop=16)
    store(backend_database, "solo", record, over=False)
    started, release = threading.Event(), threading.Event()
    real = driver.analyse_text

    def held(text: str, seat: int) -> Any:  # the analysis waits until the page shows it waits
        started.set()
        release.wait(WAIT / 1000)
        return real(text, seat)

    monkeypatch.setattr(driver, "analyse_text", held)
    server = start_live_server(backend_database).live
    page = new_page(LAPTOP)
    sit(page, server.url, "solo")
    page.goto(f"{server.url}/table/solo")
    page.click("#btn-arreter:enabled")
    page.click("#lien-replay")
    status = page.locator("#analyse-etat")
    status.wait_for()
    try:
        assert started.wait(WAIT / 1000)
        assert "Analyse en cours…" in status.inner_text()
        assert page.locator("#analyse-sauts").is_hidden()
        shoot(page, screenshots, "analyse-en-cours")
    finally:
        release.set()
    # Ready: the page asks again by itself (no reload) and shows the summary.
    page.wait_for_function(
        "() => document.querySelector('#analyse')?.dataset.etat === 'pret'", timeout=WAIT
    )
    summary = status.inner_text()
    assert SUMMARY.match(summary), summary
    jumps = page.locator("#analyse-sauts button")
    assert jumps.count() >= 1  # a Débutant misses words, and stopping early costs some
    last = jumps.nth(jumps.count() - 1)
    ply = int(last.get_attribute("data-coups"))
    last.click()
    note = page.locator("#analyse-coup")
    assert note.is_visible()
    assert page.evaluate("document.activeElement.id") == "analyse-coup"
    assert page.locator("#etape-numero").inner_text().startswith(f"{ply} /")
    assert re.search(r"Coup \d+ · (\?!|\?\?) (Imprécision|Erreur)", note.inner_text())
    assert "Votre choix" in note.inner_text() and "L'Expert" in note.inner_text()
    assert not ID.search(page.inner_text("body"))
    assert not page.errors, page.errors
    shoot(page, screenshots, "analyse-letter-solo")


def test_the_replay_shows_each_decision_its_note_and_a_spectator_none(
    start_live_server: Any,
    new_page: Any,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    screenshots: Path,
):
    monkeypatch.setattr(gutenberg_analysis, "SAMPLES", 12)  # the same code, quicker
    monkeypatch.setattr(gutenberg_analysis, "EXPERT_ITERATIONS", 32)
    record = played(Gutenberg(), 2, 4, {"mode": "classique"})
    database = f"sqlite:///{tmp_path / 'ludotheque.sqlite3'}"
    store(database, "deux", record, over=True)
    server = start_live_server(database).live
    page = new_page(LAPTOP)
    sit(page, server.url, "deux")
    page.goto(f"{server.url}/replay/deux")
    page.wait_for_function(
        "() => document.querySelector('#analyse')?.dataset.etat === 'pret'", timeout=WAIT
    )
    notes = server.get(f"/api/tables/deux/analyse?jeton={TOKEN}")["analyse"]["notes"]
    assert SUMMARY.match(page.inner_text("#analyse-etat"))
    # Step by step: a step of Alice's decisions shows its note, another step none.
    plies = {note["coups"] for note in notes}
    for _ in range(len(record.moves)):
        page.click("#btn-suivant")
        shown = int(page.inner_text("#etape-numero").split(" /")[0])
        panel = page.locator("#analyse-coup")
        assert panel.is_visible()  # always there: the page does not jump from step to step
        assert ("Votre choix" in panel.inner_text()) == (shown in plies), shown
        assert (panel.get_attribute("data-verdict") is not None) == (shown in plies), shown
        if shown > 12:
            break
    # The jump to the first imprecision or error, by the keyboard.
    worst = next(n for n in notes if n["verdict"] in ("imprecision", "erreur"))
    button = page.locator(f'#analyse-sauts button[data-coups="{worst["coups"]}"]')
    button.focus()
    page.keyboard.press("Enter")
    note = page.locator("#analyse-coup")
    assert page.evaluate("document.activeElement.id") == "analyse-coup"
    assert worst["joue"] in note.inner_text() and worst["meilleur"] in note.inner_text()
    assert all(line in note.inner_text() for line in worst["details"])
    assert not ID.search(page.inner_text("body"))
    check(page, "analyse-note", screenshots)  # axe-core at 1366 and 375 px, no sideways scroll
    assert not page.errors, page.errors
    shoot(page, screenshots, "analyse-gutenberg")
    # A spectator (no seat in this browser) replays the game without anyone's analysis.
    other = new_page(PHONE)
    other.goto(f"{server.url}/replay/deux")
    other.locator("#lecteur").wait_for()
    assert other.locator("#analyse").is_hidden() and other.locator("#analyse-coup").is_hidden()
