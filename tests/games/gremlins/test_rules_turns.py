"""Gremlins turns and the five actions: docs/rules/gremlins.md, entries 5–15."""

from __future__ import annotations

import pytest

from ludotheque.core.errors import MalformedInput, NotYourTurn
from ludotheque.games.gremlins.actions import (
    AssignCard,
    Cancel,
    Complete,
    EndTurn,
    PlayAction,
    StartProject,
)
from ludotheque.games.gremlins.cards import Cost
from ludotheque.games.gremlins.effects import CostReduction
from ludotheque.games.gremlins.table import reduced_cost

from .helpers import GAME, cards_under, play, position, proj, refused

HAND0 = ["P01", "P02", "P04", "P05", "P06", "P07"]


# --- 5. two actions a turn --------------------------------------------------------------------


def test_g5_two_actions_then_the_next_player():
    state = position(3, hands={0: HAND0}, projects={0: [proj("P08")]})
    state = play(state, AssignCard("P01", 0))
    assert state.active == 0 and state.used == 1
    state = play(state, AssignCard("P02", 0))  # the same action twice
    assert state.active == 1 and state.used == 0
    assert cards_under(state, 0) == ("P01", "P02")
    with pytest.raises(NotYourTurn):
        state.apply(0, EndTurn())


def test_g5_fin_ends_the_turn_early():
    state = position(2, hands={0: HAND0})
    after = play(state, EndTurn())
    assert after.active == 1 and after.hands[0] == state.hands[0]
    one = play(state, StartProject("P01"), EndTurn())
    assert one.active == 1 and len(one.projects[0]) == 1


# --- 6. extra actions, read live --------------------------------------------------------------


def test_g6_a_permanent_with_an_extra_action_gives_three():
    state = position(2, hands={0: HAND0}, permanents={0: ["M02"]})
    state = play(state, StartProject("P01"), StartProject("P02"))
    assert state.active == 0 and state.used == 2
    state = play(state, StartProject("P04"))
    assert state.active == 1


def test_g6_completed_by_the_first_action_it_counts_at_once():
    state = position(
        2,
        hands={0: HAND0},
        projects={0: [proj("M02", "P33", "P34", "P36", "P10", "P12")]},  # 3 or + 2 techno
    )
    state = play(state, Complete(0))
    assert state.permanents[0] == ("M02",)
    state = play(state, StartProject("P01"))
    assert state.active == 0 and state.used == 2
    state = play(state, StartProject("P02"))
    assert state.active == 1


# --- 7. refill ----------------------------------------------------------------------------------


def test_g7_everyone_refills_from_the_player_who_just_played():
    state = position(
        3,
        active=1,
        hands={1: ["P01", "P02", "P04", "P05", "P06", "P07"], 0: ["P08", "P09", "P12"]},
        deck=["P13", "P14", "P15", "P16", "P17"],
    )
    state = play(state, StartProject("P01"), StartProject("P02"))
    assert state.active == 2
    assert state.hands[1][-2:] == ("P13", "P14")
    assert state.hands[0] == ("P08", "P09", "P12", "P15", "P16", "P17")
    assert len(state.hands[2]) == 6


def test_g7_a_bigger_hand_is_kept_and_grand_tiroir_draws_one_more():
    big = ["A01", "A02", "A03", "A04", "A16", "A35", "A37", "A38"]
    state = position(2, hands={0: HAND0, 1: big}, permanents={0: ["M03"]})
    state = play(state, StartProject("P01"), EndTurn())
    assert len(state.hands[1]) == 8
    assert len(state.hands[0]) == 7


# --- 8. extra turn ------------------------------------------------------------------------------


def test_g8_heure_de_pointe_gives_a_turn_after_the_refill():
    state = position(
        2,
        hands={0: ["A42", *HAND0[:5]]},
        projects={0: [proj("A01", "P33", "P34")]},
        deck=["P16", "P17"],
    )
    state = play(state, PlayAction("A42", ((0, "or"), (0, "or"))), EndTurn())
    assert state.active == 0 and state.used == 0
    assert state.hands[0][-1:] == ("P16",) and len(state.hands[0]) == 6
    assert "A42" in state.discard
    state = play(state, EndTurn())
    assert state.active == 1


def test_g8_the_end_of_the_round_waits_for_the_extra_turn():
    state = position(
        2,
        starter=1,  # seat 0 plays last in the round
        hands={0: ["A42", *HAND0[:5]]},
        projects={0: [proj("A01", "P33", "P34")]},
        scores=(25, 0),
    )
    state = play(state, PlayAction("A42", ((0, "or"), (0, "or"))), EndTurn())
    assert state.phase == "jeu" and state.active == 0
    assert play(state, EndTurn()).phase == "fin"


