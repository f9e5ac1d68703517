"""Thèmes in a real browser: the columns, saying a word with chosen cards, a refused word, a new
hand, the rules' hourglass, the judge, and the phone width.

Headless Chromium against a live server (see ``conftest.py``). The person plays through the page
only (clicks, keys); to know a word the hand allows, the test reads the game from the moves the
server stored (:class:`~ludotheque.server.storage.Storage`) and asks
:meth:`~ludotheque.games.themes.state.ThemesState.word_choices`. For the judge, seat 1 is a
person played by the test over the WebSocket protocol (:class:`Opponent`).
"""

from __future__ import annotations

import json
import re
import string
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from ludotheque.games import default_registry
from ludotheque.server.storage import Storage

LiveServer = Any  # conftest.LiveServer: url, database, get(path)

ME = 0
TIMEOUT = 90.0
MY_TURN = '#jeu[data-a-jouer="true"][data-phase="jeu"]'
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


def create_from_lobby(
    page: Any, server: LiveServer, *, seconds: int | None = None, mode: str = "classique"
) -> str:
    """A 2-player table (Alice and a beginner robot), words outside the vocabulary refused."""
    page.goto(server.url + "/")
    page.wait_for_selector("#jeu option[value='themes']", state="attached")
    page.select_option("#jeu", "themes")
    page.fill("#joueurs", "2")
    page.select_option("#mode", mode)
    page.fill("#nom", "Alice")
    page.select_option("#place-0", "humain")
    page.select_option("#place-1", "robot:random")
    page.select_option("#opt-jugement", "vocabulaire")  # the robot's words: no judging to do
    if seconds is not None:
        page.fill("#opt-secondes", str(seconds))
    page.click("#btn-creer")
    page.wait_for_url(re.compile(r"/table/[^/?#]+$"))
    table_id: str = page.url.rsplit("/", 1)[1]
    page.click("#btn-demarrer")
    page.wait_for_selector("#jeu.t-racine .t-colonne[data-colonne='3']")
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


def wait_my_turn(page: Any, deadline: float) -> None:
    remaining = deadline - time.monotonic()
    assert remaining > 0, "this seat never got to play"
    page.wait_for_selector(MY_TURN, timeout=remaining * 1000)


def hand_ids(page: Any) -> list[str]:
    ids: list[str] = page.eval_on_selector_all(
        "#t-main [data-card]", "els => els.map(e => e.dataset.card)"
    )
    return ids


def turn_with_a_word(page: Any, server: LiveServer, table_id: str) -> tuple[Any, Any]:
    """Wait for a turn of this seat where its hand allows a vocabulary word (a new hand, or the
    end of the turn, when it does not). Returns the server's state and the word."""
    deadline = time.monotonic() + TIMEOUT * 2
    while True:
        wait_my_turn(page, deadline)
        state = server_state(server, table_id)
        assert state.active == ME and state.phase == "jeu"
        choices = state.word_choices(ME)
        if choices:
            return state, choices[0]
        if state.may_redraw(ME):
            before = hand_ids(page)
            page.click("#btn-changer-main")
            page.wait_for_function(
                "b => [...document.querySelectorAll('#t-main [data-card]')]"
                ".map(e => e.dataset.card).join() !== b.join()",
                arg=before,
            )
            continue
        turn = state.turn
        page.click("#btn-fin-tour")
        while server_state(server, table_id).turn == turn:  # wait for the turn to pass
            assert time.monotonic() < deadline, "the turn did not end"
            time.sleep(0.05)


