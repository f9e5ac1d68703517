"""Thèmes, classic and Expert: one test per rule and per decision of docs/rules/themes.md."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from ludotheque.core.errors import IllegalAction, InvalidOptions, MalformedInput
from ludotheque.games.themes import Themes
from ludotheque.games.themes.actions import EndTurn, Redraw, Timeout, Verdict, Word
from ludotheque.games.themes.cards import LetterCard, Vocabulary, default_themes, vocabulary
from ludotheque.games.themes.claims import card_problems, spelled
from ludotheque.games.themes.classic import DRY_ROUNDS, tidy_table
from ludotheque.games.themes.judging import (
    REASONS,
    judge_seat,
    plural_singular,
    robot_refusal,
    robot_verdict,
)
from ludotheque.games.themes.table import Catalog
from ludotheque.games.themes.words import in_vocabulary

from .helpers import arrange, letter_ids, new_state

GAME = Themes()


def ids(state, spec):
    """Ids of the cards with these letters among the hands and visible column cards."""
    visible = {c for i in range(4) for c in state.visible_letters(i)}
    pool = [c for hand in state.play.hands for c in hand] + sorted(visible)
    out = []
    for letter in spec:
        card = next(c for c in pool if state.catalog.letters[c].letter == letter and c not in out)
        out.append(card)
    return tuple(out)


def new_york_table(hand: str = "ERX"):
    state = new_state(3, seed=2)
    return arrange(
        state,
        hands={0: hand},
        columns={0: ("O", "T"), 1: ("N", "A")},
        themes={0: "VILLE", 1: "OUTIL"},
        active=0,
    )


# --- set-up ----------------------------------------------------------------------------------


def test_setup_four_piles_of_five_two_letter_piles_under_each_three_cards_a_hand():
    state = new_state(4, seed=3)
    assert [len(p) for p in state.piles] == [5, 5, 5, 5]
    assert all(len(first) == len(second) == 5 for first, second in state.columns)
    assert [len(h) for h in state.play.hands] == [3, 3, 3, 3]
    assert len(state.draw) == 110 - 40 - 12
    assert (
        len(state.theme_box) == 10 and state.play.fifth == ()
    )  # « Remettez les cartes restantes »
    assert state.phase == "jeu" and state.to_move() == {state.play.active}


def test_d2_the_first_player_is_drawn_by_lot_and_the_seed_decides():
    starters = {new_state(4, seed=s).play.active for s in range(12)}
    assert len(starters) > 1
    assert new_state(4, seed=5).play.active == new_state(4, seed=5).play.active


def test_d3_the_four_printed_themes_lie_on_four_different_cards():
    # VILLE beside OUTIL (NEW YORK example), DANS LA MER with CINÉMA (Némo, Expert).
    cards = {side: card.id for card in default_themes() for side in card.sides}
    assert len({cards[t] for t in ("VILLE", "OUTIL", "DANS LA MER", "CINÉMA")}) == 4


def test_the_expert_fifth_pile_holds_every_remaining_theme_card():
    state = new_state(3, seed=4, mode="expert")
    assert len(state.play.fifth) == 10 and state.theme_box == ()


def test_player_counts_and_options_are_checked():
    with pytest.raises(InvalidOptions):
        Themes().new(1, 0, {"mode": "classique"})
    with pytest.raises(InvalidOptions, match="possibles : juge, vote, vocabulaire"):
        Themes().new(2, 0, {"jugement": "personne"})


# --- a word (the rulebook's example) ---------------------------------------------------------


def test_rulebook_example_new_york_for_ville_takes_e_r_o_and_the_theme():
    state = new_york_table()
    e, r = ids(state, "ER")
    (o,) = state.visible_letters(0)[:1]
    ville = state.piles[0][0]
    after = state.apply(0, Word(0, "New York", (e, r, o)))
    assert set(after.won_letters[0]) == {e, r, o} and after.won_themes[0] == (ville,)
    assert len(after.play.hands[0]) == 3  # « Il complète rapidement sa main à 3 cartes »
    assert after.judgements[-1].by == "vocabulaire" and after.judgements[-1].accepted
    assert after.score(0) == 4 and after.phase == "jeu" and after.play.active == 0  # goes on


def test_rulebook_example_the_n_of_outil_cannot_serve_for_ville():
    state = new_york_table()
    e, r = ids(state, "ER")
    o = state.visible_letters(0)[0]
    n = state.visible_letters(1)[0]
    with pytest.raises(IllegalAction, match="La carte N n'est ni dans votre main ni visible sous"):
        state.apply(0, Word(0, "New York", (e, r, o, n)))


def test_at_least_one_hand_letter_and_one_column_letter():
    state = new_york_table()
    e, r = ids(state, "ER")
    o = state.visible_letters(0)[0]
    with pytest.raises(IllegalAction, match="de votre main"):
        state.apply(0, Word(0, "New York", (o,)))
    # The error names the theme, never a column number.
    with pytest.raises(IllegalAction, match=r"au moins une lettre sous VILLE \(ses deux"):
        state.apply(0, Word(0, "New York", (e, r)))


def test_d1_each_card_stands_for_a_letter_of_its_own():
    state = new_york_table("EEX")
    e1, e2 = state.play.hands[0][:2]
    o = state.visible_letters(0)[0]
    with pytest.raises(IllegalAction, match="n'a que 1 E pour 2 cartes E"):
        state.apply(0, Word(0, "New York", (e1, e2, o)))
    with pytest.raises(IllegalAction, match="pas de X"):
        state.apply(0, Word(0, "New York", (state.play.hands[0][2], o)))


def paris_table(hand: str):
    return arrange(
        new_state(3, seed=2),
        hands={0: hand},
        columns={0: ("R", "T")},
        themes={0: "VILLE"},
        active=0,
    )


def test_d15_constraint_cards_sit_at_their_place_and_only_one_of_each():
    state = paris_table("P1AX")
    p_first, a = state.play.hands[0][:2]
    after = state.apply(0, Word(0, "Paris", (p_first, a, state.visible_letters(0)[0])))
    assert after.score(0) == 2 + 1 + 1 + 1  # P first (2 points), A, R, the theme
    wrong = paris_table("A1PX")
    with pytest.raises(IllegalAction, match="première lettre"):
        wrong.apply(0, Word(0, "Paris", (wrong.play.hands[0][0], wrong.visible_letters(0)[0])))
    two = paris_table("P1A1X")
    with pytest.raises(IllegalAction, match="Une seule carte « première lettre »"):
        two.apply(0, Word(0, "Paris", (*two.play.hands[0][:2], two.visible_letters(0)[0])))


def test_d15_the_last_letter_ignores_spaces_and_hyphens():
    state = arrange(
        new_state(3, seed=2),
        hands={0: "E$XY"},
        columns={0: ("H", "T")},
        themes={0: "VILLE"},
        active=0,
    )
    after = state.apply(
        0, Word(0, "Le Havre", (state.play.hands[0][0], state.visible_letters(0)[0]))
    )
    assert len(after.won_themes[0]) == 1


def test_d15_each_constraint_error_names_the_rule_that_failed():
    first, second, last = (
        LetterCard("X1", "P", "premiere"),
        LetterCard("X2", "E", "seconde"),
        LetterCard("X3", "S", "derniere"),
    )
    assert card_problems("RAPE", [first], "râpe") == [
        "La carte P « première lettre » doit être la première lettre du mot : « râpe » "
        "commence par R."
    ]
    assert card_problems("PIOCHE", [second], "pioche") == [
        "La carte E « seconde lettre » doit être la deuxième lettre du mot : la deuxième "
        "lettre de « pioche » est I."
    ]
    assert card_problems("SCIE", [last], "scie") == [
        "La carte S « dernière lettre » doit être la dernière lettre du mot : « scie » finit par E."
    ]
    on_linking = card_problems("LEHAVRE", [LetterCard("X4", "L", "premiere")], "Le Havre")
    assert on_linking[0].startswith("La carte L « première lettre » tombe sur « Le », un mot de")


def test_d15b_the_letters_of_linking_words_cannot_serve():
    # « Les mots comme « une planche à voile » peuvent être acceptés si toutes les lettres
    # utilisées proviennent de planche ou de voile »: the D of « pomme de terre » cannot serve.
    state = arrange(
        new_state(3, seed=2),
        hands={0: "DMX"},
        columns={0: ("T", "R")},
        themes={0: "LÉGUME"},
        active=0,
    )
    d, m, _x = state.play.hands[0]
    t = state.visible_letters(0)[0]
    with pytest.raises(IllegalAction, match="Le D de « pomme de terre » est dans « de », un mot"):
        state.apply(0, Word(0, "pomme de terre", (d, t)))
    after = state.apply(0, Word(0, "pomme de terre", (m, t)))
    assert set(after.won_letters[0]) == {m, t}
    said = {"type": "mot", "colonne": 0, "mot": "pomme de terre"}
    completed = Themes().complete_action(state, 0, said)
    assert isinstance(completed, dict) and d not in completed["cartes"]
    # The robots' search keeps to the same rule: with only the D of the hand, no word.
    only_d = arrange(state, hands={0: "DXY"})
    found = {w.word for w in only_d.word_choices(0)}
    assert "pomme de terre" not in found
    assert spelled("jeu de dés")[1] == frozenset({0, 1, 2, 5, 6, 7})  # « dés » is no « des »


def test_d4_a_word_without_cards_gets_the_cards_worth_the_most():
    state = new_york_table()
    completed = Themes().complete_action(state, 0, {"type": "mot", "colonne": 0, "mot": "new york"})
    assert isinstance(completed, dict)
    letters = sorted(state.catalog.letters[c].letter for c in completed["cartes"])
    assert letters == ["E", "O", "R"]  # X does not fit, T is not in NEW YORK
    with pytest.raises(MalformedInput, match="Aucune combinaison"):
        Themes().complete_action(state, 0, {"type": "mot", "colonne": 0, "mot": "Lyon"})


def test_d16_a_word_has_two_letters_at_least():
    state = arrange(new_york_table(), hands={0: "OXY"})
    with pytest.raises(IllegalAction, match="au moins 2 lettres"):
        state.apply(0, Word(0, "o", (state.play.hands[0][0], state.visible_letters(0)[0])))


def test_d13_a_plural_made_with_an_s_is_refused_without_the_judge():
    state = arrange(
        new_state(3, seed=2),
        hands={0: "S$LX"},
        columns={1: ("C", "T")},
        themes={1: "OUTIL"},
        active=0,
    )
    s_last, el = state.play.hands[0][:2]
    with pytest.raises(IllegalAction, match=r"« clous » est un pluriel.*Dites « clou »"):
        state.apply(0, Word(1, "clous", (s_last, el, state.visible_letters(1)[0])))


def test_d13_a_plural_is_refused_even_when_the_vocabulary_lists_it():
    # « Les mots au pluriel (pour mettre un S en dernier) ne sont pas acceptés »: compared
    # with the dictionary's singulars, not with the vocabulary (which listed « fruits »).
    state = arrange(
        new_state(3, seed=2),
        hands={0: "S$FX"},
        columns={0: ("R", "T")},
        themes={0: "AU SUPERMARCHÉ"},
        active=0,
    )
    catalog = Catalog(tuple(state.catalog.letters.values()), tuple(state.catalog.themes.values()))
    forms = {**catalog.vocabularies["AU SUPERMARCHÉ"].forms, "FRUITS": "fruits"}
    listed = Vocabulary("AU SUPERMARCHÉ", MappingProxyType(forms))
    catalog.vocabularies = {**catalog.vocabularies, "AU SUPERMARCHÉ": listed}
    state = replace(state, catalog=catalog)
    s_last, f, _x = state.play.hands[0]
    r = state.visible_letters(0)[0]
    with pytest.raises(IllegalAction, match=r"« fruits » est un pluriel.*Dites « fruit »"):
        state.apply(0, Word(0, "fruits", (s_last, f, r)))
    # Words that end in S on their own pass: invariable words, names, plural-only words.
    assert [plural_singular(w, "DANS LA MAISON", {}) for w in ("tapis", "souris", "maïs")] == [
        None,
        None,
        None,
    ]
    assert plural_singular("Paris", "VILLE", {}) is None
    assert plural_singular("gants", "OUTIL", {}) == "gant"
    # A plural theme (a user's card) takes plurals.
    assert plural_singular("dames", "JEUX DE SOCIÉTÉ", {}) is None
    # The robot judge no longer takes « tapis » for a plural.
    assert robot_refusal("tapis", [set()]) is None and robot_refusal("outils", [set()]) == "pluriel"


def test_d13_plural_only_answers_are_no_plural_and_the_vocabularies_take_them():
    # « Les mots au pluriel (pour mettre un S en dernier) ne sont pas acceptés »: the S of
    # « lunettes » was not put there for a last-letter card; a player says the word so.
    state = arrange(
        new_state(3, seed=2),
        hands={0: "S$UX"},
        columns={0: ("L", "T")},
        themes={0: "BIJOU ET ACCESSOIRE"},
        active=0,
    )
    s_last, u, _x = state.play.hands[0]
    el = state.visible_letters(0)[0]
    after = state.apply(0, Word(0, "lunettes", (s_last, u, el)))
    assert after.judgements[-1].accepted and after.judgements[-1].by == "vocabulaire"
    assert s_last in after.won_letters[0]
    shipped = {
        "À L'HÔPITAL": "urgences",
        "BIJOU ET ACCESSOIRE": "lunettes",
        "JEU ET JOUET": "échecs",
        "AU SUPERMARCHÉ": "pâtes",
        "DANS LA MAISON": "toilettes",
        "FÊTE": "fiançailles",
        "VOYAGE": "vacances",
        "JUSTICE": "menottes",
        "ARMÉE": "jumelles",
    }
    for theme, word in shipped.items():
        assert in_vocabulary(state.catalog, word, (theme,)), (theme, word)
        assert plural_singular(word, theme, state.catalog.vocabularies[theme].forms) is None
        assert robot_refusal(word, [state.catalog.vocabularies[theme].forms]) is None
    # The list is short and read: an ordinary plural, whose singular one says, stays refused.
    for word in ("nouilles", "épinards", "fruits", "clous"):
        assert plural_singular(word, "AU SUPERMARCHÉ", {}) is not None, word
    assert robot_refusal("nouilles", [set()]) == "pluriel"
    assert robot_refusal("vacances", [set()]) is None


# --- the judge ---------------------------------------------------------------------------------


def test_d10_a_word_outside_the_vocabulary_goes_to_the_judge():
    state = new_york_table()
    e, r = ids(state, "ER")
    o = state.visible_letters(0)[0]
    judged = state.apply(0, Word(0, "Rome-Est", (e, r, o)))
    assert judged.phase == "jugement" and judged.to_move() == {judge_seat(0, 3)} == {2}
    assert judged.view(1)["jugement"]["mot"] == "Rome-Est"
    refused = judged.apply(2, Verdict(False))
    assert refused.won_themes[0] == () and refused.phase == "jeu" and refused.play.active == 0
    assert refused.judgements[-1].accepted is False and refused.judgements[-1].by == "juge"
    accepted = judged.apply(2, Verdict(True))
    assert accepted.won_themes[0] != () and accepted.judgements[-1].accepted


def test_d10_the_judge_seat_is_right_of_the_hourglass_holder():
    assert [judge_seat(a, 2) for a in range(2)] == [1, 0]
    assert [judge_seat(a, 3) for a in range(3)] == [2, 0, 1]  # « Sablier » and « Juge » at 3
    assert [judge_seat(a, 5) for a in range(5)] == [3, 4, 0, 1, 2]  # two seats to the right


def test_d10_silence_is_yes_the_judge_timer_plays_a_valid():
    state = new_york_table()
    e, r = ids(state, "ER")
    judged = state.apply(0, Word(0, "Rome-Est", (e, r, state.visible_letters(0)[0])))
    timers = {t.key: t for t in judged.rule_timers()}
    judge_timer = next(t for k, t in timers.items() if k.startswith("jugement"))
    assert judge_timer.seat == 2 and judge_timer.seconds == 15
    assert judge_timer.action == Verdict(True, silent=True)  # « qui ne dit mot consent »
    assert judge_timer.label == "Délai du juge"  # the judge's window, not the « Sablier »
    # Silence is logged as silence, never as the judge's « valide ».
    after = judged.apply(2, judge_timer.action)
    assert after.judgements[-1].accepted and after.judgements[-1].by == "silence"
    line = Themes().describe_action(judged, 2, judge_timer.action, None, "Léa")
    assert line == "Léa n'a rien dit : « Rome-Est » est accepté (qui ne dit mot consent)."
    assert Themes().encode_action(judge_timer.action) == {"type": "silence"}
    spoken = judged.apply(2, Verdict(True))
    assert spoken.judgements[-1].by == "juge"


def test_d10_a_vote_of_the_others_a_majority_refuses():
    state = arrange(
        new_state(4, seed=2, jugement="vote"),
        hands={0: "ERX"},
        columns={0: ("O", "T")},
        themes={0: "VILLE"},
        active=0,
    )
    e, r = ids(state, "ER")
    judged = state.apply(0, Word(0, "Rome-Est", (e, r, state.visible_letters(0)[0])))
    assert judged.to_move() == {1, 2, 3}
    two_no = judged.apply(1, Verdict(False)).apply(2, Verdict(False)).apply(3, Verdict(True))
    assert two_no.won_themes[0] == () and two_no.judgements[-1].by == "vote"
    one_no = judged.apply(1, Verdict(False)).apply(2, Verdict(True)).apply(3, Verdict(True))
    assert one_no.won_themes[0] != ()


def test_d17_the_vocabulary_judges_when_fewer_than_two_people_sit_at_the_table():
    info = Themes().info
    assert info.resolve_options(2, {}, people=1)["jugement"] == "vocabulaire"
    assert info.resolve_options(4, {}, people=0)["jugement"] == "vocabulaire"
    assert info.resolve_options(3, {}, people=2)["jugement"] == "juge"
    assert info.resolve_options(2, {}, people=2)["jugement"] == "juge"
    assert info.resolve_options(2, {})["jugement"] == "vocabulaire"  # who sits: unknown
    assert info.resolve_options(2, {"jugement": "vote"}, people=1)["jugement"] == "vote"


def test_d17_a_table_without_judge_refuses_words_outside_the_vocabulary():
    state = arrange(
        new_state(3, seed=2, jugement="vocabulaire"),
        hands={0: "ERX"},
        columns={0: ("O", "T")},
        themes={0: "VILLE"},
        active=0,
    )
    e, r = ids(state, "ER")
    with pytest.raises(IllegalAction, match="table sans juge"):
        state.apply(0, Word(0, "Rome-Est", (e, r, state.visible_letters(0)[0])))


def test_d11_a_robot_judge_refuses_words_outside_the_vocabulary_and_never_a_non_word():
    espace, ville = vocabulary("ESPACE").forms, vocabulary("VILLE").forms
    # « appât » is a word, but not one of ESPACE's: refused, and the reason says why.
    assert robot_refusal("appât", [espace]) == "hors_vocabulaire"
    assert robot_refusal("marrk", [ville]) == robot_refusal("hgtn", [espace]) == "inconnu"
    assert robot_refusal("outils", [ville]) == "pluriel"
    assert robot_refusal("New York", [ville]) is None  # the vocabulary's own word
    # Expert: a word must be in both vocabularies it claims.
    assert robot_refusal("Némo", [vocabulary("DANS LA MER").forms, vocabulary("CINÉMA").forms])
    # A theme without a vocabulary (the players' own card): the dictionary only.
    assert robot_verdict("porte-drapeau", [{}]) and robot_verdict("Planche à voile")
    assert not robot_verdict("xqzw", [{}]) and not robot_verdict("outils")
    assert robot_verdict("ananas")
    assert REASONS["hors_vocabulaire"] == "hors vocabulaire"


def test_d12_every_decision_is_logged_in_every_view():
    state = new_york_table()
    e, r = ids(state, "ER")
    o = state.visible_letters(0)[0]
    after = state.apply(0, Word(0, "Rome-Est", (e, r, o))).apply(2, Verdict(False))
    logged = after.view(1)["decisions"][-1]
    assert logged == {
        "tour": 0,
        "place": 0,
        "themes": ["VILLE"],
        "mot": "Rome-Est",
        "accepte": False,
        "par": "juge",
        "motif": None,  # a person refuses without saying why
    }
    # A robot judge says why; the line the players read does too.
    robot = state.apply(0, Word(0, "Rome-Est", (e, r, o))).apply(2, Verdict(False, "inconnu"))
    assert robot.view(0)["decisions"][-1]["motif"] == "pas un mot du dictionnaire"
    assert "« Rome-Est » est refusé (pas un mot du dictionnaire)" in robot.events[-1]
    said = state.apply(0, Word(0, "Rome-Est", (e, r, o)))
    line = GAME.describe_action(said, 2, Verdict(False, "hors_vocabulaire"), 0, "Robot")
    assert line == "Robot refuse « Rome-Est » : hors vocabulaire."


# --- the hourglass -----------------------------------------------------------------------------


def test_d9_the_hourglass_runs_45_seconds_over_several_words():
    state = new_york_table()
    (timer,) = state.rule_timers()
    assert (timer.seat, timer.seconds, timer.action) == (0, 45, Timeout())
    e, r = ids(state, "ER")
    after = state.apply(0, Word(0, "New York", (e, r, state.visible_letters(0)[0])))
    assert after.rule_timers()[0].key == timer.key  # the same hourglass: not turned over
    out = after.apply(0, Timeout())
    assert out.play.active == 1 and out.rule_timers()[0].key != timer.key


def test_d9_the_hourglass_never_stops_a_word_being_judged_is_still_settled():
    state = new_york_table()
    e, r = ids(state, "ER")
    judged = state.apply(0, Word(0, "Rome-Est", (e, r, state.visible_letters(0)[0])))
    assert any(t.seat == 0 and t.action == Timeout() for t in judged.rule_timers())
    late = judged.apply(0, Timeout())  # the active seat's time runs out during the judgement
    assert late.phase == "jugement" and late.play.timed_out
    settled = late.apply(2, Verdict(True))
    assert settled.won_themes[0] != ()  # « peut terminer sans se tromper et récupérer »
    assert settled.play.active == 1 and settled.phase == "jeu"


def test_the_seconds_of_the_hourglass_are_an_option():
    state = new_state(2, seed=1, secondes=60)
    assert state.rule_timers()[0].seconds == 60


def test_d14_ending_the_turn_early_passes_to_the_left():
    state = new_york_table()
    after = state.apply(0, EndTurn())
    assert after.play.active == 1 and after.play.turn == 1


# --- the hand ------------------------------------------------------------------------------------


def test_changing_the_hand_once_a_turn_the_cards_leave_the_game():
    state = new_york_table()
    old = state.play.hands[0]
    after = state.apply(0, Redraw())
    assert set(old) <= set(after.box) and len(after.play.hands[0]) == 3
    assert not set(old) & set(after.won_letters[0])  # « à ne pas les ajouter à votre pile »
    with pytest.raises(IllegalAction, match="déjà changé"):
        after.apply(0, Redraw())
    ended = after.apply(0, EndTurn())
    assert ended.play.may_redraw(ended, 1)


def test_d19_an_empty_draw_pile_leaves_hands_short():
    state = replace(new_york_table(), draw=())
    e, r = ids(state, "ER")
    box = state.box + state.draw
    state = replace(state, box=box)
    after = state.apply(0, Word(0, "New York", (e, r, state.visible_letters(0)[0])))
    assert len(after.play.hands[0]) == 1


# --- piles, end and score ------------------------------------------------------------------------


def test_d5_an_exhausted_theme_pile_sends_its_letters_to_the_box():
    state = new_york_table()
    state = replace(
        state,
        piles=(state.piles[0][:1], *state.piles[1:]),
        theme_box=(*state.theme_box, *state.piles[0][1:]),
    )
    e, r = ids(state, "ER")
    o = state.visible_letters(0)[0]
    after = state.apply(0, Word(0, "New York", (e, r, o)))
    assert after.piles[0] == () and after.columns[0] == ((), ())
    assert after.visible_themes()[0] is None
    with pytest.raises(IllegalAction, match="épuisée"):
        after.apply(0, Word(0, "Lyon", (after.play.hands[0][0],)))


def test_d6_an_empty_letter_pile_under_a_theme_is_made_up_from_the_draw():
    state = new_york_table()
    first, second = state.columns[0]
    state = replace(
        state,
        columns=(((first[0],), second), *state.columns[1:]),
        box=(*state.box, *first[1:]),
    )
    e, r = ids(state, "ER")
    draw_before = len(state.draw)
    after = state.apply(0, Word(0, "New York", (e, r, first[0])))
    assert len(after.columns[0][0]) == 5 and len(after.draw) == draw_before - 2 - 5


def test_d7_the_game_ends_when_three_theme_piles_are_empty():
    state = new_york_table()
    gone = [f for pile in state.piles[1:] for f in pile]
    state = replace(
        state,
        piles=(state.piles[0][:1], (), (), state.piles[3]),
        theme_box=(*state.theme_box, *state.piles[0][1:], *gone),
    )
    state = tidy_table(state)
    assert state.phase == "jeu"  # two empty piles only
    gone = state.piles[3]
    state = replace(state, piles=(*state.piles[:3], gone[:0]), theme_box=(*state.theme_box, *gone))
    state = tidy_table(state)
    assert state.phase == "fin" and state.outcome() is not None


def test_d8_three_rounds_without_a_word_end_the_game_at_a_table_of_robots_only():
    robots = Themes().info.resolve_options(2, {"mode": "classique"}, people=0)
    assert robots["fin_sans_mot"] is True
    state = Themes().new(2, 1, robots)
    for _ in range(DRY_ROUNDS * 2 - 1):
        state = state.apply(state.play.active, EndTurn())
        assert state.phase == "jeu"
    state = state.apply(state.play.active, EndTurn())
    assert state.phase == "fin"
    # « La fin de partie intervient quand 3 des 4 piles de cartes « Thème » sont épuisées »:
    # a person at the table plays on, however many turns pass without a word.
    one_person = Themes().info.resolve_options(2, {"mode": "classique"}, people=1)
    assert one_person["fin_sans_mot"] is False
    state = Themes().new(2, 1, one_person)
    for _ in range(DRY_ROUNDS * 2 * 3):
        state = state.apply(state.play.active, EndTurn())
    assert state.phase == "jeu" and state.config.dry_end is False


def test_d20_scores_and_the_tie_break_fewer_theme_cards_wins():
    state = new_york_table()
    letters = state.catalog.letters
    plain = [c for c in sorted(letters) if letters[c].constraint is None]
    special = [c for c in sorted(letters) if letters[c].constraint is not None]
    faces = [f for pile in state.piles for f in pile]
    # seat 0: 2 themes + 1 letter = 3; seat 1: 1 theme + 1 constraint letter = 3; seat 2: 0
    state = replace(
        state,
        phase="fin",
        won_letters=((plain[0],), (special[0],), ()),
        won_themes=(tuple(faces[:2]), tuple(faces[2:3]), ()),
    )
    assert [state.score(s) for s in range(3)] == [3, 3, 0]
    outcome = state.outcome()
    assert outcome is not None and outcome.ranks == (2, 1, 3)


# --- Expert ---------------------------------------------------------------------------------


def nemo_table():
    state = new_state(3, seed=6, mode="expert")
    return arrange(
        state,
        hands={0: "NEX"},
        columns={0: ("M", "T"), 1: ("O", "A")},
        themes={0: "DANS LA MER", 1: "VILLE"},
        fifth="CINÉMA",
        active=0,
    )


def test_rulebook_expert_example_nemo_joins_dans_la_mer_and_cinema():
    state = nemo_table()
    n, e = state.play.hands[0][:2]
    m = state.visible_letters(0)[0]
    sea, cinema = state.piles[0][0], state.play.fifth[0]
    after = state.apply(0, Word(0, "Némo", (n, e, m), fifth=True))
    assert after.won_themes[0] == (sea,) and after.play.bonus[0] == (cinema,)
    assert after.score(0) == 3 + 1 + 3  # letters, DANS LA MER, CINÉMA under the 3 PV marker
    assert after.theme_count(0) == 2 and after.play.fifth[0] != cinema


def test_d18_the_fifth_theme_is_optional_and_only_in_expert():
    state = nemo_table()
    n, e = state.play.hands[0][:2]
    m = state.visible_letters(0)[0]
    alone = state.apply(0, Word(0, "Némo", (n, e, m)))  # « n'est pas obligatoire »
    assert alone.play.bonus[0] == () and alone.play.fifth == state.play.fifth
    classic = arrange(
        new_state(3, seed=6),
        hands={0: "NEX"},
        columns={0: ("M", "T")},
        themes={0: "DANS LA MER"},
        active=0,
    )
    with pytest.raises(IllegalAction, match="Expert"):
        classic.apply(
            0,
            Word(
                0, "Némo", (*classic.play.hands[0][:2], classic.visible_letters(0)[0]), fifth=True
            ),
        )


def test_d18_a_combination_outside_one_vocabulary_goes_to_the_judge():
    state = nemo_table()
    n, e = state.play.hands[0][:2]
    m = state.visible_letters(0)[0]
    judged = state.apply(0, Word(0, "Menton", (n, e, m), fifth=True))
    assert judged.phase == "jugement"
    assert judged.claim is not None and judged.claim.themes == ("DANS LA MER", "CINÉMA")


def test_letter_ids_helper_respects_constraints():
    state = new_state(2, seed=1)
    taken: set[str] = set()
    (card,) = letter_ids(state, "S$", taken)
    assert state.catalog.letters[card].constraint == "derniere"


def test_d16b_proper_nouns_first_names_included_are_words() -> None:
    # « Les noms propres sont autorisés » (unlike Letter and Gutenberg, which refuse first names).
    prenom = vocabulary("PRÉNOM")
    assert prenom is not None and "JULIE" in prenom.forms
    assert robot_refusal("Julie", [prenom.forms]) is None
    assert robot_refusal("Dupont", [set()]) is None  # a surname, on a theme the players typed
    assert robot_refusal("Julie", [vocabulary("VILLE").forms]) == "hors_vocabulaire"  # type: ignore[union-attr]
