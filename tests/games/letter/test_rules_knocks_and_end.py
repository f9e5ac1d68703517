"""Knocking (D16), the hourglass (D17) and the end of the game (D18)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludotheque.core.errors import IllegalAction
from ludotheque.games.letter.actions import Claim, FreeLetter, Knock, NoKnock, Pass, Timeout
from ludotheque.games.letter.state import KNOCK_SECONDS, LetterState

from .helpers import arrange, new, no_knocks, tile, turn, words_of


def board_with_words(players: int = 4, **options) -> tuple[LetterState, dict[str, str]]:
    """M A O U R on the board (the rulebook's first tiles and U): many words left to find."""
    state = new(players, **options)
    ids = {
        "M": tile(state, "M", "2x1"),
        "A": tile(state, "A", "1x3"),
        "O": tile(state, "O", "1x1"),
        "R": tile(state, "R", "2x1"),
        "U": tile(state, "U", "3x3"),
        "E": tile(state, "E", "1x3"),
        "T": tile(state, "T", "3x1"),
    }
    board = [(ids["M"], "c3"), (ids["A"], "c4"), (ids["O"], "e3"), (ids["R"], "f7")]
    hands = {0: [ids["U"]], 1: [ids["E"], tile(state, "N")], 2: [ids["T"], tile(state, "S")]}
    if players > 3:
        hands[3] = [tile(state, "I")]
    state = arrange(state, board=board, hands=hands)
    return state, ids


def claim(ids: dict[str, str], word: str) -> Claim:
    return Claim(tuple(ids[letter] for letter in word))


def after_u(players: int = 4, **options) -> tuple[LetterState, dict[str, str]]:
    state, ids = board_with_words(players, **options)
    return state.apply(0, turn((ids["U"], "d4"), words=[claim(ids, "OU").path])), ids


def test_d16_after_each_turn_the_others_may_knock_at_once():
    state, _ = after_u()
    assert state.phase == "frappe" and state.to_move() == {1, 2, 3}
    for seat in (1, 2, 3):
        state = state.apply(seat, NoKnock())
    assert state.phase == "jeu" and state.to_move() == {1}


def test_d16_a_successful_knock_notes_the_words_and_takes_the_turn():
    state, ids = after_u()
    state = state.apply(1, NoKnock()).apply(3, NoKnock())
    state = state.apply(2, Knock((claim(ids, "AMOUR"), claim(ids, "MA"))))
    assert words_of(state, 2) == ["AMOUR", "MA"]
    # « Le dernier frappeur couronné de succès continue la partie »: seat 2 plays now, and
    # the order goes on from it (seat 1 is skipped this time).
    assert state.phase == "jeu" and state.to_move() == {2}
    assert state.knocks[-1].winner == 2 and state.knocks[-1].dice == ((2, ()),)
    state = no_knocks(state.apply(2, FreeLetter(ids["T"])))
    assert state.to_move() == {3}


def test_d16_several_knocks_the_highest_die_plays_the_others_lapse():
    orders = set()
    for seed in range(8):
        state, ids = after_u(seed=seed)
        state = state.apply(1, Knock((claim(ids, "AMOUR"),)))
        state = state.apply(2, Knock((claim(ids, "MUR"),)))
        state = state.apply(3, Knock((claim(ids, "AU"), claim(ids, "MOU"))))
        result = state.knocks[-1]
        rolls = dict(result.dice)
        assert list(result.order) == sorted((1, 2, 3), key=lambda s: rolls[s], reverse=True)
        assert all(1 <= r <= 6 for r in rolls[1] + rolls[2] + rolls[3])
        winner = result.order[0]
        assert result.winner == winner and result.lapsed == result.order[1:]
        assert state.to_move() == {winner}
        for seat in (1, 2, 3):
            assert bool(state.sheets[seat]) == (seat == winner)  # lapsed: nothing noted
        orders.add(result.order)
        view = state.view(None)["derniere_frappe"]
        assert view["gagnant"] == winner and len(view["frappes"]) == 3
    assert len(orders) > 1  # the dice decide


def test_d16_an_invalid_knock_is_refused_by_default():
    state, ids = after_u()
    with pytest.raises(IllegalAction, match="pas un mot admis"):
        state.apply(1, Knock((claim(ids, "UOM"),)))
    with pytest.raises(IllegalAction, match="pas nouveau"):
        state.apply(1, Knock((claim(ids, "OU"),)))  # seat 0 noted it
    with pytest.raises(IllegalAction):
        state.apply(0, Knock((claim(ids, "MA"),)))  # the player who just played


def test_d16_a_failed_knock_costs_a_letter_and_changes_nothing_else():
    state, ids = after_u(erreurs="penalite")
    n = state.hands[1][1]
    state = state.apply(1, Knock((claim(ids, "UOM"),)))  # accepted, judged when all decided
    state = state.apply(2, NoKnock()).apply(3, NoKnock())
    result = state.knocks[-1]
    assert result.winner is None and result.failed == ((1, n),)  # N 1x1: smaller than E 1x3
    assert n in state.free and n not in state.hands[1] and state.sheets[1] == ()
    assert state.to_move() == {1}  # « l'ordre de jeu n'est pas modifié »


def test_d16_a_failed_knock_then_a_successful_one():
    for seed in range(12):
        state, ids = after_u(seed=seed, erreurs="penalite")
        state = state.apply(1, Knock((claim(ids, "UOM"),)))
        state = state.apply(2, Knock((claim(ids, "MUR"),))).apply(3, NoKnock())
        result = state.knocks[-1]
        if result.order[0] == 1:  # seat 1 speaks first and fails, seat 2 then succeeds
            assert [seat for seat, _ in result.failed] == [1] and result.winner == 2
            assert state.to_move() == {2}
            return
    pytest.fail("no seed where the failing knock came first")


def test_d16_the_knock_window_can_be_switched_off():
    state, _ = after_u(frapper=False)
    assert state.phase == "jeu" and state.to_move() == {1}


def test_d16_the_knock_window_closes_by_itself():
    """« On peut frapper une fois que le sablier d'un autre joueur est écoulé » — and not
    forever: each seat still silent has ``frappe_secondes`` (8 by default), then lets it pass."""
    state, _ = after_u()
    timers = state.rule_timers()
    assert [(t.seat, t.seconds, t.action) for t in timers] == [
        (1, KNOCK_SECONDS, NoKnock()),
        (2, KNOCK_SECONDS, NoKnock()),
        (3, KNOCK_SECONDS, NoKnock()),
    ]
    assert len({t.key for t in timers}) == 3
    assert state.view(1)["frappe"]["secondes"] == KNOCK_SECONDS
    assert state.view(None)["sablier"] is None  # the window is not the 30 s hourglass
    # A seat that decided has no timer left; the others' keep running (same keys).
    decided = state.apply(2, NoKnock())
    assert [t.seat for t in decided.rule_timers()] == [1, 3]
    assert {t.key for t in decided.rule_timers()} < {t.key for t in timers}
    # The timers' actions close the window: the game goes on as after « pas de frappe ».
    for timer in decided.rule_timers():
        decided = decided.apply(timer.seat, timer.action)
    assert decided.phase == "jeu" and decided.to_move() == {1} and decided.rule_timers() == ()
    # The next window is a new run of the timers (new keys).
    later, _ = after_u()
    later = no_knocks(later).apply(1, FreeLetter(later.letters_of(1)[0]))
    assert later.phase == "frappe"
    assert {t.key for t in later.rule_timers()}.isdisjoint({t.key for t in timers})


def test_d16_the_knock_window_length_is_an_option():
    state, _ = after_u(frappe_secondes=3)
    assert {t.seconds for t in state.rule_timers()} == {3}
    waiting, _ = after_u(frappe_secondes=0)  # 0: the window waits for everybody
    assert waiting.phase == "frappe" and waiting.rule_timers() == ()
    assert waiting.view(1)["frappe"]["secondes"] is None


def test_d16_a_knocker_who_has_not_played_the_first_round_places_anywhere():
    state, ids = board_with_words()
    state = replace(state, first_done=(True, True, False, True))
    state = state.apply(0, turn((ids["U"], "d4"), words=[claim(ids, "OU").path]))
    state = state.apply(1, NoKnock()).apply(3, NoKnock()).apply(2, Knock((claim(ids, "MA"),)))
    far = state.apply(2, turn((ids["T"], "p15")))  # its first-round turn: no contact needed
    assert ids["T"] in far.board


def test_d17_the_hourglass_deadline_and_a_timeout():
    state, ids = board_with_words(sablier=True)
    assert state.view(None)["sablier"] == {"place": 0, "secondes": 30}
    (timer,) = state.rule_timers()
    assert (timer.seat, timer.seconds, timer.action) == (0, 30, Timeout())
    after = state.apply(0, Timeout())
    # the knock window's own timers (D16), not an hourglass
    assert {t.action for t in after.rule_timers()} == {NoKnock()}
    assert ids["U"] in after.free and after.hands[0] == ()  # its only letter goes free
    assert "Temps écoulé" in after.events[-1]
    assert after.phase == "frappe" and after.view(None)["sablier"] is None
    after = no_knocks(after)
    assert after.view(None)["sablier"] == {"place": 1, "secondes": 30}
    (next_timer,) = after.rule_timers()
    assert next_timer.seat == 1 and next_timer.key != timer.key  # turned over in full
    plain, _ = board_with_words()
    with pytest.raises(IllegalAction, match="sans sablier"):
        plain.apply(0, Timeout())
    assert plain.rule_timers() == ()


def test_d18_the_game_ends_after_a_whole_round_without_a_new_word():
    state, ids = board_with_words(players=3, frapper=False)
    state = arrange(state, board=[(ids["M"], "c3"), (ids["A"], "c4")], hands={0: [], 1: [], 2: []})
    assert state.to_move() == {0}
    state = state.apply(0, Pass())
    state = state.apply(1, Pass())
    assert state.dry == 2 and state.outcome() is None
    state = state.apply(2, Pass())
    assert state.phase == "fin" and state.outcome() is not None and state.to_move() == frozenset()


def test_d18_a_new_word_or_a_knock_starts_the_count_again():
    state, ids = board_with_words(players=3)
    state = no_knocks(state.apply(0, FreeLetter(ids["U"])))
    assert state.dry == 1
    state = state.apply(1, FreeLetter(ids["E"]))
    state = state.apply(0, Knock((claim(ids, "MA"),))).apply(2, NoKnock())
    assert state.dry == 0 and state.to_move() == {0}


def test_d18_the_first_round_does_not_count():
    state, ids = board_with_words(players=2, frapper=False)
    state = arrange(
        state,
        board=[],
        hands={0: [ids["M"], tile(state, "V")], 1: [ids["O"], tile(state, "H")]},
        first_done=False,
    )
    state = state.apply(0, turn((ids["M"], "a1")))
    assert state.dry == 0
    state = state.apply(1, turn((ids["O"], "k11")))
    assert state.dry == 0 and state.phase == "jeu"  # the last first turn does not count either
    state = state.apply(0, FreeLetter(tile(state, "V")))
    assert state.dry == 1 and state.phase == "jeu"
    state = state.apply(1, FreeLetter(tile(state, "H")))
    assert state.dry == 2 and state.phase == "fin"  # a whole round after the first one
