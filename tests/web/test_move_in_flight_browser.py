"""A move on its way stays on its way: the page does not offer the same turn again when another
seat's move is told before ours is applied (a robot, a simultaneous phase; seen under load as a
word sent twice). The socket is routed through the test, which holds the page's move and tells
the page the state it had, as the server does when another move comes first."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import expect

from ludotheque.server.storage import Storage

from .conftest import LiveServer, poll_until
from .test_browser import ACTION_CARDS, MY_TURN, create_table


class HeldMove:
    """Routes the table's socket: the page's first ``coup`` is held back (and the state it was
    sent from told again, under another title), until :meth:`release` sends it on."""

    def __init__(self) -> None:
        self.holding = False
        self.held: list[str] = []
        self.last_state: dict[str, Any] | None = None
        self.route: Any = None
        self.server: Any = None

    def __call__(self, route: Any) -> None:
        self.route, self.server = route, route.connect_to_server()
        route.on_message(self.from_page)
        self.server.on_message(self.from_server)

    def from_server(self, message: str | bytes) -> None:
        data = json.loads(message)
        if data.get("type") == "etat":
            self.last_state = data
        self.route.send(message)

    def from_page(self, message: str | bytes) -> None:
        if self.holding and json.loads(message).get("type") == "coup" and not self.held:
            self.held.append(str(message))
            assert self.last_state is not None
            told = json.loads(json.dumps(self.last_state))
            told["table"]["titre"] = "Table témoin"  # a sign that the page drew this state
            self.route.send(json.dumps(told))
            return
        self.server.send(message)

    def release(self) -> None:
        self.holding = False
        for message in self.held:
            self.server.send(message)


def my_moves(server: LiveServer, table_id: str) -> list[dict[str, Any]]:
    """The actions of seat 0 stored for the table."""
    storage = Storage(server.database)
    try:
        record = storage.load_record(table_id)
    finally:
        storage.close()
    return [] if record is None else [dict(m.action) for m in record.moves if m.seat == 0]


def test_a_state_told_before_the_move_is_applied_does_not_offer_the_turn_again(
    new_page: Any, live_server: LiveServer
) -> None:
    page = new_page()
    held = HeldMove()
    page.route_web_socket(re.compile(r"/ws/"), held)
    table_id = create_table(page, live_server, seats=["humain", "robot:debutant"])
    game = page.locator("#jeu")
    expect(game).to_have_attribute("data-phase", "draft", timeout=20_000)
    page.wait_for_selector(MY_TURN)
    held.holding = True
    page.locator(f"{ACTION_CARDS}:enabled").first.click()
    # The page drew the state told meanwhile (same count of this seat's actions, « à vous »)…
    expect(page.locator("#table-titre")).to_contain_text("Table témoin")
    # …and its move is still on its way: no « À vous », the board busy, no card to click again.
    expect(game).to_have_attribute("data-a-jouer", "false")
    expect(game).to_have_attribute("aria-busy", "true")
    assert len(held.held) == 1
    held.release()
    expect(game).to_have_attribute("aria-busy", "false", timeout=20_000)
    # The held move was applied once: the seat's first stored action is that choice.
    mine = poll_until(
        lambda: my_moves(live_server, table_id),
        lambda moves: len(moves) >= 1,
        "the held move reached the server",
    )
    assert mine[0]["type"] == "choisir"
    assert json.loads(held.held[0])["coup"] == mine[0]
    assert page.errors == []
