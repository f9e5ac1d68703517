"""After each round a seat's view holds the best word its own cards could have written.

The terminal shows it (``cli/games/gutenberg_render.py``, :func:`best_words`); the web page reads it
from the view (``meilleurs``). Only what the rules reveal: during rounds 1–4 a seat's unused
drafted cards go face down (« placez les cartes inutilisées sous le paquet Lettre »), so each
seat sees its own best word only; at the end every collection is shown, and every best word.
"""

from __future__ import annotations

import json
from dataclasses import replace

from ludotheque.games.gutenberg.actions import Claim, Pick, Write
from ludotheque.games.gutenberg.state import GutenbergState
from ludotheque.games.gutenberg.wordfinder import best_words

from .helpers import card, new, relocate, write


def writing_state() -> tuple[GutenbergState, tuple[str, ...], tuple[str, ...]]:
    """Two seats at the writing phase of round 1: TRAINS for seat 0, BOLU for seat 1."""
    state = new(2)
    mine: tuple[str, ...] = ()
    for letter in "TRAINS":
        mine += (card(state, letter, avoid=mine),)
    theirs: tuple[str, ...] = ()
    for letter in "BOLU":
        theirs += (card(state, letter, avoid=mine + theirs),)
    state = relocate(state, drafted=(mine, theirs), commons=(), packets=())
    return replace(state, phase="write", picks=(None, None)), mine, theirs


def best_of(state: GutenbergState, ids: tuple[str, ...]) -> str:
    return best_words(state.catalog.cards(ids), top=1, words=state.lexicon.words)[0].word


def test_after_the_reveal_each_seat_sees_the_best_word_of_its_own_cards_only():
    state, mine, theirs = writing_state()
    state = state.apply(0, write("RAT", (mine[1], mine[2], mine[0])))
    assert state.view(0)["meilleurs"] is None  # not before the reveal
    state = state.apply(1, Write())
    assert state.phase == "claim"

    mine_view, their_view, spectator = state.view(0), state.view(1), state.view(None)
    best = mine_view["meilleurs"][0]
    assert best["mot"] == best_of(state, mine)
    assert best["score"] > 3 + 3 + 1  # better than RAT
    assert "".join(c["lettres"] for c in best["cartes"]) == best["mot"]  # no double letter
    assert all("id" not in c for c in best["cartes"])  # where each card went is not told
    assert mine_view["meilleurs"][1] is None
    assert their_view["meilleurs"][0] is None
    assert their_view["meilleurs"][1]["mot"] == best_of(state, theirs)
    assert spectator["meilleurs"] == [None, None]
    # Seat 0's unused cards went face down under the deck: the others never see them.
    unused = set(mine[3:])  # I, N, S: not in RAT
    for other in (their_view, spectator):
        text = json.dumps(other)
        assert [c for c in unused if f'"{c}"' in text] == []


def test_the_best_word_stays_in_the_round_history_for_its_owner():
    state, mine, _theirs = writing_state()
    state = state.apply(0, write("RAT", (mine[1], mine[2], mine[0])))
    state = state.apply(1, Write())
    while state.phase == "claim":
        seat = next(iter(state.to_move()))
        state = state.apply(seat, Claim(state.pool[: state.quota(seat)]))
    assert state.round == 2
    entry = state.view(0)["historique"][0]
    assert entry["meilleurs"][0]["mot"] == best_of(state, mine)
    assert entry["meilleurs"][1] is None
    assert state.view(1)["historique"][0]["meilleurs"][0] is None
    assert state.view(0)["meilleurs"] is None  # the new round is not revealed yet


def test_a_hand_that_spells_nothing_says_so():
    state = new(2)
    mine = (card(state, "K"), card(state, "W"))
    theirs = (card(state, "B"), card(state, "L"))
    state = relocate(state, drafted=(mine, theirs), commons=(), packets=())
    state = replace(state, phase="write", picks=(None, None))
    state = state.apply(0, Write()).apply(1, Write())
    assert state.round == 2  # nobody wrote: nothing to claim, the round is over
    entry = state.view(0)["historique"][0]
    assert entry["meilleurs"][0] == {"mot": None, "score": 0, "cartes": []}


def test_at_the_end_every_seat_sees_every_best_word():
    state = new(2, seed=3)
    while not state.is_over:
        seat = min(state.to_move())
        if state.phase == "write":
            state = state.apply(seat, Write())
        elif state.phase == "draft":
            state = state.apply(seat, Pick(state.current_packet(seat)[0]))
        else:
            state = state.apply(seat, state.legal_actions(seat)[0])
    hands = [state.collections[s] + state.commons for s in range(2)]
    for viewer in (0, 1, None):
        best = state.view(viewer)["meilleurs"]
        assert [b["mot"] for b in best] == [best_of(state, h) for h in hands]
        assert state.view(viewer)["historique"][-1]["meilleurs"] == best


def test_solo_shows_the_best_word_after_each_round():
    state = new(1)
    while state.phase == "draft":
        state = state.apply(0, Pick(state.current_packet(0)[0]))
    hand = state.hand(0)
    state = state.apply(0, Write())
    assert state.view(0)["meilleurs"][0]["mot"] == best_of(state, hand)
