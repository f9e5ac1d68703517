"""Gremlins card effects: docs/rules/gremlins.md, entries 16–26."""

from __future__ import annotations

from ludotheque.games.gremlins.actions import Complete, PlayAction

from .helpers import cards_under, choices, play, position, proj, refused

HAND = ["P26", "P27", "P29", "P30", "P31", "P32"]
MALICE = ("P18", "P19", "P20", "P21", "P23", "P24")  # plans with a malice banner
GOLD = ("P33", "P34", "P36", "P38", "P11", "P16")  # plans with a gold banner


def with_card(card: str) -> list[str]:
    return [card, *HAND[:5]]


# --- 16. as far as possible, nobody declines, one option is made at once ----------------------


def test_g16_discard_as_far_as_possible_and_a_single_option_is_automatic():
    state = position(
        2,
        hands={0: with_card("A05"), 1: ["P08"]},
        projects={0: [proj("A01", "P20")]},
    )
    state = play(state, PlayAction("A05", ((0, "malice"),)))
    # one opponent (no question), one card: discarded without a question, and that is all
    assert state.prompt is None
    assert state.hands[1] == () and "P08" in state.discard


def test_g16_nobody_may_decline():
    state = position(
        2, hands={0: with_card("A05")}, projects={0: [proj("A01", "P20")]}, scores=(0, 0)
    )
    state = play(state, PlayAction("A05", ((0, "malice"),)))
    assert state.prompt is not None and state.prompt.seat == 1
    assert all(key.startswith("carte:") for key in choices(state))
    refused(state, 1, Complete(0), "Choisissez d'abord")
    refused(state, 1, PlayAction("A05"), "Choisissez d'abord")


# --- 17. who chooses -----------------------------------------------------------------------------


def test_g17_the_cards_player_names_the_target_the_victim_picks_its_cards():
    state = position(3, hands={0: with_card("A05")}, projects={0: [proj("A01", "P20")]})
    state = play(state, PlayAction("A05", ((0, "malice"),)))
    assert state.prompt.seat == 0 and choices(state) == ("joueur:1", "joueur:2")
    state = play(state, "joueur:2")
    assert state.prompt.seat == 2
    victim_hand = state.hands[2]
    state = play(state, f"carte:{victim_hand[0]}", f"carte:{victim_hand[1]}")
    assert len(state.hands[2]) == 4 and state.active == 0


def test_g17_each_payer_chooses_its_own_resources():
    state = position(
        3,
        hands={0: with_card("A21")},  # Impôt révolutionnaire: tout le monde sauf vous : payer 1
        projects={
            0: [proj("A01", "P20", "P21")],
            1: [proj("P08", "P33", "P18")],
            2: [proj("P09", "P34")],
        },
    )
    state = play(state, PlayAction("A21", ((0, "malice"), (0, "malice"))))
    assert state.prompt.seat == 1
    assert choices(state) == ("ressource:0:or", "ressource:0:malice")
    state = play(state, "ressource:0:malice")
    # seat 2 had one resource only: paid without a question
    assert cards_under(state, 1) == ("P33",) and cards_under(state, 2) == ()
    assert state.prompt is None


def test_g17_a_tie_for_the_most_is_settled_by_the_cards_player():
    state = position(
        3,
        hands={0: with_card("A09")},  # le joueur qui a le plus de prestige : perdre 2
        projects={0: [proj("A01", "P20")]},
        scores=(1, 5, 5),
    )
    state = play(state, PlayAction("A09", ((0, "malice"),)))
    assert state.prompt.seat == 0 and choices(state) == ("joueur:1", "joueur:2")
    state = play(state, "joueur:2")
    assert state.scores == (1, 5, 3)


# --- 18. « le joueur qui a le plus de… » may be you; stealing from yourself does nothing --------


def test_g18_the_player_with_the_most_may_be_the_cards_player():
    state = position(
        2, hands={0: with_card("A09")}, projects={0: [proj("A01", "P20")]}, scores=(6, 2)
    )
    state = play(state, PlayAction("A09", ((0, "malice"),)))
    assert state.scores == (4, 2)


