"""Thèmes in a real browser: the columns, saying a word with chosen cards, a refused word, a new
hand, the rules' hourglass, the judge, and the phone width; the Variante Simultanée (the turned
cards, « Je ne trouve rien », the judge and the debts) and the Variante par équipe (the packets,
seen by the active team only, a word with a packet, the team's hourglass).

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

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from websockets.sync.client import connect

from ludotheque.games import default_registry
from ludotheque.server.storage import Storage

from .conftest import WAIT_MS, poll_until

LiveServer = Any  # conftest.LiveServer: url, database, get(path)

ME = 0
TIMEOUT = 90.0
MY_TURN = '#jeu[data-a-jouer="true"][data-phase="jeu"]'
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}


def create_from_lobby(
    page: Any, server: LiveServer, *, seconds: int | None = None, mode: str = "classique"
) -> str:
    """A 2-player table (Alice and a Débutant robot), words outside the vocabulary refused."""
    page.goto(server.url + "/")
    page.wait_for_selector("#jeu option[value='themes']", state="attached")
    page.select_option("#jeu", "themes")
    page.fill("#joueurs", "2")
    page.select_option("#mode", mode)
    page.fill("#nom", "Alice")
    page.select_option("#place-0", "humain")
    page.select_option("#place-1", "robot:debutant")
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


def moves_after(server: LiveServer, table_id: str, count: int) -> Any:
    """The stored record once it holds more than ``count`` moves (a move the page sent)."""
    return poll_until(
        lambda: stored_record(server, table_id),
        lambda record: len(record.moves) > count,
        f"the server did not store move {count}",
    )


def turn_back(page: Any, server: LiveServer, table_id: str, turn: int, deadline: float) -> Any:
    """After this seat ended turn ``turn``: wait until its turn comes again, on the server and
    then in the page (« Tour n » in its heading), and return the server's state. The page still
    shows the old turn for a while: its « à vous » is no sign of the new one."""
    after = poll_until(
        lambda: server_state(server, table_id),
        lambda s: s.play.turn > turn and s.play.active == ME and s.phase == "jeu",
        f"the turn did not come back to seat {ME}",
        timeout=max(1.0, deadline - time.monotonic()),
    )
    expect(page.locator("#jeu .g-entete__mode")).to_contain_text(
        re.compile(rf"\bTour {after.play.turn + 1}\b"), timeout=WAIT_MS
    )
    wait_my_turn(page, deadline)
    return after


def hand_ids(page: Any) -> list[str]:
    ids: list[str] = page.eval_on_selector_all(
        "#t-main [data-card]", "els => els.map(e => e.dataset.card)"
    )
    return ids


def wait_ids(page: Any, cards: str, expected: Any, *, ordered: bool = False) -> None:
    """Wait until the cards ``cards`` (a selector) of the page are ``expected`` (their
    ``data-card`` or ``data-id``), in this order if ``ordered``, else in any order."""
    wanted = list(expected) if ordered else sorted(expected)
    script = (
        "([sel, ids, ordered]) => { const seen = [...document.querySelectorAll(sel)]"
        ".map(e => e.dataset.card || e.dataset.id); if (!ordered) seen.sort();"
        " return seen.join() === ids.join(); }"
    )
    try:
        page.wait_for_function(script, arg=[cards, wanted, ordered], timeout=WAIT_MS)
    except PlaywrightTimeout:
        seen = page.eval_on_selector_all(
            cards, "els => els.map(e => e.dataset.card || e.dataset.id)"
        )
        raise AssertionError(f"{cards}: the page shows {seen}, not {wanted}") from None


def turn_with_a_word(page: Any, server: LiveServer, table_id: str) -> tuple[Any, Any]:
    """Wait for a turn of this seat where its hand allows a vocabulary word (a new hand, or the
    end of the turn, when it does not). Returns the server's state and the word."""
    deadline = time.monotonic() + TIMEOUT * 2
    while True:
        wait_my_turn(page, deadline)
        state = server_state(server, table_id)
        assert state.play.active == ME and state.phase == "jeu"
        choices = state.word_choices(ME)
        if choices:
            return state, choices[0]
        if state.play.may_redraw(state, ME):
            wait_ids(page, "#t-main [data-card]", state.play.hands[ME])
            before = hand_ids(page)
            page.click("#btn-changer-main")
            page.wait_for_function(
                "b => [...document.querySelectorAll('#t-main [data-card]')]"
                ".map(e => e.dataset.card).join() !== b.join()",
                arg=before,
            )
            continue
        page.click("#btn-fin-tour")
        turn_back(page, server, table_id, state.play.turn, deadline)


