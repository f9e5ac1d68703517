"""The deployment's trial (``docs/deploy.md`` § 10): a table played in Chromium through nginx,
tabs on different ``serve`` processes, the process running the table killed (SIGKILL)
mid-game, then Redis stopped for a while and started again.

    python scripts/deploy_trial.py --url http://127.0.0.1:8080 --redis redis://127.0.0.1:6390/0 \\
        --process 8001=/tmp/d/serve-8001.pid --process 8002=… --process 8003=… --shots /tmp/d \\
        --redis-stop "redis-cli -p 6390 shutdown nosave" \\
        --redis-start "redis-server /tmp/d/redis-6390.conf"

Alice and Bruno (two tabs, 1366×768) and Chloé (a tab 375 px wide) play Gutenberg against a
Débutant robot through nginx. Which process serves each tab's socket is read from the
``X-Processus`` header nginx adds to the WebSocket handshake (``add_header X-Processus
$upstream_addr always;``, for the trial only), through Chromium's DevTools; which process runs
the table, from its lease in Redis (``ludotheque:bail:<table>``, the process's name, whose pid
is in the ``--process`` files). Alice's tab is reloaded until its socket is on the lease holder,
Bruno's until his is on another process. After ``--kill-after`` decisions the lease holder is
killed with SIGKILL: Alice's tab must reconnect through nginx to another process, another
process must take the lease, and the game go on. After ``--pause-after`` decisions Redis is
stopped for ``--pause-seconds`` (every tab must show the pause; a move tried meanwhile must be
refused), then started again: every tab must come back « En ligne » and the game go on to the
final ranking. Screenshots at each step; prints what it saw and the times measured.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shlex
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import redis
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
PHONE = {"width": 375, "height": 812}
ONLINE = "#connexion[data-etat='en-ligne']"
PAUSED = "#connexion[data-etat='en-pause']"


def api(url: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url + path, data=data, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def wait_until(what: str, check: Callable[[], bool], timeout: float) -> float:
    """Seconds until ``check()`` holds (polled every 50 ms); SystemExit after ``timeout``."""
    started = time.monotonic()
    while not check():
        if time.monotonic() - started > timeout:
            raise SystemExit(f"{what}: not within {timeout} s")
        time.sleep(0.05)
    return time.monotonic() - started


class Tab:
    """One person's tab, and the processes its sockets were served by (handshake headers)."""

    def __init__(self, browser: Any, name: str, viewport: dict[str, int]) -> None:
        self.name = name
        # A context of its own: each person's device (the seat's token is in localStorage).
        context = browser.new_context()
        self.page = context.new_page()
        self.page.set_viewport_size(viewport)
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

    def reload(self) -> None:
        self.page.reload()
        self.online()

    def online(self, timeout: float = 30) -> None:
        self.page.wait_for_selector(ONLINE, timeout=timeout * 1000)

    @property
    def process(self) -> str:
        return self.processes[-1] if self.processes else "?"

    def badge(self) -> str:
        return str(self.page.inner_text("#connexion"))

    def alert(self) -> str:
        return str(browser_test.alert_text(self.page))

    def shoot(self, folder: Path, moment: str) -> None:
        self.page.screenshot(path=folder / f"essai-{moment}-{self.name.lower()}.png")

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


class Trial:
    """The processes (port → pid), Redis, and how to read who holds a table."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.url: str = args.url
        self.pids = {
            f"127.0.0.1:{port}": int(Path(file).read_text())
            for port, file in (item.split("=", 1) for item in args.process)
        }
        self.redis = redis.Redis.from_url(args.redis, socket_timeout=1)

    def holder(self, table_id: str) -> str | None:
        """The address (127.0.0.1:PORT) of the process holding the table's lease."""
        try:
            name = self.redis.get(f"ludotheque:bail:{table_id}")
        except redis.RedisError:
            return None
        if name is None:
            return None
        pid = int(name.decode().split(":")[1])
        return next((addr for addr, p in self.pids.items() if p == pid), f"pid {pid}")


def place_sockets(trial: Trial, table_id: str, alice: Tab, bruno: Tab, chloe: Tab) -> str:
    """Reload the tabs until Alice's socket is on the lease holder and Bruno's elsewhere."""
    wait_until("the table's lease", lambda: trial.holder(table_id) is not None, 15)
    holder = trial.holder(table_id)
    assert holder is not None
    for _ in range(12):
        if alice.process == holder:
            break
        alice.reload()
    for tab in (bruno, chloe):
        for _ in range(12):
            if tab.process != alice.process and (tab is bruno or tab.process != bruno.process):
                break
            tab.reload()
    print(
        f"lease held by {holder}; sockets: Alice through {alice.process}, "
        f"Bruno through {bruno.process}, Chloé (375 px) through {chloe.process}"
    )
    return holder


def kill_holder(trial: Trial, table_id: str, tabs: list[Tab], played: int) -> None:
    """SIGKILL the lease holder; time Alice's reconnection and the lease's takeover."""
    shots = trial.args.shots
    killed = trial.holder(table_id)
    assert killed in trial.pids, f"the lease holder {killed} is none of --process"
    for tab in tabs:
        tab.shoot(shots, "avant")
    os.kill(trial.pids[killed], signal.SIGKILL)
    started = time.monotonic()
    print(f"after {played} decisions: SIGKILL to {killed} (the lease holder)")
    on_killed = [tab for tab in tabs if tab.process == killed]
    for tab in on_killed:
        tab.page.wait_for_selector("#connexion:not([data-etat='en-ligne'])", timeout=10_000)
        print(f"  {tab.name}'s tab: « {tab.badge()} »")
    tabs[0].shoot(shots, "coupure")
    for tab in on_killed:
        tab.online()
        print(
            f"  {tab.name}'s tab back « {tab.badge()} » through {tab.process} "
            f"{time.monotonic() - started:.1f} s after the kill"
        )
    wait_until(
        "another process taking the lease",
        lambda: trial.holder(table_id) not in (None, killed),
        30,
    )
    print(
        f"  lease taken by {trial.holder(table_id)} {time.monotonic() - started:.1f} s "
        f"after the kill"
    )
    for tab in tabs:
        tab.shoot(shots, "apres")


