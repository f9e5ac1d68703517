"""The deployment's trial (``docs/deploy.md`` § 10): a table played in Chromium through nginx, two
tabs on two different ``serve`` processes, one process killed (SIGKILL) mid-game.

    python scripts/deploy_trial.py --url http://127.0.0.1:8080 \\
        --process 8001=/tmp/d/serve-8001.pid --process 8002=… --process 8003=… --shots /tmp/d

Alice and Bruno (two tabs, 1366×768) play Gutenberg against a Débutant robot through nginx.
Which process serves each tab's socket is read from the ``X-Processus`` header nginx adds to
the WebSocket handshake (``add_header X-Processus $upstream_addr always;``, for the trial
only), through Chromium's DevTools; Bruno's tab is reloaded until its socket lands on another
process than Alice's. After ``--kill-after`` decisions the process of Alice's socket is killed
with SIGKILL; both tabs must go on to the final ranking. Screenshots: before the kill, just
after, and at the end. Prints what it saw, and the table's moves as stored.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import signal
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str, path: Path) -> Any:
    """A module of the test suite, by its file (``tests`` is no package)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


web_conftest = _load("web_conftest", ROOT / "tests" / "web" / "conftest.py")
browser_test = _load("browser_test", ROOT / "tests" / "web" / "test_browser.py")
ACTION_CARDS, MY_TURN = browser_test.ACTION_CARDS, browser_test.MY_TURN

LAPTOP = {"width": 1366, "height": 768}


def api(url: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url + path, data=data, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


class Tab:
    """One person's tab, and the processes its sockets were served by (handshake headers)."""

    def __init__(self, context: Any, name: str) -> None:
        self.name = name
        self.page = context.new_page()
        self.page.set_viewport_size(LAPTOP)
        self.processes: list[str] = []
        cdp = context.new_cdp_session(self.page)
        cdp.send("Network.enable")
        cdp.on("Network.webSocketHandshakeResponseReceived", self._handshake)
        self.game = browser_test.Game()

    def _handshake(self, event: dict[str, Any]) -> None:
        headers = {k.lower(): v for k, v in event["response"]["headers"].items()}
        self.processes.append(headers.get("x-processus", "?"))

    def open(self, url: str, table_id: str, place: int, token: str) -> None:
        self.page.goto(url + "/")
        seat = json.dumps({"place": place, "jeton": token, "nom": self.name})
        self.page.evaluate(
            "([k, v]) => localStorage.setItem(k, v)", [f"ludotheque:table:{table_id}", seat]
        )
        self.page.goto(f"{url}/table/{table_id}")
        self.online()

    def online(self) -> None:
        self.page.wait_for_selector("#connexion[data-etat='en-ligne']", timeout=30_000)

    @property
    def process(self) -> str:
        return self.processes[-1] if self.processes else "?"

    def over(self) -> bool:
        return bool(self.page.locator("#resultat").count())

    def step(self) -> bool:
        """Play one decision if it is this seat's turn; True if one was played."""
        page = self.page
        if not page.locator(MY_TURN).count() or self.over():
            return False
        phase = page.get_attribute("#jeu", "data-phase")
        if phase in ("draft", "library"):
            page.locator(f"{ACTION_CARDS}:enabled").first.click()
        elif phase == "write":
            browser_test.write_best_word(page, self.game)
        elif phase == "claim":
            browser_test.claim(page)
        else:
            return False
        page.wait_for_timeout(150)
        return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--process", action="append", default=[], help="PORT=PIDFILE")
    parser.add_argument("--shots", type=Path, default=Path("."))
    parser.add_argument("--kill-after", type=int, default=6)
    args = parser.parse_args()
    pids = {
        f"127.0.0.1:{port}": int(Path(file).read_text())
        for port, file in (item.split("=", 1) for item in args.process)
    }
    url = args.url
    created = api(
        url,
        "/api/tables",
        {
            "jeu": "gutenberg",
            "joueurs": 3,
            "nom": "Alice",
            "places": [
                {"type": "humain"},
                {"type": "humain"},
                {"type": "robot", "niveau": "debutant"},
            ],
        },
    )
    table_id = created["table"]
    bruno = api(url, f"/api/tables/{table_id}/join", {"nom": "Bruno"})
    api(url, f"/api/tables/{table_id}/start", {"jeton": created["jeton"]})
    print(f"table {table_id}: Alice, Bruno, a Débutant robot; started")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=web_conftest.chromium_path(), args=web_conftest.CHROMIUM_ARGS
        )
        context = browser.new_context()
        alice, bruno_tab = Tab(context, "Alice"), Tab(context, "Bruno")
        alice.open(url, table_id, 0, created["jeton"])
        bruno_tab.open(url, table_id, 1, bruno["jeton"])
        for _ in range(10):
            if len(pids) < 2 or bruno_tab.process != alice.process:
                break
            bruno_tab.page.reload()
            bruno_tab.online()
        print(f"sockets: Alice through {alice.process}, Bruno through {bruno_tab.process}")
        played, killed, deadline = 0, None, time.monotonic() + 180
        tabs = (alice, bruno_tab)
        while not all(tab.over() for tab in tabs):
            if time.monotonic() > deadline:
                for tab in tabs:
                    tab.page.screenshot(path=args.shots / f"essai-bloque-{tab.name.lower()}.png")
                phases = [tab.page.get_attribute("#jeu", "data-phase") for tab in tabs]
                raise SystemExit(f"the game did not end in 180 s ({played} decisions, {phases})")
            moved = False
            for tab in tabs:
                if tab.step():
                    played += 1
                    moved = True
            if killed is None and played >= args.kill_after and alice.process in pids:
                for tab in tabs:
                    tab.page.screenshot(path=args.shots / f"essai-avant-{tab.name.lower()}.png")
                killed = alice.process
                os.kill(pids[killed], signal.SIGKILL)
                started = time.monotonic()
                print(f"after {played} decisions: SIGKILL to the process of {killed}")
                alice.page.wait_for_selector(
                    "#connexion:not([data-etat='en-ligne'])", timeout=10_000
                )
                alice.online()
                print(
                    f"Alice's tab back online through {alice.process} after "
                    f"{time.monotonic() - started:.1f} s (Bruno through {bruno_tab.process})"
                )
                for tab in tabs:
                    tab.page.screenshot(path=args.shots / f"essai-apres-{tab.name.lower()}.png")
            if not moved:
                time.sleep(0.1)
        for tab in tabs:
            tab.page.screenshot(path=args.shots / f"essai-fin-{tab.name.lower()}.png")
            print(f"{tab.name}: final ranking shown; sockets through {tab.processes}")
        print(f"{played} decisions by the two people; Alice's words {alice.game.words}")
        browser.close()
    table = api(url, f"/api/tables/{table_id}")
    print("table status:", table["statut"])


if __name__ == "__main__":
    main()