def test_themes_word_with_chosen_cards_from_the_lobby(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    table_id = create_from_lobby(page, live_server, seconds=120)
    expect(page.locator("#jeu .t-colonne .t-theme__nom")).to_have_count(4)
    state, word = turn_with_a_word(page, live_server, table_id)
    expect(page.locator("#t-consigne")).to_have_attribute("data-a-vous", "true", timeout=WAIT_MS)
    expect(page.locator("#t-consigne")).to_contain_text("À vous de jouer")
    wait_ids(page, "#t-main [data-card]", state.play.hands[ME])
    theme = state.visible_themes()[word.column]
    column = f'#jeu .t-colonne[data-colonne="{word.column}"]'
    expect(page.locator(f"{column} .t-theme__nom")).to_have_text(theme)
    # Choose the theme, the cards (hand and column), type the word, say it.
    page.check(f"#t-theme-{word.column}")
    hand = set(state.play.hands[ME])
    for card in word.cards:
        where = "#t-main" if card in hand else column
        page.click(f'{where} [data-card="{card}"]')
        expect(page.locator(f'{where} [data-card="{card}"]')).to_have_attribute(
            "aria-pressed", "true"
        )
    page.fill("#t-mot", word.word)
    page.screenshot(path=str(screenshots / "themes-en-jeu.png"), full_page=True)
    moves = len(stored_record(live_server, table_id).moves)
    page.click("#btn-dire")
    decision = page.locator("#t-decisions .t-decision[data-accepte='true'][data-place='0']")
    decision.first.wait_for()
    expect(decision.first).to_contain_text(word.word)
    record = moves_after(live_server, table_id, moves)
    said = record.moves[moves]
    assert said.seat == ME
    assert said.action["type"] == "mot" and said.action["mot"] == word.word
    assert said.action["colonne"] == word.column
    assert sorted(said.action["cartes"]) == sorted(word.cards)
    after = server_state(live_server, table_id)
    assert len(after.won_themes[ME]) == 1
    me = page.locator('#t-joueurs li[data-place="0"]')
    expect(me.locator(".t-pastille-theme").first).to_have_text(theme, timeout=WAIT_MS)
    expect(me.locator(".t-joueur__score")).to_have_attribute("data-score", str(after.score(ME)))
    expect(me.locator(".t-joueur__lettres [data-id]")).to_have_count(len(word.cards))
    expect(page.locator("#t-mot")).to_have_value("")  # ready for the next word
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
    mine = {state.catalog.letters[c].letter for c in state.play.hands[ME]}
    letter = next(x for x in string.ascii_uppercase if x not in mine)
    typed = letter * 4
    moves = len(stored_record(live_server, table_id).moves)
    page.focus(f"#t-theme-{column}")
    page.keyboard.press("Space")
    expect(page.locator(f"#t-theme-{column}")).to_be_checked()
    page.focus("#t-mot")
    page.keyboard.type(typed)
    page.keyboard.press("Enter")
    error = page.locator("#t-erreur")
    error.wait_for()
    expect(error).to_contain_text("Aucune combinaison", timeout=WAIT_MS)
    expect(error).to_contain_text(typed)
    expect(page.locator("#alerte .alerte__texte")).to_contain_text("Aucune combinaison")
    # The server answered (the error above): it stored nothing.
    assert len(stored_record(live_server, table_id).moves) == moves
    expect(page.locator("#t-mot")).to_have_value(typed)  # kept, to be corrected
    expect(page.locator(f"#t-theme-{column}")).to_be_checked()
    # A new hand, once a turn.
    wait_ids(page, "#t-main [data-card]", state.play.hands[ME])
    before = hand_ids(page)
    page.focus("#btn-changer-main")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "b => [...document.querySelectorAll('#t-main [data-card]')]"
        ".map(e => e.dataset.card).join() !== b.join()",
        arg=before,
    )
    page.wait_for_selector("#btn-changer-main:disabled")
    record = moves_after(live_server, table_id, moves)
    assert len(record.moves) == moves + 1
    after = record.replay(default_registry().get(record.game))
    assert after.play.redrawn and after.play.active == ME
    assert sorted(after.play.hands[ME]) != sorted(before)
    wait_ids(page, "#t-main [data-card]", after.play.hands[ME])
    assert page.errors == []


