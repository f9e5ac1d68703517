"""Multiplayer Gutenberg: each rule of the rulebook's four steps, five rounds and the end."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludotheque.core.errors import IllegalAction, MalformedInput, NotYourTurn
from ludotheque.games.gutenberg.actions import Claim, Pick, Play, Write
from ludotheque.games.gutenberg.state import GutenbergState, claim_quota

from .helpers import GAME, card, cards, new, relocate, write


def test_deal_two_letters_one_vowel_three_challenges_five_cards_each():
    state = new(4)
    kinds = [state.catalog.card(c).kind for c in state.commons]
    assert kinds == ["lettre", "lettre", "voyelle"]
    assert len(state.open_challenges) == 3
    assert [len(p) for p in state.packets] == [5, 5, 5, 5]
    assert state.to_move() == frozenset(range(4))  # everybody drafts at once


def test_draft_passes_left_and_adds_the_last_card():
    state = new(3)
    before = state.packets
    picks = [before[s][0] for s in range(3)]
    for seat in range(3):
        state = state.apply(seat, Pick(picks[seat]))
    # « passez les quatre cartes restantes au joueur situé à votre gauche »: seat s → s + 1.
    for seat in range(3):
        assert state.packets[(seat + 1) % 3] == before[seat][1:]
        assert state.drafted[seat] == (picks[seat],)
    while state.phase == "draft":
        for seat in range(3):
            state = state.apply(seat, Pick(state.packets[seat][0]))
    # « Continuez jusqu'à ce que l'on vous passe une seule carte. Ajoutez cette carte »
    assert [len(d) for d in state.drafted] == [5, 5, 5]
    assert state.phase == "write"


def test_a_pick_is_secret_until_everybody_has_picked():
    state = new(2)
    after = state.apply(0, Pick(state.packets[0][0]))
    assert after.view(1)["a_choisi"] == [True, False]
    assert state.packets[0][0] not in str(after.view(1))
    with pytest.raises(NotYourTurn):
        after.apply(0, Pick(after.packets[0][1]))


def writing(players: int, hands: list[str], seed: int = 1) -> tuple[GutenbergState, list[tuple]]:
    """A write-phase state where seat i holds one card per letter of hands[i], no commons."""
    state = new(players, seed)
    drafted: list[tuple[str, ...]] = []
    used: tuple[str, ...] = ()
    for letters in hands:
        mine: tuple[str, ...] = ()
        for letter in letters:
            mine += (card(state, letter, avoid=used + mine),)
        drafted.append(mine)
        used += mine
    state = relocate(state, drafted=tuple(drafted), commons=(), packets=())
    return replace(state, phase="write", picks=(None,) * players), drafted


def test_double_letters_and_each_card_once():
    state, (hand, _) = writing(2, ["LETR", "AB"])
    l_, e, t, r = hand
    state = relocate(state, drafted=((l_, e, t, r, card(state, "E", avoid=hand)), state.drafted[1]))
    l_, e, t, r, e2 = state.drafted[0]
    # « vous pouvez écrire le mot « lettre » avec les cartes L, E, T, R et E »
    after = state.apply(0, write("LETTRE", (l_, e, t, r, e2)))
    assert after.writes[0] is not None
    # « vous ne pouvez pas écrire le mot « texte » avec seulement les cartes T, E et X »
    state2, (hand2, _) = writing(2, ["TEX", "AB"])
    with pytest.raises(IllegalAction):
        state2.apply(0, write("TEXTE", hand2 + hand2[:2]))
    with pytest.raises(IllegalAction, match="n'écrivent pas"):
        state2.apply(0, write("TEXTE", hand2))


def test_the_qu_card_as_q_or_qu():
    state, (hand, _) = writing(2, ["CO", "AB"])
    c, o = hand
    qu = card(state, "QU")
    state = relocate(state, drafted=((c, o, qu, card(state, "I", avoid=hand)), state.drafted[1]))
    c, o, qu, i = state.drafted[0]
    state.check(0, write("COQ", (c, o, qu)))  # QU as a plain Q
    state.check(0, write("QUOI", (qu, o, i)))  # QU as QU


def test_words_must_be_in_the_dictionary_without_proper_nouns():
    state, (hand, _) = writing(2, ["TOULOUSE", "LCI"])
    with pytest.raises(IllegalAction, match="dictionnaire"):
        state.apply(0, write("TOULOUSE", hand))
    with pytest.raises(IllegalAction, match="dictionnaire"):
        state.apply(1, write("LCI", state.drafted[1]))


def test_one_letter_words_of_the_dictionary_are_words():
    """« Les noms propres et les abréviations ne sont pas autorisés. Sinon, un mot est valide
    tant qu'il figure dans le dictionnaire »: A (« il a », « à ») and Y are words; the names
    of letters (« un b ») are not (docs/rules/gutenberg.md)."""
    state, (hand, other) = writing(2, ["AB", "YZ"])
    a, b = hand
    after = state.apply(0, write("A", (a,)))
    assert after.writes[0] is not None and after.writes[0].plays[0].word == "A"
    after = after.apply(1, write("Y", other[:1]))
    assert after.writes[1] is not None and after.writes[1].plays[0].word == "Y"
    with pytest.raises(IllegalAction, match="dictionnaire"):
        state.apply(0, write("B", (b,)))


def test_common_cards_serve_everybody_and_score_for_everybody():
    state, (hand0, hand1) = writing(2, ["R", "V"])
    a, s = card(state, "A", avoid=hand0 + hand1), card(state, "S", avoid=hand0 + hand1)
    state = relocate(state, commons=(a, s))
    state = state.apply(0, write("RAS", (hand0[0], a, s)))
    state = state.apply(1, write("VAS", (hand1[0], a, s)))
    points = state.catalog.points
    assert [w.score for w in state.words] == [points((hand0[0], a, s)), points((hand1[0], a, s))]


def test_score_counts_a_doubled_card_once():
    state, (hand, other) = writing(2, ["CASE", "RAT"])
    c, a, s, e = hand
    state = state.apply(0, write("CASSE", (c, a, s, e)))
    state = state.apply(1, write("RAT", other))
    assert state.words[0].score == state.catalog.points(hand)
    assert state.words[0].letters == 5


def test_ranking_by_score_then_highest_card():
    # VAS: 4+1+2 = 7, top 4 ; DATE: 3+1+2+1 = 7, top 3.
    state, (vas, date) = writing(2, ["VAS", "DATE"])
    state = state.apply(1, write("DATE", date)).apply(0, write("VAS", vas))
    assert state.words[0].score == state.words[1].score
    assert state.words[0].top > state.words[1].top
    assert state.ranking == (0, 1)


def test_ranking_then_longest_word_in_letters():
    # CASE and CASSE: same cards, same score and top card; CASSE has more letters.
    state, (case1, case2) = writing(2, ["CASE", "CASE"])
    state = state.apply(0, write("CASE", case1)).apply(1, write("CASSE", case2))
    assert state.ranking == (1, 0)


def test_ranking_then_a_draw_nearest_to_a_and_cards_under_the_deck():
    state, (case1, case2) = writing(2, ["CASE", "CASE"])
    b, a = card(state, "B"), card(state, "A", avoid=case1 + case2)
    rest = tuple(c for c in state.letter_deck if c not in (a, b))
    state = relocate(state, letter_deck=(b, a, *rest))
    state = state.apply(0, write("CASE", case1)).apply(1, write("CASE", case2))
    # Seat 0 draws B, seat 1 draws A: « la lettre la plus proche du début de l'alphabet »
    assert state.ranking == (1, 0)
    assert state.letter_deck[-2:] == (b, a)  # « au-dessous du paquet »


def test_no_word_scores_zero_ranks_last_and_still_claims():
    state, (hand0, hand1, hand2) = writing(3, ["RAT", "XKW", "VAS"])
    state = state.apply(1, Write()).apply(0, write("RAT", hand0)).apply(2, write("VAS", hand2))
    assert state.words[1] is None
    assert state.ranking[-1] == 1
    assert state.phase == "claim"
    # unused drafted cards go under the Letter deck: all of seat 1's
    assert set(hand1) <= set(state.letter_deck)


@pytest.mark.parametrize(
    ("players", "quotas"),
    [(2, [2, 1]), (3, [2, 2, 1]), (4, [2, 2, 1, 1]), (5, [2, 2, 2, 1, 1]), (6, [2, 2, 2, 1, 1, 1])],
)
def test_claim_quotas_by_player_count(players, quotas):
    assert [claim_quota(players, i) for i in range(players)] == quotas


def claiming(players: int = 2):
    hands = ["VAS", "DATE", "RIEN", "LOUP", "MOT", "FIL"][:players]
    state, drafted = writing(players, hands)
    words = ["VAS", "DATE", "RIEN", "LOUP", "MOT", "FIL"]
    for seat in range(players):
        state = state.apply(seat, write(words[seat], drafted[seat]))
    return state, drafted


def test_claims_in_ranking_order_from_the_letters_in_play():
    state, (vas, date) = claiming(2)
    assert state.to_move() == frozenset({state.ranking[0]})
    first = state.ranking[0]
    assert set(state.pool) == set(vas) | set(date)
    with pytest.raises(IllegalAction, match="2 lettres"):
        state.apply(first, Claim(state.pool[:1]))
    with pytest.raises(IllegalAction, match="pas parmi"):
        state.apply(first, Claim((state.letter_deck[0], state.pool[0])))
    after = state.apply(first, Claim(state.pool[:2]))
    assert after.collections[first] == state.pool[:2]
    assert after.to_move() == frozenset({state.ranking[1]})


def test_unclaimed_cards_go_under_their_decks_and_a_new_round_starts():
    state, _ = claiming(2)
    first, second = state.ranking
    state = state.apply(first, Claim(state.pool[:2]))
    left = state.pool[1:]
    state = state.apply(second, Claim(state.pool[:1]))
    assert state.round == 2 and state.phase == "draft"
    # they were put under the deck, then the deck was shuffled for the new deal
    for cid in left:
        assert any(
            cid in loc
            for loc in (state.letter_deck, state.vowel_deck, state.commons, *state.packets)
        )
    assert [len(c) for c in state.collections] == [2, 1] if first == 0 else [1, 2]


def open_challenge(
    state: GutenbergState, condition: str, reward: str
) -> tuple[GutenbergState, str]:
    for cid, challenge in state.catalog.challenges.items():
        if challenge.condition.notation.startswith(condition) and challenge.reward.kind == reward:
            return relocate(state, open_challenges=(cid,)), cid
    raise LookupError((condition, reward))


def test_a_challenge_is_claimed_with_the_letters_and_gives_its_reward():
    state, _ = claiming(2)
    state, cid = open_challenge(state, "plus_court", "pioche_voyelle")
    vas_seat = 0  # VAS (3 letters) is the shortest word of the round
    assert cid in state.claimable_challenges(vas_seat)
    assert cid not in state.claimable_challenges(1)
    first = state.ranking[0]
    top_vowel = state.vowel_deck[0]
    claim = Claim(state.pool[: state.quota(first)], cid)
    after = state.apply(first, claim)
    assert top_vowel in after.collections[0]
    assert cid not in after.collections[0]
    assert after.challenge_deck[-1] == cid  # « Sinon, replacez-la face cachée sous le paquet Défi »


def test_a_challenge_whose_condition_is_not_met_is_refused():
    state, _ = claiming(2)
    state, cid = open_challenge(state, "lettres_min 8", "lettre_en_plus")
    with pytest.raises(IllegalAction, match="conditions"):
        state.apply(state.ranking[0], Claim(state.pool[:2], cid))


def test_collection_and_extra_letter_rewards():
    state, _ = claiming(2)
    state, cid = open_challenge(state, "plus_court", "collection")
    first = state.ranking[0]
    after = state.apply(first, Claim(state.pool[:2], cid))
    assert cid in after.collections[first]
    state, (chanter, rat) = writing(2, ["CHANTER", "RAT"])
    state = state.apply(0, write("CHANTER", chanter)).apply(1, write("RAT", rat))
    state, extra = open_challenge(state, "lettres_min 7", "lettre_en_plus")
    assert state.ranking[0] == 0 and extra in state.claimable_challenges(0)
    assert state.quota(0, extra) == state.quota(0) + 1 == 3
    after = state.apply(0, Claim(state.pool[:3], extra))
    assert len(after.collections[0]) == 3


def test_round_five_writes_with_the_collection_and_the_commons():
    state = new(2, seed=4)
    coll0 = cards(state, "CHAT")
    coll1 = tuple(card(state, x, avoid=coll0) for x in "RIZ")
    state = relocate(state, collections=(coll0, coll1), packets=(), drafted=((), ()))
    state = replace(state, round=4).start_round(5)
    assert state.phase == "write" and len(state.commons) == 3 and state.open_challenges == ()
    state.check(0, write("CHAT", coll0))
    with pytest.raises(IllegalAction, match="disposition"):
        state.check(1, write("CHAT", coll0))


def final(words: list[str], collections: list[str], extra: list[str]):
    """Round 5 with the given words, each collection = word cards + extra letters."""
    state = new(len(words), seed=6)
    colls: list[tuple[str, ...]] = []
    used: tuple[str, ...] = ()
    for word, more in zip(collections, extra, strict=True):
        mine: tuple[str, ...] = ()
        for letter in word + more:
            mine += (card(state, letter, avoid=used + mine),)
        colls.append(mine)
        used += mine
    state = relocate(
        state, collections=tuple(colls), packets=(), drafted=((),) * len(words), commons=()
    )
    state = replace(state, round=5, phase="write", commons=())
    for seat, word in enumerate(words):
        n = len(collections[seat])
        state = state.apply(seat, write(word, colls[seat][:n]) if word else Write())
    return state


def test_the_best_fifth_word_wins():
    state = final(["VAS", "RAT"], ["VAS", "RAT"], ["", ""])
    assert state.is_over
    assert [w.score for w in state.words] == [7, 6]
    assert state.outcome().ranks == (1, 2)
    assert state.view(None)["resultat"]["gagnants"] == [0]


def test_tie_broken_by_collection_points_then_shared():
    # Same word value; seat 1 has an extra K (6 points) in its collection.
    state = final(["CASE", "CASE"], ["CASE", "CASE"], ["", "K"])
    assert state.words[0].score == state.words[1].score
    assert state.outcome().ranks == (2, 1)
    shared = final(["CASE", "CASE"], ["CASE", "CASE"], ["", ""])
    assert shared.outcome().winners == frozenset({0, 1})  # « tous les joueurs concernés gagnent »


def test_malformed_and_illegal_are_told_apart():
    state = new(2)
    with pytest.raises(MalformedInput):
        GAME.decode_action({"type": "choisir"})
    with pytest.raises(MalformedInput):
        GAME.decode_action({"type": "ecrire", "mots": "JOUER"})
    with pytest.raises(IllegalAction, match="pas dans votre paquet"):
        state.apply(0, Pick(state.packets[1][0]))
    with pytest.raises(IllegalAction, match="draft"):
        state.apply(0, Write((Play("AS", ()),)))
