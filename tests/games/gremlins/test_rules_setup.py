"""Gremlins set-up and hidden information: docs/rules/gremlins.md, entries 1–4 and 32."""

from __future__ import annotations

import pytest

from ludotheque.core.errors import InvalidOptions, NotYourTurn
from ludotheque.core.rng import Rng
from ludotheque.games.gremlins.actions import Complete, EndTurn, PlayAction, Redraw
from ludotheque.games.gremlins.state import GremlinsState

from .helpers import new, play, position, proj, refused


def test_g1_options_defaults():
    state = new(3)
    assert state.config.target == 20
    assert state.config.exhaustions == 4
    assert state.config.redraw is False
    assert state.phase == "jeu"
    assert state.config.teams == (0, 1, 2)
    other = new(3, prestige=10, epuisements=0)
    assert (other.config.target, other.config.exhaustions) == (10, 0)
    # « jouer jusqu'à 30 prestige par équipe si vous jouez en équipes »
    assert new(4, mode="equipes").config.target == 30
    assert new(4, mode="equipes", prestige=20).config.target == 20
    assert new(4).config.target == 20


def test_g1_the_game_must_be_able_to_end():
    with pytest.raises(InvalidOptions, match="doit pouvoir finir"):
        new(2, prestige=0, epuisements=0)
    assert new(2, prestige=0, epuisements=2).config.exhaustions == 2


def test_g2_the_first_player_is_drawn_by_lot():
    starters = set()
    for seed in range(40):
        state = new(4, seed)
        starters.add(state.config.starter)
        assert state.active == state.config.starter
        assert state.to_move() == frozenset({state.config.starter})
        assert state.used == 0
    assert starters == {0, 1, 2, 3}


@pytest.mark.parametrize("players", [2, 3, 6])
def test_g3_deal_six_each_one_at_a_time_from_the_first_player(players):
    seed = 7
    state = new(players, seed)
    draws = Rng.from_seed(seed).draws()
    starter = draws.below(players)
    order = draws.shuffled(sorted(state.catalog))
    assert starter == state.config.starter
    for rank, seat in enumerate(state.config.clockwise(starter)):
        assert state.hands[seat] == tuple(order[rank + players * k] for k in range(6))
    assert state.deck == tuple(order[6 * players :])
    assert state.discard == ()
    assert state.invariant_violations() == []


def test_g4_redraw_is_off_by_default_and_on_with_the_option():
    assert new(2, 3).phase == "jeu"
    state = new(3, 3, nouvelle_main=True)
    assert state.phase == "nouvelle-main"
    assert state.to_move() == frozenset({state.config.starter})
    # nothing but the redraw is allowed during the set-up
    refused(state, state.config.starter, EndTurn(), "Mise en place")


def test_g4_each_player_redraws_once_in_turn_from_the_first_player():
    state = new(3, 5, nouvelle_main=True)
    first = state.config.starter
    order = state.config.clockwise(first)
    hand = state.hands[first]
    top = state.deck[:2]
    state = play(state, Redraw(tuple(sorted(hand[:2]))))
    assert sorted(state.hands[first]) == sorted((*hand[2:], *top))
    assert set(hand[:2]) <= set(state.discard)
    assert state.redrawn[first]
    # once only: the first player may not redraw again, the next one is asked
    assert state.to_move() == frozenset({order[1]})
    with pytest.raises(NotYourTurn):
        state.apply(first, Redraw(()))
    kept = state.hands[order[1]]
    state = play(state, Redraw(()))
    assert state.hands[order[1]] == kept
    stranger = next(card for card in state.deck)
    refused(state, order[2], Redraw((stranger,)), "que des cartes de votre main")
    state = play(state, Redraw(()))
    assert state.phase == "jeu"
    assert state.active == first and state.used == 0


# --- 32. hidden information -------------------------------------------------------------------


def hidden_table() -> GremlinsState:
    return position(
        3,
        hands={0: ["A14", "P01", "P02", "P04", "P05", "P06"]},
        projects={0: [proj("P33", "P20", "A01"), proj("P03", revealed=True)]},
        discard=["A22"],
    )


def test_g32_hands_projects_and_resources_are_hidden_banners_are_public():
    state = hidden_table()
    mine, theirs = state.view(0), state.view(1)
    seat0 = theirs["joueurs"][0]
    assert seat0["main"] is None and seat0["cartes_en_main"] == 6
    hidden, revealed = seat0["projets"]
    assert hidden["carte"] is None and hidden["devoile"] is False
    assert hidden["ressources"] == ["malice", "or"]
    assert "cartes_ressources" not in hidden
    assert revealed["carte"] == "P03"
    assert "P33" not in theirs["cartes"] and "P20" not in theirs["cartes"]
    assert "A14" not in theirs["cartes"]
    # the owner sees all of it; the discard is public, the deck only as a count
    assert mine["joueurs"][0]["projets"][0]["carte"] == "P33"
    assert mine["joueurs"][0]["projets"][0]["cartes_ressources"] == ["P20", "A01"]
    assert theirs["defausse"] == ["A22"] and "A22" in theirs["cartes"]
    assert theirs["pioche"] == len(state.deck)
    assert {"P33", "P20", "A01", "A14"} <= state.secrets(0)


def test_g32_a_revealed_project_stays_known_once_hidden_again():
    state = hidden_table()
    state = play(state, PlayAction("A14"), "projet:1")  # Rideau de fumée on the revealed one
    project = state.projects[0][1]
    assert project.revealed is False
    assert project.seen == {0, 1, 2}
    assert state.view(2)["joueurs"][0]["projets"][1]["carte"] == "P03"
    assert state.view(2)["joueurs"][0]["projets"][0]["carte"] is None


def test_g32_the_redraw_for_bots_keeps_what_the_observer_knows():
    state = hidden_table()
    redrawn = state.resample_hidden(1, Rng.from_seed(3).draws())
    assert redrawn.invariant_violations() == []
    assert redrawn.hands[1] == state.hands[1]
    assert redrawn.discard == state.discard
    assert redrawn.projects[0][1].card == "P03"
    banners = [redrawn.catalog[c].banner for c in redrawn.projects[0][0].resources]
    assert sorted(banners) == ["malice", "or"]
    # the observer cannot tell what its hidden things are: some are redrawn
    assert (redrawn.hands[0], redrawn.deck) != (state.hands[0], state.deck)


def test_g32_a_completed_project_is_shown_to_everybody():
    state = position(
        2,
        hands={0: ["P02", "P04", "P05", "P06", "P07", "P08"]},
        projects={0: [proj("P01", "A01")]},
    )
    state = play(state, Complete(0))
    assert "P01" in state.view(1)["cartes"]