def test_themes_hourglass_is_prominent_and_runs(page: Any, live_server: LiveServer) -> None:
    create_from_lobby(page, live_server)  # the rules' 45 s
    wait_my_turn(page, time.monotonic() + TIMEOUT)
    hourglass = page.locator("#sablier")
    hourglass.wait_for(state="visible")
    pattern = r"Votre sablier : (\d+) s sur 45"
    expect(hourglass).to_have_text(re.compile(f"^{pattern}$"), timeout=WAIT_MS)
    first = hourglass.text_content() or ""
    match = re.fullmatch(pattern, first)
    assert match, first
    # It runs: fewer seconds left a moment later.
    page.wait_for_function(
        "([p, n]) => { const m = new RegExp(`^${p}$`).exec(document.querySelector('#sablier')"
        ".textContent); return m && Number(m[1]) < n; }",
        arg=[pattern, int(match.group(1))],
        timeout=WAIT_MS,
    )
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
    card = page.locator(f'#t-main [data-card="{state.play.hands[ME][0]}"]')
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")
    page.fill("#t-mot", "Un mot assez long pour voir")
    # Measured once the page shows what was chosen (layout is computed when read).
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
    fifth = state.catalog.theme(state.play.fifth[0])
    expect(page.locator("#t-cinquieme-pile")).to_contain_text(fifth, timeout=WAIT_MS)
    expect(page.locator("label[for='t-cinquieme']")).to_contain_text(f"avec le 5e thème ({fifth})")
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
        expect(page.locator("#t-erreur")).to_contain_text("n'est pas dans le vocabulaire")
        # The server answered (the error above): it stored nothing.
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

    def wait_until(self, test: Any) -> dict[str, Any]:
        """Read the server's messages until the last « etat » passes ``test``."""
        deadline = time.monotonic() + TIMEOUT
        while not (self.etat and test(self.etat)):
            self._receive(deadline)
        return self.etat

    def wait_turn(self, phase: str = "jeu") -> None:
        self.wait_until(lambda e: e.get("a_jouer") and (e.get("vue") or {}).get("phase") == phase)

    def play(self, action: dict[str, Any], phase: str = "jeu") -> None:
        self.wait_turn(phase)
        seq = self.etat["prochain_seq"]
        self.socket.send(json.dumps({"type": "coup", "seq": seq, "coup": action}))
        deadline = time.monotonic() + TIMEOUT
        while True:
            message = self._receive(deadline)
            assert message["type"] != "erreur", message
            if message["type"] == "etat" and message["prochain_seq"] > seq:
                return


NAMES = ("Alice", "Bruno", "Chloé", "Dora")


def people_table(
    page: Any, server: LiveServer, players: int, options: dict[str, Any]
) -> tuple[str, list[str]]:
    """A table of people only, started; the page holds seat 0. Returns the seats' tokens."""
    created = api_post(
        server,
        "/api/tables",
        {
            "jeu": "themes",
            "joueurs": players,
            "options": options,
            "places": [{"type": "humain"}] * players,
            "nom": NAMES[0],
            "horloge": 0,
        },
    )
    table_id = created["table"]
    tokens = [created["jeton"]]
    for name in NAMES[1:players]:
        joined = api_post(server, f"/api/tables/{table_id}/join", {"nom": name})
        assert joined["place"] == len(tokens)
        tokens.append(joined["jeton"])
    api_post(server, f"/api/tables/{table_id}/start", {"jeton": created["jeton"]})
    open_seat(page, server, table_id, ME, tokens[ME])
    return table_id, tokens