def test_g18_stealing_from_yourself_does_nothing():
    state = position(
        2,
        hands={0: with_card("A10")},  # voler 1 or au joueur qui a le plus d'or
        projects={0: [proj("A01", "P20", "P33", "P34")], 1: [proj("P08", "P36")]},
    )
    state = play(state, PlayAction("A10", ((0, "malice"),)))
    assert cards_under(state, 0) == ("P33", "P34") and cards_under(state, 1) == ("P36",)
    assert any("ne peut pas se voler lui-même" in line for line in state.journal)


# --- 19. stolen resources -----------------------------------------------------------------------


def test_g19_the_thief_puts_a_stolen_resource_under_a_project_of_its_choice():
    state = position(
        2,
        hands={0: with_card("A06")},
        projects={0: [proj("A01", "P20"), proj("P08")], 1: [proj("P09", "P33")]},
    )
    state = play(state, PlayAction("A06", ((0, "malice"),)))
    assert state.prompt.seat == 0
    assert choices(state) == ("voler:0:or:0", "voler:0:or:1")
    state = play(state, "voler:0:or:1")
    assert cards_under(state, 0, 1) == ("P33",) and cards_under(state, 1) == ()


def test_g19_without_a_project_the_stolen_resource_is_discarded():
    state = position(
        2,
        hands={0: with_card("A06")},
        permanents={0: ["M04"]},  # Pickpocket is free: the thief needs no project
        projects={1: [proj("P09", "P33")]},
    )
    state = play(state, PlayAction("A06"))
    assert cards_under(state, 1) == () and "P33" in state.discard
    assert state.projects[0] == ()


# --- 20. stolen projects ------------------------------------------------------------------------


def opa(thief_projects, victim_projects, players=2, victim_permanents=()):
    return position(
        players,
        hands={0: with_card("A19")},  # OPA hostile: 1 or + 3 malice, a revealed project
        projects={
            0: [proj("A01", "P33", "P20", "P21", "P23"), *thief_projects],
            1: victim_projects,
        },
        permanents={1: list(victim_permanents)},
    )


PAY_OPA = ((0, "malice"), (0, "malice"), (0, "malice"), (0, "or"))


def test_g20_a_stolen_project_keeps_its_face_and_resources():
    state = opa([], [proj("P05", "P34", "P36", revealed=True), proj("P06")])
    state = play(state, PlayAction("A19", PAY_OPA))
    stolen = state.projects[0][1]
    assert (stolen.card, stolen.revealed, stolen.resources) == ("P05", True, ("P34", "P36"))
    assert [p.card for p in state.projects[1]] == ["P06"]


def test_g20_a_hidden_or_fake_project_is_known_to_thief_and_victim_only():
    state = position(
        3,
        hands={0: HAND},
        # Cheval de Troie mécanique: voler n'importe lequel des projets de n'importe quel adversaire
        projects={0: [proj("P23", "P18", "P19", "P21", "P12")], 1: [proj("A05", "P33")]},
    )
    state = play(state, Complete(0), "joueur:1")
    (stolen,) = state.projects[0]
    assert (stolen.card, stolen.revealed, stolen.resources) == ("A05", False, ("P33",))
    assert stolen.seen == {0, 1}
    assert state.view(2)["joueurs"][0]["projets"][0]["carte"] is None
    assert state.view(1)["joueurs"][0]["projets"][0]["carte"] == "A05"


def test_g20_the_thief_needs_room_under_its_limit():
    full = [proj("P08"), proj("P09")]
    state = opa(full, [proj("P05", "P34", revealed=True)])
    state = play(state, PlayAction("A19", PAY_OPA))
    assert len(state.projects[0]) == 3 and len(state.projects[1]) == 1
    assert state.active == 0 and state.prompt is None


# --- 21. immunities ----------------------------------------------------------------------------


