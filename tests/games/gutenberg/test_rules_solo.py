"""Solo against « la Rotative »: each rule of the SOLO section, and the rulebook's example."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludotheque.core.errors import IllegalAction
from ludotheque.games.gutenberg.actions import Pick, Play, Shelve, Write
from ludotheque.games.gutenberg.state import SOLO_PACKETS

from .helpers import card, cards, new, relocate, write


def test_setup_one_letter_one_vowel_and_five_packets():
    state = new(1)
    kinds = [state.catalog.card(c).kind for c in state.commons]
    assert kinds == ["lettre", "voyelle"]
    assert tuple(len(p) for p in state.packets) == SOLO_PACKETS
    assert state.open_challenges == ()  # « rangez les cartes Défi dans la boîte »


def test_draft_keeps_one_and_puts_the_rest_under_the_letter_deck():
    state = new(1)
    packet = state.packets[0]
    after = state.apply(0, Pick(packet[2]))
    assert after.drafted[0] == (packet[2],)
    assert after.letter_deck[-4:] == tuple(c for c in packet if c != packet[2])
    assert tuple(len(p) for p in after.packets) == (4, 3, 2, 1)
    for _ in range(3):
        after = after.apply(0, Pick(after.packets[0][0]))
    # « finalement prenez la carte restante du dernier paquet »
    assert after.phase == "write" and len(after.drafted[0]) == 5


def coment_above_jouer():
    state = new(1, seed=3)
    row = cards(state, "COMENT")
    jouer: tuple[str, ...] = ()
    for letter in "JOUER":
        jouer += (card(state, letter, avoid=row + jouer),)
    spare = card(state, "A", avoid=row + jouer)
    state = relocate(state, row=row, drafted=(jouer,), commons=(spare,), packets=())
    return replace(state, round=2, phase="write"), row, jouer, spare


def test_rulebook_example_coment_above_jouer():
    state, row, jouer, spare = coment_above_jouer()
    points = [state.catalog.card(c).points for c in row]
    assert points == [3, 1, 3, 1, 2, 2]  # C O M E N T, as printed
    assert [state.catalog.card(c).points for c in jouer] == [6, 1, 2, 1, 3]
    after = state.apply(0, write("JOUER", jouer, offset=0))
    c, o, m, e, n, t = row
    # « La lettre C et la lettre N ... La lettre O et la lettre E ... je les ajoute »
    assert set(after.collections[0]) == {c, o, e, n}
    # « la lettre M ... je la mets sous le paquet » ; « la lettre T n'a aucune carte »
    assert after.letter_deck[-2:] == (m, t)
    assert after.row == jouer  # « Le mot ... reste sur la table »
    assert after.library == (spare,)  # the unused common card
    assert after.words[0].score == 13
    # 13 points or more: the library card chosen goes to the collection.
    final = after.apply(0, Shelve(spare))
    assert spare in final.collections[0]
    assert final.round == 3


def test_offset_chooses_which_cards_face_each_other():
    state, row, jouer, _ = coment_above_jouer()
    # One column to the right: J under O, O under M, U under E, E under N, R under T.
    after = state.apply(0, write("JOUER", jouer, offset=1))
    c, o, m, e, n, t = row
    assert set(after.collections[0]) == {o, e, t}
    assert set(after.letter_deck[-3:]) == {c, m, n}


def test_offset_must_put_a_card_under_the_previous_word():
    state, _, jouer, _ = coment_above_jouer()
    assert list(state.offsets(5)) == list(range(-4, 6))
    with pytest.raises(IllegalAction, match="décalage"):
        state.apply(0, write("JOUER", jouer, offset=6))
    with pytest.raises(IllegalAction, match="décalage"):
        state.apply(0, write("JOUER", jouer, offset=-5))


def test_twelve_points_or_less_sends_the_library_card_under_its_deck():
    state, _, jouer, spare = coment_above_jouer()
    j, o, u, e, r = jouer
    after = state.apply(0, write("JOUR", (j, o, u, r), offset=0))
    assert after.words[0].score == 12
    assert set(after.library) == {e, spare}
    final = after.apply(0, Shelve(spare))
    assert spare not in final.collections[0]
    assert spare not in final.library
    assert spare in final.letter_deck  # back under the Letter deck (then shuffled)


def test_no_word_sends_the_whole_row_back_and_everything_to_the_library():
    state, row, jouer, spare = coment_above_jouer()
    after = state.apply(0, Write())
    assert after.collections[0] == ()
    assert set(row) <= set(after.letter_deck) | set(after.vowel_deck)
    assert set(after.library) == {*jouer, spare}
    assert after.row == ()


def round_five(difficulty: str = "normal"):
    state = new(1, seed=5, difficulte=difficulty)
    collection = cards(state, "CHATSUR")
    library = cards(state, "BIEN")
    library = tuple(card(state, x, avoid=collection + library[:i]) for i, x in enumerate("BIEN"))
    state = relocate(state, collections=(collection,), library=library, packets=(), commons=())
    return replace(state, round=5, phase="write"), collection, library


def test_round_five_against_the_library_total():
    state, collection, library = round_five()
    rotative = state.catalog.points(library)
    chat = collection[:4]
    after = state.apply(0, write("CHAT", chat))
    score = after.words[0].score
    assert after.is_over
    assert after.outcome().ranks == ((1,) if score > rotative else (2,))
    assert set(after.collections[0]) == set(collection)  # unused cards stay in the collection


def test_round_five_has_no_common_cards():
    state = new(1, seed=2)
    state = replace(state, round=4)
    fifth = state.start_round(5)
    assert fifth.commons == () and fifth.phase == "write"


def test_easy_mode_adds_several_words_each_card_once():
    state, collection, _ = round_five("facile")
    c, h, a, t, s, u, r = collection
    after = state.apply(0, Write((Play("CHAT", (c, h, a, t)), Play("SUR", (s, u, r)))))
    assert after.words[0].score == state.catalog.points(collection)
    with pytest.raises(IllegalAction, match="deux fois"):
        state.apply(0, Write((Play("CHAT", (c, h, a, t)), Play("TU", (t, u)))))
    normal, *_ = round_five("normal")
    with pytest.raises(IllegalAction, match="Un seul mot"):
        normal.apply(0, Write((Play("CHAT", (c, h, a, t)), Play("SUR", (s, u, r)))))


def test_hard_mode_puts_unused_cards_in_the_library():
    state, collection, library = round_five("difficile")
    after = state.apply(0, write("CHAT", collection[:4]))
    assert set(after.library) == set(library) | set(collection[4:])
    rotative = state.catalog.points(after.library)
    assert after.outcome().ranks == ((1,) if after.words[0].score > rotative else (2,))