# --- 9. starting a project ----------------------------------------------------------------------


def test_g9_any_card_face_down_and_at_most_three():
    state = position(2, hands={0: ["A05", "P01", "M01", "P02", "P04", "P05"]})
    state = play(state, StartProject("A05"), StartProject("M01"))
    assert state.projects[0][0].card == "A05"
    assert state.projects[0][0].revealed is False
    assert state.projects[0][0].seen == {0}
    state = play(state, EndTurn(), StartProject("P01"))
    refused(state, 0, StartProject("P02"), "3 projets en cours, le maximum")
    assert all(not isinstance(a, StartProject) for a in state.legal_actions(0))
    refused(state, 0, StartProject("A42"), "pas dans votre main")


def test_g9_entrepot_allows_a_fourth_and_permanents_do_not_count():
    three = [proj("P08"), proj("P09"), proj("P12")]
    state = position(2, hands={0: HAND0}, projects={0: three}, permanents={0: ["M06", "M03"]})
    state = play(state, StartProject("P01"))
    assert len(state.projects[0]) == 4
    refused(state, 0, StartProject("P02"), "4 projets en cours")
    plain = position(2, hands={0: HAND0}, projects={0: three[:2]}, permanents={0: ["M03", "M01"]})
    assert len(play(plain, StartProject("P01")).projects[0]) == 3


def test_g9_a_fake_project_never_completes():
    state = position(2, hands={0: HAND0}, projects={0: [proj("A01", "P33", "P34", "P35")]})
    refused(state, 0, Complete(0), "faux projet")
    assert Complete(0) not in state.legal_actions(0)


# --- 10. assigning ------------------------------------------------------------------------------


def test_g10_any_banner_under_any_own_project():
    state = position(2, hands={0: ["P12", *HAND0[:5]]}, projects={0: [proj("A05")]})
    state = play(state, AssignCard("P12", 0))  # techno under an action card
    assert cards_under(state, 0) == ("P12",)
    assert state.view(1)["joueurs"][0]["projets"][0]["ressources"] == ["techno"]
    assert "P12" not in state.view(1)["cartes"]
    refused(state, 0, AssignCard("P01", 1), "pas de projet n° 2")
    refused(state, 0, AssignCard("A42", 0), "pas dans votre main")


# --- 11. playing an action ----------------------------------------------------------------------


def test_g11_pay_exactly_with_assigned_resources_never_from_the_hand():
    state = position(
        2,
        hands={0: ["A05", "P20", "P01", "P02", "P04", "P05"]},  # P20 has a malice banner
        projects={0: [proj("P08", "P33")], 1: [proj("P09")]},
    )
    refused(state, 0, PlayAction("A05"), "Payez exactement 1 malice")
    refused(state, 0, PlayAction("A05", ((0, "or"),)), "Payez exactement")
    assert not any(isinstance(a, PlayAction) for a in state.legal_actions(0))
    state = play(state, AssignCard("P20", 0))
    refused(state, 0, PlayAction("A05", ((0, "malice"), (0, "or"))), "Payez exactement")
    state = play(state, PlayAction("A05", ((0, "malice"),)))
    assert cards_under(state, 0) == ("P33",)
    assert "P20" in state.discard
    assert state.prompt is not None and state.prompt.seat == 1  # the victim discards


def test_g11_ressource_parts_take_any_banner_and_the_card_is_discarded():
    state = position(
        2,
        hands={0: ["A25", *HAND0[:5]]},  # Mécénat: 3 ressources, obtenir 2 prestige
        projects={0: [proj("A01", "P33", "P20", "P12")]},  # or, malice, techno
    )
    state = play(state, PlayAction("A25", ((0, "malice"), (0, "or"), (0, "techno"))))
    assert state.scores[0] == 2
    assert cards_under(state, 0) == ()
    assert {"A25", "P33", "P20", "P12"} <= set(state.discard)


def test_g11_a_plan_is_not_played():
    state = position(2, hands={0: HAND0})
    refused(state, 0, PlayAction("P01"), "n'est pas une carte Action")


# --- 12. cost reductions ------------------------------------------------------------------------


def test_g12_guilde_des_voleurs_takes_one_malice_off():
    state = position(2, hands={0: ["A06", *HAND0[:5]]}, permanents={0: ["M04"]})
    assert PlayAction("A06", ()) in state.legal_actions(0)
    assert state.view(0)["joueurs"][0]["couts"]["A06"] == "gratuit"
    state = play(state, PlayAction("A06"))
    assert "A06" in state.discard