def test_g21_immunities_stop_thefts():
    state = opa([], [proj("P05", "P34", revealed=True)], victim_permanents=["M11"])
    state = play(state, PlayAction("A19", PAY_OPA))
    assert len(state.projects[1]) == 1 and len(state.projects[0]) == 1
    state = position(
        2,
        hands={0: with_card("A06")},
        projects={0: [proj("A01", "P20")], 1: [proj("P09", "P33")]},
        permanents={1: ["M07"]},
    )
    state = play(state, PlayAction("A06", ((0, "malice"),)))
    assert cards_under(state, 1) == ("P33",)
    state = position(
        2,
        hands={0: with_card("A08")},
        projects={0: [proj("A01", "P20", "P21")]},
        permanents={1: ["M10"]},
        scores=(0, 5),
    )
    assert play(state, PlayAction("A08", ((0, "malice"), (0, "malice")))).scores == (0, 5)


def test_g21_immunities_do_not_stop_discarding_or_paying():
    state = position(
        2,
        hands={0: with_card("A28")},  # Coup de clé à molette: défausser 1 ressource
        projects={0: [proj("A01", "P20")], 1: [proj("P09", "P33")]},
        permanents={1: ["M07"]},
    )
    state = play(state, PlayAction("A28", ((0, "malice"),)))
    assert cards_under(state, 1) == () and "P33" in state.discard


# --- 22. triggers -------------------------------------------------------------------------------


def test_g22_garde_du_corps_steals_back_and_does_not_loop():
    state = position(
        2,
        hands={1: with_card("A08")},
        active=1,
        projects={1: [proj("A01", "P20", "P21")]},
        permanents={0: ["M08"], 1: ["M09"]},  # M09 would draw if the steal-back set it off
        scores=(5, 5),
    )
    hand = len(state.hands[1])
    state = play(state, PlayAction("A08", ((0, "malice"), (0, "malice"))))
    assert state.scores == (4, 6)
    # seat 1's own Réseau d'indics listens to opponents' thefts only: the steal-back by seat 0
    # is a trigger's instruction, which sets off nothing
    assert len(state.hands[1]) == hand - 1


def test_g22_a_trigger_resolves_after_the_step_that_set_it_off():
    state = position(
        2,
        hands={0: with_card("A01")},  # Pot-de-vin: piocher 2 cartes
        projects={0: [proj("P08", "P33")]},
        permanents={0: ["M12"]},  # quand vous jouez une action, assigner 1 carte de la pioche
        deck=["P13", "P14", "P15"],
    )
    state = play(state, PlayAction("A01", ((0, "or"),)))
    assert state.hands[0][-2:] == ("P13", "P14")
    assert cards_under(state, 0) == ("P15",)
    assert "A01" in state.discard


def test_g22_cet_adversaire_is_the_one_who_caused_the_event():
    state = position(
        3,
        active=2,
        hands={2: HAND},
        projects={2: [proj("P03", "P33", "P34")]},
        permanents={0: ["M14"]},  # quand un adversaire termine un projet, cet adversaire : …
        deck=["P13"],
    )
    state = play(state, Complete(0))
    assert state.prompt.seat == 2 and choices(state)[0].startswith("carte:")
    before = len(state.hands[2])
    state = play(state, "carte:P26")
    assert len(state.hands[2]) == before - 1 and "P26" in state.discard


def test_g22_a_permanent_does_not_count_its_own_completion():
    # M13 Tableau d'honneur (permanent 2): « quand vous terminez un projet, obtenir 1 prestige »
    # becomes active once its own project is done, so completing it gives 2, not 3
    state = position(
        2,
        hands={0: HAND},
        projects={0: [proj("M13", "P33", "P34", "P36", "P38"), proj("P02", "P11", "P16")]},
    )
    state = play(state, Complete(0))
    assert state.permanents[0] == ("M13",)
    assert state.scores == (2, 0)
    # the next completion is the first one it counts: P02 Boîte à musique 2 + 1
    state = play(state, Complete(0))
    assert state.scores == (5, 0)


# --- 23. « le moins de … »: a tie counts -------------------------------------------------------


