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
from playwright.sync_api import expect

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
        expect(status).to_contain_text("Analyse en cours…", use_inner_text=True, timeout=WAIT)
        expect(page.locator("#analyse-sauts")).to_be_hidden()
        shoot(page, screenshots, "analyse-en-cours")
    finally:
        release.set()
    # Ready: the page asks again by itself (no reload) and shows the summary.
    page.wait_for_function(
        "() => document.querySelector('#analyse')?.dataset.etat === 'pret'", timeout=WAIT
    )
    expect(status).to_have_text(SUMMARY, use_inner_text=True)
    jumps = page.locator("#analyse-sauts button")
    # A Débutant misses words, and stopping early costs some: at least one jump.
    expect(jumps.first).to_be_attached()
    last = jumps.nth(jumps.count() - 1)  # drawn with the summary, all at once
    ply = int(last.get_attribute("data-coups"))
    last.click()
    note = page.locator("#analyse-coup")
    expect(note).to_be_visible()
    expect(note).to_be_focused()
    expect(page.locator("#etape-numero")).to_have_text(
        re.compile(rf"^{ply} /"), use_inner_text=True
    )
    expect(note).to_contain_text(
        re.compile(r"Coup \d+ · (\?!|\?\?) (Imprécision|Erreur)"), use_inner_text=True
    )
    expect(note).to_contain_text("Votre choix", use_inner_text=True)
    expect(note).to_contain_text("L'Expert", use_inner_text=True)
    # No card's id anywhere, once the note is there (its positive sign just above).
    expect(page.locator("body")).not_to_have_text(ID, use_inner_text=True)
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
    # The page showed the notes, so the server has them ready: one read.
    notes = server.get(f"/api/tables/deux/analyse?jeton={TOKEN}")["analyse"]["notes"]
    expect(page.locator("#analyse-etat")).to_have_text(SUMMARY, use_inner_text=True)
    # Step by step: a step of Alice's decisions shows its note, another step none.
    plies = {note["coups"] for note in notes}
    number = page.locator("#etape-numero")
    expect(number).to_have_text(re.compile(r"^0 /"), use_inner_text=True)
    for shown in range(1, len(record.moves) + 1):
        page.click("#btn-suivant")
        # The step's number and its note are drawn in the same task (replay.js, render()):
        # once the number shows, the panel is that step's.
        expect(number).to_have_text(re.compile(rf"^{shown} /"), use_inner_text=True)
        panel = page.locator("#analyse-coup")
        expect(panel).to_be_visible()  # always there: the page does not jump from step to step
        if shown in plies:
            expect(panel).to_contain_text("Votre choix", use_inner_text=True)
            expect(panel).to_have_attribute("data-verdict")
        else:
            expect(panel).not_to_contain_text("Votre choix", use_inner_text=True)
            expect(panel).not_to_have_attribute("data-verdict")
        if shown > 12:
            break
    # The jump to the first imprecision or error, by the keyboard.
    worst = next(n for n in notes if n["verdict"] in ("imprecision", "erreur"))
    button = page.locator(f'#analyse-sauts button[data-coups="{worst["coups"]}"]')
    button.focus()
    page.keyboard.press("Enter")
    note = page.locator("#analyse-coup")
    expect(note).to_be_focused()
    expect(note).to_contain_text(worst["joue"], use_inner_text=True)
    expect(note).to_contain_text(worst["meilleur"], use_inner_text=True)
    for line in worst["details"]:
        expect(note).to_contain_text(line, use_inner_text=True)
    # No card's id anywhere, once the note is there (its positive sign just above).
    expect(page.locator("body")).not_to_have_text(ID, use_inner_text=True)
    check(page, "analyse-note", screenshots)  # axe-core at 1366 and 375 px, no sideways scroll
    assert not page.errors, page.errors
    shoot(page, screenshots, "analyse-gutenberg")
    # A spectator (no seat in this browser) replays the game without anyone's analysis.
    other = new_page(PHONE)
    other.goto(f"{server.url}/replay/deux")
    other.locator("#lecteur").wait_for()
    # The first step drawn: the page has decided what a spectator sees (replay.js, init()).
    expect(other.locator("#etape-numero")).to_have_text(re.compile(r"^0 / \d+$"))
    expect(other.locator("#analyse")).to_be_hidden()
    expect(other.locator("#analyse-coup")).to_be_hidden()
