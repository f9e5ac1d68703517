"""Gremlins deck exhaustion, end of the game and teams: docs/rules/gremlins.md, entries 27–31."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludotheque.core.errors import InvalidOptions
from ludotheque.games.gremlins.actions import Complete, EndTurn, PlayAction, StartProject
from ludotheque.games.gremlins.state import GremlinsState

from .helpers import GAME, choices, new, play, position, proj

HAND = ["P26", "P27", "P29", "P30", "P31", "P32"]


# --- 27. exhaustion -------------------------------------------------------------------------------


def pot_de_vin(deck, **kwargs):
    return position(
        2,
        hands={0: ["A01", *HAND[:5]]},  # Pot-de-vin: 1 or, piocher 2 cartes
        projects={0: [proj("A02", "P33")]},
        deck=deck,
        rest="discard",
        **kwargs,
    )


def test_g27_taking_the_last_card_is_an_exhaustion_and_the_discard_is_reshuffled_at_once():
    state = pot_de_vin(["P13", "P14"], permanents={1: ["M15"]})
    discard = set(state.discard) | {"P33"}
    state = play(state, PlayAction("A01", ((0, "or"),)))
    assert state.exhaustions == 1
    assert state.hands[0][-2:] == ("P13", "P14")
    assert set(state.deck) == discard and state.discard == ("A01",)
    # « quand la pioche est épuisée » (Caisse de retraite, seat 1's) fired
    assert state.scores == (0, 2)


def test_g27_a_deck_with_cards_left_is_not_exhausted():
    state = play(pot_de_vin(["P13", "P14", "P15"]), PlayAction("A01", ((0, "or"),)))
    assert state.exhaustions == 0 and state.deck == ("P15",)


# --- 28. end of the game -------------------------------------------------------------------------


def test_g28_the_prestige_target_ends_the_game_at_the_end_of_the_round():
    state = position(
        2, hands={0: HAND}, projects={0: [proj("P01", "P33")]}, scores=(19, 0), starter=0
    )
    state = play(state, Complete(0), EndTurn())
    assert state.scores[0] == 20 and state.phase == "jeu" and state.active == 1
    state = play(state, EndTurn())
    assert state.phase == "fin" and state.is_over
    assert state.outcome().ranks == (1, 2)
    assert "20 prestige" in state.outcome().reason
    # the last seat of the round reaching the target ends it at once
    last = position(
        2, hands={0: HAND}, projects={0: [proj("P01", "P33")]}, scores=(19, 0), starter=1
    )
    assert play(last, Complete(0), EndTurn()).phase == "fin"


def test_g28_the_exhaustion_count_ends_the_game_at_the_end_of_the_round():
    def table(starter):
        return position(
            2,
            active=1,
            starter=starter,
            hands={1: HAND},
            deck=["P13"],
            rest="discard",
            exhaustions=3,
        )

    ended = play(table(0), StartProject("P26"), StartProject("P27"))
    assert ended.exhaustions == 4 and ended.phase == "fin"
    assert "épuisée 4 fois" in ended.outcome().reason
    going_on = play(table(1), StartProject("P26"), StartProject("P27"))
    assert going_on.exhaustions == 4 and going_on.phase == "jeu" and going_on.active == 0


def test_g28_zero_switches_a_condition_off():
    state = position(2, active=1, hands={1: HAND}, scores=(50, 0), prestige=0, epuisements=3)
    assert play(state, EndTurn()).phase == "jeu"


def test_g28_a_whole_round_without_any_action_ends_the_game():
    """Both players end their turns without acting, round after round: with full hands nothing
    is drawn and the deck never runs out, so the game ends at the end of that round."""
    state = new(2, seed=3)
    first = state.active
    state = play(state, EndTurn())  # the first player passes: one idle turn, the round goes on
    assert state.phase == "jeu" and state.idle == 1
    state = play(state, EndTurn())  # the second passes too: a whole round idle, at its end
    assert state.phase == "fin" and "sans aucune action" in state.reason
    assert state.active != first


def test_g28_with_people_at_the_table_a_round_of_passes_goes_on():
    """People may pass a round on purpose: the end on an idle round is for tables of bots."""
    info = GAME.info
    assert info.resolve_options(2, {}, people=0)["fin_tour_passe"] is True
    assert info.resolve_options(2, {}, people=1)["fin_tour_passe"] is False
    state = GAME.new(2, 3, info.resolve_options(2, {}, people=1))
    assert isinstance(state, GremlinsState) and state.config.idle_end is False
    for _ in range(3):  # three whole rounds of passes
        state = play(state, EndTurn(), EndTurn())
    assert state.phase == "jeu" and state.idle == 6
    # a table may still choose it (the lobby's box), and records from before the option
    # (no « fin_tour_passe ») replay as they were played: with the end
    for options in ({"fin_tour_passe": True}, {}):
        state = new(2, seed=3, **options)
        assert play(state, EndTurn(), EndTurn()).phase == "fin"


def test_g28_one_action_in_the_round_keeps_the_game_going():
    state = new(2, seed=3)
    card = state.hands[state.active][0]
    state = play(state, StartProject(card), EndTurn())  # an action, then the turn ends
    state = play(state, EndTurn())  # the second player passes
    assert state.phase == "jeu" and state.idle == 1


# --- 29. teams ----------------------------------------------------------------------------------


def test_g29_team_layouts_seat_teammates_apart():
    assert new(4, mode="equipes").config.teams == (0, 1, 0, 1)
    assert new(5, mode="equipes").config.teams == (0, 1, 0, 1, 1)
    assert new(6, mode="equipes").config.teams == (0, 1, 0, 1, 0, 1)
    assert new(6, mode="equipes", format_equipes="3x2").config.teams == (0, 1, 2, 0, 1, 2)
    assert new(4).config.teams == (0, 1, 2, 3)
    with pytest.raises(InvalidOptions):
        new(3, mode="equipes")


def test_g29_team_sums_reach_the_target():
    def table(mode):
        return position(4, active=3, mode=mode, scores=(17, 0, 13, 0), hands={3: HAND})

    ended = play(table("equipes"), EndTurn())
    assert ended.phase == "fin" and "une équipe" in ended.outcome().reason
    assert play(table("classique"), EndTurn()).phase == "jeu"


# --- 30. « n'importe quel adversaire » and « tout le monde sauf vous » in teams -------------------


def test_g30_an_opponent_is_never_a_teammate():
    state = position(
        4, mode="equipes", hands={0: ["A05", *HAND[:5]]}, projects={0: [proj("A01", "P20")]}
    )
    state = play(state, PlayAction("A05", ((0, "malice"),)))
    assert state.prompt.seat == 0 and choices(state) == ("joueur:1", "joueur:3")


def test_g30_everyone_but_you_includes_teammates():
    state = position(
        4, mode="equipes", hands={0: ["A22", *HAND[:5]]}, projects={0: [proj("A01", "P20")]}
    )
    state = play(state, PlayAction("A22", ((0, "malice"),)))
    for seat in (1, 2, 3):
        assert state.prompt.seat == seat
        state = play(state, choices(state)[0])
    assert [len(hand) for hand in state.hands] == [5, 5, 5, 5]


# --- 31. ranking --------------------------------------------------------------------------------


def test_g31_teams_are_ranked_by_their_sums_and_scores_stay_individual():
    state = replace(position(4, mode="equipes", scores=(3, 10, 8, 0)), phase="fin")
    outcome = state.outcome()
    assert outcome.ranks == (1, 2, 1, 2)
    assert outcome.scores == (3, 10, 8, 0)
    six = replace(
        position(6, mode="equipes", format_equipes="3x2", scores=(1, 2, 3, 4, 2, 0)),
        phase="fin",
    )
    # teams (0, 3) = 5, (1, 4) = 4, (2, 5) = 3
    assert six.outcome().ranks == (1, 2, 3, 1, 2, 3)
    free = replace(position(3, scores=(4, 4, 1)), phase="fin")
    assert free.outcome().ranks == (1, 1, 3)


def test_g28_triggers_of_the_last_refill_count_before_the_end_check():
    # the last turn of the round empties the deck while refilling: « Caisse de retraite »
    # (2 prestige when the deck is exhausted) brings seat 0 to the target before the round ends
    state = position(
        2,
        active=1,
        starter=0,
        hands={1: HAND},
        deck=["P13"],
        rest="discard",
        permanents={0: ["M15"]},
        scores=(18, 0),
    )
    state = play(state, StartProject("P26"), StartProject("P27"))
    assert state.exhaustions == 1 and state.scores == (20, 0)
    assert state.phase == "fin" and "20 prestige" in state.outcome().reason


def test_g30_a_teammate_stealing_is_no_opponent_for_triggers():
    state = position(
        4,
        mode="equipes",
        hands={0: ["A10", *HAND[:5]]},  # voler 1 or au joueur qui a le plus d'or
        projects={0: [proj("A01", "P20")], 2: [proj("P08", "P33", "P34")]},
        # seat 2's Garde du corps ignores its teammate; seat 1's Réseau d'indics sees an opponent
        permanents={2: ["M08"], 1: ["M09"]},
        scores=(3, 0, 0, 0),
    )
    hand = len(state.hands[1])
    state = play(state, PlayAction("A10", ((0, "malice"),)))
    assert state.projects[0][0].resources == ("P34",)
    assert state.scores == (3, 0, 0, 0)
    assert len(state.hands[1]) == hand + 1