def calomnie(scores):
    return position(
        3,
        hands={0: with_card("A33")},  # si vous avez le moins de prestige, voler 2 prestige au…
        projects={0: [proj("A01", "P20", "P33")]},
        scores=scores,
    )


PAY_CALOMNIE = ((0, "malice"), (0, "or"))


def test_g23_a_tie_for_the_least_counts_as_the_least():
    assert play(calomnie((2, 2, 5)), PlayAction("A33", PAY_CALOMNIE)).scores == (4, 2, 3)
    assert play(calomnie((3, 2, 5)), PlayAction("A33", PAY_CALOMNIE)).scores == (3, 2, 5)


# --- 24. never below 0 --------------------------------------------------------------------------


def test_g24_a_score_never_goes_below_zero():
    state = position(
        2, hands={0: with_card("A09")}, projects={0: [proj("A01", "P20")]}, scores=(0, 1)
    )
    assert play(state, PlayAction("A09", ((0, "malice"),))).scores == (0, 0)
    state = position(
        2, hands={0: with_card("A08")}, projects={0: [proj("A01", "P20", "P21")]}, scores=(0, 1)
    )
    assert play(state, PlayAction("A08", ((0, "malice"), (0, "malice")))).scores == (1, 0)


# --- 25. hiding a hidden project, revealing a revealed one ---------------------------------------


def test_g25_hiding_or_revealing_again_changes_nothing():
    state = position(2, hands={0: with_card("A14")}, projects={0: [proj("P08")]})
    after = play(state, PlayAction("A14"))
    assert after.projects[0] == state.projects[0]
    state = position(
        2,
        hands={0: with_card("A12")},  # Inspection surprise: dévoiler …; piocher 1 carte
        projects={0: [proj("A01", "P33")], 1: [proj("P09", revealed=True)]},
    )
    after = play(state, PlayAction("A12", ((0, "or"),)))
    assert after.projects[1] == state.projects[1]


# --- 26. « assigner … de la pioche » ------------------------------------------------------------


def test_g26_the_player_names_the_project_then_the_top_card_goes_under_it():
    state = position(
        2,
        hands={0: with_card("A04")},
        projects={0: [proj("P08"), proj("P09")]},
        deck=["P13"],
    )
    state = play(state, PlayAction("A04"))
    assert state.prompt.seat == 0 and choices(state) == ("projet:0", "projet:1")
    state = play(state, "projet:1")
    assert cards_under(state, 0, 1) == ("P13",) and cards_under(state, 0, 0) == ()


def test_g26_without_a_project_nothing_happens():
    state = position(2, hands={0: with_card("A04")}, deck=["P13"])
    after = play(state, PlayAction("A04"))
    assert after.deck[0] == "P13" and after.projects[0] == ()


def test_g20_a_completed_project_no_longer_takes_room_during_its_instructions():
    """P23 completed with two other projects: once completed it is no longer « en cours », so
    its thief has room for the stolen project (3 projects after the plan is discarded)."""
    state = position(
        2,
        hands={0: HAND},
        projects={
            0: [proj("P23", "P18", "P19", "P21", "P12"), proj("P08"), proj("P09")],
            1: [proj("A05", "P33")],
        },
    )
    state = play(state, Complete(0))
    assert [p.card for p in state.projects[0]] == ["P08", "P09", "A05"]
    assert state.projects[1] == ()


def test_g14_a_completed_project_takes_no_new_resource_during_its_instructions():
    """P29 Ascenseur hydraulique « assigner 1 carte de la main »: only to a project en cours."""
    state = position(
        2,
        hands={0: ["P26", "P27", "P30", "P31", "P32", "P01"]},
        projects={0: [proj("P29", "P33", "P34", "P12"), proj("A05")]},
    )
    hand = state.hands[0]
    state = play(state, Complete(0))
    assert state.prompt is not None
    assert {key.rsplit(":", 1)[1] for key in choices(state)} == {"1"}
    state = play(state, f"assigner:{hand[0]}:1")
    assert state.projects[0][0].card == "A05" and state.projects[0][0].resources == (hand[0],)