def test_themes_word_with_chosen_cards_from_the_lobby(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    table_id = create_from_lobby(page, live_server, seconds=120)
    assert page.locator("#jeu .t-colonne .t-theme__nom").count() == 4
    state, word = turn_with_a_word(page, live_server, table_id)
    assert page.locator("#t-consigne").get_attribute("data-a-vous") == "true"
    assert "À vous de jouer" in page.inner_text("#t-consigne")
    assert sorted(hand_ids(page)) == sorted(state.hands[ME])
    theme = state.visible_themes()[word.column]
    column = f'#jeu .t-colonne[data-colonne="{word.column}"]'
    assert page.inner_text(f"{column} .t-theme__nom") == theme
    # Choose the theme, the cards (hand and column), type the word, say it.
    page.check(f"#t-theme-{word.column}")
    hand = set(state.hands[ME])
    for card in word.cards:
        where = "#t-main" if card in hand else column
        page.click(f'{where} [data-card="{card}"]')
        assert page.get_attribute(f'{where} [data-card="{card}"]', "aria-pressed") == "true"
    page.fill("#t-mot", word.word)
    page.screenshot(path=str(screenshots / "themes-en-jeu.png"), full_page=True)
    moves = len(stored_record(live_server, table_id).moves)
    page.click("#btn-dire")
    decision = page.locator("#t-decisions .t-decision[data-accepte='true'][data-place='0']")
    decision.first.wait_for()
    assert word.word in decision.first.inner_text()
    record = stored_record(live_server, table_id)
    said = record.moves[moves]
    assert said.seat == ME
    assert said.action["type"] == "mot" and said.action["mot"] == word.word
    assert said.action["colonne"] == word.column
    assert sorted(said.action["cartes"]) == sorted(word.cards)
    after = server_state(live_server, table_id)
    assert len(after.won_themes[ME]) == 1
    me = page.locator('#t-joueurs li[data-place="0"]')
    assert me.locator(".t-pastille-theme").first.inner_text() == theme
    assert me.locator(".t-joueur__score").get_attribute("data-score") == str(after.score(ME))
    assert me.locator(".t-joueur__lettres [data-id]").count() == len(word.cards)
    assert page.input_value("#t-mot") == ""  # ready for the next word
    assert page.errors == []


def test_themes_invalid_word_then_a_new_hand_by_keyboard(
    page: Any, live_server: LiveServer
) -> None:
    table_id = create_from_lobby(page, live_server, seconds=120)
    deadline = time.monotonic() + TIMEOUT
    wait_my_turn(page, deadline)
    state = server_state(live_server, table_id)
    column = next(i for i, theme in enumerate(state.visible_themes()) if theme)
    # A word with no letter of the hand: the server refuses it, in French.
    mine = {state.catalog.letters[c].letter for c in state.hands[ME]}
    letter = next(x for x in string.ascii_uppercase if x not in mine)
    typed = letter * 4
    moves = len(stored_record(live_server, table_id).moves)
    page.focus(f"#t-theme-{column}")
    page.keyboard.press("Space")
    assert page.is_checked(f"#t-theme-{column}")
    page.focus("#t-mot")
    page.keyboard.type(typed)
    page.keyboard.press("Enter")
    error = page.locator("#t-erreur")
    error.wait_for()
    text = error.inner_text()
    assert "Aucune combinaison" in text and typed in text, text
    assert "Aucune combinaison" in page.inner_text("#alerte .alerte__texte")
    assert len(stored_record(live_server, table_id).moves) == moves
    assert page.input_value("#t-mot") == typed  # kept, to be corrected
    assert page.is_checked(f"#t-theme-{column}")
    # A new hand, once a turn.
    before = hand_ids(page)
    assert sorted(before) == sorted(state.hands[ME])
    page.focus("#btn-changer-main")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "b => [...document.querySelectorAll('#t-main [data-card]')]"
        ".map(e => e.dataset.card).join() !== b.join()",
        arg=before,
    )
    page.wait_for_selector("#btn-changer-main:disabled")
    after = server_state(live_server, table_id)
    assert after.redrawn and after.active == ME
    assert sorted(hand_ids(page)) == sorted(after.hands[ME]) != sorted(before)
    assert len(stored_record(live_server, table_id).moves) == moves + 1
    assert page.errors == []


def test_themes_hourglass_is_prominent_and_runs(page: Any, live_server: LiveServer) -> None:
    create_from_lobby(page, live_server)  # the rules' 45 s
    wait_my_turn(page, time.monotonic() + TIMEOUT)
    hourglass = page.locator("#sablier")
    hourglass.wait_for(state="visible")
    pattern = r"⏳ Votre sablier : (\d+) s sur 45"
    first = hourglass.text_content() or ""
    match = re.fullmatch(pattern, first)
    assert match, first
    page.wait_for_function(
        "t => document.querySelector('#sablier').textContent !== t", arg=first, timeout=15_000
    )
    later = re.fullmatch(pattern, hourglass.text_content() or "")
    assert later and int(later.group(1)) < int(match.group(1))
    # Larger than the page's ordinary text, and told in the game area too.
    size = page.eval_on_selector("#sablier", "e => parseFloat(getComputedStyle(e).fontSize)")
    body = page.eval_on_selector("body", "e => parseFloat(getComputedStyle(e).fontSize)")
    assert size > body
    page.wait_for_function(
        "() => /Il vous reste \\d+ s/.test(document.querySelector('#t-temps')?.textContent || '')"
    )
    assert page.errors == []