def open_seat(page: Any, server: LiveServer, table_id: str, place: int, token: str) -> None:
    """The table's page as the holder of seat ``place`` (its token in ``localStorage``)."""
    page.goto(server.url + "/")
    seat = json.dumps({"place": place, "jeton": token, "nom": NAMES[place]})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"ludotheque:table:{table_id}", seat])
    page.goto(f"{server.url}/table/{table_id}")
    page.wait_for_selector("#jeu.t-racine .t-colonne[data-colonne='3']")


def two_people_table(page: Any, server: LiveServer) -> tuple[str, str]:
    """A 2-person table with a judge; the page holds seat 0 (the judge of seat 1's words)."""
    options = {"mode": "classique", "jugement": "juge", "secondes": 300, "delai_juge": 60}
    table_id, tokens = people_table(page, server, 2, options)
    return table_id, tokens[1]


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
            if state.play.active == ME:
                page.wait_for_selector(MY_TURN)
                page.click("#btn-fin-tour")
                page.wait_for_selector(f"{MY_TURN}", state="detached")
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
        theme = state.visible_themes()[word.column]
        bruno.play(
            {"type": "mot", "colonne": word.column, "mot": word.word, "cartes": list(word.cards)}
        )
        page.wait_for_selector('#jeu[data-a-jouer="true"][data-phase="jugement"]')
        expect(page.locator("#t-question")).to_have_text(
            f"Valider « {word.word} » pour {theme} ?", timeout=WAIT_MS
        )
        expect(page.locator("#t-jugement")).to_contain_text(
            "Qui ne dit mot consent : sans réponse, le mot est accepté."
        )
        expect(page.locator("#t-jugement [data-id]")).to_have_count(len(word.cards))
        page.wait_for_function(
            "() => /Délai du juge : sans réponse dans \\d+ s/"
            ".test(document.querySelector('#t-delai')?.textContent || '')"
        )
        page.screenshot(path=str(screenshots / "themes-jugement.png"), full_page=True)
        # A spectator sees the word waiting, and who judges it, without the buttons.
        watcher = new_page()
        watcher.goto(f"{live_server.url}/table/{table_id}?regarder")
        question = watcher.locator("#t-question")
        question.wait_for()
        expect(question).to_have_text(
            f"« {word.word} » pour {theme}, proposé par Bruno.", timeout=WAIT_MS
        )
        expect(watcher.locator("#t-consigne")).to_contain_text("attend le verdict de Alice")
        expect(watcher.locator("#btn-valider, #btn-refuser, #t-mot")).to_have_count(0)
        page.click("#btn-refuser")
        refused = page.locator("#t-decisions .t-decision[data-accepte='false'][data-place='1']")
        refused.first.wait_for()
        expect(refused.first).to_contain_text("refusé (par le juge)")
        expect(page.locator("#t-jugement")).to_have_count(0)
    after = poll_until(
        lambda: server_state(live_server, table_id),
        lambda s: s.claim is None,
        "the server still waits for the judge",
    )
    assert after.phase == "jeu"
    assert after.judgements[-1].accepted is False and after.judgements[-1].by == "juge"
    assert after.won_themes[1] == ()
    assert page.errors == [] and watcher.errors == []


# --- Variante Simultanée: Alice in the page, Bruno over the WebSocket --------------------------

SEARCHING = '#jeu[data-a-jouer="true"][data-phase="recherche"]'


def wait_turned(page: Any, turned: Any) -> None:
    """Wait until the page shows these turned cards (Simultanée), in this order: the page
    has drawn the round the server is at."""
    wait_ids(page, "#t-retournees [data-card], #t-retournees [data-id]", turned, ordered=True)


def say_word(page: Any, word: Any, own: str) -> None:
    """Choose the word's theme and cards in the page (``own``: where its own letters are, the
    others being in the word's column). The page must show the state the word was found in."""
    page.check(f"#t-theme-{word.column}")
    column = f'#jeu .t-colonne[data-colonne="{word.column}"]'
    for card in word.cards:
        target = page.locator(f'{own} [data-card="{card}"], {column} [data-card="{card}"]')
        target.click()
        expect(target).to_have_attribute("aria-pressed", "true")
    page.fill("#t-mot", word.word)