def test_g12_reductions_apply_to_their_part_stack_and_stop_at_zero():
    state = position(
        2,
        hands={0: ["A13", "A42", *HAND0[:4]]},  # 1 or + 2 malice ; 2 or
        permanents={0: ["M04", "M05"]},
        projects={0: [proj("A01", "P20")]},
    )
    table = state.table()
    assert table.action_cost(0, "A13") == Cost(gold=0, malice=1)
    assert table.action_cost(0, "A42") == Cost(gold=1)
    two = [CostReduction(1, "malice"), CostReduction(1, "malice")]
    assert reduced_cost(Cost(gold=1, malice=2), two) == Cost(gold=1)
    assert reduced_cost(Cost(malice=1), two) == Cost()
    refused(state, 0, PlayAction("A13", ((0, "malice"), (0, "malice"))), "Payez exactement")
    assert play(state, PlayAction("A13", ((0, "malice"),))).scores == (0, 0)


# --- 13. the server fills in the payment -------------------------------------------------------


def test_g13_a_jouer_without_payment_is_completed_by_the_server():
    state = position(
        2,
        hands={0: ["A05", *HAND0[:5]]},
        projects={0: [proj("P18", "P20"), proj("A01", "P21")]},  # both give a malice
    )
    data = GAME.complete_action(state, 0, {"type": "jouer", "carte": "A05"})
    assert data == {"type": "jouer", "carte": "A05", "paiement": [[1, "malice"]]}
    assert GAME.decode_action(data) == PlayAction("A05", ((1, "malice"),))
    # a payment given is left alone, and an unpayable card is left to be refused
    given = {"type": "jouer", "carte": "A05", "paiement": [[0, "malice"]]}
    assert GAME.complete_action(state, 0, given) == given
    bare = position(2, hands={0: ["A05", *HAND0[:5]]})
    assert GAME.complete_action(bare, 0, {"type": "jouer", "carte": "A05"}) == {
        "type": "jouer",
        "carte": "A05",
    }
    # null and [] are « no payment » too; false, 0, "" or {} are malformed, never « none »
    for blank in (None, []):
        blank_given = {"type": "jouer", "carte": "A05", "paiement": blank}
        assert GAME.complete_action(state, 0, blank_given) == data
    for wrong in (False, 0, "", {}):
        wrong_given = {"type": "jouer", "carte": "A05", "paiement": wrong}
        assert GAME.complete_action(state, 0, wrong_given) == wrong_given
        with pytest.raises(MalformedInput):
            GAME.decode_action(wrong_given)


# --- 14. completing a project -------------------------------------------------------------------


def test_g14_requirements_typed_then_any():
    state = position(
        2,
        hands={0: HAND0},
        projects={0: [proj("P03", "P33"), proj("P08", "P34", "P36", "P38")]},
    )
    refused(state, 0, Complete(0), "Il manque des ressources")
    refused(state, 0, Complete(1), "demande 3 or \\+ 1 malice")
    assert [a for a in state.legal_actions(0) if isinstance(a, Complete)] == []
    state = position(2, hands={0: HAND0}, projects={0: [proj("P03", "P33", "P12")]})
    assert Complete(0) in state.legal_actions(0)


def test_g14_prestige_then_instructions_with_the_project_still_on_the_table():
    state = position(
        2,
        hands={0: HAND0},
        # Égout collecteur (3 or: déplacer 2 ressources entre vos projets) with 4 or
        projects={0: [proj("P28", "P33", "P34", "P36", "P38"), proj("A01")]},
    )
    state = play(state, Complete(0))
    assert state.scores[0] == 2
    assert "« Égout collecteur »" in " ".join(state.journal)  # revealed on completion
    # the completed project is no longer « en cours »: it gives its resources away but takes
    # none, so both moves (one option each) go from it to the fake project, at once
    assert state.prompt is None
    (left,) = state.projects[0]
    assert left.card == "A01" and len(left.resources) == 2
    assert "P28" in state.discard
    assert len([c for c in ("P33", "P34", "P36", "P38") if c in state.discard]) == 2


def test_g14_a_permanent_stays_active_and_its_resources_go():
    state = position(2, hands={0: HAND0}, projects={0: [proj("M03", "P33", "P34", "P36")]})
    state = play(state, Complete(0))
    assert state.projects[0] == ()
    assert state.permanents[0] == ("M03",)
    assert {"P33", "P34", "P36"} <= set(state.discard) and "M03" not in state.discard
    assert state.scores[0] == 1


# --- 15. cancelling -----------------------------------------------------------------------------


def test_g15_cancel_discards_project_and_resources_without_prestige():
    state = position(2, hands={0: HAND0}, projects={0: [proj("P09", "P33", "P34", "P36")]})
    state = play(state, Cancel(0))
    assert state.projects[0] == () and state.scores == (0, 0)
    assert {"P09", "P33", "P34", "P36"} <= set(state.discard)
    refused(state, 0, Cancel(0), "pas de projet n° 1")