def pause_redis(trial: Trial, tabs: list[Tab], played: int) -> None:
    """Stop Redis, look at every tab, try a move, start Redis again, time the recovery."""
    args = trial.args
    print(f"after {played} decisions: Redis stopped ({args.redis_stop})")
    subprocess.run(shlex.split(args.redis_stop), check=False, capture_output=True)
    stopped = time.monotonic()
    for tab in tabs:
        tab.page.wait_for_selector(PAUSED, timeout=20_000)
        print(
            f"  {tab.name}'s tab paused {time.monotonic() - stopped:.1f} s after: "
            f"« {tab.badge()} », message « {tab.alert()} »"
        )
    notice = tabs[0].page.locator("#pause-partie")
    print(f"  in the game panel: « {notice.inner_text() if notice.is_visible() else '(nothing)'} »")
    for tab in tabs:
        tab.shoot(args.shots, "pause")
    movers = [tab for tab in tabs if tab.page.locator(MY_TURN).count()]
    if movers:
        tab = movers[0]
        tab.step()
        tab.page.wait_for_selector("#alerte[data-kind='erreur']", timeout=5_000)
        print(f"  a move tried in {tab.name}'s tab meanwhile: « {tab.alert()} »")
        tab.shoot(args.shots, "pause-coup")
    else:
        print("  nobody's turn during the pause (the robot's, or the others')")
    rest = args.pause_seconds - (time.monotonic() - stopped)
    if rest > 0:
        time.sleep(rest)
    subprocess.run(shlex.split(args.redis_start), check=True, capture_output=True)
    restarted = time.monotonic()
    print(f"  Redis started again ({args.redis_start}) after {restarted - stopped:.1f} s")
    for tab in tabs:
        tab.online(timeout=30)
        print(
            f"  {tab.name}'s tab « {tab.badge()} » {time.monotonic() - restarted:.1f} s "
            f"after Redis came back, message « {tab.alert()} »"
        )
    for tab in tabs:
        tab.shoot(args.shots, "reprise")
        assert not tab.page.locator("#pause-partie").is_visible(), f"{tab.name}: still paused"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--redis", default=os.environ.get("LUDOTHEQUE_REDIS", ""))
    parser.add_argument("--process", action="append", default=[], help="PORT=PIDFILE")
    parser.add_argument("--shots", type=Path, default=Path("."))
    parser.add_argument("--kill-after", type=int, default=8)
    parser.add_argument("--pause-after", type=int, default=20)
    parser.add_argument("--pause-seconds", type=float, default=10)
    parser.add_argument("--redis-stop", help="command stopping Redis (no pause without it)")
    parser.add_argument("--redis-start", help="command starting Redis again")
    args = parser.parse_args()
    trial = Trial(args)
    url = args.url
    created = api(
        url,
        "/api/tables",
        {
            "jeu": "gutenberg",
            "joueurs": 4,
            "nom": "Alice",
            "places": [
                {"type": "humain"},
                {"type": "humain"},
                {"type": "humain"},
                {"type": "robot", "niveau": "debutant"},
            ],
        },
    )
    table_id = created["table"]
    bruno = api(url, f"/api/tables/{table_id}/join", {"nom": "Bruno"})
    chloe = api(url, f"/api/tables/{table_id}/join", {"nom": "Chloé"})
    api(url, f"/api/tables/{table_id}/start", {"jeton": created["jeton"]})
    print(f"table {table_id}: Alice, Bruno, Chloé, a Débutant robot; started")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=web_conftest.chromium_path(), args=web_conftest.CHROMIUM_ARGS
        )
        tabs = [
            Tab(browser, "Alice", LAPTOP),
            Tab(browser, "Bruno", LAPTOP),
            Tab(browser, "Chloé", PHONE),
        ]
        for place, (tab, token) in enumerate(
            zip(tabs, (created["jeton"], bruno["jeton"], chloe["jeton"]), strict=True)
        ):
            tab.open(url, table_id, place, token)
        place_sockets(trial, table_id, *tabs)
        played, killed, paused = 0, False, False
        progress = time.monotonic()
        while not all(tab.over() for tab in tabs):
            if time.monotonic() - progress > 60:
                for tab in tabs:
                    tab.shoot(args.shots, "bloque")
                raise SystemExit(f"no decision for 60 s (after {played} decisions)")
            moved = False
            for tab in tabs:
                if tab.step():
                    played += 1
                    moved = True
                    progress = time.monotonic()
            if not killed and played >= args.kill_after:
                kill_holder(trial, table_id, tabs, played)
                killed = True
            if not paused and args.redis_stop and played >= args.pause_after:
                pause_redis(trial, tabs, played)
                paused = True
            if not moved:
                time.sleep(0.1)
        for tab in tabs:
            tab.shoot(args.shots, "fin")
            print(f"{tab.name}: final ranking shown; sockets through {tab.processes}")
        print(f"{played} decisions by the three people")
        browser.close()
    table = api(url, f"/api/tables/{table_id}")
    replay = api(url, f"/api/tables/{table_id}/replay")
    print("table status:", table["statut"], "| stored record keys:", sorted(replay)[:8])


if __name__ == "__main__":
    main()
