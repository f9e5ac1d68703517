"""Golden records: every game and mode, replayed move by move against the views they gave.

Each ``*.json`` here was written by ``scripts/make_golden.py`` from seeded bots: a game record
and, for the state before the first move and after each move, a digest of the spectator's view
(with who must move) and of every seat's view, then the outcome. A reshaping of the code must
replay them all identically; the failure names the first move that differs. Regenerate a record
only for a wanted change of behaviour, and say so in the commit.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from ludotheque.core.protocol import State
from ludotheque.core.record import GameRecord
from ludotheque.games import default_registry

HERE = Path(__file__).resolve().parent
RECORDS = sorted(HERE.glob("*.json"))


def _maker() -> ModuleType:
    """``scripts/make_golden.py``, whose digests the records hold."""
    path = HERE.parent.parent / "scripts" / "make_golden.py"
    spec = importlib.util.spec_from_file_location("make_golden", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_golden", module)
    spec.loader.exec_module(module)
    return module


MAKER = _maker()


def test_every_game_and_mode_has_golden_records() -> None:
    names = {path.stem for path in RECORDS}
    assert names == {config[0] for config in MAKER.configurations()}
    games = {json.loads(path.read_text())["record"]["game"] for path in RECORDS}
    assert games == set(default_registry().names())
    for game in default_registry():
        modes = {
            json.loads(path.read_text())["record"]["options"].get("mode")
            for path in RECORDS
            if path.stem.startswith(game.info.name + "-")
        }
        assert modes == {mode.name for mode in game.info.modes}, game.info.name


def _where(record: GameRecord, step: int) -> str:
    if step == 0:
        return "la mise en place"
    move = record.moves[step - 1]
    return f"le coup n° {step} (place {move.seat} : {json.dumps(move.action, ensure_ascii=False)})"


def _differs(expected: str, actual: str, state: State[Any]) -> str:
    labels = ["le spectateur (ou qui doit jouer)", *(f"la place {s}" for s in range(state.players))]
    pairs = zip(expected.split(), actual.split(), strict=False)
    return ", ".join(label for label, (a, b) in zip(labels, pairs, strict=False) if a != b)


def _lexicon_note(golden: dict[str, Any]) -> str:
    if golden.get("lexicon") == MAKER.lexicon_stamp():
        return ""
    return (
        " — le dictionnaire a changé depuis cet enregistrement : refaites-le avec "
        "scripts/make_golden.py sur le code d'avant le remaniement et le nouveau dictionnaire"
    )


@pytest.mark.parametrize("path", RECORDS, ids=[path.stem for path in RECORDS])
def test_golden_record_replays_identically(path: Path) -> None:
    golden = json.loads(path.read_text())
    record = GameRecord.from_json(golden["record"])
    game = default_registry().get(record.game)
    digests: list[str] = golden["digests"]
    assert len(digests) == len(record.moves) + 1, "un condensé par état"
    for step, move in enumerate(record.moves, start=1):
        canonical = game.encode_action(game.decode_action(move.action))
        assert canonical == move.action, f"{path.name}: {_where(record, step)} s'encode autrement"
    state: State[Any] | None = None
    for step, state in enumerate(record.states(game)):
        actual = MAKER.state_digests(state)
        if actual != digests[step]:
            pytest.fail(
                f"{path.name}: après {_where(record, step)}, les vues changent pour "
                f"{_differs(digests[step], actual, state)}{_lexicon_note(golden)}"
            )
    assert state is not None and state.is_over, f"{path.name}: la partie ne finit plus"
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.to_json() == golden["outcome"], f"{path.name}: le résultat change"
