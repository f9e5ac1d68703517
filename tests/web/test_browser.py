"""The web platform in a real browser: a person plays Gutenberg to the end through the page.

Headless Chromium (Debian's, through Playwright and its executable path) against a live server
(see ``conftest.py``). The tests play as a person does: clicks and keys only, never the API.
In the writing phase they read the hand from the page (the ``data-card`` buttons, their letters
and points) and type the best word :func:`~ludotheque.games.gutenberg.wordfinder.best_words`
finds, falling back to « Pas de mot » only when the hand spells no word.

The screenshots of the documentation come from ``test_three_players_to_the_end_screenshot``::

    LUDOTHEQUE_SCREENSHOTS=docs/screenshots .venv/bin/python -m pytest tests/web -k screenshot

writes ``docs/screenshots/table-en-jeu.png`` (1280 px wide) and ``table-en-jeu-mobile.png``
(360 px). Without the variable they go to the test's temporary folder.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from ludotheque.core.record import GameRecord
from ludotheque.games import default_registry
from ludotheque.games.gutenberg.cards import Card
from ludotheque.games.gutenberg.wordfinder import best_words
from ludotheque.lexicon import common_words
from ludotheque.server.storage import Storage

from .conftest import poll_until

LiveServer = Any  # conftest.LiveServer: url, database, get(path)

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
GAME_TIMEOUT = 90.0  # seconds for a whole game; a normal one takes a few
SERVER = 15_000  # ms: what the page shows after a round trip to a loaded server

ACTION_CARDS = "#jeu .g-zone--action button[data-card]"
MY_TURN = '#jeu[data-a-jouer="true"]'

# Finished games of this module, for the replay test: table id → (seats, the player's storage).
FINISHED: dict[str, tuple[int, Any]] = {}


# --- the page, as a person uses it ----------------------------------------------------------


def create_table(
    page: Any,
    server: LiveServer,
    *,
    seats: list[str],
    mode: str = "classique",
    difficulty: str | None = None,
    name: str = "Alice",
    before_start: Any = None,
) -> str:
    """Fill the lobby's form (``seats``: ``humain`` or ``robot:<level>``), create, start.

    Returns the table id; the page is then on the table, the game started.
    ``before_start()`` runs in the waiting room, before the host clicks « Démarrer ».
    """
    page.goto(server.url + "/")
    page.wait_for_selector("#jeu option[value='gutenberg']", state="attached")
    page.select_option("#jeu", "gutenberg")
    page.fill("#joueurs", str(len(seats)))
    page.select_option("#mode", mode)
    if difficulty is not None:
        page.select_option("#opt-difficulte", difficulty)
    page.fill("#nom", name)
    for index, kind in enumerate(seats):
        page.select_option(f"#place-{index}", kind)
    page.click("#btn-creer")
    page.wait_for_url(re.compile(r"/table/[^/?#]+$"))
    table_id = page.url.rsplit("/", 1)[1]
    start = page.locator("#btn-demarrer")
    start.wait_for()
    expect(start).to_be_enabled(timeout=SERVER)
    if before_start is not None:
        before_start()
    start.click()
    page.wait_for_selector("#jeu[data-phase='draft']")
    return table_id


def card_kind(classes: list[str]) -> Any:
    if "carte--voyelle" in classes:
        return "voyelle"
    if "carte--defi" in classes:
        return "defi"
    return "lettre"


def hand_cards(page: Any) -> list[Card]:
    """The cards one may write with, as the page shows them (id, letters, points, kind)."""
    shown = page.eval_on_selector_all(
        ACTION_CARDS,
        """buttons => buttons.map(b => ({
            id: b.dataset.card,
            letters: b.querySelector('.carte__lettres').textContent.trim(),
            points: b.querySelector('.carte__points').textContent.trim(),
            classes: [...b.classList],
        }))""",
    )
    return [
        Card(
            c["id"],
            "" if c["letters"] == "★" else c["letters"],
            int(c["points"]),
            card_kind(c["classes"]),
        )
        for c in shown
    ]


def best_word(cards: list[Card]) -> str | None:
    plays = best_words(cards, top=1, words=common_words().words)
    return plays[0].word if plays else None


def alert_text(page: Any) -> str:
    alert = page.locator("#alerte .alerte__texte")
    return alert.inner_text() if alert.count() else ""


@dataclass
class Game:
    """What a person did in a game played by :func:`play_to_end`."""

    words: list[str] = field(default_factory=list)
    passes: int = 0
    claims: int = 0
    phases: set[str] = field(default_factory=set)


def write_best_word(page: Any, game: Game, *, before_enter: Any = None) -> None:
    """The writing phase: type the best word of the hand and press Enter (or « Pas de mot »)."""
    word = best_word(hand_cards(page))
    if word is None:
        page.click("#btn-pas-de-mot")
        game.passes += 1
        return
    page.fill("#mot", word.lower())
    expect_preview(page, word)
    if before_enter is not None:
        before_enter(word)
    page.press("#mot", "Enter")
    game.words.append(word)


def expect_preview(page: Any, word: str) -> None:
    preview = page.locator("#apercu")
    expect(preview).to_contain_text("Aperçu", use_inner_text=True)
    expect(preview).to_contain_text(word, use_inner_text=True)


def claim(page: Any) -> None:
    """The claims: take the letters in play from the left until « Réclamer » is enabled."""
    button = page.locator("#btn-reclamer")
    for _ in range(8):
        if button.is_enabled():
            break
        page.locator(f'{ACTION_CARDS}[aria-pressed="false"]:enabled').first.click()
    button.click()


def play_to_end(page: Any, *, on_write: Any = None, timeout: float = GAME_TIMEOUT) -> Game:
    """Play every decision of this seat through the page until the final ranking shows.

    ``on_write(word)`` runs the first time a word is typed, before Enter (for screenshots).
    """
    game = Game()
    deadline = time.monotonic() + timeout
    last_step = None
    repeats = 0
    while True:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"the game did not end in {timeout} s ({game})"
        page.wait_for_selector(f"#resultat, {MY_TURN}", state="attached", timeout=remaining * 1000)
        if page.locator("#resultat").count():
            return game
        phase = page.get_attribute("#jeu", "data-phase")
        step = (phase, page.inner_text("#jeu .g-entete__titre"))
        repeats = repeats + 1 if step == last_step and phase == "write" else 0
        assert repeats < 2, f"the same word was refused twice: {alert_text(page)!r}"
        last_step = step
        game.phases.add(phase)
        if phase in ("draft", "library"):
            page.locator(f"{ACTION_CARDS}:enabled").first.click()
        elif phase == "write":
            hook = on_write if on_write is not None and not game.words else None
            write_best_word(page, game, before_enter=hook)
        elif phase == "claim":
            claim(page)
            game.claims += 1
        else:
            pytest.fail(f"unexpected phase {phase!r} while this seat must act")


# --- checks ---------------------------------------------------------------------------------


def horizontal_overflow(page: Any) -> list[str]:
    """Elements wider than the viewport (empty when the page has no horizontal scroll)."""
    return page.evaluate(
        """() => {
            const width = document.documentElement.clientWidth;
            const out = [];
            if (document.documentElement.scrollWidth > width) {
                out.push(`page: ${document.documentElement.scrollWidth} > ${width}`);
            }
            for (const el of document.querySelectorAll('body *')) {
                const box = el.getBoundingClientRect();
                if (box.width > 0 && box.right > width + 1 && !el.closest('[hidden]')) {
                    out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className} ${box.right}`);
                }
            }
            return out.slice(0, 10);
        }"""
    )


def stored_outcome(server: LiveServer, table_id: str) -> tuple[dict[str, Any], GameRecord]:
    """The outcome of the game rebuilt from the moves stored in the database, and its record."""
    storage = Storage(server.database)
    try:
        record = storage.load_record(table_id)
    finally:
        storage.close()
    assert record is not None
    outcome = record.replay(default_registry().get(record.game)).outcome()
    assert outcome is not None, "the stored game is not over"
    return outcome.to_json(), record


def check_final_ranking(page: Any, server: LiveServer, table_id: str, seats: int) -> None:
    """#resultat shows one line per seat, with the ranks and scores the server stored."""
    table = poll_until(
        lambda: server.get(f"/api/tables/{table_id}"),
        lambda t: t["statut"] == "terminee",
        f"table {table_id} is over on the server",
    )
    assert table["statut"] == "terminee"
    result = table["resultat"]
    assert result is not None
    outcome, _record = stored_outcome(server, table_id)
    assert outcome == result
    lines = page.locator("#resultat li.resultat__ligne[data-place]")
    expect(lines).to_have_count(seats)
    # The ranking is drawn at once (table.js, renderEnd()): its lines are read as they are.
    shown = [
        (int(line.get_attribute("data-place")), int(line.get_attribute("data-rang")), line)
        for line in lines.all()
    ]
    assert {place: rank for place, rank, _ in shown} == dict(enumerate(result["rangs"]))
    if seats > 1:
        assert [rank for _, rank, _ in shown] == sorted(result["rangs"])
    winners = page.locator("#resultat li.resultat__ligne--gagnant[data-place]")
    assert {int(w.get_attribute("data-place")) for w in winners.all()} == set(result["gagnants"])
    for place, _rank, line in shown:
        if result["scores"] is not None:
            score = result["scores"][place]
            expect(line).to_contain_text(re.compile(rf"\b{score} points?\b"), use_inner_text=True)
    me = page.locator("#resultat li.resultat__ligne--moi")
    expect(me).to_have_count(1)
    expect(me).to_have_attribute("data-place", "0")
    expect(page.locator("#lien-replay")).to_be_visible()
    expect(page.locator("#btn-revanche")).to_be_visible()


def my_words(record: GameRecord, seat: int = 0) -> list[str]:
    """The words this seat wrote, from the stored moves."""
    return [
        play["mot"]
        for move in record.moves
        if move.seat == seat and move.action.get("type") == "ecrire"
        for play in move.action["mots"]
    ]


# --- the games --------------------------------------------------------------------------------


def test_three_players_to_the_end_screenshot(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    """A person and two bots play every round in the page; the final ranking shows."""
    page = new_page()
    table_id = create_table(page, live_server, seats=["humain", "robot:fort", "robot:debutant"])

    def screenshot(word: str) -> None:
        """The writing phase, word typed and previewed: at 1280 px, then at 360 px."""
        page.mouse.move(0, 0)  # no hovered card
        page.wait_for_timeout(150)  # the preview's cards are drawn
        page.screenshot(path=screenshots / "table-en-jeu.png")
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(150)
        assert horizontal_overflow(page) == []
        action = page.locator("#jeu .g-zone--action").bounding_box()
        height = action["y"] + action["height"] + 12  # from the top to the « Écrire » button
        page.screenshot(
            path=screenshots / "table-en-jeu-mobile.png",
            full_page=True,
            clip={"x": 0, "y": 0, "width": PHONE["width"], "height": height},
        )
        page.set_viewport_size(DESKTOP)

    game = play_to_end(page, on_write=screenshot)

    assert game.phases == {"draft", "write", "claim"}
    assert game.words, "no word was written in five rounds"
    check_final_ranking(page, live_server, table_id, seats=3)
    _outcome, record = stored_outcome(live_server, table_id)
    assert my_words(record) == game.words
    assert len([m for m in record.moves if m.seat == 0 and m.action["type"] == "ecrire"]) == 5
    assert (screenshots / "table-en-jeu.png").stat().st_size > 10_000
    assert (screenshots / "table-en-jeu-mobile.png").stat().st_size > 10_000
    assert page.errors == []
    FINISHED[table_id] = (3, page.context.storage_state())


def test_solo_game_to_the_end(new_page: Any, live_server: LiveServer) -> None:
    """Solo against la Rotative: drafts, words on the row (offset 0), library picks, ranking."""
    page = new_page()
    table_id = create_table(page, live_server, seats=["humain"], mode="solo", difficulty="normal")
    expect(page.locator("#jeu .g-entete__mode")).to_contain_text(
        "Solo contre la Rotative", use_inner_text=True
    )

    game = play_to_end(page)

    assert game.phases == {"draft", "write", "library"}
    check_final_ranking(page, live_server, table_id, seats=1)
    expect(page.locator("#resultat li.resultat__ligne[data-adversaire]")).to_have_count(1)
    expect(page.locator("#resultat")).to_contain_text("La Rotative", use_inner_text=True)
    _outcome, record = stored_outcome(live_server, table_id)
    assert my_words(record) == game.words
    assert page.errors == []
    FINISHED[table_id] = (1, page.context.storage_state())


# --- phone, keyboard, errors, replay ----------------------------------------------------------


def test_phone_width_lobby_and_table_without_horizontal_scroll(
    new_page: Any, live_server: LiveServer
) -> None:
    page = new_page(PHONE)
    page.goto(live_server.url + "/")
    page.wait_for_selector("#places-liste select", state="attached")
    assert horizontal_overflow(page) == []

    def waiting_room() -> None:
        expect(page.locator("#salle-attente")).to_be_visible()
        assert horizontal_overflow(page) == []

    create_table(
        page,
        live_server,
        seats=["humain", "robot:debutant", "robot:debutant"],
        before_start=waiting_room,
    )
    assert horizontal_overflow(page) == []
    drafted = 0
    while True:
        page.wait_for_selector(MY_TURN)
        if page.get_attribute("#jeu", "data-phase") != "draft":
            break
        card = page.locator(f"{ACTION_CARDS}:enabled").first
        # A real click (scrolled to, then checked visible and not covered at this width); the
        # locator finds the card again if a bot's move redrew the packet meanwhile.
        card.click()
        drafted += 1
        assert horizontal_overflow(page) == []
    assert drafted >= 3
    expect(page.locator("#jeu")).to_have_attribute("data-phase", "write")
    assert horizontal_overflow(page) == []
    game = Game()
    write_best_word(page, game)
    # The word went through: the robots wrote theirs too, the game left the writing phase (a
    # refused word would keep it there, this seat to write again, and show why).
    expect(
        page.locator("#jeu"), "the word was not accepted: the page is still writing"
    ).not_to_have_attribute("data-phase", "write", timeout=SERVER)
    expect(page.locator("#alerte .alerte__texte")).to_have_count(0)
    assert horizontal_overflow(page) == []
    assert page.errors == []


def focus_next_card(page: Any) -> str:
    """Press Tab until an action card has the focus; its data-card."""
    for _ in range(60):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "() => document.activeElement.matches('#jeu .g-zone--action button[data-card]')"
            " ? document.activeElement.dataset.card : null"
        )
        if focused:
            return str(focused)
    pytest.fail("Tab never reached a card of the packet")


def test_keyboard_only_draft(page: Any, live_server: LiveServer) -> None:
    """Tab reaches a card of the packet, shows where the focus is, and Enter or Space picks it."""
    create_table(page, live_server, seats=["humain", "robot:debutant", "robot:debutant"])
    for key, picked_before in (("Enter", 0), ("Space", 1)):
        page.wait_for_selector(MY_TURN)
        expect(page.locator("#jeu")).to_have_attribute("data-phase", "draft")
        heading = page.locator("#jeu .g-zone--action h4")
        expect(heading).to_contain_text(f"({picked_before})", use_inner_text=True)
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        card = focus_next_card(page)
        ring = page.evaluate(
            "() => { const s = getComputedStyle(document.activeElement);"
            " return [s.outlineStyle, s.outlineWidth, s.boxShadow]; }"
        )
        assert ring[0] != "none" or ring[2] != "none", f"no visible focus on a card: {ring}"
        page.keyboard.press(key)
        drafted = page.locator(f'#jeu .g-zone--action [data-id="{card}"]')
        drafted.wait_for()
        page.wait_for_function(
            "n => document.querySelector('#jeu .g-zone--action h4').textContent.includes(`(${n})`)",
            arg=picked_before + 1,
        )
    assert page.errors == []


def test_illegal_word_shows_french_error_and_keeps_the_word(
    page: Any, live_server: LiveServer
) -> None:
    create_table(page, live_server, seats=["humain", "robot:debutant"])
    while True:
        page.wait_for_selector(MY_TURN)
        if page.get_attribute("#jeu", "data-phase") == "write":
            break
        page.locator(f"{ACTION_CARDS}:enabled").first.click()
    # The robot writes at the same time (a simultaneous phase): once the page shows it has
    # (no longer deciding), only this seat's word could add a move.
    page.locator("#joueurs li.place[data-place='1']:not(.place--joue)").wait_for()
    moves_before = live_server.get(f"/api/tables/{page.url.rsplit('/', 1)[1]}")["coups"]

    page.fill("#mot", "zxqwv")
    page.press("#mot", "Enter")

    alert = page.locator('[role="alert"] .alerte__texte')
    expect(alert).to_have_text(
        "« ZXQWV » n'est pas dans le dictionnaire.", use_inner_text=True, timeout=SERVER
    )
    page.wait_for_selector(MY_TURN)
    expect(page.locator("#mot")).to_have_value("zxqwv")
    expect(page.locator("#jeu")).to_have_attribute("data-phase", "write")
    # The server refused the word (the alert above): read once, no move was added.
    table = live_server.get(f"/api/tables/{page.url.rsplit('/', 1)[1]}")
    assert table["coups"] == moves_before

    # A real word then goes through, and the stale error goes away.
    game = Game()
    write_best_word(page, game)
    page.wait_for_selector("#jeu[data-phase='claim'], #jeu[data-phase='draft']")
    expect(alert).to_have_count(0)
    assert page.errors == []


def test_replay_steps_to_the_final_ranking(new_page: Any, live_server: LiveServer) -> None:
    """A finished game, step by step with the → key: the last step shows the ranking."""
    if FINISHED:  # a game of this module, replayed by the player's browser (same seat)
        table_id, (seats, storage) = next(iter(FINISHED.items()))
        page = new_page(storage_state=storage)
    else:  # run alone: play a solo game first
        page = new_page()
        table_id = create_table(page, live_server, seats=["humain"], mode="solo")
        play_to_end(page)
        seats = 1
    page.goto(f"{live_server.url}/replay/{table_id}")
    page.locator("#lecteur").wait_for()
    table = live_server.get(f"/api/tables/{table_id}")
    total = table["coups"]
    number = page.locator("#etape-numero")
    result = page.locator("#resultat")
    expect(number).to_have_text(f"0 / {total}")
    expect(page.locator("#btn-precedent")).to_be_disabled()
    expect(result).to_have_count(0)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    journal = set()
    for step in range(1, total + 1):
        page.keyboard.press("ArrowRight")
        expect(number).to_have_text(f"{step} / {total}")
        # The step's journal line is drawn in the same task as its number (replay.js).
        journal.add(page.inner_text("#etape-journal"))
        if step < total:
            expect(result).to_have_count(0)
    assert len(journal) > 3
    expect(page.locator("#jeu")).to_have_attribute("data-phase", "over")
    lines = page.locator("#resultat li.resultat__ligne[data-place]")
    expect(lines).to_have_count(seats)
    ranks = {
        int(li.get_attribute("data-place")): int(li.get_attribute("data-rang"))
        for li in lines.all()
    }
    assert ranks == dict(enumerate(table["resultat"]["rangs"]))
    expect(page.locator("#resultat li.resultat__ligne--moi")).to_have_attribute("data-place", "0")
    expect(page.locator("#btn-suivant")).to_be_disabled()
    page.keyboard.press("ArrowLeft")
    expect(number).to_have_text(f"{total - 1} / {total}")
    expect(result).to_have_count(0)
    assert page.errors == []
