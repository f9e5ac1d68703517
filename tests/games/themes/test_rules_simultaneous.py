"""Thèmes, Variante Simultanée: one test per rule and per decision (docs/rules/themes.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import pytest

from ludotheque.core.errors import IllegalAction, InvalidOptions, NotYourTurn
from ludotheque.core.rng import Rng
from ludotheque.games.themes import Themes
from ludotheque.games.themes.actions import (
    GiveBack,
    GiveUp,
    Redraw,
    Timeout,
    Verdict,
    Word,
    decode_action,
)
from ludotheque.games.themes.judging import judge_seat
from ludotheque.games.themes.simultaneous import SimultaneousPlay
from ludotheque.games.themes.state import ThemesState

from .helpers import column_ids, deal_columns, letter_ids, people_options, themes_on_top, with_play


def new_state(players: int = 3, seed: int = 1, **options: object) -> ThemesState:
    state = Themes().new(players, seed, people_options(players, {"mode": "simultanee", **options}))
    assert isinstance(state, ThemesState) and isinstance(state.play, SimultaneousPlay)
    return state


def arrange(
    state: ThemesState,
    *,
    turned: str = "EX",
    columns: Mapping[int, tuple[str, str]] | None = None,
    themes: Mapping[int, str] | None = None,
    won: Mapping[int, str] | None = None,
    draw: int | None = None,
) -> ThemesState:
    """These turned cards, visible letters, won letters and themes on top; every other card is
    dealt again in id order (none created or lost). ``draw``: keep only so many in the draw
    pile (the rest to the box)."""
    taken: set[str] = set()
    turned_ids = tuple(letter_ids(state, turned, taken))
    won_ids = {s: letter_ids(state, spec, taken) for s, spec in (won or {}).items()}
    wanted_columns = column_ids(state, columns, taken)
    pool = iter([c for c in sorted(state.catalog.letters) if c not in taken])
    new_columns = deal_columns(state.columns, wanted_columns, pool)
    rest = list(pool)
    keep = len(rest) if draw is None else draw
    won_letters = tuple(tuple(won_ids.get(s, ())) for s in range(state.players))
    state = replace(
        with_play(state, turned=turned_ids),
        columns=new_columns,
        draw=tuple(rest[:keep]),
        box=tuple(rest[keep:]),
        won_letters=won_letters,
    )
    piles, _fifth, theme_box = themes_on_top(state, themes)
    state = replace(state, piles=piles, theme_box=theme_box)
    assert state.invariant_violations() == [], state.invariant_violations()
    return state


def new_york(players: int = 3, **options: object) -> ThemesState:
    """E and X turned; VILLE over O and T, OUTIL over N and A."""
    return arrange(
        new_state(players, 2, **options),
        turned="EX",
        columns={0: ("O", "T"), 1: ("N", "A")},
        themes={0: "VILLE", 1: "OUTIL"},
    )


def word(state: ThemesState, text: str, spec: str, column: int = 0) -> Word:
    """A word taking the turned and visible cards with these letters."""
    pool = [*state.play.turned, *state.visible_letters(column)]
    cards: list[str] = []
    for letter in spec:
        cards.append(
            next(c for c in pool if state.catalog.letters[c].letter == letter and c not in cards)
        )
    return Word(column, text, tuple(cards))


def test_set_up_no_hands_two_turned_cards_everyone_searches_without_hourglass() -> None:
    # « on joue sans sablier » ; « Aucun joueur n'a de carte en main » ; « tout le monde cherche
    # un mot en même temps »
    state = new_state(4)
    assert len(state.play.turned) == 2
    assert state.to_move() == frozenset(range(4))
    assert state.rule_timers() == ()
    assert state.view(0)["main"] == [] and state.view(0)["mains"] == [0, 0, 0, 0]
    assert state.play.round == 1 and state.play.turner == state.config.starter
    assert len(state.draw) == 110 - 40 - 2


def test_player_counts_and_mode_options() -> None:
    assert new_state(2).players == 2 and new_state(6).players == 6
    with pytest.raises(InvalidOptions):
        Themes().new(7, 0, {"mode": "simultanee"})
    with pytest.raises(InvalidOptions):  # « sans sablier »: no hourglass option here
        Themes().new(3, 0, {"mode": "simultanee", "secondes": 30})


def test_vocabulary_word_wins_the_round_at_once() -> None:
    # « il récupère les cartes Lettres ainsi que la carte Thème utilisées et défausse […] la
    # carte piochée restante »
    state = new_york()
    e, x = state.play.turned
    o = state.visible_letters(0)[0]
    ville = state.piles[0][0]
    after = state.apply(2, word(state, "New York", "EO"))
    assert set(after.won_letters[2]) == {e, o}
    assert after.won_themes[2] == (ville,)
    assert x in after.box and x not in after.play.turned
    assert after.judgements[-1].by == "vocabulaire"


def test_themes_are_turned_over_and_the_winner_turns_the_next_two_cards() -> None:
    # « Toutes les cartes Thème sont ensuite retournées afin qu'il y ait 4 nouveaux thèmes et le
    # joueur qui vient de remporter la manche précédente retourne les deux prochaines cartes »
    state = new_york()
    after = state.apply(1, word(state, "New York", "EO"))
    for index in (1, 2, 3):
        card, side = state.piles[index][0]
        assert after.piles[index][0] == (card, 1 - side)
    card, side = state.piles[0][1]  # the card uncovered under VILLE is turned over too
    assert after.piles[0][0] == (card, 1 - side)
    assert after.play.turner == 1 and after.play.round == state.play.round + 1
    assert after.play.turned == state.draw[:2]
    assert after.to_move() == frozenset(range(3))


def test_first_valid_claim_applied_wins() -> None:
    # « Le premier joueur arrivant à trouver un mot […] tape sur les cartes »: server order
    state = new_york()
    claim = word(state, "New York", "EO")
    after = state.apply(0, claim)
    assert after.won_letters[0] and not after.won_letters[1]
    with pytest.raises(IllegalAction):  # the same word a moment later: the cards are gone
        after.apply(1, claim)


def test_word_needs_a_turned_card_and_a_column_card() -> None:
    # « utilisant une (ou deux) des deux cartes retournées ainsi qu'une (ou deux) lettre d'une
    # colonne »
    state = new_york()
    o, t = state.visible_letters(0)
    with pytest.raises(IllegalAction, match="cartes retournées"):
        state.apply(0, Word(0, "Oto", (o, t)))
    with pytest.raises(IllegalAction, match="sous VILLE"):
        state.apply(0, Word(0, "Exe", (state.play.turned[0],)))
    with pytest.raises(IllegalAction, match="ne fait pas partie"):  # a card of another column
        state.apply(0, Word(0, "New York", (state.play.turned[0], state.visible_letters(1)[0])))


def test_no_fifth_pile_no_packet_no_hand_actions() -> None:
    state = new_york()
    claim = word(state, "New York", "EO")
    with pytest.raises(IllegalAction, match="Expert"):
        state.apply(0, replace(claim, fifth=True))
    with pytest.raises(IllegalAction, match="équipe"):
        state.apply(0, replace(claim, packet=0))
    for action in (Redraw(), Timeout(), Verdict(True)):
        with pytest.raises(IllegalAction):
            state.apply(0, action)


def test_word_outside_the_vocabulary_goes_to_the_judge_silence_means_yes() -> None:
    state = new_york(4)
    claim = word(state, "Exo", "EO")
    judging = state.apply(3, claim)
    judge = judge_seat(3, 4)
    assert judging.phase == "jugement" and judging.to_move() == frozenset({judge})
    (timer,) = judging.rule_timers()
    assert timer.seat == judge and timer.action == Verdict(True, silent=True)
    with pytest.raises(NotYourTurn):  # the others wait for the verdict
        judging.apply(0, GiveUp())
    after = judging.apply(judge, timer.action)
    assert after.won_themes[3] and after.judgements[-1].by == "silence"


def test_table_without_judge_refuses_words_outside_the_vocabulary() -> None:
    state = new_york(jugement="vocabulaire")
    with pytest.raises(IllegalAction, match="vocabulaire"):
        state.apply(0, word(state, "Exo", "EO"))


def test_refused_word_the_player_chooses_the_card_to_give_back_and_is_out_of_the_round() -> None:
    # « Si le mot n'est pas accepté, le joueur doit défausser une carte qu'il avait gagné
    # précédemment »: the player chooses which (D26), the others go on searching.
    state = arrange(
        new_state(3, 2),
        turned="EX",
        columns={0: ("O", "T")},
        themes={0: "VILLE"},
        won={0: "B1AC"},  # a constraint B (2 points), then plain A and C
    )
    b, a, c = state.won_letters[0]
    judging = state.apply(0, word(state, "Exo", "EO"))
    after = judging.apply(judge_seat(0, 3), Verdict(False))
    assert after.won_letters[0] == (b, a, c) and after.play.debts[0] == 1  # nothing taken yet
    assert after.to_move() == frozenset({0, 1, 2}) and after.play.out[0]
    assert set(after.legal_actions(0)) == {GiveBack(b), GiveBack(a), GiveBack(c)}
    assert after.view(0)["a_rendre"][0]["nom"] == "lettre B" and after.view(1)["a_rendre"] == []
    assert after.view(None)["doivent_rendre"] == [0]
    with pytest.raises(IllegalAction, match="choisissez la carte gagnée que vous rendez"):
        after.apply(0, GiveUp())
    with pytest.raises(IllegalAction, match="Rendez une des cartes que vous avez gagnées"):
        after.apply(0, GiveBack(state.play.turned[0]))
    # Silence: when the giver's time runs out, the rules give the cheapest, most recent card.
    (timer,) = after.rule_timers()
    assert timer.seat == 0 and timer.action == GiveBack(c) and timer.label == "Carte à rendre"
    chosen = after.apply(0, GiveBack(b))  # the player gives the 2-point B, his choice
    assert chosen.won_letters[0] == (a, c) and b in chosen.box and chosen.play.debts[0] == 0
    assert chosen.to_move() == frozenset({1, 2})  # he may not try again in this round
    assert chosen.play.turned == state.play.turned  # the others keep searching the same cards
    assert not chosen.judgements[-1].accepted and chosen.invariant_violations() == []
    assert decode_action({"type": "rendre", "carte": b}) == GiveBack(b)


def test_refused_word_without_won_cards_creates_a_debt_chosen_at_the_next_gain() -> None:
    # « s'il n'en possède pas encore, il devra en défausser une la prochaine fois qu'il en
    # gagnera une »
    state = new_york()
    after = state.apply(0, word(state, "Exo", "EO")).apply(judge_seat(0, 3), Verdict(False))
    assert after.play.debts[0] == 1 and after.view(None)["dettes"] == [1, 0, 0]
    assert 0 not in after.to_move()  # nothing to give yet
    # Next round: seat 0 wins New York again (arranged) and chooses a card to give back.
    after = with_play(after, out=(False,) * 3)
    again = arrange(after, turned="EX", columns={0: ("O", "T")}, themes={0: "VILLE"})
    again = with_play(again, debts=(1, 0, 0))
    won = again.apply(0, word(again, "New York", "EO"))
    assert won.play.debts[0] == 1 and won.play.owes(won, 0) and len(won.won_letters[0]) == 2
    theme = won.won_themes[0][0][0]
    paid = won.apply(0, GiveBack(theme))
    assert paid.play.debts[0] == 0 and paid.won_themes[0] == () and len(paid.won_letters[0]) == 2
    assert paid.invariant_violations() == []


def test_a_theme_card_may_be_given_back_and_the_end_settles_an_open_choice() -> None:
    state = new_york()
    face = state.theme_box[0]
    state = replace(state, theme_box=state.theme_box[1:], won_themes=((face,), (), ()))
    after = state.apply(0, word(state, "Exo", "EO")).apply(judge_seat(0, 3), Verdict(False))
    assert after.legal_actions(0) == (GiveBack(face[0]),)
    given = after.apply(0, GiveBack(face[0]))
    assert given.won_themes[0] == () and given.play.given_back == (face,)
    assert given.invariant_violations() == []
    ended = after.play._finish(after, "fin")
    assert ended.won_themes[0] == () and ended.play.debts[0] == 0


def test_when_everyone_finds_nothing_the_cards_are_discarded_and_the_next_player_turns() -> None:
    # decision: « rien » from every seat ends the round without a winner
    state = new_york()
    turned = state.play.turned
    after = state.apply(0, GiveUp()).apply(2, GiveUp())
    assert after.to_move() == frozenset({1})
    after = after.apply(1, GiveUp())
    assert set(turned) <= set(after.box)
    assert (
        after.play.turner == (state.play.turner + 1) % 3
        and after.play.round == state.play.round + 1
    )
    assert after.piles[0][0] == (state.piles[0][0][0], 1 - state.piles[0][0][1])


def test_game_ends_when_two_cards_cannot_be_turned() -> None:
    state = arrange(new_state(2), turned="EX", draw=1)
    after = state.apply(0, GiveUp()).apply(1, GiveUp())
    assert after.is_over and after.to_move() == frozenset()
    assert "retourner deux cartes" in after.events[-1]


def test_game_ends_when_three_theme_piles_are_exhausted() -> None:
    # « La fin de partie et le décompte des points sont identiques à la version classique. »
    state = new_york()
    gone = [f for pile in state.piles[1:] for f in pile] + list(state.piles[0][1:])
    letters = [c for column in state.columns[1:] for pile in column for c in pile]
    state = replace(
        state,
        piles=(state.piles[0][:1], (), (), ()),
        theme_box=(*state.theme_box, *gone),
        columns=(state.columns[0], ((), ()), ((), ()), ((), ())),
        box=(*state.box, *letters),
    )
    assert state.invariant_violations() == []
    after = state.apply(0, word(state, "New York", "EO"))
    assert after.is_over and "Trois piles" in after.events[-1]
    outcome = after.outcome()
    assert outcome is not None and outcome.ranks == (1, 2, 2)
    assert outcome.scores == (3, 0, 0)  # E, O and the theme card


def test_scores_and_tie_break_as_classic() -> None:
    # « Chaque carte Thème rapporte 1 point », a letter 1, a constraint letter 2; « En cas
    # d'égalité, c'est le joueur ayant le moins de cartes Thème qui l'emporte. »
    state = arrange(new_state(3, 2), won={0: "B1A", 1: "AC"})
    face = state.theme_box[0]
    state = replace(state, theme_box=state.theme_box[1:], won_themes=((), (face,), ()))
    assert [state.score(s) for s in range(3)] == [3, 3, 0]
    outcome = replace(state, phase="fin").outcome()
    assert outcome is not None and outcome.ranks == (1, 2, 3)


def test_views_show_turned_cards_and_hide_the_draw_pile() -> None:
    state = new_york()
    view = state.view(1)
    assert view["mode"] == "simultanee"
    assert [c["lettre"] for c in view["retournees"]] == ["E", "X"]
    assert view["cherchent"] == [0, 1, 2]
    assert state.draw[0] not in str(view)
    draws = Rng.from_seed(5).draws()
    other = state.resample_hidden(1, draws)
    assert other.view(1) == view and other.draw != state.draw


def test_the_journal_names_the_card_given_back() -> None:
    state = arrange(
        new_state(3, 2), turned="EX", columns={0: ("O", "T")}, themes={0: "VILLE"}, won={0: "B1A"}
    )
    after = state.apply(0, word(state, "Exo", "EO")).apply(judge_seat(0, 3), Verdict(False))
    b = after.won_letters[0][0]
    line = Themes().describe_action(after, 0, GiveBack(b), None, "Léa")
    assert line == "Léa rend la lettre B (mot refusé)."