def test_themes_phone_width_has_no_sideways_scroll(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page = new_page(PHONE)
    table_id = create_from_lobby(page, live_server, seconds=120)
    wait_my_turn(page, time.monotonic() + TIMEOUT)
    state = server_state(live_server, table_id)
    column = next(i for i, theme in enumerate(state.visible_themes()) if theme)
    page.check(f"#t-theme-{column}")
    page.click(f'#t-main [data-card="{state.hands[ME][0]}"]')
    page.fill("#t-mot", "Un mot assez long pour voir")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1, f"the page scrolls sideways at phone width ({width} px)"
    for selector in ("#btn-dire", "#btn-changer-main", "#btn-fin-tour", "#t-mot"):
        box = page.locator(selector).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1, selector
    page.screenshot(path=str(screenshots / "themes-en-jeu-mobile.png"), full_page=True)
    assert page.errors == []


def test_themes_expert_fifth_theme(page: Any, live_server: LiveServer) -> None:
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(str(frame))))
    table_id = create_from_lobby(page, live_server, seconds=120, mode="expert")
    state, word = turn_with_a_word(page, live_server, table_id)
    fifth = state.catalog.theme(state.fifth[0])
    assert fifth in page.inner_text("#t-cinquieme-pile")
    assert f"avec le 5e thème ({fifth})" in page.inner_text("label[for='t-cinquieme']")
    fits_both = state.in_vocabulary(type(word)(word.column, word.word, word.cards, fifth=True))
    page.check(f"#t-theme-{word.column}")
    page.check("#t-cinquieme")
    page.fill("#t-mot", word.word)
    moves = len(stored_record(live_server, table_id).moves)
    page.click("#btn-dire")
    if fits_both:
        page.locator("#t-decisions .t-decision[data-place='0']").first.wait_for()
    else:  # not in the fifth theme's vocabulary, and no judge at this table: refused
        page.locator("#t-erreur").wait_for()
        assert "n'est pas dans le vocabulaire" in page.inner_text("#t-erreur")
        assert len(stored_record(live_server, table_id).moves) == moves
    said = [json.loads(f) for f in sent if '"coup"' in f and '"mot"' in f]
    assert said and said[-1]["coup"]["cinquieme"] is True
    assert "cartes" not in said[-1]["coup"]  # none chosen: the server picks the best
    assert page.errors == []


# --- the judge: the page (seat 0) judges seat 1, played over the WebSocket ---------------------


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
        while not (self.etat.get("a_jouer") and self.etat.get("vue", {}).get("phase") == "jeu"):
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


def two_people_table(page: Any, server: LiveServer) -> tuple[str, str]:
    """A 2-person table with a judge; the page holds seat 0 (the judge of seat 1's words)."""
    created = api_post(
        server,
        "/api/tables",
        {
            "jeu": "themes",
            "joueurs": 2,
            "options": {"mode": "classique", "jugement": "juge", "secondes": 300, "delai_juge": 60},
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
    page.wait_for_selector("#jeu.t-racine .t-colonne[data-colonne='3']")
    return table_id, joined["jeton"]


def stray_word(state: Any, seat: int) -> Any:
    """A word of another theme's vocabulary that ``seat`` can say for a visible theme."""
    for word in state.word_choices(seat, other_themes=True):
        if not state.in_vocabulary(word):
            return word
    return None


def test_themes_judge_refuses_a_word_in_the_page(
    page: Any, new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    table_id, token = two_people_table(page, live_server)
    with Opponent(live_server, table_id, token) as bruno:
        for _ in range(12):
            state = server_state(live_server, table_id)
            if state.active == ME:
                page.wait_for_selector(MY_TURN)
                page.click("#btn-fin-tour")
                page.wait_for_selector(f"{MY_TURN}", state="detached")
                continue
            word = stray_word(state, 1)
            if word is not None:
                break
            bruno.play({"type": "changer_main"} if state.may_redraw(1) else {"type": "fin_du_tour"})
        else:
            raise AssertionError("seat 1 never had a word to send to the judge")
        theme = state.visible_themes()[word.column]
        bruno.play(
            {"type": "mot", "colonne": word.column, "mot": word.word, "cartes": list(word.cards)}
        )
        page.wait_for_selector('#jeu[data-a-jouer="true"][data-phase="jugement"]')
        assert page.inner_text("#t-question") == f"Valider « {word.word} » pour {theme} ?"
        zone = page.inner_text("#t-jugement")
        assert "Qui ne dit mot consent : sans réponse, le mot est accepté." in zone
        assert page.locator("#t-jugement [data-id]").count() == len(word.cards)
        page.wait_for_function(
            "() => /Sans réponse dans \\d+ s/"
            ".test(document.querySelector('#t-delai')?.textContent || '')"
        )
        page.screenshot(path=str(screenshots / "themes-jugement.png"), full_page=True)
        # A spectator sees the word waiting, and who judges it, without the buttons.
        watcher = new_page()
        watcher.goto(f"{live_server.url}/table/{table_id}?regarder")
        question = watcher.locator("#t-question")
        question.wait_for()
        assert question.inner_text() == f"« {word.word} » pour {theme}, proposé par Bruno."
        assert "attend le verdict de Alice" in watcher.inner_text("#t-consigne")
        assert watcher.locator("#btn-valider, #btn-refuser, #t-mot").count() == 0
        page.click("#btn-refuser")
        refused = page.locator("#t-decisions .t-decision[data-accepte='false'][data-place='1']")
        refused.first.wait_for()
        assert "refusé (par le juge)" in refused.first.inner_text()
        assert page.locator("#t-jugement").count() == 0
    after = server_state(live_server, table_id)
    assert after.phase == "jeu" and after.claim is None
    assert after.judgements[-1].accepted is False and after.judgements[-1].by == "juge"
    assert after.won_themes[1] == ()
    assert page.errors == [] and watcher.errors == []
