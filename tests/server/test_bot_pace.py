"""Bots take their own thinking time (their decision's ``seconds`` × ``--bot-pace``) before they
act, so a person can beat a slower bot to a word; a decision the table overtook is thought
again, not played — and a robot judge asked meanwhile answers before its silence could."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.testclient import TestClient

from ludotheque.bots.base import Observation, decide
from ludotheque.core.rng import Rng
from ludotheque.games.themes import Themes
from ludotheque.games.themes.actions import Word
from ludotheque.games.themes.bots import BOTS
from ludotheque.games.themes.state import ThemesState
from ludotheque.server import robots


def states(ws: Any, plies: int) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "etat" and message["coups_joues"] >= plies:
            return message


def test_thinking_times_come_from_the_bots_decisions() -> None:
    game = Themes()
    state = game.new(2, 3, {"mode": "simultanee"})
    observation = Observation.of(game, state, 0)
    times = {}
    for name in ("debutant", "expert"):
        made = decide(BOTS[name](), observation, Rng.from_seed(1).draws())
        assert made.seconds > 0
        times[name] = made.seconds
    assert times["expert"] < times["debutant"]  # the Expert finds words faster
    strong = decide(BOTS["strong"](), observation, Rng.from_seed(1).draws())
    assert strong.seconds == (9.0 if isinstance(strong.action, Word) else 0.0)  # an engine


def race_table(client: TestClient, level: str, **options: Any) -> dict[str, Any]:
    payload = {
        "jeu": "themes",
        "joueurs": 2,
        "nom": "Alice",
        "places": [{"type": "humain"}, {"type": "robot", "niveau": level}],
        "options": {"mode": "simultanee", **options},
    }
    created: dict[str, Any] = client.post("/api/tables", json=payload).json()
    started = client.post(f"/api/tables/{created['table']}/start", json={"jeton": created["jeton"]})
    assert started.status_code == 200, started.text
    return created


def test_a_person_beats_a_slower_bot_to_the_word(make_client: Callable[..., TestClient]) -> None:
    client = make_client(bot_pace=1.0)  # real thinking times: 10 s or more a word for a Fort
    created = race_table(client, "fort")
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{created['table']}?jeton={created['jeton']}") as ws:
        first = states(ws, 0)
        state = lobby.get(created["table"]).state
        choices = state.word_choices()
        assert choices, "seed without a word for the turned cards"
        word = choices[0]
        move = {"type": "mot", "colonne": word.column, "mot": word.word, "cartes": list(word.cards)}
        ws.send_json({"type": "coup", "seq": first["prochain_seq"], "coup": move})
        after = states(ws, 1)
    record = lobby.get(created["table"]).record
    assert record.moves[0].seat == 0  # the robot, still thinking, did not play first
    assert after["vue"]["gagne"][0]["themes"], after["vue"]["gagne"]


def gibberish(state: ThemesState) -> Word | None:
    """« marrk »-like: letters of a turned card and of a column around consonants, no word
    (None when the deal has no two plain cards for it)."""
    for column in range(len(state.piles)):
        for turned in state.play.turned:
            for visible in state.visible_letters(column):
                letters = state.catalog.letters
                if letters[turned].constraint or letters[visible].constraint:
                    continue
                text = f"{letters[turned].letter}{letters[visible].letter}rrk".lower()
                word = Word(column, text, (turned, visible))
                if state.word_problem(None, word) is None and not state.in_vocabulary(word):
                    return word
    return None


def test_a_robot_judge_busy_with_its_own_word_still_refuses_a_non_word(
    make_client: Callable[..., TestClient],
) -> None:
    """What let « marrk » and « hgtn » through in Simultanée (and Équipe): the robot was
    thinking about its own word (its decision's seconds, longer than the judge's window) when
    the person's word came to it; the bot scheduler waited out its thinking time before looking
    at the table again, the judge's window ran out first, and silence means yes. A thinking bot now
    wakes up when its table moves."""
    client = make_client(bot_pace=1.0)
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    # The server draws each table's seed: a deal whose turned cards and columns hold no two
    # plain letters for a non-word (a few in a hundred) is set aside for another table.
    for _attempt in range(20):
        created = race_table(client, "debutant", jugement="juge", delai_juge=5)
        table = created["table"]
        word = gibberish(lobby.get(table).state)
        if word is not None:
            break
    assert word is not None, "twenty deals without two plain cards for a non-word"
    with client.websocket_connect(f"/ws/{table}?jeton={created['jeton']}") as ws:
        first = states(ws, 0)
        session = lobby.get(table)
        # The robot's decision for this round takes longer than the judge's window.
        _action, seconds = robots.decide(table, session.record.dumps(), 1, "debutant")
        assert seconds > 5
        move = {"type": "mot", "colonne": word.column, "mot": word.word, "cartes": list(word.cards)}
        ws.send_json({"type": "coup", "seq": first["prochain_seq"], "coup": move})
        judged = states(ws, 2)  # the word, then the judge's answer (or its silence)
    decision = judged["vue"]["decisions"][-1]
    assert decision["mot"] == word.word
    assert decision["accepte"] is False and decision["motif"] == "pas un mot du dictionnaire"
    assert lobby.get(table).record.moves[1].action == {"type": "refuser", "motif": "inconnu"}
