"""Write the golden records of ``tests/golden/``: every game and mode, played by seeded bots.

Each record is a game record (options + seed + actions) with, for the state before the first
move and after each move, a short digest of every view (the spectator's, with who must move,
then each seat's), and the final outcome. ``tests/golden/test_golden.py`` replays them and
names the first move whose views differ: any change of behaviour fails it.

Regenerate only when a change of behaviour is wanted (and say so in the commit), or when the
dictionary changed (``lexicon`` in each record stamps the one it was made with), from the code
as it was before any reshaping::

    .venv/bin/python scripts/make_golden.py            # every record
    .venv/bin/python scripts/make_golden.py letter     # the records whose name starts so
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from ludotheque.bots.base import Bot, Observation
from ludotheque.bots.simulate import ORDER_STREAM, bots_by_name, derive_seed
from ludotheque.core.errors import LudoError
from ludotheque.core.json_types import JsonObject, JsonValue
from ludotheque.core.match import Match
from ludotheque.core.protocol import Game, State
from ludotheque.core.rng import Rng
from ludotheque.games import default_registry

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
DIGEST_LENGTH = 8  # hex digits per view: enough to catch any change over a whole game
MAX_ACTIONS = 5_000

# (file name, game, players, options, seed). Bots: "greedy" at even seats, "random" at odd ones
# (a game without a greedy bot plays random everywhere).
Config = tuple[str, str, int, JsonObject, int]


def configurations() -> list[Config]:
    configs: list[Config] = []
    for players in range(2, 7):
        configs.append((f"gutenberg-classique-{players}p", "gutenberg", players, {}, players))
    for level in ("facile", "normal", "difficile"):
        configs.append(
            (f"gutenberg-solo-{level}", "gutenberg", 1, {"mode": "solo", "difficulte": level}, 1)
        )
    # Knocking on at 2 and 5 players (and with the other options), off at 3, 4 and 6.
    letter: list[tuple[int, JsonObject]] = [
        (2, {"comptage": "2"}),
        (3, {"frapper": False}),
        (4, {"frapper": False}),
        (5, {}),
        (6, {"frapper": False}),
    ]
    for players, options in letter:
        knock = "sans-frapper" if options.get("frapper") is False else "frapper"
        configs.append(
            (f"letter-classique-{players}p-{knock}", "letter", players, options, players)
        )
    configs.append(
        (
            "letter-classique-3p-frapper-hasard-penalite-sablier",
            "letter",
            3,
            {"tirage": "hasard", "erreurs": "penalite", "sablier": True, "comptage": "1"},
            11,
        )
    )
    for variant in ("1", "2"):
        configs.append(
            (
                f"letter-solo-variante{variant}",
                "letter",
                1,
                {"mode": "solo", "variante_solo": variant},
                int(variant),
            )
        )
    for mode in ("classique", "expert", "simultanee"):
        for players in (2, 4, 6):
            configs.append(
                (f"themes-{mode}-{players}p", "themes", players, {"mode": mode}, players)
            )
    for players in (4, 6, 9):
        configs.append(
            (f"themes-equipe-{players}p", "themes", players, {"mode": "equipe"}, players)
        )
    configs.append(("themes-classique-3p-juge", "themes", 3, {"jugement": "juge"}, 13))
    configs.append(
        ("themes-expert-3p-vote", "themes", 3, {"mode": "expert", "jugement": "vote"}, 14)
    )
    for players in range(2, 7):
        configs.append((f"gremlins-classique-{players}p", "gremlins", players, {}, players))
    configs.append(
        ("gremlins-classique-3p-nouvelle-main", "gremlins", 3, {"nouvelle_main": True}, 15)
    )
    configs.append(("gremlins-equipes-4p", "gremlins", 4, {"mode": "equipes"}, 4))
    configs.append(("gremlins-equipes-5p", "gremlins", 5, {"mode": "equipes"}, 5))
    for shape in ("2x3", "3x2"):
        configs.append(
            (
                f"gremlins-equipes-6p-{shape}",
                "gremlins",
                6,
                {"mode": "equipes", "format_equipes": shape},
                6,
            )
        )
    for players in range(2, 6):
        configs.append((f"encheres-{players}p", "encheres", players, {}, players))
    return configs


def lexicon_stamp() -> str:
    """The dictionary's data, digested: the word games' bots and views follow it, so a record
    made with another dictionary may differ for that reason alone."""
    import ludotheque.lexicon

    manifest = Path(ludotheque.lexicon.__file__).parent / "data" / "manifest.json"
    return hashlib.sha256(manifest.read_bytes()).hexdigest()[:12]


def view_digest(value: JsonValue) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:DIGEST_LENGTH]


def state_digests(state: State[Any]) -> str:
    """The spectator's view with who must move, then each seat's view, digested."""
    movers: list[JsonValue] = [seat for seat in sorted(state.to_move())]
    spectator: JsonObject = {"to_move": movers, "view": state.view(None)}
    seats = [view_digest(state.view(seat)) for seat in range(state.players)]
    return " ".join([view_digest(spectator), *seats])


def seat_bots(game: Game[Any, Any], players: int) -> tuple[list[str], list[Bot]]:
    try:
        bots_by_name(game, ["greedy"])
    except LudoError:
        names = ["random"] * players
    else:
        names = ["greedy" if seat % 2 == 0 else "random" for seat in range(players)]
    return names, bots_by_name(game, names)


def play(config: Config) -> JsonObject:
    name, game_name, players, options, seed = config
    game = default_registry().get(game_name)
    bot_names, bots = seat_bots(game, players)
    match = Match.start(game, players, seed, options)
    draws = [Rng.from_seed(derive_seed(seed, seat)).draws() for seat in range(players)]
    order = Rng.from_seed(derive_seed(seed, ORDER_STREAM)).draws()
    digests = [state_digests(match.state)]
    while not match.state.is_over:
        if len(match.record.moves) >= MAX_ACTIONS:
            raise RuntimeError(f"{name}: no end after {MAX_ACTIONS} moves")
        movers = order.shuffled(sorted(match.state.to_move()))
        seat = movers[0]
        observation = Observation.of(game, match.state, seat)
        action = bots[seat].choose(observation, draws[seat])
        match.submit(seat, game.encode_action(action))
        digests.append(state_digests(match.state))
    outcome = match.state.outcome()
    assert outcome is not None
    return {
        "name": name,
        "lexicon": lexicon_stamp(),
        "bots": list(bot_names),
        "record": match.record.to_json(),
        "digests": list(digests),
        "outcome": outcome.to_json(),
    }


def dumps(golden: JsonObject) -> str:
    """Compact JSON with one move and one state's digests a line (small files, clear diffs)."""
    record = golden["record"]
    assert isinstance(record, dict)

    def compact(value: JsonValue) -> str:
        return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))

    def rows(values: JsonValue) -> str:
        assert isinstance(values, list)
        return "[\n" + ",\n".join(compact(value) for value in values) + "\n]"

    head = {key: value for key, value in record.items() if key != "moves"}
    return (
        f'{{"name":{compact(golden["name"])},"lexicon":{compact(golden["lexicon"])},'
        f'"bots":{compact(golden["bots"])},\n'
        f'"record":{compact(head)[:-1]},"moves":{rows(record["moves"])}}},\n'
        f'"outcome":{compact(golden["outcome"])},\n'
        f'"digests":{rows(golden["digests"])}}}\n'
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefix", nargs="*", help="only the records whose name starts so")
    args = parser.parse_args(argv)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for config in configurations():
        if args.prefix and not any(config[0].startswith(p) for p in args.prefix):
            continue
        start = time.perf_counter()
        golden = play(config)
        path = GOLDEN / f"{config[0]}.json"
        path.write_text(dumps(golden))
        moves = len(golden["digests"]) - 1  # type: ignore[arg-type]
        seconds = time.perf_counter() - start
        print(f"{path.name}: {moves} moves, {path.stat().st_size // 1024} KB, {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