def both_say_nothing(page: Any, bruno: Opponent, table_id: str, server: LiveServer) -> None:
    """Alice (the page) and Bruno both give up the round (« Rien »); returns once the page
    shows the next round's turned cards."""
    round_ = server_state(server, table_id).play.round
    page.wait_for_selector(SEARCHING)
    page.click("#btn-rien")
    bruno.play({"type": "rien"}, phase="recherche")
    after = poll_until(
        lambda: server_state(server, table_id),
        lambda s: s.play.round != round_,
        "the round did not end",
    )
    wait_turned(page, after.play.turned)
    page.wait_for_selector(SEARCHING)


def test_themes_simultaneous_word_rien_and_judge(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    options = {"mode": "simultanee", "jugement": "juge", "delai_juge": 60}
    table_id, tokens = people_table(page, live_server, 2, options)
    page.wait_for_selector(SEARCHING)
    state = server_state(live_server, table_id)
    assert state.phase == "recherche" and len(state.play.turned) == 2
    # The two turned cards first, who searches, no hand, no hourglass, no turn to end.
    wait_turned(page, state.play.turned)
    expect(page.locator("#jeu > section").first).to_have_id("t-retournees-zone")
    expect(page.locator("#t-cherchent")).to_have_text("Cherchent encore : Alice (vous), Bruno.")
    expect(page.locator("#t-consigne")).to_contain_text("Sans sablier")
    expect(page.locator("#btn-fin-tour, #btn-changer-main, #t-main")).to_have_count(0)
    expect(page.locator("#sablier")).to_be_hidden()
    expect(page.locator("#t-temps")).to_have_text("")
    # A word with one or two turned cards and the column's letters: the first wins the round.
    word = state.word_choices()[0]
    theme = state.claim_themes(word)[0]
    say_word(page, word, "#t-retournees")
    page.screenshot(path=str(screenshots / "themes-simultanee.png"), full_page=True)
    moves = len(stored_record(live_server, table_id).moves)
    page.click("#btn-dire")
    won = page.locator("#t-manche-precedente[data-gagnant='0']")
    won.wait_for()
    expect(won).to_contain_text(word.word)
    said = moves_after(live_server, table_id, moves).moves[moves]
    assert said.seat == ME and said.action["type"] == "mot"
    assert said.action["mot"] == word.word and said.action["colonne"] == word.column
    assert sorted(said.action["cartes"]) == sorted(word.cards)
    after = server_state(live_server, table_id)
    assert after.play.round == state.play.round + 1 and sorted(after.won_letters[ME]) == sorted(
        word.cards
    )
    me = page.locator('#t-joueurs li[data-place="0"]')
    expect(me.locator(".t-pastille-theme").first).to_have_text(theme, timeout=WAIT_MS)
    won_cards = '#t-joueurs li[data-place="0"] .t-joueur__lettres'
    wait_ids(page, f"{won_cards} [data-card], {won_cards} [data-id]", word.cards)
    expect(me.locator(".t-joueur__score")).to_have_attribute("data-score", str(after.score(ME)))
    wait_turned(page, after.play.turned)
    with Opponent(live_server, table_id, tokens[1]) as bruno:
        # Bruno says a word of another theme: Alice judges it and refuses; he owes a card.
        for _ in range(6):
            state = server_state(live_server, table_id)
            stray = next(
                (w for w in state.word_choices(other_themes=True) if not state.in_vocabulary(w)),
                None,
            )
            if stray is not None:
                break
            both_say_nothing(page, bruno, table_id, live_server)
        else:
            raise AssertionError("Bruno never had a word for the judge")
        coup = {"type": "mot", "colonne": stray.column, "mot": stray.word}
        bruno.play({**coup, "cartes": list(stray.cards)}, phase="recherche")
        page.wait_for_selector('#jeu[data-a-jouer="true"][data-phase="jugement"]')
        expect(page.locator("#t-question")).to_have_text(
            re.compile(f"^{re.escape(f'Valider « {stray.word} »')}"), timeout=WAIT_MS
        )
        page.click("#btn-refuser")
        page.wait_for_selector(SEARCHING)
        debt = page.locator('#t-joueurs li[data-place="1"] .t-joueur__dette')
        debt.wait_for()
        expect(debt).to_have_attribute("data-dette", "1")
        expect(debt).to_have_text("doit défausser 1 carte")
        expect(page.locator("#t-cherchent")).to_have_text("Cherchent encore : Alice (vous).")
        # « Rien »: Alice gives up the round; nobody is left, two new cards are turned.
        round_before = server_state(live_server, table_id).play.round
        moves = len(stored_record(live_server, table_id).moves)
        page.click("#btn-rien")
        nobody = page.locator(f"#t-manche-precedente[data-manche='{round_before}']")
        nobody.wait_for()
        expect(nobody).to_contain_text("personne n'a trouvé de mot")
        record = moves_after(live_server, table_id, moves)
        assert record.moves[moves].seat == ME and record.moves[moves].action == {"type": "rien"}
        final = server_state(live_server, table_id)
        assert final.play.round == round_before + 1 and final.play.debts[1] == 1
        page.wait_for_selector(SEARCHING)
    assert page.errors == []


# --- Variante par équipe: Alice (seat 0) and Chloé (2) against Bruno (1) and Dora (3) ----------

TEAM_OPTIONS = {"mode": "equipe", "jugement": "vocabulaire", "secondes": 120}


def team_zero_plays(server: LiveServer, table_id: str, opponent: Opponent) -> Any:
    """If the other team plays first, one of its people ends its round; the state then."""
    state = server_state(server, table_id)
    if state.play.active != 0:
        opponent.play({"type": "fin_du_tour"})
        state = server_state(server, table_id)
    assert state.play.active == 0 and state.phase == "jeu"
    return state


def test_themes_teams_packets_are_secret_and_a_word_takes_one(
    page: Any, new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    table_id, tokens = people_table(page, live_server, 4, TEAM_OPTIONS)
    with Opponent(live_server, table_id, tokens[3]) as dora:
        state = team_zero_plays(live_server, table_id, dora)
        page.wait_for_selector(MY_TURN)
        # The teams and their scores; this team's three packets, face up for Alice.
        teams = page.locator("#t-equipes")
        expect(teams).to_contain_text("Équipe 1 (la vôtre) : Alice (vous), Chloé", timeout=WAIT_MS)
        expect(teams).to_contain_text("Équipe 2 : Bruno, Dora")
        for packet, cards in enumerate(state.play.packets):
            packet_cards = f"#t-paquet-{packet} [data-card], #t-paquet-{packet} [data-id]"
            wait_ids(page, packet_cards, cards)
            assert len(cards) == packet + 1
        expect(page.locator("#t-themes-manche")).to_have_text(
            re.compile(r"^Thèmes trouvés cette manche \(0/3\)")
        )
        page.wait_for_function(
            "() => /Il reste \\d+ s à votre équipe/"
            ".test(document.querySelector('#t-temps')?.textContent || '')"
        )
        expect(page.locator("#sablier")).to_have_text(
            re.compile(r"^(Sablier de .+ : \d+ s sur 120|Votre sablier : \d+ s sur 120)$")
        )
        # Bruno's page and Dora's WebSocket: the packets' sizes only, face down.
        bruno = new_page()
        open_seat(bruno, live_server, table_id, 1, tokens[1])
        bruno.wait_for_selector("#t-paquets .t-dos")
        expect(bruno.locator("#t-paquets .t-dos")).to_have_count(6, timeout=WAIT_MS)
        expect(bruno.locator("#t-paquets [data-card], #t-paquets [data-id]")).to_have_count(0)
        expect(bruno.locator("#t-mot")).to_have_count(0)
        expect(bruno.locator("#t-consigne")).to_contain_text("Au tour de l'équipe 1 (Alice, Chloé)")
        seen = dora.wait_until(lambda e: (e.get("vue") or {}).get("equipe_active") == 0)
        assert [p["restantes"] for p in seen["vue"]["paquets"]] == [1, 2, 3]
        assert all("cartes" not in p for p in seen["vue"]["paquets"])
        text = json.dumps(seen)
        assert not [c for cards in state.play.packets for c in cards if f'"{c}"' in text]
        # A word with a packet's letters and the column's.
        word = state.word_choices()[0]
        assert word.packet is not None
        say_word(page, word, f"#t-paquet-{word.packet}")
        expect(page.locator(f"#t-paquet-choix-{word.packet}")).to_be_checked()
        page.screenshot(path=str(screenshots / "themes-equipe.png"), full_page=True)
        moves = len(stored_record(live_server, table_id).moves)
        page.click("#btn-dire")
        page.locator("#t-decisions .t-decision[data-accepte='true'][data-place='0']").wait_for()
        said = moves_after(live_server, table_id, moves).moves[moves]
        assert said.seat == ME and said.action["paquet"] == word.packet
        assert said.action["mot"] == word.word and said.action["colonne"] == word.column
        assert sorted(said.action["cartes"]) == sorted(word.cards)
        after = server_state(live_server, table_id)
        assert after.play.used[word.packet] and after.play.active == 0
        page.wait_for_selector(f"#t-paquet-{word.packet}[data-utilise='true']")
        expect(page.locator("#t-themes-manche")).to_have_attribute("data-nombre", "1")
        score = str(after.play.team_score(after, 0))
        assert score != "0"
        expect(page.locator("#t-equipes li[data-equipe='0'] .t-joueur__score")).to_have_attribute(
            "data-score", score
        )
        bruno.wait_for_selector(f"#t-paquet-{word.packet}[data-utilise='true']")
        expect(bruno.locator("#t-paquets [data-card], #t-paquets [data-id]")).to_have_count(0)
        # A second word, packet and cards left to the server (« Au mieux »).
        second = after.word_choices()[0]
        page.check(f"#t-theme-{second.column}")
        page.check("#t-paquet-auto")
        page.fill("#t-mot", second.word)
        page.click("#btn-dire")
        page.wait_for_function(
            "() => document.querySelectorAll('#t-paquets [data-utilise=\"true\"]').length === 2"
        )
        auto = moves_after(live_server, table_id, moves + 1).moves[moves + 1]
        assert auto.seat == ME and auto.action["mot"] == second.word
        assert auto.action["paquet"] != word.packet and auto.action["cartes"]
    assert page.errors == [] and bruno.errors == []


# --- phone width -----------------------------------------------------------------------------


def test_themes_variants_at_phone_width(
    new_page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    for mode in ("simultanee", "equipe"):
        page = new_page(PHONE)
        if mode == "simultanee":
            table_id, _ = people_table(page, live_server, 2, {"mode": mode, "jugement": "juge"})
            page.wait_for_selector(SEARCHING)
            state = server_state(live_server, table_id)
            page.click(f'#t-retournees [data-card="{state.play.turned[0]}"]')
            buttons = ("#btn-dire", "#btn-rien", "#t-mot", "#t-retournees")
        else:
            table_id, tokens = people_table(page, live_server, 4, TEAM_OPTIONS)
            with Opponent(live_server, table_id, tokens[1]) as bruno:
                state = team_zero_plays(live_server, table_id, bruno)
            page.wait_for_selector(MY_TURN)
            page.click(f'#t-paquet-2 [data-card="{state.play.packets[2][0]}"]')
            buttons = ("#btn-dire", "#btn-fin-tour", "#t-mot", "#t-paquet-2", "#t-choix-paquet")
        column = next(i for i, pile in enumerate(state.piles) if pile)
        page.check(f"#t-theme-{column}")
        page.fill("#t-mot", "Un mot assez long pour voir")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"] + 1, f"{mode}: the page scrolls sideways ({width} px)"
        for selector in buttons:
            box = page.locator(selector).bounding_box()
            right = PHONE["width"] + 1
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= right, (mode, selector)
        page.screenshot(path=str(screenshots / f"themes-{mode}-mobile.png"), full_page=True)
        assert page.errors == []
