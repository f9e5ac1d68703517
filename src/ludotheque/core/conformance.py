"""Checks that any game must pass, whatever its rules (used by the generic test suite).

Each check raises :class:`ConformanceError` with a message naming the game, the seed and the
step, so a failure can be replayed from its record. They are in the package (not only in the
tests) so that anyone adding a game, or training bots on one, can run them.

>>> from ludotheque.games.encheres import Encheres
>>> record = random_playthrough(Encheres(), players=3, seed=11)
>>> record.replay(Encheres()).is_over
True
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

from .errors import GameOver, IllegalAction, LudoError, MalformedInput, NotYourTurn
from .json_types import JsonObject, JsonValue
from .protocol import Game, Seat, State
from .record import GameRecord
from .rng import Draws, Rng

__all__ = [
    "ConformanceError",
    "check_illegal_actions",
    "check_random_play",
    "check_replay",
    "check_secrecy",
    "json_strings",
    "random_playthrough",
]

AnyGame = Game[Any, Any]
AnyState = State[Any]

MAX_ACTIONS = 100_000


class ConformanceError(AssertionError):
    """A game broke a rule of the protocol."""


def _fail(game: AnyGame, record: GameRecord, step: int, message: str) -> ConformanceError:
    return ConformanceError(
        f"{game.info.name} ({record.players} joueurs, graine {record.seed}, "
        f"options {record.options}) au coup {step}: {message}"
    )


def _chooser(seed: int) -> Draws:
    # A generator for the test driver, distinct from the game's own.
    return Rng.from_seed((seed * 0x9E3779B1 + 12345) % (2**63)).draws()


def random_playthrough(
    game: AnyGame, players: int, seed: int, options: JsonObject | None = None
) -> GameRecord:
    """Play random legal actions to the end; return the record (no checks)."""
    return check_random_play(game, players, seed, options, checks=False)


def check_random_play(
    game: AnyGame,
    players: int,
    seed: int,
    options: JsonObject | None = None,
    *,
    checks: bool = True,
) -> GameRecord:
    """Random legal play to the end, checking the game's invariants after every action.

    Also checks that views are JSON, that every played action survives its JSON encoding, that
    someone must decide until the end, and that the outcome ranks every seat.
    """
    resolved = game.info.resolve_options(players, options)
    state: AnyState = game.new(players, seed, resolved)
    record = GameRecord(game.info.name, players, seed, resolved)
    chooser = _chooser(seed)
    for step in range(MAX_ACTIONS + 1):
        if checks:
            _check_state(game, record, step, state)
        if state.is_over:
            break
        movers = sorted(state.to_move())
        if not movers:
            raise _fail(game, record, step, "personne ne doit jouer mais la partie continue")
        seat = chooser.choice(movers)
        action = state.sample_action(seat, chooser)
        encoded = game.encode_action(action)
        if checks:
            decoded = game.decode_action(json.loads(json.dumps(encoded)))
            if decoded != action:
                raise _fail(game, record, step, f"{action!r} ne survit pas à son encodage JSON")
        state = state.apply(seat, action)
        record = record.with_move(seat, encoded)
    else:
        raise _fail(game, record, MAX_ACTIONS, "la partie ne finit pas")
    return record


def _check_state(game: AnyGame, record: GameRecord, step: int, state: AnyState) -> None:
    problems = state.invariant_violations()
    if problems:
        raise _fail(game, record, step, "invariants violés: " + "; ".join(problems))
    for seat in (None, *range(state.players)):
        try:
            json.dumps(state.view(seat))
        except (TypeError, ValueError) as error:
            raise _fail(
                game, record, step, f"la vue de {seat} n'est pas du JSON: {error}"
            ) from None
    for timer in state.rule_timers():
        if timer.seconds <= 0 or not timer.key:
            raise _fail(game, record, step, f"sablier mal formé : {timer}")
        try:
            state.check(timer.seat, timer.action)
        except LudoError as error:
            raise _fail(
                game, record, step, f"l'action du sablier {timer.key} est refusée : {error}"
            ) from None
    outcome = state.outcome()
    if outcome is not None:
        if state.to_move():
            raise _fail(game, record, step, "partie finie mais des places doivent jouer")
        ranks = outcome.ranks
        mode = record.options.get("mode")
        automata = game.info.mode(mode).automata if isinstance(mode, str) else 0
        places = state.players + automata
        if len(ranks) != state.players or not all(1 <= r <= places for r in ranks):
            raise _fail(game, record, step, f"rangs invalides {ranks}")
        if 1 not in ranks and not automata:
            raise _fail(game, record, step, "personne n'est premier")


def check_replay(game: AnyGame, record: GameRecord) -> None:
    """Replaying gives the same states; the record survives JSON; set-up is deterministic."""
    restored = GameRecord.loads(record.dumps())
    if restored != record:
        raise _fail(game, record, 0, "l'enregistrement ne survit pas à un aller-retour JSON")
    first = list(record.states(game))
    second = list(restored.states(game))
    for step, (a, b) in enumerate(zip(first, second, strict=True)):
        if a != b:
            raise _fail(game, record, step, "deux rejeux donnent des états différents")
        if json.dumps(a.view(None), sort_keys=True) != json.dumps(b.view(None), sort_keys=True):
            raise _fail(game, record, step, "deux rejeux donnent des vues différentes")
    if not first[-1].is_over:
        raise _fail(game, record, len(record.moves), "le rejeu ne mène pas à la fin")


def json_strings(value: JsonValue) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from json_strings(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from json_strings(item)


def check_secrecy(game: AnyGame, record: GameRecord, resamples: int = 3) -> None:
    """No view shows what only another seat may know.

    Three checks at every step: the strings a seat declares secret appear in no other seat's
    view nor a spectator's; for games with hidden information, redrawing everything a seat
    cannot see leaves that seat's view identical (and the redraw does change the state, and
    what some other seat sees, at least once in the game, or the check would prove nothing);
    and the redraw depends on the
    view only: from two states the seat cannot tell apart, the same draws give the same state
    (so bots that search redrawn states cannot learn what they may not see). That the redraw
    must change what other seats see is asked only when some state of the game hides something
    from some seat that another seat sees (:meth:`State.hides_between_seats`): hidden chance
    alone (the order of a face-down pile) is seen by nobody.
    """
    chooser = _chooser(record.seed + 1)
    changed = False
    others_changed = record.players < 2
    any_secret = False
    for step, state in enumerate(record.states(game)):
        views = {seat: state.view(seat) for seat in (None, *range(state.players))}
        for owner in range(state.players):
            secrets = state.secrets(owner)
            if not secrets:
                continue
            for seat, view in views.items():
                if seat == owner:
                    continue
                leaked = secrets.intersection(json_strings(view))
                if leaked:
                    raise _fail(
                        game, record, step, f"la vue de {seat} montre {sorted(leaked)} de {owner}"
                    )
        if not game.info.hidden_information:
            continue
        any_secret = any_secret or state.hides_between_seats()
        for observer in range(state.players):
            expected = json.dumps(views[observer], sort_keys=True)
            for _ in range(resamples):
                other = state.resample_hidden(observer, chooser)
                changed = changed or other != state
                others_changed = others_changed or any(
                    other.view(seat) != views[seat]
                    for seat in range(state.players)
                    if seat != observer
                )
                if json.dumps(other.view(observer), sort_keys=True) != expected:
                    raise _fail(
                        game,
                        record,
                        step,
                        f"la vue de la place {observer} dépend de ce qu'elle ne voit pas",
                    )
            seed = Rng.from_seed(step * 31 + observer)
            if state.resample_hidden(observer, seed.draws()) != other.resample_hidden(
                observer, seed.draws()
            ):
                raise _fail(
                    game,
                    record,
                    step,
                    f"le tirage des cartes cachées pour la place {observer} dépend de ce "
                    "qu'elle ne voit pas",
                )
    if game.info.hidden_information and not changed:
        raise _fail(game, record, 0, "resample_hidden ne change jamais rien")
    if game.info.hidden_information and any_secret and not others_changed:
        raise _fail(
            game, record, 0, "resample_hidden ne change jamais ce que voient les autres places"
        )


def check_illegal_actions(game: AnyGame, record: GameRecord, every: int = 1) -> int:
    """Every illegal action tried is refused with the right error and changes nothing.

    Tries, at every ``every``-th state: actions out of turn, the game's own illegal examples,
    unknown seats, malformed JSON, and any action after the end. Returns how many were tried.
    """
    tried = 0
    for index, malformed in enumerate(game.malformed_examples()):
        try:
            game.decode_action(malformed)
        except MalformedInput:
            tried += 1
        else:
            raise _fail(game, record, 0, f"exemple mal formé n° {index} accepté: {malformed!r}")
    states = list(record.states(game))
    for step, state in enumerate(states):
        if step % every and step != len(states) - 1:
            continue
        movers = sorted(state.to_move())
        attempts: list[tuple[Seat, Any, type[LudoError]]] = []
        for seat in range(state.players):
            if seat in movers:
                attempts += [(seat, a, IllegalAction) for a in game.illegal_examples(state, seat)]
            else:
                for mover in movers[:1]:
                    for action in list(state.legal_actions(mover))[:2]:
                        attempts.append((seat, action, NotYourTurn))
        for mover in movers[:1]:
            for action in list(state.legal_actions(mover))[:1]:
                attempts += [(-1, action, MalformedInput), (state.players, action, MalformedInput)]
        if state.is_over and len(states) > 1:
            previous = states[-2]
            for seat in sorted(previous.to_move()):
                attempts += [(seat, a, GameOver) for a in list(previous.legal_actions(seat))[:2]]
        for seat, action, expected in attempts:
            _expect_refusal(game, record, step, state, seat, action, expected)
            tried += 1
    return tried


def _expect_refusal(
    game: AnyGame,
    record: GameRecord,
    step: int,
    state: AnyState,
    seat: Seat,
    action: Any,
    expected: type[LudoError],
) -> None:
    before = copy.deepcopy(state)
    before_view = json.dumps(state.view(None), sort_keys=True)
    try:
        state.apply(seat, action)
    except LudoError as error:
        if not isinstance(error, expected):
            raise _fail(
                game,
                record,
                step,
                f"{action!r} par {seat}: {type(error).__name__} au lieu de {expected.__name__}",
            ) from None
        if not error.message:
            raise _fail(game, record, step, f"{action!r} refusé sans message") from None
    else:
        raise _fail(game, record, step, f"{action!r} par la place {seat} accepté à tort")
    if state != before or json.dumps(state.view(None), sort_keys=True) != before_view:
        raise _fail(game, record, step, f"le refus de {action!r} a modifié l'état")
